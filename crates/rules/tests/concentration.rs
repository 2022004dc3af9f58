//! Concentration (R12, R15, supporting facts): one at a time, damage saves,
//! incapacitation.

mod support;

use grimoire_rules::*;
use support::*;

fn bless_three(c: &mut Caster) -> CastOutcome {
    let req = CastRequest::new()
        .target(Target::named("A"))
        .target(Target::named("B"))
        .target(Target::caster("Caster"));
    cast_ok(c, &bless(), &req, &mut Scripted::new(&[1]))
}

#[test]
fn r15_concentration_starts_with_a_concentration_spell() {
    let mut c = cleric(3);
    let out = bless_three(&mut c);
    assert!(out.resolution.concentration_started);
    let conc = c.concentration().unwrap();
    assert_eq!(conc.spell, id("bless"));
    assert_eq!(Some(conc.effect), out.resolution.effect);
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::ConcentrationStarted { .. }))
    );
}

#[test]
fn concentration_one_at_a_time_new_ends_old() {
    let mut w = warlock(5);
    let hex_req = CastRequest::new().target(Target::named("Orc"));
    let first = cast_ok(&mut w, &hex(), &hex_req, &mut Scripted::new(&[1]));
    w.apply_all(&w.end_turn().events);
    let second = cast_ok(
        &mut w,
        &hold_person(),
        &CastRequest::new().target(Target::named("Bandit")),
        &mut Scripted::new(&[1]),
    );
    assert_eq!(second.resolution.concentration_ended, Some(id("hex")));
    assert!(second.events.iter().any(|e| matches!(e, Event::SpellEnded { effect, reason: EndReason::ConcentrationEnded, .. } if Some(*effect) == first.resolution.effect)));
    assert_eq!(w.concentration().unwrap().spell, id("hold-person"));
    assert_eq!(w.ongoing().len(), 1);
}

#[test]
fn concentration_damage_save_dc_is_half_damage_min_10_max_30() {
    let mut c = cleric(3);
    bless_three(&mut c);
    // CON 14 (+2), no proficiency for a Cleric. 22 damage → DC 11; 9 + 2 = 11 keeps it.
    let kept = c.take_damage(22, &mut Scripted::new(&[9]));
    assert_eq!(kept.dc, Some(11));
    assert!(kept.concentration_kept);
    let lost = c.take_damage(8, &mut Scripted::new(&[7]));
    assert_eq!(lost.dc, Some(10));
    assert!(!lost.concentration_kept);
    c.apply_all(&lost.events);
    assert!(c.concentration().is_none());
    assert!(c.ongoing().is_empty(), "Bless ends with its Concentration");
    assert_eq!(
        c.take_damage(200, &mut Scripted::new(&[1])).dc,
        None,
        "no save without concentration"
    );
    assert_eq!(concentration_dc(200), 30);
}

#[test]
fn concentration_sorcerer_adds_proficiency_to_the_con_save() {
    let s = caster(&[(Class::Sorcerer, 5)]);
    assert_eq!(s.save_bonus(Ability::Constitution), 2 + 3);
    assert_eq!(wizard(5).save_bonus(Ability::Constitution), 2);
}

#[test]
fn concentration_ends_on_incapacitated() {
    let mut c = cleric(3);
    bless_three(&mut c);
    let out = c.add_condition(Condition::Incapacitated);
    assert!(out.events.iter().any(|e| matches!(
        e,
        Event::ConcentrationEnded {
            reason: EndReason::Incapacitated,
            ..
        }
    )));
    c.apply_all(&out.events);
    assert!(c.concentration().is_none());
    let mut d = cleric(3);
    bless_three(&mut d);
    d.apply_all(&d.add_condition(Condition::Unconscious).events);
    assert!(
        d.concentration().is_none(),
        "Unconscious includes Incapacitated"
    );
    let mut e = cleric(3);
    bless_three(&mut e);
    e.apply_all(&e.add_condition(Condition::Prone).events);
    assert!(e.concentration().is_some());
}

#[test]
fn concentration_can_be_dropped_at_will() {
    let mut c = cleric(3);
    assert_eq!(
        c.drop_concentration().unwrap_err().code(),
        "no_concentration"
    );
    bless_three(&mut c);
    c.apply_all(&c.drop_concentration().unwrap().events);
    assert!(c.concentration().is_none());
}

#[test]
fn concentration_save_can_take_bonuses_and_advantage() {
    let mut c = cleric(3);
    bless_three(&mut c);
    let d4 = [BonusAmount::Dice("1d4".parse().unwrap())];
    // DC 10, CON +2: a 6 fails alone; the d4 of 2 saves it.
    let out = c.take_damage_with(5, RollMode::Normal, &d4, &mut Scripted::new(&[6, 2]));
    assert!(out.concentration_kept);
    assert_eq!(out.roll.unwrap().total, 10);
    let out = c.take_damage_with(5, RollMode::Advantage, &[], &mut Scripted::new(&[2, 9]));
    assert!(out.concentration_kept);
}
