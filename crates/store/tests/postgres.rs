//! The store's contract on both backends: every scenario runs on SQLite and,
//! when `DATABASE_URL` is set, on PostgreSQL in a fresh schema of its own.

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use grimoire_store::{Change, PostgresBackend, PostgresConfig, SCHEMA_VERSION, Store};
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

/// A PostgreSQL schema that is dropped when the test ends, pass or fail.
struct Schema(PostgresConfig);

impl Drop for Schema {
    fn drop(&mut self) {
        let _ = self.0.drop_schema();
    }
}

fn fresh_schema() -> Option<Schema> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let url = std::env::var("DATABASE_URL").ok()?;
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    Some(Schema(
        PostgresConfig::new(url).with_schema(format!("test_store_{:016x}", h.finish())),
    ))
}

/// Runs `scenario` on a fresh SQLite store, then on a fresh PostgreSQL one
/// (skipped with a note when `DATABASE_URL` is unset).
fn check(scenario: impl Fn(&mut Store, &str)) {
    let mut sqlite = Store::open_in_memory().unwrap();
    scenario(&mut sqlite, "sqlite");
    match fresh_schema() {
        Some(schema) => {
            let mut pg = Store::with_backend(PostgresBackend::connect(&schema.0).unwrap());
            scenario(&mut pg, "postgres");
        }
        None => eprintln!("note: DATABASE_URL unset, PostgreSQL half of this test skipped"),
    }
}

fn seed(store: &mut Store) {
    store
        .commit(
            &Change::new("character new Elmira")
                .create("character", "Elmira", &caster(&[4, 2]))
                .unwrap(),
        )
        .unwrap();
}

#[test]
fn fresh_database_is_at_current_schema_and_empty() {
    check(|store, db| {
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{db}");
        assert!(store.list::<Caster>("character").unwrap().is_empty());
    });
}

