//! House rules (issue 15): a table may relax R10, R11 or R14 so that a
//! cast breaking them goes ahead with a warning; every other rule still
//! refuses, and a strict table is unchanged.

mod support;

use grimoire_rules::*;
use support::*;

fn relaxing(rules: &[Relaxable]) -> CastRequest {
    CastRequest {
        house_rules: HouseRules::relaxing(rules.iter().copied()),
        ..CastRequest::new()
    }
}

fn without_components(c: Caster) -> Caster {
    let mut eq = c.equipment().clone();
    eq.component_pouch = false;
    eq.free_hands = 0;
    let events = c.set_equipment(eq).events;
    applied(c, &events)
}

#[test]
fn r14_relaxed_casts_without_components_and_warns() {
    let w = without_components(wizard(5));
    // As written: no pouch for Fireball's material.
    assert_refused(
        &w,
        &fireball(),
        &CastRequest::new(),
        "missing_material",
        "R14c",
    );
    let out = allowed(&w, &fireball(), &relaxing(&[Relaxable::R14]));
    assert_eq!(
        out.resolution.waived.len(),
        1,
        "{:?}",
        out.resolution.waived
    );
    let warning = &out.resolution.waived[0];
    assert_eq!(warning.house_rule, Relaxable::R14);
    assert_eq!(
        (warning.code.as_str(), warning.rule.as_str()),
        ("missing_material", "R14c")
    );
    // The words are the front end's: the refusal travels with the warning.
    assert_eq!(
        warning.refusal.as_ref().map(RulesError::code),
        Some("missing_material")
    );
    // The slot is still spent (R3): only the component check was waived.
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::SlotExpended { .. }))
    );
}

#[test]
fn r14a_relaxed_lets_a_silenced_caster_speak() {
    let w = wizard(3);
    let silenced = applied(w.clone(), &w.set_silence(true, false).events);
    let out = allowed(&silenced, &magic_missile(), &relaxing(&[Relaxable::R14]));
    assert_eq!(out.resolution.waived[0].rule, "R14a");
}

#[test]
fn r10_relaxed_allows_a_second_slot_in_a_turn_with_a_warning() {
    // Healing Word with the Bonus Action, then Cure Wounds with the action.
    let mut c = cleric(5);
    cast_plain(&mut c, &healing_word());
    assert_refused(
        &c,
        &cure_wounds(),
        &CastRequest::new(),
        "one_slot_per_turn",
        "R10",
    );
    let before = c.slots().remaining(slot(1));
    let out = cast_ok(
        &mut c,
        &cure_wounds(),
        &relaxing(&[Relaxable::R10]),
        &mut Scripted::new(&[1]),
    );
    assert_eq!(out.resolution.waived[0].code, "one_slot_per_turn");
    assert_eq!(out.resolution.waived[0].rule, "R10");
    assert_eq!(
        c.slots().remaining(slot(1)),
        before - 1,
        "R3: a slot is spent"
    );
}

#[test]
fn r11_relaxed_lets_a_reaction_pass_without_naming_the_trigger() {
    let w = wizard(3);
    let req = CastRequest::new().using(ActionKind::Reaction);
    assert_refused(&w, &shield(), &req, "missing_trigger", "R11");
    let relaxed = CastRequest {
        house_rules: HouseRules::relaxing([Relaxable::R11]),
        ..req
    };
    let out = allowed(&w, &shield(), &relaxed);
    assert_eq!(out.resolution.waived[0].rule, "R11");
}

#[test]
fn relaxing_one_rule_leaves_the_others_refusing() {
    let mut w = without_components(wizard(5));
    // R14 relaxed does not lift R10.
    cast_ok(
        &mut w,
        &magic_missile(),
        &relaxing(&[Relaxable::R14]),
        &mut Scripted::new(&[1]),
    );
    assert_refused(
        &w,
        &magic_missile(),
        &relaxing(&[Relaxable::R14]),
        "one_slot_per_turn",
        "R10",
    );
    // R10 relaxed does not lift R14, nor R3 when no slot is left.
    assert_refused(
        &without_components(wizard(5)),
        &magic_missile(),
        &relaxing(&[Relaxable::R10]),
        "no_free_hand",
        "R14b",
    );
    let mut spent = wizard(1);
    cast_turns(&mut spent, &magic_missile(), 2);
    assert_refused(
        &spent,
        &magic_missile(),
        &relaxing(&Relaxable::ALL),
        "no_slot_available",
        "R3",
    );
}

#[test]
fn a_strict_table_gets_no_warnings() {
    let w = wizard(5);
    let out = allowed(&w, &fireball(), &CastRequest::new());
    assert!(out.resolution.waived.is_empty());
    // A relaxed rule the cast does not break warns of nothing.
    let out = allowed(&w, &fireball(), &relaxing(&Relaxable::ALL));
    assert!(out.resolution.waived.is_empty());
}

#[test]
fn check_cast_waiving_reports_what_a_cast_would_waive() {
    let w = without_components(wizard(5));
    let waived = check_cast_waiving(&w, &fireball(), &relaxing(&[Relaxable::R14])).unwrap();
    assert_eq!(waived.len(), 1);
    assert_eq!(
        check_cast(&w, &fireball(), &CastRequest::new())
            .unwrap_err()
            .rule(),
        Some("R14c")
    );
}
