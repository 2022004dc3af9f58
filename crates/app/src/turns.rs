//! Moving an encounter to the next turn: the turn in progress ends, time
//! passes at a new round (R15), the next combatant's turn begins, and the
//! lasting spells that harm at those moments do so (Spirit Guardians at
//! the end of a creature's turn, Searing Smite's burning at its start).
//! Everything is committed in one change.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    BonusTarget, Caster, Combatant, CreaturesAtZero, Encounter, EncounterEvent, Event, RollMode,
    RollRecord, Target, TargetOutcome, TurnPoint, resolve_turn_damage,
};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::card::RollCard;
use crate::cast::{fill_from_combatant, fill_missing};
use crate::error::AppError;
use crate::hit::ConcentrationSave;
use crate::identity::combatant_characters;
use crate::state::{Batch, EncounterState, fold};

/// What a lasting spell did to a combatant as a turn ended or began.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnHit {
    /// The combatant harmed, as the encounter spells it.
    pub target: String,
    /// The spell.
    pub spell: grimoire_rules::SpellId,
    /// Its English name.
    pub name: String,
    /// Who cast it.
    pub caster: String,
    /// Whether it struck as the target's turn began or ended, or as the
    /// target came into it ([`crate::encounter::harm_on_entering`]).
    pub at: TurnPoint,
    /// Every die: the damage, then the save.
    pub rolls: Vec<RollRecord>,
    /// The save, the damage by type and in all, and notes, as for a cast.
    pub outcome: TargetOutcome,
    /// The target's hit points afterwards, when tracked (never below 0).
    pub hp: Option<i32>,
    /// The Concentration save the damage called for.
    pub concentration_save: Option<ConcentrationSave>,
    /// Whether the save ended the spell (Searing Smite).
    pub spell_ended: bool,
}

/// The encounter after a turn change, with what happened on the way.
#[derive(Debug, Clone)]
pub struct NextTurn {
    /// The encounter as committed.
    pub state: EncounterState,
    /// Notes from time passing (spells that ran out).
    pub notes: Vec<grimoire_rules::Note>,
    /// What lasting spells did at the turn's end and the new turn's start.
    pub hits: Vec<TurnHit>,
    /// The death save a dying character rolled as its turn began (2024).
    pub death_save: Option<crate::dying::DeathSave>,
}

/// A character of the encounter with the events gathered for it so far,
/// applied to a working copy so that later steps see them.
pub(crate) struct Working {
    /// As loaded.
    pub entity: Entity<Caster>,
    /// With the events so far.
    pub now: Caster,
    /// The events so far.
    pub events: Vec<Event>,
}

impl Working {
    /// A character before any events.
    pub fn new(entity: Entity<Caster>) -> Self {
        Working {
            now: entity.state.clone(),
            entity,
            events: Vec::new(),
        }
    }

    /// Takes events on.
    pub fn push(&mut self, events: Vec<Event>) {
        self.now.apply_all(&events);
        self.events.extend(events);
    }
}

