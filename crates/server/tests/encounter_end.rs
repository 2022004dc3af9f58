//! Ending an encounter through the API (issue 31), as the CLI's
//! `grimoire encounter end` does: only the GM may; the encounter leaves the
//! running ones, its final state stays readable marked ended, its log is
//! kept, its name is free again, and the table hears of it live. A refused
//! end changes nothing.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::{Harness, Table, harnesses, table};
use serde_json::{Value, json};
use tower::ServiceExt;

const E: &str = "/campaigns/cave/encounters";
const END: &str = "/campaigns/cave/encounters/Cave/end";

/// A running encounter `Cave`: petr's Elmira and a Goblin the GM hurt.
async fn fight(h: &Harness, t: &Table) {
    for (path, body) in [
        (E.to_owned(), json!({"name": "Cave"})),
        (
            format!("{E}/Cave/combatants"),
            json!({"name": "Elmira", "initiative": 15}),
        ),
        (
            format!("{E}/Cave/combatants"),
            json!({"name": "Goblin", "initiative": 10, "hp": 7}),
        ),
        (format!("{E}/Cave/start"), Value::Null),
        (
            format!("{E}/Cave/damage"),
            json!({"target": "Goblin", "amount": 3, "seed": 1}),
        ),
    ] {
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

/// Everything an end could touch, as the GM reads it.
async fn world(h: &Harness, gm: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for path in [
        "/campaigns/cave/encounters",
        "/campaigns/cave/encounters/Cave",
        "/campaigns/cave/characters/Elmira",
        "/campaigns/cave/log?limit=100",
    ] {
        let (s, v) = h.get(path, Some(gm)).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
        out.push(v);
    }
    out
}

#[tokio::test]
async fn the_gm_ends_an_encounter_and_its_final_state_stays_readable_marked_ended() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let log_before = h.get(&format!("{E}/Cave"), Some(&t.gm)).await.1;
        assert_eq!(log_before["ended"], false, "{}: {log_before}", h.name);

        let (s, v) = h.post(END, Some(&t.gm), Value::Null).await;
        assert_eq!(
            (s, &v),
            (StatusCode::OK, &json!({"ended": "Cave"})),
            "{}",
            h.name
        );

        // Its final state: round 1, the Goblin at 4 of 7, marked ended.
        let (s, v) = h.get(&format!("{E}/Cave"), Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        assert_eq!(
            (&v["ended"], &v["started"], &v["round"]),
            (&json!(true), &json!(true), &json!(1))
        );
        let goblin = v["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Goblin")
            .unwrap();
        assert_eq!(goblin["hp"], 4, "{v}");
        // No longer among the running encounters; listed apart as ended.
        let (_, list) = h.get(E, Some(&t.gm)).await;
        assert_eq!(
            list,
            json!({"encounters": [], "ended": ["Cave"]}),
            "{}",
            h.name
        );
        // A player reads the record too, the creature's hit points hidden.
        let (s, v) = h.get(&format!("{E}/Cave"), Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["ended"], true);
        let goblin = v["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Goblin")
            .unwrap();
        assert_eq!(goblin["hp"], Value::Null, "{v}");
    }
}

#[tokio::test]
async fn an_ended_encounter_takes_no_more_turns_and_its_name_is_free_again() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let (s, _) = h.post(END, Some(&t.gm), Value::Null).await;
        assert_eq!(s, StatusCode::OK);
        for tail in ["next", "end"] {
            let (s, v) = h
                .post(&format!("{E}/Cave/{tail}"), Some(&t.gm), Value::Null)
                .await;
            assert_eq!(
                (s, v["error"]["code"].as_str()),
                (StatusCode::NOT_FOUND, Some("unknown_encounter")),
                "{}: {tail}: {v}",
                h.name
            );
        }
        // A new fight of that name starts fresh.
        let (s, v) = h.post(E, Some(&t.gm), json!({"name": "Cave"})).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (_, v) = h.get(&format!("{E}/Cave"), Some(&t.gm)).await;
        assert_eq!((&v["ended"], &v["started"]), (&json!(false), &json!(false)));
    }
}

#[tokio::test]
async fn ending_keeps_the_encounters_log_and_adds_its_own_entry() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let log = |v: &Value| v["entries"].as_array().cloned().unwrap_or_default();
        let (_, before) = h.get("/campaigns/cave/log?limit=100", Some(&t.gm)).await;
        h.post(END, Some(&t.gm), Value::Null).await;
        let (_, after) = h.get("/campaigns/cave/log?limit=100", Some(&t.gm)).await;
        let (before, after) = (log(&before), log(&after));
        assert_eq!(after.len(), before.len() + 1, "{}: {after:?}", h.name);
        assert!(
            after
                .iter()
                .any(|e| e.to_string().contains("encounter damage Cave Goblin 3")),
            "{after:?}"
        );
        assert!(
            after
                .iter()
                .any(|e| e.to_string().contains("encounter end Cave")),
            "{after:?}"
        );
    }
}

#[tokio::test]
async fn only_the_gm_ends_an_encounter_a_player_403_anonymous_401_and_nothing_changes() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let before = world(&h, &t.gm).await;
        for (who, token, status) in [
            ("player", Some(t.petr.as_str()), StatusCode::FORBIDDEN),
            ("outsider", Some(t.eve.as_str()), StatusCode::FORBIDDEN),
            ("anonymous", None, StatusCode::UNAUTHORIZED),
        ] {
            let (s, v) = h.post(END, token, Value::Null).await;
            assert_eq!(s, status, "{}: {who}: {v}", h.name);
            assert!(v["error"]["code"].is_string(), "{who}: {v}");
        }
        assert_eq!(world(&h, &t.gm).await, before, "{}", h.name);
    }
}

#[tokio::test]
async fn the_table_hears_live_that_the_encounter_ended() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let req = axum::http::Request::get("/campaigns/cave/events")
            .header("authorization", format!("Bearer {}", t.petr))
            .body(axum::body::Body::empty())
            .unwrap();
        let res = h.router.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let mut body = res.into_body();
        let wait = Duration::from_secs(5);
        assert!(common::next_event(&mut body, "ready", wait).await.is_some());
        let (s, _) = h.post(END, Some(&t.gm), Value::Null).await;
        assert_eq!(s, StatusCode::OK);
        let ev = common::next_event(&mut body, "encounter", wait)
            .await
            .expect("an encounter event");
        assert_eq!(
            (&ev["by"], &ev["data"]),
            (&json!("gm"), &json!({"ended": "Cave"})),
            "{}",
            h.name
        );
    }
}
