//! The entity cache's contract (issue 16), run on every backend: a cached
//! store and a plain one on the same database, as two server instances or
//! a server and the CLI would be.

use std::sync::Arc;

use grimoire_store::{Change, EntityCache, Store, StoreError};

use super::{Caster, cast_once, caster, seed};

/// Opens a store on a new connection to the test's one database, reading
/// through `cache` when given.
pub type Open<'a> = &'a dyn Fn(Option<Arc<EntityCache>>) -> Store;

/// A caching scenario: how to open stores on one database, and the
/// backend's name.
pub type CacheScenario = fn(Open<'_>, &str);

fn slots(store: &Store, name: &str) -> (u64, Vec<u32>) {
    let e = store.get::<Caster>("character", name).unwrap();
    (e.version, e.state.slots)
}

fn names(store: &Store) -> Vec<String> {
    store
        .list::<Caster>("character")
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect()
}

/// A store reading through a new cache, caught up, that has created
/// Elmira (slots 4 and 2, version 1: [`seed`]) itself.
fn cached_with_elmira(open: Open<'_>) -> (Arc<EntityCache>, Store) {
    let cache = Arc::new(EntityCache::new());
    let mut mine = open(Some(Arc::clone(&cache)));
    mine.catch_up(&cache).unwrap();
    seed(&mut mine);
    (cache, mine)
}

/// A cached store answers from memory, sees its own commits at once and
/// another writer's after catching up: updates, creations and deletions.
pub fn cache_sees_own_commits_at_once_and_others_after_catching_up(open: Open<'_>, db: &str) {
    let (cache, mine) = cached_with_elmira(open);
    let mut other = open(None);
    assert_eq!(slots(&mine, "elmira"), (1, vec![4, 2]), "{db}: own commit");
    assert_eq!(names(&mine), ["Elmira"], "{db}");

    other
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", 1, &caster(&[3, 2]))
                .unwrap()
                .create("character", "Zed", &caster(&[1]))
                .unwrap(),
        )
        .unwrap();
    // Not caught up yet: the request that started before still sees
    // what it saw (this also shows the answers come from memory).
    assert_eq!(slots(&mine, "Elmira"), (1, vec![4, 2]), "{db}: from memory");
    mine.catch_up(&cache).unwrap();
    assert_eq!(slots(&mine, "Elmira"), (2, vec![3, 2]), "{db}: caught up");
    assert_eq!(names(&mine), ["Elmira", "Zed"], "{db}: a creation");

    other
        .commit(&Change::new("gone").delete("character", "Zed", 1))
        .unwrap();
    mine.catch_up(&cache).unwrap();
    assert_eq!(names(&mine), ["Elmira"], "{db}: a deletion");
    assert!(
        mine.find::<Caster>("character", "Zed").unwrap().is_none(),
        "{db}"
    );
    assert!(!cache.is_empty(), "{db}: entities are kept");
}

/// A cache that missed another writer's commit cannot write over it: the
/// database's version check refuses, and the refused entity is read again.
pub fn stale_cache_commit_is_a_conflict_and_forgets(open: Open<'_>, db: &str) {
    let (_, mut mine) = cached_with_elmira(open);
    let mut other = open(None);
    cast_once(&mut other);
    let (version, _) = slots(&mine, "Elmira");
    assert_eq!(version, 1, "{db}: not caught up");
    let spent = mine.commit(
        &Change::new("cast again")
            .update("character", "Elmira", version, &caster(&[3, 2]))
            .unwrap(),
    );
    assert!(
        matches!(spent, Err(StoreError::Conflict { .. })),
        "{db}: {spent:?}"
    );
    assert_eq!(slots(&mine, "Elmira"), (2, vec![3, 2]), "{db}: read again");
}

/// An undo through the cache is seen at once.
pub fn undo_through_a_cache_is_seen_at_once(open: Open<'_>, db: &str) {
    let (_, mut mine) = cached_with_elmira(open);
    cast_once(&mut mine);
    assert_eq!(slots(&mine, "Elmira").1, [3, 2], "{db}");
    mine.undo("character", "Elmira").unwrap();
    assert_eq!(slots(&mine, "Elmira"), (3, vec![4, 2]), "{db}: undone");
}

