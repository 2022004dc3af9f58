//! The features data (`data/features.toml`, issue 33): every entry loads,
//! every spell it names is an SRD 5.2 spell, and the tables match SRD 5.2.

use grimoire_catalog::{Catalog, parse_features, srd_feature, srd_features};
use grimoire_rules::{Class, FeatureKind, FreeSpells, Uses};

fn spells_named(def: &grimoire_rules::FeatureDef) -> Vec<&grimoire_rules::SpellId> {
    let mut ids: Vec<_> = def
        .always_prepared
        .iter()
        .chain(def.variants.iter().flat_map(|v| v.always_prepared.iter()))
        .flat_map(|at| at.spells.iter())
        .collect();
    for free in &def.free {
        if let FreeSpells::Named(named) = &free.spells {
            ids.extend(named.iter());
        }
    }
    ids
}

#[test]
fn every_feature_loads_and_names_only_srd_spells() {
    let text = include_str!("../data/features.toml");
    let all = parse_features(text).expect("features.toml is valid");
    assert_eq!(all.len(), srd_features().len());
    assert!(all.len() >= 46, "{}", all.len());
    let metamagic = all
        .iter()
        .filter(|f| f.kind == FeatureKind::Metamagic)
        .count();
    assert_eq!(metamagic, 10);
    let srd = Catalog::srd();
    for def in &all {
        for id in spells_named(def) {
            assert!(srd.get(id.as_str()).is_some(), "{}: {id}", def.id);
        }
        if let Some(max) = def.free.iter().find_map(|f| match f.spells {
            FreeSpells::List { max_level, .. } => Some(max_level),
            _ => None,
        }) {
            assert!(max <= 9);
        }
    }
}

#[test]
fn the_eight_srd_caster_subclasses_are_there() {
    let subclasses: Vec<_> = srd_features()
        .iter()
        .filter(|f| f.kind == FeatureKind::Subclass)
        .map(|f| (f.class.unwrap(), f.id.as_str(), f.level))
        .collect();
    for (class, id) in [
        (Class::Bard, "lore"),
        (Class::Cleric, "life"),
        (Class::Druid, "land"),
        (Class::Paladin, "devotion"),
        (Class::Ranger, "hunter"),
        (Class::Sorcerer, "draconic"),
        (Class::Warlock, "fiend"),
        (Class::Wizard, "evoker"),
    ] {
        assert!(subclasses.contains(&(class, id, 3)), "{id}");
    }
}

#[test]
fn life_domain_spells_by_cleric_level_match_srd() {
    let life = srd_feature(FeatureKind::Subclass, Some(Class::Cleric), "life").unwrap();
    let table: Vec<(u8, Vec<&str>)> = life
        .always_prepared
        .iter()
        .map(|at| (at.level, at.spells.iter().map(|s| s.as_str()).collect()))
        .collect();
    assert_eq!(
        table,
        vec![
            (3, vec!["aid", "bless", "cure-wounds", "lesser-restoration"]),
            (5, vec!["mass-healing-word", "revivify"]),
            (7, vec!["aura-of-life", "death-ward"]),
            (9, vec!["greater-restoration", "mass-cure-wounds"]),
        ]
    );
}

#[test]
fn circle_of_the_land_has_four_land_types() {
    let land = srd_feature(
        FeatureKind::Subclass,
        Some(Class::Druid),
        "Circle of the Land",
    )
    .unwrap();
    let ids: Vec<&str> = land.variants.iter().map(|v| v.id.as_str()).collect();
    assert_eq!(ids, ["arid", "polar", "temperate", "tropical"]);
    assert!(
        land.free
            .iter()
            .any(|f| f.name == "Natural Recovery" && f.level == 6)
    );
}

#[test]
fn favored_enemy_uses_follow_the_ranger_table() {
    let fe = srd_feature(FeatureKind::Class, Some(Class::Ranger), "favored-enemy").unwrap();
    assert_eq!(
        fe.free[0].uses,
        Uses::ByLevel(vec![(1, 2), (5, 3), (9, 4), (13, 5), (17, 6)])
    );
}

#[test]
fn features_are_found_by_czech_name() {
    let f = srd_feature(FeatureKind::Feat, None, "zasvecenec magie").unwrap();
    assert_eq!(f.id, "magic-initiate");
}

#[test]
fn a_bad_feature_is_refused_with_its_id() {
    let bad = r#"
[[feature]]
id = "x"
kind = "subclass"
level = 3
name = "X"
name_cs = "X"
about = "x"
about_cs = "x"
"#;
    let err = parse_features(bad).unwrap_err();
    assert!(err.starts_with("x: every kind but a feat"), "{err}");
    let two_uses = r#"
[[feature]]
id = "y"
kind = "feat"
level = 1
name = "Y"
name_cs = "Y"
about = "y"
about_cs = "y"
[[feature.free]]
name = "Y"
spells = ["bless"]
uses = 1
at_will = true
"#;
    assert!(
        parse_features(two_uses)
            .unwrap_err()
            .contains("exactly one of uses")
    );
}
