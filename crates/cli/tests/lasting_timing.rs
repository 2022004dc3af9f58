//! When a lasting spell deals its damage, as the 2024 text (SRD 5.2) times
//! it (issue 31): on casting ("when the Cylinder appears"), when a creature
//! comes into it (`encounter harm`), or as a creature's turn ends there
//! (`encounter next`). Flaming Sphere and Spirit Guardians deal nothing as
//! they are cast. R15 (turns), R16 (effects), R19 (save DC), R22 (in force).

mod common;

use common::Session;
use serde_json::{Value, json};

/// A character of `class` with `spell` prepared and a strong casting
/// ability (save DC 15 at levels 5 to 8).
fn caster(s: &Session, name: &str, class: &str, spell: &str) {
    let ability = match class.split(':').next().unwrap() {
        "wizard" => "int=18",
        _ => "wis=18",
    };
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        class,
        "--abilities",
        ability,
    ]);
    s.ok(&["prepare", name, spell]);
}

/// An encounter with `first` acting first and a Ghoul (60 hp) after it.
fn fight(s: &Session, first: &str, ghoul: &str) {
    s.ok(&["encounter", "new", "Crypt"]);
    s.ok(&["encounter", "add", "Crypt", first, "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Crypt",
        ghoul,
        "--init",
        "10",
        "--hp",
        "60",
    ]);
    s.ok(&["encounter", "start", "Crypt"]);
}

fn hp(status: &Value, name: &str) -> i64 {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {status}"))["hp"]
        .as_i64()
        .unwrap()
}

/// The damage a turn or entering hit took, checked against its dice and
/// save: whole on a failure, half on a success of a halving save.
fn taken(hit: &Value, notation: &str, halves: bool) -> i64 {
    assert_eq!(hit["rolls"][0]["notation"], notation, "{hit}");
    let rolled = hit["rolls"][0]["total"].as_i64().unwrap();
    let taken = hit["outcome"]["damage_total"].as_i64().unwrap();
    let saved = hit["outcome"]["save"]["success"] == true;
    let expected = if saved && halves { rolled / 2 } else { rolled };
    assert_eq!(taken, expected, "{hit}");
    taken
}

/// SRD 5.2 Flaming Sphere: the sphere is created; nothing burns until a
/// creature ends its turn near it or is rammed. The cast rolls no damage
/// and no save, spends its slot, starts Concentration and says when it
/// will harm.
#[test]
fn r16_flaming_sphere_deals_no_damage_when_created() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:5", "Flaming Sphere");
    fight(&s, "Wiz", "Ghoul:dex=+0");
    let cast = s.ok(&["cast", "Wiz", "Flaming Sphere", "--target", "Ghoul"]);
    let c = &cast["cast"];
    assert_eq!(c["rolls"], json!([]), "no die is rolled: {cast}");
    let t = &c["targets"][0];
    assert_eq!(t["damage_total"], 0, "{cast}");
    assert!(t["save"].is_null(), "no save when it is created: {cast}");
    assert_eq!(t["hp_after"], 60);
    assert_eq!(c["damage_later"]["at"], json!(["end", "enter"]), "{cast}");
    assert_eq!(c["concentration_started"], true);
    assert_eq!(c["slot"], 2, "the slot is spent: {cast}");
    let status = s.ok(&["encounter", "status", "Crypt"]);
    assert_eq!(hp(&status, "Ghoul"), 60);
}

/// SRD 5.2 Flaming Sphere: "any creature that ends its turn within 5 feet
/// of the sphere" makes a Dexterity save, 2d6 Fire, half on a success.
#[test]
fn r15_flaming_sphere_burns_a_creature_that_ends_its_turn_beside_it() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:5", "Flaming Sphere");
    fight(&s, "Wiz", "Ghoul:dex=+0");
    s.ok(&["cast", "Wiz", "Flaming Sphere", "--target", "Ghoul"]);
    // Wiz's own turn ends: the sphere is not on Wiz.
    let ghouls = s.ok(&["encounter", "next", "Crypt"]);
    assert_eq!(ghouls["turn_damage"], json!([]), "{ghouls}");
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hits = next["turn_damage"].as_array().unwrap();
    assert_eq!(hits.len(), 1, "{next}");
    let hit = &hits[0];
    assert_eq!(hit["at"], "end");
    assert_eq!(hit["spell"], "flaming-sphere");
    assert_eq!(hit["outcome"]["save"]["ability"], "dexterity");
    assert_eq!(hit["outcome"]["save"]["dc"], 15, "8 + 3 + Intelligence 4");
    let lost = taken(hit, "2d6", true);
    assert_eq!(hp(&next, "Ghoul"), 60 - lost);
}

