//! Magical Cunning (Warlock 2, SRD 5.2): a 1-minute rite brings back
//! expended Pact Magic slots, at most half the Pact slots the caster has
//! (rounded up), once per Long Rest.

use crate::caster::Caster;
use crate::class_resources::ClassFeature;
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::resource_error::ResourceError;
use crate::time::TimeSpan;

/// How long the rite takes.
pub const MAGICAL_CUNNING_RITE: TimeSpan = TimeSpan::minutes(1);

/// The most Pact slots Magical Cunning brings back when the caster has
/// `total` of them: half, rounded up.
pub fn magical_cunning_budget(total: u8) -> u8 {
    total.div_ceil(2)
}

impl Caster {
    /// Performs the rite: a minute passes, then expended Pact slots come
    /// back (up to half the maximum, rounded up). Refused when used since
    /// the last Long Rest (`magical_cunning_used`) or with no Pact slot
    /// expended (`nothing_to_recover`).
    pub fn magical_cunning(&self) -> Result<Outcome, RulesError> {
        let feature = ClassFeature::MagicalCunning;
        self.require(feature)?;
        if self.class_resources().cunning_used {
            return Err(ResourceError::AlreadyUsed { feature }.into());
        }
        let (expended, total) = self
            .pact_slots()
            .map_or((0, 0), |p| (p.expended(), p.total()));
        let count = expended.min(magical_cunning_budget(total));
        if count == 0 {
            return Err(ResourceError::NothingToRecover { feature }.into());
        }
        crate::vitals::check_not_down(self.name(), self.vitals().map(|v| i64::from(v.hp)))?;
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R9" });
        }
        let mut out = self.wait(MAGICAL_CUNNING_RITE.rounds());
        out.events.push(Event::PactSlotsRecovered { count });
        out.notes.push(crate::note::Note::MagicalCunning { count });
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magical_cunning_budget_is_half_rounded_up() {
        assert_eq!(
            [1, 2, 3, 4].map(magical_cunning_budget),
            [1, 1, 2, 2],
            "Pact slots 1 to 4 (SRD 5.2 Warlock table)"
        );
    }
}
