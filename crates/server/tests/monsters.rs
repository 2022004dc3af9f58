//! Monsters that cast and Reactions that interrupt (issue 14) through the
//! API, on SQLite and, with `DATABASE_URL`, on PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

#[tokio::test]
async fn the_bestiary_is_public_and_searchable_in_czech() {
    for h in harnesses().await {
        let (s, v) = h.get("/monsters?q=kněz", None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(
            v["monsters"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["id"] == "priest"),
            "{v}"
        );
        let (s, v) = h.get("/monsters/arcim%C3%A1g", None).await;
        assert_eq!(
            (s, v["save_dc"].clone()),
            (StatusCode::OK, json!(17)),
            "{v}"
        );
        let (s, v) = h.get("/monsters/beholder", None).await;
        assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "unknown_monster"));
    }
}

#[tokio::test]
async fn r11_the_gm_casts_for_mages_and_one_answers_the_other() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
        // Issue 31: creatures answer their allies' casts only when the GM
        // says so; the second Mage is set to.
        for (name, init, allies) in [("Cave Mage#1", 20, false), ("Cave Mage#2", 10, true)] {
            let (s, v) = h
                .post(
                    &format!("{e}/Cave/creatures"),
                    Some(&t.gm),
                    json!({"name": name, "monster": "mage", "initiative": init,
                           "reacts_to_allies": allies}),
                )
                .await;
            assert_eq!((s, v["hp"].clone()), (StatusCode::OK, json!(81)), "{v}");
        }
        let (s, v) = h
            .post(
                &format!("{e}/Cave/creatures"),
                Some(&t.gm),
                json!({"name": "X", "monster": "beholder", "initiative": 1}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "unknown_monster")
        );
        h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
            .await;

        let fireball = json!({"caster": "Cave Mage#1", "spell": "fireball",
                              "targets": ["Cave Mage#2"], "seed": 5});
        let (s, v) = h
            .post(&format!("{e}/Cave/cast"), Some(&t.petr), fireball.clone())
            .await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"));
        let (s, v) = h
            .post(&format!("{e}/Cave/cast"), Some(&t.gm), fireball)
            .await;
        assert_eq!(
            (s, v["status"].clone()),
            (StatusCode::OK, json!("pending")),
            "{v}"
        );
        assert_eq!(v["reactors"][0]["name"], "Cave Mage#2");
        let (_, st) = h.get(&format!("{e}/Cave"), Some(&t.petr)).await;
        assert_eq!(st["window"]["pending"]["caster"], "Cave Mage#1", "{st}");
        assert_eq!(st["combatants"][0]["creature"], true, "{st}");
        // Members see the window.
        let (s, v) = h.get(&format!("{e}/Cave/window"), Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["window"]["pending"]["spell"], "fireball", "{v}");
        // R11 refusals carry the rule.
        let (s, v) = h
            .post(
                &format!("{e}/Cave/react"),
                Some(&t.gm),
                json!({"caster": "Cave Mage#2", "spell": "shield"}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "not_an_answer")
        );
        assert_eq!(v["error"]["rule"], "R11");
        let (s, v) = h
            .post(&format!("{e}/Cave/next"), Some(&t.gm), json!(null))
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "reaction_window_open")
        );
        assert_eq!(
            v["error"]["message"],
            "R11: Cave Mage#1's Fireball waits for reactions; react, pass or resolve it first",
            "{v}"
        );

        let (s, v) = h
            .post(
                &format!("{e}/Cave/react"),
                Some(&t.gm),
                json!({"caster": "Cave Mage#2", "spell": "counterspell", "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["cast"]["via"], "Protective Magic", "{v}");
        // The answer names what it answered, so every seat's card can say
        // whose Fireball it countered (issue 37).
        let answered = &v["answered"];
        assert_eq!(answered["kind"], "spell_cast", "{v}");
        assert_eq!(answered["caster"], "Cave Mage#1", "{v}");
        assert_eq!(answered["spell"], "fireball", "{v}");
        if v["countered"] == false {
            let (s, v) = h
                .post(
                    &format!("{e}/Cave/resolve"),
                    Some(&t.gm),
                    json!({"seed": 3}),
                )
                .await;
            assert_eq!(
                (s, v["resolved"].clone()),
                (StatusCode::OK, json!("cast")),
                "{v}"
            );
        }
        let (_, v) = h.get(&format!("{e}/Cave/window"), Some(&t.gm)).await;
        assert_eq!(v["window"], Value::Null, "{v}");
        let protective = v["creatures"][1]["uses"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["name"] == "Protective Magic")
            .cloned()
            .unwrap();
        assert_eq!(protective["remaining"], 2, "{v}");

        // Shield answers a hit on the second mage: 17 against AC 15 + 5 misses.
        let (s, v) = h
            .post(
                &format!("{e}/Cave/window"),
                Some(&t.gm),
                json!({"kind": "hit", "attacker": "Cave Mage#1", "target": "Cave Mage#2",
                       "attack_total": 17}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        // Mage#2 already used its Reaction on the Counterspell this round.
        let (s, v) = h
            .post(
                &format!("{e}/Cave/react"),
                Some(&t.gm),
                json!({"caster": "Cave Mage#2", "spell": "shield"}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "action_unavailable")
        );
        let (s, v) = h
            .post(&format!("{e}/Cave/resolve"), Some(&t.gm), json!({}))
            .await;
        assert_eq!((s, v["hits"].clone()), (StatusCode::OK, json!(true)), "{v}");
    }
}

/// R11: a player answers a window for their own character, never for a
/// creature or another player's character.
#[tokio::test]
async fn r11_a_player_passes_for_their_own_character_only() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
        h.post(
            &format!("{e}/Cave/combatants"),
            Some(&t.gm),
            json!({"name": "Elmira", "initiative": 5}),
        )
        .await;
        h.post(
            &format!("{e}/Cave/creatures"),
            Some(&t.gm),
            json!({"name": "Cave Mage#1", "monster": "mage", "initiative": 20}),
        )
        .await;
        h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
            .await;
        let (s, v) = h
            .post(
                &format!("{e}/Cave/window"),
                Some(&t.gm),
                json!({"kind": "fall", "creature": "Elmira"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = h
            .post(
                &format!("{e}/Cave/pass"),
                Some(&t.petr),
                json!({"name": "Cave Mage#1"}),
            )
            .await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (s, v) = h
            .post(
                &format!("{e}/Cave/pass"),
                Some(&t.petr),
                json!({"name": "Elmira"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = h
            .post(&format!("{e}/Cave/resolve"), Some(&t.petr), json!({}))
            .await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
    }
}

/// R11 through the player's own cast route: inside an encounter, a Magic
/// Missile the GM's Mage could counterspell waits in the window (202,
/// nothing spent), and the GM sees who may answer; resolving it casts it
/// and only then spends the slot.
#[tokio::test]
async fn r11_a_players_cast_waits_for_the_mages_counterspell() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        let me = "/campaigns/cave/characters/Elmira";
        h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
        h.post(
            &format!("{e}/Cave/combatants"),
            Some(&t.gm),
            json!({"name": "Elmira", "initiative": 20}),
        )
        .await;
        h.post(
            &format!("{e}/Cave/creatures"),
            Some(&t.gm),
            json!({"name": "Cave Mage#1", "monster": "mage", "initiative": 5}),
        )
        .await;
        h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
            .await;
        let (_, before) = h.get(me, Some(&t.petr)).await;
        let (s, v) = h
            .post(
                &format!("{me}/casts"),
                Some(&t.petr),
                json!({"spell": "magic-missile", "targets": [{"name": "Cave Mage#1"}], "seed": 2}),
            )
            .await;
        assert_eq!(s, StatusCode::ACCEPTED, "{v}");
        assert_eq!(v["status"], "pending", "{v}");
        assert_eq!(v["reactors"][0]["name"], "Cave Mage#1", "{v}");
        assert!(
            v["reactors"][0]["spells"]
                .as_array()
                .unwrap()
                .contains(&json!("counterspell")),
            "{v}"
        );
        let (_, waiting) = h.get(me, Some(&t.petr)).await;
        assert_eq!(waiting["slots"], before["slots"], "nothing spent yet");
        let (_, st) = h.get(&format!("{e}/Cave"), Some(&t.gm)).await;
        assert_eq!(st["window"]["pending"]["caster"], "Elmira", "{st}");
        // Every member sees who may still answer, and with what.
        let (s, w) = h.get(&format!("{e}/Cave/window"), Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{w}");
        assert_eq!(w["reactors"][0]["name"], "Cave Mage#1", "{w}");
        // Targeted by Magic Missile, the Mage may also raise Shield (issue 31).
        assert_eq!(
            w["reactors"][0]["spells"],
            json!(["shield", "counterspell"]),
            "{w}"
        );
        // The Mage lets it through; the GM resolves: now it is cast.
        let (s, v) = h
            .post(
                &format!("{e}/Cave/pass"),
                Some(&t.gm),
                json!({"name": "Cave Mage#1"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (_, w) = h.get(&format!("{e}/Cave/window"), Some(&t.petr)).await;
        assert_eq!(w["reactors"], json!([]), "nobody left to answer: {w}");
        let (s, v) = h
            .post(
                &format!("{e}/Cave/resolve"),
                Some(&t.gm),
                json!({"seed": 3}),
            )
            .await;
        assert_eq!(
            (s, v["resolved"].clone()),
            (StatusCode::OK, json!("cast")),
            "{v}"
        );
        let (_, after) = h.get(me, Some(&t.petr)).await;
        assert_ne!(
            after["slots"], before["slots"],
            "the slot is spent on resolving"
        );
    }
}

/// Issue 31: a Shield in force keeps Magic Missile off the Mage on every
/// path. The Mage raises Shield against Elmira's attack; her Magic Missile
/// through the player's own cast route then finds nobody to answer it (the
/// Mage's Reaction is spent) and is cast at once: no damage to the Mage.
#[tokio::test]
async fn r11_shield_in_force_takes_no_damage_from_a_players_magic_missile() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        let me = "/campaigns/cave/characters/Elmira";
        h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
        h.post(
            &format!("{e}/Cave/combatants"),
            Some(&t.gm),
            json!({"name": "Elmira", "initiative": 20}),
        )
        .await;
        h.post(
            &format!("{e}/Cave/creatures"),
            Some(&t.gm),
            json!({"name": "Cave Mage#1", "monster": "mage", "initiative": 5}),
        )
        .await;
        h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
            .await;
        let (s, v) = h
            .post(
                &format!("{e}/Cave/window"),
                Some(&t.gm),
                json!({"kind": "hit", "attacker": "Elmira", "target": "Cave Mage#1",
                       "attack_total": 16}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = h
            .post(
                &format!("{e}/Cave/react"),
                Some(&t.gm),
                json!({"caster": "Cave Mage#1", "spell": "shield"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = h
            .post(&format!("{e}/Cave/resolve"), Some(&t.gm), json!({}))
            .await;
        assert_eq!(
            (s, v["hits"].clone()),
            (StatusCode::OK, json!(false)),
            "{v}"
        );
        let (s, v) = h
            .post(
                &format!("{me}/casts"),
                Some(&t.petr),
                json!({"spell": "magic-missile", "targets": [{"name": "Cave Mage#1"}], "seed": 2}),
            )
            .await;
        assert!(s.is_success(), "{s} {v}");
        assert_ne!(v["status"], "pending", "nobody can answer: {v}");
        let (_, st) = h.get(&format!("{e}/Cave"), Some(&t.gm)).await;
        let mage = st["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Cave Mage#1")
            .cloned()
            .unwrap();
        assert_eq!(mage["hp"], 81, "{st}");
    }
}
