//! The one writer of an SQLite database: requests served in batches, one
//! transaction and one sync each (group commit, issue 16).
//!
//! Every request that may write runs its whole database work on a single
//! thread that owns the only connection allowed to write. The thread takes
//! what is waiting (up to [`MAX_BATCH`] requests), opens one transaction,
//! catches the instance's cache up with the change log once, and runs each
//! request's work in turn ([`SqliteBackend::begin_batch`]: a refused
//! commit writes nothing, so it does not sink the others), and each
//! request sees what the earlier ones wrote
//! ([`grimoire_store::Batch`]). Then it commits once and hands the
//! batch's answers to the syncer thread, and goes on with the next batch.
//!
//! The syncer makes the log durable (one `fdatasync` for every batch
//! committed since its last, [`WalSync`]) and only then answers their
//! requests, in commit order. So the disk's sync of one batch overlaps
//! the next batch's work, nothing is acknowledged before it is durable,
//! the readers never fight the writer for SQLite's write lock, and a
//! request crosses threads three times at most (to the writer, to the
//! syncer, back to the reactor's task). A third thread checkpoints the
//! log after syncs, so that no answer waits for a checkpoint.
//!
//! Invariants: on SQLite, only this thread commits changes; the pool's
//! connections read. A reader may see a committed change whose sync is
//! still under way (as the cache does); no request that wrote, and none
//! that the writer served after it, is answered before that sync.

use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Instant;

use grimoire_store::{Batch, Cached, EntityCache, SqliteBackend, StoreError, WalSync};

/// The most requests one transaction takes.
pub(crate) const MAX_BATCH: usize = 64;

/// The writer's connection, lent to each request of a batch in turn.
pub(crate) type Connection = Arc<Mutex<SqliteBackend>>;

/// A request's database work, run on the writer thread: given the open
/// batch (or why none could be opened), it does its reads and writes and
/// returns how to answer once the batch has ended.
pub(crate) type Work = Box<dyn FnOnce(Result<&Session, StoreError>) -> Answer + Send>;

/// Answers a request once its batch has ended: with the batch's error
/// when the final commit failed (nothing of the batch was kept).
pub(crate) type Answer = Box<dyn FnOnce(Option<&StoreError>) + Send>;

struct Job {
    work: Work,
    /// Past it nobody waits for the answer: the work is dropped unrun.
    deadline: Instant,
}

/// The open batch, as a request's work sees it.
pub(crate) struct Session {
    conn: Connection,
    cache: Arc<EntityCache>,
    batch: Arc<Batch>,
    /// What [`once_per_batch`](Session::once_per_batch) found.
    checked: std::sync::OnceLock<bool>,
}

impl Session {
    /// A backend on the batch's connection that reads through the cache
    /// and sees the batch's earlier writes.
    pub(crate) fn backend(&self) -> Cached<Connection> {
        Cached::in_batch(
            Arc::clone(&self.conn),
            Arc::clone(&self.cache),
            Arc::clone(&self.batch),
        )
    }

    /// `check()` the first time a request of the batch asks; its answer
    /// for every later one (a check of what cannot change within one
    /// transaction, such as the database file itself).
    pub(crate) fn once_per_batch(&self, check: impl FnOnce() -> bool) -> bool {
        *self.checked.get_or_init(check)
    }

    /// How many commits and undos the batch made so far: a request's work
    /// that raised it wrote something.
    pub(crate) fn writes(&self) -> usize {
        self.batch.writes()
    }
}

