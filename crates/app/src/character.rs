//! Character steps: prepare and unprepare, rest, the end of a turn,
//! conditions, damage (the Concentration save) and time passing.
//!
//! Each takes the character as loaded by the front end (which words a
//! missing one itself), asks the rules for events and commits them through
//! [`crate::state::commit_character`], so inside a running encounter the effect board
//! changes in the same change. A step with no events writes nothing.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    Caster, Class, Condition, Event, Outcome, RollRecord, RulesError, Spell, SpellId,
};
use grimoire_store::{ChangeId, Entity, Store};

use crate::error::AppError;

/// What a character step did.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The character afterwards, at its new version.
    pub character: Entity<Caster>,
    /// The state changes logged (empty when nothing changed).
    pub events: Vec<Event>,
    /// Notes for the player, as the rules' notes.
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    pub change: Option<ChangeId>,
}

/// Which rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RestKind {
    /// One hour: pact slots and short-rest uses return.
    Short,
    /// Eight hours: every slot returns (R4).
    Long,
}

/// What follows the end of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextTurn {
    /// The turn only ends; the next one begins when the table says so.
    Later,
    /// The character's next turn begins at once (logged as its own event).
    Now,
}

/// What a character gains or loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Affliction {
    /// A condition of the rules (Incapacitated ends Concentration).
    Condition(Condition),
    /// Magical silence: not a condition, but no Verbal components (R14a).
    Silenced,
}

/// Written as the condition's name (`prone`, `exhaustion`) or `silenced`,
/// as the CLI, the API body and MCP name it.
impl serde::Serialize for Affliction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Affliction::Condition(c) => c.serialize(s),
            Affliction::Silenced => s.serialize_str(SILENCED),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Affliction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{IntoDeserializer, value::StrDeserializer};
        let name = String::deserialize(d)?;
        if name == SILENCED {
            return Ok(Affliction::Silenced);
        }
        let name: StrDeserializer<'_, D::Error> = name.as_str().into_deserializer();
        Condition::deserialize(name).map(Affliction::Condition)
    }
}

/// The name magical silence goes by beside the conditions.
const SILENCED: &str = "silenced";

/// Whether an [`Affliction`] begins or ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Toggle {
    /// The character gains it.
    Add,
    /// The character loses it.
    Remove,
}

/// What damage to a character did.
#[derive(Debug, Clone, PartialEq)]
pub struct Damaged {
    /// The step: events, the character afterwards, the change.
    pub step: Step,
    /// The Concentration save's DC, when one was needed.
    pub dc: Option<i32>,
    /// The save roll, when one was needed.
    pub roll: Option<RollRecord>,
    /// Whether Concentration holds afterwards (false if there was none).
    pub concentration_kept: bool,
    /// Hit points afterwards, when recorded.
    pub hp_after: Option<u32>,
}

/// Commits `outcome` for `caster` (nothing when it has no events).
pub(crate) fn commit(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    outcome: Outcome,
) -> Result<Step, AppError> {
    commit_carded(store, command, caster, outcome, &[])
}

/// [`commit`] with the rolls the step made logged as cards of the table
/// log (issue 37).
pub(crate) fn commit_carded(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    outcome: Outcome,
    cards: &[crate::card::RollCard],
) -> Result<Step, AppError> {
    let Outcome { events, notes } = outcome;
    if events.is_empty() {
        return Ok(Step {
            character: caster.clone(),
            events,
            notes,
            change: None,
        });
    }
    let (next, done) =
        crate::state::commit_character_carded(store, command, caster, &events, cards)?;
    let version = done
        .as_ref()
        .and_then(|d| d.touched.first())
        .and_then(|t| t.version)
        .unwrap_or(caster.version + 1);
    Ok(Step {
        character: Entity {
            version,
            state: next,
            ..caster.clone()
        },
        events,
        notes,
        change: done.map(|d| d.change),
    })
}

/// Applies each step in turn to a working copy, so later ones see the
/// earlier ones (two spells prepared in one command).
fn each<T>(
    caster: &Caster,
    items: &[T],
    mut one: impl FnMut(&Caster, &T) -> Result<Outcome, AppError>,
) -> Result<Outcome, AppError> {
    let mut working = caster.clone();
    let mut all = Outcome::default();
    for item in items {
        let out = one(&working, item)?;
        working.apply_all(&out.events);
        all.append(out);
    }
    Ok(all)
}

/// Prepares each spell in turn (a cantrip is learned); each must be on one
/// of the character's class lists (R8). One refusal writes nothing.
pub fn prepare(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    spells: &[&Spell],
) -> Result<Step, AppError> {
    let out = each(&caster.state, spells, |c, s| Ok(c.prepare(s)?))?;
    commit(store, command, caster, out)
}

