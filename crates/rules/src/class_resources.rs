//! Class resources that pay for spells or bring slots back (SRD 5.2):
//! the Sorcerer's Sorcery Points and what they buy (Font of Magic,
//! Sorcerous Restoration, Innate Sorcery, Sorcery Incarnate), the
//! Wizard's Arcane Recovery and the Warlock's Magical Cunning.
//!
//! The state kept here is only what was *spent*: a character stored
//! before these features existed reads as fully rested. Everything else
//! (how many points a level gives, what a slot costs) is derived from the
//! class levels, so a level-up needs no event. The actions live in the
//! modules `font_of_magic`, `innate_sorcery`, `recovery` and
//! `magical_cunning`.

use serde::{Deserialize, Serialize};

use crate::class::Class;

/// What a caster has spent of its class resources since its last Long
/// Rest. Every field starts at "nothing spent".
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct ClassResources {
    /// Overchannel uses (Evoker 14) since the last Long Rest.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) overchannel_uses: u8,
    /// Sorcery Points spent (the caster has its maximum minus these).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) sorcery_spent: u8,
    /// Whether Sorcerous Restoration was used.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) restoration_used: bool,
    /// Uses of Innate Sorcery spent.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) innate_spent: u8,
    /// The round (on the caster's clock) Innate Sorcery ends, while it lasts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) innate_until: Option<u64>,
    /// Whether Arcane Recovery was used.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) arcane_recovery_used: bool,
    /// Whether Magical Cunning was used.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) cunning_used: bool,
    /// Whether Natural Recovery brought slots back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) natural_recovery_used: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl ClassResources {
    /// Whether nothing is spent (what a new or rested caster has).
    pub fn is_fresh(&self) -> bool {
        *self == ClassResources::default()
    }

    /// Whether Sorcerous Restoration was used since the last Long Rest.
    pub fn restoration_used(&self) -> bool {
        self.restoration_used
    }

    /// Whether Arcane Recovery was used since the last Long Rest.
    pub fn arcane_recovery_used(&self) -> bool {
        self.arcane_recovery_used
    }

    /// Whether Magical Cunning was used since the last Long Rest.
    pub fn cunning_used(&self) -> bool {
        self.cunning_used
    }

    /// Whether Natural Recovery brought slots back since the last Long Rest.
    pub fn natural_recovery_used(&self) -> bool {
        self.natural_recovery_used
    }
}

/// Uses of Innate Sorcery per Long Rest.
pub const INNATE_SORCERY_USES: u8 = 2;
/// Rounds Innate Sorcery lasts: 1 minute.
pub const INNATE_SORCERY_ROUNDS: u64 = 10;
/// Sorcery Points Sorcery Incarnate spends to start Innate Sorcery when no
/// use is left.
pub const SORCERY_INCARNATE_COST: u8 = 2;

/// A class feature these refusals come from, by a stable id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClassFeature {
    /// Sorcerer 2: Sorcery Points and converting slots and points.
    FontOfMagic,
    /// Sorcerer 5: points back on a Short Rest.
    SorcerousRestoration,
    /// Sorcerer 1: +1 save DC and Advantage for Sorcerer spells, 1 minute.
    InnateSorcery,
    /// Sorcerer 7: Innate Sorcery for 2 points when no use is left.
    SorceryIncarnate,
    /// Wizard 1: slots back on a Short Rest.
    ArcaneRecovery,
    /// Warlock 2: Pact slots back after a 1-minute rite.
    MagicalCunning,
    /// Sorcerer 2: options that reshape a spell, paid in Sorcery Points.
    Metamagic,
    /// Druid 6 of the Circle of the Land: slots back on a Short Rest.
    NaturalRecovery,
    /// Wizard 5: a prepared spell swapped for another from the spellbook
    /// on a Short Rest.
    MemorizeSpell,
}

impl ClassFeature {
    /// Every feature, in the order above.
    pub const ALL: [ClassFeature; 9] = [
        ClassFeature::FontOfMagic,
        ClassFeature::SorcerousRestoration,
        ClassFeature::InnateSorcery,
        ClassFeature::SorceryIncarnate,
        ClassFeature::ArcaneRecovery,
        ClassFeature::MagicalCunning,
        ClassFeature::Metamagic,
        ClassFeature::NaturalRecovery,
        ClassFeature::MemorizeSpell,
    ];

    /// Its stable id (`font-of-magic`), the key of its words
    /// (`feature-font-of-magic`).
    pub fn id(self) -> &'static str {
        match self {
            ClassFeature::FontOfMagic => "font-of-magic",
            ClassFeature::SorcerousRestoration => "sorcerous-restoration",
            ClassFeature::InnateSorcery => "innate-sorcery",
            ClassFeature::SorceryIncarnate => "sorcery-incarnate",
            ClassFeature::ArcaneRecovery => "arcane-recovery",
            ClassFeature::MagicalCunning => "magical-cunning",
            ClassFeature::Metamagic => "metamagic",
            ClassFeature::NaturalRecovery => "natural-recovery",
            ClassFeature::MemorizeSpell => "memorize-spell",
        }
    }

    /// The class and class level that grant it (SRD 5.2 class tables).
    pub fn granted_by(self) -> (Class, u8) {
        match self {
            ClassFeature::FontOfMagic => (Class::Sorcerer, 2),
            ClassFeature::SorcerousRestoration => (Class::Sorcerer, 5),
            ClassFeature::InnateSorcery => (Class::Sorcerer, 1),
            ClassFeature::SorceryIncarnate => (Class::Sorcerer, 7),
            ClassFeature::ArcaneRecovery => (Class::Wizard, 1),
            ClassFeature::MagicalCunning => (Class::Warlock, 2),
            ClassFeature::Metamagic => (Class::Sorcerer, 2),
            ClassFeature::NaturalRecovery => (Class::Druid, 6),
            ClassFeature::MemorizeSpell => (Class::Wizard, 5),
        }
    }

    /// The subclass (its catalogue id) the feature also needs, if any.
    pub fn subclass(self) -> Option<&'static str> {
        match self {
            ClassFeature::NaturalRecovery => Some("land"),
            _ => None,
        }
    }
}
