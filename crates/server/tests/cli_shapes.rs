//! The server's responses carry the CLI's `--json` fields at the same names
//! (`grimoire_app::view`), beside the server's own: a cast report has
//! `grimoire cast --json`'s `cast` fields at its top level, a character
//! `grimoire slots --json`'s and `grimoire character show --json`'s.
//! The expected values are what the CLI prints for the same character and
//! seed (`grimoire --seed 1 --json cast Elmira "Magic Missile"`).

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use grimoire_rules::Caster;
use serde_json::{Value, json};

const MM: &str = "/campaigns/cave/characters/Elmira/casts";

#[tokio::test]
async fn a_cast_report_carries_the_cli_cast_fields() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                MM,
                Some(&t.petr),
                json!({"spell": "Magic Missile", "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        // `grimoire --seed 1 --json cast Elmira "Magic Missile"`, `cast` object.
        let cli = json!({
            "caster": "Elmira",
            "spell": "magic-missile",
            "spell_name": "Magic Missile",
            "spell_name_cs": "Magická střela",
            "level": 1,
            "slot": 1,
            "pact": false,
            "mode": "slot",
            "via": null,
            "class": "wizard",
            "action": "action",
            "save_dc": 13,
            "attack_bonus": 5,
            "status": "resolved",
            "rounds_needed": null,
            "rolls": [
                {"dice": [2], "label": {"kind": "damage", "damage_type": "force"}, "notation": "1d4+1", "total": 3},
                {"dice": [4], "label": {"kind": "damage", "damage_type": "force"}, "notation": "1d4+1", "total": 5},
                {"dice": [3], "label": {"kind": "damage", "damage_type": "force"}, "notation": "1d4+1", "total": 4},
            ],
            "targets": [],
            "effect": null,
            "concentration_started": false,
            "concentration_ended": null,
            "notes": [],
        });
        for (key, want) in cli.as_object().unwrap() {
            assert_eq!(&v[key], want, "{}: field {key} of {v}", h.name);
        }
        // The CLI's top-level `events`.
        assert_eq!(
            v["events"],
            json!([
                {"event": "action_used", "action": "action"},
                {"event": "slot_expended", "level": 1, "off_turn": false, "pact": false},
            ]),
            "{}",
            h.name
        );
        // The server's own fields stay.
        assert_eq!(v["cast"]["spell"], "magic-missile");
        assert!(v["change"].is_i64());
        assert_eq!(v["character"]["name"], "Elmira");
    }
}

#[tokio::test]
async fn a_character_carries_the_cli_slots_and_sheet_fields() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, _) = h
            .post(
                MM,
                Some(&t.petr),
                json!({"spell": "magic-missile", "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}", h.name);
        let (s, v) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        // `grimoire --json slots Elmira` after the cast (less `character`,
        // which the server calls `name`).
        let slots = json!({
            "slots": [
                {"level": 1, "total": 4, "remaining": 3},
                {"level": 2, "total": 2, "remaining": 2},
            ],
            "pact": null,
            "arcanum": [],
            "slot_spent_this_turn": true,
        });
        for (key, want) in slots.as_object().unwrap() {
            assert_eq!(&v[key], want, "{}: field {key} of {v}", h.name);
        }
        // `grimoire --json character show Elmira`, the fields whose meaning
        // the server shares (its `slots` is the slots command's list and
        // its `concentration` a spell id, so those two differ).
        let sheet = json!({
            "name": "Elmira",
            "level": 3,
            "classes": [{"class": "wizard", "level": 3}],
            "abilities": {"str": 10, "dex": 10, "con": 10, "int": 16, "wis": 10, "cha": 10},
            "proficiency_bonus": 2,
            "spellcasting": [
                {"class": "wizard", "ability": "intelligence", "save_dc": 13, "attack_bonus": 5},
            ],
            "prepared": ["magic-missile"],
            "cantrips": [],
            "features": [],
            "items": [],
            "conditions": [],
            "ongoing": [],
            "long_cast": null,
            "turn": {
                "action_used": true,
                "bonus_action_used": false,
                "reaction_used": false,
                "slot_spent": true,
                "leveled_spell": true,
            },
            "time_rounds": 0,
        });
        for (key, want) in sheet.as_object().unwrap() {
            assert_eq!(&v[key], want, "{}: field {key} of {v}", h.name);
        }
        // Every shared field is the app's view of the rules state, as the
        // CLI prints it.
        let caster: Caster = serde_json::from_value(v["state"].clone()).unwrap();
        let cli = serde_json::to_value(grimoire_app::view::CharacterJson::of(
            &caster,
            v["version"].as_u64().unwrap(),
        ))
        .unwrap();
        for (key, want) in cli.as_object().unwrap() {
            if key == "slots" || key == "concentration" {
                continue;
            }
            assert_eq!(&v[key], want, "{}: field {key}", h.name);
        }
        let Value::Object(cli_slots) = &cli["slots"] else {
            panic!("slots view is an object")
        };
        for (key, want) in cli_slots {
            assert_eq!(&v[key], want, "{}: slots field {key}", h.name);
        }
        // The server's own fields stay.
        assert_eq!(v["owner"], "petr");
        assert!(v["state"].is_object());
    }
}

