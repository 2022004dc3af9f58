//! Load client for the table server: loopback only, bounded in time.
//!
//! Starts the server in this process on `127.0.0.1:<free port>` over the
//! chosen database, seats one GM and `--clients` players (each with a
//! 20th-level wizard), then has every player cast Magic Missile in a loop
//! for `--seconds`, passing the turn after each cast (R10: one slot per
//! turn), and when out of slots letting 16 hours pass and taking a long
//! rest (R4). Prints accepted casts per second and p50/p99 latency of the
//! cast requests. First, for the same time and the same number of
//! clients, it measures the floor: `GET /health` (one small
//! query, no rules, no write), and prints casts/s as a ratio of it, so runs
//! on a busy or a quiet machine compare.
//!
//! ```text
//! cargo run --release -p grimoire-server --example load -- --seconds 10 --clients 16
//! cargo run --release -p grimoire-server --example load -- --database postgres://postgres@127.0.0.1/test
//! cargo run --release -p grimoire-server --example load -- --shared   # everyone on one character
//! cargo run --release -p grimoire-server --example load -- --idle-characters 50 --encounters 100
//! cargo run --release -p grimoire-server --example load -- --database postgres://… --instances 2
//! cargo run --release -p grimoire-server --example load -- --database postgres://… --connections 4
//! cargo run --release -p grimoire-server --example load -- --database postgres://… --rate 500
//! ```
//!
//! `--idle-characters N` and `--encounters M` add N characters nobody plays
//! and M encounters that are not running (each with one of those
//! characters in it) before the run: a cast's cost should not grow with
//! them. `--instances K` starts K servers on the same database and spreads
//! the clients over them (PostgreSQL: several instances sharing campaigns).
//! `--connections C` sets each instance's pool size (the server's default
//! otherwise). `--url http://127.0.0.1:8080` sends everything to a server
//! already running there instead (such as `deploy/loopback.sh`'s
//! balancer, started with `SERVE_ARGS=--no-rate-limits` on a fresh schema
//! for each run), reported as `database=external instances=0`; CPU figures
//! are then the load client's alone.
//!
//! Each run reports the database's bytes before and after the casts, per
//! accepted cast (with its turn or rest): SQLite's pages, PostgreSQL's
//! tables with their indexes and TOAST in the run's schema.
//!
//! `--rate R` paces the casts instead of sending each as soon as the last
//! answer came (a closed loop, where at saturation the latency is only
//! the queue the clients themselves make): R casts a second in all,
//! each client starting its casts at even intervals, and a cast's latency
//! counted from when it was due, not from when it was sent, so a server
//! that falls behind is charged for the wait (no coordinated omission).
//! It is how latency is read below saturation, at a stated load.
//!
//! The CPU a cast took is counted for this process, for every process
//! named `postgres` on the machine (PostgreSQL's backends, whichever
//! instance they serve) and for the processes `--watch 4711,4712` names
//! (a deployment's instances and balancer, with `--url`), so runs with
//! one and with several instances compare by the work a cast cost, not
//! only by how fast it went on cores they share.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use grimoire_server::{AppState, Database, StateConfig, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};

