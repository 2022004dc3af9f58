//! Game time: spans counted in rounds, casting times and durations (R9, R15).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Rounds in one minute: a round lasts 6 seconds.
pub const ROUNDS_PER_MINUTE: u32 = 10;

/// The unit a [`TimeSpan`] was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeUnit {
    /// 6 seconds.
    Round,
    /// 10 rounds.
    Minute,
    /// 60 minutes.
    Hour,
    /// 24 hours.
    Day,
}

impl TimeUnit {
    /// How many rounds one unit lasts.
    pub fn rounds(self) -> u32 {
        match self {
            TimeUnit::Round => 1,
            TimeUnit::Minute => ROUNDS_PER_MINUTE,
            TimeUnit::Hour => 60 * ROUNDS_PER_MINUTE,
            TimeUnit::Day => 24 * 60 * ROUNDS_PER_MINUTE,
        }
    }
}

/// A length of game time, kept in the unit it was written in so it prints
/// back the same way; compare spans with [`TimeSpan::rounds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeSpan {
    /// How many units.
    pub amount: u32,
    /// Which unit.
    pub unit: TimeUnit,
}

impl TimeSpan {
    /// `n` rounds.
    pub const fn rounds_of(n: u32) -> Self {
        TimeSpan {
            amount: n,
            unit: TimeUnit::Round,
        }
    }

    /// `n` minutes.
    pub const fn minutes(n: u32) -> Self {
        TimeSpan {
            amount: n,
            unit: TimeUnit::Minute,
        }
    }

    /// `n` hours.
    pub const fn hours(n: u32) -> Self {
        TimeSpan {
            amount: n,
            unit: TimeUnit::Hour,
        }
    }

    /// `n` days.
    pub const fn days(n: u32) -> Self {
        TimeSpan {
            amount: n,
            unit: TimeUnit::Day,
        }
    }

    /// Length in rounds (saturating: no span overflows).
    pub fn rounds(self) -> u64 {
        u64::from(self.amount) * u64::from(self.unit.rounds())
    }
}

impl fmt::Display for TimeSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = match (self.unit, self.amount == 1) {
            (TimeUnit::Round, true) => "round",
            (TimeUnit::Round, false) => "rounds",
            (TimeUnit::Minute, true) => "minute",
            (TimeUnit::Minute, false) => "minutes",
            (TimeUnit::Hour, true) => "hour",
            (TimeUnit::Hour, false) => "hours",
            (TimeUnit::Day, true) => "day",
            (TimeUnit::Day, false) => "days",
        };
        write!(f, "{} {}", self.amount, unit)
    }
}

/// How long casting a spell takes (R9, R11, R12).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastingTime {
    /// The Magic action.
    Action,
    /// A Bonus Action, sometimes only in response to a trigger (R11).
    BonusAction {
        /// The trigger, when the spell has one.
        trigger: Option<String>,
    },
    /// A Reaction to the named trigger (R11).
    Reaction {
        /// What the caster reacts to.
        trigger: String,
    },
    /// Minutes of casting (R12).
    Minutes(u32),
    /// Hours of casting (R12).
    Hours(u32),
}

impl CastingTime {
    /// For casting times of a minute or more (R12), the span in rounds.
    pub fn long_rounds(&self) -> Option<u64> {
        match self {
            CastingTime::Minutes(m) => Some(TimeSpan::minutes(*m).rounds()),
            CastingTime::Hours(h) => Some(TimeSpan::hours(*h).rounds()),
            _ => None,
        }
    }
}

/// How long a spell lasts once cast (R15).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Happens and is gone.
    Instantaneous,
    /// Lasts the span; the caster may dismiss it unless Incapacitated (R15).
    Timed(TimeSpan),
    /// Lasts while the caster concentrates, at most the span.
    Concentration {
        /// The longest the spell can last.
        up_to: TimeSpan,
    },
    /// Lasts until the start of the caster's next turn (Shield's "1
    /// round"): it ends when the caster's own turn begins, wherever in the
    /// round it was cast, never at a round's start, and at most a round of
    /// waiting outside a fight.
    UntilNextTurn,
    /// Lasts until dispelled (or triggered).
    UntilDispelled,
    /// Anything else, as the spell describes.
    Special,
}

impl Duration {
    /// Whether the Concentration rules apply.
    pub fn is_concentration(&self) -> bool {
        matches!(self, Duration::Concentration { .. })
    }

    /// The most the spell can last, in rounds; `None` for instantaneous,
    /// `Some(u64::MAX)` for spells that last until dispelled or otherwise.
    pub fn max_rounds(&self) -> Option<u64> {
        match self {
            Duration::Instantaneous => None,
            Duration::Timed(span) | Duration::Concentration { up_to: span } => Some(span.rounds()),
            Duration::UntilNextTurn => Some(1),
            Duration::UntilDispelled | Duration::Special => Some(u64::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r15_one_minute_is_ten_rounds() {
        assert_eq!(TimeSpan::minutes(1).rounds(), 10);
        assert_eq!(TimeSpan::hours(1).rounds(), 600);
        assert_eq!(TimeSpan::minutes(10).to_string(), "10 minutes");
        assert_eq!(CastingTime::Minutes(10).long_rounds(), Some(100));
        assert_eq!(Duration::Instantaneous.max_rounds(), None);
    }
}
