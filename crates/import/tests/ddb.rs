//! D&D Beyond character JSON (issue 36): the character, its report and the
//! check, over saved sheets (fixtures: see fixtures/ddb/NOTICE.md).

use std::path::PathBuf;

use grimoire_catalog::Catalog;
use grimoire_import::{Fate, Finding, Mapped, Skip, check, import_ddb, import_ddb_as};
use grimoire_rules::{Ability, Class, Recharge, SlotLevel, SpellId};

fn fixture(name: &str) -> Vec<u8> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests/fixtures/ddb", name]
        .iter()
        .collect();
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn id(s: &str) -> SpellId {
    Catalog::srd().get(s).unwrap().spell.id.clone()
}

fn skipped<'a>(imported: &'a grimoire_import::Imported, name: &str) -> Vec<&'a Skip> {
    imported
        .report
        .skipped_lines()
        .filter(|(l, _)| l.name == name)
        .map(|(_, s)| s)
        .collect()
}

#[test]
fn r8_a_life_cleric_imports_with_domain_spells_always_prepared() {
    let srd = Catalog::srd();
    let got = import_ddb(&fixture("ilvara-cleric-5.json"), srd).unwrap();
    let c = &got.caster;
    assert_eq!(c.name(), "Ilvara Dawnmantle");
    assert_eq!(c.class_level(Class::Cleric), 5);
    // Base 15 + 2 from the background's modifiers.
    assert_eq!(c.abilities().score(Ability::Wisdom), 17);
    assert_eq!(c.abilities().score(Ability::Constitution), 15);
    let prepared: Vec<&str> = c.prepared().iter().map(SpellId::as_str).collect();
    assert_eq!(
        prepared,
        [
            "guiding-bolt",
            "healing-word",
            "shield-of-faith",
            "spiritual-weapon"
        ]
    );
    for s in [
        "bless",
        "cure-wounds",
        "aid",
        "lesser-restoration",
        "mass-healing-word",
        "revivify",
    ] {
        assert!(c.is_always_prepared(&id(s)), "{s} is a Life Domain spell");
    }
    assert_eq!(c.cantrips().len(), 3);
    assert_eq!(skipped(&got, "Radiant Mote"), [&Skip::UnknownSpell]);
    assert_eq!(skipped(&got, "Command"), [&Skip::NotPrepared]);
    // The subclass is Grimoire's own Life Domain, and its spells are its own.
    assert!(skipped(&got, "Life Domain").is_empty());
    assert!(got.report.lines.iter().any(|l| l.name == "Life Domain"
        && l.fate
            == Fate::Mapped(Mapped::Subclass {
                class: Class::Cleric
            })));
    let picks: Vec<&str> = c.picks().iter().map(|p| p.id.as_str()).collect();
    assert_eq!(picks, ["life"]);
    // A clean 2024 sheet: nothing to question.
    assert_eq!(check(&got, srd), []);
}

#[test]
fn r2_slots_used_on_the_sheet_are_spent() {
    let got = import_ddb(&fixture("ilvara-cleric-5.json"), Catalog::srd()).unwrap();
    let slots = got.caster.slots();
    let level = |n| SlotLevel::new(n).unwrap();
    assert_eq!((slots.remaining(level(1)), slots.total(level(1))), (2, 4));
    assert_eq!((slots.remaining(level(2)), slots.total(level(2))), (2, 3));
    assert_eq!((slots.remaining(level(3)), slots.total(level(3))), (2, 2));
}

#[test]
fn vitals_are_base_plus_constitution_per_level_and_the_armor_worn() {
    let got = import_ddb(&fixture("ilvara-cleric-5.json"), Catalog::srd()).unwrap();
    let v = got.caster.vitals().unwrap();
    // 28 + 2 (Constitution 15) per level for 5 levels; 9 taken.
    assert_eq!((v.max_hp, v.hp, v.temp_hp), (38, 29, 0));
    // Chain Mail 16 + Shield 2.
    assert_eq!(v.ac, 18);
    // One Hit Point Die spent (classes[0].hitDiceUsed).
    assert_eq!(v.hit_dice_spent.d8, 1);
    let got = import_ddb(&fixture("tamsin-warlock-3-2014.json"), Catalog::srd()).unwrap();
    let v = got.caster.vitals().unwrap();
    // Leather 11 + Dexterity 2; 18 + 2 per level for 3 levels; 5 temporary.
    assert_eq!((v.max_hp, v.hp, v.temp_hp, v.ac), (24, 24, 5, 13));
}

