//! Rests and creatures as the 2024 rules have them (issue 31), through
//! the binary: a Long Rest is downtime, taken at most once in 24 hours
//! (after finishing one a creature waits 16 hours before the next), never
//! in the middle of a fight; the encounter tracker and the sheet keep one
//! hit-point number across a rest.

mod common;

use common::Session;
use serde_json::Value;

/// A level-5 Wizard with a pouch and Magic Missile prepared.
fn wizard(s: &Session, name: &str) {
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        "wizard:5",
        "--abilities",
        "str=8,dex=14,con=14,int=18,wis=12,cha=10",
    ]);
    s.ok(&["equip", name, "--pouch"]);
    s.ok(&["prepare", name, "Magic Missile"]);
}

/// Remaining level-1 slots.
fn slot1(s: &Session, name: &str) -> u64 {
    let v = s.ok(&["slots", name]);
    common::slots(&v)
        .into_iter()
        .find(|(l, _, _)| *l == 1)
        .map(|(_, r, _)| r)
        .unwrap()
}

/// Spends one level-1 slot outside a fight (Magic Missile at a target).
fn spend_slot(s: &Session, name: &str) {
    s.ok(&["cast", name, "Magic Missile", "--target", "Orc"]);
    s.ok(&["turn", "end", name]);
}

fn combatant(s: &Session, enc: &str, name: &str) -> Value {
    let v = s.ok(&["encounter", "status", enc]);
    v["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{v}"))
}

#[test]
fn r4_a_second_long_rest_right_after_the_first_is_refused() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    spend_slot(&s, "Elmira");
    let err = s.fails(1, &["rest", "Elmira", "--long"]);
    assert_eq!(err["code"], "long_rest_too_soon", "{err}");
    assert_eq!(err["rule"], "R4", "{err}");
    // The refusal changed nothing: the slot stays spent.
    assert_eq!(slot1(&s, "Elmira"), 3);
}

#[test]
fn r4_the_refusal_says_how_long_to_wait_and_how() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    let err = s.fails(1, &["rest", "Elmira", "--long"]);
    let msg = err["message"].as_str().unwrap();
    assert!(msg.contains("16 hours"), "{msg}");
    assert!(msg.contains("grimoire wait Elmira 16h"), "{msg}");
}

#[test]
fn r4_after_sixteen_hours_of_waiting_a_long_rest_restores_the_slots() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    spend_slot(&s, "Elmira");
    s.ok(&["wait", "Elmira", "16h"]);
    s.ok(&["rest", "Elmira", "--long"]);
    assert_eq!(slot1(&s, "Elmira"), 4);
}

#[test]
fn r4_fifteen_hours_are_not_enough() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    s.ok(&["wait", "Elmira", "15h"]);
    let err = s.fails(1, &["rest", "Elmira", "--long"]);
    assert_eq!(err["code"], "long_rest_too_soon");
    assert!(err["message"].as_str().unwrap().contains("1 hour"), "{err}");
}

#[test]
fn r4_the_first_long_rest_of_a_new_character_is_taken() {
    let s = Session::new();
    wizard(&s, "Elmira");
    spend_slot(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    assert_eq!(slot1(&s, "Elmira"), 4);
}

#[test]
fn r4_short_rests_still_follow_a_long_rest() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    s.ok(&["rest", "Elmira", "--short"]);
    s.ok(&["rest", "Elmira", "--short"]);
    // Two hours of Short Rests count towards the sixteen, not for them.
    let err = s.fails(1, &["rest", "Elmira", "--long"]);
    assert!(
        err["message"].as_str().unwrap().contains("14 hours"),
        "{err}"
    );
}

#[test]
fn r4_no_long_rest_during_a_running_encounter() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "10",
        "--hp",
        "7",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
    let err = s.fails(1, &["rest", "Elmira", "--long"]);
    assert_eq!(err["code"], "long_rest_in_encounter", "{err}");
    assert_eq!(err["rule"], "R4");
    let msg = err["message"].as_str().unwrap();
    assert!(
        msg.contains("Cave") && msg.contains("encounter end"),
        "{msg}"
    );
    assert_eq!(slot1(&s, "Elmira"), 3);
}

#[test]
fn r4_once_the_encounter_ends_the_long_rest_is_taken() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "10",
        "--hp",
        "7",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
    s.ok(&["encounter", "end", "Cave"]);
    s.ok(&["rest", "Elmira", "--long"]);
    assert_eq!(slot1(&s, "Elmira"), 4);
}

