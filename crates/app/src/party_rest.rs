//! A party's rest (`rest --all`, the API's party rest): every stored
//! character rests in one change, each taking back on a Short Rest what
//! its class features may unasked and spending the Hit Point Dice asked
//! for: each character's own when the table names them, the party's
//! default otherwise. Above both the class resources and the Hit Point
//! Dice it asks, so neither names the other round a circle.

use std::collections::BTreeMap;

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, HitDice, HitDieRoll};
use grimoire_store::{ChangeId, Entity, Store};
use serde::Serialize;

use crate::character::RestKind;
use crate::error::AppError;
use crate::hit_dice::rest_outcome;
use crate::state::{Batch, CHARACTER, fold};

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
    rest_all_choosing(store, command, kind, spend, &BTreeMap::new(), rng)
}

/// [`rest_all_spending`] with each character's own choice where the table
/// made one: `chosen` names characters (without regard to case) and the
/// Hit Point Dice each spends at the end of the Short Rest; the others
/// spend what `spend` says. Still one change for the whole party. A name
/// that is no stored character is refused (`unknown_character`) before
/// anyone rests; more dice than a character has left is that character's
/// refusal (`no_hit_dice_left`), listed, the others resting. More than
/// [`crate::limits::MAX_PARTY_CHOICES`] names are refused (`too_many`).
pub fn rest_all_choosing<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    kind: RestKind,
    spend: PartyHitDice,
    chosen: &BTreeMap<String, HitDice>,
    rng: &mut R,
) -> Result<PartyRest, AppError> {
    crate::limits::check_count(
        chosen.len(),
        crate::limits::MAX_PARTY_CHOICES,
        "too_many",
        "hit_dice_each",
    )?;
    let all: Vec<Entity<Caster>> = store.list(CHARACTER)?;
    if let Some(name) = chosen
        .keys()
        .find(|n| !all.iter().any(|c| fold(&c.name) == fold(n)))
    {
        return Err(AppError::UnknownCharacter { name: name.clone() });
    }
    let mut batch = Batch::new(command);
    let mut members = Vec::new();
    let mut any = false;
    for c in &all {
        let own = chosen
            .iter()
            .find(|(n, _)| fold(n) == fold(&c.name))
            .map(|(_, d)| *d);
        let dice = match (own, spend) {
            _ if kind == RestKind::Long => HitDice::default(),
            (Some(d), _) => d,
            (None, PartyHitDice::ToHeal) => c.state.hit_dice_to_heal(),
            (None, PartyHitDice::None) => HitDice::default(),
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
