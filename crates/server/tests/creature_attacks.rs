//! A creature's attack on a character through the API (issue 34): `POST
//! /campaigns/{c}/encounters/{e}/attacks` runs `grimoire_app::creature_attack`,
//! the GM's alone: a player (the target's owner included) is refused, as is
//! anyone unsigned; the hit lands on the character's own hit points.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";
const C: &str = "/campaigns/cave/characters";

/// Petr's Paladin 5 (AC 12, 44 hit points) and an Orc in encounter Fight.
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
    let (s, v) = h
        .post(
            &format!("{C}/Pal/hp"),
            Some(&t.gm),
            json!({"max_hp": 44, "ac": 12}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
    for (path, body) in [
        (E.to_owned(), json!({"name": "Fight"})),
        (
            format!("{E}/Fight/combatants"),
            json!({"name": "Orc", "initiative": 15, "hp": 15}),
        ),
        (
            format!("{E}/Fight/combatants"),
            json!({"name": "Pal", "initiative": 1}),
        ),
        (format!("{E}/Fight/start"), Value::Null),
    ] {
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

#[tokio::test]
async fn creature_attack_route_is_the_gms_and_lands_on_the_character() {
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        let route = format!("{E}/Fight/attacks");
        // 14 + 5 = 19 against AC 12: a hit.
        let body = json!({"attacker": "Orc", "weapon": "greataxe", "target": "Pal",
                          "bonus": 5, "damage_bonus": 3, "seed": 3});
        let (s, _) = h.post(&route, None, body.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{}", h.name);
        let (s, v) = h.post(&route, Some(&t.petr), body.clone()).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{}: {v}", h.name);
        let (s, _) = h.post(&route, Some(&t.eve), body.clone()).await;
        assert!(s.is_client_error(), "{}: {s}", h.name);
        let (s, v) = h.post(&route, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let target = &v["attack"]["outcome"]["resolution"]["targets"][0];
        assert_eq!(target["attacks"][0]["hit"], true, "{v}");
        let dealt = target["damage_total"].as_u64().unwrap();
        let (_, pal) = h.get(&format!("{C}/Pal"), Some(&t.petr)).await;
        assert_eq!(
            pal["vitals"]["hp"].as_u64(),
            Some(44 - dealt),
            "{}: {pal}",
            h.name
        );
        // A creature of no running encounter of the target's: refused.
        let (s, v) = h
            .post(
                &route,
                Some(&t.gm),
                json!({"attacker": "Orc", "weapon": "Claw", "target": "Nobody",
                       "bonus": 5, "damage": "1d6+3", "damage_type": "slashing"}),
            )
            .await;
        assert!(s.is_client_error(), "{}: {s} {v}", h.name);
    }
}

#[tokio::test]
async fn the_table_hears_a_creature_attack_live() {
    use axum::body::Body;
    use axum::http::{Method, Request};
    use tower::ServiceExt;
    for h in harnesses().await {
        let t = table(&h).await;
        fight(&h, &t).await;
        // Petr, whose Paladin is attacked, follows the campaign's events.
        let req = Request::builder()
            .method(Method::GET)
            .uri("/campaigns/cave/events")
            .header("authorization", format!("Bearer {}", t.petr))
            .body(Body::empty())
            .unwrap();
        let mut stream = h.router.clone().oneshot(req).await.unwrap().into_body();
        let wait = std::time::Duration::from_secs(5);
        assert!(
            common::next_event(&mut stream, "ready", wait)
                .await
                .is_some()
        );
        let (s, v) = h
            .post(
                &format!("{E}/Fight/attacks"),
                Some(&t.gm),
                json!({"attacker": "Orc", "weapon": "greataxe", "target": "Pal",
                       "bonus": 5, "damage_bonus": 3, "seed": 3}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        // Issue 37: the attack reaches the table (the web redraws the
        // encounter, and alerts a player to a Shield window it opens).
        let ev = common::next_event(&mut stream, "encounter", wait)
            .await
            .unwrap_or_else(|| panic!("{}: no live event for the attack", h.name));
        assert_eq!(ev["character"], "Pal", "{ev}");
        assert_eq!(ev["data"]["attack"]["attacker"], "Orc", "{ev}");
        assert_eq!(ev["data"]["attack"]["target"], "Pal", "{ev}");
        assert_eq!(ev["data"]["attack"]["roll"], v["attack"]["roll"], "{ev}");
    }
}
