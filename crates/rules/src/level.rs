//! Bounded levels: spell levels (R1) and slot levels (R2).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::RulesError;

/// A spell's level, 0 (cantrip) to 9 (R1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SpellLevel(u8);

impl SpellLevel {
    /// Level 0: cantrips (R1, R5a).
    pub const CANTRIP: SpellLevel = SpellLevel(0);

    /// Builds a spell level; refuses anything above 9 (R1).
    pub fn new(level: u8) -> Result<Self, RulesError> {
        Self::try_from(level)
    }

    /// The level as a number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Whether this is a cantrip (level 0).
    pub fn is_cantrip(self) -> bool {
        self.0 == 0
    }

    /// The smallest slot a spell of this level fits in (R3); `None` for cantrips.
    pub fn min_slot(self) -> Option<SlotLevel> {
        SlotLevel::try_from(self.0).ok()
    }
}

impl TryFrom<u8> for SpellLevel {
    type Error = RulesError;

    fn try_from(level: u8) -> Result<Self, Self::Error> {
        if level <= 9 {
            Ok(SpellLevel(level))
        } else {
            Err(RulesError::InvalidSpellLevel { level })
        }
    }
}

impl From<SpellLevel> for u8 {
    fn from(level: SpellLevel) -> u8 {
        level.0
    }
}

impl From<SlotLevel> for SpellLevel {
    fn from(slot: SlotLevel) -> SpellLevel {
        SpellLevel(slot.0)
    }
}

impl fmt::Display for SpellLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The level of a spell slot, 1 to 9 (R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct SlotLevel(u8);

impl SlotLevel {
    /// Every slot level, lowest first.
    pub const ALL: [SlotLevel; 9] = [
        SlotLevel(1),
        SlotLevel(2),
        SlotLevel(3),
        SlotLevel(4),
        SlotLevel(5),
        SlotLevel(6),
        SlotLevel(7),
        SlotLevel(8),
        SlotLevel(9),
    ];

    /// Builds a slot level; refuses 0 and anything above 9 (R2).
    pub fn new(level: u8) -> Result<Self, RulesError> {
        Self::try_from(level)
    }

    /// The level as a number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Zero-based index into per-level tables.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0 - 1)
    }
}

impl TryFrom<u8> for SlotLevel {
    type Error = RulesError;

    fn try_from(level: u8) -> Result<Self, Self::Error> {
        if (1..=9).contains(&level) {
            Ok(SlotLevel(level))
        } else {
            Err(RulesError::InvalidSlotLevel { level })
        }
    }
}

impl From<SlotLevel> for u8 {
    fn from(level: SlotLevel) -> u8 {
        level.0
    }
}

impl fmt::Display for SlotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_spell_levels_stop_at_nine() {
        assert!(SpellLevel::new(9).is_ok());
        assert_eq!(
            SpellLevel::new(10).unwrap_err().code(),
            "invalid_spell_level"
        );
        assert!(SpellLevel::CANTRIP.is_cantrip());
        assert_eq!(SpellLevel::CANTRIP.min_slot(), None);
    }

    #[test]
    fn r2_slot_levels_are_one_to_nine() {
        assert_eq!(SlotLevel::new(0).unwrap_err().code(), "invalid_slot_level");
        assert_eq!(SlotLevel::new(3).unwrap().get(), 3);
        assert_eq!(SpellLevel::new(2).unwrap().min_slot(), Some(SlotLevel(2)));
    }
}
