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

    /// English name.
    pub fn name_en(self) -> &'static str {
        match self {
            Ability::Strength => "Strength",
            Ability::Dexterity => "Dexterity",
            Ability::Constitution => "Constitution",
            Ability::Intelligence => "Intelligence",
            Ability::Wisdom => "Wisdom",
            Ability::Charisma => "Charisma",
        }
    }

    /// Czech name.
    pub fn name_cs(self) -> &'static str {
        match self {
            Ability::Strength => "Síla",
            Ability::Dexterity => "Obratnost",
            Ability::Constitution => "Odolnost",
            Ability::Intelligence => "Inteligence",
            Ability::Wisdom => "Moudrost",
            Ability::Charisma => "Charisma",
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

    /// English name.
    pub fn name_en(self) -> &'static str {
        match self {
            Class::Bard => "Bard",
            Class::Cleric => "Cleric",
            Class::Druid => "Druid",
            Class::Paladin => "Paladin",
            Class::Ranger => "Ranger",
            Class::Sorcerer => "Sorcerer",
            Class::Warlock => "Warlock",
            Class::Wizard => "Wizard",
        }
    }

    /// Czech name.
    pub fn name_cs(self) -> &'static str {
        match self {
            Class::Bard => "bard",
            Class::Cleric => "klerik",
            Class::Druid => "druid",
            Class::Paladin => "paladin",
            Class::Ranger => "hraničář",
            Class::Sorcerer => "čaroděj",
            Class::Warlock => "černokněžník",
            Class::Wizard => "kouzelník",
        }
    }

    /// The ability the class casts with (supporting facts).
    pub fn spellcasting_ability(self) -> Ability {
        match self {
            Class::Bard | Class::Paladin | Class::Sorcerer | Class::Warlock => Ability::Charisma,
            Class::Cleric | Class::Druid | Class::Ranger => Ability::Wisdom,
            Class::Wizard => Ability::Intelligence,
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
    fn spellcasting_abilities_match_supporting_facts() {
        assert_eq!(Class::Wizard.spellcasting_ability(), Ability::Intelligence);
        assert_eq!(Class::Ranger.spellcasting_ability(), Ability::Wisdom);
        assert_eq!(Class::Warlock.spellcasting_ability(), Ability::Charisma);
        assert_eq!(Class::Ranger.name_cs(), "hraničář");
    }
}
