//! Reactions that interrupt (R11). The GM casts for any combatant,
//! creature or character, through [`declare`]: the rules check the cast,
//! and when another combatant could answer it (Counterspell) the cast
//! waits in a window ([`grimoire_rules::ReactionWindow`]) instead of
//! resolving. Combatants [`react`] or [`pass`], and [`resolve`] closes the
//! window: the spell is cast then, unless a Counterspell stopped it. A hit,
//! damage or a fall opens a window too ([`open`]), for Shield, Hellish
//! Rebuke, Feather Fall. Every step is one committed change, so undo and
//! replay are exact.
//!
//! Who may answer a cast (issue 31): Counterspell answers a cast it can
//! perceive (not a stat block's spell "requiring no components") by the
//! other side (stored characters against the GM's creatures), or by an
//! ally when the combatant was said to react to allies
//! ([`grimoire_rules::Combatant::reacts_to_cast_by`]); the targets of a
//! spell answer being targeted by it (Shield against Magic Missile). A
//! Reaction spell cast in answer that someone could counter waits in a
//! window of its own, nested in the first, so a Counterspell can itself
//! be countered.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    Ability, ActionKind, Answer, CastOutcome, CastRequest, Encounter, EncounterEvent, PendingCast,
    RulesError, Spell, Target, TargetStats, Trigger, TriggerKind, answers_targeting, cast,
    cast_action, check_cast, check_reaction_targets, countered_events, counters, hit_stands,
    perceptible,
};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::monster::{Who, commit, landed, record, who};
use crate::state::{Batch, EncounterState, fold};

/// What declaring a spell did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Declared {
    /// Nobody could answer it: it was cast at once.
    Resolved {
        /// The cast.
        outcome: Box<CastOutcome>,
        /// Stored characters it damaged or healed.
        hits: Vec<crate::CharacterHit>,
        /// The change that recorded it.
        #[serde(skip_serializing_if = "Option::is_none")]
        change: Option<grimoire_store::ChangeId>,
    },
    /// It waits for Reactions (R11); nothing is spent yet.
    Pending {
        /// Who could answer, with which spells.
        reactors: Vec<Reactor>,
    },
}

/// A combatant who could answer a window, and with what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reactor {
    /// The combatant.
    pub name: String,
    /// Ids of the Reaction spells it could cast now.
    pub spells: Vec<String>,
}

/// The request a Reaction answering `trigger` is cast with: off the
/// caster's turn unless it is its own, the trigger named (R11).
fn reaction_request(running: &Encounter, reactor: &str, trigger: &Trigger) -> CastRequest {
    let mut req = CastRequest::new();
    req.action = Some(ActionKind::Reaction);
    req.off_turn = running.current().is_none_or(|c| c.name != reactor);
    req.trigger = Some(trigger.describe());
    req
}

/// Target for an answer to a spell being cast: its caster, with its
/// saving throws (a creature's from its block, a character's from its
/// class) and the saving-throw bonuses in force on it (R21).
fn caster_as_target(running: &Encounter, w: &Who) -> Target {
    let mut t = Target::named(w.name());
    let c = w.caster();
    t.stats = Some(TargetStats {
        saves: Ability::ALL
            .iter()
            .map(|a| (*a, c.save_bonus(*a)))
            .collect(),
        save_bonuses: running
            .effects()
            .bonuses(w.name(), grimoire_rules::BonusTarget::SavingThrows),
        ..TargetStats::default()
    });
    t
}