/// The next turn of a running encounter. The turn in progress ends (its
/// creature takes what harms at the end of its turns); a new round moves
/// every character's clock one round on (R15); the next combatant able to
/// act begins its turn and takes what harms at the start. A monster at 0
/// hit points takes no more turns; a character at 0 still does, and one
/// dying rolls its death save as the turn begins (2024); a dead one takes
/// no more turns.
pub fn next_turn<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
    rng: &mut R,
) -> Result<NextTurn, AppError> {
    // What waits for Reactions resolves before the turn moves on (R11).
    encounter.check_no_window()?;
    let at_zero = e.state.creatures_at_zero;
    let mut people: Vec<Working> = combatant_characters(store, &encounter)?
        .into_iter()
        .map(Working::new)
        .collect();
    let mut log = Vec::new();
    let mut hits = Vec::new();
    if let Some(ending) = encounter.current().map(|c| c.name.clone()) {
        hits.extend(land_due(
            &mut encounter,
            &mut people,
            &mut log,
            &ending,
            TurnPoint::End,
            at_zero,
            rng,
        )?);
    }
    let turn = encounter.next_turn_skipping(|c| {
        let person = people
            .iter()
            .find(|w| fold(&w.entity.name) == fold(&c.name));
        match person {
            Some(w) => w.now.vitals().is_some_and(|v| v.death.dead),
            None => c.is_dead_creature(at_zero),
        }
    });
    encounter.apply_all(&turn.events);
    log.extend(turn.events.iter().cloned());
    let mut notes = Vec::new();
    for w in &mut people {
        let mut events: Vec<Event> = Vec::new();
        if turn.new_round && turn.round > 1 {
            let o = w.now.advance_rounds(1);
            notes.extend(o.notes);
            events.extend(o.events);
        }
        if fold(&w.entity.name) == fold(&turn.combatant) {
            // Its turn begins after the round's time: what lasts until the
            // start of its next turn (Shield) ends now, not at the round's
            // start (R15).
            let mut after = w.now.clone();
            after.apply_all(&events);
            let o = after.start_turn();
            notes.extend(o.notes);
            events.extend(o.events);
        }
        let board = encounter.caster_events(&w.entity.name, &events);
        encounter.apply_all(&board);
        log.extend(board);
        w.push(events);
    }
    hits.extend(land_due(
        &mut encounter,
        &mut people,
        &mut log,
        &turn.combatant,
        TurnPoint::Start,
        at_zero,
        rng,
    )?);
    // A dying character's death save opens its turn (2024).
    let mut death_save = None;
    if let Some(w) = people
        .iter_mut()
        .find(|w| fold(&w.entity.name) == fold(&turn.combatant))
        && w.now.check_dying().is_ok()
        && let Ok(o) = crate::dying::roll(&w.now, rng)
    {
        let board = encounter.caster_events(&w.entity.name, &o.events);
        encounter.apply_all(&board);
        log.extend(board);
        if let Some(v) = {
            let mut after = w.now.clone();
            after.apply_all(&o.events);
            after.vitals()
        } && v.hp > 0
            && let Ok(hp) = encounter.set_hp(&w.entity.name, i32::try_from(v.hp).unwrap_or(1))
        {
            encounter.apply_all(&hp);
            log.extend(hp);
        }
        w.push(o.events.clone());
        death_save = Some(o.save);
    }
    // So does a dying creature's, where the table's creatures drop.
    if encounter
        .combatant(&turn.combatant)
        .is_some_and(|c| c.is_creature() && c.is_dying_creature(at_zero))
        && let Ok(s) = encounter.creature_death_save(&turn.combatant, rng)
    {
        encounter.apply_all(&s.events);
        log.extend(s.events.iter().cloned());
        death_save = Some(crate::dying::DeathSave::of_creature(&s));
    }
    let mut batch = Batch::new(command);
    for w in people.iter().filter(|w| !w.events.is_empty()) {
        batch.character(&w.entity, &w.events)?;
    }
    for hit in &hits {
        log_turn_hit(&mut batch, hit)?;
    }
    if let Some(d) = &death_save {
        log_death_save(&mut batch, d)?;
    }
    let state = e.state.with_running(encounter);
    batch.encounter(e, &state, &log)?;
    batch.commit(store)?;
    Ok(NextTurn {
        state,
        notes,
        hits,
        death_save,
    })
}

/// Logs what a lasting spell did at a turn's edge, and the Concentration
/// save it called for, as the table log's cards (`turn`, `conc`): the
/// shapes the web's live cards have.
pub(crate) fn log_turn_hit(batch: &mut Batch, hit: &TurnHit) -> Result<(), AppError> {
    batch.roll_card(&RollCard::Turn {
        caster: hit.caster.clone(),
        spell: hit.spell.clone(),
        spell_name: hit.name.clone(),
        target: hit.target.clone(),
        rolls: hit.rolls.clone(),
        outcome: Box::new(hit.outcome.clone()),
        hp: hit.hp,
    })?;
    if let Some(save) = &hit.concentration_save {
        log_concentration_save(batch, &hit.target, save)?;
    }
    Ok(())
}

/// Logs the Concentration save damage to `name` called for as a `conc`
/// card of the table log.
pub(crate) fn log_concentration_save(
    batch: &mut Batch,
    name: &str,
    save: &ConcentrationSave,
) -> Result<(), AppError> {
    batch.roll_card(&RollCard::Conc {
        caster: name.to_owned(),
        dc: save.dc,
        kept: save.kept,
        rolls: vec![save.roll.clone()],
    })
}

