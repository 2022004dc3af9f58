//! Ongoing magic on one character through the binary: drop, dismiss,
//! damage with a Concentration save, long castings, identify.

mod common;

use common::Session;
use serde_json::Value;

fn cleric() -> Session {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Brother",
        "--class",
        "cleric:3",
        "--abilities",
        "wis=16,con=14",
    ]);
    s.ok(&["equip", "Brother", "--material", "Holy Symbol worth 5 GP"]);
    s.ok(&["prepare", "Brother", "Bless", "Detect Magic"]);
    s
}

#[test]
fn drop_ends_concentration_and_only_once() {
    let s = cleric();
    s.ok(&["cast", "Brother", "Bless", "--target", "Ann"]);
    let v = s.ok(&["drop", "Brother"]);
    assert_eq!(v["spell"], "bless");
    let err = s.fails(1, &["drop", "Brother"]);
    assert_eq!(err["code"], "no_concentration");
}

#[test]
fn dismiss_ends_an_ongoing_spell_by_id() {
    let s = cleric();
    let v = s.ok(&["cast", "Brother", "Bless", "--target", "Ann"]);
    let id = v["cast"]["effect"].as_u64().unwrap().to_string();
    s.ok(&["dismiss", "Brother", &id]);
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(shown["character"]["ongoing"], serde_json::json!([]));
    assert_eq!(
        s.fails(1, &["dismiss", "Brother", &id])["code"],
        "unknown_effect"
    );
}

#[test]
fn damage_save_dc_is_at_least_ten() {
    let s = cleric();
    s.ok(&["cast", "Brother", "Bless", "--target", "Ann"]);
    let v = s.ok(&["damage", "Brother", "6"]);
    assert_eq!(v["dc"], 10);
    let total = v["roll"]["total"].as_i64().unwrap();
    assert_eq!(v["concentration_kept"], total >= 10);
    let dice = v["roll"]["dice"].as_array().unwrap();
    assert_eq!(total, dice[0].as_i64().unwrap() + 2, "CON 14 gives +2");
}

#[test]
fn damage_without_concentration_needs_no_save() {
    let s = cleric();
    let v = s.ok(&["damage", "Brother", "6"]);
    assert_eq!(v["dc"], Value::Null);
}

#[test]
fn r12_long_casting_can_be_abandoned_without_spending() {
    let s = cleric();
    let v = s.ok(&["cast", "Brother", "Detect Magic", "--ritual"]);
    assert_eq!(v["cast"]["status"], "started");
    s.ok(&["turn", "end", "Brother"]);
    let c = s.ok(&["casting", "Brother", "continue"]);
    assert!(c["long_cast"].is_object());
    s.ok(&["casting", "Brother", "abandon"]);
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(shown["character"]["long_cast"], Value::Null);
    assert_eq!(shown["character"]["concentration"], Value::Null);
    assert_eq!(shown["character"]["slots"]["slots"][0]["remaining"], 4);
}

#[test]
fn r22_identify_rolls_against_fifteen() {
    let s = cleric();
    // Nothing is in effect yet: nothing to study (issue 12).
    let err = s.fails(1, &["identify", "Brother", "Bless"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("not_in_effect"), Some("R22"))
    );
    s.ok(&["cast", "Brother", "Bless", "--target", "Ann"]);
    s.ok(&["turn", "end", "Brother"]);
    let v = s.ok(&["identify", "Brother", "Bless", "--arcana", "3"]);
    assert_eq!(v["dc"], 15);
    let total = v["roll"]["total"].as_i64().unwrap();
    assert_eq!(v["success"], total >= 15);
    let err = s.fails(1, &["identify", "Brother", "Magic Missile"]);
    assert_eq!(err["rule"], "R22");
}
