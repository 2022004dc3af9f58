//! The PostgreSQL backend: the same schema and contract as SQLite, shared by
//! several server processes at once.
//!
//! SQLite serialises writers with one file lock; PostgreSQL lets
//! transactions run side by side, so every commit first takes a
//! transaction-scoped advisory lock per entity it writes, in a fixed order
//! (no deadlocks between commits), and only then reads versions and writes.
//! Two instances casting for the same character therefore queue on that
//! character's lock and the second sees the first's version: a slot is never
//! spent twice.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use postgres::error::SqlState;
use postgres::{Client, GenericClient, NoTls, Statement, Transaction};

use crate::backend::{Backend, UndoGuard, fresh, fresh_all};
use crate::cache::{
    Cursor, MAX_CATCH_UP, MAX_LOGGED_STATE, SharedEntity, Snapshot, WritesSince, WrittenKey,
};
use crate::change::{Change, Expected, name_key};
use crate::check::{
    EntityWrite, LogRow, States, UndoRow, check_allowed, check_undoable, events_capped,
    events_text, not_found, nothing_to_undo,
};
use crate::error::{BackendError, Result, StoreError};
use crate::packed::{StoredState, pack_events, pack_state};
use crate::record::{
    ChangeId, ChangeSummary, Committed, LogEntry, LoggedWrite, RawEntity, Touched, Undone,
};

/// Every PostgreSQL migration, in order, mirroring `crate::migrate::MIGRATIONS`.
const MIGRATIONS: &[&str] = &[
    include_str!("../migrations/postgres/0001_init.sql"),
    include_str!("../migrations/postgres/0002_table_log.sql"),
    include_str!("../migrations/postgres/0003_lean_log_and_catch_up.sql"),
    include_str!("../migrations/postgres/0004_leaner_commit.sql"),
    include_str!("../migrations/postgres/0005_checked_commit.sql"),
    include_str!("../migrations/postgres/0006_packed_log.sql"),
    include_str!("../migrations/postgres/0007_no_log_row_key.sql"),
    include_str!("../migrations/postgres/0008_lean_log_rows.sql"),
    include_str!("../migrations/postgres/0009_cheaper_commit.sql"),
    include_str!("../migrations/postgres/0010_log_rows_without_key_check.sql"),
];

