//! What a character does at the table, asked for by its name (issue 32):
//! one use case per operation (cast, prepare, rest, the end of a turn,
//! conditions, damage, hit points and healing, death saves, time passing,
//! its log and undo), each taking a typed input and answering a typed
//! report with the character afterwards ([`CharacterView`]). The API's
//! character routes call these and send their answers as they are; the
//! steps underneath ([`crate::rest`], [`crate::damage_hit`], ...) are the
//! CLI's too, so a rule behaves the same in every front end.
//!
//! A refusal writes nothing. The dice come from the caller's `rng`, so a
//! caller that retries after a version conflict can roll the same dice
//! again.

use std::collections::HashMap;

use grimoire_catalog::Catalog;
use grimoire_dice::DiceRng;
use grimoire_rules::{
    CastRequest, CastResolution, Caster, Class, Condition, DeathSaveResult, Event, HitDice,
    HitDieRoll, RollRecord, RolledMaxHp, Spell, TurnEconomy, Vitals,
};
use grimoire_store::{ChangeId, Entity, LogEntry, Store, Undone};
use serde::{Deserialize, Serialize};

use crate::character::{Affliction, HitPointChange, NextTurn, RestKind, Toggle};
use crate::error::AppError;
use crate::seat::Seat;
use crate::sheet::{CharacterView, OWNER, Owner, load};
use crate::view::CastView;
use grimoire_words::Named;

/// A rest request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RestInput {
    /// Which rest.
    pub kind: RestKind,
    /// Hit Point Dice to spend at the end of a Short Rest, by size
    /// (`{"d10": 1, "d8": 1}`); none when left out (2024 Hit Point Dice).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub hit_dice: Option<HitDice>,
    /// Seeds the Hit Point Dice; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Arcane Recovery as the Short Rest finishes: the level of each
    /// expended slot to recover (`[3, 1]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arcane_recovery: Vec<u8>,
    /// Sorcerous Restoration as the Short Rest finishes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sorcerous_restoration: bool,
    /// Natural Recovery (Circle of the Land) as the Short Rest finishes:
    /// the level of each expended slot to recover (`[3, 1]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub natural_recovery: Vec<u8>,
    /// Memorize Spell as the Short Rest finishes: a prepared spell swapped
    /// for one of the spellbook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memorize: Option<crate::class_resources::MemorizeInput>,
}

/// A death saving throw to roll, or Stable to become (2024).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct DeathSaveInput {
    /// Make the character Stable instead (Spare the Dying, a Medicine check).
    #[serde(default)]
    pub stabilize: bool,
    /// Seeds the d20; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A condition, or magical silence, to add or remove: the one input the
/// CLI's `condition`, the API body and MCP's tool fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ConditionInput {
    /// The condition (`incapacitated`, `prone`, `exhaustion`, ...) or
    /// `silenced` (magical silence, R14a).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub condition: Affliction,
    /// Remove it instead of adding it.
    #[serde(default)]
    pub remove: bool,
    /// Adding Exhaustion: the level outright (0 to 6); left out, one level
    /// more than now (2024: Exhaustion comes in levels). Other conditions
    /// have no level and leave it unread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

/// Damage taken by a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct DamageInput {
    /// Hit points of damage (at most 10000).
    pub amount: u32,
    /// Seeds the Concentration save; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
    /// A critical hit: at 0 hit points, two death save failures (2024).
    #[serde(default)]
    pub critical: bool,
}

/// Hit points and Armor Class to record or change; every field optional
/// (the maximum and AC are needed the first time).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct HitPointsInput {
    /// Hit point maximum (1 to 999).
    #[serde(default)]
    pub max_hp: Option<u32>,
    /// Armor Class (1 to 40).
    #[serde(default)]
    pub ac: Option<u8>,
    /// Current hit points, set outright (0 to the maximum).
    #[serde(default)]
    pub hp: Option<u32>,
    /// Temporary hit points gained; the larger amount stays.
    #[serde(default)]
    pub temp_hp: Option<u32>,
    /// Hit points regained, up to the maximum.
    #[serde(default)]
    pub heal: Option<u32>,
    /// The maximum from the class Hit Point Dice and Constitution instead
    /// of `max_hp`: `fixed` (2024 fixed values) or `rolled` (each level
    /// after the first rolled with `seed`).
    #[serde(default)]
    pub max_hp_auto: Option<crate::MaxHpRule>,
    /// Seeds a rolled maximum (the same seed, the same maximum).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// Time passing for a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TimeInput {
    /// Rounds of six seconds (10 a minute, 600 an hour; at most 14400, a day).
    pub rounds: u64,
}

