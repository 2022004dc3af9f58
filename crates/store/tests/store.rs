//! SQLite: the shared contract (`contract/mod.rs`) on an in-memory store, and
//! what only a database file shows: creating, reopening, a newer schema, a
//! crash mid-transaction, two handles on one file.

mod contract;

use contract::{Caster, Scenario, caster, seed};
use grimoire_store::{Change, SCHEMA_VERSION, Store};

/// Runs a contract scenario on a fresh in-memory SQLite store.
fn on_sqlite(scenario: Scenario) {
    scenario(&mut Store::open_in_memory().unwrap(), "sqlite");
}

contract::contract_tests!(on_sqlite);

/// Runs a caching scenario on stores opened on one SQLite file.
fn on_one_sqlite_file(scenario: contract::caching::CacheScenario) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.sqlite3");
    let open = |cache: Option<std::sync::Arc<grimoire_store::EntityCache>>| {
        let backend = grimoire_store::SqliteBackend::open(&path).unwrap();
        match cache {
            Some(c) => Store::with_backend(grimoire_store::Cached::new(backend, c)),
            None => Store::with_backend(backend),
        }
    };
    scenario(&open, "sqlite");
}

contract::caching::caching_tests!(on_one_sqlite_file);

#[test]
fn migration_from_empty_reaches_current_schema() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("nested/dir/g.sqlite3")).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(store.list::<Caster>("character").unwrap().is_empty());
}

#[test]
fn reopen_reads_what_was_committed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    {
        let mut store = Store::open(&path).unwrap();
        store
            .commit(
                &Change::new("new")
                    .create("character", "Čaroděj", &caster(&[2]))
                    .unwrap(),
            )
            .unwrap();
    }
    let store = Store::open(&path).unwrap();
    let got = store.get::<Caster>("character", "čARODĚJ").unwrap();
    assert_eq!(got.name, "Čaroděj");
    assert_eq!(got.version, 1);
    assert_eq!(got.state, caster(&[2]));
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn newer_schema_is_refused_with_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    drop(Store::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "INSERT INTO schema_version (version) VALUES (?1)",
        [SCHEMA_VERSION + 1],
    )
    .unwrap();
    drop(conn);
    let err = Store::open(&path).err().unwrap();
    assert_eq!(err.code(), "schema_too_new");
    assert!(err.to_string().contains(&(SCHEMA_VERSION + 1).to_string()));
}

#[test]
fn crash_midway_through_a_transaction_leaves_nothing_partial() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    seed(&mut Store::open(&path).unwrap());
    {
        // Another process starts writing a change the way the store does and
        // dies before COMMIT: the connection goes away with the transaction open.
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        tx.execute(
            "INSERT INTO changes (command, events_json, created_at) VALUES ('cast', '[]', 'now')",
            [],
        )
        .unwrap();
        tx.execute(
            "UPDATE entities SET version = 2, state_json = '{\"slots\":[3,2]}' WHERE name_key = 'elmira'",
            [],
        )
        .unwrap();
        std::mem::forget(tx); // no rollback, no commit: as if the process died
        drop(conn);
    }
    let store = Store::open(&path).unwrap();
    let elmira = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((elmira.version, elmira.state), (1, caster(&[4, 2])));
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 1);
}

