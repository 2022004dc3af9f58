//! What a user can say about a target on the command line (issue 12):
//! resistances, vulnerabilities and immunities per damage type, and the hit
//! point maximum that stops healing.

mod common;

use common::Session;
use serde_json::Value;

fn wizard(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&["prepare", "Elmira", "Fireball"]);
}

/// `(rolled, taken)` of the first damage entry of target `i`.
fn fire(cast: &Value, i: usize) -> (u64, u64) {
    let d = &cast["cast"]["targets"][i]["damage"][0];
    assert_eq!(d["damage_type"], "fire", "{cast}");
    (d["rolled"].as_u64().unwrap(), d["taken"].as_u64().unwrap())
}

/// R16 with defences: one Fireball, four targets that all fail their save
/// (Dexterity -30): the plain one takes the roll, the resistant half, the
/// vulnerable double, the immune nothing.
#[test]
fn r16_resistance_vulnerability_and_immunity_change_the_damage_taken() {
    let s = Session::new();
    wizard(&s);
    let cast = s.ok(&[
        "cast",
        "Elmira",
        "Fireball",
        "--target",
        "Bandit:dex=-30",
        "--target",
        "Imp:dex=-30:type=fiend:resist=cold,fire",
        "--target",
        "Treant:dex=-30:vuln=fire",
        "--target",
        "Salamander:dex=-30:immune=fire",
    ]);
    let (rolled, taken) = fire(&cast, 0);
    assert_eq!(taken, rolled, "{cast}");
    assert_eq!(fire(&cast, 1), (rolled, rolled / 2));
    assert_eq!(fire(&cast, 2), (rolled, rolled * 2));
    assert_eq!(fire(&cast, 3), (rolled, 0));
    assert_eq!(cast["cast"]["targets"][3]["damage_total"], 0);
}

/// Healing stops at the hit point maximum (`:max=N`).
#[test]
fn r16_healing_stops_at_the_targets_hit_point_maximum() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Brother",
        "--class",
        "cleric:3",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Brother", "Cure Wounds"]);
    let cast = s.ok(&[
        "cast",
        "Brother",
        "Cure Wounds",
        "--target",
        "Ana:hp=10:max=12",
    ]);
    let ana = &cast["cast"]["targets"][0];
    assert_eq!(ana["hp_after"], 12, "{cast}");
}

#[test]
fn a_bad_defence_names_the_word_and_the_known_types() {
    let s = Session::new();
    wizard(&s);
    let err = s.fails(
        2,
        &["cast", "Elmira", "Fireball", "--target", "Imp:resist=firey"],
    );
    assert_eq!(err["code"], "unknown_damage_type");
    assert!(
        err["message"].as_str().unwrap().contains("\"firey\""),
        "{err}"
    );
    let err = s.fails(
        2,
        &["cast", "Elmira", "Fireball", "--target", "Imp:max=lots"],
    );
    assert_eq!(err["code"], "bad_target");
    // Nothing was spent by the refused commands.
    let slots = s.ok(&["slots", "Elmira"]);
    assert_eq!(common::slots(&slots)[2], (3, 2, 2), "{slots}");
}
