//! The cast input's optional fields: `damage_type` for a spell that offers
//! a choice, `alternative_time` for a spell's second casting time.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

async fn character(h: &common::Harness, token: &str, body: Value) {
    let (s, v) = h
        .post("/campaigns/cave/characters", Some(token), body)
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
}

#[tokio::test]
async fn damage_type_is_chosen_or_refused() {
    for h in harnesses().await {
        let t = table(&h).await;
        character(
            &h,
            &t.petr,
            json!({"name": "Vex", "classes": [{"class": "sorcerer", "level": 3}],
                   "abilities": {"cha": 16}, "prepared": ["sorcerous-burst"]}),
        )
        .await;
        let path = "/campaigns/cave/characters/Vex/casts";
        let target = json!([{"name": "Ogre", "stats": {"ac": 1}}]);
        let (s, v) = h
            .post(
                path,
                Some(&t.petr),
                json!({"spell": "sorcerous-burst", "seed": 7, "targets": target,
                       "damage_type": "necrotic"}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["error"]["code"], "damage_type_not_offered", "{}", h.name);
        let (s, v) = h
            .post(
                path,
                Some(&t.petr),
                json!({"spell": "sorcerous-burst", "seed": 7, "targets": target,
                       "damage_type": "psychic"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let damage = &v["cast"]["targets"][0]["damage"];
        assert_eq!(damage[0]["damage_type"], "psychic", "{v}");
    }
}

#[tokio::test]
async fn alternative_time_starts_the_long_casting_or_is_refused() {
    for h in harnesses().await {
        let t = table(&h).await;
        character(
            &h,
            &t.petr,
            json!({"name": "Dru", "classes": [{"class": "druid", "level": 5}],
                   "abilities": {"wis": 16}, "prepared": ["plant-growth", "cure-wounds"]}),
        )
        .await;
        let path = "/campaigns/cave/characters/Dru/casts";
        let (s, v) = h
            .post(
                path,
                Some(&t.petr),
                json!({"spell": "cure-wounds", "targets": [{"name": "Dru"}],
                       "alternative_time": true}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["error"]["code"], "no_alternative_casting_time");
        let (s, v) = h
            .post(
                path,
                Some(&t.petr),
                json!({"spell": "plant-growth", "alternative_time": true}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let started = &v["cast"]["status"]["started"];
        assert_eq!(started["rounds_needed"], 4800, "8 hours (R12): {}", h.name);
    }
}
