//! Font of Magic (Sorcerer 2, SRD 5.2): a spell slot becomes Sorcery
//! Points equal to its level (no action), and Sorcery Points become a slot
//! of level 1–5 as a Bonus Action, at the cost and minimum Sorcerer level
//! of the Creating Spell Slots table. A created slot is a spell slot (R3,
//! R10 count it) and vanishes on a Long Rest.

use crate::caster::Caster;
use crate::class::Class;
use crate::class_resources::ClassFeature;
use crate::economy::ActionKind;
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::level::SlotLevel;
use crate::resource_error::ResourceError;

/// The highest slot level Font of Magic creates.
pub const MAX_CREATED_SLOT: u8 = 5;

/// The Creating Spell Slots table: for a slot level, its cost in Sorcery
/// Points and the Sorcerer level it needs; `None` above level 5.
pub fn slot_creation_cost(level: SlotLevel) -> Option<(u8, u8)> {
    match level.get() {
        1 => Some((2, 2)),
        2 => Some((3, 3)),
        3 => Some((5, 5)),
        4 => Some((6, 7)),
        5 => Some((7, 9)),
        _ => None,
    }
}

impl Caster {
    /// Turns one expended-able slot of `level` into that many Sorcery
    /// Points (no action). `pact` spends a Pact Magic slot instead of a
    /// regular one. Refused without Font of Magic, without such a slot
    /// (`no_slot_available`), or when the points would go over the maximum
    /// (`sorcery_points_full`).
    pub fn slot_to_points(&self, level: SlotLevel, pact: bool) -> Result<Outcome, RulesError> {
        self.require(ClassFeature::FontOfMagic)?;
        let has = if pact {
            self.pact_slots()
                .is_some_and(|p| p.level() == level && p.remaining() > 0)
        } else {
            self.slots().available(level) > 0
        };
        if !has {
            return Err(RulesError::NoSlotAvailable { level: level.get() });
        }
        let (points, max) = (self.sorcery_points(), self.sorcery_points_max());
        if points.saturating_add(level.get()) > max {
            return Err(ResourceError::SorceryPointsFull {
                gain: level.get(),
                points,
                max,
            }
            .into());
        }
        Ok(Outcome {
            events: vec![Event::SlotToPoints { level, pact }],
            notes: vec![crate::note::Note::FontOfMagicPoints {
                level,
                points: level.get(),
            }],
        })
    }

    /// Turns Sorcery Points into one slot of `level` as a Bonus Action.
    /// Refused above level 5 (`slot_too_high_to_create`), below the
    /// table's Sorcerer level (`sorcerer_level_too_low`), without the
    /// points (`no_sorcery_points`) or the Bonus Action
    /// (`action_unavailable`).
    pub fn create_slot(&self, level: SlotLevel) -> Result<Outcome, RulesError> {
        self.require(ClassFeature::FontOfMagic)?;
        let Some((cost, needed)) = slot_creation_cost(level) else {
            return Err(ResourceError::SlotTooHighToCreate { level: level.get() }.into());
        };
        let have = self.class_level(Class::Sorcerer);
        if have < needed {
            return Err(ResourceError::SorcererLevelTooLow {
                level: level.get(),
                needed,
                have,
            }
            .into());
        }
        self.check_points(cost, ClassFeature::FontOfMagic)?;
        crate::vitals::check_not_down(self.name(), self.vitals().map(|v| i64::from(v.hp)))?;
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R9" });
        }
        if !self.turn().available(ActionKind::BonusAction) {
            return Err(RulesError::ActionUnavailable {
                action: ActionKind::BonusAction,
            });
        }
        Ok(Outcome {
            events: vec![
                Event::ActionUsed {
                    action: ActionKind::BonusAction,
                },
                Event::SlotCreated {
                    level,
                    points: cost,
                },
            ],
            notes: vec![crate::note::Note::FontOfMagicSlot {
                points: cost,
                level,
            }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_of_magic_cost_table_matches_srd_5_2() {
        let table: Vec<Option<(u8, u8)>> = SlotLevel::ALL
            .iter()
            .map(|l| slot_creation_cost(*l))
            .collect();
        assert_eq!(
            table,
            vec![
                Some((2, 2)),
                Some((3, 3)),
                Some((5, 5)),
                Some((6, 7)),
                Some((7, 9)),
                None,
                None,
                None,
                None
            ]
        );
    }
}
