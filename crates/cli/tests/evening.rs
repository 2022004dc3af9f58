//! An evening at the table through the binary (issue 20): effects in force
//! change rolls, time passing ends the turn, hit points stop at 0, smites
//! land on the creature hit, upcast durations last, the dead skip turns.

mod common;

use common::Session;
use serde_json::Value;

fn labels(cast: &Value) -> Vec<String> {
    cast["cast"]["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(common::label_en)
        .collect()
}

fn cleric(s: &Session, name: &str, spells: &[&str]) {
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        "cleric:5",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["equip", name, "--material", "Holy Symbol worth 5 GP"]);
    let mut args = vec!["prepare", name];
    args.extend_from_slice(spells);
    s.ok(&args);
}

/// R21: a Bless the caster keeps on itself adds its d4 to its own spell
/// attack, shown as its own roll.
#[test]
fn r21_bless_on_the_caster_adds_its_d4_to_its_spell_attacks() {
    let s = Session::new();
    cleric(&s, "Ana", &["Bless", "Guiding Bolt"]);
    let before = s.ok(&["cast", "Ana", "Guiding Bolt", "--target", "Orc:ac=10"]);
    assert!(
        !labels(&before).iter().any(|l| l.contains("bonus")),
        "{before}"
    );
    s.ok(&["turn", "end", "Ana"]);
    s.ok(&["cast", "Ana", "Bless", "--target", "Ana"]);
    s.ok(&["turn", "end", "Ana"]);
    let after = s.ok(&["cast", "Ana", "Guiding Bolt", "--target", "Orc:ac=10"]);
    let l = labels(&after);
    assert!(l.iter().any(|l| l == "attack vs Orc bonus"), "{l:?}");
}

/// R21: the Bless d4 counts on the Concentration save damage asks for.
#[test]
fn r21_bless_counts_on_a_concentration_save() {
    let s = Session::new();
    cleric(&s, "Ana", &["Bless"]);
    s.ok(&["cast", "Ana", "Bless", "--target", "Ana"]);
    let hit = s.ok(&["damage", "Ana", "12"]);
    let notation = hit["roll"]["notation"].as_str().unwrap_or_default();
    assert!(notation.contains("1d4"), "{hit}");
}

