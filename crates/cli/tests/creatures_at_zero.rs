//! Creatures at 0 hit points through the binary (issue 34): as the GM's
//! table chooses per encounter, an Orc dropped to 0 dies and leaves the
//! turn order (`die`, the default) or lies Unconscious and makes a death
//! save as each of its turns begins (`drop`, 2024 rules).
//!
//! Seeds and the first d20 each rolls: 7 → 8, 2 → 11, 3 → 14, 11 → 14.

mod common;

use common::Session;
use serde_json::Value;

/// The binary on `s`'s database with seed `seed`, `--json`: its answer.
fn seeded(s: &Session, seed: u64, args: &[&str]) -> Value {
    let out = assert_cmd::Command::cargo_bin("grimoire")
        .unwrap()
        .env_remove("GRIMOIRE_LANG")
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .env("GRIMOIRE_DB", s.db())
        .env("NO_COLOR", "1")
        .args(["--seed", &seed.to_string(), "--json"])
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "grimoire {args:?}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Cave with an Orc (15 hit points, first) and a Goblin, started, the
/// Orc dropped to 0 on its turn; `way` given at creation when some.
fn orc_down(s: &Session, way: Option<&str>) {
    let mut new = vec!["encounter", "new", "Cave"];
    if let Some(w) = way {
        new.extend(["--creatures-at-zero", w]);
    }
    s.ok(&new);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Orc",
        "--init",
        "15",
        "--hp",
        "15",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "5",
        "--hp",
        "7",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["encounter", "damage", "Cave", "Orc", "15"]);
}

fn orc(status: &Value) -> Value {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Orc")
        .cloned()
        .unwrap()
}

/// The Goblin's turn, then the Orc's with `seed`: the Orc's turn answer.
fn round(s: &Session, seed: u64) -> Value {
    let goblin = seeded(s, seed, &["encounter", "next", "Cave"]);
    assert_eq!(goblin["current"], "Goblin", "{goblin}");
    seeded(s, seed, &["encounter", "next", "Cave"])
}

#[test]
fn creatures_die_at_zero_by_default_and_leave_the_turn_order() {
    let s = Session::new();
    orc_down(&s, None);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(st["creatures_at_zero"], "die", "{st}");
    assert_eq!(orc(&st)["fallen"], "dead", "{st}");
    // Goblin, then Goblin again: the dead Orc takes no turn.
    let next = seeded(&s, 7, &["encounter", "next", "Cave"]);
    assert_eq!(next["current"], "Goblin");
    let next = seeded(&s, 7, &["encounter", "next", "Cave"]);
    assert_eq!(
        (next["current"].as_str(), next["round"].as_u64()),
        (Some("Goblin"), Some(2))
    );
    assert!(next.get("death_save").is_none(), "{next}");
    assert!(s.human(&["encounter", "status", "Cave"]).contains("dead"));
}

#[test]
fn a_dropped_orc_rolls_death_saves_and_dies_after_three_failures() {
    let s = Session::new();
    orc_down(&s, Some("drop"));
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(st["creatures_at_zero"], "drop", "{st}");
    assert_eq!(orc(&st)["fallen"], "dying", "{st}");
    for failures in 1..=3 {
        let turn = round(&s, 7);
        assert_eq!(turn["current"], "Orc", "{turn}");
        assert_eq!(turn["death_save"]["name"], "Orc", "{turn}");
        assert_eq!(turn["death_save"]["result"], "failure", "{turn}");
        assert_eq!(turn["death_save"]["death"]["failures"], failures, "{turn}");
    }
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(orc(&st)["fallen"], "dead", "{st}");
    // Dead: its turns are passed over.
    let next = seeded(&s, 7, &["encounter", "next", "Cave"]);
    assert_eq!(next["current"], "Goblin");
    let next = seeded(&s, 7, &["encounter", "next", "Cave"]);
    assert_eq!(next["current"], "Goblin", "{next}");
}

#[test]
fn a_dropped_orc_is_stable_after_three_successes_and_damage_at_zero_fails_one() {
    let s = Session::new();
    orc_down(&s, None);
    // Changed on the running encounter: the Orc now lies dying.
    let set = s.ok(&["encounter", "set", "Cave", "--creatures-at-zero", "drop"]);
    assert_eq!(orc(&set)["fallen"], "dying", "{set}");
    // Damage at 0: one failure.
    s.ok(&["encounter", "damage", "Cave", "Orc", "2"]);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(orc(&st)["fallen"], "dying", "{st}");
    for seed in [2, 3, 11] {
        let turn = round(&s, seed);
        assert_eq!(turn["death_save"]["result"], "success", "{turn}");
    }
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(orc(&st)["fallen"], "stable", "{st}");
    // Stable: its turn comes, no death save.
    let turn = round(&s, 7);
    assert_eq!(turn["current"], "Orc");
    assert!(turn.get("death_save").is_none(), "{turn}");
    // Czech words for it.
    let human = s.human(&["--lang", "cs", "encounter", "status", "Cave"]);
    assert!(human.contains("stabilizovaný"), "{human}");
}

#[test]
fn a_spell_on_a_dropped_orc_is_a_failed_death_save() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Brother",
        "--class",
        "cleric:3",
        "--abilities",
        "wis=16,con=14",
    ]);
    s.ok(&["equip", "Brother", "--material", "Holy Symbol worth 5 GP"]);
    s.ok(&["prepare", "Brother", "Guiding Bolt"]);
    s.ok(&["encounter", "new", "Cave", "--creatures-at-zero", "drop"]);
    s.ok(&["encounter", "add", "Cave", "Brother", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Orc:ac=1",
        "--init",
        "15",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["encounter", "damage", "Cave", "Orc", "15"]);
    let cast = seeded(
        &s,
        2,
        &["cast", "Brother", "Guiding Bolt", "--target", "Orc"],
    );
    let text = cast.to_string();
    assert!(text.contains("\"hit\":true"), "AC 1 is hit: {cast}");
    assert!(
        text.contains("\"critical\":false"),
        "seed 2 rolls 11: {cast}"
    );
    // The bolt was one failure; the Orc's own save (seed 7: 8) the second.
    let turn = seeded(&s, 7, &["encounter", "next", "Cave"]);
    assert_eq!(turn["current"], "Orc", "{turn}");
    assert_eq!(turn["death_save"]["result"], "failure", "{turn}");
    assert_eq!(turn["death_save"]["death"]["failures"], 2, "{turn}");
}
