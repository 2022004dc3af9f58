//! The 2024 conditions.

use serde::{Deserialize, Serialize};

/// A condition a creature can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Blinded.
    Blinded,
    /// Charmed.
    Charmed,
    /// Deafened.
    Deafened,
    /// Exhaustion (any level).
    Exhaustion,
    /// Frightened.
    Frightened,
    /// Grappled.
    Grappled,
    /// Incapacitated: no actions, no reactions; ends Concentration.
    Incapacitated,
    /// Invisible.
    Invisible,
    /// Paralyzed (includes Incapacitated).
    Paralyzed,
    /// Petrified (includes Incapacitated).
    Petrified,
    /// Poisoned.
    Poisoned,
    /// Prone.
    Prone,
    /// Restrained.
    Restrained,
    /// Stunned (includes Incapacitated).
    Stunned,
    /// Unconscious (includes Incapacitated).
    Unconscious,
}

impl Condition {
    /// All fifteen conditions.
    pub const ALL: [Condition; 15] = [
        Condition::Blinded,
        Condition::Charmed,
        Condition::Deafened,
        Condition::Exhaustion,
        Condition::Frightened,
        Condition::Grappled,
        Condition::Incapacitated,
        Condition::Invisible,
        Condition::Paralyzed,
        Condition::Petrified,
        Condition::Poisoned,
        Condition::Prone,
        Condition::Restrained,
        Condition::Stunned,
        Condition::Unconscious,
    ];

    /// Whether having this condition means having Incapacitated too.
    pub fn incapacitates(self) -> bool {
        matches!(
            self,
            Condition::Incapacitated
                | Condition::Paralyzed
                | Condition::Petrified
                | Condition::Stunned
                | Condition::Unconscious
        )
    }

    /// Parses the English name (any case).
    pub fn from_name(name: &str) -> Option<Condition> {
        Condition::ALL
            .into_iter()
            // The English name is the variant's (one word each).
            .find(|c| format!("{c:?}").eq_ignore_ascii_case(name.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stunned_includes_incapacitated() {
        assert!(Condition::Stunned.incapacitates());
        assert!(!Condition::Prone.incapacitates());
        assert_eq!(
            Condition::from_name("incapacitated"),
            Some(Condition::Incapacitated)
        );
    }
}
