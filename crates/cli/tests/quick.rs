//! The quick forms: short flags mean exactly their long ones, and spell
//! names ignore case and Czech diacritics everywhere they are typed.

mod common;

use common::Session;
use serde_json::Value;

/// The cast part of a JSON cast answer, for comparing two invocations.
fn cast_of(v: &Value) -> Value {
    v["cast"].clone()
}

#[test]
fn short_cast_flags_are_the_long_ones() {
    let long = Session::new();
    let short = Session::new();
    for s in [&long, &short] {
        s.wizard("Elmira");
        s.ok(&[
            "prepare",
            "Elmira",
            "Magic Missile",
            "Detect Magic",
            "Shield",
        ]);
    }
    let a = long.ok(&[
        "cast",
        "Elmira",
        "Magic Missile",
        "--slot",
        "2",
        "--target",
        "Goblin",
        "--target",
        "Orc",
        "--action",
        "magic",
        "--class",
        "wizard",
    ]);
    let b = short.ok(&[
        "cast",
        "Elmira",
        "Magic Missile",
        "-l",
        "2",
        "-t",
        "Goblin",
        "-t",
        "Orc",
        "-a",
        "magic",
        "-c",
        "wizard",
    ]);
    assert_eq!(cast_of(&a), cast_of(&b));
    assert_eq!(cast_of(&b)["level"], 2);
    assert_eq!(cast_of(&b)["targets"].as_array().unwrap().len(), 2);

    // --level is another name for --slot.
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    let c = s.ok(&[
        "cast",
        "Elmira",
        "Magic Missile",
        "--level",
        "2",
        "-t",
        "Goblin",
    ]);
    assert_eq!(cast_of(&c)["slot"], 2);

    // -r: a ritual, no slot.
    long.ok(&["turn", "end", "Elmira"]);
    let ritual = long.ok(&["cast", "Elmira", "Detect Magic", "-r"]);
    assert_eq!(ritual["cast"]["mode"], "ritual");
    assert_eq!(ritual["cast"]["slot"], Value::Null);
}

#[test]
fn short_search_flags_are_the_long_ones() {
    let s = Session::new();
    let long = s.ok(&["spells", "--class", "wizard", "--level", "1", "--ritual"]);
    let short = s.ok(&["spells", "-c", "wizard", "-l", "1", "-r"]);
    assert_eq!(long, short);
    assert!(!short["spells"].as_array().unwrap().is_empty(), "{short}");
    let school = s.ok(&["spells", "-s", "evocation", "-l", "3"]);
    let ids: Vec<&str> = school["spells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"fireball"), "{ids:?}");
}

#[test]
fn spell_names_ignore_case_and_diacritics() {
    let s = Session::new();
    s.wizard("Elmira");
    // prepare, in any case, in Czech with or without accents, or by id.
    let p = s.ok(&["prepare", "Elmira", "MAGICKÁ STŘELA", "stit", "FIRE-BOLT"]);
    assert_eq!(
        p["prepared"],
        serde_json::json!(["magic-missile", "shield"])
    );
    assert_eq!(p["cantrips"], serde_json::json!(["fire-bolt"]));
    // cast: each spelling on a turn of its own (one Magic action a turn).
    for name in [
        "fire bolt",
        "FIRE BOLT",
        "Ohnivá střela",
        "ohniva strela",
        "OHNIVA STRELA",
    ] {
        s.ok(&["turn", "end", "Elmira"]);
        let c = s.ok(&["cast", "Elmira", name, "-t", "Goblin:ac=10"]);
        assert_eq!(c["cast"]["spell"], "fire-bolt", "{name}");
    }
    // spell, and the spell of an item.
    for name in ["ohniva koule", "OHNIVÁ KOULE", "fireball", "FiReBaLl"] {
        assert_eq!(s.ok(&["spell", name])["spell"]["id"], "fireball", "{name}");
    }
    let item = s.ok(&[
        "item",
        "add",
        "Elmira",
        "Spell Scroll",
        "--spell",
        "OHNIVA KOULE",
    ]);
    assert_eq!(item["added"], "Spell Scroll (fireball)");
    // unprepare too.
    let u = s.ok(&["unprepare", "Elmira", "ŠTÍT"]);
    assert_eq!(u["prepared"], serde_json::json!(["magic-missile"]));
}

/// Characters plus one Shift for each capital or shifted sign (US layout),
/// the README's way of counting keystrokes.
fn keystrokes(command: &str) -> usize {
    command.chars().count()
        + command
            .chars()
            .filter(|c| c.is_uppercase() || "~!@#$%^&*()_+{}|:\"<>?".contains(*c))
            .count()
}

/// The README's keystroke table: `(form, command, characters, keystrokes)`.
fn readme_table() -> Vec<(String, String, usize, usize)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    readme
        .lines()
        .filter(|l| {
            ["| before |", "| after |", "| Avrae |"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (
                cells[1].to_owned(),
                cells[2].trim_matches('`').to_owned(),
                cells[3].parse().unwrap(),
                cells[4].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_readme_keystroke_counts_are_right_and_both_forms_cast_the_same() {
    let table = readme_table();
    assert_eq!(table.len(), 3, "{table:?}");
    for (form, command, characters, strokes) in &table {
        assert_eq!(command.chars().count(), *characters, "{form}: {command}");
        assert_eq!(keystrokes(command), *strokes, "{form}: {command}");
    }
    // The issue's figure for today's form, and the quick form is shorter.
    assert_eq!(table[0].3, 60);
    assert!(table[1].3 < table[0].3);

    // Both grimoire forms run, and cast the same thing.
    let mut casts = Vec::new();
    for (_, command, _, _) in &table[..2] {
        let s = Session::new();
        s.ok(&[
            "character",
            "new",
            "Mira",
            "--class",
            "wizard:7",
            "--abilities",
            "int=16",
        ]);
        s.ok(&["prepare", "Mira", "Fireball"]);
        s.ok(&["use", "Mira"]);
        let words: Vec<&str> = command.split(' ').skip(1).collect();
        casts.push(s.ok(&words)["cast"].clone());
    }
    assert_eq!(casts[0], casts[1]);
    assert_eq!(
        (casts[1]["level"].as_u64(), casts[1]["caster"].as_str()),
        (Some(4), Some("Mira"))
    );
}
