//! Where the server keeps state: a small pool of store connections, used
//! from blocking worker threads so a slow query never stalls the reactor.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

use grimoire_store::{
    Backend, Cached, Change, Committed, EntityCache, PostgresBackend, PostgresConfig, Scoped,
    SqliteBackend, Store, StoreError, Undone,
};
use tokio::sync::Semaphore;

use crate::error::ServerError;

/// Which database holds the campaigns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, the same one the CLI uses by default.
    Sqlite(PathBuf),
    /// A PostgreSQL database, shareable by several server instances.
    Postgres(PostgresConfig),
}

impl Database {
    /// `postgres://...` or `postgresql://...` is PostgreSQL; anything else is
    /// a path to an SQLite file.
    pub fn parse(url_or_path: &str) -> Database {
        if url_or_path.starts_with("postgres://") || url_or_path.starts_with("postgresql://") {
            Database::Postgres(PostgresConfig::new(url_or_path))
        } else {
            Database::Sqlite(PathBuf::from(url_or_path))
        }
    }

    /// `sqlite` or `postgres`.
    pub fn kind(&self) -> &'static str {
        match self {
            Database::Sqlite(_) => "sqlite",
            Database::Postgres(_) => "postgres",
        }
    }
}

/// One open connection of either kind.
pub(crate) enum Conn {
    Sqlite(SqliteBackend),
    Postgres(PostgresBackend),
}

impl Conn {
    fn backend(&self) -> &dyn Backend {
        match self {
            Conn::Sqlite(b) => b,
            Conn::Postgres(b) => b,
        }
    }

    fn backend_mut(&mut self) -> &mut dyn Backend {
        match self {
            Conn::Sqlite(b) => b,
            Conn::Postgres(b) => b,
        }
    }

    fn healthy(&self) -> bool {
        match self {
            Conn::Sqlite(_) => true,
            Conn::Postgres(b) => !b.is_closed(),
        }
    }
}

/// Whose entities a store handle sees.
#[derive(Debug, Clone)]
pub(crate) enum Scope {
    /// Accounts, tokens and campaigns.
    Global,
    /// One campaign's characters, encounters and homebrew.
    Campaign(String),
}

/// Whether a request's change may still be made (issue 30, finding 9):
/// settled once, between the request that stops waiting and its work that
/// begins to write. So a request answered 503 `database_unavailable`
/// changed nothing, and one whose change was handed to the database is
/// never told it failed: it waits for the outcome, or hears
/// `outcome_unknown`.
#[derive(Debug, Default)]
pub(crate) struct Handover(AtomicU8);

impl Handover {
    const OPEN: u8 = 0;
    const WRITING: u8 = 1;
    const GIVEN_UP: u8 = 2;

    /// Asked before a write: true unless the request already stopped
    /// waiting, when nothing may be written any more.
    pub(crate) fn may_write(&self) -> bool {
        self.settle(Self::WRITING) != Self::GIVEN_UP
    }

    /// Asked by the request when its wait is over: true when nothing was
    /// written and nothing will be.
    pub(crate) fn give_up(&self) -> bool {
        self.settle(Self::GIVEN_UP) == Self::GIVEN_UP
    }

    /// Moves from open to `to`; what it is now, either way.
    fn settle(&self, to: u8) -> u8 {
        match self
            .0
            .compare_exchange(Self::OPEN, to, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => to,
            Err(now) => now,
        }
    }
}

/// Gives its request up when dropped (see [`Db::outcome`]); harmless
/// once the work has answered, since nothing of it writes after.
struct GiveUpOnDrop<'a>(&'a Handover);

impl Drop for GiveUpOnDrop<'_> {
    fn drop(&mut self) {
        self.0.give_up();
    }
}

/// The error of a write refused because its request stopped waiting.
fn given_up() -> StoreError {
    StoreError::Unavailable("the request stopped waiting; nothing was written".into())
}

/// A connection borrowed from the pool; goes back when dropped.
struct Leased {
    conn: Option<Conn>,
    db: Arc<Db>,
    /// The request's: a write begins only while it is still waited for.
    handover: Arc<Handover>,
}