/// A time (`timestamptz`) as the text a change's time always read as:
/// UTC, milliseconds.
macro_rules! now_text {
    ($($at:literal),+) => {
        concat!(
            "to_char(",
            $($at,)+
            " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        )
    };
}

/// A change's time as the text it always read as: `created_at` for a
/// row written before migration 8, else `created` in the same format.
macro_rules! created_text {
    ($alias:literal) => {
        concat!(
            "coalesce(",
            $alias,
            ".created_at, ",
            now_text!($alias, ".created"),
            ")"
        )
    };
}

/// A catch-up in one statement (`writes_since`). `$1` is the last
/// snapshot (a `pg_snapshot` sent in binary; NULL for none), `$2` the most
/// rows to return, `$3` the largest state or delta sent ([`MAX_LOGGED_STATE`]).
/// Each row says whether the entity exists after the write (its log row
/// holds a state; a deletion's holds none), so the cache keeps a kind's
/// names whole across other instances' writes (issue 38, part 10), and
/// carries the state after it, whole or as a delta on the version before,
/// with the change's time, so a cache holding that version serves the new
/// one without reading it again (part 13).
///
/// One round trip: the snapshot that becomes the next cursor, with the
/// rows written since the last one (none when there is no last one). Both
/// come from the statement's own snapshot, so a row committed meanwhile is
/// invisible to both and is reported next time; a row whose transaction
/// was in progress at the last snapshot is not visible in it, so it is
/// reported once it commits.
///
/// The snapshot travels in PostgreSQL's binary form both ways (issue 38):
/// the instance keeps it as its own numbers ([`Snapshot`]: xmin, xmax and
/// the transactions in progress), and no snapshot text is written or
/// parsed on a catch-up (before, `pg_current_snapshot()::text` went out
/// and came back to be parsed). The xid bound is a plain value and the
/// rows come in xid order, so the plan reads the xid index even when it
/// was made on a table that was still small. Joined to a CTE, it was a
/// sequential scan of the whole log on every catch-up, whose cost grew
/// with history until the table was analysed again.
const CATCH_UP: &str = concat!(
    "SELECT now.snap, e.entity_kind, e.entity_name_key, e.seq,
            e.change_id, e.entity_name, e.present, e.state_after_json, e.state_packed,
            CASE WHEN e.state_after_json IS NOT NULL OR e.state_packed IS NOT NULL THEN
                (SELECT ",
    created_text!("c"),
    " FROM changes c WHERE c.id = e.change_id)
            END
     FROM (SELECT pg_current_snapshot() AS snap) now
     LEFT JOIN LATERAL (
         SELECT (SELECT k.kind FROM kinds k WHERE k.id = events.kind_id) AS entity_kind,
                entity_name_key, seq, change_id, entity_name,
                state_after_json IS NOT NULL OR state_packed IS NOT NULL AS present,
                CASE WHEN octet_length(state_after_json) <= $3 THEN state_after_json END
                    AS state_after_json,
                CASE WHEN octet_length(state_packed) <= $3 THEN state_packed END
                    AS state_packed
         FROM events
         WHERE xid >= pg_snapshot_xmin($1) AND NOT pg_visible_in_snapshot(xid, $1)
         ORDER BY xid
         LIMIT $2
     ) e ON true"
);

/// An error decoding or encoding a value for PostgreSQL.
type WireError = Box<dyn std::error::Error + Sync + Send>;

/// A [`Snapshot`] in PostgreSQL's binary `pg_snapshot` form: the number
/// of transactions in progress (int4), xmin and xmax (int8), then each
/// transaction in progress (int8, ascending), as `pg_snapshot_send`
/// writes it and `pg_snapshot_recv` reads it.
impl<'a> postgres::types::FromSql<'a> for Snapshot {
    fn from_sql(_: &postgres::types::Type, raw: &'a [u8]) -> std::result::Result<Self, WireError> {
        let int8 = |at: usize| -> std::result::Result<u64, WireError> {
            let bytes = raw.get(at..at + 8).ok_or("a short pg_snapshot")?;
            Ok(u64::from_be_bytes(bytes.try_into()?))
        };
        let n = raw.get(..4).ok_or("a short pg_snapshot")?;
        let n = usize::try_from(u32::from_be_bytes(n.try_into()?))?;
        if raw.len() != 20 + 8 * n {
            return Err("a pg_snapshot of the wrong length".into());
        }
        Ok(Snapshot {
            xmin: int8(4)?,
            xmax: int8(12)?,
            xip: (0..n)
                .map(|i| int8(20 + 8 * i))
                .collect::<std::result::Result<_, _>>()?,
        })
    }

    fn accepts(ty: &postgres::types::Type) -> bool {
        *ty == postgres::types::Type::PG_SNAPSHOT
    }
}

impl postgres::types::ToSql for Snapshot {
    fn to_sql(
        &self,
        _: &postgres::types::Type,
        out: &mut postgres::types::private::BytesMut,
    ) -> std::result::Result<postgres::types::IsNull, WireError> {
        out.extend_from_slice(&u32::try_from(self.xip.len())?.to_be_bytes());
        out.extend_from_slice(&self.xmin.to_be_bytes());
        out.extend_from_slice(&self.xmax.to_be_bytes());
        for xid in &self.xip {
            out.extend_from_slice(&xid.to_be_bytes());
        }
        Ok(postgres::types::IsNull::No)
    }

    fn accepts(ty: &postgres::types::Type) -> bool {
        *ty == postgres::types::Type::PG_SNAPSHOT
    }

    postgres::types::to_sql_checked!();
}

/// A log row's kind: `$n` a kind's text, for a `WHERE kind_id = ...`
/// on the `kinds` table of migration 8 (NULL, so no row, for a kind
/// never written).
macro_rules! kind_id {
    ($param:literal) => {
        concat!("(SELECT id FROM kinds WHERE kind = ", $param, ")")
    };
}

/// A change that updates one stored entity (a cast, a turn: nearly every
/// write a table makes) in one plain statement, without the commit
/// function (issue 38, part 13): the function's interpreter and the
/// executor start-ups of its two statements were a third of
/// PostgreSQL's time a cast. Same locks, checks, rows and answer columns
/// as `grimoire_commit_packed`'s path for such a change (migration 9):
///
/// - the entity's advisory lock, then its row locked `FOR UPDATE`: the
///   row read is the newest committed one whichever is taken first (a
///   newer version than the statement's snapshot is followed to), so a
///   change holding the advisory lock (every other path's) has committed
///   before this one reads;
/// - `GR002` when the entity is not stored, `GR003` (with its version)
///   when it is at another version than expected, nothing written;
/// - the change row, the entity row and the log row (a delta when the
///   stored state is the base the delta was made on and the row is not a
///   keyframe) written together, every data-modifying part run once;
/// - `slow` when the kind has no number yet (never for a stored entity
///   since migration 8): nothing written, and the caller runs the
///   function.
///
/// `$1` command, `$2` events, `$3` packed events, `$4` kind, `$5` name
/// key, `$6` expected version, `$7` state, `$8` delta, `$9` its base,
/// `$10` the name as the change spells it.
const COMMIT_ONE_UPDATE: &str = concat!(
    "WITH lock AS MATERIALIZED (
         SELECT pg_advisory_xact_lock(hashtextextended($4 || chr(1) || $5, 0)) IS NULL AS waited
     ), cur AS MATERIALIZED (
         SELECT e.name, e.version, $8::bytea IS NOT NULL AND e.state_json = $9 AS on_base,
                ",
    kind_id!("$4"),
    " AS kind_id
         FROM lock, entities e
         WHERE e.kind = $4 AND e.name_key = $5
         FOR UPDATE OF e
     ), t AS MATERIALIZED (
         SELECT date_trunc('milliseconds', clock_timestamp()) AS at
     ), ok AS MATERIALIZED (
         SELECT cur.name, cur.version + 1 AS seq, cur.kind_id, t.at,
                cur.on_base AND (cur.version + 1) % 32 <> 0 AS delta
         FROM cur, t
         WHERE cur.version = $6 AND cur.kind_id IS NOT NULL
     ), c AS (
         INSERT INTO changes (command, events_json, events_packed, undo_of, created)
         SELECT $1, $2, $3, NULL, ok.at FROM ok
         RETURNING id
     ), u AS (
         UPDATE entities e
         SET version = ok.seq, state_json = $7, updated_at = ",
    now_text!("ok.at"),
    "
         FROM ok
         WHERE e.kind = $4 AND e.name_key = $5
     ), ev AS (
         INSERT INTO events (change_id, kind_id, entity_name_key, entity_name, seq,
                             state_after_json, state_packed)
         SELECT c.id, ok.kind_id, $5, ok.name, ok.seq,
                CASE WHEN ok.delta THEN NULL ELSE $7 END,
                CASE WHEN ok.delta THEN $8 END
         FROM c, ok
     )
     SELECT c.id, ",
    now_text!("t.at"),
    ", CASE WHEN c.id IS NOT NULL THEN ARRAY[ok.seq] END,
            CASE WHEN c.id IS NOT NULL THEN ARRAY[ok.name] END,
            CASE WHEN cur.version IS NULL THEN 'GR002'
                 WHEN cur.version <> $6 THEN 'GR003'
                 WHEN cur.kind_id IS NULL THEN 'slow' END,
            1,
            CASE WHEN cur.version IS NULL THEN $10 ELSE cur.name END,
            CASE WHEN cur.version IS NULL THEN '0' ELSE cur.version::text END
     FROM t LEFT JOIN cur ON true LEFT JOIN ok ON true LEFT JOIN c ON true"
);

/// SQL for the log rows that give one entity's states after `seq` from
/// `$3` to `$4`, as `check::STATE_RUN` on SQLite: the kind by its number
/// (migration 8), the rest the same.
const STATE_RUN: &str = concat!(
    "SELECT seq, state_after_json, state_packed FROM events
     WHERE kind_id = ",
    kind_id!("$1"),
    " AND entity_name_key = $2
       AND seq <= $4
       AND seq >= (SELECT COALESCE(MAX(seq), 0) FROM events
                   WHERE kind_id = ",
    kind_id!("$1"),
    " AND entity_name_key = $2 AND seq <= $3 AND state_packed IS NULL)
     ORDER BY seq"
);

/// The entities a change wrote, `kind:name`, in the order written.
const MEMBERS: &str = "SELECT k.kind || ':' || e.entity_name FROM events e
     JOIN kinds k ON k.id = e.kind_id WHERE e.change_id = $1 ORDER BY e.id";

/// Advisory lock id held while migrating, so instances starting together
/// migrate once.
const MIGRATION_LOCK: i64 = 0x6772_696d_6f69_7265; // "grimoire"

/// How many times undo re-reads its target when a commit moved it meanwhile.
const UNDO_ATTEMPTS: usize = 5;

/// Where a PostgreSQL store lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostgresConfig {
    /// A libpq-style URL, e.g. `postgres://postgres@127.0.0.1:5432/grimoire`.
    pub url: String,
    /// The schema holding the tables (created if missing); `None` uses the
    /// server's default search path (normally `public`). Tests use a fresh
    /// schema each so they can run in parallel on one database.
    pub schema: Option<String>,
}

impl PostgresConfig {
    /// A config for `url` with the default schema.
    pub fn new(url: impl Into<String>) -> Self {
        PostgresConfig {
            url: url.into(),
            schema: None,
        }
    }

    /// The same database, tables kept in `schema`.
    pub fn with_schema(mut self, schema: impl Into<String>) -> Self {
        self.schema = Some(schema.into());
        self
    }

    /// Drops the schema and everything in it (test clean-up). Does nothing
    /// without a schema: the default schema is never dropped.
    pub fn drop_schema(&self) -> Result<()> {
        let Some(schema) = &self.schema else {
            return Ok(());
        };
        let ident = schema_ident(schema)?;
        let mut client = connect(&self.url)?;
        client
            .batch_execute(&format!("DROP SCHEMA IF EXISTS {ident} CASCADE"))
            .map_err(pg)?;
        Ok(())
    }

    fn open_client(&self) -> Result<Client> {
        let ident = self.schema.as_deref().map(schema_ident).transpose()?;
        let mut client = connect(&self.url)?;
        if let Some(ident) = ident {
            client
                .batch_execute(&format!("SET search_path TO {ident}"))
                .map_err(pg)?;
        }
        Ok(client)
    }
}

/// A schema name as a quoted identifier; only plain lower-case names are
/// accepted so the name can never inject SQL.
fn schema_ident(schema: &str) -> Result<String> {
    let ok = !schema.is_empty()
        && schema.len() <= 63
        && schema
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !schema.starts_with(|c: char| c.is_ascii_digit());
    if ok {
        Ok(format!("\"{schema}\""))
    } else {
        Err(StoreError::BadConfig(format!(
            "PostgreSQL schema name \"{schema}\" must be 1-63 characters of a-z, 0-9 and _, not starting with a digit"
        )))
    }
}

/// How long connecting (TCP and the start-up exchange) may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one statement may run on the server (unless the URL says
/// otherwise with `options=-c statement_timeout=...`).
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(10);

/// Connects with bounded time: a TCP connect timeout, keepalives so a dead
/// peer is noticed, a server-side statement timeout, and a watchdog on the
/// whole start-up, so a server that accepts connections but never answers
/// fails within [`CONNECT_TIMEOUT`] instead of hanging.
fn connect(url: &str) -> Result<Client> {
    let mut config: postgres::Config = url
        .parse()
        .map_err(|e: postgres::Error| StoreError::BadConfig(format!("PostgreSQL URL: {e}")))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    config.keepalives(true);
    config.keepalives_idle(Duration::from_secs(30));
    if config.get_options().is_none() {
        config.options(&format!(
            "-c statement_timeout={}",
            STATEMENT_TIMEOUT.as_millis()
        ));
    }
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("grimoire-pg-connect".into())
        .spawn(move || {
            let _ = tx.send(config.connect(NoTls));
        })
        .map_err(|e| StoreError::BadConfig(format!("cannot start a connect thread: {e}")))?;
    match rx.recv_timeout(CONNECT_TIMEOUT + Duration::from_secs(1)) {
        Ok(client) => client.map_err(pg),
        // The thread stays blocked on the silent server until it gives up;
        // the caller is answered now.
        Err(_) => Err(StoreError::Unavailable(format!(
            "PostgreSQL did not answer within {} s",
            CONNECT_TIMEOUT.as_secs()
        ))),
    }
}

/// Sends `payload` on `channel` over `client`: what
/// [`PostgresBackend::notify`] and [`PostgresListener::notify`] share.
fn notify_on(client: &mut Client, channel: &str, payload: &str) -> Result<()> {
    client
        .execute("SELECT pg_notify($1, $2)", &[&channel, &payload])
        .map_err(pg)?;
    Ok(())
}

fn pg(err: postgres::Error) -> StoreError {
    StoreError::Database(BackendError::new(err))
}

/// What a commit's answer row says (`grimoire_commit_packed`'s columns,
/// or [`COMMIT_ONE_UPDATE`]'s, the same): the refusal, or what was
/// written.
fn answer(row: &postgres::Row, change: &Change) -> Result<Committed> {
    let refused: Option<String> = row.get(4);
    if let Some(code) = refused {
        let detail: Option<String> = row.get(6);
        let hint: Option<String> = row.get(7);
        return Err(refusal(
            &code,
            row.get(5),
            detail.unwrap_or_default(),
            hint.as_deref().unwrap_or_default(),
            change,
        ));
    }
    let versions: Vec<i64> = row.get(2);
    let stored: Vec<String> = row.get(3);
    let touched = change
        .writes
        .iter()
        .zip(versions.into_iter().zip(stored))
        .map(|(w, (seq, name))| Touched {
            kind: w.kind.clone(),
            name,
            version: w.state_json.as_ref().map(|_| seq as u64),
        })
        .collect();
    Ok(Committed {
        change: ChangeId(row.get(0)),
        touched,
        at: row.get(1),
    })
}

/// The store's error for a write `grimoire_commit_checked` refused
/// (`code` GR001–GR003, see migration 5, at write `at` from 1; `detail`
/// the stored name, `hint` the version found).
fn refusal(code: &str, at: i32, detail: String, hint: &str, change: &Change) -> StoreError {
    let write = usize::try_from(at)
        .ok()
        .and_then(|i| change.writes.get(i.wrapping_sub(1)));
    let found = hint.parse::<u64>().unwrap_or(0);
    match (code, write) {
        ("GR001", Some(w)) => StoreError::AlreadyExists {
            kind: w.kind.clone(),
            name: detail,
        },
        ("GR002", Some(w)) => StoreError::NotFound {
            kind: w.kind.clone(),
            name: w.name.clone(),
        },
        ("GR003", Some(w)) => StoreError::Conflict {
            kind: w.kind.clone(),
            name: detail,
            expected: match w.expected {
                Expected::Version(v) => v,
                Expected::Absent => 0,
            },
            found,
        },
        _ => StoreError::Unavailable(format!(
            "the database refused a write with an unknown code {code}"
        )),
    }
}

/// What the batch open on a connection holds (see
/// [`PostgresBackend::begin_batch`]).
#[derive(Default)]
struct Open {
    /// The entities whose advisory locks the batch's transaction holds,
    /// as (kind, name key): in the global lock order, which is bytewise
    /// as the commit function's `COLLATE "C"`.
    held: BTreeSet<(String, String)>,
    /// Why the batch can no longer commit: a change failed halfway
    /// through its writes, or committing its first part failed.
    broken: Option<String>,
}

impl Open {
    /// Whether a change writing `keys` may wait for their locks: only when
    /// each one the batch does not hold yet comes after every one it
    /// holds, so no two transactions ever wait for each other.
    fn may_wait(&self, keys: &[(String, String)]) -> bool {
        let Some(last) = self.held.last() else {
            return true;
        };
        keys.iter().all(|k| self.held.contains(k) || k > last)
    }
}

/// A store in a PostgreSQL database; one connection per backend value.
pub struct PostgresBackend {
    // `Backend::get` takes `&self` but a client needs `&mut` to query; the
    // mutex is never contended (one backend serves one request at a time).
    // Boxed: a client and its statements are large, a backend is moved.
    client: Mutex<Box<Session>>,
}

/// A connection and the statements prepared on it: a hot-path query is
/// parsed once per connection, then each use is one round trip instead
/// of two (issue 16). Prepared statements outlive transactions, rolled
/// back or not.
struct Session {
    client: Client,
    statements: Statements,
    /// The batch open on this connection, if any.
    batch: Option<Open>,
}

/// The statements prepared on one connection, by their SQL.
type Statements = HashMap<&'static str, Statement>;

/// `sql` prepared on this connection, once.
fn cached(
    c: &mut impl GenericClient,
    statements: &mut Statements,
    sql: &'static str,
) -> Result<Statement> {
    if let Some(s) = statements.get(sql) {
        return Ok(s.clone());
    }
    let s = c.prepare(sql).map_err(pg)?;
    statements.insert(sql, s.clone());
    Ok(s)
}

impl PostgresBackend {
    /// Connects, creates the schema if asked, and migrates it.
    pub fn connect(config: &PostgresConfig) -> Result<Self> {
        let mut client = config.open_client()?;
        migrate(&mut client, config.schema.as_deref())?;
        Ok(PostgresBackend {
            client: Mutex::new(Box::new(Session {
                client,
                statements: Statements::new(),
                batch: None,
            })),
        })
    }

    /// Sends `payload` to every session listening on `channel` (see
    /// [`PostgresListener`]); how server instances tell each other about a
    /// committed change. Payloads are limited to about 8000 bytes.
    pub fn notify(&self, channel: &str, payload: &str) -> Result<()> {
        self.with(|c| notify_on(c, channel, payload))
    }

    /// [`notify`](Self::notify) for many `(channel, payload)` pairs in
    /// one statement and one round trip. PostgreSQL delivers them in
    /// order, but folds identical pairs into one: make payloads distinct.
    pub fn notify_all(&self, notes: &[(String, String)]) -> Result<()> {
        let (channels, payloads): (Vec<&str>, Vec<&str>) =
            notes.iter().map(|(c, p)| (c.as_str(), p.as_str())).unzip();
        self.with(|c| {
            c.execute(
                "SELECT pg_notify(n.channel, n.payload)
                 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(channel, payload, i)
                 ORDER BY n.i",
                &[&channels, &payloads],
            )
            .map_err(pg)?;
            Ok(())
        })
    }

    /// The bytes the store's tables take in their schema, with their
    /// indexes and TOAST (`pg_total_relation_size`, dead row versions not
    /// yet vacuumed included): what `bench/load` reports per cast.
    pub fn database_bytes(&self) -> Result<u64> {
        self.with(|c| {
            let bytes: i64 = c
                .query_one(
                    "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint
                     FROM pg_class c
                     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'",
                    &[],
                )
                .map_err(pg)?
                .get(0);
            Ok(u64::try_from(bytes).unwrap_or(0))
        })
    }

    /// Whether the connection has gone away (a pool drops such backends).
    pub fn is_closed(&self) -> bool {
        self.with(|c| Ok(c.is_closed())).unwrap_or(true)
    }

    fn with<T>(&self, f: impl FnOnce(&mut Client) -> Result<T>) -> Result<T> {
        self.with_statements(|c, _| f(c))
    }

    /// [`Self::with`], with the connection's prepared statements.
    fn with_statements<T>(
        &self,
        f: impl FnOnce(&mut Client, &mut Statements) -> Result<T>,
    ) -> Result<T> {
        let mut guard = self
            .client
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Session {
            client, statements, ..
        } = &mut **guard;
        f(client, statements)
    }

    fn session(&self) -> std::sync::MutexGuard<'_, Box<Session>> {
        self.client
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Opens a batch (group commit): one transaction in which every later
    /// [`Backend::commit`] runs, committed once by
    /// [`end_batch`](Self::end_batch). A refused change (a version
    /// conflict, a name taken) is refused before it writes anything, and
    /// the others stay; one that fails halfway through its writes sinks
    /// the batch.
    ///
    /// Deadlocks between instances cannot happen: a change whose locks
    /// would have to be waited for out of the global order (one held
    /// elsewhere, ordered before one the batch holds) commits what the
    /// batch did so far and runs in a new transaction that waits for
    /// them; an undo does the same. So part of a batch may be durable
    /// before it ends, always whole changes in order.
    pub fn begin_batch(&mut self) -> Result<()> {
        let mut session = self.session();
        if session.batch.is_some() {
            return Err(StoreError::Unavailable("a batch is already open".into()));
        }
        session.client.batch_execute("BEGIN").map_err(pg)?;
        session.batch = Some(Open::default());
        Ok(())
    }

    /// Ends the batch: commits every change made in it. On an error
    /// nothing of the batch since its last part committed is kept: also
    /// when one of its changes failed halfway through its writes.
    pub fn end_batch(&mut self) -> Result<()> {
        let mut session = self.session();
        let Some(open) = session.batch.take() else {
            return Ok(());
        };
        if let Some(why) = open.broken {
            let _ = session.client.batch_execute("ROLLBACK");
            return Err(StoreError::Unavailable(format!(
                "a change failed halfway through its writes, so its batch was rolled back: {why}"
            )));
        }
        if let Err(e) = session.client.batch_execute("COMMIT") {
            let _ = session.client.batch_execute("ROLLBACK");
            return Err(pg(e));
        }
        Ok(())
    }

    /// Whether a batch is open.
    pub fn in_batch(&self) -> bool {
        self.session().batch.is_some()
    }
}

/// Commits what the open batch did so far and begins its next part,
/// holding no lock: before a change or an undo that must wait for locks
/// out of the global order. A failure breaks the batch.
fn split(session: &mut Session) -> Result<()> {
    let Some(open) = session.batch.as_mut() else {
        return Ok(());
    };
    if let Some(why) = &open.broken {
        return Err(StoreError::Unavailable(format!(
            "this batch failed already: {why}"
        )));
    }
    let next = session
        .client
        .batch_execute("COMMIT")
        .and_then(|()| session.client.batch_execute("BEGIN"));
    open.held.clear();
    if let Err(e) = next {
        open.broken = Some(e.to_string());
        return Err(pg(e));
    }
    Ok(())
}

fn migrate(client: &mut Client, schema: Option<&str>) -> Result<()> {
    let known = MIGRATIONS.len() as u32;
    let mut tx = client.transaction().map_err(pg)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(pg)?;
    if let Some(schema) = schema {
        let ident = schema_ident(schema)?;
        tx.batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {ident}"))
            .map_err(pg)?;
    }
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        .map_err(pg)?;
    let found: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .map_err(pg)?
        .get(0);
    let found = found as u32;
    if found > known {
        return Err(StoreError::SchemaTooNew { found, known });
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.batch_execute(sql).map_err(pg)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(index as i32 + 1)],
        )
        .map_err(pg)?;
    }
    tx.commit().map_err(pg)?;
    Ok(())
}

