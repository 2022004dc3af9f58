//! Times the peer-comparison operations and prints them as JSON, with the exact numbers
//! `bench/peers.py` checks against icepool. Run in release mode:
//! `cargo run --release -p grimoire-dice --example bench_json`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use grimoire_dice::{SeededRng, parse};
use serde_json::{Value, json};

/// Median nanoseconds per call over 7 batches of at least 20 ms each.
fn time_ns(mut op: impl FnMut()) -> f64 {
    let mut n = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..n {
            op();
        }
        if start.elapsed() >= Duration::from_millis(20) {
            break;
        }
        n *= 2;
    }
    let mut samples: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..n {
                op();
            }
            start.elapsed().as_nanos() as f64 / n as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut rng = SeededRng::new(1);
    let mut timings = serde_json::Map::new();
    for notation in ["8d6+4", "4d6kh3", "1d20+7"] {
        let ns = time_ns(|| {
            let expr = parse(black_box(notation)).ok();
            black_box(expr.map(|e| e.roll(&mut rng).total()));
        });
        timings.insert(format!("parse+roll {notation}"), json!(ns));
    }
    let mut checks = serde_json::Map::new();
    for notation in ["10d6", "4d6kh3", "2d20kh1+7"] {
        let expr = parse(notation)?;
        let ns = time_ns(|| {
            black_box(black_box(&expr).distribution().map(|d| d.mean()).ok());
        });
        timings.insert(format!("distribution {notation}"), json!(ns));
        let d = expr.distribution()?;
        let at_least: Vec<Value> = (d.min()..=d.max())
            .map(|k| json!([k, d.prob_at_least(k)]))
            .collect();
        checks.insert(
            notation.to_string(),
            json!({ "mean": d.mean(), "min": d.min(), "max": d.max(), "at_least": at_least }),
        );
    }
    println!("{}", json!({ "timings_ns": timings, "checks": checks }));
    Ok(())
}
