//! Rolling and exact analysis must describe the same rule: for every modifier, the
//! frequencies of many seeded rolls match the exact distribution. Seeds are fixed, so the
//! test is deterministic; the tolerance is several standard errors wide.

use std::collections::HashMap;

use grimoire_dice::{SeededRng, parse};

const ROLLS: u32 = 40_000;

/// Total variation distance between the empirical and the exact distribution.
fn distance(notation: &str) -> f64 {
    let expr = parse(notation).unwrap_or_else(|e| panic!("{notation}: {e}"));
    let exact = expr
        .distribution()
        .unwrap_or_else(|e| panic!("{notation}: {e}"));
    let mut rng = SeededRng::new(0x5EED);
    let mut seen: HashMap<i64, u32> = HashMap::new();
    for _ in 0..ROLLS {
        *seen.entry(expr.roll(&mut rng).total()).or_default() += 1;
    }
    let mut tv: f64 = exact
        .pmf()
        .map(|(v, p)| (p - f64::from(seen.get(&v).copied().unwrap_or(0)) / f64::from(ROLLS)).abs())
        .sum();
    // Rolled values the distribution says are impossible count fully.
    tv += seen
        .iter()
        .filter(|&(&v, _)| exact.prob(v) == 0.0)
        .map(|(_, &c)| f64::from(c) / f64::from(ROLLS))
        .sum::<f64>();
    tv / 2.0
}

#[test]
fn every_modifier_rolls_as_its_distribution_says() {
    for notation in [
        "3d6",
        "4d6kh3",
        "4d6dl1",
        "2d20kl1",
        "5d4dh2",
        "2d6ro1",
        "2d6ro<3",
        "2d6r<3",
        "1d6r>4",
        "3d6!",
        "2d6!>4",
        "2d10!<3",
        "2d8mi3",
        "2d8ma5",
        "1d10r1mi3ma8!>7",
        "4d6r1!kh2",
        "1d6 * 1d4 - 2",
        "(2d6 + 1) / 1d3",
        "1d20 + adv",
    ] {
        let tv = distance(notation);
        println!("{notation}: {tv:.4}");
        // With 40 000 rolls and up to ~40 outcomes the expected distance is below 0.02.
        assert!(tv < 0.025, "{notation}: total variation {tv}");
    }
}

#[test]
fn a_wrong_rule_would_be_detected() {
    // Guards the guard: rolls of 2d6 compared with the distribution of 1d11 + 1 (same range,
    // wrong shape) must be far apart, or the tolerance above would hide real bugs.
    let expr = parse("2d6").ok();
    let other = parse("1d11 + 1").ok().and_then(|e| e.distribution().ok());
    let (Some(expr), Some(other)) = (expr, other) else {
        panic!("fixtures must parse");
    };
    let mut rng = SeededRng::new(1);
    let mut counts: HashMap<i64, u32> = HashMap::new();
    for _ in 0..ROLLS {
        *counts.entry(expr.roll(&mut rng).total()).or_default() += 1;
    }
    let tv: f64 = other
        .pmf()
        .map(|(v, p)| {
            (p - f64::from(counts.get(&v).copied().unwrap_or(0)) / f64::from(ROLLS)).abs()
        })
        .sum::<f64>()
        / 2.0;
    assert!(tv > 0.1, "distance {tv} too small to tell a bug from noise");
}
