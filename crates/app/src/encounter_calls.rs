//! An encounter's set-up and turns as use cases (issue 32): create, list,
//! show, a combatant or a stat-block creature joining, start, next turn, a
//! creature coming into a lasting spell, damage, time passing, end. One
//! function each, taking the encounter by name and a typed call, loading
//! what it needs, committing one change, and answering with a type of
//! [`crate::encounter_view`]. `grimoire encounter ...` and the API's
//! encounter routes both call these, so their answers cannot drift.
//!
//! A write reads the encounter at a version and commits expecting it: when
//! another writer got there first the store answers `conflict` and nothing
//! was written, so a front end may call again (the server does, bounded).

use grimoire_catalog::Bestiary;
use grimoire_dice::DiceRng;
use grimoire_rules::{
    Ability, Combatant, CreaturesAtZero, DamageType, Encounter, Spell, TargetStats,
};
use grimoire_store::{Change, Entity, Store};
use serde::{Deserialize, Serialize};

use crate::dying::DeathSave;
use crate::encounter_view::{
    CombatantDamaged, CombatantJoined, CombatantLeft, CreatureConditionChanged, CreatureJoined,
    CreatureRested, EncounterCreated, EncounterEnded, EncounterList, EncounterRow, EncounterStatus,
};
use crate::error::AppError;
use crate::limits;
use crate::monster::NewCreature;
use crate::name::{NameKind, check_name};
use crate::state::{ENCOUNTER, ENDED_ENCOUNTER, EncounterState, encounter, ended_encounter, fold};

/// The most damage one request deals (`bad_amount`): no table needs more,
/// and the bound keeps the arithmetic far from overflow.
pub const MAX_DAMAGE: u32 = 10_000;

/// The running state of `e`, refused as `encounter_not_started` before the
/// start.
pub fn running(e: &Entity<EncounterState>) -> Result<Encounter, AppError> {
    e.state
        .running
        .clone()
        .ok_or_else(|| AppError::EncounterNotStarted {
            encounter: e.name.clone(),
        })
}

/// Refuses damage over [`MAX_DAMAGE`] (`bad_amount`).
pub fn check_damage(amount: u32) -> Result<(), AppError> {
    if amount > MAX_DAMAGE {
        return Err(AppError::OutOfRange {
            code: "bad_amount",
            field: "damage",
            min: 0,
            max: i64::from(MAX_DAMAGE),
        });
    }
    Ok(())
}

/// Creates an empty encounter named `name` (the name policy's
/// [`NameKind::Encounter`]); `already_exists` when one has the name. Its
/// creatures die at 0 hit points ([`new_encounter_with`] to choose).
pub fn new_encounter(
    store: &mut Store,
    name: &str,
    command: impl Into<String>,
) -> Result<EncounterCreated, AppError> {
    new_encounter_with(store, name, &EncounterSettings::default(), command)
}

/// An encounter's settings, as the GM's table chooses them; a setting left
/// out keeps its value (on a new encounter, its default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct EncounterSettings {
    /// Whether the GM's creatures die at 0 hit points (`die`, the
    /// default) or drop and make death saves like characters (`drop`).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub creatures_at_zero: Option<CreaturesAtZero>,
}

/// Creates an empty encounter named `name` with `settings`.
pub fn new_encounter_with(
    store: &mut Store,
    name: &str,
    settings: &EncounterSettings,
    command: impl Into<String>,
) -> Result<EncounterCreated, AppError> {
    let name = check_name(NameKind::Encounter, name)?;
    let state = EncounterState {
        combatants: Vec::new(),
        running: None,
        creatures_at_zero: settings.creatures_at_zero.unwrap_or_default(),
    };
    store.commit(&Change::new(command).create(ENCOUNTER, &name, &state)?)?;
    Ok(EncounterCreated {
        encounter: name,
        created: true,
    })
}

