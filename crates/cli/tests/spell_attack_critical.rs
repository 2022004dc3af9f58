//! 2024 conditions: a melee spell attack (Shocking Grasp) that hits a
//! Paralyzed or Unconscious creature within 5 feet is a Critical Hit, its
//! damage dice doubled; a ranged one (Fire Bolt) is not. Through the binary.

mod common;

use common::Session;
use serde_json::Value;

/// The first target's first attack: (hit, critical).
fn first_attack(cast: &Value) -> (Option<bool>, Option<bool>) {
    let a = &cast["cast"]["targets"][0]["attacks"][0];
    (a["hit"].as_bool(), a["critical"].as_bool())
}

/// The notations of the cast's rolls that are not d20s (its damage).
fn damage_notations(cast: &Value) -> Vec<String> {
    cast["cast"]["rolls"]
        .as_array()
        .unwrap_or_else(|| panic!("no rolls in {cast}"))
        .iter()
        .filter_map(|r| r["notation"].as_str())
        .filter(|n| !n.contains("d20"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn paralyzed_melee_spell_attack_hit_within_5_feet_is_a_critical_hit() {
    let s = Session::new();
    s.wizard("Wiz");
    s.ok(&["prepare", "Wiz", "Shocking Grasp"]);
    s.ok(&["prepare", "Wiz", "Fire Bolt"]);
    s.ok(&["character", "new", "Orcy", "--class", "wizard:1"]);
    // AC 2: with Advantage only two 1s miss.
    s.ok(&["hp", "Orcy", "--max", "100", "--ac", "2"]);
    s.ok(&["condition", "Orcy", "add", "paralyzed"]);
    // Shocking Grasp at level 3 rolls 1d8; a Critical Hit 2d8.
    let cast = s.ok(&["cast", "Wiz", "Shocking Grasp", "--target", "Orcy:dist=5"]);
    assert_eq!(first_attack(&cast), (Some(true), Some(true)), "{cast}");
    assert_eq!(damage_notations(&cast), ["2d8"], "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    // Fire Bolt from 5 feet: Advantage, but no Critical Hit (1d10).
    let cast = s.ok(&["cast", "Wiz", "Fire Bolt", "--target", "Orcy:dist=5"]);
    assert_eq!(first_attack(&cast), (Some(true), Some(false)), "{cast}");
    assert_eq!(damage_notations(&cast), ["1d10"], "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    // Unconscious instead: Shocking Grasp is a Critical Hit again.
    s.ok(&["condition", "Orcy", "remove", "paralyzed"]);
    s.ok(&["condition", "Orcy", "add", "unconscious"]);
    let cast = s.ok(&["cast", "Wiz", "Shocking Grasp", "--target", "Orcy"]);
    assert_eq!(first_attack(&cast), (Some(true), Some(true)), "{cast}");
    assert_eq!(damage_notations(&cast), ["2d8"], "{cast}");
}
