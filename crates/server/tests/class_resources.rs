//! Class resources through the API (issue 33): Font of Magic, Innate
//! Sorcery, Magical Cunning and a Short Rest with Arcane Recovery or
//! Sorcerous Restoration, tried as the GM, the character's player, another
//! player and no one. SQLite always; PostgreSQL with `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{Harness, harnesses, table};
use serde_json::{Value, json};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

/// A character of `petr`'s in the campaign.
async fn create(h: &Harness, petr: &str, name: &str, class: &str, level: u8) {
    let (s, v) = h
        .post(
            "/campaigns/cave/characters",
            Some(petr),
            json!({"name": name, "classes": [{"class": class, "level": level}],
                   "abilities": {"cha": 16, "int": 16}, "prepared": ["magic-missile"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
}

#[tokio::test]
async fn font_of_magic_innate_sorcery_and_rests_by_seat() {
    for h in harnesses().await {
        let t = table(&h).await;
        create(&h, &t.petr, "Sera", "sorcerer", 5).await;
        let font = "/campaigns/cave/characters/Sera/font-of-magic";
        let to_slot = json!({"way": "to_slot", "level": 3});

        // No one unsigned, no one outside the campaign.
        let (s, v) = h.post(font, None, to_slot.clone()).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNAUTHORIZED, "unauthorized"),
            "{v}"
        );
        let (s, v) = h.post(font, Some(&t.eve), to_slot.clone()).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");

        // Her player makes a 3rd-level slot from 5 points.
        let (s, v) = h.post(font, Some(&t.petr), to_slot.clone()).await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let r = &v["character"]["resources"];
        assert_eq!(r["sorcery_points"], json!({"left": 0, "max": 5}), "{v}");
        assert_eq!(r["created_slots"], json!([{"level": 3, "count": 1}]), "{v}");
        let state = &v["character"]["state"];
        assert_eq!(state["resources"]["sorcery_spent"], 5, "{v}");
        assert_eq!(state["slots"]["created"][2], 1, "{v}");
        // None left: refused with the feature's words.
        let (s, v) = h.post(font, Some(&t.gm), to_slot).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "no_sorcery_points"),
            "{v}"
        );
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("Font of Magic"),
            "{v}"
        );
        let (s, v) = h
            .post(font, Some(&t.gm), json!({"way": "to_slot", "level": 6}))
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "slot_too_high_to_create"),
            "{v}"
        );

        // Next turn (the slot took the Bonus Action), the GM starts Innate
        // Sorcery for her; a second time is refused.
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Sera/turns",
                Some(&t.petr),
                json!({}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let innate = "/campaigns/cave/characters/Sera/innate-sorcery";
        let (s, v) = h.post(innate, None, json!({})).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = h.post(innate, Some(&t.gm), json!({})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["character"]["state"]["resources"]["innate_spent"], 1,
            "{v}"
        );
        let (s, v) = h.post(innate, Some(&t.petr), json!({})).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "innate_sorcery_active"),
            "{v}"
        );

        // A Short Rest with Sorcerous Restoration: 2 of the 5 points back.
        let rests = "/campaigns/cave/characters/Sera/rests";
        let (s, v) = h
            .post(
                rests,
                Some(&t.petr),
                json!({"kind": "short", "sorcerous_restoration": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["character"]["state"]["resources"]["sorcery_spent"], 3,
            "{v}"
        );
        let (s, v) = h
            .post(
                rests,
                Some(&t.petr),
                json!({"kind": "short", "sorcerous_restoration": true}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "sorcerous_restoration_used"
            ),
            "{v}"
        );
    }
}

