//! R14c through the binary: equipment with a listed price (SRD 5.2's
//! equipment tables) counts at that price when the player states none; a
//! Cleric's or a Paladin's focus is its Holy Symbol; a refused costly
//! material says what the caster has and what worth was needed, in
//! English and Czech.

mod common;

use common::Session;

/// A level-5 Cleric with Bless and Revivify prepared, holding only a
/// Component Pouch (what `character new` gives).
fn cleric(s: &Session, name: &str) {
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        "cleric:5",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", name, "Bless", "Revivify"]);
}

#[test]
fn r14c_a_cleric_with_a_holy_symbol_of_no_stated_worth_casts_bless() {
    let s = Session::new();
    cleric(&s, "Brother");
    // A pouch does not stand in for a material with a cost.
    let err = s.fails(1, &["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("missing_material"), Some("R14c"))
    );
    // The SRD lists a Holy Symbol at 5 GP: Bless asks for 5+.
    s.ok(&["equip", "Brother", "--material", "Holy Symbol"]);
    let v = s.ok(&["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(v["cast"]["concentration_started"], true);
    // The symbol is not used up.
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(
        shown["character"]["equipment"]["materials"],
        serde_json::json!(["Holy Symbol"])
    );
}

#[test]
fn r14c_an_amulet_is_a_holy_symbol_at_its_listed_price() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--material", "silver amulet"]);
    let v = s.ok(&["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(v["cast"]["concentration_started"], true);
}

#[test]
fn r14c_a_clerics_held_focus_is_its_holy_symbol() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--focus", "held"]);
    let v = s.ok(&["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(v["cast"]["concentration_started"], true);
    // Stowed, the focus supplies nothing.
    s.ok(&["turn", "end", "Brother"]);
    s.ok(&["equip", "Brother", "--focus", "stowed"]);
    let err = s.fails(1, &["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(err["code"], "missing_material");
}

#[test]
fn r14c_a_paladins_worn_emblem_focus_is_its_holy_symbol() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Sera",
        "--class",
        "paladin:3",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["prepare", "Sera", "Bless"]);
    let err = s.fails(1, &["cast", "Sera", "Bless", "--target", "A"]);
    assert_eq!(err["rule"], "R14c");
    s.ok(&["equip", "Sera", "--focus", "worn"]);
    let v = s.ok(&["cast", "Sera", "Bless", "--target", "A"]);
    assert_eq!(v["cast"]["concentration_started"], true);
}

#[test]
fn r14c_a_stated_worth_wins_over_the_listed_price() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--material", "Holy Symbol worth 1 GP"]);
    let err = s.fails(1, &["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(err["code"], "material_too_cheap");
    assert_eq!(err["rule"], "R14c");
    let message = err["message"].as_str().unwrap();
    assert!(message.contains("has Holy Symbol worth 1 GP"), "{message}");
    assert!(message.contains("needs 5 GP or more"), "{message}");
}

#[test]
fn r14c_a_costly_material_of_unknown_worth_is_refused_naming_the_worth_needed() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--material", "diamond"]);
    let err = s.fails(1, &["cast", "Brother", "Revivify", "--target", "Ally"]);
    assert_eq!(err["code"], "material_worth_unknown");
    assert_eq!(err["rule"], "R14c");
    let message = err["message"].as_str().unwrap();
    assert!(
        message.contains("has diamond of unknown worth"),
        "{message}"
    );
    assert!(message.contains("300 GP or more"), "{message}");
    // The fix names the command that states a worth.
    assert!(
        err["hint"]["text"]
            .as_str()
            .unwrap()
            .contains("grimoire equip Brother --material"),
        "{err}"
    );
}

#[test]
fn r14c_a_diamond_worth_too_little_is_refused_with_both_worths() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--material", "diamond worth 100 GP"]);
    let err = s.fails(1, &["cast", "Brother", "Revivify", "--target", "Ally"]);
    assert_eq!(err["code"], "material_too_cheap");
    let message = err["message"].as_str().unwrap();
    assert!(message.contains("has diamond worth 100 GP"), "{message}");
    assert!(message.contains("needs 300 GP or more"), "{message}");
    // Nothing was spent by the refusal.
    let slots = s.ok(&["slots", "Brother"]);
    assert_eq!(common::slots(&slots)[2], (3, 2, 2));
}

#[test]
fn r14c_a_consumed_material_of_listed_price_is_used_up() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["prepare", "Brother", "Protection from Evil and Good"]);
    // Holy Water is listed at 25 GP, what the spell consumes.
    s.ok(&[
        "equip",
        "Brother",
        "--material",
        "Holy Water",
        "--material",
        "Holy Symbol",
    ]);
    s.ok(&[
        "cast",
        "Brother",
        "Protection from Evil and Good",
        "--target",
        "Ally",
    ]);
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(
        shown["character"]["equipment"]["materials"],
        serde_json::json!(["Holy Symbol"]),
        "the flask is gone, the symbol stays"
    );
    // A second casting has no water left; a Holy Symbol is not Holy Water.
    s.ok(&["turn", "end", "Brother"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Brother",
            "Protection from Evil and Good",
            "--target",
            "Ally",
        ],
    );
    assert_eq!(err["code"], "missing_material");
}

#[test]
fn r14c_a_diamond_worth_enough_is_consumed_by_revivify() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--material", "diamond worth 300 GP"]);
    s.ok(&["cast", "Brother", "Revivify", "--target", "Ally"]);
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(
        shown["character"]["equipment"]["materials"],
        serde_json::json!([])
    );
}

#[test]
fn r14c_an_arcane_crystal_counts_at_its_listed_10_gp() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:11",
        "--abilities",
        "int=18",
    ]);
    s.ok(&["prepare", "Elmira", "Magic Jar"]);
    s.ok(&["equip", "Elmira", "--material", "Crystal"]);
    let err = s.fails(1, &["cast", "Elmira", "Magic Jar"]);
    assert_eq!(err["code"], "material_too_cheap");
    let message = err["message"].as_str().unwrap();
    assert!(message.contains("has Crystal worth 10 GP"), "{message}");
    assert!(message.contains("needs 500 GP or more"), "{message}");
}