/// Changes the settings of the live encounter `name`, before or during
/// the fight: a creature already down keeps its death saves where
/// creatures now drop, and lies dead where they now die.
pub fn set_encounter(
    store: &mut Store,
    name: &str,
    settings: &EncounterSettings,
    command: impl Into<String>,
) -> Result<EncounterStatus, AppError> {
    let e = encounter(store, name)?;
    let at_zero = settings
        .creatures_at_zero
        .unwrap_or(e.state.creatures_at_zero);
    let st = EncounterState {
        creatures_at_zero: at_zero,
        running: e
            .state
            .running
            .clone()
            .map(|r| r.with_creatures_at_zero(at_zero)),
        ..e.state.clone()
    };
    store.commit(&Change::new(command).update_known(ENCOUNTER, &e.name, e.version, &st)?)?;
    let status = crate::encounter::status(store, &st)?;
    Ok(EncounterStatus::new(&e.name, &st, &status, false))
}

/// Every encounter: the live ones with their round and size, the ended
/// ones' names apart.
pub fn list_encounters(store: &Store) -> Result<EncounterList, AppError> {
    let encounters = store
        .list::<EncounterState>(ENCOUNTER)?
        .into_iter()
        .map(|e| EncounterRow {
            round: e.state.running.as_ref().map(Encounter::round),
            combatants: e.state.combatants.len(),
            name: e.name,
        })
        .collect();
    let ended = store
        .list::<EncounterState>(ENDED_ENCOUNTER)?
        .into_iter()
        .map(|e| e.name)
        .collect();
    Ok(EncounterList { encounters, ended })
}

/// The status of encounter `e` (`ended` when it is an ended record).
pub fn status_of(
    store: &Store,
    e: &Entity<EncounterState>,
    ended: bool,
) -> Result<EncounterStatus, AppError> {
    let status = crate::encounter::status(store, &e.state)?;
    Ok(EncounterStatus::new(&e.name, &e.state, &status, ended))
}

/// Where the encounter `name` stands; an ended encounter's final state
/// when no live one has the name, marked ended.
pub fn show_encounter(store: &Store, name: &str) -> Result<EncounterStatus, AppError> {
    match encounter(store, name) {
        Ok(e) => status_of(store, &e, false),
        Err(missing) => match ended_encounter(store, name)? {
            Some(e) => status_of(store, &e, true),
            None => Err(missing),
        },
    }
}

/// Refuses a name already among the encounter's combatants, gathered or
/// joined since the start (`already_in_encounter`).
fn check_not_listed(e: &Entity<EncounterState>, name: &str) -> Result<(), AppError> {
    let listed = e
        .state
        .combatants
        .iter()
        .chain(e.state.running.iter().flat_map(|r| r.combatants()))
        .any(|c| fold(&c.name) == fold(name));
    if listed {
        return Err(AppError::AlreadyInEncounter {
            name: name.to_owned(),
            encounter: e.name.clone(),
        });
    }
    Ok(())
}

/// Refuses hit points outside 0–[`limits::MAX_HIT_POINTS`] and an
/// initiative beyond ±[`limits::MAX_MODIFIER`].
fn check_numbers(hp: Option<i32>, initiative: Option<i32>) -> Result<(), AppError> {
    if let Some(hp) = hp
        && !(0..=limits::MAX_HIT_POINTS).contains(&hp)
    {
        return Err(AppError::OutOfRange {
            code: "out_of_range",
            field: "hp",
            min: 0,
            max: i64::from(limits::MAX_HIT_POINTS),
        });
    }
    if let Some(n) = initiative {
        limits::check_range(i64::from(n), i64::from(limits::MAX_MODIFIER), "initiative")?;
    }
    Ok(())
}

/// The initiative asked for, else one rolled (d20 plus the Dexterity
/// modifier `dex`), with the dice rolled.
fn initiative<R: DiceRng + ?Sized>(
    asked: Option<i32>,
    dex: i64,
    rng: &mut R,
) -> Result<(i32, Option<String>), AppError> {
    if let Some(n) = asked {
        return Ok((n, None));
    }
    let formula = format!("1d20{dex:+}");
    let roll = grimoire_dice::parse(&formula)
        .map_err(|_| AppError::OutOfRange {
            code: "out_of_range",
            field: "initiative",
            min: -i64::from(limits::MAX_MODIFIER),
            max: i64::from(limits::MAX_MODIFIER),
        })?
        .roll(rng);
    Ok((i32::try_from(roll.total()).unwrap_or(0), Some(formula)))
}