/// SRD 5.2 Flaming Sphere: moved into a creature's space (a Bonus
/// Action), the sphere makes that creature save. Created where nobody is,
/// it burns the Ghoul it is rammed into, which is beside it from then on
/// and burns again as its turn ends.
#[test]
fn r16_flaming_sphere_rammed_into_a_creature_burns_it() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:5", "Flaming Sphere");
    fight(&s, "Wiz", "Ghoul:dex=+0");
    let cast = s.ok(&["cast", "Wiz", "Flaming Sphere"]);
    assert_eq!(cast["cast"]["rolls"], json!([]));
    let rammed = s.ok(&["encounter", "harm", "Crypt", "Ghoul", "Flaming Sphere"]);
    let hits = rammed["turn_damage"].as_array().unwrap();
    assert_eq!(hits.len(), 1, "{rammed}");
    assert_eq!(hits[0]["at"], "enter");
    assert_eq!(hits[0]["caster"], "Wiz");
    let first = taken(&hits[0], "2d6", true);
    assert_eq!(hp(&rammed, "Ghoul"), 60 - first);
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "end", "{next}");
    let second = taken(hit, "2d6", true);
    assert_eq!(hp(&next, "Ghoul"), (60 - first - second).max(0));
}

/// R6: a Flaming Sphere from a level-3 slot deals 3d6, when rammed too.
#[test]
fn r6_damage_on_entering_grows_with_the_slot() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:5", "Flaming Sphere");
    fight(&s, "Wiz", "Ghoul:dex=+0");
    s.ok(&["cast", "Wiz", "Flaming Sphere", "--slot", "3"]);
    let rammed = s.ok(&["encounter", "harm", "Crypt", "Ghoul", "Flaming Sphere"]);
    assert_eq!(
        rammed["turn_damage"][0]["rolls"][0]["notation"], "3d6",
        "{rammed}"
    );
}

/// SRD 5.2 Spirit Guardians: the spirits harm a creature when the
/// emanation reaches it or it ends its turn there, not as the spell is
/// cast; the cast says so, in English and in Czech.
#[test]
fn r16_spirit_guardians_deals_no_damage_on_cast_and_says_when() {
    let s = Session::new();
    caster(&s, "Ana", "cleric:5", "Spirit Guardians");
    fight(&s, "Ana", "Ghoul:wis=+0");
    let out = s.human(&["cast", "Ana", "Spirit Guardians", "--target", "Ghoul"]);
    assert!(
        out.contains("No damage now: Spirit Guardians harms"),
        "{out}"
    );
    assert!(out.contains("ends its turn in it"), "{out}");
    assert!(out.contains("grimoire encounter harm"), "{out}");
    assert!(!out.contains("3d8"), "nothing rolled: {out}");
    let status = s.ok(&["encounter", "status", "Crypt"]);
    assert_eq!(hp(&status, "Ghoul"), 60);
    let s2 = Session::new();
    caster(&s2, "Ana", "cleric:5", "Spirit Guardians");
    fight(&s2, "Ana", "Ghoul:wis=+0");
    let cs = s2.human(&[
        "--lang",
        "cs",
        "cast",
        "Ana",
        "Spirit Guardians",
        "--target",
        "Ghoul",
    ]);
    assert!(
        cs.contains("Teď žádné zranění: Strážní duchové zraňuje"),
        "{cs}"
    );
}

