//! PostgreSQL: the shared contract (`contract/mod.rs`), each scenario in a
//! fresh schema of its own, and what only PostgreSQL shows: concurrent
//! writers on separate connections, LISTEN/NOTIFY, schema names. Every test
//! needs `DATABASE_URL` (e.g. `postgres://postgres@127.0.0.1:5432/test`) and
//! passes with a note when it is unset, except the one that never connects.

mod contract;

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use contract::{Caster, Scenario, caster, seed};
use grimoire_store::{Change, PostgresBackend, PostgresConfig, SCHEMA_VERSION, Store};

/// A PostgreSQL schema that is dropped when the test ends, pass or fail.
struct Schema(PostgresConfig);

impl Schema {
    /// A store on a new connection to this schema.
    fn store(&self) -> Store {
        Store::with_backend(PostgresBackend::connect(&self.0).unwrap())
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        let _ = self.0.drop_schema();
    }
}

/// A schema no other test uses, or `None` (with a note) when
/// `DATABASE_URL` is unset.
fn fresh_schema() -> Option<Schema> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("note: DATABASE_URL unset, PostgreSQL test skipped");
        return None;
    };
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    Some(Schema(
        PostgresConfig::new(url).with_schema(format!("test_store_{:016x}", h.finish())),
    ))
}

/// Runs a contract scenario on a store in a fresh schema.
fn on_postgres(scenario: Scenario) {
    if let Some(schema) = fresh_schema() {
        scenario(&mut schema.store(), "postgres");
    }
}

contract::contract_tests!(
    on_postgres,
    #[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
);

/// Runs a caching scenario on stores opened on one fresh schema, each on
/// a connection of its own (as two server instances would be).
fn on_one_schema(scenario: contract::caching::CacheScenario) {
    if let Some(schema) = fresh_schema() {
        let open = |cache: Option<std::sync::Arc<grimoire_store::EntityCache>>| {
            let backend = PostgresBackend::connect(&schema.0).unwrap();
            match cache {
                Some(c) => Store::with_backend(grimoire_store::Cached::new(backend, c)),
                None => Store::with_backend(backend),
            }
        };
        scenario(&open, "postgres");
    }
}

contract::caching::caching_tests!(
    on_one_schema,
    #[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
);

#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn postgres_concurrent_writers_never_lose_an_update() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut store = schema.store();
    seed(&mut store);
    // Eight connections each try to spend slots until none are left; a
    // writer that read a stale version gets `conflict` and re-reads.
    let spent = std::sync::atomic::AtomicU32::new(0);
    std::thread::scope(|s| {
        for _ in 0..8 {
            s.spawn(|| {
                let mut store = schema.store();
                loop {
                    let cur = store.get::<Caster>("character", "Elmira").unwrap();
                    let Some(i) = cur.state.slots.iter().position(|&n| n > 0) else {
                        break;
                    };
                    let mut next = cur.state.clone();
                    next.slots[i] -= 1;
                    let change = Change::new("cast")
                        .update("character", "Elmira", cur.version, &next)
                        .unwrap();
                    match store.commit(&change) {
                        Ok(_) => {
                            spent.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => assert_eq!(e.code(), "conflict"),
                    }
                }
            });
        }
    });
    assert_eq!(
        spent.load(Ordering::Relaxed),
        6,
        "4 + 2 slots, each spent exactly once"
    );
    let end = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((end.version, end.state), (7, caster(&[0, 0])));
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 7);
}

