//! 0 hit points and Hit Point Dice through the binary (issue 34, the 2024
//! rules: Death Saving Throws, Dead, Stable, Hit Point Dice, Short and
//! Long Rest): a dying character's saves outside and inside an encounter,
//! damage at 0, massive damage, healing, Spare the Dying, Hit Point Dice
//! on a Short Rest, a Long Rest bringing them back, a party rest.
//!
//! Seeds and the first d20 each rolls: 7 → 8, 2 → 11, 3 → 14, 11 → 14,
//! 17 → 20.

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

/// Mira, a Cleric 5 with CON 14 (+2) and 38 hit points (fixed), at 0.
fn dying(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Mira",
        "--class",
        "cleric:5",
        "--abilities",
        "con=14,wis=16",
    ]);
    let hp = s.ok(&["hp", "Mira", "--max", "auto", "--ac", "18"]);
    assert_eq!(hp["vitals"]["max_hp"], 38, "8+2, then 4 × (5+2)");
    s.ok(&["damage", "Mira", "38"]);
}

fn death(s: &Session) -> Value {
    s.ok(&["hp", "Mira"])["vitals"]["death"].clone()
}

#[test]
fn death_save_sequence_ends_stable_and_stable_rolls_no_more() {
    let s = Session::new();
    dying(&s);
    let one = seeded(&s, 7, &["deathsave", "Mira"]);
    assert_eq!(one["death_save"]["result"], "failure", "{one}");
    assert_eq!(one["death_save"]["roll"]["total"], 8);
    for seed in [2, 3, 11] {
        let o = seeded(&s, seed, &["deathsave", "Mira"]);
        assert_eq!(o["death_save"]["result"], "success", "{o}");
    }
    let d = death(&s);
    assert_eq!(
        (d["successes"].as_u64(), d["failures"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(d["stable"], true);
    let e = s.fails(1, &["deathsave", "Mira"]);
    assert_eq!(e["code"], "not_dying", "{e}");
    assert!(e["message"].as_str().unwrap().contains("Stable"), "{e}");
    assert!(
        s.human(&["character", "show", "Mira"])
            .contains("HP 0/38 · AC 18 · Stable")
    );
    assert!(
        s.human(&["--lang", "cs", "hp", "Mira"])
            .contains("stabilizovaný")
    );
    // Still Unconscious, so no casting.
    let e = s.fails(1, &["cast", "Mira", "Bless", "-t", "Mira"]);
    assert_eq!(e["code"], "at_zero_hit_points", "{e}");
}

#[test]
fn death_save_natural_20_regains_one_hit_point_and_wakes() {
    let s = Session::new();
    dying(&s);
    seeded(&s, 7, &["deathsave", "Mira"]);
    let o = seeded(&s, 17, &["deathsave", "Mira"]);
    assert_eq!(o["death_save"]["result"], "revived", "{o}");
    assert_eq!(o["vitals"]["hp"], 1);
    assert!(o["vitals"]["death"].is_null(), "the counts are gone: {o}");
    let show = s.ok(&["character", "show", "Mira"]);
    let conditions = show["character"]["conditions"].to_string();
    assert!(!conditions.contains("unconscious"), "{show}");
}

#[test]
fn death_save_damage_at_zero_is_a_failure_and_a_critical_hit_two() {
    let s = Session::new();
    dying(&s);
    s.ok(&["damage", "Mira", "3"]);
    assert_eq!(death(&s)["failures"], 1);
    s.ok(&["damage", "Mira", "3", "--critical"]);
    let d = death(&s);
    assert_eq!(
        (d["failures"].as_u64(), d["dead"].as_bool()),
        (Some(3), Some(true))
    );
    let e = s.fails(1, &["hp", "Mira", "--heal", "10"]);
    assert_eq!(e["code"], "dead", "{e}");
    assert!(e["message"].as_str().unwrap().contains("2024 Dead"), "{e}");
    assert!(
        s.human(&["--lang", "cs", "character", "show", "Mira"])
            .contains("mrtvý")
    );
}

#[test]
fn death_save_massive_damage_kills_outright() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["hp", "Elmira", "--max", "20"]);
    // 20 to drop to 0, 19 left over: not enough.
    s.ok(&["damage", "Elmira", "39"]);
    let v = s.ok(&["hp", "Elmira"])["vitals"].clone();
    assert_eq!(v["hp"], 0);
    assert!(v["death"].is_null(), "dropping to 0 is no failure: {v}");
}

#[test]
fn death_save_massive_damage_when_dropping_kills() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["hp", "Elmira", "--max", "20"]);
    s.ok(&["damage", "Elmira", "40"]);
    let v = s.ok(&["hp", "Elmira"])["vitals"].clone();
    assert_eq!(v["death"]["dead"], true, "{v}");
    let e = s.fails(1, &["rest", "Elmira", "--long"]);
    assert_eq!(e["code"], "dead", "{e}");
}

