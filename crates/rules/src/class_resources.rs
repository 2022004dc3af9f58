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

use crate::actions::Outcome;
use crate::caster::Caster;
use crate::class::Class;
use crate::error::{RulesError, SpellName};
use crate::event::Event;
use crate::message::Arg;

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

impl From<ResourceError> for RulesError {
    fn from(e: ResourceError) -> Self {
        RulesError::Resource(e)
    }
}

impl Caster {
    /// What the caster has spent of its class resources.
    pub fn class_resources(&self) -> &ClassResources {
        &self.resources
    }

    /// Whether the caster has `feature`: its class level, and its subclass
    /// where it belongs to one.
    pub fn has_class_feature(&self, feature: ClassFeature) -> bool {
        self.require(feature).is_ok()
    }

    /// Refuses unless the caster has the class level that grants `feature`.
    pub(crate) fn require(&self, feature: ClassFeature) -> Result<(), ResourceError> {
        let (class, level) = feature.granted_by();
        let have = self.class_level(class);
        if have < level {
            return Err(ResourceError::FeatureNotHad { feature, have });
        }
        if let Some(subclass) = feature.subclass()
            && !self
                .picks()
                .iter()
                .any(|p| p.kind == crate::feature::FeatureKind::Subclass && p.id == subclass)
        {
            return Err(ResourceError::SubclassNotChosen { feature, subclass });
        }
        Ok(())
    }

    /// The most Sorcery Points the caster can have: its Sorcerer level from
    /// level 2 (Font of Magic), else 0.
    pub fn sorcery_points_max(&self) -> u8 {
        let level = self.class_level(Class::Sorcerer);
        if level >= 2 { level } else { 0 }
    }

    /// Sorcery Points left.
    pub fn sorcery_points(&self) -> u8 {
        self.sorcery_points_max()
            .saturating_sub(self.resources.sorcery_spent)
    }

    /// Spends `points` Sorcery Points on `feature` (Metamagic, Sorcery
    /// Incarnate...): refused with `no_sorcery_points` when fewer are left,
    /// and with `feature_not_had` without Font of Magic. `what` names the
    /// use in the log (a Metamagic option's id).
    pub fn spend_sorcery_points(
        &self,
        points: u8,
        feature: ClassFeature,
        what: &str,
    ) -> Result<Outcome, RulesError> {
        self.require(ClassFeature::FontOfMagic)?;
        self.check_points(points, feature)?;
        Ok(Outcome {
            events: vec![Event::SorceryPointsSpent {
                points,
                what: what.to_owned(),
            }],
            notes: Vec::new(),
        })
    }

    /// Refuses unless `points` Sorcery Points are left.
    pub(crate) fn check_points(
        &self,
        points: u8,
        feature: ClassFeature,
    ) -> Result<(), ResourceError> {
        let left = self.sorcery_points();
        if left < points {
            return Err(ResourceError::NoSorceryPoints {
                feature,
                needed: points,
                left,
            });
        }
        Ok(())
    }

    /// Uses of Innate Sorcery left (0 for a caster who is no Sorcerer).
    pub fn innate_sorcery_uses(&self) -> u8 {
        if self.class_level(Class::Sorcerer) == 0 {
            return 0;
        }
        INNATE_SORCERY_USES.saturating_sub(self.resources.innate_spent)
    }

    /// Rounds Innate Sorcery still lasts; `None` when it is not active.
    pub fn innate_sorcery_left(&self) -> Option<u64> {
        self.resources
            .innate_until
            .filter(|until| *until > self.now)
            .map(|until| until - self.now)
    }

    /// Whether Innate Sorcery is active: Sorcerer spells get +1 to their
    /// save DC and Advantage on their attack rolls.
    pub fn innate_sorcery_active(&self) -> bool {
        self.innate_sorcery_left().is_some()
    }

    /// Applies an event of this module; others are ignored.
    pub(crate) fn apply_resource(&mut self, event: &Event) {
        let r = &mut self.resources;
        match event {
            Event::SlotToPoints { level, pact } => {
                if *pact {
                    if let Some(p) = self.pact.as_mut() {
                        p.expend();
                    }
                } else {
                    self.slots.expend(*level);
                }
                r.sorcery_spent = r.sorcery_spent.saturating_sub(level.get());
            }
            Event::SlotCreated { level, points } => {
                r.sorcery_spent = r.sorcery_spent.saturating_add(*points);
                self.slots.create(*level);
            }
            Event::SorceryPointsSpent { points, .. } => {
                r.sorcery_spent = r.sorcery_spent.saturating_add(*points);
            }
            Event::SorceryPointsRegained { points } => {
                r.sorcery_spent = r.sorcery_spent.saturating_sub(*points);
                r.restoration_used = true;
            }
            Event::InnateSorceryStarted { until, points } => {
                if *points > 0 {
                    r.sorcery_spent = r.sorcery_spent.saturating_add(*points);
                } else {
                    r.innate_spent = r.innate_spent.saturating_add(1);
                }
                r.innate_until = Some(*until);
            }
            Event::SlotsRecovered { levels, by } => {
                for level in levels {
                    self.slots.recover(*level);
                }
                match by {
                    ClassFeature::NaturalRecovery => r.natural_recovery_used = true,
                    _ => r.arcane_recovery_used = true,
                }
            }
            Event::PactSlotsRecovered { count } => {
                if let Some(p) = self.pact.as_mut() {
                    p.recover(*count);
                }
                r.cunning_used = true;
            }
            _ => {}
        }
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