/// Marks each spell as always prepared (a subclass, feat, species or
/// Magical Secrets keeps it prepared): outside the prepared-spell limit and
/// exempt from R8's class-list check, counting as a spell of `class` (by
/// default the character's class with the spell on its list). At most
/// [`MAX_ALWAYS_PREPARED`](crate::limits::MAX_ALWAYS_PREPARED) in all
/// (`too_many_spells`). One refusal writes nothing.
pub fn prepare_always(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    spells: &[&Spell],
    class: Option<Class>,
) -> Result<Step, AppError> {
    let out = each(&caster.state, spells, |c, s| {
        let out = c.prepare_always(s, class)?;
        let mut after = c.clone();
        after.apply_all(&out.events);
        crate::limits::check_count(
            after.always_prepared().count(),
            crate::limits::MAX_ALWAYS_PREPARED,
            "too_many_spells",
            "always_prepared",
        )?;
        Ok(out)
    })?;
    commit(store, command, caster, out)
}

/// Moves the caster's Hex or Hunter's Mark (a movable spell in effect) to a
/// new creature with a Bonus Action. Inside an encounter that tracks the
/// old target's hit points, it must be at 0 (`target_still_standing`), and
/// the new target takes the tracker's spelling.
pub fn move_spell(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    effect: grimoire_rules::EffectId,
    to: &str,
) -> Result<Step, AppError> {
    let mut to = to.to_owned();
    if let Some(enc) = crate::state::encounter_of(store, &caster.name)?
        && let Some(running) = enc.state.running.as_ref()
    {
        let combatant = |name: &str| {
            running
                .combatants()
                .iter()
                .find(|c| crate::state::fold(&c.name) == crate::state::fold(name))
        };
        let ongoing = caster.state.ongoing().iter().find(|o| o.id == effect);
        for old in ongoing.map(|o| o.targets.as_slice()).unwrap_or_default() {
            if let Some(hp) = combatant(old).and_then(|c| c.hp).filter(|&hp| hp > 0) {
                return Err(AppError::TargetStillStanding {
                    target: old.clone(),
                    hp,
                });
            }
        }
        if let Some(c) = combatant(&to) {
            to.clone_from(&c.name);
        }
    }
    let out = caster.state.move_spell(effect, &to)?;
    commit(store, command, caster, out)
}

/// Copies each spell into the Wizard's spellbook (the first copy starts
/// the book); one already there changes nothing.
pub fn copy_to_spellbook(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    spells: &[&Spell],
) -> Result<Step, AppError> {
    let out = each(&caster.state, spells, |c, s| Ok(c.copy_to_spellbook(s)?))?;
    commit(store, command, caster, out)
}

/// Unprepares (or forgets) each spell; one not prepared changes nothing.
pub fn unprepare(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    spells: &[&SpellId],
) -> Result<Step, AppError> {
    let out = each(&caster.state, spells, |c, id| Ok(c.unprepare(id)))?;
    commit(store, command, caster, out)
}

/// A short or long rest (R4). A Long Rest is refused while the
/// character fights in a running encounter and within 16 hours of the
/// end of its last one (the Rules Glossary's Long Rest).
pub fn rest(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    kind: RestKind,
) -> Result<Step, AppError> {
    let out = match kind {
        RestKind::Short => caster.state.short_rest(),
        RestKind::Long => {
            // A Long Rest is downtime: not while the character fights.
            if let Some(e) = crate::state::encounter_of(store, &caster.name)? {
                return Err(RulesError::LongRestInEncounter {
                    name: caster.name.clone(),
                    encounter: e.name,
                }
                .into());
            }
            caster.state.try_long_rest()?
        }
    };
    commit(store, command, caster, out)
}

/// Ends the character's turn: the action economy and the one-slot limit
/// reset (R9, R10); with [`NextTurn::Now`] the next turn begins too.
pub fn end_turn(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    next: NextTurn,
) -> Result<Step, AppError> {
    let mut out = caster.state.end_turn();
    if next == NextTurn::Now {
        out.events.extend(caster.state.start_turn().events);
    }
    commit(store, command, caster, out)
}

/// Adds or removes a condition, or magical silence.
pub fn condition(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    what: Affliction,
    toggle: Toggle,
) -> Result<Step, AppError> {
    let c = &caster.state;
    let out = match (what, toggle) {
        (Affliction::Silenced, t) => c.set_silence(t == Toggle::Add, false),
        (Affliction::Condition(k), Toggle::Add) => c.add_condition(k),
        (Affliction::Condition(k), Toggle::Remove) => c.remove_condition(k),
    };
    commit(store, command, caster, out)
}

