//! Encounter steps: start, next turn, damage, time passing. Each commits
//! the encounter and every character it changed in one change.
//!
//! Front ends check what they word themselves (the encounter exists, has
//! or has not started) and hand over the loaded entity; these functions do
//! the rules work and the commit.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    AppliedEffect, Caster, Combatant, DamageType, Defense, Encounter, RulesError,
};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::identity::character_of;
use crate::state::{Batch, CHARACTER, EncounterState, fold};

pub use crate::identity::combatant_characters;

/// Ends an encounter: it leaves the live encounters (its name is free
/// again) and its final state is kept as an ended record
/// ([`crate::state::ENDED_ENCOUNTER`], replacing an older one of that
/// name), so what happened stays readable beside its log. Every character
/// who fought in it finishes the turn in progress (R9, R10), so the time
/// after the fight does not start with an action or the turn's slot
/// already spent.
pub fn end(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
) -> Result<(), AppError> {
    let mut batch = Batch::new(command);
    if let Some(running) = &e.state.running {
        for c in combatant_characters(store, running)? {
            if *c.state.turn() != grimoire_rules::TurnEconomy::default() {
                batch.character(&c, &c.state.end_turn().events)?;
            }
        }
    }
    let kept = crate::state::ended_encounter(store, &e.name)?;
    batch.with(|c| {
        let c = c.delete(crate::state::ENCOUNTER, &e.name, e.version);
        let kind = crate::state::ENDED_ENCOUNTER;
        Ok(match &kept {
            Some(old) => c.update(kind, &e.name, old.version, &e.state)?,
            None => c.create(kind, &e.name, &e.state)?,
        })
    })?;
    batch.commit(store)?;
    Ok(())
}

/// A combatant joins a running encounter (a summoned familiar, a late
/// arrival), placed by initiative; before the start it simply joins the
/// list. A character's hit points are its sheet's ([`one_hit_point_number`]).
pub fn join(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    combatant: grimoire_rules::Combatant,
) -> Result<EncounterState, AppError> {
    let mut st = e.state.clone();
    // Every way in counts against one cap: the GM's creatures were once
    // added past it, each add rewriting an ever larger encounter.
    let present = st
        .running
        .as_ref()
        .map_or(st.combatants.len(), |r| r.combatants().len());
    crate::limits::check_count(
        present + 1,
        crate::limits::MAX_COMBATANTS,
        "too_many_combatants",
        "combatants",
    )?;
    let mut combatant = combatant;
    let mut batch = Batch::new(command);
    if let Some((c, events)) = one_hit_point_number(store, &mut combatant)? {
        batch.character(&c, &events)?;
    }
    let events = match st.running.as_mut() {
        Some(running) => {
            let events = running.join(combatant.clone())?;
            running.apply_all(&events);
            events
        }
        None => Vec::new(),
    };
    st.combatants.push(combatant);
    batch.encounter(e, &st, &events)?;
    batch.commit(store)?;
    Ok(st)
}

/// A character has one hit-point number (issue 31): hit points given for
/// a character joining an encounter (the web set-up's HP column, `encounter
/// add --hp`) are its sheet's, recorded there (the maximum raised to them
/// when lower; the unarmored AC when it had none), and the tracker starts
/// from the sheet's. Returns the character and the events for its sheet,
/// when they change it; a creature is left as it is.
fn one_hit_point_number(
    store: &Store,
    c: &mut Combatant,
) -> Result<Option<crate::cast::CharacterEvents>, AppError> {
    let Some(character) = character_of(store, c)? else {
        return Ok(None);
    };
    let sheet = character.state.vitals();
    let Some(given) = c.hp else {
        c.hp = sheet.map(|v| i32::try_from(v.hp).unwrap_or(i32::MAX));
        return Ok(None);
    };
    let hp = u32::try_from(given.max(0)).unwrap_or(0);
    if sheet.is_some_and(|v| v.hp == hp) {
        return Ok(None);
    }
    let max = sheet.map_or(hp, |v| v.max_hp.max(hp)).max(1);
    let ac = sheet.map_or_else(|| character.state.unarmored_ac(), |v| v.ac);
    let out = character.state.set_vitals(max, ac, Some(hp), None)?;
    Ok(Some((character, out.events)))
}

/// The Armor Class an attack on combatant `c` is checked against: its stat
/// block's, else the AC its character's sheet records (issue 31: an
/// attack on a character was refused as `missing_ac`).
pub fn armor_class(store: &Store, c: &Combatant) -> Result<Option<i32>, AppError> {
    if let Some(ac) = c.stats.as_ref().and_then(|s| s.ac) {
        return Ok(Some(ac));
    }
    Ok(character_of(store, c)?
        .and_then(|e| e.state.vitals())
        .map(|v| i32::from(v.ac)))
}

