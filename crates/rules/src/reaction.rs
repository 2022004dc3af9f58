//! Reactions that interrupt (R11): a trigger opens a window, combatants
//! with a Reaction answer it, and only then does what waits resolve.
//!
//! The window is state of the [`crate::Encounter`] and changes only by
//! events ([`crate::EncounterEvent::WindowOpened`], `Answered`,
//! `WindowClosed`), so a stored log replays it exactly. A spell declared in
//! an encounter is a [`PendingCast`]: checked ([`crate::check_cast`]) but
//! not cast, so nothing is spent until it resolves. The 2024 Counterspell
//! answers it: the caster of the countered spell saves against the
//! counterspeller's DC, and on a failure the spell has no effect, its
//! action is wasted and no slot is expended ([`countered_events`]).

use serde::{Deserialize, Serialize};

use crate::economy::ActionKind;
use crate::effect::BonusAmount;
use crate::event::Event;
use crate::request::CastRequest;
use crate::resolution::CastResolution;
use crate::spell::{Spell, SpellId};
use crate::time::CastingTime;
use crate::trigger_kind::TriggerKind;

impl TriggerKind {
    /// The kind a Reaction spell's trigger describes, read from the words
    /// of its casting time (the catalogue's data), or `None` when it is not
    /// a Reaction or answers something the tracker does not model.
    pub fn of_spell(spell: &Spell) -> Option<TriggerKind> {
        let CastingTime::Reaction { trigger } = &spell.casting_time else {
            return None;
        };
        let t = trigger.to_lowercase();
        if t.contains("casting a spell") {
            Some(TriggerKind::SpellCast)
        } else if t.contains("hit by an attack") {
            Some(TriggerKind::Hit)
        } else if t.contains("damage") {
            Some(TriggerKind::Damage)
        } else if t.contains("fall") {
            Some(TriggerKind::Fall)
        } else {
            None
        }
    }
}

/// What happened that Reactions may answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Trigger {
    /// A combatant is casting a spell (the window holds the pending cast).
    SpellCast {
        /// Who casts.
        caster: String,
        /// The spell.
        spell: SpellId,
        /// Its English name.
        spell_name: String,
    },
    /// An attack roll hit a combatant.
    Hit {
        /// Who attacked.
        attacker: String,
        /// Who was hit.
        target: String,
        /// The attack roll's total.
        attack_total: i32,
        /// The target's Armor Class when it was hit.
        ac: i32,
    },
    /// A combatant took damage from another.
    Damage {
        /// Who dealt it.
        attacker: String,
        /// Who took it.
        target: String,
        /// How much.
        amount: u32,
    },
    /// A creature falls.
    Fall {
        /// Who falls.
        creature: String,
    },
}

impl Trigger {
    /// Its kind.
    pub fn kind(&self) -> TriggerKind {
        match self {
            Trigger::SpellCast { .. } => TriggerKind::SpellCast,
            Trigger::Hit { .. } => TriggerKind::Hit,
            Trigger::Damage { .. } => TriggerKind::Damage,
            Trigger::Fall { .. } => TriggerKind::Fall,
        }
    }

    /// Who caused it, who cannot answer it (none for a fall).
    pub fn source(&self) -> Option<&str> {
        match self {
            Trigger::SpellCast { caster, .. } => Some(caster),
            Trigger::Hit { attacker, .. } | Trigger::Damage { attacker, .. } => Some(attacker),
            Trigger::Fall { .. } => None,
        }
    }

    /// Who alone may answer it, when the trigger is the reactor's own
    /// experience ("when you are hit", "when you take damage").
    pub fn only(&self) -> Option<&str> {
        match self {
            Trigger::Hit { target, .. } | Trigger::Damage { target, .. } => Some(target),
            Trigger::SpellCast { .. } | Trigger::Fall { .. } => None,
        }
    }

    /// The words a Reaction cast in answer gives as its trigger (R11).
    pub fn describe(&self) -> String {
        match self {
            Trigger::SpellCast {
                caster, spell_name, ..
            } => format!("{caster} casts {spell_name}"),
            Trigger::Hit {
                attacker,
                target,
                attack_total,
                ..
            } => format!("{attacker} hits {target} ({attack_total})"),
            Trigger::Damage {
                attacker,
                target,
                amount,
            } => format!("{attacker} deals {target} {amount} damage"),
            Trigger::Fall { creature } => format!("{creature} falls"),
        }
    }
}

/// A spell declared inside an encounter that waits for Reactions: checked,
/// not yet cast, nothing spent.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingCast {
    /// Who casts.
    pub caster: String,
    /// The spell.
    pub spell: SpellId,
    /// Its English name.
    pub spell_name: String,
    /// The request as fitted, to be cast when the window closes.
    pub request: CastRequest,
    /// The part of the turn it takes, wasted if it is countered.
    pub action: ActionKind,
    /// Cast with no component a creature can perceive (a stat block's
    /// line "requiring no components"): no Counterspell answers it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unseen: bool,
}

impl PendingCast {
    /// Whether `name` is among the spell's targets.
    pub fn targets(&self, name: &str) -> bool {
        self.request.targets.iter().any(|t| t.name == name)
    }
}

