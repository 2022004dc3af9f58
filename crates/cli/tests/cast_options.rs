//! Cast options through the binary: a chosen damage type, the alternative
//! casting time, and the caster's Hex riding on spell attacks in an
//! encounter.

mod common;

use common::Session;
use serde_json::Value;

fn damage_types(cast: &Value) -> Vec<&str> {
    cast["cast"]["targets"][0]["damage"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["damage_type"].as_str().unwrap())
        .collect()
}

#[test]
fn damage_type_picks_an_offered_type_and_refuses_the_rest() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "sorcerer:3",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Elmira", "Chromatic Orb"]);
    s.ok(&["equip", "Elmira", "--material", "diamond worth 50+ GP"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Elmira",
            "Chromatic Orb",
            "--damage-type",
            "necrotic",
            "--target",
            "Ogre",
        ],
    );
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("damage_type_not_offered"), Some("R16"))
    );
    let err = s.fails(
        2,
        &[
            "cast",
            "Elmira",
            "Chromatic Orb",
            "--damage-type",
            "fyre",
            "--target",
            "Ogre",
        ],
    );
    assert_eq!(err["code"], "unknown_damage_type");
    // Czech names work too.
    let cast = s.ok(&[
        "cast",
        "Elmira",
        "Chromatic Orb",
        "--damage-type",
        "ohnivé",
        "--target",
        "Ogre:ac=1",
    ]);
    assert_eq!(damage_types(&cast), ["fire"]);
}

#[test]
fn alternative_time_starts_the_long_casting_or_is_refused() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Dru",
        "--class",
        "druid:5",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Dru", "Plant Growth", "Cure Wounds"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Dru",
            "Cure Wounds",
            "--alternative-time",
            "--target",
            "Dru",
        ],
    );
    assert_eq!(err["code"], "no_alternative_casting_time");
    let cast = s.ok(&["cast", "Dru", "Plant Growth", "--alternative-time"]);
    assert_eq!(cast["cast"]["status"], "started");
    assert_eq!(cast["cast"]["rounds_needed"], 4800, "8 hours (R12)");
    let err = s.fails(1, &["cast", "Dru", "Plant Growth"]);
    assert_eq!(
        err["code"], "casting_in_progress",
        "R12: one casting at a time"
    );
}

#[test]
fn hex_rides_on_the_casters_spell_attacks_in_an_encounter() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Wren",
        "--class",
        "warlock:3",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Wren", "Hex", "Eldritch Blast"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Wren", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "1",
        "--hp",
        "30",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let blast = ["cast", "Wren", "Eldritch Blast", "--target", "Goblin:ac=1"];
    let plain = s.ok(&blast);
    assert_eq!(damage_types(&plain), ["force"], "no Hex yet");
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["cast", "Wren", "Hex", "--target", "Goblin"]);
    let hexed = s.ok(&blast);
    assert_eq!(damage_types(&hexed), ["force", "necrotic"], "{hexed}");
}