/// Who could answer the window about to open with one of `reactions`;
/// `pending` is the cast that waits in it, for a spell being cast.
pub(crate) fn reactors(
    store: &Store,
    running: &Encounter,
    trigger: &Trigger,
    pending: Option<&PendingCast>,
    reactions: &[Spell],
) -> Result<Vec<Reactor>, AppError> {
    let kind = trigger.kind();
    let house = crate::house::house_rules(store)?;
    let source = trigger.source().and_then(|s| running.combatant(s));
    let mut out = Vec::new();
    for c in running.combatants() {
        if trigger.source() == Some(c.name.as_str())
            || trigger.only().is_some_and(|o| o != c.name)
            || c.hp == Some(0)
            || running.reaction_waiting(&c.name)
        {
            continue;
        }
        let Ok(w) = who(store, running, &c.name) else {
            continue;
        };
        // Counterspell: a cast it can perceive, by the other side or by an
        // ally it was said to answer (R11).
        let counters_it = kind != TriggerKind::SpellCast
            || (pending.is_none_or(|p| !p.unseen) && source.is_none_or(|s| c.reacts_to_cast_by(s)));
        let mut spells = Vec::new();
        for s in reactions {
            let mut req = reaction_request(running, &c.name, trigger);
            if TriggerKind::of_spell(s) == Some(kind) {
                if !counters_it {
                    continue;
                }
                if kind == TriggerKind::SpellCast
                    && let Some(src) = trigger.source()
                {
                    req = req.target(Target::named(src));
                }
            } else if !pending.is_some_and(|p| answers_targeting(s, p, &c.name)) {
                continue;
            }
            let req = crate::cast::fit_request_at_table(store, &w.entity(), None, s, req, &house)?;
            if check_cast(&with_waiting_slot(running, &w), s, &req).is_ok() {
                spells.push(s.id.to_string());
            }
        }
        if !spells.is_empty() {
            out.push(Reactor {
                name: c.name.clone(),
                spells,
            });
        }
    }
    Ok(out)
}

/// `w`'s caster as its Reactions see it while a slot spell of its own
/// waits in a window on its turn: that spell's slot is the turn's one slot
/// (R10), so a Counterspell with a slot on the same turn is refused and
/// not offered (the waiting spell could not be cast after it).
fn with_waiting_slot(running: &Encounter, w: &Who) -> grimoire_rules::Caster {
    let mut c = w.caster().clone();
    if matches!(w, Who::Creature(..)) {
        return c;
    }
    let waiting = running
        .windows()
        .filter_map(|win| win.pending.as_ref())
        .find(|p| {
            p.caster == w.name()
                && p.action != ActionKind::Reaction
                && !p.request.off_turn
                && p.request.mode == grimoire_rules::CastMode::Slot
        });
    let level = waiting.and_then(|p| {
        p.request.slot.or_else(|| {
            srd_spell(p.spell.as_str())
                .and_then(|s| grimoire_rules::SlotLevel::new(s.level.get()).ok())
        })
    });
    if let Some(level) = level {
        c.apply(&grimoire_rules::Event::SlotExpended {
            level,
            pact: false,
            off_turn: false,
        });
    }
    c
}

/// The cast `w` declares, as it waits in a window: its targets spelt as
/// the encounter spells its combatants, and whether it can be perceived.
fn pending_cast(
    running: &Encounter,
    w: &Who,
    spell: &Spell,
    mut request: CastRequest,
) -> Result<PendingCast, AppError> {
    for t in &mut request.targets {
        if let Some(c) = running
            .combatants()
            .iter()
            .find(|c| fold(&c.name) == fold(&t.name))
        {
            t.name.clone_from(&c.name);
        }
    }
    // At 0 hit points on the tracker the caster casts nothing (R9), before
    // any other refusal: the same answer as a cast that waits for no one.
    if let Some(c) = running.combatant(w.name()) {
        grimoire_rules::check_not_down(w.name(), c.hp.map(i64::from))?;
    }
    Ok(PendingCast {
        caster: w.name().to_owned(),
        spell: spell.id.clone(),
        spell_name: spell.name.clone(),
        action: cast_action(w.caster(), spell, &request)?,
        unseen: !perceptible(w.caster(), spell, &request),
        request,
    })
}

use crate::ward::srd_spell;
pub use crate::ward::ward_off;

