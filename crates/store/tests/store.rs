//! The store's contract, driven through its public API on real files.

use grimoire_store::{Change, SCHEMA_VERSION, Store};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Caster {
    slots: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Fight {
    round: u32,
}

fn caster(slots: &[u32]) -> Caster {
    Caster {
        slots: slots.to_vec(),
    }
}

fn seeded() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    store
        .commit(
            &Change::new("character new Elmira")
                .create("character", "Elmira", &caster(&[4, 2]))
                .unwrap(),
        )
        .unwrap();
    store
}

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
fn names_are_unique_per_kind_without_case() {
    let mut store = seeded();
    let err = store
        .commit(
            &Change::new("again")
                .create("character", "ELMIRA", &caster(&[]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "already_exists");
    // Another kind may reuse the name.
    store
        .commit(
            &Change::new("enc")
                .create("encounter", "Elmira", &Fight { round: 1 })
                .unwrap(),
        )
        .unwrap();
}

#[test]
fn stale_version_is_a_conflict_and_writes_nothing() {
    let mut store = seeded();
    store
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", 1, &caster(&[3, 2]))
                .unwrap(),
        )
        .unwrap();
    let err = store
        .commit(
            &Change::new("cast again")
                .update("character", "Elmira", 1, &caster(&[0, 0]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "conflict");
    let now = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((now.version, now.state), (2, caster(&[3, 2])));
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 2);
}

#[test]
fn multi_entity_change_is_all_or_nothing() {
    let mut store = seeded();
    store
        .commit(
            &Change::new("enc new")
                .create("encounter", "Cave", &Fight { round: 1 })
                .unwrap(),
        )
        .unwrap();
    // The encounter write is stale, so the character write must not land either.
    let change = Change::new("cast in encounter")
        .update("character", "Elmira", 1, &caster(&[3, 2]))
        .unwrap()
        .update("encounter", "Cave", 7, &Fight { round: 2 })
        .unwrap();
    assert_eq!(store.commit(&change).unwrap_err().code(), "conflict");
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 1);
}

#[test]
fn updating_a_missing_entity_is_not_found() {
    let mut store = seeded();
    let err = store
        .commit(
            &Change::new("x")
                .update("character", "Nobody", 1, &caster(&[]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "not_found");
    assert_eq!(
        store
            .get::<Caster>("character", "Nobody")
            .unwrap_err()
            .code(),
        "not_found"
    );
}

#[test]
fn undo_restores_every_entity_of_the_change_and_is_logged() {
    let mut store = seeded();
    store
        .commit(
            &Change::new("enc new")
                .create("encounter", "Cave", &Fight { round: 1 })
                .unwrap(),
        )
        .unwrap();
    let cast = Change::new("cast Elmira Magic Missile")
        .with_events(&vec!["slot_spent"])
        .unwrap()
        .update("character", "Elmira", 1, &caster(&[3, 2]))
        .unwrap()
        .update("encounter", "Cave", 1, &Fight { round: 2 })
        .unwrap();
    let done = store.commit(&cast).unwrap();

    let undone = store.undo("character", "elmira").unwrap();
    assert_eq!(undone.reverted, done.change);
    assert_eq!(undone.reverted_command, "cast Elmira Magic Missile");
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
    let cave = store.get::<Fight>("encounter", "Cave").unwrap();
    assert_eq!(cave.state, Fight { round: 1 });
    assert_eq!(cave.version, 3, "an undo is a new version, never a rewind");

    let log = store.log("character", "Elmira").unwrap();
    let commands: Vec<&str> = log.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(
        commands,
        [
            "character new Elmira",
            "cast Elmira Magic Missile",
            "undo cast Elmira Magic Missile"
        ]
    );
    assert_eq!(log[1].undone_by, Some(undone.change));
    assert_eq!(log[2].undo_of, Some(done.change));
    assert_eq!(log[1].events, serde_json::json!(["slot_spent"]));
    assert_eq!(log[1].entities, ["character:Elmira", "encounter:Cave"]);
}

#[test]
fn repeated_undo_walks_back_then_stops() {
    let mut store = seeded();
    store
        .commit(
            &Change::new("cast 1")
                .update("character", "Elmira", 1, &caster(&[3, 2]))
                .unwrap(),
        )
        .unwrap();
    store
        .commit(
            &Change::new("cast 2")
                .update("character", "Elmira", 2, &caster(&[3, 1]))
                .unwrap(),
        )
        .unwrap();
    assert_eq!(
        store.undo("character", "Elmira").unwrap().reverted_command,
        "cast 2"
    );
    assert_eq!(
        store.undo("character", "Elmira").unwrap().reverted_command,
        "cast 1"
    );
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
    // Undoing the creation deletes the character.
    assert_eq!(
        store.undo("character", "Elmira").unwrap().reverted_command,
        "character new Elmira"
    );
    assert!(
        store
            .find::<Caster>("character", "Elmira")
            .unwrap()
            .is_none()
    );
    assert_eq!(
        store.undo("character", "Elmira").unwrap_err().code(),
        "nothing_to_undo"
    );
    assert_eq!(
        store.undo("character", "Ghost").unwrap_err().code(),
        "not_found"
    );
}

#[test]
fn undo_is_blocked_when_a_co_written_entity_moved_on() {
    let mut store = seeded();
    store
        .commit(
            &Change::new("enc")
                .create("encounter", "Cave", &Fight { round: 1 })
                .unwrap(),
        )
        .unwrap();
    store
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", 1, &caster(&[3, 2]))
                .unwrap()
                .update("encounter", "Cave", 1, &Fight { round: 1 })
                .unwrap(),
        )
        .unwrap();
    store
        .commit(
            &Change::new("next")
                .update("encounter", "Cave", 2, &Fight { round: 2 })
                .unwrap(),
        )
        .unwrap();
    let err = store.undo("character", "Elmira").unwrap_err();
    assert_eq!(err.code(), "undo_blocked");
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[3, 2])
    );
    // Undo the encounter's later change first; then the cast can go.
    store.undo("encounter", "Cave").unwrap();
    store.undo("character", "Elmira").unwrap();
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
}

