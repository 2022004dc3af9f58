//! Bonuses to attack rolls come from the effects in force (Bless), decided
//! in the one cast use case (issue 32): a player's cast body that names its
//! own `attack_bonuses` (a +20 of its own choosing) is refused and changes
//! nothing; the GM may still adjust a roll. On SQLite and, with
//! `DATABASE_URL`, on PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::json;

const ELMIRA: &str = "/campaigns/cave/characters/Elmira";

#[tokio::test]
async fn a_player_cannot_give_their_own_cast_an_attack_bonus() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (_, before) = h.get(ELMIRA, Some(&t.petr)).await;
        let (_, log) = h.get("/campaigns/cave/log", Some(&t.gm)).await;
        let forged = json!({"spell": "magic-missile", "seed": 3,
                            "targets": [{"name": "Goblin"}],
                            "attack_bonuses": [{"flat": 20}]});
        let (s, v) = h
            .post(&format!("{ELMIRA}/casts"), Some(&t.petr), forged)
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{}: {v}", h.name);
        assert_eq!(v["error"]["code"], "invalid_request", "{v}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("attack_bonuses"), "{message}");
        assert_eq!(
            h.get(ELMIRA, Some(&t.petr)).await.1,
            before,
            "no slot spent"
        );
        assert_eq!(h.get("/campaigns/cave/log", Some(&t.gm)).await.1, log);

        // The GM, who runs the table, may.
        let gm = json!({"spell": "magic-missile", "seed": 3,
                        "targets": [{"name": "Goblin"}],
                        "attack_bonuses": [{"flat": 1}]});
        let (s, v) = h.post(&format!("{ELMIRA}/casts"), Some(&t.gm), gm).await;
        assert!(s.is_success(), "{}: {s} {v}", h.name);
    }
}
