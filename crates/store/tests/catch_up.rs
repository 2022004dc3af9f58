//! Catching up by cursor (issue 38): PostgreSQL's cursor is the instance's
//! own snapshot numbers, and what a catch-up found is kept, without the
//! process's own changes, for a follower of the log. The PostgreSQL test
//! needs `DATABASE_URL`.

use std::sync::Arc;

use grimoire_store::{
    Backend, Cached, Change, EntityCache, PostgresBackend, PostgresConfig, SqliteBackend, Store,
};

fn state(n: u64) -> serde_json::Value {
    serde_json::json!({ "spent": n })
}

fn keys(
    backend: &dyn Backend,
    cursor: &grimoire_store::Cursor,
) -> (Vec<(String, u64)>, grimoire_store::Cursor) {
    let since = backend.writes_since(Some(cursor)).unwrap().unwrap();
    assert!(!since.overflow);
    let mut found: Vec<(String, u64)> = since
        .writes
        .iter()
        .map(|w| (w.name.clone(), w.version))
        .collect();
    found.sort();
    (found, since.cursor)
}

/// A transaction in progress when the cursor was taken is reported once
/// it commits, as is one committed after; each once.
#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn a_transaction_in_progress_at_the_cursor_is_reported_when_it_commits() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        return;
    };
    let config =
        PostgresConfig::new(url).with_schema(format!("test_store_cursor_{}", std::process::id()));
    let reader = PostgresBackend::connect(&config).unwrap();
    let mut writer = PostgresBackend::connect(&config).unwrap();
    let mut slow = PostgresBackend::connect(&config).unwrap();
    writer
        .commit(
            &Change::new("new")
                .create("character", "Elmira", &state(0))
                .unwrap(),
        )
        .unwrap();
    let cursor = reader.writes_since(None).unwrap().unwrap().cursor;
    // Elmira's cast is written but not committed while the reader looks.
    slow.begin_batch().unwrap();
    slow.commit(
        &Change::new("cast")
            .update("character", "Elmira", 1, &state(1))
            .unwrap(),
    )
    .unwrap();
    let (found, cursor) = keys(&reader, &cursor);
    assert_eq!(found, [], "nothing committed yet");
    writer
        .commit(
            &Change::new("new")
                .create("character", "Tomas", &state(0))
                .unwrap(),
        )
        .unwrap();
    slow.end_batch().unwrap();
    let (found, cursor) = keys(&reader, &cursor);
    let (again, _) = keys(&reader, &cursor);
    config.drop_schema().unwrap();
    assert_eq!(
        found,
        [("Elmira".to_owned(), 2), ("Tomas".to_owned(), 1)],
        "the one in progress at the cursor, and the one after"
    );
    assert_eq!(again, [], "each once");
}

/// A following cache keeps the changes other connections committed, each
/// with its entities, and leaves out its own.
#[test]
fn a_following_cache_hands_over_the_changes_of_others_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite3");
    let cache = Arc::new(EntityCache::new());
    cache.follow_log();
    let mut ours = Store::with_backend(Cached::new(
        SqliteBackend::open(&path).unwrap(),
        Arc::clone(&cache),
    ));
    let mut theirs = Store::with_backend(SqliteBackend::open(&path).unwrap());
    ours.catch_up(&cache).unwrap();
    let _ = grimoire_store::take_committed_here();
    let own = ours
        .commit(
            &Change::new("new")
                .create("character", "Elmira", &state(0))
                .unwrap(),
        )
        .unwrap();
    assert_eq!(grimoire_store::take_committed_here(), [own.change]);
    let other = theirs
        .commit(
            &Change::new("new")
                .create("campaign/cave/character", "Tomas", &state(0))
                .unwrap()
                .create("campaign/cave/encounter", "Bridge", &state(0))
                .unwrap(),
        )
        .unwrap();
    ours.catch_up(&cache).unwrap();
    let news = cache.take_news();
    assert_eq!(news.len(), 1, "{news:?}");
    assert_eq!(news[0].change, other.change);
    assert_eq!(
        news[0].entities,
        [
            ("campaign/cave/character".to_owned(), "Tomas".to_owned()),
            ("campaign/cave/encounter".to_owned(), "Bridge".to_owned())
        ]
    );
    assert!(cache.was_own(own.change) && !cache.was_own(other.change));
    assert_eq!(cache.take_news(), [], "taken once");
}