/// The Reaction spells of `reactions` and the spells in force, by id.
fn finder(reactions: &[Spell]) -> impl Fn(&str) -> Option<Spell> + '_ {
    |id: &str| {
        reactions
            .iter()
            .find(|s| s.id.as_str() == id)
            .cloned()
            .or_else(|| srd_spell(id))
    }
}

fn enc_entity_view(e: &Entity<EncounterState>, running: &Encounter) -> Entity<EncounterState> {
    Entity {
        kind: e.kind.clone(),
        name: e.name.clone(),
        version: e.version,
        state: e.state.with_running(running.clone()),
        updated_at: e.updated_at.clone(),
    }
}

/// Who could still answer the encounter's open window, and with which of
/// `reactions`: everyone able to who has not answered or passed yet. Empty
/// when no window is open.
pub fn still_to_answer(
    store: &Store,
    running: &Encounter,
    reactions: &[Spell],
) -> Result<Vec<Reactor>, AppError> {
    let Some(window) = running.window() else {
        return Ok(Vec::new());
    };
    let mut out = reactors(
        store,
        running,
        &window.trigger,
        window.pending.as_ref(),
        reactions,
    )?;
    out.retain(|r| !window.answered(&r.name));
    Ok(out)
}

/// Whether a cast by `caster` inside the running encounter would wait for
/// Reactions, as [`declare`] decides: it is no Reaction itself and some
/// other combatant could answer it with one of `reactions` (R11): a
/// Counterspell of the other side (or of an ally said to react to allies)
/// when the cast can be perceived, or a Shield of a creature it targets
/// (`request`'s targets) when it is Magic Missile.
pub fn would_wait(
    store: &Store,
    running: &Encounter,
    caster: &str,
    spell: &Spell,
    request: &CastRequest,
    reactions: &[Spell],
) -> Result<bool, AppError> {
    if matches!(
        spell.casting_time,
        grimoire_rules::CastingTime::Reaction { .. }
    ) {
        return Ok(false);
    }
    let w = who(store, running, caster)?;
    let trigger = Trigger::SpellCast {
        caster: w.name().to_owned(),
        spell: spell.id.clone(),
        spell_name: spell.name.clone(),
    };
    let pending = pending_cast(running, &w, spell, request.clone())?;
    Ok(!reactors(store, running, &trigger, Some(&pending), reactions)?.is_empty())
}

/// The GM casts for a combatant (a creature or a character) inside a
/// running encounter. The cast is checked by every rule now; when some
/// other combatant could answer it with a Reaction (`reactions`: the
/// Reaction spells to consider, such as the catalogue's), it waits in a
/// window and nothing is spent; otherwise it resolves at once. A Reaction
/// spell itself never waits.
#[allow(clippy::too_many_arguments)]
pub fn declare<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    caster: &str,
    spell: &Spell,
    request: CastRequest,
    reactions: &[Spell],
    rng: &mut R,
) -> Result<Declared, AppError> {
    running.check_no_window()?;
    let w = who(store, &running, caster)?;
    let req = crate::cast::fit_request_stored(
        store,
        &w.entity(),
        Some(&enc_entity_view(e, &running)),
        spell,
        request,
    )?;
    check_cast(w.caster(), spell, &req)?;
    let is_reaction = matches!(
        spell.casting_time,
        grimoire_rules::CastingTime::Reaction { .. }
    );
    let trigger = Trigger::SpellCast {
        caster: w.name().to_owned(),
        spell: spell.id.clone(),
        spell_name: spell.name.clone(),
    };
    let pending = pending_cast(&running, &w, spell, req)?;
    let could = if is_reaction {
        Vec::new()
    } else {
        reactors(store, &running, &trigger, Some(&pending), reactions)?
    };
    let mut batch = Batch::new(command);
    let mut events = Vec::new();
    if could.is_empty() {
        let mut req = pending.request;
        ward_off(running.effects(), spell, &mut req, &finder(reactions));
        let outcome = cast(w.caster(), spell, &req, rng)?;
        let hits = landed(
            store,
            &mut batch,
            &mut running,
            &w,
            &outcome,
            rng,
            &mut events,
        )?;
        let receipt = commit(store, batch, e, running, &events)?;
        return Ok(Declared::Resolved {
            outcome: Box::new(outcome),
            hits,
            change: receipt.map(|r| r.change),
        });
    }
    let opened = running.open_window(trigger, Some(pending))?;
    running.apply_all(&opened);
    events.extend(opened);
    commit(store, batch, e, running, &events)?;
    Ok(Declared::Pending { reactors: could })
}

