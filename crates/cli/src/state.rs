//! Loading and saving characters and encounters through the store: the
//! shared game layer ([`grimoire_app`]) with the CLI's wording of its
//! errors (hints name the command to run).
//!
//! A command reads entities, asks the rules crate for events, applies them
//! to copies and commits every changed entity in one change, so a cast
//! inside an encounter updates the caster and the encounter together or not
//! at all.

use grimoire_app::AppError;
use grimoire_rules::Caster;
use grimoire_store::{Change, Entity, Store};

pub use grimoire_app::{CHARACTER, EncounterState};

use crate::context::Ctx;
use crate::failure::Failure;

/// A character read from the store, ready to change.
pub fn character(store: &Store, name: &str) -> anyhow::Result<Entity<Caster>> {
    grimoire_app::character(store, name).map_err(|e| match e {
        AppError::UnknownCharacter { .. } => Failure::worded(
            "unknown_character",
            "cli-unknown-character",
            &[("name", name)],
        )
        .with_hint("hint-character-list", &[], |lang| {
            grimoire_words::fixed(lang, "hint-character-list").to_owned()
        })
        .into(),
        other => app_error(other),
    })
}

/// `encounter_not_started`, naming the command that starts it.
pub fn not_started(name: &str) -> Failure {
    Failure::worded(
        "encounter_not_started",
        "cli-encounter-not-started",
        &[("name", name)],
    )
    .with_hint("hint-encounter-start", &[("encounter", name)], |lang| {
        grimoire_words::text(lang, "hint-encounter-start", [("encounter", name)])
    })
}

/// An encounter read from the store.
pub fn encounter(store: &Store, name: &str) -> anyhow::Result<Entity<EncounterState>> {
    grimoire_app::encounter(store, name).map_err(encounter_error(name))
}

/// An encounter use case's refusal as the CLI words it: an unknown
/// encounter, one not started or already running, each with what to do
/// next; any other as the app words it.
pub fn encounter_error(name: &str) -> impl Fn(AppError) -> anyhow::Error + '_ {
    move |e| match e {
        AppError::UnknownEncounter { .. } => Failure::worded(
            "unknown_encounter",
            "cli-unknown-encounter",
            &[("name", name)],
        )
        .with_hint("hint-encounter-list", &[], |lang| {
            grimoire_words::fixed(lang, "hint-encounter-list").to_owned()
        })
        .into(),
        AppError::EncounterNotStarted { encounter } => not_started(&encounter).into(),
        AppError::EncounterStarted { encounter } => Failure::worded(
            "encounter_started",
            "cli-encounter-running",
            &[("name", &encounter)],
        )
        .into(),
        other => app_error(other),
    }
}

/// The running encounter this character takes part in, if any.
pub fn encounter_of(
    store: &Store,
    character: &str,
) -> anyhow::Result<Option<Entity<EncounterState>>> {
    grimoire_app::encounter_of(store, character).map_err(app_error)
}

pub use crate::failure::app_error;

/// The changes one command makes, gathered before one commit.
pub struct Batch(grimoire_app::Batch);

impl Batch {
    /// A batch logged under the command line of `ctx`.
    pub fn new(ctx: &Ctx) -> Self {
        Batch(grimoire_app::Batch::new(ctx.command_line.clone()))
    }

    /// Queues a raw write (creation, deletion) built by the caller.
    pub fn with(
        &mut self,
        build: impl FnOnce(Change) -> grimoire_store::Result<Change>,
    ) -> anyhow::Result<()> {
        self.0.with(build).map_err(app_error)
    }

    /// Commits everything in one transaction; with nothing to write, does
    /// nothing.
    pub fn commit(self, store: &mut Store) -> anyhow::Result<()> {
        self.0.commit(store).map_err(app_error)?;
        Ok(())
    }
}
