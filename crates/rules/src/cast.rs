//! The casting pipeline: validate a request against the caster and the
//! spell, then resolve it into a [`CastResolution`] and [`Event`]s.
//!
//! Validation runs first and rolls nothing, so a refused cast consumes no
//! randomness and changes no state.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::class::{Ability, Class};
use crate::economy::ActionKind;
use crate::error::RulesError;
use crate::event::{EffectId, EndReason, Event, LongCast};
use crate::level::{SlotLevel, SpellLevel};
use crate::resolve::{Stats, resolve_effect};
use crate::resources::Focus;
use crate::roll::{RollMode, RollRecord};
use crate::spell::{Range, Spell, SpellId};
use crate::target::{Target, TargetOutcome};
use crate::time::CastingTime;

/// Rounds a ritual adds to the casting time: 10 minutes (R5b).
pub const RITUAL_EXTRA_ROUNDS: u64 = 100;

/// How the spell is powered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case", tag = "mode", content = "name")]
pub enum CastMode {
    /// A spell slot (none for cantrips) (R3, R5a).
    #[default]
    Slot,
    /// As a ritual: no slot, +10 minutes (R5b).
    Ritual,
    /// A limited-use feature, by name (R5c).
    Feature(String),
    /// A magic item, by name (R5d).
    Item(String),
    /// A Warlock's Mystic Arcanum of the spell's level.
    Arcanum,
}

/// Which slots may power the spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    /// Regular or pact, whichever fits lowest (pact slots first on a tie).
    #[default]
    Any,
    /// Regular slots only.
    Regular,
    /// Pact slots only.
    Pact,
}

/// What the caller asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct CastRequest {
    /// How it is powered.
    #[serde(default)]
    pub mode: CastMode,
    /// An explicit slot level (upcasting, R6); default the lowest that fits (R3).
    #[serde(default)]
    pub slot: Option<SlotLevel>,
    /// Which slots may be used.
    #[serde(default)]
    pub slot_kind: SlotKind,
    /// The class to cast with; default the best one with the spell (R8).
    #[serde(default)]
    pub class: Option<Class>,
    /// The part of the turn offered; default what the casting time needs (R9).
    #[serde(default)]
    pub action: Option<ActionKind>,
    /// The trigger being answered (R11).
    #[serde(default)]
    pub trigger: Option<String>,
    /// Targets (R17).
    #[serde(default)]
    pub targets: Vec<Target>,
    /// Advantage or Disadvantage on the spell's attack rolls.
    #[serde(default)]
    pub roll_mode: RollMode,
    /// Cast outside the caster's own turn (a Reaction): R10 counts slots per
    /// turn, so such a slot does not block one on the caster's turn.
    #[serde(default)]
    pub off_turn: bool,
    /// Extra bonuses to the spell's attack rolls, such as Bless's d4 on the
    /// caster (see `EffectBoard::bonuses`).
    #[serde(default)]
    pub attack_bonuses: Vec<crate::effect::BonusAmount>,
}

impl CastRequest {
    /// The default request: lowest slot, no targets.
    pub fn new() -> Self {
        CastRequest::default()
    }

    /// Use this slot level (R6).
    pub fn at_slot(mut self, level: SlotLevel) -> Self {
        self.slot = Some(level);
        self
    }

    /// Cast as a ritual (R5b).
    pub fn as_ritual(mut self) -> Self {
        self.mode = CastMode::Ritual;
        self
    }

    /// Use a mode.
    pub fn with_mode(mut self, mode: CastMode) -> Self {
        self.mode = mode;
        self
    }

    /// Add a target.
    pub fn target(mut self, target: Target) -> Self {
        self.targets.push(target);
        self
    }

    /// Offer this part of the turn.
    pub fn using(mut self, action: ActionKind) -> Self {
        self.action = Some(action);
        self
    }

    /// Name the trigger (R11).
    pub fn on_trigger(mut self, trigger: impl Into<String>) -> Self {
        self.trigger = Some(trigger.into());
        self
    }

    /// Cast with this class.
    pub fn with_class(mut self, class: Class) -> Self {
        self.class = Some(class);
        self
    }
}

/// The slot a casting spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpentSlot {
    /// Its level.
    pub level: SlotLevel,
    /// Whether it was a pact slot.
    pub pact: bool,
}

