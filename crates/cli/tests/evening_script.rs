//! A whole evening through the binary (issue 20): four characters (Wizard 5,
//! Cleric 5, Warlock 5, Paladin 3 / Sorcerer 2) fight goblins and a zombie
//! over several rounds with the README's commands, then rest, undo and read
//! the log. Played once in English and once in Czech; each step asserts
//! what the table would see.

mod common;

use common::Session;

/// The party, as the README's commands create it.
fn party(s: &Session) {
    for (name, classes, abilities) in [
        ("Elmira", vec!["wizard:5"], "dex=14,con=14,int=16"),
        ("Ana", vec!["cleric:5"], "con=14,wis=16"),
        ("Wren", vec!["warlock:5"], "con=12,cha=16"),
        (
            "Paul",
            vec!["paladin:3", "sorcerer:2"],
            "str=16,con=14,cha=16",
        ),
    ] {
        let mut args = vec!["character", "new", name];
        for c in &classes {
            args.extend(["--class", c]);
        }
        args.extend(["--abilities", abilities]);
        s.ok(&args);
    }
    s.ok(&["equip", "Ana", "--material", "Holy Symbol worth 5 GP"]);
    s.ok(&[
        "prepare",
        "Elmira",
        "Fireball",
        "Shield",
        "Hold Person",
        "Magic Missile",
    ]);
    s.ok(&["prepare", "Ana", "Bless", "Cure Wounds", "Spiritual Weapon"]);
    s.ok(&["prepare", "Wren", "Hex", "Eldritch Blast"]);
    s.ok(&["prepare", "Paul", "Divine Smite", "Shield of Faith"]);
}