const NOW: &str = concat!("SELECT ", now_text!("clock_timestamp()"));

fn now(tx: &mut Transaction<'_>, st: &mut Statements) -> Result<String> {
    let now = cached(tx, st, NOW)?;
    Ok(tx.query_one(&now, &[]).map_err(pg)?.get(0))
}

/// Takes the per-entity write locks, sorted and deduplicated so that two
/// transactions never wait on each other in a cycle.
fn lock(
    tx: &mut Transaction<'_>,
    st: &mut Statements,
    keys: &mut Vec<(String, String)>,
) -> Result<()> {
    keys.sort();
    keys.dedup();
    let lock = cached(
        tx,
        st,
        "SELECT pg_advisory_xact_lock(hashtextextended($1 || chr(1) || $2, 0))",
    )?;
    for (kind, key) in keys.iter() {
        tx.execute(&lock, &[kind, key]).map_err(pg)?;
    }
    Ok(())
}

/// An entity's stored state now (what undo compares), if it exists.
fn current_state(
    c: &mut impl GenericClient,
    st: &mut Statements,
    kind: &str,
    key: &str,
) -> Result<Option<String>> {
    let stmt = cached(
        c,
        st,
        "SELECT state_json FROM entities WHERE kind = $1 AND name_key = $2",
    )?;
    Ok(c.query_opt(&stmt, &[&kind, &key])
        .map_err(pg)?
        .map(|r| r.get(0)))
}

