//! The casting pipeline: validate a request against the caster and the
//! spell, then resolve it into a [`CastResolution`] and [`Event`]s.
//!
//! Validation runs first and rolls nothing, so a refused cast consumes no
//! randomness and changes no state.

use grimoire_dice::DiceRng;

use crate::caster::Caster;
use crate::class::{Ability, Class};
use crate::economy::ActionKind;
use crate::error::RulesError;
use crate::error::SpellName;
use crate::event::{EffectId, EndReason, Event, LongCast};
use crate::house::{Waived, Waiver};
use crate::invalid::Invalid;
use crate::level::SpellLevel;
use crate::request::{CastMode, CastRequest, RITUAL_EXTRA_ROUNDS};
use crate::requirements::{check_components, check_damage_type, check_targets, choose_slot};
use crate::reshape::{check_quickened_turn, shape, twinned_level};
use crate::resolution::{CastOutcome, CastResolution, CastStatus, Source};
use crate::resolve::{Stats, resolve_effect};
use crate::roll::{RollMode, roll_d20};
use crate::shaping::CastShaping;
use crate::spell::{Spell, SpellId};
use crate::time::CastingTime;

/// A validated request.
#[derive(Debug, Clone)]
struct Plan {
    class: Option<Class>,
    stats: Stats,
    source: Source,
    cast_level: SpellLevel,
    action: ActionKind,
    long_rounds: Option<u64>,
    /// Refusals the table's house rules turned into warnings.
    waived: Vec<Waived>,
    /// What the request's Metamagic does while the spell resolves.
    shaping: CastShaping,
    /// The spell as its Metamagic reshaped it; `None` without Metamagic.
    shaped: Option<Box<Spell>>,
}

/// Casts a spell: validates the request (R3–R18), then resolves it with the
/// injected dice. A refusal is an error and changes nothing.
pub fn cast<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    request: &CastRequest,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    // R12 asks a longer casting for the Magic action on each of the
    // caster's turns and for Concentration: a Reaction that needs neither
    // (Shield, Counterspell) leaves it standing; anything else waits.
    if let Some(lc) = caster.long_cast() {
        let reaction = request.mode != CastMode::Ritual
            && matches!(spell.casting_time, CastingTime::Reaction { .. });
        if !reaction || spell.is_concentration() {
            return Err(RulesError::CastingInProgress {
                spell: lc.name.clone().into(),
            });
        }
    }
    let plan = plan(caster, spell, request, false)?;
    // Room for the usual action, slot, started-spell and Concentration
    // events, so a cast does not grow the vector on the way.
    let mut events = Vec::with_capacity(4);
    events.push(Event::ActionUsed {
        action: plan.action,
    });
    if let Some(rounds_needed) = plan.long_rounds {
        let spell = plan.shaped.as_deref().unwrap_or(spell);
        let ended = end_concentration_events(caster, EndReason::Replaced, &mut events);
        events.push(Event::LongCastStarted {
            casting: LongCast {
                spell: spell.id.clone(),
                name: spell.name.clone(),
                request: Box::new(request.clone()),
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
            notes: vec![crate::note::Note::CastingTakes {
                rounds: rounds_needed,
            }],
            waived: plan.waived,
            damage_later: None,
            metamagic: None,
        };
        return Ok(CastOutcome { resolution, events });
    }
    Ok(finish(caster, spell, request, plan, events, rng))
}

/// Checks a request as [`cast`] would, rolling nothing and changing
/// nothing: a cast that passes now would be accepted (used to declare a
/// spell before reactions answer it, R11).
pub fn check_cast(caster: &Caster, spell: &Spell, request: &CastRequest) -> Result<(), RulesError> {
    check_cast_waiving(caster, spell, request).map(|_| ())
}

/// [`check_cast`], with the refusals the request's house rules would let
/// pass as warnings.
pub fn check_cast_waiving(
    caster: &Caster,
    spell: &Spell,
    request: &CastRequest,
) -> Result<Vec<Waived>, RulesError> {
    if let Some(lc) = caster.long_cast() {
        let reaction = request.mode != CastMode::Ritual
            && matches!(spell.casting_time, CastingTime::Reaction { .. });
        if !reaction || spell.is_concentration() {
            return Err(RulesError::CastingInProgress {
                spell: lc.name.clone().into(),
            });
        }
    }
    plan(caster, spell, request, false).map(|p| p.waived)
}

/// The part of the turn a request would use, once [`check_cast`] accepts it.
pub fn cast_action(
    caster: &Caster,
    spell: &Spell,
    request: &CastRequest,
) -> Result<ActionKind, RulesError> {
    plan(caster, spell, request, false).map(|p| p.action)
}

/// Completes a long casting whose time is up (R12): spends the slot (or
/// other resource) now and resolves the spell.
pub fn complete_casting<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    complete_casting_priced(caster, spell, None, rng)
}

