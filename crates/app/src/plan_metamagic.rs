//! What Metamagic changes in the planner's numbers (issue 35), exactly:
//! Empowered Spell's rerolls under its stated rule, Heightened Spell's
//! Disadvantage on the save, Careful Spell's protected creature, Twinned
//! Spell's level one higher.

use grimoire_dice::Distribution;
use grimoire_rules::{
    Ability, CastFeature, Caster, Class, DamageType, Metamagic, Spell, unfit_for,
};

use crate::budget::{Exhausted, WorkBudget};

/// The options whose effect the planner computes, in the order its lines
/// show them.
pub const PLANNED: [Metamagic; 4] = [
    Metamagic::Empowered,
    Metamagic::Heightened,
    Metamagic::Careful,
    Metamagic::Twinned,
];

/// Which casting a plan line describes: plain, with one Metamagic option,
/// or with Overchannel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variant {
    /// As it is, with what the caster's features always add.
    Plain,
    /// With this Metamagic option.
    Meta(Metamagic),
    /// With Overchannel (Evoker 14).
    Overchannel,
}

impl Variant {
    /// The Metamagic option, if any.
    pub fn metamagic(self) -> Option<Metamagic> {
        match self {
            Variant::Meta(m) => Some(m),
            _ => None,
        }
    }
}

/// What acts on one casting's damage rolls, as the rules apply it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shape {
    /// Empowered Spell: the most dice rerolled (first roll only).
    pub empowered: Option<usize>,
    /// Overchannel: every die at its most (every roll).
    pub maximum: bool,
    /// Flat bonuses added once, to the first part they fit (Empowered
    /// Evocation: any type; Elemental Affinity: its type).
    pub bonuses: Vec<(i32, Option<DamageType>)>,
}

impl Shape {
    /// What acts on the rolls after the first: the maximum only.
    pub fn later(&self) -> Shape {
        Shape {
            maximum: self.maximum,
            ..Shape::default()
        }
    }

    /// Whether something acts on the first roll only.
    pub fn acts_once(&self) -> bool {
        self.empowered.is_some() || !self.bonuses.is_empty()
    }
}

/// The flat bonuses the caster's subclass adds to a casting of `spell`
/// as `class` (SRD 5.2): Empowered Evocation's Intelligence modifier on
/// a Wizard evocation spell's damage, Elemental Affinity's Charisma
/// modifier on damage of its type.
pub fn subclass_bonuses(
    caster: &Caster,
    spell: &Spell,
    class: Option<Class>,
) -> Vec<(i32, Option<DamageType>)> {
    grimoire_rules::damage_bonuses(caster, spell, class)
}

/// Whether Overchannel can shape this casting: the caster has it, and it
/// is a damaging Wizard spell of a level 1–5 slot.
pub fn overchannel_fits(
    caster: &Caster,
    spell: &Spell,
    class: Option<Class>,
    way: &crate::options::Way,
) -> bool {
    use crate::options::Way;
    let slot = match way {
        Way::Slot { level } | Way::PactSlot { level } => {
            grimoire_rules::SlotLevel::new(*level).ok()
        }
        _ => None,
    };
    caster.has_cast_feature(CastFeature::Overchannel)
        && grimoire_rules::overchannel_fits(spell, class, slot)
}

/// The options of [`PLANNED`] that `caster` knows, that fit `spell` and
/// that it has the Sorcery Points for now.
pub fn planned_for(caster: &Caster, spell: &Spell) -> Vec<Metamagic> {
    let known = caster.metamagic_known();
    PLANNED
        .into_iter()
        .filter(|m| known.contains(m))
        .filter(|m| unfit_for(*m, spell).is_none())
        .filter(|m| caster.sorcery_points() >= m.cost())
        .collect()
}

/// How many dice Empowered Spell rerolls at most: the Charisma modifier,
/// at least 1 (as the rules shape it).
pub fn empowered_limit(caster: &Caster) -> usize {
    usize::try_from(caster.modifier(Ability::Charisma).max(1)).unwrap_or(1)
}

/// The chance a save with Disadvantage fails, when one roll fails with
/// `fail`: either of the two d20s failing does.
pub fn heightened_fail(fail: f64) -> f64 {
    1.0 - (1.0 - fail) * (1.0 - fail)
}

