//! Always-prepared spells through the API (issue 31): `POST .../prepared`
//! with `always` keeps a spell prepared as a subclass, feat or Magical
//! Secrets does, outside the limit and R8's class-list check, the same
//! app step as `grimoire prepare --always`. SQLite always; PostgreSQL with
//! `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const ELMIRA: &str = "/campaigns/cave/characters/Elmira";

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

#[tokio::test]
async fn r8_an_always_prepared_spell_off_the_list_is_accepted_shown_and_cast() {
    for h in harnesses().await {
        let t = table(&h).await;
        let prepared = format!("{ELMIRA}/prepared");
        // Cure Wounds is not a Wizard spell: refused the usual way (R8).
        let (s, v) = h
            .post(&prepared, Some(&t.petr), json!({"spell": "cure-wounds"}))
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "not_on_class_list"),
            "{}: {v}",
            h.name
        );
        assert_eq!(v["error"]["rule"], "R8", "{v}");
        // Kept prepared by a feature: accepted, counting as a Wizard spell.
        let (s, v) = h
            .post(
                &prepared,
                Some(&t.petr),
                json!({"spell": "Cure Wounds", "always": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let (s, c) = h.get(ELMIRA, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{c}");
        assert_eq!(
            c["always_prepared"],
            json!([{"spell": "cure-wounds", "class": "wizard"}]),
            "{}: {c}",
            h.name
        );
        // Outside the prepared list.
        assert_eq!(c["prepared"], json!(["magic-missile"]), "{c}");
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/casts"),
                Some(&t.petr),
                json!({"spell": "cure-wounds", "targets": [{"name": "Elmira"}], "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
    }
}

#[tokio::test]
async fn always_prepared_names_a_class_the_character_has() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/prepared"),
                Some(&t.petr),
                json!({"spell": "bless", "always": true, "class": "cleric"}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "no_such_class"),
            "{}: {v}",
            h.name
        );
    }
}