pub use crate::report::StepReport;

/// What a rest did: the step, and each Hit Point Die spent. The CLI's
/// `rest --json`, the API's `POST …/rests` and MCP's `rest` answer it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RestReport {
    /// Which rest: `short` or `long`.
    pub rest: RestKind,
    /// The state changes logged (empty when nothing changed).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player: the rules' notes, each a `code` with its
    /// values.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// Each Hit Point Die spent: size, face, Constitution modifier, hit
    /// points it gave.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub hit_dice_rolls: Vec<HitDieRoll>,
    /// Hit points the dice gave in all.
    pub hit_dice_healed: u32,
    /// The Hit Point Dice left afterwards, by size (`{"d8": 2}`).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub hit_dice_left: HitDice,
    /// Hit points and Armor Class afterwards, once recorded.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub vitals: Option<Vitals>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// What recording or changing hit points did (or, asked for no change,
/// the hit points as they are). The CLI's `hp --json`, the API's
/// `POST …/hp` and MCP's `hp` answer it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HitPointsReport {
    /// Hit points and Armor Class afterwards, once recorded.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub vitals: Option<Vitals>,
    /// The character's Hit Point Dice, by size.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub hit_dice: HitDice,
    /// The Hit Point Dice left, by size.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub hit_dice_left: HitDice,
    /// A maximum rolled from the Hit Point Dice: each level as rolled.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub max_hp_rolled: Option<RolledMaxHp>,
    /// The state changes logged (empty when nothing changed).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player: the rules' notes, each a `code` with its
    /// values.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// What gaining or losing a condition did. The CLI's `condition --json`,
/// the API's `POST …/conditions` and MCP's `condition` answer it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConditionReport {
    /// The conditions afterwards.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<Condition>,
    /// Whether the character is silenced (no Verbal components, R14a).
    pub silenced: bool,
    /// The Exhaustion level afterwards, 0 to 6.
    pub exhaustion: u8,
    /// The feet Exhaustion takes off the character's Speed (5 a level).
    #[serde(default)]
    pub speed_penalty_ft: u32,
    /// The state changes logged (empty when nothing changed).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player (Concentration ended by Incapacitated).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// What the end of a turn did. The CLI's `turn end --json`, the API's
/// `POST …/turns` and MCP's `turn_end` answer it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TurnReport {
    /// The turn's economy afterwards (actions, the one slot a turn).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub turn: TurnEconomy,
    /// The state changes logged.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// What a death save (or stabilizing) did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeathSaveReport {
    /// The d20, when one was rolled.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub roll: Option<RollRecord>,
    /// `success`, `failure`, `two_failures` or `revived`, when rolled.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub result: Option<DeathSaveResult>,
    /// The state changes logged.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// The change id.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards (its vitals carry the counts).
    pub character: CharacterView,
}

/// The result of taking damage. The CLI's `damage --json`, the API's
/// `POST …/damage` and MCP's `damage` answer it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DamageReport {
    /// Hit points of damage taken.
    pub damage: u32,
    /// Hit points afterwards, when recorded.
    pub hp_after: Option<u32>,
    /// Hit points and Armor Class afterwards, once recorded.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub vitals: Option<Vitals>,
    /// The Concentration save's DC, when one was needed.
    pub dc: Option<i32>,
    /// The save roll, when one was needed.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub roll: Option<RollRecord>,
    /// Whether Concentration holds afterwards (false if there was none).
    pub concentration_kept: bool,
    /// The state changes logged.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player (a death save failed at 0 hit points, ...).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// Reads the character and runs one shared step on it, logged under
/// `command` and the character's stored name (`rest long Elmira`).
/// Returns the step's result and the character's owner.
fn step<T>(
    store: &mut Store,
    name: &str,
    command: &str,
    op: impl FnOnce(&mut Store, String, &Entity<Caster>) -> Result<T, AppError>,
) -> Result<(T, String), AppError> {
    step_logged(store, name, command, None, op)
}