/// Opens a window for a hit, damage or a fall (R11), for the combatants
/// who could answer it; returns them (a window opens even with none, so
/// the GM can see that nobody could).
pub fn open(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    trigger: Trigger,
    reactions: &[Spell],
) -> Result<Vec<Reactor>, AppError> {
    if trigger.kind() == TriggerKind::SpellCast {
        return Err(AppError::InvalidRequest {
            reason: grimoire_words::Message::new("app-reason-cast_opens_window"),
        });
    }
    let could = reactors(store, &running, &trigger, None, reactions)?;
    let opened = running.open_window(trigger, None)?;
    running.apply_all(&opened);
    commit(store, Batch::new(command), e, running, &opened)?;
    Ok(could)
}

/// What a Reaction did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reacted {
    /// The Reaction's cast; `None` while it waits in a window of its own
    /// for those who could counter it (`reactors`).
    pub outcome: Option<CastOutcome>,
    /// Whether it stopped the spell it answered (2024 Counterspell: the
    /// caster failed its Constitution save); the window is then closed.
    pub countered: bool,
    /// Who could answer the Reaction itself (a Counterspell against it):
    /// when any could, it waits in a nested window until `resolve`.
    pub reactors: Vec<Reactor>,
}

/// A combatant answers the open window with a Reaction spell (R11): it
/// must answer this kind of trigger and have its Reaction; a spell slot
/// it spends on another creature's turn leaves its own turn's slot (R10).
/// A Reaction that strikes back (Counterspell, Hellish Rebuke) aims only at
/// who caused the trigger, and at it when no target is given. A
/// Counterspell that makes the caster fail its save stops the spell: its
/// action is wasted, no slot is expended, and the window closes. When
/// someone could counter the Reaction itself (`reactions`), it waits in a
/// window nested in this one and nothing is spent yet.
#[allow(clippy::too_many_arguments)]
pub fn react<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    reactor: &str,
    spell: &Spell,
    request: CastRequest,
    reactions: &[Spell],
    rng: &mut R,
) -> Result<Reacted, AppError> {
    let w = who(store, &running, reactor)?;
    let window = running.check_answer(w.name(), Some(spell))?.clone();
    let base = reaction_request(&running, w.name(), &window.trigger);
    let mut req = CastRequest {
        action: base.action,
        off_turn: base.off_turn,
        trigger: request.trigger.clone().or(base.trigger),
        ..request
    };
    for t in &mut req.targets {
        if let Some(c) = running
            .combatants()
            .iter()
            .find(|c| fold(&c.name) == fold(&t.name))
        {
            t.name.clone_from(&c.name);
        }
    }
    check_reaction_targets(&window.trigger, spell, &req.targets)?;
    let strikes_back = TriggerKind::of_spell(spell) == Some(window.trigger.kind())
        && grimoire_rules::strikes_source(window.trigger.kind());
    let pending_caster = match (&window.trigger, &window.pending) {
        (Trigger::SpellCast { .. }, Some(p)) if strikes_back => {
            Some(who(store, &running, &p.caster)?)
        }
        _ => None,
    };
    if let Some(pc) = &pending_caster
        && req.targets.is_empty()
    {
        req.targets.push(caster_as_target(&running, pc));
    }
    if let (Trigger::Damage { attacker, .. }, true, true) =
        (&window.trigger, strikes_back, req.targets.is_empty())
    {
        req.targets.push(Target::named(attacker.clone()));
    }
    let view = enc_entity_view(e, &running);
    let req = crate::cast::fit_request_stored(store, &w.entity(), Some(&view), spell, req)?;
    let mut batch = Batch::new(command);
    let mut events = Vec::new();
    let answered = vec![EncounterEvent::Answered {
        answer: Answer {
            name: w.name().to_owned(),
            spell: Some(spell.id.clone()),
        },
    }];
    // Someone could counter the Reaction itself: it waits (R11).
    check_cast(&with_waiting_slot(&running, &w), spell, &req)?;
    let trigger = Trigger::SpellCast {
        caster: w.name().to_owned(),
        spell: spell.id.clone(),
        spell_name: spell.name.clone(),
    };
    let pending = pending_cast(&running, &w, spell, req)?;
    let could = reactors(store, &running, &trigger, Some(&pending), reactions)?;
    if !could.is_empty() {
        running.apply_all(&answered);
        events.extend(answered);
        let nested = running.nest_window(trigger, Some(pending))?;
        running.apply_all(&nested);
        events.extend(nested);
        commit(store, batch, e, running, &events)?;
        return Ok(Reacted {
            outcome: None,
            countered: false,
            reactors: could,
        });
    }
    let outcome = cast(w.caster(), spell, &pending.request, rng)?;
    landed(
        store,
        &mut batch,
        &mut running,
        &w,
        &outcome,
        rng,
        &mut events,
    )?;
    running.apply_all(&answered);
    events.extend(answered);
    let countered = pending_caster.is_some() && counters(spell, &outcome.resolution);
    if let (true, Some(pc), Some(p)) = (countered, &pending_caster, &window.pending) {
        record(
            &mut batch,
            &mut running,
            &mut events,
            pc,
            &countered_events(p),
        )?;
        let closed = [EncounterEvent::WindowClosed];
        running.apply_all(&closed);
        events.extend(closed);
    }
    commit(store, batch, e, running, &events)?;
    Ok(Reacted {
        outcome: Some(outcome),
        countered,
        reactors: Vec::new(),
    })
}

