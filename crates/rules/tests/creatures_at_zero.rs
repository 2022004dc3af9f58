//! Creatures at 0 hit points, as the table chooses per encounter: where
//! they die, a creature at 0 leaves the turn order; where they drop, it
//! makes death saves like a character (2024 Rules Glossary: Death Saving
//! Throws), with the same counts.

mod support;

use grimoire_rules::*;
use support::*;

/// An Orc (15 hit points) and a Wizard, the Orc first.
fn fight() -> Encounter {
    let orc = Combatant {
        hp: Some(15),
        stats: Some(TargetStats {
            max_hp: Some(15),
            ..Default::default()
        }),
        ..Combatant::new("Orc", 15).of_kind(CombatantKind::Creature)
    };
    let wizard = Combatant::new("Elmira", 10).of_kind(CombatantKind::Character);
    let mut e = Encounter::new(vec![orc, wizard]).unwrap();
    let t = e.next_turn();
    e.apply_all(&t.events);
    e
}

fn apply(mut e: Encounter, events: &[EncounterEvent]) -> Encounter {
    e.apply_all(events);
    e
}

fn orc(e: &Encounter) -> &Combatant {
    e.combatant("Orc").unwrap()
}

/// The Orc dropped to 0 by 15 damage.
fn dropped(at_zero: CreaturesAtZero) -> Encounter {
    let e = fight();
    let mut events = e.set_hp("Orc", 0).unwrap();
    events.extend(e.creature_damage_at_zero(at_zero, "Orc", 15, 15, false));
    apply(e, &events)
}

fn save(e: Encounter, face: u32) -> (Encounter, CreatureDeathSave) {
    let s = e
        .creature_death_save("Orc", &mut Scripted::new(&[face]))
        .unwrap();
    (apply(e, &s.events), s)
}

#[test]
fn creatures_die_at_zero_by_default() {
    assert_eq!(CreaturesAtZero::default(), CreaturesAtZero::Die);
    let e = dropped(CreaturesAtZero::Die);
    assert!(orc(&e).is_dead_creature(CreaturesAtZero::Die));
    assert!(!orc(&e).is_dying_creature(CreaturesAtZero::Die));
    assert!(orc(&e).death.is_clear());
}

#[test]
fn a_creature_that_drops_is_dying_not_dead() {
    let e = dropped(CreaturesAtZero::Drop);
    assert!(orc(&e).is_dying_creature(CreaturesAtZero::Drop));
    assert!(!orc(&e).is_dead_creature(CreaturesAtZero::Drop));
}

#[test]
fn creature_death_saves_three_failures_kill() {
    let e = dropped(CreaturesAtZero::Drop);
    let (e, s) = save(e, 9);
    assert_eq!(s.result, DeathSaveResult::Failure);
    let (e, _) = save(e, 2);
    let (e, s) = save(e, 5);
    assert_eq!((s.death.failures, s.death.dead), (3, true));
    assert!(orc(&e).is_dead_creature(CreaturesAtZero::Drop));
    assert!(
        e.creature_death_save("Orc", &mut Scripted::new(&[10]))
            .is_err()
    );
}

#[test]
fn creature_death_saves_three_successes_make_stable() {
    let e = dropped(CreaturesAtZero::Drop);
    let (e, _) = save(e, 10);
    let (e, _) = save(e, 15);
    let (e, s) = save(e, 19);
    assert_eq!(s.result, DeathSaveResult::Success);
    assert!(orc(&e).death.stable);
    assert!(!orc(&e).is_dying_creature(CreaturesAtZero::Drop));
    assert!(!orc(&e).is_dead_creature(CreaturesAtZero::Drop));
    // Stable: no more saves.
    let err = e
        .creature_death_save("Orc", &mut Scripted::new(&[10]))
        .unwrap_err();
    assert_eq!(err.code(), "not_dying");
}

#[test]
fn creature_death_save_one_counts_twice_and_twenty_regains_one_hit_point() {
    let e = dropped(CreaturesAtZero::Drop);
    let (e, s) = save(e, 1);
    assert_eq!(
        (s.result, s.death.failures),
        (DeathSaveResult::TwoFailures, 2)
    );
    let (e, s) = save(e, 20);
    assert_eq!(s.result, DeathSaveResult::Revived);
    assert_eq!(orc(&e).hp, Some(1));
    assert!(orc(&e).death.is_clear());
}

#[test]
fn creature_damage_at_zero_is_a_failure_and_a_critical_two() {
    let e = dropped(CreaturesAtZero::Drop);
    let e = apply(
        e.clone(),
        &e.creature_damage_at_zero(CreaturesAtZero::Drop, "Orc", 0, 3, false),
    );
    assert_eq!(orc(&e).death.failures, 1);
    let e = apply(
        e.clone(),
        &e.creature_damage_at_zero(CreaturesAtZero::Drop, "Orc", 0, 3, true),
    );
    assert_eq!((orc(&e).death.failures, orc(&e).death.dead), (3, true));
}

#[test]
fn creature_massive_damage_kills_outright() {
    let e = fight();
    // 30 damage on 15 hit points: 15 left over, the maximum.
    let events = e.creature_damage_at_zero(CreaturesAtZero::Drop, "Orc", 15, 30, false);
    let e = apply(e, &events);
    assert!(orc(&e).death.dead);
}

#[test]
fn healing_a_dying_creature_ends_its_death_saves() {
    let e = dropped(CreaturesAtZero::Drop);
    let (e, _) = save(e, 3);
    let e = apply(e.clone(), &e.set_hp("Orc", 4).unwrap());
    assert!(orc(&e).death.is_clear());
    assert!(!orc(&e).is_dying_creature(CreaturesAtZero::Drop));
}

#[test]
fn characters_are_never_dying_creatures() {
    let e = fight();
    let events = e.creature_damage_at_zero(CreaturesAtZero::Drop, "Elmira", 0, 5, false);
    assert!(events.is_empty());
}

#[test]
fn encounters_recorded_before_death_saves_still_load() {
    let old = r#"{"name":"Orc","initiative":12,"hp":0,"kind":"creature"}"#;
    let c: Combatant = serde_json::from_str(old).unwrap();
    assert!(c.death.is_clear());
    assert!(!serde_json::to_string(&c).unwrap().contains("death"));
}
