//! Casting for any combatant of a running encounter and the Reactions
//! that interrupt (R11), as use cases (issue 32): the GM's cast, a
//! Reaction, passing, resolving, withdrawing, a window opened by a hit,
//! damage or a fall, and the window as the table sees it. One function
//! each, taking the encounter by name, committing one change, answering
//! with a type of [`crate::window`] (or this module's [`GmCast`] and
//! [`WindowView`]). The steps themselves are [`crate::reaction`]'s.

use grimoire_dice::DiceRng;
use grimoire_rules::{ActionKind, CastRequest, Event, ReactionWindow, Spell, SpellId, Trigger};
use grimoire_store::Store;
use serde::{Deserialize, Serialize};

use crate::encounter_calls::{check_damage, running};
use crate::error::AppError;
use crate::reaction::{self, Declared, Reactor};
use crate::state::{encounter, fold};
use crate::view::CastView;
use crate::window::{Opened, Passed, Reaction, Resolved, Withdrawn, spell_names};

/// A spell cast (or a Reaction answered) for a combatant.
#[derive(Debug, Clone)]
pub struct CombatantCast {
    /// The encounter.
    pub encounter: String,
    /// The combatant casting: a creature or a character.
    pub caster: String,
    /// The spell.
    pub spell: Spell,
    /// How: slot, a stat block's named use, targets.
    pub request: CastRequest,
    /// What the log records the change as.
    pub command: String,
}

/// What the GM's cast for a combatant came to.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum GmCast {
    /// Nobody could answer it: it was cast.
    Resolved {
        /// The encounter.
        encounter: String,
        /// The cast, with the stored characters it damaged or healed.
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        cast: Box<CastView>,
        /// Its events.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        events: Vec<Event>,
    },
    /// It waits for Reactions; nothing is spent yet.
    Pending {
        /// The encounter.
        encounter: String,
        /// Who casts it.
        caster: String,
        /// The spell.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        spell: SpellId,
        /// Who could answer, with which spells.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        reactors: Vec<Reactor>,
    },
}

/// The English and Czech names of `spell`: the SRD catalogue's, else its own.
fn names_of(spell: &Spell) -> (String, String) {
    grimoire_catalog::Catalog::srd()
        .get(spell.id.as_str())
        .map_or_else(
            || {
                (
                    spell.name.clone(),
                    spell.name_cs.clone().unwrap_or_default(),
                )
            },
            |s| (s.name_en.clone(), s.name_cs.clone()),
        )
}

/// Refuses more targets than [`crate::limits::MAX_TARGETS`].
fn check_targets(request: &CastRequest) -> Result<(), AppError> {
    crate::limits::check_count(
        request.targets.len(),
        crate::limits::MAX_TARGETS,
        "too_many_targets",
        "targets",
    )?;
    Ok(())
}

/// The GM casts `call.spell` for a combatant; it waits for Reactions when
/// someone could answer (`reactions` are the spells they may answer with).
pub fn cast_for<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &CombatantCast,
    reactions: &[Spell],
    rng: &mut R,
) -> Result<GmCast, AppError> {
    check_targets(&call.request)?;
    let e = encounter(store, &call.encounter)?;
    let r = running(&e)?;
    let done = reaction::declare(
        store,
        call.command.clone(),
        &e,
        r,
        &call.caster,
        &call.spell,
        call.request.clone(),
        reactions,
        rng,
    )?;
    Ok(match done {
        Declared::Resolved { outcome, hits, .. } => {
            let (en, cs) = spell_names(&outcome);
            GmCast::Resolved {
                encounter: e.name,
                cast: Box::new(CastView::new(&call.caster, &outcome, &en, &cs).with_hits(hits)),
                events: outcome.events,
            }
        }
        Declared::Pending { reactors } => GmCast::Pending {
            encounter: e.name,
            caster: call.caster.clone(),
            spell: call.spell.id.clone(),
            reactors,
        },
    })
}

