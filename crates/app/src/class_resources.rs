//! Class resources at the table (issue 33): Font of Magic both ways,
//! Innate Sorcery, Magical Cunning, a Short Rest with Arcane Recovery,
//! Natural Recovery, Sorcerous Restoration or Memorize Spell, and the view
//! of what is left. Each operation
//! loads the character, asks the rules and commits the events in one
//! change; a refusal writes nothing.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    Caster, ClassFeature, HitDice, HitDieRoll, MemorizedSwap, Outcome, RulesError,
    ShortRestChoices, SlotLevel, Spell, slot_creation_cost,
};
use grimoire_store::{Entity, Store};
use serde::{Deserialize, Serialize};

use crate::character::{RestKind, Step, commit};
use crate::error::AppError;
use crate::hit_dice::Rested;
use crate::report::StepReport;
use crate::sheet::{CharacterView, load};
use crate::way::Way;

/// Which way Font of Magic converts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum FontWay {
    /// Expend a slot of the level for that many Sorcery Points (no action).
    ToPoints,
    /// Spend Sorcery Points for a slot of the level (a Bonus Action).
    ToSlot,
}

/// A Font of Magic conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct FontInput {
    /// Which way.
    pub way: FontWay,
    /// The slot level, 1 to 9 (a created slot: 1 to 5).
    pub level: u8,
    /// With `to_points`: expend a Pact Magic slot instead of a regular one.
    #[serde(default)]
    pub pact: bool,
}

/// What a Short Rest brings back besides pact slots, by choice.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RestChoices {
    /// Arcane Recovery: the level of each expended slot to recover
    /// (`[3, 1]`); at most 9 slots.
    #[serde(default)]
    pub arcane_recovery: Vec<u8>,
    /// Sorcerous Restoration: regain Sorcery Points.
    #[serde(default)]
    pub sorcerous_restoration: bool,
    /// Natural Recovery (Circle of the Land): the level of each expended
    /// slot to recover; at most 10 slots.
    #[serde(default)]
    pub natural_recovery: Vec<u8>,
    /// Memorize Spell: a prepared spell swapped for one of the spellbook.
    #[serde(default)]
    pub memorize: Option<MemorizeInput>,
}

/// Memorize Spell's choice, by spell id or name (a homebrew spell of the
/// campaign too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct MemorizeInput {
    /// The prepared spell to forget.
    #[cfg_attr(feature = "openapi", schema(max_length = 100))]
    pub forget: String,
    /// The spellbook's spell to prepare in its place.
    #[cfg_attr(feature = "openapi", schema(max_length = 100))]
    pub learn: String,
}

/// The most slots one Arcane Recovery names (a level-20 Wizard recovers
/// 10 levels, so at most 10 level-1 slots).
pub const MAX_RECOVERED_SLOTS: usize = 10;

impl RestChoices {
    /// The rules' choices, or a refusal naming a level outside 1..=9, too
    /// many slots or a spell the catalogue (with the campaign's homebrew
    /// in `store`) does not know.
    pub fn to_rules(&self, store: &Store) -> Result<ShortRestChoices, AppError> {
        let levels = |asked: &[u8], field: &'static str| {
            crate::limits::check_len(asked, MAX_RECOVERED_SLOTS, "too_many_slots", field)
                .map_err(AppError::TooMany)?;
            asked
                .iter()
                .map(|l| SlotLevel::new(*l).map_err(AppError::from))
                .collect::<Result<Vec<_>, AppError>>()
        };
        let memorize = match &self.memorize {
            None => None,
            Some(m) => Some(Box::new(MemorizedSwap {
                forget: crate::homebrew::spell(store, &m.forget)?,
                learn: crate::homebrew::spell(store, &m.learn)?,
            })),
        };
        Ok(ShortRestChoices {
            arcane_recovery: levels(&self.arcane_recovery, "arcane_recovery")?,
            sorcerous_restoration: self.sorcerous_restoration,
            natural_recovery: levels(&self.natural_recovery, "natural_recovery")?,
            memorize,
        })
    }

    /// Whether nothing is chosen.
    pub fn is_empty(&self) -> bool {
        self.arcane_recovery.is_empty()
            && !self.sorcerous_restoration
            && self.natural_recovery.is_empty()
            && self.memorize.is_none()
    }

    /// The feature a choice belongs to, for the refusal of a choice made on
    /// a Long Rest: the first one chosen.
    fn first_feature(&self) -> ClassFeature {
        if !self.arcane_recovery.is_empty() {
            ClassFeature::ArcaneRecovery
        } else if !self.natural_recovery.is_empty() {
            ClassFeature::NaturalRecovery
        } else if self.memorize.is_some() {
            ClassFeature::MemorizeSpell
        } else {
            ClassFeature::SorcerousRestoration
        }
    }
}