/// Logs a death save rolled as a turn began as a `death` card.
fn log_death_save(batch: &mut Batch, d: &crate::dying::DeathSave) -> Result<(), AppError> {
    batch.roll_card(&RollCard::Death {
        caster: d.name.clone(),
        rolls: vec![d.roll.clone()],
        result: d.result,
    })
}

/// Lands the turn damage `creature` takes at `at` of its turn, spell by
/// spell ([`land`]).
fn land_due<R: DiceRng + ?Sized>(
    encounter: &mut Encounter,
    people: &mut [Working],
    log: &mut Vec<EncounterEvent>,
    creature: &str,
    at: TurnPoint,
    at_zero: CreaturesAtZero,
    rng: &mut R,
) -> Result<Vec<TurnHit>, AppError> {
    let mut hits = Vec::new();
    for due in encounter.damage_due(creature, at) {
        hits.extend(land(encounter, people, log, due, at_zero, rng)?);
    }
    Ok(hits)
}

/// Lands one lasting spell's damage on its target: rolled against its
/// numbers (tracker, stat block, stored character, effects in force on its
/// saves), taken from its hit points, a Concentration save when it
/// concentrates, and the spell ended when the save ends it. `None` for a
/// target no longer in the fight (not a combatant, a monster at 0).
pub(crate) fn land<R: DiceRng + ?Sized>(
    encounter: &mut Encounter,
    people: &mut [Working],
    log: &mut Vec<EncounterEvent>,
    due: grimoire_rules::DueDamage,
    at_zero: CreaturesAtZero,
    rng: &mut R,
) -> Result<Option<TurnHit>, AppError> {
    let Some(combatant) = encounter.combatant(&due.target).cloned() else {
        return Ok(None);
    };
    let who = people
        .iter()
        .position(|w| !combatant.is_creature() && fold(&w.entity.name) == fold(&combatant.name));
    // A dead monster is out of the fight (one dying still takes harm).
    if who.is_none() && (combatant.hp == Some(0) && !combatant.is_dying_creature(at_zero)) {
        return Ok(None);
    }
    let mut target = Target::named(combatant.name.clone());
    fill_from_combatant(&mut target, &combatant);
    if let Some(i) = who {
        fill_missing(
            target.stats.get_or_insert_with(Default::default),
            people[i].now.as_target(),
        );
    }
    if let Some(stats) = target.stats.as_mut()
        && stats.save_bonuses.is_empty()
    {
        stats.save_bonuses = encounter
            .effects()
            .bonuses(&combatant.name, BonusTarget::SavingThrows);
    }
    let done = resolve_turn_damage(&due, &target, rng);
    let amount = done.outcome.damage_total;
    let mut concentration_save = None;
    if amount > 0 {
        let (events, save) = hurt(
            encounter,
            who.map(|i| &mut people[i]),
            &combatant,
            amount,
            at_zero,
            rng,
        )?;
        encounter.apply_all(&events);
        log.extend(events);
        concentration_save = save;
    }
    let spell_ended = done.ends_spell && end_spell(encounter, people, log, &due);
    Ok(Some(TurnHit {
        hp: encounter.combatant(&combatant.name).and_then(|c| c.hp),
        target: combatant.name,
        spell: due.spell,
        name: due.name,
        caster: due.caster,
        at: due.turn.at,
        rolls: done.rolls,
        outcome: done.outcome,
        concentration_save,
        spell_ended,
    }))
}

