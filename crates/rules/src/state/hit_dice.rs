//! Hit Point Dice spent since the last Long Rest: kept in a character's
//! vitals, spent and regained in `hit_dice`.

use serde::{Deserialize, Serialize};

/// The die sizes a class can give, smallest first.
pub const HIT_DIE_SIZES: [u8; 4] = [6, 8, 10, 12];

/// Hit Point Dice by size: how many of each (d6, d8, d10, d12).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitDice {
    /// d6s.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub d6: u8,
    /// d8s.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub d8: u8,
    /// d10s.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub d10: u8,
    /// d12s.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub d12: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl HitDice {
    /// Whether there are none.
    pub fn is_none(&self) -> bool {
        *self == HitDice::default()
    }

    /// How many dice of `size` (0 for a size no class gives).
    pub fn get(&self, size: u8) -> u8 {
        match size {
            6 => self.d6,
            8 => self.d8,
            10 => self.d10,
            12 => self.d12,
            _ => 0,
        }
    }

    /// The same with `n` more dice of `size` (a size no class gives is
    /// ignored).
    pub fn plus(mut self, size: u8, n: u8) -> HitDice {
        let slot = match size {
            6 => &mut self.d6,
            8 => &mut self.d8,
            10 => &mut self.d10,
            12 => &mut self.d12,
            _ => return self,
        };
        *slot = slot.saturating_add(n);
        self
    }

    /// Every (size, count) with a count above 0, smallest die first.
    pub fn each(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        HIT_DIE_SIZES
            .into_iter()
            .map(|s| (s, self.get(s)))
            .filter(|&(_, n)| n > 0)
    }
}
