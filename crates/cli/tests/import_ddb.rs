//! Issue 36: `grimoire import ddb FILE` and `grimoire check FILE` on a
//! D&D Beyond character JSON, through the binary (fixtures in
//! grimoire-import, see their NOTICE.md).

mod common;

use common::Session;

fn fixture(name: &str) -> String {
    format!(
        "{}/../import/tests/fixtures/ddb/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn r5d_a_ddb_cleric_imports_in_one_change_and_casts_from_its_wand() {
    let s = Session::new();
    let v = s.ok(&["import", "ddb", &fixture("ilvara-cleric-5.json")]);
    assert_eq!(v["character"]["name"], "Ilvara Dawnmantle", "{v}");
    let lines = v["report"]["lines"].as_array().unwrap();
    assert!(
        lines.iter().any(|l| l["name"] == "Wand of Magic Missiles"
            && l["fate"]["what"]["charged"]["charges"] == 7)
    );
    assert!(
        lines
            .iter()
            .any(|l| l["name"] == "Fireball" && l["fate"]["what"] == "charge_cost")
    );
    // The wand has 5 of 7 charges; a cast from it spends one, no slot.
    let cast = s.ok(&[
        "cast",
        "Ilvara Dawnmantle",
        "magic-missile",
        "--via",
        "Wand of Magic Missiles",
    ]);
    assert!(
        cast.to_string().contains("Wand of Magic Missiles"),
        "{cast}"
    );
    let sheet = s.ok(&["character", "show", "Ilvara Dawnmantle"]);
    let wand = sheet["character"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "Wand of Magic Missiles")
        .cloned()
        .unwrap();
    assert_eq!(wand["charges"], 4, "{sheet}");
    // One change each: undo the cast, then the whole import.
    s.ok(&["undo", "Ilvara Dawnmantle"]);
    s.ok(&["undo", "Ilvara Dawnmantle"]);
    let e = s.fails(1, &["character", "show", "Ilvara Dawnmantle"]);
    assert_eq!(e["code"], "unknown_character", "{e}");
}

#[test]
fn a_2014_ddb_sheet_is_checked_and_the_report_speaks_czech() {
    let s = Session::new();
    let v = s.ok(&["check", &fixture("tamsin-warlock-3-2014.json")]);
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"class_2014"), "{v}");
    assert!(codes.contains(&"rules_2014"), "{v}");
    let en = s.human(&["check", &fixture("tamsin-warlock-3-2014.json")]);
    assert!(en.contains("the sheet's Warlock is the 2014 class"), "{en}");
    let out = s.human(&[
        "--lang",
        "cs",
        "import",
        "ddb",
        &fixture("tamsin-warlock-3-2014.json"),
    ]);
    assert!(out.contains("Import z D&D Beyond: Tamsin Vey;"), "{out}");
    // A real sheet without spells is refused, nothing stored.
    let e = s.fails(2, &["import", "ddb", &fixture("freddeth.json")]);
    assert_eq!(e["code"], "not_a_spellcaster", "{e}");
    let foundry = format!(
        "{}/../import/tests/fixtures/foundry/akra-5.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let e = s.fails(2, &["import", "ddb", &foundry]);
    assert_eq!(e["code"], "not_a_ddb_character", "{e}");
    let list = s.ok(&["character", "list"]);
    assert_eq!(
        list["characters"].as_array().map(Vec::len),
        Some(1),
        "{list}"
    );
}
