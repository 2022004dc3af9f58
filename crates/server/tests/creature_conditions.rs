//! The GM's one-click conditions on a creature's row (issue 37): `POST
//! /campaigns/{c}/encounters/{e}/conditions` adds or removes a condition
//! of a stat-block creature, the GM's alone. Each seat is asked: the GM's
//! change lands on that creature and nothing else, every member sees the
//! creature's conditions (and hears the change live) but never its
//! numbers, a player and anyone unsigned are refused with nothing
//! changed. The creature's limited uses ride in its row of the status for
//! the GM only.

mod common;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{Harness, Table, harnesses, next_event, table};
use serde_json::{Value, json};
use tower::ServiceExt;

const E: &str = "/campaigns/cave/encounters";
const ROUTE: &str = "/campaigns/cave/encounters/Fight/conditions";

/// A running encounter `Fight`: the SRD's Mage as `Cave Mage` (its
/// uses per day kept), a Goblin typed by hand and petr's Elmira.
async fn fight(h: &Harness, t: &Table) {
    for (path, body) in [
        (E.to_owned(), json!({"name": "Fight"})),
        (
            format!("{E}/Fight/combatants"),
            json!({"name": "Elmira", "initiative": 15, "hp": 18}),
        ),
        (
            format!("{E}/Fight/combatants"),
            json!({"name": "Goblin", "initiative": 10, "hp": 7}),
        ),
        (
            format!("{E}/Fight/creatures"),
            json!({"name": "Cave Mage", "monster": "mage", "initiative": 5, "hp": 40}),
        ),
        (format!("{E}/Fight/start"), Value::Null),
    ] {
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

/// Two turns on: the Cave Mage's, when it may cast with its Action.
async fn to_mages_turn(h: &Harness, t: &Table) {
    for _ in 0..2 {
        let (s, v) = h
            .post(&format!("{E}/Fight/next"), Some(&t.gm), Value::Null)
            .await;
        assert!(s.is_success(), "{}: {s} {v}", h.name);
    }
}

/// The combatant `name` of a status answer.
fn row<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["combatants"]
        .as_array()
        .and_then(|a| a.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no {name} in {status}"))
}

/// The encounter's status as `token` sees it.
async fn status(h: &Harness, token: &str) -> Value {
    let (s, v) = h.get(&format!("{E}/Fight"), Some(token)).await;
    assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
    v
}

/// `before` with the conditions of combatant `name` replaced: what the
/// status must be after a change to that creature alone.
fn with_conditions(before: &Value, name: &str, conditions: Value) -> Value {
    let mut after = before.clone();
    for c in after["combatants"].as_array_mut().unwrap() {
        if c["name"] == name {
            c["conditions"] = conditions.clone();
        }
    }
    after
}

#[tokio::test]
async fn each_seat_on_a_creatures_condition() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let before = status(&h, &t.gm).await;
        let prone = json!({"creature": "Cave Mage", "condition": "prone"});

        // Anonymous: refused, nothing changed.
        let (s, v) = h.post(ROUTE, None, prone.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{}: {v}", h.name);
        assert_eq!(v["error"]["code"], "unauthorized", "{v}");
        assert_eq!(status(&h, &t.gm).await, before, "{}", h.name);

        // A player, the GM's creature's conditions are not theirs to set.
        let (s, v) = h.post(ROUTE, Some(&t.petr), prone.clone()).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{}: {v}", h.name);
        assert_eq!(v["error"]["code"], "forbidden", "{v}");
        assert_eq!(status(&h, &t.gm).await, before, "{}", h.name);
        // Nor anyone without a seat at the table.
        let (s, v) = h.post(ROUTE, Some(&t.eve), prone.clone()).await;
        assert!(s.is_client_error(), "{}: {s} {v}", h.name);
        assert_eq!(status(&h, &t.gm).await, before, "{}", h.name);

        // The GM: the Mage lies prone, nothing else changed.
        let (s, v) = h.post(ROUTE, Some(&t.gm), prone.clone()).await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        assert_eq!(
            v,
            json!({"encounter": "Fight", "creature": "Cave Mage",
                   "conditions": ["prone"], "notes": []}),
            "{}",
            h.name
        );
        let after = status(&h, &t.gm).await;
        assert_eq!(
            after,
            with_conditions(&before, "Cave Mage", json!(["prone"])),
            "{}",
            h.name
        );

        // The player sees the Mage prone, and still none of its numbers.
        let seen = status(&h, &t.petr).await;
        let mage = row(&seen, "Cave Mage");
        assert_eq!(mage["conditions"], json!(["prone"]), "{mage}");
        for key in ["hp", "stats", "uses"] {
            assert_eq!(mage[key], Value::Null, "{key}: {mage}");
        }

        // Removing it puts the encounter back as it was.
        let (s, v) = h
            .post(
                ROUTE,
                Some(&t.gm),
                json!({"creature": "cave mage", "condition": "prone", "remove": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        assert_eq!(v["conditions"], json!([]), "{v}");
        assert_eq!(status(&h, &t.gm).await, before, "{}", h.name);
    }
}

#[tokio::test]
async fn only_a_stat_block_creature_of_the_running_encounter_takes_one() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let before = status(&h, &t.gm).await;
        for (creature, code) in [
            // A character's conditions are its sheet's.
            ("Elmira", "invalid_request"),
            // A creature typed by hand keeps no conditions.
            ("Goblin", "not_a_caster"),
            ("Nobody", "unknown_combatant"),
        ] {
            let (s, v) = h
                .post(
                    ROUTE,
                    Some(&t.gm),
                    json!({"creature": creature, "condition": "stunned"}),
                )
                .await;
            assert!(
                s.is_client_error() && s != StatusCode::BAD_REQUEST,
                "{creature}: {s} {v}"
            );
            assert_eq!(v["error"]["code"], code, "{creature}: {v}");
        }
        // A condition the rules do not know is a body that cannot be read.
        let (s, v) = h
            .post(
                ROUTE,
                Some(&t.gm),
                json!({"creature": "Cave Mage", "condition": "sleepy"}),
            )
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(status(&h, &t.gm).await, before, "{}", h.name);
    }
}

#[tokio::test]
async fn a_stunned_creature_loses_its_concentration() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        // The Mage flies (Concentration) with one of its uses per day.
        to_mages_turn(&h, &t).await;
        let (s, v) = h
            .post(
                &format!("{E}/Fight/cast"),
                Some(&t.gm),
                json!({"caster": "Cave Mage", "spell": "fly", "targets": ["Cave Mage"], "seed": 1}),
            )
            .await;
        assert!(s.is_success(), "{}: {s} {v}", h.name);
        assert_eq!(
            row(&status(&h, &t.gm).await, "Cave Mage")["concentration"],
            "fly"
        );
        let (s, v) = h
            .post(
                ROUTE,
                Some(&t.gm),
                json!({"creature": "Cave Mage", "condition": "stunned"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        assert_eq!(v["conditions"], json!(["stunned"]), "{v}");
        assert!(!v["notes"].as_array().unwrap().is_empty(), "{v}");
        let mage = row(&status(&h, &t.gm).await, "Cave Mage").clone();
        assert_eq!(mage["concentration"], Value::Null, "{mage}");
    }
}

#[tokio::test]
async fn every_member_hears_the_change_live_without_the_creatures_numbers() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let open = |token: &str| {
            Request::builder()
                .method(Method::GET)
                .uri("/campaigns/cave/events")
                .header("authorization", format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap()
        };
        let mut player = h
            .router
            .clone()
            .oneshot(open(&t.petr))
            .await
            .unwrap()
            .into_body();
        let wait = Duration::from_secs(5);
        assert!(
            next_event(&mut player, "ready", wait).await.is_some(),
            "{}",
            h.name
        );
        let (s, v) = h
            .post(
                ROUTE,
                Some(&t.gm),
                json!({"creature": "Cave Mage", "condition": "restrained"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let ev = next_event(&mut player, "encounter", wait)
            .await
            .unwrap_or_else(|| panic!("{}: no live event", h.name));
        assert_eq!(ev["data"]["creature"], "Cave Mage", "{ev}");
        assert_eq!(ev["data"]["conditions"], json!(["restrained"]), "{ev}");
        let text = ev.to_string();
        for key in ["\"hp\":4", "\"ac\":", "\"uses\":["] {
            assert!(!text.contains(key), "{key} in {text}");
        }
    }
}

#[tokio::test]
async fn a_creatures_uses_ride_in_its_row_for_the_gm_alone() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let gm = status(&h, &t.gm).await;
        let uses = row(&gm, "Cave Mage")["uses"]
            .as_array()
            .cloned()
            .unwrap_or_else(|| panic!("no uses in {gm}"));
        // The Mage's block: Protective Magic (Counterspell or Shield), 3 a day.
        let protective = uses
            .iter()
            .find(|u| u["name"] == "Protective Magic")
            .unwrap_or_else(|| panic!("{uses:?}"));
        assert_eq!(
            (
                &protective["remaining"],
                &protective["max"],
                &protective["recharge"]
            ),
            (&json!(3), &json!(3), &json!("long_rest"))
        );
        // Characters and creatures typed by hand have none to show.
        assert!(row(&gm, "Elmira").get("uses").is_none(), "{gm}");
        assert!(row(&gm, "Goblin").get("uses").is_none(), "{gm}");
        // A spent use shows at once: the Mage flies (1/Day Each).
        to_mages_turn(&h, &t).await;
        let (s, v) = h
            .post(
                &format!("{E}/Fight/cast"),
                Some(&t.gm),
                json!({"caster": "Cave Mage", "spell": "fly", "targets": ["Cave Mage"], "seed": 1}),
            )
            .await;
        assert!(s.is_success(), "{s} {v}");
        let gm = status(&h, &t.gm).await;
        let spent: Vec<&Value> = row(&gm, "Cave Mage")["uses"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|u| u["remaining"] != u["max"])
            .collect();
        assert_eq!(spent.len(), 1, "{gm}");
        assert!(
            spent[0]["name"].as_str().unwrap().contains("1/Day"),
            "{spent:?}"
        );
        // The player's row of the Mage has no uses.
        let player = status(&h, &t.petr).await;
        assert_eq!(row(&player, "Cave Mage")["uses"], Value::Null, "{player}");
    }
}
