//! 0 hit points in the 2024 rules (Rules Glossary: Death Saving Throws,
//! Dead, Stable; Hit Point Dice): death saves, damage at 0, massive
//! damage, healing, Hit Point Dice on a Short Rest and a fixed maximum.

mod support;

use grimoire_rules::*;
use support::*;

/// A level-5 Cleric with 30 hit points (CON +2), dropped to 0.
fn dying() -> Caster {
    let c = cleric(5);
    let c = applied(c.clone(), &c.set_vitals(30, 16, None, None).unwrap().events);
    let hit = c.take_damage(30, &mut Scripted::new(&[10]));
    applied(c, &hit.events)
}

fn save(c: Caster, face: u32) -> (Caster, DeathSaveOutcome) {
    let o = c
        .death_save(RollMode::Normal, 0, &mut Scripted::new(&[face]))
        .unwrap();
    (applied(c, &o.outcome.events), o)
}

#[test]
fn death_saves_ten_or_more_succeed_and_three_successes_make_stable() {
    let c = dying();
    assert!(c.conditions().contains(&Condition::Unconscious));
    let (c, o) = save(c, 10);
    assert_eq!(o.result, DeathSaveResult::Success);
    let (c, o) = save(c, 9);
    assert_eq!(o.result, DeathSaveResult::Failure);
    let (c, _) = save(c, 15);
    let (c, _) = save(c, 12);
    let d = c.vitals().unwrap().death;
    assert_eq!((d.successes, d.failures, d.stable), (3, 1, true));
    // Stable: no more saves, still Unconscious at 0.
    assert!(c.conditions().contains(&Condition::Unconscious));
    let e = c
        .death_save(RollMode::Normal, 0, &mut Scripted::new(&[10]))
        .unwrap_err();
    assert_eq!(e.code(), "not_dying");
}

#[test]
fn death_saves_a_natural_one_counts_twice_and_three_failures_kill() {
    let (c, o) = save(dying(), 1);
    assert_eq!(o.result, DeathSaveResult::TwoFailures);
    assert_eq!(c.vitals().unwrap().death.failures, 2);
    let (c, _) = save(c, 5);
    assert!(c.vitals().unwrap().death.dead);
    assert_eq!(c.heal(10).unwrap_err().code(), "dead");
    assert_eq!(c.try_long_rest().unwrap_err().code(), "dead");
    assert_eq!(
        c.death_save(RollMode::Normal, 0, &mut Scripted::new(&[20]))
            .unwrap_err()
            .code(),
        "dead"
    );
}

#[test]
fn death_saves_a_natural_twenty_regains_one_hit_point_and_wakes() {
    let (c, _) = save(dying(), 3);
    let (c, o) = save(c, 20);
    assert_eq!(o.result, DeathSaveResult::Revived);
    let v = c.vitals().unwrap();
    assert_eq!(v.hp, 1);
    assert!(v.death.is_clear(), "the counts reset");
    assert!(!c.conditions().contains(&Condition::Unconscious));
}

#[test]
fn death_saves_damage_at_zero_is_a_failure_and_a_critical_hit_two() {
    let c = dying();
    let c = applied(
        c.clone(),
        &c.take_damage(4, &mut Scripted::new(&[10])).events,
    );
    assert_eq!(c.vitals().unwrap().death.failures, 1);
    let hit = c.take_hit(4, true, RollMode::Normal, &[], &mut Scripted::new(&[10]));
    let c = applied(c, &hit.events);
    let d = c.vitals().unwrap().death;
    assert_eq!((d.failures, d.dead), (3, true));
}

#[test]
fn death_saves_damage_ends_stable() {
    let c = dying();
    let c = applied(
        c.clone(),
        &c.stabilize(&mut Scripted::new(&[2])).unwrap().events,
    );
    assert!(c.vitals().unwrap().death.stable);
    let c = applied(
        c.clone(),
        &c.take_damage(1, &mut Scripted::new(&[10])).events,
    );
    let d = c.vitals().unwrap().death;
    assert_eq!((d.stable, d.failures), (false, 1));
}

#[test]
fn death_saves_a_stable_creature_regains_one_hit_point_after_1d4_hours() {
    // The d4 rolls 2: two hours.
    let c = dying();
    let c = applied(
        c.clone(),
        &c.stabilize(&mut Scripted::new(&[2])).unwrap().events,
    );
    let hour = TimeSpan::hours(1).rounds();
    let c = applied(c.clone(), &c.wait(hour).events);
    assert_eq!(c.vitals().unwrap().hp, 0, "one hour is not enough");
    let c = applied(c.clone(), &c.wait(hour).events);
    let v = c.vitals().unwrap();
    assert_eq!(v.hp, 1);
    assert!(v.death.is_clear());
    assert!(!c.conditions().contains(&Condition::Unconscious));
    // Three successes roll the d4 too: the third success, then a 4.
    let (c, _) = save(dying(), 10);
    let (c, _) = save(c, 10);
    let o = c
        .death_save(RollMode::Normal, 0, &mut Scripted::new(&[10, 4]))
        .unwrap();
    assert_eq!(o.death.wakes_at, Some(c.now() + 4 * hour));
}