/// Whether the entity has any logged write (undo's first question; a page
/// of its log may be empty while it does).
fn has_history(c: &mut impl GenericClient, kind: &str, key: &str) -> Result<bool> {
    Ok(c.query_one(
        concat!(
            "SELECT EXISTS (SELECT 1 FROM events WHERE kind_id = ",
            kind_id!("$1"),
            " AND entity_name_key = $2)"
        ),
        &[&kind, &key],
    )
    .map_err(pg)?
    .get(0))
}

fn next_seq(tx: &mut Transaction<'_>, st: &mut Statements, kind: &str, key: &str) -> Result<u64> {
    let stmt = cached(
        tx,
        st,
        concat!(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE kind_id = ",
            kind_id!("$1"),
            " AND entity_name_key = $2"
        ),
    )?;
    let max: i64 = tx.query_one(&stmt, &[&kind, &key]).map_err(pg)?.get(0);
    Ok(max as u64 + 1)
}

fn apply(
    tx: &mut Transaction<'_>,
    st: &mut Statements,
    w: &EntityWrite<'_>,
    now: &str,
) -> Result<Touched> {
    let seq = next_seq(tx, st, w.kind, w.key)?;
    match w.after {
        Some(state) => {
            let upsert = cached(
                tx,
                st,
                "INSERT INTO entities (kind, name_key, name, version, state_json, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (kind, name_key) DO UPDATE
                 SET version = excluded.version, state_json = excluded.state_json,
                     updated_at = excluded.updated_at",
            )?;
            tx.execute(
                &upsert,
                &[&w.kind, &w.key, &w.name, &(seq as i64), &state, &now],
            )
            .map_err(pg)?;
        }
        None => {
            let delete = cached(
                tx,
                st,
                "DELETE FROM entities WHERE kind = $1 AND name_key = $2",
            )?;
            tx.execute(&delete, &[&w.kind, &w.key]).map_err(pg)?;
        }
    }
    let event = cached(
        tx,
        st,
        // The state before is the entity's previous log row's state
        // after (migration 3); the state after is stored plain or as a
        // delta on it (migration 6, `packed.rs`).
        concat!(
            "INSERT INTO events (change_id, kind_id, entity_name_key, entity_name, seq,
                                 state_after_json, state_packed)
             VALUES ($1, ",
            kind_id!("$2"),
            ", $3, $4, $5, $6, $7)"
        ),
    )?;
    let (plain, delta) = pack_state(seq, w.base, w.after);
    tx.execute(
        &event,
        &[
            &w.change,
            &w.kind,
            &w.key,
            &w.name,
            &(seq as i64),
            &plain,
            &delta,
        ],
    )
    .map_err(pg)?;
    Ok(w.touched(seq))
}

