//! Characters with hit points and Armor Class outside encounters, through
//! the binary (issue 20): recorded with `grimoire hp`, changed by damage
//! (temporary hit points first), by spells that hit or heal them (their
//! own saves rolled, Concentration saved), by healing and by a Long Rest;
//! 0 hit points is Unconscious; undo restores them.

mod common;

use common::Session;
use serde_json::Value;

fn cleric(s: &Session, name: &str) {
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        "cleric:5",
        "--abilities",
        "con=14,wis=16",
    ]);
    s.ok(&["equip", name, "--material", "Holy Symbol worth 5 GP"]);
    s.ok(&["prepare", name, "Bless", "Cure Wounds"]);
}

fn vitals(s: &Session, name: &str) -> Value {
    s.ok(&["hp", name])["vitals"].clone()
}

#[test]
fn hit_points_are_recorded_shown_and_bounded() {
    let s = Session::new();
    cleric(&s, "Mira");
    assert_eq!(vitals(&s, "Mira"), Value::Null);
    let e = s.fails(1, &["hp", "Mira", "--heal", "3"]);
    assert_eq!(e["code"], "no_hit_points", "{e}");
    assert!(e["message"].as_str().unwrap().contains("grimoire hp Mira"));
    let set = s.ok(&["hp", "Mira", "--max", "38", "--ac", "18"]);
    assert_eq!(set["vitals"]["hp"], 38);
    assert_eq!(set["vitals"]["ac"], 18);
    let e = s.fails(1, &["hp", "Mira", "--set", "39"]);
    assert_eq!(e["code"], "invalid_hit_points", "{e}");
    let e = s.fails(2, &["hp", "Mira", "--ac", "0"]);
    assert_eq!(e["code"], "usage", "{e}");
    // The sheet shows them, in both languages.
    assert!(
        s.human(&["character", "show", "Mira"])
            .contains("HP 38/38 · AC 18")
    );
    assert!(
        s.human(&["--lang", "cs", "character", "show", "Mira"])
            .contains("Životy 38/38 · OČ 18")
    );
    assert_eq!(
        s.ok(&["character", "show", "Mira"])["character"]["vitals"]["max_hp"],
        38
    );
}

#[test]
fn damage_takes_temporary_hit_points_first_and_healing_stops_at_the_maximum() {
    let s = Session::new();
    cleric(&s, "Mira");
    s.ok(&["hp", "Mira", "--max", "30", "--ac", "16"]);
    s.ok(&["hp", "Mira", "--temp", "5"]);
    let hit = s.ok(&["damage", "Mira", "8"]);
    assert_eq!(hit["hp_after"], 27);
    assert_eq!(hit["vitals"]["temp_hp"], 0);
    let healed = s.ok(&["hp", "Mira", "--heal", "50"]);
    assert_eq!(healed["vitals"]["hp"], 30);
    // Undo puts the hit points back as they were.
    s.ok(&["undo", "Mira"]);
    assert_eq!(vitals(&s, "Mira")["hp"], 27);
}

/// R15: at 0 hit points the caster falls Unconscious and its Concentration
/// ends without a save; healing wakes it.
#[test]
fn r15_zero_hit_points_ends_concentration_and_healing_wakes() {
    let s = Session::new();
    cleric(&s, "Mira");
    s.ok(&["hp", "Mira", "--max", "20", "--ac", "16"]);
    s.ok(&["cast", "Mira", "Bless", "--target", "Mira"]);
    let down = s.ok(&["damage", "Mira", "25"]);
    assert_eq!(down["hp_after"], 0);
    assert_eq!(down["dc"], Value::Null, "no save at 0 hit points: {down}");
    let sheet = &s.ok(&["character", "show", "Mira"])["character"];
    assert_eq!(sheet["conditions"], serde_json::json!(["unconscious"]));
    assert_eq!(sheet["concentration"], Value::Null);
    s.ok(&["hp", "Mira", "--heal", "4"]);
    let sheet = &s.ok(&["character", "show", "Mira"])["character"];
    assert_eq!(sheet["conditions"], serde_json::json!([]));
    assert_eq!(sheet["vitals"]["hp"], 4);
}