/// A combatant leaves an encounter (fled, dismissed); not the one whose
/// turn it is.
pub fn leave(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    name: &str,
) -> Result<EncounterState, AppError> {
    let mut st = e.state.clone();
    let known = st
        .combatants
        .iter()
        .chain(st.running.iter().flat_map(|r| r.combatants()))
        .find(|c| fold(&c.name) == fold(name))
        .map(|c| c.name.clone())
        .ok_or_else(|| RulesError::UnknownCombatant {
            name: name.to_owned(),
        })?;
    let events = match st.running.as_mut() {
        Some(running) => {
            let events = running.leave(&known)?;
            running.apply_all(&events);
            events
        }
        None => Vec::new(),
    };
    st.combatants.retain(|c| c.name != known);
    let mut batch = Batch::new(command);
    batch.encounter(e, &st, &events)?;
    batch.commit(store)?;
    Ok(st)
}

/// Starts a gathered encounter: initiative order, the first turn begins.
pub fn start(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
) -> Result<EncounterState, AppError> {
    // The tracker starts from each character's sheet (one hit-point
    // number), also for one added before it kept them, and for one whose
    // sheet changed since it joined (a rest, healing).
    let mut gathered = e.state.combatants.clone();
    for c in gathered.iter_mut() {
        if let Some(v) = character_of(store, c)?.and_then(|e| e.state.vitals()) {
            c.hp = Some(i32::try_from(v.hp).unwrap_or(i32::MAX));
        }
    }
    let mut encounter = Encounter::new(gathered)?;
    let turn = encounter.next_turn();
    encounter.apply_all(&turn.events);
    let mut batch = Batch::new(command);
    let first = encounter.combatant(&turn.combatant);
    if let Some(c) = first.map(|c| character_of(store, c)).transpose()?.flatten() {
        batch.character(&c, &turn.caster_events)?;
    }
    let st = e.state.with_running(encounter);
    batch.encounter(e, &st, &turn.events)?;
    batch.commit(store)?;
    Ok(st)
}

pub use crate::entering::{Entering, harm_on_entering};
pub use crate::turns::{NextTurn, TurnHit, next_turn};

pub use crate::hit::ConcentrationSave;

/// What damage to a combatant did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CombatantDamage {
    /// The combatant, as the encounter spells it.
    pub target: String,
    /// Its hit points afterwards, when tracked (never below 0).
    pub hp: Option<i32>,
    /// The Concentration save, when the target was a concentrating character.
    pub save: Option<ConcentrationSave>,
}

/// Damage to a combatant of a running encounter: tracked hit points drop;
/// a concentrating character makes its Constitution save.
pub fn damage<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
    target: &str,
    amount: u32,
    rng: &mut R,
) -> Result<CombatantDamage, AppError> {
    let combatant = encounter
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(target))
        .cloned()
        .ok_or_else(|| RulesError::UnknownCombatant {
            name: target.to_owned(),
        })?;
    let mut character = character_of(store, &combatant)?.map(crate::turns::Working::new);
    let (enc_events, save) = crate::turns::hurt(
        &encounter,
        character.as_mut(),
        &combatant,
        amount,
        e.state.creatures_at_zero,
        rng,
    )?;
    let mut batch = Batch::new(command);
    if let Some(w) = &character {
        batch.character(&w.entity, &w.events)?;
    }
    if let Some(save) = &save {
        crate::turns::log_concentration_save(&mut batch, &combatant.name, save)?;
    }
    encounter.apply_all(&enc_events);
    let hp = encounter
        .combatants()
        .iter()
        .find(|c| c.name == combatant.name)
        .and_then(|c| c.hp);
    let st = e.state.with_running(encounter);
    batch.encounter(e, &st, &enc_events)?;
    batch.commit(store)?;
    Ok(CombatantDamage {
        target: combatant.name,
        hp,
        save,
    })
}

/// How much of `amount` damage of type `kind` a combatant takes: its stat
/// block's resistance halves it (rounded down), a vulnerability doubles
/// it, an immunity makes it 0 (the Rules Glossary's Resistance,
/// Vulnerability and Immunity). A character without such a defence
/// stated meets those of its own features (Elemental Affinity's
/// Resistance: [`grimoire_rules::Caster::defenses`]). Untyped damage, and
/// a combatant without a defence, take it all.
pub fn damage_taken(
    store: &Store,
    encounter: &Encounter,
    target: &str,
    amount: u32,
    kind: Option<DamageType>,
) -> Result<u32, AppError> {
    let Some(kind) = kind else {
        return Ok(amount);
    };
    let Some(c) = encounter
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(target))
    else {
        return Ok(amount);
    };
    let stated = c
        .stats
        .as_ref()
        .map_or(Defense::Normal, |s| s.defense(kind));
    let defense = if stated == Defense::Normal {
        character_of(store, c)?
            .and_then(|e| e.state.defenses().into_iter().find(|(t, _)| *t == kind))
            .map_or(Defense::Normal, |(_, d)| d)
    } else {
        stated
    };
    Ok(defense.apply(amount))
}

