//! Casting without a slot (R5), components (R14) and conditions, through the binary.

mod common;

use common::{Session, slots};
use serde_json::json;

#[test]
fn r5a_cantrip_spends_no_slot() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Fire Bolt"]);
    let v = s.ok(&["cast", "Elmira", "Fire Bolt", "--target", "Orc:ac=12"]);
    assert_eq!(v["cast"]["mode"], "cantrip");
    assert_eq!(v["cast"]["slot"], serde_json::Value::Null);
    assert_eq!(v["cast"]["level"], 0);
    assert_eq!(slots(&v["slots"]), [(1, 4, 4), (2, 2, 2)]);
    let attack = &v["cast"]["targets"][0]["attacks"][0];
    assert!(attack["natural"].as_u64().is_some(), "{v}");
}

#[test]
fn r5b_ritual_needs_the_tag_and_spends_no_slot() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Detect Magic", "Magic Missile"]);
    // R12: a ritual takes its casting time plus ten minutes, under Concentration.
    let v = s.ok(&["cast", "Elmira", "Detect Magic", "--ritual"]);
    assert_eq!(v["cast"]["mode"], "ritual");
    assert_eq!(v["cast"]["status"], "started");
    assert!(v["cast"]["rounds_needed"].as_u64().unwrap() >= 100);
    let err = s.fails(1, &["cast", "Elmira", "Detect Magic", "--complete"]);
    assert_eq!(err["code"], "casting_unfinished");
    s.ok(&["wait", "Elmira", "10m"]);
    s.ok(&["turn", "end", "Elmira"]);
    let done = s.ok(&["cast", "Elmira", "Detect Magic", "--complete"]);
    assert_eq!(done["cast"]["status"], "resolved");
    assert_eq!(done["cast"]["slot"], serde_json::Value::Null);
    assert_eq!(slots(&done["slots"]), [(1, 4, 4), (2, 2, 2)]);

    s.ok(&["turn", "end", "Elmira"]);
    let err = s.fails(1, &["cast", "Elmira", "Magic Missile", "--ritual"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("not_a_ritual"), Some("R5b"))
    );
}

#[test]
fn r5d_spell_scroll_is_used_up() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&[
        "item",
        "add",
        "Elmira",
        "Spell Scroll",
        "--spell",
        "Fireball",
    ]);
    let v = s.ok(&[
        "cast",
        "Elmira",
        "Fireball",
        "--via",
        "scroll",
        "--target",
        "Ogre:dex=-1",
    ]);
    assert_eq!(v["cast"]["mode"], "item");
    assert_eq!(v["cast"]["level"], 3);
    assert_eq!(v["cast"]["slot"], serde_json::Value::Null);
    assert_eq!(slots(&v["slots"]), [(1, 4, 4), (2, 2, 2)]);
    let shown = s.ok(&["character", "show", "Elmira"]);
    assert_eq!(
        shown["character"]["items"],
        serde_json::json!([]),
        "a scroll is consumed"
    );
}

#[test]
fn r5c_ability_uses_run_out_and_return_on_long_rest() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&[
        "ability",
        "add",
        "Elmira",
        "--spell",
        "Misty Step",
        "--uses",
        "1",
        "--recharge",
        "long",
    ]);
    let v = s.ok(&["cast", "Elmira", "Misty Step", "--via", "Misty Step"]);
    assert_eq!(v["cast"]["mode"], "ability");
    assert_eq!(v["cast"]["via"], "Misty Step");
    s.ok(&["turn", "end", "Elmira"]);
    let err = s.fails(1, &["cast", "Elmira", "Misty Step", "--via", "Misty Step"]);
    assert_eq!(err["code"], "no_uses_left");
    s.ok(&["rest", "Elmira", "--long"]);
    s.ok(&["cast", "Elmira", "Misty Step", "--via", "Misty Step"]);
}

#[test]
fn r14a_silenced_caster_cannot_cast_verbal_spells() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    s.ok(&["condition", "Elmira", "add", "silenced"]);
    let err = s.fails(1, &["cast", "Elmira", "Magic Missile"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("silenced"), Some("R14a"))
    );
    s.ok(&["condition", "Elmira", "remove", "silenced"]);
    s.ok(&["cast", "Elmira", "Magic Missile"]);
}

