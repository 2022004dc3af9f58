//! Weapon attacks through the binary (issue 34): `grimoire equip --weapon`
//! and `grimoire attack`, each test named for the rule it shows. Seeds are
//! chosen for their first d20: 1 rolls a 6, 3 a 14, 4 a 19, 17 a 20.

mod common;

use common::Session;
use serde_json::Value;

/// A Paladin 5 (Str 16: +3, proficiency +3) with a longsword, and a
/// target with 30 hit points and AC 15.
fn paladin_and_target(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Pal",
        "--class",
        "paladin:5",
        "--abilities",
        "str=16,dex=10,con=14,cha=14",
    ]);
    s.ok(&["equip", "Pal", "--weapon", "longsword"]);
    s.ok(&["character", "new", "Orcy", "--class", "wizard:1"]);
    s.ok(&["hp", "Orcy", "--max", "30", "--ac", "15"]);
}

/// The binary on `s`'s database with the dice seeded by `seed`.
fn seeded(s: &Session, seed: &str) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("grimoire").unwrap();
    for var in [
        "GRIMOIRE_LANG",
        "LC_ALL",
        "LC_MESSAGES",
        "LANG",
        "GRIMOIRE_CHARACTER",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("GRIMOIRE_DB", s.db())
        .env("NO_COLOR", "1")
        .env("GRIMOIRE_SEED", seed);
    cmd
}

/// `grimoire attack` with a seed, as JSON.
fn attack(s: &Session, seed: &str, args: &[&str]) -> Value {
    let out = seeded(s, seed)
        .args(["--json", "attack"])
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "attack {args:?}: {text}");
    serde_json::from_str::<Value>(&text).unwrap()["attack"].clone()
}

fn hp(s: &Session, name: &str) -> u64 {
    let v = s.ok(&["hp", name]);
    v["vitals"]["hp"].as_u64().unwrap_or_else(|| panic!("{v}"))
}

/// The notation of the first roll whose label ends with `label`.
fn notation(a: &Value, label: &str) -> String {
    a["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| common::label_en(r).ends_with(label))
        .unwrap_or_else(|| panic!("no {label} roll in {a}"))["notation"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn attack_bonus_is_strength_plus_proficiency_a_hit_deals_damage_a_miss_none() {
    let s = Session::new();
    paladin_and_target(&s);
    let miss = attack(&s, "1", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(miss["attack_bonus"], 6, "Str +3 and proficiency +3");
    assert_eq!(miss["ability"], "strength");
    let roll = &miss["target"]["attacks"][0];
    assert_eq!(
        (roll["natural"].as_u64(), roll["total"].as_i64()),
        (Some(6), Some(12))
    );
    assert_eq!(roll["hit"], false, "12 against AC 15");
    assert_eq!(hp(&s, "Orcy"), 30, "a miss deals nothing");
    s.ok(&["turn", "end", "Pal"]);
    let hit = attack(&s, "3", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(hit["target"]["attacks"][0]["hit"], true, "{hit}");
    assert_eq!(notation(&hit, "slashing damage"), "1d8+3");
    let dealt = hit["target"]["damage_total"].as_u64().unwrap();
    assert!((4..=11).contains(&dealt), "{hit}");
    assert_eq!(
        hp(&s, "Orcy"),
        30 - dealt,
        "the target's own hit points drop"
    );
}

#[test]
fn attack_critical_hit_doubles_the_weapon_die_and_hunters_mark_die() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Rang",
        "--class",
        "ranger:5",
        "--abilities",
        "str=10,dex=16,wis=14",
    ]);
    s.ok(&["equip", "Rang", "--weapon", "longbow"]);
    s.ok(&["prepare", "Rang", "Hunter's Mark"]);
    s.ok(&["character", "new", "Orcy", "--class", "wizard:1"]);
    s.ok(&["hp", "Orcy", "--max", "60", "--ac", "15"]);
    s.ok(&["cast", "Rang", "Hunter's Mark", "-t", "Orcy"]);
    let a = attack(&s, "17", &["Rang", "longbow", "-t", "Orcy"]);
    assert_eq!(a["ability"], "dexterity", "a ranged weapon uses Dex");
    assert_eq!(a["target"]["attacks"][0]["critical"], true, "{a}");
    assert_eq!(
        notation(&a, "piercing damage"),
        "2d8+3",
        "dice doubled, modifier once"
    );
    assert_eq!(
        notation(&a, "force damage"),
        "2d6",
        "Hunter's Mark's d6 doubled too"
    );
}

#[test]
fn attack_hex_rides_on_a_hit_against_the_marked_target_only() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Wren",
        "--class",
        "warlock:3",
        "--abilities",
        "dex=14,cha=16",
    ]);
    s.ok(&["equip", "Wren", "--weapon", "dagger"]);
    s.ok(&["prepare", "Wren", "Hex"]);
    for t in ["Orcy", "Gob"] {
        s.ok(&["character", "new", t, "--class", "wizard:1"]);
        s.ok(&["hp", t, "--max", "40", "--ac", "10"]);
    }
    s.ok(&["cast", "Wren", "Hex", "-t", "Orcy"]);
    let a = attack(&s, "4", &["Wren", "dagger", "-t", "Orcy"]);
    assert_eq!(notation(&a, "necrotic damage"), "1d6", "{a}");
    s.ok(&["turn", "end", "Wren"]);
    let other = attack(&s, "4", &["Wren", "dagger", "-t", "Gob"]);
    let labels = other["rolls"].to_string();
    assert!(
        !labels.contains("necrotic"),
        "Hex marks Orcy only: {labels}"
    );
}

