//! Death saves and Hit Point Dice through the API (issue 34, the 2024
//! rules): the player whose character it is and the GM roll a dying
//! character's death save or make it Stable; a critical hit at 0 is two
//! failures; a Short Rest spends Hit Point Dice with the Constitution
//! modifier; no one else may, and no one unsigned. SQLite always;
//! PostgreSQL with `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const ELMIRA: &str = "/campaigns/cave/characters/Elmira";

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

#[tokio::test]
async fn death_saves_and_hit_dice_by_seat() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/hp"),
                Some(&t.gm),
                json!({"max_hp": 20, "ac": 12}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/damage"),
                Some(&t.gm),
                json!({"amount": 20, "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let saves = format!("{ELMIRA}/death-saves");

        // No one unsigned, no one outside the campaign.
        let (s, v) = h.post(&saves, None, json!({"seed": 7})).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNAUTHORIZED, "unauthorized"),
            "{v}"
        );
        let (s, v) = h.post(&saves, Some(&t.eve), json!({"seed": 7})).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");

        // Her player rolls: seed 7's d20 is an 8, a failure.
        let (s, v) = h.post(&saves, Some(&t.petr), json!({"seed": 7})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["result"], "failure", "{v}");
        assert_eq!(v["roll"]["total"], 8, "{v}");
        assert_eq!(v["character"]["vitals"]["death"]["failures"], 1, "{v}");

        // The GM makes her Stable (Spare the Dying); then no more saves.
        let (s, v) = h
            .post(&saves, Some(&t.gm), json!({"stabilize": true}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["character"]["vitals"]["death"]["stable"], true, "{v}");
        let (s, v) = h.post(&saves, Some(&t.petr), json!({"seed": 7})).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "not_dying"),
            "{v}"
        );

        // A critical hit at 0: two more failures, three in all: dead.
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/damage"),
                Some(&t.gm),
                json!({"amount": 1, "critical": true, "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["character"]["vitals"]["death"]["dead"], true, "{v}");
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/rests"),
                Some(&t.petr),
                json!({"kind": "short", "hit_dice": {"d6": 1}}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "dead"),
            "{v}"
        );
    }
}