/// Damage to a character: while concentrating it makes a Constitution save
/// (DC 10 or half the damage, at most 30); failing ends Concentration.
pub fn damage<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    amount: u32,
    rng: &mut R,
) -> Result<Damaged, AppError> {
    damage_hit(store, command, caster, amount, false, rng)
}

/// [`damage`] from a hit that may be critical: at 0 hit points it is a
/// death save failure, two from a critical hit; massive damage kills
/// (2024 Death Saving Throws).
pub fn damage_hit<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    amount: u32,
    critical: bool,
    rng: &mut R,
) -> Result<Damaged, AppError> {
    // Effects in force on the character count on its save (Bless's d4).
    let bonuses = crate::cast::own_effects(caster)
        .bonuses(&caster.name, grimoire_rules::BonusTarget::SavingThrows);
    let o = caster.state.take_hit(
        amount,
        critical,
        grimoire_rules::RollMode::Normal,
        &bonuses,
        rng,
    );
    // The Concentration save the damage called for is a card of the log.
    let cards: Vec<crate::card::RollCard> = match (&o.roll, o.dc) {
        (Some(roll), Some(dc)) => vec![crate::card::RollCard::Conc {
            caster: caster.name.clone(),
            dc,
            kept: o.concentration_kept,
            rolls: vec![roll.clone()],
        }],
        _ => Vec::new(),
    };
    let step = commit_carded(
        store,
        command,
        caster,
        Outcome {
            events: o.events,
            notes: Vec::new(),
        },
        &cards,
    )?;
    Ok(Damaged {
        step,
        dc: o.dc,
        roll: o.roll,
        concentration_kept: o.concentration_kept,
        hp_after: o.hp_after,
    })
}

/// What `hit_points` changes: the recorded maximum and Armor Class (the
/// maximum needed the first time; the AC defaults to the unarmored one), current
/// or temporary hit points, healing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HitPointChange {
    /// A new hit point maximum.
    pub max_hp: Option<u32>,
    /// A new Armor Class.
    pub ac: Option<u8>,
    /// Current hit points, set outright.
    pub hp: Option<u32>,
    /// Temporary hit points gained (the larger amount stays).
    pub temp_hp: Option<u32>,
    /// Hit points regained (up to the maximum).
    pub heal: Option<u32>,
}

/// Records or changes a character's hit points and Armor Class, gains
/// temporary hit points or heals; refused with `no_hit_points` when
/// nothing is recorded yet and the maximum is missing. Without an AC the
/// first time, the sheet records the unarmored one (10 + DEX).
pub fn hit_points(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    change: HitPointChange,
) -> Result<Step, AppError> {
    let c = &caster.state;
    // Bounded like the values they set, so no amount is quietly cut.
    for (field, value) in [("temp_hp", change.temp_hp), ("heal", change.heal)] {
        if let Some(v) = value.filter(|&v| v > grimoire_rules::MAX_HIT_POINTS) {
            return Err(grimoire_rules::RulesError::InvalidVitals {
                field,
                value: i64::from(v),
                max: i64::from(grimoire_rules::MAX_HIT_POINTS),
            }
            .into());
        }
    }
    let mut now = c.clone();
    let mut all = Outcome::default();
    let mut step = |now: &mut Caster, out: Outcome| {
        now.apply_all(&out.events);
        all.append(out);
    };
    if change.max_hp.is_some() || change.ac.is_some() || change.hp.is_some() {
        let old = c.vitals();
        let Some(max) = change.max_hp.or(old.map(|v| v.max_hp)) else {
            return Err(grimoire_rules::RulesError::NoHitPoints {
                name: caster.name.clone(),
            }
            .into());
        };
        // Hit points without an AC: the unarmored one until one is given
        // (issue 31: `hp --max 20` alone was refused).
        let ac = change
            .ac
            .or(old.map(|v| v.ac))
            .unwrap_or_else(|| c.unarmored_ac());
        let out = now.set_vitals(max, ac, change.hp, None)?;
        step(&mut now, out);
    }
    if let Some(temp) = change.temp_hp {
        let out = now.gain_temp_hp(temp)?;
        step(&mut now, out);
    }
    if let Some(heal) = change.heal {
        let out = now.heal(heal)?;
        step(&mut now, out);
    }
    commit(store, command, caster, all)
}

/// Time passes for one character: spells run out (R15), a long casting
/// progresses (R12), and the turn in progress is over (R9, R10).
pub fn wait(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    rounds: u64,
) -> Result<Step, AppError> {
    let out = caster.state.wait(rounds);
    commit(store, command, caster, out)
}

#[cfg(test)]
mod tests {
    use grimoire_catalog::Catalog;
    use grimoire_dice::SeededRng;
    use grimoire_rules::{AbilityScores, Class};
    use grimoire_store::Change;

