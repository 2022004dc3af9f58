//! Death saving throws (2024): rolled at the start of a dying character's
//! turn in a running encounter ([`crate::turns`]), or on the table's word
//! outside one ([`death_save`]); Spare the Dying or a Medicine check makes
//! the character Stable ([`stabilize`]).

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, DeathSaveResult, DeathSaves, Event, RollMode, RollRecord};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::character::{Step, commit};
use crate::error::AppError;

/// One death save as the front ends show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeathSave {
    /// The character.
    pub name: String,
    /// The d20 roll.
    pub roll: RollRecord,
    /// What it came to.
    pub result: DeathSaveResult,
    /// The counts afterwards (clear when a 20 revived it).
    pub death: DeathSaves,
    /// Hit points afterwards (1 after a 20, else 0).
    pub hp: u32,
}

impl DeathSave {
    /// A creature's death save (creatures drop at 0) as the front ends
    /// show a character's.
    pub fn of_creature(s: &grimoire_rules::CreatureDeathSave) -> DeathSave {
        DeathSave {
            name: s.name.clone(),
            roll: s.roll.clone(),
            result: s.result,
            death: s.death,
            hp: u32::from(s.result == DeathSaveResult::Revived),
        }
    }
}

/// A death save rolled for a working copy, with its events.
pub(crate) struct Rolled {
    /// The save.
    pub save: DeathSave,
    /// The events.
    pub events: Vec<Event>,
}

/// Rolls `c`'s death save (Exhaustion's penalty counts: a d20 Test).
pub(crate) fn roll<R: DiceRng + ?Sized>(
    c: &Caster,
    rng: &mut R,
) -> Result<Rolled, grimoire_rules::RulesError> {
    let o = c.death_save(RollMode::Normal, i64::from(c.d20_penalty()), rng)?;
    Ok(Rolled {
        save: DeathSave {
            name: c.name().to_owned(),
            hp: u32::from(o.result == DeathSaveResult::Revived),
            roll: o.roll,
            result: o.result,
            death: o.death,
        },
        events: o.outcome.events,
    })
}

/// Rolls a death save for a dying character and commits it: refused
/// unless it is at 0 hit points and neither Stable (`not_dying`) nor dead
/// (`dead`).
pub fn death_save<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    rng: &mut R,
) -> Result<(Step, DeathSave), AppError> {
    let r = roll(&caster.state, rng)?;
    // The save is a card of the table log (issue 37).
    let card = crate::card::RollCard::Death {
        caster: caster.name.clone(),
        rolls: vec![r.save.roll.clone()],
        result: r.save.result,
    };
    let step = crate::character::commit_carded(
        store,
        command,
        caster,
        grimoire_rules::Outcome {
            events: r.events,
            notes: Vec::new(),
        },
        &[card],
    )?;
    Ok((step, r.save))
}

/// Makes a dying character Stable (Spare the Dying, a DC 10 Medicine
/// check): no more death saves; it stays Unconscious at 0 hit points.
pub fn stabilize<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    rng: &mut R,
) -> Result<Step, AppError> {
    let out = caster.state.stabilize(rng)?;
    commit(store, command, caster, out)
}

/// Sets a character's Exhaustion level (2024: 0 to 6, each level −2 on
/// every d20 Test; 6 kills).
pub fn exhaustion(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    level: u8,
) -> Result<Step, AppError> {
    let out = caster.state.set_exhaustion(level);
    commit(store, command, caster, out)
}
