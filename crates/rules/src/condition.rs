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

    /// English name.
    pub fn name_en(self) -> &'static str {
        match self {
            Condition::Blinded => "Blinded",
            Condition::Charmed => "Charmed",
            Condition::Deafened => "Deafened",
            Condition::Exhaustion => "Exhaustion",
            Condition::Frightened => "Frightened",
            Condition::Grappled => "Grappled",
            Condition::Incapacitated => "Incapacitated",
            Condition::Invisible => "Invisible",
            Condition::Paralyzed => "Paralyzed",
            Condition::Petrified => "Petrified",
            Condition::Poisoned => "Poisoned",
            Condition::Prone => "Prone",
            Condition::Restrained => "Restrained",
            Condition::Stunned => "Stunned",
            Condition::Unconscious => "Unconscious",
        }
    }

    /// Czech name.
    pub fn name_cs(self) -> &'static str {
        match self {
            Condition::Blinded => "Oslepený",
            Condition::Charmed => "Zmámený",
            Condition::Deafened => "Ohlušený",
            Condition::Exhaustion => "Vyčerpání",
            Condition::Frightened => "Vystrašený",
            Condition::Grappled => "Uchopený",
            Condition::Incapacitated => "Neschopný",
            Condition::Invisible => "Neviditelný",
            Condition::Paralyzed => "Paralyzovaný",
            Condition::Petrified => "Zkamenělý",
            Condition::Poisoned => "Otrávený",
            Condition::Prone => "Ležící",
            Condition::Restrained => "Zadržený",
            Condition::Stunned => "Omráčený",
            Condition::Unconscious => "Bezvědomý",
        }
    }

    /// Parses the English name (any case).
    pub fn from_name(name: &str) -> Option<Condition> {
        Condition::ALL
            .into_iter()
            .find(|c| c.name_en().eq_ignore_ascii_case(name.trim()))
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
