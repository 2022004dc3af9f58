//! The SRD 5.2 Weapons table as data (issue 34): every weapon, read
//! strictly, with the numbers the SRD gives the ones a table meets most.

use grimoire_catalog::{parse_weapons, srd_weapon, srd_weapons};
use grimoire_rules::{
    DamageType, DiceFormula, Mastery, WeaponCategory, WeaponKind, WeaponProperty,
};

#[test]
fn srd_weapons_table_lists_all_38_with_unique_ids_and_czech_names() {
    let all = srd_weapons();
    assert_eq!(
        all.len(),
        38,
        "10 simple melee, 4 simple ranged, 18 martial melee, 6 martial ranged"
    );
    let count = |c, k| {
        all.iter()
            .filter(|w| w.category == c && w.kind == k)
            .count()
    };
    assert_eq!(count(WeaponCategory::Simple, WeaponKind::Melee), 10);
    assert_eq!(count(WeaponCategory::Simple, WeaponKind::Ranged), 4);
    assert_eq!(count(WeaponCategory::Martial, WeaponKind::Melee), 18);
    assert_eq!(count(WeaponCategory::Martial, WeaponKind::Ranged), 6);
    assert!(all.iter().all(|w| w.name_cs != w.name_en));
}

#[test]
fn srd_weapons_longsword_rapier_dagger_longbow_have_their_table_numbers() {
    let ls = srd_weapon("Longsword").unwrap();
    assert_eq!(ls.damage, DiceFormula::new(1, 8));
    assert_eq!(ls.versatile, Some(DiceFormula::new(1, 10)));
    assert_eq!(
        (ls.damage_type, ls.mastery),
        (DamageType::Slashing, Mastery::Sap)
    );
    assert_eq!(ls.price_cp, 1500);
    let rapier = srd_weapon("rapír").unwrap();
    assert!(rapier.has(WeaponProperty::Finesse));
    let dagger = srd_weapon("dagger").unwrap();
    assert_eq!(dagger.range, Some((20, 60)));
    assert!(dagger.has(WeaponProperty::Thrown) && dagger.has(WeaponProperty::Light));
    let bow = srd_weapon("longbow").unwrap();
    assert_eq!(
        (bow.kind, bow.range),
        (WeaponKind::Ranged, Some((150, 600)))
    );
    assert!(bow.has(WeaponProperty::TwoHanded) && bow.has(WeaponProperty::Ammunition));
    assert_eq!(
        srd_weapon("war pick").unwrap().versatile,
        Some(DiceFormula::new(1, 10))
    );
    assert!(srd_weapon("lightsaber").is_none());
}

#[test]
fn srd_weapons_reading_refuses_a_versatile_weapon_without_its_die() {
    let text = r#"
[[weapon]]
id = "odd"
name_en = "Odd"
name_cs = "Divná"
category = "simple"
kind = "melee"
damage = "1d6"
damage_type = "slashing"
properties = ["versatile"]
mastery = "sap"
price_cp = 100
"#;
    let err = parse_weapons(text).unwrap_err();
    assert!(err.starts_with("odd: versatile"), "{err}");
}
