//! Hostile and wrong files are refused with the right code; a sheet that
//! breaks the 2024 rules gets the referee's findings; the old data model
//! (`system.preparation`) reads the same as the new one.

use grimoire_catalog::Catalog;
use grimoire_import::{MAX_FILE_BYTES, check, import_foundry};
use serde_json::{Value, json};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/foundry/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(path).unwrap()
}

fn code(bytes: &[u8]) -> &'static str {
    import_foundry(bytes, Catalog::srd()).unwrap_err().code()
}

fn wizard(extra: Value) -> Value {
    let mut v = json!({
        "name": "Ilse", "type": "character",
        "system": {"abilities": {"str": {"value": 8}, "dex": {"value": 14},
            "con": {"value": 12}, "int": {"value": 16}, "wis": {"value": 10},
            "cha": {"value": 10}}},
        "items": [{"name": "Wizard", "type": "class",
                   "system": {"identifier": "wizard", "levels": 1}}]
    });
    if let Value::Object(m) = extra {
        for (k, x) in m {
            if k == "items" {
                v["items"]
                    .as_array_mut()
                    .unwrap()
                    .extend(x.as_array().unwrap().clone());
            } else {
                v["system"][k] = x;
            }
        }
    }
    v
}

fn spell(id: &str, level: u8, prepared: u8) -> Value {
    json!({"name": id, "type": "spell",
           "system": {"identifier": id, "level": level, "method": "spell", "prepared": prepared}})
}

