//! Exact probability distributions over integer results.

use serde::{Deserialize, Serialize};

use crate::error::DistributionError;
use crate::expr::floor_div;
use crate::limits::{MAX_DISTRIBUTION_OPS, MAX_SUPPORT};

/// An exact probability mass function over integers (computed, never sampled).
///
/// Probabilities are `f64`, so "exact" means exact up to floating-point rounding (the
/// masses sum to 1 within about 1e-12 for the dice sizes this crate accepts).
///
/// ```
/// let d = grimoire_dice::parse("2d6")?.distribution()?;
/// assert_eq!((d.min(), d.max()), (2, 12));
/// assert!((d.mean() - 7.0).abs() < 1e-12);
/// assert!((d.prob_at_least(12) - 1.0 / 36.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Stored")]
pub struct Distribution {
    /// The value of `probs[0]`.
    offset: i64,
    /// Dense masses for `offset..offset + probs.len()`; first and last are non-zero.
    probs: Vec<f64>,
    truncated: bool,
}

/// The serialized shape, validated before it becomes a [`Distribution`], so stored data
/// can never produce an empty or non-normalised distribution.
#[derive(Deserialize)]
struct Stored {
    offset: i64,
    probs: Vec<f64>,
    truncated: bool,
}

impl TryFrom<Stored> for Distribution {
    type Error = String;

    fn try_from(raw: Stored) -> Result<Self, Self::Error> {
        if raw.probs.is_empty() || raw.probs.len() > MAX_SUPPORT {
            return Err(format!("a distribution needs 1..={MAX_SUPPORT} masses"));
        }
        if raw.probs.iter().any(|p| !p.is_finite() || *p < 0.0) {
            return Err("distribution masses must be finite and non-negative".into());
        }
        let total: f64 = raw.probs.iter().sum();
        if (total - 1.0).abs() > 1e-6 {
            return Err(format!("distribution masses sum to {total}, not 1"));
        }
        if raw.offset.checked_add(raw.probs.len() as i64).is_none() {
            return Err("distribution values overflow".into());
        }
        Ok(Self::from_dense(raw.offset, raw.probs, raw.truncated))
    }
}

/// A work allowance for exact computations, in multiply-adds, that one
/// caller can share across as many distributions as it computes: the
/// cost of the whole (a plan of dozens of lines, say) is then bounded,
/// not the cost of each part.
///
/// It can also carry a `stop` question (a deadline, a cancelled request),
/// asked as the work goes, about every [`Budget::POLL_OPS`] steps; the
/// crate itself reads no clock.
///
/// ```
/// use grimoire_dice::{parse, Budget};
/// let mut budget = Budget::new(1_000_000);
/// let fireball = parse("8d6")?.distribution_within(&mut budget)?;
/// assert!(budget.spent() > 0);
/// // Each copy convolved in costs from the same allowance.
/// let twice = fireball.convolve_within(&fireball, &mut budget)?;
/// assert_eq!(twice.max(), 96);
/// let mut tiny = Budget::new(10);
/// let err = parse("40d6")?.distribution_within(&mut tiny).unwrap_err();
/// assert_eq!(err.code(), "dice_distribution_too_costly");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Budget {
    limit: u64,
    remaining: u64,
    /// Steps done since `stop` was last asked.
    unpolled: u64,
    stop: Option<Box<dyn Fn() -> bool + Send>>,
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("limit", &self.limit)
            .field("remaining", &self.remaining)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

impl Default for Budget {
    /// The allowance of one expression, [`crate::MAX_DISTRIBUTION_OPS`].
    fn default() -> Self {
        Self::new(MAX_DISTRIBUTION_OPS)
    }
}

impl Budget {
    /// How many steps go between two questions to `stop` (about a
    /// millisecond of work).
    pub const POLL_OPS: u64 = 1 << 20;

    /// An allowance of `ops` multiply-adds.
    pub fn new(ops: u64) -> Self {
        Self {
            limit: ops,
            remaining: ops,
            unpolled: 0,
            stop: None,
        }
    }

