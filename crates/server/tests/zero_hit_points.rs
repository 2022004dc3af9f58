//! A creature at 0 hit points is Unconscious and casts nothing (issue 31),
//! through the API as the web table drives it: the GM enters a character's
//! hit points in the encounter and deals it damage; the player's cast is
//! then refused, also once the condition alone is taken away, and nothing
//! is spent. The hit points entered for her in the encounter are her
//! sheet's. SQLite always; PostgreSQL with `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

const ELMIRA: &str = "/campaigns/cave/characters/Elmira";
const E: &str = "/campaigns/cave/encounters/Cave";

#[tokio::test]
async fn zero_hit_points_from_encounter_damage_refuse_every_cast() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/encounters",
                Some(&t.gm),
                json!({"name": "Cave"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        for body in [
            json!({"name": "Elmira", "initiative": 20, "hp": 6}),
            json!({"name": "Goblin", "initiative": 5, "hp": 7}),
        ] {
            let (s, v) = h.post(&format!("{E}/combatants"), Some(&t.gm), body).await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        let (s, v) = h
            .post(&format!("{E}/start"), Some(&t.gm), json!(null))
            .await;
        assert_eq!((s, v["current"].clone()), (StatusCode::OK, json!("Elmira")));
        let (s, v) = h
            .post(
                &format!("{E}/damage"),
                Some(&t.gm),
                json!({"target": "Elmira", "amount": 9}),
            )
            .await;
        assert_eq!((s, v["hp"].clone()), (StatusCode::OK, json!(0)), "{v}");

        // At 0 she is Unconscious, and the hit points the GM entered are
        // her sheet's (one hit-point number): 6 at most, 0 now.
        let (_, c) = h.get(ELMIRA, Some(&t.petr)).await;
        assert_eq!(
            (c["vitals"]["max_hp"].clone(), c["vitals"]["hp"].clone()),
            (json!(6), json!(0)),
            "{c}"
        );
        let conditions = c["conditions"].clone();
        assert_eq!(conditions, json!(["unconscious"]), "{c}");

        let mm = json!({"spell": "magic-missile", "targets": [{"name": "Goblin"}], "seed": 1});
        let (s, v) = h
            .post(&format!("{ELMIRA}/casts"), Some(&t.petr), mm.clone())
            .await;
        assert_eq!(
            (s, code(&v), v["error"]["rule"].clone()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "at_zero_hit_points",
                json!("R9")
            ),
            "{v}"
        );
        // Taking the condition away gives no hit points back.
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/conditions"),
                Some(&t.gm),
                json!({"condition": "unconscious", "remove": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (_, before) = h.get(ELMIRA, Some(&t.petr)).await;
        let (_, enc_before) = h.get(E, Some(&t.gm)).await;
        let (s, v) = h.post(&format!("{ELMIRA}/casts"), Some(&t.petr), mm).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "at_zero_hit_points"),
            "{v}"
        );
        // Nothing changed: no slot spent, the Goblin untouched.
        let (_, after) = h.get(ELMIRA, Some(&t.petr)).await;
        assert_eq!(after, before);
        let (_, enc_after) = h.get(E, Some(&t.gm)).await;
        assert_eq!(enc_after, enc_before);
        let goblin = enc_after["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Goblin")
            .cloned()
            .unwrap();
        assert_eq!(goblin["hp"], 7, "{enc_after}");
    }
}
