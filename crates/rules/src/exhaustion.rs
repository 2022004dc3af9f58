//! Exhaustion (2024 Rules Glossary, SRD 5.2): a condition in levels. Each
//! time a creature gains it the level rises by 1; every d20 Test it makes
//! (attack rolls, spell attacks included, saving throws, ability checks,
//! death saves) is reduced by twice the level; a Long Rest takes one level
//! off; at level 6 the creature dies. Its Speed is 5 feet less a level:
//! the engine keeps no species and so no Speed of its own, and gives the
//! feet to take off ([`Caster::speed_penalty_ft`]) or the Speed left of a
//! base the table names ([`Caster::speed_from`]).

use crate::caster::Caster;
use crate::condition::Condition;
use crate::event::Event;
use crate::event::Outcome;
use crate::state::death_saves::DeathSaves;

/// The level at which Exhaustion kills.
pub const MAX_EXHAUSTION: u8 = 6;

impl Caster {
    /// The Exhaustion level, 0 without the condition (a sheet that has the
    /// condition but no level counts as level 1).
    pub fn exhaustion_level(&self) -> u8 {
        if self.conditions().contains(&Condition::Exhaustion) {
            self.exhaustion.clamp(1, MAX_EXHAUSTION)
        } else {
            0
        }
    }

    /// What Exhaustion takes off every d20 Test: 2 a level.
    pub fn d20_penalty(&self) -> i32 {
        2 * i32::from(self.exhaustion_level())
    }

    /// What Exhaustion takes off the creature's Speed: 5 feet a level.
    pub fn speed_penalty_ft(&self) -> u32 {
        5 * u32::from(self.exhaustion_level())
    }

    /// The Speed left of a base Speed of `base_ft` feet once Exhaustion
    /// has taken its feet off (never below 0).
    pub fn speed_from(&self, base_ft: u32) -> u32 {
        base_ft.saturating_sub(self.speed_penalty_ft())
    }

    /// Sets the Exhaustion level (at most 6; 0 ends the condition). At 6
    /// the creature dies: with hit points recorded it drops to 0, dead.
    pub fn set_exhaustion(&self, level: u8) -> Outcome {
        let level = level.min(MAX_EXHAUSTION);
        let mut out = Outcome::default();
        if level == self.exhaustion_level() {
            return out;
        }
        out.events.push(Event::ExhaustionChanged { level });
        if level == MAX_EXHAUSTION
            && let Some(v) = self.vitals()
        {
            out.events.push(Event::HitPointsChanged {
                hp: 0,
                temp_hp: v.temp_hp,
            });
            let mut fall = self.add_condition(Condition::Unconscious);
            out.events.append(&mut fall.events);
            out.events.push(Event::DeathSavesChanged {
                death: DeathSaves {
                    dead: true,
                    ..v.death
                },
            });
        }
        out
    }
}