#[test]
fn r4_a_gathered_encounter_that_has_not_started_does_not_stop_a_rest() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "15"]);
    spend_slot(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    assert_eq!(slot1(&s, "Elmira"), 4);
}

#[test]
fn r4_the_tracker_starts_from_the_rested_sheet() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["hp", "Elmira", "--max", "27", "--ac", "12", "--set", "4"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "10",
        "--hp",
        "7",
    ]);
    // A Long Rest before the fight restores every hit point (R4) ...
    s.ok(&["rest", "Elmira", "--long"]);
    s.ok(&["encounter", "start", "Cave"]);
    // ... and the tracker shows the sheet's number, not the one at joining.
    assert_eq!(combatant(&s, "Cave", "Elmira")["hp"], 27);
    assert_eq!(s.ok(&["hp", "Elmira"])["vitals"]["hp"].as_u64(), Some(27));
}

#[test]
fn r4_the_refusal_is_worded_in_czech() {
    let s = Session::new();
    wizard(&s, "Elmira");
    s.ok(&["rest", "Elmira", "--long"]);
    let err = s.fails(1, &["--lang", "cs", "rest", "Elmira", "--long"]);
    let msg = err["message"].as_str().unwrap();
    assert!(msg.contains("16 hodin") && msg.contains("Dlouh"), "{msg}");
}

/// A gathered and started encounter: Elmira against a Goblin.
fn fight(s: &Session) {
    wizard(s, "Elmira");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "10",
        "--hp",
        "7",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
}

#[test]
fn an_ended_encounter_keeps_its_final_state_marked_ended() {
    let s = Session::new();
    fight(&s);
    s.ok(&["encounter", "damage", "Cave", "Goblin", "3"]);
    s.ok(&["encounter", "end", "Cave"]);
    let v = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(v["ended"], true, "{v}");
    assert_eq!(v["round"], 1, "{v}");
    assert_eq!(combatant(&s, "Cave", "Goblin")["hp"], 4);
    // It is no longer among the live encounters, but listed as ended.
    let list = s.ok(&["encounter", "list"]);
    assert_eq!(list["encounters"].as_array().unwrap().len(), 0, "{list}");
    assert_eq!(list["ended"][0], "Cave", "{list}");
}

#[test]
fn an_ended_encounter_keeps_its_log() {
    let s = Session::new();
    fight(&s);
    s.ok(&["encounter", "damage", "Cave", "Goblin", "3"]);
    let before = s.ok(&["log", "--encounter", "Cave"])["log"]
        .as_array()
        .unwrap()
        .len();
    s.ok(&["encounter", "end", "Cave"]);
    let log = s.ok(&["log", "--encounter", "Cave"]);
    let entries = log["log"].as_array().unwrap();
    assert_eq!(entries.len(), before + 1, "{log}");
    assert!(
        entries.iter().any(|e| e["command"]
            .as_str()
            .is_some_and(|c| c.ends_with("encounter damage Cave Goblin 3"))),
        "{log}"
    );
}

#[test]
fn an_ended_encounter_takes_no_more_turns_and_its_name_is_free() {
    let s = Session::new();
    fight(&s);
    s.ok(&["encounter", "end", "Cave"]);
    let err = s.fails(1, &["encounter", "next", "Cave"]);
    assert_eq!(err["code"], "unknown_encounter", "{err}");
    // A new fight of the same name starts fresh; the old record stays
    // until that one ends too.
    s.ok(&["encounter", "new", "Cave"]);
    let v = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(
        (v["started"].as_bool(), v["ended"].as_bool()),
        (Some(false), Some(false))
    );
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "15"]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["encounter", "end", "Cave"]);
    let v = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(v["ended"], true);
    assert_eq!(v["combatants"].as_array().unwrap().len(), 1, "{v}");
}

/// Level 1+ Wizard spells of levels 1-7, in the order a Wizard prepares them.
const WIZARD_SPELLS: [&str; 20] = [
    "Magic Missile",
    "Shield",
    "Sleep",
    "Detect Magic",
    "Thunderwave",
    "Burning Hands",
    "Mage Armor",
    "Misty Step",
    "Fireball",
    "Counterspell",
    "Fly",
    "Haste",
    "Lightning Bolt",
    "Cone of Cold",
    "Invisibility",
    "Web",
    "Hold Person",
    "Dimension Door",
    "Banishment",
    "Wall of Fire",
];