/// SRD 5.2 Spirit Guardians: a creature that ends its turn in the
/// emanation makes a Wisdom save, 3d8, half on a success; the cast itself
/// left its hit points alone.
#[test]
fn r15_spirit_guardians_harms_at_the_end_of_the_creatures_turn() {
    let s = Session::new();
    caster(&s, "Ana", "cleric:5", "Spirit Guardians");
    fight(&s, "Ana", "Ghoul:wis=+0");
    let cast = s.ok(&["cast", "Ana", "Spirit Guardians", "--target", "Ghoul"]);
    assert_eq!(cast["cast"]["targets"][0]["hp_after"], 60, "{cast}");
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "end", "{next}");
    assert_eq!(hit["outcome"]["save"]["ability"], "wisdom");
    let lost = taken(hit, "3d8", true);
    assert_eq!(hp(&next, "Ghoul"), 60 - lost);
}

/// SRD 5.2 Spirit Guardians: a creature that enters the emanation saves
/// then and there; it is in the emanation from then on, so its turn's end
/// there harms it as well. The line reads in Czech too.
#[test]
fn r16_a_creature_entering_spirit_guardians_is_harmed_then_and_at_its_turn_end() {
    let s = Session::new();
    caster(&s, "Ana", "cleric:5", "Spirit Guardians");
    fight(&s, "Ana", "Ghoul:wis=+0");
    s.ok(&["cast", "Ana", "Spirit Guardians"]);
    s.ok(&["encounter", "next", "Crypt"]);
    let cs = s.human(&[
        "--lang",
        "cs",
        "encounter",
        "harm",
        "Crypt",
        "ghoul",
        "Strážní duchové",
    ]);
    assert!(
        cs.contains("Strážní duchové (Ana) · Ghoul, když do kouzla vstoupí"),
        "{cs}"
    );
    let status = s.ok(&["encounter", "status", "Crypt"]);
    let after_entering = hp(&status, "Ghoul");
    assert!(after_entering < 60, "{status}");
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "end", "{next}");
    let lost = taken(hit, "3d8", true);
    assert_eq!(hp(&next, "Ghoul"), (after_entering - lost).max(0));
}

/// SRD 5.2 Moonbeam: "when the Cylinder appears, each creature in it"
/// makes a Constitution save, 2d10 Radiant, half on a success: damage on
/// casting, and no word of damage later.
#[test]
fn r16_moonbeam_deals_its_damage_when_the_cylinder_appears() {
    let s = Session::new();
    caster(&s, "Dru", "druid:5", "Moonbeam");
    fight(&s, "Dru", "Ghoul:con=+0");
    let cast = s.ok(&["cast", "Dru", "Moonbeam", "--target", "Ghoul"]);
    let c = &cast["cast"];
    assert_eq!(c["rolls"][0]["notation"], "2d10", "{cast}");
    let t = &c["targets"][0];
    assert_eq!(t["save"]["ability"], "constitution");
    assert!(t["damage_total"].as_u64().unwrap() >= 1, "{cast}");
    assert!(c["damage_later"].is_null(), "{cast}");
    let status = s.ok(&["encounter", "status", "Crypt"]);
    assert_eq!(hp(&status, "Ghoul"), t["hp_after"].as_i64().unwrap());
}

/// SRD 5.2 Moonbeam: a creature also saves when the cylinder moves into
/// its space; moved onto a Ghoul it was not cast on, the beam harms it
/// and stays on it (it shows among the Ghoul's effects).
#[test]
fn r16_moonbeam_moved_onto_a_creature_harms_it_and_stays_on_it() {
    let s = Session::new();
    caster(&s, "Dru", "druid:5", "Moonbeam");
    fight(&s, "Dru", "Ghoul:con=+0");
    s.ok(&["cast", "Dru", "Moonbeam"]);
    let moved = s.ok(&["encounter", "harm", "Crypt", "Ghoul", "Moonbeam"]);
    let hit = &moved["turn_damage"][0];
    assert_eq!(hit["at"], "enter", "{moved}");
    assert_eq!(hit["outcome"]["save"]["ability"], "constitution");
    let lost = taken(hit, "2d10", true);
    assert_eq!(hp(&moved, "Ghoul"), 60 - lost);
    let text = s.human(&["encounter", "status", "Crypt"]);
    assert!(text.contains("Moonbeam (Dru"), "{text}");
}