struct Args {
    database: Option<String>,
    seconds: u64,
    clients: usize,
    shared: bool,
    idle_characters: usize,
    encounters: usize,
    instances: usize,
    connections: Option<usize>,
    url: Option<SocketAddr>,
    watch: Vec<u32>,
    rate: Option<f64>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        database: None,
        seconds: 10,
        clients: 16,
        shared: false,
        idle_characters: 0,
        encounters: 0,
        instances: 1,
        connections: None,
        url: None,
        watch: Vec::new(),
        rate: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--database" => a.database = Some(value()?),
            "--seconds" => a.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--clients" => a.clients = value()?.parse().map_err(|e| format!("--clients: {e}"))?,
            "--shared" => a.shared = true,
            "--idle-characters" => {
                a.idle_characters = value()?
                    .parse()
                    .map_err(|e| format!("--idle-characters: {e}"))?
            }
            "--encounters" => {
                a.encounters = value()?.parse().map_err(|e| format!("--encounters: {e}"))?
            }
            "--instances" => {
                a.instances = value()?.parse().map_err(|e| format!("--instances: {e}"))?
            }
            "--connections" => {
                a.connections = Some(
                    value()?
                        .parse()
                        .map_err(|e| format!("--connections: {e}"))?,
                )
            }
            "--url" => {
                let v = value()?;
                let addr = v
                    .strip_prefix("http://")
                    .unwrap_or(&v)
                    .trim_end_matches('/');
                a.url = Some(addr.parse().map_err(|e| format!("--url: {e}"))?)
            }
            "--watch" => {
                a.watch = value()?
                    .split(',')
                    .filter(|p| !p.is_empty())
                    .map(|p| p.trim().parse().map_err(|e| format!("--watch: {e}")))
                    .collect::<Result<_, _>>()?
            }
            "--rate" => {
                let r: f64 = value()?.parse().map_err(|e| format!("--rate: {e}"))?;
                if !(r.is_finite() && r > 0.0) {
                    return Err("--rate: casts a second, above zero".into());
                }
                a.rate = Some(r.min(100_000.0));
            }
            other => return Err(format!("unknown flag {other}")),
        }
    }
    // Bounded: never more than a minute, never more than 256 connections.
    a.seconds = a.seconds.clamp(1, 60);
    a.clients = a.clients.clamp(1, 256);
    a.idle_characters = a.idle_characters.min(1_000);
    a.encounters = a.encounters.min(1_000);
    a.instances = a.instances.clamp(1, 8);
    a.connections = a.connections.map(|c| c.clamp(1, 64));
    a.watch.truncate(64);
    Ok(a)
}

struct Client {
    sender: hyper::client::conn::http1::SendRequest<Body>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).expect("nodelay");
        let (sender, conn) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
                .await
                .expect("handshake");
        tokio::spawn(conn);
        Client { sender }
    }

    /// `GET path`: the status only (the body is read and dropped).
    async fn get(&mut self, path: &str) -> StatusCode {
        self.sender.ready().await.expect("connection alive");
        let req = Request::builder()
            .method(Method::GET)
            .uri(path)
            .header("host", "127.0.0.1")
            .body(Body::empty())
            .expect("request");
        let res = self.sender.send_request(req).await.expect("response");
        let status = res.status();
        res.into_body().collect().await.expect("body");
        status
    }

    /// `POST path` with a JSON body: the status and the body's bytes.
    async fn post(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, axum::body::Bytes) {
        self.sender.ready().await.expect("connection alive");
        let mut req = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header("host", "127.0.0.1")
            .header("content-type", "application/json");
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let req = req.body(Body::from(body.to_string())).expect("request");
        let res = self.sender.send_request(req).await.expect("response");
        let status = res.status();
        let bytes = res.into_body().collect().await.expect("body").to_bytes();
        (status, bytes)
    }

    /// [`Client::post`], the body parsed only when something in it is
    /// needed, like a lean client: an accepted cast's 3 KB report is not,
    /// and parsing it here would be counted against the server's CPU.
    async fn send(&mut self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        let (status, bytes) = self.post(path, token, body).await;
        let value = if status == StatusCode::CREATED || status == StatusCode::OK {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or(Value::Null)
        };
        (status, value)
    }

    /// [`Client::post`] for set-up requests whose body is read.
    async fn send_read(&mut self, path: &str, token: Option<&str>, body: Value) -> Value {
        let (_, bytes) = self.post(path, token, body).await;
        serde_json::from_slice(&bytes).unwrap_or(Value::Null)
    }
}

fn token(v: &Value) -> String {
    v["token"].as_str().expect("token").to_owned()
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    /// Latencies of the turn and rest requests in between.
    others: Vec<Duration>,
    accepted: u64,
    refused: u64,
    conflicts: u64,
    other: u64,
}

/// When a paced client's casts are due: every `every`, from `next`.
struct Pace {
    next: Instant,
    every: Duration,
}

