//! Shell completions: the scripts, and the names the binary answers a Tab
//! with (spells from the catalogue, characters from the database).

mod common;

use assert_cmd::Command;
use common::Session;

/// What the binary answers when fish asks to complete `words`.
fn complete(s: &Session, words: &[&str]) -> Vec<String> {
    let out = s
        .cmd()
        .env("GRIMOIRE_COMPLETE", "fish")
        .arg("--")
        .arg("grimoire")
        .args(words)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect()
}

#[test]
fn completions_bash_prints_a_script_for_grimoire() {
    let s = Session::new();
    let bash = s.human(&["completions", "bash"]);
    assert!(bash.contains("grimoire"), "{bash}");
    assert!(
        bash.contains("complete -"),
        "a bash `complete` registration: {bash}"
    );
    assert!(
        bash.contains("GRIMOIRE_COMPLETE=\"bash\""),
        "calls back into grimoire: {bash}"
    );
    let zsh = s.human(&["completions", "zsh"]);
    assert!(zsh.contains("compdef") && zsh.contains("grimoire"), "{zsh}");
    let fish = s.human(&["completions", "fish"]);
    assert!(
        fish.contains("complete") && fish.contains("grimoire"),
        "{fish}"
    );
    // The fixed script knows the commands and flags without calling back.
    let fixed = s.human(&["completions", "bash", "--static"]);
    assert!(
        fixed.contains("_grimoire()") && fixed.contains("--target"),
        "{fixed}"
    );
    assert!(!fixed.contains("GRIMOIRE_COMPLETE="));
    assert_eq!(s.fails(2, &["completions", "tcsh"])["code"], "usage");
}

#[test]
fn tab_completes_spell_and_character_names() {
    let s = Session::new();
    s.wizard("Mira");
    s.wizard("Elmira");
    assert_eq!(complete(&s, &["cast", "firebal"]), ["fireball"]);
    // The first word of cast is a character or, with the name left out, a spell.
    assert_eq!(complete(&s, &["cast", "Mi"]), ["Mira"]);
    let second = complete(&s, &["cast", "Mira", "magic-mi"]);
    assert_eq!(second, ["magic-missile"]);
    let slots = complete(&s, &["slots", ""]);
    assert!(
        slots.contains(&"Elmira".to_owned()) && slots.contains(&"Mira".to_owned()),
        "{slots:?}"
    );
    assert!(
        !slots.contains(&"fireball".to_owned()),
        "slots takes no spell"
    );
    assert_eq!(complete(&s, &["use", "El"]), ["Elmira"]);
    assert_eq!(
        complete(&s, &["prepare", "Mira", "shie"]),
        ["shield", "shield-of-faith"]
    );
    assert_eq!(
        complete(&s, &["item", "add", "Mira", "scroll", "--spell", "fireb"]),
        ["fireball"]
    );
    // Flags complete too.
    assert!(complete(&s, &["cast", "--tar"]).contains(&"--target".to_owned()));
}

#[test]
fn a_complete_variable_of_another_tool_is_ignored() {
    let s = Session::new();
    let out = s
        .cmd()
        .env("COMPLETE", "fish")
        .args(["--json", "rules", "R10"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rule"]["id"], "R10");
}

#[test]
fn completing_never_creates_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("none.sqlite3");
    let out = Command::cargo_bin("grimoire")
        .unwrap()
        .env("GRIMOIRE_DB", &db)
        .env("GRIMOIRE_COMPLETE", "fish")
        .args(["--", "grimoire", "slots", ""])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!db.exists());
}
