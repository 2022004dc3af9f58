//! Lasting spells that harm at the start or end of a creature's turn, as a
//! GM runs them with `grimoire encounter next` (R15, R16, R19, R21).

mod common;

use common::Session;
use serde_json::Value;

fn cleric(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "cleric:5",
        "--abilities",
        "wis=18",
    ]);
    s.ok(&["prepare", "Ana", "Spirit Guardians"]);
}

fn combatant<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {status}"))
}

/// Spirit Guardians harms a creature in it as that creature's turn ends:
/// a Wisdom save at the cleric's DC halves it (R19), and the damage comes
/// off the tracked hit points, which stop at 0.
#[test]
fn r16_spirit_guardians_harms_a_creature_as_its_turn_ends() {
    let s = Session::new();
    cleric(&s);
    s.ok(&["encounter", "new", "Crypt"]);
    s.ok(&["encounter", "add", "Crypt", "Ana", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Crypt",
        "Ghoul:ac=12:wis=+0",
        "--init",
        "10",
        "--hp",
        "60",
    ]);
    s.ok(&["encounter", "start", "Crypt"]);
    let cast = s.ok(&["cast", "Ana", "Spirit Guardians", "--target", "Ghoul"]);
    let after_cast = cast["cast"]["targets"][0]["hp_after"].as_i64().unwrap();
    // Ana's turn ends: she is not in her own emanation, nothing is due.
    let ghouls_turn = s.ok(&["encounter", "next", "Crypt"]);
    assert_eq!(ghouls_turn["current"], "Ghoul");
    assert_eq!(ghouls_turn["turn_damage"], serde_json::json!([]));
    // The Ghoul's turn ends inside the emanation.
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hits = next["turn_damage"].as_array().unwrap();
    assert_eq!(hits.len(), 1, "{next}");
    let hit = &hits[0];
    assert_eq!(hit["target"], "Ghoul");
    assert_eq!(hit["caster"], "Ana");
    assert_eq!(hit["at"], "end");
    let save = &hit["outcome"]["save"];
    assert_eq!(save["ability"], "wisdom");
    assert_eq!(save["dc"], 15, "8 + proficiency 3 + Wisdom 4");
    let rolled = hit["rolls"][0]["total"].as_u64().unwrap();
    assert_eq!(hit["rolls"][0]["notation"], "3d8");
    let taken = hit["outcome"]["damage_total"].as_u64().unwrap();
    if save["success"] == true {
        assert_eq!(taken, rolled / 2, "half on a success: {hit}");
    } else {
        assert_eq!(taken, rolled, "whole on a failure: {hit}");
    }
    let expected = (after_cast - taken as i64).max(0);
    assert_eq!(hit["hp"], expected, "{hit}");
    assert_eq!(combatant(&next, "Ghoul")["hp"], expected);
    assert_eq!(next["current"], "Ana");
}

/// A level-4 Spirit Guardians grows its turn damage like its first burst
/// (R6): 4d8.
#[test]
fn r6_turn_damage_grows_with_the_slot() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "cleric:7",
        "--abilities",
        "wis=18",
    ]);
    s.ok(&["prepare", "Ana", "Spirit Guardians"]);
    s.ok(&["encounter", "new", "Crypt"]);
    s.ok(&["encounter", "add", "Crypt", "Ana", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Crypt",
        "Ogre:wis=-2",
        "--init",
        "10",
        "--hp",
        "200",
    ]);
    s.ok(&["encounter", "start", "Crypt"]);
    s.ok(&[
        "cast",
        "Ana",
        "Spirit Guardians",
        "--slot",
        "4",
        "--target",
        "Ogre",
    ]);
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    assert_eq!(
        next["turn_damage"][0]["rolls"][0]["notation"], "4d8",
        "{next}"
    );
}