/// A spell aimed at a stored character meets its own numbers: its save is
/// rolled with its bonus, its hit points drop, and a concentrating
/// character saves to keep Concentration; a healing spell raises them.
#[test]
fn spells_hit_and_heal_stored_characters() {
    let s = Session::new();
    cleric(&s, "Mira");
    s.ok(&["hp", "Mira", "--max", "38", "--ac", "18"]);
    s.ok(&["cast", "Mira", "Bless", "--target", "Mira"]);
    s.ok(&[
        "character",
        "new",
        "Zed",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&["prepare", "Zed", "Fireball"]);
    let fb = s.ok(&["cast", "Zed", "Fireball", "--target", "Mira"]);
    let target = &fb["cast"]["targets"][0];
    assert!(
        target["save"]["total"].is_i64(),
        "Mira's save is rolled: {target}"
    );
    let hit = &fb["cast"]["characters"][0];
    assert_eq!(hit["name"], "Mira");
    let taken = target["damage_total"].as_u64().unwrap();
    assert_eq!(hit["hp"].as_u64().unwrap(), 38 - taken);
    assert!(
        hit["save"]["dc"].as_i64().unwrap() >= 10,
        "a Concentration save: {hit}"
    );
    assert_eq!(vitals(&s, "Mira")["hp"].as_u64().unwrap(), 38 - taken);
    // The log records Mira's part of Zed's cast.
    let log = s.ok(&["log", "Mira"]);
    assert!(log.to_string().contains("hit_points_changed"), "{log}");

    s.ok(&["turn", "end", "Mira"]);
    let cure = s.ok(&["cast", "Mira", "Cure Wounds", "--target", "Mira"]);
    let healed = cure["cast"]["targets"][0]["healing"].as_u64().unwrap();
    assert_eq!(
        vitals(&s, "Mira")["hp"].as_u64().unwrap(),
        (38 - taken + healed).min(38)
    );
}

/// R4: a Long Rest restores every hit point and ends temporary ones.
#[test]
fn r4_long_rest_restores_hit_points() {
    let s = Session::new();
    cleric(&s, "Mira");
    s.ok(&[
        "hp", "Mira", "--max", "30", "--ac", "16", "--set", "3", "--temp", "4",
    ]);
    s.ok(&["rest", "Mira", "--long"]);
    let v = vitals(&s, "Mira");
    assert_eq!(
        (v["hp"].as_u64(), v["temp_hp"].as_u64()),
        (Some(30), Some(0))
    );
}

/// A creature's spell meets a character's own numbers too: the Archmage's
/// Cone of Cold rolls the wizard's CON save and takes the wizard's
/// recorded hit points down, the tracker showing the same.
#[test]
fn a_creatures_spell_lowers_a_characters_recorded_hit_points() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Zed",
        "--class",
        "wizard:5",
        "--abilities",
        "con=14,int=16",
    ]);
    s.ok(&["hp", "Zed", "--max", "120", "--ac", "12"]);
    s.ok(&["encounter", "new", "Tower"]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Archmage",
        "--monster",
        "archmage",
        "--init",
        "20",
    ]);
    s.ok(&["encounter", "add", "Tower", "Zed", "--init", "5"]);
    s.ok(&["encounter", "start", "Tower"]);
    let v = s.ok(&[
        "encounter",
        "cast",
        "Tower",
        "Archmage",
        "Cone of Cold",
        "--target",
        "Zed",
    ]);
    let target = &v["cast"]["targets"][0];
    assert!(
        target["save"]["total"].is_i64(),
        "Zed's save is rolled: {v}"
    );
    let taken = target["damage_total"].as_u64().unwrap();
    assert!(taken > 0, "{v}");
    assert_eq!(vitals(&s, "Zed")["hp"].as_u64().unwrap(), 120 - taken);
    let status = s.ok(&["encounter", "status", "Tower"]);
    assert!(
        status
            .to_string()
            .contains(&format!("\"hp\":{}", 120 - taken)),
        "{status}"
    );
}
