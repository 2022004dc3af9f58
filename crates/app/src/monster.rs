//! Stat-block creatures in encounters: a creature added from the
//! bestiary keeps its caster inside the encounter (its own hit points,
//! uses per day and slots, one per combatant); casting for it and the
//! Reactions that interrupt are in [`crate::reaction`].

use grimoire_dice::DiceRng;
use grimoire_rules::{
    CastOutcome, Caster, Combatant, Encounter, EncounterEvent, Event, RulesError, TargetStats,
};
use grimoire_store::{Entity, Store};

use crate::error::AppError;
use crate::state::{Batch, EncounterState, fold};

/// A creature of a stat block, ready to join an encounter.
#[derive(Debug, Clone)]
pub struct NewCreature {
    /// Its name in the encounter (`Cave Mage#1`).
    pub name: String,
    /// Initiative.
    pub initiative: i32,
    /// Its caster, uses and slots full ([`Caster::from_stat_block`]).
    pub caster: Caster,
    /// Its numbers as a target (AC, saves, hit point maximum).
    pub stats: TargetStats,
    /// Its hit points.
    pub hp: i32,
    /// Its creature type in lower case.
    pub creature_type: Option<String>,
    /// It answers its allies' casts (the GM's other creatures) with a
    /// Counterspell too, see [`Combatant::reacts_to_cast_by`].
    pub reacts_to_allies: bool,
}

/// Adds a stat-block creature to an encounter (before or after the start):
/// each one has its own hit points and uses. Its name must not be, or
/// look like, a stored character's (`invalid_name`).
pub fn add_creature(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    creature: NewCreature,
) -> Result<EncounterState, AppError> {
    crate::identity::check_creature_name(store, &creature.name)?;
    let mut c = Combatant::new(creature.name, creature.initiative)
        .of_kind(grimoire_rules::CombatantKind::Creature);
    c.hp = Some(creature.hp);
    c.stats = Some(creature.stats);
    c.creature_type = creature.creature_type;
    c.caster = Some(Box::new(creature.caster));
    c.reacts_to_allies = creature.reacts_to_allies;
    crate::encounter::join(store, command, e, c)
}

/// Whose caster a combatant has: a stored character, or a creature kept in
/// the encounter.
#[derive(Debug, Clone)]
pub(crate) enum Who {
    Character(Entity<Caster>),
    Creature(String, Caster),
}

impl Who {
    pub(crate) fn name(&self) -> &str {
        match self {
            Who::Character(e) => &e.name,
            Who::Creature(n, _) => n,
        }
    }

    pub(crate) fn caster(&self) -> &Caster {
        match self {
            Who::Character(e) => &e.state,
            Who::Creature(_, c) => c,
        }
    }

    /// An entity view for the request fitting shared with `grimoire cast`.
    pub(crate) fn entity(&self) -> Entity<Caster> {
        match self {
            Who::Character(e) => e.clone(),
            Who::Creature(n, c) => Entity {
                kind: "creature".into(),
                name: n.clone(),
                version: 0,
                state: c.clone(),
                updated_at: String::new(),
            },
        }
    }
}

pub(crate) fn who(store: &Store, running: &Encounter, name: &str) -> Result<Who, AppError> {
    let c = running
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(name))
        .ok_or_else(|| RulesError::UnknownCombatant {
            name: name.to_owned(),
        })?;
    if let Some(caster) = &c.caster {
        return Ok(Who::Creature(c.name.clone(), (**caster).clone()));
    }
    // A creature without a stat block casts nothing, even when a stored
    // character shares its name.
    match crate::identity::character_of(store, c)? {
        Some(e) => Ok(Who::Character(e)),
        None => Err(RulesError::NotACaster {
            name: c.name.clone(),
        }
        .into()),
    }
}

/// Queues `events` of a caster: a character's go to its entity (and the
/// board), a creature's into the encounter.
pub(crate) fn record(
    batch: &mut Batch,
    running: &mut Encounter,
    enc_events: &mut Vec<EncounterEvent>,
    w: &Who,
    events: &[Event],
) -> Result<(), AppError> {
    let wrapped = match w {
        Who::Character(e) => {
            if !events.is_empty() {
                batch.character(e, events)?;
            }
            running.caster_events(&e.name, events)
        }
        Who::Creature(n, _) => running.creature_events(n, events),
    };
    running.apply_all(&wrapped);
    enc_events.extend(wrapped);
    Ok(())
}

