//! Innate Sorcery (Sorcerer 1, SRD 5.2): a Bonus Action starts it for 1
//! minute, twice per Long Rest; while it lasts, Sorcerer spells get +1 to
//! their save DC (R19) and Advantage on their attack rolls. From Sorcerer
//! level 7, Sorcery Incarnate starts it for 2 Sorcery Points when no use
//! is left.

use crate::caster::Caster;
use crate::class_resources::{ClassFeature, INNATE_SORCERY_ROUNDS, SORCERY_INCARNATE_COST};
use crate::economy::ActionKind;
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::resource_error::ResourceError;
use crate::roll::RollMode;

impl Caster {
    /// Starts Innate Sorcery as a Bonus Action: a use, or with none left
    /// and Sorcery Incarnate, 2 Sorcery Points. Refused while it lasts
    /// (`innate_sorcery_active`), with no use and no way to pay
    /// (`no_feature_uses`, `no_sorcery_points`), or without the Bonus Action.
    pub fn start_innate_sorcery(&self) -> Result<Outcome, RulesError> {
        self.require(ClassFeature::InnateSorcery)?;
        if let Some(rounds_left) = self.innate_sorcery_left() {
            return Err(ResourceError::InnateSorceryActive { rounds_left }.into());
        }
        let points = if self.innate_sorcery_uses() > 0 {
            0
        } else if self.require(ClassFeature::SorceryIncarnate).is_ok() {
            self.check_points(SORCERY_INCARNATE_COST, ClassFeature::SorceryIncarnate)?;
            SORCERY_INCARNATE_COST
        } else {
            return Err(ResourceError::NoUsesOfFeature {
                feature: ClassFeature::InnateSorcery,
            }
            .into());
        };
        crate::vitals::check_not_down(self.name(), self.vitals().map(|v| i64::from(v.hp)))?;
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R9" });
        }
        if !self.turn().available(ActionKind::BonusAction) {
            return Err(RulesError::ActionUnavailable {
                action: ActionKind::BonusAction,
            });
        }
        let note = if points > 0 {
            crate::note::Note::SorceryIncarnate { points }
        } else {
            crate::note::Note::InnateSorcery
        };
        Ok(Outcome {
            events: vec![
                Event::ActionUsed {
                    action: ActionKind::BonusAction,
                },
                Event::InnateSorceryStarted {
                    until: self.now().saturating_add(INNATE_SORCERY_ROUNDS),
                    points,
                },
            ],
            notes: vec![note],
        })
    }

    /// What Innate Sorcery adds to a spell cast with `class`: +1 to the save
    /// DC while it lasts, for Sorcerer spells only.
    pub(crate) fn innate_dc_bonus(&self, class: Option<crate::class::Class>) -> i32 {
        i32::from(class == Some(crate::class::Class::Sorcerer) && self.innate_sorcery_active())
    }

    /// The roll mode of a spell's attack rolls with Innate Sorcery's
    /// Advantage added for a Sorcerer spell (Advantage and Disadvantage
    /// cancel).
    pub(crate) fn innate_roll_mode(
        &self,
        class: Option<crate::class::Class>,
        mode: RollMode,
    ) -> RollMode {
        if self.innate_dc_bonus(class) == 0 {
            return mode;
        }
        match mode {
            RollMode::Disadvantage => RollMode::Normal,
            _ => RollMode::Advantage,
        }
    }
}
