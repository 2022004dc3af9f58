//! PostgreSQL: the shared contract (`contract/mod.rs`), each scenario in a
//! fresh schema of its own, and what only PostgreSQL shows: concurrent
//! writers on separate connections, LISTEN/NOTIFY, schema names. Every test
//! needs `DATABASE_URL` (e.g. `postgres://postgres@127.0.0.1:5432/test`) and
//! passes with a note when it is unset, except the one that never connects.

mod contract;

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use contract::{Caster, Scenario, caster, seed};
use grimoire_store::{Change, PostgresBackend, PostgresConfig, Store};

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