/// Queues what a resolved cast did: the caster's events, the hit points
/// it left on its targets in the tracker, and its damage and healing on
/// stored characters among them (not its caster), with the Concentration
/// saves they call for and the tracker following their recorded hit
/// points. Returns what it did to those characters.
pub(crate) fn landed<R: DiceRng + ?Sized>(
    store: &Store,
    batch: &mut Batch,
    running: &mut Encounter,
    w: &Who,
    outcome: &CastOutcome,
    rng: &mut R,
    out: &mut Vec<EncounterEvent>,
) -> Result<Vec<crate::CharacterHit>, AppError> {
    // A character's own part is what its own cast would record (issue
    // 32: one path, so a Fireball on its own square hurts it here too).
    let (own, mut hits) = match w {
        Who::Character(e) => {
            let board = running.effects().clone();
            crate::cast::caster_part(e, Some(running), outcome, &board, rng)
        }
        Who::Creature(..) => (outcome.events.clone(), Vec::new()),
    };
    record(batch, running, out, w, &own)?;
    let board = running.effects().clone();
    let (changed, mut more) =
        crate::cast::hits_on_characters(store, w.name(), Some(running), outcome, &board, rng)?;
    hits.append(&mut more);
    for (c, events) in &changed {
        batch.character(c, events)?;
        let wrapped = running.caster_events(&c.name, events);
        running.apply_all(&wrapped);
        out.extend(wrapped);
    }
    // Characters keep their recorded hit points; creatures the tracker's
    // less what the cast did (never a number of the request).
    let hp = crate::cast::tracker_hp(running, outcome, &hits);
    running.apply_all(&hp);
    out.extend(hp);
    // A concentrating creature it hurt saves to keep its Concentration.
    let saves = crate::cast::creature_saves(running, outcome, rng);
    running.apply_all(&saves);
    out.extend(saves);
    batch.card(w.name(), outcome, &hits)?;
    Ok(hits)
}

/// Commits `batch` with the encounter's new `running` state and its
/// `events`; the receipt (`None` when nothing was written).
pub(crate) fn commit(
    store: &mut Store,
    mut batch: Batch,
    e: &Entity<EncounterState>,
    running: Encounter,
    events: &[EncounterEvent],
) -> Result<Option<grimoire_store::Committed>, AppError> {
    let st = e.state.with_running(running);
    batch.encounter(e, &st, events)?;
    batch.commit(store)
}

/// A creature of an encounter gains or loses a condition (the Rules
/// Glossary's conditions: Incapacitated and the conditions that include it
/// end its Concentration). Returns the creature's conditions after it and
/// the rules' notes. Characters change theirs on their own sheet.
pub fn creature_condition(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    name: &str,
    condition: grimoire_rules::Condition,
    toggle: crate::Toggle,
) -> Result<CreatureConditions, AppError> {
    let w = who(store, &running, name)?;
    let Who::Creature(n, caster) = &w else {
        return Err(AppError::InvalidRequest {
            reason: grimoire_words::Message::new("app-reason-condition_character")
                .text("name", w.name()),
        });
    };
    let out = match toggle {
        crate::Toggle::Add => caster.add_condition(condition),
        crate::Toggle::Remove => caster.remove_condition(condition),
    };
    let events = running.creature_events(n, &out.events);
    running.apply_all(&events);
    let conditions = running
        .combatants()
        .iter()
        .find(|c| c.name == *n)
        .and_then(|c| c.caster.as_deref())
        .map(|k| k.conditions().iter().copied().collect())
        .unwrap_or_default();
    commit(store, Batch::new(command), e, running, &events)?;
    Ok(CreatureConditions {
        creature: n.clone(),
        conditions,
        notes: out.notes,
    })
}

/// A creature's conditions after [`creature_condition`].
#[derive(Debug, Clone, PartialEq)]
pub struct CreatureConditions {
    /// The creature, as the encounter names it.
    pub creature: String,
    /// Its conditions now.
    pub conditions: Vec<grimoire_rules::Condition>,
    /// What else happened (its Concentration ended), as the rules' notes.
    pub notes: Vec<grimoire_rules::Note>,
}

/// A creature finishes a Long Rest: its uses per day and slots come back
/// (R4, R5c). Characters rest with `rest`; this is for the creatures kept
/// in an encounter.
pub fn creature_long_rest(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut running: Encounter,
    name: &str,
) -> Result<(), AppError> {
    let w = who(store, &running, name)?;
    let Who::Creature(n, caster) = &w else {
        return Err(AppError::InvalidRequest {
            reason: grimoire_words::Message::new("app-reason-rest_character")
                .text("name", w.name()),
        });
    };
    let events = running.creature_events(n, &caster.long_rest().events);
    running.apply_all(&events);
    commit(store, Batch::new(command), e, running, &events)?;
    Ok(())
}
