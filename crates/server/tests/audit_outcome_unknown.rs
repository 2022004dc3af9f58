//! Issue 30, finding 9: "a 503 `database_unavailable` can mean done". A
//! change the database committed, whose answer then came too late, was
//! reported as the database being unavailable, so a client would send it
//! again. Now a request whose change was handed to the database waits for
//! what became of it, and when even that takes too long it answers 503
//! `outcome_unknown` (it may have been saved), never that it failed. The
//! database here is PostgreSQL behind a proxy that lets the commit through
//! and then holds the database's reply; it needs `DATABASE_URL`.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{Harness, Place};
use grimoire_server::{AppState, Database, NetLimits, StateConfig, app};
use grimoire_store::PostgresConfig;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Forwards to `upstream`; once `armed`, a connection that sends a write
/// of account `petr` (its state, in JSON, among the commit's parameters)
/// gets nothing more back: the commit itself goes through. While `slow`,
/// everything sent to the database waits 1.5 s first.
async fn proxy(upstream: u16, armed: Arc<AtomicBool>, slow: Arc<AtomicBool>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let armed = Arc::clone(&armed);
            let slow = Arc::clone(&slow);
            tokio::spawn(async move {
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)).await else {
                    return;
                };
                let (mut cr, mut cw) = client.into_split();
                let (mut sr, mut sw) = server.into_split();
                let mute = Arc::new(AtomicBool::new(false));
                let muted = Arc::clone(&mute);
                tokio::spawn(async move {
                    let mut buf = vec![0u8; 16 * 1024];
                    while let Ok(n) = cr.read(&mut buf).await {
                        if n == 0 {
                            break;
                        }
                        if slow.load(Ordering::SeqCst) {
                            tokio::time::sleep(Duration::from_millis(1500)).await;
                        }
                        if armed.load(Ordering::SeqCst)
                            && buf[..n].windows(6).any(|w| w == b"\"petr\"")
                        {
                            mute.store(true, Ordering::SeqCst);
                        }
                        if sw.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                    }
                });
                let mut buf = vec![0u8; 16 * 1024];
                while let Ok(n) = sr.read(&mut buf).await {
                    if n == 0 || muted.load(Ordering::SeqCst) {
                        break;
                    }
                    if cw.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                }
                // Held open, silent.
                std::future::pending::<()>().await;
                drop(cw);
            });
        }
    });
    port
}

/// The proxy's switches, a server through it (database wait 2 s,
/// `request_timeout`) and one straight to the database.
struct Setup {
    armed: Arc<AtomicBool>,
    slow: Arc<AtomicBool>,
    h: Harness,
    direct: Harness,
}

async fn setup(pg: PostgresConfig, request_timeout: Duration) -> Setup {
    let upstream: u16 = pg
        .url
        .rsplit('@')
        .next()
        .and_then(|rest| rest.split('/').next())
        .and_then(|host| host.rsplit(':').next())
        .and_then(|port| port.parse().ok())
        .unwrap_or(5432);
    let armed = Arc::new(AtomicBool::new(false));
    let slow = Arc::new(AtomicBool::new(false));
    let port = proxy(upstream, Arc::clone(&armed), Arc::clone(&slow)).await;
    let url = pg
        .url
        .replacen(&format!(":{upstream}/"), &format!(":{port}/"), 1);
    assert_ne!(url, pg.url, "the URL names its port");
    let schema = pg.schema.clone().unwrap();
    let through = PostgresConfig::new(url).with_schema(schema.clone());
    let mut config = StateConfig::new(Database::Postgres(through));
    config.db_timeout = Duration::from_secs(2);
    config.net = NetLimits {
        request_timeout,
        ..NetLimits::default()
    };
    let h = Harness {
        router: app(AppState::connect(config).await.unwrap()),
        place: Place::sqlite(),
        name: "postgres via proxy",
    };
    let direct = app(AppState::connect(StateConfig::new(Database::Postgres(
        PostgresConfig::new(pg.url.clone()).with_schema(schema),
    )))
    .await
    .unwrap());
    let direct = Harness {
        router: direct,
        place: Place::Postgres(pg),
        name: "postgres",
    };
    h.account("jana").await;
    Setup {
        armed,
        slow,
        h,
        direct,
    }
}

#[tokio::test]
async fn a_change_committed_but_answered_late_is_never_reported_as_failed() {
    let Some(pg) = common::pg_schema() else {
        return;
    };
    let Setup {
        armed, h, direct, ..
    } = setup(pg, Duration::from_secs(30)).await;

    armed.store(true, Ordering::SeqCst);
    let start = Instant::now();
    let (s, v) = h.post("/accounts", None, json!({"name": "petr"})).await;
    let took = start.elapsed();
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("outcome_unknown")),
        "{v}"
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("may have been"),
        "{v}"
    );
    // The database timeout, then half as long again for the outcome.
    assert!(took < Duration::from_secs(5), "{took:?}");

    // It was saved: the same name again is taken.
    armed.store(false, Ordering::SeqCst);
    let (s, v) = direct
        .post("/accounts", None, json!({"name": "petr"}))
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("already_exists")),
        "{v}"
    );
}

/// The other half: a request that stopped waiting before its change was
/// handed over (here the request's time limit, 1 s, passes while the
/// database is slow) never makes it afterwards, so its answer, that it
/// was stopped, stays true.
#[tokio::test]
async fn a_request_that_stopped_waiting_changes_nothing_afterwards() {
    let Some(pg) = common::pg_schema() else {
        return;
    };
    let Setup {
        slow, h, direct, ..
    } = setup(pg, Duration::from_secs(1)).await;
    slow.store(true, Ordering::SeqCst);
    let (s, v) = h.post("/accounts", None, json!({"name": "petr"})).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::REQUEST_TIMEOUT, Some("request_timeout")),
        "{v}"
    );
    // Time for the slowed work to reach its commit, which is refused.
    tokio::time::sleep(Duration::from_secs(6)).await;
    slow.store(false, Ordering::SeqCst);
    let (s, v) = direct
        .post("/accounts", None, json!({"name": "petr"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "the stopped request made it: {v}");
}
