//! The subclass features that change a cast ([`CastFeature`]) and why one
//! refused ([`SubclassCastError`]): beneath `error`, which wraps the
//! refusal. How each feature shapes a cast is `subclass_casting`.

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::message::Arg;
use crate::spell_name::SpellName;

/// A subclass feature that changes a cast, with the subclass and class
/// level that grant it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CastFeature {
    /// Evoker 3: a cantrip that misses or is saved against still deals half.
    PotentCantrip,
    /// Evoker 6: chosen creatures pass an Evocation spell's save unharmed.
    SculptSpells,
    /// Evoker 10: + Intelligence modifier to one damage roll of a Wizard
    /// Evocation spell.
    EmpoweredEvocation,
    /// Evoker 14: maximum damage for a Wizard spell of a level 1–5 slot.
    Overchannel,
    /// Life Domain 3: healing with a slot heals 2 + the slot's level more.
    DiscipleOfLife,
    /// Life Domain 6: healing others with a slot heals the caster 2 + the
    /// slot's level.
    BlessedHealer,
    /// Life Domain 17: healing dice count their most.
    SupremeHealing,
    /// Draconic Sorcery 6: + Charisma modifier to one damage roll of the
    /// chosen type.
    ElementalAffinity,
}

impl CastFeature {
    /// Its stable id (`sculpt-spells`).
    pub fn id(self) -> &'static str {
        match self {
            CastFeature::PotentCantrip => "potent-cantrip",
            CastFeature::SculptSpells => "sculpt-spells",
            CastFeature::EmpoweredEvocation => "empowered-evocation",
            CastFeature::Overchannel => "overchannel",
            CastFeature::DiscipleOfLife => "disciple-of-life",
            CastFeature::BlessedHealer => "blessed-healer",
            CastFeature::SupremeHealing => "supreme-healing",
            CastFeature::ElementalAffinity => "elemental-affinity",
        }
    }

    /// The subclass (its catalogue id), its class and the class level that
    /// grant it (SRD 5.2).
    pub fn granted_by(self) -> (&'static str, Class, u8) {
        match self {
            CastFeature::PotentCantrip => ("evoker", Class::Wizard, 3),
            CastFeature::SculptSpells => ("evoker", Class::Wizard, 6),
            CastFeature::EmpoweredEvocation => ("evoker", Class::Wizard, 10),
            CastFeature::Overchannel => ("evoker", Class::Wizard, 14),
            CastFeature::DiscipleOfLife => ("life", Class::Cleric, 3),
            CastFeature::BlessedHealer => ("life", Class::Cleric, 6),
            CastFeature::SupremeHealing => ("life", Class::Cleric, 17),
            CastFeature::ElementalAffinity => ("draconic", Class::Sorcerer, 6),
        }
    }
}

/// Why a subclass feature asked for on a cast was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SubclassCastError {
    /// Occurs when the cast asks for a feature the caster does not have.
    NotHad {
        /// The feature.
        feature: CastFeature,
    },
    /// Occurs when Sculpt Spells is asked for on a spell of another school.
    NotEvocation {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when more creatures are sculpted than 1 + the spell's level.
    TooManySculpted {
        /// The most allowed.
        max: u8,
    },
    /// Occurs when a sculpted creature is not one of the spell's targets.
    NotATarget {
        /// The name given.
        name: String,
    },
    /// Occurs when Overchannel is asked for on a cast it cannot power: not
    /// a Wizard spell of a level 1–5 slot that deals damage.
    OverchannelUnfit {
        /// The spell.
        spell: SpellName,
    },
}

impl SubclassCastError {
    /// Stable snake_case machine code.
    pub fn code(&self) -> &'static str {
        match self {
            SubclassCastError::NotHad { .. } => "subclass_feature_not_had",
            SubclassCastError::NotEvocation { .. } => "sculpt_not_evocation",
            SubclassCastError::TooManySculpted { .. } => "too_many_sculpted",
            SubclassCastError::NotATarget { .. } => "sculpted_not_a_target",
            SubclassCastError::OverchannelUnfit { .. } => "overchannel_unfit",
        }
    }

    /// The feature it comes from.
    pub fn feature(&self) -> CastFeature {
        match self {
            SubclassCastError::NotHad { feature } => *feature,
            SubclassCastError::OverchannelUnfit { .. } => CastFeature::Overchannel,
            _ => CastFeature::SculptSpells,
        }
    }

    /// The values its message names.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let (subclass, class, level) = self.feature().granted_by();
        let mut out = Vec::new();
        match self {
            SubclassCastError::NotHad { feature } => {
                out.push(("feature", Arg::Text(feature.id().to_owned())));
                out.push(("subclass", Arg::Text(subclass.to_owned())));
                out.push(("class", Arg::Class(class)));
                out.push(("level", Arg::Number(i64::from(level))));
            }
            SubclassCastError::NotEvocation { spell }
            | SubclassCastError::OverchannelUnfit { spell } => {
                out.push(("spell", Arg::Name(spell.clone())));
            }
            SubclassCastError::TooManySculpted { max } => {
                out.push(("max", Arg::Number(i64::from(*max))));
            }
            SubclassCastError::NotATarget { name } => out.push(("name", Arg::Text(name.clone()))),
        }
        out
    }

    /// One refusal of every code, with made-up values.
    pub fn one_of_each() -> Vec<SubclassCastError> {
        vec![
            SubclassCastError::NotHad {
                feature: CastFeature::SculptSpells,
            },
            SubclassCastError::NotEvocation {
                spell: "Hold Person".into(),
            },
            SubclassCastError::TooManySculpted { max: 4 },
            SubclassCastError::NotATarget { name: "Bo".into() },
            SubclassCastError::OverchannelUnfit {
                spell: "Cure Wounds".into(),
            },
        ]
    }
}
