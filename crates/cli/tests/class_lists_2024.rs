//! The 2024 class spell lists through the binary (issue 31): our lists are
//! checked spell by spell against the 2024 lists of foundryvtt/dnd5e
//! (tools/catalog/classlists.py, docs/CATALOG.md), which moved nine SRD
//! spells; R8 lets a class prepare only spells on its list.

mod common;

use common::Session;
use serde_json::{Value, json};

/// `(code, rule)` of a refusal.
fn refusal(e: &Value) -> (Option<&str>, Option<&str>) {
    (e["code"].as_str(), e["rule"].as_str())
}

#[test]
fn r8_a_warlock_prepares_teleportation_circle_from_the_2024_list() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Vex",
        "--class",
        "warlock:9",
        "--abilities",
        "cha=16",
    ]);
    let v = s.ok(&["prepare", "Vex", "Teleportation Circle", "Mislead"]);
    assert_eq!(
        v["prepared"],
        json!(["mislead", "teleportation-circle"]),
        "{v}"
    );
}

#[test]
fn r8_shatter_and_magic_weapon_are_off_the_2024_warlock_list() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Vex",
        "--class",
        "warlock:5",
        "--abilities",
        "cha=16",
    ]);
    for spell in ["Shatter", "Magic Weapon"] {
        let e = s.fails(1, &["prepare", "Vex", spell]);
        assert_eq!(refusal(&e), (Some("not_on_class_list"), Some("R8")), "{e}");
    }
    // A Pact feature could still keep one prepared.
    s.ok(&["prepare", "Vex", "Shatter", "--always"]);
    s.ok(&["cast", "Vex", "Shatter", "--target", "Orc"]);
}

#[test]
fn r8_a_druid_prepares_symbol_from_the_2024_list_and_a_bard_not_freedom_of_movement() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Oak",
        "--class",
        "druid:13",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Oak", "Symbol"]);
    s.ok(&[
        "character",
        "new",
        "Lute",
        "--class",
        "bard:7",
        "--abilities",
        "cha=16",
    ]);
    let e = s.fails(1, &["prepare", "Lute", "Freedom of Movement"]);
    assert_eq!(refusal(&e), (Some("not_on_class_list"), Some("R8")), "{e}");
}
