//! Encounters: combatants in initiative order, rounds and turns, and the
//! spell effects on each creature (R21).
//!
//! The encounter does not own the casters. When a turn begins it tells the
//! caller whose it is and hands back the caster events to apply
//! ([`Event::TurnStarted`], and at a new round one round of time), so the
//! caster's economy resets and durations run out.

use serde::{Deserialize, Serialize};

use crate::target::TargetStats;

use crate::dying::{CreaturesAtZero, DeathSaveResult, roll_death_save};
use crate::error::{RulesError, SpellName};
use crate::event::Event;
use crate::invalid::Invalid;
use crate::stacking::EffectBoard;
use crate::state::death_saves::DeathSaves;

/// One creature in the encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// Unique name (the caster's name for casters).
    pub name: String,
    /// Initiative; higher acts first, ties keep the order given.
    pub initiative: i32,
    /// Hit points, when tracked.
    pub hp: Option<i32>,
    /// Its stat block's numbers (AC, saves, defences), filled into a spell's
    /// target of the same name so they are not typed on every cast.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<TargetStats>,
    /// Its creature type in lower case (`undead`), for R18 and smites.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature_type: Option<String>,
    /// A stat-block creature's spellcasting state (uses per day, slots,
    /// Concentration, its turn); a character keeps its own in the store.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caster: Option<Box<crate::caster::Caster>>,
    /// Who it is: a stored character or a creature the GM runs. Names
    /// never decide it, so a character called like a monster does not
    /// become the monster. Left out by encounters recorded before kinds
    /// were kept: see [`Combatant::is_creature`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<CombatantKind>,
    /// A player (or the GM) said it may answer its allies' casts with a
    /// Counterspell: without this, only casts by the other side (stored
    /// characters against the GM's creatures) open a window for it (R11).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reacts_to_allies: bool,
    /// A creature's death saves while it lies at 0 hit points in an
    /// encounter where creatures drop ([`CreaturesAtZero::Drop`]); clear
    /// otherwise (and on encounters recorded before they were kept).
    #[serde(default, skip_serializing_if = "DeathSaves::is_clear")]
    pub death: DeathSaves,
}

/// Whose a combatant is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatantKind {
    /// A stored character of the campaign, found by its name.
    Character,
    /// A creature the GM runs (with or without a stat block); never a
    /// stored character, whatever its name.
    Creature,
}

impl Combatant {
    /// A combatant with an initiative and no hit points tracked; its kind
    /// unknown (set [`Combatant::kind`] when it is known).
    pub fn new(name: impl Into<String>, initiative: i32) -> Self {
        Combatant {
            name: name.into(),
            initiative,
            hp: None,
            stats: None,
            creature_type: None,
            caster: None,
            kind: None,
            reacts_to_allies: false,
            death: DeathSaves::default(),
        }
    }

    /// The same combatant, of `kind`.
    pub fn of_kind(mut self, kind: CombatantKind) -> Self {
        self.kind = Some(kind);
        self
    }

    /// A creature the GM runs: recorded as one, or (recorded before kinds
    /// were kept) one with a stat block's caster of its own. Such a
    /// combatant is never a stored character.
    pub fn is_creature(&self) -> bool {
        self.kind == Some(CombatantKind::Creature) || self.caster.is_some()
    }

    /// Whether it would answer a cast by `caster` with a Counterspell
    /// (R11): casts by the other side always, an ally's only when it was
    /// said to react to allies. The sides are the stored characters and
    /// the creatures the GM runs.
    pub fn reacts_to_cast_by(&self, caster: &Combatant) -> bool {
        self.reacts_to_allies || self.is_creature() != caster.is_creature()
    }

    /// Whether it is at 0 hit points on the tracker.
    pub fn at_zero(&self) -> bool {
        self.hp.is_some_and(|hp| hp <= 0)
    }

    /// Whether a creature (never a character, whose sheet decides) is
    /// out of the fight for good as the table plays it: at 0 hit points
    /// where creatures die, dead of its death saves where they drop.
    pub fn is_dead_creature(&self, at_zero: CreaturesAtZero) -> bool {
        match at_zero {
            CreaturesAtZero::Die => self.at_zero(),
            CreaturesAtZero::Drop => self.at_zero() && self.death.dead,
        }
    }