impl Leased {
    fn conn(&self) -> &Conn {
        // Only `Drop` takes the connection out.
        self.conn
            .as_ref()
            .expect("leased connection present until drop")
    }

    fn backend(&self) -> &dyn Backend {
        self.conn().backend()
    }
}

impl Drop for Leased {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take().filter(Conn::healthy) {
            let mut idle = self.db.idle.lock().unwrap_or_else(|p| p.into_inner());
            if idle.len() < self.db.max_idle {
                idle.push(conn);
            }
        }
    }
}

impl Backend for Leased {
    grimoire_store::forward_backend! {
        Self::backend => [schema_version, get, list, recent, log_page, dump, history,
                          get_shared, list_shared, writes_since, newest_change];
    }
    fn commit(&mut self, change: &Change) -> grimoire_store::Result<Committed> {
        if !self.handover.may_write() {
            return Err(given_up());
        }
        // On SQLite every commit goes through the one writer.
        if let Some(writer) = &self.db.writer {
            return writer.commit(change, self.db.timeout);
        }
        match self.conn.as_mut() {
            Some(c) => c.backend_mut().commit(change),
            None => Err(StoreError::InvalidChange(
                "connection already returned".into(),
            )),
        }
    }
    fn undo(
        &mut self,
        kind: &str,
        name: &str,
        allow: &grimoire_store::UndoGuard<'_>,
    ) -> grimoire_store::Result<Undone> {
        if !self.handover.may_write() {
            return Err(given_up());
        }
        match self.conn.as_mut() {
            Some(c) => c.backend_mut().undo(kind, name, allow),
            None => Err(StoreError::InvalidChange(
                "connection already returned".into(),
            )),
        }
    }
    fn check_writable(&mut self) -> grimoire_store::Result<()> {
        match self.conn.as_mut() {
            Some(c) => c.backend_mut().check_writable(),
            None => Ok(()),
        }
    }
}

/// Whether a request may write: on SQLite, one that may runs on the one
/// writer thread (see [`crate::writer`]), a reading one beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    /// Reads only (a `GET`). Should it write after all, its commit still
    /// goes through the writer: this is a matter of speed, not safety.
    Read,
    /// May write.
    Write,
}

/// A store over `backend` that sees `scope`.
fn scoped(backend: impl Backend + 'static, scope: Scope) -> Store {
    match scope {
        Scope::Global => Store::with_backend(backend),
        Scope::Campaign(id) => Store::with_backend(Scoped::new(backend, campaign_prefix(&id))),
    }
}

/// The pool.
pub(crate) struct Db {
    target: Database,
    /// The SQLite file's device and inode when the server opened it: a
    /// file deleted or replaced under the running server is noticed, and
    /// nothing is read from or written to a stranger.
    file: Option<(u64, u64)>,
    idle: Mutex<Vec<Conn>>,
    max_idle: usize,
    permits: Arc<Semaphore>,
    /// How long a request waits for a connection, and for its database
    /// work, before it is answered 503 `database_unavailable`.
    timeout: std::time::Duration,
    /// SQLite's one writer; `None` on PostgreSQL, where each connection
    /// commits under the store's advisory locks.
    writer: Option<crate::writer::Writer>,
    /// PostgreSQL's sender of live updates to the other instances.
    notifier: Option<crate::notifier::Notifier>,
    /// The entities this instance keeps in memory, shared by every
    /// connection, caught up with the change log at the start of each
    /// request (see `grimoire_store::EntityCache` for when an entry is
    /// trusted).
    cache: Arc<EntityCache>,
}

impl Drop for Db {
    fn drop(&mut self) {
        // A PostgreSQL client owns a small runtime of its own, which must
        // not be dropped on an async worker; drop idle links on a plain thread.
        let idle = std::mem::take(self.idle.get_mut().unwrap_or_else(|p| p.into_inner()));
        if !idle.is_empty() {
            let _ = std::thread::Builder::new()
                .name("grimoire-db-close".into())
                .spawn(move || drop(idle));
        }
    }
}

