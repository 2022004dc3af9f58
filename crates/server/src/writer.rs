//! The one writer of an SQLite database: requests served in batches, one
//! transaction and one sync each (group commit, issue 16).
//!
//! Every request that may write runs its whole database work on a single
//! thread that owns the only connection allowed to write. The thread takes
//! what is waiting (up to [`MAX_BATCH`] requests), opens one transaction,
//! catches the instance's cache up with the change log once, and runs each
//! request's work in turn: each commit in a savepoint of its own
//! ([`SqliteBackend::begin_batch`]), so a refused one does not sink the
//! others, and each request sees what the earlier ones wrote
//! ([`grimoire_store::Batch`]). Then it commits once and only then answers
//! every request. Nothing is acknowledged before its batch is durable, the
//! readers never fight the writer for SQLite's write lock, and a request
//! crosses threads twice (to the writer and back to the reactor) instead
//! of four times.
//!
//! Invariant: on SQLite, only this thread commits changes; the pool's
//! connections read.

use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Instant;

use grimoire_store::{Batch, Cached, EntityCache, SqliteBackend, StoreError};

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
        let conn = Arc::new(Mutex::new(SqliteBackend::open(path)?));
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
                    serve(&conn, &cache, batch);
                }
            })
            .map_err(|e| StoreError::Unavailable(format!("cannot start the writer: {e}")))?;
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
        answer.recv_timeout(timeout).map_err(|_| {
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

/// The error of a request whose batch could not begin.
fn not_begun(cause: &StoreError) -> StoreError {
    StoreError::Unavailable(format!("the database could not begin a batch: {cause}"))
}

/// Serves one batch: one transaction, each job's work in turn, one commit,
/// then every answer.
fn serve(conn: &Connection, cache: &Arc<EntityCache>, jobs: Vec<Job>) {
    let now = Instant::now();
    let jobs: Vec<Job> = jobs.into_iter().filter(|j| j.deadline > now).collect();
    if jobs.is_empty() {
        return;
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
    let ended = match opened {
        Ok(()) => {
            let ended = conn
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .end_batch();
            match &ended {
                Ok(()) => session.batch.durable(cache),
                Err(_) => session.batch.failed(cache),
            }
            ended.err()
        }
        Err(_) => None,
    };
    for answer in answers {
        answer(ended.as_ref());
    }
}
