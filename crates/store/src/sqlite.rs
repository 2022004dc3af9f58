//! The SQLite backend: one file, WAL journal, one transaction per change.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use crate::backend::{Backend, UndoGuard, fresh, fresh_all};
use crate::cache::{Cursor, MAX_CATCH_UP, MAX_LOGGED_STATE, SharedEntity, WritesSince, WrittenKey};
use crate::change::{Change, name_key};
use crate::check::{
    Current, EntityWrite, LogRow, STATE_RUN, States, UndoRow, check_allowed, check_undoable,
    check_write, events_text, not_found, nothing_to_undo,
};
use crate::error::{Result, StoreError};
use crate::migrate::{MIGRATIONS, SCHEMA_VERSION};
use crate::packed::{StoredState, pack_events, pack_state};
use crate::record::{
    ChangeId, ChangeSummary, Committed, LogEntry, LoggedWrite, RawEntity, Touched, Undone,
};
use crate::wal::WalSync;

/// How long a writer waits for another process's transaction before giving
/// up: two terminals casting at once should queue, not fail.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// A store kept in one SQLite file (or in memory, for tests).
pub struct SqliteBackend {
    conn: Connection,
    /// Why the open batch must be rolled back: a write failed halfway
    /// (only a write error can, refusals come before any write).
    broken: Option<String>,
    /// Test hook: fail the commit just before the write with this index,
    /// after earlier writes already ran inside the transaction.
    #[cfg(test)]
    pub(crate) fail_before_write: Option<usize>,
}

impl SqliteBackend {
    /// Opens (creating if needed) the database file and migrates it.
    pub fn open(path: &Path) -> Result<Self> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                path: dir.display().to_string(),
                source,
            })?;
        }
        let conn = Connection::open(path)?;
        // Switching to WAL needs a lock too, so wait for other processes
        // before asking rather than only afterwards.
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // WAL lets readers (`slots`, `log`) run while a cast is committing,
        // and a commit is durable once its WAL frame is written.
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        Self::prepare(conn)
    }

    /// A fresh database in memory, gone when dropped.
    pub fn open_in_memory() -> Result<Self> {
        Self::prepare(Connection::open_in_memory()?)
    }

    fn prepare(mut conn: Connection) -> Result<Self> {
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")?;
        migrate(&mut conn)?;
        Ok(SqliteBackend {
            conn,
            broken: None,
            #[cfg(test)]
            fail_before_write: None,
        })
    }
}

fn migrate(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let found: u32 = tx.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM schema_version",
        [],
        |r| r.get(0),
    )?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::SchemaTooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.execute_batch(sql)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            [index as u32 + 1],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// The time of a commit, UTC to the millisecond, as SQLite's
/// `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` writes it; read from the
/// clock here, since a statement per commit cost the writer more.
fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// An entity's stored state now (what undo compares), if it exists.
fn current_state(conn: &Connection, kind: &str, key: &str) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT state_json FROM entities WHERE kind = ?1 AND name_key = ?2")?
        .query_row(params![kind, key], |r| r.get(0))
        .optional()?)
}

/// Whether the entity has any logged write (undo's first question; a page
/// of its log may be empty while it does).
fn has_history(conn: &Connection, kind: &str, key: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM events WHERE entity_kind = ?1 AND entity_name_key = ?2)",
        )?
        .query_row(params![kind, key], |r| r.get(0))?)
}

fn next_seq(conn: &Connection, kind: &str, key: &str) -> Result<u64> {
    let max: i64 = conn
        .prepare_cached(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE entity_kind = ?1 AND entity_name_key = ?2",
        )?
        .query_row(params![kind, key], |r| r.get(0))?;
    Ok(max as u64 + 1)
}

/// The name, version and state an entity has now: what a commit checks,
/// and the state its log row's delta is made on.
fn current(conn: &Connection, kind: &str, key: &str) -> Result<Option<(Current, String)>> {
    Ok(conn
        .prepare_cached(
            "SELECT name, version, state_json FROM entities WHERE kind = ?1 AND name_key = ?2",
        )?
        .query_row(params![kind, key], |r| {
            Ok((
                Current {
                    name: r.get(0)?,
                    version: r.get::<_, i64>(1)? as u64,
                },
                r.get(2)?,
            ))
        })
        .optional()?)
}

