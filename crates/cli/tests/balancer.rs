//! Issue 38: an evening through the balancer. `deploy/loopback.sh` starts
//! two `grimoire serve` on one PostgreSQL behind HAProxy (round robin, no
//! stickiness); three players cast through it while the GM follows the
//! table's live stream. The instance holding the stream is killed mid-run
//! (SIGKILL, no goodbye). Afterwards every cast the server acknowledged is
//! in the characters' logs exactly once, nothing is there that no request
//! could have made, and the GM's stream, opened again through the
//! balancer, comes from the other instance and carries the casts made
//! after it.
//!
//! Needs `DATABASE_URL` (skipped with a note otherwise) and HAProxy
//! (`apt-get install -y haproxy`; skipped with a note when missing, unless
//! `GRIMOIRE_REQUIRE_HAPROXY` is set, as `.ci/run` does). Bounded: at most
//! 60 casts a player, and a deadline on every wait.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The most casts one player makes.
const MAX_CASTS: usize = 60;

/// What a request came back with: its status, its JSON body and the
/// instance that served it (the balancer's `X-Grimoire-Instance`).
struct Answer {
    status: u16,
    body: Value,
    instance: Option<String>,
}

/// One HTTP/1.1 request through the balancer; `Err` when the connection
/// failed or broke before a whole answer came.
fn call(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let body = body.map_or(String::new(), Value::to_string);
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut out = Vec::new();
    s.read_to_end(&mut out)?;
    let out = String::from_utf8_lossy(&out);
    let Some((head, rest)) = out.split_once("\r\n\r\n") else {
        return Err(std::io::Error::other(format!("no whole answer: {out:?}")));
    };
    let status = head
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status: {head:?}")))?;
    let text = if header(head, "transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        let mut decoded = Vec::new();
        dechunk(&mut rest.as_bytes(), &mut |b| decoded.extend_from_slice(b))?;
        String::from_utf8_lossy(&decoded).into_owned()
    } else {
        rest.to_owned()
    };
    Ok(Answer {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
        instance: header(head, "x-grimoire-instance"),
    })
}

/// A header's value in a response head, by its name in any case.
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_owned())
    })
}

/// Reads a chunked body from `r`, handing each chunk's bytes to `out` as it
/// comes; returns at the last chunk, or with an error if the stream ends
/// before it.
fn dechunk(r: &mut impl BufRead, out: &mut dyn FnMut(&[u8])) -> std::io::Result<()> {
    loop {
        let mut size = String::new();
        if r.read_line(&mut size)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let size = usize::from_str_radix(size.trim().split(';').next().unwrap_or(""), 16)
            .map_err(|e| std::io::Error::other(format!("bad chunk size {size:?}: {e}")))?;
        if size == 0 {
            return Ok(());
        }
        let mut chunk = vec![0; size + 2];
        r.read_exact(&mut chunk)?;
        out(&chunk[..size]);
    }
}

/// A live stream opened through the balancer: its events (name and data)
/// arrive on `events` until the stream ends, when the channel closes.
struct LiveStream {
    instance: String,
    events: mpsc::Receiver<(String, Value)>,
}