#[test]
fn two_handles_on_one_file_see_each_others_commits() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let mut a = Store::open(&path).unwrap();
    let mut b = Store::open(&path).unwrap();
    a.commit(
        &Change::new("new")
            .create("character", "Elmira", &caster(&[4]))
            .unwrap(),
    )
    .unwrap();
    let seen = b.get::<Caster>("character", "Elmira").unwrap();
    a.commit(
        &Change::new("a casts")
            .update("character", "Elmira", seen.version, &caster(&[3]))
            .unwrap(),
    )
    .unwrap();
    // b still holds version 1: its write is refused, not silently merged.
    let err = b
        .commit(
            &Change::new("b casts")
                .update("character", "Elmira", seen.version, &caster(&[3]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "conflict");
}

/// Migration 3 (issue 16) stops storing each log row's state before (the
/// previous row's state after) and clears the old copies: a database
/// written by version 2 keeps its log, its undo and its verification.
#[test]
fn a_version_2_database_keeps_log_undo_and_verify_through_migration_3() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let mut store = Store::open(&path).unwrap();
        seed(&mut store);
        contract::cast_once(&mut store);
    }
    // What version 2 left: every log row with its own copy of the state
    // before, and no version 3.
    let copies = |conn: &rusqlite::Connection| -> i64 {
        conn.query_row(
            "SELECT COUNT(*) FROM events WHERE state_before_json IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        // Version 2 had neither deltas nor packed events (migration 6):
        // the cast's row gets its plain state back.
        conn.execute_batch(
            r#"UPDATE events SET state_after_json = '{"slots":[3,2]}', state_packed = NULL
                WHERE seq = 2;
               ALTER TABLE events DROP COLUMN state_packed;
               ALTER TABLE changes DROP COLUMN events_packed;"#,
        )
        .unwrap();
        conn.execute_batch(
            "UPDATE events SET state_before_json = (
                 SELECT p.state_after_json FROM events p
                 WHERE p.entity_kind = events.entity_kind
                   AND p.entity_name_key = events.entity_name_key
                   AND p.seq = events.seq - 1);
             DELETE FROM schema_version WHERE version >= 3;",
        )
        .unwrap();
        assert_eq!(copies(&conn), 1, "the cast's row held the state before");
    }
    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(
        copies(&rusqlite::Connection::open(&path).unwrap()),
        0,
        "copies cleared"
    );
    let log = store.log("character", "Elmira").unwrap();
    assert_eq!(log[0].state_before, None);
    assert_eq!(
        log[1].state_before,
        Some(serde_json::json!({"slots": [4, 2]}))
    );
    assert_eq!(
        log[1].state_after,
        Some(serde_json::json!({"slots": [3, 2]}))
    );
    assert!(store.verify().unwrap().is_empty());
    store.undo("character", "Elmira").unwrap();
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
    assert!(store.verify().unwrap().is_empty());
}

/// A state whose copy is a test failure.
#[derive(Debug, serde::Deserialize)]
struct NeverCopied {
    #[allow(dead_code)]
    slots: Vec<u32>,
}

impl Clone for NeverCopied {
    fn clone(&self) -> Self {
        panic!("an uncached read copied the state it had just decoded")
    }
}

/// Without a cache nobody shares a decoded state, so `find` and `list`
/// hand over the one they decoded instead of copying it.
#[test]
fn reads_without_a_cache_do_not_copy_what_they_decode() {
    let mut store = Store::open_in_memory().unwrap();
    seed(&mut store);
    assert!(
        store
            .find::<NeverCopied>("character", "Elmira")
            .unwrap()
            .is_some()
    );
    assert_eq!(store.list::<NeverCopied>("character").unwrap().len(), 1);
}

/// Issue 38 (migration 6): a write's log row is a delta on the state
/// before (SQLite reads it in the commit's transaction), a keyframe every
/// 32 rows, and a cast's events are compressed.
#[test]
fn the_log_stores_deltas_keyframes_and_packed_events() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("packed.sqlite3");
    let mut store = Store::open(&path).unwrap();
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
    let conn = rusqlite::Connection::open(&path).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT seq, state_after_json IS NOT NULL, state_packed IS NOT NULL
             FROM events ORDER BY seq",
        )
        .unwrap();
    let forms: Vec<(i64, bool, bool)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(forms.len(), 41);
    for (seq, plain, delta) in forms {
        let keyframe = seq == 1 || seq == 32;
        assert_eq!((plain, delta), (keyframe, !keyframe), "seq {seq}");
    }
    let packed: i64 = conn
        .query_row(
            "SELECT count(*) FROM changes WHERE events_packed IS NOT NULL AND events_json = ''",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(packed, 40, "every cast's events");
    assert!(store.verify().unwrap().is_empty());
    let log = store.log("character", "Elmira").unwrap();
    assert_eq!(
        log[40].state_before,
        Some(serde_json::json!({"slots": [39, 2]}))
    );
    assert_eq!(
        log[40].state_after,
        Some(serde_json::json!({"slots": [40, 2]}))
    );
}