#[test]
fn r14c_the_refusal_is_worded_in_czech() {
    let s = Session::new();
    cleric(&s, "Brother");
    s.ok(&["equip", "Brother", "--material", "diamond worth 100 GP"]);
    let out = s
        .cmd()
        .args([
            "--lang",
            "cs",
            "cast",
            "Brother",
            "Oživení",
            "--target",
            "Ally",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("R14c"), "{text}");
    assert!(text.contains("má diamond v hodnotě 100 zl"), "{text}");
    assert!(text.contains("aspoň 300 zl"), "{text}");
    assert!(text.contains("uveď její hodnotu"), "{text}");
    // A listed item is named in Czech.
    s.ok(&[
        "equip",
        "Brother",
        "--clear-materials",
        "--material",
        "Holy Symbol worth 1 GP",
    ]);
    let out = s
        .cmd()
        .args([
            "--lang",
            "cs",
            "cast",
            "Brother",
            "Požehnání",
            "--target",
            "A",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("má Svatý symbol v hodnotě 1 zl"), "{text}");
}

#[test]
fn r14c_r12_a_long_casting_completes_with_its_listed_material_and_uses_it_up() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Illusory Script"]);
    // Ink is listed at 10 GP, what Illusory Script consumes; one minute to cast.
    s.ok(&["equip", "Elmira", "--material", "Ink"]);
    let v = s.ok(&["cast", "Elmira", "Illusory Script"]);
    assert_eq!(v["cast"]["status"], "started");
    s.ok(&["wait", "Elmira", "1m"]);
    s.ok(&["turn", "end", "Elmira"]);
    let done = s.ok(&["cast", "Elmira", "Illusory Script", "--complete"]);
    assert_eq!(done["cast"]["status"], "resolved");
    let shown = s.ok(&["character", "show", "Elmira"]);
    assert_eq!(
        shown["character"]["equipment"]["materials"],
        serde_json::json!([]),
        "the ink is used up"
    );
}

#[test]
fn r14c_a_gem_of_stated_worth_answers_magic_jars_gem_crystal_or_reliquary() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:11",
        "--abilities",
        "int=18",
    ]);
    s.ok(&["prepare", "Elmira", "Magic Jar"]);
    // "gem" is the spell's own word: a gem worth 600 GP is enough.
    s.ok(&["equip", "Elmira", "--material", "gem worth 600 GP"]);
    let v = s.ok(&["cast", "Elmira", "Magic Jar"]);
    assert_eq!(v["cast"]["status"], "started", "{v}");
}