#[test]
fn r8_unprepared_or_foreign_spells_are_refused() {
    let s = Session::new();
    s.wizard("Elmira");
    let err = s.fails(1, &["prepare", "Elmira", "Cure Wounds"]);
    assert_eq!(err["rule"], "R8");
    let err = s.fails(1, &["cast", "Elmira", "Magic Missile"]);
    assert_eq!(err["code"], "not_prepared");
}

#[test]
fn incapacitated_ends_concentration() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Brother",
        "--class",
        "cleric:3",
        "--abilities",
        "wis=16",
    ]);
    s.ok(&["prepare", "Brother", "Bless"]);
    // R14c: a material with a cost needs the thing itself, not a pouch.
    let err = s.fails(1, &["cast", "Brother", "Bless", "--target", "A"]);
    assert_eq!(err["rule"], "R14c");
    s.ok(&["equip", "Brother", "--material", "Holy Symbol worth 5 GP"]);
    let v = s.ok(&["cast", "Brother", "Bless", "--target", "A", "--target", "B"]);
    assert_eq!(v["cast"]["concentration_started"], true);
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(shown["character"]["concentration"]["spell"], "bless");
    s.ok(&["condition", "Brother", "add", "incapacitated"]);
    let shown = s.ok(&["character", "show", "Brother"]);
    assert_eq!(shown["character"]["concentration"], serde_json::Value::Null);
    assert_eq!(
        shown["character"]["conditions"],
        serde_json::json!(["incapacitated"])
    );
}

#[test]
fn errors_have_codes_and_exit_codes() {
    let s = Session::new();
    let err = s.fails(1, &["slots", "Nobody"]);
    assert_eq!(err["code"], "unknown_character");
    let err = s.fails(1, &["spell", "Fyreball"]);
    assert_eq!(err["code"], "unknown_spell");
    assert!(
        err["message"].as_str().unwrap().contains("Fireball"),
        "suggests the near miss"
    );
    let err = s.fails(2, &["character", "new", "X", "--class", "fighter:3"]);
    assert_eq!(err["code"], "unknown_class");
    let err = s.fails(2, &["character", "new", "X"]);
    assert_eq!(err["code"], "usage");
    let err = s.fails(1, &["character", "new", "X", "--class", "wizard:21"]);
    assert_eq!(err["code"], "invalid_class_level");
    let err = s.fails(1, &["undo", "Nobody"]);
    assert_eq!(err["code"], "not_found");
}

#[test]
fn czech_error_messages() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    s.ok(&["cast", "Elmira", "Magic Missile"]);
    let out = s
        .cmd()
        .args(["--lang", "cs", "cast", "Elmira", "magicka strela"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("chyba:") && err.contains("R10"), "{err}");
}

/// Issue 12: Czech output names spells, triggers, conditions and the
/// target notes in Czech, refusals included.
#[test]
fn czech_output_names_spells_triggers_and_conditions_in_czech() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Shield", "Hold Person"]);
    let czech_error = |args: &[&str]| {
        let out = s.cmd().args(["--lang", "cs"]).args(args).output().unwrap();
        String::from_utf8(out.stderr).unwrap()
    };
    let err = czech_error(&["cast", "Elmira", "Fireball"]);
    assert!(err.contains("kouzlo Ohnivá koule"), "{err}");
    let err = czech_error(&["cast", "Elmira", "Shield", "--action", "reaction"]);
    assert!(
        err.contains("R11") && err.contains("cílem kouzla Magická střela"),
        "{err}"
    );
    let text = s.human(&[
        "--lang",
        "cs",
        "cast",
        "Elmira",
        "Hold Person",
        "--target",
        "Bandit:wis=-30",
    ]);
    assert!(text.contains("Znehybnění osoby"), "{text}");
    assert!(text.contains("MDR SO záchrany 13"), "{text}");
    assert!(text.contains("Paralyzovaný"), "{text}");
    assert!(
        !text.contains("WIS") && !text.contains("Hold Person"),
        "{text}"
    );
    s.ok(&["turn", "end", "Elmira"]);
    s.ok(&["rest", "Elmira", "--long"]);
    let text = s.human(&[
        "--lang",
        "cs",
        "cast",
        "Elmira",
        "Hold Person",
        "--target",
        "Zombie:type=undead",
    ]);
    assert!(text.contains("R18: cíl zdánlivě uspěje"), "{text}");
    // Counts take the Czech plural their number asks for (issue 20).
    let one = s.human(&["--lang", "cs", "spells", "hromova vlna"]);
    assert!(one.contains("1 kouzlo"), "{one}");
    let many = s.human(&["--lang", "cs", "spells", "--level", "9"]);
    assert!(many.contains("16 kouzel"), "{many}");
    let few = s.human(&["--lang", "cs", "spells", "--class", "druid", "--level", "9"]);
    assert!(few.contains("4 kouzla"), "{few}");
}