/// One notification, then five sent together in one statement: each
/// reaches the listener once, in order, and nothing else does.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn postgres_notifications_reach_listeners_in_order() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let channel = schema.0.schema.clone().unwrap();
    let mut listener = grimoire_store::PostgresListener::connect(&schema.0, &[&channel]).unwrap();
    let sender = PostgresBackend::connect(&schema.0).unwrap();
    sender.notify(&channel, "{\"cast\":1}").unwrap();
    let together: Vec<(String, String)> = (0..5)
        .map(|i| (channel.clone(), format!("{{\"n\":{i}}}")))
        .collect();
    sender.notify_all(&together).unwrap();
    let expected =
        std::iter::once("{\"cast\":1}".to_owned()).chain(together.into_iter().map(|(_, p)| p));
    for payload in expected {
        let got = listener
            .next(std::time::Duration::from_secs(5))
            .unwrap()
            .unwrap();
        assert_eq!(
            (got.channel.as_str(), got.payload),
            (channel.as_str(), payload)
        );
    }
    assert!(
        listener
            .next(std::time::Duration::from_millis(50))
            .unwrap()
            .is_none()
    );
}

#[test]
fn bad_schema_name_is_refused_before_connecting() {
    let config = PostgresConfig::new("postgres://nowhere.invalid/x").with_schema("x; DROP TABLE");
    assert_eq!(
        PostgresBackend::connect(&config).err().unwrap().code(),
        "bad_config"
    );
}

/// One connection shared by a batch's stores, as a server's writer holds
/// it, with the batch opened on it.
type Shared = std::sync::Arc<std::sync::Mutex<PostgresBackend>>;

fn shared(schema: &Schema) -> Shared {
    std::sync::Arc::new(std::sync::Mutex::new(
        PostgresBackend::connect(&schema.0).unwrap(),
    ))
}

/// The counter `name` at its next value, as read on `store`, committed; `Ok(false)` when another writer moved it first.
fn bump(store: &mut Store, name: &str) -> Result<bool, grimoire_store::StoreError> {
    let cur = store.get::<u64>("counter", name)?;
    let change = Change::new("bump").update("counter", name, cur.version, &(cur.state + 1))?;
    match store.commit(&change) {
        Ok(_) => Ok(true),
        Err(e) if e.code() == "conflict" => Ok(false),
        Err(e) => Err(e),
    }
}

#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn postgres_batch_refusals_leave_the_other_changes_committed() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut outside = schema.store();
    seed(&mut outside);
    let conn = shared(&schema);
    let mut inside = Store::with_backend(std::sync::Arc::clone(&conn));
    conn.lock().unwrap().begin_batch().unwrap();
    contract::cast_once(&mut inside);
    // A stale version, a name taken, a missing entity: each refused
    // before writing, and the batch goes on.
    let stale = Change::new("stale cast")
        .update("character", "Elmira", 1, &caster(&[0, 0]))
        .unwrap();
    assert_eq!(inside.commit(&stale).unwrap_err().code(), "conflict");
    let taken = Change::new("character new ELMIRA")
        .create("character", "ELMIRA", &caster(&[1]))
        .unwrap();
    assert_eq!(inside.commit(&taken).unwrap_err().code(), "already_exists");
    let missing = Change::new("cast")
        .update("character", "Nobody", 1, &caster(&[1]))
        .unwrap();
    assert_eq!(inside.commit(&missing).unwrap_err().code(), "not_found");
    // A later change builds on the first one's write.
    let second = Change::new("cast again")
        .update("character", "Elmira", 2, &caster(&[2, 2]))
        .unwrap()
        .create("character", "Tobiáš", &caster(&[3]))
        .unwrap();
    inside.commit(&second).unwrap();
    assert_eq!(
        outside
            .get::<Caster>("character", "Elmira")
            .unwrap()
            .version,
        1,
        "nothing of the batch is seen before it ends"
    );
    conn.lock().unwrap().end_batch().unwrap();
    let elmira = outside.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((elmira.version, elmira.state), (3, caster(&[2, 2])));
    assert_eq!(
        outside
            .get::<Caster>("character", "Tobiáš")
            .unwrap()
            .version,
        1
    );
    let log = outside.log("character", "Elmira").unwrap();
    let commands: Vec<&str> = log.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(commands, ["character new Elmira", "cast", "cast again"]);
    assert!(outside.verify().unwrap().is_empty());
}

