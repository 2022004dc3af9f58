//! R14c through the HTTP API (issue 31): the equipment list the CLI and MCP
//! use holds for a cast posted to the table server, so a Holy Symbol of no
//! stated worth answers Bless, a Cleric's held focus is its Holy Symbol,
//! and a diamond worth too little is refused with both worths, changing
//! nothing. SQLite always; PostgreSQL with `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const ANA: &str = "/campaigns/cave/characters/Ana";

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

#[tokio::test]
async fn r14c_a_listed_holy_symbol_and_a_too_cheap_diamond_through_the_api() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.petr),
                json!({"name": "Ana", "classes": [{"class": "cleric", "level": 5}],
                       "abilities": {"wis": 16}, "prepared": ["bless", "revivify"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let casts = format!("{ANA}/casts");
        let equipment = format!("{ANA}/equipment");
        let bless = json!({"spell": "bless", "targets": [{"name": "Ana"}], "seed": 1});
        let (s, v) = h.post(&casts, Some(&t.petr), bless.clone()).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "missing_material"),
            "{}: {v}",
            h.name
        );
        // The Cleric's held focus is its Holy Symbol, listed at 5 GP.
        let (s, v) = h
            .post(
                &equipment,
                Some(&t.petr),
                json!({"free_hands": 1, "component_pouch": true, "focus": "held", "materials": []}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = h.post(&casts, Some(&t.petr), bless).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);

        let (s, _) = h
            .post(&format!("{ANA}/turns"), Some(&t.petr), json!(null))
            .await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = h
            .post(
                &equipment,
                Some(&t.petr),
                json!({"free_hands": 2, "component_pouch": true, "focus": "none",
                       "materials": ["diamond worth 100 GP"]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (_, before) = h.get(ANA, Some(&t.petr)).await;
        let (s, v) = h
            .post(
                &casts,
                Some(&t.petr),
                json!({"spell": "revivify", "targets": [{"name": "Ally"}]}),
            )
            .await;
        assert_eq!(
            (s, code(&v), v["error"]["rule"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "material_too_cheap",
                Some("R14c")
            ),
            "{}: {v}",
            h.name
        );
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("has diamond worth 100 GP"), "{message}");
        assert!(message.contains("needs 300 GP or more"), "{message}");
        let (_, after) = h.get(ANA, Some(&t.petr)).await;
        assert_eq!(before, after, "a refusal changes nothing");
    }
}