/// Whether the spell took effect now or a long casting began (R12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastStatus {
    /// The spell resolved.
    Resolved,
    /// A casting of a minute or more began; it needs Concentration and the
    /// Magic action each turn, and completes with [`complete_casting`].
    Started {
        /// Rounds the casting takes.
        rounds_needed: u64,
    },
}

/// Everything a casting produced, for display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastResolution {
    /// The spell.
    pub spell: SpellId,
    /// Its name.
    pub spell_name: String,
    /// The level it was cast at (R6).
    pub cast_level: SpellLevel,
    /// The slot spent, if any (R3).
    pub slot: Option<SpentSlot>,
    /// How it was powered.
    pub mode: CastMode,
    /// The class it was cast with.
    pub class: Option<Class>,
    /// The part of the turn used.
    pub action: ActionKind,
    /// Save DC (R19).
    pub save_dc: i32,
    /// Spell attack modifier (R20).
    pub attack_bonus: i32,
    /// Resolved now or started (R12).
    pub status: CastStatus,
    /// Every roll made, in order.
    pub rolls: Vec<RollRecord>,
    /// What happened to each target.
    pub targets: Vec<TargetOutcome>,
    /// The ongoing spell created, if the spell has a duration.
    pub effect: Option<EffectId>,
    /// Whether Concentration began.
    pub concentration_started: bool,
    /// The Concentration spell this casting ended, if any.
    pub concentration_ended: Option<SpellId>,
    /// Plain-language notes.
    pub notes: Vec<String>,
}

/// A resolution and the events that make it so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastOutcome {
    /// What happened.
    pub resolution: CastResolution,
    /// The state changes, in order; apply them to the caster.
    pub events: Vec<Event>,
}

/// What powers the casting, once validated.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Source {
    Free,
    Slot(SpentSlot),
    Feature(String),
    Item(String),
    Arcanum(SlotLevel),
}

/// A validated request.
#[derive(Debug, Clone)]
struct Plan {
    class: Option<Class>,
    stats: Stats,
    source: Source,
    cast_level: SpellLevel,
    action: ActionKind,
    long_rounds: Option<u64>,
}

/// Casts a spell: validates the request (R3–R18), then resolves it with the
/// injected dice. A refusal is an error and changes nothing.
pub fn cast<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    request: &CastRequest,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    if let Some(lc) = caster.long_cast() {
        return Err(RulesError::CastingInProgress {
            spell: lc.name.clone(),
        });
    }
    let plan = plan(caster, spell, request, false)?;
    let mut events = vec![Event::ActionUsed {
        action: plan.action,
    }];
    if let Some(rounds_needed) = plan.long_rounds {
        let ended = end_concentration_events(caster, EndReason::Replaced, &mut events);
        events.push(Event::LongCastStarted {
            casting: LongCast {
                spell: spell.id.clone(),
                name: spell.name.clone(),
                request: request.clone(),
                class: plan.class,
                rounds_needed,
                rounds_done: 0,
            },
        });
        events.push(Event::ConcentrationStarted {
            effect: EffectId::LONG_CAST,
            spell: spell.id.clone(),
        });
        let resolution = CastResolution {
            spell: spell.id.clone(),
            spell_name: spell.name.clone(),
            cast_level: plan.cast_level,
            slot: None,
            mode: request.mode.clone(),
            class: plan.class,
            action: plan.action,
            save_dc: plan.stats.save_dc,
            attack_bonus: plan.stats.attack_bonus,
            status: CastStatus::Started { rounds_needed },
            rolls: Vec::new(),
            targets: Vec::new(),
            effect: None,
            concentration_started: true,
            concentration_ended: ended,
            notes: vec![format!(
                "R12: casting takes {rounds_needed} rounds with Concentration; no slot is spent unless it completes"
            )],
        };
        return Ok(CastOutcome { resolution, events });
    }
    Ok(finish(caster, spell, request, &plan, events, rng))
}

