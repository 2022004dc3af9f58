//! The store's contract, written once and run on every backend.
//!
//! Each scenario takes a fresh, empty [`Store`] and the backend's name (for
//! assertion messages). A backend's test file supplies a runner that opens
//! such a store and invokes [`contract_tests!`] with it, which declares one
//! `#[test]` per scenario: `tests/store.rs` runs them on SQLite,
//! `tests/postgres.rs` on PostgreSQL. What only one backend can show (files,
//! reopening, advisory locks, notifications) stays in that backend's file.

pub mod caching;

use grimoire_store::{Change, SCHEMA_VERSION, Store};
use serde::{Deserialize, Serialize};

/// A contract scenario: a fresh, empty store and the backend's name.
pub type Scenario = fn(&mut Store, &str);

/// Declares one `#[test]` per contract scenario, each handing the scenario
/// to `$run`, a `fn(Scenario)` that opens a fresh store of one backend.
///
/// A scenario left out of this list is dead code, which CI refuses.
macro_rules! contract_tests {
    ($run:ident $(, #[$attr:meta])*) => {
        $crate::contract::contract_tests!(
            @each $run [$(#[$attr])*]:
            fresh_database_is_at_current_schema_and_empty,
            names_are_unique_per_kind_without_case,
            stale_version_is_a_conflict_and_writes_nothing,
            multi_entity_change_is_all_or_nothing,
            updating_a_missing_entity_is_not_found,
            undo_restores_every_entity_of_the_change_and_is_logged,
            repeated_undo_walks_back_then_stops,
            undo_is_blocked_when_a_co_written_entity_moved_on,
            guarded_undo_refuses_a_change_touching_what_the_caller_may_not_change,
            delete_undo_and_recreate_keep_versions_growing,
            recreated_name_continues_versions,
            list_is_sorted_per_kind_and_bad_state_is_a_decode_error,
            recent_changes_come_newest_first_by_kind_and_page,
        );
    };
    (@each $run:ident $attrs:tt: $($name:ident),+ $(,)?) => {
        $(
            $crate::contract::contract_tests!(@one $run $attrs $name);
        )+
    };
    (@one $run:ident [$(#[$attr:meta])*] $name:ident) => {
        #[test]
        $(#[$attr])*
        fn $name() {
            $run($crate::contract::$name);
        }
    };
}
pub(crate) use contract_tests;

/// A character's state as the tests store it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Caster {
    /// Slots left per level.
    pub slots: Vec<u32>,
}

/// An encounter's state as the tests store it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// The current round.
    pub round: u32,
}

/// A caster with these slots left.
pub fn caster(slots: &[u32]) -> Caster {
    Caster {
        slots: slots.to_vec(),
    }
}

/// Creates Elmira (slots 4 and 2, version 1) with the command
/// `character new Elmira`.
pub fn seed(store: &mut Store) {
    store
        .commit(
            &Change::new("character new Elmira")
                .create("character", "Elmira", &caster(&[4, 2]))
                .unwrap(),
        )
        .unwrap();
}

/// Elmira (as [`seed`] made her) casts once: slots 3 and 2, version 2,
/// with the command `cast`.
pub fn cast_once(store: &mut Store) {
    store
        .commit(
            &Change::new("cast")
                .update("character", "Elmira", 1, &caster(&[3, 2]))
                .unwrap(),
        )
        .unwrap();
}

/// Seeds Elmira, then creates the encounter Cave (round 1, version 1).
fn seed_with_cave(store: &mut Store) {
    seed(store);
    store
        .commit(
            &Change::new("enc new")
                .create("encounter", "Cave", &Fight { round: 1 })
                .unwrap(),
        )
        .unwrap();
}

/// Deletes Elmira at `version`, creates her again as `elmira` and returns
/// the version the new one starts at.
fn delete_and_recreate(store: &mut Store, version: u64) -> Option<u64> {
    store
        .commit(&Change::new("delete").delete("character", "Elmira", version))
        .unwrap();
    let made = store
        .commit(
            &Change::new("new")
                .create("character", "elmira", &caster(&[1]))
                .unwrap(),
        )
        .unwrap();
    made.touched[0].version
}

/// Opening migrates an empty database to the current schema.
pub fn fresh_database_is_at_current_schema_and_empty(store: &mut Store, db: &str) {
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{db}");
    assert!(store.list::<Caster>("character").unwrap().is_empty());
}

/// A name is taken per kind regardless of case, Czech included.
pub fn names_are_unique_per_kind_without_case(store: &mut Store, db: &str) {
    seed(store);
    let err = store
        .commit(
            &Change::new("again")
                .create("character", "ELMIRA", &caster(&[]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "already_exists", "{db}");
    // Another kind may reuse the name.
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
}

/// A write naming an old version fails with `conflict` and changes nothing.
pub fn stale_version_is_a_conflict_and_writes_nothing(store: &mut Store, db: &str) {
    seed(store);
    cast_once(store);
    let err = store
        .commit(
            &Change::new("cast again")
                .update("character", "Elmira", 1, &caster(&[0, 0]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "conflict", "{db}");
    let now = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((now.version, now.state), (2, caster(&[3, 2])), "{db}");
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 2);
}

/// One failing write of a change keeps every other write out too.
pub fn multi_entity_change_is_all_or_nothing(store: &mut Store, db: &str) {
    seed_with_cave(store);
    // The encounter write is stale, so the character write must not land either.
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
}

/// Updating or getting an entity that does not exist is `not_found`.
pub fn updating_a_missing_entity_is_not_found(store: &mut Store, db: &str) {
    seed(store);
    let err = store
        .commit(
            &Change::new("x")
                .update("character", "Nobody", 1, &caster(&[]))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(err.code(), "not_found", "{db}");
    assert_eq!(
        store
            .get::<Caster>("character", "Nobody")
            .unwrap_err()
            .code(),
        "not_found",
        "{db}"
    );
}

/// Undo restores every entity the change touched, as new versions, and is
/// itself logged with links both ways.
pub fn undo_restores_every_entity_of_the_change_and_is_logged(store: &mut Store, db: &str) {
    seed_with_cave(store);
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
    assert_eq!(undone.reverted_command, "cast Elmira Magic Missile", "{db}");
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
    let cave = store.get::<Fight>("encounter", "Cave").unwrap();
    assert_eq!(
        (cave.version, cave.state),
        (3, Fight { round: 1 }),
        "{db}: an undo is a new version, never a rewind"
    );

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
}

/// Each undo goes one change further back, down to deleting the creation,
/// then there is nothing left to undo.
pub fn repeated_undo_walks_back_then_stops(store: &mut Store, db: &str) {
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
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2]),
        "{db}"
    );
    // Undoing the creation deletes the character.
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
}

/// Undo refuses while another entity of the change has moved on, and works
/// once that later change is undone first.
pub fn undo_is_blocked_when_a_co_written_entity_moved_on(store: &mut Store, db: &str) {
    seed_with_cave(store);
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
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[3, 2]),
        "{db}"
    );
    // Undo the encounter's later change first; then the cast can go.
    store.undo("encounter", "Cave").unwrap();
    store.undo("character", "Elmira").unwrap();
    assert_eq!(
        store.get::<Caster>("character", "Elmira").unwrap().state,
        caster(&[4, 2])
    );
}

/// `undo_if` checks every entity of the change inside the transaction:
/// one the guard refuses means `undo_forbidden` and nothing written.
pub fn guarded_undo_refuses_a_change_touching_what_the_caller_may_not_change(
    store: &mut Store,
    db: &str,
) {
    store
        .commit(
            &Change::new("encounter next")
                .create("character", "Elmira", &caster(&[4, 2]))
                .unwrap()
                .create("encounter", "Cave", &1u32)
                .unwrap(),
        )
        .unwrap();
    let only_characters = |kind: &str, _: &str| kind == "character";
    let err = store
        .undo_if("character", "Elmira", &only_characters)
        .unwrap_err();
    assert_eq!(err.code(), "undo_forbidden", "{db}");
    assert!(
        err.to_string().contains("encounter \"Cave\""),
        "{db}: {err}"
    );
    assert!(store.get::<u32>("encounter", "Cave").is_ok(), "{db}");
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 1, "{db}");
    let everything = |_: &str, _: &str| true;
    store.undo_if("character", "Elmira", &everything).unwrap();
    assert!(store.list::<u32>("encounter").unwrap().is_empty(), "{db}");
}

/// Deleting, undoing the delete and recreating never reuse a version.
pub fn delete_undo_and_recreate_keep_versions_growing(store: &mut Store, db: &str) {
    seed(store);
    store
        .commit(&Change::new("delete").delete("character", "Elmira", 1))
        .unwrap();
    assert!(store.list::<Caster>("character").unwrap().is_empty());
    store.undo("character", "Elmira").unwrap();
    let back = store.get::<Caster>("character", "Elmira").unwrap();
    assert_eq!((back.version, back.state), (3, caster(&[4, 2])), "{db}");
    assert_eq!(delete_and_recreate(store, 3), Some(5), "{db}");
}

/// A name created again right after its delete goes on from the delete's
/// version.
pub fn recreated_name_continues_versions(store: &mut Store, db: &str) {
    seed(store);
    assert_eq!(delete_and_recreate(store, 1), Some(3), "{db}");
}

/// `list` holds one kind, sorted by name without case; state of the wrong
/// type is a `decode` error, not a panic.
pub fn list_is_sorted_per_kind_and_bad_state_is_a_decode_error(store: &mut Store, db: &str) {
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
        "decode",
        "{db}"
    );
}

/// A table's log: the changes that touched the kinds asked for, newest
/// first, paged with `before`; other kinds' changes are left out.
pub fn recent_changes_come_newest_first_by_kind_and_page(store: &mut Store, db: &str) {
    seed_with_cave(store);
    store
        .commit(
            &Change::new("note")
                .create("note", "aside", &Fight { round: 9 })
                .unwrap()
                .with_events(&serde_json::json!([{"card": "x"}]))
                .unwrap(),
        )
        .unwrap();
    let all = store.recent(&["character", "encounter"], None, 10).unwrap();
    let commands: Vec<&str> = all.iter().map(|c| c.command.as_str()).collect();
    assert_eq!(commands, ["enc new", "character new Elmira"], "{db}");
    assert_eq!(all[0].entities, ["encounter:Cave"], "{db}");
    assert!(all[0].change.0 > all[1].change.0, "{db}");
    let page = store.recent(&["character", "encounter"], None, 1).unwrap();
    assert_eq!(page.len(), 1, "{db}");
    let older = store
        .recent(&["character", "encounter"], Some(page[0].change), 10)
        .unwrap();
    assert_eq!(older.len(), 1, "{db}");
    assert_eq!(older[0].command, "character new Elmira", "{db}");
    let notes = store.recent(&["note"], None, 10).unwrap();
    assert_eq!(notes[0].events, serde_json::json!([{"card": "x"}]), "{db}");
    assert!(store.recent(&[], None, 10).unwrap().is_empty(), "{db}");
}