    use super::*;
    use crate::state::{CHARACTER, character};

    fn elmira() -> (Store, Entity<Caster>) {
        let mut store = Store::open_in_memory().unwrap();
        let c = Caster::new(
            "Elmira",
            &[(Class::Wizard, 3)],
            AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap(),
        )
        .unwrap();
        store
            .commit(&Change::new("new").create(CHARACTER, "Elmira", &c).unwrap())
            .unwrap();
        let e = character(&store, "elmira").unwrap();
        (store, e)
    }

    fn spell(name: &str) -> &'static Spell {
        &Catalog::srd().lookup(name).unwrap().spell
    }

    #[test]
    fn prepare_then_unprepare_writes_and_logs_each_step() {
        let (mut store, e) = elmira();
        let step = prepare(
            &mut store,
            "prepare",
            &e,
            &[spell("Magic Missile"), spell("Shield")],
        )
        .unwrap();
        assert_eq!(step.character.version, 2);
        assert_eq!(step.character.state.prepared().len(), 2);
        assert!(step.change.is_some());
        let id = spell("Shield").id.clone();
        let step = unprepare(&mut store, "unprepare", &step.character, &[&id]).unwrap();
        assert_eq!(step.character.state.prepared().len(), 1);
        assert_eq!(character(&store, "Elmira").unwrap().version, 3);
    }

    #[test]
    fn a_refused_prepare_writes_nothing() {
        let (mut store, e) = elmira();
        let err = prepare(&mut store, "prepare", &e, &[spell("Cure Wounds")]).unwrap_err();
        assert!(err.rule().is_some(), "{err}");
        assert_eq!(character(&store, "Elmira").unwrap().version, 1);
    }

    #[test]
    fn rest_turn_condition_and_wait_commit_their_events() {
        let (mut store, e) = elmira();
        let s = rest(&mut store, "rest", &e, RestKind::Long).unwrap();
        assert_eq!(
            s.character.version,
            character(&store, "Elmira").unwrap().version
        );
        let s = end_turn(&mut store, "turn", &s.character, NextTurn::Later).unwrap();
        assert_eq!(s.events, [Event::TurnEnded]);
        let s = end_turn(&mut store, "turn", &s.character, NextTurn::Now).unwrap();
        assert_eq!(s.events, [Event::TurnEnded, Event::TurnStarted]);
        let s = condition(
            &mut store,
            "condition",
            &s.character,
            Affliction::Condition(Condition::Prone),
            Toggle::Add,
        )
        .unwrap();
        assert!(s.character.state.conditions().contains(&Condition::Prone));
        let s = condition(
            &mut store,
            "silence",
            &s.character,
            Affliction::Silenced,
            Toggle::Add,
        )
        .unwrap();
        assert!(s.character.state.is_silenced());
        let s = wait(&mut store, "wait", &s.character, 10).unwrap();
        assert_eq!(s.events[0], Event::TimeAdvanced { rounds: 10 });
        let stored = character(&store, "Elmira").unwrap();
        assert_eq!(stored.version, s.character.version);
        assert_eq!(stored.state, s.character.state);
    }

    #[test]
    fn damage_while_concentrating_makes_the_save_and_commits_its_result() {
        let (mut store, e) = elmira();
        let s = prepare(&mut store, "prepare", &e, &[spell("Detect Magic")]).unwrap();
        let req = grimoire_rules::CastRequest::new();
        let out = grimoire_rules::cast(
            &s.character.state,
            spell("Detect Magic"),
            &req,
            &mut SeededRng::new(7),
        )
        .unwrap();
        let (_, _) =
            crate::state::commit_character(&mut store, "cast", &s.character, &out.events).unwrap();
        let e = character(&store, "Elmira").unwrap();
        assert!(e.state.concentration().is_some());
        let d = damage(&mut store, "damage", &e, 40, &mut SeededRng::new(7)).unwrap();
        assert_eq!(d.dc, Some(20), "half of 40");
        assert!(d.roll.is_some());
        let stored = character(&store, "Elmira").unwrap();
        assert_eq!(stored.state.concentration().is_some(), d.concentration_kept);
        assert_eq!(stored.version, d.step.character.version);
    }

    #[test]
    fn damage_without_concentration_makes_no_save_and_writes_nothing() {
        let (mut store, e) = elmira();
        let d = damage(&mut store, "damage", &e, 12, &mut SeededRng::new(1)).unwrap();
        assert_eq!((d.dc, d.concentration_kept), (None, false));
        assert!(d.step.events.is_empty() || d.step.change.is_some());
        assert_eq!(wait(&mut store, "wait", &e, 0).unwrap().change, None);
    }
}