/// A combatant answers the open window with a Reaction spell: cast (and
/// perhaps countering), or waiting for those who could counter it.
pub fn react_in<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &CombatantCast,
    reactions: &[Spell],
    rng: &mut R,
) -> Result<Reaction, AppError> {
    check_targets(&call.request)?;
    let e = encounter(store, &call.encounter)?;
    let r = running(&e)?;
    let answered = r.window().map(|w| w.trigger.clone());
    let done = reaction::react(
        store,
        call.command.clone(),
        &e,
        r,
        &call.caster,
        &call.spell,
        call.request.clone(),
        reactions,
        rng,
    )?;
    let (en, cs) = names_of(&call.spell);
    Ok(Reaction::new(&e.name, &call.caster, &call.spell.id, (&en, &cs), done).answering(answered))
}

/// Combatant `name` lets the open window of encounter `enc` pass.
pub fn pass_in(
    store: &mut Store,
    enc: &str,
    name: &str,
    command: impl Into<String>,
) -> Result<Passed, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    reaction::pass(store, command, &e, r, name)?;
    Ok(Passed {
        encounter: e.name,
        passed: name.to_owned(),
    })
}

/// Closes the open window of encounter `enc`: the waiting spell is cast
/// (`spells` finds it by id), or a hit is checked.
pub fn resolve_in<R: DiceRng + ?Sized>(
    store: &mut Store,
    enc: &str,
    spells: &dyn Fn(&str) -> Option<Spell>,
    command: impl Into<String>,
    rng: &mut R,
) -> Result<Resolved, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    let caster = r
        .window()
        .and_then(|w| w.pending.as_ref())
        .map(|p| p.caster.clone());
    // A Reaction that waited in a window of its own answers the one
    // beneath: it stopped it when that window is gone afterwards.
    let answered = r.outer_window().map(|w| w.trigger.clone());
    let closed = reaction::resolve(store, command, &e, r, spells, rng)?;
    let after = encounter(store, enc)?;
    let beneath_open = after
        .state
        .running
        .as_ref()
        .and_then(|r| r.window())
        .is_some_and(|w| Some(&w.trigger) == answered.as_ref());
    Ok(
        Resolved::new(&e.name, &caster.unwrap_or_default(), closed, &spell_names)
            .answering(answered, !beneath_open),
    )
}

/// Takes the waiting spell of encounter `enc` back; nothing was spent.
pub fn withdraw_in(
    store: &mut Store,
    enc: &str,
    command: impl Into<String>,
) -> Result<Withdrawn, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    reaction::withdraw(store, command, &e, r)?;
    Ok(Withdrawn {
        encounter: e.name,
        withdrawn: true,
    })
}

/// What opens a window for Reactions besides a spell being cast, with
/// combatants by name as a person types them (the API's request body of
/// `POST …/window`, tagged by `kind`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TriggerCall {
    /// An attack roll hit a combatant (Shield).
    Hit {
        /// The attacker.
        attacker: String,
        /// The combatant hit.
        target: String,
        /// The attack roll's total (-100 to 100).
        attack_total: i32,
        /// The target's AC; its stat block's or sheet's when left out (1-40).
        #[serde(default)]
        ac: Option<i32>,
    },
    /// A combatant took damage from another (Hellish Rebuke).
    Damage {
        /// Who dealt it.
        attacker: String,
        /// Who took it.
        target: String,
        /// How much (at most 10000).
        amount: u32,
    },
    /// A combatant falls (Feather Fall).
    Fall {
        /// Who falls.
        creature: String,
    },
}

/// `field` must be `min` to `max` (`out_of_range`).
fn out_of_range(field: &'static str, min: i64, max: i64) -> AppError {
    AppError::OutOfRange {
        code: "out_of_range",
        field,
        min,
        max,
    }
}