/// Elmira's slots become `to` at `version + 1`, written through `store`.
fn spend(store: &mut Store, version: u64, to: &[u32]) {
    store
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", version, &caster(to))
                .unwrap(),
        )
        .unwrap();
}

/// Another writer's update reaches a cache holding the version before
/// with its state in the catch-up (issue 38, part 13): the new version is
/// served from memory, not read again, for a delta on the version held
/// and for a run of them in one catch-up, and it equals what the
/// database holds.
pub fn another_writers_update_arrives_with_its_state(open: Open<'_>, db: &str) {
    let (cache, mine) = cached_with_elmira(open);
    let theirs = Arc::new(EntityCache::new());
    let mut other = open(Some(Arc::clone(&theirs)));
    other.catch_up(&theirs).unwrap();
    // Both caches hold version 1, so the other's writes store deltas.
    assert_eq!(slots(&other, "Elmira"), (1, vec![4, 2]), "{db}");
    assert_eq!(slots(&mine, "Elmira"), (1, vec![4, 2]), "{db}");

    spend(&mut other, 1, &[3, 2]);
    mine.catch_up(&cache).unwrap();
    spend(&mut other, 2, &[2, 2]);
    assert_eq!(
        slots(&mine, "Elmira"),
        (2, vec![3, 2]),
        "{db}: version 2 from the catch-up (a read would give version 3)"
    );

    spend(&mut other, 3, &[1, 2]);
    mine.catch_up(&cache).unwrap();
    spend(&mut other, 4, &[0, 2]);
    assert_eq!(
        slots(&mine, "Elmira"),
        (4, vec![1, 2]),
        "{db}: two deltas in one catch-up, applied in turn"
    );

    mine.catch_up(&cache).unwrap();
    let plain = open(None);
    let kept = mine.get::<Caster>("character", "Elmira").unwrap();
    let stored = plain.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!(kept, stored, "{db}: the state and its time, as stored");
}

/// A name not found is remembered as not there (issue 38, part 13: a cast
/// looked up the table's house rules, absent on most tables, in the
/// database every time): asked again, memory answers, until a catch-up
/// or the cache's own commit reports a creation.
pub fn a_name_not_found_is_asked_of_the_database_once(open: Open<'_>, db: &str) {
    let (cache, mut mine) = cached_with_elmira(open);
    let mut other = open(None);
    assert!(
        mine.find::<Caster>("character", "Zed").unwrap().is_none(),
        "{db}"
    );
    create(&mut other, "Zed");
    assert!(
        mine.find::<Caster>("character", "Zed").unwrap().is_none(),
        "{db}: from memory (the creation is not caught up)"
    );
    mine.catch_up(&cache).unwrap();
    assert_eq!(slots(&mine, "Zed"), (1, vec![1]), "{db}: caught up");

    assert!(
        mine.find::<Caster>("character", "Ann").unwrap().is_none(),
        "{db}"
    );
    create(&mut mine, "Ann");
    assert_eq!(slots(&mine, "Ann"), (1, vec![1]), "{db}: its own creation");
}

/// The names a seat reads (`Store::names`, issue 38, part 10).
fn seat_names(store: &Store) -> Vec<String> {
    store.names("character").unwrap()
}

/// Creates `name` (slots 1) through `store`.
fn create(store: &mut Store, name: &str) {
    store
        .commit(
            &Change::new("new")
                .create("character", name, &caster(&[1]))
                .unwrap(),
        )
        .unwrap();
}

