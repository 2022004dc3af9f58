//! In Czech a spell's material component reads in Czech (issue 37, R14c):
//! `grimoire spell` in Czech, and a refusal naming the material a caster
//! lacks or carries too cheap. English stays English, and the JSON carries
//! both texts.

mod common;

use common::Session;

/// Runs `grimoire --lang LANG ARGS` (human output) and returns what it
/// printed on both streams, whatever the exit code.
fn said(s: &Session, lang: &str, args: &[&str]) -> String {
    let out = s.cmd().args(["--lang", lang]).args(args).output().unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn r14c_czech_spell_info_names_the_material_in_czech() {
    let s = Session::new();
    let fireball = said(&s, "cs", &["spell", "Ohnivá koule"]);
    assert!(
        fireball.contains("V, S, M (kulička netopýřího trusu a síry)"),
        "{fireball}"
    );
    assert!(!fireball.contains("guano"), "{fireball}");
    let revivify = said(&s, "cs", &["spell", "Oživení"]);
    assert!(
        revivify.contains("diamant v hodnotě 300+ zl, který kouzlo spotřebuje"),
        "{revivify}"
    );
    assert!(!revivify.contains("GP"), "{revivify}");
    // English is unchanged.
    let english = said(&s, "en", &["spell", "Fireball"]);
    assert!(
        english.contains("V, S, M (a ball of bat guano and sulfur)"),
        "{english}"
    );
    // JSON keeps the English text the rules match against, and the Czech.
    let json = s.ok(&["spell", "revivify"]);
    assert_eq!(
        json["spell"]["components"]["material"]["text"],
        "a diamond worth 300+ GP, which the spell consumes"
    );
    assert_eq!(
        json["spell"]["material_cs"],
        "diamant v hodnotě 300+ zl, který kouzlo spotřebuje"
    );
}

/// A level-5 Cleric with Revivify prepared, holding only a Component Pouch.
fn cleric(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "cleric:5",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Ana", "Oživení"]);
}

#[test]
fn r14c_a_czech_refusal_names_the_missing_material_in_czech() {
    let s = Session::new();
    cleric(&s);
    let missing = said(&s, "cs", &["cast", "Ana", "Oživení", "--target", "Bob"]);
    assert!(
        missing.contains(
            "sesilateli chybí Materiální složka: diamant v hodnotě 300+ zl, který kouzlo spotřebuje"
        ),
        "{missing}"
    );
    s.ok(&["equip", "Ana", "--material", "diamond worth 100 GP"]);
    let cheap = said(&s, "cs", &["cast", "Ana", "Oživení", "--target", "Bob"]);
    assert!(
        cheap.contains("aspoň 300 zl: diamant v hodnotě 300+ zl"),
        "{cheap}"
    );
    // The same refusal in English names the English material.
    let english = said(&s, "en", &["cast", "Ana", "Revivify", "--target", "Bob"]);
    assert!(
        english.contains("a diamond worth 300+ GP, which the spell consumes"),
        "{english}"
    );
}
