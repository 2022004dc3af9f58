//! The costliest requests we know of, each measured alone (issue 30): what
//! one request may cost the server in CPU time and memory, whatever a GM,
//! a player or a homebrew file asks.
//!
//! Runs the server in this process on a fresh SQLite file and sends each
//! request in-process (no sockets: the figures are the server's work). For
//! each it prints the status, the answer's size, the process's CPU time
//! (user + system, from `/proc/self/stat`, 10 ms ticks) and the growth of
//! its peak resident memory (`/proc/self/clear_refs` resets the peak first,
//! then `VmHWM` is read). Linux only.
//!
//! ```text
//! cargo run --release -p grimoire-server --example worst
//! ```
//!
//! The inputs sit at the documented bounds (`docs/RELIABILITY.md`): a
//! homebrew file of 200 spells each at the per-spell bound, the costliest
//! cast those allow on 64 targets, the plan and the options of a
//! 20th-level wizard who prepares 22 of them and holds 64 items of 32
//! more, the largest pages of the table log and of a character's log
//! after 500 such casts, an encounter of 64 combatants.

use std::time::Instant;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use grimoire_server::{AppState, Database, StateConfig, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// CPU seconds this process has used (user + system).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may hold spaces) in parentheses.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15; `after` starts at field 3.
    (ticks(11) + ticks(12)) / 100.0
}

