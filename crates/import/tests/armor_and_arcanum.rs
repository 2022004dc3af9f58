//! Issue 36 follow-up: the Armor Class of the armor a sheet wears (2024
//! armor table), and a Warlock's Mystic Arcanum read as the rules' own
//! once-per-Long-Rest casts, both through the public import API.

use grimoire_catalog::Catalog;
use grimoire_import::{Fate, Mapped, Skip, check, export_foundry, import_ddb, import_foundry};
use grimoire_rules::{CastMode, CastRequest, SpellId, check_cast};
use serde_json::{Value, json};

/// A Wizard 1 (Dexterity 16, +3; Charisma 14) with hit points, wearing `items`.
fn wearing(items: Value, ac: Value) -> Value {
    let mut all = vec![json!({"name": "Wizard", "type": "class",
                              "system": {"identifier": "wizard", "levels": 1}})];
    all.extend(items.as_array().unwrap().iter().cloned());
    json!({"name": "Ilse", "type": "character",
        "system": {"abilities": {"str": {"value": 8}, "dex": {"value": 16},
            "con": {"value": 12}, "int": {"value": 16}, "wis": {"value": 10},
            "cha": {"value": 14}},
            "attributes": {"hp": {"value": 7}, "ac": ac}},
        "items": all})
}

fn armor(name: &str, kind: &str, value: u8, extra: Value) -> Value {
    let mut item = json!({"name": name, "type": "equipment",
        "system": {"type": {"value": kind}, "armor": {"value": value, "dex": null},
                   "equipped": true}});
    if let Value::Object(m) = extra {
        for (k, v) in m {
            if k == "effects" {
                item["effects"] = v;
            } else {
                item["system"][k] = v;
            }
        }
    }
    item
}

fn bonus(value: &str) -> Value {
    json!([{"type": "base", "disabled": false, "transfer": true,
            "changes": [{"key": "system.attributes.ac.bonus", "mode": 2, "value": value}]}])
}

/// Imports `items` worn by the Wizard under `calc: default` and compares its Armor Class.
fn check_ac(items: Value, expected: u8) {
    let sheet = wearing(items.clone(), json!({"calc": "default", "flat": null}));
    let got = import_foundry(sheet.to_string().as_bytes(), Catalog::srd()).unwrap();
    assert_eq!(got.caster.vitals().unwrap().ac, expected, "{items}");
}

#[test]
fn the_armor_worn_gives_the_2024_armor_class() {
    // Unarmored: 10 + Dex 3.
    check_ac(json!([]), 13);
    // Light: base + Dex.
    check_ac(json!([armor("Leather", "light", 11, json!({}))]), 14);
    // Medium: base + Dex up to 2.
    check_ac(json!([armor("Half Plate", "medium", 15, json!({}))]), 17);
    // Medium with the sheet's own cap.
    check_ac(
        json!([armor(
            "Odd",
            "medium",
            14,
            json!({"armor": {"value": 14, "dex": 1}})
        )]),
        15,
    );
    // Heavy: the base alone.
    check_ac(json!([armor("Plate", "heavy", 18, json!({}))]), 18);
    // A shield: +2, with or without armor.
    check_ac(json!([armor("Shield", "shield", 2, json!({}))]), 15);
    check_ac(
        json!([
            armor("Chain Mail", "heavy", 16, json!({})),
            armor("Shield", "shield", 2, json!({}))
        ]),
        18,
    );
    // Magic: +1 armor (magicalBonus), a +2 shield (an enchantment), a
    // Cloak of Protection's +1 (attuned).
    let enchant = json!([{"type": "enchantment", "changes": [
        {"key": "system.armor.magicalBonus", "mode": 4, "value": "2"}]}]);
    let cloak = json!({"name": "Cloak of Protection", "type": "equipment",
        "system": {"type": {"value": "wondrous"}, "equipped": true,
                   "attunement": "required", "attuned": true},
        "effects": bonus("1")});
    check_ac(
        json!([
            armor(
                "Chain Mail +1",
                "heavy",
                16,
                json!({"armor": {"value": 16, "magicalBonus": 1}})
            ),
            armor("Shield +2", "shield", 2, json!({"effects": enchant})),
            cloak.clone()
        ]),
        17 + 4 + 1,
    );
    // Not equipped, not attuned, or a disabled effect: nothing.
    let mut unattuned = cloak.clone();
    unattuned["system"]["attuned"] = json!(false);
    let mut disabled = cloak.clone();
    disabled["effects"][0]["disabled"] = json!(true);
    check_ac(
        json!([
            armor("Plate", "heavy", 18, json!({"equipped": false})),
            unattuned,
            disabled
        ]),
        13,
    );
    // A weapon's effect counts (a Staff of Power's +2).
    check_ac(
        json!([{"name": "Staff", "type": "weapon",
                "system": {"equipped": true}, "effects": bonus("+2")}]),
        15,
    );
    // A feat's or feature's transferred effect counts, never equipped (a
    // +1 from a fighting style over leather: 11 + 3 + 1); disabled, or
    // not transferred to the actor, it does not.
    let feat = json!({"name": "Defense", "type": "feat", "system": {}, "effects": bonus("+1")});
    check_ac(
        json!([armor("Leather", "light", 11, json!({})), feat.clone()]),
        15,
    );
    let mut off = feat.clone();
    off["effects"][0]["disabled"] = json!(true);
    let mut kept = feat;
    kept["effects"][0]["transfer"] = json!(false);
    check_ac(json!([off, kept]), 13);
}

