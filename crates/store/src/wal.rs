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
//! itself, and [`WalSync::sync`] runs a passive checkpoint on a
//! connection of its own now and then.

use std::fs::File;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::Connection;

use crate::error::{Result, StoreError};

/// How often at most the log is checkpointed into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

/// The write-ahead log of one database file, synced on demand. Made by
/// [`SqliteBackend::defer_syncs`](crate::SqliteBackend::defer_syncs).
#[derive(Debug)]
pub struct WalSync {
    wal: PathBuf,
    /// The connection that checkpoints.
    checkpointer: Connection,
    last_checkpoint: Instant,
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
            checkpointer: Connection::open(database)?,
            last_checkpoint: Instant::now(),
        })
    }

    /// Makes every commit written so far durable: one sync of the log.
    /// Then, if the last checkpoint is a while ago, checkpoints what
    /// nobody reads any more (never waiting for a reader or the writer).
    pub fn sync(&mut self) -> Result<()> {
        match File::open(&self.wal) {
            Ok(file) => file.sync_data().map_err(|source| io(&self.wal, source))?,
            // No log: the last connection closed, checkpointed it into
            // the database file, synced that and deleted the log.
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
            Err(source) => return Err(io(&self.wal, source)),
        }
        if self.last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
            self.last_checkpoint = Instant::now();
            // A passive checkpoint that could not finish (a reader still
            // on old frames) is simply tried again next time.
            let _ = self
                .checkpointer
                .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        }
        Ok(())
    }
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
        let mut wal = db.defer_syncs().unwrap();
        let size = || std::fs::metadata(&path).unwrap().len();
        let before = size();
        let big = "x".repeat(200_000);
        db.commit(&Change::new("big").create("character", "a", &big).unwrap())
            .unwrap();
        wal.sync().unwrap();
        assert_eq!(
            size(),
            before,
            "no checkpoint yet: the commit is in the log"
        );
        std::thread::sleep(super::CHECKPOINT_EVERY);
        wal.sync().unwrap();
        assert!(size() > before + 100_000, "checkpointed into the file");
        drop(db);
        let again = SqliteBackend::open(&path).unwrap();
        let a = again.get("character", "a").unwrap().unwrap();
        assert_eq!(a.state_json.len(), big.len() + 2);
    }
}
