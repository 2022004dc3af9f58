//! A hostile file costs bounded work and never panics (issue 36): random
//! JSON in the shape of both formats, real sheets with one field replaced
//! by a hostile value (huge, negative, fractional numbers, long strings,
//! deep or wide arrays), nesting past the parser's limit and the largest
//! files allowed. Every answer is a character (which the check reads and
//! the export writes back) or a refusal with a stable code.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use grimoire_catalog::Catalog;
use grimoire_import::{
    ImportError, Imported, MAX_FILE_BYTES, MAX_ITEMS, SheetFormat, check, export_foundry,
    import_ddb, import_foundry,
};
use proptest::prelude::*;
use serde_json::{Map, Number, Value, json};

/// The refusals an import may answer with (the rules' own codes come
/// from the character the sheet describes).
const CODES: [&str; 9] = [
    "too_large",
    "not_json",
    "not_a_foundry_actor",
    "not_a_ddb_character",
    "not_a_character",
    "over_bound",
    "bad_field",
    "unknown_class",
    "not_a_spellcaster",
];

/// Field names both formats use, so random objects reach deep into the readers.
const KEYS: [&str; 55] = [
    "name",
    "type",
    "system",
    "items",
    "abilities",
    "str",
    "int",
    "value",
    "levels",
    "identifier",
    "method",
    "prepared",
    "preparation",
    "mode",
    "uses",
    "max",
    "spent",
    "recovery",
    "period",
    "spells",
    "spell1",
    "pact",
    "attributes",
    "hp",
    "ac",
    "flat",
    "calc",
    "level",
    "quantity",
    "flags",
    "dnd5e",
    "cachedFor",
    "activities",
    "data",
    "success",
    "stats",
    "id",
    "classes",
    "definition",
    "classSpells",
    "characterClassId",
    "inventory",
    "modifiers",
    "limitedUse",
    "maxUses",
    "numberUsed",
    "spellSlots",
    "used",
    "armor",
    "equipped",
    "magicalBonus",
    "effects",
    "changes",
    "attuned",
    "armorClass",
];

fn fixture(path: &str) -> Vec<u8> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests/fixtures", path]
        .iter()
        .collect();
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Real sheets of both formats to break.
const SHEETS: [&str; 10] = [
    "foundry/zanna-17.json",
    "foundry/akra-11.json",
    "foundry/sefris-17.json",
    "foundry/beiro-11.json",
    "foundry/sefris-5.json",
    "foundry/morthos-17.json",
    "ddb/ilvara-cleric-5.json",
    "ddb/tamsin-warlock-3-2014.json",
    "ddb/bobash.json",
    "ddb/freddeth.json",
];

/// What an import may answer: a character the check and the export can
/// read, or a known refusal naming a short field.
fn answer_is_sane(result: Result<Imported, ImportError>) -> Result<(), TestCaseError> {
    let srd = Catalog::srd();
    match result {
        Ok(imported) => {
            let _ = check(&imported, srd);
            // What was accepted is a character the export writes and reads back.
            let written = export_foundry(&imported.caster, srd).to_string();
            let back = import_foundry(written.as_bytes(), srd)
                .map_err(|e| TestCaseError::fail(format!("export refused: {e}")))?;
            prop_assert_eq!(&back.caster, &imported.caster);
        }
        Err(e) => {
            let code = e.code();
            prop_assert!(
                CODES.contains(&code) || !code.is_empty(),
                "unknown code {code}"
            );
            if let Some(field) = e.field() {
                prop_assert!(field.len() < 400, "field path {} chars", field.len());
            }
            // The message names what is wrong without echoing the whole file.
            prop_assert!(e.to_string().len() < 1000, "{}", e.to_string().len());
        }
    }
    Ok(())
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (-1e300..1e300f64).prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
        (0..25u64).prop_map(|n| json!(n)),
        "[a-z0-9 .@-]{0,12}".prop_map(Value::String),
        prop::sample::select(&KEYS[..]).prop_map(|k| Value::String(k.to_owned())),
        prop::sample::select(vec![
            "character",
            "npc",
            "class",
            "spell",
            "consumable",
            "wizard",
            "warlock",
            "Wizard",
            "Cleric",
            "magic-missile",
            "Fireball",
            "spell-scroll",
            "pact",
            "innate",
            "always",
            "lr",
        ])
        .prop_map(|s| Value::String(s.to_owned())),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(6, 120, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(&KEYS[..]), inner), 0..8).prop_map(|kv| {
                Value::Object(
                    kv.into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect::<Map<_, _>>(),
                )
            }),
        ]
    })
}

