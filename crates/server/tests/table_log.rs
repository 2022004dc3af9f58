//! The table log through the API (issue 13): every member reads the
//! campaign's casts as cards, newest first, a page at a time; a player
//! never sees a creature's hit points on them.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::json;

#[tokio::test]
async fn the_whole_table_reads_each_cast_as_a_card_with_every_die() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
        h.post(
            &format!("{e}/Cave/combatants"),
            Some(&t.gm),
            json!({"name": "Elmira", "initiative": 20}),
        )
        .await;
        h.post(
            &format!("{e}/Cave/combatants"),
            Some(&t.gm),
            json!({"name": "Goblin", "initiative": 5, "hp": 30}),
        )
        .await;
        h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
            .await;
        let (s, cast) = h
            .post(
                "/campaigns/cave/characters/Elmira/casts",
                Some(&t.petr),
                json!({"spell": "magic-missile", "targets": [{"name": "Goblin"}], "seed": 4}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{cast}");

        // The GM's page: the cast first, with its dice and the Goblin's hit points.
        let (s, log) = h.get("/campaigns/cave/log", Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK, "{log}");
        let first = &log["entries"][0];
        assert!(
            first["command"].as_str().unwrap().contains("magic-missile"),
            "{log}"
        );
        let card = &first["cards"][0];
        assert_eq!(card["caster"], "Elmira", "{card}");
        assert_eq!(card["spell"], "magic-missile");
        assert_eq!(card["rolls"], cast["rolls"], "the same dice as the cast");
        // The GM sees the Goblin's hit points after the darts; the player's
        // own answer to the cast did not show them (issue 30, finding 6).
        let dealt = cast["targets"][0]["damage_total"].as_i64().unwrap();
        assert_eq!(card["targets"][0]["hp_after"], json!(30 - dealt), "{card}");
        assert!(cast["targets"][0]["hp_after"].is_null(), "{cast}");

        // The player's page: the same card, the creature's hit points left out.
        let (s, theirs) = h.get("/campaigns/cave/log", Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{theirs}");
        let card = &theirs["entries"][0]["cards"][0];
        assert_eq!(card["rolls"], cast["rolls"]);
        assert!(card["targets"][0]["hp_after"].is_null(), "{card}");

        // Pages: one at a time, then older ones, then the end.
        let (_, one) = h.get("/campaigns/cave/log?limit=1", Some(&t.gm)).await;
        assert_eq!(one["entries"].as_array().unwrap().len(), 1);
        let next = one["next"].as_i64().expect("a next page");
        let (_, older) = h
            .get(
                &format!("/campaigns/cave/log?limit=200&before={next}"),
                Some(&t.gm),
            )
            .await;
        let older = older["entries"].as_array().unwrap();
        assert!(!older.is_empty());
        assert!(older.iter().all(|x| x["change"].as_i64().unwrap() < next));
        assert_eq!(older.len() + 1, log["entries"].as_array().unwrap().len());

        // Strangers and bad pages are refused, and reading changed nothing.
        let (s, _) = h.get("/campaigns/cave/log", Some(&t.eve)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, v) = h.get("/campaigns/cave/log?limit=0", Some(&t.gm)).await;
        assert_eq!(
            (s, v["error"]["code"].clone()),
            (StatusCode::UNPROCESSABLE_ENTITY, json!("bad_limit"))
        );
        let (s, _) = h.get("/campaigns/cave/log?limit=x", Some(&t.gm)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        let (_, again) = h.get("/campaigns/cave/log", Some(&t.gm)).await;
        assert_eq!(again, log, "reading the log changes nothing");
    }
}
