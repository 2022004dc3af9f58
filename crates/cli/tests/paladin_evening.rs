//! A paladin's evening through the binary (issue 34, "Done means"): the
//! Paladin attacks twice in one Attack action (Extra Attack), smites on a
//! critical hit (its dice doubled, R11), the Ranger's Hunter's Mark moves
//! after a kill, the Paladin drops and makes death saves until Stable, and
//! the party's Short Rest spends Hit Point Dice; a smite after a critical
//! hit waits for an enemy Mage's Counterspell and keeps its doubled dice.
//!
//! Seeds and the first d20 each rolls: 1 → 6, 2 → 11, 3 → 14, 4 → 19,
//! 11 → 14, 17 → 20.

mod common;

use common::Session;
use serde_json::Value;

/// The binary on `s`'s database with seed `seed`, `--json`: its answer.
fn seeded(s: &Session, seed: u64, args: &[&str]) -> Value {
    let out = assert_cmd::Command::cargo_bin("grimoire")
        .unwrap()
        .env_remove("GRIMOIRE_LANG")
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .env("GRIMOIRE_DB", s.db())
        .env("NO_COLOR", "1")
        .args(["--seed", &seed.to_string(), "--json"])
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "grimoire {args:?}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The notations of `v`'s rolls whose label ends with `label`.
fn notations(v: &Value, label: &str) -> Vec<String> {
    v["rolls"]
        .as_array()
        .unwrap_or_else(|| panic!("no rolls in {v}"))
        .iter()
        .filter(|r| common::label_en(r).ends_with(label))
        .map(|r| r["notation"].as_str().unwrap().to_owned())
        .collect()
}

/// Pal, a Paladin 5 (Str 16, Con 14) with a longsword and Divine Smite;
/// Rang, a Ranger 5 (Dex 16) with a longbow and Hunter's Mark; both at
/// their fixed maximum hit points, in the encounter "Keep" with `foes`
/// (name with its stat block, hit points), the two acting first.
fn party(s: &Session, foes: &[(&str, &str)]) {
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
    s.ok(&["prepare", "Pal", "Divine Smite"]);
    s.ok(&["hp", "Pal", "--max", "auto", "--ac", "18"]);
    s.ok(&[
        "character",
        "new",
        "Rang",
        "--class",
        "ranger:5",
        "--abilities",
        "str=10,dex=16,con=12,wis=14",
    ]);
    s.ok(&["equip", "Rang", "--weapon", "longbow"]);
    s.ok(&["prepare", "Rang", "Hunter's Mark"]);
    s.ok(&["hp", "Rang", "--max", "auto", "--ac", "15"]);
    s.ok(&["encounter", "new", "Keep"]);
    s.ok(&["encounter", "add", "Keep", "Pal", "--init", "20"]);
    s.ok(&["encounter", "add", "Keep", "Rang", "--init", "18"]);
    for (i, (foe, hp)) in foes.iter().enumerate() {
        let init = (10 - i).to_string();
        s.ok(&["encounter", "add", "Keep", foe, "--init", &init, "--hp", hp]);
    }
    s.ok(&["encounter", "start", "Keep"]);
}

#[test]
fn paladin_evening_extra_attack_then_divine_smite_on_a_critical_doubles_its_dice() {
    let s = Session::new();
    party(&s, &[("Ghoul:ac=13:type=undead", "90")]);
    let first = seeded(&s, 1, &["attack", "Pal", "longsword", "-t", "Ghoul"])["attack"].clone();
    assert_eq!(first["target"]["attacks"][0]["hit"], false, "6 + 6 vs 13");
    assert_eq!(first["attacks_left"], 1, "Extra Attack at level 5: {first}");
    let crit = seeded(&s, 17, &["attack", "Pal", "longsword", "-t", "Ghoul"])["attack"].clone();
    assert_eq!(crit["target"]["attacks"][0]["critical"], true, "{crit}");
    assert_eq!(crit["attacks_left"], 0);
    assert_eq!(crit["smites"], serde_json::json!(["divine-smite"]));
    // The smite answers the recorded hit: its creature, its critical.
    let smite = seeded(&s, 5, &["cast", "Pal", "Divine Smite"]);
    let cast = &smite["cast"];
    assert_eq!(cast["action"], "bonus_action", "{smite}");
    assert_eq!(cast["targets"][0]["target"], "Ghoul", "{smite}");
    let mut radiant = notations(cast, "radiant damage");
    radiant.extend(notations(cast, "radiant damage against fiend or undead"));
    assert_eq!(
        radiant,
        ["4d8", "2d8"],
        "2d8 and the Undead's 1d8, doubled by the critical: {smite}"
    );
    // A third attack needs another action (R9).
    let e = s.fails(1, &["attack", "Pal", "longsword", "-t", "Ghoul"]);
    assert_eq!(e["code"], "action_unavailable", "{e}");
}

#[test]
fn paladin_evening_hunters_mark_moves_after_a_kill() {
    let s = Session::new();
    party(&s, &[("Goblin:ac=13", "5"), ("Orc:ac=13", "40")]);
    s.ok(&["encounter", "next", "Keep"]);
    s.ok(&["cast", "Rang", "Hunter's Mark", "-t", "Goblin"]);
    // 1d8 + 3 and Hunter's Mark's 1d6: at least 5, the Goblin's all.
    let kill = seeded(&s, 4, &["attack", "Rang", "longbow", "-t", "Goblin"])["attack"].clone();
    assert_eq!(kill["target"]["hp_after"], 0, "{kill}");
    assert_eq!(notations(&kill, "force damage"), ["1d6"]);
    // The Bonus Action went to the spell: the mark moves next turn.
    let e = s.fails(1, &["retarget", "Rang", "Hunter's Mark", "Orc"]);
    assert_eq!(e["code"], "action_unavailable", "{e}");
    // The Goblin at 0 is passed over: the Orc, the Paladin, the Ranger.
    for _ in 0..2 {
        s.ok(&["encounter", "next", "Keep"]);
    }
    let turn = s.ok(&["encounter", "next", "Keep"]);
    assert_eq!(turn["current"], "Rang", "{turn}");
    let moved = s.ok(&["retarget", "Rang", "Hunter's Mark", "Orc"]);
    assert!(moved.to_string().contains("\"Orc\""), "{moved}");
    let hit = seeded(&s, 4, &["attack", "Rang", "longbow", "-t", "Orc"])["attack"].clone();
    assert_eq!(hit["target"]["attacks"][0]["hit"], true, "{hit}");
    assert_eq!(
        notations(&hit, "force damage"),
        ["1d6"],
        "the mark rides on the new target"
    );
}

#[test]
fn paladin_evening_death_saves_end_stable_then_a_party_short_rest_spends_hit_dice() {
    let s = Session::new();
    party(&s, &[("Ogre:ac=11", "59")]);
    let pal = s.ok(&["hp", "Pal"]);
    assert_eq!(pal["vitals"]["max_hp"], 44, "10+2, then 4 × (6+2)");
    s.ok(&["encounter", "damage", "Keep", "Pal", "44"]);
    let one = seeded(&s, 1, &["deathsave", "Pal"]);
    assert_eq!(one["death_save"]["result"], "failure", "6: {one}");
    for seed in [2, 3, 11] {
        let o = seeded(&s, seed, &["deathsave", "Pal"]);
        assert_eq!(o["death_save"]["result"], "success", "{o}");
    }
    let death = s.ok(&["hp", "Pal"])["vitals"]["death"].clone();
    assert_eq!(death["stable"], true, "{death}");
    s.ok(&["encounter", "end", "Keep"]);
    s.ok(&["hp", "Pal", "--heal", "10"]);
    s.ok(&["damage", "Rang", "20"]);
    let rest = seeded(&s, 9, &["rest", "--all", "--short", "--hit-dice", "auto"]);
    let members = rest["characters"].as_array().unwrap();
    let pal = members.iter().find(|c| c["name"] == "Pal").unwrap();
    let rang = members.iter().find(|c| c["name"] == "Rang").unwrap();
    assert!(pal["hp"].as_u64().unwrap() > 10, "{rest}");
    assert!(rang["hp"].as_u64().unwrap() > 39 - 20, "{rest}");
    assert!(
        !pal["hit_dice_rolls"].as_array().unwrap().is_empty(),
        "{rest}"
    );
    let left = s.ok(&["hp", "Pal"])["hit_dice_left"].clone();
    assert_ne!(left, s.ok(&["hp", "Pal"])["hit_dice"], "dice spent: {left}");
}

#[test]
fn hit_points_rolled_maximum_takes_the_first_die_whole_and_rolls_each_later_level() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Pal",
        "--class",
        "paladin:5",
        "--abilities",
        "con=14",
    ]);
    let v = seeded(&s, 3, &["hp", "Pal", "--max", "auto", "--rolled"]);
    let levels = v["max_hp_rolled"]["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 5, "{v}");
    assert_eq!(
        (levels[0]["face"].as_u64(), levels[0]["rolled"].as_bool()),
        (Some(10), Some(false)),
        "the whole d10 at level 1"
    );
    let sum: u64 = levels.iter().map(|l| l["hp"].as_u64().unwrap()).sum();
    assert!(
        levels[1..]
            .iter()
            .all(|l| l["rolled"] == true && l["hp"].as_u64() == l["face"].as_u64().map(|f| f + 2)),
        "each later level rolls a d10, + CON 2: {v}"
    );
    assert_eq!(v["vitals"]["max_hp"].as_u64(), Some(sum), "{v}");
    // The same seed rolls the same maximum; --rolled alone is refused.
    let again = seeded(&s, 3, &["hp", "Pal", "--max", "auto", "--rolled"]);
    assert_eq!(again["vitals"]["max_hp"], v["vitals"]["max_hp"]);
    let e = s.fails(2, &["hp", "Pal", "--rolled"]);
    assert_eq!(e["code"], "rolled_needs_auto", "{e}");
    let text = s.human(&["hp", "Pal", "--max", "auto", "--rolled"]);
    assert!(text.contains("(the whole die)"), "{text}");
}

