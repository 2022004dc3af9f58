//! The kinds of trigger a Reaction answers: a leaf of the vocabulary
//! that events, refusals and their messages name. Which kind a spell
//! answers is read in `reaction` (`TriggerKind::of_spell`).

use serde::{Deserialize, Serialize};

/// The kinds of trigger a Reaction spell answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerKind {
    /// A creature seen casting a spell (Counterspell).
    SpellCast,
    /// Being hit by an attack roll (Shield).
    Hit,
    /// Taking damage (Hellish Rebuke).
    Damage,
    /// A fall (Feather Fall).
    Fall,
}

impl TriggerKind {
    /// English words for it: the technical text of a refusal
    /// (`RulesError`'s `Display`). A person reads grimoire-words'
    /// `trigger-*` messages, in any language.
    pub fn name_en(self) -> &'static str {
        match self {
            TriggerKind::SpellCast => "a creature casting a spell",
            TriggerKind::Hit => "a hit by an attack roll",
            TriggerKind::Damage => "damage taken",
            TriggerKind::Fall => "a fall",
        }
    }
}
