//! The boundary between the typed store and a concrete database.
//!
//! Everything crossing it is JSON text and plain records, so a second
//! backend (PostgreSQL, issue #5) implements the same trait on the same
//! schema without knowing the game's types.

use std::sync::Arc;

use crate::cache::{Cursor, SharedEntity, WritesSince};
use crate::change::Change;
use crate::error::Result;
use crate::record::{ChangeId, ChangeSummary, Committed, LogEntry, LoggedWrite, RawEntity, Undone};

/// Says whether the caller may change the entity (`kind`, `name`) that an
/// undo would revert.
pub type UndoGuard<'a> = dyn Fn(&str, &str) -> bool + 'a;

/// A database that keeps entities and their append-only change log.
///
/// Every method but [`Backend::log`] (built on [`Backend::log_page`]) and
/// [`Backend::list_names`] (built on [`Backend::list_shared`]) is
/// required, so a backend or wrapper that leaves one out does not compile:
/// none can fall back on a default that skips what it wraps. A wrapper
/// forwards what it does not change with [`crate::forward_backend!`]; how
/// to add a method is written there.
///
/// Contract every implementation keeps:
/// - `commit` and `undo` run in one transaction each: either every write of
///   the change lands with its log rows, or nothing does.
/// - Versions only grow; a write whose [`crate::Expected`] does not hold
///   fails the whole change with `conflict`, `not_found` or `already_exists`.
/// - Names are looked up by [`crate::name_key`].
pub trait Backend: Send {
    /// The schema version the database is at.
    fn schema_version(&self) -> Result<u32>;
    /// The entity, if it exists.
    fn get(&self, kind: &str, name: &str) -> Result<Option<RawEntity>>;
    /// Every entity of a kind, ordered by name key.
    fn list(&self, kind: &str) -> Result<Vec<RawEntity>>;
    /// Applies a validated change atomically.
    fn commit(&mut self, change: &Change) -> Result<Committed>;
    /// Reverts the newest change of the entity that is neither an undo nor
    /// already undone, for every entity that change touched, provided
    /// `allow(kind, name)` holds for each of them (else `undo_forbidden`,
    /// nothing written). The check runs inside the undo's transaction.
    fn undo(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone>;
    /// The entity's history, oldest first.
    fn log(&self, kind: &str, name: &str) -> Result<Vec<LogEntry>> {
        self.log_page(kind, name, None, u32::MAX)
    }
    /// A page of the entity's history: the newest `limit` entries whose
    /// `seq` is below `before` (all, when `None`), oldest first. Read with
    /// the `(kind, name, seq)` index, so a page costs the same however
    /// long the history is.
    fn log_page(
        &self,
        kind: &str,
        name: &str,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<LogEntry>>;
    /// The newest changes (before `before`, when given) that touched an
    /// entity of one of `kinds`, newest first, at most `limit`.
    fn recent(
        &self,
        kinds: &[String],
        before: Option<ChangeId>,
        limit: u32,
    ) -> Result<Vec<ChangeSummary>>;
    /// Every entity of every kind, ordered by kind and name key (export
    /// and verification).
    fn dump(&self) -> Result<Vec<RawEntity>>;
    /// Every logged write, in the order they were made (verification).
    fn history(&self) -> Result<Vec<LoggedWrite>>;
    /// Whether a write could start now (takes and releases the write lock
    /// where the database has one); `read_only` when the database refuses
    /// writes. Writes nothing.
    fn check_writable(&mut self) -> Result<()>;
    /// [`Backend::get`], shareable: a caching backend hands out the same
    /// entity (and its decoded state) to every reader; one that keeps
    /// nothing wraps each read anew.
    fn get_shared(&self, kind: &str, name: &str) -> Result<Option<Arc<SharedEntity>>>;
    /// [`Backend::list`], shareable like [`Backend::get_shared`].
    fn list_shared(&self, kind: &str) -> Result<Vec<Arc<SharedEntity>>>;
    /// The names of every entity of a kind, ordered by name key. A caching
    /// backend answers from the names it keeps whole across other
    /// processes' writes (issue 38, part 10).
    fn list_names(&self, kind: &str) -> Result<Vec<String>> {
        Ok(names_of(&self.list_shared(kind)?))
    }
    /// The entities written since `cursor` (from now on, when `None`), at
    /// most [`crate::MAX_CATCH_UP`] of them, and where to continue: what
    /// [`crate::EntityCache::catch_up`] reads. `None` when this backend
    /// cannot tell, and nothing may be cached over it.
    fn writes_since(&self, cursor: Option<&Cursor>) -> Result<Option<WritesSince>>;
    /// The newest change id, where change ids come in commit order (so a
    /// cache can tell from it alone that nothing but its own changes
    /// landed); `None` elsewhere.
    fn newest_change(&self) -> Result<Option<ChangeId>>;
}

/// What [`Backend::get_shared`] answers for a backend that keeps nothing:
/// the entity read, wrapped for this reader alone.
pub(crate) fn fresh(found: Option<RawEntity>) -> Option<Arc<SharedEntity>> {
    found.map(|e| Arc::new(SharedEntity::new(e)))
}

/// The names of `all`, in their order.
pub(crate) fn names_of(all: &[Arc<SharedEntity>]) -> Vec<String> {
    all.iter().map(|e| e.raw().name.clone()).collect()
}

/// What [`Backend::list_shared`] answers for a backend that keeps nothing.
pub(crate) fn fresh_all(all: Vec<RawEntity>) -> Vec<Arc<SharedEntity>> {
    all.into_iter()
        .map(|e| Arc::new(SharedEntity::new(e)))
        .collect()
}

/// One connection shared by several store handles in turn (the requests
/// of one batch on one thread): each call takes the lock for its length.
impl<B: Backend> Backend for Arc<std::sync::Mutex<B>> {
    crate::forward_backend!(lock => *);
}

fn lock<B>(shared: &std::sync::Mutex<B>) -> std::sync::MutexGuard<'_, B> {
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
