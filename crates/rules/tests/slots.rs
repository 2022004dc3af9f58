//! R2–R6: spell slots, expending them, upcasting.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn r2_level_3_wizard_has_four_level_1_and_two_level_2_slots() {
    let w = wizard(3);
    assert_eq!(w.slots().totals(), [4, 2, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(w.slots().remaining(slot(1)), 4);
    assert_eq!(w.slots().remaining(slot(2)), 2);
}

#[test]
fn r2_full_half_and_multiclass_tables() {
    assert_eq!(wizard(17).slots().totals(), [4, 3, 3, 3, 2, 1, 1, 1, 1]);
    assert_eq!(
        caster(&[(Class::Paladin, 9)]).slots().totals(),
        [4, 3, 2, 0, 0, 0, 0, 0, 0]
    );
    // Cleric 3 + Ranger 5 reads the full-caster row for 3 + 3 = 6.
    let mc = caster(&[(Class::Cleric, 3), (Class::Ranger, 5)]);
    assert_eq!(mc.slots().totals(), full_caster_slots(6));
}

#[test]
fn r2_warlock_pact_slots_are_separate() {
    let w = warlock(5);
    assert_eq!(w.slots().totals(), [0; 9]);
    let pact = w.pact_slots().unwrap();
    assert_eq!((pact.total(), pact.level().get()), (2, 3));
    let mc = caster(&[(Class::Wizard, 3), (Class::Warlock, 2)]);
    assert_eq!(mc.slots().totals(), full_caster_slots(3));
    assert_eq!(mc.pact_slots().unwrap().total(), 2);
}

#[test]
fn r3_magic_missile_leaves_three_level_1_slots() {
    let mut w = wizard(3);
    let out = cast_ok(
        &mut w,
        &magic_missile(),
        &CastRequest::new(),
        &mut Scripted::new(&[2]),
    );
    assert_eq!(
        out.resolution.slot,
        Some(SpentSlot {
            level: slot(1),
            pact: false
        })
    );
    assert_eq!(w.slots().remaining(slot(1)), 3);
    assert_eq!(w.slots().remaining(slot(2)), 2);
}

#[test]
fn r3_lowest_slot_that_fits_is_used_by_default() {
    let mut w = wizard(3);
    cast_turns(&mut w, &magic_missile(), 4);
    // Level-1 slots are gone; the next casting takes a level-2 slot.
    let out = cast_plain(&mut w, &magic_missile());
    assert_eq!(out.resolution.slot.unwrap().level, slot(2));
    assert_eq!(out.resolution.cast_level, lvl(2));
}

#[test]
fn r3_no_slot_available_refuses() {
    let mut w = wizard(1);
    cast_turns(&mut w, &magic_missile(), 2);
    assert_refused(
        &w,
        &magic_missile(),
        &CastRequest::new(),
        "no_slot_available",
        "R3",
    );
}

#[test]
fn r3_level_2_spell_does_not_fit_level_1_slot() {
    let w = wizard(3);
    assert_refused(
        &w,
        &misty_step(),
        &CastRequest::new().at_slot(slot(1)),
        "slot_too_low",
        "R3",
    );
    // A level-3 spell with the level-3 slots spent and none higher.
    let mut w = wizard(5);
    cast_turns(&mut w, &fireball(), 2);
    assert_refused(
        &w,
        &fireball(),
        &CastRequest::new(),
        "no_slot_available",
        "R3",
    );
    assert_eq!(w.slots().remaining(slot(1)), 4, "lower slots never fit");
}

#[test]
fn r1_only_spells_of_a_level_with_slots_can_be_prepared() {
    let w = wizard(3);
    let err = w.prepare(&fireball()).unwrap_err();
    assert_eq!(
        (err.code(), err.rule()),
        ("spell_level_too_high", Some("R1"))
    );
    assert_eq!(w.max_spell_level(), lvl(2));
    assert!(w.prepare(&misty_step()).is_ok());
    assert_eq!(
        warlock(11).max_spell_level(),
        lvl(6),
        "Mystic Arcanum counts"
    );
    assert_eq!(
        refusal(&w, &fireball(), &CastRequest::new()).code(),
        "not_prepared"
    );
}

#[test]
fn r3_explicit_slot_with_none_left_refuses() {
    let mut w = wizard(3);
    // A slot level the caster never had is its own refusal (R2) ...
    assert_refused(
        &w,
        &magic_missile(),
        &CastRequest::new().at_slot(slot(3)),
        "no_such_slot",
        "R2",
    );
    // ... unlike a level it had and spent (R3).
    for _ in 0..2 {
        cast_ok(
            &mut w,
            &magic_missile(),
            &CastRequest::new().at_slot(slot(2)),
            &mut Scripted::new(&[1]),
        );
        w.apply_all(&w.end_turn().events);
    }
    assert_refused(
        &w,
        &magic_missile(),
        &CastRequest::new().at_slot(slot(2)),
        "no_slot_available",
        "R3",
    );
}

#[test]
fn r6_magic_missile_in_level_2_slot_is_level_2_with_four_darts() {
    let mut w = wizard(3);
    let req = CastRequest::new()
        .at_slot(slot(2))
        .target(Target::named("Ogre"));
    let out = cast_ok(&mut w, &magic_missile(), &req, &mut Scripted::new(&[3]));
    assert_eq!(out.resolution.cast_level, lvl(2));
    assert_eq!(out.resolution.targets[0].damage.len(), 4);
    // Each dart rolled a 3 on its d4, +1.
    assert_eq!(out.resolution.targets[0].damage_total, 16);
    assert_eq!(w.slots().remaining(slot(2)), 1);
    assert_eq!(w.slots().remaining(slot(1)), 4);
}

#[test]
fn r6_fireball_gains_a_die_per_slot_level() {
    let mut w = wizard(9);
    let out = cast_ok(
        &mut w,
        &fireball(),
        &CastRequest::new().at_slot(slot(5)),
        &mut Scripted::new(&[1]),
    );
    let fire = out
        .resolution
        .rolls
        .iter()
        .find(|r| r.label.damage_type() == Some(DamageType::Fire))
        .unwrap();
    assert_eq!(fire.notation, "10d6");
    assert_eq!(fire.dice.len(), 10);
}

#[test]
fn r6_cure_wounds_upcast_adds_2d8() {
    let mut c = cleric(3);
    let req = CastRequest::new()
        .at_slot(slot(2))
        .target(Target::named("Ally").with_hp(1));
    let out = cast_ok(&mut c, &cure_wounds(), &req, &mut Scripted::new(&[8]));
    // 4d8 all eights + WIS 3.
    assert_eq!(out.resolution.targets[0].healing, 35);
    assert_eq!(out.resolution.targets[0].hp_after, Some(36));
}

#[test]
fn r3_pact_and_regular_slots_power_each_other() {
    let mut mc = caster(&[(Class::Wizard, 3), (Class::Warlock, 3)]);
    // Lowest fit for a level-1 spell is a regular level-1 slot.
    let out = cast_plain(&mut mc, &magic_missile());
    assert_eq!(
        out.resolution.slot,
        Some(SpentSlot {
            level: slot(1),
            pact: false
        })
    );
    mc.apply_all(&mc.end_turn().events);
    // A Warlock spell may use a regular slot, a Wizard spell a pact slot.
    let req = CastRequest {
        slot_kind: SlotKind::Pact,
        ..CastRequest::new()
    };
    let out = cast_ok(&mut mc, &magic_missile(), &req, &mut Scripted::new(&[1]));
    assert_eq!(
        out.resolution.slot,
        Some(SpentSlot {
            level: slot(2),
            pact: true
        })
    );
    assert_eq!(mc.pact_slots().unwrap().remaining(), 1);
}

#[test]
fn r1_cantrips_are_level_0_and_levels_stop_at_9() {
    assert!(fire_bolt().level.is_cantrip());
    assert_eq!(SpellLevel::new(10).unwrap_err().rule(), Some("R1"));
    assert_eq!(SlotLevel::new(0).unwrap_err().code(), "invalid_slot_level");
}

#[test]
fn r6_upcast_dice_of_another_size_roll_as_their_own_part() {
    let mut w = wizard(5);
    let mut spell = magic_missile();
    spell.effect.instances = 1;
    spell.effect.upcast = Upcast {
        extra_dice: Some("1d6".parse().unwrap()),
        ..Upcast::default()
    };
    w.apply_all(&w.prepare(&spell).unwrap().events);
    let req = CastRequest::new()
        .at_slot(slot(3))
        .target(Target::named("Orc"));
    let out = cast_ok(&mut w, &spell, &req, &mut Scripted::new(&[2]));
    let notations: Vec<&str> = out
        .resolution
        .rolls
        .iter()
        .map(|r| r.notation.as_str())
        .collect();
    assert_eq!(notations, vec!["1d4+1", "2d6"]);
    assert_eq!(out.resolution.targets[0].damage_total, 3 + 4);
}