#[test]
fn attack_finesse_uses_the_better_of_strength_and_dexterity() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elm",
        "--class",
        "wizard:3",
        "--abilities",
        "str=8,dex=16,int=16",
    ]);
    s.ok(&["equip", "Elm", "--weapon", "dagger", "--weapon", "club"]);
    s.ok(&["character", "new", "Orcy", "--class", "wizard:1"]);
    s.ok(&["hp", "Orcy", "--max", "30", "--ac", "10"]);
    let dagger = attack(&s, "4", &["Elm", "dagger", "-t", "Orcy"]);
    assert_eq!(dagger["ability"], "dexterity");
    assert_eq!(dagger["attack_bonus"], 5, "Dex +3, proficiency +2");
    assert_eq!(notation(&dagger, "piercing damage"), "1d4+3");
    s.ok(&["turn", "end", "Elm"]);
    let club = attack(&s, "4", &["Elm", "club", "-t", "Orcy"]);
    assert_eq!(club["ability"], "strength", "no Finesse: Str -1");
    assert_eq!(club["attack_bonus"], 1);
}

#[test]
fn attack_versatile_weapon_in_two_hands_rolls_its_larger_die() {
    let s = Session::new();
    paladin_and_target(&s);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy", "--two-handed"]);
    assert_eq!(notation(&a, "slashing damage"), "1d10+3");
}