/// A hostile value to put in place of a sheet's field.
fn hostile() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(-1)),
        Just(json!(0)),
        Just(json!(1.5)),
        Just(json!(1e308)),
        Just(json!(-1e308)),
        Just(json!("99999999999999999999999")),
        Just(json!("@prof * 1000")),
        Just(Value::String("x".repeat(10_000))),
        Just(Value::Null),
        Just(json!(true)),
        Just(json!([])),
        Just(json!({})),
        Just(json!([[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]])),
        Just(Value::Array(vec![json!({}); 3000])),
        Just(Value::Array(vec![json!(u64::MAX); 3000])),
        any_json(),
    ]
}

/// Every place in a value: the paths to all its members and elements.
fn places(v: &Value, here: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                here.push(PathStep::Index(i));
                out.push(here.clone());
                places(x, here, out);
                here.pop();
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                here.push(PathStep::Key(k.clone()));
                out.push(here.clone());
                places(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn at<'a>(v: &'a mut Value, path: &[PathStep]) -> &'a mut Value {
    path.iter().fold(v, |v, step| match step {
        PathStep::Key(k) => &mut v[k.as_str()],
        PathStep::Index(i) => &mut v[*i],
    })
}

fn read(format: SheetFormat, bytes: &[u8]) -> Result<Imported, ImportError> {
    format.import(bytes, Catalog::srd(), None)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random JSON, bare and wrapped in each format's top level.
    #[test]
    fn random_json_is_refused_or_read_never_panics(v in any_json(), wrap in 0..3u8) {
        let v = match wrap {
            0 => v,
            1 => json!({"name": "X", "type": "character",
                        "system": {"abilities": {"str": {"value": 10}, "dex": {"value": 10},
                                   "con": {"value": 10}, "int": {"value": 10},
                                   "wis": {"value": 10}, "cha": {"value": 10}}},
                        "items": [{"name": "Wizard", "type": "class",
                                   "system": {"identifier": "wizard", "levels": 3}}, v]}),
            _ => json!({"success": true, "data": {"name": "X",
                        "stats": [{"id": 1, "value": 10}, {"id": 2, "value": 10},
                                  {"id": 3, "value": 10}, {"id": 4, "value": 10},
                                  {"id": 5, "value": 10}, {"id": 6, "value": 10}],
                        "classes": [{"id": 1, "level": 3, "definition": {"name": "Wizard"}}],
                        "classSpells": [v.clone()], "spells": {"item": [v.clone()]},
                        "inventory": [v.clone()], "modifiers": {"item": [v]}}}),
        };
        let bytes = v.to_string();
        let _ = SheetFormat::detect(bytes.as_bytes());
        answer_is_sane(import_foundry(bytes.as_bytes(), Catalog::srd()))?;
        answer_is_sane(import_ddb(bytes.as_bytes(), Catalog::srd()))?;
    }

    /// A real sheet with one field (anywhere in it) replaced by a hostile value.
    #[test]
    fn a_real_sheet_with_one_hostile_field_is_refused_or_read(
        sheet in prop::sample::select(&SHEETS[..]),
        place in any::<prop::sample::Index>(),
        value in hostile(),
    ) {
        let mut v: Value = serde_json::from_slice(&fixture(sheet)).unwrap();
        let mut all = Vec::new();
        places(&v, &mut Vec::new(), &mut all);
        let path = &all[place.index(all.len())];
        *at(&mut v, path) = value;
        let bytes = v.to_string();
        let format = if sheet.starts_with("foundry") { SheetFormat::Foundry } else { SheetFormat::Ddb };
        let started = Instant::now();
        answer_is_sane(read(format, bytes.as_bytes()))?;
        prop_assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    }
}

#[test]
fn nesting_past_the_parsers_limit_is_not_json() {
    for depth in [129usize, 100_000] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        for format in SheetFormat::ALL {
            let err = read(format, deep.as_bytes()).unwrap_err();
            assert_eq!(err.code(), "not_json", "{depth}");
        }
        // Deep inside a real sheet's field too.
        let mut sheet: Value = serde_json::from_slice(&fixture("foundry/zanna-5.json")).unwrap();
        sheet["name"] = json!("PLACEHOLDER");
        let text = sheet.to_string().replace("\"PLACEHOLDER\"", &deep);
        let err = read(SheetFormat::Foundry, text.as_bytes()).unwrap_err();
        assert_eq!(err.code(), "not_json", "{depth}");
    }
}

