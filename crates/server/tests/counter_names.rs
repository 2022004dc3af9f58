//! A Counterspell names what it answered (issue 37): when a player's
//! Counterspell waits in a window of its own (the Mage could counter it)
//! and the GM then closes that window, the answer carries `answered` (the
//! Mage's Fireball) and `countered`, which agrees with what is left open:
//! countered, the Fireball's window is gone; not, it is back.

mod common;

use axum::http::StatusCode;
use common::{Harness, Table, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";

/// The Cave Mage casts Fireball at petr's Vela (a Wizard 5), who answers
/// with Counterspell; the Mage could counter that, so it waits. Returns
/// the GM's resolve answer with `seed`.
async fn counter(h: &Harness, t: &Table, seed: u64) -> Value {
    let (s, v) = h
        .post(
            "/campaigns/cave/characters",
            Some(&t.petr),
            json!({"name": "Vela", "classes": [{"class": "wizard", "level": 5}],
                   "abilities": {"int": 16}, "prepared": ["counterspell", "fireball"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    for (path, token, body) in [
        (E.to_owned(), &t.gm, json!({"name": "Fight"})),
        (
            format!("{E}/Fight/creatures"),
            &t.gm,
            json!({"name": "Cave Mage", "monster": "mage", "initiative": 20}),
        ),
        (
            format!("{E}/Fight/combatants"),
            &t.gm,
            json!({"name": "Vela", "initiative": 5}),
        ),
        (format!("{E}/Fight/start"), &t.gm, Value::Null),
        (
            format!("{E}/Fight/cast"),
            &t.gm,
            json!({"caster": "Cave Mage", "spell": "fireball", "targets": ["Vela"], "seed": 5}),
        ),
        (
            format!("{E}/Fight/react"),
            &t.petr,
            json!({"caster": "Vela", "spell": "counterspell"}),
        ),
        (
            format!("{E}/Fight/pass"),
            &t.gm,
            json!({"name": "Cave Mage"}),
        ),
    ] {
        let (s, v) = h.post(&path, Some(token), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
    let (s, v) = h
        .post(
            &format!("{E}/Fight/resolve"),
            Some(&t.gm),
            json!({"seed": seed}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
    v
}

#[tokio::test]
async fn a_waiting_counterspell_names_the_fireball_it_answered() {
    // Seeds that reach each outcome: the Mage's save fails, and succeeds.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let h = Harness::new(common::Place::sqlite()).await;
        let t = table(&h).await;
        let v = counter(&h, &t, seed).await;
        assert_eq!(
            (&v["resolved"], &v["cast"]["spell"]),
            (&json!("cast"), &json!("counterspell")),
            "{v}"
        );
        let answered = &v["answered"];
        assert_eq!(answered["kind"], "spell_cast", "{v}");
        assert_eq!(answered["caster"], "Cave Mage", "{v}");
        assert_eq!(answered["spell"], "fireball", "{v}");
        let countered = v["countered"]
            .as_bool()
            .unwrap_or_else(|| panic!("no countered in {v}"));
        // What is left open agrees: the Fireball's window is gone only
        // when it was countered.
        let (_, w) = h.get(&format!("{E}/Fight/window"), Some(&t.petr)).await;
        if countered {
            assert_eq!(w["window"], Value::Null, "seed {seed}: {w}");
        } else {
            assert_eq!(
                w["window"]["trigger"]["spell"], "fireball",
                "seed {seed}: {w}"
            );
        }
        seen.insert(countered);
        if seen.len() == 2 {
            break;
        }
    }
    assert_eq!(seen.len(), 2, "seeds 1-12 reach both outcomes: {seen:?}");
}
