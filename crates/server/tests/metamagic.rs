//! Metamagic and Sculpt Spells through the API's cast route (issue 35):
//! the owner (a player) casts with `metamagic` and `sculpt` in the body and
//! the answer shows what they did; a refusal is 422 with its code and
//! changes nothing; another player and anonymous callers are refused.
//! SQLite always; PostgreSQL with `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const VEX: &str = "/campaigns/cave/characters/Vex";

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

/// The player's Sorcerer 5, Vex, who knows Quickened and Subtle Spell.
async fn vex(h: &common::Harness, token: &str) {
    let (s, v) = h
        .post(
            "/campaigns/cave/characters",
            Some(token),
            json!({"name": "Vex", "classes": [{"class": "sorcerer", "level": 5}],
                   "abilities": {"cha": 16}, "prepared": ["fire-bolt", "magic-missile"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = h
        .post(
            &format!("{VEX}/features"),
            Some(token),
            json!({"metamagic": ["quickened", "subtle"]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn metamagic_in_the_cast_body_reshapes_the_players_cast() {
    for h in harnesses().await {
        let t = table(&h).await;
        vex(&h, &t.petr).await;
        let casts = format!("{VEX}/casts");
        let body = json!({"spell": "fire-bolt", "targets": [{"name": "Orc"}], "seed": 3,
                          "metamagic": [{"option": "quickened"}]});
        // Anonymous and another player are refused before anything is read.
        let (s, _) = h.post(&casts, None, body.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{}", h.name);
        let (s, _) = h.post(&casts, Some(&t.eve), body.clone()).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{}", h.name);
        let (s, v) = h.post(&casts, Some(&t.petr), body).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        assert_eq!(v["cast"]["action"], "bonus_action", "{v}");
        assert_eq!(
            v["cast"]["metamagic"],
            json!({"options": ["quickened"], "points": 2}),
            "{v}"
        );
        // After a Quickened spell no level 1+ spell this turn: 422, and
        // the character is unchanged.
        let (_, before) = h.get(VEX, Some(&t.petr)).await;
        let (s, v) = h
            .post(
                &casts,
                Some(&t.petr),
                json!({"spell": "magic-missile", "targets": [{"name": "Orc"}], "seed": 3}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(code(&v), "spell_after_quickened", "{v}");
        let (_, after) = h.get(VEX, Some(&t.petr)).await;
        assert_eq!(before, after, "{}", h.name);
    }
}

#[tokio::test]
async fn metamagic_unknown_or_unfit_options_are_refused_with_their_code() {
    for h in harnesses().await {
        let t = table(&h).await;
        vex(&h, &t.petr).await;
        let casts = format!("{VEX}/casts");
        let (s, v) = h
            .post(
                &casts,
                Some(&t.petr),
                json!({"spell": "fire-bolt", "targets": [{"name": "Orc"}],
                       "metamagic": [{"option": "careful", "creatures": ["Orc"]}]}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(code(&v), "metamagic_not_known", "{v}");
        let (s, v) = h
            .post(
                &casts,
                Some(&t.petr),
                json!({"spell": "magic-missile", "targets": [{"name": "Orc"}],
                       "sculpt": ["Orc"]}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(code(&v), "subclass_feature_not_had", "{v}");
    }
}