/// A `/proc/self/status` figure in KiB.
fn status_kib(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

struct Probe {
    router: Router,
    rows: Vec<String>,
}

impl Probe {
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> (StatusCode, Vec<u8>) {
        let req = Request::builder()
            .method(method)
            .uri(path)
            .header("authorization", format!("Bearer {token}"));
        let req = match body {
            Some(b) => req
                .header("content-type", "application/json")
                .body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .expect("request");
        let res = self.router.clone().oneshot(req).await.expect("answer");
        let status = res.status();
        let bytes = res.into_body().collect().await.expect("body").to_bytes();
        (status, bytes.to_vec())
    }

    /// Sends one request and records what it cost.
    async fn measure(
        &mut self,
        what: &str,
        method: Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> Value {
        let body_len = body.as_ref().map_or(0, |b| b.to_string().len());
        // Reset the peak so this request's own peak is read.
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let rss_before = status_kib("VmRSS:");
        let (cpu, wall) = (cpu_seconds(), Instant::now());
        let (status, answer) = self.call(method, path, token, body).await;
        let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
        let peak = status_kib("VmHWM:").saturating_sub(rss_before);
        self.rows.push(format!(
            "| {what} | {} | {} B in, {} B out | {:.2} s | {:.2} s | {:.1} MB |",
            status.as_u16(),
            body_len,
            answer.len(),
            cpu,
            wall,
            peak as f64 / 1024.0
        ));
        serde_json::from_slice(&answer).unwrap_or(Value::Null)
    }
}

/// One homebrew spell at the per-spell bound: 30 darts of 13d6, each a
/// save for half (13 × 30 = 390 dice for one target, under 400).
fn worst_spell(i: usize) -> String {
    format!(
        r#"
[[spell]]
id = "worst-{i}"
name_en = "Worst {i}"
level = 1
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "120 ft"
components = {{ v = true, s = true }}
duration = "instantaneous"
summary_en = "A probe at the bound."

[spell.effect]
kind = "save"
save = {{ ability = "dex", on_success = "half" }}
instances = 30
targets = 64
damage = [{{ dice = "13d6", type = "fire" }}]
"#
    )
}

/// A spell whose work on one target is 128 dice: 64 targets stay within
/// the per-cast bound (128 × 64 = 8,192).
fn wide_spell() -> String {
    worst_spell(9999)
        .replace("worst-9999", "wide")
        .replace("Worst 9999", "Wide")
        .replace("instances = 30", "instances = 16")
        .replace("13d6", "8d6")
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let config = StateConfig::new(Database::Sqlite(dir.path().join("worst.sqlite3")));
    let state = AppState::connect(config).await.expect("server state");
    let mut p = Probe {
        router: app(state),
        rows: Vec::new(),
    };
    let account = |name: &'static str| {
        let router = p.router.clone();
        async move {
            let req = Request::builder()
                .method(Method::POST)
                .uri("/accounts")
                .header("content-type", "application/json")
                .body(Body::from(json!({ "name": name }).to_string()))
                .expect("request");
            let res = router.oneshot(req).await.expect("answer");
            let bytes = res.into_body().collect().await.expect("body").to_bytes();
            let v: Value = serde_json::from_slice(&bytes).expect("json");
            v["token"].as_str().expect("token").to_owned()
        }
    };
    let gm = account("gm").await;
    let c = "/campaigns/probe";
    p.call(
        Method::POST,
        "/campaigns",
        &gm,
        Some(json!({"id": "probe", "title": "Probe"})),
    )
    .await;

    // Homebrew: 200 spells at the bound in one file (under 256 KiB).
    let mut file: String = (0..199).map(worst_spell).collect();
    file.push_str(&wide_spell());
    let uploaded = p
        .measure(
            "homebrew upload: 200 spells at the per-spell bound",
            Method::POST,
            &format!("{c}/spells"),
            &gm,
            Some(json!({"file": "worst.toml", "toml": file})),
        )
        .await;
    assert!(uploaded.get("error").is_none(), "{uploaded}");

    // A 20th-level wizard who knows the costliest of them.
    // As many as a 20th-level wizard prepares; the rest come on items.
    let prepared: Vec<String> = (0..21)
        .map(|i| format!("worst-{i}"))
        .chain(["wide".into()])
        .collect();
    let (s, v) = p
        .call(
            Method::POST,
            &format!("{c}/characters"),
            &gm,
            Some(
                json!({"name": "Worst", "classes": [{"class": "wizard", "level": 20}],
                        "abilities": {"int": 20}, "prepared": prepared}),
            ),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{}", String::from_utf8_lossy(&v));
    // 64 items of 32 spells each: every spell of the file, several times.
    for item in 0..64 {
        let spells: Vec<String> = (0..32)
            .map(|i| format!("worst-{}", (item * 32 + i) % 199))
            .collect();
        let (s, v) = p
            .call(
                Method::POST,
                &format!("{c}/characters/Worst/gear"),
                &gm,
                Some(json!({"kind": "item", "name": format!("Wand {item}"), "spells": spells, "uses": 50})),
            )
            .await;
        assert!(s.is_success(), "{}", String::from_utf8_lossy(&v));
    }
    let targets: Vec<Value> = (0..64)
        .map(|i| json!({"name": format!("Goblin{i}"), "stats": {"hp": 100000, "ac": 10, "saves": [["dexterity", 0]]}}))
        .collect();
    let cast = |slot: u8, seed: u64| json!({"spell": "wide", "slot": slot, "targets": targets, "seed": seed});
    p.measure(
        "cast: 128 dice a target on 64 targets (8,192 dice)",
        Method::POST,
        &format!("{c}/characters/Worst/casts"),
        &gm,
        Some(cast(9, 1)),
    )
    .await;
    // A new turn, so that every slot may be spent again (R10).
    p.call(
        Method::POST,
        &format!("{c}/characters/Worst/turns"),
        &gm,
        Some(json!({})),
    )
    .await;
    p.measure(
        "plan: 22 prepared and 64 items of 32 spells at the bound",
        Method::GET,
        &format!("{c}/characters/Worst/plan?target=ac=10,hp=500,dex=0"),
        &gm,
        None,
    )
    .await;
    p.measure(
        "options: the same character",
        Method::GET,
        &format!("{c}/characters/Worst/options"),
        &gm,
        None,
    )
    .await;

    // 500 such casts, so the log pages are as full as they get.
    for i in 0..499u64 {
        p.call(
            Method::POST,
            &format!("{c}/characters/Worst/turns"),
            &gm,
            Some(json!({})),
        )
        .await;
        let (s, _) = p
            .call(
                Method::POST,
                &format!("{c}/characters/Worst/casts"),
                &gm,
                Some(cast(1, i)),
            )
            .await;
        if s != StatusCode::CREATED {
            // A Long Rest comes 16 hours after the last one's end (R4).
            p.call(
                Method::POST,
                &format!("{c}/characters/Worst/time"),
                &gm,
                Some(json!({"rounds": 9600})),
            )
            .await;
            p.call(
                Method::POST,
                &format!("{c}/characters/Worst/rests"),
                &gm,
                Some(json!({"kind": "long"})),
            )
            .await;
            p.call(
                Method::POST,
                &format!("{c}/characters/Worst/casts"),
                &gm,
                Some(cast(1, i)),
            )
            .await;
        }
    }
    p.measure(
        "table log: its largest page (200 entries) after 500 such casts",
        Method::GET,
        &format!("{c}/log?limit=200"),
        &gm,
        None,
    )
    .await;
    p.measure(
        "character log: a page of 500 entries",
        Method::GET,
        &format!("{c}/characters/Worst/log?limit=500"),
        &gm,
        None,
    )
    .await;

    // An encounter of 64 combatants.
    p.call(
        Method::POST,
        &format!("{c}/encounters"),
        &gm,
        Some(json!({"name": "Horde"})),
    )
    .await;
    for i in 0..63 {
        p.call(
            Method::POST,
            &format!("{c}/encounters/Horde/creatures"),
            &gm,
            Some(json!({"name": format!("Mage{i}"), "monster": "mage", "initiative": i})),
        )
        .await;
    }
    p.call(
        Method::POST,
        &format!("{c}/encounters/Horde/combatants"),
        &gm,
        Some(json!({"name": "Worst", "initiative": 99})),
    )
    .await;
    p.call(
        Method::POST,
        &format!("{c}/encounters/Horde/start"),
        &gm,
        None,
    )
    .await;
    p.measure(
        "encounter: 64 combatants, the next turn",
        Method::POST,
        &format!("{c}/encounters/Horde/next"),
        &gm,
        None,
    )
    .await;
    p.measure(
        "encounter: 64 combatants, its state",
        Method::GET,
        &format!("{c}/encounters/Horde"),
        &gm,
        None,
    )
    .await;

    println!("| request | status | size | CPU | wall | peak memory growth |");
    println!("|---|---|---|---|---|---|");
    for row in &p.rows {
        println!("{row}");
    }
}
