//! Shared by the server's tests: an app on a fresh database of either
//! kind, requests in-process (`oneshot`) or over loopback TCP.

#![allow(dead_code)] // each test file uses its own part

use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use grimoire_server::{AppState, Database, StateConfig, app};
use grimoire_store::PostgresConfig;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// Says once per test binary, past libtest's output capture so that it
/// shows in the run's summary, that the PostgreSQL halves are not run.
fn skipped_note() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "note: DATABASE_URL unset: the PostgreSQL half of each server test is skipped"
        );
    });
}

/// A fresh PostgreSQL schema, or `None` (with a note) without `DATABASE_URL`.
pub fn pg_schema() -> Option<PostgresConfig> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let Ok(url) = std::env::var("DATABASE_URL") else {
        skipped_note();
        return None;
    };
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    Some(PostgresConfig::new(url).with_schema(format!("test_server_{:016x}", h.finish())))
}

/// Where a test's data lives; cleaned up on drop.
pub enum Place {
    Sqlite(tempfile::TempDir),
    Postgres(PostgresConfig),
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Place::Postgres(config) = self {
            let config = config.clone();
            // The sync client must not run on an async worker.
            let _ = std::thread::spawn(move || config.drop_schema()).join();
        }
    }
}

impl Place {
    pub fn sqlite() -> Place {
        Place::Sqlite(tempfile::tempdir().unwrap())
    }

    pub fn database(&self) -> Database {
        match self {
            Place::Sqlite(dir) => Database::Sqlite(dir.path().join("grimoire.sqlite3")),
            Place::Postgres(config) => Database::Postgres(config.clone()),
        }
    }

    /// One more server instance on this database.
    pub async fn instance(&self) -> AppState {
        AppState::connect(StateConfig::new(self.database()))
            .await
            .unwrap()
    }
}

/// An app driven in-process.
pub struct Harness {
    pub router: Router,
    pub place: Place,
    pub name: &'static str,
}

impl Harness {
    pub async fn new(place: Place) -> Harness {
        let name = match place {
            Place::Sqlite(_) => "sqlite",
            Place::Postgres(_) => "postgres",
        };
        let router = app(place.instance().await);
        Harness {
            router,
            place,
            name,
        }
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let req = match body {
            Some(b) => req
                .header("content-type", "application/json")
                .body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .unwrap();
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        (status, value)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::PUT, path, token, Some(body)).await
    }

    /// Registers an account and returns its token.
    pub async fn account(&self, name: &str) -> String {
        let (s, v) = self.post("/accounts", None, json!({"name": name})).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v["token"].as_str().unwrap().to_owned()
    }
}

/// The harnesses to run a scenario on: SQLite always, PostgreSQL when set.
pub async fn harnesses() -> Vec<Harness> {
    let mut out = vec![Harness::new(Place::sqlite()).await];
    if let Some(pg) = pg_schema() {
        out.push(Harness::new(Place::Postgres(pg)).await);
    }
    out
}

/// A table: GM `gm` runs campaign `cave`, `petr` plays wizard `Elmira`
/// (Magic Missile prepared), `eve` has an account but no seat.
pub struct Table {
    pub gm: String,
    pub petr: String,
    pub eve: String,
}

pub async fn table(h: &Harness) -> Table {
    let gm = h.account("gm").await;
    let petr = h.account("petr").await;
    let eve = h.account("eve").await;
    let (s, v) = h
        .post(
            "/campaigns",
            Some(&gm),
            json!({"id": "cave", "title": "Jeskyně"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = h
        .post(
            "/campaigns/cave/players",
            Some(&gm),
            json!({"account": "petr"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = h
        .post(
            "/campaigns/cave/characters",
            Some(&petr),
            json!({"name": "Elmira", "classes": [{"class": "wizard", "level": 3}],
                   "abilities": {"int": 16}, "prepared": ["magic-missile"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    Table { gm, petr, eve }
}

/// Serves `state` on an ephemeral loopback port.
pub async fn spawn_server(state: AppState) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app(state)).await;
    });
    addr
}

/// A keep-alive HTTP/1.1 client on one loopback connection.
pub struct Client {
    sender: hyper::client::conn::http1::SendRequest<Body>,
    addr: SocketAddr,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream.set_nodelay(true).unwrap();
        let (sender, conn) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
                .await
                .unwrap();
        tokio::spawn(conn);
        Client { sender, addr }
    }

    pub async fn send(
        &mut self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let res = self.start(method, path, token, body).await;
        let status = res.status();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// Sends a request and returns the response with its body unread
    /// (for event streams).
    pub async fn start(
        &mut self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> hyper::Response<hyper::body::Incoming> {
        self.sender.ready().await.unwrap();
        let mut req = Request::builder()
            .method(method)
            .uri(path)
            .header("host", self.addr.to_string());
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let req = match body {
            Some(b) => req
                .header("content-type", "application/json")
                .body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .unwrap();
        self.sender.send_request(req).await.unwrap()
    }
}

/// Reads an event stream until an event named `kind` arrives (or the
/// timeout passes) and returns its data as JSON.
pub async fn next_event<B>(body: &mut B, kind: &str, timeout: std::time::Duration) -> Option<Value>
where
    B: hyper::body::Body + Unpin,
    B::Error: std::fmt::Debug,
{
    let deadline = tokio::time::Instant::now() + timeout;
    let mut buf = String::new();
    loop {
        let frame = tokio::time::timeout_at(deadline, body.frame())
            .await
            .ok()??
            .ok()?;
        if let Ok(data) = frame.into_data() {
            buf.push_str(&String::from_utf8_lossy(hyper::body::Buf::chunk(&data)));
        }
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let mut name = "message";
            let mut data = String::new();
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = n;
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data.push_str(d);
                }
            }
            if name == kind {
                return Some(serde_json::from_str(&data).unwrap_or(Value::String(data)));
            }
        }
    }
}
