//! The typed front of the store: serde in, serde out, any backend below.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::backend::{Backend, UndoGuard};
use crate::cache::{EntityCache, SharedEntity};
use crate::change::Change;
use crate::error::{Result, StoreError};
use crate::record::{
    ChangeId, ChangeSummary, Committed, Entity, LogEntry, Mismatch, RawEntity, Undone,
};
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

    /// Every entity of every kind, as stored (for export).
    pub fn dump(&self) -> Result<Vec<RawEntity>> {
        self.backend.dump()
    }

    /// Replays the change log and compares it with what is stored: every
    /// logged write must start from the state the previous one left, and
    /// each entity's last write must be its stored state and version.
    /// Returns every entity that disagrees (empty: all is well).
    pub fn verify(&self) -> Result<Vec<Mismatch>> {
        use std::collections::BTreeMap;
        // (kind, name key) -> (name, version, state) as the log leaves it.
        let mut replayed: BTreeMap<(String, String), (String, u64, Option<String>)> =
            BTreeMap::new();
        let mut out = Vec::new();
        for w in self.backend.history()? {
            let key = (w.kind.clone(), crate::name_key(&w.name));
            let previous = replayed.get(&key).and_then(|(_, _, s)| s.clone());
            if previous != w.before {
                out.push(Mismatch {
                    kind: w.kind.clone(),
                    name: w.name.clone(),
                    problem: format!(
                        "log write {} does not start from the state the previous write left",
                        w.seq
                    ),
                });
            }
            replayed.insert(key, (w.name, w.seq, w.after));
        }
        let mut stored: BTreeMap<(String, String), RawEntity> = self
            .backend
            .dump()?
            .into_iter()
            .map(|e| ((e.kind.clone(), crate::name_key(&e.name)), e))
            .collect();
        for ((kind, key), (name, seq, state)) in replayed {
            match (stored.remove(&(kind.clone(), key)), state) {
                (None, None) => {}
                (None, Some(_)) => out.push(Mismatch {
                    kind,
                    name,
                    problem: "the log says it exists, but it is not stored".into(),
                }),
                (Some(e), None) => out.push(Mismatch {
                    kind,
                    name: e.name,
                    problem: "the log says it was deleted, but it is stored".into(),
                }),
                (Some(e), Some(s)) if e.state_json != s || e.version != seq => {
                    out.push(Mismatch {
                        kind,
                        name: e.name,
                        problem: format!(
                            "the stored state (version {}) differs from what the log replays to (version {seq})",
                            e.version
                        ),
                    });
                }
                (Some(_), Some(_)) => {}
            }
        }
        out.extend(stored.into_values().map(|e| Mismatch {
            kind: e.kind,
            name: e.name,
            problem: "stored without any history in the log".into(),
        }));
        Ok(out)
    }

    /// Whether a write could start now; writes nothing (see
    /// [`Backend::check_writable`]).
    pub fn check_writable(&mut self) -> Result<()> {
        self.backend.check_writable()
    }

    /// The entity, or `not_found`.
    pub fn get<T: Decoded>(&self, kind: &str, name: &str) -> Result<Entity<T>> {
        self.find(kind, name)?.ok_or_else(|| StoreError::NotFound {
            kind: kind.to_owned(),
            name: name.to_owned(),
        })
    }

    /// The entity, if it exists.
    pub fn find<T: Decoded>(&self, kind: &str, name: &str) -> Result<Option<Entity<T>>> {
        Ok(self.find_shared::<T>(kind, name)?.map(owned))
    }

    /// [`Store::find`] without a copy of the state: over a caching backend
    /// ([`crate::Cached`]) every reader of one version shares one decoded
    /// state.
    pub fn find_shared<T: Decoded>(
        &self,
        kind: &str,
        name: &str,
    ) -> Result<Option<Entity<Arc<T>>>> {
        self.backend
            .get_shared(kind, name)?
            .map(|e| shared(kind, &e))
            .transpose()
    }

    /// Every entity of a kind, ordered by name.
    pub fn list<T: Decoded>(&self, kind: &str) -> Result<Vec<Entity<T>>> {
        Ok(self
            .list_shared::<T>(kind)?
            .into_iter()
            .map(owned)
            .collect())
    }

    /// The names of every entity of a kind, ordered by name, without
    /// decoding a state: a list of names costs no parsing.
    pub fn names(&self, kind: &str) -> Result<Vec<String>> {
        self.backend.list_names(kind)
    }

    /// [`Store::list`] without copies of the states (see
    /// [`Store::find_shared`]).
    pub fn list_shared<T: Decoded>(&self, kind: &str) -> Result<Vec<Entity<Arc<T>>>> {
        self.backend
            .list_shared(kind)?
            .iter()
            .map(|e| shared(kind, e))
            .collect()
    }

    /// The first entity of a kind (in name order) whose state satisfies
    /// `wanted`, without a copy of any state and without building the
    /// others: a scan of a kind costs a glance per entity.
    pub fn find_where<T: Decoded>(
        &self,
        kind: &str,
        mut wanted: impl FnMut(&T) -> bool,
    ) -> Result<Option<Entity<Arc<T>>>> {
        for e in self.backend.list_shared(kind)? {
            if wanted(&*e.decoded::<T>()?) {
                return shared(kind, &e).map(Some);
            }
        }
        Ok(None)
    }

    /// Catches `cache` up with what was committed since its last look
    /// (see [`EntityCache::catch_up`]).
    pub fn catch_up(&self, cache: &EntityCache) -> Result<()> {
        cache.catch_up(&*self.backend)
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

    /// The newest changes that touched an entity of one of `kinds` (a
    /// table's log), newest first, older than `before` when given; at most
    /// `limit`, itself at most [`Store::MAX_RECENT`], and fewer when their
    /// events pass [`Store::MAX_PAGE_BYTES`]. An entry whose events pass
    /// [`crate::Change::MAX_EVENTS_BYTES`] reads with none.
    pub fn recent(
        &self,
        kinds: &[&str],
        before: Option<ChangeId>,
        limit: u32,
    ) -> Result<Vec<ChangeSummary>> {
        let kinds: Vec<String> = kinds.iter().map(|k| (*k).to_owned()).collect();
        self.backend
            .recent(&kinds, before, limit.min(Self::MAX_RECENT))
    }

    /// The most changes [`Store::recent`] returns at once.
    pub const MAX_RECENT: u32 = 200;

    /// The most bytes of events one page of [`Store::recent`] reads (its
    /// first entry always): past them the page ends early, and the next
    /// page goes on from its last entry. Parsed JSON takes about 14 times
    /// its text (measured on the costliest casts: 4 MiB took 57 MB), so a
    /// page stays near 30 MB whatever its entries hold.
    pub const MAX_PAGE_BYTES: usize = 2 << 20;

    /// The entity's history, oldest first (undos included).
    pub fn log(&self, kind: &str, name: &str) -> Result<Vec<LogEntry>> {
        self.backend.log(kind, name)
    }

    /// A page of the entity's history: the newest `limit` entries with a
    /// `seq` below `before` (from the start when `None`), oldest first.
    pub fn log_page(
        &self,
        kind: &str,
        name: &str,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<LogEntry>> {
        self.backend.log_page(kind, name, before, limit)
    }
}

/// What the store can hand back: any state serde can decode that may be
/// shared between threads (every game state qualifies).
pub trait Decoded: DeserializeOwned + Clone + Send + Sync + 'static {}

impl<T: DeserializeOwned + Clone + Send + Sync + 'static> Decoded for T {}

/// The entity with a state of its own: taken as it is when nobody else
/// holds it (a backend without a cache decodes afresh for each read), a
/// copy when a cache shares it.
fn owned<T: Decoded>(e: Entity<Arc<T>>) -> Entity<T> {
    e.map(|state| Arc::try_unwrap(state).unwrap_or_else(|shared| T::clone(&shared)))
}

/// The entity named by the kind the caller asked for (a scoped backend
/// stores it under a prefix), its state decoded once per version.
fn shared<T: Decoded>(kind: &str, e: &SharedEntity) -> Result<Entity<Arc<T>>> {
    let raw = e.raw();
    Ok(Entity {
        kind: kind.to_owned(),
        name: raw.name.clone(),
        version: raw.version,
        state: e.decoded::<T>()?,
        updated_at: raw.updated_at.clone(),
    })
}
