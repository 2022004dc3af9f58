//! Commits a second on PostgreSQL: each client committing on its own
//! connection (one transaction per change, as the server does today)
//! against one writer batching what the clients sent meanwhile into one
//! transaction (`PostgresBackend::begin_batch`, issue 38).
//!
//! ```text
//! DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//!   cargo run --release -p grimoire-store --example pg_batch_rate -- --clients 16 --seconds 5
//! ```
//!
//! Each client owns one character (a state the size of a stored one) and
//! commits its next version, waiting for each commit before the next;
//! both ways run in turn in one fresh schema, dropped afterwards. Prints
//! one line a way: commits a second, p50 and p99 of a commit.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use grimoire_store::{Backend, Change, PostgresBackend, PostgresConfig};

/// The most clients and seconds a run takes.
const MAX_CLIENTS: usize = 256;
const MAX_SECONDS: u64 = 60;
/// The most changes one batch takes, as the SQLite writer's `MAX_BATCH`.
const MAX_BATCH: usize = 64;

/// A state about the size of a stored character.
fn state(n: u64) -> String {
    serde_json::json!({
        "name": "Elmira", "slots": [4, 3, 3, 3, 2, 1, 1, 1, 1], "spent": n,
        "prepared": (0..20).map(|i| format!("spell-{i}")).collect::<Vec<_>>(),
    })
    .to_string()
}

fn cast(name: &str, version: u64) -> Change {
    let value: serde_json::Value = serde_json::from_str(&state(version)).unwrap_or_default();
    Change::new("cast")
        .update("character", name, version, &value)
        .expect("a bounded change")
}

/// A change sent to the writer, with where to answer.
type Job = (Change, mpsc::SyncSender<bool>);

fn main() {
    let mut clients = 16usize;
    let mut seconds = 5u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--clients", Some(n)) => clients = (n as usize).clamp(1, MAX_CLIENTS),
            ("--seconds", Some(n)) => seconds = n.clamp(1, MAX_SECONDS),
            _ => {
                eprintln!("usage: pg_batch_rate [--clients N] [--seconds S]");
                std::process::exit(2);
            }
        }
    }
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("set DATABASE_URL (a PostgreSQL on 127.0.0.1)");
        std::process::exit(2);
    };
    let config =
        PostgresConfig::new(url).with_schema(format!("bench_batch_{}", std::process::id()));
    let run = || -> grimoire_store::Result<()> {
        let mut seed = PostgresBackend::connect(&config)?;
        for c in 0..clients {
            let value: serde_json::Value = serde_json::from_str(&state(0)).unwrap_or_default();
            seed.commit(&Change::new("new").create("character", &format!("c{c}"), &value)?)?;
        }
        let duration = Duration::from_secs(seconds);
        let alone = alone(&config, clients, duration)?;
        report("alone", clients, duration, alone);
        let batched = batched(&config, clients, duration)?;
        report("batched", clients, duration, batched);
        Ok(())
    };
    let result = run();
    let _ = config.drop_schema();
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

/// The latency of every commit made.
struct Made {
    latencies: Vec<Duration>,
}

fn report(way: &str, clients: usize, duration: Duration, mut made: Made) {
    made.latencies.sort();
    let at = |q: f64| {
        let i = ((made.latencies.len() as f64 * q) as usize).min(made.latencies.len() - 1);
        made.latencies[i].as_secs_f64() * 1000.0
    };
    println!(
        "{way:8} clients {clients:3}: {:7.0} commits/s, p50 {:5.2} ms, p99 {:5.2} ms",
        made.latencies.len() as f64 / duration.as_secs_f64(),
        at(0.5),
        at(0.99)
    );
}

/// Each client on a connection of its own, one transaction per change.
fn alone(
    config: &PostgresConfig,
    clients: usize,
    duration: Duration,
) -> grimoire_store::Result<Made> {
    let end = Instant::now() + duration;
    let per_client: Vec<grimoire_store::Result<Vec<Duration>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                s.spawn(move || {
                    let mut db = PostgresBackend::connect(config)?;
                    let name = format!("c{c}");
                    let mut version = db.get("character", &name)?.map_or(1, |e| e.version);
                    let mut latencies = Vec::new();
                    while Instant::now() < end {
                        let change = cast(&name, version);
                        let start = Instant::now();
                        db.commit(&change)?;
                        latencies.push(start.elapsed());
                        version += 1;
                    }
                    Ok(latencies)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a client thread"))
            .collect()
    });
    let mut latencies = Vec::new();
    for l in per_client {
        latencies.extend(l?);
    }
    Ok(Made { latencies })
}

/// One writer connection: what the clients sent meanwhile (up to
/// [`MAX_BATCH`]) in one transaction, answered once it committed.
fn batched(
    config: &PostgresConfig,
    clients: usize,
    duration: Duration,
) -> grimoire_store::Result<Made> {
    let mut db = PostgresBackend::connect(config)?;
    let versions: Vec<u64> = (0..clients)
        .map(|c| {
            Ok(db
                .get("character", &format!("c{c}"))?
                .map_or(1, |e| e.version))
        })
        .collect::<grimoire_store::Result<_>>()?;
    let (jobs, queue) = mpsc::channel::<Job>();
    let writer = std::thread::spawn(move || -> grimoire_store::Result<()> {
        while let Ok(first) = queue.recv() {
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            db.begin_batch()?;
            let done: Vec<bool> = batch.iter().map(|(c, _)| db.commit(c).is_ok()).collect();
            let ended = db.end_batch().is_ok();
            for ((_, reply), ok) in batch.into_iter().zip(done) {
                let _ = reply.send(ok && ended);
            }
        }
        Ok(())
    });
    let end = Instant::now() + duration;
    let per_client: Vec<Vec<Duration>> = std::thread::scope(|s| {
        let handles: Vec<_> = versions
            .iter()
            .enumerate()
            .map(|(c, &first)| {
                let jobs = jobs.clone();
                s.spawn(move || {
                    let name = format!("c{c}");
                    let mut version = first;
                    let mut latencies = Vec::new();
                    while Instant::now() < end {
                        let (reply, answer) = mpsc::sync_channel(1);
                        let start = Instant::now();
                        if jobs.send((cast(&name, version), reply)).is_err()
                            || answer.recv() != Ok(true)
                        {
                            break;
                        }
                        latencies.push(start.elapsed());
                        version += 1;
                    }
                    latencies
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a client thread"))
            .collect()
    });
    drop(jobs);
    writer.join().expect("the writer thread")?;
    Ok(Made {
        latencies: per_client.into_iter().flatten().collect(),
    })
}