async fn player(
    addr: SocketAddr,
    token: String,
    character: String,
    until: Instant,
    mut pace: Option<Pace>,
) -> Tally {
    let mut c = Client::connect(addr).await;
    let mut t = Tally::default();
    let cast = format!("/campaigns/load/characters/{character}/casts");
    let turn = format!("/campaigns/load/characters/{character}/turns");
    let rest = format!("/campaigns/load/characters/{character}/rests");
    let wait = format!("/campaigns/load/characters/{character}/time");
    while Instant::now() < until {
        let start = match pace.as_mut() {
            Some(p) => {
                let due = p.next;
                p.next += p.every;
                if due >= until {
                    break;
                }
                tokio::time::sleep_until(due.into()).await;
                due
            }
            None => Instant::now(),
        };
        let (s, v) = c
            .send(&cast, Some(&token), json!({"spell": "magic-missile"}))
            .await;
        t.latencies.push(start.elapsed());
        match (s, v["error"]["code"].as_str()) {
            (StatusCode::CREATED, _) => {
                t.accepted += 1;
                // One cast per turn (R10): the player passes the turn.
                let start = Instant::now();
                c.send(&turn, Some(&token), json!(null)).await;
                t.others.push(start.elapsed());
            }
            (StatusCode::UNPROCESSABLE_ENTITY, Some("no_slot_available")) => {
                t.refused += 1;
                let start = Instant::now();
                // A Long Rest comes 16 hours after the last one's end (R4).
                c.send(&wait, Some(&token), json!({"rounds": 9600})).await;
                c.send(&rest, Some(&token), json!({"kind": "long"})).await;
                t.others.push(start.elapsed());
            }
            (StatusCode::UNPROCESSABLE_ENTITY, _) => {
                t.refused += 1;
                c.send(&turn, Some(&token), json!(null)).await;
            }
            (StatusCode::CONFLICT, _) => t.conflicts += 1,
            _ => t.other += 1,
        }
    }
    t
}

/// The floor: `GET /health` in a loop until `until`; how many answered 200.
async fn health(addr: SocketAddr, until: Instant) -> u64 {
    let mut c = Client::connect(addr).await;
    let mut ok = 0;
    while Instant::now() < until {
        if c.get("/health").await == StatusCode::OK {
            ok += 1;
        }
    }
    ok
}

/// The database's bytes (see the module's doc), `None` for a server run
/// elsewhere or when they cannot be read. On a thread of its own: the
/// PostgreSQL client runs a small runtime of its own.
fn database_bytes(database: Option<Database>) -> Option<u64> {
    let database = database?;
    std::thread::spawn(move || match database {
        Database::Sqlite(path) => grimoire_store::SqliteBackend::open(&path)
            .and_then(|db| db.database_bytes())
            .ok(),
        Database::Postgres(pg) => grimoire_store::PostgresBackend::connect(&pg)
            .and_then(|db| db.database_bytes())
            .ok(),
    })
    .join()
    .ok()
    .flatten()
}

/// CPU seconds this process (client and server together) has used so far,
/// from `/proc/self/stat` (user + system; 0 where there is no `/proc`).
/// Per request, it is steadier than throughput on a busy machine: other
/// processes take the cores, not the work each request costs.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat").map_or(0.0, |stat| stat_seconds(&stat))
}

/// CPU seconds used so far by every process named `postgres` and by the
/// processes `watched`, from `/proc`.
fn others_cpu_seconds(watched: &[u32]) -> (f64, f64) {
    let stat = |pid: &str| std::fs::read_to_string(format!("/proc/{pid}/stat")).ok();
    let postgres = std::fs::read_dir("/proc").map_or(0.0, |procs| {
        procs
            .flatten()
            .filter(|p| {
                std::fs::read_to_string(p.path().join("comm")).is_ok_and(|c| c.trim() == "postgres")
            })
            .filter_map(|p| std::fs::read_to_string(p.path().join("stat")).ok())
            .map(|s| stat_seconds(&s))
            .sum()
    });
    let watched = watched
        .iter()
        .filter_map(|pid| stat(&pid.to_string()))
        .map(|s| stat_seconds(&s))
        .sum();
    (postgres, watched)
}

/// The SQLite writer thread's name (`grimoire_server::writer`).
const WRITER: &str = "grimoire-writer";

/// CPU seconds used so far by this process's threads named `name` (the
/// SQLite writer, whose work is served one batch at a time, so its CPU
/// per cast bounds the casts per second), from `/proc/self/task`.
fn thread_cpu_seconds(name: &str) -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    tasks
        .flatten()
        .filter(|t| std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c.trim() == name))
        .filter_map(|t| std::fs::read_to_string(t.path().join("stat")).ok())
        .map(|stat| stat_seconds(&stat))
        .sum()
}