/// Time passes for every character of a running encounter: durations run
/// out (R15), long castings progress (R12). Returns the new state and notes.
pub fn advance(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
    rounds: u64,
) -> Result<(EncounterState, Vec<grimoire_rules::Note>), AppError> {
    let mut batch = Batch::new(command);
    let mut enc_events = Vec::new();
    let mut notes = Vec::new();
    for c in combatant_characters(store, &encounter)? {
        let o = c.state.rounds_pass(rounds);
        notes.extend(o.notes);
        let board = encounter.caster_events(&c.name, &o.events);
        encounter.apply_all(&board);
        enc_events.extend(board);
        if !o.events.is_empty() {
            batch.character(&c, &o.events)?;
        }
    }
    let st = e.state.with_running(encounter);
    batch.encounter(e, &st, &enc_events)?;
    batch.commit(store)?;
    Ok((st, notes))
}

/// A spell in force on a combatant.
#[derive(Debug, Clone, PartialEq)]
pub struct InForce {
    /// The effect as the encounter's board holds it.
    pub applied: AppliedEffect,
    /// Rounds until it ends on its caster's clock (R15), when it has an end
    /// and the caster is a stored character.
    pub rounds_left: Option<u64>,
}

/// A combatant as the encounter's status shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The combatant: name, initiative, tracked hit points.
    pub combatant: Combatant,
    /// The character, when the combatant is one.
    pub character: Option<Entity<Caster>>,
    /// The spells in force on it (none before the start).
    pub effects: Vec<InForce>,
}

/// Where an encounter stands: round, whose turn, everyone in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Status {
    /// The round; 0 before the start.
    pub round: u32,
    /// Whose turn it is, once started.
    pub current: Option<String>,
    /// In turn order (by initiative before the start).
    pub combatants: Vec<Standing>,
}

/// The status of an encounter: the combatants in order with their
/// characters and the spells in force on each.
pub fn status(store: &Store, st: &EncounterState) -> Result<Status, AppError> {
    let (round, current, order): (u32, Option<String>, Vec<Combatant>) = match &st.running {
        Some(r) => (
            r.round(),
            r.current().map(|c| c.name.clone()),
            r.combatants().to_vec(),
        ),
        None => {
            let mut c = st.combatants.clone();
            c.sort_by_key(|c| std::cmp::Reverse(c.initiative));
            (0, None, c)
        }
    };
    let mut combatants = Vec::new();
    for c in order {
        let character = character_of(store, &c)?;
        let mut effects = Vec::new();
        if let Some(r) = &st.running {
            for a in r.effects().in_force(&c.name) {
                // Durations run on the caster's clock (R15), a character's.
                let now = match r.combatant(&a.caster) {
                    Some(by) => character_of(store, by)?,
                    None => store.find::<Caster>(CHARACTER, &a.caster)?,
                }
                .map(|e| e.state.now());
                let rounds_left = a
                    .ongoing
                    .expires_at
                    .zip(now)
                    .map(|(t, n)| t.saturating_sub(n));
                effects.push(InForce {
                    applied: a.clone(),
                    rounds_left,
                });
            }
        }
        combatants.push(Standing {
            combatant: c,
            character,
            effects,
        });
    }
    Ok(Status {
        round,
        current,
        combatants,
    })
}

#[cfg(test)]
mod tests {
    use grimoire_rules::{AbilityScores, Class};
    use grimoire_store::Change;

    use super::*;
    use crate::state::{ENCOUNTER, encounter};

    #[test]
    fn status_orders_by_initiative_and_finds_the_characters() {
        let mut store = Store::open_in_memory().unwrap();
        let scores = AbilityScores::new([10; 6]).unwrap();
        let elmira = Caster::new("Elmira", &[(Class::Wizard, 3)], scores).unwrap();
        let gathered = EncounterState {
            combatants: vec![Combatant::new("Elmira", 10), Combatant::new("Goblin", 20)],
            running: None,
            creatures_at_zero: Default::default(),
        };
        store
            .commit(
                &Change::new("setup")
                    .create(CHARACTER, "Elmira", &elmira)
                    .unwrap()
                    .create(ENCOUNTER, "Cave", &gathered)
                    .unwrap(),
            )
            .unwrap();
        let s = status(&store, &gathered).unwrap();
        assert_eq!((s.round, s.current.as_deref()), (0, None));
        let names: Vec<&str> = s
            .combatants
            .iter()
            .map(|c| c.combatant.name.as_str())
            .collect();
        assert_eq!(names, ["Goblin", "Elmira"]);
        assert!(s.combatants[0].character.is_none());
        assert!(s.combatants[1].character.is_some());
        let e = encounter(&store, "Cave").unwrap();
        let started = start(&mut store, "start", &e).unwrap();
        let s = status(&store, &started).unwrap();
        assert_eq!((s.round, s.current.as_deref()), (1, Some("Goblin")));
        assert!(s.combatants.iter().all(|c| c.effects.is_empty()));
    }
}