/// Completes a long casting whose time is up (R12): spends the slot (or
/// other resource) now and resolves the spell.
pub fn complete_casting<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    let lc = caster.long_cast().ok_or(RulesError::NoCastingInProgress)?;
    if lc.spell != spell.id {
        return Err(RulesError::CastingInProgress {
            spell: lc.name.clone(),
        });
    }
    if lc.rounds_done < lc.rounds_needed {
        return Err(RulesError::CastingUnfinished {
            spell: lc.name.clone(),
            rounds_left: lc.rounds_needed - lc.rounds_done,
        });
    }
    let plan = plan(caster, spell, &lc.request, true)?;
    let events = vec![
        Event::LongCastEnded {
            spell: spell.id.clone(),
            completed: true,
        },
        Event::ConcentrationEnded {
            effect: EffectId::LONG_CAST,
            spell: spell.id.clone(),
            reason: EndReason::Completed,
        },
    ];
    let request = lc.request.clone();
    Ok(finish(caster, spell, &request, &plan, events, rng))
}

fn finish<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    request: &CastRequest,
    plan: &Plan,
    mut events: Vec<Event>,
    rng: &mut R,
) -> CastOutcome {
    let mut slot = None;
    match &plan.source {
        Source::Free => {}
        Source::Slot(spent) => {
            slot = Some(*spent);
            events.push(Event::SlotExpended {
                level: spent.level,
                pact: spent.pact,
                off_turn: request.off_turn,
            });
        }
        Source::Feature(name) => events.push(Event::FeatureUsed { name: name.clone() }),
        Source::Item(name) => events.push(Event::ItemUsed { name: name.clone() }),
        Source::Arcanum(level) => events.push(Event::ArcanumUsed { level: *level }),
    }
    let mut concentration_ended = None;
    // A completed long casting has already released its own Concentration.
    let held_by_other = caster
        .concentration()
        .is_some_and(|c| c.effect != EffectId::LONG_CAST);
    if spell.is_concentration() && held_by_other {
        concentration_ended = end_concentration_events(caster, EndReason::Replaced, &mut events);
    }
    let applied = resolve_effect(caster, spell, plan.cast_level, &plan.stats, request, rng);
    let mut effect = None;
    if let Some(max_rounds) = spell.duration.max_rounds() {
        let id = caster.next_effect_id();
        effect = Some(id);
        let ongoing = crate::event::OngoingSpell {
            id,
            spell: spell.id.clone(),
            name: spell.name.clone(),
            level: plan.cast_level,
            caster: caster.name().to_string(),
            targets: applied.affected.clone(),
            bonuses: spell.effect.bonuses.clone(),
            conditions: spell.effect.conditions.clone(),
            concentration: spell.is_concentration(),
            dismissible: matches!(spell.duration, crate::time::Duration::Timed(_))
                || spell.is_concentration(),
            started_at: caster.now(),
            expires_at: (max_rounds != u64::MAX).then(|| caster.now().saturating_add(max_rounds)),
        };
        events.push(Event::SpellStarted { ongoing });
        if spell.is_concentration() {
            events.push(Event::ConcentrationStarted {
                effect: id,
                spell: spell.id.clone(),
            });
        }
    }
    let mut notes = applied.notes;
    if plan.cast_level > spell.level && !spell.level.is_cantrip() {
        notes.insert(0, format!("R6: cast as a level-{} spell", plan.cast_level));
    }
    let resolution = CastResolution {
        spell: spell.id.clone(),
        spell_name: spell.name.clone(),
        cast_level: plan.cast_level,
        slot,
        mode: request.mode.clone(),
        class: plan.class,
        action: plan.action,
        save_dc: plan.stats.save_dc,
        attack_bonus: plan.stats.attack_bonus,
        status: CastStatus::Resolved,
        rolls: applied.rolls,
        targets: applied.targets,
        effect,
        concentration_started: spell.is_concentration(),
        concentration_ended,
        notes,
    };
    CastOutcome { resolution, events }
}

/// Events that end the caster's current Concentration (and the spell it holds).
pub(crate) fn end_concentration_events(
    caster: &Caster,
    reason: EndReason,
    events: &mut Vec<Event>,
) -> Option<SpellId> {
    let conc = caster.concentration()?;
    events.push(Event::ConcentrationEnded {
        effect: conc.effect,
        spell: conc.spell.clone(),
        reason,
    });
    if conc.effect == EffectId::LONG_CAST {
        events.push(Event::LongCastEnded {
            spell: conc.spell.clone(),
            completed: false,
        });
    } else if caster.ongoing().iter().any(|o| o.id == conc.effect) {
        events.push(Event::SpellEnded {
            effect: conc.effect,
            spell: conc.spell.clone(),
            reason: EndReason::ConcentrationEnded,
        });
    }
    Some(conc.spell.clone())
}