/// A handle to the writer thread; one per server.
pub(crate) struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Opens the writer's connection to `path` and starts its thread,
    /// which keeps `cache` up to date with what it commits.
    pub(crate) fn start(
        path: &std::path::Path,
        cache: Arc<EntityCache>,
    ) -> Result<Writer, StoreError> {
        let mut db = SqliteBackend::open(path)?;
        let wal = Arc::new(db.defer_syncs()?);
        let conn = Arc::new(Mutex::new(db));
        let (ended, to_sync) = mpsc::channel::<Ended>();
        let (jobs, queue) = mpsc::channel::<Job>();
        let cannot_start =
            |e: std::io::Error| StoreError::Unavailable(format!("cannot start the writer: {e}"));
        // At most one wake-up waits: a checkpoint copies every sync before it.
        let (synced, to_checkpoint) = mpsc::sync_channel::<()>(1);
        let checkpointer_wal = Arc::clone(&wal);
        std::thread::Builder::new()
            .name("grimoire-checkpointer".into())
            .spawn(move || checkpoint_after_syncs(&checkpointer_wal, &to_checkpoint))
            .map_err(cannot_start)?;
        let syncer_wal = Arc::clone(&wal);
        std::thread::Builder::new()
            .name("grimoire-syncer".into())
            .spawn(move || sync_and_answer(&syncer_wal, &to_sync, &synced))
            .map_err(cannot_start)?;
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
                    if let Some(done) = serve(&conn, &cache, batch)
                        && ended.send(done).is_err()
                    {
                        break;
                    }
                    if wal.restart_due() {
                        conn.lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .checkpoint();
                    }
                }
            })
            .map_err(cannot_start)?;
        Ok(Writer { jobs })
    }

    /// Commits `change` alone in the next batch and waits, at most
    /// `timeout`, until that batch is durable: the way a reading request
    /// (on a pool connection) writes, should it ever.
    pub(crate) fn commit(
        &self,
        change: &grimoire_store::Change,
        timeout: std::time::Duration,
    ) -> Result<grimoire_store::Committed, StoreError> {
        use grimoire_store::Backend;
        let (reply, answer) = mpsc::sync_channel(1);
        let change = change.clone();
        let work: Work = Box::new(move |session| {
            let result = session.and_then(|s| s.backend().commit(&change));
            let wrote = result.is_ok();
            Box::new(move |failed| {
                let _ = reply.send(match failed {
                    Some(e) if wrote => Err(not_saved(e)),
                    _ => result,
                });
            })
        });
        self.send(work, Instant::now() + timeout)?;
        // Longer than the request waits (the timeout and half again, see
        // `Db::outcome`): once the writer has the change, the request, not
        // this wait, says what became of it. A job its deadline dropped
        // unrun ends the wait at once (its reply is dropped with it).
        answer
            .recv_timeout(timeout.saturating_mul(2))
            .map_err(|_| {
                StoreError::Unavailable("the database writer did not answer in time".into())
            })?
    }

    /// Queues `work` for the next batch; dropped unrun once `deadline`
    /// has passed.
    pub(crate) fn send(&self, work: Work, deadline: Instant) -> Result<(), StoreError> {
        self.jobs
            .send(Job { work, deadline })
            .map_err(|_| StoreError::Unavailable("the database writer stopped".into()))
    }
}

/// The error of a request whose writes were lost with its batch.
pub(crate) fn not_saved(cause: &StoreError) -> StoreError {
    StoreError::Unavailable(format!("the change was not saved: {cause}"))
}

/// The error of requests whose writes' sync failed: they are committed,
/// but may not survive a crash.
fn not_synced(cause: &StoreError) -> StoreError {
    StoreError::Unavailable(format!("the database could not sync its log: {cause}"))
}

/// The error of a request whose batch could not begin.
fn not_begun(cause: &StoreError) -> StoreError {
    StoreError::Unavailable(format!("the database could not begin a batch: {cause}"))
}

/// A batch the writer ended: its answers, to give once it is durable.
struct Ended {
    answers: Vec<Answer>,
    /// Whether it committed writes that are not synced yet.
    wrote: bool,
    /// Why it failed as a whole (nothing of it was kept), if it did.
    error: Option<StoreError>,
}

/// The syncer thread: for every batch ended since the last sync, one
/// sync of the log if any of them wrote, then their answers in order;
/// then it tells the checkpointer (`synced`) that there is something to
/// checkpoint.
fn sync_and_answer(wal: &WalSync, ended: &mpsc::Receiver<Ended>, synced: &mpsc::SyncSender<()>) {
    while let Ok(first) = ended.recv() {
        let mut group = vec![first];
        group.extend(ended.try_iter());
        let unsynced = group.iter().any(|b| b.wrote && b.error.is_none());
        let sync_failed = if unsynced {
            wal.sync().err().map(|e| not_synced(&e))
        } else {
            None
        };
        for batch in group {
            let error = batch.error.as_ref().or(sync_failed.as_ref());
            for answer in batch.answers {
                answer(error);
            }
        }
        if unsynced {
            // Full: a wake-up is already waiting, which will do.
            let _ = synced.try_send(());
        }
    }
}

