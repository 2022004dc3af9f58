//! Encounter steps: start, next turn, damage, time passing. Each commits
//! the encounter and every character it changed in one change.
//!
//! Front ends check what they word themselves (the encounter exists, has
//! or has not started) and hand over the loaded entity; these functions do
//! the rules work and the commit.

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, Encounter, EncounterEvent, Event, RollRecord, RulesError};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::state::{Batch, CHARACTER, EncounterState, fold};

/// The characters among an encounter's combatants, as stored.
pub fn combatant_characters(
    store: &Store,
    enc: &Encounter,
) -> Result<Vec<Entity<Caster>>, AppError> {
    let mut out = Vec::new();
    for c in enc.combatants() {
        if let Some(e) = store.find::<Caster>(CHARACTER, &c.name)? {
            out.push(e);
        }
    }
    Ok(out)
}

/// Starts a gathered encounter: initiative order, the first turn begins.
pub fn start(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
) -> Result<EncounterState, AppError> {
    let mut encounter = Encounter::new(e.state.combatants.clone())?;
    let turn = encounter.next_turn();
    encounter.apply_all(&turn.events);
    let mut batch = Batch::new(command);
    if let Some(c) = store.find::<Caster>(CHARACTER, &turn.combatant)? {
        batch.character(&c, &turn.caster_events)?;
    }
    let st = EncounterState {
        combatants: e.state.combatants.clone(),
        running: Some(encounter),
    };
    batch.encounter(e, &st, &turn.events)?;
    batch.commit(store)?;
    Ok(st)
}

/// The next turn of a running encounter; a new round moves every
/// character's clock one round on, so durations run out (R15). Returns the
/// new state and the rules' notes.
pub fn next_turn(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
) -> Result<(EncounterState, Vec<String>), AppError> {
    let turn = encounter.next_turn();
    let mut enc_events: Vec<EncounterEvent> = turn.events.clone();
    encounter.apply_all(&turn.events);
    let mut batch = Batch::new(command);
    let mut notes = Vec::new();
    for c in combatant_characters(store, &encounter)? {
        let mut events: Vec<Event> = Vec::new();
        // A round passes for everyone when a new one begins, so durations tick (R15).
        if turn.new_round && turn.round > 1 {
            let o = c.state.advance_rounds(1);
            notes.extend(o.notes);
            events.extend(o.events);
        }
        if fold(&c.name) == fold(&turn.combatant) {
            events.extend(turn.caster_events.iter().cloned());
        }
        if !events.is_empty() {
            let board = encounter.caster_events(&c.name, &events);
            encounter.apply_all(&board);
            enc_events.extend(board);
            batch.character(&c, &events)?;
        }
    }
    let st = EncounterState {
        combatants: e.state.combatants.clone(),
        running: Some(encounter),
    };
    batch.encounter(e, &st, &enc_events)?;
    batch.commit(store)?;
    Ok((st, notes))
}

/// A Concentration save made because of damage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConcentrationSave {
    /// Its DC: half the damage, at least 10, at most 30.
    pub dc: i32,
    /// The roll.
    pub roll: RollRecord,
    /// Whether Concentration holds.
    pub kept: bool,
}

/// What damage to a combatant did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CombatantDamage {
    /// The combatant, as the encounter spells it.
    pub target: String,
    /// Its hit points afterwards, when tracked (never below 0).
    pub hp: Option<i32>,
    /// The Concentration save, when the target was a concentrating character.
    pub save: Option<ConcentrationSave>,
}

/// Damage to a combatant of a running encounter: tracked hit points drop;
/// a concentrating character makes its Constitution save.
pub fn damage<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
    target: &str,
    amount: u32,
    rng: &mut R,
) -> Result<CombatantDamage, AppError> {
    let combatant = encounter
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(target))
        .cloned()
        .ok_or_else(|| RulesError::UnknownCombatant {
            name: target.to_owned(),
        })?;
    let mut enc_events = Vec::new();
    if let Some(hp) = combatant.hp {
        let hp = hp
            .saturating_sub(i32::try_from(amount).unwrap_or(i32::MAX))
            .max(0);
        enc_events.extend(encounter.set_hp(&combatant.name, hp)?);
    }
    let mut batch = Batch::new(command);
    let mut save = None;
    if let Some(c) = store.find::<Caster>(CHARACTER, &combatant.name)? {
        let o = c.state.take_damage(amount, rng);
        if let (Some(dc), Some(roll)) = (o.dc, &o.roll) {
            save = Some(ConcentrationSave {
                dc,
                roll: roll.clone(),
                kept: o.concentration_kept,
            });
        }
        enc_events.extend(encounter.caster_events(&c.name, &o.events));
        batch.character(&c, &o.events)?;
    }
    encounter.apply_all(&enc_events);
    let hp = encounter
        .combatants()
        .iter()
        .find(|c| c.name == combatant.name)
        .and_then(|c| c.hp);
    let st = EncounterState {
        combatants: e.state.combatants.clone(),
        running: Some(encounter),
    };
    batch.encounter(e, &st, &enc_events)?;
    batch.commit(store)?;
    Ok(CombatantDamage {
        target: combatant.name,
        hp,
        save,
    })
}

/// Time passes for every character of a running encounter: durations run
/// out (R15), long castings progress (R12). Returns the new state and notes.
pub fn advance(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
    rounds: u64,
) -> Result<(EncounterState, Vec<String>), AppError> {
    let mut batch = Batch::new(command);
    let mut enc_events = Vec::new();
    let mut notes = Vec::new();
    for c in combatant_characters(store, &encounter)? {
        let o = c.state.advance_rounds(rounds);
        notes.extend(o.notes);
        let board = encounter.caster_events(&c.name, &o.events);
        encounter.apply_all(&board);
        enc_events.extend(board);
        if !o.events.is_empty() {
            batch.character(&c, &o.events)?;
        }
    }
    let st = EncounterState {
        combatants: e.state.combatants.clone(),
        running: Some(encounter),
    };
    batch.encounter(e, &st, &enc_events)?;
    batch.commit(store)?;
    Ok((st, notes))
}
