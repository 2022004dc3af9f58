//! Full cast resolutions per second: validation, slot choice, rolls,
//! effects and events, then applying the events.

use divan::Bencher;
use grimoire_dice::SeededRng;
use grimoire_rules::{Ability, CastRequest, DamageType, Defense, Target, cast};

#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    divan::main();
}

/// The floor the other casts are read against in one run: a cantrip
/// (Fire Bolt) at one target with an Armor Class, cast + apply; no slot,
/// no save, nothing that lasts.
#[divan::bench]
fn fire_bolt_floor(bencher: Bencher) {
    let wizard = support::wizard(5);
    let spell = support::fire_bolt();
    let request = CastRequest::new().target(Target::named("Goblin").with_ac(13).with_hp(7));
    let mut rng = SeededRng::new(6);
    bencher.bench_local(|| {
        let out = cast(&wizard, &spell, &request, &mut rng).expect("cast is valid");
        let mut next = wizard.clone();
        next.apply_all(&out.events);
        next
    });
}

#[divan::bench]
fn magic_missile_three_targets(bencher: Bencher) {
    let wizard = support::wizard(5);
    let spell = support::magic_missile();
    let request = CastRequest::new()
        .target(Target::named("Goblin A").with_hp(7))
        .target(Target::named("Goblin B").with_hp(7))
        .target(Target::named("Goblin C").with_hp(7));
    let mut rng = SeededRng::new(1);
    bencher.bench_local(|| {
        let out = cast(&wizard, &spell, &request, &mut rng).expect("cast is valid");
        let mut next = wizard.clone();
        next.apply_all(&out.events);
        next
    });
}

#[divan::bench]
fn fireball_four_targets_with_saves(bencher: Bencher) {
    let wizard = support::wizard(5);
    let spell = support::fireball();
    let mut request = CastRequest::new();
    for name in ["Orc A", "Orc B", "Orc C", "Fire Elemental"] {
        let mut t = Target::named(name)
            .with_save(Ability::Dexterity, 1)
            .with_hp(15);
        if name == "Fire Elemental" {
            t = t.with_defense(DamageType::Fire, Defense::Immune);
        }
        request = request.target(t);
    }
    let mut rng = SeededRng::new(2);
    bencher.bench_local(|| {
        let out = cast(&wizard, &spell, &request, &mut rng).expect("cast is valid");
        let mut next = wizard.clone();
        next.apply_all(&out.events);
        next
    });
}

#[divan::bench]
fn bless_concentration(bencher: Bencher) {
    let cleric = support::cleric(5);
    let spell = support::bless();
    let request = CastRequest::new()
        .target(Target::named("Ally A"))
        .target(Target::named("Ally B"))
        .target(Target::caster("Caster"));
    let mut rng = SeededRng::new(3);
    bencher.bench_local(|| {
        let out = cast(&cleric, &spell, &request, &mut rng).expect("cast is valid");
        let mut next = cleric.clone();
        next.apply_all(&out.events);
        next
    });
}

#[divan::bench]
fn refused_cast_one_slot_per_turn(bencher: Bencher) {
    let mut wizard = support::wizard(5);
    let spell = support::magic_missile();
    let mut rng = SeededRng::new(4);
    let first = cast(&wizard, &spell, &CastRequest::new(), &mut rng).expect("first cast is valid");
    wizard.apply_all(&first.events);
    bencher.bench_local(|| cast(&wizard, &spell, &CastRequest::new(), &mut rng).is_err());
}

#[divan::bench]
fn magic_missile_resolution_only(bencher: Bencher) {
    let wizard = support::wizard(5);
    let spell = support::magic_missile();
    let request = CastRequest::new().target(Target::named("Goblin").with_hp(7));
    let mut rng = SeededRng::new(5);
    bencher.bench_local(|| cast(&wizard, &spell, &request, &mut rng).expect("cast is valid"));
}