#[test]
fn r5c_a_feat_spell_with_uses_is_a_limited_use_feature_and_slotted_too() {
    let got = import_ddb(&fixture("ilvara-cleric-5.json"), Catalog::srd()).unwrap();
    let c = &got.caster;
    let step = c
        .features()
        .iter()
        .find(|f| f.name == "Misty Step")
        .unwrap();
    assert_eq!((step.max_uses, step.remaining()), (1, 0));
    assert_eq!(step.recharge, Recharge::LongRest);
    assert!(c.is_always_prepared(&id("misty-step")));
    assert!(c.is_always_prepared(&id("light")));
}

#[test]
fn r5d_a_wand_casts_from_its_charges_and_a_staff_keeps_its_one_charge_spells() {
    let got = import_ddb(&fixture("ilvara-cleric-5.json"), Catalog::srd()).unwrap();
    let items = got.caster.items();
    let wand = items
        .iter()
        .find(|i| i.name == "Wand of Magic Missiles")
        .unwrap();
    assert_eq!(wand.spells, [id("magic-missile")]);
    assert_eq!((wand.max_charges, wand.charges()), (7, 5));
    assert_eq!(wand.recharge, Recharge::LongRest);
    assert!(!wand.consumed_when_empty);
    let staff = items.iter().find(|i| i.name == "Staff of Fire").unwrap();
    assert_eq!(staff.spells, [id("burning-hands")]);
    assert_eq!((staff.max_charges, staff.save_dc), (10, Some(15)));
    // Fireball costs three charges: left off the item, and said so.
    assert_eq!(skipped(&got, "Fireball"), [&Skip::ChargeCost]);
    assert!(
        got.report.lines.iter().any(|l| l.name == "Staff of Fire"
            && l.fate == Fate::Mapped(Mapped::Charged { charges: 10 }))
    );
    // Equipment that casts nothing is listed, not dropped.
    assert_eq!(skipped(&got, "Mace"), [&Skip::Item]);
}

#[test]
fn a_2014_warlock_is_flagged_where_the_2024_rules_differ() {
    let srd = Catalog::srd();
    let got = import_ddb(&fixture("tamsin-warlock-3-2014.json"), srd).unwrap();
    let c = &got.caster;
    assert_eq!(c.class_level(Class::Warlock), 3);
    assert_eq!(c.abilities().score(Ability::Charisma), 17);
    // Known spells (countsAsKnownSpell) are the prepared ones.
    let prepared: Vec<&str> = c.prepared().iter().map(SpellId::as_str).collect();
    assert_eq!(prepared, ["hex", "misty-step"]);
    let pact = c.pact_slots().unwrap();
    assert_eq!(
        (pact.remaining(), pact.total(), pact.level().get()),
        (1, 2, 2)
    );
    let rebuke = c
        .features()
        .iter()
        .find(|f| f.name == "Hellish Rebuke")
        .unwrap();
    assert_eq!(
        (rebuke.max_uses, rebuke.cast_level.map(|l| l.get())),
        (1, Some(2))
    );
    assert_eq!(skipped(&got, "Armor of Agathys"), [&Skip::UnknownSpell]);
    let findings = check(&got, srd);
    assert!(findings.contains(&Finding::Class2014 {
        class: Class::Warlock
    }));
    assert!(findings.contains(&Finding::Rules2014 { spell: id("hex") }));
}

#[test]
fn real_sheets_without_a_spellcasting_class_are_refused_by_name() {
    for file in ["bobash.json", "freddeth.json"] {
        let err = import_ddb(&fixture(file), Catalog::srd()).unwrap_err();
        assert_eq!(err.code(), "not_a_spellcaster", "{file}");
    }
}