/// The largest files allowed, built to cost the most: as many items or
/// list entries as fit, each a spell the reader must look up; refused or
/// read in bounded time (measured: well under a second in a release build).
#[test]
fn the_largest_hostile_files_cost_bounded_work() {
    let srd = Catalog::srd();
    let spell = json!({"name": "Fireball", "type": "spell",
        "system": {"identifier": "not-a-spell-at-all", "level": 3, "method": "spell", "prepared": 1,
                   "uses": {"max": "3", "spent": 1, "recovery": [{"period": "lr"}]}}});
    let class = json!({"name": "Wizard", "type": "class", "system": {"identifier": "wizard", "levels": 20}});
    let mut items = vec![class];
    items.extend(std::iter::repeat_n(spell, MAX_ITEMS - 1));
    let actor = json!({"name": "Big", "type": "character",
        "system": {"abilities": {"str": {"value": 10}, "dex": {"value": 10}, "con": {"value": 10},
                                 "int": {"value": 10}, "wis": {"value": 10}, "cha": {"value": 10}}},
        "items": items});
    let bytes = actor.to_string();
    assert!(bytes.len() <= MAX_FILE_BYTES, "{}", bytes.len());
    let started = Instant::now();
    let imported = import_foundry(bytes.as_bytes(), srd).unwrap();
    // A few lines per item at most: the report is bounded by the file.
    assert!(
        imported.report.lines.len() <= 3 * MAX_ITEMS,
        "{}",
        imported.report.lines.len()
    );
    let _ = check(&imported, srd);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );

    // A D&D Beyond file whose every list is at its bound: modifiers
    // matched against inventory is the costliest pairing.
    let stats: Vec<Value> = (1..=6).map(|i| json!({"id": i, "value": 10})).collect();
    let modifier = json!({"type": "bonus", "subType": "intelligence-score", "value": 1,
                          "componentId": 7, "requiresAttunement": true});
    let item = json!({"id": 1, "equipped": true, "isAttuned": true,
                      "definition": {"id": 7, "name": "Ioun Stone", "armorClass": 40, "armorTypeId": 1}});
    let sheet = json!({"success": true, "data": {"name": "Big", "stats": stats,
        "classes": [{"id": 1, "level": 20, "definition": {"name": "Wizard"}}],
        "modifiers": {"item": vec![modifier; MAX_ITEMS]},
        "inventory": vec![item; MAX_ITEMS]}});
    let bytes = sheet.to_string();
    assert!(bytes.len() <= MAX_FILE_BYTES, "{}", bytes.len());
    let started = Instant::now();
    let imported = import_ddb(bytes.as_bytes(), srd).unwrap();
    // Two thousand +1 bonuses still leave a score within 1-30.
    assert_eq!(
        imported
            .caster
            .abilities()
            .score(grimoire_rules::Ability::Intelligence),
        30
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn huge_numbers_in_real_fields_are_refused_naming_the_field() {
    let srd = Catalog::srd();
    let cases: [(&str, &[&str], Value, &str); 10] = [
        (
            "ddb/ilvara-cleric-5.json",
            &["data", "inventory", "0", "definition", "armorClass"],
            json!(99),
            "data.inventory[0].definition.armorClass",
        ),
        (
            "foundry/akra-11.json",
            &["items", "77", "system", "armor", "value"],
            json!(1e300),
            "items[77].system.armor.value",
        ),
        (
            "foundry/akra-11.json",
            &["items", "7", "system", "armor", "value"],
            json!(-2),
            "items[7].system.armor.value",
        ),
        (
            "foundry/akra-11.json",
            &["items", "78", "effects", "0", "changes", "0", "value"],
            json!("999"),
            "items[78].effects[0].changes[0].value",
        ),
        (
            "foundry/akra-11.json",
            &["items", "77", "system", "equipped"],
            json!("yes"),
            "items[77].system.equipped",
        ),
        (
            "foundry/zanna-5.json",
            &["system", "abilities", "int", "value"],
            json!(1e300),
            "system.abilities.int.value",
        ),
        (
            "foundry/zanna-5.json",
            &["system", "abilities", "int", "value"],
            json!(u64::MAX),
            "system.abilities.int.value",
        ),
        (
            "foundry/zanna-5.json",
            &["system", "abilities", "int", "value"],
            json!(-1),
            "system.abilities.int.value",
        ),
        (
            "foundry/zanna-5.json",
            &["system", "spells", "spell1", "value"],
            json!(u64::MAX),
            "system.spells.spell1.value",
        ),
        (
            "ddb/ilvara-cleric-5.json",
            &["data", "stats", "0", "value"],
            json!(1e300),
            "data.stats[id=1].value",
        ),
    ];
    for (file, path, value, field) in cases {
        let mut v: Value = serde_json::from_slice(&fixture(file)).unwrap();
        let slot = path.iter().fold(&mut v, |v, k| match k.parse::<usize>() {
            Ok(i) => &mut v[i],
            Err(_) => &mut v[*k],
        });
        *slot = value;
        let format = if file.starts_with("foundry") {
            SheetFormat::Foundry
        } else {
            SheetFormat::Ddb
        };
        let got = read(format, v.to_string().as_bytes());
        match got {
            Err(e) => assert_eq!(e.field(), Some(field), "{file} {path:?}: {e}"),
            Ok(_) => panic!("{file} {path:?} was read"),
        }
    }
    let _ = srd;
}
