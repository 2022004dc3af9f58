//! R15: durations expire with time; dismissing unless Incapacitated.

mod support;

use grimoire_rules::*;
use support::*;

/// Casts Mage Armor on the caster itself and applies it.
fn mage_armor_on_self(w: &mut Caster) -> CastOutcome {
    let req = CastRequest::new().target(Target::caster("Caster"));
    cast_ok(w, &mage_armor(), &req, &mut Scripted::new(&[1]))
}

#[test]
fn r15_instantaneous_spell_leaves_nothing_running() {
    let mut w = wizard(3);
    let out = cast_plain(&mut w, &magic_missile());
    assert_eq!(out.resolution.effect, None);
    assert!(w.ongoing().is_empty());
}

#[test]
fn r15_time_span_expires_after_its_rounds() {
    let mut c = cleric(3);
    let req = CastRequest::new().target(Target::named("A"));
    cast_ok(&mut c, &bless(), &req, &mut Scripted::new(&[1]));
    c.apply_all(&c.advance_time(TimeSpan::rounds_of(9)).events);
    assert_eq!(c.ongoing().len(), 1, "one minute is ten rounds");
    let out = c.advance_time(TimeSpan::rounds_of(1));
    assert!(out.events.iter().any(|e| matches!(
        e,
        Event::SpellEnded {
            reason: EndReason::Expired,
            ..
        }
    )));
    c.apply_all(&out.events);
    assert!(c.ongoing().is_empty());
    assert!(c.concentration().is_none());
}

#[test]
fn r15_timed_spell_can_be_dismissed_without_an_action() {
    let mut w = wizard(3);
    let out = mage_armor_on_self(&mut w);
    let effect = out.resolution.effect.unwrap();
    let turn = w.turn().clone();
    let dismissed = w.dismiss(effect).unwrap();
    w.apply_all(&dismissed.events);
    assert!(w.ongoing().is_empty());
    assert_eq!(w.turn(), &turn, "no action needed");
    assert_eq!(w.dismiss(effect).unwrap_err().code(), "unknown_effect");
}

#[test]
fn r15_incapacitated_caster_cannot_dismiss() {
    let mut w = wizard(3);
    let out = mage_armor_on_self(&mut w);
    w.apply_all(&w.add_condition(Condition::Incapacitated).events);
    let err = w.dismiss(out.resolution.effect.unwrap()).unwrap_err();
    assert_eq!((err.code(), err.rule()), ("incapacitated", Some("R15")));
}

#[test]
fn r15_eight_hours_lasts_through_a_short_rest_not_a_long_one() {
    let mut w = wizard(3);
    mage_armor_on_self(&mut w);
    w.apply_all(&w.short_rest().events);
    assert_eq!(w.ongoing().len(), 1);
    w.apply_all(&w.long_rest().events);
    assert!(w.ongoing().is_empty());
    assert_eq!(w.now(), TimeSpan::hours(9).rounds());
}
