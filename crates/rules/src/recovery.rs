//! What a caster may take back or change when it finishes a Short Rest
//! (SRD 5.2): the Wizard's Arcane Recovery and the Circle of the Land
//! Druid's Natural Recovery (expended slots of combined level up to half
//! the class level, rounded up, none of level 6+), the Sorcerer's
//! Sorcerous Restoration (expended Sorcery Points up to half the Sorcerer
//! level, rounded down), each once per Long Rest; and the Wizard's
//! Memorize Spell (one prepared spell swapped for another from the
//! spellbook), with every Short Rest. Each only with the Short Rest it
//! follows.

use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::class::Class;
use crate::class_resources::ClassFeature;
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::level::SlotLevel;
use crate::resource_error::ResourceError;
use crate::spell::Spell;

/// The highest slot level Arcane Recovery (and Natural Recovery) brings
/// back.
pub const ARCANE_RECOVERY_MAX_SLOT: u8 = 5;

/// Memorize Spell's swap: a prepared Wizard spell out, a spell of the
/// spellbook in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MemorizedSwap {
    /// The prepared spell to forget.
    pub forget: Spell,
    /// The spellbook's spell to prepare in its place.
    pub learn: Spell,
}

/// What the caster chooses to take back as its Short Rest finishes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ShortRestChoices {
    /// Arcane Recovery: the expended slots to recover, by level.
    #[serde(default)]
    pub arcane_recovery: Vec<SlotLevel>,
    /// Sorcerous Restoration: regain Sorcery Points.
    #[serde(default)]
    pub sorcerous_restoration: bool,
    /// Natural Recovery: the expended slots to recover, by level.
    #[serde(default)]
    pub natural_recovery: Vec<SlotLevel>,
    /// Memorize Spell: the prepared spell to swap for one of the spellbook.
    #[serde(default)]
    pub memorize: Option<Box<MemorizedSwap>>,
}

impl ShortRestChoices {
    /// Whether nothing is chosen (a plain Short Rest).
    pub fn is_empty(&self) -> bool {
        self.arcane_recovery.is_empty()
            && !self.sorcerous_restoration
            && self.natural_recovery.is_empty()
            && self.memorize.is_none()
    }
}

/// The most combined slot levels Arcane Recovery brings back for a
/// Wizard level: half of it, rounded up.
pub fn arcane_recovery_budget(wizard_level: u8) -> u8 {
    wizard_level.div_ceil(2)
}

/// The most Sorcery Points Sorcerous Restoration brings back for a
/// Sorcerer level: half of it, rounded down.
pub fn sorcerous_restoration_budget(sorcerer_level: u8) -> u8 {
    sorcerer_level / 2
}

impl Caster {
    /// A Short Rest and what the caster takes back as it finishes.
    /// Everything is checked on the rested caster before anything is
    /// returned, so a refused choice refuses the whole rest and changes
    /// nothing.
    pub fn short_rest_with(&self, choices: &ShortRestChoices) -> Result<Outcome, RulesError> {
        let mut out = self.short_rest();
        if choices.is_empty() {
            return Ok(out);
        }
        let rested = self.clone().replay(&out.events);
        if !choices.arcane_recovery.is_empty() {
            out.append(rested.arcane_recovery(&choices.arcane_recovery)?);
        }
        if choices.sorcerous_restoration {
            out.append(rested.sorcerous_restoration()?);
        }
        if !choices.natural_recovery.is_empty() {
            out.append(
                rested.slot_recovery(ClassFeature::NaturalRecovery, &choices.natural_recovery)?,
            );
        }
        if let Some(swap) = &choices.memorize {
            out.append(rested.memorize_spell(swap)?);
        }
        Ok(out)
    }

    /// The most Arcane Recovery could bring back now: combined levels, and
    /// `None` when it cannot be used (no Wizard, or used).
    pub fn arcane_recovery_left(&self) -> Option<u8> {
        self.slot_recovery_left(ClassFeature::ArcaneRecovery)
    }

    /// The most Natural Recovery could bring back now: combined levels,
    /// and `None` when it cannot be used (no Circle of the Land Druid of
    /// level 6, or used).
    pub fn natural_recovery_left(&self) -> Option<u8> {
        self.slot_recovery_left(ClassFeature::NaturalRecovery)
    }

