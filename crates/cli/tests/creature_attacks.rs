//! The GM's creature attacks a character through the binary (issue 34):
//! `grimoire attack CREATURE WEAPON -t CHARACTER --bonus N`. The 2024
//! rules: an attack roll at least the target's Armor Class hits (a
//! natural 20 always, as a critical hit); Shield, a Reaction "when you
//! are hit by an attack roll", gives +5 AC against the triggering attack,
//! so a hit by less than 5 becomes a miss.
//!
//! Seeds and the first d20 each rolls: 1 → 6, 2 → 11, 3 → 14, 17 → 20.

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

/// Elmira, a Wizard 5 with Shield prepared, AC 12 and 27 hit points, and
/// an Orc in the started encounter "Keep".
fn keep(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:5",
        "--abilities",
        "con=14,int=16",
    ]);
    s.ok(&["equip", "Elmira", "--pouch"]);
    s.ok(&["prepare", "Elmira", "Shield"]);
    s.ok(&["hp", "Elmira", "--max", "27", "--ac", "12"]);
    s.ok(&["encounter", "new", "Keep"]);
    s.ok(&[
        "encounter",
        "add",
        "Keep",
        "Orc",
        "--init",
        "15",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "add", "Keep", "Elmira", "--init", "5"]);
    s.ok(&["encounter", "start", "Keep"]);
}

fn hp(s: &Session) -> u64 {
    s.ok(&["hp", "Elmira"])["vitals"]["hp"].as_u64().unwrap()
}

const GREATAXE: &[&str] = &[
    "attack",
    "Orc",
    "greataxe",
    "-t",
    "Elmira",
    "--bonus",
    "5",
    "--damage-bonus",
    "3",
];

#[test]
fn creature_attack_a_hit_shield_can_stop_waits_and_shield_turns_it_into_a_miss() {
    let s = Session::new();
    keep(&s);
    // 11 + 5 = 16 against AC 12: a hit, but not against 17.
    let v = seeded(&s, 2, GREATAXE)["creature_attack"].clone();
    assert_eq!(v["roll"]["outcome"]["total"], 16, "{v}");
    assert_eq!(v["outcome"], Value::Null, "the damage waits: {v}");
    assert_eq!(v["reactors"][0]["name"], "Elmira", "{v}");
    assert_eq!(v["reactors"][0]["spells"][0], "shield", "{v}");
    assert_eq!(hp(&s), 27);
    s.ok(&["encounter", "react", "Keep", "Elmira", "Shield"]);
    let closed = s.ok(&["encounter", "resolve", "Keep"]);
    assert_eq!(
        (closed["hits"].as_bool(), closed["ac"].as_i64()),
        (Some(false), Some(17)),
        "{closed}"
    );
    assert_eq!(hp(&s), 27, "a miss deals nothing");
}

#[test]
fn creature_attack_that_waited_lands_its_damage_when_no_shield_is_cast() {
    let s = Session::new();
    keep(&s);
    seeded(&s, 2, GREATAXE);
    s.ok(&["encounter", "pass", "Keep", "Elmira"]);
    let closed = seeded(&s, 5, &["encounter", "resolve", "Keep"]);
    assert_eq!(closed["hits"], true, "{closed}");
    let dealt = closed["attack"]["damage_total"].as_u64().unwrap();
    assert!((4..=15).contains(&dealt), "1d12+3: {closed}");
    assert_eq!(hp(&s), 27 - dealt);
}

#[test]
fn creature_attack_shield_cannot_stop_lands_at_once() {
    let s = Session::new();
    keep(&s);
    // 14 + 5 = 19 meets even 12 + 5: no window.
    let v = seeded(&s, 3, GREATAXE)["creature_attack"].clone();
    assert_eq!(v["reactors"], serde_json::json!([]), "{v}");
    let t = &v["outcome"]["resolution"]["targets"][0];
    assert_eq!(t["attacks"][0]["hit"], true, "{v}");
    let dealt = t["damage_total"].as_u64().unwrap();
    assert_eq!(hp(&s), 27 - dealt);
    // A miss changes nothing.
    let miss = seeded(&s, 1, GREATAXE)["creature_attack"].clone();
    assert_eq!(
        miss["outcome"]["resolution"]["targets"][0]["attacks"][0]["hit"],
        false
    );
    assert_eq!(hp(&s), 27 - dealt);
}

#[test]
fn creature_attack_natural_20_doubles_the_dice_of_its_own_attack() {
    let s = Session::new();
    keep(&s);
    let v = seeded(
        &s,
        17,
        &[
            "attack", "Orc", "Claw", "-t", "Elmira", "--bonus", "5", "--damage", "1d6+3", "--type",
            "slashing",
        ],
    )["creature_attack"]
        .clone();
    let rolls: Vec<&str> = v["outcome"]["resolution"]["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["notation"].as_str().unwrap())
        .collect();
    assert_eq!(rolls, ["1d20+5", "2d6+3"], "{v}");
}

#[test]
fn creature_attack_outside_an_encounter_is_refused() {
    let s = Session::new();
    s.ok(&["character", "new", "Elmira", "--class", "wizard:1"]);
    s.ok(&["hp", "Elmira", "--max", "8", "--ac", "12"]);
    let e = s.fails(1, GREATAXE);
    assert_eq!(e["code"], "invalid_request", "{e}");
}
