//! Ongoing magic through the API (issue 32: the CLI, MCP and the API call
//! the same `grimoire_app::ongoing` use cases): dropping Concentration,
//! dismissing a spell (R15), a long casting (R12), studying a spell in
//! effect (R22) and moving Hex. Each route is asked as every seat: the
//! owner and the GM act, another account and anyone unsigned are refused
//! with nothing changed; a refusal by the rules names its code.

mod common;

use axum::http::StatusCode;
use common::{Harness, Table, harnesses, table};
use serde_json::{Value, json};

const ILSE: &str = "/campaigns/cave/characters/Ilse";

/// petr's Ilse, a level-5 Wizard with Detect Magic (Concentration, a
/// ritual) and Fog Cloud prepared.
async fn ilse(h: &Harness, t: &Table) {
    let (s, v) = h
        .post(
            "/campaigns/cave/characters",
            Some(&t.petr),
            json!({"name": "Ilse", "classes": [{"class": "wizard", "level": 5}],
                   "abilities": {"int": 16}, "prepared": ["detect-magic", "fog-cloud"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
}

async fn sheet(h: &Harness, t: &Table) -> Value {
    let (s, v) = h.get(ILSE, Some(&t.gm)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// Asks `route` as an account with no seat and as no one: both refused,
/// the sheet unchanged.
async fn strangers_refused(h: &Harness, t: &Table, route: &str, body: Value) {
    let before = sheet(h, t).await;
    let (s, v) = h.post(route, Some(&t.eve), body.clone()).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{}: eve {route}: {v}", h.name);
    let (s, v) = h.post(route, None, body).await;
    assert_eq!(
        s,
        StatusCode::UNAUTHORIZED,
        "{}: anonymous {route}: {v}",
        h.name
    );
    assert_eq!(
        sheet(h, t).await,
        before,
        "{}: {route} changed the sheet",
        h.name
    );
}

async fn cast(h: &Harness, token: &str, body: Value) -> Value {
    let (s, v) = h.post(&format!("{ILSE}/casts"), Some(token), body).await;
    assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
    v
}

async fn end_turn(h: &Harness, t: &Table) {
    let (s, v) = h
        .post(&format!("{ILSE}/turns"), Some(&t.petr), json!({}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn concentration_is_dropped_by_the_owner_or_the_gm_and_only_once() {
    for h in harnesses().await {
        let t = table(&h).await;
        ilse(&h, &t).await;
        cast(&h, &t.petr, json!({"spell": "detect-magic", "seed": 1})).await;
        let route = format!("{ILSE}/drop-concentration");
        strangers_refused(&h, &t, &route, json!({})).await;
        let (s, v) = h.post(&route, Some(&t.petr), json!({})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["spell"], "detect-magic", "{v}");
        assert_eq!(v["character"]["concentration"], Value::Null, "{v}");
        let before = sheet(&h, &t).await;
        let (s, v) = h.post(&route, Some(&t.petr), json!({})).await;
        assert_eq!(
            (s, &v["error"]["code"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("no_concentration"))
        );
        assert_eq!(sheet(&h, &t).await, before);
        // The GM may end it for the player.
        end_turn(&h, &t).await;
        cast(&h, &t.gm, json!({"spell": "detect-magic", "seed": 2})).await;
        let (s, v) = h.post(&route, Some(&t.gm), json!({})).await;
        assert_eq!(
            (s, &v["spell"]),
            (StatusCode::OK, &json!("detect-magic")),
            "{v}"
        );
    }
}

#[tokio::test]
async fn r15_a_spell_is_dismissed_by_its_number() {
    for h in harnesses().await {
        let t = table(&h).await;
        ilse(&h, &t).await;
        let v = cast(&h, &t.petr, json!({"spell": "detect-magic", "seed": 1})).await;
        let effect = v["cast"]["effect"].as_u64().expect("an effect number");
        let route = format!("{ILSE}/dismiss");
        strangers_refused(&h, &t, &route, json!({"effect": effect})).await;
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"effect": effect}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["spell"], "detect-magic");
        assert_eq!(v["character"]["ongoing"], json!([]), "{v}");
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"effect": effect}))
            .await;
        assert_eq!(
            (s, &v["error"]["code"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("unknown_effect"))
        );
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"effect": "one"}))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    }
}

#[tokio::test]
async fn r12_a_ritual_is_carried_on_then_given_up_with_no_slot_spent() {
    for h in harnesses().await {
        let t = table(&h).await;
        ilse(&h, &t).await;
        let v = cast(
            &h,
            &t.petr,
            json!({"spell": "detect-magic", "mode": {"mode": "ritual"}, "seed": 1}),
        )
        .await;
        assert_eq!(v["status"], "started", "{v}");
        end_turn(&h, &t).await;
        let route = format!("{ILSE}/casting");
        strangers_refused(&h, &t, &route, json!({"step": "continue"})).await;
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"step": "continue"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["spell"], "detect-magic");
        assert!(v["long_cast"].is_object(), "{v}");
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"step": "abandon"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["character"]["long_cast"], Value::Null, "{v}");
        assert_eq!(v["character"]["slots"][0]["remaining"], 4, "{v}");
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"step": "continue"}))
            .await;
        assert_eq!(
            (s, &v["error"]["code"]),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                &json!("no_casting_in_progress")
            )
        );
        let (s, v) = h
            .post(&route, Some(&t.petr), json!({"step": "sideways"}))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    }
}