/// [`step`], logged as `logged` when the front end words the change
/// itself (the CLI logs its command line, `rest Elmira --long`).
pub(crate) fn step_logged<T>(
    store: &mut Store,
    name: &str,
    command: &str,
    logged: Option<String>,
    op: impl FnOnce(&mut Store, String, &Entity<Caster>) -> Result<T, AppError>,
) -> Result<(T, String), AppError> {
    let (entity, owner) = load(store, name)?;
    let command = logged.unwrap_or_else(|| format!("{command} {}", entity.name));
    let out = op(store, command, &entity)?;
    Ok((out, owner))
}

/// Prepares a spell (or learns a cantrip); it must be on one of the
/// character's class lists (R8).
pub fn prepare(store: &mut Store, name: &str, spell: &Spell) -> Result<StepReport, AppError> {
    let command = format!("prepare {}", spell.id.as_str());
    let (s, owner) = step(store, name, &command, |store, command, c| {
        crate::character::prepare(store, command, c, &[spell])
    })?;
    Ok(StepReport::of(s, &owner))
}

/// Marks a spell as always prepared (a subclass, feat, species or Magical
/// Secrets keeps it prepared): outside the prepared-spell limit and exempt
/// from R8's class-list check, counting as a spell of `class` (default: the
/// character's class with the spell on its list).
pub fn prepare_always(
    store: &mut Store,
    name: &str,
    spell: &Spell,
    class: Option<Class>,
) -> Result<StepReport, AppError> {
    let command = format!("prepare {} --always", spell.id.as_str());
    let (s, owner) = step(store, name, &command, |store, command, c| {
        crate::character::prepare_always(store, command, c, &[spell], class)
    })?;
    Ok(StepReport::of(s, &owner))
}

/// A short or long rest (R4), spending the Hit Point Dice asked for at the
/// end of a Short Rest.
pub fn rest<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    input: &RestInput,
    rng: &mut R,
) -> Result<RestReport, AppError> {
    let dice = input.hit_dice.unwrap_or_default();
    let choices = crate::class_resources::RestChoices {
        arcane_recovery: input.arcane_recovery.clone(),
        sorcerous_restoration: input.sorcerous_restoration,
        natural_recovery: input.natural_recovery.clone(),
        memorize: input.memorize.clone(),
    };
    rest_as(store, name, None, input.kind, dice, &choices, rng)
}

/// [`rest`] with its parts as a front end gathered them (the Hit Point
/// Dice to spend, the class features' choices), logged as `logged` or as
/// `rest short Elmira`.
pub fn rest_as<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    kind: RestKind,
    dice: HitDice,
    choices: &crate::class_resources::RestChoices,
    rng: &mut R,
) -> Result<RestReport, AppError> {
    let command = match kind {
        RestKind::Short => "rest short",
        RestKind::Long => "rest long",
    };
    let (r, owner) = step_logged(store, name, command, logged, |store, command, c| {
        crate::class_resources::rest_choosing(store, command, c, kind, dice, choices, rng)
    })?;
    let after = &r.step.character.state;
    Ok(RestReport {
        rest: kind,
        hit_dice_left: after.hit_dice_left(),
        vitals: after.vitals(),
        character: CharacterView::of(&r.step.character, &owner),
        events: r.step.events,
        notes: r.step.notes,
        change: r.step.change,
        hit_dice_rolls: r.rolls,
        hit_dice_healed: r.healed,
    })
}

/// Rolls a dying character's death save, or makes it Stable; refused
/// unless it is at 0 hit points, neither Stable nor dead (2024).
pub fn death_save<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    input: &DeathSaveInput,
    rng: &mut R,
) -> Result<DeathSaveReport, AppError> {
    let command = if input.stabilize {
        "deathsave --stabilize"
    } else {
        "deathsave"
    };
    let ((s, save), owner) = step(store, name, command, |store, command, c| {
        if input.stabilize {
            crate::dying::stabilize(store, command, c, rng).map(|s| (s, None))
        } else {
            crate::dying::death_save(store, command, c, rng).map(|(s, d)| (s, Some(d)))
        }
    })?;
    Ok(DeathSaveReport {
        roll: save.as_ref().map(|d| d.roll.clone()),
        result: save.as_ref().map(|d| d.result),
        events: s.events,
        change: s.change,
        character: CharacterView::of(&s.character, &owner),
    })
}

