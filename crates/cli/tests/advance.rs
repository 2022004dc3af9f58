//! A character advancing through the binary (issue 34): `character set
//! --class wizard:6 --abilities con=16` raises the class level and the
//! Constitution; slots, Hit Point Dice and the recorded hit point maximum
//! follow (2024 fixed values), a subclass the new level reaches can be
//! chosen at once, refusals change nothing, and undo takes it back.

mod common;

use common::Session;

#[test]
fn advancing_a_wizard_raises_slots_and_the_hit_point_maximum() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "wizard:5",
        "--abilities",
        "con=14,int=16",
    ]);
    // 6+2, then 4 × (4+2).
    s.ok(&["hp", "Ana", "--max", "32", "--ac", "12"]);
    s.ok(&["damage", "Ana", "10"]);
    // Con 14 → 16 on a level-5 Wizard: 5 more, current hit points too.
    let con = s.ok(&["character", "set", "Ana", "--abilities", "con=16"]);
    let hp = s.ok(&["hp", "Ana"])["vitals"].clone();
    assert_eq!(
        (hp["max_hp"].as_u64(), hp["hp"].as_u64()),
        (Some(37), Some(27)),
        "{con}"
    );
    // Two levels, a 4th-level slot, and the subclass level 3 reached.
    let up = s.ok(&[
        "character",
        "set",
        "Ana",
        "--class",
        "wizard:7",
        "--subclass",
        "wizard:evoker",
    ]);
    let hp = s.ok(&["hp", "Ana"])["vitals"].clone();
    // Two levels: 2 × (3 + 1 + 3).
    assert_eq!(
        (hp["max_hp"].as_u64(), hp["hp"].as_u64()),
        (Some(51), Some(41)),
        "{up}"
    );
    let show = s.ok(&["character", "show", "Ana"])["character"].clone();
    assert_eq!(show["level"], 7, "{show}");
    let slots = show["slots"]["slots"].as_array().unwrap();
    let fourth = slots.iter().find(|l| l["level"] == 4).unwrap();
    assert_eq!(
        (&fourth["total"], &fourth["remaining"]),
        (&1.into(), &1.into()),
        "{show}"
    );
    assert!(
        show["picks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == "evoker"),
        "{show}"
    );
    // A refusal in English and Czech changes nothing.
    let e = s.fails(1, &["character", "set", "Ana", "--class", "wizard:21"]);
    assert_eq!(e["code"], "invalid_class_level", "{e}");
    let e = s.fails(
        1,
        &[
            "--lang",
            "cs",
            "character",
            "set",
            "Ana",
            "--class",
            "cleric:14",
        ],
    );
    assert_eq!(e["code"], "invalid_character_level", "{e}");
    assert!(e["message"].as_str().unwrap().contains("20"), "{e}");
    assert_eq!(s.ok(&["hp", "Ana"])["vitals"]["max_hp"], 51);
    // Undo takes the level back.
    s.ok(&["undo", "Ana"]);
    assert_eq!(s.ok(&["hp", "Ana"])["vitals"]["max_hp"], 37);
}

/// A session with Ana, a Wizard 5 (Con 14) at its fixed 32 hit points.
fn wizard_5_at_32_hit_points() -> Session {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "wizard:5",
        "--abilities",
        "con=14,int=16",
    ]);
    s.ok(&["hp", "Ana", "--max", "32", "--ac", "12"]);
    s
}

/// Ana ([`wizard_5_at_32_hit_points`]) advanced to level 10 with `hp`
/// (`fixed`, `roll` or left out): her hit point maximum then.
fn max_hp_after_advancing(hp: Option<&str>) -> u64 {
    let s = wizard_5_at_32_hit_points();
    let mut args = vec!["character", "set", "Ana", "--class", "wizard:10"];
    if let Some(hp) = hp {
        args.extend(["--hp", hp]);
    }
    let up = s.ok(&args);
    let hp = s.ok(&["hp", "Ana"])["vitals"].clone();
    assert_eq!(hp["max_hp"], hp["hp"], "{up}");
    hp["max_hp"].as_u64().unwrap()
}

#[test]
fn levels_gained_take_the_fixed_value_or_roll_their_hit_dice_with_the_seed() {
    // Fixed, the default: 5 × (3 + 1 + 2).
    assert_eq!(max_hp_after_advancing(None), 32 + 30);
    assert_eq!(max_hp_after_advancing(Some("fixed")), 32 + 30);
    // Rolled: 5 × (1d6 + 2), between 15 and 40 more; seed 7 rolls it
    // again the same.
    let rolled = max_hp_after_advancing(Some("roll"));
    assert!((32 + 15..=32 + 40).contains(&rolled), "{rolled}");
    assert_ne!(rolled, 32 + 30, "seed 7 rolls other than the fixed values");
    assert_eq!(max_hp_after_advancing(Some("roll")), rolled);
}

/// `character set --hp roll` shows each Hit Die it rolled, as `hp` shows
/// a rolled maximum, and the lines add up to what the maximum gained; in
/// Czech too. `--json` carries them in the advance's event.
#[test]
fn a_rolled_advance_shows_each_hit_die() {
    for (lang, rolled) in [("en", "d6: rolled "), ("cs", "k6: hozeno ")] {
        let s = wizard_5_at_32_hit_points();
        let text = s.human(&[
            "--lang",
            lang,
            "character",
            "set",
            "Ana",
            "--class",
            "wizard:10",
            "--hp",
            "roll",
        ]);
        let lines: Vec<&str> = text.lines().filter(|l| l.contains(rolled)).collect();
        assert_eq!(lines.len(), 5, "{text}");
        let gained: u64 = lines
            .iter()
            .map(|l| {
                l.rsplit("= ")
                    .next()
                    .unwrap()
                    .trim()
                    .parse::<u64>()
                    .unwrap()
            })
            .sum();
        let max = s.ok(&["hp", "Ana"])["vitals"]["max_hp"].as_u64().unwrap();
        assert_eq!(max, 32 + gained, "{text}");
    }
    let s = wizard_5_at_32_hit_points();
    let v = s.ok(&[
        "character",
        "set",
        "Ana",
        "--class",
        "wizard:6",
        "--hp",
        "roll",
    ]);
    let rolls = &v["events"][0]["rolls"];
    assert_eq!(rolls.as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(
        (rolls[0]["class"].as_str(), rolls[0]["size"].as_u64()),
        (Some("wizard"), Some(6))
    );
}

#[test]
fn an_unknown_way_to_gain_hit_points_is_a_usage_error() {
    let s = Session::new();
    s.wizard("Ana");
    let out = s
        .cmd()
        .args([
            "character",
            "set",
            "Ana",
            "--class",
            "wizard:4",
            "--hp",
            "max",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
