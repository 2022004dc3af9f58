//! Issue 32: roll labels and notes are data from the rules, worded by
//! `grimoire-words` in the reader's language: a cast resolution in Czech
//! has no English left in its rolls and notes, and its `--json` carries
//! the labels and notes as kinds and codes with values.

mod common;

use common::Session;

fn wizard(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:7",
        "--abilities",
        "str=8,dex=14,con=14,int=16,wis=12,cha=10",
    ]);
    s.ok(&["prepare", "Elmira", "Fireball", "Fire Bolt"]);
}

/// The English words the rules used to write into labels and notes.
const ENGLISH: &[&str] = &[
    "damage",
    "save",
    "DEX",
    "DC",
    "vs",
    "not rolled",
    "cast as",
    "level-",
    "fire",
];

#[test]
fn a_czech_cast_resolution_words_its_rolls_and_notes_in_czech() {
    let s = Session::new();
    wizard(&s);
    // Upcast (R6 note), one target with numbers (a rolled save) and one
    // without (a note that its save was not rolled).
    let text = s.human(&[
        "--lang",
        "cs",
        "cast",
        "Elmira",
        "Fireball",
        "--slot",
        "4",
        "--target",
        "Ogre:dex=-1",
        "--target",
        "Troll",
    ]);
    for czech in [
        "ohnivé zranění",
        "záchrana OBR (Ogre)",
        "R6: sesláno jako kouzlo 4. úrovně",
        "záchrana nehozena: SO 14 OBR",
    ] {
        assert!(text.contains(czech), "{czech:?} missing in:\n{text}");
    }
    for english in ENGLISH {
        assert!(
            !text.contains(english),
            "English {english:?} left in:\n{text}"
        );
    }
    // The cantrip's attack roll too.
    s.ok(&["turn", "end", "Elmira"]);
    let text = s.human(&[
        "--lang",
        "cs",
        "cast",
        "Elmira",
        "Fire Bolt",
        "--target",
        "Orc:ac=12",
    ]);
    assert!(text.contains("útok na Orc"), "{text}");
    for english in ENGLISH {
        assert!(
            !text.contains(english),
            "English {english:?} left in:\n{text}"
        );
    }
}

#[test]
fn the_json_carries_labels_and_notes_as_data() {
    let s = Session::new();
    wizard(&s);
    let v = s.ok(&[
        "cast",
        "Elmira",
        "Fireball",
        "--slot",
        "4",
        "--target",
        "Ogre:dex=-1",
        "--target",
        "Troll",
    ]);
    let rolls = v["cast"]["rolls"].as_array().unwrap();
    assert_eq!(
        rolls[0]["label"],
        serde_json::json!({"kind": "damage", "damage_type": "fire"}),
        "{v}"
    );
    assert!(
        rolls.iter().any(|r| r["label"]
            == serde_json::json!({"kind": "save", "target": "Ogre", "ability": "dexterity"})),
        "{v}"
    );
    assert_eq!(
        v["cast"]["notes"][0],
        serde_json::json!({"code": "cast_at_level", "level": 4}),
        "{v}"
    );
    assert_eq!(
        v["cast"]["targets"][1]["note"]["code"], "save_not_rolled",
        "{v}"
    );
    // The English the terminal shows comes from the same data.
    assert_eq!(common::label_en(&rolls[0]), "fire damage");
    assert_eq!(
        common::note_en(&v["cast"]["notes"][0]),
        "R6: cast as a level-4 spell"
    );
}