/// [`complete_casting`] with the equipment list a costly material's worth
/// is looked up in (R14c), as the casting's start had it: the stored
/// request does not keep the list.
pub fn complete_casting_priced<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    prices: Option<std::sync::Arc<crate::price::PriceList>>,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    let lc = caster.long_cast().ok_or(RulesError::NoCastingInProgress)?;
    if lc.spell != spell.id {
        return Err(RulesError::CastingInProgress {
            spell: lc.name.clone().into(),
        });
    }
    if lc.rounds_done < lc.rounds_needed {
        return Err(RulesError::CastingUnfinished {
            spell: lc.name.clone().into(),
            rounds_left: lc.rounds_needed - lc.rounds_done,
        });
    }
    let mut request = CastRequest::clone(&lc.request);
    // The stored request keeps no price list; the caller's is today's.
    if let Some(p) = prices {
        request.prices = Some(p);
    }
    let plan = plan(caster, spell, &request, true)?;
    let id = &plan.shaped.as_deref().unwrap_or(spell).id;
    let events = vec![
        Event::LongCastEnded {
            spell: id.clone(),
            completed: true,
        },
        Event::ConcentrationEnded {
            effect: EffectId::LONG_CAST,
            spell: id.clone(),
            reason: EndReason::Completed,
        },
    ];
    Ok(finish(caster, spell, &request, plan, events, rng))
}