/// Ends the character's turn (R9, R10: the action economy and the
/// one-slot-per-turn limit reset). Outside a running encounter the
/// character's next turn begins at once, ending what lasts "until your next
/// turn"; inside one the turn order begins it ([`crate::next_turn`]). Every
/// front end ends a turn through here, so the choice is made once.
pub fn end_turn(store: &mut Store, name: &str) -> Result<TurnReport, AppError> {
    end_turn_as(store, name, None)
}

/// [`end_turn`], logged as `logged` or as `turn Elmira`.
pub fn end_turn_as(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
) -> Result<TurnReport, AppError> {
    let (s, owner) = step_logged(store, name, "turn", logged, |store, command, c| {
        let next = match crate::state::encounter_of(store, &c.name)? {
            Some(_) => NextTurn::Later,
            None => NextTurn::Now,
        };
        crate::character::end_turn(store, command, c, next)
    })?;
    Ok(TurnReport {
        turn: s.character.state.turn().clone(),
        character: CharacterView::of(&s.character, &owner),
        events: s.events,
        notes: s.notes,
        change: s.change,
    })
}

/// Adds or removes a condition (Incapacitated ends Concentration; gaining
/// Exhaustion gains a level).
pub fn condition(
    store: &mut Store,
    name: &str,
    input: &ConditionInput,
) -> Result<ConditionReport, AppError> {
    afflict(store, name, None, *input)
}

/// Adds or removes a condition or magical silence (R14a), logged as
/// `logged` or as `condition add prone Elmira`.
pub fn afflict(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: ConditionInput,
) -> Result<ConditionReport, AppError> {
    if let Some(level) = input.level
        && level > grimoire_rules::MAX_EXHAUSTION
    {
        return Err(AppError::OutOfRange {
            code: "out_of_range",
            field: "level",
            min: 0,
            max: i64::from(grimoire_rules::MAX_EXHAUSTION),
        });
    }
    let toggle = if input.remove {
        Toggle::Remove
    } else {
        Toggle::Add
    };
    let verb = match toggle {
        Toggle::Add => "add",
        Toggle::Remove => "remove",
    };
    let what = match input.condition {
        Affliction::Condition(c) => c.name_en(),
        Affliction::Silenced => "silenced",
    };
    let command = format!("condition {verb} {what}");
    let exhausting =
        input.condition == Affliction::Condition(Condition::Exhaustion) && toggle == Toggle::Add;
    let (s, owner) = step_logged(store, name, &command, logged, |store, command, c| {
        if exhausting {
            let level = input
                .level
                .unwrap_or_else(|| c.state.exhaustion_level().saturating_add(1));
            crate::dying::exhaustion(store, command, c, level)
        } else {
            crate::character::condition(store, command, c, input.condition, toggle)
        }
    })?;
    let after = &s.character.state;
    Ok(ConditionReport {
        conditions: after.conditions().iter().copied().collect(),
        silenced: after.is_silenced(),
        exhaustion: after.exhaustion_level(),
        speed_penalty_ft: after.speed_penalty_ft(),
        character: CharacterView::of(&s.character, &owner),
        events: s.events,
        notes: s.notes,
        change: s.change,
    })
}

/// The most damage one request deals (`bad_amount` above it): no table
/// needs more, and a bound keeps the arithmetic far from overflow.
pub const MAX_DAMAGE: u32 = 10_000;

/// Damage while concentrating calls for a Constitution save (DC 10 or half
/// the damage, at most 30); failing ends Concentration. At 0 hit points it
/// is a death save failure, two from a critical hit (2024). More than
/// [`MAX_DAMAGE`] is `bad_amount`.
pub fn damage<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    input: &DamageInput,
    rng: &mut R,
) -> Result<DamageReport, AppError> {
    damage_as(store, name, None, input, rng)
}

/// [`damage`], logged as `logged` or as `damage 12 Elmira`.
pub fn damage_as<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: &DamageInput,
    rng: &mut R,
) -> Result<DamageReport, AppError> {
    if input.amount > MAX_DAMAGE {
        return Err(AppError::OutOfRange {
            code: "bad_amount",
            field: "damage",
            min: 0,
            max: i64::from(MAX_DAMAGE),
        });
    }
    let command = format!("damage {}", input.amount);
    let (d, owner) = step_logged(store, name, &command, logged, |store, command, c| {
        crate::character::damage_hit(store, command, c, input.amount, input.critical, rng)
    })?;
    Ok(DamageReport {
        damage: input.amount,
        hp_after: d.hp_after,
        vitals: d.step.character.state.vitals(),
        dc: d.dc,
        roll: d.roll,
        concentration_kept: d.concentration_kept,
        events: d.step.events,
        notes: d.step.notes,
        change: d.step.change,
        character: CharacterView::of(&d.step.character, &owner),
    })
}

