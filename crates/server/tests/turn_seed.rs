//! The next turn's dice can be seeded through the API as through the
//! CLI's `--seed` (found by the cross-front-end test, `conformance.rs` in
//! the CLI's tests): lasting spells' damage at the turn's change replays
//! with the same seed.

mod common;

use axum::http::StatusCode;
use common::{Harness, harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";

/// A running encounter in which a Cleric's Spirit Guardians surrounds a
/// Goblin, the Cleric's turn about to end.
async fn guardians(h: &Harness, gm: &str, name: &str) {
    let c = "/campaigns/cave/characters";
    for (path, body) in [
        (
            c.to_owned(),
            json!({"name": format!("Brom{name}"), "classes": [{"class": "cleric", "level": 5}],
                   "abilities": {"wis": 16}, "prepared": ["spirit-guardians"]}),
        ),
        (E.to_owned(), json!({"name": name})),
        (
            format!("{E}/{name}/combatants"),
            json!({"name": format!("Brom{name}"), "initiative": 15}),
        ),
        (
            format!("{E}/{name}/combatants"),
            json!({"name": "Goblin", "initiative": 10, "hp": 40}),
        ),
        (format!("{E}/{name}/start"), Value::Null),
        (
            format!("{c}/Brom{name}/casts"),
            json!({"spell": "spirit-guardians", "targets": [{"name": "Goblin"}], "seed": 3}),
        ),
    ] {
        let (s, v) = h.post(&path, Some(gm), body).await;
        assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
    }
}

/// Turns until the Goblin's ends (Spirit Guardians burns it then), with
/// `seed` on every one: the answers' turn damage.
async fn burn(h: &Harness, gm: &str, name: &str, seed: &str) -> Vec<Value> {
    let mut hits = Vec::new();
    for _ in 0..2 {
        let (s, v) = h
            .post(&format!("{E}/{name}/next{seed}"), Some(gm), Value::Null)
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        hits.push(v["turn_damage"].clone());
        if !seed.is_empty() {
            assert_eq!(v["seed"], 99, "the answer names the seed: {v}");
        }
    }
    hits
}

#[tokio::test]
async fn the_next_turn_takes_a_seed_and_its_lasting_damage_replays_with_it() {
    for h in harnesses().await {
        let t = table(&h).await;
        guardians(&h, &t.gm, "One").await;
        guardians(&h, &t.gm, "Two").await;
        let one = burn(&h, &t.gm, "One", "?seed=99").await;
        let two = burn(&h, &t.gm, "Two", "?seed=99").await;
        assert!(
            one.iter()
                .any(|d| d.as_array().is_some_and(|a| !a.is_empty())),
            "{}: Spirit Guardians burned the Goblin: {one:?}",
            h.name
        );
        // The same dice, but for the caster's name in each.
        let text = |v: &[Value]| {
            serde_json::to_string(v)
                .unwrap()
                .replace("BromTwo", "BromOne")
        };
        assert_eq!(text(&one), text(&two), "{}", h.name);
        let (s, v) = h
            .post(&format!("{E}/One/next?seed=lots"), Some(&t.gm), Value::Null)
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{}: {v}", h.name);
    }
}
