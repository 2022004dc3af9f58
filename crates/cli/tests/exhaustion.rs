//! Exhaustion through the binary (issue 34, 2024 Rules Glossary): gaining
//! it adds a level, `--level` sets one, every d20 Test the engine rolls is
//! 2 a level lower (a death save of 11 fails at level 1), a Long Rest takes
//! a level off, level 6 kills.

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

fn mira(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Mira",
        "--class",
        "cleric:5",
        "--abilities",
        "con=14,wis=16",
    ]);
}

#[test]
fn exhaustion_levels_add_up_show_and_a_long_rest_takes_one_off() {
    let s = Session::new();
    mira(&s);
    assert_eq!(
        s.ok(&["condition", "Mira", "add", "exhaustion"])["exhaustion"],
        1
    );
    let two = s.human(&["condition", "Mira", "add", "exhaustion"]);
    assert!(
        two.contains("Exhaustion level 2: −4 on every d20 Test"),
        "{two}"
    );
    // 2024: 5 feet of Speed a level.
    assert!(two.contains("−10 feet of Speed"), "{two}");
    let sheet = s.ok(&["character", "show", "Mira"])["character"].clone();
    assert_eq!(sheet["exhaustion"], 2);
    assert_eq!(sheet["speed_penalty_ft"], 10, "{sheet}");
    assert_eq!(sheet["d20_penalty"], 4, "{sheet}");
    s.ok(&["rest", "Mira", "--long"]);
    assert_eq!(
        s.ok(&["character", "show", "Mira"])["character"]["exhaustion"],
        1
    );
    let cs = s.human(&[
        "--lang",
        "cs",
        "condition",
        "Mira",
        "add",
        "exhaustion",
        "--level",
        "3",
    ]);
    assert!(cs.contains("Vyčerpání na úrovni 3: −6"), "{cs}");
    assert!(cs.contains("rychlost o 15 stop nižší"), "{cs}");
    let gone = s.ok(&["condition", "Mira", "remove", "exhaustion"]);
    assert_eq!(gone["exhaustion"], 0, "{gone}");
    assert_eq!(gone["speed_penalty_ft"], 0, "{gone}");
    assert!(s.ok(&["character", "show", "Mira"])["character"]["exhaustion"].is_null());
    let e = s.fails(
        2,
        &["condition", "Mira", "add", "exhaustion", "--level", "7"],
    );
    assert_eq!(e["code"], "usage", "{e}");
}

#[test]
fn exhaustion_lowers_the_death_save_and_level_six_kills() {
    let s = Session::new();
    mira(&s);
    s.ok(&["hp", "Mira", "--max", "30", "--ac", "16"]);
    s.ok(&["damage", "Mira", "30"]);
    s.ok(&["condition", "Mira", "add", "exhaustion"]);
    // Seed 2 rolls an 11: 9 after Exhaustion's 2, a failure.
    let o = seeded(&s, 2, &["deathsave", "Mira"]);
    assert_eq!(o["death_save"]["roll"]["total"], 9, "{o}");
    assert_eq!(o["death_save"]["result"], "failure", "{o}");
    s.ok(&["hp", "Mira", "--heal", "5"]);
    s.ok(&["condition", "Mira", "add", "exhaustion", "--level", "6"]);
    let v = s.ok(&["hp", "Mira"])["vitals"].clone();
    assert_eq!(
        (v["hp"].as_u64(), v["death"]["dead"].as_bool()),
        (Some(0), Some(true)),
        "{v}"
    );
}