/// Opens a window of encounter `enc` for a hit, damage or a fall: who
/// could answer it, with which spells.
pub fn open_window(
    store: &mut Store,
    enc: &str,
    trigger: &TriggerCall,
    reactions: &[Spell],
    command: impl Into<String>,
) -> Result<Opened, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    // A combatant as the encounter spells it; another name as given.
    let name = |n: &str| {
        r.combatants()
            .iter()
            .find(|c| fold(&c.name) == fold(n))
            .map_or_else(|| n.to_owned(), |c| c.name.clone())
    };
    let trigger = match trigger {
        TriggerCall::Hit {
            attacker,
            target,
            attack_total,
            ac,
        } => {
            if !(-100..=100).contains(attack_total) {
                return Err(out_of_range("attack_total", -100, 100));
            }
            let target = name(target);
            // A stat block's AC, else the character's sheet's.
            let known = match r.combatants().iter().find(|c| c.name == target) {
                Some(c) => crate::encounter::armor_class(store, c)?,
                None => None,
            };
            let ac = ac.or(known).ok_or_else(|| AppError::MissingAc {
                target: target.clone(),
            })?;
            if !(1..=40).contains(&ac) {
                return Err(out_of_range("ac", 1, 40));
            }
            Trigger::Hit {
                attacker: name(attacker),
                target,
                attack_total: *attack_total,
                ac,
            }
        }
        TriggerCall::Damage {
            attacker,
            target,
            amount,
        } => {
            check_damage(*amount)?;
            Trigger::Damage {
                attacker: name(attacker),
                target: name(target),
                amount: *amount,
            }
        }
        TriggerCall::Fall { creature } => Trigger::Fall {
            creature: name(creature),
        },
    };
    let described = trigger.describe();
    let reactors = reaction::open(store, command, &e, r, trigger, reactions)?;
    Ok(Opened {
        encounter: e.name,
        window: described,
        reactors,
    })
}

/// One stat-block creature's uses, Reaction and Concentration
/// (`encounter uses`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreatureStanding {
    /// The encounter.
    pub encounter: String,
    /// The creature's hit points, uses and Reaction.
    #[serde(flatten)]
    pub creature: CreatureUses,
    /// The spell it concentrates on.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub concentration: Option<SpellId>,
}

/// The uses left of the stat-block creature `name` of encounter `enc`;
/// `unknown_combatant` for a name not in the fight, `not_a_caster` for a
/// combatant without a stat block.
pub fn creature_uses(store: &Store, enc: &str, name: &str) -> Result<CreatureStanding, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    let c = r
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(name))
        .ok_or_else(|| grimoire_rules::RulesError::UnknownCombatant {
            name: name.to_owned(),
        })?;
    let caster = c
        .caster
        .as_deref()
        .ok_or_else(|| grimoire_rules::RulesError::NotACaster {
            name: c.name.clone(),
        })?;
    Ok(CreatureStanding {
        encounter: e.name.clone(),
        creature: uses_of(c, caster),
        concentration: caster.concentration().map(|k| k.spell.clone()),
    })
}

/// The uses and Reaction of combatant `c`, a stat-block creature whose
/// caster is `caster`.
fn uses_of(c: &grimoire_rules::Combatant, caster: &grimoire_rules::Caster) -> CreatureUses {
    CreatureUses {
        name: c.name.clone(),
        hp: c.hp,
        uses: Some(use_rows(caster)),
        reaction: caster.turn().available(ActionKind::Reaction),
    }
}

pub use crate::uses::{UseRow, use_rows};

/// A stat-block creature's uses and Reaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreatureUses {
    /// The creature.
    pub name: String,
    /// Its tracked hit points (hidden from players: `null`).
    pub hp: Option<i32>,
    /// Its uses left (hidden from players: `null`).
    pub uses: Option<Vec<UseRow>>,
    /// Whether its Reaction is still free this round.
    pub reaction: bool,
}

/// The open window of an encounter as the table sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WindowView {
    /// The encounter.
    pub encounter: String,
    /// The open window, or `null`.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub window: Option<ReactionWindow>,
    /// Every stat-block creature's uses and Reaction.
    pub creatures: Vec<CreatureUses>,
    /// Who may still answer, so each table member sees their own choices.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub reactors: Vec<Reactor>,
}

/// The open window of encounter `enc` (or none) and every creature's uses
/// left.
pub fn show_window(store: &Store, enc: &str, reactions: &[Spell]) -> Result<WindowView, AppError> {
    let e = encounter(store, enc)?;
    let r = running(&e)?;
    let creatures = r
        .combatants()
        .iter()
        .filter_map(|c| Some(uses_of(c, c.caster.as_deref()?)))
        .collect();
    let reactors = reaction::still_to_answer(store, &r, reactions)?;
    Ok(WindowView {
        encounter: e.name.clone(),
        window: r.window().cloned(),
        creatures,
        reactors,
    })
}
