//! R14: verbal, somatic and material components; pouch and focus.

mod support;

use grimoire_rules::*;
use support::*;

fn with_equipment(c: Caster, f: impl FnOnce(&mut Equipment)) -> Caster {
    let mut eq = c.equipment().clone();
    f(&mut eq);
    let events = c.set_equipment(eq).events;
    applied(c, &events)
}

#[test]
fn r14a_silenced_caster_cannot_cast_verbal_spell() {
    let w = wizard(3);
    let silenced = applied(w.clone(), &w.set_silence(true, false).events);
    assert_refused(
        &silenced,
        &magic_missile(),
        &CastRequest::new(),
        "silenced",
        "R14a",
    );
    let in_silence = applied(w.clone(), &w.set_silence(false, true).events);
    assert_eq!(
        refusal(&in_silence, &magic_missile(), &CastRequest::new()).code(),
        "silenced"
    );
}

#[test]
fn r14a_silence_does_not_stop_spells_without_v() {
    let w = wizard(3);
    let silenced = applied(w.clone(), &w.set_silence(true, true).events);
    let mut spell = magic_missile();
    spell.components.verbal = false;
    allowed(&silenced, &spell, &CastRequest::new());
}

#[test]
fn r14b_somatic_needs_a_free_hand() {
    let w = with_equipment(wizard(3), |e| e.free_hands = 0);
    assert_refused(
        &w,
        &magic_missile(),
        &CastRequest::new(),
        "no_free_hand",
        "R14b",
    );
    // Misty Step is V only.
    allowed(&w, &misty_step(), &CastRequest::new());
}

#[test]
fn r14c_component_pouch_stands_in_for_costless_material() {
    let w = wizard(5);
    allowed(&w, &fireball(), &CastRequest::new());
    let no_pouch = with_equipment(w.clone(), |e| e.component_pouch = false);
    assert_refused(
        &no_pouch,
        &fireball(),
        &CastRequest::new(),
        "missing_material",
        "R14c",
    );
    // The pouch needs a free hand to reach into.
    let full_hands = with_equipment(w, |e| e.free_hands = 0);
    assert_eq!(
        refusal(&full_hands, &fireball(), &CastRequest::new()).code(),
        "no_free_hand"
    );
}

#[test]
fn r14c_held_focus_replaces_material_and_its_hand_does_somatic() {
    let w = with_equipment(wizard(5), |e| {
        e.component_pouch = false;
        e.focus = Focus::Held;
        e.free_hands = 0;
    });
    allowed(&w, &fireball(), &CastRequest::new());
    // Without M the focus does nothing for S.
    assert_eq!(
        refusal(&w, &magic_missile(), &CastRequest::new()).code(),
        "no_free_hand"
    );
    let stowed = with_equipment(w, |e| e.focus = Focus::Stowed);
    assert_eq!(
        refusal(&stowed, &fireball(), &CastRequest::new()).code(),
        "missing_material"
    );
}

#[test]
fn r14c_costly_material_must_be_carried() {
    let c = cleric(5);
    assert_eq!(
        refusal(
            &c,
            &revivify(),
            &CastRequest::new().target(Target::named("Fallen"))
        )
        .code(),
        "missing_material"
    );
    let focus = with_equipment(c.clone(), |e| e.focus = Focus::Held);
    assert_eq!(
        refusal(&focus, &revivify(), &CastRequest::new()).code(),
        "missing_material"
    );
    let rich = with_equipment(c, |e| e.materials.push("diamond worth 300+ GP".into()));
    allowed(&rich, &revivify(), &CastRequest::new());
}

#[test]
fn r14c_material_is_not_consumed_unless_the_spell_says_so() {
    let mut fixture = fireball();
    assert!(!fixture.components.material.as_ref().unwrap().consumed);
    fixture.components.material = Some(Material {
        text: "x".into(),
        cost_gp: None,
        consumed: true,
    });
    assert!(!fixture.components.material.unwrap().substitutable());
    assert!(revivify().components.material.unwrap().consumed);
}

#[test]
fn r14c_consumed_material_is_used_up() {
    let mut c = with_equipment(cleric(5), |e| {
        e.materials = vec!["diamond worth 300+ GP".into(), "sprig of mistletoe".into()];
    });
    let out = cast_ok(
        &mut c,
        &revivify(),
        &CastRequest::new().target(Target::named("Fallen")),
        &mut Scripted::new(&[1]),
    );
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::MaterialConsumed { .. }))
    );
    assert_eq!(
        c.equipment().materials,
        vec!["sprig of mistletoe".to_string()]
    );
    c.apply_all(&c.end_turn().events);
    assert_eq!(
        refusal(&c, &revivify(), &CastRequest::new()).code(),
        "missing_material"
    );
    // Fireball's material is not consumed: nothing is removed.
    let mut w = with_equipment(wizard(5), |e| {
        e.materials = vec!["bat guano and sulfur".into()]
    });
    cast_plain(&mut w, &fireball());
    assert_eq!(w.equipment().materials.len(), 1);
}