#[test]
fn the_armor_worn_is_reported_and_other_calculations_keep_their_rule() {
    let srd = Catalog::srd();
    let items = json!([
        armor("Leather", "light", 11, json!({})),
        {"name": "Odd Ring", "type": "equipment",
         "system": {"type": {"value": "ring"}, "equipped": true}, "effects": bonus("@prof")}
    ]);
    let sheet = wearing(items.clone(), json!({"calc": "default"}));
    let got = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    assert_eq!(got.caster.vitals().unwrap().ac, 14);
    let fate = |field: &str| -> Vec<Fate> {
        got.report
            .lines
            .iter()
            .filter(|l| l.field == field)
            .map(|l| l.fate.clone())
            .collect()
    };
    assert_eq!(fate("items[1]"), [Fate::Mapped(Mapped::ArmorWorn)]);
    // A bonus by a formula is left out, and said so.
    assert_eq!(
        fate("items[2].effects[0].changes[0]"),
        [Fate::Skipped(Skip::ArmorClassComputed)]
    );
    // A flat Armor Class is the sheet's; a formula's is the unarmored one, reported.
    let flat = wearing(items.clone(), json!({"calc": "flat", "flat": 19}));
    let got = import_foundry(flat.to_string().as_bytes(), srd).unwrap();
    assert_eq!(got.caster.vitals().unwrap().ac, 19);
    let custom = wearing(
        items,
        json!({"calc": "custom", "formula": "12 + @abilities.con.mod"}),
    );
    let got = import_foundry(custom.to_string().as_bytes(), srd).unwrap();
    assert_eq!(got.caster.vitals().unwrap().ac, 13);
    assert!(
        got.report
            .lines
            .iter()
            .any(|l| l.field == "system.attributes.ac"
                && l.fate == Fate::Skipped(Skip::ArmorClassComputed))
    );
}

#[test]
fn armor_fields_out_of_bounds_are_refused_naming_the_field() {
    let srd = Catalog::srd();
    let cases = [
        (
            armor("Plate", "heavy", 18, json!({"armor": {"value": 41}})),
            "items[1].system.armor.value",
        ),
        (
            armor(
                "Plate",
                "medium",
                18,
                json!({"armor": {"value": 14, "dex": -1}}),
            ),
            "items[1].system.armor.dex",
        ),
        (
            armor(
                "Plate",
                "light",
                11,
                json!({"armor": {"value": 11, "magicalBonus": "x"}}),
            ),
            "items[1].system.armor.magicalBonus",
        ),
        (
            armor("Plate", "light", 11, json!({"equipped": 1})),
            "items[1].system.equipped",
        ),
        (
            armor("Ring", "ring", 0, json!({"effects": bonus("-99")})),
            "items[1].effects[0].changes[0].value",
        ),
    ];
    for (item, field) in cases {
        let sheet = wearing(json!([item]), json!({"calc": "default"}));
        let err = import_foundry(sheet.to_string().as_bytes(), srd).unwrap_err();
        assert_eq!((err.code(), err.field()), ("bad_field", Some(field)));
    }
    // A sum past the bound is the bound.
    let rings: Vec<Value> = (0..5)
        .map(|_| {
            json!({"name": "Ring", "type": "equipment",
                        "system": {"equipped": true}, "effects": bonus("40")})
        })
        .collect();
    let sheet = wearing(Value::Array(rings), json!({"calc": "default"}));
    let got = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    assert_eq!(
        got.caster.vitals().unwrap().ac,
        grimoire_rules::MAX_ARMOR_CLASS
    );
}