/// Opens the campaign's live stream; `Err` with what came back instead.
fn open_stream(port: u16, token: &str, campaign: &str) -> Result<LiveStream, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(|e| e.to_string())?;
    write!(
        s,
        "GET /campaigns/{campaign}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: Bearer {token}\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let mut r = BufReader::new(s);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Err(format!("the stream ended in its head: {head:?}"));
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    if !head.starts_with("HTTP/1.1 200") {
        return Err(head);
    }
    let instance = header(&head, "x-grimoire-instance").ok_or("no instance header")?;
    let chunked = header(&head, "transfer-encoding").is_some_and(|v| v.contains("chunked"));
    let (tx, events) = mpsc::channel();
    std::thread::spawn(move || {
        // Server-sent events: `event:` and `data:` lines, a blank line
        // after each event.
        let mut pending = Vec::<u8>::new();
        let (mut name, mut data) = (String::new(), String::new());
        let mut feed = |bytes: &[u8]| {
            pending.extend_from_slice(bytes);
            while let Some(i) = pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = pending.drain(..=i).collect();
                let line = String::from_utf8_lossy(&line).trim_end().to_owned();
                if let Some(v) = line.strip_prefix("event:") {
                    name = v.trim().to_owned();
                } else if let Some(v) = line.strip_prefix("data:") {
                    data.push_str(v.trim_start());
                } else if line.is_empty() && !name.is_empty() {
                    let value = serde_json::from_str(&data).unwrap_or(Value::Null);
                    let _ = tx.send((std::mem::take(&mut name), value));
                    data.clear();
                }
            }
        };
        if chunked {
            let _ = dechunk(&mut r, &mut feed);
        } else {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = r.read(&mut buf) {
                feed(&buf[..n]);
            }
        }
    });
    Ok(LiveStream { instance, events })
}

/// What a player's requests came to.
#[derive(Default)]
struct Tally {
    /// Casts answered 201: their change ids and the instance that answered.
    acknowledged: Vec<(i64, String)>,
    /// Casts whose answer was lost (a broken connection, a 502 or 503):
    /// they may or may not have been made.
    unknown: usize,
}

/// A player's evening: cast Magic Missile, pass the turn (one slot a turn),
/// rest when out of slots, until `stop` or `MAX_CASTS` casts.
fn play(
    port: u16,
    token: String,
    character: String,
    stop: &AtomicBool,
    answered: &Mutex<BTreeMap<i64, String>>,
) -> Tally {
    let base = format!("/campaigns/evening/characters/{character}");
    let token = Some(token.as_str());
    let mut t = Tally::default();
    let mut casts = 0;
    while !stop.load(Ordering::Relaxed) && casts < MAX_CASTS {
        casts += 1;
        let cast = call(
            port,
            "POST",
            &format!("{base}/casts"),
            token,
            Some(&json!({"spell": "magic-missile"})),
        );
        let next = match cast {
            Ok(a) if a.status == 201 => {
                let change = a.body["change"]
                    .as_i64()
                    .unwrap_or_else(|| panic!("an acknowledged cast names its change: {}", a.body));
                let instance = a.instance.unwrap_or_default();
                answered.lock().unwrap().insert(change, instance.clone());
                t.acknowledged.push((change, instance));
                "turn"
            }
            Ok(a) if a.status == 422 && a.body["error"]["code"] == "no_slot_available" => "rest",
            Ok(a) if a.status == 422 => "turn",
            Ok(a) if a.status >= 500 => {
                t.unknown += 1;
                "turn"
            }
            Ok(a) => panic!("cast answered {}: {}", a.status, a.body),
            Err(_) => {
                t.unknown += 1;
                "turn"
            }
        };
        // What follows a cast is not counted: a lost answer here only
        // means the next cast may be refused and the turn passed again.
        if next == "rest" {
            let _ = call(
                port,
                "POST",
                &format!("{base}/time"),
                token,
                Some(&json!({"rounds": 9600})),
            );
            let _ = call(
                port,
                "POST",
                &format!("{base}/rests"),
                token,
                Some(&json!({"kind": "long"})),
            );
        } else {
            let _ = call(
                port,
                "POST",
                &format!("{base}/turns"),
                token,
                Some(&Value::Null),
            );
        }
    }
    t
}

/// A free port on 127.0.0.1 (free when asked; the deployment binds it a
/// moment later).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../deploy/loopback.sh")
}

/// Stops the deployment and drops its schema, however the test ends.
struct Deployment {
    run_dir: tempfile::TempDir,
    url: String,
    schema: String,
}

impl Drop for Deployment {
    fn drop(&mut self) {
        let _ = Command::new(script())
            .arg("stop")
            .env("RUN_DIR", self.run_dir.path())
            .status();
        let _ = grimoire_store::PostgresConfig::new(self.url.clone())
            .with_schema(self.schema.clone())
            .drop_schema();
    }
}