    /// Whether a slot-recovering feature was used since the last Long Rest.
    fn slot_recovery_used(&self, feature: ClassFeature) -> bool {
        match feature {
            ClassFeature::NaturalRecovery => self.class_resources().natural_recovery_used,
            _ => self.class_resources().arcane_recovery_used,
        }
    }

    /// The combined slot levels `feature` (Arcane or Natural Recovery)
    /// could bring back now, `None` when it cannot be used.
    fn slot_recovery_left(&self, feature: ClassFeature) -> Option<u8> {
        (self.require(feature).is_ok() && !self.slot_recovery_used(feature))
            .then(|| arcane_recovery_budget(self.class_level(feature.granted_by().0)))
    }

    /// A choice of expended slots Arcane Recovery can take back now: the
    /// highest levels first within the budget (what `rest --all` uses).
    pub fn arcane_recovery_default(&self) -> Vec<SlotLevel> {
        self.slot_recovery_default(ClassFeature::ArcaneRecovery)
    }

    /// A choice of expended slots Natural Recovery can take back now, as
    /// [`Caster::arcane_recovery_default`] chooses.
    pub fn natural_recovery_default(&self) -> Vec<SlotLevel> {
        self.slot_recovery_default(ClassFeature::NaturalRecovery)
    }

    /// The highest expended slots `feature` may take back within its
    /// budget, highest first.
    fn slot_recovery_default(&self, feature: ClassFeature) -> Vec<SlotLevel> {
        let Some(mut budget) = self.slot_recovery_left(feature) else {
            return Vec::new();
        };
        let mut chosen = Vec::new();
        for level in SlotLevel::ALL[..usize::from(ARCANE_RECOVERY_MAX_SLOT)]
            .iter()
            .rev()
        {
            let mut expended = self.slots().expended(*level);
            while expended > 0 && level.get() <= budget {
                chosen.push(*level);
                budget -= level.get();
                expended -= 1;
            }
        }
        chosen
    }

    /// Arcane Recovery: the slots of `levels` come back. Call it on the
    /// caster whose Short Rest just finished ([`Caster::short_rest_with`]
    /// does). Refused when used since the last Long Rest
    /// (`arcane_recovery_used`), over the budget
    /// (`arcane_recovery_too_many_levels`), for a slot of level 6+
    /// (`arcane_recovery_slot_too_high`) or one not expended
    /// (`slot_not_expended`).
    pub(crate) fn arcane_recovery(&self, levels: &[SlotLevel]) -> Result<Outcome, RulesError> {
        self.slot_recovery(ClassFeature::ArcaneRecovery, levels)
    }

    /// Arcane Recovery or Natural Recovery (`feature`), as
    /// [`Caster::arcane_recovery`] describes; Natural Recovery's budget is
    /// half the Druid level, and it needs the Circle of the Land
    /// (`resource_subclass_not_chosen`).
    fn slot_recovery(
        &self,
        feature: ClassFeature,
        levels: &[SlotLevel],
    ) -> Result<Outcome, RulesError> {
        self.require(feature)?;
        if self.slot_recovery_used(feature) {
            return Err(ResourceError::AlreadyUsed { feature }.into());
        }
        if let Some(high) = levels.iter().find(|l| l.get() > ARCANE_RECOVERY_MAX_SLOT) {
            return Err(ResourceError::RecoverySlotTooHigh {
                feature,
                level: high.get(),
            }
            .into());
        }
        let asked: u32 = levels.iter().map(|l| u32::from(l.get())).sum();
        let max = arcane_recovery_budget(self.class_level(feature.granted_by().0));
        if asked > u32::from(max) {
            return Err(ResourceError::RecoveryTooManyLevels {
                feature,
                asked: u8::try_from(asked).unwrap_or(u8::MAX),
                max,
            }
            .into());
        }
        for level in SlotLevel::ALL {
            let wanted = levels.iter().filter(|l| **l == level).count();
            if wanted > usize::from(self.slots().expended(level)) {
                return Err(ResourceError::SlotNotExpended {
                    feature,
                    level: level.get(),
                }
                .into());
            }
        }
        let mut levels = levels.to_vec();
        levels.sort_unstable();
        let note = match feature {
            ClassFeature::NaturalRecovery => crate::note::Note::NaturalRecovery {
                levels: levels.clone(),
            },
            _ => crate::note::Note::ArcaneRecovery {
                levels: levels.clone(),
            },
        };
        Ok(Outcome {
            events: vec![Event::SlotsRecovered {
                levels,
                by: feature,
            }],
            notes: vec![note],
        })
    }

