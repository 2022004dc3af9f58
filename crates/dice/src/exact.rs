//! Exact distributions of expressions: per-die chains, sums by convolution, keep/drop by
//! dynamic programming over order statistics (never by enumerating every outcome).

use crate::distribution::{Budget, Distribution};
use crate::error::DistributionError;
use crate::expr::{BinOp, DiceTerm, Expr, NodeRef, View};
use crate::limits::MAX_EXPLOSIONS;

impl Expr {
    /// The exact distribution of the result.
    ///
    /// Sums are convolutions, `*` and `/` combine every pair of values, and keep/drop uses a
    /// dynamic programme over the dice sorted by value, so `4d6kh3` or `2d20kh1` take
    /// microseconds. Exploding dice follow the same [`crate::MAX_EXPLOSIONS`] cap as rolling
    /// and mark the result [`Distribution::is_truncated`].
    ///
    /// # Errors
    /// [`DistributionError`] when the result would span more than [`crate::MAX_SUPPORT`]
    /// values or need more than [`crate::MAX_DISTRIBUTION_OPS`] steps (e.g. `1000d1000kh500`).
    pub fn distribution(&self) -> Result<Distribution, DistributionError> {
        self.distribution_within(&mut Budget::default())
    }

    /// [`Expr::distribution`] charged to `budget`, which a caller shares
    /// across everything it computes for one answer.
    ///
    /// # Errors
    /// [`DistributionError`] as [`Expr::distribution`], or when the
    /// budget is spent or told to stop.
    pub fn distribution_within(
        &self,
        budget: &mut Budget,
    ) -> Result<Distribution, DistributionError> {
        node_distribution(self.root(), budget)
    }
}

fn node_distribution(
    node: NodeRef<'_>,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    match node.view() {
        View::Const(c) => Ok(Distribution::point(c)),
        View::Dice(term) => term_distribution(term, budget),
        View::Neg(inner) => Ok(node_distribution(inner, budget)?.negated()),
        View::Binary(op, l, r) => {
            let a = node_distribution(l, budget)?;
            let b = node_distribution(r, budget)?;
            match op {
                BinOp::Add => a.convolve_within(&b, budget),
                BinOp::Sub => a.convolve_within(&b.negated(), budget),
                BinOp::Mul | BinOp::Div => a.combine_within(&b, |x, y| op.apply(x, y), budget),
            }
        }
    }
}

/// Probability of each face `1..=sides` (index `face - 1`) for one roll after rerolls.
fn face_probs(term: &DiceTerm) -> Vec<f64> {
    let s = term.sides as usize;
    let uniform = 1.0 / s as f64;
    match term.reroll {
        None => vec![uniform; s],
        Some(reroll) if reroll.once => {
            let hits = (1..=term.sides).filter(|&f| reroll.when.matches(f)).count() as f64;
            (1..=term.sides)
                .map(|f| {
                    let first = if reroll.when.matches(f) { 0.0 } else { uniform };
                    first + hits * uniform * uniform
                })
                .collect()
        }
        Some(_) => {
            // Rerolling until a standing face is uniform over the standing faces.
            let standing = (1..=term.sides).filter(|&f| term.can_stand(f)).count() as f64;
            (1..=term.sides)
                .map(|f| {
                    if term.can_stand(f) {
                        1.0 / standing
                    } else {
                        0.0
                    }
                })
                .collect()
        }
    }
}

/// Distribution of one die's value, explosion chain included, and whether the cap mattered.
fn die_distribution(
    term: &DiceTerm,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    let faces = face_probs(term);
    let (_, hi) = term.die_bounds();
    // Values are at least 1 (faces and face limits are), so index by value directly.
    let len = usize::try_from(hi).unwrap_or(0) + 1;
    let mut truncated = false;
    // Chain from the deepest roll (which never explodes) back to the first.
    let mut next: Vec<f64> = Vec::new();
    let exploding = (1..=term.sides).filter(|&f| term.explodes_on(f)).count() as u64;
    for depth in (0..=MAX_EXPLOSIONS).rev() {
        budget.spend(u64::from(term.sides) + exploding.saturating_mul(next.len() as u64))?;
        let mut here = vec![0.0; len];
        for (i, &p) in faces.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let face = i as u32 + 1;
            let v = term.clamp(face) as usize;
            if term.explodes_on(face) {
                if depth == MAX_EXPLOSIONS {
                    truncated = true;
                } else {
                    for (j, &q) in next.iter().enumerate() {
                        if q > 0.0 && v + j < len {
                            here[v + j] += p * q;
                        }
                    }
                    continue;
                }
            }
            here[v] += p;
        }
        next = here;
        if term.explode.is_none() {
            break;
        }
    }
    Ok(Distribution::from_dense(0, next, truncated))
}