// Kept out of line so a refused cast, which never gets here, does not set up
// room on the stack for everything a resolution builds. Takes the plan, so
// what the resolution keeps of it is moved, not copied. `spell` is the
// spell as asked for; the plan's reshaped one, if any, is what resolves.
#[inline(never)]
fn finish<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    request: &CastRequest,
    plan: Plan,
    mut events: Vec<Event>,
    rng: &mut R,
) -> CastOutcome {
    let spell = plan.shaped.as_deref().unwrap_or(spell);
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
        Source::Feature(name) => {
            if let Some(paid) = crate::feature::use_spent(caster, name) {
                events.push(Event::FeatureUsed { name: paid });
            }
        }
        Source::Item(name) => events.push(Event::ItemUsed { name: name.clone() }),
        Source::Arcanum(level) => events.push(Event::ArcanumUsed { level: *level }),
    }
    // R14c: a consumed material is gone after the casting.
    // The event names the carried entry that was used, exactly.
    if let Some(m) = spell.components.material.as_ref().filter(|m| m.consumed)
        && !matches!(plan.source, Source::Item(_))
        && !crate::feature::without_material(caster, &plan.source)
        && let Some(i) = crate::material::carried_for(caster, m, request.prices.as_deref())
    {
        events.push(Event::MaterialConsumed {
            material: caster.equipment().materials[i].clone(),
        });
    }
    let mut scroll_rolls = Vec::new();
    if needs_scroll_check(caster, spell, &plan) {
        let dc = 10 + i32::from(spell.level.get());
        let (roll, _) = roll_d20(
            rng,
            RollMode::Normal,
            i64::from(plan.stats.modifier),
            crate::label::RollLabel::ScrollCheck { dc },
        );
        let passed = roll.total >= i64::from(dc);
        scroll_rolls.push(roll);
        if !passed {
            return fizzled(spell, request, &plan, events, scroll_rolls);
        }
    }
    let mut concentration_ended = None;
    // A completed long casting has already released its own Concentration.
    let held_by_other = caster
        .concentration()
        .is_some_and(|c| c.effect != EffectId::LONG_CAST);
    if spell.is_concentration() && held_by_other {
        concentration_ended = end_concentration_events(caster, EndReason::Replaced, &mut events);
    }
    // Innate Sorcery: Advantage on a Sorcerer spell's attack rolls.
    let innate = caster.innate_roll_mode(plan.class, request.roll_mode);
    // Conditions and effects in force weigh on each spell attack roll
    // (2024), over the roll asked and Innate Sorcery's.
    let with_innate;
    let request = if innate == request.roll_mode
        && !matches!(spell.effect.delivery, crate::effect::Delivery::Attack(_))
    {
        request
    } else {
        let mut fitted = CastRequest {
            roll_mode: innate,
            ..request.clone()
        };
        crate::spell_attack::fit_attack_modes(caster, spell, &mut fitted);
        with_innate = fitted;
        &with_innate
    };
    let applied = resolve_effect(
        caster,
        spell,
        plan.cast_level,
        &plan.stats,
        request,
        plan.shaping.get(),
        rng,
    );
    let acted = crate::reshape::Acted {
        seeking: applied.seeking_used,
        empowered: applied.empowered_used,
    };
    let metamagic = crate::reshape::paid(plan.shaping.get(), acted, &mut events);
    let mut effect = None;
    let duration = spell.duration_at(plan.cast_level);
    if let Some(max_rounds) = duration.max_rounds() {
        let until_next_turn = matches!(duration, crate::time::Duration::UntilNextTurn);
        let id = caster.next_effect_id();
        effect = Some(id);
        let ongoing = crate::event::OngoingSpell {
            id,
            spell: spell.id.clone(),
            name: spell.name.clone(),
            level: plan.cast_level,
            caster: caster.name().to_string(),
            targets: applied
                .affected
                .iter()
                .filter_map(|&i| request.targets.get(i))
                .map(|t| t.name.clone())
                .collect(),
            bonuses: applied.bonuses.clone(),
            rider: spell.effect.rider.clone(),
            save_dc: (!applied.each_turn.is_empty()).then_some(plan.stats.save_dc),
            each_turn: applied.each_turn.clone(),
            conditions: spell.effect.conditions.clone(),
            concentration: spell.is_concentration(),
            dismissible: matches!(
                duration,
                crate::time::Duration::Timed(_) | crate::time::Duration::UntilNextTurn
            ) || spell.is_concentration(),
            movable: spell.targeting.moves_to_new_target,
            started_at: caster.now(),
            // Ended by the caster's next turn (or a wait), not by the clock:
            // a new round can begin before that turn does.
            expires_at: (max_rounds != u64::MAX && !until_next_turn)
                .then(|| caster.now().saturating_add(max_rounds)),
            until_next_turn,
            extended: plan.shaping.get().extended,
            attacked_with_advantage: spell.effect.attacked_with_advantage,
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
    // Only a scroll check comes first; otherwise the effect's rolls are the
    // list as they are, not copied into a new one.
    let mut rolls = if scroll_rolls.is_empty() {
        applied.rolls
    } else {
        let mut rolls = scroll_rolls;
        rolls.extend(applied.rolls);
        rolls
    };
    // Greater Divine Intervention's Wish: Divine Intervention waits 2d4
    // Long Rests.
    if let Source::Feature(name) = &plan.source
        && let Some(roll) = crate::feature::lockout(caster, name, rng, &mut events)
    {
        rolls.push(roll);
    }
    // Boon of Spell Recall: a d4 equal to the slot's level keeps the slot.
    // (A caster with no picks has no feat: nothing to look up.)
    if let Some(spent) = slot
        && !caster.picks().is_empty()
        && let Some(roll) = crate::feature::spell_recall(caster, spent, rng, &mut events)
    {
        rolls.push(roll);
    }
    // Blessed Healer and Overchannel act on the caster once the cast is
    // done: worked out on the caster as the cast leaves it.
    let shaping = plan.shaping.get();
    if shaping.blessed_healer > 0 || shaping.overchannel.is_some() {
        let mut after = caster.clone();
        after.apply_all(&events);
        let healed_another = applied
            .targets
            .iter()
            .zip(&request.targets)
            .any(|(out, t)| {
                out.healing > 0 && !t.is_self && !t.name.eq_ignore_ascii_case(caster.name())
            });
        let more =
            crate::subclass_casting::after_cast(&after, shaping, healed_another, rng, &mut rolls);
        events.extend(more);
    }
    if plan.cast_level > spell.level && !spell.level.is_cantrip() {
        notes.insert(
            0,
            crate::note::Note::CastAtLevel {
                level: plan.cast_level,
            },
        );
    }
    // A stat-block creature's use found for it is named like one asked for.
    let mode = match (&plan.source, &request.mode) {
        (Source::Feature(name), CastMode::Slot) => CastMode::Feature(name.clone()),
        _ => request.mode.clone(),
    };
    let resolution = CastResolution {
        spell: spell.id.clone(),
        spell_name: spell.name.clone(),
        cast_level: plan.cast_level,
        slot,
        mode,
        class: plan.class,
        action: plan.action,
        save_dc: plan.stats.save_dc,
        attack_bonus: plan.stats.attack_bonus,
        status: CastStatus::Resolved,
        rolls,
        targets: applied.targets,
        effect,
        concentration_started: spell.is_concentration(),
        concentration_ended,
        notes,
        waived: plan.waived,
        damage_later: (!spell.effect.on_cast)
            .then(|| crate::effect::LaterHarm::of(&applied.each_turn)),
        metamagic,
    };
    CastOutcome { resolution, events }
}

/// 2024 Spell Scroll: a spell of a higher level than the caster can cast
/// needs a check with the spellcasting ability, DC 10 + the spell's level.
fn needs_scroll_check(caster: &Caster, spell: &Spell, plan: &Plan) -> bool {
    let Source::Item(name) = &plan.source else {
        return false;
    };
    let scroll = caster
        .items()
        .iter()
        .any(|i| &i.name == name && i.consumed_when_empty);
    scroll && spell.level > caster.max_spell_level()
}

/// A scroll whose check failed: the action is taken and the scroll used
/// up, the spell fades with no effect.
fn fizzled(
    spell: &Spell,
    request: &CastRequest,
    plan: &Plan,
    mut events: Vec<Event>,
    rolls: Vec<crate::roll::RollRecord>,
) -> CastOutcome {
    if let Source::Item(name) = &plan.source
        && !events.iter().any(|e| matches!(e, Event::ItemUsed { .. }))
    {
        events.push(Event::ItemUsed { name: name.clone() });
    }
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
        status: CastStatus::Resolved,
        rolls,
        targets: Vec::new(),
        effect: None,
        concentration_started: false,
        concentration_ended: None,
        notes: vec![crate::note::Note::ScrollFailed],
        waived: plan.waived.clone(),
        damage_later: None,
        metamagic: None,
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
    crate::vitals::check_not_down(caster.name(), caster.vitals().map(|v| i64::from(v.hp)))?;
    if caster.is_incapacitated() {
        return Err(RulesError::Incapacitated { rule: "R9" });
    }
    // Wild Shape: no spells while shape-shifted (Concentration is kept).
    if caster.in_wild_shape() {
        return Err(RulesError::WildShapeNoCasting);
    }
    // R11: on another creature's turn only a Reaction can be cast.
    if req.off_turn
        && !matches!(
            spell.casting_time_for(req.alternative_time),
            Some(CastingTime::Reaction { .. })
        )
    {
        return Err(RulesError::OffTurnNotReaction {
            spell: SpellName::of(spell),
        });
    }
    // Metamagic reshapes the spell that every check below reads.
    let mut shaping = CastShaping::default();
    let shaped = shape(caster, spell, req, &mut shaping)?;
    check_quickened_turn(caster, spell, shaping.get())?;
    let spell: &Spell = shaped.as_deref().unwrap_or(spell);
    let mut waiver = Waiver::new(&req.house_rules);
    let (class, stats, source, cast_level) = access(caster, spell, req)?;
    let cast_level = twinned_level(spell, shaping.get(), cast_level)?;
    let slot = match &source {
        Source::Slot(spent) => Some(spent.level),
        _ => None,
    };
    crate::subclass_casting::shape(caster, spell, req, class, cast_level, slot, &mut shaping)?;
    // R10 is checked when the slot is chosen; a table relaxing it lets a
    // second slot through with a warning.
    if matches!(source, Source::Slot(_)) && crate::requirements::second_slot(caster, spell, req) {
        waiver.allow(Err(RulesError::OneSlotPerTurn))?;
    }

    // R9, R11: the casting time decides the part of the turn.
    let casting_time = spell
        .casting_time_for(req.alternative_time)
        .ok_or_else(|| RulesError::NoAlternativeCastingTime {
            spell: SpellName::of(spell),
        })?;
    let needed = match casting_time {
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
    let trigger = match casting_time {
        CastingTime::Reaction { trigger } if !ritual => Some(trigger),
        CastingTime::BonusAction {
            trigger: Some(trigger),
        } if !ritual => Some(trigger),
        _ => None,
    };
    if let Some(trigger) = trigger
        && req.trigger.as_deref().is_none_or(|t| t.trim().is_empty())
    {
        waiver.allow(Err(RulesError::MissingTrigger {
            trigger: trigger.clone(),
            trigger_cs: spell.trigger_cs.clone(),
        }))?;
    }
    let long_rounds = if completing {
        None
    } else if ritual {
        Some(casting_time.long_rounds().unwrap_or(0) + RITUAL_EXTRA_ROUNDS)
    } else {
        casting_time.long_rounds()
    };

    waiver.allow(check_components(
        caster,
        spell,
        matches!(source, Source::Item(_)) || crate::feature::without_material(caster, &source),
        req.prices.as_deref(),
    ))?;
    check_targets(spell, req, cast_level)?;
    check_damage_type(spell, req)?;
    Ok(Plan {
        class,
        stats,
        source,
        cast_level,
        action: needed,
        long_rounds,
        waived: waiver.into_waived(),
        shaped,
        shaping,
    })
}

type Access = (Option<Class>, Stats, Source, SpellLevel);

fn class_stats(caster: &Caster, class: Class) -> Stats {
    Stats {
        // With Innate Sorcery's +1 for a Sorcerer spell while it lasts.
        save_dc: caster.save_dc(class),
        // A spell attack is a d20 Test: Exhaustion counts against it.
        attack_bonus: caster.spell_attack_bonus(class) - caster.d20_penalty(),
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
    // A stat-block creature casts from its block, not a class (R5c).
    if let Some(block) = caster.stat_block() {
        let a = crate::statblock::access(caster, block, spell, req)?;
        return Ok((crate::statblock::NO_CLASS, a.stats, a.source, a.level));
    }
    // A free cast is cast at its feature's level: a slot level above it
    // asks for an upcast only a slot gives (issue 33).
    if let (CastMode::Feature(name), Some(asked)) = (&req.mode, req.slot) {
        crate::feature::check_no_upcast(caster, spell, name, asked)?;
    }
    if req.slot.is_some() && req.mode != CastMode::Slot {
        return Err(RulesError::InvalidRequest {
            reason: Invalid::SlotLevelWithoutSlot,
        });
    }
    match &req.mode {
        CastMode::Slot | CastMode::Ritual => {
            let ritual = req.mode == CastMode::Ritual;
            if ritual && !spell.ritual {
                return Err(RulesError::NotARitual {
                    spell: SpellName::of(spell),
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
                        spell: SpellName::of(spell),
                    });
                }
                return Ok((Some(class), stats, Source::Free, SpellLevel::CANTRIP));
            }
            // A Wizard casts a Ritual spell from the spellbook unprepared.
            let from_book = ritual && class == Class::Wizard && caster.in_spellbook(&spell.id);
            if !caster.is_prepared(&spell.id) && !from_book {
                return Err(RulesError::NotPrepared {
                    spell: SpellName::of(spell),
                    ritual,
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
                .find(|f| &f.name == name && f.casts(spell))
                .ok_or_else(|| RulesError::SourceCannotCast {
                    name: name.clone(),
                    spell: SpellName::of(spell),
                    rule: "R5c",
                })?;
            // The feature whose uses pay: its own, or the one it shares.
            let (payer, left) = crate::feature::paying_uses(caster, feature);
            if !feature.at_will && left == 0 {
                return Err(RulesError::NoUsesLeft {
                    name: payer,
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
                    spell: SpellName::of(spell),
                    rule: "R5d",
                })?;
            if item.charges() == 0 {
                return Err(RulesError::NoUsesLeft {
                    name: name.clone(),
                    rule: "R5d",
                });
            }
            // 2024 Spell Scroll: only a spell on one of the caster's class
            // lists can be read from it.
            if item.consumed_when_empty
                && !caster
                    .classes()
                    .iter()
                    .any(|(c, _)| spell.classes.contains(c))
            {
                return Err(RulesError::NotOnClassList {
                    spell: SpellName::of(spell),
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
                    spell: SpellName::of(spell),
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
                    spell: SpellName::of(spell),
                    ritual: false,
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
