//! Parse+roll and exact-distribution timings (`cargo bench -p grimoire-dice`).

use divan::black_box;
use grimoire_dice::{SeededRng, parse};

fn main() {
    divan::main();
}

/// Parse the notation and roll it once, as a chat command or the CLI does.
#[divan::bench(args = ["8d6+4", "4d6kh3", "1d20+7"])]
fn parse_and_roll(bencher: divan::Bencher, notation: &str) {
    let mut rng = SeededRng::new(1);
    bencher.bench_local(|| {
        let expr = parse(black_box(notation)).ok();
        expr.map(|e| e.roll(&mut rng).total())
    });
}

/// Roll an already-parsed expression, as the rules engine and a stored formula do.
#[divan::bench(args = ["8d6+4", "4d6kh3", "1d20+7"])]
fn roll_parsed(bencher: divan::Bencher, notation: &str) {
    let expr = parse(notation).ok();
    let mut rng = SeededRng::new(1);
    bencher.bench_local(|| black_box(expr.as_ref()).map(|e| e.roll(&mut rng).total()));
}

/// Exact distribution from an already-parsed expression.
#[divan::bench(args = ["10d6", "4d6kh3", "2d20kh1+7", "8d6", "20d6"])]
fn distribution(bencher: divan::Bencher, notation: &str) {
    let expr = parse(notation).ok();
    bencher.bench_local(|| black_box(expr.as_ref()).map(|e| e.distribution().map(|d| d.mean())));
}
