//! `grimoire options` with Metamagic (issue 35): beside each castable
//! spell, the options the Sorcerer knows that fit it with their cost in
//! Sorcery Points, and for the others why not, in English and Czech.

mod common;

use common::Session;
use serde_json::{Value, json};

/// Sorcha, a Sorcerer 10 (Charisma 16) who knows four options, with
/// Fire Bolt, Magic Missile, Hold Person and Fireball.
fn sorcha(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Sorcha",
        "--class",
        "sorcerer:10",
        "--abilities",
        "str=8,dex=14,con=14,int=10,wis=12,cha=16",
        "--metamagic",
        "careful,quickened,empowered,twinned",
    ]);
    s.ok(&["equip", "Sorcha", "--pouch"]);
    s.ok(&[
        "prepare",
        "Sorcha",
        "Fire Bolt",
        "Magic Missile",
        "Hold Person",
        "Fireball",
    ]);
}

fn beside(o: &Value, spell: &str) -> Value {
    o["castable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["spell"] == spell)
        .unwrap_or_else(|| panic!("{spell}: {o}"))["metamagic"]
        .clone()
}

/// The ids of the options that fit, and of those that do not with their code.
fn split(m: &Value) -> (Vec<String>, Vec<(String, String)>) {
    let mut fit = Vec::new();
    let mut unfit = Vec::new();
    for o in m.as_array().unwrap() {
        let id = o["option"].as_str().unwrap().to_owned();
        if o["applies"] == true {
            fit.push(id);
        } else {
            unfit.push((id, o["unfit"].as_str().unwrap().to_owned()));
        }
    }
    (fit, unfit)
}

#[test]
fn metamagic_options_fit_each_spell_by_its_2024_text() {
    let s = Session::new();
    sorcha(&s);
    let o = s.ok(&["options", "Sorcha"]);
    // Fire Bolt: an Action attack cantrip rolling damage, no save, no
    // extra target when upcast.
    let (fit, unfit) = split(&beside(&o, "fire-bolt"));
    assert_eq!(fit, ["quickened", "empowered"]);
    assert_eq!(
        unfit,
        [
            ("careful".into(), "no_save".into()),
            ("twinned".into(), "no_extra_target".into())
        ]
    );
    // Hold Person: a save, a creature more per level, no damage roll.
    let (fit, unfit) = split(&beside(&o, "hold-person"));
    assert_eq!(fit, ["careful", "quickened", "twinned"]);
    assert_eq!(unfit, [("empowered".into(), "no_damage_roll".into())]);
    // Fireball: a save and damage; no target gained by level.
    let (fit, unfit) = split(&beside(&o, "fireball"));
    assert_eq!(fit, ["careful", "quickened", "empowered"]);
    assert_eq!(unfit, [("twinned".into(), "no_extra_target".into())]);
    // Costs of the 2024 text: Quickened 2, the others 1.
    let costs: Vec<(String, u64)> = beside(&o, "fireball")
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["option"].as_str().unwrap().into(),
                m["cost"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        costs,
        [
            ("careful".into(), 1),
            ("quickened".into(), 2),
            ("empowered".into(), 1),
            ("twinned".into(), 1)
        ]
    );
    assert_eq!(
        beside(&o, "fireball")[3]["why"],
        json!({
            "en": "Twinned Spell cannot reshape Fireball: it gains no extra target from a higher level",
            "cs": "Zdvojené kouzlo nemůže změnit kouzlo Ohnivá koule: vyšší úrovní nezíská další cíl"
        })
    );
}

#[test]
fn metamagic_options_read_in_english_and_czech() {
    let s = Session::new();
    sorcha(&s);
    let en = s.human(&["options", "Sorcha"]);
    assert!(
        en.contains(
            "Metamagic: Careful Spell (1 SP), Quickened Spell (2 SP), Empowered Spell (1 SP)"
        ),
        "{en}"
    );
    assert!(
        en.contains("✗ Careful Spell cannot reshape Fire Bolt: the spell forces no saving throw"),
        "{en}"
    );
    let out = s
        .cmd()
        .env("GRIMOIRE_LANG", "cs")
        .args(["options", "Sorcha"])
        .output()
        .unwrap();
    let cs = String::from_utf8(out.stdout).unwrap();
    assert!(
        cs.contains("Metamagie: Opatrné kouzlo (1 b. č.), Zrychlené kouzlo (2 b. č.), Posílené kouzlo (1 b. č.)"),
        "{cs}"
    );
    assert!(
        cs.contains("✗ Posílené kouzlo nemůže změnit kouzlo Znehybnění osoby: kouzlo při seslání nehází zranění"),
        "{cs}"
    );
}

#[test]
fn metamagic_options_are_absent_without_metamagic() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    let o = s.ok(&["options", "Elmira"]);
    assert!(
        o["castable"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c.get("metamagic").is_none()),
        "{o}"
    );
    assert!(!s.human(&["options", "Elmira"]).contains("Metamagic"));
}