/// Records or changes hit points and Armor Class, heals or grants
/// temporary hit points; refused with `no_hit_points` before any are
/// recorded unless the maximum comes with the first change (the AC is
/// then the unarmored one unless given). `max_hp_auto` sets the maximum
/// from the Hit Point Dice, fixed or rolled ([`crate::max_hp_from_dice`]).
pub fn hit_points(
    store: &mut Store,
    name: &str,
    input: &HitPointsInput,
) -> Result<HitPointsReport, AppError> {
    let mut rng = grimoire_dice::SeededRng::new(input.seed.unwrap_or_default());
    hit_points_as(store, name, None, input, &mut rng)
}

/// [`hit_points`] rolling a rolled maximum with `rng`, logged as
/// `logged` or as `hp Elmira`. An input that changes nothing writes
/// nothing and answers the hit points as they are.
pub fn hit_points_as<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: &HitPointsInput,
    rng: &mut R,
) -> Result<HitPointsReport, AppError> {
    let change = HitPointChange {
        max_hp: input.max_hp,
        ac: input.ac,
        hp: input.hp,
        temp_hp: input.temp_hp,
        heal: input.heal,
    };
    let ((s, rolled), owner) = step_logged(store, name, "hp", logged, |store, command, c| {
        let mut change = change;
        let from_dice = input
            .max_hp_auto
            .map(|rule| crate::max_hp_from_dice(&c.state, rule, rng));
        if let Some(d) = &from_dice {
            change.max_hp = Some(d.max_hp);
        }
        let s = crate::character::hit_points(store, command, c, change)?;
        Ok((s, from_dice.and_then(|d| d.rolled)))
    })?;
    let after = &s.character.state;
    Ok(HitPointsReport {
        vitals: after.vitals(),
        hit_dice: after.hit_dice(),
        hit_dice_left: after.hit_dice_left(),
        max_hp_rolled: rolled,
        character: CharacterView::of(&s.character, &owner),
        events: s.events,
        notes: s.notes,
        change: s.change,
    })
}

/// Lets time pass: spells run out (R15), a long casting progresses (R12).
pub fn wait(store: &mut Store, name: &str, input: &TimeInput) -> Result<StepReport, AppError> {
    let command = format!("wait {}r", input.rounds);
    let (s, owner) = step(store, name, &command, |store, command, c| {
        crate::character::wait(store, command, c, input.rounds)
    })?;
    Ok(StepReport::of(s, &owner))
}

/// Gives the character an item or an ability ([`crate::gear::give`]: one
/// of the same name replaced, at most [`crate::limits::MAX_GEAR`]).
pub fn give(
    store: &mut Store,
    name: &str,
    given: crate::gear::Given,
) -> Result<StepReport, AppError> {
    let command = format!("gear add {}", given.name());
    let (s, owner) = step(store, name, &command, |store, command, c| {
        crate::gear::give(store, command, c, given)
    })?;
    Ok(StepReport::of(s, &owner))
}

/// Sets what the character holds for components and the weapons it
/// carries ([`crate::gear::equip`]), replacing what was there.
pub fn equip(
    store: &mut Store,
    name: &str,
    gear: grimoire_rules::Equipment,
) -> Result<StepReport, AppError> {
    let (s, owner) = step(store, name, "equip", |store, command, c| {
        crate::gear::equip(store, command, c, gear)
    })?;
    Ok(StepReport::of(s, &owner))
}

/// One page of the character's history, oldest first: the newest `limit`
/// entries before `before`.
pub fn log(
    store: &Store,
    name: &str,
    before: Option<u64>,
    limit: u32,
) -> Result<Vec<LogEntry>, AppError> {
    Ok(store.log_page(crate::state::CHARACTER, name, before, limit)?)
}