fn plan(
    caster: &Caster,
    spell: &Spell,
    req: &CastRequest,
    completing: bool,
) -> Result<Plan, RulesError> {
    if caster.is_incapacitated() {
        return Err(RulesError::Incapacitated { rule: "R9" });
    }
    let (class, stats, source, cast_level) = access(caster, spell, req)?;

    // R9, R11: the casting time decides the part of the turn.
    let needed = match &spell.casting_time {
        CastingTime::BonusAction { .. } => ActionKind::BonusAction,
        CastingTime::Reaction { .. } => ActionKind::Reaction,
        CastingTime::Action | CastingTime::Minutes(_) | CastingTime::Hours(_) => ActionKind::Action,
    };
    let ritual = req.mode == CastMode::Ritual;
    let needed = if ritual { ActionKind::Action } else { needed };
    let given = req.action.unwrap_or(needed);
    if given != needed {
        return Err(RulesError::CastingTimeMismatch { needed, given });
    }
    if !completing && !caster.turn().available(needed) {
        return Err(RulesError::ActionUnavailable { action: needed });
    }
    let trigger = match &spell.casting_time {
        CastingTime::Reaction { trigger } if !ritual => Some(trigger),
        CastingTime::BonusAction {
            trigger: Some(trigger),
        } if !ritual => Some(trigger),
        _ => None,
    };
    if let Some(trigger) = trigger
        && req.trigger.as_deref().is_none_or(|t| t.trim().is_empty())
    {
        return Err(RulesError::MissingTrigger {
            trigger: trigger.clone(),
        });
    }
    let long_rounds = if completing {
        None
    } else if ritual {
        Some(spell.casting_time.long_rounds().unwrap_or(0) + RITUAL_EXTRA_ROUNDS)
    } else {
        spell.casting_time.long_rounds()
    };

    check_components(caster, spell, &source)?;
    check_targets(spell, req, cast_level)?;
    Ok(Plan {
        class,
        stats,
        source,
        cast_level,
        action: needed,
        long_rounds,
    })
}

type Access = (Option<Class>, Stats, Source, SpellLevel);

fn class_stats(caster: &Caster, class: Class) -> Stats {
    Stats {
        save_dc: caster.save_dc(class),
        attack_bonus: caster.spell_attack_bonus(class),
        modifier: i32::from(caster.modifier(class.spellcasting_ability())),
    }
}

fn ability_stats(caster: &Caster, ability: Ability) -> Stats {
    Stats {
        save_dc: caster.save_dc_with(ability),
        attack_bonus: caster.save_dc_with(ability) - 8,
        modifier: i32::from(caster.modifier(ability)),
    }
}

/// The caster's best stats for a spell cast by a feature or item that names
/// no ability: the class with the spell on its list, else the best class.
fn fallback_stats(caster: &Caster, spell: &Spell) -> (Option<Class>, Stats) {
    let class = caster.casting_class(spell, None).ok().or_else(|| {
        caster
            .classes()
            .iter()
            .map(|(c, _)| *c)
            .max_by_key(|c| caster.spell_attack_bonus(*c))
    });
    match class {
        Some(c) => (Some(c), class_stats(caster, c)),
        None => (None, ability_stats(caster, Ability::Intelligence)),
    }
}