/// SRD 5.2 Wall of Fire: the wall burns each creature in it as it
/// appears (Dexterity save, 5d8); afterwards a creature ending its turn
/// on the burning side takes 5d8 Fire with no save.
#[test]
fn r15_wall_of_fire_burns_on_appearing_and_without_a_save_at_turn_end() {
    let s = Session::new();
    caster(&s, "Dru", "druid:7", "Wall of Fire");
    fight(&s, "Dru", "Ghoul:dex=+0");
    let cast = s.ok(&["cast", "Dru", "Wall of Fire", "--target", "Ghoul"]);
    let t = &cast["cast"]["targets"][0];
    assert_eq!(t["save"]["ability"], "dexterity", "{cast}");
    let after_cast = t["hp_after"].as_i64().unwrap();
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "end", "{next}");
    assert!(hit["outcome"]["save"].is_null(), "no save: {hit}");
    let lost = taken(hit, "5d8", false);
    assert_eq!(hp(&next, "Ghoul"), (after_cast - lost).max(0));
}

/// SRD 5.2 Conjure Woodland Beings: the spirits harm a creature only when
/// the emanation reaches it or it enters or ends its turn there (Wisdom,
/// 5d8 Force): the cast rolls nothing.
#[test]
fn r16_conjure_woodland_beings_harms_only_later() {
    let s = Session::new();
    caster(&s, "Dru", "druid:7", "Conjure Woodland Beings");
    fight(&s, "Dru", "Ghoul:wis=+0");
    let cast = s.ok(&[
        "cast",
        "Dru",
        "Conjure Woodland Beings",
        "--target",
        "Ghoul",
    ]);
    assert_eq!(cast["cast"]["rolls"], json!([]), "{cast}");
    assert_eq!(
        cast["cast"]["damage_later"]["at"],
        json!(["end", "enter"]),
        "{cast}"
    );
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let lost = taken(&next["turn_damage"][0], "5d8", true);
    assert_eq!(hp(&next, "Ghoul"), 60 - lost);
}

/// SRD 5.2 Searing Smite burns at the start of its target's turns; coming
/// into it is no trigger, so `encounter harm` refuses and changes nothing.
#[test]
fn r16_a_spell_that_harms_nobody_for_entering_is_refused() {
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
    fight(&s, "Paul", "Troll:con=+0");
    s.ok(&[
        "cast",
        "Paul",
        "Searing Smite",
        "--trigger",
        "hit with a longsword",
        "--target",
        "Troll",
    ]);
    let before = hp(&s.ok(&["encounter", "status", "Crypt"]), "Troll");
    let err = s.fails(1, &["encounter", "harm", "Crypt", "Troll", "Searing Smite"]);
    assert_eq!(err["code"], "invalid_request", "{err}");
    assert!(
        err["message"].as_str().unwrap().contains("harms nobody"),
        "{err}"
    );
    assert_eq!(
        hp(&s.ok(&["encounter", "status", "Crypt"]), "Troll"),
        before
    );
}

/// R22: only a spell in force can harm; Moonbeam that nobody cast is
/// refused with `not_in_effect`.
#[test]
fn r22_harm_from_a_spell_not_in_force_is_refused() {
    let s = Session::new();
    caster(&s, "Dru", "druid:5", "Moonbeam");
    fight(&s, "Dru", "Ghoul:con=+0");
    let err = s.fails(1, &["encounter", "harm", "Crypt", "Ghoul", "Moonbeam"]);
    assert_eq!(err["code"], "not_in_effect", "{err}");
    assert_eq!(err["rule"], "R22", "{err}");
}

