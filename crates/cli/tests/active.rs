//! The active character (`grimoire use NAME`): remembered in the database,
//! shown, forgotten, and used by every command whose name is left out.

mod common;

use common::{Session, slots};

/// A Wizard 7 (level-4 slots) called Mira, made active.
fn mira(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Mira",
        "--class",
        "wizard:7",
        "--abilities",
        "int=16",
    ]);
    assert_eq!(s.ok(&["use", "mira"])["active"], "Mira");
}

#[test]
fn use_remembers_shows_and_forgets_the_character() {
    let s = Session::new();
    s.wizard("Mira");
    assert_eq!(s.ok(&["use"])["active"], serde_json::Value::Null);
    // Any spelling of the name; the stored spelling is remembered.
    assert_eq!(s.ok(&["use", "MIRA"])["active"], "Mira");
    assert_eq!(s.ok(&["use"])["active"], "Mira");
    assert!(s.human(&["use"]).contains("active character: Mira"));
    assert!(
        s.human(&["--lang", "cs", "use"])
            .contains("aktivní postava: Mira")
    );
    assert_eq!(s.ok(&["use"])["source"], "database");
    let cleared = s.ok(&["use", "--clear"]);
    assert_eq!(cleared["active"], serde_json::Value::Null);
    assert_eq!(cleared["database"], serde_json::Value::Null);
    assert_eq!(cleared["cleared"], "Mira");
    assert_eq!(s.ok(&["use"])["active"], serde_json::Value::Null);
    assert!(s.human(&["use"]).contains("grimoire use NAME"));
}

#[test]
fn use_refuses_a_character_that_does_not_exist() {
    let s = Session::new();
    let err = s.fails(1, &["use", "Nobody"]);
    assert_eq!(err["code"], "unknown_character");
    assert_eq!(s.ok(&["use"])["active"], serde_json::Value::Null);
}

#[test]
fn no_name_and_no_active_character_says_to_run_use() {
    let s = Session::new();
    s.wizard("Mira");
    for args in [
        &["cast", "fireball"][..],
        &["slots"],
        &["prepare", "shield"],
        &["turn", "end"],
        &["rest", "--long"],
        &["character", "show"],
        &["undo"],
    ] {
        let err = s.fails(2, args);
        assert_eq!(err["code"], "no_active_character", "{args:?}");
        assert!(
            err["message"]
                .as_str()
                .unwrap()
                .contains("grimoire use NAME"),
            "{args:?}: {err}"
        );
    }
    let out = s.cmd().args(["--lang", "cs", "slots"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("grimoire use JMÉNO") && stderr.contains("(no_active_character)"),
        "{stderr}"
    );
}

#[test]
fn the_issues_quick_cast_runs_as_the_active_character() {
    let s = Session::new();
    mira(&s);
    // Neither word names a character, so both are spells for Mira.
    let prepared = s.ok(&["prepare", "fireball", "shield"]);
    assert_eq!(prepared["character"], "Mira");
    assert_eq!(
        prepared["prepared"],
        serde_json::json!(["fireball", "shield"])
    );

    let cast = s.ok(&["cast", "fireball", "-l", "4", "-t", "Goblin", "-t", "Orc"]);
    assert_eq!(cast["cast"]["caster"], "Mira");
    assert_eq!(cast["cast"]["spell"], "fireball");
    assert_eq!(cast["cast"]["level"], 4);
    assert_eq!(cast["cast"]["slot"], 4);
    let targets: Vec<&str> = cast["cast"]["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["target"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ["Goblin", "Orc"]);
    assert_eq!(slots(&s.ok(&["slots", "Mira"]))[3], (4, 0, 1));

    // The same turn: R10 refuses a second slot, and the hint names the caster.
    let err = s.fails(1, &["cast", "shield", "-a", "reaction"]);
    assert_eq!(err["rule"], "R10");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("grimoire turn end Mira")
    );
    // A step's answer carries the character afterwards (issue 32).
    assert_eq!(s.ok(&["turn", "end"])["character"]["name"], "Mira");
    assert_eq!(s.ok(&["slots"])["character"], "Mira");
    assert_eq!(s.ok(&["character", "show"])["character"]["name"], "Mira");
}

#[test]
fn every_character_command_takes_the_active_character() {
    let s = Session::new();
    mira(&s);
    assert_eq!(
        s.ok(&["condition", "add", "silenced"])["silenced"],
        serde_json::Value::Bool(true)
    );
    assert_eq!(
        s.ok(&["condition", "remove", "silenced"])["silenced"],
        serde_json::Value::Bool(false)
    );
    let gear = s.ok(&["equip", "--focus", "held", "--free-hands", "1"]);
    assert_eq!(gear["character"], "Mira");
    assert_eq!(gear["equipment"]["free_hands"], 1);
    assert_eq!(s.ok(&["wait", "1m"])["rounds"], 10);
    assert_eq!(s.ok(&["damage", "3"])["damage"], 3);
    assert_eq!(
        s.ok(&["item", "add", "Spell Scroll", "-s", "fireball"])["added"],
        "Spell Scroll (fireball)"
    );
    assert_eq!(
        s.ok(&["ability", "add", "-s", "misty step"])["added"],
        "Misty Step"
    );
    s.ok(&["prepare", "magic missile"]);
    s.ok(&["cast", "magic missile", "-t", "Goblin"]);
    assert_eq!(slots(&s.ok(&["slots"]))[0], (1, 3, 4));
    assert_eq!(s.ok(&["rest", "--long"])["character"]["name"], "Mira");
    assert_eq!(slots(&s.ok(&["slots"]))[0], (1, 4, 4));
    // undo and log address the active character too.
    let undone = s.ok(&["undo"]);
    assert!(
        undone["undo"]["reverted_command"]
            .as_str()
            .unwrap()
            .ends_with("rest --long"),
        "{undone}"
    );
    assert_eq!(slots(&s.ok(&["slots"]))[0], (1, 3, 4));
    let log = s.ok(&["log"]);
    assert!(log["log"].as_array().unwrap().len() >= 10, "{log}");
    // With --encounter the encounter must be named.
    assert_eq!(
        s.fails(2, &["log", "--encounter"])["code"],
        "missing_argument"
    );
}

#[test]
fn a_named_character_still_wins_over_the_active_one() {
    let s = Session::new();
    mira(&s);
    s.wizard("Elmira");
    // Two words: the first is the character.
    s.ok(&["prepare", "Elmira", "magic missile", "shield"]);
    let cast = s.ok(&["cast", "Elmira", "magic missile", "-t", "Goblin"]);
    assert_eq!(cast["cast"]["caster"], "Elmira");
    assert_eq!(slots(&s.ok(&["slots", "Elmira"]))[0], (1, 3, 4));
    assert_eq!(slots(&s.ok(&["slots"]))[0], (1, 4, 4), "Mira untouched");
    assert_eq!(
        s.ok(&["damage", "Elmira", "2"])["character"]["name"],
        "Elmira"
    );
    // Mira never prepared Magic Missile: one word is her spell, refused.
    let err = s.fails(1, &["cast", "magic missile"]);
    assert_eq!(err["code"], "not_prepared");
    // A bad value is a usage error naming what was expected.
    let err = s.fails(2, &["damage", "Elmira"]);
    assert_eq!(err["code"], "bad_argument");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("AMOUNT is required, and \"Elmira\" is not a valid AMOUNT"),
        "{err}"
    );
    assert_eq!(s.fails(2, &["cast"])["code"], "missing_argument");
}