/// Reverts the character's newest change (and every entity it touched),
/// for a caller who may change all of them: the GM (`player` is `None`)
/// may undo anything; a player (`player` is their account) only a change
/// that touched nothing but their own characters (with their owner
/// records). Anything else is `undo_forbidden` and writes nothing.
pub fn undo(store: &mut Store, name: &str, player: Option<&str>) -> Result<Undone, AppError> {
    // The owner record is created with the character; undoing the creation
    // removes both, and the log keeps them.
    let Some(player) = player else {
        return Ok(store.undo(crate::state::CHARACTER, name)?);
    };
    let player = grimoire_store::name_key(player);
    // Owners are read before the undo: a player's own characters cannot
    // change hands, and any other write to them moves the character on,
    // which the store's undo check then catches.
    let owners: HashMap<String, String> = store
        .list::<Owner>(OWNER)?
        .into_iter()
        .map(|o| {
            (
                grimoire_store::name_key(&o.name),
                grimoire_store::name_key(&o.state.account),
            )
        })
        .collect();
    let own = |kind: &str, entity: &str| {
        (kind == crate::state::CHARACTER || kind == OWNER)
            && owners.get(&grimoire_store::name_key(entity)) == Some(&player)
    };
    Ok(store.undo_if(crate::state::CHARACTER, name, &own)?)
}

/// A cast as a front end orders it, the spell not yet looked up.
#[derive(Debug, Clone, Copy)]
pub struct CastOrder<'a> {
    /// The spell: id, English or Czech name.
    pub spell: &'a str,
    /// Finishes a casting of a minute or more begun earlier, whose time is
    /// up (R12), instead of starting one.
    pub complete: bool,
    /// The rules request (slot level, mode, targets, ...).
    pub request: &'a CastRequest,
}

/// The result of an accepted cast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CastReport {
    /// What happened (slot spent, rolls, targets, notes).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub cast: CastResolution,
    /// The state changes logged.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// The change id in the log.
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub change: ChangeId,
    /// The character afterwards.
    pub character: CharacterView,
    /// The fields of `grimoire cast --json`'s `cast` object (`spell`,
    /// `level`, `slot`, `mode`, `rolls`, ...), at the top level because
    /// `cast` here is the rules' resolution.
    #[serde(flatten)]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub view: CastView,
}

/// A cast inside an encounter that waits for Reactions (R11): another
/// combatant could answer it (Counterspell), so nothing is spent yet; the
/// GM resolves the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PendingCastReport {
    /// Always `pending`.
    #[cfg_attr(feature = "openapi", schema(example = "pending"))]
    pub status: String,
    /// The encounter the window is open in.
    pub encounter: String,
    /// The caster.
    pub caster: String,
    /// The spell's id.
    pub spell: String,
    /// Who could answer, with the ids of the Reaction spells each could cast.
    pub reactors: Vec<ReactorView>,
}

/// A combatant who could answer a cast with a Reaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReactorView {
    /// The combatant.
    pub name: String,
    /// Ids of the Reaction spells it could cast now.
    pub spells: Vec<String>,
}

/// What a character's cast came to: resolved, or waiting for Reactions.
/// Live updates carry either shape (a pending one has `status: pending`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CastReply {
    /// Cast and committed.
    Resolved(Box<CastReport>),
    /// Waiting in the encounter's reaction window.
    Pending(PendingCastReport),
}

/// Casts a spell for the character `name`: the spell looked up in
/// `catalog`, then [`crate::cast_spell`] (checked against the rules
/// R3–R18, the slot spent and logged in one commit, or waiting in the
/// encounter's reaction window) for the seat asking. A refusal changes
/// nothing.
pub fn cast<R: DiceRng + ?Sized>(
    store: &mut Store,
    catalog: &Catalog,
    name: &str,
    order: CastOrder<'_>,
    seat: &Seat,
    rng: &mut R,
) -> Result<CastReply, AppError> {
    let found = catalog.lookup(order.spell)?;
    let (entity, owner) = load(store, name)?;
    let call = crate::CastCall {
        caster: entity.name.clone(),
        spell: found.spell.clone(),
        request: order.request.clone(),
        complete: order.complete,
        command: format!("cast {} {}", found.spell.id.as_str(), entity.name),
    };
    let reactions = reaction_spells();
    match crate::cast_spell(store, call, seat, reactions, rng)? {
        crate::CastAnswer::Waiting(w) => Ok(CastReply::Pending(PendingCastReport {
            status: "pending".into(),
            encounter: w.encounter,
            caster: w.caster,
            spell: w.spell.to_string(),
            reactors: w
                .reactors
                .into_iter()
                .map(|r| ReactorView {
                    name: r.name,
                    spells: r.spells,
                })
                .collect(),
        })),
        crate::CastAnswer::Resolved(done) => {
            let view = CastView::new(
                done.caster.state.name(),
                &done.outcome,
                &found.name_en,
                &found.name_cs,
            )
            .with_hits(done.hits);
            Ok(CastReply::Resolved(Box::new(CastReport {
                view,
                cast: grimoire_words::with_words(done.outcome.resolution),
                events: done.outcome.events,
                change: done.change.unwrap_or(ChangeId(0)),
                character: CharacterView::of(&done.caster, &owner),
            })))
        }
    }
}

