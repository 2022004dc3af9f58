//! Rolling spell dice with the injected generator, keeping every die.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::formula::DiceFormula;

/// Advantage, Disadvantage or neither for a d20 roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum RollMode {
    /// One d20.
    #[default]
    Normal,
    /// Two d20s, keep the higher.
    Advantage,
    /// Two d20s, keep the lower.
    Disadvantage,
}

/// One roll as it happened: what was rolled, every die, the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// What the roll was for (`attack vs Goblin`, `Force damage`).
    pub label: String,
    /// The notation rolled, e.g. `2d20kh1+5` or `8d6`.
    pub notation: String,
    /// Every die face rolled, in order.
    pub dice: Vec<u32>,
    /// The total.
    pub total: i64,
}

/// Rolls a formula.
pub(crate) fn roll_formula<R: DiceRng + ?Sized>(
    rng: &mut R,
    formula: DiceFormula,
    label: String,
) -> RollRecord {
    let dice: Vec<u32> = (0..formula.count.min(crate::formula::MAX_DICE))
        .map(|_| rng.roll_die(formula.sides))
        .collect();
    let total = dice.iter().map(|d| i64::from(*d)).sum::<i64>() + i64::from(formula.bonus);
    RollRecord {
        label,
        notation: formula.to_string(),
        dice,
        total,
    }
}

/// Rolls extra bonuses and penalties (Bless's d4, Bane's -d4, a flat +2)
/// for a d20 test, recording
/// dice bonuses as their own rolls; returns their sum.
pub(crate) fn roll_bonuses<R: DiceRng + ?Sized>(
    rng: &mut R,
    bonuses: &[crate::effect::BonusAmount],
    label: &str,
    rolls: &mut Vec<RollRecord>,
) -> i64 {
    let mut sum = 0i64;
    for b in bonuses {
        match b {
            crate::effect::BonusAmount::Flat(n) => sum += i64::from(*n),
            crate::effect::BonusAmount::Dice(f) => {
                let r = roll_formula(rng, *f, format!("{label} bonus"));
                sum += r.total;
                rolls.push(r);
            }
            crate::effect::BonusAmount::Penalty(f) => {
                let r = roll_formula(rng, *f, format!("{label} penalty"));
                sum -= r.total;
                rolls.push(r);
            }
        }
    }
    sum
}

/// Rolls a d20 test; returns the record and the natural die kept.
pub(crate) fn roll_d20<R: DiceRng + ?Sized>(
    rng: &mut R,
    mode: RollMode,
    modifier: i64,
    label: String,
) -> (RollRecord, u32) {
    let first = rng.roll_die(20);
    let (dice, kept, head) = match mode {
        RollMode::Normal => (vec![first], first, "1d20".to_string()),
        RollMode::Advantage => {
            let second = rng.roll_die(20);
            (
                vec![first, second],
                first.max(second),
                "2d20kh1".to_string(),
            )
        }
        RollMode::Disadvantage => {
            let second = rng.roll_die(20);
            (
                vec![first, second],
                first.min(second),
                "2d20kl1".to_string(),
            )
        }
    };
    let notation = match modifier {
        0 => head,
        m if m > 0 => format!("{head}+{m}"),
        m => format!("{head}{m}"),
    };
    (
        RollRecord {
            label,
            notation,
            dice,
            total: i64::from(kept) + modifier,
        },
        kept,
    )
}
