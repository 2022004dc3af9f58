//! What one command costs the store: a commit (one or two entities) and an
//! undo, on a real file (WAL, synchronous FULL) and in memory.

use grimoire_store::{Change, Store};

fn main() {
    divan::main();
}

/// A state about the size of a stored character.
fn state(n: u32) -> serde_json::Value {
    serde_json::json!({
        "name": "Elmira", "slots": [4, 3, 3, 3, 2, 1, 1, 1, 1], "spent": n,
        "prepared": (0..20).map(|i| format!("spell-{i}")).collect::<Vec<_>>(),
    })
}

fn seeded(store: &mut Store) {
    let change = Change::new("new")
        .create("character", "Elmira", &state(0))
        .unwrap()
        .create("encounter", "Cave", &state(0))
        .unwrap();
    store.commit(&change).unwrap();
}

#[divan::bench(args = ["file", "memory"])]
fn commit_one_entity(bencher: divan::Bencher, backend: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = match backend {
        "file" => Store::open(dir.path().join("b.sqlite3")).unwrap(),
        _ => Store::open_in_memory().unwrap(),
    };
    seeded(&mut store);
    let mut version = 1;
    bencher.bench_local(|| {
        let change = Change::new("cast")
            .update("character", "Elmira", version, &state(version as u32))
            .unwrap();
        store.commit(&change).unwrap();
        version += 1;
    });
}

#[divan::bench(args = ["file", "memory"])]
fn commit_cast_in_encounter(bencher: divan::Bencher, backend: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = match backend {
        "file" => Store::open(dir.path().join("b.sqlite3")).unwrap(),
        _ => Store::open_in_memory().unwrap(),
    };
    seeded(&mut store);
    let mut version = 1;
    bencher.bench_local(|| {
        let change = Change::new("cast")
            .update("character", "Elmira", version, &state(version as u32))
            .unwrap()
            .update("encounter", "Cave", version, &state(version as u32))
            .unwrap();
        store.commit(&change).unwrap();
        version += 1;
    });
}

/// A cast's kilobyte of events, shaped like the app's (an action used, a
/// slot spent and the cast's card with its rolls).
fn cast_events(n: u32) -> serde_json::Value {
    let roll = |d: u32| {
        serde_json::json!({"label": {"kind": "damage", "damage_type": "force"},
                           "notation": "1d4+1", "dice": [d % 4 + 1], "total": d % 4 + 2})
    };
    serde_json::json!([
        {"entity": "Elmira", "event": {"event": "action_used", "action": "action"}},
        {"entity": "Elmira", "event": {"event": "slot_expended", "level": 1, "pact": false,
                                        "off_turn": false}},
        {"entity": "Elmira", "card": {
            "caster": "Elmira", "spell": "magic-missile", "spell_name": "Magic Missile",
            "level": 1, "slot": 1, "pact": false, "mode": "slot", "via": null,
            "class": "wizard", "action": "action", "save_dc": 19, "attack_bonus": 11,
            "status": "resolved", "rounds_needed": null,
            "rolls": [roll(n), roll(n / 4), roll(n / 16)], "targets": [], "effect": null,
            "concentration_started": false, "concentration_ended": null, "notes": [],
            "characters": []}}
    ])
}

/// [`commit_one_entity`] in memory with a cast's events: the store's CPU
/// for the change a table commits most (its events and the log row's
/// delta are compressed since migration 6).
#[divan::bench]
fn commit_cast_with_events_memory(bencher: divan::Bencher) {
    let mut store = Store::open_in_memory().unwrap();
    seeded(&mut store);
    let mut version = 1;
    bencher.bench_local(|| {
        let change = Change::new("cast")
            .with_events(&cast_events(version as u32))
            .unwrap()
            .update("character", "Elmira", version, &state(version as u32))
            .unwrap();
        store.commit(&change).unwrap();
        version += 1;
    });
}

#[divan::bench]
fn commit_then_undo_file(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("b.sqlite3")).unwrap();
    seeded(&mut store);
    bencher.bench_local(|| {
        let v = store
            .get::<serde_json::Value>("character", "Elmira")
            .unwrap()
            .version;
        let change = Change::new("cast")
            .update("character", "Elmira", v, &state(1))
            .unwrap();
        store.commit(&change).unwrap();
        store.undo("character", "Elmira").unwrap();
    });
}

#[divan::bench]
fn open_existing_file(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.sqlite3");
    seeded(&mut Store::open(&path).unwrap());
    bencher.bench_local(|| Store::open(&path).unwrap());
}

/// A store holding `own` changes of Elmira among `all` in the database
/// (the others on 99 other characters): what a long campaign leaves
/// behind (issue 16). In memory, so that building it takes seconds, not
/// 100,000 syncs; the queries and indexes are the file's.
fn long_history(own: u64, all: u64) -> Store {
    let mut store = Store::open_in_memory().unwrap();
    seeded(&mut store);
    for i in 1..100 {
        let change = Change::new("new")
            .create("character", &format!("C{i}"), &state(0))
            .unwrap();
        store.commit(&change).unwrap();
    }
    let mut versions = vec![1u64; 100];
    for n in 0..all {
        let who = if n < own { 0 } else { (n % 99 + 1) as usize };
        let name = if who == 0 {
            "Elmira".to_owned()
        } else {
            format!("C{who}")
        };
        let change = Change::new("cast")
            .update("character", &name, versions[who], &state(n as u32))
            .unwrap();
        store.commit(&change).unwrap();
        versions[who] += 1;
    }
    store
}

/// The newest page of 100 entries of a character with 10,000 changes in a
/// database of 100,000.
#[divan::bench(sample_count = 20)]
fn log_page_with_long_history(bencher: divan::Bencher) {
    let store = long_history(10_000, 100_000);
    bencher.bench_local(|| store.log_page("character", "Elmira", None, 100).unwrap());
}

/// Undo (and redo by committing again) with the same history.
#[divan::bench(sample_count = 20)]
fn undo_with_long_history(bencher: divan::Bencher) {
    let mut store = long_history(10_000, 100_000);
    bencher.bench_local(|| {
        store.undo("character", "Elmira").unwrap();
    });
}
