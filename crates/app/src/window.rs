//! The answers of the reaction window's steps (R11), one type each, the
//! same for every front end (issue 32): `grimoire encounter
//! react|pass|resolve|withdraw|attack|hurt|fall --json` prints them and
//! the API's reaction routes send them, so the two cannot drift and the
//! API documents each shape. The steps themselves are
//! [`crate::reaction`]'s; these say what came of them.

use grimoire_rules::{CastOutcome, Event, SpellId};
use serde::Serialize;

use crate::reaction::{Closed, Reacted, Reactor};
use crate::view::CastView;

/// A spell's English and Czech names, for the cast view of an answer.
pub type SpellNames<'a> = (&'a str, &'a str);

/// A combatant let the open window go by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Passed {
    /// The encounter.
    pub encounter: String,
    /// Who passed.
    pub passed: String,
}

/// The waiting spell was taken back; nothing was spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Withdrawn {
    /// The encounter.
    pub encounter: String,
    /// Always `true`.
    pub withdrawn: bool,
}

/// A window was opened for a hit, damage or a fall.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Opened {
    /// The encounter.
    pub encounter: String,
    /// What opened it, in the English the log keeps.
    pub window: String,
    /// Who could answer, with which spells.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub reactors: Vec<Reactor>,
}

/// What a Reaction came to.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum Reaction {
    /// It was cast (and perhaps countered the spell it answered).
    Cast {
        /// The encounter.
        encounter: String,
        /// Who reacted.
        reactor: String,
        /// Whether it stopped the spell it answered.
        countered: bool,
        /// What it answered (the window's trigger: whose spell it
        /// countered), so every seat's card can name it (issue 37).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
        answered: Option<grimoire_rules::Trigger>,
        /// The Reaction's cast.
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        cast: Box<CastView>,
        /// Its events.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        events: Vec<Event>,
    },
    /// Someone could counter the Reaction itself: it waits (R11).
    Waiting {
        /// The encounter.
        encounter: String,
        /// Who reacted.
        reactor: String,
        /// Always `pending`.
        status: String,
        /// The Reaction spell.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        spell: SpellId,
        /// Who could answer it.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        reactors: Vec<Reactor>,
    },
}

impl Reaction {
    /// The answer for `reactor`'s `spell` reacting in `encounter`.
    pub fn new(
        encounter: &str,
        reactor: &str,
        spell: &SpellId,
        names: SpellNames<'_>,
        done: Reacted,
    ) -> Self {
        match done.outcome {
            Some(outcome) => Reaction::Cast {
                encounter: encounter.to_owned(),
                reactor: reactor.to_owned(),
                countered: done.countered,
                answered: None,
                cast: Box::new(CastView::new(reactor, &outcome, names.0, names.1)),
                events: outcome.events,
            },
            None => Reaction::Waiting {
                encounter: encounter.to_owned(),
                reactor: reactor.to_owned(),
                status: "pending".to_owned(),
                spell: spell.clone(),
                reactors: done.reactors,
            },
        }
    }
}

impl Reaction {
    /// The answer naming what the Reaction answered (`trigger`, the
    /// window's as it was before the answer); a waiting one is unchanged.
    pub fn answering(mut self, trigger: Option<grimoire_rules::Trigger>) -> Self {
        if let Reaction::Cast { answered, .. } = &mut self {
            *answered = trigger;
        }
        self
    }
}

/// What closing the window came to.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "resolved", rename_all = "snake_case")]
pub enum Resolved {
    /// The spell that waited was cast.
    Cast {
        /// The encounter.
        encounter: String,
        /// Its caster.
        caster: String,
        /// What it answered, when it was a Reaction that waited in a
        /// window of its own (the window beneath's trigger), so every
        /// seat's card can name the spell it countered (issue 37).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
        answered: Option<grimoire_rules::Trigger>,
        /// Whether it stopped what it answered (its window closed with
        /// it); left out when it answered nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        countered: Option<bool>,
        /// The cast.
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        cast: Box<CastView>,
        /// Its events.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        events: Vec<Event>,
    },
    /// A hit, after the Armor Class bonuses in force (Shield's +5).
    Hit {
        /// The encounter.
        encounter: String,
        /// Who was attacked.
        target: String,
        /// The attack roll's total.
        attack_total: i32,
        /// The Armor Class it had to beat, bonuses included.
        ac: i32,
        /// Whether it still hits.
        hits: bool,
        /// A creature's attack that waited on the hit: its damage on the
        /// target when it still hits, its hit points afterwards.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
        attack: Option<Box<grimoire_rules::TargetOutcome>>,
    },
    /// Damage or a fall: the answers are done.
    Done {
        /// The encounter.
        encounter: String,
    },
}

impl Resolved {
    /// The answer for `closed` in `encounter`: `caster` is whose spell
    /// waited, `names` names a cast spell in English and Czech.
    pub fn new(
        encounter: &str,
        caster: &str,
        closed: Closed,
        names: &dyn Fn(&CastOutcome) -> (String, String),
    ) -> Self {
        let encounter = encounter.to_owned();
        match closed {
            Closed::Cast { outcome } => {
                let (en, cs) = names(&outcome);
                Resolved::Cast {
                    encounter,
                    caster: caster.to_owned(),
                    answered: None,
                    countered: None,
                    cast: Box::new(CastView::new(caster, &outcome, &en, &cs)),
                    events: outcome.events,
                }
            }
            Closed::Hit {
                target,
                attack_total,
                ac,
                hits,
                attack,
            } => Resolved::Hit {
                encounter,
                target,
                attack_total,
                ac,
                hits,
                attack: attack
                    .and_then(|a| a.0.resolution.targets.into_iter().next())
                    .map(Box::new),
            },
            Closed::Done => Resolved::Done { encounter },
        }
    }
}

impl Resolved {
    /// The answer naming what the cast answered (`trigger`, the window
    /// beneath's) and whether it stopped it; other answers are unchanged.
    pub fn answering(mut self, trigger: Option<grimoire_rules::Trigger>, stopped: bool) -> Self {
        if let Resolved::Cast {
            answered,
            countered,
            ..
        } = &mut self
            && trigger.is_some()
        {
            *answered = trigger;
            *countered = Some(stopped);
        }
        self
    }
}

/// The English and Czech names of the spell an outcome cast, from the
/// SRD catalogue, else the name the rules carried (homebrew).
pub fn spell_names(outcome: &CastOutcome) -> (String, String) {
    grimoire_catalog::Catalog::srd()
        .get(outcome.resolution.spell.as_str())
        .map_or_else(
            || (outcome.resolution.spell_name.clone(), String::new()),
            |s| (s.name_en.clone(), s.name_cs.clone()),
        )
}