    /// Whether a creature lies dying where creatures drop: at 0 hit
    /// points, neither Stable nor dead, so it rolls a death save as its
    /// turn begins.
    pub fn is_dying_creature(&self, at_zero: CreaturesAtZero) -> bool {
        at_zero == CreaturesAtZero::Drop && self.at_zero() && !self.death.dead && !self.death.stable
    }
}

/// A death save a creature rolled as its turn began (creatures drop at 0):
/// the roll, what it came to, the counts afterwards and the encounter's
/// events (the counts, and 1 hit point back on a 20).
#[derive(Debug, Clone, PartialEq)]
pub struct CreatureDeathSave {
    /// The creature.
    pub name: String,
    /// The d20.
    pub roll: crate::roll::RollRecord,
    /// What it came to.
    pub result: DeathSaveResult,
    /// The counts afterwards.
    pub death: DeathSaves,
    /// The encounter's events.
    pub events: Vec<EncounterEvent>,
}

/// A change to an encounter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EncounterEvent {
    /// A turn began.
    TurnBegan {
        /// Round number, from 1.
        round: u32,
        /// Index in initiative order.
        index: usize,
    },
    /// A combatant's hit points changed.
    HpChanged {
        /// Who.
        name: String,
        /// New hit points.
        hp: i32,
    },
    /// A combatant joined a running encounter, placed by its initiative
    /// after those with the same or higher.
    Joined {
        /// Who.
        combatant: Combatant,
    },
    /// A combatant left a running encounter.
    Left {
        /// Who.
        name: String,
    },
    /// An event of a stat-block creature's own caster (kept in the encounter).
    Creature {
        /// The combatant.
        name: String,
        /// The event.
        event: Box<Event>,
    },
    /// A window for Reactions opened (R11).
    WindowOpened {
        /// The window.
        window: Box<crate::reaction::ReactionWindow>,
    },
    /// A combatant answered the open window (or passed).
    Answered {
        /// The answer.
        answer: crate::reaction::Answer,
    },
    /// The window closed: what waited resolved or was countered. A window
    /// it was nested in is open again.
    WindowClosed,
    /// A window opened inside the open one (a Counterspell cast in answer
    /// waits for a Counterspell of its own): the open one waits beneath it
    /// and comes back when it closes (R11).
    WindowNested {
        /// The new window.
        window: Box<crate::reaction::ReactionWindow>,
    },
    /// A creature's death saves changed (creatures drop at 0).
    DeathSaves {
        /// Who.
        name: String,
        /// The counts now.
        death: DeathSaves,
    },
    /// An event from a caster, recorded for the effects on creatures (R21).
    Caster {
        /// The caster's name.
        caster: String,
        /// The event (boxed: it is much larger than the other variants).
        event: Box<Event>,
    },
}

/// The result of moving to the next turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnChange {
    /// Whose turn it now is.
    pub combatant: String,
    /// The round.
    pub round: u32,
    /// Whether a new round began (every caster should then apply one round
    /// of time with [`crate::Caster::advance_rounds`]).
    pub new_round: bool,
    /// Events for the encounter.
    pub events: Vec<EncounterEvent>,
    /// Events for the acting caster, if it is one.
    pub caster_events: Vec<Event>,
}

/// An encounter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Encounter {
    combatants: Vec<Combatant>,
    round: u32,
    index: usize,
    effects: EffectBoard,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    window: Option<crate::reaction::ReactionWindow>,
    /// Windows the open one was nested in, innermost last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    outer: Vec<crate::reaction::ReactionWindow>,
    /// Whether the GM's creatures die or drop at 0 hit points (the
    /// encounter's setting, kept here so every path that deals damage
    /// knows it).
    #[serde(default, skip_serializing_if = "CreaturesAtZero::is_die")]
    creatures_at_zero: CreaturesAtZero,
}

