//! Parses arbitrary UTF-8 as dice notation; when it parses, rolls it, re-parses its
//! canonical notation, and computes the exact distribution when that is cheap, checking
//! the invariants the rest of Grimoire relies on.
#![no_main]

use grimoire_dice::{SeededRng, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expr) = parse(input) else {
        return;
    };
    let shown = expr.to_string();
    let again = parse(&shown).expect("canonical notation must re-parse");
    assert_eq!(again, expr, "{input:?} -> {shown:?}");
    assert_eq!(again.to_string(), shown);

    let (lo, hi) = (expr.min(), expr.max());
    assert!(lo <= hi, "{shown}: min {lo} > max {hi}");
    let roll = expr.roll(&mut SeededRng::new(data.len() as u64));
    assert!((lo..=hi).contains(&roll.total()), "{shown}: rolled {roll}");
    assert_eq!(roll, expr.roll(&mut SeededRng::new(data.len() as u64)));

    // Keep each run fast: only analyse expressions with few dice.
    if expr.dice_count() <= 40 {
        if let Ok(d) = expr.distribution() {
            let total: f64 = d.pmf().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{shown}: masses sum to {total}");
            assert!(
                lo <= d.min() && d.max() <= hi,
                "{shown}: support outside bounds"
            );
            assert!(
                d.prob(roll.total()) > 0.0,
                "{shown}: rolled impossible {roll}"
            );
        }
    }
});
