//! Issue 11, finding 3: idle connections, headers or bodies trickled a byte
//! at a time and live-update streams held forever; 1,030 idle sockets made
//! `/health` hang. Each attack runs here against a real listener on
//! loopback, with short limits so the test stays quick and bounded.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use common::{Client, Harness, Place, table};
use grimoire_server::{AppState, NetLimits, StateConfig, app, serve_listener};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

fn limits() -> NetLimits {
    NetLimits {
        max_connections: 4096,
        max_connections_per_ip: 64,
        header_read_timeout: Duration::from_secs(1),
        idle_timeout: Duration::from_secs(2),
        request_timeout: Duration::from_secs(2),
        max_streams: 8,
        max_streams_per_account: 2,
    }
}

/// A server with `limits` on a fresh SQLite file, on an ephemeral port.
async fn server(limits: NetLimits) -> (SocketAddr, Place, AppState) {
    let place = Place::sqlite();
    let mut config = StateConfig::new(place.database());
    config.net = limits;
    let state = AppState::connect(config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app(state.clone());
    tokio::spawn(serve_listener(
        listener,
        router,
        limits,
        std::future::pending(),
    ));
    (addr, place, state)
}

/// A connection from another loopback address (another client's IP).
async fn connect_from(ip: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{ip}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Waits for the server to close `stream`; the time it took, or `None`
/// if it stayed open for `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((start + within).into(), stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => continue,
        }
    }
}

async fn health(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /health HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut buf))
        .await
        .expect("/health answers within 2 s")
        .unwrap();
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

#[tokio::test]
async fn a_header_trickled_a_byte_at_a_time_is_cut_off() {
    let (addr, _place, _) = server(limits()).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let writer = async {
        for b in b"GET /health HTTP/1.1\r\nhost: slowloris\r\nx-pad: aaaaaaaaaaaaaaaa" {
            if slow.write_all(&[*b]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(3), writer).await;
    let took = closed_within(&mut slow, Duration::from_secs(5)).await;
    assert!(took.is_some(), "the slowloris connection was left open");
}

#[tokio::test]
async fn a_silent_connection_and_an_idle_keep_alive_are_closed() {
    let (addr, _place, _) = server(limits()).await;
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let took = closed_within(&mut silent, Duration::from_secs(5)).await;
    assert!(
        took.is_some(),
        "a connection that never sent a byte stayed open"
    );

    let mut kept = TcpStream::connect(addr).await.unwrap();
    assert!(health(&mut kept).await.starts_with("HTTP/1.1 200"));
    let took = closed_within(&mut kept, Duration::from_secs(6)).await;
    assert!(took.is_some(), "an idle keep-alive connection stayed open");
}

#[tokio::test]
async fn health_answers_while_one_address_holds_a_thousand_idle_sockets() {
    let (addr, _place, _) = server(NetLimits {
        header_read_timeout: Duration::from_secs(30),
        idle_timeout: Duration::from_secs(30),
        ..limits()
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..1030 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    // Another client is served at once.
    let start = Instant::now();
    let mut other = connect_from("127.0.0.2", addr).await;
    let answer = health(&mut other).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(start.elapsed() < Duration::from_secs(2));
    // The attacker's sockets past its cap were closed straight away.
    let mut closed = 0;
    for s in idle.iter_mut().rev().take(100) {
        if closed_within(s, Duration::from_millis(50)).await.is_some() {
            closed += 1;
        }
    }
    assert_eq!(closed, 100, "sockets over the per-address cap are closed");
}

#[tokio::test]
async fn a_body_trickled_in_gets_request_timeout() {
    let (addr, _place, _) = server(limits()).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(
        b"POST /accounts HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"na",
    )
    .await
    .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(6), slow.read(&mut buf))
        .await
        .expect("an answer before the idle timeout")
        .unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("request_timeout"), "{text}");
}

#[tokio::test]
async fn live_streams_are_capped_per_account() {
    let (addr, place, state) = server(limits()).await;
    // The table's accounts, made through the same database.
    let h = Harness {
        router: app(state),
        place,
        name: "sqlite",
    };
    let t = table(&h).await;
    let mut open = Vec::new();
    for _ in 0..2 {
        let mut c = Client::connect(addr).await;
        let res = c
            .start(Method::GET, "/campaigns/cave/events", Some(&t.petr), None)
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        open.push((c, res));
    }
    let mut c = Client::connect(addr).await;
    let res = c
        .start(Method::GET, "/campaigns/cave/events", Some(&t.petr), None)
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(res.headers()["retry-after"], "15");
    // Another account is not held back by petr's streams.
    let mut gm = Client::connect(addr).await;
    let res = gm
        .start(Method::GET, "/campaigns/cave/events", Some(&t.gm), None)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    // Closing one of petr's frees its place.
    drop(open.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = Client::connect(addr).await;
    let res = again
        .start(Method::GET, "/campaigns/cave/events", Some(&t.petr), None)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
}
