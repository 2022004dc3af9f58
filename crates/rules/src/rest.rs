//! When a Long Rest may start (R4, the Rules Glossary's Long Rest): after
//! finishing one, a creature waits 16 hours before starting the next, so
//! it benefits from at most one Long Rest in any 24 hours.

use crate::caster::Caster;
use crate::error::RulesError;
use crate::event::Outcome;
use crate::time::TimeSpan;

/// How long a creature waits after finishing a Long Rest before it may
/// start another.
pub const LONG_REST_WAIT: TimeSpan = TimeSpan::hours(16);

impl Caster {
    /// Rounds until this caster may start a Long Rest: 0 when it may now.
    pub fn long_rest_wait(&self) -> u64 {
        self.last_long_rest.map_or(0, |done| {
            done.saturating_add(LONG_REST_WAIT.rounds())
                .saturating_sub(self.now)
        })
    }

    /// A Long Rest, refused while the last one is less than 16 hours
    /// behind (`long_rest_too_soon`, R4) and for the dead (`dead`); see
    /// [`Caster::long_rest`].
    pub fn try_long_rest(&self) -> Result<Outcome, RulesError> {
        // The dead do not rest back to life (2024 Dead).
        if self.vitals().is_some_and(|v| v.death.dead) {
            return Err(RulesError::Dead {
                name: self.name().to_owned(),
            });
        }
        let wait = self.long_rest_wait();
        if wait > 0 {
            let hour = TimeSpan::hours(1).rounds();
            return Err(RulesError::LongRestTooSoon {
                name: self.name().to_owned(),
                hours_left: wait.div_ceil(hour),
            });
        }
        Ok(self.long_rest())
    }
}
