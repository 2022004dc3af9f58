//! Eldritch Smite through the binary (issue 34; 2024 Warlock invocation,
//! Pact of the Blade): on a pact weapon's hit, a Pact Magic slot for 1d8
//! Force damage plus 1d8 per level of the slot, doubled on a critical hit;
//! a miss spends nothing; refused without the invocation, without a Pact
//! slot left, or with a ranged weapon.
//!
//! Seeds and the first d20 each rolls: 1 → 6, 4 → 19, 17 → 20.

mod common;

use common::Session;
use serde_json::Value;

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

fn notations(a: &Value, label: &str) -> Vec<String> {
    a["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["label"]["damage_type"] == label)
        .map(|r| r["notation"].as_str().unwrap().to_owned())
        .collect()
}

/// Wren, a Warlock 5 (two level-3 Pact slots) with Pact of the Blade and
/// Eldritch Smite, a quarterstaff and a shortbow; a target with AC 5.
fn wren(s: &Session, invocations: &[&str]) {
    let mut args = vec![
        "character",
        "new",
        "Wren",
        "--class",
        "warlock:5",
        "--abilities",
        "str=14,cha=16",
    ];
    for i in invocations {
        args.extend(["--invocation", i]);
    }
    s.ok(&args);
    s.ok(&["equip", "Wren", "--weapon", "quarterstaff"]);
    s.ok(&["equip", "Wren", "--weapon", "shortbow"]);
    s.ok(&["character", "new", "Orcy", "--class", "wizard:1"]);
    s.ok(&["hp", "Orcy", "--max", "200", "--ac", "5"]);
}

fn pact_left(s: &Session) -> u64 {
    let c = s.ok(&["character", "show", "Wren"]);
    c["character"]["slots"]["pact"]["remaining"]
        .as_u64()
        .unwrap_or_else(|| panic!("{c}"))
}

const SMITE: &[&str] = &[
    "attack",
    "Wren",
    "quarterstaff",
    "-t",
    "Orcy",
    "--eldritch-smite",
];

#[test]
fn eldritch_smite_on_a_critical_hit_doubles_its_force_dice_and_spends_a_pact_slot() {
    let s = Session::new();
    wren(&s, &["pact-of-the-blade", "eldritch-smite"]);
    assert_eq!(pact_left(&s), 2);
    let a = seeded(&s, 17, SMITE)["attack"].clone();
    assert_eq!(a["target"]["attacks"][0]["critical"], true, "{a}");
    assert_eq!(
        notations(&a, "force"),
        ["8d8"],
        "1d8 + 3d8 for a level-3 slot, doubled: {a}"
    );
    assert_eq!(pact_left(&s), 1);
    // A miss spends nothing: AC 40 against a d20 of at most 6 (Disadvantage).
    s.ok(&["turn", "end", "Wren"]);
    s.ok(&["hp", "Orcy", "--ac", "40"]);
    let mut args = SMITE.to_vec();
    args.push("--disadvantage");
    let miss = seeded(&s, 1, &args)["attack"].clone();
    assert_eq!(miss["target"]["attacks"][0]["hit"], false, "{miss}");
    assert_eq!(pact_left(&s), 1, "{miss}");
}

#[test]
fn eldritch_smite_is_refused_without_the_invocation_a_pact_slot_or_a_melee_weapon() {
    let s = Session::new();
    wren(&s, &["pact-of-the-blade"]);
    let e = s.fails(1, SMITE);
    assert_eq!(e["code"], "invalid_request", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("Eldritch Smite"),
        "{e}"
    );
    let s = Session::new();
    wren(&s, &["pact-of-the-blade", "eldritch-smite"]);
    let e = s.fails(
        1,
        &[
            "attack",
            "Wren",
            "shortbow",
            "-t",
            "Orcy",
            "--eldritch-smite",
        ],
    );
    assert_eq!(e["code"], "invalid_request", "{e}");
    for _ in 0..2 {
        seeded(&s, 4, SMITE);
        s.ok(&["turn", "end", "Wren"]);
    }
    assert_eq!(pact_left(&s), 0);
    let e = s.fails(1, SMITE);
    assert!(e["message"].as_str().unwrap().contains("Pact"), "{e}");
}
