//! Issue 11, finding 10: a PostgreSQL that accepts connections but never
//! answers hung requests for minutes. Start-up now fails within seconds,
//! and a database that goes silent under a running server gets a clear 503
//! within the database timeout. The silent server and the proxy run on
//! loopback inside the test; the proxy case needs `DATABASE_URL`.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{Harness, Place};
use grimoire_server::{AppState, Database, StateConfig, app};
use grimoire_store::PostgresConfig;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A TCP server that accepts and then says nothing, forever.
async fn silent_server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = listener.accept().await {
            held.push(s);
        }
    });
    port
}

#[tokio::test]
async fn a_database_that_never_answers_fails_start_up_within_seconds() {
    let port = silent_server().await;
    let url = format!("postgres://postgres@127.0.0.1:{port}/test");
    let start = Instant::now();
    let result = AppState::connect(StateConfig::new(Database::Postgres(PostgresConfig::new(
        url,
    ))))
    .await;
    let Err(err) = result else {
        panic!("a silent database must not be accepted")
    };
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(err.code(), "database_unavailable", "{err}");
}

/// Forwards to `upstream` until `silent` is set, then holds every
/// connection open without passing a byte.
async fn proxy(upstream: u16, silent: Arc<AtomicBool>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let silent = Arc::clone(&silent);
            tokio::spawn(async move {
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)).await else {
                    return;
                };
                let (mut cr, mut cw) = client.into_split();
                let (mut sr, mut sw) = server.into_split();
                let s1 = Arc::clone(&silent);
                let up = tokio::spawn(async move {
                    let mut buf = vec![0u8; 16 * 1024];
                    while let Ok(n) = cr.read(&mut buf).await {
                        if n == 0 || s1.load(Ordering::SeqCst) {
                            break;
                        }
                        if sw.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                    }
                    std::future::pending::<()>().await;
                });
                let mut buf = vec![0u8; 16 * 1024];
                while let Ok(n) = sr.read(&mut buf).await {
                    if n == 0 || silent.load(Ordering::SeqCst) {
                        break;
                    }
                    if cw.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                }
                std::future::pending::<()>().await;
                drop(up);
            });
        }
    });
    port
}

#[tokio::test]
async fn a_database_gone_silent_under_the_server_gets_a_clear_503() {
    let Some(pg) = common::pg_schema() else {
        return;
    };
    // postgres://user@host:PORT/db
    let upstream: u16 = pg
        .url
        .rsplit('@')
        .next()
        .and_then(|rest| rest.split('/').next())
        .and_then(|host| host.rsplit(':').next())
        .and_then(|port| port.parse().ok())
        .unwrap_or(5432);
    let silent = Arc::new(AtomicBool::new(false));
    let port = proxy(upstream, Arc::clone(&silent)).await;
    let url = pg
        .url
        .replacen(&format!(":{upstream}/"), &format!(":{port}/"), 1);
    assert_ne!(url, pg.url, "the URL names its port");
    let through = PostgresConfig::new(url).with_schema(pg.schema.clone().unwrap());
    let mut config = StateConfig::new(Database::Postgres(through));
    config.db_timeout = Duration::from_secs(2);
    let state = AppState::connect(config).await.unwrap();
    let h = Harness {
        router: app(state),
        place: Place::Postgres(pg),
        name: "postgres via proxy",
    };
    let token = h.account("jana").await;
    assert_eq!(h.get("/me", Some(&token)).await.0, StatusCode::OK);

    silent.store(true, Ordering::SeqCst);
    let start = Instant::now();
    let (s, v) = h.post("/accounts", None, json!({"name": "petr"})).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Some("database_unavailable")
        ),
        "{v}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let (s, _) = h.get("/health", None).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
}
