//! Loading and saving characters and encounters through the store.
//!
//! A command reads entities, asks the rules crate for events, applies them
//! to copies and commits every changed entity in one change, so a cast
//! inside an encounter updates the caster and the encounter together or not
//! at all.

use grimoire_rules::{Caster, Combatant, Encounter, EncounterEvent, Event};
use grimoire_store::{Change, Entity, Store};
use serde::{Deserialize, Serialize};

use crate::context::Ctx;
use crate::failure::Failure;

/// The store kind of characters.
pub const CHARACTER: &str = "character";
/// The store kind of encounters.
pub const ENCOUNTER: &str = "encounter";

/// An encounter as the CLI keeps it: combatants gather before the start;
/// once started the rules' [`Encounter`] tracks turns and effects.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EncounterState {
    /// Combatants added so far, with initiative.
    pub combatants: Vec<Combatant>,
    /// The running encounter, after `encounter start`.
    pub running: Option<Encounter>,
}

/// A character read from the store, ready to change.
pub fn character(store: &Store, name: &str) -> anyhow::Result<Entity<Caster>> {
    store.find(CHARACTER, name)?.ok_or_else(|| {
        Failure::refused(
            "unknown_character",
            format!("no character named \"{name}\" (see: grimoire character list)"),
        )
        .with_cs(format!(
            "postava „{name}“ neexistuje (viz grimoire character list)"
        ))
        .into()
    })
}

/// An encounter read from the store.
pub fn encounter(store: &Store, name: &str) -> anyhow::Result<Entity<EncounterState>> {
    store.find(ENCOUNTER, name)?.ok_or_else(|| {
        Failure::refused(
            "unknown_encounter",
            format!("no encounter named \"{name}\" (see: grimoire encounter list)"),
        )
        .with_cs(format!("střetnutí „{name}“ neexistuje"))
        .into()
    })
}

/// The running encounter this character takes part in, if any.
pub fn encounter_of(
    store: &Store,
    character: &str,
) -> anyhow::Result<Option<Entity<EncounterState>>> {
    let key = grimoire_store::name_key(character);
    Ok(store
        .list::<EncounterState>(ENCOUNTER)?
        .into_iter()
        .find(|e| {
            e.state.running.as_ref().is_some_and(|r| {
                r.combatants()
                    .iter()
                    .any(|c| grimoire_store::name_key(&c.name) == key)
            })
        }))
}

/// The changes one command makes, gathered before one commit.
pub struct Batch {
    change: Change,
    events: Vec<serde_json::Value>,
}

impl Batch {
    /// A batch logged under the command line of `ctx`.
    pub fn new(ctx: &Ctx) -> Self {
        Batch {
            change: Change::new(ctx.command_line.clone()),
            events: Vec::new(),
        }
    }

    /// Applies `events` to a copy of the character and queues the write.
    /// Returns the new state.
    pub fn character(
        &mut self,
        entity: &Entity<Caster>,
        events: &[Event],
    ) -> anyhow::Result<Caster> {
        let mut next = entity.state.clone();
        next.apply_all(events);
        for e in events {
            self.events
                .push(serde_json::json!({"entity": entity.name, "event": e}));
        }
        let change = std::mem::replace(&mut self.change, Change::new(""));
        self.change = change.update(CHARACTER, &entity.name, entity.version, &next)?;
        Ok(next)
    }

    /// Applies `events` to a copy of the encounter and queues the write.
    pub fn encounter(
        &mut self,
        entity: &Entity<EncounterState>,
        state: &EncounterState,
        events: &[EncounterEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            self.events
                .push(serde_json::json!({"entity": entity.name, "event": e}));
        }
        let change = std::mem::replace(&mut self.change, Change::new(""));
        self.change = change.update(ENCOUNTER, &entity.name, entity.version, state)?;
        Ok(())
    }

    /// Queues a raw write (creation, deletion) built by the caller.
    pub fn with(
        &mut self,
        build: impl FnOnce(Change) -> grimoire_store::Result<Change>,
    ) -> anyhow::Result<()> {
        let change = std::mem::replace(&mut self.change, Change::new(""));
        self.change = build(change)?;
        Ok(())
    }

    /// Commits everything in one transaction; with nothing to write, does
    /// nothing.
    pub fn commit(self, store: &mut Store) -> anyhow::Result<()> {
        if self.change.writes().is_empty() {
            return Ok(());
        }
        let change = self.change.with_events(&self.events)?;
        store.commit(&change)?;
        Ok(())
    }
}