/// How long a request waits for the database (a connection, then its
/// work): past it the answer is 503 `database_unavailable`.
pub(crate) const DB_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);

/// The prefix of a campaign's entity kinds.
pub(crate) fn campaign_prefix(campaign: &str) -> String {
    format!("campaign/{campaign}/")
}

impl Db {
    /// Opens one connection up front (migrating the schema) so a bad URL
    /// fails at start-up, not on the first request.
    pub(crate) fn open(
        target: Database,
        connections: usize,
        timeout: std::time::Duration,
    ) -> Result<Arc<Db>, ServerError> {
        let connections = connections.max(1);
        let mut db = Db {
            target,
            file: None,
            idle: Mutex::new(Vec::new()),
            max_idle: connections,
            permits: Arc::new(Semaphore::new(connections)),
            timeout,
            writer: None,
            notifier: None,
            cache: Arc::new(EntityCache::new()),
        };
        let first = db.connect()?;
        db.file = db.file_id();
        match &db.target {
            Database::Sqlite(path) => {
                db.writer = Some(crate::writer::Writer::start(path, Arc::clone(&db.cache))?);
            }
            Database::Postgres(config) => {
                db.notifier = Some(crate::notifier::Notifier::start(config.clone())?);
            }
        }
        let db = Arc::new(db);
        db.idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(first);
        Ok(db)
    }

    pub(crate) fn target(&self) -> &Database {
        &self.target
    }