#[test]
fn attack_conditions_prone_target_and_invisible_attacker_give_advantage() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&["condition", "Orcy", "add", "prone"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(a["roll_mode"], "advantage", "Prone within 5 feet: {a}");
    assert_eq!(a["reasons"]["advantage"][0]["target"], "prone");
    assert!(notation(&a, "attack vs Orcy").starts_with("2d20kh1"));
    s.ok(&["condition", "Orcy", "remove", "prone"]);
    s.ok(&["condition", "Pal", "add", "invisible"]);
    s.ok(&["turn", "end", "Pal"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(a["reasons"]["advantage"][0]["attacker"], "invisible", "{a}");
    s.ok(&["condition", "Pal", "add", "poisoned"]);
    s.ok(&["turn", "end", "Pal"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(a["roll_mode"], "normal", "Poisoned cancels it out: {a}");
}

#[test]
fn attack_bless_adds_its_d4_to_the_attack_roll_in_an_encounter() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&[
        "character",
        "new",
        "Cleo",
        "--class",
        "cleric:3",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Cleo", "Bless"]);
    s.ok(&["equip", "Cleo", "--material", "Holy Symbol worth 5 GP"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Cleo", "--init", "20"]);
    s.ok(&["encounter", "add", "Cave", "Pal", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Orc:ac=13",
        "--init",
        "1",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    s.ok(&["cast", "Cleo", "Bless", "-t", "Pal"]);
    s.ok(&["encounter", "next", "Cave"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orc"]);
    assert_eq!(notation(&a, "attack vs Orc bonus"), "1d4", "{a}");
    assert_eq!(a["encounter"], "Cave");
    let status = s.ok(&["encounter", "status", "Cave"]);
    let orc = status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Orc")
        .unwrap()
        .clone();
    let dealt = a["target"]["damage_total"].as_i64().unwrap();
    assert_eq!(
        orc["hp"].as_i64(),
        Some(15 - dealt),
        "the tracker's hit points: {status}"
    );
}

#[test]
fn r9_an_attack_uses_the_action_and_only_on_the_attackers_turn() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Pal", "--init", "15"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Orc:ac=13",
        "--init",
        "20",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let e = s.fails(1, &["attack", "Pal", "longsword", "-t", "Orc"]);
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("not_your_turn"), Some("R9"))
    );
    s.ok(&["encounter", "next", "Cave"]);
    let first = attack(&s, "4", &["Pal", "longsword", "-t", "Orc"]);
    assert_eq!(first["attacks_left"], 1, "Extra Attack at Paladin 5");
    let second = attack(&s, "1", &["Pal", "longsword", "-t", "Orc"]);
    assert_eq!(second["attacks_left"], 0, "{second}");
    let e = s.fails(1, &["attack", "Pal", "longsword", "-t", "Orc"]);
    assert_eq!(e["code"], "action_unavailable", "{e}");
}

#[test]
fn r15_a_concentrating_creature_hit_by_an_attack_makes_its_save() {
    let s = Session::new();
    paladin_and_target(&s);
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
    s.ok(&["encounter", "add", "Tower", "Pal", "--init", "15"]);
    s.ok(&["encounter", "start", "Tower"]);
    s.ok(&[
        "encounter",
        "cast",
        "Tower",
        "Archmage",
        "Fly",
        "--target",
        "Archmage",
    ]);
    s.ok(&["encounter", "next", "Tower"]);
    let concentration = |s: &Session| {
        s.ok(&["encounter", "status", "Tower"])["combatants"][0]["concentration"].clone()
    };
    let miss = attack(&s, "1", &["Pal", "longsword", "-t", "Archmage"]);
    assert_eq!(miss["target"]["attacks"][0]["hit"], false, "{miss}");
    assert_eq!(concentration(&s), "fly", "a miss calls for no save");
    assert_eq!(miss["creature_concentration"], Value::Null);
    s.ok(&["undo", "Pal"]);
    // Seed 4 hits for 4 damage, and the Archmage's DC 10 save with it fails.
    let hit = attack(&s, "4", &["Pal", "longsword", "-t", "Archmage"]);
    assert_eq!(hit["target"]["damage_total"], 4, "{hit}");
    assert_eq!(concentration(&s), Value::Null, "the save failed: Fly ends");
    let c = &hit["creature_concentration"];
    assert_eq!(
        (c["spell"].as_str(), c["kept"].as_bool()),
        (Some("fly"), Some(false)),
        "{hit}"
    );
}

#[test]
fn attack_refuses_an_unknown_weapon_in_english_and_czech_changing_nothing() {
    let s = Session::new();
    paladin_and_target(&s);
    let e = s.fails(1, &["attack", "Pal", "lightsaber", "-t", "Orcy"]);
    assert_eq!(e["code"], "unknown_weapon");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("no SRD weapon named \"lightsaber\""),
        "{e}"
    );
    let out = s
        .cmd()
        .args(["--lang", "cs", "attack", "Pal", "lightsaber", "-t", "Orcy"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("zbraň „lightsaber“ v SRD neexistuje"), "{err}");
    let e = s.fails(1, &["attack", "Pal", "greataxe", "-t", "Orcy"]);
    assert_eq!(e["code"], "weapon_not_carried", "{e}");
    let e = s.fails(1, &["equip", "Pal", "--weapon", "lightsaber"]);
    assert_eq!(e["code"], "unknown_weapon");
    assert_eq!(hp(&s, "Orcy"), 30);
}

#[test]
fn attack_undo_restores_the_target_and_the_action() {
    let s = Session::new();
    paladin_and_target(&s);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert!(a["target"]["damage_total"].as_u64().unwrap() > 0);
    assert!(hp(&s, "Orcy") < 30);
    s.ok(&["undo", "Pal"]);
    assert_eq!(
        hp(&s, "Orcy"),
        30,
        "one change: the target's damage goes too"
    );
    attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
}

#[test]
fn attack_card_shows_each_die_in_english_and_czech() {
    let s = Session::new();
    paladin_and_target(&s);
    let out = seeded(&s, "4")
        .args(["attack", "Pal", "longsword", "-t", "Orcy"])
        .output()
        .unwrap();
    let card = String::from_utf8_lossy(&out.stdout);
    assert!(card.contains("Pal attacks Orcy with Longsword"), "{card}");
    assert!(card.contains("attack vs Orcy: 1d20+6 [19] = 25"), "{card}");
    assert!(card.contains("slashing damage: 1d8+3 ["), "{card}");
    s.ok(&["undo", "Pal"]);
    let out = seeded(&s, "4")
        .args(["--lang", "cs", "attack", "Pal", "longsword", "-t", "Orcy"])
        .output()
        .unwrap();
    let card = String::from_utf8_lossy(&out.stdout);
    assert!(
        card.contains("Pal útočí na Orcy zbraní Dlouhý meč"),
        "{card}"
    );
    assert!(card.contains("útok na Orcy: 1d20+6 [19] = 25"), "{card}");
}

#[test]
fn equip_weapons_are_a_bounded_list_of_srd_weapons() {
    let s = Session::new();
    paladin_and_target(&s);
    let v = s.ok(&[
        "equip",
        "Pal",
        "--weapon",
        "Dlouhý meč",
        "--weapon",
        "dagger",
    ]);
    assert_eq!(
        v["equipment"]["weapons"],
        serde_json::json!(["longsword", "dagger"])
    );
    let mut args = vec!["equip", "Pal"];
    for w in [
        "club", "mace", "sickle", "spear", "sling", "dart", "whip", "pike", "maul", "flail",
        "lance",
    ] {
        args.extend(["--weapon", w]);
    }
    let e = s.fails(2, &args);
    assert_eq!(e["code"], "too_many_weapons", "{e}");
    let v = s.ok(&["equip", "Pal", "--clear-weapons"]);
    assert!(v["equipment"].get("weapons").is_none(), "{v}");
}

#[test]
fn attack_divine_favor_in_force_adds_its_d4_to_each_weapon_hit() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&["prepare", "Pal", "Divine Favor"]);
    s.ok(&["cast", "Pal", "Divine Favor"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    let damage: Vec<&str> = a["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["label"]["kind"] == "damage")
        .map(|r| r["notation"].as_str().unwrap())
        .collect();
    assert_eq!(damage, ["1d8+3", "1d4"], "{a}");
}

#[test]
fn attack_a_stunned_creature_has_advantage_and_a_paralyzed_one_takes_a_critical() {
    let s = Session::new();
    paladin_and_target(&s);
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
    s.ok(&["encounter", "add", "Tower", "Pal", "--init", "15"]);
    s.ok(&["encounter", "start", "Tower"]);
    s.ok(&["encounter", "condition", "Tower", "Mage", "add", "stunned"]);
    s.ok(&["encounter", "next", "Tower"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Mage"]);
    assert_eq!(a["reasons"]["advantage"][0]["target"], "stunned", "{a}");
    assert_eq!(a["target"]["attacks"][0]["critical"], false, "{a}");
    s.ok(&["undo", "Pal"]);
    s.ok(&[
        "encounter",
        "condition",
        "Tower",
        "Mage",
        "add",
        "paralyzed",
    ]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Mage"]);
    let roll = &a["target"]["attacks"][0];
    assert_eq!(
        (roll["hit"].as_bool(), roll["critical"].as_bool()),
        (Some(true), Some(true)),
        "{a}"
    );
    assert_eq!(
        notation(&a, "slashing damage"),
        "2d8+3",
        "a melee hit within 5 feet"
    );
}

#[test]
fn r9_outside_an_encounter_the_next_attack_waits_for_the_turn_to_end() {
    let s = Session::new();
    paladin_and_target(&s);
    // Two attacks in one Attack action (Extra Attack), then none.
    attack(&s, "1", &["Pal", "longsword", "-t", "Orcy"]);
    attack(&s, "1", &["Pal", "longsword", "-t", "Orcy"]);
    let e = s.fails(1, &["attack", "Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("action_unavailable"), Some("R9"))
    );
    assert_eq!(e["hint"]["id"], "hint-end-turn", "{e}");
    s.ok(&["turn", "end", "Pal"]);
    attack(&s, "1", &["Pal", "longsword", "-t", "Orcy"]);
}

#[test]
fn r11_a_melee_hit_offers_divine_smite_a_miss_or_a_bow_does_not() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&["prepare", "Pal", "Divine Smite"]);
    s.ok(&["equip", "Pal", "--weapon", "longbow"]);
    let miss = attack(&s, "1", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(miss["smites"], serde_json::json!([]), "no hit, no smite");
    s.ok(&["turn", "end", "Pal"]);
    let bow = attack(&s, "4", &["Pal", "longbow", "-t", "Orcy"]);
    assert_eq!(bow["target"]["attacks"][0]["hit"], true, "{bow}");
    assert_eq!(
        bow["smites"],
        serde_json::json!([]),
        "a Melee weapon's hit only"
    );
    s.ok(&["turn", "end", "Pal"]);
    let hit = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(hit["smites"], serde_json::json!(["divine-smite"]), "{hit}");
    let before = hp(&s, "Orcy");
    let smite = s.ok(&[
        "cast",
        "Pal",
        "Divine Smite",
        "-t",
        "Orcy",
        "--trigger",
        "hit",
    ]);
    assert_eq!(smite["cast"]["action"], "bonus_action", "{smite}");
    assert!(hp(&s, "Orcy") < before, "the smite's radiant damage lands");
}

#[test]
fn exhaustion_takes_two_a_level_off_the_weapon_attack_roll() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&["condition", "Pal", "add", "exhaustion"]);
    s.ok(&["condition", "Pal", "add", "exhaustion"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(a["attack_bonus"], 2, "+6 less 2 × level 2: {a}");
    assert_eq!(notation(&a, "attack vs Orcy"), "1d20+2");
}

#[test]
fn weapon_mastery_a_paladins_graze_weapon_deals_damage_on_a_miss() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&["equip", "Pal", "--clear-weapons", "--weapon", "greatsword"]);
    s.ok(&["hp", "Orcy", "--ac", "30"]);
    let miss = attack(&s, "1", &["Pal", "greatsword", "-t", "Orcy"]);
    assert_eq!(miss["target"]["attacks"][0]["hit"], false, "{miss}");
    assert_eq!(miss["mastery"], "graze", "{miss}");
    assert_eq!(
        miss["target"]["damage_total"], 3,
        "Str +3 on a miss: {miss}"
    );
    assert_eq!(hp(&s, "Orcy"), 27);
}

/// 2024 Faerie Fire: attack rolls against a creature that failed its save
/// have Advantage, and it cannot benefit from Invisible; one that saved is
/// attacked as before. The card names the spell, in English and Czech.
#[test]
fn attack_faerie_fire_on_the_target_gives_advantage_and_outweighs_its_invisible() {
    let s = Session::new();
    paladin_and_target(&s);
    s.ok(&[
        "character",
        "new",
        "Dru",
        "--class",
        "druid:3",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Dru", "Faerie Fire"]);
    s.ok(&["encounter", "new", "Glade"]);
    s.ok(&["encounter", "add", "Glade", "Dru", "--init", "20"]);
    s.ok(&["encounter", "add", "Glade", "Pal", "--init", "15"]);
    s.ok(&["encounter", "add", "Glade", "Orcy", "--init", "2"]);
    s.ok(&[
        "encounter",
        "add",
        "Glade",
        "Elk:ac=13:dex=+20",
        "--init",
        "1",
        "--hp",
        "40",
    ]);
    s.ok(&["encounter", "start", "Glade"]);
    s.ok(&["condition", "Orcy", "add", "invisible"]);
    // Seed 1: Orcy's Dexterity save rolls a 6 against DC 13; the Elk's +20
    // cannot fail.
    let out = seeded(&s, "1")
        .args([
            "--json",
            "cast",
            "Dru",
            "Faerie Fire",
            "-t",
            "Orcy",
            "-t",
            "Elk",
        ])
        .output()
        .unwrap();
    let cast: Value = serde_json::from_slice(&out.stdout).unwrap();
    let saved: Vec<(String, bool)> = cast["cast"]["targets"]
        .as_array()
        .unwrap_or_else(|| panic!("{cast}"))
        .iter()
        .map(|t| {
            (
                t["target"].as_str().unwrap().to_owned(),
                t["save"]["success"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        saved,
        [("Orcy".to_owned(), false), ("Elk".to_owned(), true)],
        "{cast}"
    );
    s.ok(&["encounter", "next", "Glade"]);
    let a = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(a["roll_mode"], "advantage", "{a}");
    assert_eq!(a["reasons"]["advantage"][0]["target_spell"], "faerie-fire");
    assert_eq!(
        a["reasons"]["disadvantage"],
        serde_json::json!([]),
        "an outlined creature has no good of Invisible: {a}"
    );
    assert!(notation(&a, "attack vs Orcy").starts_with("2d20kh1"), "{a}");
    let b = attack(&s, "1", &["Pal", "longsword", "-t", "Elk"]);
    assert_eq!(b["roll_mode"], "normal", "the Elk saved: {b}");
    s.ok(&["undo", "Pal"]);
    s.ok(&["undo", "Pal"]);
    let en = s.human(&["attack", "Pal", "longsword", "-t", "Orcy"]);
    assert!(en.contains("Advantage: Faerie Fire on the target"), "{en}");
    s.ok(&["undo", "Pal"]);
    let cs = s.human(&["--lang", "cs", "attack", "Pal", "longsword", "-t", "Orcy"]);
    assert!(cs.contains("Vílí oheň na cíli"), "{cs}");
    // Without Faerie Fire, Invisible gives Disadvantage again.
    s.ok(&["undo", "Pal"]);
    s.ok(&["drop", "Dru"]);
    let c = attack(&s, "4", &["Pal", "longsword", "-t", "Orcy"]);
    assert_eq!(
        c["reasons"]["disadvantage"][0]["target"], "invisible",
        "{c}"
    );
}