    /// The same allowance, and the work ends with
    /// [`DistributionError::Stopped`] once `stop` answers true.
    #[must_use]
    pub fn with_stop(mut self, stop: impl Fn() -> bool + Send + 'static) -> Self {
        self.stop = Some(Box::new(stop));
        self
    }

    /// Steps spent so far.
    pub fn spent(&self) -> u64 {
        self.limit - self.remaining
    }

    /// Steps left.
    pub fn remaining(&self) -> u64 {
        self.remaining
    }

    /// Charges `ops` steps about to be done: an error, and nothing
    /// charged, when they do not fit or the work was told to stop.
    ///
    /// # Errors
    /// [`DistributionError::TooCostly`] past the allowance,
    /// [`DistributionError::Stopped`] once `stop` says so.
    pub fn spend(&mut self, ops: u64) -> Result<(), DistributionError> {
        self.remaining = self
            .remaining
            .checked_sub(ops)
            .ok_or(DistributionError::TooCostly { limit: self.limit })?;
        self.unpolled = 0;
        self.check_stop()
    }

    /// Asks `stop`, at most every [`Budget::POLL_OPS`] steps of `done`
    /// work (already charged): for long loops between charges.
    pub(crate) fn progress(&mut self, done: u64) -> Result<(), DistributionError> {
        self.unpolled = self.unpolled.saturating_add(done);
        if self.unpolled < Self::POLL_OPS {
            return Ok(());
        }
        self.unpolled = 0;
        self.check_stop()
    }

    fn check_stop(&self) -> Result<(), DistributionError> {
        match &self.stop {
            Some(stop) if stop() => Err(DistributionError::Stopped),
            _ => Ok(()),
        }
    }

    /// Fails unless a buffer of `len` masses is small enough to allocate.
    pub(crate) fn allocate(&self, len: u64) -> Result<usize, DistributionError> {
        match usize::try_from(len) {
            Ok(n) if n <= 4 * MAX_SUPPORT => Ok(n),
            _ => Err(DistributionError::TooLarge {
                span: len,
                limit: 4 * MAX_SUPPORT,
            }),
        }
    }
}

fn check_span(lo: i64, hi: i64) -> Result<usize, DistributionError> {
    let span = (i128::from(hi) - i128::from(lo) + 1).max(0);
    match usize::try_from(span) {
        Ok(n) if n <= MAX_SUPPORT => Ok(n),
        _ => Err(DistributionError::TooLarge {
            span: u64::try_from(span).unwrap_or(u64::MAX),
            limit: MAX_SUPPORT,
        }),
    }
}

impl Distribution {
    /// A result that is always `value`.
    pub fn point(value: i64) -> Self {
        Self {
            offset: value,
            probs: vec![1.0],
            truncated: false,
        }
    }

    /// The distribution whose value `offset + i` has probability `masses[i]`:
    /// for a caller that computed the masses itself (a dynamic programme over
    /// dice a rule rerolls). `None` for masses that are negative or not
    /// finite, that do not sum to 1 (within 1e-9), or that span more than
    /// [`crate::MAX_SUPPORT`] values.
    pub fn from_masses(offset: i64, masses: Vec<f64>) -> Option<Distribution> {
        let len = i64::try_from(masses.len()).ok()?;
        check_span(offset, offset.checked_add(len - 1)?).ok()?;
        let total: f64 = masses.iter().sum();
        if masses.iter().any(|p| !p.is_finite() || *p < 0.0) || (total - 1.0).abs() > 1e-9 {
            return None;
        }
        Some(Self::from_dense(offset, masses, false))
    }

    /// Builds from dense masses starting at `offset`, trimming zero ends.
    pub(crate) fn from_dense(offset: i64, mut probs: Vec<f64>, truncated: bool) -> Self {
        let last = probs.iter().rposition(|&p| p > 0.0);
        let first = probs.iter().position(|&p| p > 0.0);
        match (first, last) {
            (Some(first), Some(last)) => {
                probs.truncate(last + 1);
                probs.drain(..first);
                Self {
                    offset: offset.saturating_add(i64::try_from(first).unwrap_or(0)),
                    probs,
                    truncated,
                }
            }
            // Only reachable if every mass underflowed; keep a valid distribution.
            _ => Self {
                truncated,
                ..Self::point(offset)
            },
        }
    }

