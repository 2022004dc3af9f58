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

/// Issue 12: a target's defences per damage type and its hit point maximum
/// reach the rules through the API: a psychic-immune target takes nothing,
/// a resistant one half, and healing stops at `max_hp`.
#[tokio::test]
async fn target_defences_and_hit_point_maximum_are_applied() {
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
        for (defense, taken) in [("immune", Some(0)), ("resistant", None)] {
            let target = json!([{"name": "Ghost", "stats": {"ac": 1,
                "defenses": [["psychic", defense]]}}]);
            let (s, v) = h
                .post(
                    path,
                    Some(&t.petr),
                    json!({"spell": "sorcerous-burst", "seed": 3, "targets": target,
                           "damage_type": "psychic"}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            let d = &v["cast"]["targets"][0]["damage"][0];
            let rolled = d["rolled"].as_u64().unwrap();
            let expected = taken.unwrap_or(rolled / 2);
            assert_eq!(d["taken"], expected, "{}: {defense}: {v}", h.name);
            let (s, _) = h
                .post(
                    "/campaigns/cave/characters/Vex/turns",
                    Some(&t.petr),
                    json!(null),
                )
                .await;
            assert_eq!(s, StatusCode::OK);
        }
        character(
            &h,
            &t.petr,
            json!({"name": "Ana", "classes": [{"class": "cleric", "level": 3}],
                   "abilities": {"wis": 16}, "prepared": ["cure-wounds"]}),
        )
        .await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Ana/casts",
                Some(&t.petr),
                json!({"spell": "cure-wounds", "seed": 3,
                       "targets": [{"name": "Vex", "stats": {"hp": 10, "max_hp": 12}}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["cast"]["targets"][0]["hp_after"], 12, "{}: {v}", h.name);
    }
}