#[test]
fn death_saves_massive_damage_kills_outright() {
    // 30 hit points: 60 damage leaves 30 to deal after dropping to 0.
    let c = cleric(5);
    let c = applied(c.clone(), &c.set_vitals(30, 16, None, None).unwrap().events);
    let c60 = applied(
        c.clone(),
        &c.take_damage(60, &mut Scripted::new(&[10])).events,
    );
    assert!(c60.vitals().unwrap().death.dead);
    let c59 = applied(
        c.clone(),
        &c.take_damage(59, &mut Scripted::new(&[10])).events,
    );
    assert!(
        !c59.vitals().unwrap().death.dead,
        "29 left over is not enough"
    );
    // At 0 already, a single blow of the maximum kills.
    let d = dying();
    let d = applied(
        d.clone(),
        &d.take_damage(30, &mut Scripted::new(&[10])).events,
    );
    assert!(d.vitals().unwrap().death.dead);
}

#[test]
fn death_saves_any_healing_resets_them_and_wakes() {
    let (c, _) = save(dying(), 2);
    let (c, _) = save(c, 14);
    let c = applied(c.clone(), &c.heal(3).unwrap().events);
    let v = c.vitals().unwrap();
    assert_eq!(v.hp, 3);
    assert!(v.death.is_clear());
    assert!(!c.conditions().contains(&Condition::Unconscious));
    assert_eq!(
        c.stabilize(&mut Scripted::new(&[1])).unwrap_err().code(),
        "not_dying"
    );
}

#[test]
fn hit_dice_one_per_level_sized_by_class_multiclass_too() {
    let c = caster(&[(Class::Paladin, 3), (Class::Warlock, 2)]);
    assert_eq!(c.hit_dice().each().collect::<Vec<_>>(), [(8, 2), (10, 3)]);
    assert_eq!(wizard(4).hit_dice().get(6), 4);
    assert_eq!(hit_die(Class::Ranger), 10);
    assert_eq!(hit_die(Class::Bard), 8);
    assert_eq!(hit_die(Class::Sorcerer), 6);
}

#[test]
fn hit_dice_fixed_maximum_is_a_whole_die_then_half_plus_one_with_constitution() {
    // Cleric 5, CON +2: 8+2, then four times 5+2.
    assert_eq!(cleric(5).fixed_max_hp(), 10 + 4 * 7);
    // Paladin 1 / Wizard 2: 10+2, then twice 4+2.
    let c = caster(&[(Class::Paladin, 1), (Class::Wizard, 2)]);
    assert_eq!(c.fixed_max_hp(), 12 + 2 * 6);
}

#[test]
fn hit_dice_spent_on_a_short_rest_add_constitution_and_a_long_rest_regains_them() {
    let c = cleric(5);
    let c = applied(
        c.clone(),
        &c.set_vitals(38, 16, Some(10), None).unwrap().events,
    );
    let spent = c
        .spend_hit_dice(HitDice::default().plus(8, 2), &mut Scripted::new(&[3, 6]))
        .unwrap();
    assert_eq!(
        spent.rolls.iter().map(|r| r.healed).collect::<Vec<_>>(),
        [5, 8]
    );
    let c = applied(c, &spent.outcome.events);
    assert_eq!(c.vitals().unwrap().hp, 23);
    assert_eq!(c.hit_dice_left().get(8), 3);
    let e = c
        .spend_hit_dice(HitDice::default().plus(8, 4), &mut Scripted::new(&[3]))
        .unwrap_err();
    assert_eq!(e.code(), "no_hit_dice_left");
    let c = applied(c.clone(), &c.long_rest().events);
    assert_eq!(c.hit_dice_left().get(8), 5, "all regained (2024)");
    assert_eq!(c.vitals().unwrap().hp, 38);
}

#[test]
fn hit_dice_a_die_gives_at_least_one_hit_point() {
    let scores = AbilityScores::new([10, 10, 3, 16, 10, 10]).unwrap();
    let c = Caster::new("Frail", &[(Class::Wizard, 2)], scores).unwrap();
    let c = applied(
        c.clone(),
        &c.set_vitals(10, 12, Some(2), None).unwrap().events,
    );
    let spent = c
        .spend_hit_dice(HitDice::default().plus(6, 1), &mut Scripted::new(&[1]))
        .unwrap();
    assert_eq!(spent.rolls[0].healed, 1, "1 - 4 still heals 1");
}