fn wizard_of_level(s: &Session, level: u8) {
    let class = format!("wizard:{level}");
    s.ok(&[
        "character",
        "new",
        "Wiz",
        "--class",
        &class,
        "--abilities",
        "str=8,dex=14,con=14,int=18,wis=12,cha=10",
    ]);
}

/// The 2024 Wizard table: 18 prepared spells at level 14 (the Cleric's
/// table stays at 17 there).
#[test]
fn a_wizard_14_prepares_18_spells() {
    let s = Session::new();
    wizard_of_level(&s, 14);
    let mut args = vec!["prepare", "Wiz"];
    args.extend(&WIZARD_SPELLS[..18]);
    let v = s.ok(&args);
    assert_eq!(v["prepared"].as_array().unwrap().len(), 18, "{v}");
    let err = s.fails(1, &["prepare", "Wiz", WIZARD_SPELLS[18]]);
    assert_eq!(err["code"], "too_many_prepared", "{err}");
    assert!(err["message"].as_str().unwrap().contains("18"), "{err}");
}

/// Level 13 is where the Wizard table still matches the Cleric's: 17.
#[test]
fn a_wizard_13_prepares_17_spells() {
    let s = Session::new();
    wizard_of_level(&s, 13);
    let mut args = vec!["prepare", "Wiz"];
    args.extend(&WIZARD_SPELLS[..17]);
    s.ok(&args);
    let err = s.fails(1, &["prepare", "Wiz", WIZARD_SPELLS[17]]);
    assert_eq!(err["code"], "too_many_prepared", "{err}");
}

/// A level-3 Paladin with Divine Smite prepared.
fn paladin(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Paul",
        "--class",
        "paladin:3",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Paul", "Divine Smite"]);
}

fn smite(s: &Session, target: &str) -> Value {
    s.ok(&[
        "cast",
        "Paul",
        "Divine Smite",
        "--trigger",
        "hit with a longsword",
        "--target",
        target,
    ])
}

