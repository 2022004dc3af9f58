//! Rule gaps an independent suite found (issue 12), each named by its rule.

mod support;

use grimoire_rules::*;
use support::*;

fn off_turn() -> CastRequest {
    let mut req = CastRequest::new();
    req.off_turn = true;
    req
}

fn reaction(trigger: &str) -> CastRequest {
    let mut req = off_turn().using(ActionKind::Reaction);
    req.trigger = Some(trigger.into());
    req
}

#[test]
fn r10_off_turn_does_not_free_a_second_slot_for_a_non_reaction_spell() {
    let mut w = wizard(3);
    cast_plain(&mut w, &magic_missile());
    // Asserting "off turn" is no way around R10 for a Magic-action spell.
    let err = refusal(&w, &magic_missile(), &off_turn());
    assert_eq!(err.rule(), Some("R11"), "{err}");
    // Nor on a fresh turn: only a Reaction is cast on another's turn.
    let fresh = wizard(3);
    assert_refused(
        &fresh,
        &magic_missile(),
        &off_turn(),
        "not_a_reaction",
        "R11",
    );
}

#[test]
fn r10_a_reaction_on_another_turn_spends_its_slot_outside_the_turn_count() {
    let mut w = wizard(3);
    cast_plain(&mut w, &magic_missile());
    let out = cast_ok(
        &mut w,
        &shield(),
        &reaction("hit by an arrow"),
        &mut Scripted::new(&[1]),
    );
    assert_eq!(out.resolution.slot.map(|s| s.level), Some(slot(1)));
    assert_eq!(w.slots().remaining(slot(1)), 2);
}

#[test]
fn r12_a_reaction_without_concentration_can_be_cast_during_a_longer_casting() {
    let mut w = wizard(3);
    cast_ok(
        &mut w,
        &detect_magic(),
        &CastRequest::new().as_ritual(),
        &mut Scripted::new(&[1]),
    );
    assert!(w.long_cast().is_some());
    w.apply_all(&w.end_turn().events);
    // Shield uses the reaction, not the Magic action, and needs no
    // Concentration: the ritual goes on.
    cast_ok(
        &mut w,
        &shield(),
        &reaction("hit by a goblin's scimitar"),
        &mut Scripted::new(&[1]),
    );
    assert!(w.long_cast().is_some(), "the longer casting continues");
    assert_eq!(w.concentration().unwrap().effect, EffectId::LONG_CAST);
    // A Magic-action spell still waits for the casting to end.
    assert_refused(
        &w,
        &magic_missile(),
        &CastRequest::new(),
        "casting_in_progress",
        "R12",
    );
}

#[test]
fn r22_only_a_spell_in_effect_at_the_table_can_be_studied() {
    let mut cleric = cleric(3);
    let w = wizard(3);
    let err = Caster::check_in_effect(&bless(), [&w, &cleric].into_iter()).unwrap_err();
    assert_eq!((err.code(), err.rule()), ("not_in_effect", Some("R22")));
    cast_ok(
        &mut cleric,
        &bless(),
        &CastRequest::new().target(Target::named("Elmira")),
        &mut Scripted::new(&[1]),
    );
    assert!(Caster::check_in_effect(&bless(), [&w, &cleric].into_iter()).is_ok());
    // An instantaneous spell is never in effect.
    let err = Caster::check_in_effect(&fireball(), [&w, &cleric].into_iter()).unwrap_err();
    assert_eq!(err.code(), "not_ongoing");
}

#[test]
fn r5b_not_prepared_cites_the_ritual_rule_only_for_a_ritual() {
    let unprepared = wizard(3);
    let mut spell = detect_magic();
    spell.id = id("detect-magic-unprepared");
    let err = refusal(&unprepared, &spell, &CastRequest::new());
    assert_eq!((err.code(), err.rule()), ("not_prepared", None), "{err}");
    assert!(!err.to_string().starts_with("R5b"), "{err}");
    let err = refusal(&unprepared, &spell, &CastRequest::new().as_ritual());
    assert_eq!((err.code(), err.rule()), ("not_prepared", Some("R5b")));
}