fn raw_entity(r: &postgres::Row) -> RawEntity {
    RawEntity {
        kind: r.get(0),
        name: r.get(1),
        version: r.get::<_, i64>(2) as u64,
        state_json: r.get(3),
        updated_at: r.get(4),
    }
}

/// The stored log rows of one entity from a row without a delta at or
/// before `from` up to `to` (see `packed.rs`).
fn state_rows(
    c: &mut impl GenericClient,
    kind: &str,
    key: &str,
    from: u64,
    to: u64,
) -> Result<Vec<StoredState>> {
    Ok(
        c.query(STATE_RUN, &[&kind, &key, &(from as i64), &(to as i64)])
            .map_err(pg)?
            .iter()
            .map(|r| StoredState {
                seq: r.get::<_, i64>(0) as u64,
                plain: r.get(1),
                packed: r.get(2),
            })
            .collect(),
    )
}

/// One entity's states after its log rows `from` to `to`.
fn states(c: &mut impl GenericClient, kind: &str, key: &str, from: u64, to: u64) -> Result<States> {
    States::new(state_rows(c, kind, key, from, to)?)
}

/// The undo target and the entity rows of its change.
struct Target {
    id: i64,
    command: String,
    rows: Vec<UndoRow>,
}

fn find_target(c: &mut impl GenericClient, kind: &str, key: &str) -> Result<Option<Target>> {
    let row = c
        .query_opt(
            // Walks the entity's own writes newest first (the
            // (kind, name, seq) index), not every change in the database.
            concat!(
                "SELECT c.id, c.command FROM events e JOIN changes c ON c.id = e.change_id
                 WHERE e.kind_id = ",
                kind_id!("$1"),
                " AND e.entity_name_key = $2
                   AND c.undo_of IS NULL
                   AND NOT EXISTS (SELECT 1 FROM changes u WHERE u.undo_of = c.id)
                 ORDER BY e.seq DESC LIMIT 1"
            ),
            &[&kind, &key],
        )
        .map_err(pg)?;
    let Some(row) = row else { return Ok(None) };
    let id: i64 = row.get(0);
    let written = c
        .query(
            "SELECT k.kind, e.entity_name_key, e.entity_name, e.seq
             FROM events e JOIN kinds k ON k.id = e.kind_id
             WHERE e.change_id = $1 ORDER BY e.id",
            &[&id],
        )
        .map_err(pg)?;
    let mut rows = Vec::with_capacity(written.len());
    for r in written {
        let (kind, key): (String, String) = (r.get(0), r.get(1));
        let seq = r.get::<_, i64>(3) as u64;
        let run = states(c, &kind, &key, seq.saturating_sub(1), seq)?;
        rows.push(UndoRow {
            before: run.before(seq),
            after: run.after(seq),
            kind,
            key,
            name: r.get(2),
        });
    }
    Ok(Some(Target {
        id,
        command: row.get(1),
        rows,
    }))
}

impl PostgresBackend {
    /// [`Backend::undo`] in a transaction of its own.
    fn undo_alone(
        &mut self,
        kind: &str,
        name: &str,
        key: &str,
        allow: &UndoGuard<'_>,
    ) -> Result<Undone> {
        let key = key.to_owned();
        self.with_statements(|c, st| {
            for _ in 0..UNDO_ATTEMPTS {
                let mut tx = c.transaction().map_err(pg)?;
                if !has_history(&mut tx, kind, &key)? {
                    return Err(not_found(kind, name));
                }
                // Find the target unlocked, then lock every entity it
                // touched in the global order, then check it is still the
                // target: locking in order avoids deadlocks with commits.
                let Some(seen) = find_target(&mut tx, kind, &key)? else {
                    return Err(nothing_to_undo(kind, name));
                };
                let mut keys: Vec<(String, String)> = seen
                    .rows
                    .iter()
                    .map(|r| (r.kind.clone(), r.key.clone()))
                    .collect();
                keys.push((kind.to_owned(), key.clone()));
                lock(&mut tx, st, &mut keys)?;
                let Some(target) = find_target(&mut tx, kind, &key)? else {
                    continue;
                };
                if target.id != seen.id {
                    continue;
                }
                check_allowed(target.id, &target.rows, allow)?;
                for row in &target.rows {
                    let cur = current_state(&mut tx, st, &row.kind, &row.key)?;
                    check_undoable(
                        target.id,
                        &row.kind,
                        &row.name,
                        cur.as_deref(),
                        row.after.as_deref(),
                    )?;
                }
                let now = now(&mut tx, st)?;
                let command = format!("undo {}", target.command);
                let change_id: i64 = tx
                    .query_one(
                        "INSERT INTO changes (command, events_json, undo_of, created)
                         VALUES ($1, '[]', $2, $3::text::timestamptz) RETURNING id",
                        &[&command, &target.id, &now],
                    )
                    .map_err(pg)?
                    .get(0);
                let mut touched = Vec::with_capacity(target.rows.len());
                for row in &target.rows {
                    touched.push(apply(
                        &mut tx,
                        st,
                        &EntityWrite::of_undo(change_id, row),
                        &now,
                    )?);
                }
                tx.commit().map_err(pg)?;
                return Ok(Undone {
                    change: ChangeId(change_id),
                    reverted: ChangeId(target.id),
                    reverted_command: target.command,
                    touched,
                });
            }
            Err(StoreError::Conflict {
                kind: kind.to_owned(),
                name: name.to_owned(),
                expected: 0,
                found: 0,
            })
        })
    }
}

