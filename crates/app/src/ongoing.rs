//! Ongoing magic on one character, asked for by its name (issue 32):
//! dropping Concentration, dismissing a spell (R15), a casting of a minute
//! or more (R12), studying a spell in effect (R22) and moving Hex or
//! Hunter's Mark. Each takes a typed input and answers a typed report with
//! the character afterwards; the CLI's `--json`, the API's routes and MCP
//! all send these, so the rule and its answer are the same everywhere.
//!
//! A refusal writes nothing; the study's d20 comes from the caller's `rng`.

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, EffectId, Event, LongCast, Note, RollRecord, SpellId, SpellName};
use grimoire_store::{ChangeId, Store};
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::name::{NameKind, check_name};
use crate::play::step_logged;
use crate::sheet::CharacterView;

/// The largest Arcana bonus a study may name, either way: past any
/// character's reach, and far from overflow.
pub const MAX_ARCANA_BONUS: i32 = 30;

/// What ending, moving or carrying on a spell did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OngoingReport {
    /// The spell ended, moved or carried on.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub spell: Option<SpellId>,
    /// The casting of a minute or more still under way afterwards (R12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub long_cast: Option<LongCast>,
    /// The state changes logged.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// One of the character's ongoing spells to dismiss (R15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct DismissInput {
    /// The effect's number (`#3` on the sheet).
    pub effect: u64,
}

/// What to do with a casting of a minute or more (R12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum CastingStep {
    /// Spend this turn's Magic action on it.
    Continue,
    /// Give it up; no slot is spent.
    Abandon,
}

/// A casting of a minute or more, carried on or given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CastingInput {
    /// Continue or abandon.
    pub step: CastingStep,
}

/// A spell in effect to study (R22).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct IdentifyInput {
    /// The spell, by id or name (the SRD's or the table's homebrew).
    pub spell: String,
    /// The character's whole Arcana bonus (-30 to 30); the Intelligence
    /// modifier when left out.
    #[serde(default)]
    pub arcana: Option<i32>,
    /// Seeds the check; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// What studying a spell found (R22).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IdentifyReport {
    /// The Intelligence (Arcana) check.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub roll: RollRecord,
    /// Its DC (15).
    pub dc: i32,
    /// Whether the spell was identified.
    pub success: bool,
    /// The spell, when identified.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub spell: Option<SpellId>,
    /// The state changes logged (the action spent).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// Hex or Hunter's Mark moved to a new creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct RetargetInput {
    /// The spell in effect: its name or id, or its effect number (`#3`).
    pub spell: String,
    /// The creature it moves to.
    pub target: String,
}

/// Ends the character's Concentration (no action needed);
/// `no_concentration` when there is none.
pub fn drop_concentration(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
) -> Result<OngoingReport, AppError> {
    let (spell, report) = step(store, name, "drop", logged, |c| {
        let ended = c.concentration().map(|k| k.spell.clone());
        Ok((ended, c.drop_concentration()?))
    })?;
    Ok(OngoingReport { spell, ..report })
}

/// Ends one of the character's ongoing spells that may be dismissed (R15).
pub fn dismiss(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: DismissInput,
) -> Result<OngoingReport, AppError> {
    let command = format!("dismiss #{}", input.effect);
    let (spell, report) = step(store, name, &command, logged, |c| {
        let effect = EffectId(input.effect);
        let spell = c.ongoing().iter().find(|o| o.id == effect);
        Ok((spell.map(|o| o.spell.clone()), c.dismiss(effect)?))
    })?;
    Ok(OngoingReport { spell, ..report })
}

/// Carries on or gives up a casting of a minute or more (R12).
pub fn casting(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: CastingInput,
) -> Result<OngoingReport, AppError> {
    let step_name = match input.step {
        CastingStep::Continue => "continue",
        CastingStep::Abandon => "abandon",
    };
    let command = format!("casting {step_name}");
    let (spell, report) = step(store, name, &command, logged, |c| {
        let spell = c.long_cast().map(|l| l.spell.clone());
        let out = match input.step {
            CastingStep::Continue => c.continue_casting()?,
            CastingStep::Abandon => c.abandon_casting()?,
        };
        Ok((spell, out))
    })?;
    Ok(OngoingReport { spell, ..report })
}

