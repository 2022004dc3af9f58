//! Spell cards and damage distributions as documented API operations
//! (issue 18, "one API"): `/cards`, `/campaigns/{campaign}/cards`,
//! `/spells/{spell}/damage` and `/campaigns/{campaign}/spells/{spell}/damage`,
//! with the token checked first, every number bounded with a stable code,
//! and nothing written by reading them. The old `/web/api/` routes are gone.

mod common;

use axum::http::StatusCode;
use common::{Harness, Place, harnesses, table};
use serde_json::{Value, json};

/// The four operations, each with its 200 schema.
const OPERATIONS: [(&str, &str); 4] = [
    ("/cards", "#/components/schemas/SpellCard"),
    (
        "/campaigns/{campaign}/cards",
        "#/components/schemas/SpellCard",
    ),
    (
        "/spells/{spell}/damage",
        "#/components/schemas/DamageDistribution",
    ),
    (
        "/campaigns/{campaign}/spells/{spell}/damage",
        "#/components/schemas/DamageDistribution",
    ),
];

#[test]
fn cards_and_distributions_are_documented_with_their_schemas() {
    let doc = grimoire_server::openapi();
    for (path, schema) in OPERATIONS {
        let op = &doc["paths"][path]["get"];
        assert!(op["operationId"].is_string(), "{path} documented");
        let ok = &op["responses"]["200"]["content"]["application/json"]["schema"];
        let refers = ok["$ref"] == schema || ok["items"]["$ref"] == schema;
        assert!(refers, "{path}: {ok}");
        let secured = op["security"].as_array().is_some_and(|s| !s.is_empty());
        assert_eq!(secured, path.starts_with("/campaigns"), "{path}");
    }
    let schemas = &doc["components"]["schemas"];
    for name in [
        "SpellCard",
        "CardLevel",
        "CardDamage",
        "CardDelivery",
        "DamageTypeChoice",
        "Words",
        "DamageDistribution",
        "LevelDistribution",
        "EffectKind",
        "CastingKind",
        "DeliveryKind",
    ] {
        assert!(schemas[name].is_object(), "{name} in components");
    }
    // The character's own DamageReport keeps its name and shape.
    assert!(schemas["DamageReport"]["properties"]["concentration_kept"].is_object());
    let params = doc["paths"]["/spells/{spell}/damage"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let bounds = |name: &str| {
        let p = params.iter().find(|p| p["name"] == name).unwrap();
        (
            p["schema"]["minimum"].as_i64(),
            p["schema"]["maximum"].as_i64(),
        )
    };
    assert_eq!(bounds("slot"), (Some(0), Some(9)));
    assert_eq!(bounds("character_level"), (Some(1), Some(20)));
    assert_eq!(bounds("modifier"), (Some(-5), Some(10)));
    let cards = &doc["paths"]["/cards"]["get"]["responses"];
    assert!(cards["304"].is_object(), "a conditional GET may get a 304");
    let undocumented: Vec<&String> = doc["paths"]
        .as_object()
        .unwrap()
        .keys()
        .filter(|p| p.starts_with("/web"))
        .collect();
    assert!(undocumented.is_empty(), "{undocumented:?}");
}

#[tokio::test]
async fn the_web_api_routes_are_gone() {
    let h = Harness::new(Place::sqlite()).await;
    let t = table(&h).await;
    for path in [
        "/web/api/cards",
        "/web/api/spells/fireball/damage",
        "/web/api/campaigns/cave/cards",
        "/web/api/campaigns/cave/spells/fireball/damage",
    ] {
        let (s, v) = h.get(path, Some(&t.gm)).await;
        assert_eq!(
            (s, v["error"]["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no_route")),
            "{path}"
        );
    }
}

/// GETs `path` and compares the status and error code (empty on success).
async fn check(h: &Harness, path: &str, token: Option<&str>, expected: (StatusCode, &str)) {
    let (s, v) = h.get(path, token).await;
    let code = if s.is_success() {
        ""
    } else {
        v["error"]["code"].as_str().unwrap_or("(no code)")
    };
    assert_eq!((s, code), expected, "{} {path}: {v}", h.name);
}

#[tokio::test]
async fn distributions_refuse_numbers_out_of_range_with_the_field_named() {
    let h = Harness::new(Place::sqlite()).await;
    let ok = (StatusCode::OK, "");
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    for (query, expected) in [
        ("fireball/damage", ok),
        ("fireball/damage?slot=3&character_level=20&modifier=10", ok),
        ("fireball/damage?slot=9&modifier=-5", ok),
        ("fire-bolt/damage?slot=5", ok),
        ("fireball/damage?slot=2", (unprocessable, "slot_too_low")),
        ("fireball/damage?slot=0", (unprocessable, "slot_too_low")),
        (
            "fireball/damage?slot=10",
            (unprocessable, "invalid_slot_level"),
        ),
        (
            "fireball/damage?character_level=0",
            (unprocessable, "invalid_character_level"),
        ),
        (
            "fireball/damage?character_level=21",
            (unprocessable, "invalid_character_level"),
        ),
        (
            "fireball/damage?modifier=11",
            (unprocessable, "out_of_range"),
        ),
        (
            "fireball/damage?modifier=-6",
            (unprocessable, "out_of_range"),
        ),
        (
            "fireball/damage?slot=x",
            (StatusCode::BAD_REQUEST, "bad_query"),
        ),
        (
            "fireball/damage?slot=300",
            (StatusCode::BAD_REQUEST, "bad_query"),
        ),
        (
            "fireball/damage?seed=1",
            (StatusCode::BAD_REQUEST, "bad_query"),
        ),
        (
            "no-such-spell/damage",
            (StatusCode::NOT_FOUND, "unknown_spell"),
        ),
    ] {
        check(&h, &format!("/spells/{query}"), None, expected).await;
    }
    let (_, v) = h.get("/spells/fireball/damage?slot=2", None).await;
    assert_eq!(v["error"]["rule"], "R3", "{v}");
    let (_, v) = h.get("/spells/fireball/damage?modifier=11", None).await;
    assert!(
        v["error"]["message"].as_str().unwrap().contains("modifier"),
        "{v}"
    );
}

#[tokio::test]
async fn a_distribution_is_exact_and_the_modifier_is_added_where_the_spell_adds_it() {
    let h = Harness::new(Place::sqlite()).await;
    let (s, v) = h
        .get("/spells/cure-wounds/damage?slot=1&modifier=3", None)
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["spell"], "cure-wounds");
    assert_eq!(v["kind"], "healing");
    let level = &v["levels"][0];
    assert_eq!(level["slot"], 1);
    assert_eq!(level["formula"], "2d8 + 3");
    assert_eq!(
        (level["min"].as_i64(), level["max"].as_i64()),
        (Some(5), Some(19))
    );
    let pmf = level["pmf"].as_array().unwrap();
    assert_eq!(pmf.len(), 15, "totals 5 to 19");
    assert_eq!(pmf[0][0], 5);
    assert!((pmf[0][1].as_f64().unwrap() - 1.0 / 64.0).abs() < 1e-12);
    let total: f64 = pmf.iter().map(|p| p[1].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(v["assumes"]["en"].is_string() && v["assumes"]["cs"].is_string());
    // A cantrip's tier follows the character level; one level, slot 0.
    let (_, v) = h
        .get("/spells/fire-bolt/damage?character_level=11", None)
        .await;
    assert_eq!(v["levels"].as_array().unwrap().len(), 1);
    assert_eq!(
        (
            v["levels"][0]["slot"].as_u64(),
            v["levels"][0]["formula"].as_str()
        ),
        (Some(0), Some("3d10"))
    );
    // A spell with no numbers has no kind and no levels.
    let (s, v) = h.get("/spells/shield/damage", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        v,
        json!({"spell": "shield", "kind": null,
        "assumes": v["assumes"].clone(), "levels": []})
    );
}

#[tokio::test]
async fn a_card_keeps_its_json_shape() {
    let h = Harness::new(Place::sqlite()).await;
    let (s, v) = h.get("/cards", None).await;
    assert_eq!(s, StatusCode::OK);
    let cards = v.as_array().unwrap();
    let card = |id: &str| cards.iter().find(|c| c["id"] == id).unwrap().clone();
    let fireball = card("fireball");
    let mut keys: Vec<&String> = fireball.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "area",
            "casting_kind",
            "casting_time",
            "classes",
            "components",
            "concentration",
            "delivery",
            "duration",
            "homebrew",
            "id",
            "level",
            "levels",
            "name_cs",
            "name_en",
            "range",
            "ritual",
            "school",
            "school_name",
            "summary_cs",
            "summary_en",
        ]
    );
    assert_eq!(
        fireball["delivery"],
        json!({"kind": "save", "ability": "dexterity", "half_on_success": true})
    );
    assert_eq!(fireball["casting_kind"], "action");
    let mut first = fireball["levels"][0].clone();
    let mean = first["mean"].take().as_f64().unwrap();
    assert!((mean - 28.0).abs() < 1e-9, "{mean}");
    assert_eq!(
        first,
        json!({"slot": 3, "instances": 1, "mean": null, "damage": [{"formula": "8d6",
            "plus_modifier": false, "type": "fire", "type_name": {"en": "fire", "cs": "ohnivé"}}]})
    );
    assert_eq!(
        card("magic-missile")["delivery"],
        json!({"kind": "automatic", "ability": null, "half_on_success": false})
    );
    assert_eq!(card("fire-bolt")["delivery"]["kind"], "attack");
    assert_eq!(card("shield")["casting_kind"], "reaction");
    assert_eq!(card("misty-step")["casting_kind"], "bonus_action");
    assert_eq!(card("identify")["casting_kind"], "long");
    assert_eq!(card("chromatic-orb")["damage_choices"][0]["type"], "acid");
}

