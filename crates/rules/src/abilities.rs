//! Ability scores, modifiers and proficiency (supporting facts).

use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::error::RulesError;

/// The six ability scores, each 1..=30.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[u8; 6]", into = "[u8; 6]")]
pub struct AbilityScores([u8; 6]);

impl AbilityScores {
    /// Scores in the order STR, DEX, CON, INT, WIS, CHA.
    pub fn new(scores: [u8; 6]) -> Result<Self, RulesError> {
        for (ability, score) in Ability::ALL.into_iter().zip(scores) {
            if !(1..=30).contains(&score) {
                return Err(RulesError::InvalidAbilityScore { ability, score });
            }
        }
        Ok(AbilityScores(scores))
    }

    /// One score.
    pub fn score(&self, ability: Ability) -> u8 {
        self.0[ability.index()]
    }

    /// One modifier: floor((score − 10) / 2).
    pub fn modifier(&self, ability: Ability) -> i8 {
        ability_modifier(self.score(ability))
    }
}

impl Default for AbilityScores {
    fn default() -> Self {
        AbilityScores([10; 6])
    }
}

impl TryFrom<[u8; 6]> for AbilityScores {
    type Error = RulesError;

    fn try_from(scores: [u8; 6]) -> Result<Self, Self::Error> {
        AbilityScores::new(scores)
    }
}

impl From<AbilityScores> for [u8; 6] {
    fn from(scores: AbilityScores) -> [u8; 6] {
        scores.0
    }
}

/// floor((score − 10) / 2).
pub fn ability_modifier(score: u8) -> i8 {
    // Scores are at most 30 here, so the cast cannot truncate.
    (i16::from(score) - 10).div_euclid(2) as i8
}

/// 2 + floor((level − 1) / 4), for character levels 1..=20.
pub fn proficiency_bonus(character_level: u8) -> u8 {
    2 + character_level.saturating_sub(1) / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_round_down() {
        assert_eq!(ability_modifier(1), -5);
        assert_eq!(ability_modifier(9), -1);
        assert_eq!(ability_modifier(10), 0);
        assert_eq!(ability_modifier(17), 3);
        assert_eq!(ability_modifier(30), 10);
    }

    #[test]
    fn proficiency_by_level() {
        let got: Vec<u8> = [1, 4, 5, 8, 9, 13, 17, 20].map(proficiency_bonus).to_vec();
        assert_eq!(got, [2, 2, 3, 3, 4, 5, 6, 6]);
    }

    #[test]
    fn scores_are_bounded() {
        assert_eq!(
            AbilityScores::new([10, 10, 10, 31, 10, 10])
                .unwrap_err()
                .code(),
            "invalid_ability_score"
        );
        assert_eq!(
            AbilityScores::new([0, 10, 10, 10, 10, 10])
                .unwrap_err()
                .code(),
            "invalid_ability_score"
        );
    }
}
