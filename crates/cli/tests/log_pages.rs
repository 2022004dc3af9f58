//! `grimoire log --limit/--before` (issue 16): the history comes a page at
//! a time, newest page first, each oldest first; walking the pages back
//! gives every entry once, in order.

mod common;

use common::Session;

#[test]
fn log_pages_walk_back_through_the_whole_history() {
    let s = Session::new();
    s.wizard("Elmira");
    for _ in 0..6 {
        s.ok(&["turn", "end", "Elmira"]);
    }
    let all = s.ok(&["log", "Elmira"]);
    let seqs = |v: &serde_json::Value| -> Vec<u64> {
        v["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["seq"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(seqs(&all), (1..=7).collect::<Vec<_>>());
    assert_eq!(all["next_before"], serde_json::Value::Null);

    let mut walked = Vec::new();
    let mut page = s.ok(&["log", "Elmira", "--limit", "3"]);
    loop {
        let mut these = seqs(&page);
        these.extend(walked);
        walked = these;
        let Some(before) = page["next_before"].as_u64() else {
            break;
        };
        page = s.ok(&[
            "log",
            "Elmira",
            "--limit",
            "3",
            "--before",
            &before.to_string(),
        ]);
    }
    assert_eq!(walked, (1..=7).collect::<Vec<_>>());

    let text = s.human(&["log", "Elmira", "--limit", "2"]);
    assert!(
        text.contains("older entries: grimoire log Elmira --before 6"),
        "{text}"
    );
    let e = s.fails(2, &["log", "Elmira", "--limit", "0"]);
    assert!(e["message"].as_str().unwrap().contains("limit"), "{e}");
}
