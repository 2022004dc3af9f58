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
        ("CombatantRow", &["hp", "stats", "uses"][..]),
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

/// Where `value` breaks `schema` of the document `doc` (types, required
/// properties, items, `oneOf`/`anyOf`, enums), as a path; `None` when it
/// matches. Enough of JSON Schema for the answers' shapes.
fn mismatch(doc: &Value, schema: &Value, value: &Value, at: &str) -> Option<String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.rsplit('/').next().unwrap_or_default();
        return mismatch(doc, &doc["components"]["schemas"][name], value, at);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(all) = schema[key].as_array() {
            if all.iter().any(|s| mismatch(doc, s, value, at).is_none()) {
                return None;
            }
            return Some(format!("{at}: no {key} matches {value}"));
        }
    }
    if let Some(all) = schema["allOf"].as_array() {
        return all.iter().find_map(|s| mismatch(doc, s, value, at));
    }
    if let Some(options) = schema["enum"].as_array()
        && !options.contains(value)
    {
        return Some(format!("{at}: {value} not in {options:?}"));
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let fits = |t: &str| match t {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    };
    if !types.is_empty() && !types.iter().any(|t| fits(t)) {
        return Some(format!("{at}: {value} is not {types:?}"));
    }
    if let Some(items) = value.as_array() {
        return items
            .iter()
            .enumerate()
            .find_map(|(i, v)| mismatch(doc, &schema["items"], v, &format!("{at}[{i}]")));
    }
    if let Some(o) = value.as_object() {
        for req in schema["required"].as_array().into_iter().flatten() {
            let key = req.as_str().unwrap_or_default();
            if !o.contains_key(key) {
                return Some(format!("{at}: {key} missing"));
            }
        }
        if let Some(props) = schema["properties"].as_object() {
            return o.iter().find_map(|(k, v)| {
                props
                    .get(k)
                    .and_then(|s| mismatch(doc, s, v, &format!("{at}.{k}")))
            });
        }
    }
    None
}

/// The schema the document gives the `status` answer of `method` `path`.
fn answer_schema<'a>(doc: &'a Value, method: &str, path: &str, status: &str) -> &'a Value {
    &doc["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]
}

#[tokio::test]
async fn every_encounter_answer_matches_its_schema_for_the_gm_and_a_player() {
    let doc = grimoire_server::openapi();
    for h in harnesses().await {
        let t = table(&h).await;
        let enc = "/campaigns/{campaign}/encounters";
        let one = "/campaigns/{campaign}/encounters/{encounter}";
        let mut answers: Vec<(&str, String, StatusCode, Value)> = Vec::new();
        let steps = [
            (enc, E.to_owned(), json!({"name": "Cave"}), "201"),
            (
                "/campaigns/{campaign}/encounters/{encounter}/combatants",
                format!("{E}/Cave/combatants"),
                json!({"name": "Elmira", "initiative": 15, "hp": 18}),
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/creatures",
                format!("{E}/Cave/creatures"),
                json!({"name": "Cave Mage", "monster": "mage", "initiative": 5}),
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/start",
                format!("{E}/Cave/start"),
                Value::Null,
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/damage",
                format!("{E}/Cave/damage"),
                json!({"target": "Cave Mage", "amount": 4, "seed": 2}),
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/next",
                format!("{E}/Cave/next?seed=4"),
                Value::Null,
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/cast",
                format!("{E}/Cave/cast"),
                json!({"caster": "Cave Mage", "spell": "fireball", "targets": ["Elmira"], "seed": 3}),
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/window",
                format!("{E}/Cave/window"),
                json!({"kind": "fall", "creature": "Elmira"}),
                "200",
            ),
            (
                "/campaigns/{campaign}/encounters/{encounter}/withdraw",
                format!("{E}/Cave/withdraw"),
                Value::Null,
                "200",
            ),
        ];
        for (route, path, body, status) in steps {
            let (s, v) = h.post(&path, Some(&t.gm), body).await;
            assert_eq!(s.as_str(), status, "{}: {path}: {v}", h.name);
            let schema = answer_schema(&doc, "post", route, status);
            assert!(!schema.is_null(), "{route} has no schema");
            if let Some(m) = mismatch(&doc, schema, &v, "answer") {
                panic!("{}: POST {path}: {m}", h.name);
            }
            answers.push((route, path, s, v));
        }
        for (route, path) in [
            (enc, E.to_owned()),
            (one, format!("{E}/Cave")),
            (
                "/campaigns/{campaign}/encounters/{encounter}/window",
                format!("{E}/Cave/window"),
            ),
        ] {
            for token in [&t.gm, &t.petr] {
                let (s, v) = h.get(&path, Some(token)).await;
                assert_eq!(s, StatusCode::OK, "{}: {path}: {v}", h.name);
                let schema = answer_schema(&doc, "get", route, "200");
                if let Some(m) = mismatch(&doc, schema, &v, "answer") {
                    panic!("{}: GET {path}: {m}", h.name);
                }
            }
        }
        for path in ["/monsters", "/monsters/mage"] {
            let route = if path == "/monsters" {
                path
            } else {
                "/monsters/{monster}"
            };
            let (s, v) = h.get(path, None).await;
            assert_eq!(s, StatusCode::OK, "{path}: {v}");
            if let Some(m) = mismatch(&doc, answer_schema(&doc, "get", route, "200"), &v, "answer")
            {
                panic!("GET {path}: {m}");
            }
        }
        let (s, v) = h
            .post(&format!("{E}/Cave/end"), Some(&t.gm), Value::Null)
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let schema = answer_schema(
            &doc,
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/end",
            "200",
        );
        assert!(mismatch(&doc, schema, &v, "answer").is_none(), "{v}");
        assert!(answers.len() > 5);
        // The check can fail: a status whose round is a word does not match.
        let (_, _, _, start) = &answers[3];
        let mut wrong = start.clone();
        wrong["round"] = json!("one");
        let schema = answer_schema(&doc, "post", answers[3].0, "200");
        assert!(
            mismatch(&doc, schema, &wrong, "answer").is_some(),
            "{wrong}"
        );
    }
}