#[test]
fn wrong_kinds_of_file_are_refused_naming_the_field() {
    assert_eq!(code(b"[1, 2]"), "not_a_foundry_actor");
    assert_eq!(
        code(br#"{"name": "x", "type": "character"}"#),
        "not_a_foundry_actor"
    );
    let err = import_foundry(
        br#"{"type": "character", "system": {"abilities": {}}, "items": []}"#,
        Catalog::srd(),
    )
    .unwrap_err();
    assert_eq!(err.field(), Some("name"));
    let mut npc = wizard(json!({}));
    npc["type"] = json!("npc");
    assert_eq!(code(npc.to_string().as_bytes()), "not_a_character");
    let mut fighter = wizard(json!({}));
    fighter["items"][0]["system"]["identifier"] = json!("fighter");
    assert_eq!(code(fighter.to_string().as_bytes()), "not_a_spellcaster");
    let mut homebrew = wizard(json!({}));
    homebrew["items"][0]["system"]["identifier"] = json!("blood-hunter");
    let err = import_foundry(homebrew.to_string().as_bytes(), Catalog::srd()).unwrap_err();
    assert_eq!(
        (err.code(), err.field()),
        ("unknown_class", Some("items[0].system.identifier"))
    );
    let mut high = wizard(json!({}));
    high["items"][0]["system"]["levels"] = json!(25);
    let err = import_foundry(high.to_string().as_bytes(), Catalog::srd()).unwrap_err();
    assert_eq!(
        (err.code(), err.field()),
        ("bad_field", Some("items[0].system.levels"))
    );
}

#[test]
fn a_truncated_file_is_not_json() {
    let whole = fixture("zanna-5.json");
    assert_eq!(code(&whole[..whole.len() / 2]), "not_json");
}

#[test]
fn an_oversized_file_is_refused_before_reading() {
    let big = vec![b' '; MAX_FILE_BYTES + 1];
    assert_eq!(code(&big), "too_large");
}

#[test]
fn too_many_items_and_long_names_are_over_bound() {
    let many: Vec<Value> = (0..2001)
        .map(|_| json!({"name": "Rope", "type": "loot"}))
        .collect();
    assert_eq!(
        code(wizard(json!({"items": many})).to_string().as_bytes()),
        "over_bound"
    );
    let mut long = wizard(json!({}));
    long["name"] = json!("a".repeat(201));
    let err = import_foundry(long.to_string().as_bytes(), Catalog::srd()).unwrap_err();
    assert_eq!((err.code(), err.field()), ("over_bound", Some("name")));
}

#[test]
fn r8_the_check_lists_what_a_referee_would_question() {
    let srd = Catalog::srd();
    let sheet = wizard(json!({
        "spells": {"spell1": {"value": 2, "override": 4}},
        "attributes": {"spellcasting": "cha"},
        "bonuses": {"spell": {"dc": "+2"}},
        "items": [spell("magic-missile", 1, 1), spell("shield", 1, 1), spell("sleep", 1, 1),
                  spell("thunderwave", 1, 1), spell("burning-hands", 1, 1),
                  spell("cure-wounds", 1, 1), spell("fireball", 3, 1)]
    }));
    let imported = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    let codes: Vec<&str> = check(&imported, srd).iter().map(|f| f.code()).collect();
    assert_eq!(
        codes,
        [
            "too_many_prepared",
            "not_on_class_list",
            "spell_level_too_high",
            "slots_mismatch",
            "spellcasting_ability",
            "save_dc_bonus"
        ]
    );
}

#[test]
fn r8_always_prepared_spells_are_not_questioned() {
    let srd = Catalog::srd();
    let sheet = wizard(json!({"items": [spell("cure-wounds", 1, 2)]}));
    let imported = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    assert!(
        imported
            .caster
            .is_always_prepared(&grimoire_rules::SpellId::new("cure-wounds").unwrap())
    );
    assert_eq!(check(&imported, srd), vec![]);
}

#[test]
fn the_older_preparation_shape_reads_like_the_new_one() {
    let srd = Catalog::srd();
    let new = wizard(
        json!({"items": [spell("magic-missile", 1, 1), spell("shield", 1, 0),
        spell("cure-wounds", 1, 2)]}),
    );
    let old_spell = |id: &str, mode: &str, prepared: bool| {
        json!({"name": id, "type": "spell",
        "system": {"identifier": id, "level": 1, "preparation": {"mode": mode, "prepared": prepared}}})
    };
    let old = wizard(
        json!({"items": [old_spell("magic-missile", "prepared", true),
        old_spell("shield", "prepared", false), old_spell("cure-wounds", "always", false)]}),
    );
    let a = import_foundry(new.to_string().as_bytes(), srd).unwrap();
    let b = import_foundry(old.to_string().as_bytes(), srd).unwrap();
    assert_eq!(a.caster, b.caster);
    assert!(
        a.caster
            .in_spellbook(&grimoire_rules::SpellId::new("shield").unwrap())
    );
}

#[test]
fn remaining_slots_and_vitals_come_from_the_sheet() {
    let srd = Catalog::srd();
    let sheet = wizard(json!({
        "spells": {"spell1": {"value": 1}},
        "attributes": {"hp": {"value": 5, "max": 8}, "ac": {"calc": "flat", "flat": 12}}
    }));
    let c = import_foundry(sheet.to_string().as_bytes(), srd)
        .unwrap()
        .caster;
    assert_eq!(
        c.slots()
            .remaining(grimoire_rules::SlotLevel::new(1).unwrap()),
        1
    );
    let v = c.vitals().unwrap();
    assert_eq!((v.hp, v.max_hp, v.ac), (5, 8, 12));
}

#[test]
fn a_2014_spell_is_questioned() {
    let srd = Catalog::srd();
    let mut old = spell("magic-missile", 1, 1);
    old["system"]["source"] = json!({"rules": "2014"});
    let sheet = wizard(json!({"items": [old, spell("shield", 1, 1)]}));
    let imported = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    let codes: Vec<&str> = check(&imported, srd).iter().map(|f| f.code()).collect();
    assert_eq!(codes, ["rules_2014"]);
}

#[test]
fn r5d_spell_scrolls_are_magic_items_up_to_the_bound() {
    let srd = Catalog::srd();
    let scroll = json!({"_id": "s1", "name": "Spell Scroll: Shield", "type": "consumable",
        "system": {"identifier": "spell-scroll", "quantity": 25}});
    let cached = json!({"name": "Shield", "type": "spell",
        "system": {"identifier": "shield", "level": 1, "method": "spell", "prepared": 0},
        "flags": {"dnd5e": {"cachedFor": ".Item.s1.Activity.dnd5escrollspell"}}});
    let sheet = wizard(json!({"items": [scroll, cached]}));
    let imported = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    assert_eq!(imported.caster.items().len(), 20);
    assert!(
        imported
            .caster
            .items()
            .iter()
            .all(|i| i.save_dc == Some(13))
    );
    assert!(imported.report.skipped_lines().any(|(l, why)| {
        l.field == "items[1].system.quantity" && why.code() == "copies_over_bound"
    }));
    // The spell itself is not prepared nor in the spellbook: the scroll holds it.
    assert!(
        !imported
            .caster
            .in_spellbook(&grimoire_rules::SpellId::new("shield").unwrap())
    );
}

/// Sorcery Points (Font of Magic's uses) and Hit Point Dice (a class
/// item's `hd.spent`, or `hitDiceUsed` in the older shape) come from a real
/// premade's own fields; spent dice are kept with the hit points.
#[test]
fn sorcery_points_and_hit_dice_spent_come_from_the_sheet() {
    use grimoire_import::{Fate, Mapped, Skip};
    let srd = Catalog::srd();
    let mut morthos: Value = serde_json::from_slice(&fixture("morthos-5.json")).unwrap();
    let items = morthos["items"].as_array_mut().unwrap();
    let font = items
        .iter()
        .position(|i| i["system"]["identifier"] == "font-of-magic")
        .unwrap();
    let class = items.iter().position(|i| i["type"] == "class").unwrap();
    items[font]["system"]["uses"]["spent"] = json!(3);
    items[class]["system"]["hd"] = json!({"denomination": "d6", "spent": 2});
    // Hit points Foundry computes (hp.max null): Grimoire works out the
    // fixed maximum, so the spent dice are kept with the hit points.
    let got = import_foundry(morthos.to_string().as_bytes(), srd).unwrap();
    assert_eq!(
        (got.caster.sorcery_points_max(), got.caster.sorcery_points()),
        (5, 2)
    );
    assert!(got.report.lines.iter().any(|l| l.name == "Font of Magic"
        && l.field == format!("items[{font}].system.uses.spent")
        && l.fate == Fate::Mapped(Mapped::SorceryPoints { spent: 3 })));
    let v = got.caster.vitals().unwrap();
    assert_eq!((v.hit_dice_spent.d6, got.caster.hit_dice_left().d6), (2, 3));
    assert!(got.report.lines.iter().any(|l| {
        l.field == format!("items[{class}].system.hd.spent")
            && l.fate == Fate::Mapped(Mapped::HitDice { spent: 2 })
    }));
    assert!(
        !got.report
            .skipped_lines()
            .any(|(_, why)| *why == Skip::HitDiceWithoutVitals)
    );
    // With hit points on the sheet, the dice are kept.
    morthos["system"]["attributes"]["hp"] = json!({"value": 20, "max": 32});
    morthos["system"]["attributes"]["ac"] = json!({"calc": "flat", "flat": 13});
    let got = import_foundry(morthos.to_string().as_bytes(), srd).unwrap();
    let v = got.caster.vitals().unwrap();
    assert_eq!((v.hit_dice_spent.d6, got.caster.hit_dice_left().d6), (2, 3));
    // The older shape says the same.
    let items = morthos["items"].as_array_mut().unwrap();
    items[class]["system"].as_object_mut().unwrap().remove("hd");
    items[class]["system"]["hitDiceUsed"] = json!(2);
    let old = import_foundry(morthos.to_string().as_bytes(), srd).unwrap();
    assert_eq!(old.caster, got.caster);
    // More dice spent than the class has levels is refused, naming the field.
    morthos["items"][class]["system"]["hitDiceUsed"] = json!(6);
    let err = import_foundry(morthos.to_string().as_bytes(), srd).unwrap_err();
    assert_eq!(
        (err.code(), err.field()),
        (
            "bad_field",
            Some(format!("items[{class}].system.hitDiceUsed").as_str())
        )
    );
    // More points spent than a Sorcerer 5 has: all of them.
    morthos["items"][class]["system"]["hitDiceUsed"] = json!(0);
    morthos["items"][font]["system"]["uses"]["spent"] = json!(40);
    let got = import_foundry(morthos.to_string().as_bytes(), srd).unwrap();
    assert_eq!(got.caster.sorcery_points(), 0);
}

#[test]
fn a_maximum_foundry_computes_is_the_2024_fixed_one() {
    use grimoire_import::{Fate, Finding, Mapped, Skip};
    let srd = Catalog::srd();
    // Akra 5, a Cleric (d8) with Constitution 14: 8 + 2 at level 1, then
    // 5 + 2 for each of 4 levels = 38, which is the sheet's hp.value.
    let mut akra: Value = serde_json::from_slice(&fixture("akra-5.json")).unwrap();
    assert_eq!(akra["system"]["abilities"]["con"]["value"], 14);
    akra["system"]["attributes"]["hp"] = json!({"value": 30, "max": null, "temp": 4});
    let got = import_foundry(akra.to_string().as_bytes(), srd).unwrap();
    let v = got.caster.vitals().unwrap();
    assert_eq!((v.max_hp, v.hp, v.temp_hp), (38, 30, 4));
    // Its Armor Class comes from the armor worn: Chain Mail 16 (heavy,
    // no Dexterity) and a Shield +2.
    assert_eq!(v.ac, 18);
    assert!(
        got.report
            .lines
            .iter()
            .any(|l| l.field == "system.attributes.hp"
                && l.fate == Fate::Mapped(Mapped::FixedMaxHp { max_hp: 38 }))
    );
    assert_eq!(
        got.report
            .skipped_lines()
            .filter(|(_, why)| **why == Skip::ArmorClassComputed)
            .count(),
        0
    );
    assert_eq!(check(&got, srd), vec![]);
    // No max key at all reads the same.
    akra["system"]["attributes"]["hp"] = json!({"value": 30});
    let missing = import_foundry(akra.to_string().as_bytes(), srd).unwrap();
    assert_eq!(
        missing.caster.vitals().map(|v| (v.max_hp, v.hp)),
        Some((38, 30))
    );
    // More than the maximum: kept at it, and the check questions it.
    akra["system"]["attributes"]["hp"] = json!({"value": 45, "max": null});
    let over = import_foundry(akra.to_string().as_bytes(), srd).unwrap();
    assert_eq!(over.caster.vitals().map(|v| v.hp), Some(38));
    assert_eq!(
        check(&over, srd),
        vec![Finding::HpOverMax { sheet: 45, max: 38 }]
    );
    // A maximum the sheet states is taken as it is.
    akra["system"]["attributes"]["hp"] = json!({"value": 30, "max": 41});
    let stated = import_foundry(akra.to_string().as_bytes(), srd).unwrap();
    assert_eq!(stated.caster.vitals().map(|v| v.max_hp), Some(41));
    assert!(
        stated
            .report
            .lines
            .iter()
            .any(|l| l.field == "system.attributes.hp" && l.fate == Fate::Mapped(Mapped::Vitals))
    );
    // Without a current value there is nothing to keep: not recorded.
    akra["system"]["attributes"]["hp"] = json!({"max": null});
    let none = import_foundry(akra.to_string().as_bytes(), srd).unwrap();
    assert_eq!(none.caster.vitals(), None);
    assert!(
        none.report
            .skipped_lines()
            .any(|(_, why)| *why == Skip::VitalsComputed)
    );
    // Levels in a class without spells, which Grimoire does not hold,
    // would count in Foundry's maximum: not worked out.
    akra["system"]["attributes"]["hp"] = json!({"value": 30, "max": null});
    let items = akra["items"].as_array_mut().unwrap();
    let mut fighter = items.iter().find(|i| i["type"] == "class").unwrap().clone();
    fighter["name"] = json!("Fighter");
    fighter["_id"] = json!("fighter00000000a");
    fighter["system"]["identifier"] = json!("fighter");
    fighter["system"]["levels"] = json!(1);
    fighter["system"]["hd"] = json!({"denomination": "d10", "spent": 0});
    items.push(fighter);
    let multi = import_foundry(akra.to_string().as_bytes(), srd).unwrap();
    assert_eq!(multi.caster.vitals(), None);
    assert!(
        multi
            .report
            .skipped_lines()
            .any(|(_, why)| *why == Skip::VitalsComputed)
    );
}

#[test]
fn a_2014_class_is_questioned() {
    let srd = Catalog::srd();
    let mut sheet = wizard(json!({"items": [spell("magic-missile", 1, 1)]}));
    sheet["items"][0]["system"]["source"] = json!({"rules": "2014"});
    let imported = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    let codes: Vec<&str> = check(&imported, srd).iter().map(|f| f.code()).collect();
    assert_eq!(codes, ["class_2014"]);
}

/// How each `system.method` is read: `spell` and `pact` by preparation,
/// `atwill`/`innate` only through their free uses, `ritual` not at all;
/// on a real sheet too (Sefris 17: pact spells; its Mystic Arcanum, at will
/// once a Long Rest on the sheet, are the Warlock's Arcanum, cast by the rules).
#[test]
fn each_casting_method_maps_as_documented() {
    use grimoire_import::{Fate, Mapped, Skip};
    let srd = Catalog::srd();
    let with = |id: &str, method: &str, uses: Value| {
        json!({"name": id, "type": "spell",
               "system": {"identifier": id, "level": 1, "method": method, "prepared": 0, "uses": uses}})
    };
    let sheet = wizard(json!({"items": [
        with("shield", "atwill", json!({"max": ""})),
        with("sleep", "innate", json!({"max": "2", "spent": 1, "recovery": [{"period": "sr"}]})),
        with("alarm", "ritual", json!({"max": ""})),
        with("thunderwave", "atwill", json!({"max": "@prof"})),
        with("magic-missile", "spell", json!({"max": ""}))
    ]}));
    let got = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    let fate = |i: usize| {
        got.report
            .lines
            .iter()
            .filter(|l| l.field.starts_with(&format!("items[{i}]")))
            .map(|l| l.fate.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(fate(1), [Fate::Skipped(Skip::AtWill)]);
    assert_eq!(fate(2), [Fate::Mapped(Mapped::FreeUses { max: 2 })]);
    assert_eq!(fate(3), [Fate::Skipped(Skip::RitualOnly)]);
    assert_eq!(fate(4), [Fate::Skipped(Skip::FreeUsesFormula)]);
    // The Wizard's unprepared spell goes in the spellbook.
    assert_eq!(fate(5), [Fate::Mapped(Mapped::Spellbook)]);
    let sleep = got
        .caster
        .features()
        .iter()
        .find(|f| f.name == "sleep")
        .unwrap();
    assert_eq!((sleep.max_uses, sleep.remaining()), (2, 1));
    assert_eq!(sleep.recharge, grimoire_rules::Recharge::ShortRest);
    assert!(got.caster.features().iter().all(|f| f.name != "shield"));

    let sefris = import_foundry(&fixture("sefris-17.json"), srd).unwrap();
    let c = &sefris.caster;
    assert!(c.pact_slots().is_some());
    for (level, arcanum) in [
        (6, "create-undead"),
        (7, "forcecage"),
        (8, "dominate-monster"),
        (9, "true-polymorph"),
    ] {
        let id = grimoire_rules::SpellId::new(arcanum).unwrap();
        assert!(c.is_prepared(&id), "{arcanum}");
        assert!(
            c.features().iter().all(|f| f.spells != [id.clone()]),
            "{arcanum}"
        );
        assert!(
            sefris
                .report
                .lines
                .iter()
                .any(|l| l.name.to_lowercase().replace(' ', "-") == arcanum
                    && l.fate == Fate::Mapped(Mapped::Arcanum { level })),
            "{arcanum}"
        );
    }
    assert_eq!(c.arcanum().len(), 4);
    // A pact spell prepared is a Warlock spell: its DC is the Warlock's.
    let hex = grimoire_rules::SpellId::new("hex").unwrap();
    assert!(c.is_prepared(&hex));
}

/// A subclass of the SRD is chosen as Grimoire's own; one outside it, one
/// below its level, or a Circle of the Land whose land the sheet does not
/// show is reported and not chosen.
#[test]
fn srd_subclasses_are_chosen_and_others_reported() {
    use grimoire_import::{Fate, Mapped, Skip};
    let srd = Catalog::srd();
    let sub = |id: &str, class: &str| json!({"name": id, "type": "subclass", "system": {"identifier": id, "classIdentifier": class}});
    let fate = |sheet: &Value| {
        let got = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
        let fates: Vec<Fate> = got
            .report
            .lines
            .iter()
            .filter(|l| l.field == "items[1]")
            .map(|l| l.fate.clone())
            .collect();
        (got.caster.picks().len(), fates)
    };
    let mut evoker = wizard(json!({"items": [sub("evoker", "wizard")]}));
    evoker["items"][0]["system"]["levels"] = json!(3);
    assert_eq!(
        fate(&evoker),
        (
            1,
            vec![Fate::Mapped(Mapped::Subclass {
                class: grimoire_rules::Class::Wizard
            })]
        )
    );
    // Below Wizard 3 the rules refuse the subclass.
    evoker["items"][0]["system"]["levels"] = json!(2);
    assert_eq!(fate(&evoker), (0, vec![Fate::Skipped(Skip::Subclass)]));
    // Not in the SRD 5.2.
    let mut diviner = wizard(json!({"items": [sub("diviner", "wizard")]}));
    diviner["items"][0]["system"]["levels"] = json!(5);
    assert_eq!(fate(&diviner), (0, vec![Fate::Skipped(Skip::Subclass)]));
    // A Circle of the Land whose land spells are not on the sheet.
    let mut druid = wizard(json!({"items": [sub("land", "druid")]}));
    druid["items"][0]["system"]["identifier"] = json!("druid");
    druid["items"][0]["system"]["levels"] = json!(5);
    assert_eq!(fate(&druid), (0, vec![Fate::Skipped(Skip::Subclass)]));
    // With the Polar Land's spells always prepared, it is that land.
    let polar: Vec<Value> = ["fog-cloud", "hold-person", "ray-of-frost", "sleet-storm"]
        .iter()
        .map(|id| spell(id, 1, 2))
        .collect();
    druid["items"].as_array_mut().unwrap().extend(polar);
    let got = import_foundry(druid.to_string().as_bytes(), srd).unwrap();
    let pick = &got.caster.picks()[0];
    assert_eq!(
        (pick.id.as_str(), pick.variant.as_deref()),
        ("land", Some("polar"))
    );
}