/// A kind's names, once read whole, stay whole across another writer's
/// updates, creations and deletions that a catch-up reports (issue 38,
/// part 10): they are served from memory (a name created after the
/// catch-up is not in them yet), and a deleted name leaves them at once,
/// since a seat's names decide which creatures show their numbers.
pub fn names_stay_whole_across_another_writers_changes(open: Open<'_>, db: &str) {
    let (cache, mine) = cached_with_elmira(open);
    let mut other = open(None);
    assert_eq!(seat_names(&mine), ["Elmira"], "{db}: read whole");

    other
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", 1, &caster(&[3, 2]))
                .unwrap()
                .create("character", "Zed", &caster(&[1]))
                .unwrap(),
        )
        .unwrap();
    mine.catch_up(&cache).unwrap();
    create(&mut other, "Ann");
    assert_eq!(
        seat_names(&mine),
        ["Elmira", "Zed"],
        "{db}: an update keeps the names whole (from memory: Ann is not caught up)"
    );
    mine.catch_up(&cache).unwrap();
    assert_eq!(
        seat_names(&mine),
        ["Ann", "Elmira", "Zed"],
        "{db}: a creation"
    );

    other
        .commit(&Change::new("gone").delete("character", "Zed", 1))
        .unwrap();
    mine.catch_up(&cache).unwrap();
    create(&mut other, "Bo");
    assert_eq!(
        seat_names(&mine),
        ["Ann", "Elmira"],
        "{db}: a deletion leaves the names at once (from memory: Bo is not caught up)"
    );
    // Created again, in another spelling, at a newer version.
    create(&mut other, "ZED");
    mine.catch_up(&cache).unwrap();
    assert_eq!(seat_names(&mine), ["Ann", "Bo", "Elmira", "ZED"], "{db}");
    // What the database lists, read without a cache.
    assert_eq!(seat_names(&other), seat_names(&mine), "{db}");
    assert_eq!(names(&mine), seat_names(&mine), "{db}: the whole list");
}

/// A refused commit or an undo through the cache leaves the names not
/// whole: the next read of them goes to the database.
pub fn a_refused_commit_or_an_undo_reads_the_names_again(open: Open<'_>, db: &str) {
    let (cache, mut mine) = cached_with_elmira(open);
    let mut other = open(None);
    assert_eq!(seat_names(&mine), ["Elmira"], "{db}: read whole");
    create(&mut other, "Ann");
    cast_once(&mut other);
    assert_eq!(seat_names(&mine), ["Elmira"], "{db}: from memory");
    let refused = mine.commit(
        &Change::new("cast again")
            .update("character", "Elmira", 1, &caster(&[3, 2]))
            .unwrap(),
    );
    assert!(
        matches!(refused, Err(StoreError::Conflict { .. })),
        "{db}: {refused:?}"
    );
    assert_eq!(seat_names(&mine), ["Ann", "Elmira"], "{db}: read again");

    create(&mut other, "Bo");
    assert_eq!(seat_names(&mine), ["Ann", "Elmira"], "{db}: whole again");
    mine.undo("character", "Elmira").unwrap();
    assert_eq!(
        seat_names(&mine),
        ["Ann", "Bo", "Elmira"],
        "{db}: read again after an undo"
    );
    mine.catch_up(&cache).unwrap();
    assert_eq!(seat_names(&mine), ["Ann", "Bo", "Elmira"], "{db}");
}

/// Names the cache holds only from single reads and its own commits are
/// not served: only a whole read makes them whole.
pub fn names_never_read_whole_come_from_the_database(open: Open<'_>, db: &str) {
    let (cache, mine) = cached_with_elmira(open);
    let mut other = open(None);
    create(&mut other, "Ann");
    assert_eq!(slots(&mine, "Elmira").0, 1, "{db}");
    assert_eq!(seat_names(&mine), ["Ann", "Elmira"], "{db}: read whole");
    mine.catch_up(&cache).unwrap();
    assert_eq!(seat_names(&mine), ["Ann", "Elmira"], "{db}");
}