pub use crate::resources_view::{CreatedSlot, OncePerRest, Pool, ResourcesView, SlotCost};

/// The ways Font of Magic opens for `spell`: a slot of each level from the
/// spell's to 5 that the Sorcerer level lets it create, with its cost
/// (whether the points are there is the check's to say).
pub fn points_ways(c: &Caster, spell: &Spell) -> Vec<Way> {
    if c.sorcery_points_max() == 0 || spell.level.is_cantrip() {
        return Vec::new();
    }
    let sorcerer = c.class_level(grimoire_rules::Class::Sorcerer);
    SlotLevel::ALL
        .iter()
        .filter(|l| l.get() >= spell.level.get())
        .filter_map(|l| slot_creation_cost(*l).map(|cost| (l.get(), cost)))
        .filter(|(_, (_, needed))| sorcerer >= *needed)
        .map(|(level, (points, _))| Way::PointsSlot { level, points })
        .collect()
}

/// The caster a way is cast by: for a slot made from points, `c` after
/// Font of Magic made it (refused as Font of Magic would be); `None` for
/// any other way (the caster as it is).
pub fn caster_for_way(c: &Caster, way: &Way) -> Result<Option<Caster>, RulesError> {
    let Way::PointsSlot { level, .. } = way else {
        return Ok(None);
    };
    let out = c.create_slot(SlotLevel::new(*level)?)?;
    Ok(Some(c.clone().replay(&out.events)))
}

/// Font of Magic on a stored character.
pub fn font_of_magic(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    input: &FontInput,
) -> Result<Step, AppError> {
    let level = SlotLevel::new(input.level)?;
    let out = match input.way {
        FontWay::ToPoints => caster.state.slot_to_points(level, input.pact)?,
        FontWay::ToSlot => caster.state.create_slot(level)?,
    };
    commit(store, command, caster, out)
}

/// Starts Innate Sorcery (a use, or Sorcery Incarnate's 2 points).
pub fn innate_sorcery(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
) -> Result<Step, AppError> {
    let out = caster.state.start_innate_sorcery()?;
    commit(store, command, caster, out)
}

/// Performs Magical Cunning's rite.
pub fn magical_cunning(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
) -> Result<Step, AppError> {
    let out = caster.state.magical_cunning()?;
    commit(store, command, caster, out)
}

/// A rest whose Short Rest ends with the chosen recoveries (and spends
/// `dice` Hit Point Dice); with nothing chosen, [`crate::rest_with_hit_dice`].
/// A choice on a Long Rest is refused (`needs_short_rest`): a Long Rest
/// brings everything back anyway.
pub fn rest_choosing<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    kind: RestKind,
    dice: HitDice,
    choices: &RestChoices,
    rng: &mut R,
) -> Result<Rested, AppError> {
    if choices.is_empty() {
        return crate::rest_with_hit_dice(store, command, caster, kind, dice, rng);
    }
    if kind == RestKind::Long {
        let feature = choices.first_feature();
        return Err(
            RulesError::from(grimoire_rules::ResourceError::NeedsShortRest { feature }).into(),
        );
    }
    let rules_choices = choices.to_rules(store)?;
    let (out, rolls, healed) = short_rest_outcome(caster, dice, &rules_choices, rng)?;
    let step = commit(store, command, caster, out)?;
    Ok(Rested {
        step,
        rolls,
        healed,
    })
}

/// A Short Rest's events with the chosen recoveries, then the Hit Point
/// Dice spent: each die rolled and the hit points they gave.
pub(crate) fn short_rest_outcome<R: DiceRng + ?Sized>(
    caster: &Entity<Caster>,
    dice: HitDice,
    choices: &ShortRestChoices,
    rng: &mut R,
) -> Result<(Outcome, Vec<HitDieRoll>, u32), AppError> {
    let c = &caster.state;
    if c.vitals().is_some_and(|v| v.death.dead) {
        return Err(RulesError::Dead {
            name: caster.name.clone(),
        }
        .into());
    }
    let mut out = c.short_rest_with(choices)?;
    let (mut rolls, mut healed) = (Vec::new(), 0);
    if !dice.is_none() {
        let after = c.clone().replay(&out.events);
        let spent = after.spend_hit_dice(dice, rng)?;
        out.events.extend(spent.outcome.events);
        rolls = spent.rolls;
        healed = spent.healed;
    }
    Ok((out, rolls, healed))
}

