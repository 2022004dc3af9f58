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
    fn check_writable(&mut self) -> Result<()> {
        Ok(())
    }
    /// [`Backend::get`], shareable: a caching backend hands out the same
    /// entity (and its decoded state) to every reader.
    fn get_shared(&self, kind: &str, name: &str) -> Result<Option<Arc<SharedEntity>>> {
        Ok(self
            .get(kind, name)?
            .map(|e| Arc::new(SharedEntity::new(e))))
    }
    /// [`Backend::list`], shareable like [`Backend::get_shared`].
    fn list_shared(&self, kind: &str) -> Result<Vec<Arc<SharedEntity>>> {
        Ok(self
            .list(kind)?
            .into_iter()
            .map(|e| Arc::new(SharedEntity::new(e)))
            .collect())
    }
    /// The entities written since `cursor` (from now on, when `None`), at
    /// most [`crate::MAX_CATCH_UP`] of them, and where to continue: what
    /// [`crate::EntityCache::catch_up`] reads. `None` when this backend
    /// cannot tell, and nothing may be cached over it.
    fn writes_since(&self, cursor: Option<&Cursor>) -> Result<Option<WritesSince>> {
        let _ = cursor;
        Ok(None)
    }
    /// The newest change id, where change ids come in commit order (so a
    /// cache can tell from it alone that nothing but its own changes
    /// landed); `None` elsewhere.
    fn newest_change(&self) -> Result<Option<ChangeId>> {
        Ok(None)
    }
}

/// One connection shared by several store handles in turn (the requests
/// of one batch on one thread): each call takes the lock for its length.
impl<B: Backend> Backend for Arc<std::sync::Mutex<B>> {
    fn schema_version(&self) -> Result<u32> {
        lock(self).schema_version()
    }
    fn get(&self, kind: &str, name: &str) -> Result<Option<RawEntity>> {
        lock(self).get(kind, name)
    }
    fn list(&self, kind: &str) -> Result<Vec<RawEntity>> {
        lock(self).list(kind)
    }
    fn commit(&mut self, change: &Change) -> Result<Committed> {
        lock(self).commit(change)
    }
    fn undo(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone> {
        lock(self).undo(kind, name, allow)
    }
    fn log_page(
        &self,
        kind: &str,
        name: &str,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<LogEntry>> {
        lock(self).log_page(kind, name, before, limit)
    }
    fn recent(
        &self,
        kinds: &[String],
        before: Option<ChangeId>,
        limit: u32,
    ) -> Result<Vec<ChangeSummary>> {
        lock(self).recent(kinds, before, limit)
    }
    fn dump(&self) -> Result<Vec<RawEntity>> {
        lock(self).dump()
    }
    fn history(&self) -> Result<Vec<LoggedWrite>> {
        lock(self).history()
    }
    fn check_writable(&mut self) -> Result<()> {
        lock(self).check_writable()
    }
    fn get_shared(&self, kind: &str, name: &str) -> Result<Option<Arc<SharedEntity>>> {
        lock(self).get_shared(kind, name)
    }
    fn list_shared(&self, kind: &str) -> Result<Vec<Arc<SharedEntity>>> {
        lock(self).list_shared(kind)
    }
    fn writes_since(&self, cursor: Option<&Cursor>) -> Result<Option<WritesSince>> {
        lock(self).writes_since(cursor)
    }
    fn newest_change(&self) -> Result<Option<ChangeId>> {
        lock(self).newest_change()
    }
}

fn lock<B>(shared: &std::sync::Mutex<B>) -> std::sync::MutexGuard<'_, B> {
    shared
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
