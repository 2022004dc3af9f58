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

fn with_fireball_scroll(mut c: Caster) -> (Caster, CastRequest) {
    c.apply_all(&c.add_item(MagicItem::scroll(id("fireball"), lvl(3))).events);
    let name = c.items()[0].name.clone();
    let req = CastRequest::new()
        .with_mode(CastMode::Item(name))
        .target(Target::named("Orc").with_save(Ability::Dexterity, 0));
    (c, req)
}

/// 2024 Spell Scroll: a Cleric cannot read a Fireball scroll (not on any of
/// its class lists); the scroll is kept.
#[test]
fn r5d_a_scroll_spell_must_be_on_one_of_the_casters_class_lists() {
    let (c, req) = with_fireball_scroll(cleric(5));
    assert_refused(&c, &fireball(), &req, "not_on_class_list", "R8");
    assert_eq!(c.items().len(), 1);
}

/// 2024 Spell Scroll: a spell above the levels the caster can cast needs a
/// spellcasting ability check, DC 10 + its level; on a failure the scroll
/// is used up and the spell fades with no effect.
#[test]
fn r5d_a_scroll_above_the_casters_levels_needs_a_check_and_can_fade() {
    let (mut c, req) = with_fireball_scroll(wizard(1));
    // 5 + 3 (Intelligence) = 8 against DC 13: the spell fades.
    let out = cast_ok(&mut c, &fireball(), &req, &mut Scripted::new(&[5]));
    assert_eq!(out.resolution.rolls.len(), 1, "{:?}", out.resolution.rolls);
    assert_eq!(
        out.resolution.rolls[0].label,
        RollLabel::ScrollCheck { dc: 13 }
    );
    assert_eq!(out.resolution.rolls[0].total, 8);
    assert!(out.resolution.targets.is_empty());
    assert_eq!(out.resolution.notes, [Note::ScrollFailed]);
    assert!(c.items().is_empty(), "the scroll is used up");
    assert_eq!(c.slots().remaining(slot(1)), 2, "no slot spent");
}

/// A scroll spell the caster could cast anyway needs no check.
#[test]
fn r5d_a_scroll_within_the_casters_levels_needs_no_check() {
    let (mut c, req) = with_fireball_scroll(wizard(5));
    let out = cast_ok(&mut c, &fireball(), &req, &mut Scripted::new(&[2]));
    assert!(
        out.resolution
            .rolls
            .iter()
            .all(|r| !matches!(r.label, RollLabel::ScrollCheck { .. })),
        "{:?}",
        out.resolution.rolls
    );
    assert_eq!(out.resolution.targets.len(), 1);
}