#[test]
fn the_bare_data_object_reads_like_the_whole_answer() {
    let whole: serde_json::Value =
        serde_json::from_slice(&fixture("ilvara-cleric-5.json")).unwrap();
    let data = whole["data"].to_string();
    let a = import_ddb(&fixture("ilvara-cleric-5.json"), Catalog::srd()).unwrap();
    let b = import_ddb_as(data.as_bytes(), Catalog::srd(), Some("Ilvara")).unwrap();
    assert_eq!(b.caster.name(), "Ilvara");
    assert_eq!(a.caster.prepared(), b.caster.prepared());
    assert_eq!(a.report.lines.len(), b.report.lines.len());
}

#[test]
fn other_files_are_refused_naming_the_field() {
    let srd = Catalog::srd();
    let with_stats = |classes: &str| {
        let stats: Vec<String> = (1..=6)
            .map(|i| format!(r#"{{"id": {i}, "value": 12}}"#))
            .collect();
        format!(
            r#"{{"data": {{"name": "X", "stats": [{}], {classes}}}}}"#,
            stats.join(",")
        )
    };
    let cases: [(&str, &str, Option<&str>); 6] = [
        (
            r#"{"success": false, "message": "not found"}"#,
            "not_a_ddb_character",
            Some("success"),
        ),
        (
            r#"{"name": "Ilse", "type": "character", "system": {}, "items": []}"#,
            "not_a_ddb_character",
            Some("stats"),
        ),
        (
            r#"{"data": {"name": "X", "stats": [], "classes": []}}"#,
            "not_a_ddb_character",
            Some("data.stats[id=1].value"),
        ),
        (r#"[1, 2"#, "not_json", None),
        (
            &with_stats(r#""classes": [{"level": 3, "definition": {"name": "Artificer"}}]"#),
            "unknown_class",
            Some("data.classes[0].definition.name"),
        ),
        (
            &with_stats(r#""classes": [{"level": 30, "definition": {"name": "Wizard"}}]"#),
            "bad_field",
            Some("data.classes[0].level"),
        ),
    ];
    for (json, code, field) in &cases {
        let err = import_ddb(json.as_bytes(), srd).unwrap_err();
        assert_eq!((err.code(), err.field()), (*code, *field), "{json}");
    }
}

#[test]
fn hostile_files_cost_bounded_work() {
    let srd = Catalog::srd();
    let big = vec![b' '; grimoire_import::MAX_FILE_BYTES + 1];
    assert_eq!(import_ddb(&big, srd).unwrap_err().code(), "too_large");
    let many = format!(
        r#"{{"data": {{"name": "X", "stats": [], "classes": [], "inventory": [{}]}}}}"#,
        vec!["{}"; grimoire_import::MAX_ITEMS + 1].join(",")
    );
    let err = import_ddb(many.as_bytes(), srd).unwrap_err();
    assert_eq!(
        (err.code(), err.field()),
        ("over_bound", Some("data.inventory"))
    );
}

#[test]
fn hit_dice_used_on_the_sheet_are_spent() {
    // classes[].hitDiceUsed, the field real saved sheets carry (bobash.json: 0).
    let mut sheet: serde_json::Value =
        serde_json::from_slice(&fixture("ilvara-cleric-5.json")).unwrap();
    sheet["data"]["classes"][0]["hitDiceUsed"] = serde_json::json!(3);
    let got = import_ddb(sheet.to_string().as_bytes(), Catalog::srd()).unwrap();
    let v = got.caster.vitals().unwrap();
    assert_eq!((v.hit_dice_spent.d8, got.caster.hit_dice_left().d8), (3, 2));
    assert!(
        got.report
            .lines
            .iter()
            .any(|l| l.field == "data.classes[0].hitDiceUsed"
                && l.fate == Fate::Mapped(Mapped::HitDice { spent: 3 }))
    );
    sheet["data"]["classes"][0]["hitDiceUsed"] = serde_json::json!(9);
    let err = import_ddb(sheet.to_string().as_bytes(), Catalog::srd()).unwrap_err();
    assert_eq!(
        (err.code(), err.field()),
        ("bad_field", Some("data.classes[0].hitDiceUsed"))
    );
}
