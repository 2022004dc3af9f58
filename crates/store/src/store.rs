//! The typed front of the store: serde in, serde out, any backend below.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::backend::{Backend, UndoGuard};
use crate::change::Change;
use crate::error::{Result, StoreError};
use crate::record::{Committed, Entity, LogEntry, RawEntity, Undone};
use crate::sqlite::SqliteBackend;

/// Game state kept as versioned entities with an append-only change log.
///
/// The store knows nothing about spells or characters: it saves whatever
/// serialises with serde, keyed by a kind (`character`, `encounter`) and a
/// name unique per kind without regard to case.
pub struct Store {
    backend: Box<dyn Backend>,
}

impl Store {
    /// Opens (creating and migrating as needed) an SQLite database file.
    /// Missing parent directories are created.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        Ok(Self::with_backend(SqliteBackend::open(path.as_ref())?))
    }

    /// A fresh, empty store in memory.
    pub fn open_in_memory() -> Result<Self> {
        Ok(Self::with_backend(SqliteBackend::open_in_memory()?))
    }

    /// A store over any backend (the seam for PostgreSQL, issue #5).
    pub fn with_backend(backend: impl Backend + 'static) -> Self {
        Store {
            backend: Box::new(backend),
        }
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<u32> {
        self.backend.schema_version()
    }

    /// Whether a write could start now; writes nothing (see
    /// [`Backend::check_writable`]).
    pub fn check_writable(&mut self) -> Result<()> {
        self.backend.check_writable()
    }

    /// The entity, or `not_found`.
    pub fn get<T: DeserializeOwned>(&self, kind: &str, name: &str) -> Result<Entity<T>> {
        self.find(kind, name)?.ok_or_else(|| StoreError::NotFound {
            kind: kind.to_owned(),
            name: name.to_owned(),
        })
    }

    /// The entity, if it exists.
    pub fn find<T: DeserializeOwned>(&self, kind: &str, name: &str) -> Result<Option<Entity<T>>> {
        self.backend.get(kind, name)?.map(decode).transpose()
    }

    /// Every entity of a kind, ordered by name.
    pub fn list<T: DeserializeOwned>(&self, kind: &str) -> Result<Vec<Entity<T>>> {
        self.backend.list(kind)?.into_iter().map(decode).collect()
    }

    /// Applies every write of `change` in one transaction, or none of them.
    ///
    /// Fails with `conflict` when an entity is not at the expected version,
    /// `already_exists` when creating a taken name, `not_found` when updating
    /// a missing entity; in each case nothing at all is written.
    pub fn commit(&mut self, change: &Change) -> Result<Committed> {
        self.backend.commit(change)
    }

    /// Reverts the newest not-yet-undone change of the entity, restoring the
    /// state before it for every entity that change touched (a cast inside an
    /// encounter restores both the caster and the encounter).
    ///
    /// The undo is itself logged as a change whose `undo_of` names the
    /// reverted one: the log is append-only and never rewritten. Repeated
    /// undos walk further back. Fails with `undo_blocked` when another
    /// entity of that change has been changed since.
    pub fn undo(&mut self, kind: &str, name: &str) -> Result<Undone> {
        self.backend.undo(kind, name, &|_, _| true)
    }

    /// [`Store::undo`], refused with `undo_forbidden` (nothing written) when
    /// the change also touched an entity for which `allow(kind, name)` is
    /// false: a player's undo must not revert the GM's or another player's
    /// part of a change.
    pub fn undo_if(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone> {
        self.backend.undo(kind, name, allow)
    }

    /// The entity's history, oldest first (undos included).
    pub fn log(&self, kind: &str, name: &str) -> Result<Vec<LogEntry>> {
        self.backend.log(kind, name)
    }
}

fn decode<T: DeserializeOwned>(raw: RawEntity) -> Result<Entity<T>> {
    let state = serde_json::from_str(&raw.state_json).map_err(|source| StoreError::Decode {
        kind: raw.kind.clone(),
        name: raw.name.clone(),
        source,
    })?;
    Ok(Entity {
        kind: raw.kind,
        name: raw.name,
        version: raw.version,
        state,
        updated_at: raw.updated_at,
    })
}
