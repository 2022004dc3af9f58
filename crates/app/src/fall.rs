//! Falling at 0 hit points, in every path that deals damage: a creature
//! at 0 hit points is Unconscious, so its Concentration ends (without a
//! save) and it can take no action, casting included, until it regains
//! hit points. A character whose sheet records hit points falls by the
//! rules' own arithmetic (`Caster::take_damage_with`); this module is for
//! hit points only the encounter's tracker follows: a character without
//! them on its sheet, and a stat-block creature.

use grimoire_rules::{Caster, Condition, Encounter, EncounterEvent, Event};

/// The events of `c` dropping to 0 hit points: Unconscious, which ends its
/// Concentration.
pub(crate) fn falls(c: &Caster) -> Vec<Event> {
    c.add_condition(Condition::Unconscious).events
}

/// The events of `c` regaining hit points from 0: it is no longer
/// Unconscious.
pub(crate) fn wakes(c: &Caster) -> Vec<Event> {
    c.remove_condition(Condition::Unconscious).events
}

/// What the tracker's new hit points (`hp`, events for `before`) do to the
/// stat-block creatures among them: one left at 0 falls, one brought up
/// from 0 wakes. Events for the encounter, to apply after `hp`.
pub(crate) fn creatures(before: &Encounter, hp: &[EncounterEvent]) -> Vec<EncounterEvent> {
    let mut out = Vec::new();
    for c in before.combatants() {
        let Some(caster) = c.caster.as_deref() else {
            continue;
        };
        let last = hp.iter().rev().find_map(|e| match e {
            EncounterEvent::HpChanged { name, hp } if *name == c.name => Some(*hp),
            _ => None,
        });
        let Some(now) = last else { continue };
        let events = if now <= 0 {
            falls(caster)
        } else if c.hp.is_some_and(|was| was <= 0) {
            wakes(caster)
        } else {
            continue;
        };
        out.extend(before.creature_events(&c.name, &events));
    }
    out
}