/// Studies a spell in effect with the Study action: a DC 15 Intelligence
/// (Arcana) check (R22). The spell must be in effect on someone at this
/// table (`not_ongoing`); an Arcana bonus past ±30 is `out_of_range`.
pub fn identify<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: &IdentifyInput,
    rng: &mut R,
) -> Result<IdentifyReport, AppError> {
    if input.arcana.is_some_and(|a| a.abs() > MAX_ARCANA_BONUS) {
        return Err(AppError::OutOfRange {
            code: "out_of_range",
            field: "arcana",
            min: -i64::from(MAX_ARCANA_BONUS),
            max: i64::from(MAX_ARCANA_BONUS),
        });
    }
    let spell = crate::homebrew::spell(store, &input.spell)?;
    let everyone = store.list::<Caster>(crate::CHARACTER)?;
    Caster::check_in_effect(&spell, everyone.iter().map(|e| &e.state))?;
    let command = format!("identify {}", spell.id);
    let ((study, s), owner) = step_logged(store, name, &command, logged, |store, command, c| {
        let o = c.state.identify(&spell, input.arcana, rng)?;
        let out = grimoire_rules::Outcome {
            events: o.events.clone(),
            notes: Vec::new(),
        };
        Ok((o, crate::character::commit(store, command, c, out)?))
    })?;
    Ok(IdentifyReport {
        roll: study.roll,
        dc: study.dc,
        success: study.success,
        spell: study.spell,
        events: s.events,
        change: s.change,
        character: CharacterView::of(&s.character, &owner),
    })
}

/// Moves Hex or Hunter's Mark (named by spell or effect number) to a new
/// creature once its target has dropped to 0 hit points, with a Bonus
/// Action ([`crate::move_spell`]); the new target's name is checked as a
/// combatant's is.
pub fn retarget(
    store: &mut Store,
    name: &str,
    logged: Option<String>,
    input: &RetargetInput,
) -> Result<OngoingReport, AppError> {
    let target = check_name(NameKind::Combatant, &input.target)?;
    let command = format!("retarget {} {target}", input.spell);
    let (s, owner) = step_logged(store, name, &command, logged, |store, command, c| {
        let effect = match input.spell.trim_start_matches('#').parse::<u64>() {
            Ok(id) => EffectId(id),
            Err(_) => {
                let spell = crate::homebrew::spell(store, &input.spell)?;
                c.state
                    .ongoing()
                    .iter()
                    .rev()
                    .find(|o| o.spell == spell.id)
                    .map(|o| o.id)
                    .ok_or_else(|| grimoire_rules::RulesError::NotOngoing {
                        spell: SpellName::of(&spell),
                    })?
            }
        };
        crate::move_spell(store, command, c, effect, &target)
    })?;
    let spell = s.events.iter().find_map(|e| match e {
        Event::SpellMoved { spell, .. } => Some(spell.clone()),
        _ => None,
    });
    Ok(OngoingReport {
        spell,
        long_cast: None,
        events: s.events,
        notes: s.notes,
        change: s.change,
        character: CharacterView::of(&s.character, &owner),
    })
}

/// Runs a rules step that needs only the character, commits it, and
/// reports it with what `op` said of the spell.
fn step<T>(
    store: &mut Store,
    name: &str,
    command: &str,
    logged: Option<String>,
    op: impl FnOnce(&Caster) -> Result<(T, grimoire_rules::Outcome), AppError>,
) -> Result<(T, OngoingReport), AppError> {
    let ((said, s), owner) = step_logged(store, name, command, logged, |store, command, c| {
        let (said, out) = op(&c.state)?;
        Ok((said, crate::character::commit(store, command, c, out)?))
    })?;
    let long_cast = s.character.state.long_cast().cloned();
    Ok((
        said,
        OngoingReport {
            spell: None,
            long_cast,
            events: s.events,
            notes: s.notes,
            change: s.change,
            character: CharacterView::of(&s.character, &owner),
        },
    ))
}