/// D&D Beyond: armor by `armorTypeId`, an unarmored Draconic Sorcerer's
/// Resilience, and an `armorClass` out of bounds refused by name.
#[test]
fn ddb_armor_class_follows_the_armor_worn() {
    let srd = Catalog::srd();
    let sheet = |inventory: Value, class: &str, subclass: &str| {
        json!({"data": {"name": "Tam", "baseHitPoints": 8,
            "stats": [{"id": 1, "value": 10}, {"id": 2, "value": 16}, {"id": 3, "value": 12},
                      {"id": 4, "value": 10}, {"id": 5, "value": 10}, {"id": 6, "value": 16}],
            "classes": [{"id": 1, "level": 3, "definition": {"name": class},
                         "subclassDefinition": {"name": subclass}}],
            "inventory": inventory}})
    };
    let item = |ac: Value, kind: u8| {
        json!({"id": 1, "equipped": true,
               "definition": {"id": 1, "name": "Armor", "armorClass": ac, "armorTypeId": kind}})
    };
    let ac = |v: &Value| {
        import_ddb(v.to_string().as_bytes(), srd)
            .unwrap()
            .caster
            .vitals()
            .unwrap()
            .ac
    };
    // Heavy 18 + shield 2; medium 15 + 2; unarmored 10 + 3.
    let worn = json!([item(json!(18), 3), item(json!(2), 4)]);
    assert_eq!(ac(&sheet(worn, "Wizard", "")), 20);
    assert_eq!(ac(&sheet(json!([item(json!(15), 2)]), "Wizard", "")), 17);
    assert_eq!(ac(&sheet(json!([]), "Wizard", "")), 13);
    // Draconic Resilience: 10 + Dex 3 + Cha 3 unarmored; armor replaces it.
    assert_eq!(ac(&sheet(json!([]), "Sorcerer", "Draconic Sorcery")), 16);
    assert_eq!(
        ac(&sheet(
            json!([item(json!(11), 1)]),
            "Sorcerer",
            "Draconic Sorcery"
        )),
        14
    );
    let err = import_ddb(
        sheet(json!([item(json!(99), 1)]), "Wizard", "")
            .to_string()
            .as_bytes(),
        srd,
    )
    .unwrap_err();
    assert_eq!(
        (err.code(), err.field()),
        ("bad_field", Some("data.inventory[0].definition.armorClass"))
    );
}