impl Backend for PostgresBackend {
    fn schema_version(&self) -> Result<u32> {
        self.with_statements(|c, st| {
            let stmt = cached(
                c,
                st,
                "SELECT COALESCE(MAX(version), 0) FROM schema_version",
            )?;
            let v: i32 = c.query_one(&stmt, &[]).map_err(pg)?.get(0);
            Ok(v as u32)
        })
    }

    fn get(&self, kind: &str, name: &str) -> Result<Option<RawEntity>> {
        self.with_statements(|c, st| {
            let stmt = cached(
                c,
                st,
                "SELECT kind, name, version, state_json, updated_at FROM entities
                 WHERE kind = $1 AND name_key = $2",
            )?;
            Ok(c.query_opt(&stmt, &[&kind, &name_key(name)])
                .map_err(pg)?
                .as_ref()
                .map(raw_entity))
        })
    }

    fn dump(&self) -> Result<Vec<RawEntity>> {
        self.with(|c| {
            Ok(c.query(
                "SELECT kind, name, version, state_json, updated_at FROM entities
                 ORDER BY kind COLLATE \"C\", name_key COLLATE \"C\"",
                &[],
            )
            .map_err(pg)?
            .iter()
            .map(raw_entity)
            .collect())
        })
    }

    fn history(&self) -> Result<Vec<LoggedWrite>> {
        self.with(|c| {
            let rows = c
                .query(
                    "SELECT k.kind, e.entity_name_key, e.entity_name, e.seq,
                            e.state_after_json, e.state_packed,
                            NOT EXISTS (SELECT 1 FROM changes c WHERE c.id = e.change_id)
                     FROM events e JOIN kinds k ON k.id = e.kind_id ORDER BY e.id",
                    &[],
                )
                .map_err(pg)?;
            // Since migration 10 no foreign key keeps a log row to its
            // change; the commit and undo functions write both together,
            // and this says so if anything else ever did not.
            if let Some(r) = rows.iter().find(|r| r.get::<_, bool>(6)) {
                let seq: i64 = r.get(3);
                return Err(StoreError::Decode {
                    kind: r.get(0),
                    name: r.get(2),
                    source: serde_json::Error::io(std::io::Error::other(format!(
                        "log write {seq} belongs to no change"
                    ))),
                });
            }
            crate::check::replay(rows.iter().map(|r| {
                (
                    r.get(0),
                    r.get(1),
                    r.get(2),
                    r.get::<_, i64>(3).try_into().unwrap_or(0),
                    r.get(4),
                    r.get(5),
                )
            }))
        })
    }

    fn check_writable(&mut self) -> Result<()> {
        // No write lock to try; what would refuse a write is a server in
        // recovery (a standby) or sessions read-only by default. Asked in
        // one round trip, writing nothing: a real write would cost a WAL
        // flush per check.
        self.with_statements(|c, st| {
            let stmt = cached(
                c,
                st,
                "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only')::boolean",
            )?;
            let refused: bool = c.query_one(&stmt, &[]).map_err(pg)?.get(0);
            if refused {
                return Err(StoreError::ReadOnly(BackendError::new(
                    std::io::Error::other(
                        "the PostgreSQL server takes no writes (in recovery or read-only)",
                    ),
                )));
            }
            Ok(())
        })
    }

    fn get_shared(&self, kind: &str, name: &str) -> Result<Option<Arc<SharedEntity>>> {
        self.get(kind, name).map(fresh)
    }

    fn list_shared(&self, kind: &str) -> Result<Vec<Arc<SharedEntity>>> {
        self.list(kind).map(fresh_all)
    }

    fn newest_change(&self) -> Result<Option<ChangeId>> {
        // Change ids come from a sequence, not in commit order: only the
        // snapshot in `writes_since` can say what is news.
        Ok(None)
    }

    fn writes_since(&self, cursor: Option<&Cursor>) -> Result<Option<WritesSince>> {
        // A cursor of the other dialect cannot be followed: start afresh.
        let since = match cursor {
            Some(Cursor::Snapshot(s)) => Some(s),
            _ => None,
        };
        self.with_statements(|c, st| {
            let rows = cached(c, st, CATCH_UP)?;
            let found = c
                .query(
                    &rows,
                    &[
                        &since,
                        &i64::from(MAX_CATCH_UP + 1),
                        &(MAX_LOGGED_STATE as i32),
                    ],
                )
                .map_err(pg)?;
            // The outer select always gives a row; without one there is
            // no snapshot to continue from, so nothing could be trusted.
            let Some(now) = found.first().map(|r| r.get::<_, Snapshot>(0)) else {
                return Ok(None);
            };
            let written: Vec<WrittenKey> = found
                .iter()
                .filter_map(|r| {
                    Some(WrittenKey {
                        kind: r.get::<_, Option<String>>(1)?,
                        key: r.get(2),
                        version: r.get::<_, i64>(3).try_into().unwrap_or(0),
                        change: ChangeId(r.get(4)),
                        name: r.get(5),
                        exists: r.get(6),
                        state: crate::cache::logged_state(r.get(7), r.get(8), r.get(9)),
                    })
                })
                .collect();
            let overflow =
                written.len() > MAX_CATCH_UP as usize || (since.is_none() && cursor.is_some());
            Ok(Some(WritesSince {
                cursor: Cursor::Snapshot(now),
                writes: if overflow { Vec::new() } else { written },
                overflow,
            }))
        })
    }

    fn list(&self, kind: &str) -> Result<Vec<RawEntity>> {
        self.with_statements(|c, st| {
            let stmt = cached(
                c,
                st,
                // COLLATE "C": the same byte order as SQLite's default.
                "SELECT kind, name, version, state_json, updated_at FROM entities
                 WHERE kind = $1 ORDER BY name_key COLLATE \"C\"",
            )?;
            Ok(c.query(&stmt, &[&kind])
                .map_err(pg)?
                .iter()
                .map(raw_entity)
                .collect())
        })
    }