#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn postgres_batch_undo_runs_between_its_parts_and_the_batch_goes_on() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut outside = schema.store();
    seed(&mut outside);
    let conn = shared(&schema);
    let mut inside = Store::with_backend(std::sync::Arc::clone(&conn));
    conn.lock().unwrap().begin_batch().unwrap();
    contract::cast_once(&mut inside);
    inside.undo("character", "Elmira").unwrap();
    let again = Change::new("cast after undo")
        .update("character", "Elmira", 3, &caster(&[4, 1]))
        .unwrap();
    inside.commit(&again).unwrap();
    conn.lock().unwrap().end_batch().unwrap();
    let elmira = outside.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((elmira.version, elmira.state), (4, caster(&[4, 1])));
    assert!(outside.verify().unwrap().is_empty());
}

/// Four instances, each committing batches of increments to the same
/// three counters, two in one order and two in the other, so that a
/// batch often needs a lock held elsewhere and ordered before one it
/// holds: it must neither wait in a cycle (a deadlock fails a batch)
/// nor lose or double an increment it acknowledged.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn postgres_batches_on_the_same_entities_never_lose_or_double_a_change() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let names = ["a", "b", "c"];
    let mut outside = schema.store();
    for name in names {
        outside
            .commit(&Change::new("new").create("counter", name, &0u64).unwrap())
            .unwrap();
    }
    let acknowledged = [(); 3].map(|()| std::sync::atomic::AtomicU64::new(0));
    std::thread::scope(|s| {
        for instance in 0..4 {
            let (schema, acknowledged) = (&schema, &acknowledged);
            s.spawn(move || {
                let conn = shared(schema);
                let mut store = Store::with_backend(std::sync::Arc::clone(&conn));
                let order: Vec<usize> = if instance % 2 == 0 {
                    vec![0, 1, 2]
                } else {
                    vec![2, 1, 0]
                };
                for _ in 0..25 {
                    conn.lock().unwrap().begin_batch().unwrap();
                    let mut done = [0u64; 3];
                    for &i in &order {
                        // Retried in the batch until it lands, as a client
                        // whose cast met a conflict sends it again.
                        while !bump(&mut store, names[i]).unwrap() {}
                        done[i] += 1;
                    }
                    conn.lock().unwrap().end_batch().unwrap();
                    for (i, n) in done.iter().enumerate() {
                        acknowledged[i].fetch_add(*n, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    for (i, name) in names.iter().enumerate() {
        let counter = outside.get::<u64>("counter", name).unwrap();
        let acked = acknowledged[i].load(Ordering::Relaxed);
        assert_eq!(acked, 100);
        assert_eq!(
            (counter.state, counter.version),
            (acked, acked + 1),
            "{name}"
        );
    }
    assert!(outside.verify().unwrap().is_empty());
}

/// Issue 38 (migration 6): through a cache, which holds each state
/// before, a write's log row is a delta on it, a keyframe every 32 rows,
/// and a cast's events are compressed. A delta made on a state that is
/// no longer the stored one (here edited behind the cache's back, at the
/// same version) is not stored: that row keeps its plain state, and the
/// log still verifies.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn the_log_stores_deltas_keyframes_and_packed_events() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let cache = std::sync::Arc::new(grimoire_store::EntityCache::new());
    let mut store = Store::with_backend(grimoire_store::Cached::new(
        PostgresBackend::connect(&schema.0).unwrap(),
        std::sync::Arc::clone(&cache),
    ));
    store.catch_up(&cache).unwrap();
    seed(&mut store);
    for v in 1..=40u32 {
        store
            .commit(
                &Change::new("cast")
                    .with_events(&vec!["missile ".repeat(40)])
                    .unwrap()
                    .update("character", "Elmira", u64::from(v), &caster(&[v, 2]))
                    .unwrap(),
            )
            .unwrap();
    }
    let url = std::env::var("DATABASE_URL").unwrap();
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let name = schema.0.schema.clone().unwrap();
    let forms = |client: &mut postgres::Client| -> Vec<(i64, bool, bool)> {
        client
            .query(
                &format!(
                    "SELECT seq, state_after_json IS NOT NULL, state_packed IS NOT NULL
                     FROM \"{name}\".events ORDER BY seq"
                ),
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect()
    };
    for (seq, plain, delta) in forms(&mut client) {
        let keyframe = seq == 1 || seq == 32;
        assert_eq!((plain, delta), (keyframe, !keyframe), "seq {seq}");
    }
    let packed: i64 = client
        .query_one(
            &format!(
                "SELECT count(*) FROM \"{name}\".changes
                 WHERE events_packed IS NOT NULL AND events_json = ''"
            ),
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(packed, 40, "every cast's events");
    // The stored state edited at the same version: the cache's is stale.
    client
        .execute(
            &format!(r#"UPDATE "{name}".entities SET state_json = '{{"slots":[9,9]}}'"#),
            &[],
        )
        .unwrap();
    store
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", 41, &caster(&[1, 1]))
                .unwrap(),
        )
        .unwrap();
    assert_eq!(forms(&mut client).last(), Some(&(42, true, false)));
    assert!(schema.store().verify().unwrap().is_empty());
    assert_eq!(
        schema.store().log("character", "Elmira").unwrap()[41].state_after,
        Some(serde_json::json!({"slots": [1, 1]}))
    );
}

/// Issue 38 (migration 8): a schema written by version 7 (the kind as
/// text in every log row, a change's time as text, events packed without
/// a dictionary) reads the same after migration 8 renumbers its kinds
/// and stores new times as timestamps: the log, its times, the table log,
/// `verify`, and undo past the migration back into the old rows.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn a_version_7_schema_keeps_its_log_through_migration_8() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let url = std::env::var("DATABASE_URL").unwrap();
    let name = schema.0.schema.clone().unwrap();
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    client
        .batch_execute(&format!(
            "CREATE SCHEMA \"{name}\"; SET search_path TO \"{name}\";
             CREATE TABLE schema_version (version INTEGER NOT NULL);"
        ))
        .unwrap();
    let version_7 = [
        include_str!("../migrations/postgres/0001_init.sql"),
        include_str!("../migrations/postgres/0002_table_log.sql"),
        include_str!("../migrations/postgres/0003_lean_log_and_catch_up.sql"),
        include_str!("../migrations/postgres/0004_leaner_commit.sql"),
        include_str!("../migrations/postgres/0005_checked_commit.sql"),
        include_str!("../migrations/postgres/0006_packed_log.sql"),
        include_str!("../migrations/postgres/0007_no_log_row_key.sql"),
    ];
    for (i, sql) in version_7.iter().enumerate() {
        client.batch_execute(sql).unwrap();
        client
            .execute(
                "INSERT INTO schema_version (version) VALUES ($1)",
                &[&(i as i32 + 1)],
            )
            .unwrap();
    }
    let zlib = |text: &str, dictionary: Option<&str>| -> Vec<u8> {
        let mut z = flate2::Compress::new(flate2::Compression::default(), true);
        if let Some(d) = dictionary {
            z.set_dictionary(d.as_bytes()).unwrap();
        }
        let mut out = Vec::with_capacity(text.len() + 64);
        z.compress_vec(text.as_bytes(), &mut out, flate2::FlushCompress::Finish)
            .unwrap();
        out
    };
    // Version 7's commit: a creation, then a cast whose state is a delta
    // and whose events are packed without a dictionary.
    let commit = |client: &mut postgres::Client,
                  command: &str,
                  events: (&str, Option<Vec<u8>>),
                  expected: Option<i64>,
                  state: &str,
                  delta: Option<(Vec<u8>, &str)>|
     -> String {
        let (delta, base) = match delta {
            Some((d, b)) => (Some(d), Some(b.to_owned())),
            None => (None, None),
        };
        let row = client
            .query_one(
                "SELECT at, refusal FROM grimoire_commit_packed($1, $2, $3, $4, $5, $6, $7,
                     $8, $9, $10, true)",
                &[
                    &command,
                    &events.0,
                    &events.1,
                    &vec!["character"],
                    &vec!["elmira"],
                    &vec!["Elmira"],
                    &vec![expected],
                    &vec![state],
                    &vec![delta],
                    &vec![base],
                ],
            )
            .unwrap();
        assert_eq!(row.get::<_, Option<String>>(1), None);
        row.get(0)
    };
    let (s1, s2, s3) = (
        r#"{"slots":[4,2]}"#,
        r#"{"slots":[3,2]}"#,
        r#"{"slots":[3,1]}"#,
    );
    let cast_events = format!("[{}]", vec![r#"{"event":"slot_expended"}"#; 20].join(","));
    let at1 = commit(&mut client, "new", ("[]", None), None, s1, None);
    let at2 = commit(
        &mut client,
        "cast",
        ("", Some(zlib(&cast_events, None))),
        Some(1),
        s2,
        Some((zlib(s2, Some(s1)), s1)),
    );
    let forms: (i64, i64) = {
        let r = client
            .query_one(
                "SELECT count(*) FILTER (WHERE state_packed IS NOT NULL),
                        (SELECT count(*) FROM changes WHERE events_packed IS NOT NULL)
                 FROM events",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(forms, (1, 1), "a delta and packed events were written");

    // Opening migrates to version 8 and on.
    let mut store = schema.store();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let log = store.log("character", "Elmira").unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(
        log[1].state_before,
        Some(serde_json::json!({"slots": [4, 2]}))
    );
    assert_eq!(
        log[1].state_after,
        Some(serde_json::json!({"slots": [3, 2]}))
    );
    assert_eq!(log[1].events.as_array().unwrap().len(), 20);
    assert_eq!(
        (log[0].created_at.as_str(), log[1].created_at.as_str()),
        (at1.as_str(), at2.as_str())
    );
    assert_eq!(log[1].entities, vec!["character:Elmira".to_owned()]);
    assert!(store.verify().unwrap().is_empty());

    // A write after the migration, with its time as a timestamp.
    let committed = store
        .commit(
            &Change::new("cast again")
                .with_events(&vec!["missile ".repeat(40)])
                .unwrap()
                .update("character", "Elmira", 2, &caster(&[3, 1]))
                .unwrap(),
        )
        .unwrap();
    let stored: (Option<String>, bool) = {
        let r = client
            .query_one(
                "SELECT created_at, created IS NOT NULL FROM changes WHERE id = $1",
                &[&committed.change.0],
            )
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!(stored, (None, true));
    let recent = store.recent(&["character"], None, 10).unwrap();
    let times: Vec<&str> = recent.iter().map(|c| c.created_at.as_str()).collect();
    assert_eq!(
        times,
        vec![committed.at.as_str(), at2.as_str(), at1.as_str()]
    );
    assert_eq!(recent[0].entities, vec!["character:Elmira".to_owned()]);
    assert_eq!(recent[1].events.as_array().unwrap().len(), 20);
    let log = store.log("character", "Elmira").unwrap();
    assert_eq!(log[2].created_at, committed.at);
    assert_eq!(
        log[2].state_after,
        Some(serde_json::json!({"slots": [3, 1]}))
    );
    assert_eq!(serde_json::to_string(&log[2].state_after).unwrap(), s3);

    // Undo back through the new write into the old rows.
    store.undo("character", "Elmira").unwrap();
    store.undo("character", "Elmira").unwrap();
    let elmira = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((elmira.version, elmira.state), (5, caster(&[4, 2])));
    assert!(store.verify().unwrap().is_empty());
    // A kind first written after the migration gets a number of its own.
    store
        .commit(
            &Change::new("new encounter")
                .create("encounter", "Ambush", &caster(&[1]))
                .unwrap(),
        )
        .unwrap();
    let kinds: Vec<String> = client
        .query("SELECT kind FROM kinds ORDER BY id", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(kinds, vec!["character", "encounter"]);
    assert_eq!(store.recent(&["encounter"], None, 10).unwrap().len(), 1);
    assert!(store.verify().unwrap().is_empty());
}

/// Issue 38 (migration 9): the commit of one stored entity's update runs
/// without version 8's loops, and refuses as before, each time before
/// writing anything: an entity that is not stored (GR002, its name and
/// version 0), a stale version (GR003, the stored name and version), and,
/// told not to wait, a lock another transaction holds (busy); once the lock
/// is free, the same call commits version 2 with the stored name.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn one_entity_update_refuses_before_writing_as_version_8_did() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut store = Store::with_backend(PostgresBackend::connect(&schema.0).unwrap());
    seed(&mut store);
    let url = std::env::var("DATABASE_URL").unwrap();
    let name = schema.0.schema.clone().unwrap();
    let connect = || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .batch_execute(&format!("SET search_path TO \"{name}\""))
            .unwrap();
        client
    };
    let (mut client, mut holder) = (connect(), connect());
    type Answer = (
        Option<i64>,
        Option<Vec<i64>>,
        Option<Vec<String>>,
        Option<String>,
        Option<i32>,
        Option<String>,
        Option<String>,
    );
    let commit = |client: &mut postgres::Client, key: &str, expected: i64, wait: bool| -> Answer {
        let r = client
            .query_one(
                "SELECT change_id, versions, names, refusal, refused_at, detail, hint
                 FROM grimoire_commit_packed('cast', '[]', NULL, $1, $2, $3, $4, $5,
                                             '{NULL}', '{NULL}', $6)",
                &[
                    &vec!["character"],
                    &vec![key],
                    &vec![key.to_uppercase()],
                    &vec![expected],
                    &vec![r#"{"slots":[3,2]}"#],
                    &wait,
                ],
            )
            .unwrap();
        (
            r.get(0),
            r.get(1),
            r.get(2),
            r.get(3),
            r.get(4),
            r.get(5),
            r.get(6),
        )
    };
    let rows = |client: &mut postgres::Client| -> (i64, i64, i64) {
        let r = client
            .query_one(
                "SELECT (SELECT count(*) FROM changes), (SELECT count(*) FROM events),
                        (SELECT max(version) FROM entities)",
                &[],
            )
            .unwrap();
        (r.get(0), r.get(1), r.get(2))
    };
    let refused = |code: &str, detail: &str, hint: &str| -> Answer {
        (
            None,
            None,
            None,
            Some(code.into()),
            Some(if code == "busy" { 0 } else { 1 }),
            (code != "busy").then(|| detail.into()),
            (code != "busy").then(|| hint.into()),
        )
    };
    let before = rows(&mut client);
    assert_eq!(before, (1, 1, 1));
    assert_eq!(
        commit(&mut client, "nobody", 1, true),
        refused("GR002", "NOBODY", "0")
    );
    assert_eq!(
        commit(&mut client, "elmira", 7, true),
        refused("GR003", "Elmira", "1")
    );
    let mut tx = holder.transaction().unwrap();
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended('character' || chr(1) || 'elmira', 0))",
        &[],
    )
    .unwrap();
    assert_eq!(
        commit(&mut client, "elmira", 1, false),
        refused("busy", "", "")
    );
    assert_eq!(rows(&mut client), before, "nothing written");
    tx.rollback().unwrap();
    let done = commit(&mut client, "elmira", 1, false);
    assert!(done.0.is_some(), "{done:?}");
    assert_eq!(
        (done.1, done.2, done.3),
        (Some(vec![2]), Some(vec!["Elmira".to_owned()]), None)
    );
    assert_eq!(rows(&mut client), (2, 2, 2));
}

/// Migration 10 (issue 38, part 13) dropped the log rows' foreign key to
/// their change: the commit still writes both together, and `verify`
/// reports a log row whose change is missing instead of the database
/// refusing it.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn verify_reports_a_log_row_without_its_change() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut store = schema.store();
    seed(&mut store);
    contract::cast_once(&mut store);
    assert_eq!(store.verify().unwrap(), [], "a clean log");

    let url = std::env::var("DATABASE_URL").unwrap();
    let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let name = schema.0.schema.clone().unwrap();
    let keys: i64 = client
        .query_one(
            &format!(
                "SELECT count(*) FROM pg_constraint
                 WHERE conrelid = '\"{name}\".events'::regclass AND contype = 'f'"
            ),
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(keys, 0, "no foreign key on the log rows");
    client
        .batch_execute(&format!(
            "UPDATE \"{name}\".events SET change_id = change_id + 1000 WHERE seq = 2"
        ))
        .unwrap();
    let err = format!("{:?}", store.verify().unwrap_err());
    assert!(err.contains("log write 2 belongs to no change"), "{err}");
    assert!(err.contains("Elmira"), "{err}");
}

/// A lone update runs as one plain statement (issue 38, part 13): it
/// refuses as the commit function does, writing nothing: an entity not
/// stored, or at another version (named with the version found).
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn a_lone_update_refuses_as_the_commit_function_does() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut store = schema.store();
    seed(&mut store);
    let missing = store.commit(
        &Change::new("cast")
            .update("character", "Zed", 1, &caster(&[1]))
            .unwrap(),
    );
    assert!(
        matches!(&missing, Err(grimoire_store::StoreError::NotFound { name, .. }) if name == "Zed"),
        "{missing:?}"
    );
    contract::cast_once(&mut store);
    let stale = store.commit(
        &Change::new("cast")
            .update("character", "ELMIRA", 1, &caster(&[2, 2]))
            .unwrap(),
    );
    assert!(
        matches!(
            &stale,
            Err(grimoire_store::StoreError::Conflict { name, expected: 1, found: 2, .. })
                if name == "Elmira"
        ),
        "{stale:?}"
    );
    let end = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!(
        (end.version, end.state),
        (2, caster(&[3, 2])),
        "nothing written"
    );
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 2);
    assert_eq!(store.verify().unwrap(), []);
}

/// Lone updates (one plain statement) racing changes of two entities
/// (the commit function, advisory locks in order): every accepted change
/// is applied exactly once, on the version it read.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn lone_updates_and_two_entity_changes_never_lose_an_update() {
    let Some(schema) = fresh_schema() else {
        return;
    };
    let mut store = schema.store();
    for name in ["Elmira", "Zed"] {
        store
            .commit(
                &Change::new("new")
                    .create("character", name, &caster(&[0]))
                    .unwrap(),
            )
            .unwrap();
    }
    let accepted = AtomicU64::new(0);
    std::thread::scope(|s| {
        for writer in 0..6 {
            let accepted = &accepted;
            let schema = &schema;
            s.spawn(move || {
                let mut store = schema.store();
                for _ in 0..15 {
                    let a = store.get::<Caster>("character", "Elmira").unwrap();
                    let mut change = Change::new("count");
                    let mut next = a.state.clone();
                    next.slots[0] += 1;
                    change = change
                        .update("character", "Elmira", a.version, &next)
                        .unwrap();
                    if writer % 2 == 1 {
                        let z = store.get::<Caster>("character", "Zed").unwrap();
                        let mut next = z.state.clone();
                        next.slots[0] += 1;
                        change = change.update("character", "Zed", z.version, &next).unwrap();
                    }
                    match store.commit(&change) {
                        Ok(_) => {
                            accepted.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => assert_eq!(e.code(), "conflict"),
                    }
                }
            });
        }
    });
    let elmira = store.get::<Caster>("character", "Elmira").unwrap();
    let zed = store.get::<Caster>("character", "Zed").unwrap();
    let accepted = accepted.load(Ordering::Relaxed);
    assert!(accepted > 0);
    assert_eq!(
        u64::from(elmira.state.slots[0]),
        accepted,
        "each counted once"
    );
    assert_eq!(elmira.version, accepted + 1);
    assert_eq!(
        u64::from(zed.state.slots[0]) + 1,
        zed.version,
        "Zed's count matches its writes"
    );
    assert_eq!(store.verify().unwrap(), []);
}