    /// The SQLite file's (device, inode), `None` on PostgreSQL or when the
    /// file is gone.
    fn file_id(&self) -> Option<(u64, u64)> {
        use std::os::unix::fs::MetadataExt;
        match &self.target {
            Database::Sqlite(path) => std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino())),
            Database::Postgres(_) => None,
        }
    }

    /// Refuses every request once the SQLite file the server opened is no
    /// longer at its path (deleted, moved or replaced).
    fn check_file(&self) -> Result<(), ServerError> {
        if self.file.is_some() && self.file_id() != self.file {
            return Err(ServerError::DatabaseLost);
        }
        Ok(())
    }

    fn connect(&self) -> Result<Conn, ServerError> {
        Ok(match &self.target {
            Database::Sqlite(path) => Conn::Sqlite(SqliteBackend::open(path)?),
            Database::Postgres(config) => Conn::Postgres(PostgresBackend::connect(config)?),
        })
    }

    fn lease(self: &Arc<Self>, handover: &Arc<Handover>) -> Result<Leased, ServerError> {
        let idle = self.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let conn = match idle {
            Some(c) => c,
            None => self.connect()?,
        };
        Ok(Leased {
            conn: Some(conn),
            db: Arc::clone(self),
            handover: Arc::clone(handover),
        })
    }

    /// Runs `f` with a store seeing `scope`: see [`Db::run_chained`].
    pub(crate) async fn run<T, F>(
        self: &Arc<Self>,
        access: Access,
        scope: Scope,
        f: F,
    ) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        self.run_chained(access, move |_| Ok(((), scope)), move |(), store| f(store))
            .await
    }

    /// Runs `first` on a global store, then `then` on the store of the
    /// scope `first` chose (checking a token and a membership, then acting
    /// in the campaign), off the reactor. On SQLite a request that may
    /// write runs on the one writer thread, in the next batch; a reading
    /// one on a pool connection on a blocking thread, as every request
    /// does on PostgreSQL. At most `connections` requests run or wait in
    /// a batch at once; the rest wait their turn.
    pub(crate) async fn run_chained<A, T, G, F>(
        self: &Arc<Self>,
        access: Access,
        first: G,
        then: F,
    ) -> Result<T, ServerError>
    where
        T: Send + 'static,
        G: FnOnce(&mut Store) -> Result<(A, Scope), ServerError> + Send + 'static,
        F: FnOnce(A, &mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        let permit = self.permit().await?;
        let handover = Arc::new(Handover::default());
        match (&self.writer, access) {
            (Some(writer), Access::Write) => {
                let (reply, answer) = tokio::sync::oneshot::channel();
                let work = self.in_batch(permit, first, then, reply, Arc::clone(&handover));
                writer.send(work, std::time::Instant::now() + self.timeout)?;
                self.outcome(answer, &handover).await
            }
            _ => {
                let db = Arc::clone(self);
                let ours = Arc::clone(&handover);
                // The permit goes with the work: a query stuck on a silent
                // server keeps its connection's place, so at most
                // `connections` can hang and later requests are answered
                // 503 instead of piling up.
                let work = tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    db.check_file()?;
                    // The global step's connection goes back to the pool
                    // before the campaign's is taken.
                    let (a, scope) = {
                        let mut global = db.store(Scope::Global, &ours)?;
                        // Whatever was committed before this request, by
                        // anyone, is what the request sees.
                        global.catch_up(&db.cache)?;
                        first(&mut global)?
                    };
                    then(a, &mut db.store(scope, &ours)?)
                });
                self.outcome(work, &handover).await
            }
        }
    }

    /// A place among the requests that run or wait in a batch at once,
    /// waited for at most the database timeout.
    async fn permit(&self) -> Result<tokio::sync::OwnedSemaphorePermit, ServerError> {
        tokio::time::timeout(self.timeout, Arc::clone(&self.permits).acquire_owned())
            .await
            .map_err(|_| self.unavailable("no database connection was free"))?
            .map_err(|_| ServerError::Internal("database pool closed".into()))
    }

    /// What `GET /health` proves: that a write sent now would be taken,
    /// by the path writes take. The store's schema version if so.
    ///
    /// On SQLite the probe is a request of the one writer's next batch:
    /// the writer and its syncer are alive (the answer comes back through
    /// both, after the batch's sync when others in it wrote), the batch
    /// began (`BEGIN IMMEDIATE`: the write lock is taken by the thread that
    /// writes, never by a reader beside it) and the file is still the one
    /// opened. Under load it rides in a batch with the writes; idle, it
    /// costs one empty transaction and no sync. On PostgreSQL it takes a
    /// place and a connection of the pool, as a write does, and asks the
    /// server in one round trip whether it takes writes (not a standby, not
    /// read-only); it writes nothing, since a real write would cost a WAL
    /// flush per check, and it does not catch the cache up, which a write
    /// would do for its own reads. Either way it waits its turn behind the
    /// requests already waiting: a saturated or stuck instance is slow or
    /// red here too.
    pub(crate) async fn health(self: &Arc<Self>) -> Result<u32, ServerError> {
        fn probe(store: &mut Store) -> Result<u32, ServerError> {
            store.check_writable()?;
            Ok(store.schema_version()?)
        }
        if self.writer.is_some() {
            return self.run(Access::Write, Scope::Global, probe).await;
        }
        let permit = self.permit().await?;
        let handover = Arc::new(Handover::default());
        let db = Arc::clone(self);
        let ours = Arc::clone(&handover);
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            db.check_file()?;
            probe(&mut Store::with_backend(db.lease(&ours)?))
        });
        self.outcome(work, &handover).await
    }

    /// The answer of a request's database work, waited for at most the
    /// database timeout. Past it, a request whose work wrote nothing
    /// gives up (503 `database_unavailable`, and no write of it may begin
    /// after); one whose change was handed to the database waits half as
    /// long again for what became of it, then says it is unknown (503
    /// `outcome_unknown`), never that it failed.
    async fn outcome<T, E: std::fmt::Display>(
        &self,
        answer: impl std::future::Future<Output = Result<Result<T, ServerError>, E>>,
        handover: &Handover,
    ) -> Result<T, ServerError> {
        // However the wait ends (the request's time limit, a client gone)
        // the request gives up, so that work not yet writing never will.
        let _gone = GiveUpOnDrop(handover);
        let mut answer = std::pin::pin!(answer);
        let done = match tokio::time::timeout(self.timeout, &mut answer).await {
            Ok(done) => done,
            Err(_) if handover.give_up() => {
                return Err(self.unavailable("the database did not answer"));
            }
            Err(_) => tokio::time::timeout(self.timeout / 2, &mut answer)
                .await
                .map_err(|_| ServerError::OutcomeUnknown)?,
        };
        done.map_err(|e| ServerError::Internal(format!("database worker failed: {e}")))?
    }

    /// A request's work for the writer's next batch: `first` and `then`
    /// on stores of the batch, the result sent to `reply` once the batch
    /// has ended (an error instead if the request wrote and the batch's
    /// commit failed).
    fn in_batch<A, T, G, F>(
        self: &Arc<Self>,
        permit: tokio::sync::OwnedSemaphorePermit,
        first: G,
        then: F,
        reply: tokio::sync::oneshot::Sender<Result<T, ServerError>>,
        handover: Arc<Handover>,
    ) -> crate::writer::Work
    where
        T: Send + 'static,
        G: FnOnce(&mut Store) -> Result<(A, Scope), ServerError> + Send + 'static,
        F: FnOnce(A, &mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        let db = Arc::clone(self);
        Box::new(move |session| {
            // Its request stopped waiting before the batch reached it:
            // it runs not at all, so its 503 told the truth.
            if !handover.may_write() {
                return Box::new(|_| {});
            }
            let (result, wrote) = match session {
                Ok(session) => {
                    let before = session.writes();
                    // One look at the file per batch: all of it runs on
                    // one connection, in one transaction.
                    let file = session.once_per_batch(|| db.check_file().is_ok());
                    let lost = if file {
                        Ok(())
                    } else {
                        Err(ServerError::DatabaseLost)
                    };
                    let result = lost.and_then(|()| {
                        let (a, scope) = first(&mut scoped(session.backend(), Scope::Global))?;
                        then(a, &mut scoped(session.backend(), scope))
                    });
                    (result, session.writes() != before)
                }
                Err(e) => (Err(ServerError::Store(e)), false),
            };
            Box::new(move |failed| {
                let _permit = permit;
                let _ = reply.send(match failed {
                    Some(e) if wrote => Err(ServerError::Store(crate::writer::not_saved(e))),
                    _ => result,
                });
            })
        })
    }

    /// 503 `database_unavailable`: `what` did not happen in time.
    fn unavailable(&self, what: &str) -> ServerError {
        ServerError::Store(StoreError::Unavailable(format!(
            "{what} within {} s",
            self.timeout.as_secs()
        )))
    }

    /// A store on a leased connection, seeing `scope`, reading through the
    /// instance's cache.
    fn store(
        self: &Arc<Self>,
        scope: Scope,
        handover: &Arc<Handover>,
    ) -> Result<Store, ServerError> {
        Ok(scoped(
            Cached::new(self.lease(handover)?, Arc::clone(&self.cache)),
            scope,
        ))
    }

    /// The entities this instance keeps, and the changes its catch-ups
    /// found in the log (the live relay follows them, issue 38).
    pub(crate) fn cache(&self) -> &Arc<EntityCache> {
        &self.cache
    }

    /// Catches the cache up with the log now, on a connection of the pool
    /// (outside any request: the live relay's look when no request made
    /// one lately).
    pub(crate) fn catch_up_now(self: &Arc<Self>) -> Result<(), ServerError> {
        let handover = Arc::new(Handover::default());
        self.store(Scope::Global, &handover)?
            .catch_up(&self.cache)
            .map_err(ServerError::Store)
    }

    /// Sends a PostgreSQL notification (nothing to do on SQLite, where
    /// every client talks to this one process), without waiting: the
    /// notifier thread sends whatever has gathered in one statement.
    pub(crate) fn notify(&self, channel: String, payload: String) {
        if let Some(notifier) = &self.notifier {
            notifier.send(channel, payload);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Handover;

    /// A request either gives up before its work writes (and then nothing
    /// may be written), or its work began writing (and then it may not
    /// say that nothing was): never both.
    #[test]
    fn a_request_gives_up_or_its_write_begins_never_both() {
        let late = Handover::default();
        assert!(late.give_up());
        assert!(!late.may_write());
        assert!(late.give_up());
        let begun = Handover::default();
        assert!(begun.may_write());
        assert!(begun.may_write());
        assert!(!begun.give_up());
    }
}
