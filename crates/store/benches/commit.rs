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
