//! Rests with Hit Point Dice (2024): a Short Rest that spends some, each
//! rolled with the Constitution modifier, and a party rest that rests every
//! stored character in one change.

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, HitDice, HitDieRoll, Outcome, RulesError};
use grimoire_store::{ChangeId, Entity, Store};
use serde::Serialize;

use crate::character::{RestKind, Step, commit};
use crate::error::AppError;
use crate::state::{Batch, CHARACTER};

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
fn rest_outcome<R: DiceRng + ?Sized>(
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

/// One character of a party rest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PartyMember {
    /// The character.
    pub name: String,
    /// Hit points afterwards, when recorded.
    pub hp: Option<u32>,
    /// The hit point maximum, when recorded.
    pub max_hp: Option<u32>,
    /// Why it did not rest (a refusal's code: `dead`, `long_rest_too_soon`,
    /// `long_rest_in_encounter`), or none when it rested.
    pub refused: Option<&'static str>,
    /// The Hit Point Dice it spent on a Short Rest, as rolled.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hit_dice_rolls: Vec<HitDieRoll>,
}

/// Which Hit Point Dice each character spends on a party Short Rest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum PartyHitDice {
    /// None.
    #[default]
    None,
    /// The largest left first, until their average covers the hit points
    /// missing ([`Caster::hit_dice_to_heal`]).
    ToHeal,
}

/// What a party rest did.
#[derive(Debug, Clone, PartialEq)]
pub struct PartyRest {
    /// Every stored character, by name.
    pub members: Vec<PartyMember>,
    /// The change, when anyone rested.
    pub change: Option<ChangeId>,
}

/// Rests every stored character at once, in one change: a Long Rest, or a
/// Short Rest spending no Hit Point Dice. A character the rules refuse
/// (dead, a Long Rest too soon or in a running encounter) is listed with
/// the refusal's code and left as it was.
pub fn rest_all(
    store: &mut Store,
    command: impl Into<String>,
    kind: RestKind,
) -> Result<PartyRest, AppError> {
    let mut none = grimoire_dice::SeededRng::new(0);
    rest_all_spending(store, command, kind, PartyHitDice::None, &mut none)
}

/// [`rest_all`], each character spending the Hit Point Dice `spend` says
/// at the end of a Short Rest (none on a Long Rest), rolled with `rng`.
pub fn rest_all_spending<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    kind: RestKind,
    spend: PartyHitDice,
    rng: &mut R,
) -> Result<PartyRest, AppError> {
    let all: Vec<Entity<Caster>> = store.list(CHARACTER)?;
    let mut batch = Batch::new(command);
    let mut members = Vec::new();
    let mut any = false;
    for c in &all {
        let dice = match spend {
            PartyHitDice::ToHeal if kind == RestKind::Short => c.state.hit_dice_to_heal(),
            _ => HitDice::default(),
        };
        let mut hit_dice_rolls = Vec::new();
        // A Short Rest takes back what Arcane Recovery and Sorcerous
        // Restoration may, unasked (issue 33).
        let choices = match kind {
            RestKind::Short => crate::class_resources::party_choices(&c.state),
            RestKind::Long => crate::class_resources::RestChoices::default(),
        };
        let outcome = if choices.is_empty() {
            rest_outcome(store, c, kind, dice, rng)
        } else {
            choices.to_rules(store).and_then(|chosen| {
                crate::class_resources::short_rest_outcome(c, dice, &chosen, rng)
            })
        };
        let (state, refused) = match outcome {
            Ok((out, rolls, _)) if !out.events.is_empty() => {
                any = true;
                hit_dice_rolls = rolls;
                (batch.character(c, &out.events)?, None)
            }
            Ok(_) => (c.state.clone(), None),
            Err(e) => (c.state.clone(), Some(e.code())),
        };
        let v = state.vitals();
        members.push(PartyMember {
            name: c.name.clone(),
            hp: v.map(|v| v.hp),
            max_hp: v.map(|v| v.max_hp),
            refused,
            hit_dice_rolls,
        });
    }
    let change = if any {
        batch.commit(store)?.map(|d| d.change)
    } else {
        None
    };
    Ok(PartyRest { members, change })
}