/// A combatant joining an encounter: a stored character by name (its own
/// spelling kept) or a creature described by its numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinCall {
    /// The encounter.
    pub encounter: String,
    /// The combatant's name; a creature's must not be, or look like, a
    /// character's (`invalid_name`).
    pub name: String,
    /// Initiative; rolled (d20 + a character's Dexterity modifier) when
    /// `None`.
    pub initiative: Option<i32>,
    /// Hit points to track; a character's are its sheet's (issue 31).
    pub hp: Option<i32>,
    /// A creature's numbers as a target (AC, saves, defences).
    pub stats: Option<TargetStats>,
    /// A creature's type, in lower case.
    pub creature_type: Option<String>,
    /// It answers its allies' casts with Counterspell too (R11).
    pub reacts_to_allies: bool,
    /// Refuse when the encounter has started (`encounter_started`); else a
    /// late arrival joins the running order by initiative.
    pub before_start_only: bool,
    /// What the log records the change as.
    pub command: String,
}

/// A combatant joins encounter `call.encounter`.
pub fn join_encounter<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &JoinCall,
    rng: &mut R,
) -> Result<CombatantJoined, AppError> {
    let name = check_name(NameKind::Combatant, &call.name)?;
    check_numbers(call.hp, call.initiative)?;
    let e = encounter(store, &call.encounter)?;
    if call.before_start_only && e.state.running.is_some() {
        return Err(AppError::EncounterStarted {
            encounter: e.name.clone(),
        });
    }
    // A character keeps its own spelling; anything else is a creature,
    // whose name no character may have or look like (issue 30).
    let (display, kind) = crate::identity::joining(store, &name)?;
    check_not_listed(&e, &display)?;
    let dex = store
        .find::<grimoire_rules::Caster>(crate::state::CHARACTER, &display)?
        .map_or(0, |c| i64::from(c.state.modifier(Ability::Dexterity)));
    let (initiative, initiative_roll) = initiative(call.initiative, dex, rng)?;
    let mut c = Combatant::new(display, initiative).of_kind(kind);
    c.hp = call.hp;
    c.creature_type = call.creature_type.clone();
    c.reacts_to_allies = call.reacts_to_allies;
    c.stats = call.stats.clone().map(|mut s| {
        s.hp = None;
        s
    });
    // The shared step: the cap, and a character's hit points are its
    // sheet's (issue 31).
    let st = crate::encounter::join(store, call.command.clone(), &e, c)?;
    Ok(CombatantJoined {
        encounter: e.name,
        combatants: st.combatants,
        initiative,
        initiative_roll,
    })
}

/// Combatant `name` leaves encounter `enc` (fled, dismissed); not the one
/// whose turn it is.
pub fn leave_encounter(
    store: &mut Store,
    enc: &str,
    name: &str,
    command: impl Into<String>,
) -> Result<CombatantLeft, AppError> {
    let e = encounter(store, enc)?;
    let st = crate::encounter::leave(store, command, &e, name)?;
    Ok(CombatantLeft {
        encounter: e.name,
        combatants: st.combatants,
    })
}

/// A creature of a stat block joining an encounter, before or after the
/// start, with its own hit points and uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatureCall {
    /// The encounter.
    pub encounter: String,
    /// Its name in the encounter (`Cave Mage#1`); not, nor like, a
    /// character's.
    pub name: String,
    /// The stat block: id or name in the bestiary given.
    pub monster: String,
    /// Initiative; rolled (d20 + the block's Dexterity modifier) when `None`.
    pub initiative: Option<i32>,
    /// Hit points, when not the block's.
    pub hp: Option<i32>,
    /// It answers its allies' casts with Counterspell too (R11).
    pub reacts_to_allies: bool,
    /// What the log records the change as.
    pub command: String,
}