impl Encounter {
    /// Sorts combatants by initiative (stable) and waits for the first turn.
    pub fn new(mut combatants: Vec<Combatant>) -> Result<Encounter, RulesError> {
        if combatants.is_empty() {
            return Err(RulesError::EmptyEncounter);
        }
        let mut seen = std::collections::BTreeSet::new();
        for c in &combatants {
            if !seen.insert(c.name.clone()) {
                return Err(RulesError::InvalidRequest {
                    reason: Invalid::CombatantListedTwice {
                        name: c.name.clone(),
                    },
                });
            }
        }
        combatants.sort_by_key(|c| std::cmp::Reverse(c.initiative));
        Ok(Encounter {
            combatants,
            round: 0,
            index: 0,
            effects: EffectBoard::new(),
            window: None,
            outer: Vec::new(),
            creatures_at_zero: CreaturesAtZero::Die,
        })
    }

    /// Combatants in initiative order.
    pub fn combatants(&self) -> &[Combatant] {
        &self.combatants
    }

    /// The round, 0 before the first turn.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Whose turn it is (`None` before the first turn).
    pub fn current(&self) -> Option<&Combatant> {
        self.combatants.get(self.index).filter(|_| self.round > 0)
    }

    /// The spell effects on each creature (R21).
    pub fn effects(&self) -> &EffectBoard {
        &self.effects
    }

    /// Moves to the next turn.
    pub fn next_turn(&self) -> TurnChange {
        self.next_turn_skipping(|_| false)
    }

    /// The next turn, passing over combatants `skip` picks (a monster at 0
    /// hit points takes no turns); when it would pass over everyone, the
    /// plain next turn.
    pub fn next_turn_skipping(&self, skip: impl Fn(&Combatant) -> bool) -> TurnChange {
        let count = self.combatants.len().max(1);
        let (mut round, mut index) = if self.round == 0 {
            (1, 0)
        } else if self.index + 1 >= count {
            (self.round + 1, 0)
        } else {
            (self.round, self.index + 1)
        };
        let first = (round, index);
        let mut tries = 0;
        while tries < count && self.combatants.get(index).is_some_and(&skip) {
            tries += 1;
            if index + 1 >= count {
                round += 1;
                index = 0;
            } else {
                index += 1;
            }
        }
        if tries == count {
            (round, index) = first;
        }
        let caster_events = vec![Event::TurnStarted];
        let new_round = round != self.round;
        let mut events = vec![EncounterEvent::TurnBegan { round, index }];
        // Stat-block creatures live in the encounter: a round of time for
        // each at a new round (R15), and a fresh turn for the one acting.
        for (i, c) in self.combatants.iter().enumerate() {
            let Some(caster) = &c.caster else { continue };
            let mut evs = Vec::new();
            if new_round && round > 1 {
                evs.extend(caster.advance_rounds(1).events);
            }
            if i == index {
                // Applied on top of the round's time, so a spell the clock
                // ended is not ended twice.
                let mut after = (**caster).clone();
                after.apply_all(&evs);
                evs.extend(after.start_turn().events);
            }
            events.extend(self.creature_events(&c.name, &evs));
        }
        TurnChange {
            combatant: self
                .combatants
                .get(index)
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            round,
            new_round,
            events,
            caster_events,
        }
    }

    /// A dying creature's death save as its turn begins, where creatures
    /// drop at 0 (2024): the same d20 and counts as a character's
    /// ([`roll_death_save`]); a 20 brings it back with 1 hit point.
    /// `not_dying` unless it is at 0 hit points, neither Stable nor dead.
    pub fn creature_death_save<R: grimoire_dice::DiceRng + ?Sized>(
        &self,
        name: &str,
        rng: &mut R,
    ) -> Result<CreatureDeathSave, RulesError> {
        let c = &self.combatants[self.find(name)?];
        if !c.is_dying_creature(CreaturesAtZero::Drop) {
            return Err(RulesError::NotDying {
                name: c.name.clone(),
                hp: u32::try_from(c.hp.unwrap_or(0).max(0)).unwrap_or(0),
                stable: c.death.stable,
            });
        }
        let (roll, result, death) = roll_death_save(c.death, crate::roll::RollMode::Normal, 0, rng);
        let events = if result == DeathSaveResult::Revived {
            vec![EncounterEvent::HpChanged {
                name: c.name.clone(),
                hp: 1,
            }]
        } else {
            vec![EncounterEvent::DeathSaves {
                name: c.name.clone(),
                death,
            }]
        };
        Ok(CreatureDeathSave {
            name: c.name.clone(),
            roll,
            result,
            death,
            events,
        })
    }

