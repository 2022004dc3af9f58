//! R4 and rests: what each rest restores.

mod support;

use grimoire_rules::*;
use support::*;

fn spend_everything(c: &mut Caster) {
    for level in SlotLevel::ALL {
        while c.slots().remaining(level) > 0 {
            let req = CastRequest {
                slot_kind: SlotKind::Regular,
                ..CastRequest::new().at_slot(level)
            };
            cast_ok(c, &magic_missile(), &req, &mut Scripted::new(&[1]));
            c.apply_all(&c.end_turn().events);
        }
    }
}

#[test]
fn r4_long_rest_restores_all_expended_slots() {
    let mut w = wizard(9);
    spend_everything(&mut w);
    assert_eq!(w.slots().remaining_all(), [0; 9]);
    w.apply_all(&w.long_rest().events);
    assert_eq!(w.slots().remaining_all(), w.slots().totals());
    assert!(w.slots().is_full());
}

#[test]
fn short_rest_restores_pact_slots_but_not_regular_ones() {
    let mut mc = caster(&[(Class::Wizard, 3), (Class::Warlock, 2)]);
    spend_everything(&mut mc);
    let pact = CastRequest {
        slot_kind: SlotKind::Pact,
        ..CastRequest::new()
    };
    for _ in 0..2 {
        cast_ok(&mut mc, &magic_missile(), &pact, &mut Scripted::new(&[1]));
        mc.apply_all(&mc.end_turn().events);
    }
    assert_eq!(mc.pact_slots().unwrap().remaining(), 0);
    mc.apply_all(&mc.short_rest().events);
    assert_eq!(mc.pact_slots().unwrap().remaining(), 2);
    assert_eq!(mc.slots().remaining_all(), [0; 9]);
}

#[test]
fn short_rest_restores_short_rest_features_only() {
    let mut w = wizard(3);
    w.apply_all(
        &w.add_feature(LimitedUse::new(
            "Short",
            vec![id("misty-step")],
            1,
            Recharge::ShortRest,
        ))
        .events,
    );
    w.apply_all(
        &w.add_feature(LimitedUse::new(
            "Long",
            vec![id("misty-step")],
            1,
            Recharge::LongRest,
        ))
        .events,
    );
    for name in ["Short", "Long"] {
        let req = CastRequest::new().with_mode(CastMode::Feature(name.into()));
        cast_ok(&mut w, &misty_step(), &req, &mut Scripted::new(&[1]));
        w.apply_all(&w.end_turn().events);
    }
    w.apply_all(&w.short_rest().events);
    assert_eq!(w.features()[0].remaining(), 1);
    assert_eq!(w.features()[1].remaining(), 0);
    w.apply_all(&w.long_rest().events);
    assert_eq!(w.features()[1].remaining(), 1);
}

#[test]
fn r4_long_rest_restores_mystic_arcanum() {
    let w = warlock(17);
    assert_eq!(
        w.arcanum()
            .iter()
            .map(|a| a.level.get())
            .collect::<Vec<_>>(),
        vec![6, 7, 8, 9]
    );
    assert_eq!(w.pact_slots().unwrap().total(), 4);
}

/// The Rules Glossary's Long Rest: after finishing one a creature waits
/// 16 hours before starting the next, so no more than one Long Rest
/// benefits it in 24 hours.
#[test]
fn r4_a_second_long_rest_within_24_hours_is_refused() {
    let mut w = wizard(5);
    w.apply_all(&w.try_long_rest().unwrap().events);
    spend_everything(&mut w);
    let before = w.clone();
    let err = w.try_long_rest().unwrap_err();
    assert_eq!(err.code(), "long_rest_too_soon");
    assert_eq!(err.rule(), Some("R4"));
    assert!(
        err.args()
            .iter()
            .any(|(k, v)| *k == "hours_left" && *v == Arg::Number(16))
    );
    // Refused: nothing changed, the slots stay spent.
    assert_eq!(w, before);
    assert_eq!(w.slots().remaining_all(), [0; 9]);
}

#[test]
fn r4_a_long_rest_starts_again_once_16_hours_have_passed() {
    let mut w = wizard(5);
    w.apply_all(&w.try_long_rest().unwrap().events);
    spend_everything(&mut w);
    // 15 hours and 59 minutes are not enough: one hour is still to wait.
    w.apply_all(&w.wait(TimeSpan::hours(16).rounds() - 10).events);
    let err = w.try_long_rest().unwrap_err();
    assert!(
        err.args()
            .iter()
            .any(|(k, v)| *k == "hours_left" && *v == Arg::Number(1))
    );
    w.apply_all(&w.wait(10).events);
    assert_eq!(w.long_rest_wait(), 0);
    w.apply_all(&w.try_long_rest().unwrap().events);
    assert!(w.slots().is_full());
}

#[test]
fn r4_the_first_long_rest_is_never_too_soon() {
    let w = wizard(1);
    assert_eq!(w.long_rest_wait(), 0);
    assert!(w.try_long_rest().is_ok());
}

#[test]
fn r4_a_short_rest_is_not_limited_by_the_long_rest_wait() {
    let mut w = wizard(3);
    w.apply_all(&w.try_long_rest().unwrap().events);
    w.apply_all(&w.short_rest().events);
    w.apply_all(&w.short_rest().events);
    // Two hours went by: fourteen are still to wait.
    assert_eq!(w.long_rest_wait(), TimeSpan::hours(14).rounds());
}