#[tokio::test]
async fn hit_dice_on_a_short_rest_through_the_api() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/hp"),
                Some(&t.gm),
                json!({"max_hp": 20, "ac": 12, "hp": 5}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let rests = format!("{ELMIRA}/rests");
        let (s, v) = h
            .post(
                &rests,
                None,
                json!({"kind": "short", "hit_dice": {"d6": 2}}),
            )
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = h
            .post(
                &rests,
                Some(&t.petr),
                json!({"kind": "short", "hit_dice": {"d6": 2}, "seed": 3}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let rolls = v["hit_dice_rolls"].as_array().unwrap();
        assert_eq!(rolls.len(), 2, "{v}");
        let healed: u64 = rolls.iter().map(|r| r["healed"].as_u64().unwrap()).sum();
        assert_eq!(v["hit_dice_healed"].as_u64(), Some(healed));
        assert_eq!(
            v["character"]["vitals"]["hp"].as_u64(),
            Some((5 + healed).min(20))
        );
        // A Wizard 3 has three d6: one left.
        let (s, v) = h
            .post(
                &rests,
                Some(&t.gm),
                json!({"kind": "short", "hit_dice": {"d6": 2}}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "no_hit_dice_left"),
            "{v}"
        );
        let (s, v) = h.post(&rests, Some(&t.gm), json!({"kind": "long"})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(v["character"]["vitals"]["hit_dice_spent"].is_null(), "{v}");
    }
}

#[tokio::test]
async fn hit_dice_party_rest_is_the_gms_and_rests_everyone() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/hp"),
                Some(&t.gm),
                json!({"max_hp": 20, "ac": 12, "hp": 5}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let rests = "/campaigns/cave/rests";
        let (s, v) = h.post(rests, None, json!({"kind": "long"})).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        let (s, v) = h.post(rests, Some(&t.petr), json!({"kind": "long"})).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (s, v) = h.post(rests, Some(&t.gm), json!({"kind": "long"})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["characters"],
            json!([{"name": "Elmira", "hp": 20, "max_hp": 20, "refused": null, "hit_dice_rolls": []}]),
            "{v}"
        );
        let (s, v) = h.post(rests, Some(&t.gm), json!({"kind": "long"})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["characters"][0]["refused"], "long_rest_too_soon", "{v}");
        assert!(v["change"].is_null(), "{v}");
    }
}

#[tokio::test]
async fn hit_dice_party_short_rest_to_heal_spends_what_is_missing() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/hp"),
                Some(&t.gm),
                json!({"max_hp": 20, "ac": 12, "hp": 5}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let rests = "/campaigns/cave/rests";
        let body = json!({"kind": "short", "hit_dice": "to_heal", "seed": 4});
        let (s, v) = h.post(rests, Some(&t.petr), body.clone()).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (s, v) = h.post(rests, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let elmira = &v["characters"][0];
        let rolls = elmira["hit_dice_rolls"].as_array().unwrap();
        // 15 missing, a d6 averages 4 with CON +0: all three of a Wizard 3.
        assert_eq!(rolls.len(), 3, "{v}");
        let healed: u64 = rolls.iter().map(|r| r["healed"].as_u64().unwrap()).sum();
        assert_eq!(elmira["hp"].as_u64(), Some((5 + healed).min(20)), "{v}");
        // Without hit_dice a Short Rest spends none.
        let (s, v) = h.post(rests, Some(&t.gm), json!({"kind": "short"})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["characters"][0]["hit_dice_rolls"], json!([]), "{v}");
    }
}

/// 2024 Hit Point Dice on a party Short Rest, each character's own: the
/// GM names the dice a character spends (`hit_dice_each`), in the one
/// change of the party's rest; a player may not, and a name that is no
/// character of the campaign is refused with nothing rested.
#[tokio::test]
async fn hit_dice_party_short_rest_takes_each_characters_own_dice() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                &format!("{ELMIRA}/hp"),
                Some(&t.gm),
                json!({"max_hp": 20, "ac": 12, "hp": 5}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let rests = "/campaigns/cave/rests";
        let body = json!({"kind": "short", "hit_dice": "to_heal",
                          "hit_dice_each": {"elmira": {"d6": 1}}, "seed": 4});
        let (s, v) = h.post(rests, Some(&t.petr), body.clone()).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (s, v) = h.post(rests, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let rolls = v["characters"][0]["hit_dice_rolls"].as_array().unwrap();
        assert_eq!(rolls.len(), 1, "the one d6 named, not to_heal's three: {v}");
        assert_eq!(rolls[0]["size"], 6, "{v}");
        assert!(v["change"].is_i64(), "{v}");
        let (s, v) = h
            .post(
                rests,
                Some(&t.gm),
                json!({"kind": "short", "hit_dice_each": {"Nobody": {"d6": 1}}}),
            )
            .await;
        assert_eq!(code(&v), "unknown_character", "{s}: {v}");
        let (s, v) = h
            .post(
                rests,
                Some(&t.gm),
                json!({"kind": "short", "hit_dice_each": {"Elmira": {"d6": 3}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["characters"][0]["refused"], "no_hit_dice_left",
            "two left: {v}"
        );
        assert!(v["change"].is_null(), "nobody rested: {v}");
    }
}

#[tokio::test]
async fn hit_points_maximum_from_the_hit_point_dice_through_the_api() {
    for h in harnesses().await {
        let t = table(&h).await;
        let hp = format!("{ELMIRA}/hp");
        let (s, v) = h.post(&hp, None, json!({"max_hp_auto": "fixed"})).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
        // A Wizard 3 with CON 10: 6, then 2 × (3 + 1).
        let (s, v) = h
            .post(&hp, Some(&t.gm), json!({"max_hp_auto": "fixed", "ac": 12}))
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        assert_eq!(v["character"]["vitals"]["max_hp"], 14, "{v}");
        let rolled = json!({"max_hp_auto": "rolled", "seed": 9});
        let (s, v) = h.post(&hp, Some(&t.petr), rolled.clone()).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let max = v["character"]["vitals"]["max_hp"].as_u64().unwrap();
        assert!((8..=18).contains(&max), "6, then two d6: {v}");
        let (_, again) = h.post(&hp, Some(&t.petr), rolled).await;
        assert_eq!(again["character"]["vitals"]["max_hp"].as_u64(), Some(max));
        let (s, v) = h
            .post(&hp, Some(&t.gm), json!({"max_hp_auto": "sometimes"}))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    }
}