/// A creature of `bestiary` joins encounter `call.encounter`.
pub fn join_creature<R: DiceRng + ?Sized>(
    store: &mut Store,
    bestiary: &Bestiary,
    call: &CreatureCall,
    rng: &mut R,
) -> Result<CreatureJoined, AppError> {
    let name = check_name(NameKind::Combatant, &call.name)?;
    let m = bestiary
        .get(&call.monster)
        .ok_or_else(|| AppError::UnknownMonster {
            name: call.monster.clone(),
        })?;
    check_numbers(call.hp, call.initiative)?;
    let e = encounter(store, &call.encounter)?;
    check_not_listed(&e, &name)?;
    let dex = i64::from(m.scores.modifier(Ability::Dexterity));
    let (initiative, initiative_roll) = initiative(call.initiative, dex, rng)?;
    let hp = call.hp.unwrap_or(m.hp);
    let creature = NewCreature {
        name: name.clone(),
        initiative,
        caster: m.caster(&name)?,
        stats: m.target_stats(),
        hp,
        creature_type: m.creature_type.clone(),
        reacts_to_allies: call.reacts_to_allies,
    };
    crate::monster::add_creature(store, call.command.clone(), &e, creature)?;
    Ok(CreatureJoined {
        encounter: e.name,
        added: name,
        monster: m.id.clone(),
        hp: Some(hp),
        initiative,
        initiative_roll,
    })
}

/// Starts encounter `name`: initiative order, the first turn begins.
/// Refused when it runs already (`encounter_started`).
pub fn start_encounter(
    store: &mut Store,
    name: &str,
    command: impl Into<String>,
) -> Result<EncounterStatus, AppError> {
    let e = encounter(store, name)?;
    if e.state.running.is_some() {
        return Err(AppError::EncounterStarted {
            encounter: e.name.clone(),
        });
    }
    let st = crate::encounter::start(store, command, &e)?;
    let status = crate::encounter::status(store, &st)?;
    Ok(EncounterStatus::new(&e.name, &st, &status, false))
}

/// A turn change, with what else happened on the way.
#[derive(Debug, Clone)]
pub struct TurnPassed {
    /// The encounter afterwards, with `turn_damage`.
    pub status: EncounterStatus,
    /// Notes from time passing (spells that ran out), as the rules' notes.
    pub notes: Vec<grimoire_rules::Note>,
    /// The death save a dying character rolled as its turn began.
    pub death_save: Option<DeathSave>,
}

/// The next turn of encounter `name`: a new round moves every character's
/// clock one round on, and lasting spells harm at the turn's end and the
/// next one's start (rolled with `rng`).
pub fn next_turn_in<R: DiceRng + ?Sized>(
    store: &mut Store,
    name: &str,
    command: impl Into<String>,
    rng: &mut R,
) -> Result<TurnPassed, AppError> {
    let e = encounter(store, name)?;
    let r = running(&e)?;
    let done = crate::encounter::next_turn(store, command, &e, r, rng)?;
    let status = crate::encounter::status(store, &done.state)?;
    Ok(TurnPassed {
        status: EncounterStatus {
            death_save: done.death_save.clone(),
            ..EncounterStatus::new(&e.name, &done.state, &status, false).with_turn_damage(done.hits)
        },
        notes: done.notes,
        death_save: done.death_save,
    })
}

/// A creature coming into a lasting spell (the CLI's `encounter harm`).
#[derive(Debug, Clone)]
pub struct HarmCall {
    /// The encounter.
    pub encounter: String,
    /// The combatant that enters the spell's area, has it moved onto it,
    /// or has Flaming Sphere rammed into it.
    pub creature: String,
    /// The spell in force.
    pub spell: Spell,
    /// Whose casting, when several combatants keep it in force.
    pub caster: Option<String>,
    /// What the log records the change as.
    pub command: String,
}

/// A lasting spell harms a creature that comes into it (SRD 5.2): the
/// status with `turn_damage` (its `at` is `enter`).
pub fn harm_entering<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &HarmCall,
    rng: &mut R,
) -> Result<EncounterStatus, AppError> {
    let e = encounter(store, &call.encounter)?;
    let r = running(&e)?;
    let done = crate::encounter::harm_on_entering(
        store,
        call.command.clone(),
        &e,
        r,
        &call.creature,
        &call.spell,
        call.caster.as_deref(),
        rng,
    )?;
    let status = crate::encounter::status(store, &done.state)?;
    Ok(EncounterStatus::new(&e.name, &done.state, &status, false).with_turn_damage(done.hits))
}