    /// Memorize Spell (Wizard 5): one prepared level 1+ Wizard spell is
    /// swapped for a level 1+ Wizard spell that is not prepared, both from
    /// the spellbook when the Wizard keeps one (without a kept spellbook,
    /// any Wizard spell of a level it can prepare, as `prepare` allows).
    /// Refused without the feature (`feature_not_had`), when the spell to
    /// forget is not such a prepared spell (`memorize_not_prepared`), or
    /// the one to learn is not such a spell or already prepared
    /// (`memorize_not_in_book`, R1's `spell_level_too_high` above the
    /// Wizard's level).
    pub(crate) fn memorize_spell(&self, swap: &MemorizedSwap) -> Result<Outcome, RulesError> {
        self.require(ClassFeature::MemorizeSpell)?;
        let MemorizedSwap { forget, learn } = swap;
        let wizard_spell = |s: &Spell| {
            !s.level.is_cantrip()
                && self.has_on_list(s, Class::Wizard)
                && (self.spellbook().is_none() || self.in_spellbook(&s.id))
        };
        if !self.prepared().contains(&forget.id) || !wizard_spell(forget) {
            return Err(ResourceError::MemorizeNotPrepared {
                spell: crate::error::SpellName::of(forget),
            }
            .into());
        }
        if self.prepared().contains(&learn.id)
            || self.is_always_prepared(&learn.id)
            || !wizard_spell(learn)
        {
            return Err(ResourceError::MemorizeNotInBook {
                spell: crate::error::SpellName::of(learn),
            }
            .into());
        }
        let max =
            crate::slots::class_max_spell_level(Class::Wizard, self.class_level(Class::Wizard));
        if learn.level.get() > max {
            return Err(RulesError::SpellLevelTooHigh {
                spell: crate::error::SpellName::of(learn),
                level: learn.level.get(),
                max,
            });
        }
        Ok(Outcome {
            events: vec![
                Event::SpellUnprepared {
                    spell: forget.id.clone(),
                },
                Event::SpellPrepared {
                    spell: learn.id.clone(),
                },
            ],
            notes: vec![crate::note::Note::MemorizeSpell {
                forgot: forget.name.clone(),
                learned: learn.name.clone(),
            }],
        })
    }

    /// Sorcerous Restoration: expended Sorcery Points come back, up to half
    /// the Sorcerer level. Refused when used since the last Long Rest
    /// (`sorcerous_restoration_used`) or with no point spent
    /// (`nothing_to_recover`).
    pub(crate) fn sorcerous_restoration(&self) -> Result<Outcome, RulesError> {
        let feature = ClassFeature::SorcerousRestoration;
        self.require(feature)?;
        if self.class_resources().restoration_used {
            return Err(ResourceError::AlreadyUsed { feature }.into());
        }
        let spent = self
            .sorcery_points_max()
            .saturating_sub(self.sorcery_points());
        let points = spent.min(sorcerous_restoration_budget(
            self.class_level(Class::Sorcerer),
        ));
        if points == 0 {
            return Err(ResourceError::NothingToRecover { feature }.into());
        }
        Ok(Outcome {
            events: vec![Event::SorceryPointsRegained { points }],
            notes: vec![crate::note::Note::SorcerousRestoration { points }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arcane_recovery_budget_is_half_rounded_up() {
        let budgets: Vec<u8> = (1..=20).map(arcane_recovery_budget).collect();
        assert_eq!(
            budgets,
            vec![1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
        );
    }

    #[test]
    fn sorcerous_restoration_budget_is_half_rounded_down() {
        assert_eq!(sorcerous_restoration_budget(5), 2);
        assert_eq!(sorcerous_restoration_budget(20), 10);
    }
}
