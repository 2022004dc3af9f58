//! Finding 7 of the second audit (issue 30): `POST .../creatures` had no
//! cap (600 creatures were accepted, each add rewriting the whole
//! encounter). Every way into an encounter now counts against one cap of
//! 64 combatants, before the start and while it runs.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

#[tokio::test]
async fn the_gms_creatures_stop_at_the_combatant_cap() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        h.post(e, Some(&t.gm), json!({"name": "Horde"})).await;
        // Half plain combatants, half stat-block creatures: one cap for both.
        for i in 0..32 {
            let (s, v) = h
                .post(
                    &format!("{e}/Horde/combatants"),
                    Some(&t.gm),
                    json!({"name": format!("Goblin{i}"), "initiative": i}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        for i in 0..32 {
            let (s, v) = h
                .post(
                    &format!("{e}/Horde/creatures"),
                    Some(&t.gm),
                    json!({"name": format!("Mage{i}"), "monster": "mage", "initiative": i}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        let (_, before) = h.get(&format!("{e}/Horde"), Some(&t.gm)).await;
        assert_eq!(before["combatants"].as_array().unwrap().len(), 64);
        for (path, body) in [
            (
                "creatures",
                json!({"name": "Mage64", "monster": "mage", "initiative": 1}),
            ),
            ("combatants", json!({"name": "Goblin64", "initiative": 1})),
        ] {
            let (s, v) = h
                .post(&format!("{e}/Horde/{path}"), Some(&t.gm), body)
                .await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::UNPROCESSABLE_ENTITY, "too_many_combatants"),
                "{path}: {v}"
            );
            let message = v["error"]["message"].as_str().unwrap();
            assert!(
                message.contains("combatants") && message.contains("64"),
                "{v}"
            );
        }
        // Refused means nothing changed, and after the start too.
        let (_, after) = h.get(&format!("{e}/Horde"), Some(&t.gm)).await;
        assert_eq!(after, before);
        h.post(&format!("{e}/Horde/start"), Some(&t.gm), json!(null))
            .await;
        let (s, v) = h
            .post(
                &format!("{e}/Horde/creatures"),
                Some(&t.gm),
                json!({"name": "Late", "monster": "mage", "initiative": 1}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "too_many_combatants"),
            "{v}"
        );
        let (_, running) = h.get(&format!("{e}/Horde"), Some(&t.gm)).await;
        assert_eq!(running["combatants"].as_array().unwrap().len(), 64);
    }
}