/// The SRD's Reaction spells, gathered once per process.
fn reaction_spells() -> &'static [Spell] {
    static SPELLS: std::sync::OnceLock<Vec<Spell>> = std::sync::OnceLock::new();
    SPELLS.get_or_init(crate::reaction_spells)
}

#[cfg(test)]
mod tests {
    use grimoire_dice::SeededRng;
    use grimoire_rules::Class;

    use super::*;
    use crate::creation::{AbilitiesInput, NewCharacter, create_character};
    use crate::sheet::ClassLevel;

    fn elmira(store: &mut Store, prepared: &[&str]) -> CharacterView {
        let new = NewCharacter {
            name: "Elmira".into(),
            classes: vec![ClassLevel {
                class: Class::Wizard,
                level: 3,
            }],
            abilities: AbilitiesInput {
                int: 16,
                ..AbilitiesInput::default()
            },
            prepared: prepared.iter().map(|s| (*s).to_owned()).collect(),
            owner: None,
            features: Default::default(),
        };
        create_character(store, Catalog::srd(), "petr", &new).unwrap()
    }

    fn cast_now(store: &mut Store, spell: &str, seed: u64) -> Result<CastReply, AppError> {
        let request = CastRequest::new();
        let order = CastOrder {
            spell,
            complete: false,
            request: &request,
        };
        cast(
            store,
            Catalog::srd(),
            "elmira",
            order,
            &Seat::Gm,
            &mut SeededRng::new(seed),
        )
    }

    #[test]
    fn a_cast_by_name_spends_one_slot_and_answers_the_character_afterwards() {
        let mut store = Store::open_in_memory().unwrap();
        elmira(&mut store, &["Magic Missile"]);
        let CastReply::Resolved(done) = cast_now(&mut store, "magická střela", 7).unwrap() else {
            panic!("no encounter, so nothing waits");
        };
        assert_eq!(done.character.slots[0].remaining, 3);
        assert_eq!(
            (done.character.owner.as_str(), done.character.version),
            ("petr", 2)
        );
        assert_eq!(done.view.spell_name_cs, "Magická střela");
        // R10: a second slot in the same turn is refused and changes nothing.
        let err = cast_now(&mut store, "magic-missile", 7).unwrap_err();
        assert_eq!(err.rule(), Some("R10"));
        assert_eq!(crate::sheet::show(&store, "Elmira").unwrap().version, 2);
        let turn = end_turn(&mut store, "Elmira").unwrap();
        assert!(!turn.character.slot_spent_this_turn);
        assert!(cast_now(&mut store, "magic-missile", 7).is_ok());
    }

    #[test]
    fn an_unknown_spell_or_character_is_refused_with_its_code() {
        let mut store = Store::open_in_memory().unwrap();
        assert_eq!(
            cast_now(&mut store, "magic-missile", 1).unwrap_err().code(),
            "unknown_character"
        );
        elmira(&mut store, &[]);
        assert_eq!(
            cast_now(&mut store, "no such spell", 1).unwrap_err().code(),
            "unknown_spell"
        );
    }

