//! Every roll the server makes stays in the table log (issue 37): a
//! lasting spell's damage (on entering and at a turn's end) and the
//! Concentration save damage calls for are cards of their change, so a
//! page reloaded after them shows them as the live event did. A player
//! reads the same cards without the creature's hit points; the GM's have
//! them.

mod common;

use axum::http::StatusCode;
use common::{Harness, Table, harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";
const C: &str = "/campaigns/cave/characters";
const LOG: &str = "/campaigns/cave/log";

/// Brom (a GM's Cleric 5) keeps Spirit Guardians up around a Goblin with
/// 40 hit points; petr's Elmira stands by.
async fn crypt(h: &Harness, t: &Table) {
    for (path, body) in [
        (
            C.to_owned(),
            json!({"name": "Brom", "classes": [{"class": "cleric", "level": 5}],
                   "abilities": {"wis": 16}, "prepared": ["spirit-guardians"]}),
        ),
        (format!("{C}/Brom/hp"), json!({"max_hp": 38, "ac": 16})),
        (E.to_owned(), json!({"name": "Crypt"})),
        (
            format!("{E}/Crypt/combatants"),
            json!({"name": "Brom", "initiative": 15}),
        ),
        (
            format!("{E}/Crypt/combatants"),
            json!({"name": "Goblin", "initiative": 10, "hp": 40}),
        ),
        (
            format!("{E}/Crypt/combatants"),
            json!({"name": "Elmira", "initiative": 5}),
        ),
        (format!("{E}/Crypt/start"), Value::Null),
        (
            format!("{C}/Brom/casts"),
            json!({"spell": "spirit-guardians", "targets": [{"name": "Goblin"}], "seed": 3}),
        ),
    ] {
        let (s, v) = h.post(&path, Some(&t.gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

/// Every card of the log's newest page, newest first.
async fn cards(h: &Harness, token: &str) -> Vec<Value> {
    let (s, log) = h.get(LOG, Some(token)).await;
    assert_eq!(s, StatusCode::OK, "{}: {log}", h.name);
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["cards"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// The cards of `kind`.
fn of_kind(cards: &[Value], kind: &str) -> Vec<Value> {
    cards
        .iter()
        .filter(|c| c["kind"] == kind)
        .cloned()
        .collect()
}

#[tokio::test]
async fn turn_damage_and_concentration_saves_are_cards_of_the_log() {
    for h in harnesses().await {
        let t = table(&h).await;
        crypt(&h, &t).await;
        // The Goblin comes into the spell: 3d8 radiant, a Wisdom save.
        let (s, entered) = h
            .post(
                &format!("{E}/Crypt/harm"),
                Some(&t.gm),
                json!({"creature": "Goblin", "spell": "spirit-guardians", "seed": 5}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {entered}", h.name);
        let live = &entered["turn_damage"][0];
        let gm = of_kind(&cards(&h, &t.gm).await, "turn");
        assert_eq!(gm.len(), 1, "{}: {gm:?}", h.name);
        let card = &gm[0];
        assert_eq!(
            (&card["caster"], &card["target"], &card["spell"]),
            (&json!("Brom"), &json!("Goblin"), &json!("spirit-guardians"))
        );
        assert_eq!(card["spell_name"], "Spirit Guardians");
        // The same dice and damage as the live answer had.
        assert_eq!(card["rolls"], live["rolls"], "{card}");
        assert_eq!(
            card["outcome"]["damage_total"],
            live["outcome"]["damage_total"]
        );
        let taken = live["outcome"]["damage_total"].as_i64().unwrap();
        assert_eq!(card["hp"], json!((40 - taken).max(0)), "{card}");
        // The player's log has the card, not the Goblin's hit points.
        let theirs = of_kind(&cards(&h, &t.petr).await, "turn");
        assert_eq!(theirs.len(), 1, "{theirs:?}");
        assert_eq!(theirs[0]["rolls"], live["rolls"]);
        assert_eq!(theirs[0]["hp"], Value::Null, "{}", theirs[0]);
        assert_eq!(theirs[0]["outcome"]["hp_after"], Value::Null);

        // The GM hits Brom for 12: his Concentration save (DC 10) is a card.
        let (s, hurt) = h
            .post(
                &format!("{E}/Crypt/damage"),
                Some(&t.gm),
                json!({"target": "Brom", "amount": 12, "seed": 2}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {hurt}", h.name);
        let save = &hurt["concentration_save"];
        let conc = of_kind(&cards(&h, &t.petr).await, "conc");
        assert_eq!(conc.len(), 1, "{conc:?}");
        assert_eq!(
            (&conc[0]["caster"], &conc[0]["dc"], &conc[0]["kept"]),
            (&json!("Brom"), &json!(10), &save["kept"]),
            "{}",
            conc[0]
        );
        assert_eq!(conc[0]["rolls"][0], save["roll"], "{}", conc[0]);

        // Two turns on, the Goblin's turn ends inside the spell: one more
        // turn card, with the dice the turn answered.
        // Seed 2 keeps it (the save's own test is the rules').
        assert_eq!(save["kept"], true, "{hurt}");
        let mut last = Value::Null;
        for _ in 0..2 {
            let (s, v) = h
                .post(&format!("{E}/Crypt/next?seed=9"), Some(&t.gm), Value::Null)
                .await;
            assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
            last = v;
        }
        let hit = &last["turn_damage"][0];
        assert_eq!(hit["at"], "end", "{last}");
        let turns = of_kind(&cards(&h, &t.gm).await, "turn");
        assert_eq!(turns.len(), 2, "{turns:?}");
        assert_eq!(turns[0]["rolls"], hit["rolls"], "newest first: {turns:?}");
    }
}

#[tokio::test]
async fn a_sheets_concentration_and_death_saves_are_cards_too() {
    for h in harnesses().await {
        let t = table(&h).await;
        crypt(&h, &t).await;
        // Damage from the sheet's own route: Brom's Concentration save.
        let (s, hurt) = h
            .post(
                &format!("{C}/Brom/damage"),
                Some(&t.gm),
                json!({"amount": 8, "seed": 4}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {hurt}", h.name);
        let conc = of_kind(&cards(&h, &t.petr).await, "conc");
        assert_eq!(conc.len(), 1, "{conc:?}");
        assert_eq!(
            (&conc[0]["caster"], &conc[0]["dc"], &conc[0]["kept"]),
            (&json!("Brom"), &hurt["dc"], &hurt["concentration_kept"]),
            "{}",
            conc[0]
        );
        assert_eq!(conc[0]["rolls"][0], hurt["roll"], "{}", conc[0]);
        // Down to 0, Brom rolls a death save from his sheet: a card.
        let (s, v) = h
            .post(
                &format!("{C}/Brom/damage"),
                Some(&t.gm),
                json!({"amount": 30, "seed": 4}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let (s, save) = h
            .post(
                &format!("{C}/Brom/death-saves"),
                Some(&t.gm),
                json!({"seed": 6}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {save}", h.name);
        let death = of_kind(&cards(&h, &t.petr).await, "death");
        assert_eq!(death.len(), 1, "{death:?}");
        assert_eq!(
            (
                &death[0]["caster"],
                &death[0]["result"],
                &death[0]["rolls"][0]
            ),
            (&json!("Brom"), &save["result"], &save["roll"]),
            "{}",
            death[0]
        );
    }
}
