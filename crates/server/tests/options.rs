//! `GET …/characters/{name}/options` (issue 15): what a character can
//! cast now and why not the rest, through the router, on SQLite and (with
//! `DATABASE_URL`) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::json;

#[tokio::test]
async fn options_agree_with_the_cast_that_follows() {
    for h in harnesses().await {
        let t = table(&h).await;
        let path = "/campaigns/cave/characters/Elmira/options";
        let (s, o) = h.get(path, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{o}");
        let mm = o["castable"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["spell"] == "magic-missile")
            .unwrap_or_else(|| panic!("{o}"));
        assert_eq!(
            mm["ways"],
            json!([
                {"way": {"kind": "slot", "level": 1}, "action": "action"},
                {"way": {"kind": "slot", "level": 2}, "action": "action"}
            ])
        );
        // The GM may look too; a stranger may not; nothing changed by looking.
        let (s, by_gm) = h.get(path, Some(&t.gm)).await;
        assert_eq!((s, &by_gm), (StatusCode::OK, &o));
        let (s, _) = h.get(path, Some(&t.eve)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, v) = h
            .get("/campaigns/cave/characters/Nobody/options", Some(&t.petr))
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{v}");

        // A cast at level 2, then the list says R10 and a cast agrees.
        let (s, _) = h
            .post(
                "/campaigns/cave/characters/Elmira/casts",
                Some(&t.petr),
                json!({"spell": "magic-missile", "slot": 2}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED);
        let (_, o) = h.get(path, Some(&t.petr)).await;
        assert_eq!(o["blocked"][0]["code"], "one_slot_per_turn", "{o}");
        assert_eq!(o["blocked"][0]["rule"], "R10");
        // The refusal in every language, the English and Czech fields kept.
        let b = &o["blocked"][0];
        assert_eq!(b["messages"]["en"], b["message"], "{b}");
        assert_eq!(b["messages"]["cs"], b["message_cs"], "{b}");
        assert_ne!(b["message"], b["message_cs"], "{b}");
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/casts",
                Some(&t.petr),
                json!({"spell": "magic-missile"}),
            )
            .await;
        assert_eq!(
            (s, v["error"]["code"].clone()),
            (StatusCode::UNPROCESSABLE_ENTITY, json!("one_slot_per_turn"))
        );
    }
}

/// The what-if planner through the router: Magic Missile's exact mean,
/// the target's numbers as a query, refusals for a bad target.
#[tokio::test]
async fn the_plan_answers_with_exact_numbers_and_refuses_a_bad_target() {
    for h in harnesses().await {
        let t = table(&h).await;
        let base = "/campaigns/cave/characters/Elmira/plan";
        let (s, p) = h
            .get(&format!("{base}?target=ac%3D15,hp%3D7"), Some(&t.petr))
            .await;
        assert_eq!(s, StatusCode::OK, "{p}");
        let mm2 = p["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["spell"] == "magic-missile" && l["level"] == 2)
            .unwrap_or_else(|| panic!("{p}"));
        assert_eq!(mm2["mean"], 14.0, "four darts of 1d4+1");
        assert_eq!(mm2["kill_chance"], 1.0, "at least 8 against 7 hit points");
        let (s, p) = h.get(&format!("{base}?top=1"), Some(&t.gm)).await;
        assert_eq!(
            (s, p["lines"].as_array().unwrap().len()),
            (StatusCode::OK, 1)
        );
        let (s, v) = h.get(&format!("{base}?target=ac%3Dx"), Some(&t.petr)).await;
        assert_eq!(
            (s, v["error"]["code"].clone()),
            (StatusCode::UNPROCESSABLE_ENTITY, json!("bad_target"))
        );
        let (s, _) = h
            .get(&format!("{base}?attack=sideways"), Some(&t.petr))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        let (s, _) = h.get(base, Some(&t.eve)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }
}