fn current(s: &Session) -> String {
    s.ok(&["encounter", "status", "Cave"])["current"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Moves on until it is `name`'s turn (at most one round).
fn turn_of(s: &Session, name: &str) {
    for _ in 0..8 {
        if current(s) == name {
            return;
        }
        s.ok(&["encounter", "next", "Cave"]);
    }
    panic!("{name} never got a turn");
}

fn hp(s: &Session, name: &str) -> Option<i64> {
    let st = s.ok(&["encounter", "status", "Cave"]);
    st["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .and_then(|c| c["hp"].as_i64())
}

fn play(lang: &str) {
    let s = Session::new();
    let with_lang = |args: &[&str]| -> Vec<String> {
        let mut v = vec!["--lang".to_owned(), lang.to_owned()];
        v.extend(args.iter().map(|a| (*a).to_owned()));
        v
    };
    party(&s);
    s.ok(&["encounter", "new", "Cave"]);
    for (who, init) in [
        ("Elmira", "18"),
        ("Ana", "15"),
        ("Wren", "12"),
        ("Paul", "9"),
    ] {
        s.ok(&["encounter", "add", "Cave", who, "--init", init]);
    }
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin:ac=15:dex=+2:type=humanoid",
        "--init",
        "14",
        "--hp",
        "7",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Zombie:ac=8:wis=-2:type=undead:immune=poison",
        "--init",
        "6",
        "--hp",
        "90",
    ]);
    s.ok(&["encounter", "start", "Cave"]);

    // Round 1. Elmira: Fireball on both; the Goblin cannot survive 8d6 ≥ 8.
    assert_eq!(current(&s), "Elmira");
    let fireball = s.ok(&[
        "cast", "Elmira", "Fireball", "--target", "Goblin", "--target", "Zombie",
    ]);
    assert_eq!(fireball["cast"]["level"], 3, "{fireball}");
    assert_eq!(hp(&s, "Goblin"), Some(0), "hit points stop at 0");
    // Her one slot this turn is spent (R10).
    let err = s.fails(
        1,
        &["cast", "Elmira", "Magic Missile", "--target", "Zombie"],
    );
    assert_eq!(err["rule"], "R10", "{err}");

    // Ana blesses herself and Paul, and keeps Concentration.
    s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(current(&s), "Ana", "initiative 15 comes after 18");
    s.ok(&[
        "cast", "Ana", "Bless", "--target", "Ana", "--target", "Paul",
    ]);
    // The Goblin (14) is dead and skipped, so Wren (12) is next.
    s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(current(&s), "Wren", "the dead Goblin takes no turn");
    // Wren hexes the Zombie and blasts it: Hex rides on the hit.
    s.ok(&["cast", "Wren", "Hex", "--target", "Zombie"]);
    let blast = s.ok(&["cast", "Wren", "Eldritch Blast", "--target", "Zombie"]);
    let rolls = blast["cast"]["rolls"].to_string();
    assert!(
        rolls.contains("necrotic"),
        "Hex's die rides on the hit: {blast}"
    );

    // Paul smites the Zombie: 2d8 + 1d8 against Undead, on the Zombie.
    turn_of(&s, "Paul");
    let smite = s.ok(&[
        "cast",
        "Paul",
        "Divine Smite",
        "--trigger",
        "hit with a longsword",
        "--target",
        "Zombie",
    ]);
    assert_eq!(smite["cast"]["targets"][0]["target"], "Zombie", "{smite}");
    assert_eq!(
        smite["cast"]["targets"][0]["damage"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // The Zombie's turn: it hits Elmira, who casts Shield off her turn.
    turn_of(&s, "Zombie");
    let shield = s.ok(&[
        "cast",
        "Elmira",
        "Shield",
        "--action",
        "reaction",
        "--trigger",
        "hit by a zombie",
    ]);
    assert_eq!(shield["cast"]["level"], 1, "{shield}");
    // It hits Ana instead: a Concentration save with Bless's d4.
    let hit = s.ok(&["encounter", "damage", "Cave", "Ana", "12"]);
    assert!(
        hit.to_string().contains("1d4"),
        "Bless counts on her save: {hit}"
    );

    // Round 2 begins with Elmira again.
    s.ok(&["encounter", "next", "Cave"]);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(
        (&st["round"], &st["current"]),
        (&2.into(), &"Elmira".into())
    );
    s.ok(&[
        "cast",
        "Elmira",
        "Magic Missile",
        "--slot",
        "2",
        "--target",
        "Zombie",
    ]);

    // The fight ends: every turn is over, so Ana may heal at once.
    s.ok(&["encounter", "end", "Cave"]);
    s.ok(&["cast", "Ana", "Cure Wounds", "--target", "Paul"]);

    // A Short Rest gives Wren her pact slots back and keeps her 8-hour Hex.
    s.ok(&["rest", "Wren", "--short"]);
    let wren = s.ok(&["character", "show", "Wren"]);
    assert_eq!(wren["character"]["slots"]["pact"]["remaining"], 2, "{wren}");
    assert_eq!(wren["character"]["ongoing"][0]["spell"], "hex", "{wren}");

    // A Long Rest and an undo of it, then the log tells the evening.
    s.ok(&["rest", "Elmira", "--long"]);
    s.ok(&["undo", "Elmira"]);
    let slots = s.ok(&["slots", "Elmira"]);
    let left: u64 = slots["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["remaining"].as_u64().unwrap())
        .sum();
    assert_eq!(
        left,
        4 + 3 + 2 - 3,
        "three slots spent, the rest undone: {slots}"
    );
    let log = s.ok(&["log", "Elmira"]);
    assert!(log["log"].as_array().unwrap().len() >= 6, "{log}");

    // The same table in the chosen language.
    let args = with_lang(&["slots", "Elmira"]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let text = s.human(&refs);
    let word = if lang == "cs" { "pozice" } else { "slots" };
    assert!(text.contains(word), "{text}");
    let args = with_lang(&["cast", "Elmira", "Fireball"]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = s.cmd().args(&refs).output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout).to_string();
    let name = if lang == "cs" {
        "Ohnivá koule"
    } else {
        "Fireball"
    };
    assert!(shown.contains(name), "{shown}");
}

#[test]
fn an_evening_of_four_characters_in_english() {
    play("en");
}

#[test]
fn an_evening_of_four_characters_in_czech() {
    play("cs");
}