/// R10: time passing outside a fight ends the turn: after a rest or a
/// wait the next slot may be spent.
#[test]
fn r10_a_rest_or_a_wait_ends_the_turn() {
    let s = Session::new();
    cleric(&s, "Ana", &["Cure Wounds"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Ana"]);
    s.ok(&["rest", "Ana", "--short"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Ana"]);
    s.ok(&["wait", "Ana", "1h"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Ana"]);
    s.ok(&["rest", "Ana", "--long"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Ana"]);
}

/// R10: ending an encounter ends the turn of every character in it.
#[test]
fn r10_ending_an_encounter_ends_the_turn() {
    let s = Session::new();
    cleric(&s, "Ana", &["Cure Wounds"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Ana", "--init", "15"]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Ana"]);
    s.ok(&["encounter", "end", "Cave"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Ana"]);
}

/// Hit points stop at 0 when a spell deals more than is left.
#[test]
fn hit_points_stop_at_zero() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    let cast = s.ok(&["cast", "Elmira", "Magic Missile", "--target", "Rat:hp=1"]);
    assert_eq!(cast["cast"]["targets"][0]["hp_after"], 0, "{cast}");
}

/// R13: a smite lands on the creature hit, never on the paladin; its extra
/// die against Undead applies.
#[test]
fn r13_divine_smite_lands_on_the_creature_hit() {
    let s = Session::new();
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
    let cast = s.ok(&[
        "cast",
        "Paul",
        "Divine Smite",
        "--trigger",
        "hit with a longsword",
        "--target",
        "Zombie:type=undead",
    ]);
    let t = &cast["cast"]["targets"][0];
    assert_eq!(t["target"], "Zombie", "{cast}");
    assert_eq!(
        t["damage"].as_array().unwrap().len(),
        2,
        "2d8 and 1d8: {cast}"
    );
    s.ok(&["turn", "end", "Paul"]);
    let alone = s.ok(&[
        "cast",
        "Paul",
        "Divine Smite",
        "--trigger",
        "hit with a longsword",
    ]);
    let targets = alone["cast"]["targets"].as_array().unwrap();
    assert!(
        targets.iter().all(|t| t["target"] != "Paul"),
        "never the paladin: {alone}"
    );
}

/// R6: a Hex from a level-3 pact slot lasts 8 hours, so a Short Rest
/// does not end it.
#[test]
fn r6_hex_from_a_level_3_slot_outlasts_a_short_rest() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Wren",
        "--class",
        "warlock:5",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Wren", "Hex"]);
    s.ok(&["cast", "Wren", "Hex", "--target", "Orc"]);
    s.ok(&["rest", "Wren", "--short"]);
    let show = s.ok(&["character", "show", "Wren"]);
    let ongoing = &show["character"]["ongoing"][0];
    assert_eq!(ongoing["spell"], "hex", "Hex still in effect: {show}");
    assert_eq!(ongoing["expires_at"], 4800, "8 hours of 6-second rounds");
}

/// A monster at 0 hit points takes no more turns; a character still does.
#[test]
fn the_dead_monster_skips_its_turns() {
    let s = Session::new();
    cleric(&s, "Ana", &["Cure Wounds"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Ana", "--init", "15"]);
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
    s.ok(&["encounter", "damage", "Cave", "Goblin", "7"]);
    let next = s.ok(&["encounter", "next", "Cave"]);
    let text = next.to_string();
    assert!(!text.contains("\"current\":\"Goblin\""), "{next}");
    let status = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(status["round"], 2, "{status}");
    assert_eq!(status["current"], "Ana", "{status}");
}

/// 2024 class tables: a Wizard 1 prepares 4 spells and knows 3 cantrips;
/// one more is refused naming the count, and nothing changes.
#[test]
fn preparing_past_the_class_tables_is_refused() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Ida",
        "--class",
        "wizard:1",
        "--abilities",
        "int=16",
    ]);
    s.ok(&[
        "prepare",
        "Ida",
        "Magic Missile",
        "Shield",
        "Sleep",
        "Detect Magic",
    ]);
    let err = s.fails(1, &["prepare", "Ida", "Thunderwave"]);
    assert_eq!(err["code"], "too_many_prepared", "{err}");
    assert!(err["message"].as_str().unwrap().contains('4'), "{err}");
    s.ok(&["prepare", "Ida", "Fire Bolt", "Light", "Mage Hand"]);
    let err = s.fails(1, &["prepare", "Ida", "Ray of Frost"]);
    assert_eq!(err["code"], "too_many_cantrips", "{err}");
    let show = s.ok(&["character", "show", "Ida"]);
    assert_eq!(show["character"]["prepared"].as_array().unwrap().len(), 4);
    assert_eq!(show["character"]["cantrips"].as_array().unwrap().len(), 3);
    // Unpreparing makes room again.
    s.ok(&["unprepare", "Ida", "Sleep"]);
    s.ok(&["prepare", "Ida", "Thunderwave"]);
}

/// R2 against R3: a slot level the caster never had is told apart from one
/// it has spent.
#[test]
fn r2_no_such_slot_is_told_apart_from_none_left() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    let err = s.fails(1, &["cast", "Elmira", "Magic Missile", "--slot", "4"]);
    assert_eq!(
        (&err["code"], &err["rule"]),
        (&"no_such_slot".into(), &"R2".into())
    );
}

/// A combatant's stat block is kept with it: a cast on it rolls its save
/// with the stored bonus and honours its immunity and creature type (R18),
/// without typing them again.
#[test]
fn combatants_keep_their_stat_blocks_for_casts() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&["prepare", "Elmira", "Fireball", "Hold Person"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Salamander:dex=+30:immune=fire",
        "--init",
        "5",
        "--hp",
        "40",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Zombie:type=undead:wis=-5",
        "--init",
        "4",
        "--hp",
        "22",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let cast = s.ok(&["cast", "Elmira", "Fireball", "--target", "Salamander"]);
    let sal = &cast["cast"]["targets"][0];
    assert_eq!(sal["save"]["success"], true, "rolled with +30: {cast}");
    assert_eq!(sal["damage_total"], 0, "immune to fire: {cast}");
    assert_eq!(sal["hp_after"], 40);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    let hold = s.ok(&["cast", "Elmira", "Hold Person", "--target", "Zombie"]);
    assert_eq!(hold["cast"]["targets"][0]["affected"], false, "{hold}");
}

/// A creature joins a running encounter by initiative and whoever's turn it
/// is keeps it; a combatant leaves, but not in the middle of its own turn.
#[test]
fn combatants_join_and_leave_a_running_encounter() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "10"]);
    s.ok(&["encounter", "add", "Cave", "Goblin", "--init", "5"]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Owl", "--init", "15"]);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(st["current"], "Elmira", "{st}");
    let order: Vec<&str> = st["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["Owl", "Elmira", "Goblin"]);
    // Lists are lists in JSON, empty rather than null for a creature.
    let owl = st["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Owl")
        .unwrap();
    assert_eq!(owl["conditions"], serde_json::json!([]), "{st}");
    let err = s.fails(1, &["encounter", "remove", "Cave", "Elmira"]);
    assert_eq!(err["code"], "invalid_request", "{err}");
    assert_eq!(
        err["message"], "invalid request: it is Elmira's turn; end it before Elmira leaves",
        "{err}"
    );
    let out = s
        .cmd()
        .args(["--lang", "cs", "encounter", "remove", "Cave", "Elmira"])
        .output()
        .unwrap();
    let cs = String::from_utf8_lossy(&out.stderr);
    assert!(
        cs.contains("neplatný požadavek: Elmira je právě na tahu; nejdřív tah ukončete"),
        "{cs}"
    );
    s.ok(&["encounter", "remove", "Cave", "Goblin"]);
    let next = s.ok(&["encounter", "next", "Cave"]);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(
        (&st["current"], &st["round"]),
        (&"Owl".into(), &2.into()),
        "{next}"
    );
}

/// Initiative left out is rolled, d20 + DEX for a character, and replays
/// with the seed.
#[test]
fn initiative_is_rolled_when_left_out() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["encounter", "new", "Cave"]);
    let added = s.ok(&["encounter", "add", "Cave", "Elmira"]);
    assert_eq!(added["initiative_roll"], "1d20+2", "{added}");
    let init = added["initiative"].as_i64().unwrap();
    assert!((3..=22).contains(&init), "{added}");
}

/// `character show --json` includes what the character holds (R14).
#[test]
fn character_show_includes_equipment() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["equip", "Elmira", "--material", "diamond worth 300 GP"]);
    let show = s.ok(&["character", "show", "Elmira"]);
    let eq = &show["character"]["equipment"];
    assert_eq!(eq["component_pouch"], true, "{show}");
    assert_eq!(eq["materials"][0], "diamond worth 300 GP", "{show}");
}

/// A reader that stops early (`grimoire --json spells | head -c 10`) is not
/// a failure: exit 0 and nothing on stderr.
#[test]
fn a_closed_pipe_is_not_a_failure() {
    use std::process::{Command, Stdio};
    let s = Session::new();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grimoire"))
        .env("GRIMOIRE_DB", s.db())
        .args(["--json", "spells"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A refusal names the command or flag that would make the cast legal, in
/// both languages.
#[test]
fn refusals_name_the_command_or_flag_that_fixes_them() {
    let s = Session::new();
    s.wizard("Elmira");
    let message = |args: &[&str]| {
        let err = s.fails(1, args);
        err["message"].as_str().unwrap_or_default().to_owned()
    };
    let m = message(&["cast", "Elmira", "Magic Missile"]);
    assert!(
        m.contains("grimoire prepare Elmira \"Magic Missile\""),
        "{m}"
    );
    s.ok(&["prepare", "Elmira", "Shield", "Magic Missile", "Sleep"]);
    let m = message(&["cast", "Elmira", "Shield", "--action", "reaction"]);
    assert!(m.contains("--trigger"), "{m}");
    s.ok(&["equip", "Elmira", "--no-pouch"]);
    let m = message(&["cast", "Elmira", "Sleep"]);
    assert!(m.contains("grimoire equip Elmira --material"), "{m}");
    let out = s
        .cmd()
        .args(["--lang", "cs", "cast", "Elmira", "Sleep"])
        .output()
        .unwrap();
    let cs = String::from_utf8_lossy(&out.stderr);
    assert!(cs.contains("měj ji u sebe: grimoire equip Elmira"), "{cs}");
}

/// Hex moves to a new creature with a Bonus Action once its target drops
/// to 0 hit points (R9); its damage then rides on hits against the new one.
#[test]
fn hex_moves_to_a_new_target_once_the_old_one_drops() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Wren",
        "--class",
        "warlock:5",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Wren", "Hex", "Eldritch Blast"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Wren", "--init", "20"]);
    for (name, init) in [("Goblin", "10"), ("Orc", "5")] {
        s.ok(&[
            "encounter",
            "add",
            "Cave",
            name,
            "--init",
            init,
            "--hp",
            "7",
        ]);
    }
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Wren", "Hex", "--target", "Goblin"]);
    // While the Goblin stands, the curse stays.
    let e = s.fails(1, &["retarget", "Wren", "Hex", "Orc"]);
    assert_eq!(e["code"], "target_still_standing", "{e}");
    s.ok(&["encounter", "damage", "Cave", "Goblin", "7"]);
    // Hex was cast with this turn's Bonus Action: moving it waits (R9).
    let e = s.fails(1, &["retarget", "Wren", "Hex", "Orc"]);
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("action_unavailable"), Some("R9"))
    );
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    let moved = s.ok(&["retarget", "Wren", "hex", "orc"]);
    assert!(
        moved.to_string().contains("\"targets\":[\"Orc\"]"),
        "{moved}"
    );
    let show = s.ok(&["character", "show", "Wren"]);
    assert_eq!(
        show["character"]["ongoing"][0]["targets"],
        serde_json::json!(["Orc"])
    );
    // A spell not in effect has nothing to move.
    let e = s.fails(1, &["retarget", "Wren", "Eldritch Blast", "Orc"]);
    assert_eq!(e["code"], "not_ongoing", "{e}");
}
