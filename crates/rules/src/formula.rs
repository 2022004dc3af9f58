//! Plain dice formulas (`8d6`, `1d4+1`) as spells state them.
//!
//! A spell's dice are kept as count, sides and a flat bonus rather than a
//! general expression, because scaling (R6, cantrip tiers) and critical hits
//! change the count and nothing else.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::RulesError;

/// `count`d`sides` + `bonus`, e.g. Magic Missile's `1d4+1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiceFormula {
    /// How many dice; 0 for a flat number.
    pub count: u32,
    /// Faces per die.
    pub sides: u32,
    /// Flat amount added after the dice.
    pub bonus: i32,
}

/// Largest die count a formula may hold, so rolls stay cheap.
pub const MAX_DICE: u32 = 1000;

impl DiceFormula {
    /// `count`d`sides` with no bonus.
    pub const fn new(count: u32, sides: u32) -> Self {
        DiceFormula {
            count,
            sides,
            bonus: 0,
        }
    }

    /// The same formula with a flat bonus.
    pub const fn plus(self, bonus: i32) -> Self {
        DiceFormula { bonus, ..self }
    }

    /// The same formula as a dice-crate expression, for distributions and
    /// display (`expr.distribution()`).
    pub fn to_expr(self) -> grimoire_dice::Expr {
        let flat = grimoire_dice::Expr::constant(i64::from(self.bonus));
        match (self.count, self.bonus) {
            (0, _) => flat,
            (count, 0) => grimoire_dice::Expr::dice(count, self.sides),
            (count, _) => grimoire_dice::Expr::dice(count, self.sides).add(flat),
        }
    }

    /// The same dice times `factor` (cantrip tiers), the bonus unchanged.
    pub fn times(self, factor: u32) -> Self {
        DiceFormula {
            count: self.count.saturating_mul(factor).min(MAX_DICE),
            ..self
        }
    }
}

impl fmt::Display for DiceFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 0 {
            return write!(f, "{}", self.bonus);
        }
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

impl FromStr for DiceFormula {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || RulesError::InvalidDice {
            text: text.to_string(),
        };
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let lower = compact.to_ascii_lowercase();
        let (dice_part, bonus) = match lower.find(['+', '-']) {
            Some(pos) if pos > 0 => {
                let bonus: i32 = lower[pos..]
                    .trim_start_matches('+')
                    .parse()
                    .map_err(|_| bad())?;
                (&lower[..pos], bonus)
            }
            _ => (lower.as_str(), 0),
        };
        match dice_part.split_once('d') {
            Some((count, sides)) => {
                let count: u32 = if count.is_empty() {
                    1
                } else {
                    count.parse().map_err(|_| bad())?
                };
                let sides: u32 = sides.parse().map_err(|_| bad())?;
                if sides == 0 || count > MAX_DICE {
                    return Err(bad());
                }
                Ok(DiceFormula {
                    count,
                    sides,
                    bonus,
                })
            }
            None => {
                let flat: i32 = dice_part.parse().map_err(|_| bad())?;
                Ok(DiceFormula {
                    count: 0,
                    sides: 1,
                    bonus: flat.saturating_add(bonus),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_spell_dice() {
        for text in ["8d6", "1d4+1", "2d8-1", "3"] {
            let f: DiceFormula = text.parse().unwrap();
            assert_eq!(f.to_string(), text);
        }
        assert_eq!(
            "d20".parse::<DiceFormula>().unwrap(),
            DiceFormula::new(1, 20)
        );
        assert_eq!(
            "1d0".parse::<DiceFormula>().unwrap_err().code(),
            "invalid_dice"
        );
        assert_eq!(
            "fire".parse::<DiceFormula>().unwrap_err().code(),
            "invalid_dice"
        );
        assert_eq!(DiceFormula::new(1, 10).times(3).to_string(), "3d10");
        let e = DiceFormula::new(2, 8).plus(3).to_expr();
        assert_eq!((e.min(), e.max()), (5, 19));
        let flat = DiceFormula::new(0, 1).plus(-2).to_expr();
        assert_eq!((flat.min(), flat.max()), (-2, -2));
    }
}