fn access(caster: &Caster, spell: &Spell, req: &CastRequest) -> Result<Access, RulesError> {
    if req.slot.is_some() && req.mode != CastMode::Slot {
        return Err(RulesError::InvalidRequest {
            reason: "a slot level can only be chosen when casting with a slot".into(),
        });
    }
    match &req.mode {
        CastMode::Slot | CastMode::Ritual => {
            let ritual = req.mode == CastMode::Ritual;
            if ritual && !spell.ritual {
                return Err(RulesError::NotARitual {
                    spell: spell.name.clone(),
                });
            }
            let class = caster.casting_class(spell, req.class)?;
            let stats = class_stats(caster, class);
            if spell.level.is_cantrip() {
                if req.slot.is_some() {
                    return Err(RulesError::CantripTakesNoSlot);
                }
                if !caster.cantrips().contains(&spell.id) && !caster.is_prepared(&spell.id) {
                    return Err(RulesError::NotKnown {
                        spell: spell.name.clone(),
                    });
                }
                return Ok((Some(class), stats, Source::Free, SpellLevel::CANTRIP));
            }
            if !caster.is_prepared(&spell.id) {
                return Err(RulesError::NotPrepared {
                    spell: spell.name.clone(),
                });
            }
            if ritual {
                return Ok((Some(class), stats, Source::Free, spell.level));
            }
            let spent = choose_slot(caster, spell, req)?;
            Ok((
                Some(class),
                stats,
                Source::Slot(spent),
                SpellLevel::from(spent.level),
            ))
        }
        CastMode::Feature(name) => {
            let feature = caster
                .features()
                .iter()
                .find(|f| &f.name == name && f.spells.contains(&spell.id))
                .ok_or_else(|| RulesError::SourceCannotCast {
                    name: name.clone(),
                    spell: spell.name.clone(),
                    rule: "R5c",
                })?;
            if feature.remaining() == 0 {
                return Err(RulesError::NoUsesLeft {
                    name: name.clone(),
                    rule: "R5c",
                });
            }
            let (class, stats) = match feature.ability {
                Some(ability) => (None, ability_stats(caster, ability)),
                None => fallback_stats(caster, spell),
            };
            let level = feature.cast_level.unwrap_or(spell.level).max(spell.level);
            Ok((class, stats, Source::Feature(name.clone()), level))
        }
        CastMode::Item(name) => {
            let item = caster
                .items()
                .iter()
                .find(|i| &i.name == name && i.spells.contains(&spell.id))
                .ok_or_else(|| RulesError::SourceCannotCast {
                    name: name.clone(),
                    spell: spell.name.clone(),
                    rule: "R5d",
                })?;
            if item.charges() == 0 {
                return Err(RulesError::NoUsesLeft {
                    name: name.clone(),
                    rule: "R5d",
                });
            }
            let (class, mut stats) = fallback_stats(caster, spell);
            if let Some(dc) = item.save_dc {
                stats.save_dc = i32::from(dc);
            }
            if let Some(bonus) = item.attack_bonus {
                stats.attack_bonus = i32::from(bonus);
            }
            let level = item
                .cast_level
                .map(SpellLevel::from)
                .unwrap_or(spell.level)
                .max(spell.level);
            Ok((class, stats, Source::Item(name.clone()), level))
        }
        CastMode::Arcanum => {
            let level = spell.level.min_slot().filter(|l| l.get() >= 6);
            let arcanum = level.and_then(|l| caster.arcanum().iter().find(|a| a.level == l));
            let Some(arcanum) = arcanum else {
                return Err(RulesError::SourceCannotCast {
                    name: "Mystic Arcanum".into(),
                    spell: spell.name.clone(),
                    rule: "R5c",
                });
            };
            if arcanum.used {
                return Err(RulesError::NoUsesLeft {
                    name: format!("Mystic Arcanum ({})", arcanum.level),
                    rule: "R5c",
                });
            }
            let class = caster.casting_class(spell, Some(Class::Warlock))?;
            if !caster.is_prepared(&spell.id) {
                return Err(RulesError::NotPrepared {
                    spell: spell.name.clone(),
                });
            }
            Ok((
                Some(class),
                class_stats(caster, class),
                Source::Arcanum(arcanum.level),
                spell.level,
            ))
        }
    }
}