/// The damage rolls of a cast, by notation.
fn damage_notations(cast: &Value) -> Vec<String> {
    cast["cast"]["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["label"]["kind"] == "damage")
        .map(|r| r["notation"].as_str().unwrap().to_owned())
        .collect()
}

/// Divine Smite: 2d8 radiant, and 1d8 more against a Fiend or Undead.
#[test]
fn divine_smite_on_a_fiend_rolls_the_extra_d8() {
    let s = Session::new();
    paladin(&s);
    let cast = smite(&s, "Imp:type=fiend");
    assert_eq!(damage_notations(&cast), ["2d8", "1d8"], "{cast}");
}

#[test]
fn divine_smite_on_a_beast_rolls_and_shows_no_extra_d8() {
    let s = Session::new();
    paladin(&s);
    let cast = smite(&s, "Wolf:type=beast");
    assert_eq!(damage_notations(&cast), ["2d8"], "{cast}");
    let t = &cast["cast"]["targets"][0];
    assert_eq!(t["damage"].as_array().unwrap().len(), 1, "{cast}");
    let notes: Vec<String> = cast["cast"]["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(common::note_en)
        .collect();
    assert!(
        notes.iter().any(|n| n.contains("fiend or undead")),
        "{cast}"
    );
    // The terminal card has no line for the extra die.
    s.ok(&["turn", "end", "Paul"]);
    let text = s.human(&[
        "cast",
        "Paul",
        "Divine Smite",
        "--trigger",
        "hit",
        "--target",
        "Wolf:type=beast",
    ]);
    assert!(!text.contains("1d8"), "{text}");
}

#[test]
fn divine_smite_on_a_creature_of_unknown_type_says_why_the_extra_d8_waits() {
    let s = Session::new();
    paladin(&s);
    let cast = smite(&s, "Shape");
    let t = &cast["cast"]["targets"][0];
    let note = common::note_en(&t["note"]);
    assert!(
        note.contains("fiend or undead") && note.contains("creature type"),
        "{cast}"
    );
    // Only the 2d8 is taken until the type is known.
    let two_d8 = cast["cast"]["rolls"][0]["total"].as_u64().unwrap();
    assert_eq!(t["damage_total"].as_u64(), Some(two_d8), "{cast}");
}

/// A Mage (SRD 5.2) in the Tower, acting first, with an Orc to aim at.
fn tower(s: &Session) {
    s.ok(&["encounter", "new", "Tower"]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Mage",
        "--monster",
        "mage",
        "--init",
        "20",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Orc",
        "--init",
        "5",
        "--hp",
        "90",
    ]);
    s.ok(&["encounter", "start", "Tower"]);
}

fn creature_cast(spell: &str, level: &str) -> Vec<String> {
    let mut args = vec![
        "encounter",
        "cast",
        "Tower",
        "Mage",
        spell,
        "--target",
        "Orc",
    ];
    if !level.is_empty() {
        args.extend(["--slot", level]);
    }
    args.into_iter().map(str::to_owned).collect()
}

fn uses_left(s: &Session, line: &str) -> u64 {
    let v = s.ok(&["encounter", "uses", "Tower", "Mage"]);
    v["uses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == line)
        .map(|u| u["remaining"].as_u64().unwrap())
        .unwrap_or_else(|| panic!("{v}"))
}

/// Ends the Mage's turn and the Orc's, back to the Mage.
fn next_round(s: &Session) {
    s.ok(&["encounter", "next", "Tower"]);
    s.ok(&["encounter", "next", "Tower"]);
}

/// The Mage's Cone of Cold is a level-5 spell it casts once a day: asked
/// for at level 5, it is cast, from its use.
#[test]
fn a_mage_casts_cone_of_cold_at_its_own_level() {
    let s = Session::new();
    tower(&s);
    let args = creature_cast("Cone of Cold", "5");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let v = s.ok(&args);
    assert_eq!(v["cast"]["level"], 5, "{v}");
    assert_eq!(uses_left(&s, "1/Day Each: cone-of-cold"), 0);
}

/// The Mage casts the level-4 version of Fireball: level 4 is its own.
#[test]
fn a_mage_casts_its_level_4_fireball_when_asked_at_level_4() {
    let s = Session::new();
    tower(&s);
    let args = creature_cast("Fireball", "4");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let v = s.ok(&args);
    assert_eq!(v["cast"]["level"], 4, "{v}");
    assert_eq!(uses_left(&s, "2/Day Each: fireball"), 1);
}

/// A creature has no slots to cast at another level: refused, nothing spent.
#[test]
fn a_mage_cannot_raise_cone_of_cold_to_level_6() {
    let s = Session::new();
    tower(&s);
    let args = creature_cast("Cone of Cold", "6");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = s.fails(1, &args);
    assert_eq!(err["code"], "no_such_slot", "{err}");
    assert_eq!(uses_left(&s, "1/Day Each: cone-of-cold"), 1);
}

/// A spent once-a-day spell: the refusal's fix is the creature's rest, not
/// a slot or a character's rest.
#[test]
fn a_spent_daily_spell_is_answered_with_the_creatures_rest() {
    let s = Session::new();
    tower(&s);
    let args = creature_cast("Cone of Cold", "");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    s.ok(&args);
    next_round(&s);
    let err = s.fails(1, &args);
    assert_eq!(err["code"], "no_uses_left", "{err}");
    let msg = err["message"].as_str().unwrap();
    assert!(
        msg.contains("grimoire encounter rest \"Tower\" \"Mage\""),
        "{msg}"
    );
    assert!(!msg.contains("grimoire rest"), "{msg}");
}

/// The GM's rest for a creature brings its daily uses back (R4, R5c).
#[test]
fn a_creatures_long_rest_restores_its_daily_uses() {
    let s = Session::new();
    tower(&s);
    let args = creature_cast("Cone of Cold", "5");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    s.ok(&args);
    s.ok(&["encounter", "rest", "Tower", "Mage"]);
    assert_eq!(uses_left(&s, "1/Day Each: cone-of-cold"), 1);
    next_round(&s);
    s.ok(&args);
}

/// Undoing the end brings the fight back where it stopped, and the ended
/// record goes with the undone change.
#[test]
fn undoing_an_encounters_end_brings_it_back_running() {
    let s = Session::new();
    fight(&s);
    s.ok(&["encounter", "damage", "Cave", "Goblin", "2"]);
    s.ok(&["encounter", "end", "Cave"]);
    s.ok(&["undo", "--encounter", "Cave"]);
    let v = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(
        (v["started"].as_bool(), v["ended"].as_bool()),
        (Some(true), Some(false)),
        "{v}"
    );
    assert_eq!(combatant(&s, "Cave", "Goblin")["hp"], 5);
    assert_eq!(s.ok(&["encounter", "list"])["ended"], serde_json::json!([]));
}