/// The exact distribution of the sum of `count` dice of `sides` after
/// Empowered Spell rerolls, under [`grimoire_rules::Reroll::BelowAverage`],
/// up to `limit` of the dice that rolled below the die's average, the
/// lowest first (each reroll stands).
///
/// A dynamic programme over the faces from 1 up: how many dice show each
/// face (multinomially), how many of them are rerolled (the lowest below
/// the average, while the limit lasts) and the sum of those kept; then
/// each count of rerolled dice adds that many fresh dice. Its steps are
/// charged to `budget` before it starts.
pub fn empowered_dice(
    count: u32,
    sides: u32,
    limit: usize,
    budget: &mut WorkBudget,
) -> Result<Distribution, Exhausted> {
    let n = usize::try_from(count).map_err(|_| Exhausted::TooLarge)?;
    let s = usize::try_from(sides).map_err(|_| Exhausted::TooLarge)?;
    if n == 0 || s == 0 {
        return Ok(Distribution::point(0));
    }
    let l = limit.min(n);
    let top = n.checked_mul(s).ok_or(Exhausted::TooLarge)?;
    if top > grimoire_dice::MAX_SUPPORT {
        return Err(Exhausted::TooLarge);
    }
    // faces × dice placed × dice still to place × rerolls × sums.
    let steps = [s, n + 1, n + 1, l + 1, top + 1]
        .into_iter()
        .try_fold(1u64, |acc, x| acc.checked_mul(x as u64))
        .ok_or(Exhausted::TooLarge)?;
    budget.spend(steps)?;
    // A face is below the average (sides + 1) / 2 when 2 × face < sides + 1.
    let below = |face: usize| 2 * face < s + 1;
    let p = 1.0 / s as f64;
    let choose = binomials(n);
    // state[placed][rerolled][kept sum]
    let idx = |placed: usize, r: usize, k: usize| (placed * (l + 1) + r) * (top + 1) + k;
    let mut state = vec![0.0f64; (n + 1) * (l + 1) * (top + 1)];
    state[idx(0, 0, 0)] = 1.0;
    for face in 1..=s {
        let mut next = vec![0.0f64; state.len()];
        for placed in 0..=n {
            for r in 0..=l {
                for k in 0..=top {
                    let mass = state[idx(placed, r, k)];
                    if mass == 0.0 {
                        continue;
                    }
                    let left = n - placed;
                    // The last face takes every die still to place.
                    let counts = if face == s { left..=left } else { 0..=left };
                    for c in counts {
                        let rerolled = if below(face) { c.min(l - r) } else { 0 };
                        let kept_sum = k + (c - rerolled) * face;
                        let w = choose[left][c] * p.powi(c as i32);
                        next[idx(placed + c, r + rerolled, kept_sum)] += mass * w;
                    }
                }
            }
        }
        state = next;
    }
    let die = Distribution::from_masses(1, vec![p; s]).ok_or(Exhausted::TooLarge)?;
    let mut masses = vec![0.0f64; top + 1];
    let mut fresh = Distribution::point(0);
    for r in 0..=l {
        if r > 0 {
            fresh = fresh
                .convolve_within(&die, budget.dice())
                .map_err(|e| Exhausted::from(&e))?;
        }
        budget.spend(((top + 1) * fresh.span()) as u64)?;
        for k in 0..=top {
            let mass = state[idx(n, r, k)];
            if mass == 0.0 {
                continue;
            }
            for (v, q) in fresh.pmf() {
                let at = k + usize::try_from(v).unwrap_or(0);
                if let Some(m) = masses.get_mut(at) {
                    *m += mass * q;
                }
            }
        }
    }
    // Rounding leaves the total a hair off 1: scale it back.
    let total: f64 = masses.iter().sum();
    masses.iter_mut().for_each(|m| *m /= total);
    Distribution::from_masses(0, masses).ok_or(Exhausted::TooLarge)
}

/// Pascal's triangle up to `n`: `c[m][k]` is m choose k.
fn binomials(n: usize) -> Vec<Vec<f64>> {
    let mut c = vec![vec![0.0f64; n + 1]; n + 1];
    for m in 0..=n {
        c[m][0] = 1.0;
        for k in 1..=m {
            c[m][k] = c[m - 1][k - 1] + if k < m { c[m - 1][k] } else { 0.0 };
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget() -> WorkBudget {
        WorkBudget::for_plan()
    }

    /// Every roll of `count` d`sides`, with the rule applied by brute force.
    fn brute(count: u32, sides: u32, limit: usize) -> Vec<f64> {
        let total = (sides as usize).pow(count);
        let mut out = vec![0.0; (count * sides) as usize + 1];
        for i in 0..total {
            let mut faces: Vec<u32> = (0..count)
                .map(|d| (i / (sides as usize).pow(d)) as u32 % sides + 1)
                .collect();
            faces.sort_unstable();
            let rerolled = faces
                .iter()
                .filter(|f| 2 * **f < sides + 1)
                .count()
                .min(limit);
            let kept: u32 = faces[rerolled..].iter().sum();
            // Each rerolled die becomes a fresh die: spread its mass.
            let mut fresh = vec![1.0f64];
            for _ in 0..rerolled {
                let mut next = vec![0.0; fresh.len() + sides as usize];
                for (v, p) in fresh.iter().enumerate() {
                    for f in 1..=sides as usize {
                        next[v + f] += p / f64::from(sides);
                    }
                }
                fresh = next;
            }
            for (v, p) in fresh.iter().enumerate() {
                if *p > 0.0 {
                    out[kept as usize + v] += p / total as f64;
                }
            }
        }
        out
    }

    #[test]
    fn empowered_spell_distribution_matches_every_roll_counted() {
        for (count, sides, limit) in [(3, 6, 1), (3, 6, 2), (4, 6, 3), (2, 10, 5), (3, 8, 2)] {
            let d = empowered_dice(count, sides, limit, &mut budget()).unwrap();
            let want = brute(count, sides, limit);
            for (v, p) in want.iter().enumerate() {
                assert!(
                    (d.prob(v as i64) - p).abs() < 1e-12,
                    "{count}d{sides} limit {limit} at {v}: {} vs {p}",
                    d.prob(v as i64)
                );
            }
        }
    }

    #[test]
    fn empowered_spell_raises_fireballs_mean_by_a_known_amount() {
        // With no limit every die below 3.5 is rerolled: each d6 is then
        // worth 1/2 × 5 + 1/2 × 3.5 = 4.25.
        let d = empowered_dice(8, 6, 8, &mut budget()).unwrap();
        assert!((d.mean() - 8.0 * 4.25).abs() < 1e-9, "{}", d.mean());
        let plain = 28.0;
        let three = empowered_dice(8, 6, 3, &mut budget()).unwrap().mean();
        assert!(three > plain && three < 34.0, "{three}");
    }

    #[test]
    fn heightened_spell_fails_more_often() {
        assert_eq!(heightened_fail(0.5), 0.75);
        assert_eq!(heightened_fail(1.0), 1.0);
        assert_eq!(heightened_fail(0.0), 0.0);
    }
}
