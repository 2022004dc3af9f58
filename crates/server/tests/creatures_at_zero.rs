//! Creatures at 0 hit points through the API (issue 34): the encounter's
//! `creatures_at_zero` setting at creation and through
//! `POST …/encounters/{e}/settings` (GM only), and what each seat sees of
//! a creature down: every member sees it dying or dead, only the GM its
//! numbers. On SQLite always and, with `DATABASE_URL`, on PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::{Harness, harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";

fn orc(status: &Value) -> Value {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Orc")
        .cloned()
        .unwrap_or(Value::Null)
}

/// Cave (creatures drop) with an Orc of 15 hit points and Elmira, started,
/// the Orc dropped to 0.
async fn orc_down(h: &Harness, gm: &str) {
    let (s, v) = h
        .post(
            E,
            Some(gm),
            json!({"name": "Cave", "creatures_at_zero": "drop"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
    for (name, init, hp) in [("Orc", 15, 15), ("Elmira", 12, 7)] {
        let (s, v) = h
            .post(
                &format!("{E}/Cave/combatants"),
                Some(gm),
                json!({"name": name, "initiative": init, "hp": hp}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    h.post(&format!("{E}/Cave/start"), Some(gm), json!(null))
        .await;
    let (s, v) = h
        .post(
            &format!("{E}/Cave/damage"),
            Some(gm),
            json!({"target": "Orc", "amount": 15}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn creatures_at_zero_drop_shows_every_seat_the_orc_dying_and_only_the_gm_its_numbers() {
    for h in harnesses().await {
        let t = table(&h).await;
        orc_down(&h, &t.gm).await;
        let (s, gm) = h.get(&format!("{E}/Cave"), Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK, "{gm}");
        assert_eq!(gm["creatures_at_zero"], "drop", "{gm}");
        assert_eq!(
            (orc(&gm)["fallen"].as_str(), orc(&gm)["hp"].as_i64()),
            (Some("dying"), Some(0))
        );
        let (s, player) = h.get(&format!("{E}/Cave"), Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{player}");
        assert_eq!(orc(&player)["fallen"], "dying", "{player}");
        assert!(orc(&player)["hp"].is_null(), "{player}");
        assert!(orc(&player)["stats"].is_null(), "{player}");
        let (s, _) = h.get(&format!("{E}/Cave"), None).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        // The Orc's turn: its death save opens it.
        h.post(&format!("{E}/Cave/next"), Some(&t.gm), json!(null))
            .await;
        let (s, v) = h
            .post(&format!("{E}/Cave/next?seed=7"), Some(&t.gm), json!(null))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["current"], "Orc", "{v}");
        assert_eq!(v["death_save"]["name"], "Orc", "{v}");
        assert_eq!(v["death_save"]["result"], "failure", "{v}");
    }
}

#[tokio::test]
async fn creatures_at_zero_setting_is_the_gms_to_change() {
    for h in harnesses().await {
        let t = table(&h).await;
        orc_down(&h, &t.gm).await;
        let path = format!("{E}/Cave/settings");
        let body = json!({"creatures_at_zero": "die"});
        let (s, v) = h.post(&path, Some(&t.petr), body.clone()).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, _) = h.post(&path, None, body.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, v) = h.post(&path, Some(&t.eve), body.clone()).await;
        assert!(
            s == StatusCode::FORBIDDEN || s == StatusCode::NOT_FOUND,
            "{s}: {v}"
        );
        let (_, v) = h.get(&format!("{E}/Cave"), Some(&t.gm)).await;
        assert_eq!(
            v["creatures_at_zero"], "drop",
            "refused means unchanged: {v}"
        );
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["creatures_at_zero"], "die", "{v}");
        assert_eq!(orc(&v)["fallen"], "dead", "{v}");
        let (_, player) = h.get(&format!("{E}/Cave"), Some(&t.petr)).await;
        assert_eq!(orc(&player)["fallen"], "dead", "{player}");
        // An empty body keeps the setting; an unknown way is refused.
        let (s, v) = h.post(&path, Some(&t.gm), json!({})).await;
        assert_eq!(
            (s, v["creatures_at_zero"].as_str()),
            (StatusCode::OK, Some("die")),
            "{v}"
        );
        let (s, v) = h
            .post(&path, Some(&t.gm), json!({"creatures_at_zero": "explode"}))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    }
}
