//! A creature's conditions through the binary (issue 32: "creatures' hit
//! points, conditions and rests"): `encounter condition` gives a stat-block
//! creature a condition of the Rules Glossary or takes it away; an
//! Incapacitating one ends its Concentration; the tracker shows them.

mod common;

use common::Session;

/// A running encounter `Cave`: Elmira (a Wizard) first, then a Mage.
fn cave(s: &Session) {
    s.ok(&["character", "new", "Elmira", "--class", "wizard:5"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Mage",
        "--monster",
        "mage",
        "--init",
        "5",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
}

fn conditions_of(s: &Session, name: &str) -> serde_json::Value {
    let status = s.ok(&["encounter", "status", "Cave"]);
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .map(|c| c["conditions"].clone())
        .unwrap_or_else(|| panic!("no {name}: {status}"))
}

#[test]
fn a_stunned_creature_is_incapacitated_and_loses_its_concentration() {
    let s = Session::new();
    cave(&s);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Mage",
        "Fly",
        "--target",
        "Mage",
    ]);
    let status = s.ok(&["encounter", "status", "Cave"]);
    let mage = |st: &serde_json::Value| {
        st["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Mage")
            .cloned()
            .unwrap()
    };
    assert!(
        mage(&status)["concentration"].is_object() || mage(&status)["concentration"].is_string(),
        "{status}"
    );
    let v = s.ok(&["encounter", "condition", "Cave", "Mage", "add", "stunned"]);
    assert_eq!(v["conditions"], serde_json::json!(["stunned"]), "{v}");
    let status = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(mage(&status)["conditions"], serde_json::json!(["stunned"]));
    assert!(mage(&status)["concentration"].is_null(), "{status}");
    // A stunned Mage cannot cast.
    s.fails(1, &["encounter", "cast", "Cave", "Mage", "Misty Step"]);
}

#[test]
fn a_condition_comes_off_and_czech_names_work() {
    let s = Session::new();
    cave(&s);
    s.ok(&[
        "encounter",
        "condition",
        "Cave",
        "Mage",
        "add",
        "vystrašený",
    ]);
    assert_eq!(conditions_of(&s, "Mage"), serde_json::json!(["frightened"]));
    s.ok(&[
        "encounter",
        "condition",
        "Cave",
        "Mage",
        "remove",
        "frightened",
    ]);
    assert_eq!(conditions_of(&s, "Mage"), serde_json::json!([]));
}

#[test]
fn a_character_keeps_its_conditions_on_its_sheet_not_as_a_creature() {
    let s = Session::new();
    cave(&s);
    let err = s.fails(
        1,
        &["encounter", "condition", "Cave", "Elmira", "add", "stunned"],
    );
    assert_eq!(err["code"], "invalid_request", "{err}");
    assert_eq!(conditions_of(&s, "Elmira"), serde_json::json!([]));
}
