//! `grimoire serve` starts the table server on the CLI's database.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn get(port: u16, path: &str) -> Option<String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).ok()?;
    Some(out)
}

#[test]
fn serve_answers_health_on_the_clis_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    // A free loopback port: bind, read it, release it.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grimoire"))
        .args(["--db", db.to_str().unwrap(), "serve", "--bind"])
        .arg(format!("127.0.0.1:{port}"))
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut answer = None;
    while Instant::now() < deadline {
        if let Some(a) = get(port, "/health") {
            answer = Some(a);
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let mut said = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    let _ = child.wait();
    let answer = answer.expect("the server answered within 20 s");
    // The first command's output: where to go and how a GM begins.
    assert!(
        said.contains(&format!("Open http://127.0.0.1:{port} in a browser")),
        "{said}"
    );
    assert!(said.contains("create a campaign"), "{said}");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"database\":\"sqlite\""), "{answer}");
    assert!(db.exists(), "the server created the CLI's database file");
}
