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
