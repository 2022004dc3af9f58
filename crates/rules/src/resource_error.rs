//! Why a class resource refused ([`ResourceError`]): a refusal beneath
//! `error`, which wraps it.

use crate::class_resources::ClassFeature;
use crate::message::Arg;
use crate::spell_name::SpellName;

/// Why a class resource refused: a stable code, the feature it belongs
/// to and the values its message names (`refusal-<code>` in the words).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceError {
    /// Occurs when the caster lacks the class level that grants a feature.
    FeatureNotHad {
        /// The feature.
        feature: ClassFeature,
        /// The level in its class the caster has.
        have: u8,
    },
    /// Occurs when an action costs more Sorcery Points than are left.
    NoSorceryPoints {
        /// What the action would use them for.
        feature: ClassFeature,
        /// Points it costs.
        needed: u8,
        /// Points left.
        left: u8,
    },
    /// Occurs when a slot turned into points would go over the maximum
    /// (points above it would be lost).
    SorceryPointsFull {
        /// Points the slot gives.
        gain: u8,
        /// Points now.
        points: u8,
        /// The maximum for the Sorcerer level.
        max: u8,
    },
    /// Occurs when asking Font of Magic for a slot above level 5.
    SlotTooHighToCreate {
        /// The level asked for.
        level: u8,
    },
    /// Occurs when the Sorcerer level is below what a created slot's level needs.
    SorcererLevelTooLow {
        /// The slot level asked for.
        level: u8,
        /// The Sorcerer level that slot needs.
        needed: u8,
        /// The caster's Sorcerer level.
        have: u8,
    },
    /// Occurs when a once-per-Long-Rest feature was used since the last one.
    AlreadyUsed {
        /// The feature.
        feature: ClassFeature,
    },
    /// Occurs when no use of a feature is left.
    NoUsesOfFeature {
        /// The feature.
        feature: ClassFeature,
    },
    /// Occurs when a recovery would bring back nothing: nothing is spent.
    NothingToRecover {
        /// The feature.
        feature: ClassFeature,
    },
    /// Occurs when Arcane or Natural Recovery is asked for more slot
    /// levels than half the class level, rounded up.
    RecoveryTooManyLevels {
        /// Arcane Recovery or Natural Recovery.
        feature: ClassFeature,
        /// Slot levels asked for, added up.
        asked: u8,
        /// The most allowed.
        max: u8,
    },
    /// Occurs when Arcane or Natural Recovery is asked for a slot of level
    /// 6 or higher.
    RecoverySlotTooHigh {
        /// Arcane Recovery or Natural Recovery.
        feature: ClassFeature,
        /// The level asked for.
        level: u8,
    },
    /// Occurs when a slot asked back is not expended.
    SlotNotExpended {
        /// The feature asked to bring it back.
        feature: ClassFeature,
        /// Its level.
        level: u8,
    },
    /// Occurs when a feature of a subclass is asked of a caster without
    /// that subclass.
    SubclassNotChosen {
        /// The feature.
        feature: ClassFeature,
        /// The subclass's catalogue id (`land`).
        subclass: &'static str,
    },
    /// Occurs when Memorize Spell would forget a spell that is not a
    /// Wizard spell prepared the usual way (from the spellbook).
    MemorizeNotPrepared {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when Memorize Spell would learn a spell that is not in the
    /// spellbook, is a cantrip, or is prepared already.
    MemorizeNotInBook {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when Innate Sorcery is started while it already lasts.
    InnateSorceryActive {
        /// Rounds it still lasts.
        rounds_left: u64,
    },
    /// Occurs when a rest feature is asked for outside the rest it goes with.
    NeedsShortRest {
        /// The feature.
        feature: ClassFeature,
    },
}

impl ResourceError {
    /// Stable snake_case machine code.
    pub fn code(&self) -> &'static str {
        match self {
            ResourceError::FeatureNotHad { .. } => "feature_not_had",
            ResourceError::NoSorceryPoints { .. } => "no_sorcery_points",
            ResourceError::SorceryPointsFull { .. } => "sorcery_points_full",
            ResourceError::SlotTooHighToCreate { .. } => "slot_too_high_to_create",
            ResourceError::SorcererLevelTooLow { .. } => "sorcerer_level_too_low",
            ResourceError::AlreadyUsed {
                feature: ClassFeature::ArcaneRecovery,
            } => "arcane_recovery_used",
            ResourceError::AlreadyUsed {
                feature: ClassFeature::MagicalCunning,
            } => "magical_cunning_used",
            ResourceError::AlreadyUsed {
                feature: ClassFeature::SorcerousRestoration,
            } => "sorcerous_restoration_used",
            ResourceError::AlreadyUsed {
                feature: ClassFeature::NaturalRecovery,
            } => "natural_recovery_used",
            ResourceError::AlreadyUsed { .. } => "feature_used",
            ResourceError::NoUsesOfFeature { .. } => "no_feature_uses",
            ResourceError::NothingToRecover { .. } => "nothing_to_recover",
            ResourceError::RecoveryTooManyLevels {
                feature: ClassFeature::NaturalRecovery,
                ..
            } => "natural_recovery_too_many_levels",
            ResourceError::RecoveryTooManyLevels { .. } => "arcane_recovery_too_many_levels",
            ResourceError::RecoverySlotTooHigh {
                feature: ClassFeature::NaturalRecovery,
                ..
            } => "natural_recovery_slot_too_high",
            ResourceError::RecoverySlotTooHigh { .. } => "arcane_recovery_slot_too_high",
            ResourceError::SlotNotExpended { .. } => "slot_not_expended",
            ResourceError::SubclassNotChosen { .. } => "resource_subclass_not_chosen",
            ResourceError::MemorizeNotPrepared { .. } => "memorize_not_prepared",
            ResourceError::MemorizeNotInBook { .. } => "memorize_not_in_book",
            ResourceError::InnateSorceryActive { .. } => "innate_sorcery_active",
            ResourceError::NeedsShortRest { .. } => "needs_short_rest",
        }
    }

    /// The feature the refusal comes from.
    pub fn feature(&self) -> ClassFeature {
        match self {
            ResourceError::FeatureNotHad { feature, .. }
            | ResourceError::NoSorceryPoints { feature, .. }
            | ResourceError::AlreadyUsed { feature }
            | ResourceError::NoUsesOfFeature { feature }
            | ResourceError::NothingToRecover { feature }
            | ResourceError::NeedsShortRest { feature }
            | ResourceError::RecoveryTooManyLevels { feature, .. }
            | ResourceError::RecoverySlotTooHigh { feature, .. }
            | ResourceError::SlotNotExpended { feature, .. }
            | ResourceError::SubclassNotChosen { feature, .. } => *feature,
            ResourceError::SorceryPointsFull { .. }
            | ResourceError::SlotTooHighToCreate { .. }
            | ResourceError::SorcererLevelTooLow { .. } => ClassFeature::FontOfMagic,
            ResourceError::MemorizeNotPrepared { .. } | ResourceError::MemorizeNotInBook { .. } => {
                ClassFeature::MemorizeSpell
            }
            ResourceError::InnateSorceryActive { .. } => ClassFeature::InnateSorcery,
        }
    }

    /// The values its message names; `feature` is always first (the words
    /// give its name: `feature-<id>`).
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let n = |v: u8| Arg::Number(i64::from(v));
        let mut out = vec![("feature", Arg::Feature(self.feature()))];
        match self {
            ResourceError::FeatureNotHad { feature, have } => {
                let (class, level) = feature.granted_by();
                out.push(("class", Arg::Class(class)));
                out.push(("level", n(level)));
                out.push(("have", n(*have)));
            }
            ResourceError::NoSorceryPoints { needed, left, .. } => {
                out.push(("needed", n(*needed)));
                out.push(("left", n(*left)));
            }
            ResourceError::SorceryPointsFull { gain, points, max } => {
                out.push(("gain", n(*gain)));
                out.push(("points", n(*points)));
                out.push(("max", n(*max)));
            }
            ResourceError::SlotTooHighToCreate { level }
            | ResourceError::RecoverySlotTooHigh { level, .. }
            | ResourceError::SlotNotExpended { level, .. } => out.push(("level", n(*level))),
            ResourceError::SubclassNotChosen { subclass, .. } => {
                out.push(("subclass", Arg::Text((*subclass).to_owned())));
            }
            ResourceError::MemorizeNotPrepared { spell }
            | ResourceError::MemorizeNotInBook { spell } => {
                out.push(("spell", Arg::Name(spell.clone())));
            }
            ResourceError::SorcererLevelTooLow {
                level,
                needed,
                have,
            } => {
                out.push(("level", n(*level)));
                out.push(("needed", n(*needed)));
                out.push(("have", n(*have)));
            }
            ResourceError::RecoveryTooManyLevels { asked, max, .. } => {
                out.push(("asked", n(*asked)));
                out.push(("max", n(*max)));
            }
            ResourceError::InnateSorceryActive { rounds_left } => out.push((
                "rounds_left",
                Arg::Number(i64::try_from(*rounds_left).unwrap_or(i64::MAX)),
            )),
            ResourceError::AlreadyUsed { .. }
            | ResourceError::NoUsesOfFeature { .. }
            | ResourceError::NothingToRecover { .. }
            | ResourceError::NeedsShortRest { .. } => {}
        }
        out
    }

    /// One refusal of every code, with made-up values.
    pub fn one_of_each() -> Vec<ResourceError> {
        use ClassFeature::*;
        vec![
            ResourceError::FeatureNotHad {
                feature: FontOfMagic,
                have: 1,
            },
            ResourceError::NoSorceryPoints {
                feature: FontOfMagic,
                needed: 5,
                left: 3,
            },
            ResourceError::SorceryPointsFull {
                gain: 3,
                points: 4,
                max: 5,
            },
            ResourceError::SlotTooHighToCreate { level: 6 },
            ResourceError::SorcererLevelTooLow {
                level: 5,
                needed: 9,
                have: 7,
            },
            ResourceError::AlreadyUsed {
                feature: ArcaneRecovery,
            },
            ResourceError::AlreadyUsed {
                feature: MagicalCunning,
            },
            ResourceError::AlreadyUsed {
                feature: SorcerousRestoration,
            },
            ResourceError::AlreadyUsed {
                feature: FontOfMagic,
            },
            ResourceError::NoUsesOfFeature {
                feature: InnateSorcery,
            },
            ResourceError::NothingToRecover {
                feature: MagicalCunning,
            },
            ResourceError::AlreadyUsed {
                feature: NaturalRecovery,
            },
            ResourceError::RecoveryTooManyLevels {
                feature: ArcaneRecovery,
                asked: 4,
                max: 3,
            },
            ResourceError::RecoverySlotTooHigh {
                feature: ArcaneRecovery,
                level: 6,
            },
            ResourceError::RecoveryTooManyLevels {
                feature: NaturalRecovery,
                asked: 5,
                max: 4,
            },
            ResourceError::RecoverySlotTooHigh {
                feature: NaturalRecovery,
                level: 6,
            },
            ResourceError::SlotNotExpended {
                feature: ArcaneRecovery,
                level: 2,
            },
            ResourceError::SubclassNotChosen {
                feature: NaturalRecovery,
                subclass: "land",
            },
            ResourceError::MemorizeNotPrepared {
                spell: "Shield".into(),
            },
            ResourceError::MemorizeNotInBook {
                spell: "Fireball".into(),
            },
            ResourceError::InnateSorceryActive { rounds_left: 4 },
            ResourceError::NeedsShortRest {
                feature: ArcaneRecovery,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resource_code_is_unique_and_names_its_feature_first() {
        let all = ResourceError::one_of_each();
        crate::error::tests::assert_unique_snake_case(
            all.iter().map(ResourceError::code).collect(),
        );
        for e in &all {
            assert_eq!(e.args()[0].0, "feature");
        }
    }
}