/// The top-level fields of an answer.
fn fields(v: &Value) -> Vec<String> {
    let mut keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    keys
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = names.iter().map(|&n| n.to_owned()).collect();
    keys.sort();
    keys
}

/// Issue 32: a character step answers the same typed report as
/// `grimoire --json hp|damage|condition|turn end|rest` and MCP's tools
/// (`crates/cli/tests/typed_answers.rs` holds the same field lists).
#[tokio::test]
async fn a_character_step_answers_the_cli_report_fields() {
    use grimoire_app::play::{
        ConditionReport, DamageReport, HitPointsReport, RestReport, TurnReport,
    };
    let steps: [(&str, Value, &[&str]); 5] = [
        (
            "hp",
            json!({"max_hp": 20}),
            &[
                "vitals",
                "hit_dice",
                "hit_dice_left",
                "max_hp_rolled",
                "events",
                "notes",
                "change",
                "character",
            ],
        ),
        (
            "damage",
            json!({"amount": 7, "seed": 1}),
            &[
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
            ],
        ),
        (
            "conditions",
            json!({"condition": "exhaustion"}),
            &[
                "conditions",
                "silenced",
                "exhaustion",
                "speed_penalty_ft",
                "events",
                "notes",
                "change",
                "character",
            ],
        ),
        (
            "turns",
            json!({}),
            &["turn", "events", "notes", "change", "character"],
        ),
        (
            "rests",
            json!({"kind": "long", "seed": 1}),
            &[
                "rest",
                "events",
                "notes",
                "change",
                "hit_dice_rolls",
                "hit_dice_healed",
                "hit_dice_left",
                "vitals",
                "character",
            ],
        ),
    ];
    for h in harnesses().await {
        let t = table(&h).await;
        for (route, body, names) in &steps {
            let path = format!("/campaigns/cave/characters/Elmira/{route}");
            let (s, v) = h.post(&path, Some(&t.petr), body.clone()).await;
            assert_eq!(s, StatusCode::OK, "{}: {route}: {v}", h.name);
            assert_eq!(fields(&v), sorted(names), "{}: {route}", h.name);
            let typed = match *route {
                "hp" => serde_json::from_value::<HitPointsReport>(v.clone()).map(|_| ()),
                "damage" => serde_json::from_value::<DamageReport>(v.clone()).map(|r| {
                    assert_eq!((r.damage, r.hp_after), (7, Some(13)), "{}", h.name);
                }),
                "conditions" => serde_json::from_value::<ConditionReport>(v.clone()).map(|r| {
                    // Exhaustion comes in levels, as through the CLI.
                    assert_eq!(r.exhaustion, 1, "{}", h.name);
                }),
                "turns" => serde_json::from_value::<TurnReport>(v.clone()).map(|_| ()),
                _ => serde_json::from_value::<RestReport>(v.clone()).map(|_| ()),
            };
            typed.unwrap_or_else(|e| panic!("{}: {route}: {e}: {v}", h.name));
        }
    }
}

/// Issue 32: a table log's cards are typed in the OpenAPI document too: a
/// roll card (told by its `kind`) or a cast's card (`grimoire cast
/// --json`'s `cast` fields), never a bare object.
#[test]
fn the_log_cards_schema_is_a_roll_card_or_a_cast_card() {
    let doc = grimoire_server::openapi();
    let schemas = &doc["components"]["schemas"];
    let cards = &schemas["TableEntry"]["properties"]["cards"]["items"];
    assert_eq!(cards["$ref"], "#/components/schemas/LogCard", "{cards}");
    let one_of: Vec<&str> = schemas["LogCard"]["oneOf"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", schemas["LogCard"]))
        .iter()
        .map(|s| s["$ref"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        one_of,
        [
            "#/components/schemas/RollCard",
            "#/components/schemas/CastView"
        ]
    );
    // The kinds tell roll cards apart; a cast's card needs its own fields,
    // which no roll card has, so a card matches exactly one.
    let kinds: Vec<&str> = schemas["RollCard"]["oneOf"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", schemas["RollCard"]))
        .iter()
        .map(|v| {
            v["properties"]["kind"]["enum"][0]
                .as_str()
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(kinds, ["turn", "conc", "death"], "{}", schemas["RollCard"]);
    let required = schemas["CastView"]["required"].as_array().unwrap();
    for field in ["caster", "spell", "level", "mode", "rolls", "targets"] {
        assert!(required.iter().any(|r| r == field), "{field}: {required:?}");
    }
}
