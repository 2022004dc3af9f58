//! Dropping to 0 hit points, as the 2024 rules have it (Rules Glossary:
//! Death Saving Throws, Dying, Stable, Dead; SRD 5.2): a character at 0
//! hit points rolls a d20 at the start of each of its turns, 10 or more a
//! success and 9 or less a failure; a 1 counts as two failures and a 20
//! brings it back with 1 hit point. Three successes leave it Stable (no
//! more saves), three failures kill it. Damage while at 0 is a failure (two
//! from a critical hit), and damage that leaves as much still to deal as
//! the hit point maximum kills outright (massive damage). Regaining any hit
//! point ends it all.

use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::condition::Condition;
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::roll::{RollMode, RollRecord, roll_d20};
use crate::state::death_saves::DeathSaves;
use crate::time::TimeSpan;
use crate::vitals::Vitals;
use grimoire_dice::DiceRng;

/// The lowest d20 that succeeds on a death save.
pub const DEATH_SAVE_DC: u32 = 10;

/// What one death save came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathSaveResult {
    /// 10 or more: one success.
    Success,
    /// 9 or less: one failure.
    Failure,
    /// A natural 1: two failures.
    TwoFailures,
    /// A natural 20: the character regains 1 hit point and wakes.
    Revived,
}

/// A death save rolled: the roll, its result, the events to commit.
#[derive(Debug, Clone, PartialEq)]
pub struct DeathSaveOutcome {
    /// The d20 roll.
    pub roll: RollRecord,
    /// What it came to.
    pub result: DeathSaveResult,
    /// The counts afterwards (clear when revived).
    pub death: DeathSaves,
    /// The events.
    pub outcome: Outcome,
}

/// What damage to a creature at 0 hit points (or dropping to 0) does to
/// its death saves: `remaining` is the damage left after its temporary and
/// real hit points took their share. Massive damage (`remaining` at least
/// the maximum) kills; damage at 0 is a failure, two from a critical hit.
pub fn after_damage_at_zero(
    old: Vitals,
    amount: u32,
    remaining: u32,
    critical: bool,
) -> DeathSaves {
    let death = old.death;
    if death.dead || amount == 0 {
        return death;
    }
    if remaining >= old.max_hp {
        return DeathSaves {
            dead: true,
            stable: false,
            ..death
        };
    }
    if old.down() {
        death.failed(if critical { 2 } else { 1 })
    } else {
        death
    }
}

/// One death save from the counts `death`, for anyone dying (a character
/// or a creature that drops at 0): the d20 (less `penalty`, Exhaustion's),
/// what it came to and the counts afterwards (clear on a 20, which brings
/// 1 hit point back: the caller records it).
pub fn roll_death_save<R: DiceRng + ?Sized>(
    death: DeathSaves,
    mode: RollMode,
    penalty: i64,
    rng: &mut R,
) -> (RollRecord, DeathSaveResult, DeathSaves) {
    let (roll, kept) = roll_d20(rng, mode, -penalty, crate::label::RollLabel::DeathSave);
    let (result, death) = if kept == 20 {
        (DeathSaveResult::Revived, DeathSaves::default())
    } else if kept == 1 {
        (DeathSaveResult::TwoFailures, death.failed(2))
    } else if roll.total >= i64::from(DEATH_SAVE_DC) {
        (DeathSaveResult::Success, death.succeeded())
    } else {
        (DeathSaveResult::Failure, death.failed(1))
    };
    (roll, result, death)
}

/// What happens to a creature the GM runs when it reaches 0 hit points:
/// the table's choice, one per encounter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CreaturesAtZero {
    /// It dies and leaves the turn order (the usual way for monsters).
    #[default]
    Die,
    /// It drops Unconscious and makes death saves like a character.
    Drop,
}

impl CreaturesAtZero {
    /// Whether it is the default, [`CreaturesAtZero::Die`].
    pub fn is_die(&self) -> bool {
        *self == CreaturesAtZero::Die
    }
}