/// The campaign's routes check the token and membership before the path
/// names a spell or the query is read, and reading changes nothing.
#[tokio::test]
async fn campaign_cards_and_distributions_check_the_token_first_and_change_nothing() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (_, log_before) = h.get("/campaigns/cave/log", Some(&t.gm)).await;
        let (_, elmira_before) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        let bad = "/campaigns/cave/spells/no-such-spell/damage?modifier=99";
        check(&h, bad, None, (StatusCode::UNAUTHORIZED, "unauthorized")).await;
        check(
            &h,
            bad,
            Some("nonsense"),
            (StatusCode::UNAUTHORIZED, "unauthorized"),
        )
        .await;
        check(&h, bad, Some(&t.eve), (StatusCode::FORBIDDEN, "forbidden")).await;
        check(
            &h,
            "/campaigns/cave/cards",
            None,
            (StatusCode::UNAUTHORIZED, "unauthorized"),
        )
        .await;
        check(
            &h,
            "/campaigns/cave/cards",
            Some(&t.eve),
            (StatusCode::FORBIDDEN, "forbidden"),
        )
        .await;
        check(
            &h,
            bad,
            Some(&t.petr),
            (StatusCode::UNPROCESSABLE_ENTITY, "out_of_range"),
        )
        .await;
        let path = "/campaigns/cave/spells/no-such-spell/damage";
        check(
            &h,
            path,
            Some(&t.petr),
            (StatusCode::NOT_FOUND, "unknown_spell"),
        )
        .await;
        // A player sees the SRD's numbers through the campaign too, and no
        // homebrew cards where there are none.
        let (s, v) = h
            .get(
                "/campaigns/cave/spells/magic-missile/damage?slot=2",
                Some(&t.petr),
            )
            .await;
        assert_eq!(
            (s, v["levels"][0]["formula"].as_str()),
            (StatusCode::OK, Some("4d4 + 4")),
            "{v}"
        );
        let (s, v) = h.get("/campaigns/cave/cards", Some(&t.petr)).await;
        assert_eq!((s, v), (StatusCode::OK, json!([])), "{}", h.name);
        let (_, log_after) = h.get("/campaigns/cave/log", Some(&t.gm)).await;
        let (_, elmira_after) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        assert_eq!(log_after, log_before, "{}: nothing logged", h.name);
        assert_eq!(elmira_after, elmira_before, "{}: nothing changed", h.name);
        assert_ne!(elmira_before, Value::Null);
    }
}
