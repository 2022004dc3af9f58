//! R1, R7, R16: the spell model itself, and the Czech side of it.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn r2_a_slot_level_the_caster_lacks_is_named_with_its_rule() {
    let err = cast(
        &wizard(1),
        &magic_missile(),
        &CastRequest::new().at_slot(slot(2)),
        &mut Scripted::new(&[1]),
    )
    .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("no_such_slot", Some("R2")));
    assert_eq!(err.args()[0], ("level", Arg::Number(2)), "{err}");
}

#[test]
fn r16_every_fixture_spell_survives_its_own_validation() {
    for spell in all_spells() {
        assert_eq!(SpellId::new(spell.id.as_str()).unwrap(), spell.id);
        assert!(spell.effect.instances >= 1, "{}", spell.name);
        assert_eq!(spell.is_concentration(), spell.duration.is_concentration());
    }
}

#[test]
fn r1_r7_spells_keep_their_czech_names() {
    assert_eq!(cone_of_cold().name_cs.as_deref(), Some("Ledový kužel"));
    assert_eq!(
        Components {
            verbal: true,
            somatic: true,
            material: None
        }
        .to_string(),
        "V, S"
    );
}
