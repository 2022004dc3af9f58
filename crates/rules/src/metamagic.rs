//! Metamagic (SRD 5.2, Sorcerer level 2): options that reshape a spell as
//! it is cast, paid in Sorcery Points.
//!
//! An option changes the cast that the other rules check and resolve, so
//! its consequences come from the same engine: a Subtle spell has no
//! components for R14 to ask for (and none for a Counterspell to see), a
//! Quickened spell takes a Bonus Action under R9, a Distant spell's range
//! is what R13 measures, an Extended spell lasts twice as long, a Twinned
//! spell counts one level higher for its targets (R17). [`crate::reshape`] makes the
//! changed spell and the choices that act while it resolves.
//! Which options fit a spell and how they reshape it is
//! [`crate::reshape`]; this module holds the options, the choices a cast
//! names and the refusals.

use serde::{Deserialize, Serialize};

use crate::damage::DamageType;

/// One of the ten Metamagic options of SRD 5.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metamagic {
    /// Chosen creatures succeed on the spell's save and take no half damage.
    Careful,
    /// Range doubled; Touch becomes 30 feet.
    Distant,
    /// Reroll some damage dice (combines with another option).
    Empowered,
    /// Duration doubled (at most 24 hours), Advantage on its Concentration saves.
    Extended,
    /// One target has Disadvantage on its saves against the spell.
    Heightened,
    /// An Action spell takes a Bonus Action.
    Quickened,
    /// Reroll a missed spell attack (combines with another option).
    Seeking,
    /// No Verbal, Somatic or free Material component.
    Subtle,
    /// Acid, cold, fire, lightning, poison or thunder damage becomes another of them.
    Transmuted,
    /// The spell's effective level is one higher, for its extra target.
    Twinned,
}

/// The damage types Transmuted Spell turns into each other.
pub const TRANSMUTABLE: [DamageType; 6] = [
    DamageType::Acid,
    DamageType::Cold,
    DamageType::Fire,
    DamageType::Lightning,
    DamageType::Poison,
    DamageType::Thunder,
];

/// Most options one casting may name (two combine with one other: three).
pub const MAX_OPTIONS_PER_CAST: usize = 3;

impl Metamagic {
    /// Every option, in alphabetical order.
    pub const ALL: [Metamagic; 10] = [
        Metamagic::Careful,
        Metamagic::Distant,
        Metamagic::Empowered,
        Metamagic::Extended,
        Metamagic::Heightened,
        Metamagic::Quickened,
        Metamagic::Seeking,
        Metamagic::Subtle,
        Metamagic::Transmuted,
        Metamagic::Twinned,
    ];

    /// Its stable id (`careful`), the key of its words (`metamagic-careful`).
    pub const fn id(self) -> &'static str {
        match self {
            Metamagic::Careful => "careful",
            Metamagic::Distant => "distant",
            Metamagic::Empowered => "empowered",
            Metamagic::Extended => "extended",
            Metamagic::Heightened => "heightened",
            Metamagic::Quickened => "quickened",
            Metamagic::Seeking => "seeking",
            Metamagic::Subtle => "subtle",
            Metamagic::Transmuted => "transmuted",
            Metamagic::Twinned => "twinned",
        }
    }

    /// The option named by `id` (`careful`, `careful-spell`, any case).
    pub fn from_id(id: &str) -> Option<Metamagic> {
        let id = id.trim().to_ascii_lowercase();
        let id = id.strip_suffix("-spell").unwrap_or(&id);
        Metamagic::ALL.into_iter().find(|m| m.id() == id)
    }

    /// Sorcery Points it costs (2024 text).
    pub const fn cost(self) -> u8 {
        match self {
            Metamagic::Heightened | Metamagic::Quickened => 2,
            _ => 1,
        }
    }

    /// Whether it may join another option on the same spell (Empowered and
    /// Seeking say so; every other option is one per spell).
    pub const fn combines(self) -> bool {
        matches!(self, Metamagic::Empowered | Metamagic::Seeking)
    }
}

/// Which damage dice Empowered Spell rerolls, up to its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reroll {
    /// The lowest dice that rolled below the die's average (what a player
    /// keen on damage rerolls): a die at or above it is kept.
    #[default]
    BelowAverage,
    /// The lowest dice, whatever they show.
    Lowest,
}

/// A Metamagic option as one casting uses it, with its choices.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MetamagicUse {
    /// The option.
    pub option: Metamagic,
    /// Careful: the creatures protected; Heightened: the one target (both
    /// by the target's name). Empty for the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub creatures: Vec<String>,
    /// Transmuted: the damage type the spell deals instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    /// Empowered: which dice are rerolled.
    #[serde(default, skip_serializing_if = "is_default_reroll")]
    pub reroll: Reroll,
}

fn is_default_reroll(r: &Reroll) -> bool {
    *r == Reroll::default()
}

impl MetamagicUse {
    /// The option with no choices made.
    pub fn new(option: Metamagic) -> Self {
        MetamagicUse {
            option,
            creatures: Vec::new(),
            damage_type: None,
            reroll: Reroll::default(),
        }
    }

    /// The option applied to these creatures (Careful, Heightened).
    pub fn on(mut self, creatures: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.creatures = creatures.into_iter().map(Into::into).collect();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metamagic_costs_follow_the_2024_text() {
        let two: Vec<_> = Metamagic::ALL
            .into_iter()
            .filter(|m| m.cost() == 2)
            .collect();
        assert_eq!(two, [Metamagic::Heightened, Metamagic::Quickened]);
        assert!(Metamagic::ALL.iter().all(|m| (1..=2).contains(&m.cost())));
    }

    #[test]
    fn metamagic_only_empowered_and_seeking_combine() {
        let combine: Vec<_> = Metamagic::ALL
            .into_iter()
            .filter(|m| m.combines())
            .collect();
        assert_eq!(combine, [Metamagic::Empowered, Metamagic::Seeking]);
    }

    #[test]
    fn metamagic_ids_round_trip_and_accept_the_spell_suffix() {
        for m in Metamagic::ALL {
            assert_eq!(Metamagic::from_id(m.id()), Some(m));
        }
        assert_eq!(
            Metamagic::from_id("Careful-Spell"),
            Some(Metamagic::Careful)
        );
        assert_eq!(Metamagic::from_id("loud"), None);
    }
}