/// A combatant lets the open window pass without reacting.
pub fn pass(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    name: &str,
) -> Result<(), AppError> {
    let w = running
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(name))
        .map(|c| c.name.clone())
        .ok_or_else(|| RulesError::UnknownCombatant {
            name: name.to_owned(),
        })?;
    running.check_answer(&w, None)?;
    let events = vec![EncounterEvent::Answered {
        answer: Answer {
            name: w,
            spell: None,
        },
    }];
    running.apply_all(&events);
    commit(store, Batch::new(command), e, running, &events)?;
    Ok(())
}

/// How a window ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Closed {
    /// The spell that waited was cast.
    Cast {
        /// The cast.
        outcome: Box<CastOutcome>,
    },
    /// A hit, after the Armor Class bonuses in force (Shield's +5).
    Hit {
        /// Who was attacked.
        target: String,
        /// The attack roll's total.
        attack_total: i32,
        /// The Armor Class it had to beat, bonuses included.
        ac: i32,
        /// Whether it still hits.
        hits: bool,
        /// A creature's attack that waited on the hit, landed: its
        /// outcome (damage on a hit) and the characters it damaged.
        #[serde(skip_serializing_if = "Option::is_none")]
        attack: Option<Box<(CastOutcome, Vec<crate::CharacterHit>)>>,
    },
    /// Damage or a fall: the answers are done.
    Done,
}