#[test]
fn death_save_healing_resets_the_counts_and_wakes() {
    let s = Session::new();
    dying(&s);
    seeded(&s, 7, &["deathsave", "Mira"]);
    seeded(&s, 2, &["deathsave", "Mira"]);
    let healed = s.ok(&["hp", "Mira", "--heal", "4"]);
    assert_eq!(healed["vitals"]["hp"], 4);
    assert!(healed["vitals"]["death"].is_null(), "{healed}");
    let e = s.fails(1, &["deathsave", "Mira"]);
    assert_eq!(e["code"], "not_dying", "{e}");
    s.ok(&["equip", "Mira", "--material", "Holy Symbol worth 5 GP"]);
    s.ok(&["prepare", "Mira", "Bless"]);
    s.ok(&["cast", "Mira", "Bless", "-t", "Mira"]);
}

#[test]
fn death_save_spare_the_dying_makes_stable() {
    let s = Session::new();
    dying(&s);
    seeded(&s, 7, &["deathsave", "Mira"]);
    let o = s.ok(&["deathsave", "Mira", "--stabilize"]);
    assert_eq!(o["vitals"]["death"]["stable"], true, "{o}");
    assert_eq!(o["vitals"]["death"]["failures"], 1, "{o}");
    let e = s.fails(1, &["deathsave", "Mira", "--stabilize"]);
    assert_eq!(e["code"], "not_dying", "{e}");
    let e = s.fails(1, &["deathsave", "Mira"]);
    assert_eq!(e["code"], "not_dying", "{e}");
    // Damage ends Stable: a failure, and the saves begin again.
    s.ok(&["damage", "Mira", "1"]);
    let d = death(&s);
    assert_eq!(
        (d["stable"].as_bool(), d["failures"].as_u64()),
        (Some(false), Some(2))
    );
    assert!(
        s.human(&["--lang", "cs", "deathsave", "Mira", "--stabilize"])
            .contains("Mira je stabilizovaný")
    );
    // Stable, it regains 1 hit point within 1d4 hours by itself.
    let wakes_at = death(&s)["wakes_at"].as_u64().unwrap();
    assert!((600..=2400).contains(&wakes_at), "{wakes_at}");
    s.ok(&["wait", "Mira", "4h"]);
    let v = s.ok(&["hp", "Mira"])["vitals"].clone();
    assert_eq!(v["hp"], 1, "{v}");
    assert!(v["death"].is_null(), "{v}");
}

#[test]
fn death_save_rolls_at_the_start_of_a_dying_characters_turn() {
    let s = Session::new();
    dying(&s);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "20",
        "--hp",
        "7",
    ]);
    s.ok(&["encounter", "add", "Cave", "Mira", "--init", "10"]);
    s.ok(&["encounter", "start", "Cave"]);
    let text = s.human(&["encounter", "next", "Cave"]);
    assert!(
        text.contains("Mira: death save 1d20 = 8: failure"),
        "{text}"
    );
    assert_eq!(death(&s)["failures"], 1);
    // The Goblin's turn rolls nothing for Mira.
    s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(death(&s)["failures"], 1);
}

/// Bram, a Paladin 3 / Warlock 2 with CON 14 (+2): 3d10 and 2d8.
fn bram(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Bram",
        "--class",
        "paladin:3",
        "--class",
        "warlock:2",
        "--abilities",
        "con=14,cha=16",
    ]);
}

