//! Rests with Hit Point Dice (2024): a Short Rest that spends some, each
//! rolled with the Constitution modifier ([`crate::party_rest`] rests
//! every stored character in one change).

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, HitDice, HitDieRoll, Outcome, RulesError};
use grimoire_store::{Entity, Store};

use crate::character::{RestKind, Step, commit};
use crate::error::AppError;

/// A rest and the Hit Point Dice it spent.
#[derive(Debug, Clone, PartialEq)]
pub struct Rested {
    /// The step: events, the character afterwards, the change.
    pub step: Step,
    /// Each die spent, as rolled.
    pub rolls: Vec<HitDieRoll>,
    /// Hit points the dice gave in all (before the maximum caps them).
    pub healed: u32,
}

/// The rest's events for one character, then the dice it spends (only on
/// a Short Rest; none asked for spends none).
pub(crate) fn rest_outcome<R: DiceRng + ?Sized>(
    store: &Store,
    caster: &Entity<Caster>,
    kind: RestKind,
    dice: HitDice,
    rng: &mut R,
) -> Result<(Outcome, Vec<HitDieRoll>, u32), AppError> {
    let c = &caster.state;
    if c.vitals().is_some_and(|v| v.death.dead) {
        return Err(RulesError::Dead {
            name: caster.name.clone(),
        }
        .into());
    }
    let mut out = match kind {
        RestKind::Short => c.short_rest(),
        RestKind::Long => {
            if let Some(e) = crate::state::encounter_of(store, &caster.name)? {
                return Err(RulesError::LongRestInEncounter {
                    name: caster.name.clone(),
                    encounter: e.name,
                }
                .into());
            }
            c.try_long_rest()?
        }
    };
    if kind == RestKind::Long || dice.is_none() {
        return Ok((out, Vec::new(), 0));
    }
    let mut after = c.clone();
    after.apply_all(&out.events);
    let spent = after.spend_hit_dice(dice, rng)?;
    out.events.extend(spent.outcome.events);
    Ok((out, spent.rolls, spent.healed))
}

/// A Short or Long Rest (R4) that spends `dice` at the end of a Short
/// Rest (2024 Hit Point Dice: each rolls, plus the Constitution modifier,
/// at least 1). Refused for the dead (`dead`), for more dice than are left
/// (`no_hit_dice_left`), and as [`crate::rest`] refuses a Long Rest.
pub fn rest_with_hit_dice<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    kind: RestKind,
    dice: HitDice,
    rng: &mut R,
) -> Result<Rested, AppError> {
    let (out, rolls, healed) = rest_outcome(store, caster, kind, dice, rng)?;
    let step = commit(store, command, caster, out)?;
    Ok(Rested {
        step,
        rolls,
        healed,
    })
}