/// Two clerics keep Spirit Guardians: whose emanation the Ghoul entered
/// must be said (`--caster`); then that cleric's DC is the one saved
/// against.
#[test]
fn r19_with_two_castings_in_force_the_caster_is_named() {
    let s = Session::new();
    caster(&s, "Ana", "cleric:5", "Spirit Guardians");
    s.ok(&[
        "character",
        "new",
        "Bo",
        "--class",
        "cleric:5",
        "--abilities",
        "wis=12",
    ]);
    s.ok(&["prepare", "Bo", "Spirit Guardians"]);
    s.ok(&["encounter", "new", "Crypt"]);
    s.ok(&["encounter", "add", "Crypt", "Ana", "--init", "20"]);
    s.ok(&["encounter", "add", "Crypt", "Bo", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Crypt",
        "Ghoul:wis=+0",
        "--init",
        "10",
        "--hp",
        "60",
    ]);
    s.ok(&["encounter", "start", "Crypt"]);
    s.ok(&["cast", "Ana", "Spirit Guardians"]);
    s.ok(&["encounter", "next", "Crypt"]);
    s.ok(&["cast", "Bo", "Spirit Guardians"]);
    let err = s.fails(
        1,
        &["encounter", "harm", "Crypt", "Ghoul", "Spirit Guardians"],
    );
    assert_eq!(err["code"], "invalid_request", "{err}");
    assert!(
        err["message"].as_str().unwrap().contains("--caster"),
        "{err}"
    );
    let bo = s.ok(&[
        "encounter",
        "harm",
        "Crypt",
        "Ghoul",
        "Spirit Guardians",
        "--caster",
        "bo",
    ]);
    let hit = &bo["turn_damage"][0];
    assert_eq!(hit["caster"], "Bo", "{bo}");
    assert_eq!(hit["outcome"]["save"]["dc"], 12, "8 + 3 + Wisdom 1");
}

/// SRD 5.2 Ensnaring Strike: the hit makes the target save (Strength) or
/// be Restrained; it deals no damage then. While Restrained it takes 1d6
/// Piercing at the start of each of its turns, with no save.
#[test]
fn r16_ensnaring_strike_pierces_at_the_start_of_turns_not_on_the_hit() {
    let s = Session::new();
    caster(&s, "Rana", "ranger:5", "Ensnaring Strike");
    fight(&s, "Rana", "Troll:str=-30");
    let cast = s.ok(&[
        "cast",
        "Rana",
        "Ensnaring Strike",
        "--trigger",
        "hit with a longsword",
        "--target",
        "Troll",
    ]);
    let t = &cast["cast"]["targets"][0];
    assert_eq!(t["save"]["success"], false, "{cast}");
    assert_eq!(t["damage_total"], 0, "no damage on the hit: {cast}");
    assert_eq!(t["conditions"], json!(["restrained"]), "{cast}");
    assert_eq!(t["hp_after"], 60);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "start", "{next}");
    assert!(hit["outcome"]["save"].is_null(), "no save: {hit}");
    let lost = taken(hit, "1d6", false);
    assert_eq!(hp(&next, "Troll"), 60 - lost);
}

/// SRD 5.2 Ensnaring Strike: on a successful save the vines shrivel and
/// the spell ends: nothing pierces the target later.
#[test]
fn r16_ensnaring_strike_saved_against_harms_no_more() {
    let s = Session::new();
    caster(&s, "Rana", "ranger:5", "Ensnaring Strike");
    fight(&s, "Rana", "Troll:str=+30");
    let cast = s.ok(&[
        "cast",
        "Rana",
        "Ensnaring Strike",
        "--trigger",
        "hit with a longsword",
        "--target",
        "Troll",
    ]);
    assert_eq!(cast["cast"]["targets"][0]["save"]["success"], true);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    assert_eq!(next["turn_damage"], json!([]), "{next}");
    assert_eq!(hp(&next, "Troll"), 60);
}

/// SRD 5.2 Phantasmal Killer: a failed save deals 4d10 Psychic now; at
/// the end of each of its turns the target saves again (Wisdom): a
/// failure deals the damage again, a success ends the spell and deals
/// nothing.
#[test]
fn r15_phantasmal_killer_strikes_again_at_the_end_of_the_targets_turn() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:7", "Phantasmal Killer");
    fight(&s, "Wiz", "Ogre:wis=-30");
    let cast = s.ok(&["cast", "Wiz", "Phantasmal Killer", "--target", "Ogre"]);
    let t = &cast["cast"]["targets"][0];
    assert_eq!(t["save"]["success"], false, "{cast}");
    assert_eq!(cast["cast"]["rolls"][0]["notation"], "4d10");
    let after_cast = t["hp_after"].as_i64().unwrap();
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &next["turn_damage"][0];
    assert_eq!(hit["at"], "end", "{next}");
    assert_eq!(hit["outcome"]["save"]["success"], false, "{hit}");
    let lost = taken(hit, "4d10", false);
    assert_eq!(hp(&next, "Ogre"), (after_cast - lost).max(0));
    assert_eq!(hit["spell_ended"], false);
}

