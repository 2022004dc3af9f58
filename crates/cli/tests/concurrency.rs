//! Several terminals casting for one character at once: the store's
//! optimistic versions let exactly one cast through; the others are refused
//! and nothing is spent twice.

mod common;

use std::process::Command;

use common::{Session, slots};

#[test]
fn simultaneous_casts_spend_exactly_one_slot() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    let bin = assert_cmd::cargo::cargo_bin("grimoire");
    let children: Vec<_> = (0..4)
        .map(|_| {
            Command::new(&bin)
                .env("GRIMOIRE_DB", s.db())
                .args([
                    "--json",
                    "cast",
                    "Elmira",
                    "Magic Missile",
                    "--target",
                    "Goblin",
                ])
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut ok = 0;
    for child in children {
        let out = child.wait_with_output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        match out.status.code() {
            Some(0) => ok += 1,
            Some(1) => {
                let code = v["error"]["code"].as_str().unwrap();
                assert!(matches!(code, "conflict" | "one_slot_per_turn"), "{v}");
            }
            other => panic!("unexpected exit {other:?}: {v}"),
        }
    }
    assert_eq!(ok, 1, "exactly one cast goes through");
    assert_eq!(slots(&s.ok(&["slots", "Elmira"])), [(1, 3, 4), (2, 2, 2)]);
    let log = s.ok(&["log", "Elmira"]);
    assert_eq!(
        log["log"].as_array().unwrap().len(),
        3,
        "create, prepare, one cast"
    );
}