    /// Least value with non-zero probability.
    ///
    /// Masses that underflow `f64` (e.g. all ones on hundreds of dice) count as zero.
    pub fn min(&self) -> i64 {
        self.offset
    }

    /// Greatest value with non-zero probability.
    pub fn max(&self) -> i64 {
        self.value_at(self.probs.len() - 1)
    }

    fn value_at(&self, index: usize) -> i64 {
        self.offset
            .saturating_add(i64::try_from(index).unwrap_or(i64::MAX))
    }

    /// How many values it spans (`max - min + 1`): what it holds in
    /// memory, and what one pass over it costs.
    pub fn span(&self) -> usize {
        self.probs.len()
    }

    /// Expected value.
    pub fn mean(&self) -> f64 {
        self.pmf().map(|(v, p)| v as f64 * p).sum()
    }

    /// Variance.
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.pmf().map(|(v, p)| (v as f64 - mean).powi(2) * p).sum()
    }

    /// Standard deviation.
    pub fn std_dev(&self) -> f64 {
        self.variance().sqrt()
    }

    /// P(X = value).
    pub fn prob(&self, value: i64) -> f64 {
        value
            .checked_sub(self.offset)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.probs.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// P(X >= k).
    pub fn prob_at_least(&self, k: i64) -> f64 {
        if k <= self.min() {
            return 1.0;
        }
        if k > self.max() {
            return 0.0;
        }
        self.pmf().filter(|&(v, _)| v >= k).map(|(_, p)| p).sum()
    }

    /// P(X <= k).
    pub fn prob_at_most(&self, k: i64) -> f64 {
        if k >= self.max() {
            return 1.0;
        }
        if k < self.min() {
            return 0.0;
        }
        self.pmf().filter(|&(v, _)| v <= k).map(|(_, p)| p).sum()
    }

    /// `(value, probability)` for every value with non-zero probability, ascending.
    pub fn pmf(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(i, &p)| (self.value_at(i), p))
    }

    /// True when an exploding die could reach the [`crate::MAX_EXPLOSIONS`] cap. The
    /// distribution then describes the capped rule that [`crate::Expr::roll`] follows; the
    /// uncapped rule's rarer, higher results are folded into the capped top value.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The distribution of `floor(x / 2)`: damage halved and rounded down, as for a
    /// successful "half damage" save or resistance.
    pub fn halved_floor(&self) -> Distribution {
        self.map_values(|v| floor_div(v, 2))
    }

    /// The distribution of `f(x)` for a monotone non-decreasing `f`, e.g. doubling for
    /// vulnerability (`|x| x * 2`) or a floor of zero (`|x| x.max(0)`).
    ///
    /// A non-monotone `f` is handled too, but values are then sorted by the resulting span,
    /// which may be large; the span is limited to [`crate::MAX_SUPPORT`] by clamping.
    pub fn map_values(&self, f: impl Fn(i64) -> i64) -> Distribution {
        let mapped: Vec<(i64, f64)> = self.pmf().map(|(v, p)| (f(v), p)).collect();
        let lo = mapped.iter().map(|m| m.0).min().unwrap_or(0);
        let hi = mapped.iter().map(|m| m.0).max().unwrap_or(0);
        let span = check_span(lo, hi).unwrap_or(MAX_SUPPORT);
        let mut probs = vec![0.0; span];
        for (v, p) in mapped {
            let i = usize::try_from(i128::from(v) - i128::from(lo)).unwrap_or(0);
            probs[i.min(span - 1)] += p;
        }
        Self::from_dense(lo, probs, self.truncated)
    }

    /// `a` with probability `p`, otherwise `b` (e.g. a hit with probability `p`, or a failed
    /// save). `p` is clamped to `0..=1`; NaN counts as 0.
    ///
    /// ```
    /// use grimoire_dice::{parse, Distribution};
    /// let full = parse("8d6")?.distribution()?;
    /// // Save for half: the target saves with probability 0.4.
    /// let dealt = Distribution::mix(0.6, &full, &full.halved_floor());
    /// assert!((dealt.mean() - (0.6 * 28.0 + 0.4 * full.halved_floor().mean())).abs() < 1e-9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mix(p: f64, a: &Distribution, b: &Distribution) -> Distribution {
        let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        let lo = a.min().min(b.min());
        let hi = a.max().max(b.max());
        // Both inputs are within MAX_SUPPORT, but their union may not be; the masses stay
        // correct either way, only the dense storage grows, so clamp the span defensively.
        let span = check_span(lo, hi).unwrap_or(MAX_SUPPORT);
        let mut probs = vec![0.0; span];
        for (weight, d) in [(p, a), (1.0 - p, b)] {
            for (v, q) in d.pmf() {
                let i = usize::try_from(i128::from(v) - i128::from(lo)).unwrap_or(0);
                probs[i.min(span - 1)] += weight * q;
            }
        }
        Self::from_dense(lo, probs, a.truncated || b.truncated)
    }

    /// The distribution of the sum of two independent results.
    ///
    /// # Errors
    /// [`DistributionError`] when the result would be too large or costly.
    pub fn convolve(&self, other: &Distribution) -> Result<Distribution, DistributionError> {
        self.convolve_within(other, &mut Budget::default())
    }

    /// [`Distribution::convolve`] charged to `budget` (checked before any
    /// work, so work that cannot fit is never begun).
    ///
    /// # Errors
    /// [`DistributionError`] when the result would be too large, or the
    /// budget is spent or told to stop.
    pub fn convolve_within(
        &self,
        other: &Distribution,
        budget: &mut Budget,
    ) -> Result<Distribution, DistributionError> {
        let lo = self.min().saturating_add(other.min());
        let hi = self.max().saturating_add(other.max());
        let span = check_span(lo, hi)?;
        budget.spend((self.probs.len() as u64).saturating_mul(other.probs.len() as u64))?;
        let mut probs = vec![0.0; span];
        let row = other.probs.len() as u64;
        for (i, &p) in self.probs.iter().enumerate() {
            budget.progress(row)?;
            if p == 0.0 {
                continue;
            }
            for (j, &q) in other.probs.iter().enumerate() {
                probs[i + j] += p * q;
            }
        }
        Ok(Self::from_dense(
            lo,
            probs,
            self.truncated || other.truncated,
        ))
    }

    /// The distribution of `-x`.
    pub fn negated(&self) -> Distribution {
        let mut probs = self.probs.clone();
        probs.reverse();
        Self {
            offset: self.max().saturating_neg(),
            probs,
            truncated: self.truncated,
        }
    }

    /// The distribution of `op(x, y)` for independent `x`, `y`, pair by pair.
    pub(crate) fn combine_within(
        &self,
        other: &Distribution,
        op: impl Fn(i64, i64) -> i64,
        budget: &mut Budget,
    ) -> Result<Distribution, DistributionError> {
        let pairs = (self.probs.len() as u64).saturating_mul(other.probs.len() as u64);
        budget.spend(pairs.saturating_mul(2))?;
        let mut lo = i64::MAX;
        let mut hi = i64::MIN;
        for (a, _) in self.pmf() {
            for (b, _) in other.pmf() {
                let v = op(a, b);
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        let span = check_span(lo, hi)?;
        budget.spend(span as u64)?;
        let mut probs = vec![0.0; span];
        for (a, p) in self.pmf() {
            for (b, q) in other.pmf() {
                // Within lo..=hi by construction.
                let i = usize::try_from(op(a, b).saturating_sub(lo)).unwrap_or(0);
                probs[i] += p * q;
            }
        }
        Ok(Self::from_dense(
            lo,
            probs,
            self.truncated || other.truncated,
        ))
    }

    pub(crate) fn with_truncated(mut self, truncated: bool) -> Self {
        self.truncated |= truncated;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d6() -> Distribution {
        Distribution::from_dense(1, vec![1.0 / 6.0; 6], false)
    }

    #[test]
    fn convolution_of_two_d6_is_triangular() {
        let two = d6()
            .convolve(&d6())
            .unwrap_or_else(|_| Distribution::point(0));
        assert_eq!((two.min(), two.max()), (2, 12));
        assert!((two.prob(7) - 6.0 / 36.0).abs() < 1e-15);
        assert!((two.prob_at_most(3) - 3.0 / 36.0).abs() < 1e-15);
        assert_eq!(two.prob(13), 0.0);
        assert_eq!(two.prob(i64::MIN), 0.0);
    }

    #[test]
    fn from_masses_takes_only_a_probability_distribution() {
        let d = Distribution::from_masses(2, vec![0.0, 0.25, 0.75, 0.0]);
        let pmf: Vec<_> = d.map(|d| d.pmf().collect::<Vec<_>>()).unwrap_or_default();
        assert_eq!(pmf, [(3, 0.25), (4, 0.75)]);
        assert!(Distribution::from_masses(0, vec![0.5, 0.4]).is_none());
        assert!(Distribution::from_masses(0, vec![1.5, -0.5]).is_none());
        assert!(Distribution::from_masses(0, vec![f64::NAN]).is_none());
        assert!(Distribution::from_masses(0, Vec::new()).is_none());
    }

    #[test]
    fn halving_rounds_down_including_negatives() {
        let d = Distribution::from_dense(-3, vec![0.25; 4], false).halved_floor();
        // -3 -> -2, -2 -> -1, -1 -> -1, 0 -> 0
        let pmf: Vec<_> = d.pmf().collect();
        assert_eq!(pmf, vec![(-2, 0.25), (-1, 0.5), (0, 0.25)]);
    }

    #[test]
    fn mix_weights_and_clamps() {
        let m = Distribution::mix(0.25, &Distribution::point(10), &Distribution::point(0));
        assert!((m.mean() - 2.5).abs() < 1e-15);
        let all_b = Distribution::mix(f64::NAN, &Distribution::point(10), &Distribution::point(0));
        assert_eq!(all_b.pmf().collect::<Vec<_>>(), vec![(0, 1.0)]);
        let all_a = Distribution::mix(7.0, &Distribution::point(10), &Distribution::point(0));
        assert_eq!(all_a.pmf().collect::<Vec<_>>(), vec![(10, 1.0)]);
    }

    #[test]
    fn map_values_applies_damage_rules() {
        let doubled = d6().map_values(|v| v * 2);
        assert_eq!(
            doubled.pmf().map(|(v, _)| v).collect::<Vec<_>>(),
            vec![2, 4, 6, 8, 10, 12]
        );
        assert!((doubled.mean() - 7.0).abs() < 1e-12);
        let floored = d6()
            .convolve(&Distribution::point(-3))
            .map(|d| d.map_values(|v| v.max(0)));
        let floored = floored.unwrap_or_else(|_| Distribution::point(99));
        assert!((floored.prob(0) - 0.5).abs() < 1e-15);
        assert_eq!(floored.max(), 3);
    }

    #[test]
    fn negation_mirrors() {
        let n = d6().negated();
        assert_eq!((n.min(), n.max()), (-6, -1));
        assert!((n.mean() + 3.5).abs() < 1e-12);
    }

    #[test]
    fn deserializing_validates() {
        let d = Distribution::from_dense(2, vec![0.0, 0.5, 0.5], true);
        let json = serde_json::to_string(&d).unwrap_or_default();
        let back: Result<Distribution, _> = serde_json::from_str(&json);
        assert_eq!(back.ok(), Some(d));
        for bad in [
            r#"{"offset":0,"probs":[],"truncated":false}"#,
            r#"{"offset":0,"probs":[0.5],"truncated":false}"#,
            r#"{"offset":0,"probs":[1.5,-0.5],"truncated":false}"#,
            r#"{"offset":9223372036854775807,"probs":[0.5,0.5],"truncated":false}"#,
        ] {
            assert!(serde_json::from_str::<Distribution>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn oversized_spans_are_errors() {
        let wide = Distribution::from_dense(0, vec![0.5, 0.5], false);
        let far = Distribution::mix(0.5, &Distribution::point(0), &Distribution::point(1 << 19));
        let err = far.convolve(&far).err();
        assert_eq!(err.map(|e| e.code()), Some("dice_distribution_too_large"));
        assert!(wide.convolve(&wide).is_ok());
    }
}
