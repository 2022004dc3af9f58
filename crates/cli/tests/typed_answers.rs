//! Issue 32: a character step's answer is one typed report of
//! `grimoire_app::play` (rest, damage, hit points, a condition, the end of
//! a turn), the same fields through the CLI's `--json` and MCP's tools;
//! the API sends the same reports (`crates/server/tests/cli_shapes.rs`
//! holds the same field lists).

mod common;
mod mcp_client;

use std::collections::BTreeSet;

use common::Session;
use grimoire_app::play::{ConditionReport, DamageReport, HitPointsReport, RestReport, TurnReport};
use serde_json::{Value, json};

/// The top-level fields of an answer.
fn fields(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|&n| n.to_owned()).collect()
}

const REST: &[&str] = &[
    "rest",
    "events",
    "notes",
    "change",
    "hit_dice_rolls",
    "hit_dice_healed",
    "hit_dice_left",
    "vitals",
    "character",
];
const DAMAGE: &[&str] = &[
    "damage",
    "hp_after",
    "vitals",
    "dc",
    "roll",
    "concentration_kept",
    "events",
    "notes",
    "change",
    "character",
];
const HIT_POINTS: &[&str] = &[
    "vitals",
    "hit_dice",
    "hit_dice_left",
    "max_hp_rolled",
    "events",
    "notes",
    "change",
    "character",
];
const CONDITION: &[&str] = &[
    "conditions",
    "silenced",
    "exhaustion",
    "speed_penalty_ft",
    "events",
    "notes",
    "change",
    "character",
];
const TURN: &[&str] = &["turn", "events", "notes", "change", "character"];

/// Checks `v` is the report `T` with exactly `names` at its top level.
fn check<T: serde::de::DeserializeOwned>(v: &Value, names: &[&str]) -> T {
    assert_eq!(fields(v), set(names), "{v}");
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"))
}

#[test]
fn the_cli_answers_each_step_with_the_apps_report() {
    let s = Session::new();
    s.wizard("Elmira");
    let hp: HitPointsReport = check(&s.ok(&["hp", "Elmira", "--max", "20"]), HIT_POINTS);
    assert_eq!(hp.vitals.map(|v| v.max_hp), Some(20));
    assert_eq!(hp.character.name, "Elmira");
    assert!(hp.change.is_some());
    // Asked for nothing, it changes nothing and answers the same fields.
    let shown: HitPointsReport = check(&s.ok(&["hp", "Elmira"]), HIT_POINTS);
    assert_eq!((shown.change, shown.events.len()), (None, 0));
    let hit: DamageReport = check(&s.ok(&["damage", "Elmira", "7"]), DAMAGE);
    assert_eq!((hit.damage, hit.hp_after), (7, Some(13)));
    assert_eq!(hit.character.sheet.vitals.map(|v| v.hp), Some(13));
    let prone: ConditionReport = check(&s.ok(&["condition", "Elmira", "add", "prone"]), CONDITION);
    assert_eq!(prone.conditions, prone.character.conditions);
    assert_eq!(prone.conditions, [grimoire_rules::Condition::Prone]);
    // Exhaustion comes in levels: adding it gains one.
    let tired: ConditionReport = check(
        &s.ok(&["condition", "Elmira", "add", "exhaustion"]),
        CONDITION,
    );
    assert_eq!(tired.exhaustion, 1);
    let turn: TurnReport = check(&s.ok(&["turn", "end", "Elmira"]), TURN);
    assert!(!turn.turn.slot_spent);
    let rest: RestReport = check(&s.ok(&["rest", "Elmira", "--long"]), REST);
    assert_eq!(rest.rest, grimoire_app::RestKind::Long);
    assert_eq!(rest.vitals.map(|v| v.hp), Some(20), "a Long Rest heals");
}

#[tokio::test]
async fn mcp_answers_each_step_with_the_same_report() {
    use mcp_client::{ok, start};
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "3"]).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Elmira", "classes": [{"class": "wizard", "level": 3}]}),
    )
    .await;
    let hp = ok(&client, "hp", json!({"character": "Elmira", "max": 20})).await;
    let hp: HitPointsReport = check(&hp, HIT_POINTS);
    assert_eq!(hp.vitals.map(|v| v.hp), Some(20));
    let hit = ok(&client, "damage", json!({"target": "Elmira", "amount": 7})).await;
    let hit: DamageReport = check(&hit, DAMAGE);
    assert_eq!(hit.hp_after, Some(13));
    let prone = ok(
        &client,
        "condition",
        json!({"character": "Elmira", "action": "add", "condition": "prone"}),
    )
    .await;
    let prone: ConditionReport = check(&prone, CONDITION);
    assert_eq!(prone.conditions, [grimoire_rules::Condition::Prone]);
    let turn = ok(&client, "next_turn", json!({"character": "Elmira"})).await;
    let _: TurnReport = check(&turn, TURN);
    let rest = ok(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "long"}),
    )
    .await;
    let rest: RestReport = check(&rest, REST);
    assert_eq!(rest.vitals.map(|v| v.hp), Some(20));
}