/// Picks the slot (R3, R6, R10): the requested level, or the lowest that fits.
fn choose_slot(caster: &Caster, spell: &Spell, req: &CastRequest) -> Result<SpentSlot, RulesError> {
    let Some(min) = spell.level.min_slot() else {
        return Err(RulesError::CantripTakesNoSlot);
    };
    if let Some(wanted) = req.slot
        && wanted < min
    {
        return Err(RulesError::SlotTooLow {
            slot: wanted.get(),
            spell_level: spell.level.get(),
        });
    }
    if caster.turn().slot_spent && !req.off_turn {
        return Err(RulesError::OneSlotPerTurn);
    }
    let regular = if req.slot_kind == SlotKind::Pact {
        None
    } else {
        match req.slot {
            Some(l) => (caster.slots().remaining(l) > 0).then_some(l),
            None => caster.slots().lowest_available(min),
        }
    };
    let pact = if req.slot_kind == SlotKind::Regular {
        None
    } else {
        caster
            .pact_slots()
            .filter(|p| {
                p.remaining() > 0 && p.level() >= min && req.slot.is_none_or(|l| l == p.level())
            })
            .map(|p| p.level())
    };
    match (regular, pact) {
        (Some(r), Some(p)) if p <= r => Ok(SpentSlot {
            level: p,
            pact: true,
        }),
        (Some(r), _) => Ok(SpentSlot {
            level: r,
            pact: false,
        }),
        (None, Some(p)) => Ok(SpentSlot {
            level: p,
            pact: true,
        }),
        (None, None) => Err(RulesError::NoSlotAvailable {
            level: req.slot.unwrap_or(min).get(),
        }),
    }
}

/// R14: verbal needs a voice, somatic a hand, material the thing itself or,
/// when it has no cost and is not consumed, a pouch or a focus.
fn check_components(caster: &Caster, spell: &Spell, source: &Source) -> Result<(), RulesError> {
    let c = &spell.components;
    if c.verbal && caster.is_silenced() {
        return Err(RulesError::Silenced);
    }
    let eq = caster.equipment();
    let free = eq.free_hands > 0;
    // Scrolls and charged items hold the spell: their material is the item.
    let material = c
        .material
        .as_ref()
        .filter(|_| !matches!(source, Source::Item(_)));
    let mut focus_hand = false;
    if let Some(m) = material {
        let carried = eq.has_material(&m.text);
        if m.substitutable() {
            let by_focus = matches!(eq.focus, Focus::Held | Focus::Worn);
            let by_pouch_or_item = (eq.component_pouch || carried) && free;
            if !by_focus && !by_pouch_or_item {
                return Err(if eq.component_pouch || carried {
                    RulesError::NoFreeHand
                } else {
                    RulesError::MissingMaterial {
                        material: m.text.clone(),
                    }
                });
            }
            focus_hand = !by_pouch_or_item && eq.focus == Focus::Held;
        } else {
            if !carried {
                return Err(RulesError::MissingMaterial {
                    material: m.text.clone(),
                });
            }
            if !free {
                return Err(RulesError::NoFreeHand);
            }
        }
    }
    // R14c: the hand holding the focus for M may also perform S.
    if c.somatic && !free && !focus_hand {
        return Err(RulesError::NoFreeHand);
    }
    Ok(())
}

/// R13, R17: how many targets, a clear path, self-targeting, range.
fn check_targets(
    spell: &Spell,
    req: &CastRequest,
    cast_level: SpellLevel,
) -> Result<(), RulesError> {
    let above = u32::from(cast_level.get().saturating_sub(spell.level.get()));
    if let Some(max) = spell.targeting.max_targets {
        let max = max.saturating_add(spell.effect.upcast.extra_targets.saturating_mul(above));
        if req.targets.len() > max as usize {
            return Err(RulesError::TooManyTargets {
                max,
                given: req.targets.len(),
            });
        }
    }
    let reach = match (spell.range, spell.area) {
        (Range::Self_, Some(area)) => Some(u64::from(area.size_ft)),
        (range, _) => range.feet(),
    };
    for t in &req.targets {
        if spell.range == Range::Self_ && spell.area.is_none() && !t.is_self {
            return Err(RulesError::SelfOnly {
                target: t.name.clone(),
            });
        }
        if t.is_self && spell.targeting.not_self {
            return Err(RulesError::CannotTargetSelf);
        }
        if t.total_cover && !t.is_self {
            return Err(RulesError::NoLineOfEffect {
                target: t.name.clone(),
            });
        }
        if let (Some(d), Some(r)) = (t.distance_ft, reach)
            && d > r
        {
            return Err(RulesError::OutOfRange {
                target: t.name.clone(),
                distance_ft: d,
                range_ft: r,
            });
        }
    }
    Ok(())
}