/// A Warlock 13's level 6 and 7 spells of one use a Long Rest (Foundry's
/// premades write Mystic Arcanum so): the rules' Arcanum, cast without a
/// slot once per Long Rest; one the sheet says is spent is spent.
#[test]
fn r5c_mystic_arcanum_is_cast_through_the_rules_once_per_long_rest() {
    let srd = Catalog::srd();
    let arcanum = |id: &str, level: u8, spent: u8| {
        json!({"name": id, "type": "spell",
            "system": {"identifier": id, "level": level, "method": "atwill", "prepared": 0,
                       "uses": {"max": "1", "spent": spent,
                                "recovery": [{"period": "lr", "type": "recoverAll"}]}}})
    };
    let sheet = json!({"name": "Sefris", "type": "character",
    "system": {"abilities": {"str": {"value": 8}, "dex": {"value": 14},
        "con": {"value": 12}, "int": {"value": 10}, "wis": {"value": 10},
        "cha": {"value": 18}}},
    "items": [
        {"name": "Warlock", "type": "class", "system": {"identifier": "warlock", "levels": 13}},
        arcanum("eyebite", 6, 0),
        arcanum("finger-of-death", 7, 1),
        // A second level-6 spell is not another Arcanum: a free use, as before.
        arcanum("mass-suggestion", 6, 0),
        // No Arcanum of level 8 at Warlock 13.
        arcanum("dominate-monster", 8, 0)
    ]});
    let got = import_foundry(sheet.to_string().as_bytes(), srd).unwrap();
    let c = &got.caster;
    let line = |i: usize| {
        got.report
            .lines
            .iter()
            .find(|l| l.field == format!("items[{i}]"))
            .map(|l| l.fate.clone())
            .unwrap()
    };
    assert_eq!(line(1), Fate::Mapped(Mapped::Arcanum { level: 6 }));
    assert_eq!(line(2), Fate::Mapped(Mapped::Arcanum { level: 7 }));
    assert_eq!(line(3), Fate::Mapped(Mapped::FreeUses { max: 1 }));
    assert_eq!(line(4), Fate::Mapped(Mapped::FreeUses { max: 1 }));
    let names: Vec<&str> = c.features().iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["mass-suggestion", "dominate-monster"]);
    // The check does not count them as prepared spells nor as too high.
    assert!(check(&got, srd).is_empty(), "{:?}", check(&got, srd));

    let spell = |id: &str| &srd.get(id).unwrap().spell;
    let arcanum_cast = CastRequest::new().with_mode(CastMode::Arcanum);
    assert_eq!(check_cast(c, spell("eyebite"), &arcanum_cast), Ok(()));
    let spent = check_cast(c, spell("finger-of-death"), &arcanum_cast).unwrap_err();
    assert_eq!(spent.code(), "no_uses_left");
    // Not from a slot: a Warlock 13's pact slots are level 5.
    assert!(check_cast(c, spell("eyebite"), &CastRequest::new()).is_err());
    let mut rested = c.clone();
    rested.apply_all(&rested.long_rest().events);
    assert_eq!(
        check_cast(&rested, spell("finger-of-death"), &arcanum_cast),
        Ok(())
    );

    // The export writes them back as the premades do; the import reads the same character.
    let again = import_foundry(export_foundry(c, srd).to_string().as_bytes(), srd).unwrap();
    assert_eq!(&again.caster, c);
    assert_eq!(
        again.sheet.arcanum.values().cloned().collect::<Vec<_>>(),
        [
            SpellId::new("eyebite").unwrap(),
            SpellId::new("finger-of-death").unwrap()
        ]
    );
}

/// D&D Beyond: a Warlock 11's known level-6 spell is its Mystic Arcanum,
/// spent when its `limitedUse.numberUsed` says so.
#[test]
fn r5c_ddb_mystic_arcanum_is_the_warlocks_arcanum() {
    let srd = Catalog::srd();
    let known = |name: &str, used: u8| {
        json!({"definition": {"name": name}, "countsAsKnownSpell": true, "prepared": false,
               "limitedUse": {"maxUses": 1, "numberUsed": used, "resetType": 2}})
    };
    let sheet = |used: u8| {
        json!({"data": {"name": "Tam",
            "stats": [{"id": 1, "value": 10}, {"id": 2, "value": 14}, {"id": 3, "value": 12},
                      {"id": 4, "value": 10}, {"id": 5, "value": 10}, {"id": 6, "value": 18}],
            "classes": [{"id": 7, "level": 11, "definition": {"name": "Warlock"}}],
            "classSpells": [{"characterClassId": 7,
                             "spells": [known("Eyebite", used), known("Hex", 0)]}]}})
    };
    let got = import_ddb(sheet(0).to_string().as_bytes(), srd).unwrap();
    assert!(
        got.report
            .lines
            .iter()
            .any(|l| l.name == "Eyebite" && l.fate == Fate::Mapped(Mapped::Arcanum { level: 6 }))
    );
    assert!(check(&got, srd).is_empty(), "{:?}", check(&got, srd));
    let eyebite = &srd.get("eyebite").unwrap().spell;
    let arcanum = CastRequest::new().with_mode(CastMode::Arcanum);
    assert_eq!(check_cast(&got.caster, eyebite, &arcanum), Ok(()));
    let spent = import_ddb(sheet(1).to_string().as_bytes(), srd).unwrap();
    assert_eq!(
        check_cast(&spent.caster, eyebite, &arcanum)
            .unwrap_err()
            .code(),
        "no_uses_left"
    );
}