#[test]
fn the_choice_lives_in_the_database() {
    let s = Session::new();
    mira(&s);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("table.json");
    s.ok(&["export", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\"setting\"") && text.contains("active-character"),
        "{text}"
    );
    assert_eq!(s.ok(&["verify"])["ok"], serde_json::Value::Bool(true));

    // The active character deleted: the error says where the name came from.
    s.ok(&["character", "delete", "Mira"]);
    let err = s.fails(1, &["slots"]);
    assert_eq!(err["code"], "unknown_character");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("it is the active character"),
        "{err}"
    );
}

#[test]
fn grimoire_character_picks_the_character_for_one_shell() {
    let s = Session::new();
    mira(&s);
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "magic missile"]);
    // The variable wins over the database's choice, for this process only.
    let json = |args: &[&str]| {
        let out = s
            .cmd()
            .env("GRIMOIRE_CHARACTER", "Elmira")
            .arg("--json")
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let shown = json(&["use"]);
    assert_eq!(
        (&shown["active"], &shown["source"], &shown["database"]),
        (
            &serde_json::json!("Elmira"),
            &serde_json::json!("environment"),
            &serde_json::json!("Mira")
        )
    );
    assert_eq!(
        json(&["cast", "magic missile", "-t", "Goblin"])["cast"]["caster"],
        "Elmira"
    );
    assert_eq!(slots(&s.ok(&["slots", "Elmira"]))[0], (1, 3, 4));
    // Without it, the database's choice again.
    assert_eq!(s.ok(&["slots"])["character"], "Mira");
    assert_eq!(slots(&s.ok(&["slots"]))[0], (1, 4, 4));
    // A name on the line still wins over both.
    assert_eq!(json(&["slots", "Mira"])["character"], "Mira");
    // A variable naming nobody says where the name came from.
    let out = s
        .cmd()
        .env("GRIMOIRE_CHARACTER", "Nobody")
        .args(["--json", "slots"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(err["error"]["code"], "unknown_character");
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("GRIMOIRE_CHARACTER"),
        "{err}"
    );
}