/// Declares one `#[test]` per caching scenario, each handing it to `$run`,
/// a `fn(CacheScenario)` that opens stores on one fresh database.
/// A writer that holds the state before stores a write's log row as a
/// delta on it (issue 38, migration 6), with a plain keyframe every 32
/// rows. A history of 80 writes across three keyframes, undos among
/// them, reads back exactly from another connection (every entry's
/// states before and after, pages, events), undoes exactly and verifies.
pub fn a_long_history_reads_back_exactly_from_its_deltas(open: Open<'_>, db: &str) {
    let (_cache, mut mine) = cached_with_elmira(open);
    let state = |i: u32| caster(&[4, 3, 3, 3, 3, 2, 2, 1, 1, i % 5, i]);
    // The state after each `seq` (index seq - 1).
    let mut after = vec![caster(&[4, 2])];
    let mut version = 1;
    for i in 0..80u32 {
        let events = vec![format!("cast {i}: {}", "missile ".repeat(40))];
        let done = mine
            .commit(
                &Change::new(format!("cast {i}"))
                    .with_events(&events)
                    .unwrap()
                    .update("character", "Elmira", version, &state(i))
                    .unwrap(),
            )
            .unwrap();
        version = done.touched[0].version.unwrap();
        after.push(state(i));
        if i % 25 == 24 {
            // Two undos: back to the state of two casts ago.
            mine.undo("character", "Elmira").unwrap();
            mine.undo("character", "Elmira").unwrap();
            let n = after.len();
            after.push(after[n - 2].clone());
            after.push(after[n - 3].clone());
            version += 2;
        }
    }
    assert_eq!(after.len() as u64, version, "{db}: one state per seq");
    let other = open(None);
    let json = |c: &super::Caster| serde_json::to_value(c).unwrap();
    let check = |log: &[grimoire_store::LogEntry]| {
        for e in log {
            let i = e.seq as usize - 1;
            assert_eq!(
                e.state_after,
                Some(json(&after[i])),
                "{db}: after {}",
                e.seq
            );
            let before = i.checked_sub(1).map(|b| json(&after[b]));
            assert_eq!(e.state_before, before, "{db}: before {}", e.seq);
            if let Some(n) = e.command.strip_prefix("cast ") {
                let text = format!("cast {n}: {}", "missile ".repeat(40));
                assert_eq!(
                    e.events,
                    serde_json::json!([text]),
                    "{db}: events {}",
                    e.seq
                );
            }
        }
    };
    let log = other.log("character", "Elmira").unwrap();
    assert_eq!(log.len(), after.len(), "{db}");
    check(&log);
    // Pages that start between two keyframes read the same.
    for before in [2, 33, 40, 64, 65, 86] {
        let page = other
            .log_page("character", "Elmira", Some(before), 7)
            .unwrap();
        assert_eq!(page.last().unwrap().seq, before - 1, "{db}");
        check(&page);
    }
    assert!(other.verify().unwrap().is_empty(), "{db}");
    let mut other = other;
    let top = after.len();
    for back in 1..=3 {
        other.undo("character", "Elmira").unwrap();
        let (_, slots) = slots(&other, "Elmira");
        let want = &after[top - 1 - back];
        assert_eq!(slots, want.slots, "{db}: undo {back}");
        after.push(want.clone());
    }
    assert!(mine.verify().unwrap().is_empty(), "{db}");
}

macro_rules! caching_tests {
    ($run:ident $(, #[$attr:meta])*) => {
        $crate::contract::caching::caching_tests!(
            @each $run [$(#[$attr])*]:
            cache_sees_own_commits_at_once_and_others_after_catching_up,
            stale_cache_commit_is_a_conflict_and_forgets,
            undo_through_a_cache_is_seen_at_once,
            a_long_history_reads_back_exactly_from_its_deltas,
            names_stay_whole_across_another_writers_changes,
            a_refused_commit_or_an_undo_reads_the_names_again,
            names_never_read_whole_come_from_the_database,
            another_writers_update_arrives_with_its_state,
            a_name_not_found_is_asked_of_the_database_once,
        );
    };
    (@each $run:ident $attrs:tt: $($name:ident),+ $(,)?) => {
        $(
            $crate::contract::caching::caching_tests!(@one $run $attrs $name);
        )+
    };
    (@one $run:ident [$(#[$attr:meta])*] $name:ident) => {
        #[test]
        $(#[$attr])*
        fn $name() {
            $run($crate::contract::caching::$name);
        }
    };
}
pub(crate) use caching_tests;
