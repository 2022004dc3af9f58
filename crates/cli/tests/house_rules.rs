//! `grimoire house-rules` (issue 15): a casual table relaxes R14 and R10;
//! casts that break them go ahead with a warning in both languages, the
//! change is in the log and undoes like any other; rules no table may
//! relax are a usage error naming the choices.

mod common;

use common::Session;

#[test]
fn r14_and_r10_relaxed_warn_instead_of_refusing_and_undo_restores_the_rules() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile", "Misty Step"]);
    s.ok(&["equip", "Elmira", "--free-hands", "0"]);
    let shown = s.ok(&["house-rules"]);
    assert_eq!(shown["house_rules"], serde_json::json!([]));

    // As written: both hands full, no gestures (R14b).
    let e = s.fails(1, &["cast", "Elmira", "Magic Missile", "-t", "Goblin"]);
    assert_eq!(e["rule"], "R14b");

    let set = s.ok(&["house-rules", "relax", "R14"]);
    assert_eq!(set["changed"], true);
    assert_eq!(set["house_rules"][0]["rule"], "R14");
    let cast = s.ok(&["cast", "Elmira", "Magic Missile", "-t", "Goblin"]);
    assert_eq!(cast["cast"]["waived"][0]["rule"], "R14b", "{cast}");
    assert_eq!(cast["cast"]["waived"][0]["house_rule"], "R14");
    // Its message in every language, the English and Czech fields kept.
    let waived = &cast["cast"]["waived"][0];
    assert_eq!(waived["messages"]["en"], waived["message"], "{waived}");
    assert_eq!(waived["messages"]["cs"], waived["message_cs"], "{waived}");
    assert_ne!(waived["message"], waived["message_cs"], "{waived}");
    assert_eq!(cast["cast"]["slot"], 1, "R3: the slot is still spent");

    // R10 still refuses a second slot this turn (Misty Step, a Bonus
    // Action), until it too is relaxed.
    let e = s.fails(1, &["cast", "Elmira", "Misty Step"]);
    assert_eq!(e["rule"], "R10");
    s.ok(&["house-rules", "relax", "r10"]);
    let text = s.human(&["--lang", "cs", "cast", "Elmira", "Misty Step"]);
    assert!(
        text.contains("! Domácí pravidlo (R10 uvolněno): R10:"),
        "{text}"
    );

    // Options say which rules the table relaxed and what each way waives.
    s.ok(&["turn", "end", "Elmira"]);
    let text = s.human(&["options", "Elmira"]);
    assert!(
        text.contains("R14 relaxed: casting without the components"),
        "{text}"
    );
    assert!(text.contains("house rule lets pass R14b"), "{text}");

    // Logged, and undone like any change: R10 refuses again.
    let log = s.human(&["log", "--house-rules"]);
    assert!(
        log.contains("house-rules relax R10") && log.contains("R10 relaxed"),
        "{log}"
    );
    s.ok(&["undo", "--house-rules"]);
    let shown = s.ok(&["house-rules"]);
    assert_eq!(shown["house_rules"].as_array().unwrap().len(), 1, "{shown}");
    s.ok(&["cast", "Elmira", "Magic Missile", "-t", "Goblin"]);
    let e = s.fails(1, &["cast", "Elmira", "Misty Step"]);
    assert_eq!(e["rule"], "R10");
    let enforce = s.ok(&["house-rules", "enforce", "R14"]);
    assert_eq!(enforce["house_rules"], serde_json::json!([]));

    // Not every rule can be relaxed: a usage error naming the choices.
    let e = s.fails(2, &["house-rules", "relax", "R3"]);
    assert_eq!(e["code"], "unknown_house_rule");
    assert!(e["message"].as_str().unwrap().contains("R10, R11 or R14"));
}