/// User + system seconds of a `/proc` `stat` line.
fn stat_seconds(stat: &str) -> f64 {
    // Fields after the command name, which is in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    (ticks(11) + ticks(12)) / 100.0
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() {
    let args = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let database = match &args.database {
        Some(url) => Database::parse(url),
        None => Database::Sqlite(dir.path().join("load.sqlite3")),
    };
    let kind = if args.url.is_some() {
        "external"
    } else {
        database.kind()
    };
    let mut config = StateConfig::new(database);
    if let Some(connections) = args.connections {
        config.connections = connections;
    }
    if let Database::Postgres(pg) = &mut config.database {
        // A schema of its own, dropped at the end, so runs never mix.
        pg.schema = Some(format!("load_{}", std::process::id()));
    }
    let schema = match &config.database {
        Database::Postgres(pg) => Some(pg.clone()),
        Database::Sqlite(_) => None,
    };
    let mut addrs = Vec::new();
    let mut servers = Vec::new();
    addrs.extend(args.url);
    let own = if args.url.is_some() {
        0
    } else {
        args.instances
    };
    let bytes_of = (args.url.is_none()).then(|| config.database.clone());
    for _ in 0..own {
        let state = AppState::connect(config.clone())
            .await
            .expect("open database");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        addrs.push(listener.local_addr().expect("addr"));
        servers.push(tokio::spawn(async move {
            axum::serve(listener, app(state)).await
        }));
    }
    let addr = addrs[0];

    let mut c = Client::connect(addr).await;
    let v = c.send_read("/accounts", None, json!({"name": "gm"})).await;
    let gm = token(&v);
    c.send(
        "/campaigns",
        Some(&gm),
        json!({"id": "load", "title": "Load"}),
    )
    .await;
    let mut seats = Vec::new();
    for i in 0..args.clients {
        let v = c
            .send_read("/accounts", None, json!({"name": format!("p{i}")}))
            .await;
        let t = token(&v);
        c.send(
            "/campaigns/load/players",
            Some(&gm),
            json!({"account": format!("p{i}")}),
        )
        .await;
        let character = if args.shared {
            "Shared".to_owned()
        } else {
            format!("W{i}")
        };
        if !args.shared || i == 0 {
            let owner = if args.shared {
                "gm".to_owned()
            } else {
                format!("p{i}")
            };
            let (s, v) = c
                .send(
                    "/campaigns/load/characters",
                    Some(&gm),
                    json!({"name": character, "owner": owner,
                           "classes": [{"class": "wizard", "level": 20}],
                           "abilities": {"int": 20}, "prepared": ["magic-missile"]}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
        }
        // On one shared character everyone acts as the GM (players may act
        // only for their own characters).
        seats.push((if args.shared { gm.clone() } else { t }, character));
    }

    // What a cast should not notice: idle characters and encounters that
    // are not running.
    for i in 0..args.idle_characters.max(usize::from(args.encounters > 0)) {
        let (s, v) = c
            .send(
                "/campaigns/load/characters",
                Some(&gm),
                json!({"name": format!("Idle{i}"), "classes": [{"class": "cleric", "level": 5}],
                       "abilities": {"wis": 16}, "prepared": ["bless"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    for i in 0..args.encounters {
        let (s, v) = c
            .send(
                "/campaigns/load/encounters",
                Some(&gm),
                json!({"name": format!("Old{i}")}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        c.send(
            &format!("/campaigns/load/encounters/Old{i}/combatants"),
            Some(&gm),
            json!({"name": "Idle0", "initiative": 10}),
        )
        .await;
    }

    // The floor, with as many clients for as long.
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    let until = start + Duration::from_secs(args.seconds);
    let floor: Vec<_> = (0..args.clients)
        .enumerate()
        .map(|(i, _)| tokio::spawn(health(addrs[i % addrs.len()], until)))
        .collect();
    let mut healthy = 0;
    for task in floor {
        healthy += task.await.expect("health task");
    }
    let health_per_s = healthy as f64 / start.elapsed().as_secs_f64();
    let health_cpu = (cpu_seconds() - cpu_start) / healthy.max(1) as f64;

    let bytes_before = database_bytes(bytes_of.clone());
    let cpu_start = cpu_seconds();
    let others_start = others_cpu_seconds(&args.watch);
    let writer_start = thread_cpu_seconds(WRITER);
    let start = Instant::now();
    let until = start + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = seats
        .into_iter()
        .enumerate()
        .map(|(i, (t, ch))| {
            // Each client's casts at even intervals, the clients spread
            // over one interval.
            let pace = args.rate.map(|rate| {
                let every = Duration::from_secs_f64(args.clients as f64 / rate);
                Pace {
                    next: start + every.mul_f64(i as f64 / args.clients as f64),
                    every,
                }
            });
            tokio::spawn(player(addrs[i % addrs.len()], t, ch, until, pace))
        })
        .collect();
    let mut all = Tally::default();
    for task in tasks {
        let t = task.await.expect("client task");
        all.latencies.extend(t.latencies);
        all.others.extend(t.others);
        all.accepted += t.accepted;
        all.refused += t.refused;
        all.conflicts += t.conflicts;
        all.other += t.other;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let bytes_after = database_bytes(bytes_of);
    let cast_cpu = (cpu_seconds() - cpu_start) / all.accepted.max(1) as f64;
    let others_end = others_cpu_seconds(&args.watch);
    let postgres_cpu = (others_end.0 - others_start.0) / all.accepted.max(1) as f64;
    let watched_cpu = (others_end.1 - others_start.1) / all.accepted.max(1) as f64;
    let writer_cpu = (thread_cpu_seconds(WRITER) - writer_start) / all.accepted.max(1) as f64;
    all.latencies.sort();
    all.others.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "database={kind} clients={} shared={} instances={} idle_characters={} encounters={} rate={} seconds={elapsed:.1}",
        args.clients,
        args.shared,
        if args.url.is_some() {
            0
        } else {
            args.instances
        },
        args.idle_characters,
        args.encounters,
        args.rate.map_or("closed".to_owned(), |r| format!("{r:.0}"))
    );
    println!(
        "cast requests={} accepted={} ({:.0}/s) refused={} conflict={} other={}",
        all.latencies.len(),
        all.accepted,
        all.accepted as f64 / elapsed,
        all.refused,
        all.conflicts,
        all.other
    );
    println!(
        "floor GET /health {health_per_s:.0}/s; casts/health = {:.3}",
        all.accepted as f64 / elapsed / health_per_s
    );
    println!(
        "cpu per accepted cast (with its turn or rest) {:.0} µs, per /health {:.0} µs; ratio {:.3}",
        cast_cpu * 1e6,
        health_cpu * 1e6,
        health_cpu / cast_cpu.max(f64::MIN_POSITIVE)
    );
    if args.database.is_some() || args.url.is_some() {
        println!(
            "cpu per accepted cast elsewhere: postgres processes {:.0} µs, watched processes {:.0} µs; all with this one {:.0} µs",
            postgres_cpu * 1e6,
            watched_cpu * 1e6,
            (cast_cpu + postgres_cpu + watched_cpu) * 1e6
        );
    }
    if writer_cpu > 0.0 {
        println!(
            "writer thread cpu per cast {:.0} µs: one writer serves at most {:.0} casts/s",
            writer_cpu * 1e6,
            1.0 / writer_cpu
        );
    }
    if let (Some(before), Some(after)) = (bytes_before, bytes_after) {
        println!(
            "database bytes {before} before the casts, {after} after: {:.0} bytes per accepted cast (with its turn or rest)",
            after.saturating_sub(before) as f64 / all.accepted.max(1) as f64
        );
    }
    println!(
        "cast latency p50={:.2} ms p99={:.2} ms max={:.2} ms",
        ms(percentile(&all.latencies, 0.50)),
        ms(percentile(&all.latencies, 0.99)),
        ms(all.latencies.last().copied().unwrap_or_default())
    );
    println!(
        "all requests={} ({:.0}/s); turn/rest latency p50={:.2} ms p99={:.2} ms",
        all.latencies.len() + all.others.len(),
        (all.latencies.len() + all.others.len()) as f64 / elapsed,
        ms(percentile(&all.others, 0.50)),
        ms(percentile(&all.others, 0.99)),
    );
    for server in servers {
        server.abort();
    }
    if let Some(pg) = schema {
        let _ = std::thread::spawn(move || pg.drop_schema()).join();
    }
}
