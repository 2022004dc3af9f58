//! R22: identifying a spell in effect.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn r22_study_action_dc_15_intelligence_arcana() {
    let w = wizard(3); // INT 16: +3
    let out = w
        .identify(&bless(), None, &mut Scripted::new(&[12]))
        .unwrap();
    assert_eq!((out.dc, out.roll.total, out.success), (15, 15, true));
    assert_eq!(out.spell, Some(id("bless")));
    assert_eq!(
        out.events,
        vec![Event::ActionUsed {
            action: ActionKind::Action
        }]
    );
    let out = w
        .identify(&bless(), None, &mut Scripted::new(&[11]))
        .unwrap();
    assert!(!out.success);
    assert_eq!(out.spell, None);
    let out = w
        .identify(&bless(), Some(5), &mut Scripted::new(&[10]))
        .unwrap();
    assert!(out.success, "Arcana proficiency counts");
}

#[test]
fn r22_instantaneous_spells_cannot_be_identified() {
    let err = wizard(3)
        .identify(&fireball(), None, &mut Scripted::new(&[20]))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("not_ongoing", Some("R22")));
}

#[test]
fn r22_study_needs_the_action() {
    let mut w = wizard(3);
    cast_plain(&mut w, &magic_missile());
    assert_eq!(
        w.identify(&bless(), None, &mut Scripted::new(&[20]))
            .unwrap_err()
            .code(),
        "action_unavailable"
    );
}
