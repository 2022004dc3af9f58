//! The encounter routes answer with grimoire-app's typed answers (issue
//! 32): the GM sees a creature's numbers in them, a player the same
//! answers with every creature number `null` (decided once, by
//! `grimoire_app::seat::Seat`), and the OpenAPI document lets those fields
//! be `null`, so a player's answer still matches its schema.

mod common;

use axum::http::StatusCode;
use common::{Harness, Table, harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";

/// A running encounter `Cave`: petr's Elmira, a Goblin with AC 13 and a
/// Cave Mage of the SRD's Mage block.
async fn fight(h: &Harness, t: &Table) {
    for (path, body) in [
        (E.to_owned(), json!({"name": "Cave"})),
        (
            format!("{E}/Cave/combatants"),
            json!({"name": "Elmira", "initiative": 15, "hp": 18}),
        ),
        (
            format!("{E}/Cave/combatants"),
            json!({"name": "Goblin", "initiative": 10, "hp": 7}),
        ),
        (
            format!("{E}/Cave/creatures"),
            json!({"name": "Cave Mage", "monster": "mage", "initiative": 5}),
        ),
        (format!("{E}/Cave/start"), Value::Null),
    ] {
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

/// The combatant `name` of a status answer.
fn row<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["combatants"]
        .as_array()
        .and_then(|a| a.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no {name} in {status}"))
}

#[tokio::test]
async fn a_players_encounter_answers_have_no_creature_numbers_the_gms_have_them() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let status = format!("{E}/Cave");
        let window = format!("{E}/Cave/window");
        let (s, gm) = h.get(&status, Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK, "{gm}");
        assert_eq!(row(&gm, "Goblin")["hp"], 7);
        assert!(row(&gm, "Cave Mage")["stats"]["ac"].is_i64(), "{gm}");
        let (s, player) = h.get(&status, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{player}");
        for creature in ["Goblin", "Cave Mage"] {
            let c = row(&player, creature);
            assert_eq!((&c["hp"], &c["stats"]), (&Value::Null, &Value::Null), "{c}");
        }
        // Her own character she sees whole.
        assert_eq!(row(&player, "Elmira")["hp"], 18);
        let (s, gm) = h.get(&window, Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK, "{gm}");
        assert!(gm["creatures"][0]["uses"].is_array(), "{gm}");
        let (s, player) = h.get(&window, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{player}");
        let mage = &player["creatures"][0];
        assert_eq!(mage["name"], "Cave Mage");
        assert_eq!((&mage["hp"], &mage["uses"]), (&Value::Null, &Value::Null));
        // Players may not take the GM's steps.
        let (s, _) = h
            .post(&format!("{E}/Cave/next"), Some(&t.petr), Value::Null)
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{}", h.name);
        let (s, _) = h.post(&format!("{E}/Cave/next"), None, Value::Null).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{}", h.name);
    }
}

/// Whether the schema `s` of the document `doc` allows `null`.
fn nullable(doc: &Value, s: &Value) -> bool {
    if let Some(r) = s["$ref"].as_str() {
        let name = r.rsplit('/').next().unwrap_or_default();
        return nullable(doc, &doc["components"]["schemas"][name]);
    }
    let null = json!("null");
    s["nullable"] == true
        || s["type"] == null
        || s["type"].as_array().is_some_and(|t| t.contains(&null))
        || ["oneOf", "anyOf"]
            .iter()
            .filter_map(|k| s[*k].as_array())
            .flatten()
            .any(|v| nullable(doc, v))
}

#[test]
fn every_creature_number_in_the_encounter_schemas_may_be_null() {
    let doc = grimoire_server::openapi();
    let schemas = &doc["components"]["schemas"];
    for (schema, fields) in [
        ("CombatantRow", &["hp", "stats"][..]),
        ("CreatureUses", &["hp", "uses"][..]),
        ("CreatureJoined", &["hp"][..]),
        ("CombatantDamaged", &["hp"][..]),
    ] {
        for field in fields {
            let s = &schemas[schema]["properties"][*field];
            assert!(!s.is_null(), "{schema} has no {field}");
            assert!(nullable(&doc, s), "{schema}.{field} is not nullable: {s}");
        }
    }
    // The answers are schemas of their own, not bare objects.
    let show = &doc["paths"]["/campaigns/{campaign}/encounters/{encounter}"]["get"];
    assert_eq!(
        show["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/EncounterStatus"
    );
}