#[test]
fn names_are_unique_per_kind_without_case() {
    check(|store, db| {
        seed(store);
        let err = store
            .commit(
                &Change::new("again")
                    .create("character", "ELMIRA", &caster(&[]))
                    .unwrap(),
            )
            .unwrap_err();
        assert_eq!(err.code(), "already_exists", "{db}");
        store
            .commit(
                &Change::new("enc")
                    .create("encounter", "Elmira", &Fight { round: 1 })
                    .unwrap(),
            )
            .unwrap();
        let czech = store
            .commit(
                &Change::new("cz")
                    .create("character", "Čaroděj", &caster(&[1]))
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(czech.touched[0].version, Some(1));
        assert_eq!(
            store.get::<Caster>("character", "čARODĚJ").unwrap().name,
            "Čaroděj",
            "{db}"
        );
    });
}

#[test]
fn stale_version_is_a_conflict_and_writes_nothing() {
    check(|store, db| {
        seed(store);
        store
            .commit(
                &Change::new("cast")
                    .update("character", "Elmira", 1, &caster(&[3, 2]))
                    .unwrap(),
            )
            .unwrap();
        let err = store
            .commit(
                &Change::new("again")
                    .update("character", "Elmira", 1, &caster(&[0, 0]))
                    .unwrap(),
            )
            .unwrap_err();
        assert_eq!(err.code(), "conflict", "{db}");
        let now = store.get::<Caster>("character", "Elmira").unwrap();
        assert_eq!((now.version, now.state), (2, caster(&[3, 2])), "{db}");
        assert_eq!(store.log("character", "Elmira").unwrap().len(), 2);
    });
}

#[test]
fn multi_entity_change_is_all_or_nothing() {
    check(|store, db| {
        seed(store);
        store
            .commit(
                &Change::new("enc")
                    .create("encounter", "Cave", &Fight { round: 1 })
                    .unwrap(),
            )
            .unwrap();
        let change = Change::new("cast in encounter")
            .update("character", "Elmira", 1, &caster(&[3, 2]))
            .unwrap()
            .update("encounter", "Cave", 7, &Fight { round: 2 })
            .unwrap();
        assert_eq!(
            store.commit(&change).unwrap_err().code(),
            "conflict",
            "{db}"
        );
        assert_eq!(
            store.get::<Caster>("character", "Elmira").unwrap().state,
            caster(&[4, 2])
        );
        assert_eq!(store.log("character", "Elmira").unwrap().len(), 1, "{db}");
        let missing = Change::new("x")
            .update("character", "Nobody", 1, &caster(&[]))
            .unwrap();
        assert_eq!(
            store.commit(&missing).unwrap_err().code(),
            "not_found",
            "{db}"
        );
    });
}

#[test]
fn undo_restores_every_entity_of_the_change_and_is_logged() {
    check(|store, db| {
        seed(store);
        store
            .commit(
                &Change::new("enc")
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
        assert_eq!(undone.reverted, done.change, "{db}");
        assert_eq!(
            store.get::<Caster>("character", "Elmira").unwrap().state,
            caster(&[4, 2])
        );
        let cave = store.get::<Fight>("encounter", "Cave").unwrap();
        assert_eq!((cave.version, cave.state), (3, Fight { round: 1 }), "{db}");
        let log = store.log("character", "Elmira").unwrap();
        let commands: Vec<&str> = log.iter().map(|e| e.command.as_str()).collect();
        assert_eq!(
            commands,
            [
                "character new Elmira",
                "cast Elmira Magic Missile",
                "undo cast Elmira Magic Missile"
            ],
            "{db}"
        );
        assert_eq!(log[1].undone_by, Some(undone.change));
        assert_eq!(log[2].undo_of, Some(done.change));
        assert_eq!(log[1].events, serde_json::json!(["slot_spent"]));
        assert_eq!(
            log[1].entities,
            ["character:Elmira", "encounter:Cave"],
            "{db}"
        );
        assert_eq!(log[0].state_before, None);
        assert_eq!(
            log[1].state_after,
            Some(serde_json::json!({"slots": [3, 2]}))
        );
        assert!(
            log[0].created_at.ends_with('Z') && log[0].created_at.len() == 24,
            "{db}: {}",
            log[0].created_at
        );
    });
}

#[test]
fn repeated_undo_walks_back_then_stops() {
    check(|store, db| {
        seed(store);
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
            store.undo("character", "Elmira").unwrap().reverted_command,
            "character new Elmira",
            "{db}"
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
            "not_found",
            "{db}"
        );
    });
}

#[test]
fn undo_is_blocked_when_a_co_written_entity_moved_on() {
    check(|store, db| {
        seed(store);
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
        assert_eq!(
            store.undo("character", "Elmira").unwrap_err().code(),
            "undo_blocked",
            "{db}"
        );
        store.undo("encounter", "Cave").unwrap();
        store.undo("character", "Elmira").unwrap();
        assert_eq!(
            store.get::<Caster>("character", "Elmira").unwrap().state,
            caster(&[4, 2])
        );
    });
}

#[test]
fn delete_undo_and_recreate_keep_versions_growing() {
    check(|store, db| {
        seed(store);
        store
            .commit(&Change::new("delete").delete("character", "Elmira", 1))
            .unwrap();
        assert!(store.list::<Caster>("character").unwrap().is_empty());
        store.undo("character", "Elmira").unwrap();
        let back = store.get::<Caster>("character", "Elmira").unwrap();
        assert_eq!((back.version, back.state), (3, caster(&[4, 2])), "{db}");
        store
            .commit(&Change::new("delete").delete("character", "Elmira", 3))
            .unwrap();
        let made = store
            .commit(
                &Change::new("new")
                    .create("character", "elmira", &caster(&[1]))
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(made.touched[0].version, Some(5), "{db}");
    });
}

#[test]
fn list_is_sorted_per_kind_and_bad_state_is_a_decode_error() {
    check(|store, db| {
        seed(store);
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
        assert_eq!(names, ["bran", "Elmira"], "{db}");
        assert_eq!(
            store
                .get::<Fight>("character", "Elmira")
                .unwrap_err()
                .code(),
            "decode"
        );
    });
}

#[test]
fn postgres_concurrent_writers_never_lose_an_update() {
    let Some(schema) = fresh_schema() else {
        eprintln!("note: DATABASE_URL unset, skipped");
        return;
    };
    let mut store = Store::with_backend(PostgresBackend::connect(&schema.0).unwrap());
    seed(&mut store);
    // Eight connections each try to spend slots until none are left; a
    // writer that read a stale version gets `conflict` and re-reads.
    let spent = std::sync::atomic::AtomicU32::new(0);
    std::thread::scope(|s| {
        for _ in 0..8 {
            s.spawn(|| {
                let mut store = Store::with_backend(PostgresBackend::connect(&schema.0).unwrap());
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

#[test]
fn postgres_notifications_reach_listeners() {
    let Some(schema) = fresh_schema() else {
        eprintln!("note: DATABASE_URL unset, skipped");
        return;
    };
    let channel = schema.0.schema.clone().unwrap();
    let mut listener = grimoire_store::PostgresListener::connect(&schema.0, &[&channel]).unwrap();
    let sender = PostgresBackend::connect(&schema.0).unwrap();
    sender.notify(&channel, "{\"cast\":1}").unwrap();
    let got = listener
        .next(std::time::Duration::from_secs(5))
        .unwrap()
        .unwrap();
    assert_eq!(
        (got.channel.as_str(), got.payload.as_str()),
        (channel.as_str(), "{\"cast\":1}")
    );
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
