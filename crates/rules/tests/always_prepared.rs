//! R8: spells a feature keeps always prepared (issue 31): outside the
//! prepared-spell limit, from any class's list, logged as events so a
//! replay rebuilds the same caster.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn r8_an_always_prepared_spell_off_the_list_is_cast_with_the_class_it_counts_as() {
    let mut c = cleric(3);
    assert_eq!(
        c.prepare(&magic_missile()).unwrap_err().code(),
        "not_on_class_list"
    );
    let out = c.prepare_always(&magic_missile(), None).unwrap();
    c.apply_all(&out.events);
    assert!(c.is_prepared(&id("magic-missile")));
    assert!(
        !c.prepared().contains(&id("magic-missile")),
        "outside the prepared list"
    );
    let cast = cast_plain(&mut c, &magic_missile());
    assert_eq!(cast.resolution.class, Some(Class::Cleric));
}

#[test]
fn r8_marking_a_prepared_spell_moves_it_out_of_the_count_and_unprepare_takes_it_off() {
    let mut c = cleric(1);
    c.apply_all(&c.prepare(&bless()).unwrap().events);
    c.apply_all(&c.prepare_always(&bless(), None).unwrap().events);
    assert!(!c.prepared().contains(&id("bless")));
    assert!(c.is_always_prepared(&id("bless")));
    // Preparing it again is no change; marking it again neither.
    assert!(c.prepare(&bless()).unwrap().events.is_empty());
    assert!(c.prepare_always(&bless(), None).unwrap().events.is_empty());
    c.apply_all(&c.unprepare(&id("bless")).events);
    assert!(!c.is_prepared(&id("bless")));
    assert_eq!(c.always_prepared().count(), 0);
}

#[test]
fn r8_always_prepared_events_replay_to_the_same_caster() {
    let start = caster(&[(Class::Wizard, 3), (Class::Cleric, 2)]);
    let mut c = start.clone();
    let mut log = Vec::new();
    for out in [
        c.prepare_always(&bless(), Some(Class::Wizard)).unwrap(),
        c.prepare_always(&cure_wounds(), None).unwrap(),
    ] {
        c.apply_all(&out.events);
        log.extend(out.events);
    }
    // Marked again for the other class: it now counts as that one.
    let out = c.prepare_always(&bless(), Some(Class::Cleric)).unwrap();
    c.apply_all(&out.events);
    log.extend(out.events);
    let rows: Vec<(SpellId, Class)> = c
        .always_prepared()
        .map(|e| (e.spell.clone(), e.class))
        .collect();
    assert_eq!(
        rows,
        [
            (id("cure-wounds"), Class::Cleric),
            (id("bless"), Class::Cleric)
        ]
    );
    assert_eq!(start.replay(&log), c);
    // A class the caster lacks is refused.
    assert_eq!(
        c.prepare_always(&bless(), Some(Class::Bard))
            .unwrap_err()
            .code(),
        "no_such_class"
    );
}
