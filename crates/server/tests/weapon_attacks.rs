//! Weapon attacks through the API (issue 34): `POST
//! .../characters/{name}/attacks` runs the same `grimoire_app::attack` as
//! `grimoire attack`. The owner and the GM may attack with a character,
//! nobody else; a player's answer hides the creature's hit points.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";
const C: &str = "/campaigns/cave/characters";

/// Petr's Paladin 5 with a longsword, in encounter Fight against an Orc
/// with 30 hit points, on the Paladin's turn.
async fn fight(h: &common::Harness, t: &common::Table) {
    let (s, v) = h
        .post(
            C,
            Some(&t.petr),
            json!({"name": "Pal", "classes": [{"class": "paladin", "level": 5}],
                   "abilities": {"str": 16}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
    let gear = json!({"free_hands": 2, "component_pouch": true, "focus": "none",
                      "materials": [], "weapons": ["Longsword"]});
    let (s, v) = h
        .post(&format!("{C}/Pal/equipment"), Some(&t.petr), gear)
        .await;
    assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
    for (path, body) in [
        (E.to_owned(), json!({"name": "Fight"})),
        (
            format!("{E}/Fight/combatants"),
            json!({"name": "Pal", "initiative": 15}),
        ),
        (
            format!("{E}/Fight/combatants"),
            json!({"name": "Orc", "initiative": 1, "hp": 30}),
        ),
        (format!("{E}/Fight/start"), Value::Null),
    ] {
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

fn orc_hp(status: &Value) -> i64 {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Orc")
        .and_then(|c| c["hp"].as_i64())
        .unwrap_or_else(|| panic!("{status}"))
}

#[tokio::test]
async fn attack_route_player_attacks_with_own_character_and_sees_no_creature_numbers() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let route = format!("{C}/Pal/attacks");
        let body = json!({"weapon": "longsword", "target": "Orc", "seed": 4});
        // Nobody else: anonymous, nor a stranger to the campaign.
        let (s, _) = h.post(&route, None, body.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{}", h.name);
        let (s, _) = h.post(&route, Some(&t.eve), body.clone()).await;
        assert!(
            s.is_client_error() && s != StatusCode::UNPROCESSABLE_ENTITY,
            "{}: {s}",
            h.name
        );
        let (s, v) = h.post(&route, Some(&t.petr), body.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        let a = &v["attack"];
        assert_eq!(a["attack_bonus"], 6, "{}: {v}", h.name);
        assert_eq!(a["rolls"][0]["notation"], "1d20+6");
        assert_eq!(a["target"]["target"], "Orc");
        assert_eq!(
            a["target"]["hp_after"],
            Value::Null,
            "hidden from a player: {v}"
        );
        let dealt = a["target"]["damage_total"].as_i64().unwrap();
        assert!(dealt > 0, "{}: {v}", h.name);
        let (_, status) = h.get(&format!("{E}/Fight"), Some(&t.gm)).await;
        assert_eq!(
            orc_hp(&status),
            30 - dealt,
            "{}: the GM sees the tracker",
            h.name
        );
        // Extra Attack (Paladin 5): a second attack in the same action.
        let (s, v) = h.post(&route, Some(&t.gm), body.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        assert_eq!(v["attack"]["attacks_left"], 0, "{}: {v}", h.name);
        let dealt = dealt + v["attack"]["target"]["damage_total"].as_i64().unwrap();
        // No third: refused, nothing changes (R9).
        let (s, v) = h.post(&route, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{}: {v}", h.name);
        assert_eq!(v["error"]["code"], "action_unavailable", "{}: {v}", h.name);
        let (_, status) = h.get(&format!("{E}/Fight"), Some(&t.gm)).await;
        assert_eq!(orc_hp(&status), 30 - dealt, "{}", h.name);
    }
}

#[tokio::test]
async fn attack_route_gm_sees_the_numbers_and_unknown_weapons_are_refused() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let route = format!("{C}/Pal/attacks");
        let (s, v) = h
            .post(
                &route,
                Some(&t.gm),
                json!({"weapon": "lightsaber", "target": "Orc"}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{}: {v}", h.name);
        assert_eq!(v["error"]["code"], "unknown_weapon", "{}: {v}", h.name);
        let gear = json!({"free_hands": 2, "component_pouch": true, "focus": "none",
                          "materials": [], "weapons": ["lightsaber"]});
        let (s, v) = h
            .post(&format!("{C}/Pal/equipment"), Some(&t.petr), gear)
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{}: {v}", h.name);
        assert_eq!(v["error"]["code"], "unknown_weapon", "{}: {v}", h.name);
        let body = json!({"weapon": "longsword", "target": "Orc", "seed": 4, "two_handed": true});
        let (s, v) = h.post(&route, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        let a = &v["attack"];
        assert_eq!(a["rolls"][1]["notation"], "1d10+3", "{}: {v}", h.name);
        let dealt = a["target"]["damage_total"].as_i64().unwrap();
        assert_eq!(a["target"]["hp_after"], 30 - dealt, "the GM sees it: {v}");
    }
}
