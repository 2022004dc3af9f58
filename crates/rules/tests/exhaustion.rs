//! Exhaustion in the 2024 rules (Rules Glossary, SRD 5.2): levels 1 to 6,
//! −2 a level on every d20 Test the engine rolls (saving throws,
//! Concentration saves, spell attacks, death saves), 5 feet a level off
//! Speed, a Long Rest takes a level off, level 6 kills.

mod support;

use grimoire_rules::*;
use support::*;

fn exhausted(c: Caster, level: u8) -> Caster {
    let out = c.set_exhaustion(level);
    applied(c, &out.events)
}

#[test]
fn exhaustion_takes_two_a_level_off_saving_throws_but_not_the_save_dc() {
    let c = cleric(5);
    let wis = c.save_bonus(Ability::Wisdom);
    let dc = c.save_dc(Class::Cleric);
    let c = exhausted(c, 2);
    assert_eq!(c.exhaustion_level(), 2);
    assert!(c.conditions().contains(&Condition::Exhaustion));
    assert_eq!(c.save_bonus(Ability::Wisdom), wis - 4);
    assert_eq!(c.as_target().save(Ability::Wisdom), wis - 4);
    assert_eq!(c.save_dc(Class::Cleric), dc, "a DC is no d20 Test");
}

#[test]
fn exhaustion_counts_on_the_concentration_save_and_the_death_save() {
    // CON 14 (+2), no proficiency: the save is d20 + 2 − 2.
    let mut c = exhausted(cleric(5), 1);
    cast_ok(
        &mut c,
        &bless(),
        &CastRequest::new().target(Target::named("Caster")),
        &mut Scripted::new(&[1]),
    );
    assert!(c.concentration().is_some());
    let out = c.take_damage(4, &mut Scripted::new(&[9]));
    assert_eq!(out.roll.unwrap().total, 9 + 2 - 2);
    assert!(!out.concentration_kept, "9 is below DC 10");
    let c = applied(
        c.clone(),
        &c.set_vitals(30, 16, Some(0), None).unwrap().events,
    );
    // A 10 less 2 is a failure.
    let o = c
        .death_save(
            RollMode::Normal,
            i64::from(c.d20_penalty()),
            &mut Scripted::new(&[10]),
        )
        .unwrap();
    assert_eq!(o.result, DeathSaveResult::Failure);
    assert_eq!(o.roll.total, 8);
}

#[test]
fn exhaustion_a_spell_attack_rolls_lower() {
    let mut c = exhausted(wizard(5), 3);
    let req = CastRequest::new().target(Target::named("Goblin").with_ac(12));
    let out = cast_ok(&mut c, &fire_bolt(), &req, &mut Scripted::new(&[10, 5]));
    let attack = out
        .resolution
        .rolls
        .iter()
        .find(|r| r.label.is_attack())
        .unwrap();
    // INT 16 (+3), proficiency +3, less 6.
    assert_eq!(attack.total, 10 + 6 - 6, "{attack:?}");
}

#[test]
fn exhaustion_a_long_rest_takes_a_level_off_and_level_six_kills() {
    let c = exhausted(cleric(5), 2);
    let c = applied(c.clone(), &c.long_rest().events);
    assert_eq!(c.exhaustion_level(), 1);
    let c = applied(c.clone(), &c.wait(TimeSpan::hours(16).rounds()).events);
    let c = applied(c.clone(), &c.long_rest().events);
    assert_eq!(c.exhaustion_level(), 0);
    assert!(!c.conditions().contains(&Condition::Exhaustion));
    let c = applied(c.clone(), &c.set_vitals(30, 16, None, None).unwrap().events);
    let c = exhausted(c, 6);
    let v = c.vitals().unwrap();
    assert_eq!((v.hp, v.death.dead), (0, true));
}

#[test]
fn exhaustion_takes_five_feet_a_level_off_speed() {
    let c = cleric(5);
    assert_eq!((c.speed_penalty_ft(), c.speed_from(30)), (0, 30));
    let c = exhausted(c, 1);
    assert_eq!((c.speed_penalty_ft(), c.speed_from(30)), (5, 25));
    let c = exhausted(c, 4);
    assert_eq!((c.speed_penalty_ft(), c.speed_from(35)), (20, 15));
    // Level 5 takes 25 feet: a Speed of 20 is left at 0, not below.
    let c = exhausted(c, 5);
    assert_eq!(c.speed_from(20), 0);
    // The Long Rest's level off gives 5 feet back.
    let c = applied(c.clone(), &c.long_rest().events);
    assert_eq!(c.speed_penalty_ft(), 20);
}