#[tokio::test]
async fn r22_a_spell_in_effect_is_studied_against_fifteen_and_replays_with_its_seed() {
    for h in harnesses().await {
        let t = table(&h).await;
        ilse(&h, &t).await;
        let route = format!("{ILSE}/identify");
        let body = json!({"spell": "Fog Cloud", "arcana": 3, "seed": 7});
        // Nothing is in effect yet.
        let (s, v) = h.post(&route, Some(&t.petr), body.clone()).await;
        assert_eq!(
            (s, &v["error"]["rule"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("R22")),
            "{v}"
        );
        cast(&h, &t.petr, json!({"spell": "fog-cloud", "seed": 1})).await;
        end_turn(&h, &t).await;
        strangers_refused(&h, &t, &route, body.clone()).await;
        let (s, v) = h.post(&route, Some(&t.petr), body.clone()).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["dc"], 15);
        let total = v["roll"]["total"].as_i64().unwrap();
        assert_eq!(total, v["roll"]["dice"][0].as_i64().unwrap() + 3, "{v}");
        assert_eq!(v["success"], total >= 15);
        let first = v["roll"].clone();
        // The Study action is spent; next turn the same seed rolls the same.
        end_turn(&h, &t).await;
        let (_, again) = h.post(&route, Some(&t.gm), body).await;
        assert_eq!(again["roll"], first, "{again}");
        let before = sheet(&h, &t).await;
        let (s, v) = h
            .post(
                &route,
                Some(&t.petr),
                json!({"spell": "fog-cloud", "arcana": 31}),
            )
            .await;
        assert_eq!(
            (s, &v["error"]["code"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("out_of_range")),
            "{v}"
        );
        assert_eq!(sheet(&h, &t).await, before);
    }
}

#[tokio::test]
async fn hex_moves_only_when_its_target_is_down_and_strangers_cannot_move_it() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.petr),
                json!({"name": "Wren", "classes": [{"class": "warlock", "level": 3}],
                       "abilities": {"cha": 16}, "prepared": ["hex"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let wren = "/campaigns/cave/characters/Wren";
        let (s, v) = h
            .post(
                &format!("{wren}/casts"),
                Some(&t.petr),
                json!({"spell": "hex", "targets": [{"name": "Goblin"}], "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = h
            .post(&format!("{wren}/turns"), Some(&t.petr), json!({}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let route = format!("{wren}/retarget");
        let body = json!({"spell": "Hex", "target": "Orc"});
        for (token, status) in [
            (Some(&t.eve), StatusCode::FORBIDDEN),
            (None, StatusCode::UNAUTHORIZED),
        ] {
            let (s, v) = h
                .post(&route, token.map(|s| s.as_str()), body.clone())
                .await;
            assert_eq!(s, status, "{v}");
        }
        let (s, v) = h.post(&route, Some(&t.petr), body).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["spell"], "hex");
        assert_eq!(
            v["character"]["ongoing"][0]["targets"],
            json!(["Orc"]),
            "{v}"
        );
        let (s, v) = h
            .post(
                &route,
                Some(&t.petr),
                json!({"spell": "Fireball", "target": "Orc"}),
            )
            .await;
        assert_eq!(
            (s, &v["error"]["code"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("not_ongoing")),
            "{v}"
        );
    }
}
