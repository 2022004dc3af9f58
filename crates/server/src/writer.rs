//! The one writer of an SQLite database: group commit (issue 16).
//!
//! Every commit of the server goes to a single thread that owns the only
//! connection allowed to write. It takes what is waiting (up to
//! [`MAX_BATCH`] changes), commits them in one transaction and one sync
//! ([`SqliteBackend::commit_batch`]: each change in its own savepoint, so
//! a refused one does not sink the others), and only then answers each
//! request. Nothing is acknowledged before its batch is durable, and the
//! readers never fight the writer for SQLite's write lock.
//!
//! Invariant: on SQLite, only this thread commits changes; the pool's
//! connections read (and undo, which is rare and checks its own
//! preconditions inside its transaction).

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use grimoire_store::{Change, Committed, SqliteBackend, StoreError};

/// The most changes one transaction takes.
pub(crate) const MAX_BATCH: usize = 64;

struct Job {
    change: Change,
    reply: mpsc::SyncSender<Result<Committed, StoreError>>,
}

/// A handle to the writer thread; cloned into every request.
#[derive(Clone)]
pub(crate) struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Opens the writer's connection to `path` and starts its thread.
    pub(crate) fn start(path: &Path) -> Result<Writer, StoreError> {
        let mut backend = SqliteBackend::open(path)?;
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("grimoire-writer".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    let mut batch = vec![first];
                    while batch.len() < MAX_BATCH {
                        match queue.try_recv() {
                            Ok(job) => batch.push(job),
                            Err(_) => break,
                        }
                    }
                    let changes: Vec<&Change> = batch.iter().map(|j| &j.change).collect();
                    let results = backend.commit_batch(&changes);
                    for (job, result) in batch.into_iter().zip(results) {
                        // A request that gave up waiting drops its receiver.
                        let _ = job.reply.send(result);
                    }
                }
            })
            .map_err(|e| StoreError::Unavailable(format!("cannot start the writer: {e}")))?;
        Ok(Writer { jobs })
    }

    /// Commits `change` in the next batch and waits, at most `timeout`,
    /// until that batch is durable.
    pub(crate) fn commit(
        &self,
        change: &Change,
        timeout: Duration,
    ) -> Result<Committed, StoreError> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.jobs
            .send(Job {
                change: change.clone(),
                reply,
            })
            .map_err(|_| StoreError::Unavailable("the database writer stopped".into()))?;
        answer.recv_timeout(timeout).map_err(|_| {
            StoreError::Unavailable("the database writer did not answer in time".into())
        })?
    }
}
