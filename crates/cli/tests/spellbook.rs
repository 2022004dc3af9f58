//! A Wizard's spellbook through the binary (issue 20): copied into, shown
//! on the sheet, prepared from, rituals cast from it unprepared (R5b), and
//! refusals with their codes in English and Czech.

mod common;

use common::Session;

fn wizard(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Zed",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
}

#[test]
fn a_wizard_prepares_from_the_spellbook_and_casts_its_rituals_unprepared() {
    let s = Session::new();
    wizard(&s);
    assert_eq!(
        s.ok(&["spellbook", "show", "Zed"])["spellbook"],
        serde_json::json!([])
    );
    let added = s.ok(&["spellbook", "add", "Zed", "Detect Magic", "Fireball"]);
    assert_eq!(
        added["spellbook"],
        serde_json::json!(["detect-magic", "fireball"])
    );
    assert!(
        s.human(&["character", "show", "Zed"])
            .contains("spellbook: Detect Magic, Fireball")
    );
    // R5b (Ritual Adept): cast from the book as a ritual, no slot, unprepared.
    let cast = s.ok(&["cast", "Zed", "Detect Magic", "--ritual"]);
    assert_eq!(cast["cast"]["mode"], "ritual");
    assert_eq!(cast["cast"]["slot"], serde_json::Value::Null);
    // Preparing needs the book; the refusal says so in both languages.
    let e = s.fails(1, &["prepare", "Zed", "Shield"]);
    assert_eq!(e["code"], "not_in_spellbook");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("grimoire spellbook add Zed \"Shield\""),
        "the refusal names the fix: {e}"
    );
    let out = s
        .cmd()
        .args(["--lang", "cs", "prepare", "Zed", "Shield"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("není v knize kouzel"),
        "{out:?}"
    );
    s.ok(&["prepare", "Zed", "Fireball"]);
    // R8 and R1 bound what can be copied; a non-Wizard keeps no book.
    let e = s.fails(1, &["spellbook", "add", "Zed", "Cure Wounds"]);
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("not_on_class_list"), Some("R8"))
    );
    let e = s.fails(1, &["spellbook", "add", "Zed", "Cone of Cold"]);
    assert_eq!(e["code"], "spell_level_too_high");
    s.ok(&[
        "character",
        "new",
        "Mira",
        "--class",
        "cleric:5",
        "--abilities",
        "wis=16",
    ]);
    let e = s.fails(1, &["spellbook", "add", "Mira", "Bless"]);
    assert_eq!(e["code"], "no_spellbook");
}