    /// What `amount` damage does to a creature's death saves where
    /// creatures drop at 0 (2024): at 0 already, a failure (two from a
    /// critical hit); dropping with as much damage left over as its hit
    /// point maximum (when its stat block gives one), dead outright. `hp`
    /// is its hit points before the damage. No events for a character, a
    /// creature that dies at 0, or no damage.
    pub fn creature_damage_at_zero(
        &self,
        at_zero: CreaturesAtZero,
        name: &str,
        hp: i32,
        amount: u32,
        critical: bool,
    ) -> Vec<EncounterEvent> {
        let Ok(i) = self.find(name) else {
            return Vec::new();
        };
        let c = &self.combatants[i];
        if at_zero != CreaturesAtZero::Drop || !c.is_creature() || amount == 0 || c.death.dead {
            return Vec::new();
        }
        let remaining = i64::from(amount) - i64::from(hp.max(0));
        let max = c.stats.as_ref().and_then(|s| s.max_hp).unwrap_or(i32::MAX);
        let death = if remaining >= i64::from(max) {
            DeathSaves {
                dead: true,
                stable: false,
                ..c.death
            }
        } else if hp <= 0 {
            c.death.failed(if critical { 2 } else { 1 })
        } else {
            return Vec::new();
        };
        vec![EncounterEvent::DeathSaves {
            name: c.name.clone(),
            death,
        }]
    }

    /// Whether the GM's creatures die or drop at 0 hit points.
    pub fn creatures_at_zero(&self) -> CreaturesAtZero {
        self.creatures_at_zero
    }

    /// The same encounter with creatures that die or drop at 0.
    pub fn with_creatures_at_zero(mut self, at_zero: CreaturesAtZero) -> Encounter {
        self.creatures_at_zero = at_zero;
        self
    }

    /// Sets a combatant's hit points.
    pub fn set_hp(&self, name: &str, hp: i32) -> Result<Vec<EncounterEvent>, RulesError> {
        self.find(name)?;
        Ok(vec![EncounterEvent::HpChanged {
            name: name.to_string(),
            hp,
        }])
    }

    /// A combatant joins after the start (a summoned familiar): it takes
    /// its place by initiative; whoever's turn it is keeps it.
    pub fn join(&self, combatant: Combatant) -> Result<Vec<EncounterEvent>, RulesError> {
        if self.combatants.iter().any(|c| c.name == combatant.name) {
            return Err(RulesError::InvalidRequest {
                reason: Invalid::CombatantListedTwice {
                    name: combatant.name,
                },
            });
        }
        Ok(vec![EncounterEvent::Joined { combatant }])
    }

    /// A combatant leaves. The one whose turn it is finishes it first, and
    /// the last one cannot leave (end the encounter instead).
    pub fn leave(&self, name: &str) -> Result<Vec<EncounterEvent>, RulesError> {
        let i = self.find(name)?;
        if self.round > 0 && i == self.index {
            return Err(RulesError::InvalidRequest {
                reason: Invalid::LeavesOnOwnTurn {
                    name: name.to_owned(),
                },
            });
        }
        if self.combatants.len() == 1 {
            return Err(RulesError::EmptyEncounter);
        }
        Ok(vec![EncounterEvent::Left {
            name: name.to_string(),
        }])
    }

