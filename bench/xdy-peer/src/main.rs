//! grimoire-dice beside xdy (a Rust dice compiler with exact distributions) on the same
//! expressions, in one process: every measurement alternates the two sides batch by
//! batch, so both see the same machine load. Prints a markdown table for
//! `docs/PERFORMANCE.md`.
//!
//! Run: `cargo run --release --manifest-path bench/xdy-peer/Cargo.toml` (bench/peers.sh
//! does). This crate is outside the workspace, so `cargo build`/`cargo test` and CI never
//! compile xdy.

use std::hint::black_box;
use std::time::{Duration, Instant};

use grimoire_dice::{SeededRng, parse};
use rand::SeedableRng;
use rand::rngs::StdRng;
use xdy::{Budget, Evaluator, Unobserved, compile, evaluate};

/// Our notation and the same expression in xdy's syntax.
const ROLLS: [(&str, &str); 3] = [
    ("8d6+4", "8D6 + 4"),
    ("4d6kh3", "4D6 drop lowest"),
    ("1d20+7", "1D20 + 7"),
];
const DISTRIBUTIONS: [(&str, &str); 3] = [
    ("10d6", "10D6"),
    ("4d6kh3", "4D6 drop lowest"),
    ("2d20kh1+7", "2D20 drop lowest + 7"),
];

/// Calls per batch so one batch of `op` takes at least 20 ms.
fn batch_size(op: &mut dyn FnMut()) -> u64 {
    let mut n = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..n {
            op();
        }
        if start.elapsed() >= Duration::from_millis(20) {
            return n;
        }
        n *= 2;
    }
}

/// Median ns per call of each side over 7 batches each, the batches alternating.
fn side_by_side(ours: &mut dyn FnMut(), theirs: &mut dyn FnMut()) -> (f64, f64) {
    let (n_ours, n_theirs) = (batch_size(ours), batch_size(theirs));
    let time = |op: &mut dyn FnMut(), n: u64| {
        let start = Instant::now();
        for _ in 0..n {
            op();
        }
        start.elapsed().as_nanos() as f64 / n as f64
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..7 {
        a.push(time(ours, n_ours));
        b.push(time(theirs, n_theirs));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    (median(a), median(b))
}

fn row(op: &str, (ours, theirs): (f64, f64)) {
    println!("| {op} | {ours:.0} | {theirs:.0} | {:.3} |", ours / theirs);
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut rng = SeededRng::new(1);
    let mut xrng = StdRng::seed_from_u64(1);
    println!("| operation | grimoire-dice (ns) | xdy (ns) | ours/xdy |");
    println!("|---|---:|---:|---:|");
    for (ours, theirs) in ROLLS {
        row(
            &format!("parse+roll `{ours}` (xdy: compile+evaluate `{theirs}`)"),
            side_by_side(
                &mut || {
                    black_box(
                        parse(black_box(ours))
                            .map(|e| e.roll(&mut rng).total())
                            .ok(),
                    );
                },
                &mut || {
                    black_box(
                        evaluate(black_box(theirs), [], [], &mut xrng)
                            .map(|e| e.result)
                            .ok(),
                    );
                },
            ),
        );
    }
    for (ours, theirs) in ROLLS {
        let expr = parse(ours)?;
        let mut evaluator = Evaluator::new(compile(theirs).map_err(|e| e.to_string())?);
        row(
            &format!("roll only, already parsed/compiled `{ours}`"),
            side_by_side(
                &mut || {
                    black_box(black_box(&expr).roll(&mut rng).total());
                },
                &mut || {
                    black_box(evaluator.evaluate([], &mut xrng).map(|e| e.result).ok());
                },
            ),
        );
    }
    let mut checks = Vec::new();
    for (ours, theirs) in DISTRIBUTIONS {
        let expr = parse(ours)?;
        let evaluator = Evaluator::new(compile(theirs).map_err(|e| e.to_string())?);
        let xdy_mean = || {
            evaluator
                .plan_distribution([])
                .ok()
                .and_then(|plan| plan.build(Budget::UNLIMITED, &Unobserved).ok())
                .map(|d| d.mean().to_f64())
        };
        row(
            &format!("distribution `{ours}` (exact; xdy: plan+build, mean)"),
            side_by_side(
                &mut || {
                    black_box(black_box(&expr).distribution().map(|d| d.mean()).ok());
                },
                &mut || {
                    black_box(xdy_mean());
                },
            ),
        );
        let ours_mean = expr.distribution()?.mean();
        checks.push((ours, ours_mean, xdy_mean().unwrap_or(f64::NAN)));
    }
    println!();
    println!("| distribution | mean (ours) | mean (xdy) |");
    println!("|---|---:|---:|");
    for (n, a, b) in &checks {
        println!("| `{n}` | {a:.12} | {b:.12} |");
    }
    let worst = checks
        .iter()
        .map(|(_, a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    println!();
    println!("Means agree within {worst:.2e}.");
    if !(worst < 1e-9) {
        return Err("means disagree with xdy".into());
    }
    Ok(())
}