    fn commit(&mut self, change: &Change) -> Result<Committed> {
        change.validate()?;
        // One statement, one round trip: `grimoire_commit_packed`
        // (migration 6, as `grimoire_commit_checked` of migration 5)
        // locks, checks versions and writes inside the database, and
        // answers a refusal without writing anything; a lone update outside
        // a batch does the same in one plain statement
        // ([`COMMIT_ONE_UPDATE`]), without the function's interpreter.
        let kinds: Vec<&str> = change.writes.iter().map(|w| w.kind.as_str()).collect();
        let keys: Vec<String> = change.writes.iter().map(|w| name_key(&w.name)).collect();
        let names: Vec<&str> = change.writes.iter().map(|w| w.name.trim()).collect();
        let expected: Vec<Option<i64>> = change
            .writes
            .iter()
            .map(|w| match w.expected {
                Expected::Absent => None,
                Expected::Version(v) => Some(v as i64),
            })
            .collect();
        let states: Vec<Option<&str>> = change
            .writes
            .iter()
            .map(|w| w.state_json.as_deref())
            .collect();
        // Each update's delta on the state the process holds for the
        // expected version, if it holds it: the function stores the delta
        // only if that is still the stored state (migration 6).
        let bases: Vec<Option<&str>> = change
            .writes
            .iter()
            .map(|w| match (w.expected, &w.base) {
                (Expected::Version(v), Some(b)) if b.0.raw().version == v => {
                    Some(b.0.raw().state_json.as_str())
                }
                _ => None,
            })
            .collect();
        let deltas: Vec<Option<Vec<u8>>> = change
            .writes
            .iter()
            .zip(&bases)
            .map(|(w, base)| match w.expected {
                Expected::Version(v) => pack_state(v + 1, *base, w.state_json.as_deref()).1,
                Expected::Absent => None,
            })
            .collect();
        let bases: Vec<Option<&str>> = bases
            .iter()
            .zip(&deltas)
            .map(|(b, d)| d.as_ref().and(*b))
            .collect();
        let (events, events_packed) = pack_events(&change.events_json);
        let mut order: Vec<(String, String)> = kinds
            .iter()
            .zip(&keys)
            .map(|(k, key)| ((*k).to_owned(), key.clone()))
            .collect();
        order.sort();
        let mut guard = self.session();
        let session = &mut **guard;
        let mut wait = match &session.batch {
            None => true,
            Some(Open {
                broken: Some(why), ..
            }) => {
                return Err(StoreError::Unavailable(format!(
                    "this batch failed already: {why}"
                )));
            }
            Some(open) => open.may_wait(&order),
        };
        // A lone update outside a batch: one plain statement.
        let mut one_update = session.batch.is_none()
            && change.writes.len() == 1
            && expected[0].is_some()
            && states[0].is_some();
        loop {
            let Session {
                client: c,
                statements: st,
                batch,
            } = &mut *session;
            if one_update {
                let statement = cached(c, st, COMMIT_ONE_UPDATE)?;
                let row = c
                    .query_one(
                        &statement,
                        &[
                            &change.command,
                            &events,
                            &events_packed,
                            &kinds[0],
                            &keys[0],
                            &expected[0],
                            &states[0],
                            &deltas[0],
                            &bases[0],
                            &names[0],
                        ],
                    )
                    .map_err(pg)?;
                if row.get::<_, Option<&str>>(4) == Some("slow") {
                    one_update = false;
                    continue;
                }
                return answer(&row, change);
            }
            let commit = cached(
                c,
                st,
                "SELECT change_id, at, versions, names, refusal, refused_at, detail, hint
                 FROM grimoire_commit_packed($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )?;
            let row = c.query_one(
                &commit,
                &[
                    &change.command,
                    &events,
                    &events_packed,
                    &kinds,
                    &keys,
                    &names,
                    &expected,
                    &states,
                    &deltas,
                    &bases,
                    &wait,
                ],
            );
            let row = match row {
                Ok(row) => row,
                Err(e) => {
                    // The transaction is aborted: the batch with it.
                    if let Some(open) = batch.as_mut() {
                        open.broken = Some(e.to_string());
                    }
                    return Err(pg(e));
                }
            };
            let refused: Option<String> = row.get(4);
            if refused.as_deref() == Some("busy") && !wait {
                split(session)?;
                wait = true;
                continue;
            }
            if let Some(open) = batch.as_mut() {
                // Refused or not, its locks are held until the batch ends.
                open.held.extend(order);
            }
            return answer(&row, change);
        }
    }

    fn undo(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone> {
        let key = name_key(name);
        // In a batch, an undo runs in a transaction of its own between two
        // parts of the batch: it finds its target before it may lock, so it
        // cannot keep to the lock order inside a transaction holding locks.
        let in_batch = self.session().batch.is_some();
        if in_batch {
            let mut session = self.session();
            split(&mut session)?;
            session.client.batch_execute("COMMIT").map_err(pg)?;
        }
        let undone = self.undo_alone(kind, name, &key, allow);
        if in_batch {
            let mut session = self.session();
            if let Err(e) = session.client.batch_execute("BEGIN") {
                if let Some(open) = session.batch.as_mut() {
                    open.broken = Some(e.to_string());
                }
                return Err(pg(e));
            }
        }
        undone
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
        let before = before.map_or(i64::MAX, |b| b.0);
        let limit = i64::from(limit);
        self.with(|c| {
            // The kinds' numbers first, as values: the plan of the query
            // below weighs how many rows they have (the statistics of
            // `kind_id`), as it did the kinds' text before migration 8,
            // instead of guessing for a sub-select's result. A small
            // campaign's rows are read through `events_by_kind_change`,
            // not found by a walk back through the whole log.
            let ids: Vec<i32> = c
                .query_one(
                    "SELECT coalesce(array_agg(id), '{}') FROM kinds WHERE kind = ANY($1)",
                    &[&kinds],
                )
                .map_err(pg)?
                .get(0);
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            let rows = c
                .query(
                    concat!(
                        "SELECT c.id, c.command, ",
                        crate::check::events_capped!("c"),
                        ", c.undo_of, ",
                        created_text!("c"),
                        ", c.events_packed FROM changes c
                     WHERE c.id IN (SELECT DISTINCT change_id FROM events
                                    WHERE kind_id = ANY($1) AND change_id < $2
                                    ORDER BY change_id DESC LIMIT $3)
                     ORDER BY c.id DESC"
                    ),
                    &[&ids, &before, &limit],
                )
                .map_err(pg)?;
            let members = c.prepare(MEMBERS).map_err(pg)?;
            let mut out = Vec::with_capacity(rows.len());
            let mut bytes = 0;
            for r in rows {
                let row = crate::check::RecentRow {
                    change: r.get(0),
                    command: r.get(1),
                    events: events_text(r.get(2), r.get(5))?,
                    undo_of: r.get(3),
                    created_at: r.get(4),
                };
                // Each row's events are parsed below; a full page stops.
                if !crate::check::fits_page(&mut bytes, row.events.len(), out.is_empty()) {
                    break;
                }
                let entities = c
                    .query(&members, &[&row.change])
                    .map_err(pg)?
                    .iter()
                    .map(|m| m.get::<_, String>(0))
                    .collect();
                out.push(row.into_summary(entities)?);
            }
            Ok(out)
        })
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
        self.with(|c| {
            // The sizes first (octet_length reads a stored value's length
            // without fetching it), so only the entries that fit the page
            // as stored are ever sent: the newest down to `oldest`. A
            // delta counts its own bytes here, its state's in
            // `log_page_rows`.
            let sizes = c
                .query(
                    concat!(
                        "SELECT e.seq, (octet_length(c.events_json)
                             + coalesce(octet_length(c.events_packed), 0)
                             + coalesce(octet_length(e.state_after_json), 0)
                             + coalesce(octet_length(e.state_packed), 0))::bigint
                         FROM events e JOIN changes c ON c.id = e.change_id
                         WHERE e.kind_id = ",
                        kind_id!("$1"),
                        " AND e.entity_name_key = $2 AND e.seq < $3
                         ORDER BY e.seq DESC LIMIT $4"
                    ),
                    &[&kind, &key, &before, &i64::from(limit)],
                )
                .map_err(pg)?;
            let mut bytes = 0;
            let mut oldest = before;
            for (i, r) in sizes.iter().enumerate() {
                let size = usize::try_from(r.get::<_, i64>(1)).unwrap_or(usize::MAX);
                if !crate::check::fits_page(&mut bytes, size, i == 0) {
                    break;
                }
                oldest = r.get(0);
            }
            let found = c
                .query(
                    concat!(
                        "SELECT e.change_id, e.seq, c.command, ",
                        events_capped!("c"),
                        ", c.undo_of,
                            (SELECT MIN(u.id) FROM changes u WHERE u.undo_of = c.id), ",
                        created_text!("c"),
                        ", e.entity_name, c.events_packed
                     FROM events e JOIN changes c ON c.id = e.change_id
                     WHERE e.kind_id = ",
                        kind_id!("$1"),
                        " AND e.entity_name_key = $2 AND e.seq < $3
                       AND e.seq >= $5
                     ORDER BY e.seq DESC LIMIT $4"
                    ),
                    &[&kind, &key, &before, &i64::from(limit), &oldest],
                )
                .map_err(pg)?;
            let mut rows = Vec::with_capacity(found.len());
            for r in found {
                rows.push(LogRow {
                    change: r.get(0),
                    seq: r.get(1),
                    command: r.get(2),
                    events: events_text(r.get(3), r.get(8))?,
                    undo_of: r.get(4),
                    undone_by: r.get(5),
                    before: None,
                    after: None,
                    created_at: r.get(6),
                    name: r.get(7),
                });
            }
            let rows = match (rows.first(), rows.last()) {
                (Some(newest), Some(oldest)) => {
                    let (from, to) = ((oldest.seq - 1).max(0) as u64, newest.seq as u64);
                    let run = state_rows(c, kind, &key, from, to)?;
                    crate::check::log_page_rows(rows, &run)?
                }
                _ => rows,
            };
            if rows.is_empty() && !has_history(c, kind, &key)? {
                return Err(not_found(kind, name));
            }
            let members = c.prepare(MEMBERS).map_err(pg)?;
            let mut out = Vec::with_capacity(rows.len());
            for row in rows {
                let entities = c
                    .query(&members, &[&row.change])
                    .map_err(pg)?
                    .iter()
                    .map(|m| m.get::<_, String>(0))
                    .collect();
                out.push(row.into_entry(kind, entities)?);
            }
            Ok(out)
        })
    }
}

/// A notification received by a [`PostgresListener`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notification {
    /// The channel it was sent on.
    pub channel: String,
    /// What was sent.
    pub payload: String,
}