impl Caster {
    /// Checks that the caster is dying: at 0 hit points, neither Stable
    /// nor dead (`not_dying`, `dead`, `no_hit_points`).
    pub fn check_dying(&self) -> Result<Vitals, RulesError> {
        let v = self.vitals().ok_or_else(|| RulesError::NoHitPoints {
            name: self.name().to_owned(),
        })?;
        if v.death.dead {
            return Err(RulesError::Dead {
                name: self.name().to_owned(),
            });
        }
        if !v.down() || v.death.stable {
            return Err(RulesError::NotDying {
                name: self.name().to_owned(),
                hp: v.hp,
                stable: v.death.stable,
            });
        }
        Ok(v)
    }

    /// Rolls a death save (a d20 with no modifier; `penalty` is what
    /// Exhaustion takes off a d20 Test). Refused unless the caster is
    /// dying.
    pub fn death_save<R: DiceRng + ?Sized>(
        &self,
        mode: RollMode,
        penalty: i64,
        rng: &mut R,
    ) -> Result<DeathSaveOutcome, RulesError> {
        let v = self.check_dying()?;
        let (roll, result, death) = roll_death_save(v.death, mode, penalty, rng);
        let mut events = Vec::new();
        let death = if result == DeathSaveResult::Revived {
            events.push(Event::HitPointsChanged {
                hp: 1,
                temp_hp: v.temp_hp,
            });
            if self.conditions().contains(&Condition::Unconscious) {
                events.push(Event::ConditionRemoved {
                    condition: Condition::Unconscious,
                });
            }
            death
        } else if death.stable {
            self.wakes_later(death, rng)
        } else {
            death
        };
        events.push(Event::DeathSavesChanged { death });
        Ok(DeathSaveOutcome {
            roll,
            result,
            death,
            outcome: Outcome {
                events,
                notes: Vec::new(),
            },
        })
    }

    /// Makes a dying caster Stable (Spare the Dying, a successful
    /// Medicine check): no more death saves, still at 0 hit points; it
    /// regains 1 hit point in 1d4 hours (rolled now).
    pub fn stabilize<R: DiceRng + ?Sized>(&self, rng: &mut R) -> Result<Outcome, RulesError> {
        let v = self.check_dying()?;
        let death = self.wakes_later(
            DeathSaves {
                stable: true,
                ..v.death
            },
            rng,
        );
        Ok(Outcome {
            events: vec![Event::DeathSavesChanged { death }],
            notes: Vec::new(),
        })
    }

    /// `death` (Stable) with the time it regains 1 hit point: 1d4 hours
    /// from now.
    fn wakes_later<R: DiceRng + ?Sized>(&self, death: DeathSaves, rng: &mut R) -> DeathSaves {
        let hours = u64::from(rng.roll_die(4));
        DeathSaves {
            wakes_at: Some(
                self.now()
                    .saturating_add(hours.saturating_mul(TimeSpan::hours(1).rounds())),
            ),
            ..death
        }
    }

    /// The events of a Stable creature's 1d4 hours running out by `now`:
    /// 1 hit point back, awake.
    pub(crate) fn natural_recovery(&self, now: u64) -> Vec<Event> {
        let Some(v) = self.vitals() else {
            return Vec::new();
        };
        let due = v.death.wakes_at.is_some_and(|t| t <= now);
        if !(v.down() && v.death.stable && !v.death.dead && due) {
            return Vec::new();
        }
        let mut events = vec![Event::HitPointsChanged {
            hp: 1,
            temp_hp: v.temp_hp,
        }];
        if self.conditions().contains(&Condition::Unconscious) {
            events.push(Event::ConditionRemoved {
                condition: Condition::Unconscious,
            });
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_end_at_three() {
        let d = DeathSaves::default().failed(2).failed(2);
        assert_eq!((d.failures, d.dead), (3, true));
        let d = DeathSaves::default().succeeded().succeeded().succeeded();
        assert!(d.stable);
        assert!(DeathSaves::default().is_clear());
    }

    #[test]
    fn massive_damage_kills_and_damage_at_zero_fails() {
        let v = Vitals::new(10, 12).unwrap();
        assert!(after_damage_at_zero(v, 25, 15, false).dead);
        let down = v.after_damage(10);
        assert_eq!(after_damage_at_zero(down, 3, 3, false).failures, 1);
        assert_eq!(after_damage_at_zero(down, 3, 3, true).failures, 2);
        assert!(!after_damage_at_zero(v, 12, 2, false).dead);
    }
}
