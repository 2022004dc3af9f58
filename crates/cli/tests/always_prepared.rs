//! Preparing as a real sheet does it (issue 31), through the binary.
//!
//! A subclass, feat, species or Magical Secrets can keep a spell always
//! prepared: it does not count against the class's prepared-spell number
//! (2024 class tables) and may come from another class's list, so R8's
//! class-list check does not refuse it (`grimoire prepare --always`).

mod common;

use common::Session;
use serde_json::{Value, json};

/// A Cleric of `level` with Wisdom 16 (+3) and a holy symbol as a focus.
fn cleric(s: &Session, name: &str, level: u8) {
    let class = format!("cleric:{level}");
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        &class,
        "--abilities",
        "wis=16,int=10",
    ]);
}

/// The character's always-prepared rows as `(spell, class)`.
fn always(v: &Value) -> Vec<(String, String)> {
    v["always_prepared"]
        .as_array()
        .unwrap_or_else(|| panic!("no always_prepared in {v}"))
        .iter()
        .map(|r| {
            (
                r["spell"].as_str().unwrap().to_owned(),
                r["class"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// `(code, rule)` of a refusal.
fn refusal(e: &Value) -> (Option<&str>, Option<&str>) {
    (e["code"].as_str(), e["rule"].as_str())
}

#[test]
fn r8_a_spell_off_the_clerics_list_is_refused_when_prepared_the_usual_way() {
    let s = Session::new();
    cleric(&s, "Brother", 5);
    let e = s.fails(1, &["prepare", "Brother", "Fireball"]);
    assert_eq!(refusal(&e), (Some("not_on_class_list"), Some("R8")), "{e}");
    // Nothing was written: the sheet has no Fireball anywhere.
    let v = &s.ok(&["character", "show", "Brother"])["character"];
    assert_eq!(v["prepared"], json!([]), "{v}");
    assert_eq!(v["always_prepared"], json!([]), "{v}");
}

#[test]
fn r8_an_always_prepared_spell_off_the_class_list_is_accepted_and_castable() {
    let s = Session::new();
    cleric(&s, "Brother", 5);
    let v = s.ok(&["prepare", "Brother", "Fireball", "--always"]);
    // It counts as a Cleric spell (the Cleric's DC), outside the prepared list.
    assert_eq!(always(&v), [("fireball".to_owned(), "cleric".to_owned())]);
    assert_eq!(v["prepared"], json!([]), "{v}");
    // Cast like any prepared spell: a level-3 slot is spent (R1).
    let cast = s.ok(&["cast", "Brother", "Fireball", "--target", "Orc"]);
    assert_eq!(cast["cast"]["slot"], 3, "{cast}");
    let slots = common::slots(&s.ok(&["slots", "Brother"]));
    assert!(slots.contains(&(3, 1, 2)), "{slots:?}");
}

#[test]
fn r8_an_always_prepared_spell_uses_the_dc_of_the_class_it_counts_as() {
    let s = Session::new();
    // Cleric 5 (Wis 16): DC 8 + 3 + 3 = 14 (R19).
    cleric(&s, "Brother", 5);
    s.ok(&["prepare", "Brother", "Fireball", "--always"]);
    let cast = s.ok(&["cast", "Brother", "Fireball", "--target", "Orc"]);
    let text = cast.to_string();
    assert!(text.contains("\"dc\":14"), "the Cleric's DC 14: {cast}");
}

#[test]
fn always_prepared_spells_do_not_count_against_the_prepared_limit() {
    let s = Session::new();
    // A level-1 Cleric prepares 4 spells (2024 Cleric table).
    cleric(&s, "Brother", 1);
    s.ok(&[
        "prepare",
        "Brother",
        "Bless",
        "Cure Wounds",
        "Guiding Bolt",
        "Healing Word",
    ]);
    let e = s.fails(1, &["prepare", "Brother", "Shield of Faith"]);
    assert_eq!(e["code"], "too_many_prepared", "{e}");
    // A full list, and still an always-prepared spell is accepted, from
    // the Cleric's list or another's.
    let v = s.ok(&["prepare", "Brother", "Command", "Magic Missile", "--always"]);
    assert_eq!(
        always(&v),
        [
            ("command".to_owned(), "cleric".to_owned()),
            ("magic-missile".to_owned(), "cleric".to_owned())
        ]
    );
    assert_eq!(v["prepared"].as_array().unwrap().len(), 4, "{v}");
    // The limit still holds for the usual kind.
    let e = s.fails(1, &["prepare", "Brother", "Shield of Faith"]);
    assert_eq!(e["code"], "too_many_prepared", "{e}");
}

#[test]
fn marking_a_prepared_spell_always_prepared_frees_its_place_in_the_count() {
    let s = Session::new();
    cleric(&s, "Brother", 1);
    s.ok(&[
        "prepare",
        "Brother",
        "Bless",
        "Cure Wounds",
        "Guiding Bolt",
        "Healing Word",
    ]);
    // Healing Word comes from a feature now: it leaves the counted list.
    let v = s.ok(&["prepare", "Brother", "Healing Word", "--always"]);
    assert!(!v["prepared"].to_string().contains("healing-word"), "{v}");
    assert_eq!(
        always(&v),
        [("healing-word".to_owned(), "cleric".to_owned())]
    );
    let v = s.ok(&["prepare", "Brother", "Shield of Faith"]);
    assert_eq!(v["prepared"].as_array().unwrap().len(), 4, "{v}");
    // Preparing it the usual way again changes nothing and takes no place.
    let v = s.ok(&["prepare", "Brother", "Healing Word"]);
    assert_eq!(v["events"], json!([]), "{v}");
    assert!(!v["prepared"].to_string().contains("healing-word"), "{v}");
    s.ok(&["cast", "Brother", "Healing Word", "--target", "Ally"]);
}

#[test]
fn an_always_prepared_cantrip_is_outside_the_cantrips_known() {
    let s = Session::new();
    // A level-1 Cleric knows 3 cantrips (2024 Cleric table).
    cleric(&s, "Brother", 1);
    s.ok(&["prepare", "Brother", "Guidance", "Light", "Sacred Flame"]);
    let e = s.fails(1, &["prepare", "Brother", "Thaumaturgy"]);
    assert_eq!(e["code"], "too_many_cantrips", "{e}");
    // A species or feat cantrip from the Wizard's list.
    s.ok(&["prepare", "Brother", "Fire Bolt", "--always"]);
    let cast = s.ok(&["cast", "Brother", "Fire Bolt", "--target", "Orc"]);
    assert_eq!(cast["cast"]["slot"], Value::Null, "{cast}");
}

#[test]
fn unpreparing_takes_an_always_prepared_spell_off_and_it_can_no_longer_be_cast() {
    let s = Session::new();
    cleric(&s, "Brother", 5);
    s.ok(&["prepare", "Brother", "Fireball", "--always"]);
    let v = s.ok(&["unprepare", "Brother", "Fireball"]);
    assert_eq!(v["always_prepared"], json!([]), "{v}");
    let e = s.fails(1, &["cast", "Brother", "Fireball", "--target", "Orc"]);
    // Off the Cleric's list again: R8 refuses it.
    assert_eq!(refusal(&e), (Some("not_on_class_list"), Some("R8")), "{e}");
    // And it can be marked again.
    let v = s.ok(&["prepare", "Brother", "Fireball", "--always"]);
    assert_eq!(always(&v), [("fireball".to_owned(), "cleric".to_owned())]);
}

#[test]
fn always_prepared_spells_persist_and_the_sheet_shows_them_apart() {
    let s = Session::new();
    cleric(&s, "Brother", 5);
    s.ok(&["prepare", "Brother", "Bless"]);
    s.ok(&["prepare", "Brother", "Fireball", "--always"]);
    // Another invocation reads them back from the store.
    let v = &s.ok(&["character", "show", "Brother"])["character"];
    assert_eq!(v["prepared"], json!(["bless"]), "{v}");
    assert_eq!(always(v), [("fireball".to_owned(), "cleric".to_owned())]);
    let text = s.human(&["character", "show", "Brother"]);
    assert!(
        text.contains("always prepared: Fireball (Cleric)"),
        "{text}"
    );
    let prepared = text.lines().find(|l| l.starts_with("prepared")).unwrap();
    assert!(!prepared.contains("Fireball"), "{prepared}");
    // In Czech too, with the spell's Czech name.
    let out = s
        .cmd()
        .args(["--lang", "cs", "character", "show", "Brother"])
        .output()
        .unwrap();
    let cs = String::from_utf8_lossy(&out.stdout);
    assert!(cs.contains("vždy připravená: Ohnivá koule"), "{cs}");
}

#[test]
fn always_prepared_class_can_be_named_and_must_be_the_characters() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Mixed",
        "--class",
        "wizard:3",
        "--class",
        "cleric:2",
        "--abilities",
        "int=16,wis=12",
    ]);
    // By default it counts as the class with the spell on its list.
    let v = s.ok(&["prepare", "Mixed", "Bless", "--always"]);
    assert_eq!(always(&v), [("bless".to_owned(), "cleric".to_owned())]);
    // Named: the Wizard's (Magical Secrets-like) choice.
    let v = s.ok(&["prepare", "Mixed", "Bless", "--always", "--class", "wizard"]);
    assert_eq!(always(&v), [("bless".to_owned(), "wizard".to_owned())]);
    let e = s.fails(
        1,
        &["prepare", "Mixed", "Hex", "--always", "--class", "warlock"],
    );
    assert_eq!(e["code"], "no_such_class", "{e}");
}

#[test]
fn the_always_prepared_list_is_bounded_like_any_list_of_spells() {
    let s = Session::new();
    cleric(&s, "Brother", 5);
    // Every SRD spell of levels 0-2: more than the bound of 128.
    let mut ids: Vec<String> = Vec::new();
    for level in ["0", "1", "2"] {
        let v = s.ok(&["spells", "--level", level]);
        ids.extend(
            v["spells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|sp| sp["id"].as_str().unwrap().to_owned()),
        );
    }
    assert!(ids.len() > 128, "{}", ids.len());
    let mut args = vec!["prepare", "Brother", "--always"];
    args.extend(ids.iter().map(String::as_str));
    // A bound of the request, like any other (exit status 2).
    let e = s.fails(2, &args);
    assert_eq!(e["code"], "too_many_spells", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("128"),
        "the refusal names the bound: {e}"
    );
    // One refusal writes nothing; 128 fit.
    let v = &s.ok(&["character", "show", "Brother"])["character"];
    assert_eq!(v["always_prepared"], json!([]), "{v}");
    args.truncate(3 + 128);
    let v = s.ok(&args);
    assert_eq!(always(&v).len(), 128);
}