    /// Wraps a caster's events so the encounter can track their effects.
    pub fn caster_events(&self, caster: &str, events: &[Event]) -> Vec<EncounterEvent> {
        events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::SpellStarted { .. }
                        | Event::SpellEnded { .. }
                        | Event::SpellMoved { .. }
                )
            })
            .map(|e| EncounterEvent::Caster {
                caster: caster.to_string(),
                event: Box::new(e.clone()),
            })
            .collect()
    }

    /// Wraps a stat-block creature's events: each applies to its caster in
    /// the encounter, and spells starting or ending go on the board (R21).
    pub fn creature_events(&self, name: &str, events: &[Event]) -> Vec<EncounterEvent> {
        let mut out: Vec<EncounterEvent> = events
            .iter()
            .map(|e| EncounterEvent::Creature {
                name: name.to_string(),
                event: Box::new(e.clone()),
            })
            .collect();
        out.extend(self.caster_events(name, events));
        out
    }

    /// The combatant called `name`, exactly.
    pub fn combatant(&self, name: &str) -> Option<&Combatant> {
        self.combatants.iter().find(|c| c.name == name)
    }

    /// The open window for Reactions, if any (R11).
    pub fn window(&self) -> Option<&crate::reaction::ReactionWindow> {
        self.window.as_ref()
    }

    /// The window the open one answers, when it was nested in one (a
    /// Counterspell waiting for Counterspells against it).
    pub fn outer_window(&self) -> Option<&crate::reaction::ReactionWindow> {
        self.outer.last()
    }

    /// The open windows, outermost first.
    pub fn windows(&self) -> impl Iterator<Item = &crate::reaction::ReactionWindow> {
        self.outer.iter().chain(self.window.as_ref())
    }

    /// Whether `name` has a Reaction waiting in an open window (its
    /// Counterspell waits for Counterspells against it): that Reaction is
    /// taken, so it answers nothing else meanwhile (R11).
    pub fn reaction_waiting(&self, name: &str) -> bool {
        self.outer.iter().chain(self.window.as_ref()).any(|w| {
            w.pending.as_ref().is_some_and(|p| {
                p.caster == name && p.action == crate::economy::ActionKind::Reaction
            })
        })
    }

    /// Opens a window inside the open one (R11): a Reaction spell cast in
    /// answer that others could counter waits in it.
    pub fn nest_window(
        &self,
        trigger: crate::reaction::Trigger,
        pending: Option<crate::reaction::PendingCast>,
    ) -> Result<Vec<EncounterEvent>, RulesError> {
        self.window.as_ref().ok_or(RulesError::NoReactionWindow)?;
        for name in [trigger.source(), trigger.only()].into_iter().flatten() {
            self.find(name)?;
        }
        Ok(vec![EncounterEvent::WindowNested {
            window: Box::new(crate::reaction::ReactionWindow::new(trigger, pending)),
        }])
    }

    /// Refuses while a window is open: what waits resolves first (R11).
    pub fn check_no_window(&self) -> Result<(), RulesError> {
        match &self.window {
            None => Ok(()),
            Some(w) => Err(RulesError::ReactionWindowOpen {
                caster: w.trigger.source().unwrap_or_default().to_string(),
                spell: w
                    .pending
                    .as_ref()
                    .map(|p| SpellName::from(p.spell_name.as_str())),
                trigger: w.trigger.kind(),
            }),
        }
    }

    /// Opens a window for `trigger` (R11); one at a time.
    pub fn open_window(
        &self,
        trigger: crate::reaction::Trigger,
        pending: Option<crate::reaction::PendingCast>,
    ) -> Result<Vec<EncounterEvent>, RulesError> {
        self.check_no_window()?;
        for name in [trigger.source(), trigger.only()].into_iter().flatten() {
            self.find(name)?;
        }
        if let crate::reaction::Trigger::Fall { creature } = &trigger {
            self.find(creature)?;
        }
        Ok(vec![EncounterEvent::WindowOpened {
            window: Box::new(crate::reaction::ReactionWindow::new(trigger, pending)),
        }])
    }

    /// Checks that `name` may answer the open window with `spell` (R11):
    /// a window is open, the spell answers its kind of trigger, the
    /// reactor is not its source and is the one it happened to when it is
    /// personal (a hit, damage), and has not answered yet. The reactor's
    /// Reaction itself is the cast's to check (R9).
    pub fn check_answer(
        &self,
        name: &str,
        spell: Option<&crate::spell::Spell>,
    ) -> Result<&crate::reaction::ReactionWindow, RulesError> {
        use crate::trigger_kind::TriggerKind;
        let w = self.window.as_ref().ok_or(RulesError::NoReactionWindow)?;
        self.find(name)?;
        if w.answered(name) {
            return Err(RulesError::AlreadyAnswered {
                name: name.to_string(),
            });
        }
        let Some(spell) = spell else { return Ok(w) };
        if w.trigger.source() != Some(name) && self.reaction_waiting(name) {
            return Err(RulesError::ActionUnavailable {
                action: crate::economy::ActionKind::Reaction,
            });
        }
        let kind = w.trigger.kind();
        let not_an_answer = || RulesError::NotAnAnswer {
            spell: crate::error::SpellName::of(spell),
            trigger: kind,
        };
        // Being targeted by a spell (Shield against Magic Missile) is
        // answered in the window of that spell's cast, by its targets.
        if let Some(p) = w
            .pending
            .as_ref()
            .filter(|_| kind == TriggerKind::SpellCast)
            && crate::reaction::answers_targeting(spell, p, name)
        {
            return Ok(w);
        }
        if TriggerKind::of_spell(spell) != Some(kind) {
            return Err(not_an_answer());
        }
        // Counterspell needs a cast it can perceive (R11).
        if w.pending.as_ref().is_some_and(|p| p.unseen) {
            return Err(not_an_answer());
        }
        if w.trigger.source() == Some(name) {
            return Err(RulesError::OwnTrigger {
                name: name.to_string(),
                what: match kind {
                    TriggerKind::SpellCast => "spell",
                    _ => "attack",
                }
                .to_string(),
            });
        }
        if w.trigger.only().is_some_and(|only| only != name) {
            return Err(not_an_answer());
        }
        Ok(w)
    }

    fn find(&self, name: &str) -> Result<usize, RulesError> {
        self.combatants
            .iter()
            .position(|c| c.name == name)
            .ok_or_else(|| RulesError::UnknownCombatant {
                name: name.to_string(),
            })
    }

    /// Applies one event.
    pub fn apply(&mut self, event: &EncounterEvent) {
        match event {
            EncounterEvent::TurnBegan { round, index } => {
                self.round = *round;
                self.index = (*index).min(self.combatants.len().saturating_sub(1));
            }
            EncounterEvent::HpChanged { name, hp } => {
                if let Ok(i) = self.find(name) {
                    self.combatants[i].hp = Some(*hp);
                    // Any hit point regained ends the dying.
                    if *hp > 0 {
                        self.combatants[i].death = DeathSaves::default();
                    }
                }
            }
            EncounterEvent::DeathSaves { name, death } => {
                if let Ok(i) = self.find(name) {
                    self.combatants[i].death = *death;
                }
            }
            EncounterEvent::Joined { combatant } => {
                let at = self
                    .combatants
                    .iter()
                    .position(|c| c.initiative < combatant.initiative)
                    .unwrap_or(self.combatants.len());
                self.combatants.insert(at, combatant.clone());
                if self.round > 0 && at <= self.index {
                    self.index += 1;
                }
            }
            EncounterEvent::Left { name } => {
                if let Ok(i) = self.find(name) {
                    self.combatants.remove(i);
                    if i < self.index {
                        self.index -= 1;
                    }
                }
            }
            EncounterEvent::Caster { caster, event } => self.effects.record(caster, event),
            EncounterEvent::Creature { name, event } => {
                if let Some(c) = self.combatants.iter_mut().find(|c| &c.name == name)
                    && let Some(caster) = c.caster.as_mut()
                {
                    caster.apply(event);
                }
            }
            EncounterEvent::WindowOpened { window } => self.window = Some((**window).clone()),
            EncounterEvent::Answered { answer } => {
                if let Some(w) = self.window.as_mut() {
                    w.answers.push(answer.clone());
                }
            }
            EncounterEvent::WindowClosed => self.window = self.outer.pop(),
            EncounterEvent::WindowNested { window } => {
                if let Some(open) = self.window.take() {
                    self.outer.push(open);
                }
                self.window = Some((**window).clone());
            }
        }
    }

    /// Applies events in order.
    pub fn apply_all<'a>(&mut self, events: impl IntoIterator<Item = &'a EncounterEvent>) {
        for e in events {
            self.apply(e);
        }
    }
}