/// SRD 5.2 Phantasmal Killer: a success at the end of the target's turn
/// ends the spell with no damage, and the caster's Concentration with it.
#[test]
fn r15_phantasmal_killer_ends_without_damage_on_a_later_success() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:7", "Phantasmal Killer");
    // Wisdom +0 against DC 15: the first save may fail or succeed, the
    // second decides; both branches are checked against the text.
    fight(&s, "Wiz", "Ogre:wis=+0");
    let cast = s.ok(&["cast", "Wiz", "Phantasmal Killer", "--target", "Ogre"]);
    let failed_first = cast["cast"]["targets"][0]["save"]["success"] == false;
    s.ok(&["encounter", "next", "Crypt"]);
    let next = s.ok(&["encounter", "next", "Crypt"]);
    let hits = next["turn_damage"].as_array().unwrap();
    if !failed_first {
        assert!(hits.is_empty(), "a first success frees it: {next}");
        return;
    }
    let hit = &hits[0];
    if hit["outcome"]["save"]["success"] == true {
        assert_eq!(hit["outcome"]["damage_total"], 0, "{hit}");
        assert_eq!(hit["spell_ended"], true, "{hit}");
        let wiz = s.ok(&["character", "show", "Wiz"]);
        assert_eq!(wiz["character"]["ongoing"], json!([]), "{wiz}");
    } else {
        assert!(hit["outcome"]["damage_total"].as_u64().unwrap() >= 4);
        assert_eq!(hit["spell_ended"], false);
    }
}

/// SRD 5.2 Control Water's whirlpool harms a creature that enters it or
/// ends its turn there (Strength, 2d8 Bludgeoning, half on a success);
/// casting it harms nobody.
#[test]
fn r16_control_water_harms_in_the_whirlpool_not_on_casting() {
    let s = Session::new();
    caster(&s, "Dru", "druid:7", "Control Water");
    fight(&s, "Dru", "Shark:str=+0");
    let cast = s.ok(&["cast", "Dru", "Control Water"]);
    assert_eq!(cast["cast"]["rolls"], json!([]), "{cast}");
    let swept = s.ok(&["encounter", "harm", "Crypt", "Shark", "Control Water"]);
    let hit = &swept["turn_damage"][0];
    assert_eq!(hit["at"], "enter", "{swept}");
    assert_eq!(hit["outcome"]["save"]["ability"], "strength");
    let lost = taken(hit, "2d8", true);
    assert_eq!(hp(&swept, "Shark"), 60 - lost);
}

/// A homebrew area spell one can walk into (it stays on everyone it
/// reached) whose end-of-turn save, on a success, deals nothing and frees
/// that creature (`on_success = "none_ends"`, as Weird's text has it): the
/// spell goes on for the creature that failed, and the caster keeps
/// Concentration.
const DREAD_WAVE: &str = r#"
[[spell]]
id = "dread-wave"
name_en = "Dread Wave"
name_cs = "Vlna děsu"
level = 3
school = "illusion"
classes = ["wizard"]
casting_time = "action"
range = "60 ft"
area = { shape = "sphere", size_ft = 20 }
components = { v = true, s = true }
duration = "concentration 1 minute"
summary_en = "Terror washes over an area; it returns at the end of each turn until shaken off."
summary_cs = "Oblast zaplaví hrůza; vrací se na konci každého tahu, dokud ji tvor nesetřese."

[spell.effect]
kind = "save"
save = { ability = "wis", on_success = "half" }
damage = [{ dice = "2d6", type = "psychic" }]

[[spell.effect.each_turn]]
at = "end"
damage = [{ dice = "2d6", type = "psychic" }]
save = { ability = "wis", on_success = "none_ends" }

[[spell.effect.each_turn]]
at = "enter"
damage = [{ dice = "2d6", type = "psychic" }]
save = { ability = "wis", on_success = "half" }
"#;