/// What a party Short Rest (`rest --all`) takes back for `c` without
/// asking: Arcane Recovery's and Natural Recovery's highest expended slots
/// within their budgets, and Sorcerous Restoration when points are spent;
/// each only while unused since the last Long Rest. Memorize Spell is a
/// choice of spells, never made unasked.
pub fn party_choices(c: &Caster) -> RestChoices {
    let restoration = c.class_level(grimoire_rules::Class::Sorcerer) >= 5
        && !c.class_resources().restoration_used()
        && c.sorcery_points() < c.sorcery_points_max();
    RestChoices {
        sorcerous_restoration: restoration,
        ..default_choices(c)
    }
}

/// The Arcane Recovery (and Natural Recovery) `rest --all` makes for a
/// caster who has it: the highest expended slots within its budget.
pub fn default_choices(c: &Caster) -> RestChoices {
    RestChoices {
        arcane_recovery: c
            .arcane_recovery_default()
            .iter()
            .map(|l| l.get())
            .collect(),
        natural_recovery: c
            .natural_recovery_default()
            .iter()
            .map(|l| l.get())
            .collect(),
        ..RestChoices::default()
    }
}

/// [`font_of_magic`] on the character called `name`, with the report the
/// API answers.
pub fn font(store: &mut Store, name: &str, input: &FontInput) -> Result<StepReport, AppError> {
    by_name(store, name, "font", |store, command, c| {
        font_of_magic(store, command, c, input)
    })
}

/// [`innate_sorcery`] on the character called `name`.
pub fn innate(store: &mut Store, name: &str) -> Result<StepReport, AppError> {
    by_name(store, name, "innate", innate_sorcery)
}

/// [`magical_cunning`] on the character called `name`.
pub fn cunning(store: &mut Store, name: &str) -> Result<StepReport, AppError> {
    by_name(store, name, "cunning", magical_cunning)
}

/// Loads `name`, runs `op` with the command line it logs, and reports.
fn by_name(
    store: &mut Store,
    name: &str,
    command: &str,
    op: impl FnOnce(&mut Store, String, &Entity<Caster>) -> Result<Step, AppError>,
) -> Result<StepReport, AppError> {
    let (entity, owner) = load(store, name)?;
    let step = op(store, format!("{command} {}", entity.name), &entity)?;
    Ok(StepReport {
        character: CharacterView::of(&step.character, &owner),
        events: step.events,
        notes: step.notes,
        change: step.change,
    })
}

#[cfg(test)]
mod tests {
    use grimoire_rules::{AbilityScores, Class};
    use grimoire_store::Change;

    use super::*;
    use crate::state::CHARACTER;

    fn stored(classes: &[(Class, u8)]) -> Store {
        let mut store = Store::open_in_memory().unwrap();
        let c = Caster::new("Sera", classes, AbilityScores::new([10; 6]).unwrap()).unwrap();
        store
            .commit(
                &Change::new("character new Sera")
                    .create(CHARACTER, "Sera", &c)
                    .unwrap(),
            )
            .unwrap();
        store
    }

    #[test]
    fn font_of_magic_commits_one_change_that_undo_takes_back() {
        let mut store = stored(&[(Class::Sorcerer, 5)]);
        let input = FontInput {
            way: FontWay::ToSlot,
            level: 3,
            pact: false,
        };
        let report = font(&mut store, "sera", &input).unwrap();
        assert_eq!(report.character.state.sorcery_points(), 0);
        assert!(report.change.is_some());
        let err = font(&mut store, "sera", &input).unwrap_err();
        assert_eq!(err.code(), "no_sorcery_points");
        let view = ResourcesView::of(&report.character.state);
        assert_eq!(view.created_slots, vec![CreatedSlot { level: 3, count: 1 }]);
        assert_eq!(view.sorcery_points, Some(Pool { left: 0, max: 5 }));
    }

    #[test]
    fn rest_choices_refuse_a_level_outside_one_to_nine() {
        let store = Store::open_in_memory().unwrap();
        let bad = RestChoices {
            arcane_recovery: vec![0],
            ..RestChoices::default()
        };
        assert_eq!(
            bad.to_rules(&store).unwrap_err().code(),
            "invalid_slot_level"
        );
        let too_many = RestChoices {
            natural_recovery: vec![1; MAX_RECOVERED_SLOTS + 1],
            ..RestChoices::default()
        };
        assert_eq!(
            too_many.to_rules(&store).unwrap_err().code(),
            "too_many_slots"
        );
        let unknown = RestChoices {
            memorize: Some(MemorizeInput {
                forget: "shield".into(),
                learn: "no-such-spell".into(),
            }),
            ..RestChoices::default()
        };
        assert_eq!(
            unknown.to_rules(&store).unwrap_err().code(),
            "unknown_spell"
        );
    }
}