fn term_distribution(
    term: &DiceTerm,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    let die = die_distribution(term, budget)?;
    let (highest, kept) = match term.keep {
        Some(keep) => keep.normalized(term.count),
        None => (true, term.count),
    };
    if kept == 0 || term.count == 0 {
        return Ok(Distribution::point(0).with_truncated(die.is_truncated()));
    }
    if kept == term.count {
        return sum_of(&die, term.count, budget);
    }
    keep_distribution(&die, term.count, kept, highest, budget)
}

/// Sum of `n` independent copies of `die`, by binary powering of convolutions.
fn sum_of(
    die: &Distribution,
    n: u32,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    let mut result = Distribution::point(0);
    let mut power = die.clone();
    let mut n = n;
    loop {
        if n & 1 == 1 {
            result = result.convolve_within(&power, budget)?;
        }
        n >>= 1;
        if n == 0 {
            return Ok(result.with_truncated(die.is_truncated()));
        }
        power = power.convolve_within(&power, budget)?;
    }
}

/// Sum of the `k` highest (or lowest) of `n` independent dice distributed as `die`.
///
/// Visits the die's values from the best to the worst. State: how many dice have been
/// assigned a value so far (`j`) and the sum of those that are kept; since better values
/// come first, the kept ones are exactly the first `min(j, k)`. Assigning `c` more dice the
/// current value `v` has weight `C(n - j, c) p^c`. Cost: values × n² / 2 × sum range.
fn keep_distribution(
    die: &Distribution,
    n: u32,
    k: u32,
    highest: bool,
    budget: &mut Budget,
) -> Result<Distribution, DistributionError> {
    let mut values: Vec<(i64, f64)> = die.pmf().collect();
    if highest {
        values.reverse();
    }
    let n = n as usize;
    let k = k as usize;
    let vmax = usize::try_from(die.max()).unwrap_or(0);
    let sums = k * vmax + 1;
    let cost = (values.len() as u64)
        .saturating_mul((n * (n + 1) / 2) as u64)
        .saturating_mul(sums as u64);
    budget.spend(cost)?;
    let cells = budget.allocate(((n + 1) as u64).saturating_mul(sums as u64))?;
    // dp[j * sums + s]
    let mut dp = vec![0.0; cells];
    dp[0] = 1.0;
    let per_value = ((n * (n + 1) / 2) as u64).saturating_mul(sums as u64);
    for &(v, p) in &values {
        budget.progress(per_value)?;
        let v = usize::try_from(v).unwrap_or(0);
        let mut next = vec![0.0; cells];
        for j in 0..=n {
            let row = &dp[j * sums..(j + 1) * sums];
            if row.iter().all(|&x| x == 0.0) {
                continue;
            }
            let free = n - j;
            let mut weight = 1.0; // C(free, c) * p^c, updated incrementally
            for c in 0..=free {
                if c > 0 {
                    weight *= (free - c + 1) as f64 / c as f64 * p;
                }
                if weight == 0.0 {
                    break;
                }
                let add = c.min(k.saturating_sub(j)) * v;
                let target = (j + c) * sums;
                for (s, &x) in row.iter().enumerate() {
                    if x != 0.0 && s + add < sums {
                        next[target + s + add] += x * weight;
                    }
                }
            }
        }
        dp = next;
    }
    let last = dp.split_off(n * sums);
    Ok(Distribution::from_dense(0, last, die.is_truncated()))
}

#[cfg(test)]
mod tests {
    use crate::parse;

    fn dist(notation: &str) -> crate::Distribution {
        match parse(notation).map(|e| e.distribution()) {
            Ok(Ok(d)) => d,
            other => panic!("{notation}: {other:?}"),
        }
    }

