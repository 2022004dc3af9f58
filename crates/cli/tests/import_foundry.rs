//! Issue 36: `grimoire import foundry FILE`, `grimoire export foundry NAME`
//! and `grimoire check FILE` through the binary, on the dnd5e system's 2024
//! premade characters (facts-only fixtures in grimoire-import).

mod common;

use common::Session;
use serde_json::Value;

fn fixture(name: &str) -> String {
    format!(
        "{}/../import/tests/fixtures/foundry/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn r2_r19_a_premade_imports_in_one_change_with_its_report() {
    let s = Session::new();
    let v = s.ok(&["import", "foundry", &fixture("sefris-5.json")]);
    assert_eq!(v["character"]["name"], "Sefris", "{v}");
    let lines = v["report"]["lines"].as_array().unwrap();
    assert!(lines.iter().any(|l| l["name"] == "Warlock"
        && l["fate"]["fate"] == "mapped"
        && l["fate"]["what"]["class"]["level"] == 5));
    assert!(
        lines
            .iter()
            .any(|l| l["name"] == "Spell Scroll: Hex"
                && l["fate"]["what"]["scrolls"]["count"] == 2)
    );
    assert!(
        lines
            .iter()
            .any(|l| l["name"] == "Case, Map or Scroll" && l["fate"]["what"] == "item")
    );
    // Two scrolls of Hex are two magic items; Faerie Fire once a day a feature.
    let sheet = s.ok(&["character", "show", "Sefris"]);
    let items = sheet["character"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 4, "{sheet}");
    let features = sheet["character"]["features"].as_array().unwrap();
    assert!(
        features
            .iter()
            .any(|f| f["name"] == "Faerie Fire" && f["max_uses"] == 1),
        "{sheet}"
    );
    // Pact Magic: 2 slots of level 3, as the sheet says; DC 8 + 3 + 3.
    let slots = s.ok(&["slots", "Sefris"]);
    assert!(slots.to_string().contains("pact"), "{slots}");
    let sheet = s.ok(&["character", "show", "Sefris"]);
    assert!(sheet.to_string().contains("hex"), "{sheet}");
    // One change: undo takes the whole import back.
    s.ok(&["undo", "Sefris"]);
    let e = s.fails(1, &["character", "show", "Sefris"]);
    assert_eq!(e["code"], "unknown_character", "{e}");
}

#[test]
fn an_import_is_refused_whole_and_a_name_is_not_taken_twice() {
    let s = Session::new();
    s.ok(&["import", "foundry", &fixture("zanna-1.json")]);
    s.fails(1, &["import", "foundry", &fixture("zanna-1.json")]);
    let v = s.ok(&[
        "import",
        "foundry",
        &fixture("zanna-1.json"),
        "--name",
        "Zanna Two",
    ]);
    assert_eq!(v["character"]["name"], "Zanna Two");
    let e = s.fails(2, &["import", "foundry", &fixture("perrin-5.json")]);
    assert_eq!(e["code"], "not_a_spellcaster", "{e}");
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.json");
    let whole = std::fs::read(fixture("akra-5.json")).unwrap();
    std::fs::write(&cut, &whole[..whole.len() / 3]).unwrap();
    let e = s.fails(2, &["import", "foundry", cut.to_str().unwrap()]);
    assert_eq!(e["code"], "not_json", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("is cut short"),
        "{e}"
    );
    let deep = dir.path().join("deep.json");
    std::fs::write(&deep, "[".repeat(100_000)).unwrap();
    let e = s.fails(2, &["import", "foundry", deep.to_str().unwrap()]);
    assert!(
        e["message"].as_str().unwrap().contains("is not valid JSON"),
        "{e}"
    );
    let big = dir.path().join("big.json");
    std::fs::write(&big, vec![b' '; 3 * 1024 * 1024]).unwrap();
    let e = s.fails(2, &["import", "foundry", big.to_str().unwrap()]);
    assert_eq!(e["code"], "too_large", "{e}");
    let export = dir.path().join("table.json");
    s.ok(&["export", export.to_str().unwrap()]);
    let e = s.fails(2, &["import", "foundry", export.to_str().unwrap()]);
    assert_eq!(e["code"], "not_a_foundry_actor", "{e}");
    // Nothing of the refused files was stored.
    let list = s.ok(&["character", "list"]);
    assert_eq!(
        list["characters"].as_array().map(Vec::len),
        Some(2),
        "{list}"
    );
}

#[test]
fn an_export_imports_back_as_the_same_character() {
    let s = Session::new();
    s.ok(&["import", "foundry", &fixture("akra-11.json")]);
    let before = s.ok(&["character", "show", "Akra"]);
    let out = s
        .cmd()
        .args(["export", "foundry", "Akra"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let actor: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(actor["type"], "character");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("akra.json");
    std::fs::write(&file, &out.stdout).unwrap();
    let other = Session::new();
    other.ok(&["import", "foundry", file.to_str().unwrap()]);
    let after = other.ok(&["character", "show", "Akra"]);
    assert!(
        before["character"]["prepared"]
            .as_array()
            .is_some_and(|p| !p.is_empty())
    );
    assert_eq!(before["character"], after["character"]);
}

#[test]
fn r8_check_lists_findings_without_importing_in_english_and_czech() {
    let s = Session::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("odd.json");
    let mut sheet: Value =
        serde_json::from_slice(&std::fs::read(fixture("zanna-1.json")).unwrap()).unwrap();
    sheet["system"]["spells"]["spell1"]["override"] = 5.into();
    sheet["items"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "name": "Cure Wounds", "type": "spell",
            "system": {"identifier": "cure-wounds", "level": 1, "method": "spell", "prepared": 1}
        }));
    std::fs::write(&file, sheet.to_string()).unwrap();
    let v = s.ok(&["check", file.to_str().unwrap()]);
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    // Zanna prepares 4 at level 1; a fifth, off her list, is one too many.
    assert_eq!(
        codes,
        ["too_many_prepared", "not_on_class_list", "slots_mismatch"],
        "{v}"
    );
    let en = s.human(&["check", file.to_str().unwrap()]);
    assert!(
        en.contains("Cure Wounds is on none of the character's class lists (R8)"),
        "{en}"
    );
    assert!(
        en.contains("level-1 slots: the sheet says 5, the levels give 2 (R2)"),
        "{en}"
    );
    let cs = s.human(&["--lang", "cs", "check", file.to_str().unwrap()]);
    assert!(
        cs.contains("není na seznamu žádného povolání postavy (R8)"),
        "{cs}"
    );
    let clean = s.human(&["check", &fixture("quillathe-17.json")]);
    assert!(clean.contains("No finding"), "{clean}");
    // Nothing was imported.
    let list = s.ok(&["character", "list"]);
    assert_eq!(
        list["characters"].as_array().map(Vec::len),
        Some(0),
        "{list}"
    );
}

#[test]
fn the_report_speaks_czech() {
    let s = Session::new();
    let out = s.human(&["--lang", "cs", "import", "foundry", &fixture("aoth-5.json")]);
    assert!(out.contains("Import z Foundry VTT: Aoth;"), "{out}");
    assert!(out.contains("připravené"), "{out}");
    assert!(out.contains("předmět: nemodelováno, vynecháno"), "{out}");
}

/// The report says what became of the subclass and the Sorcery Points, in
/// English and Czech; the subclass gives what the rules give it.
#[test]
fn the_report_names_the_subclass_and_sorcery_points() {
    let s = Session::new();
    let out = s.human(&["import", "foundry", &fixture("aoth-11.json")]);
    assert!(
        out.contains("Circle of the Land: the Druid subclass, chosen with what it gives"),
        "{out}"
    );
    let sheet = s.ok(&["character", "show", "Aoth"]);
    let features = sheet["character"]["features"].as_array().unwrap();
    assert!(
        features.iter().any(|f| f["name"] == "Natural Recovery"),
        "{sheet}"
    );
    let out = s.human(&[
        "--lang",
        "cs",
        "import",
        "foundry",
        &fixture("morthos-5.json"),
    ]);
    assert!(
        out.contains("utracené body čarodějnictví od posledního dlouhého odpočinku: 0"),
        "{out}"
    );
    assert!(out.contains("vybraná i s tím, co dává"), "{out}");
}

/// Hit points Foundry computes (`hp.max: null`, every premade): the import
/// works out the 2024 fixed maximum (Akra 5, a Cleric with Constitution 14:
/// 8 + 2, then 4 × (5 + 2) = 38, the sheet's hp.value) and the report says
/// so, in English and Czech, with the Armor Class of the armor worn
/// (Chain Mail 16, a Shield 2) and each piece said to count.
#[test]
fn the_report_says_the_maximum_was_worked_out_by_the_fixed_method() {
    let s = Session::new();
    let out = s.human(&["import", "foundry", &fixture("akra-5.json")]);
    assert!(
        out.contains("worked out by the 2024 fixed method (38)"),
        "{out}"
    );
    assert!(
        out.contains("Chain Mail: worn: counted in the Armor Class"),
        "{out}"
    );
    assert!(!out.contains("recorded instead"), "{out}");
    let sheet = s.ok(&["character", "show", "Akra"]);
    let v = &sheet["character"]["vitals"];
    assert_eq!(
        (&v["max_hp"], &v["hp"], &v["ac"]),
        (&38.into(), &38.into(), &18.into()),
        "{sheet}"
    );
    let s = Session::new();
    let out = s.human(&["--lang", "cs", "import", "foundry", &fixture("akra-5.json")]);
    assert!(
        out.contains("spočítáno pevnou metodou pravidel 2024 (38)"),
        "{out}"
    );
    assert!(
        out.contains("Shield: nošeno: započteno do obranného čísla"),
        "{out}"
    );
}

/// Sefris 17's Mystic Arcanum (Dominate Monster at level 8) is the
/// Warlock's Arcanum: the report says so, the character casts it without a
/// slot, and a second cast before a Long Rest is refused.
#[test]
fn r5c_a_premade_mystic_arcanum_is_cast_once_per_long_rest() {
    let s = Session::new();
    let out = s.human(&["import", "foundry", &fixture("sefris-17.json")]);
    assert!(
        out.contains(
            "Dominate Monster: Mystic Arcanum (level 8): cast once per Long Rest without a slot"
        ),
        "{out}"
    );
    let cast = s.ok(&["cast", "Sefris", "Dominate Monster", "--via", "arcanum"]);
    assert_eq!(cast["cast"]["caster"], "Sefris", "{cast}");
    s.ok(&["turn", "end", "Sefris"]);
    let e = s.fails(
        1,
        &["cast", "Sefris", "Dominate Monster", "--via", "arcanum"],
    );
    assert_eq!(e["code"], "no_uses_left", "{e}");
}
