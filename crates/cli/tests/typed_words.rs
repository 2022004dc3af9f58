//! Short keywords typed on the command line (time units, parts of a turn,
//! recharge periods, where a focus is, silenced) read in every language of
//! the catalogue and show in the reader's; a refusal's hint names the spell
//! in the reader's language (issue 18).

mod common;

use common::Session;

#[test]
fn czech_keywords_are_read_and_shown_in_czech() {
    let s = Session::new();
    s.wizard("Elmira");
    assert_eq!(s.ok(&["wait", "Elmira", "2 hodiny"])["rounds"], 1200);
    assert_eq!(s.ok(&["wait", "Elmira", "3 kola"])["rounds"], 3);
    assert_eq!(s.ok(&["wait", "Elmira", "10 minut"])["rounds"], 100);
    assert_eq!(
        s.fails(2, &["wait", "Elmira", "1 týden"])["code"],
        "bad_duration"
    );

    let gear = s.ok(&["equip", "Elmira", "--focus", "Nošené"]);
    assert_eq!(gear["equipment"]["focus"], "worn");
    let en = s.human(&["equip", "Elmira", "--focus", "held"]);
    assert!(en.contains("focus held"), "{en}");
    let cs = s.human(&["--lang", "cs", "equip", "Elmira", "--focus", "uložené"]);
    assert!(cs.contains("ohnisko uložené"), "{cs}");
    let err = s.fails(
        2,
        &["--lang", "cs", "equip", "Elmira", "--focus", "v kapse"],
    );
    assert_eq!(err["code"], "bad_focus");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("(žádné, držené, nošené nebo uložené)"),
        "{err}"
    );

    let item = s.ok(&[
        "item",
        "add",
        "Elmira",
        "Hůl",
        "--spell",
        "Shield",
        "--charges",
        "2",
        "--recharge",
        "krátký",
    ]);
    assert_eq!(item["character"]["items"][0]["recharge"], "short_rest");

    let cs = s.human(&["--lang", "cs", "condition", "Elmira", "add", "umlčený"]);
    assert!(cs.contains("umlčení: Elmira"), "{cs}");
    let v = s.ok(&["condition", "Elmira", "remove", "ticho"]);
    assert_eq!(v["silenced"], false);
}

#[test]
fn the_options_hint_names_the_spell_in_the_readers_language() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["spellbook", "add", "Elmira", "Shield"]);
    let o = s.ok(&["options", "Elmira"]);
    let shield = &o["blocked"][0];
    assert_eq!(shield["code"], "not_prepared", "{o}");
    let en = shield["messages"]["en"].as_str().unwrap();
    let cs = shield["messages"]["cs"].as_str().unwrap();
    assert!(en.contains("grimoire prepare Elmira \"Shield\""), "{en}");
    assert!(cs.contains("grimoire prepare Elmira \"Štít\""), "{cs}");
    assert_eq!(shield["message_cs"], cs);
    let human = s.human(&["--lang", "cs", "options", "Elmira"]);
    assert!(
        human.contains("grimoire prepare Elmira \"Štít\""),
        "{human}"
    );
    // The hint is a command that works as written.
    s.ok(&["prepare", "Elmira", "Štít"]);
    let o = s.ok(&["options", "Elmira"]);
    assert_eq!(o["blocked"], serde_json::json!([]), "{o}");
}
