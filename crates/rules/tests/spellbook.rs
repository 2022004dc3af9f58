//! The Wizard's spellbook (2024): spells are copied into it, a Wizard who
//! keeps one prepares from it (R8, R1), and casts its Ritual spells from it
//! without preparing them (R5b, Ritual Adept).

mod support;

use grimoire_rules::*;
use support::*;

fn bare_wizard(level: u8) -> Caster {
    let scores = AbilityScores::new([10, 14, 14, 16, 12, 10]).unwrap();
    let mut c = Caster::new("Zed", &[(Class::Wizard, level)], scores).unwrap();
    let mut equipment = c.equipment().clone();
    equipment.component_pouch = true;
    c.apply_all(&c.set_equipment(equipment).events);
    c
}

fn copy(c: &mut Caster, spell: &Spell) {
    let out = c.copy_to_spellbook(spell).unwrap();
    c.apply_all(&out.events);
}

#[test]
fn r8_r1_only_wizard_spells_the_wizard_can_prepare_go_in_the_book() {
    let c = bare_wizard(3);
    assert_eq!(
        c.copy_to_spellbook(&cure_wounds()).unwrap_err().code(),
        "not_on_class_list"
    );
    assert_eq!(
        c.copy_to_spellbook(&fireball()).unwrap_err().code(),
        "spell_level_too_high",
        "a Wizard 3 prepares up to level 2"
    );
    assert_eq!(
        c.copy_to_spellbook(&fire_bolt()).unwrap_err(),
        RulesError::InvalidRequest {
            reason: Invalid::CantripInSpellbook {
                spell: SpellName::of(&fire_bolt()),
            },
        },
        "cantrips are not kept in a spellbook"
    );
    assert_eq!(
        cleric(5)
            .copy_to_spellbook(&magic_missile())
            .unwrap_err()
            .code(),
        "no_spellbook"
    );
    // Copying twice changes nothing the second time.
    let mut c = c;
    copy(&mut c, &magic_missile());
    assert!(
        c.copy_to_spellbook(&magic_missile())
            .unwrap()
            .events
            .is_empty()
    );
}

#[test]
fn a_wizard_with_a_spellbook_prepares_only_from_it() {
    let mut c = bare_wizard(5);
    // Without a book (characters from before spellbooks) nothing changes.
    assert!(c.prepare(&magic_missile()).is_ok());
    copy(&mut c, &magic_missile());
    assert!(c.prepare(&magic_missile()).is_ok());
    let e = c.prepare(&fireball()).unwrap_err();
    assert_eq!(e.code(), "not_in_spellbook");
    assert_eq!(e.args(), vec![("spell", Arg::Name("Fireball".into()))]);
    copy(&mut c, &fireball());
    c.apply_all(&c.prepare(&fireball()).unwrap().events);
    assert!(c.is_prepared(&id("fireball")));
}

#[test]
fn r5b_a_wizard_casts_a_ritual_from_the_spellbook_unprepared() {
    let mut c = bare_wizard(3);
    let req = CastRequest::new().as_ritual();
    assert_eq!(
        refusal(&c, &detect_magic(), &req).code(),
        "not_prepared",
        "neither prepared nor in a book"
    );
    copy(&mut c, &detect_magic());
    assert!(!c.is_prepared(&id("detect-magic")));
    let before = c.slots().clone();
    let out = allowed(&c, &detect_magic(), &req);
    assert_eq!(out.resolution.slot, None);
    assert_eq!(c.slots(), &before);
    // As an ordinary cast it still has to be prepared.
    assert_eq!(
        refusal(&c, &detect_magic(), &CastRequest::new()).code(),
        "not_prepared"
    );
}
