//! Encounters through the binary: turn order and economy, concentration
//! saves on damage, effects per creature, durations, atomic undo.

mod common;

use common::Session;
use serde_json::Value;

fn setup() -> Session {
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
    s.ok(&["prepare", "Brother", "Bless", "Cure Wounds"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "brother", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "12",
        "--hp",
        "7",
    ]);
    s
}

fn combatant<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap()
}

#[test]
fn turns_follow_initiative_and_reset_the_economy() {
    let s = setup();
    let st = s.ok(&["encounter", "start", "Cave"]);
    assert_eq!(
        (st["round"].as_u64(), st["current"].as_str()),
        (Some(1), Some("Brother"))
    );
    s.ok(&[
        "cast", "Brother", "Bless", "--target", "Brother", "--target", "Goblin",
    ]);
    // On the Goblin's turn only a Reaction may be cast.
    let st = s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(st["current"], "Goblin");
    let err = s.fails(
        1,
        &["cast", "Brother", "Cure Wounds", "--target", "Brother"],
    );
    assert_eq!(err["code"], "not_your_turn");
    let st = s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(
        (st["round"].as_u64(), st["current"].as_str()),
        (Some(2), Some("Brother"))
    );
    let me = combatant(&st, "Brother");
    assert_eq!(
        me["turn"]["slot_spent"], false,
        "R10 resets on the caster's new turn"
    );
    assert_eq!(me["concentration"], "bless");
    let goblin = combatant(&st, "Goblin");
    assert_eq!(
        goblin["effects"][0]["spell"], "bless",
        "effects shown per creature"
    );
}

#[test]
fn damage_calls_for_a_concentration_save() {
    let s = setup();
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Brother", "Bless", "--target", "Goblin"]);
    // DC is half the damage when that beats 10 (40 → 20).
    let v = s.ok(&["encounter", "damage", "Cave", "Brother", "40"]);
    let save = &v["concentration_save"];
    assert_eq!(save["dc"], 20);
    let total = save["roll"]["total"].as_i64().unwrap();
    assert_eq!(save["kept"], total >= 20);
    let st = s.ok(&["encounter", "status", "Cave"]);
    let kept = save["kept"].as_bool().unwrap();
    assert_eq!(combatant(&st, "Brother")["concentration"].is_null(), !kept);
    assert_eq!(
        combatant(&st, "Goblin")["effects"]
            .as_array()
            .unwrap()
            .is_empty(),
        !kept
    );

    let v = s.ok(&["encounter", "damage", "Cave", "Goblin", "3"]);
    assert_eq!(v["hp"], 4);
    assert_eq!(
        v["concentration_save"],
        Value::Null,
        "a monster has no stored concentration"
    );
}

#[test]
fn durations_expire_as_time_passes() {
    let s = setup();
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Brother", "Bless", "--target", "Goblin"]);
    let st = s.ok(&["encounter", "advance", "Cave", "9r"]);
    assert_eq!(combatant(&st, "Brother")["concentration"], "bless");
    assert_eq!(combatant(&st, "Goblin")["effects"][0]["rounds_left"], 1);
    // Bless lasts up to one minute: ten rounds.
    let st = s.ok(&["encounter", "advance", "Cave", "1r"]);
    assert_eq!(combatant(&st, "Brother")["concentration"], Value::Null);
    assert!(
        combatant(&st, "Goblin")["effects"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_cast_in_an_encounter_commits_and_undoes_both_entities() {
    let s = setup();
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Brother", "Bless", "--target", "Goblin"]);
    let log = s.ok(&["log", "Cave", "--encounter"]);
    let last = log["log"].as_array().unwrap().last().unwrap().clone();
    assert!(
        last["command"]
            .as_str()
            .unwrap()
            .contains("cast Brother Bless")
    );
    assert_eq!(
        last["entities"],
        serde_json::json!(["character:Brother", "encounter:Cave"])
    );

    s.ok(&["undo", "Brother"]);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert!(
        combatant(&st, "Goblin")["effects"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(combatant(&st, "Brother")["concentration"], Value::Null);
    let slots = s.ok(&["slots", "Brother"]);
    assert_eq!(slots["slots"][0]["remaining"], 4);
}

#[test]
fn undo_is_refused_when_the_encounter_moved_on() {
    let s = setup();
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Brother", "Bless", "--target", "Goblin"]);
    s.ok(&["encounter", "damage", "Cave", "Goblin", "1"]);
    let err = s.fails(1, &["undo", "Brother"]);
    assert_eq!(err["code"], "undo_blocked");
    s.ok(&["undo", "Cave", "--encounter"]);
    s.ok(&["undo", "Brother"]);
}

#[test]
fn human_status_marks_the_current_turn() {
    let s = setup();
    s.ok(&["encounter", "start", "Cave"]);
    let text = s.human(&["encounter", "status", "Cave"]);
    assert!(text.contains("round 1"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("▶") && l.contains("Brother")),
        "{text}"
    );
}