/// R11: Divine Smite is a Bonus Action spell whose trigger is the hit, so
/// it goes through every check of a cast: after the Paladin's critical hit
/// on the Mage, the smite waits in the window the Mage's Counterspell
/// could answer, and once the GM lets it pass it lands on the Mage, its
/// dice doubled by the critical.
#[test]
fn paladin_evening_divine_smite_after_a_hit_waits_for_the_mages_counterspell() {
    let s = Session::new();
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
    s.ok(&["prepare", "Pal", "Divine Smite"]);
    s.ok(&["encounter", "new", "Keep"]);
    s.ok(&["encounter", "add", "Keep", "Pal", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Keep",
        "Mage",
        "--monster",
        "mage",
        "--init",
        "10",
    ]);
    s.ok(&["encounter", "start", "Keep"]);
    let crit = seeded(&s, 17, &["attack", "Pal", "longsword", "-t", "Mage"])["attack"].clone();
    assert_eq!(crit["target"]["attacks"][0]["critical"], true, "{crit}");
    assert_eq!(crit["smites"], serde_json::json!(["divine-smite"]));
    let hp_after_hit = crit["target"]["hp_after"].as_i64().unwrap();
    let smite = seeded(&s, 5, &["cast", "Pal", "Divine Smite"]);
    assert_eq!(smite["status"], "pending", "{smite}");
    let reactors: Vec<&str> = smite["reactors"]
        .as_array()
        .unwrap_or_else(|| panic!("{smite}"))
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(reactors, ["Mage"], "{smite}");
    s.ok(&["encounter", "pass", "Keep", "Mage"]);
    let done = s.ok(&["encounter", "resolve", "Keep"]);
    let status = s.ok(&["encounter", "status", "Keep"]);
    let mage = status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Mage")
        .unwrap()
        .clone();
    assert!(
        mage["hp"].as_i64().unwrap() < hp_after_hit,
        "the smite lands once the window closes: {done} {mage}"
    );
    assert!(
        done.to_string().contains(r#""notation":"4d8""#),
        "2d8 doubled by the critical: {done}"
    );
}
