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

/// The 2024 Wizard table: how many level-1+ spells a Wizard prepares at
/// each level. It follows the Cleric's up to level 13 and then parts
/// from it (18 at 14, up to 25 at 20).
#[test]
fn wizard_prepared_spells_follow_the_2024_wizard_table() {
    let wizard = [
        4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 16, 17, 18, 19, 21, 22, 23, 24, 25,
    ];
    for (i, want) in wizard.iter().enumerate() {
        let level = u8::try_from(i + 1).unwrap();
        assert_eq!(Class::Wizard.prepared_spells(level), *want, "level {level}");
    }
    // The Cleric keeps its own table: 17 at level 14, 22 at level 20.
    assert_eq!(Class::Cleric.prepared_spells(13), 17);
    assert_eq!(Class::Cleric.prepared_spells(14), 17);
    assert_eq!(Class::Cleric.prepared_spells(20), 22);
}

/// Distinct level-1 Wizard spells, made from Magic Missile.
fn wizard_spells(n: usize) -> Vec<Spell> {
    (0..n)
        .map(|i| {
            let mut s = magic_missile();
            s.id = id(&format!("missile-{i}"));
            s.name = format!("Missile {i}");
            s
        })
        .collect()
}

fn prepare_all(c: &mut Caster, spells: &[Spell]) -> Result<(), RulesError> {
    for s in spells {
        let out = c.prepare(s)?;
        c.apply_all(&out.events);
    }
    Ok(())
}

#[test]
fn a_wizard_14_prepares_an_eighteenth_spell_and_no_more() {
    let spells = wizard_spells(19);
    let mut w = bare_wizard(14);
    prepare_all(&mut w, &spells[..18]).unwrap();
    let err = prepare_all(&mut w, &spells[18..]).unwrap_err();
    assert_eq!(err.code(), "too_many_prepared");
    assert_eq!(w.prepared().len(), 18);
    // A Cleric 14 stops at 17 (its table did not change).
    let mut c = cleric(14);
    let mut healing = Vec::new();
    for i in 0..18 {
        let mut s = cure_wounds();
        s.id = id(&format!("cure-{i}"));
        s.name = format!("Cure {i}");
        healing.push(s);
    }
    let before = c.prepared().len();
    let room = 17 - before;
    prepare_all(&mut c, &healing[..room]).unwrap();
    assert_eq!(
        prepare_all(&mut c, &healing[room..=room])
            .unwrap_err()
            .code(),
        "too_many_prepared"
    );
}

#[test]
fn a_wizard_20_prepares_25_spells() {
    let spells = wizard_spells(26);
    let mut w = bare_wizard(20);
    prepare_all(&mut w, &spells[..25]).unwrap();
    assert_eq!(
        prepare_all(&mut w, &spells[25..]).unwrap_err().code(),
        "too_many_prepared"
    );
}
