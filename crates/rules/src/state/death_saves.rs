//! Where a character at 0 hit points stands: kept in its vitals, changed
//! by death saves (`dying`).

use serde::{Deserialize, Serialize};

/// Successes (or failures) that end the dying: Stable (or dead).
pub const DEATH_SAVES_NEEDED: u8 = 3;

/// Where a character at 0 hit points stands: its death save counts,
/// whether it is Stable, whether it died. All clear above 0 hit points.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSaves {
    /// Successes so far (0 to 3).
    #[serde(default)]
    pub successes: u8,
    /// Failures so far (0 to 3).
    #[serde(default)]
    pub failures: u8,
    /// Stable: no more death saves; still Unconscious at 0 hit points.
    #[serde(default)]
    pub stable: bool,
    /// Dead: three failures or massive damage.
    #[serde(default)]
    pub dead: bool,
    /// When a Stable creature regains 1 hit point by itself (on the
    /// caster's clock, in rounds): 1d4 hours after it became Stable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wakes_at: Option<u64>,
}

impl DeathSaves {
    /// Whether nothing is recorded (the state above 0 hit points).
    pub fn is_clear(&self) -> bool {
        *self == DeathSaves::default()
    }

    /// After `n` failures: dead at three.
    pub fn failed(self, n: u8) -> DeathSaves {
        let failures = self.failures.saturating_add(n).min(DEATH_SAVES_NEEDED);
        DeathSaves {
            failures,
            stable: false,
            dead: self.dead || failures >= DEATH_SAVES_NEEDED,
            wakes_at: None,
            ..self
        }
    }

    /// After one success: Stable at three.
    pub fn succeeded(self) -> DeathSaves {
        let successes = self.successes.saturating_add(1).min(DEATH_SAVES_NEEDED);
        DeathSaves {
            successes,
            stable: successes >= DEATH_SAVES_NEEDED,
            ..self
        }
    }
}
