//! Spellcasting classes and abilities.

use serde::{Deserialize, Serialize};

/// One of the six abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// Strength.
    Strength,
    /// Dexterity.
    Dexterity,
    /// Constitution.
    Constitution,
    /// Intelligence.
    Intelligence,
    /// Wisdom.
    Wisdom,
    /// Charisma.
    Charisma,
}

impl Ability {
    /// All six, in the usual order.
    pub const ALL: [Ability; 6] = [
        Ability::Strength,
        Ability::Dexterity,
        Ability::Constitution,
        Ability::Intelligence,
        Ability::Wisdom,
        Ability::Charisma,
    ];

    /// Position in [`Ability::ALL`].
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// Three-letter English abbreviation.
    pub fn abbrev(self) -> &'static str {
        match self {
            Ability::Strength => "STR",
            Ability::Dexterity => "DEX",
            Ability::Constitution => "CON",
            Ability::Intelligence => "INT",
            Ability::Wisdom => "WIS",
            Ability::Charisma => "CHA",
        }
    }
}

/// How a class gains spell slots (supporting facts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CasterKind {
    /// Reads the full-caster table at its class level.
    Full,
    /// Counts half its level (rounded up) toward the full-caster table.
    Half,
    /// Warlock Pact Magic, kept apart from the other slots.
    Pact,
}

/// A class with spellcasting (R8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// Bard.
    Bard,
    /// Cleric.
    Cleric,
    /// Druid.
    Druid,
    /// Paladin.
    Paladin,
    /// Ranger.
    Ranger,
    /// Sorcerer.
    Sorcerer,
    /// Warlock.
    Warlock,
    /// Wizard.
    Wizard,
}

impl Class {
    /// Every spellcasting class.
    pub const ALL: [Class; 8] = [
        Class::Bard,
        Class::Cleric,
        Class::Druid,
        Class::Paladin,
        Class::Ranger,
        Class::Sorcerer,
        Class::Warlock,
        Class::Wizard,
    ];

    /// The ability the class casts with (supporting facts).
    pub fn spellcasting_ability(self) -> Ability {
        match self {
            Class::Bard | Class::Paladin | Class::Sorcerer | Class::Warlock => Ability::Charisma,
            Class::Cleric | Class::Druid | Class::Ranger => Ability::Wisdom,
            Class::Wizard => Ability::Intelligence,
        }
    }

    /// How many level-1+ spells the class prepares at `level` (2024 class
    /// tables, supporting facts).
    pub fn prepared_spells(self, level: u8) -> u8 {
        const FULL: [u8; 20] = [
            4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 16, 17, 17, 18, 18, 19, 20, 21, 22,
        ];
        // The 2024 Wizard table follows the others' up to level 13, then
        // prepares more: 18 at level 14 up to 25 at level 20.
        const WIZARD: [u8; 20] = [
            4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 16, 17, 18, 19, 21, 22, 23, 24, 25,
        ];
        const SORCERER: [u8; 20] = [
            2, 4, 6, 7, 9, 10, 11, 12, 14, 15, 16, 16, 17, 17, 18, 18, 19, 20, 21, 22,
        ];
        const WARLOCK: [u8; 20] = [
            2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15,
        ];
        const HALF: [u8; 20] = [
            2, 3, 4, 5, 6, 6, 7, 7, 9, 9, 10, 10, 11, 11, 12, 12, 14, 14, 15, 15,
        ];
        let table = match self {
            Class::Bard | Class::Cleric | Class::Druid => &FULL,
            Class::Wizard => &WIZARD,
            Class::Sorcerer => &SORCERER,
            Class::Warlock => &WARLOCK,
            Class::Paladin | Class::Ranger => &HALF,
        };
        match level {
            0 => 0,
            l => table[usize::from(l.min(20)) - 1],
        }
    }

    /// How many cantrips the class knows at `level` (2024 class tables):
    /// one more at levels 4 and 10; Paladins and Rangers know none.
    pub fn cantrips_known(self, level: u8) -> u8 {
        let base = match self {
            Class::Paladin | Class::Ranger => return 0,
            Class::Bard | Class::Druid | Class::Warlock => 2,
            Class::Cleric | Class::Wizard => 3,
            Class::Sorcerer => 4,
        };
        match level {
            0 => 0,
            1..=3 => base,
            4..=9 => base + 1,
            _ => base + 2,
        }
    }

    /// How the class gains slots.
    pub fn caster_kind(self) -> CasterKind {
        match self {
            Class::Paladin | Class::Ranger => CasterKind::Half,
            Class::Warlock => CasterKind::Pact,
            _ => CasterKind::Full,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preparation_tables_match_the_2024_classes() {
        assert_eq!(Class::Wizard.prepared_spells(5), 9);
        assert_eq!(Class::Sorcerer.prepared_spells(1), 2);
        assert_eq!(Class::Warlock.prepared_spells(20), 15);
        assert_eq!(Class::Paladin.prepared_spells(3), 4);
        assert_eq!(Class::Wizard.cantrips_known(5), 4);
        assert_eq!(Class::Sorcerer.cantrips_known(10), 6);
        assert_eq!(Class::Druid.cantrips_known(3), 2);
        assert_eq!(Class::Ranger.cantrips_known(20), 0);
    }

    #[test]
    fn spellcasting_abilities_match_supporting_facts() {
        assert_eq!(Class::Wizard.spellcasting_ability(), Ability::Intelligence);
        assert_eq!(Class::Ranger.spellcasting_ability(), Ability::Wisdom);
        assert_eq!(Class::Warlock.spellcasting_ability(), Ability::Charisma);
    }
}
