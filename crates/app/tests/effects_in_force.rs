//! Effects in force count on the rolls they touch whatever the target is
//! called (issue 31): they are found once every number is in, from the
//! request, the tracker or the character's sheet, so a blessed creature
//! named bare saves with its d4 as one named with its numbers does (R21).

use grimoire_app::{CHARACTER, character, commit_cast, fit_request_stored};
use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use grimoire_rules::{
    AbilityScores, BonusAmount, CastRequest, Caster, Class, Equipment, Spell, Target, cast,
};
use grimoire_store::{Change, Store};

fn spell(id: &str) -> Spell {
    Catalog::srd().get(id).unwrap().spell.clone()
}

/// A level-5 cleric with `spells` prepared, a holy symbol and hit points
/// recorded (AC 12), stored as `Ana`.
fn store_with_cleric(spells: &[&str]) -> Store {
    let scores = AbilityScores::new([10, 12, 14, 10, 16, 10]).unwrap();
    let mut c = Caster::new("Ana", &[(Class::Cleric, 5)], scores).unwrap();
    let gear = c.set_equipment(Equipment {
        component_pouch: true,
        materials: vec!["Holy Symbol worth 5 GP".into()],
        ..Equipment::default()
    });
    c.apply_all(&gear.events);
    for id in spells {
        let o = c.prepare(&spell(id)).unwrap();
        c.apply_all(&o.events);
    }
    let v = c.set_vitals(30, 12, None, None).unwrap();
    c.apply_all(&v.events);
    let mut store = Store::open_in_memory().unwrap();
    store
        .commit(&Change::new("setup").create(CHARACTER, "Ana", &c).unwrap())
        .unwrap();
    store
}

/// Ana casts `id` on herself and the cast is stored.
fn cast_on_self(store: &mut Store, id: &str) {
    let ana = character(store, "Ana").unwrap();
    let s = spell(id);
    let req = fit_request_stored(
        store,
        &ana,
        None,
        &s,
        CastRequest::new().target(Target::named("Ana")),
    )
    .unwrap();
    let out = cast(&ana.state, &s, &req, &mut SeededRng::new(3)).unwrap();
    commit_cast(store, "cast", &ana, None, &out, &mut SeededRng::new(4)).unwrap();
}

/// The target `name` of a fitted request for `spell` by Ana.
fn fitted(store: &Store, id: &str, target: Target) -> Target {
    let ana = character(store, "Ana").unwrap();
    let req = fit_request_stored(
        store,
        &ana,
        None,
        &spell(id),
        CastRequest::new().target(target),
    )
    .unwrap();
    req.targets[0].clone()
}

/// R21: Bless on a creature adds its d4 to its saves: named bare, the
/// target's saves come from its sheet and the d4 with them, as when named
/// with numbers.
#[test]
fn r21_bless_reaches_a_target_named_bare() {
    let mut store = store_with_cleric(&["bless"]);
    cast_on_self(&mut store, "bless");
    let bare = fitted(&store, "sacred-flame", Target::named("Ana"));
    let stats = bare.stats.expect("the sheet's numbers");
    assert!(
        matches!(stats.save_bonuses.as_slice(), [BonusAmount::Dice(_)]),
        "{:?}",
        stats.save_bonuses
    );
    let numbered = fitted(
        &store,
        "sacred-flame",
        Target::named("Ana").with_save(grimoire_rules::Ability::Dexterity, 1),
    );
    assert_eq!(
        numbered.stats.unwrap().save_bonuses,
        stats.save_bonuses,
        "the same d4 however the target is named"
    );
}

/// R21: Shield of Faith's +2 AC goes on the AC the sheet gives, for a
/// target named bare.
#[test]
fn r21_shield_of_faith_raises_the_ac_from_the_sheet() {
    let mut store = store_with_cleric(&["shield-of-faith"]);
    assert_eq!(
        fitted(&store, "guiding-bolt", Target::named("Ana"))
            .stats
            .unwrap()
            .ac,
        Some(12)
    );
    cast_on_self(&mut store, "shield-of-faith");
    let t = fitted(&store, "guiding-bolt", Target::named("Ana"));
    assert_eq!(t.stats.unwrap().ac, Some(14));
}