#[test]
fn metamagic_plan_lines_name_their_option_with_exact_numbers() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Hela",
        "--class",
        "sorcerer:10",
        "--abilities",
        "str=8,dex=14,con=14,int=10,wis=12,cha=16",
        "--metamagic",
        "careful,heightened,empowered,twinned",
    ]);
    s.ok(&["equip", "Hela", "--pouch"]);
    s.ok(&["prepare", "Hela", "Fire Bolt", "Fireball"]);
    let p = s.ok(&["plan", "Hela", "--target", "ac=15,dex=+2"]);
    let line = |meta: Option<&str>| {
        p["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| {
                l["spell"] == "fireball"
                    && l["level"] == 3
                    && l.get("metamagic").and_then(Value::as_str) == meta
            })
            .unwrap_or_else(|| panic!("{meta:?}: {p}"))
            .clone()
    };
    // DC 15 against +2: 60% fail; Heightened's Disadvantage: 84%.
    assert_eq!(line(None)["fail_chance"], 0.6);
    assert_eq!(line(Some("heightened"))["fail_chance"], 0.84);
    // Careful: the protected creature takes nothing.
    assert_eq!(line(Some("careful"))["mean"], 0.0);
    // Empowered rerolls up to 3 dice below 3.5: 26.30 against 22.30.
    let gain =
        line(Some("empowered"))["mean"].as_f64().unwrap() - line(None)["mean"].as_f64().unwrap();
    assert!((gain - 4.0).abs() < 0.01, "{gain}");
    let human = s.human(&["plan", "Hela", "--target", "ac=15,dex=+2"]);
    assert!(human.contains("Fireball + Empowered Spell"), "{human}");
    assert!(human.contains("Fire Bolt + Empowered Spell"), "{human}");
}

#[test]
fn overchannel_plan_line_shows_the_maximum() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Evie",
        "--class",
        "wizard:14",
        "--abilities",
        "str=8,dex=14,con=14,int=18,wis=12,cha=10",
        "--subclass",
        "evoker",
    ]);
    s.ok(&["equip", "Evie", "--pouch"]);
    s.ok(&["prepare", "Evie", "Fireball"]);
    let p = s.ok(&["plan", "Evie", "--target", "dex=+2"]);
    let over = p["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["spell"] == "fireball" && l["level"] == 3 && l["overchannel"] == true)
        .unwrap_or_else(|| panic!("{p}"));
    // 48 at most, +4 Empowered Evocation: 52, half on a save (DC 17: 30%).
    assert_eq!(over["max"], 52);
    assert_eq!(over["min"], 26);
    let human = s.human(&["plan", "Evie", "--target", "dex=+2"]);
    assert!(human.contains("Fireball + Overchannel"), "{human}");
    let out = s
        .cmd()
        .env("GRIMOIRE_LANG", "cs")
        .args(["plan", "Evie", "--target", "dex=+2"])
        .output()
        .unwrap();
    let cs = String::from_utf8(out.stdout).unwrap();
    assert!(cs.contains("Ohnivá koule + Přetížení"), "{cs}");
}