#[tokio::test]
async fn arcane_recovery_and_magical_cunning_by_seat() {
    for h in harnesses().await {
        let t = table(&h).await;
        let elmira = "/campaigns/cave/characters/Elmira";
        let (s, v) = h
            .post(
                &format!("{elmira}/casts"),
                Some(&t.petr),
                json!({"spell": "magic-missile", "slot": 2, "targets": [{"name": "Goblin"}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        let recover = json!({"kind": "short", "arcane_recovery": [2]});
        let (s, v) = h
            .post(&format!("{elmira}/rests"), Some(&t.eve), recover.clone())
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        // Wizard 3: slot levels up to 2 come back.
        let (s, v) = h
            .post(&format!("{elmira}/rests"), Some(&t.petr), recover.clone())
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let slot2 = v["character"]["slots"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["level"] == 2)
            .cloned()
            .unwrap();
        assert_eq!(slot2["remaining"], 2, "{v}");
        let (s, v) = h
            .post(&format!("{elmira}/rests"), Some(&t.gm), recover)
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "arcane_recovery_used"),
            "{v}"
        );
        // Elmira is no Warlock: Magical Cunning is not hers.
        let (s, v) = h
            .post(
                &format!("{elmira}/magical-cunning"),
                Some(&t.petr),
                json!({}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "feature_not_had"),
            "{v}"
        );
        let (s, _) = h
            .post(&format!("{elmira}/magical-cunning"), None, json!({}))
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
}

/// Natural Recovery (a Circle of the Land Druid) and Memorize Spell (a
/// Wizard 5) as a Short Rest finishes, as each seat: the player rests her
/// own character, a stranger is forbidden and changes nothing.
#[tokio::test]
async fn natural_recovery_and_memorize_spell_by_seat() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.petr),
                json!({"name": "Lesa", "classes": [{"class": "druid", "level": 6}],
                       "abilities": {"wis": 16}}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let lesa = "/campaigns/cave/characters/Lesa";
        let (s, v) = h
            .post(
                &format!("{lesa}/features"),
                Some(&t.petr),
                json!({"subclasses": ["druid:land:polar"]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let (s, v) = h
            .post(
                &format!("{lesa}/casts"),
                Some(&t.petr),
                json!({"spell": "hold-person", "slot": 3, "targets": [{"name": "Goblin"}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        let recover = json!({"kind": "short", "natural_recovery": [3]});
        let (s, _) = h
            .post(&format!("{lesa}/rests"), None, recover.clone())
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, v) = h
            .post(&format!("{lesa}/rests"), Some(&t.eve), recover.clone())
            .await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (_, before) = h.get(lesa, Some(&t.petr)).await;
        assert_eq!(
            before["resources"]["natural_recovery"]["used"], false,
            "{before}"
        );
        let (s, v) = h
            .post(&format!("{lesa}/rests"), Some(&t.petr), recover.clone())
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["character"]["resources"]["natural_recovery"]["used"], true,
            "{v}"
        );
        let (s, v) = h.post(&format!("{lesa}/rests"), Some(&t.gm), recover).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "natural_recovery_used"),
            "{v}"
        );

        // Memorize Spell: Elmira is a Wizard 3, so not yet.
        let swap = json!({"kind": "short",
                          "memorize": {"forget": "magic-missile", "learn": "Shield"}});
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/rests",
                Some(&t.petr),
                swap.clone(),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "feature_not_had"),
            "{v}"
        );
        create(&h, &t.petr, "Zed", "wizard", 5).await;
        let zed = "/campaigns/cave/characters/Zed";
        let (s, v) = h
            .post(&format!("{zed}/rests"), Some(&t.eve), swap.clone())
            .await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (s, v) = h
            .post(&format!("{zed}/rests"), Some(&t.petr), swap.clone())
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let prepared = v["character"]["state"]["prepared"].to_string();
        assert!(
            prepared.contains("shield") && !prepared.contains("magic-missile"),
            "{v}"
        );
        // An unknown spell is named as such, and nothing changes.
        let bad = json!({"kind": "short", "memorize": {"forget": "shield", "learn": "no-such"}});
        let (_, before) = h.get(zed, Some(&t.gm)).await;
        let (s, v) = h.post(&format!("{zed}/rests"), Some(&t.gm), bad).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "unknown_spell"),
            "{v}"
        );
        let (_, after) = h.get(zed, Some(&t.gm)).await;
        assert_eq!(before, after, "a refused rest changes nothing");
    }
}

/// The document bounds what the routes accept: Arcane Recovery's slot
/// levels 1-9 (at most 10), Font of Magic's level 1-9, the way an enum.
#[tokio::test]
async fn the_openapi_document_bounds_the_class_resource_bodies() {
    let h = &harnesses().await[0];
    let (_, doc) = h.get("/openapi.json", None).await;
    let schemas = &doc["components"]["schemas"];
    let arcane = &schemas["RestInput"]["properties"]["arcane_recovery"];
    assert_eq!(arcane["maxItems"], 10, "{arcane}");
    assert_eq!(arcane["items"]["minimum"], 1, "{arcane}");
    assert_eq!(arcane["items"]["maximum"], 9, "{arcane}");
    let natural = &schemas["RestInput"]["properties"]["natural_recovery"];
    assert_eq!(natural["maxItems"], 10, "{natural}");
    assert_eq!(natural["items"]["maximum"], 9, "{natural}");
    let level = &schemas["FontInput"]["properties"]["level"];
    assert_eq!(
        (level["minimum"].clone(), level["maximum"].clone()),
        (json!(1), json!(9))
    );
    assert!(
        doc["paths"]["/campaigns/{campaign}/characters/{name}/font-of-magic"]["post"].is_object(),
        "the route is documented"
    );
}
