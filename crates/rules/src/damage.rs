//! Damage types and how a creature's defences change damage.

use serde::{Deserialize, Serialize};

/// One of the thirteen damage types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageType {
    /// Acid.
    Acid,
    /// Bludgeoning.
    Bludgeoning,
    /// Cold.
    Cold,
    /// Fire.
    Fire,
    /// Force.
    Force,
    /// Lightning.
    Lightning,
    /// Necrotic.
    Necrotic,
    /// Piercing.
    Piercing,
    /// Poison.
    Poison,
    /// Psychic.
    Psychic,
    /// Radiant.
    Radiant,
    /// Slashing.
    Slashing,
    /// Thunder.
    Thunder,
}

impl DamageType {
    /// All thirteen types.
    pub const ALL: [DamageType; 13] = [
        DamageType::Acid,
        DamageType::Bludgeoning,
        DamageType::Cold,
        DamageType::Fire,
        DamageType::Force,
        DamageType::Lightning,
        DamageType::Necrotic,
        DamageType::Piercing,
        DamageType::Poison,
        DamageType::Psychic,
        DamageType::Radiant,
        DamageType::Slashing,
        DamageType::Thunder,
    ];

    /// English name, lower case as it appears in running text.
    pub fn name_en(self) -> &'static str {
        match self {
            DamageType::Acid => "acid",
            DamageType::Bludgeoning => "bludgeoning",
            DamageType::Cold => "cold",
            DamageType::Fire => "fire",
            DamageType::Force => "force",
            DamageType::Lightning => "lightning",
            DamageType::Necrotic => "necrotic",
            DamageType::Piercing => "piercing",
            DamageType::Poison => "poison",
            DamageType::Psychic => "psychic",
            DamageType::Radiant => "radiant",
            DamageType::Slashing => "slashing",
            DamageType::Thunder => "thunder",
        }
    }

    /// Parses the English name (any case).
    pub fn from_name(name: &str) -> Option<DamageType> {
        DamageType::ALL
            .into_iter()
            .find(|t| t.name_en().eq_ignore_ascii_case(name.trim()))
    }
}

/// How a target's defences treat one damage type (supporting facts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defense {
    /// Takes the damage as rolled.
    Normal,
    /// Takes half, rounded down.
    Resistant,
    /// Takes double.
    Vulnerable,
    /// Takes none.
    Immune,
}

impl Defense {
    /// Applies this defence to an amount of damage.
    pub fn apply(self, amount: u32) -> u32 {
        match self {
            Defense::Normal => amount,
            Defense::Resistant => amount / 2,
            Defense::Vulnerable => amount.saturating_mul(2),
            Defense::Immune => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defenses_halve_double_and_negate() {
        assert_eq!(Defense::Resistant.apply(7), 3);
        assert_eq!(Defense::Vulnerable.apply(7), 14);
        assert_eq!(Defense::Immune.apply(7), 0);
        assert_eq!(DamageType::from_name("Fire"), Some(DamageType::Fire));
    }
}
