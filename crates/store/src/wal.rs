//! Syncing an SQLite database's write-ahead log by hand, so that a writer
//! can overlap one batch's sync with the next batch's work (issue 16).
//!
//! In WAL mode with `synchronous = NORMAL`, SQLite writes each commit's
//! frames to the `-wal` file without waiting for the disk: commits stay
//! atomic and in order (a crash loses a suffix of them, never a middle
//! one, and never corrupts the file), but the newest may be lost. One
//! `fdatasync` of the WAL file makes every commit written so far durable,
//! exactly as `synchronous = FULL` would have at each commit.
//!
//! Checkpoints (copying the log back into the database file) move here
//! too, off the writer: the writer's connection stops checkpointing
//! itself, and [`WalSync::checkpoint_when_due`] runs a passive checkpoint
//! on a connection of its own now and then, on a thread of its own, so
//! that no sync waits for it.

use std::fs::File;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use rusqlite::Connection;

use crate::error::{Result, StoreError};

/// How often at most the log is checkpointed into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

/// The size the log file is cut back to when it starts over, should a
/// burst of writes have grown it beyond (bytes).
pub(crate) const LOG_SIZE_LIMIT: u64 = 64 << 20;

/// The write-ahead log of one database file, synced on demand. Made by
/// [`SqliteBackend::defer_syncs`](crate::SqliteBackend::defer_syncs).
///
/// Shared by the thread that syncs and checkpoints and the writer, which
/// asks [`restart_due`](WalSync::restart_due) between its batches.
#[derive(Debug)]
pub struct WalSync {
    wal: PathBuf,
    /// The connection that checkpoints, and when it last did.
    checkpointer: Mutex<(Connection, Instant)>,
    /// Whether a checkpoint ran since the writer last asked
    /// ([`restart_due`](WalSync::restart_due)).
    checkpointed: AtomicBool,
}

impl WalSync {
    /// The log of the database at `database`, whose directory entry is
    /// made durable first (the log file must survive a crash to be
    /// found).
    pub(crate) fn new(database: &Path) -> Result<WalSync> {
        let mut wal = database.as_os_str().to_owned();
        wal.push("-wal");
        if let Some(dir) = database.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)
                .and_then(|d| d.sync_all())
                .map_err(|source| io(dir, source))?;
        }
        Ok(WalSync {
            wal: wal.into(),
            checkpointer: Mutex::new((Connection::open(database)?, Instant::now())),
            checkpointed: AtomicBool::new(false),
        })
    }

    /// Makes every commit written before the call durable: one sync of
    /// the log.
    pub fn sync(&self) -> Result<()> {
        match File::open(&self.wal) {
            Ok(file) => file.sync_data().map_err(|source| io(&self.wal, source)),
            // No log: the last connection closed, checkpointed it into
            // the database file, synced that and deleted the log.
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(source) => Err(io(&self.wal, source)),
        }
    }

    /// If the last checkpoint is a while ago, checkpoints what nobody
    /// reads any more, never waiting for a reader or the writer. Call it
    /// where nobody waits for it: it takes milliseconds (it syncs the log
    /// and the database file).
    pub fn checkpoint_if_due(&self) {
        let mut guard = self
            .checkpointer
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let (connection, last) = &mut *guard;
        if last.elapsed() >= CHECKPOINT_EVERY {
            *last = Instant::now();
            passive_checkpoint(connection);
            self.checkpointed.store(true, Ordering::Release);
        }
    }

    /// [`checkpoint_if_due`](WalSync::checkpoint_if_due), first sleeping
    /// until it is due: for a thread that checkpoints after writes were
    /// synced, beside the thread that syncs.
    pub fn checkpoint_when_due(&self) {
        let since = self
            .checkpointer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .1
            .elapsed();
        std::thread::sleep(CHECKPOINT_EVERY.saturating_sub(since));
        self.checkpoint_if_due();
    }

    /// Whether the writer should finish a checkpoint between two batches
    /// ([`SqliteBackend::checkpoint`](crate::SqliteBackend::checkpoint)),
    /// true once after each of [`checkpoint_if_due`](WalSync::checkpoint_if_due)'s
    /// checkpoints: that one copied the bulk of the log, while the writer
    /// kept adding to it, so the log can start over only once the writer
    /// has copied the rest.
    pub fn restart_due(&self) -> bool {
        self.checkpointed.swap(false, Ordering::AcqRel)
    }
}

/// Copies what nobody reads any more from the log into the database
/// file, never waiting for a reader or the writer. A checkpoint that
/// could not finish (a reader still on old frames) is simply tried again
/// next time, so its outcome is not reported.
pub(crate) fn passive_checkpoint(connection: &Connection) {
    let _ = connection.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
}

fn io(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::Io {
        path: path.display().to_string(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use crate::{Backend, Change, SqliteBackend};

    #[test]
    fn an_in_memory_database_has_no_log_to_sync() {
        let mut db = SqliteBackend::open_in_memory().unwrap();
        assert_eq!(db.defer_syncs().unwrap_err().code(), "bad_config");
    }

    /// With syncs deferred the writer never checkpoints: the log grows
    /// until a sync, a while after the last checkpoint, copies it into
    /// the database file. What was committed reads back either way.
    #[test]
    fn the_sync_checkpoints_what_the_writer_no_longer_does() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite3");
        let mut db = SqliteBackend::open(&path).unwrap();
        let wal = db.defer_syncs().unwrap();
        let size = || std::fs::metadata(&path).unwrap().len();
        let before = size();
        let big = "x".repeat(200_000);
        db.commit(&Change::new("big").create("character", "a", &big).unwrap())
            .unwrap();
        wal.sync().unwrap();
        wal.checkpoint_if_due();
        assert_eq!(
            size(),
            before,
            "no checkpoint yet: the commit is in the log"
        );
        std::thread::sleep(super::CHECKPOINT_EVERY);
        wal.sync().unwrap();
        wal.checkpoint_if_due();
        assert!(size() > before + 100_000, "checkpointed into the file");
        drop(db);
        let again = SqliteBackend::open(&path).unwrap();
        let a = again.get("character", "a").unwrap().unwrap();
        assert_eq!(a.state_json.len(), big.len() + 2);
    }
}
