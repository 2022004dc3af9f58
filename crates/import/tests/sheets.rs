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