/// Ends the spell behind `due` on its target, for a caster that is a
/// character or a stat-block creature of the encounter: a spell on several
/// creatures goes on for the others (Weird), one on that creature alone
/// ends (Searing Smite). Returns whether the caster was found.
fn end_spell(
    encounter: &mut Encounter,
    people: &mut [Working],
    log: &mut Vec<EncounterEvent>,
    due: &grimoire_rules::DueDamage,
) -> bool {
    let ending = |caster: &Caster| -> Vec<Event> {
        let others: Option<Vec<String>> =
            caster
                .ongoing()
                .iter()
                .find(|o| o.id == due.effect)
                .map(|o| {
                    o.targets
                        .iter()
                        .filter(|t| fold(t) != fold(&due.target))
                        .cloned()
                        .collect()
                });
        match others {
            Some(targets) if !targets.is_empty() => vec![Event::SpellMoved {
                effect: due.effect,
                spell: due.spell.clone(),
                targets,
            }],
            _ => caster.end_by_target_save(due.effect).events,
        }
    };
    if let Some(w) = people
        .iter_mut()
        .find(|w| fold(&w.entity.name) == fold(&due.caster))
    {
        let events = ending(&w.now);
        let board = encounter.caster_events(&w.entity.name, &events);
        encounter.apply_all(&board);
        log.extend(board);
        w.push(events);
        return true;
    }
    let Some(caster) = encounter
        .combatant(&due.caster)
        .and_then(|c| c.caster.clone())
    else {
        return false;
    };
    let events = encounter.creature_events(&due.caster, &ending(&caster));
    encounter.apply_all(&events);
    log.extend(events);
    true
}

/// Damage to a combatant: tracked hit points drop (never below 0); a
/// stored character (given as `character`) takes it on its own hit points
/// and makes its Concentration save; a stat-block creature makes its own.
/// One the tracker leaves at 0 falls Unconscious instead ([`crate::fall`]).
/// Returns the encounter's events, not yet applied, and the save.
pub(crate) fn hurt<R: DiceRng + ?Sized>(
    encounter: &Encounter,
    mut character: Option<&mut Working>,
    combatant: &Combatant,
    amount: u32,
    at_zero: CreaturesAtZero,
    rng: &mut R,
) -> Result<(Vec<EncounterEvent>, Option<ConcentrationSave>), AppError> {
    let mut events = Vec::new();
    let mut tracked = None;
    if let Some(was) = combatant.hp {
        let hp = was
            .saturating_sub(i32::try_from(amount).unwrap_or(i32::MAX))
            .max(0);
        tracked = Some(hp);
        events.extend(encounter.set_hp(&combatant.name, hp)?);
        // Where creatures drop, damage at 0 is a failed death save.
        events.extend(encounter.creature_damage_at_zero(
            at_zero,
            &combatant.name,
            was,
            amount,
            false,
        ));
    }
    // At 0 hit points on the tracker a creature is Unconscious: its
    // Concentration ends, no save (a character recording its own hit
    // points falls by them, below).
    let falls = amount > 0 && tracked == Some(0);
    if let Some(w) = character.as_deref_mut()
        && falls
        && w.now.vitals().is_none()
    {
        let fall = crate::fall::falls(&w.now);
        events.extend(encounter.caster_events(&w.entity.name, &fall));
        w.push(fall);
        return Ok((events, None));
    }
    if let Some(caster) = combatant.caster.as_deref()
        && falls
    {
        events.extend(encounter.creature_events(&combatant.name, &crate::fall::falls(caster)));
        return Ok((events, None));
    }
    let bonuses = encounter
        .effects()
        .bonuses(&combatant.name, BonusTarget::SavingThrows);
    let (o, board) = if let Some(w) = character {
        // Effects in force on the character count on its save (Bless's d4).
        let o = w
            .now
            .take_damage_with(amount, RollMode::Normal, &bonuses, rng);
        let mut board = encounter.caster_events(&w.entity.name, &o.events);
        // A character's recorded hit points are the truth for the tracker.
        if let Some(hp) = o.hp_after {
            board.extend(encounter.set_hp(&combatant.name, i32::try_from(hp).unwrap_or(i32::MAX))?);
        }
        w.push(o.events.clone());
        (o, board)
    } else if let Some(caster) = &combatant.caster {
        let o = caster.take_damage_with(amount, RollMode::Normal, &bonuses, rng);
        let board = encounter.creature_events(&combatant.name, &o.events);
        (o, board)
    } else {
        return Ok((events, None));
    };
    events.extend(board);
    let save = match (o.dc, o.roll) {
        (Some(dc), Some(roll)) => Some(ConcentrationSave {
            dc,
            roll,
            kept: o.concentration_kept,
        }),
        _ => None,
    };
    Ok((events, save))
}