#[test]
fn delete_then_undo_restores_the_character() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["character", "delete", "Elmira"]);
    assert_eq!(
        s.ok(&["character", "list"])["characters"],
        serde_json::json!([])
    );
    s.ok(&["undo", "Elmira"]);
    assert_eq!(
        s.ok(&["character", "list"])["characters"][0]["name"],
        "Elmira"
    );
}

#[test]
fn spells_search_filters() {
    let s = Session::new();
    let v = s.ok(&["spells", "--class", "wizard", "--level", "1", "--ritual"]);
    let ids: Vec<&str> = v["spells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"detect-magic") && ids.contains(&"find-familiar"),
        "{ids:?}"
    );
    assert!(
        v["spells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| x["ritual"] == true && x["level"] == 1)
    );
    let v = s.ok(&["spell", "hromova vlna"]);
    assert_eq!(v["spell"]["name_en"], "Thunderwave");
    let text = s.human(&["--lang", "cs", "spell", "Thunderwave"]);
    assert!(text.contains("Hromová vlna"), "{text}");
}

/// Issue 12: `spell` shows the area of effect (R17), in text in both
/// languages and in JSON; a spell without one has `area: null`.
#[test]
fn spell_shows_its_area_of_effect() {
    let s = Session::new();
    let v = s.ok(&["spell", "Lightning Bolt"]);
    let area = &v["spell"]["area"];
    assert_eq!(
        (&area["shape"], &area["size_ft"], &area["secondary_ft"]),
        (&json!("line"), &json!(100), &json!(5)),
        "{v}"
    );
    assert!(s.ok(&["spell", "Magic Missile"])["spell"]["area"].is_null());
    let text = s.human(&["spell", "Fireball"]);
    assert!(
        text.contains("area:            Sphere, 20 feet radius"),
        "{text}"
    );
    let text = s.human(&["--lang", "cs", "spell", "Wall of Fire"]);
    assert!(
        text.contains("oblast:          Stěna, délka 60 stop, výška 20 stop"),
        "{text}"
    );
    assert!(!s.human(&["spell", "Shield"]).contains("area:"));
}

#[test]
fn pact_slots_are_listed_separately_and_return_on_a_short_rest() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Hex",
        "--class",
        "warlock:3",
        "--class",
        "wizard:2",
        "--abilities",
        "cha=16,int=14",
    ]);
    let v = s.ok(&["slots", "Hex"]);
    // Wizard 2 alone sets the regular row (three level-1 slots); Warlock 3
    // adds two level-2 pact slots beside it.
    assert_eq!(slots(&v), [(1, 3, 3)]);
    assert_eq!(
        v["pact"],
        serde_json::json!({"level": 2, "total": 2, "remaining": 2})
    );
    s.ok(&["prepare", "Hex", "Hex"]);
    let cast = s.ok(&[
        "cast", "Hex", "Hex", "--pact", "--action", "bonus", "--target", "Orc",
    ]);
    assert_eq!(
        (
            cast["cast"]["slot"].as_u64(),
            cast["cast"]["pact"].as_bool()
        ),
        (Some(2), Some(true))
    );
    assert_eq!(cast["slots"]["pact"]["remaining"], 1);
    // The rest answers the character afterwards, its slots included.
    let rest = s.ok(&["rest", "Hex", "--short"]);
    assert_eq!(rest["character"]["pact"]["remaining"], 2);
    assert_eq!(slots(&rest["character"]), [(1, 3, 3)]);
}

#[test]
fn a_self_spell_without_targets_lands_on_the_caster_but_a_self_area_does_not() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Shield", "Thunderwave"]);
    s.ok(&[
        "cast",
        "Elmira",
        "Shield",
        "--action",
        "reaction",
        "--trigger",
        "hit",
    ]);
    let shown = s.ok(&["character", "show", "Elmira"]);
    assert_eq!(
        shown["character"]["ongoing"][0]["targets"],
        serde_json::json!(["Elmira"])
    );
    s.ok(&["turn", "end", "Elmira"]);
    let v = s.ok(&["cast", "Elmira", "Thunderwave", "--target", "Orc"]);
    let targets: Vec<&str> = v["cast"]["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["target"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ["Orc"]);
}