/// Searing Smite (2024): the hit's extra fire is automatic; the burning
/// strikes as the target's turn begins, then a Constitution save; a
/// success ends the spell on the paladin too.
#[test]
fn r16_searing_smite_burns_at_the_start_of_the_targets_turn_until_it_saves() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Paul",
        "--class",
        "paladin:5",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Paul", "Searing Smite"]);
    s.ok(&["encounter", "new", "Yard"]);
    s.ok(&["encounter", "add", "Yard", "Paul", "--init", "20"]);
    // A Constitution save of +30 always succeeds.
    s.ok(&[
        "encounter",
        "add",
        "Yard",
        "Troll:con=+30",
        "--init",
        "10",
        "--hp",
        "84",
    ]);
    s.ok(&["encounter", "start", "Yard"]);
    let smite = s.ok(&[
        "cast",
        "Paul",
        "Searing Smite",
        "--trigger",
        "hit with a longsword",
        "--target",
        "Troll",
    ]);
    let t = &smite["cast"]["targets"][0];
    assert_eq!(t["target"], "Troll", "{smite}");
    assert!(t["save"].is_null(), "the hit's fire needs no save: {smite}");
    assert!(t["damage_total"].as_u64().unwrap() >= 1);
    let next = s.ok(&["encounter", "next", "Yard"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "start", "{next}");
    assert_eq!(hit["rolls"][0]["notation"], "1d6");
    assert!(
        hit["outcome"]["damage_total"].as_u64().unwrap() >= 1,
        "burns first"
    );
    assert_eq!(hit["outcome"]["save"]["success"], true);
    assert_eq!(hit["spell_ended"], true, "{hit}");
    let paul = s.ok(&["character", "show", "Paul"]);
    assert_eq!(
        paul["character"]["ongoing"],
        serde_json::json!([]),
        "the spell is over on the paladin: {paul}"
    );
    // Nothing more burns on the Troll's next turn.
    s.ok(&["encounter", "next", "Yard"]);
    let again = s.ok(&["encounter", "next", "Yard"]);
    assert_eq!(again["turn_damage"], serde_json::json!([]), "{again}");
}

/// A concentrating character harmed by turn damage makes its
/// Concentration save, shown with the hit, in English and Czech.
#[test]
fn turn_damage_calls_a_concentration_save_and_reads_in_both_languages() {
    let s = Session::new();
    cleric(&s);
    s.ok(&[
        "character",
        "new",
        "Mage",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&["prepare", "Mage", "Fly"]);
    s.ok(&["hp", "Mage", "--max", "300", "--ac", "12"]);
    s.ok(&["encounter", "new", "Hall"]);
    s.ok(&["encounter", "add", "Hall", "Ana", "--init", "20"]);
    s.ok(&["encounter", "add", "Hall", "Mage", "--init", "10"]);
    s.ok(&["encounter", "start", "Hall"]);
    // A charmed ally in the emanation, say: the spell harms whom it names.
    s.ok(&["cast", "Ana", "Spirit Guardians", "--target", "Mage"]);
    s.ok(&["encounter", "next", "Hall"]);
    s.ok(&["cast", "Mage", "Fly", "--target", "Mage"]);
    let out = s.human(&["encounter", "next", "Hall"]);
    assert!(
        out.contains("Spirit Guardians (Ana) · Mage, at the end of its turn"),
        "{out}"
    );
    assert!(out.contains("Concentration"), "{out}");
    let mage = s.ok(&["character", "show", "Mage"]);
    let hp = mage["character"]["vitals"]["hp"].as_u64().unwrap();
    assert!(
        hp < 300,
        "the damage is on the character's own hit points: {mage}"
    );
    // Czech: the same moment, worded in Czech.
    s.ok(&["encounter", "next", "Hall"]);
    let cs = s.human(&["--lang", "cs", "encounter", "next", "Hall"]);
    assert!(cs.contains("na konci svého tahu"), "{cs}");
    assert!(cs.contains("Strážní duchové"), "{cs}");
}
