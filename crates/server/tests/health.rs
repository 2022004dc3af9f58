//! Issue 38: what `GET /health` proves (docs/PERFORMANCE.md, issue 38 part
//! 2): that a write sent now would be taken, by the path writes take. On
//! SQLite it is a probe in the one writer's next batch, so while another
//! process holds the database's write lock (a backup, a CLI command stuck
//! halfway) the balancer sees what a write would: 503 within the database
//! timeout, though reads still answer; once the lock is gone, 200 again.

mod common;

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{Harness, Place};
use grimoire_server::{AppState, StateConfig, app};
use grimoire_store::SqliteBackend;
use serde_json::json;

#[tokio::test]
async fn health_is_red_while_a_write_could_not_begin_and_green_after() {
    let place = Place::sqlite();
    let mut config = StateConfig::new(place.database());
    config.db_timeout = Duration::from_secs(1);
    let state = AppState::connect(config).await.unwrap();
    let Place::Sqlite(dir) = &place else {
        unreachable!()
    };
    let path = dir.path().join("grimoire.sqlite3");
    let h = Harness {
        router: app(state),
        place,
        name: "sqlite",
    };
    let (s, v) = h.get("/health", None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["schema_version"].as_u64().map(|n| n > 0), Some(true));
    let token = h.account("jana").await;

    // Another process takes the write lock and keeps it.
    let mut other = SqliteBackend::open(&path).unwrap();
    other.begin_batch().unwrap();
    let start = Instant::now();
    let (s, v) = h.get("/health", None).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Some("database_unavailable")
        ),
        "{v}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    let (s, v) = h.post("/accounts", None, json!({"name": "petr"})).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "a write waits too: {v}");
    let (s, v) = h.get("/me", Some(&token)).await;
    assert_eq!(s, StatusCode::OK, "reads still answer: {v}");

    other.end_batch().unwrap();
    drop(other);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (s, _) = h.get("/health", None).await;
        if s == StatusCode::OK {
            break;
        }
        assert!(Instant::now() < deadline, "/health stays red: {s}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (s, v) = h.post("/accounts", None, json!({"name": "petr"})).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
}