/// The checkpointer thread: after writes were synced, a checkpoint, at
/// most every so often ([`WalSync::checkpoint_when_due`]). On the
/// syncer's thread, each took 3–5 ms every 200 ms under load, and every
/// request then in flight waited for it (cast p99 5.2–5.9 ms there,
/// 4.1–4.7 ms here: `bench/load`, five alternating pairs). Ends with the
/// syncer.
fn checkpoint_after_syncs(wal: &WalSync, synced: &mpsc::Receiver<()>) {
    while synced.recv().is_ok() {
        wal.checkpoint_when_due();
    }
}

/// Serves one batch: one transaction, each job's work in turn, one commit.
/// Returns its answers for the syncer (none when every job had expired).
fn serve(conn: &Connection, cache: &Arc<EntityCache>, jobs: Vec<Job>) -> Option<Ended> {
    let now = Instant::now();
    let jobs: Vec<Job> = jobs.into_iter().filter(|j| j.deadline > now).collect();
    if jobs.is_empty() {
        return None;
    }
    let opened = {
        let mut db = conn.lock().unwrap_or_else(PoisonError::into_inner);
        match db.begin_batch() {
            // Whatever anyone committed before the batch is what it sees.
            Ok(()) => match cache.catch_up(&*db) {
                Ok(()) => Ok(()),
                Err(e) => {
                    let _ = db.end_batch();
                    Err(e)
                }
            },
            Err(e) => Err(e),
        }
    };
    let session = Session {
        conn: Arc::clone(conn),
        cache: Arc::clone(cache),
        batch: Arc::new(Batch::new()),
        checked: std::sync::OnceLock::new(),
    };
    let answers: Vec<Answer> = jobs
        .into_iter()
        .map(|job| {
            let given = match &opened {
                Ok(()) => Ok(&session),
                Err(e) => Err(not_begun(e)),
            };
            // A request's work that panics loses its answer (the request
            // is told the worker failed), not the writer.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (job.work)(given)))
                .unwrap_or_else(|_| Box::new(|_| {}))
        })
        .collect();
    let error = match opened {
        Ok(()) => {
            let ended = conn
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .end_batch();
            match &ended {
                Ok(()) => session.batch.hand_over(cache),
                Err(_) => session.batch.failed(cache),
            }
            ended.err()
        }
        Err(_) => None,
    };
    Some(Ended {
        answers,
        wrote: session.writes() > 0,
        error,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use grimoire_store::{Change, EntityCache};

    use super::Writer;

    /// Under writes that never pause, the log still starts over after
    /// each checkpoint, so its file stays smaller than the states
    /// committed (about 0.4× here). Before, the syncer's checkpoints
    /// never caught up with the writer and the log grew by every page
    /// written (about 2.8× the states: each is stored in two rows).
    #[test]
    fn the_log_stays_bounded_while_writes_keep_coming() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.sqlite3");
        let writer = Arc::new(Writer::start(&path, Arc::new(EntityCache::new())).unwrap());
        let state = "x".repeat(16_000);
        let until = Instant::now() + Duration::from_millis(1500);
        let threads: Vec<_> = (0..4)
            .map(|i| {
                let (writer, state) = (Arc::clone(&writer), state.clone());
                std::thread::spawn(move || {
                    let name = format!("c{i}");
                    let timeout = Duration::from_secs(10);
                    let create = Change::new("create").create("character", &name, &state);
                    let mut version = writer.commit(&create.unwrap(), timeout).unwrap().touched[0]
                        .version
                        .unwrap();
                    let mut written = 0usize;
                    while Instant::now() < until {
                        let update =
                            Change::new("update").update("character", &name, version, &state);
                        let done = writer.commit(&update.unwrap(), timeout).unwrap();
                        version = done.touched[0].version.unwrap();
                        written += state.len();
                    }
                    written
                })
            })
            .collect();
        let written: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
        let wal = std::fs::metadata(dir.path().join("g.sqlite3-wal"))
            .unwrap()
            .len() as usize;
        assert!(
            wal < written,
            "the log holds {wal} bytes after {written} bytes of states were committed"
        );
    }
}