/// The spell whose targeting a Reaction answers, from the words of its
/// trigger ("targeted by the Magic Missile spell": `magic missile`, in
/// lower case), when it answers one. The same words say what it wards off
/// while it lasts (Shield: no damage from Magic Missile), see [`wards`].
pub fn targeted_by(spell: &Spell) -> Option<String> {
    let CastingTime::Reaction { trigger } = &spell.casting_time else {
        return None;
    };
    let t = trigger.to_lowercase();
    let (_, rest) = t.split_once("targeted by ")?;
    let rest = rest.strip_prefix("the ").unwrap_or(rest);
    let name = rest.split(" spell").next()?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// Whether `reaction` answers `reactor` being targeted by the waiting
/// cast (Shield against Magic Missile, R11).
pub fn answers_targeting(reaction: &Spell, pending: &PendingCast, reactor: &str) -> bool {
    targeted_by(reaction).is_some_and(|n| names(&n, pending))
        && pending.targets(reactor)
        && pending.caster != reactor
}

fn names(lower: &str, pending: &PendingCast) -> bool {
    pending.spell_name.eq_ignore_ascii_case(lower)
        || pending.spell.as_str() == lower.replace(' ', "-")
}

/// Whether a spell in force (`warding`, Shield) keeps `cast`'s damage off
/// the creature it protects: it answers being targeted by that spell.
pub fn wards(warding: &Spell, cast: &Spell) -> bool {
    targeted_by(warding).is_some_and(|n| {
        cast.name.eq_ignore_ascii_case(&n) || cast.id.as_str() == n.replace(' ', "-")
    })
}

/// Whether a cast can be perceived, so that Counterspell can answer it:
/// it has a Verbal, Somatic or Material component the caster provides. A
/// stat block's line "requiring no components" has none (R11, R14); a
/// Subtle Spell (Metamagic) keeps only a costly or consumed material.
pub fn perceptible(
    caster: &crate::caster::Caster,
    spell: &Spell,
    request: &crate::request::CastRequest,
) -> bool {
    let c = &spell.components;
    let any = if crate::reshape::is_subtle(request) {
        c.material.as_ref().is_some_and(|m| !m.substitutable())
    } else {
        c.verbal || c.somatic || c.material.is_some()
    };
    any && !caster
        .stat_block()
        .is_some_and(|b| b.without_components(&spell.id))
}

/// Whether a Reaction of this kind strikes whoever caused the trigger:
/// Counterspell the creature casting, Hellish Rebuke the creature that
/// damaged you.
pub fn strikes_source(kind: TriggerKind) -> bool {
    matches!(kind, TriggerKind::SpellCast | TriggerKind::Damage)
}

/// Checks a Reaction's targets against its trigger (R11): one that
/// strikes back ([`strikes_source`]) may aim only at who caused it.
pub fn check_reaction_targets(
    trigger: &Trigger,
    spell: &Spell,
    targets: &[crate::target::Target],
) -> Result<(), crate::error::RulesError> {
    let kind = trigger.kind();
    let (Some(source), true) = (trigger.source(), strikes_source(kind)) else {
        return Ok(());
    };
    if TriggerKind::of_spell(spell) != Some(kind) {
        return Ok(());
    }
    match targets.iter().find(|t| t.name != source) {
        None => Ok(()),
        Some(t) => Err(crate::error::RulesError::ReactionTargetNotSource {
            spell: crate::error::SpellName::of(spell),
            target: t.name.clone(),
            source: source.to_owned(),
        }),
    }
}

/// One answer given in a window.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Answer {
    /// Who reacted.
    pub name: String,
    /// With which spell (`None` for passing).
    pub spell: Option<SpellId>,
}

/// An open window for Reactions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReactionWindow {
    /// What opened it.
    pub trigger: Trigger,
    /// The spell waiting, for a [`Trigger::SpellCast`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<PendingCast>,
    /// Answers so far, in order.
    #[serde(default)]
    pub answers: Vec<Answer>,
    /// A creature's attack waiting on a [`Trigger::Hit`]: its damage lands
    /// when the window closes, if it still hits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<crate::creature_attack::PendingAttack>,
}

impl ReactionWindow {
    /// A window for `trigger`, holding `pending` when a spell waits.
    pub fn new(trigger: Trigger, pending: Option<PendingCast>) -> Self {
        ReactionWindow {
            trigger,
            pending,
            answers: Vec::new(),
            attack: None,
        }
    }

    /// Whether `name` has answered (or passed).
    pub fn answered(&self, name: &str) -> bool {
        self.answers.iter().any(|a| a.name == name)
    }
}

/// Whether a Reaction's resolution counters the spell it answered (2024
/// Counterspell): it answers a spell being cast and its one target, the
/// caster of that spell, failed the save.
pub fn counters(spell: &Spell, resolution: &CastResolution) -> bool {
    TriggerKind::of_spell(spell) == Some(TriggerKind::SpellCast)
        && resolution
            .targets
            .iter()
            .any(|t| t.save.as_ref().and_then(|s| s.success) == Some(false))
}

/// The caster events of a countered spell: the action (or Bonus Action or
/// Reaction) is wasted; no slot is expended, no material used, nothing
/// else changes.
pub fn countered_events(pending: &PendingCast) -> Vec<Event> {
    vec![Event::ActionUsed {
        action: pending.action,
    }]
}

/// Whether a hit still hits once the target's Armor Class bonuses in force
/// are counted (Shield's +5 applies to the triggering attack): only flat
/// bonuses count; dice bonuses to AC do not exist in the SRD.
pub fn hit_stands(attack_total: i32, ac: i32, ac_bonuses: &[BonusAmount]) -> bool {
    let bonus: i32 = ac_bonuses
        .iter()
        .map(|b| match b {
            BonusAmount::Flat(n) => *n,
            _ => 0,
        })
        .sum();
    attack_total >= ac + bonus
}