    #[test]
    fn hit_points_damage_and_healing_are_recorded_by_name() {
        let mut store = Store::open_in_memory().unwrap();
        elmira(&mut store, &[]);
        let first = HitPointsInput {
            max_hp: Some(20),
            ..HitPointsInput::default()
        };
        let s = hit_points(&mut store, "Elmira", &first).unwrap();
        let vitals = s.character.sheet.vitals.unwrap();
        assert_eq!((vitals.hp, vitals.max_hp), (20, 20));
        let hit = DamageInput {
            amount: 12,
            seed: None,
            critical: false,
        };
        let d = damage(&mut store, "Elmira", &hit, &mut SeededRng::new(1)).unwrap();
        assert_eq!(d.character.sheet.vitals.unwrap().hp, 8);
        assert_eq!((d.dc, d.concentration_kept), (None, false));
        let heal = HitPointsInput {
            heal: Some(5),
            ..HitPointsInput::default()
        };
        let s = hit_points(&mut store, "Elmira", &heal).unwrap();
        assert_eq!(s.character.sheet.vitals.unwrap().hp, 13);
        let too_much = DamageInput {
            amount: MAX_DAMAGE + 1,
            ..hit
        };
        let err = damage(&mut store, "Elmira", &too_much, &mut SeededRng::new(1)).unwrap_err();
        assert_eq!(err.code(), "bad_amount");
        assert_eq!(log(&store, "Elmira", None, 100).unwrap().len(), 4);
    }

    #[test]
    fn items_abilities_and_equipment_by_name() {
        let mut store = Store::open_in_memory().unwrap();
        elmira(&mut store, &[]);
        let mm = grimoire_rules::SpellId::new("magic-missile").unwrap();
        let wand = grimoire_rules::MagicItem::charged(
            "Wand of Magic Missiles",
            vec![mm.clone()],
            7,
            grimoire_rules::Recharge::LongRest,
        );
        let s = give(&mut store, "elmira", crate::gear::Given::Item(wand.clone())).unwrap();
        assert_eq!(s.character.sheet.items[0].charges, 7);
        // The same name again replaces it rather than adding a second.
        let s = give(&mut store, "Elmira", crate::gear::Given::Item(wand)).unwrap();
        assert_eq!(s.character.sheet.items.len(), 1);
        let luck = grimoire_rules::LimitedUse::new(
            "Fey Step",
            vec![mm],
            1,
            grimoire_rules::Recharge::ShortRest,
        );
        let s = give(&mut store, "Elmira", crate::gear::Given::Ability(luck)).unwrap();
        assert_eq!(s.character.sheet.features[0].name, "Fey Step");
        let gear = grimoire_rules::Equipment {
            weapons: vec!["Dýka".into(), "dagger".into()],
            ..grimoire_rules::Equipment::default()
        };
        let s = equip(&mut store, "Elmira", gear).unwrap();
        assert_eq!(s.character.sheet.equipment.weapons, ["dagger"]);
        assert!(!s.character.sheet.equipment.component_pouch);
        let bad = grimoire_rules::Equipment {
            weapons: vec!["lightsaber".into()],
            ..grimoire_rules::Equipment::default()
        };
        let err = equip(&mut store, "Elmira", bad).unwrap_err();
        assert_eq!(err.code(), "unknown_weapon");
        assert_eq!(crate::sheet::show(&store, "Elmira").unwrap().version, 5);
    }

    #[test]
    fn conditions_rests_time_and_undo_by_name() {
        let mut store = Store::open_in_memory().unwrap();
        elmira(&mut store, &[]);
        let prone = ConditionInput {
            condition: Affliction::Condition(Condition::Prone),
            remove: false,
            level: None,
        };
        let s = condition(&mut store, "Elmira", &prone).unwrap();
        assert_eq!(s.character.conditions, [Condition::Prone]);
        let s = wait(&mut store, "Elmira", &TimeInput { rounds: 10 }).unwrap();
        assert_eq!(s.character.sheet.time_rounds, 10);
        let short = RestInput {
            kind: RestKind::Short,
            hit_dice: None,
            seed: None,
            arcane_recovery: Vec::new(),
            sorcerous_restoration: false,
            natural_recovery: Vec::new(),
            memorize: None,
        };
        let r = rest(&mut store, "Elmira", &short, &mut SeededRng::new(1)).unwrap();
        assert_eq!(r.hit_dice_healed, 0);
        // A player undoes only a change of their own characters.
        let err = undo(&mut store, "Elmira", Some("someone-else")).unwrap_err();
        assert_eq!(err.code(), "undo_forbidden");
        let undone = undo(&mut store, "Elmira", Some("Petr")).unwrap();
        assert_eq!(undone.reverted_command, "rest short Elmira");
        let err = death_save(
            &mut store,
            "Elmira",
            &DeathSaveInput::default(),
            &mut SeededRng::new(1),
        )
        .unwrap_err();
        assert!(err.rule().is_some() || !err.code().is_empty(), "{err}");
    }
}