/// Waits for the next event named `kind`, at most until `deadline`; `None`
/// if the stream ended or time ran out first.
fn next_event(stream: &LiveStream, kind: &str, deadline: Instant) -> Option<Value> {
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match stream.events.recv_timeout(left) {
            Ok((name, data)) if name == kind => return Some(data),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn an_evening_through_the_balancer_survives_losing_an_instance() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("note: DATABASE_URL unset, the balancer test is skipped");
        return;
    };
    if Command::new("haproxy").arg("-v").output().is_err() {
        assert!(
            std::env::var_os("GRIMOIRE_REQUIRE_HAPROXY").is_none(),
            "haproxy is missing: apt-get install -y haproxy"
        );
        eprintln!(
            "note: haproxy is missing (apt-get install -y haproxy), the balancer test is skipped"
        );
        return;
    }
    let deployment = Deployment {
        run_dir: tempfile::tempdir().unwrap(),
        url: url.clone(),
        schema: format!("test_balancer_{}", std::process::id()),
    };
    let port = free_port();
    let started = Command::new(script())
        .arg("start")
        .env("DATABASE_URL", &url)
        .env("GRIMOIRE_PG_SCHEMA", &deployment.schema)
        .env("RUN_DIR", deployment.run_dir.path())
        .env("PORT", port.to_string())
        .env("INSTANCE_PORTS", format!("{} {}", free_port(), free_port()))
        .env("GRIMOIRE", assert_cmd::cargo::cargo_bin("grimoire"))
        .env("SERVE_ARGS", "--no-rate-limits")
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    assert!(
        started.status.success(),
        "deploy/loopback.sh start: {}{}",
        String::from_utf8_lossy(&started.stdout),
        String::from_utf8_lossy(&started.stderr)
    );
    // name port pid, one line an instance.
    let instances: BTreeMap<String, u32> =
        std::fs::read_to_string(deployment.run_dir.path().join("instances"))
            .unwrap()
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[0].to_owned(), f[2].parse().unwrap())
            })
            .collect();
    assert_eq!(instances.len(), 2);

    // The table: a GM, a campaign, three players with a wizard each.
    let post = |path: &str, token: Option<&str>, body: Value| {
        let a = call(port, "POST", path, token, Some(&body)).unwrap();
        assert!(
            matches!(a.status, 200 | 201),
            "{path}: {} {}",
            a.status,
            a.body
        );
        a.body
    };
    let sign_up = |name: &str| {
        post("/accounts", None, json!({"name": name}))["token"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let gm = sign_up("gm");
    post(
        "/campaigns",
        Some(&gm),
        json!({"id": "evening", "title": "Evening"}),
    );
    let mut seats = Vec::new();
    for i in 0..3 {
        let token = sign_up(&format!("p{i}"));
        post(
            "/campaigns/evening/players",
            Some(&gm),
            json!({"account": format!("p{i}")}),
        );
        post(
            "/campaigns/evening/characters",
            Some(&gm),
            json!({"name": format!("W{i}"), "owner": format!("p{i}"),
                   "classes": [{"class": "wizard", "level": 20}],
                   "abilities": {"int": 20}, "prepared": ["magic-missile"]}),
        );
        seats.push((token, format!("W{i}")));
    }

    let stream = open_stream(port, &gm, "evening").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    assert!(next_event(&stream, "ready", deadline).is_some(), "ready");
    let watched = stream.instance.clone();

    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(Mutex::new(BTreeMap::<i64, String>::new()));
    let players: Vec<_> = seats
        .into_iter()
        .map(|(token, character)| {
            let (stop, answered) = (Arc::clone(&stop), Arc::clone(&answered));
            std::thread::spawn(move || play(port, token, character, &stop, &answered))
        })
        .collect();

    // Live updates cross instances: the stream on one instance carries
    // casts another instance acknowledged (change ids are unique). An
    // event may come before its answer reaches the player: look again.
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let crossed = {
            let answered = answered.lock().unwrap();
            seen.iter()
                .filter(|c| answered.get(*c).is_some_and(|i| *i != watched))
                .count()
        };
        if crossed >= 3 {
            break;
        }
        let event = next_event(&stream, "cast", deadline).unwrap_or_else(|| {
            panic!("casts acknowledged by the other instance reach the stream on {watched}")
        });
        seen.extend(event["data"]["change"].as_i64());
    }

    // Kill the instance holding the stream, mid-evening, without warning.
    let victim = instances[&watched];
    let killed = Command::new("kill")
        .args(["-KILL", &victim.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let killed_at = Instant::now();
    let before_kill = answered.lock().unwrap().len();
    // The stream ends: its instance is gone.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match stream.events.recv_timeout(Duration::from_millis(100)) {
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            _ => assert!(
                Instant::now() < deadline,
                "the stream of a killed instance ends"
            ),
        }
    }

    // Open it again through the balancer, as a browser's EventSource does.
    let reopened = loop {
        match open_stream(port, &gm, "evening") {
            Ok(s) => break s,
            Err(e) => {
                assert!(
                    killed_at.elapsed() < Duration::from_secs(20),
                    "the stream does not open again: {e}"
                );
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    };
    assert_ne!(
        reopened.instance, watched,
        "the other instance serves the stream"
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    assert!(next_event(&reopened, "ready", deadline).is_some());
    let after = next_event(&reopened, "cast", deadline)
        .expect("casts made after the instance died reach the reopened stream");
    assert!(after["data"]["change"].as_i64().is_some(), "{after}");

    // The evening goes on a little on the survivor alone.
    std::thread::sleep(Duration::from_secs(1));
    stop.store(true, Ordering::Relaxed);
    let tallies: Vec<Tally> = players.into_iter().map(|p| p.join().unwrap()).collect();

    // Against the log: every acknowledged cast exactly once; beyond them,
    // no more casts than answers were lost.
    let mut logged = BTreeMap::<i64, usize>::new();
    for i in 0..3 {
        let mut before: Option<i64> = None;
        loop {
            let path = match before {
                Some(b) => format!("/campaigns/evening/characters/W{i}/log?limit=100&before={b}"),
                None => format!("/campaigns/evening/characters/W{i}/log?limit=100"),
            };
            let a = call(port, "GET", &path, Some(&gm), None).unwrap();
            assert_eq!(a.status, 200, "{}", a.body);
            for e in a.body["log"].as_array().unwrap() {
                if e["command"].as_str().is_some_and(|c| c.starts_with("cast")) {
                    *logged.entry(e["change"].as_i64().unwrap()).or_default() += 1;
                }
            }
            match a.body["next_before"].as_i64() {
                Some(b) => before = Some(b),
                None => break,
            }
        }
    }
    let acked: Vec<(i64, String)> = tallies
        .iter()
        .flat_map(|t| t.acknowledged.clone())
        .collect();
    let unknown: usize = tallies.iter().map(|t| t.unknown).sum();
    let by_instance: BTreeSet<&str> = acked.iter().map(|(_, i)| i.as_str()).collect();
    assert!(
        by_instance.len() == 2,
        "both instances acknowledged casts: {by_instance:?}"
    );
    for (change, instance) in &acked {
        assert_eq!(
            logged.get(change),
            Some(&1),
            "cast {change}, acknowledged by {instance}, is in the log once"
        );
    }
    assert!(logged.values().all(|&n| n == 1), "no change logged twice");
    let extra = logged.len() - acked.len();
    assert!(
        extra <= unknown,
        "{extra} casts in the log that no answer acknowledged, but only {unknown} answers were lost"
    );
    let after_kill = acked.len() - before_kill;
    assert!(after_kill > 0, "the evening went on after the kill");
    eprintln!(
        "balancer: {} casts acknowledged ({after_kill} after the kill), {unknown} answers lost, {extra} of them made",
        acked.len()
    );
}