/// Damage to a combatant of a running encounter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageCall {
    /// The encounter.
    pub encounter: String,
    /// The combatant.
    pub target: String,
    /// Hit points of damage rolled, at most [`MAX_DAMAGE`].
    pub amount: u32,
    /// Its type: the target's stat block may resist, be vulnerable to or
    /// immune to it.
    pub damage_type: Option<DamageType>,
    /// What the log records the change as.
    pub command: String,
}

/// Damage to a combatant: tracked hit points drop (not below 0); a
/// concentrating character makes its Constitution save (rolled with `rng`).
pub fn damage_combatant<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &DamageCall,
    rng: &mut R,
) -> Result<CombatantDamaged, AppError> {
    check_damage(call.amount)?;
    let e = encounter(store, &call.encounter)?;
    let r = running(&e)?;
    let taken =
        crate::encounter::damage_taken(store, &r, &call.target, call.amount, call.damage_type)?;
    let done =
        crate::encounter::damage(store, call.command.clone(), &e, r, &call.target, taken, rng)?;
    Ok(CombatantDamaged {
        encounter: e.name,
        target: done.target,
        damage: taken,
        rolled: call.amount,
        damage_type: call.damage_type,
        hp: done.hp,
        concentration_save: done.save,
    })
}

/// Time passing in a running encounter, with what ran out.
#[derive(Debug, Clone)]
pub struct TimePassed {
    /// The encounter afterwards.
    pub status: EncounterStatus,
    /// What ran out or progressed, as the rules' notes.
    pub notes: Vec<grimoire_rules::Note>,
}

/// `rounds` rounds pass for every character of encounter `name` (R15
/// durations, R12 long castings).
pub fn advance_encounter(
    store: &mut Store,
    name: &str,
    rounds: u64,
    command: impl Into<String>,
) -> Result<TimePassed, AppError> {
    let e = encounter(store, name)?;
    let r = running(&e)?;
    let (st, notes) = crate::encounter::advance(store, command, &e, r, rounds)?;
    let status = crate::encounter::status(store, &st)?;
    Ok(TimePassed {
        status: EncounterStatus::new(&e.name, &st, &status, false),
        notes,
    })
}

/// Ends encounter `name`: it leaves the live encounters, its final state
/// is kept as an ended record, the characters in it finish the turn in
/// progress.
pub fn end_encounter(
    store: &mut Store,
    name: &str,
    command: impl Into<String>,
) -> Result<EncounterEnded, AppError> {
    let e = encounter(store, name)?;
    crate::encounter::end(store, command, &e)?;
    Ok(EncounterEnded { ended: e.name })
}

/// The stat-block creature `name` of running encounter `enc` finishes a
/// Long Rest: its uses per day and slots come back (R4, R5c). A character
/// is refused (`invalid_request`): it rests as a character.
pub fn rest_creature(
    store: &mut Store,
    enc: &str,
    name: &str,
    command: impl Into<String>,
) -> Result<CreatureRested, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    let rested = crate::monster::who(store, &r, name)?.name().to_owned();
    crate::monster::creature_long_rest(store, command, &e, r, name)?;
    Ok(CreatureRested {
        encounter: e.name,
        rested,
    })
}

/// The stat-block creature `name` of running encounter `enc` gains or
/// loses `condition` (Incapacitated and the conditions that include it end
/// its Concentration). A character is refused (`invalid_request`): its
/// conditions are on its own sheet.
pub fn creature_condition_in(
    store: &mut Store,
    enc: &str,
    name: &str,
    condition: grimoire_rules::Condition,
    toggle: crate::Toggle,
    command: impl Into<String>,
) -> Result<CreatureConditionChanged, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    let done = crate::monster::creature_condition(store, command, &e, r, name, condition, toggle)?;
    Ok(CreatureConditionChanged {
        encounter: e.name,
        creature: done.creature,
        conditions: done.conditions,
        notes: done.notes,
    })
}