#[test]
fn r15_a_success_that_ends_the_spell_frees_only_that_creature() {
    let s = Session::new();
    let file = s.db().with_file_name("dread.toml");
    std::fs::write(&file, DREAD_WAVE).unwrap();
    s.ok(&["homebrew", "add", &file.to_string_lossy()]);
    caster(&s, "Wiz", "wizard:5", "Dread Wave");
    s.ok(&["encounter", "new", "Crypt"]);
    s.ok(&["encounter", "add", "Crypt", "Wiz", "--init", "20"]);
    for (who, init) in [("Ogre:wis=+30", "10"), ("Orc:wis=-30", "5")] {
        s.ok(&[
            "encounter",
            "add",
            "Crypt",
            who,
            "--init",
            init,
            "--hp",
            "60",
        ]);
    }
    s.ok(&["encounter", "start", "Crypt"]);
    s.ok(&["cast", "Wiz", "Dread Wave", "-t", "Ogre", "-t", "Orc"]);
    s.ok(&["encounter", "next", "Crypt"]);
    // The Ogre's turn ends: it succeeds, takes nothing and is free.
    let ogre = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &ogre["turn_damage"][0];
    assert_eq!(hit["target"], "Ogre", "{ogre}");
    assert_eq!(hit["outcome"]["save"]["success"], true);
    assert_eq!(hit["outcome"]["damage_total"], 0, "{hit}");
    assert_eq!(hit["spell_ended"], true);
    let wiz = s.ok(&["character", "show", "Wiz"]);
    let ongoing = &wiz["character"]["ongoing"][0];
    assert_eq!(ongoing["spell"], "dread-wave", "still in force: {wiz}");
    assert_eq!(ongoing["targets"], json!(["Orc"]), "{wiz}");
    // The Orc's turn ends: it fails and takes the 2d6 again.
    let orc = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &orc["turn_damage"][0];
    assert_eq!(hit["target"], "Orc", "{orc}");
    assert_eq!(hit["outcome"]["save"]["success"], false);
    taken(hit, "2d6", false);
    // The Ogre's next turn ends with nothing due.
    s.ok(&["encounter", "next", "Crypt"]);
    let again = s.ok(&["encounter", "next", "Crypt"]);
    assert_eq!(again["turn_damage"], json!([]), "{again}");
}

/// SRD 5.2 Weird: each creature in the area saves (Wisdom) or takes 10d10
/// and is Frightened; only a Frightened target saves again at the end of
/// each of its turns, taking 5d10 on a failure, the spell ending on it on a
/// success. A target that saved at casting is not harmed later.
#[test]
fn r15_weird_repeats_only_on_the_frightened() {
    let s = Session::new();
    caster(&s, "Wiz", "wizard:17", "Weird");
    s.ok(&["encounter", "new", "Crypt"]);
    s.ok(&["encounter", "add", "Crypt", "Wiz", "--init", "20"]);
    for (who, init) in [("Calm:wis=+30", "10"), ("Scared:wis=-30", "5")] {
        s.ok(&[
            "encounter",
            "add",
            "Crypt",
            who,
            "--init",
            init,
            "--hp",
            "200",
        ]);
    }
    s.ok(&["encounter", "start", "Crypt"]);
    let cast = s.ok(&["cast", "Wiz", "Weird", "-t", "Calm", "-t", "Scared"]);
    let targets = &cast["cast"]["targets"];
    assert_eq!(targets[0]["save"]["success"], true, "{cast}");
    assert_eq!(targets[1]["conditions"], json!(["frightened"]), "{cast}");
    s.ok(&["encounter", "next", "Crypt"]);
    let calm = s.ok(&["encounter", "next", "Crypt"]);
    assert_eq!(calm["turn_damage"], json!([]), "saved at casting: {calm}");
    let scared = s.ok(&["encounter", "next", "Crypt"]);
    let hit = &scared["turn_damage"][0];
    assert_eq!(hit["target"], "Scared", "{scared}");
    assert_eq!(hit["at"], "end");
    assert_eq!(hit["outcome"]["save"]["success"], false);
    taken(hit, "5d10", false);
    assert_eq!(hit["spell_ended"], false);
}