/// Closes the open window: a spell that waited is cast now (its caster's
/// state is checked again by every rule); a hit is told whether it still
/// hits (R21: the target's AC bonuses in force, such as Shield).
pub fn resolve<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    spells: &dyn Fn(&str) -> Option<Spell>,
    rng: &mut R,
) -> Result<Closed, AppError> {
    let window = running
        .window()
        .cloned()
        .ok_or(RulesError::NoReactionWindow)?;
    let mut batch = Batch::new(command);
    let mut events = vec![EncounterEvent::WindowClosed];
    running.apply_all(&events);
    let closed = match (&window.trigger, &window.pending) {
        (Trigger::SpellCast { .. }, Some(p)) => {
            let w = who(store, &running, &p.caster)?;
            let spell = spells(p.spell.as_str()).ok_or_else(|| AppError::InvalidRequest {
                reason: grimoire_words::Message::new("app-reason-spell_unknown")
                    .text("spell", p.spell.as_str()),
            })?;
            // The request waited: what the encounter knows of its targets
            // now is what counts, not what it knew (or was told) then, a
            // Shield raised in the window included.
            let mut req = p.request.clone();
            crate::cast::encounter_numbers(&running, &mut req);
            // A smite that waited still answers its critical hit (R11).
            req.critical_hit = crate::cast::critical_hit_answered(w.caster(), &spell, &req);
            ward_off(running.effects(), &spell, &mut req, spells);
            let outcome = cast(w.caster(), &spell, &req, rng)?;
            landed(
                store,
                &mut batch,
                &mut running,
                &w,
                &outcome,
                rng,
                &mut events,
            )?;
            // A Reaction that waited in a window of its own answers the
            // window beneath: a Counterspell that lands stops its spell.
            let beneath = running.window().cloned();
            if let Some(op) = beneath.as_ref().and_then(|b| {
                b.pending
                    .as_ref()
                    .filter(|_| b.answered(&p.caster) && b.trigger.source() != Some(&p.caster))
            }) && counters(&spell, &outcome.resolution)
            {
                let oc = who(store, &running, &op.caster)?;
                record(
                    &mut batch,
                    &mut running,
                    &mut events,
                    &oc,
                    &countered_events(op),
                )?;
                let closed = [EncounterEvent::WindowClosed];
                running.apply_all(&closed);
                events.extend(closed);
            }
            Closed::Cast {
                outcome: Box::new(outcome),
            }
        }
        (
            Trigger::Hit {
                target,
                attack_total,
                ac,
                ..
            },
            _,
        ) => {
            let bonuses = running
                .effects()
                .bonuses(target, grimoire_rules::BonusTarget::ArmorClass);
            let hits = hit_stands(*attack_total, *ac, &bonuses);
            let extra: i32 = bonuses
                .iter()
                .map(|b| match b {
                    grimoire_rules::BonusAmount::Flat(n) => *n,
                    _ => 0,
                })
                .sum();
            // A creature's attack waiting on the hit lands now, if it
            // still hits (issue 34).
            let landed = match (&window.attack, window.trigger.source()) {
                (Some(p), Some(attacker)) => {
                    let (outcome, hits_on) = crate::landing::land_pending(
                        store,
                        &mut batch,
                        &mut running,
                        e,
                        attacker,
                        p,
                        hits,
                        rng,
                        &mut events,
                    )?;
                    Some(Box::new((outcome, hits_on)))
                }
                _ => None,
            };
            Closed::Hit {
                target: target.clone(),
                attack_total: *attack_total,
                ac: ac + extra,
                hits,
                attack: landed,
            }
        }
        _ => Closed::Done,
    };
    commit(store, batch, e, running, &events)?;
    Ok(closed)
}

/// Withdraws the open window with nothing cast (the GM takes the declared
/// spell back, or what waited can no longer happen): nothing was spent.
pub fn withdraw(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
) -> Result<(), AppError> {
    running.window().ok_or(RulesError::NoReactionWindow)?;
    let events = vec![EncounterEvent::WindowClosed];
    running.apply_all(&events);
    commit(store, Batch::new(command), e, running, &events)?;
    Ok(())
}