/// One entity's states after its log rows `from` to `to` (and the run
/// before them back to a row without a delta).
fn states(conn: &Connection, kind: &str, key: &str, from: u64, to: u64) -> Result<States> {
    let mut stmt = conn.prepare_cached(STATE_RUN)?;
    let run = stmt
        .query_map(params![kind, key, from as i64, to as i64], |r| {
            Ok(StoredState {
                seq: r.get::<_, i64>(0)? as u64,
                plain: r.get(1)?,
                packed: r.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    States::new(run)
}

/// Stores `w` as the entity's log row `seq` (`None`: the next after its
/// newest, looked up; an existing entity's is its version + 1, since
/// every write sets the version to its row's `seq`).
fn apply(conn: &Connection, w: &EntityWrite<'_>, now: &str, seq: Option<u64>) -> Result<Touched> {
    let seq = match seq {
        Some(seq) => seq,
        None => next_seq(conn, w.kind, w.key)?,
    };
    match w.after {
        Some(state) => {
            conn.prepare_cached(
                "INSERT INTO entities (kind, name_key, name, version, state_json, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (kind, name_key) DO UPDATE
                 SET version = excluded.version, state_json = excluded.state_json,
                     updated_at = excluded.updated_at",
            )?
            .execute(params![w.kind, w.key, w.name, seq as i64, state, now])?;
        }
        None => {
            conn.prepare_cached("DELETE FROM entities WHERE kind = ?1 AND name_key = ?2")?
                .execute(params![w.kind, w.key])?;
        }
    }
    // The state before is the entity's previous log row's state after
    // (migration 3); the state after is stored plain or as a delta on it
    // (migration 6, `packed.rs`).
    let (plain, delta) = pack_state(seq, w.base, w.after);
    conn.prepare_cached(
        "INSERT INTO events (change_id, entity_kind, entity_name_key, entity_name, seq,
                             state_after_json, state_packed)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        w.change, w.kind, w.key, w.name, seq as i64, plain, delta
    ])?;
    Ok(w.touched(seq))
}

impl Backend for SqliteBackend {
    fn dump(&self) -> Result<Vec<RawEntity>> {
        let mut stmt = self.conn.prepare(
            "SELECT kind, name, version, state_json, updated_at FROM entities
             ORDER BY kind, name_key",
        )?;
        let rows = stmt.query_map([], raw_entity)?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    fn history(&self) -> Result<Vec<LoggedWrite>> {
        let mut stmt = self.conn.prepare(
            "SELECT entity_kind, entity_name_key, entity_name, seq, state_after_json, state_packed
             FROM events ORDER BY id",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get::<_, i64>(3)?.try_into().unwrap_or(0),
                    r.get(4)?,
                    r.get(5)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        crate::check::replay(rows)
    }

    fn check_writable(&mut self) -> Result<()> {
        if self.in_batch() {
            // The batch holds the write lock already.
            return Ok(());
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.rollback()?;
        Ok(())
    }

    fn schema_version(&self) -> Result<u32> {
        Ok(self
            .conn
            .prepare_cached("SELECT COALESCE(MAX(version), 0) FROM schema_version")?
            .query_row([], |r| r.get(0))?)
    }

    fn get(&self, kind: &str, name: &str) -> Result<Option<RawEntity>> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT kind, name, version, state_json, updated_at FROM entities
                 WHERE kind = ?1 AND name_key = ?2",
            )?
            .query_row(params![kind, name_key(name)], raw_entity)
            .optional()?)
    }

    fn get_shared(&self, kind: &str, name: &str) -> Result<Option<Arc<SharedEntity>>> {
        self.get(kind, name).map(fresh)
    }

    fn list_shared(&self, kind: &str) -> Result<Vec<Arc<SharedEntity>>> {
        self.list(kind).map(fresh_all)
    }

    fn newest_change(&self) -> Result<Option<ChangeId>> {
        Ok(Some(ChangeId(newest_change_id(&self.conn)?)))
    }

    fn writes_since(&self, cursor: Option<&Cursor>) -> Result<Option<WritesSince>> {
        // One writer at a time (SQLite's write lock) gives change ids in
        // commit order: everything after the last id seen is news.
        let since = match cursor {
            Some(Cursor::ChangeId(id)) => *id,
            // Another backend's cursor, or none yet: start from now.
            _ => {
                return Ok(Some(WritesSince {
                    cursor: Cursor::ChangeId(newest_change_id(&self.conn)?),
                    writes: Vec::new(),
                    overflow: cursor.is_some(),
                }));
            }
        };
        let mut stmt = self.conn.prepare_cached(
            "SELECT e.change_id, e.entity_kind, e.entity_name_key, e.seq, e.entity_name,
                    e.state_after_json IS NOT NULL OR e.state_packed IS NOT NULL,
                    CASE WHEN length(CAST(e.state_after_json AS BLOB)) <= ?3
                         THEN e.state_after_json END,
                    CASE WHEN length(e.state_packed) <= ?3 THEN e.state_packed END,
                    c.created_at
             FROM events e JOIN changes c ON c.id = e.change_id
             WHERE e.change_id > ?1 ORDER BY e.change_id LIMIT ?2",
        )?;
        let mut last = since;
        let mut writes = Vec::new();
        let mut rows = stmt.query(params![since, MAX_CATCH_UP + 1, MAX_LOGGED_STATE])?;
        while let Some(r) = rows.next()? {
            last = r.get(0)?;
            writes.push(WrittenKey {
                kind: r.get(1)?,
                key: r.get(2)?,
                version: r.get::<_, i64>(3)?.try_into().unwrap_or(0),
                change: ChangeId(last),
                name: r.get(4)?,
                exists: r.get(5)?,
                state: crate::cache::logged_state(r.get(6)?, r.get(7)?, r.get(8)?),
            });
        }
        let overflow = writes.len() > MAX_CATCH_UP as usize;
        if overflow {
            // Part of the last change may be missing: start again from
            // the newest change, with an empty cache.
            last = newest_change_id(&self.conn)?;
            writes.clear();
        }
        Ok(Some(WritesSince {
            cursor: Cursor::ChangeId(last),
            writes,
            overflow,
        }))
    }

    fn list(&self, kind: &str) -> Result<Vec<RawEntity>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT kind, name, version, state_json, updated_at FROM entities
             WHERE kind = ?1 ORDER BY name_key",
        )?;
        let rows = stmt.query_map([kind], raw_entity)?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    fn commit(&mut self, change: &Change) -> Result<Committed> {
        change.validate()?;
        #[cfg(test)]
        let fail_before_write = self.fail_before_write;
        #[cfg(not(test))]
        let fail_before_write: Option<usize> = None;
        let tx = self.write()?;
        let now = now();
        // Every refusal comes here, before anything is written.
        let checked = check_change(&tx, change)?;
        let written = write_change(&tx, change, &checked, &now, fail_before_write);
        let (result, broken) = tx.end(written);
        if broken.is_some() {
            self.broken = broken;
        }
        result
    }

    fn undo(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone> {
        let key = name_key(name);
        let tx = self.write()?;
        if !has_history(&tx, kind, &key)? {
            return Err(not_found(kind, name));
        }
        // Undo works like a stack: the newest change of this entity that is
        // not itself an undo and has not been undone yet.
        let target: Option<(i64, String)> = tx
            .query_row(
                // Walks the entity's own writes newest first (the
                // (kind, name, seq) index), not every change in the file;
                // an entity's writes come in change order.
                "SELECT c.id, c.command FROM events e JOIN changes c ON c.id = e.change_id
                 WHERE e.entity_kind = ?1 AND e.entity_name_key = ?2
                   AND c.undo_of IS NULL
                   AND NOT EXISTS (SELECT 1 FROM changes u WHERE u.undo_of = c.id)
                 ORDER BY e.seq DESC LIMIT 1",
                params![kind, key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((target, command)) = target else {
            return Err(nothing_to_undo(kind, name));
        };
        let written: Vec<(String, String, String, i64)> = tx
            .prepare(
                "SELECT entity_kind, entity_name_key, entity_name, seq
                 FROM events WHERE change_id = ?1 ORDER BY id",
            )?
            .query_map([target], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut rows = Vec::with_capacity(written.len());
        for (kind, key, name, seq) in written {
            let seq = seq as u64;
            let run = states(&tx, &kind, &key, seq.saturating_sub(1), seq)?;
            rows.push(UndoRow {
                before: run.before(seq),
                after: run.after(seq),
                kind,
                key,
                name,
            });
        }
        check_allowed(target, &rows, allow)?;
        // Every entity must still be exactly as the change left it; state
        // (not version) is compared so that undoing a later change first
        // makes this one undoable again.
        for row in &rows {
            let cur = current_state(&tx, &row.kind, &row.key)?;
            check_undoable(
                target,
                &row.kind,
                &row.name,
                cur.as_deref(),
                row.after.as_deref(),
            )?;
        }
        let now = now();
        let written = (|| {
            tx.execute(
                "INSERT INTO changes (command, events_json, undo_of, created_at) VALUES (?1, '[]', ?2, ?3)",
                params![format!("undo {command}"), target, now],
            )?;
            let change_id = tx.last_insert_rowid();
            let mut touched = Vec::with_capacity(rows.len());
            for row in &rows {
                touched.push(apply(
                    &tx,
                    &EntityWrite::of_undo(change_id, row),
                    &now,
                    None,
                )?);
            }
            Ok(Undone {
                change: ChangeId(change_id),
                reverted: ChangeId(target),
                reverted_command: command,
                touched,
            })
        })();
        let (result, broken) = tx.end(written);
        if broken.is_some() {
            self.broken = broken;
        }
        result
    }

    fn recent(
        &self,
        kinds: &[String],
        before: Option<ChangeId>,
        limit: u32,
    ) -> Result<Vec<ChangeSummary>> {
        if kinds.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; kinds.len()].join(", ");
        let sql = format!(
            "SELECT c.id, c.command, {events}, c.undo_of, c.created_at, c.events_packed
             FROM changes c
             WHERE c.id IN (SELECT DISTINCT change_id FROM events
                            WHERE entity_kind IN ({marks}) AND change_id < ?
                            ORDER BY change_id DESC LIMIT ?)
             ORDER BY c.id DESC",
            events = crate::check::events_capped!("c")
        );
        let before = before.map_or(i64::MAX, |b| b.0);
        let limit = i64::from(limit);
        let mut args: Vec<&dyn rusqlite::ToSql> =
            kinds.iter().map(|k| k as &dyn rusqlite::ToSql).collect();
        args.push(&before);
        args.push(&limit);
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let found = stmt.query_map(args.as_slice(), |r| {
            Ok((
                crate::check::RecentRow {
                    change: r.get(0)?,
                    command: r.get(1)?,
                    events: r.get(2)?,
                    undo_of: r.get(3)?,
                    created_at: r.get(4)?,
                },
                r.get::<_, Option<Vec<u8>>>(5)?,
            ))
        })?;
        // Rows are read one by one, so a full page stops reading.
        let mut rows: Vec<crate::check::RecentRow> = Vec::new();
        let mut bytes = 0;
        for row in found {
            let (mut row, packed) = row?;
            row.events = events_text(std::mem::take(&mut row.events), packed)?;
            if !crate::check::fits_page(&mut bytes, row.events.len(), rows.is_empty()) {
                break;
            }
            rows.push(row);
        }
        let mut members = self.conn.prepare_cached(
            "SELECT entity_kind || ':' || entity_name FROM events WHERE change_id = ?1 ORDER BY id",
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let entities = members
                .query_map([row.change], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            out.push(row.into_summary(entities)?);
        }
        Ok(out)
    }

    fn log_page(
        &self,
        kind: &str,
        name: &str,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<LogEntry>> {
        let key = name_key(name);
        let before = before.map_or(i64::MAX, |b| i64::try_from(b).unwrap_or(i64::MAX));
        let mut stmt = self.conn.prepare_cached(concat!(
            "SELECT e.change_id, e.seq, c.command, ",
            crate::check::events_capped!("c"),
            ", c.undo_of,
                    (SELECT MIN(u.id) FROM changes u WHERE u.undo_of = c.id),
                    c.created_at, e.entity_name, c.events_packed,
                    COALESCE(length(e.state_after_json), 0) + COALESCE(length(e.state_packed), 0)
             FROM events e JOIN changes c ON c.id = e.change_id
             WHERE e.entity_kind = ?1 AND e.entity_name_key = ?2 AND e.seq < ?3
             ORDER BY e.seq DESC LIMIT ?4"
        ))?;
        // Newest first, read one at a time until the page is full as
        // stored (a delta counts its own bytes here, its state's in
        // `log_page_rows`): a page of large states never sits in memory
        // whole.
        let mut rows: Vec<LogRow> = Vec::new();
        let mut bytes = 0;
        for row in stmt.query_map(params![kind, key, before, i64::from(limit)], |r| {
            Ok((
                LogRow {
                    change: r.get(0)?,
                    seq: r.get(1)?,
                    command: r.get(2)?,
                    events: r.get(3)?,
                    undo_of: r.get(4)?,
                    undone_by: r.get(5)?,
                    before: None,
                    after: None,
                    created_at: r.get(6)?,
                    name: r.get(7)?,
                },
                r.get::<_, Option<Vec<u8>>>(8)?,
                r.get::<_, i64>(9)?,
            ))
        })? {
            let (mut row, packed, stored) = row?;
            row.events = events_text(std::mem::take(&mut row.events), packed)?;
            let size = row.events.len() + usize::try_from(stored).unwrap_or(0);
            if !crate::check::fits_page(&mut bytes, size, rows.is_empty()) {
                break;
            }
            rows.push(row);
        }
        let rows = match (rows.first(), rows.last()) {
            (Some(newest), Some(oldest)) => {
                let (from, to) = ((oldest.seq - 1).max(0), newest.seq);
                let mut stmt = self.conn.prepare_cached(STATE_RUN)?;
                let run = stmt
                    .query_map(params![kind, key, from, to], |r| {
                        Ok(StoredState {
                            seq: r.get::<_, i64>(0)? as u64,
                            plain: r.get(1)?,
                            packed: r.get(2)?,
                        })
                    })?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                crate::check::log_page_rows(rows, &run)?
            }
            _ => rows,
        };
        if rows.is_empty() && !has_history(&self.conn, kind, &key)? {
            return Err(not_found(kind, name));
        }
        let mut members = self.conn.prepare_cached(
            "SELECT entity_kind || ':' || entity_name FROM events WHERE change_id = ?1 ORDER BY id",
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let entities = members
                .query_map([row.change], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            out.push(row.into_entry(kind, entities)?);
        }
        Ok(out)
    }
}

/// What a checked write will store: its name key, the entity's name as
/// kept, and its log row's `seq` when known.
struct Checked {
    key: String,
    name: String,
    seq: Option<u64>,
    /// The entity's stored state, which its log row's delta is made on.
    base: Option<String>,
}

/// Checks every write of `change` against what is stored (versions,
/// names taken), writing nothing: the change's refusal, if any.
fn check_change(conn: &Connection, change: &Change) -> Result<Vec<Checked>> {
    change
        .writes
        .iter()
        .map(|w| {
            let key = name_key(&w.name);
            let (cur, base) = current(conn, &w.kind, &key)?.unzip();
            let name = check_write(w, cur.as_ref())?;
            let seq = cur.map(|c| c.version + 1);
            Ok(Checked {
                key,
                name,
                seq,
                base,
            })
        })
        .collect()
}

/// Writes one checked change inside an open transaction: its `changes`
/// row, then each entity write. An error leaves the writes made so far
/// for the caller to roll back.
fn write_change(
    conn: &Connection,
    change: &Change,
    checked: &[Checked],
    now: &str,
    fail_before_write: Option<usize>,
) -> Result<Committed> {
    let (events, packed) = pack_events(&change.events_json);
    conn.prepare_cached(
        "INSERT INTO changes (command, events_json, events_packed, undo_of, created_at)
         VALUES (?1, ?2, ?3, NULL, ?4)",
    )?
    .execute(params![change.command, events, packed, now])?;
    let change_id = conn.last_insert_rowid();
    let mut touched = Vec::with_capacity(change.writes.len());
    for (index, (w, c)) in change.writes.iter().zip(checked).enumerate() {
        if fail_before_write == Some(index) {
            // The caller's rollback undoes what ran, as a crash would.
            return Err(StoreError::InvalidChange("injected failure".into()));
        }
        touched.push(apply(
            conn,
            &EntityWrite::of_commit(change_id, w, &c.key, &c.name, c.base.as_deref()),
            now,
            c.seq,
        )?);
    }
    Ok(Committed {
        change: ChangeId(change_id),
        touched,
        at: now.to_owned(),
    })
}

impl SqliteBackend {
    /// The bytes of the database: its pages (`page_count × page_size`,
    /// those committed to the log but not yet checkpointed included, free
    /// pages too): what `bench/load` reports per cast.
    pub fn database_bytes(&self) -> Result<u64> {
        Ok(self.conn.query_row(
            "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()",
            [],
            |r| r.get::<_, i64>(0),
        )? as u64)
    }

    /// Opens a batch (group commit): one transaction, holding the write
    /// lock, in which every later [`Backend::commit`] and
    /// [`Backend::undo`] runs. One refused (a version conflict, a name
    /// taken) is refused before it writes anything, so the others stay;
    /// one that fails halfway through its writes sinks the batch. Nothing
    /// is durable before [`end_batch`](Self::end_batch).
    pub fn begin_batch(&mut self) -> Result<()> {
        // IMMEDIATE takes the write lock up front, so another process's
        // writer waits (busy timeout) instead of failing halfway through.
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        self.broken = None;
        Ok(())
    }

    /// Ends the batch: commits every change made in it in one sync. On
    /// an error nothing of the batch is kept: also when one of its
    /// changes failed halfway through its writes.
    pub fn end_batch(&mut self) -> Result<()> {
        if let Some(why) = self.broken.take() {
            self.conn.execute_batch("ROLLBACK")?;
            return Err(StoreError::Unavailable(format!(
                "a change failed halfway through its writes, so its batch was rolled back: {why}"
            )));
        }
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            if self.in_batch() {
                let _ = self.conn.execute_batch("ROLLBACK");
            }
            return Err(e.into());
        }
        Ok(())
    }

    /// Stops syncing the disk at each commit (`synchronous = NORMAL`):
    /// commits stay atomic and in order, but are durable only once the
    /// returned [`WalSync::sync`] has returned after them, which the
    /// caller must await before acknowledging any. The connection stops
    /// checkpointing too: [`WalSync::checkpoint_when_due`] does it. For a writer that
    /// overlaps one batch's sync with the next batch's work. Only for a
    /// database file (an in-memory one has nothing to sync).
    pub fn defer_syncs(&mut self) -> Result<WalSync> {
        let path = self
            .conn
            .path()
            .filter(|p| !p.is_empty())
            .map(std::path::PathBuf::from)
            .ok_or_else(|| {
                StoreError::BadConfig("an in-memory database has no log to sync".into())
            })?;
        self.conn.execute_batch(&format!(
            "PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;
                 PRAGMA journal_size_limit = {};",
            crate::wal::LOG_SIZE_LIMIT
        ))?;
        WalSync::new(&path)
    }

    /// Checkpoints the log between batches, so that the next batch can
    /// start writing it from its beginning again: call it after
    /// [`WalSync::restart_due`]. With the writer committing while the
    /// syncer checkpoints, the syncer's checkpoints never catch up with
    /// the log's end and the log would grow for as long as writes keep
    /// coming; this one copies only what was committed since the last
    /// (it syncs the log and the database file).
    pub fn checkpoint(&mut self) {
        crate::wal::passive_checkpoint(&self.conn);
    }

    /// Whether a batch is open.
    pub fn in_batch(&self) -> bool {
        !self.conn.is_autocommit()
    }

    /// A write of its own: a transaction holding the write lock, or
    /// within a batch the batch's transaction itself. No savepoint is
    /// needed there (one cost the writer a copy of every page it touched):
    /// a refusal comes before the first write, and a write that fails
    /// halfway sinks the batch ([`end_batch`](Self::end_batch)).
    fn write(&mut self) -> Result<Writing<'_>> {
        Ok(if self.in_batch() {
            Writing::InBatch(&self.conn)
        } else {
            // IMMEDIATE takes the write lock up front, so a concurrent
            // writer waits (busy timeout) instead of failing halfway.
            Writing::Transaction(
                self.conn
                    .transaction_with_behavior(TransactionBehavior::Immediate)?,
            )
        })
    }
}

/// One write: its own transaction (rolled back when dropped
/// uncommitted), or part of the open batch.
enum Writing<'c> {
    Transaction(rusqlite::Transaction<'c>),
    InBatch(&'c Connection),
}

impl Writing<'_> {
    /// Ends a write whose checks passed: commits its own transaction, or
    /// in a batch leaves it to the batch. Returns also, when the writes
    /// failed halfway in a batch, why the whole batch must be rolled back.
    fn end<T>(self, written: Result<T>) -> (Result<T>, Option<String>) {
        match (self, written) {
            (Writing::Transaction(tx), Ok(done)) => {
                (tx.commit().map(|()| done).map_err(Into::into), None)
            }
            (Writing::InBatch(_), Ok(done)) => (Ok(done), None),
            (Writing::Transaction(_), Err(e)) => (Err(e), None),
            (Writing::InBatch(_), Err(e)) => {
                let why = e.to_string();
                (Err(e), Some(why))
            }
        }
    }
}

impl std::ops::Deref for Writing<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        match self {
            Writing::Transaction(tx) => tx,
            Writing::InBatch(conn) => conn,
        }
    }
}

/// The newest change id (0 when there is none). No bound parameter, so
/// the cached statement is never prepared again.
fn newest_change_id(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COALESCE(MAX(id), 0) FROM changes")?
        .query_row([], |r| r.get(0))?)
}

fn raw_entity(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawEntity> {
    Ok(RawEntity {
        kind: r.get(0)?,
        name: r.get(1)?,
        version: r.get::<_, i64>(2)? as u64,
        state_json: r.get(3)?,
        updated_at: r.get(4)?,
    })
}

/// Copies the SQLite database at `from` into a new file `to` with SQLite's
/// online backup API: consistent while others write, the WAL included
/// (a plain file copy misses it). `to` must not exist yet.
pub fn backup_sqlite(from: &Path, to: &Path) -> Result<()> {
    if to.exists() {
        return Err(StoreError::BadConfig(format!(
            "{} already exists; name a new file",
            to.display()
        )));
    }
    let src = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    src.busy_timeout(BUSY_TIMEOUT)?;
    let mut dst = Connection::open(to)?;
    rusqlite::backup::Backup::new(&src, &mut dst)?.run_to_completion(
        256,
        std::time::Duration::from_millis(5),
        None,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_midway_through_a_change_leaves_nothing() {
        let mut db = SqliteBackend::open_in_memory().unwrap();
        db.commit(&Change::new("seed").create("character", "a", &1).unwrap())
            .unwrap();
        db.fail_before_write = Some(1);
        let change = Change::new("two writes")
            .update("character", "a", 1, &2)
            .unwrap()
            .create("encounter", "fight", &3)
            .unwrap();
        assert!(db.commit(&change).is_err());
        let a = db.get("character", "a").unwrap().unwrap();
        assert_eq!((a.version, a.state_json.as_str()), (1, "1"));
        assert!(db.get("encounter", "fight").unwrap().is_none());
        assert_eq!(db.log("character", "a").unwrap().len(), 1);
        let changes: i64 = db
            .conn
            .query_row("SELECT COUNT(*) FROM changes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(
            changes, 1,
            "the failed change's log row must be rolled back too"
        );

        db.fail_before_write = None;
        let done = db.commit(&change).unwrap();
        assert_eq!(done.touched[0].version, Some(2));
    }

    #[test]
    fn a_group_commit_rolls_back_only_the_refused_change() {
        let mut db = SqliteBackend::open_in_memory().unwrap();
        db.commit(&Change::new("seed").create("character", "a", &1).unwrap())
            .unwrap();
        let first = Change::new("a to 2")
            .update("character", "a", 1, &2)
            .unwrap();
        // Read at version 1 too: after `first` it is stale.
        let stale = Change::new("a to 3")
            .update("character", "a", 1, &3)
            .unwrap()
            .create("encounter", "half", &0)
            .unwrap();
        let other = Change::new("b").create("character", "b", &7).unwrap();
        db.begin_batch().unwrap();
        let results: Vec<_> = [&first, &stale, &other]
            .into_iter()
            .map(|c| db.commit(c))
            .collect();
        db.end_batch().unwrap();
        assert!(results[0].is_ok());
        assert!(
            matches!(results[1], Err(StoreError::Conflict { .. })),
            "{:?}",
            results[1]
        );
        assert!(results[2].is_ok());
        assert_eq!(db.get("character", "a").unwrap().unwrap().state_json, "2");
        assert!(
            db.get("encounter", "half").unwrap().is_none(),
            "the refused change wrote nothing"
        );
        assert_eq!(db.get("character", "b").unwrap().unwrap().state_json, "7");
        let changes: i64 = db
            .conn
            .query_row("SELECT COUNT(*) FROM changes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(
            changes, 3,
            "seed, first and other: no row for the refused one"
        );
        // The log and undo see the batch's changes like any others.
        assert_eq!(db.log("character", "a").unwrap().len(), 2);
        db.undo("character", "a", &|_, _| true).unwrap();
        assert_eq!(db.get("character", "a").unwrap().unwrap().state_json, "1");
    }

    /// A batch has no savepoints: a change that fails halfway through its
    /// writes (not a refusal, which comes before any) takes the whole
    /// batch with it, so no change is ever kept in part.
    #[test]
    fn a_change_failing_halfway_in_a_batch_rolls_back_the_batch() {
        let mut db = SqliteBackend::open_in_memory().unwrap();
        db.commit(&Change::new("seed").create("character", "a", &1).unwrap())
            .unwrap();
        let other = Change::new("b").create("character", "b", &7).unwrap();
        let two = Change::new("two writes")
            .update("character", "a", 1, &2)
            .unwrap()
            .create("encounter", "fight", &3)
            .unwrap();
        db.begin_batch().unwrap();
        db.commit(&other).unwrap();
        db.fail_before_write = Some(1);
        assert!(db.commit(&two).is_err());
        let ended = db.end_batch().unwrap_err();
        assert_eq!(ended.code(), "database_unavailable", "{ended}");
        assert!(ended.to_string().contains("injected failure"), "{ended}");
        assert!(!db.in_batch());
        assert!(db.get("character", "b").unwrap().is_none(), "rolled back");
        let a = db.get("character", "a").unwrap().unwrap();
        assert_eq!((a.version, a.state_json.as_str()), (1, "1"));
        // The next batch starts clean.
        db.fail_before_write = None;
        db.begin_batch().unwrap();
        db.commit(&other).unwrap();
        db.end_batch().unwrap();
        assert_eq!(db.get("character", "b").unwrap().unwrap().version, 1);
    }
}