#[test]
fn hit_dice_fixed_maximum_from_every_class_and_constitution() {
    let s = Session::new();
    bram(&s);
    // d10: 10+2, then 2 × (6+2); d8: 2 × (5+2).
    let hp = s.ok(&["hp", "Bram", "--max", "auto", "--ac", "18"]);
    assert_eq!(hp["vitals"]["max_hp"], 12 + 16 + 14, "{hp}");
}

#[test]
fn hit_dice_a_short_rest_spends_them_each_with_constitution() {
    let s = Session::new();
    bram(&s);
    s.ok(&["hp", "Bram", "--max", "42", "--ac", "18"]);
    s.ok(&["damage", "Bram", "30"]);
    let r = s.ok(&["rest", "Bram", "--short", "--hit-dice", "d10:1,d8:1"]);
    let rolls = r["hit_dice_rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 2, "{r}");
    let mut healed = 0;
    for roll in rolls {
        assert_eq!(roll["con"], 2, "{roll}");
        let face = roll["face"].as_u64().unwrap();
        assert!(face >= 1 && face <= roll["size"].as_u64().unwrap());
        assert_eq!(roll["healed"].as_u64().unwrap(), face + 2);
        healed += face + 2;
    }
    assert_eq!(r["hit_dice_healed"].as_u64(), Some(healed));
    assert_eq!(r["vitals"]["hp"].as_u64(), Some(12 + healed));
    assert_eq!(r["hit_dice_left"], serde_json::json!({"d8": 1, "d10": 2}));
    // A number takes the largest dice first; the human answer shows each die.
    let text = s.human(&["rest", "Bram", "--short", "--hit-dice", "2"]);
    assert_eq!(text.matches("d10: ").count(), 2, "{text}");
    assert!(text.contains("Hit Point Dice: +"), "{text}");
    assert!(text.contains("left: 1d8"), "{text}");
    let e = s.fails(1, &["rest", "Bram", "--short", "--hit-dice", "d10:1"]);
    assert_eq!(e["code"], "no_hit_dice_left", "{e}");
    let e = s.fails(2, &["rest", "Bram", "--short", "--hit-dice", "d7:1"]);
    assert_eq!(e["code"], "invalid_hit_dice", "{e}");
}

#[test]
fn hit_dice_a_long_rest_regains_every_one() {
    let s = Session::new();
    bram(&s);
    s.ok(&["hp", "Bram", "--max", "42", "--ac", "18"]);
    s.ok(&["rest", "Bram", "--short", "--hit-dice", "5"]);
    let e = s.fails(1, &["rest", "Bram", "--short", "--hit-dice", "1"]);
    assert_eq!(e["code"], "no_hit_dice_left", "{e}");
    let hp = s.ok(&["hp", "Bram"]);
    assert!(hp["hit_dice_left"].as_object().unwrap().is_empty(), "{hp}");
    assert_eq!(hp["hit_dice"], serde_json::json!({"d8": 2, "d10": 3}));
    assert!(
        s.human(&["--lang", "cs", "hp", "Bram"])
            .contains("Kostky životů: zbývá 0 z 2d8 + 3d10")
    );
    let r = s.ok(&["rest", "Bram", "--long"]);
    assert_eq!(r["hit_dice_left"], serde_json::json!({"d8": 2, "d10": 3}));
    assert!(r["vitals"]["hit_dice_spent"].is_null(), "{r}");
}

#[test]
fn hit_dice_party_rest_rests_every_character_in_one_change() {
    let s = Session::new();
    bram(&s);
    dying(&s);
    s.ok(&["hp", "Bram", "--max", "42", "--ac", "18"]);
    s.ok(&["damage", "Bram", "10"]);
    s.wizard("Elmira");
    let r = s.ok(&["rest", "--all", "--long"]);
    let chars = r["characters"].as_array().unwrap();
    assert_eq!(chars.len(), 3, "{r}");
    let bram = chars.iter().find(|c| c["name"] == "Bram").unwrap();
    assert_eq!(bram["hp"], 42, "{bram}");
    let mira = chars.iter().find(|c| c["name"] == "Mira").unwrap();
    assert_eq!(mira["hp"], 38, "a Long Rest brings a dying one back");
    // One change: one undo takes the whole party rest back.
    s.ok(&["undo", "Bram"]);
    assert_eq!(s.ok(&["hp", "Bram"])["vitals"]["hp"], 32);
    assert_eq!(s.ok(&["hp", "Mira"])["vitals"]["hp"], 0);
    // Too soon for a second Long Rest: each is listed with its refusal.
    s.ok(&["rest", "--all", "--long"]);
    let again = s.ok(&["rest", "--all", "--long"]);
    assert!(
        again["characters"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["refused"] == "long_rest_too_soon"),
        "{again}"
    );
    let text = s.human(&["rest", "--all", "--short"]);
    assert!(text.contains("Bram: HP 42/42"), "{text}");
}

/// 2024 Hit Point Dice on a party Short Rest: each character spends the
/// dice the table chose for it (`NAME=DICE`), the others what `auto`
/// says, all in one change; a name that is no character is refused before
/// anyone rests, more dice than are left is that character's refusal.
#[test]
fn hit_dice_party_short_rest_takes_each_characters_own_dice_in_one_change() {
    let s = Session::new();
    bram(&s);
    s.ok(&["hp", "Bram", "--max", "42", "--ac", "18"]);
    s.ok(&["damage", "Bram", "30"]);
    s.ok(&[
        "character",
        "new",
        "Cleo",
        "--class",
        "cleric:3",
        "--abilities",
        "con=12,wis=16",
    ]);
    s.ok(&["hp", "Cleo", "--max", "auto", "--ac", "16"]);
    s.ok(&["damage", "Cleo", "10"]);
    let r = s.ok(&["rest", "--all", "--short", "--hit-dice", "bram=d8:1;auto"]);
    let member = |name: &str| {
        r["characters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {r}"))
            .clone()
    };
    let bram = member("Bram");
    let sizes: Vec<u64> = bram["hit_dice_rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [8], "the one d8 chosen for Bram: {r}");
    let cleo = member("Cleo");
    assert!(
        !cleo["hit_dice_rolls"].as_array().unwrap().is_empty(),
        "auto for the one not named: {r}"
    );
    assert_eq!(
        s.ok(&["hp", "Bram"])["hit_dice_left"],
        serde_json::json!({"d8": 1, "d10": 3})
    );
    // One change: one undo takes back both characters' rests.
    s.ok(&["undo", "Cleo"]);
    assert_eq!(s.ok(&["hp", "Bram"])["vitals"]["hp"], 12);
    assert_eq!(
        s.ok(&["hp", "Bram"])["hit_dice_left"],
        serde_json::json!({"d8": 2, "d10": 3})
    );
    // A name that is no character: refused, nobody rests.
    let e = s.fails(1, &["rest", "--all", "--short", "--hit-dice", "Nobody=1"]);
    assert_eq!(e["code"], "unknown_character", "{e}");
    assert_eq!(s.ok(&["hp", "Bram"])["vitals"]["hp"], 12);
    // A bare number names nobody: a usage error, worded.
    let e = s.fails(2, &["rest", "--all", "--short", "--hit-dice", "2"]);
    assert_eq!(e["code"], "invalid_hit_dice", "{e}");
    // More d8s than Bram has: his refusal, listed; Cleo rests.
    let r = s.ok(&["rest", "--all", "--short", "--hit-dice", "Bram=d8:3;Cleo=1"]);
    let chars = r["characters"].as_array().unwrap();
    let bram = chars.iter().find(|c| c["name"] == "Bram").unwrap();
    assert_eq!(bram["refused"], "no_hit_dice_left", "{r}");
    let cleo = chars.iter().find(|c| c["name"] == "Cleo").unwrap();
    assert_eq!(cleo["hit_dice_rolls"].as_array().unwrap().len(), 1, "{r}");
}

#[test]
fn death_save_spare_the_dying_cast_on_a_dying_character_makes_it_stable() {
    let s = Session::new();
    dying(&s);
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "cleric:3",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Ana", "Spare the Dying"]);
    seeded(&s, 7, &["deathsave", "Mira"]);
    s.ok(&["cast", "Ana", "Spare the Dying", "-t", "Mira"]);
    let d = death(&s);
    assert_eq!(
        (d["stable"].as_bool(), d["failures"].as_u64()),
        (Some(true), Some(1)),
        "{d}"
    );
    assert!(s.human(&["hp", "Mira"]).contains("Stable"));
}