#[test]
fn delete_then_undo_brings_it_back() {
    let mut store = seeded();
    store
        .commit(&Change::new("delete").delete("character", "Elmira", 1))
        .unwrap();
    assert!(store.list::<Caster>("character").unwrap().is_empty());
    store.undo("character", "Elmira").unwrap();
    let back = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((back.version, back.state), (3, caster(&[4, 2])));
}

#[test]
fn recreated_name_continues_versions() {
    let mut store = seeded();
    store
        .commit(&Change::new("delete").delete("character", "Elmira", 1))
        .unwrap();
    let made = store
        .commit(
            &Change::new("new")
                .create("character", "elmira", &caster(&[1]))
                .unwrap(),
        )
        .unwrap();
    assert_eq!(made.touched[0].version, Some(3));
}

#[test]
fn list_is_sorted_and_per_kind() {
    let mut store = seeded();
    store
        .commit(
            &Change::new("two")
                .create("character", "bran", &caster(&[1]))
                .unwrap()
                .create("encounter", "Aardvark", &Fight { round: 0 })
                .unwrap(),
        )
        .unwrap();
    let names: Vec<String> = store
        .list::<Caster>("character")
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["bran", "Elmira"]);
}

#[test]
fn wrong_type_is_a_decode_error_not_a_panic() {
    let store = seeded();
    assert_eq!(
        store
            .get::<Fight>("character", "Elmira")
            .unwrap_err()
            .code(),
        "decode"
    );
}

#[test]
fn crash_midway_through_a_transaction_leaves_nothing_partial() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    {
        let mut store = Store::open(&path).unwrap();
        store
            .commit(
                &Change::new("new")
                    .create("character", "Elmira", &caster(&[4, 2]))
                    .unwrap(),
            )
            .unwrap();
    }
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
