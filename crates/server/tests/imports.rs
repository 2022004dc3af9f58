//! Sheet uploads (issue 36): `POST /campaigns/{c}/imports` stores a
//! Foundry VTT or D&D Beyond character with its report, for the caller (a
//! player) or any member (the GM); `/imports/check` stores nothing. Tried
//! as GM, player, an outsider and anonymous.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

fn sheet(dir: &str, name: &str) -> Value {
    let path = format!(
        "{}/../import/tests/fixtures/{dir}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[tokio::test]
async fn a_player_imports_for_themself_and_the_gm_for_any_member() {
    for h in harnesses().await {
        let t = table(&h).await;
        let cleric = sheet("ddb", "ilvara-cleric-5.json");
        // Anonymous: 401; a member of no seat here: 403; nothing stored.
        let body = json!({"format": "ddb", "sheet": cleric});
        let (s, v) = h.post("/campaigns/cave/imports", None, body.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = h
            .post("/campaigns/cave/imports", Some(&t.eve), body.clone())
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        // A player for themself.
        let (s, v) = h
            .post("/campaigns/cave/imports", Some(&t.petr), body.clone())
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["character"]["name"], "Ilvara Dawnmantle");
        assert_eq!(v["character"]["owner"], "petr");
        assert_eq!(v["findings"], json!([]), "{v}");
        let lines = v["report"]["lines"].as_array().unwrap();
        assert!(
            lines
                .iter()
                .any(|l| l["name"] == "Radiant Mote" && l["fate"]["what"] == "unknown_spell")
        );
        assert!(v["change"].as_i64().is_some());
        // A player may not import for another account.
        let (s, v) = h
            .post(
                "/campaigns/cave/imports",
                Some(&t.petr),
                json!({"format": "foundry", "sheet": sheet("foundry", "akra-5.json"),
                       "owner": "gm"}),
            )
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        // The GM for a player; the name taken twice is a conflict.
        let akra = json!({"format": "foundry", "sheet": sheet("foundry", "akra-5.json"),
                          "owner": "petr"});
        let (s, v) = h
            .post("/campaigns/cave/imports", Some(&t.gm), akra.clone())
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["character"]["owner"], "petr");
        let (s, v) = h.post("/campaigns/cave/imports", Some(&t.gm), akra).await;
        assert_eq!(s, StatusCode::CONFLICT, "{v}");
        // The player now plays both.
        let (s, v) = h
            .get("/campaigns/cave/characters/Akra", Some(&t.petr))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
}

#[tokio::test]
async fn a_check_stores_nothing_and_a_body_that_is_no_sheet_is_422() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/imports/check",
                Some(&t.petr),
                json!({"format": "ddb", "sheet": sheet("ddb", "tamsin-warlock-3-2014.json")}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["name"], "Tamsin Vey");
        let codes: Vec<&str> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        assert!(codes.contains(&"class_2014"), "{v}");
        let (s, v) = h.get("/campaigns/cave/characters", Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v.as_array().map(Vec::len), Some(1), "{v}");
        // Schema-valid but not a sheet: refused as a value (422), naming the field.
        for (format, code) in [
            ("foundry", "not_a_foundry_actor"),
            ("ddb", "not_a_ddb_character"),
        ] {
            let (s, v) = h
                .post(
                    "/campaigns/cave/imports",
                    Some(&t.gm),
                    json!({"format": format, "sheet": {}}),
                )
                .await;
            assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
            assert_eq!(v["error"]["code"], code, "{v}");
        }
        // A real sheet without spells: 422 with the import's code.
        let (s, v) = h
            .post(
                "/campaigns/cave/imports/check",
                Some(&t.gm),
                json!({"format": "ddb", "sheet": sheet("ddb", "bobash.json")}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["error"]["code"], "not_a_spellcaster", "{v}");
        let (s, v) = h
            .post(
                "/campaigns/cave/imports/check",
                None,
                json!({"format": "ddb", "sheet": {}}),
            )
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    }
}