    /// Brute-force enumeration for small expressions, the oracle for the clever paths.
    fn brute(count: u32, sides: u32, keep_high: Option<(bool, usize)>) -> Vec<(i64, f64)> {
        let total = (sides as usize).pow(count);
        let mut counts = std::collections::BTreeMap::new();
        for mut code in 0..total {
            let mut faces: Vec<i64> = (0..count)
                .map(|_| {
                    let f = (code % sides as usize) as i64 + 1;
                    code /= sides as usize;
                    f
                })
                .collect();
            faces.sort_unstable();
            let s: i64 = match keep_high {
                Some((true, k)) => faces.iter().rev().take(k).sum(),
                Some((false, k)) => faces.iter().take(k).sum(),
                None => faces.iter().sum(),
            };
            *counts.entry(s).or_insert(0u64) += 1;
        }
        counts
            .into_iter()
            .map(|(v, c)| (v, c as f64 / total as f64))
            .collect()
    }

    fn assert_pmf(notation: &str, expected: &[(i64, f64)]) {
        let got: Vec<_> = dist(notation).pmf().collect();
        assert_eq!(got.len(), expected.len(), "{notation}");
        for ((v, p), (ev, ep)) in got.iter().zip(expected) {
            assert_eq!(v, ev, "{notation}");
            assert!((p - ep).abs() < 1e-12, "{notation} at {v}: {p} vs {ep}");
        }
    }

    #[test]
    fn keep_and_drop_match_enumeration() {
        assert_pmf("4d6kh3", &brute(4, 6, Some((true, 3))));
        assert_pmf("4d6dl1", &brute(4, 6, Some((true, 3))));
        assert_pmf("2d20kh1", &brute(2, 20, Some((true, 1))));
        assert_pmf("2d20kl1", &brute(2, 20, Some((false, 1))));
        assert_pmf("5d4dh2", &brute(5, 4, Some((false, 3))));
        assert_pmf("3d8", &brute(3, 8, None));
    }

    #[test]
    fn known_values() {
        let d = dist("4d6kh3");
        assert!((d.mean() - 15869.0 / 1296.0).abs() < 1e-12);
        let adv = dist("2d20kh1");
        assert!((adv.mean() - 13.825).abs() < 1e-12);
        assert!((adv.prob_at_least(20) - 39.0 / 400.0).abs() < 1e-12);
        let d = dist("1d6ro1");
        // A 1 is rerolled once: P(1) = 1/36, others 7/36.
        assert!((d.prob(1) - 1.0 / 36.0).abs() < 1e-15);
        assert!((d.prob(6) - 7.0 / 36.0).abs() < 1e-15);
        let d = dist("1d6r<3");
        assert!((d.prob(3) - 0.25).abs() < 1e-15 && d.prob(2) == 0.0);
        let d = dist("1d8mi3");
        assert!((d.prob(3) - 3.0 / 8.0).abs() < 1e-15);
    }

    #[test]
    fn explosions_are_capped_and_marked() {
        let d = dist("1d6!");
        assert!(d.is_truncated());
        assert_eq!(d.max(), 24);
        assert!((d.prob(24) - 1.0 / 1296.0).abs() < 1e-15);
        assert!((d.prob(7) - 1.0 / 36.0).abs() < 1e-15);
        assert_eq!(d.prob(6), 0.0);
        assert!(!dist("2d6").is_truncated());
    }

    #[test]
    fn arithmetic_matches_bounds() {
        for notation in [
            "8d6 + 4",
            "2d20kh1 + 7",
            "1d6 * 1d4",
            "2d6 - 1d8",
            "(1d6 - 3) * -2",
        ] {
            let e = parse(notation).ok();
            let d = dist(notation);
            assert_eq!(
                e.as_ref().map(|e| (e.min(), e.max())),
                Some((d.min(), d.max())),
                "{notation}"
            );
            let total: f64 = d.pmf().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
        let d = dist("1d6 / 2");
        assert_eq!(
            d.pmf().map(|(v, _)| v).collect::<Vec<_>>(),
            vec![0, 1, 2, 3]
        );
        // A rolled zero divisor gives 0.
        let d = dist("6 / (1d2 - 1)");
        assert!((d.prob(0) - 0.5).abs() < 1e-15 && (d.prob(6) - 0.5).abs() < 1e-15);
    }

    #[test]
    fn oversized_work_is_an_error_not_a_hang() {
        let e = parse("1000d1000kh500").ok();
        let err = e.map(|e| e.distribution().err().map(|e| e.code()));
        assert_eq!(err, Some(Some("dice_distribution_too_costly")));
    }
}