/// A dedicated connection that `LISTEN`s on channels, for fanning live
/// updates out across server instances.
pub struct PostgresListener {
    client: Client,
}

impl PostgresListener {
    /// Connects and listens on every channel in `channels`.
    pub fn connect(config: &PostgresConfig, channels: &[&str]) -> Result<Self> {
        let mut client = config.open_client()?;
        for channel in channels {
            // LISTEN takes an identifier, not a parameter: quote it.
            let ident = format!("\"{}\"", channel.replace('"', "\"\""));
            client
                .batch_execute(&format!("LISTEN {ident}"))
                .map_err(pg)?;
        }
        Ok(PostgresListener { client })
    }

    /// Sends `payload` on `channel` from this connection (it hears it too,
    /// as every listener on the channel does).
    pub fn notify(&mut self, channel: &str, payload: &str) -> Result<()> {
        notify_on(&mut self.client, channel, payload)
    }

    /// Waits up to `timeout` for the next notification; `None` when none came.
    /// An error means the connection is gone and the listener must be rebuilt.
    pub fn next(&mut self, timeout: Duration) -> Result<Option<Notification>> {
        let mut notifications = self.client.notifications();
        let mut iter = notifications.timeout_iter(timeout);
        match postgres::fallible_iterator::FallibleIterator::next(&mut iter) {
            Ok(Some(n)) => Ok(Some(Notification {
                channel: n.channel().to_owned(),
                payload: n.payload().to_owned(),
            })),
            Ok(None) => Ok(None),
            Err(err) => Err(pg(err)),
        }
    }
}

/// Whether a backend error is a transient PostgreSQL failure (serialisation
/// failure, deadlock) that is worth retrying.
pub fn is_transient(err: &StoreError) -> bool {
    let StoreError::Database(inner) = err else {
        return false;
    };
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(inner);
    while let Some(e) = source {
        if let Some(db) = e.downcast_ref::<postgres::error::DbError>() {
            let c = db.code();
            return *c == SqlState::T_R_SERIALIZATION_FAILURE
                || *c == SqlState::T_R_DEADLOCK_DETECTED;
        }
        source = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 16: a catch-up's cost must not grow with history. A prepared
    /// statement keeps its generic plan, which may have been made while
    /// the log was empty; that plan must still read the xid index.
    #[test]
    fn a_catch_up_planned_on_an_empty_log_reads_the_xid_index() {
        let Ok(url) = std::env::var("DATABASE_URL") else {
            return;
        };
        let config =
            PostgresConfig::new(url).with_schema(format!("test_store_plan_{}", std::process::id()));
        PostgresBackend::connect(&config).unwrap();
        let mut client = config.open_client().unwrap();
        let plan = client
            .batch_execute(&format!(
                "SET plan_cache_mode = force_generic_plan;
                 PREPARE catch_up(pg_snapshot, bigint, int) AS {CATCH_UP}"
            ))
            .and_then(|()| client.query("EXPLAIN EXECUTE catch_up('1:1:', 1001, 8192)", &[]));
        config.drop_schema().unwrap();
        let plan: Vec<String> = plan.unwrap().iter().map(|r| r.get(0)).collect();
        let plan = plan.join("\n");
        assert!(plan.contains("Index Scan using events_by_xid"), "{plan}");
        assert!(!plan.contains("Seq Scan on events"), "{plan}");
    }

    #[test]
    fn schema_names_cannot_inject_sql() {
        assert_eq!(schema_ident("test_ab12").unwrap(), "\"test_ab12\"");
        for bad in ["", "a\"; DROP", "Upper", "1abc", &"x".repeat(64)] {
            assert_eq!(schema_ident(bad).unwrap_err().code(), "bad_config");
        }
    }
}
