//! What a casting produced: the resolution for display and the events
//! for the state.

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::economy::ActionKind;
use crate::event::{EffectId, Event};
use crate::level::{SlotLevel, SpellLevel};
use crate::request::CastMode;
use crate::roll::RollRecord;
use crate::spell::SpellId;
use crate::target::TargetOutcome;

/// The slot a casting spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpentSlot {
    /// Its level.
    pub level: SlotLevel,
    /// Whether it was a pact slot.
    pub pact: bool,
}

/// Whether the spell took effect now or a long casting began (R12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastStatus {
    /// The spell resolved.
    Resolved,
    /// A casting of a minute or more began; it needs Concentration and the
    /// Magic action each turn, and completes with [`crate::complete_casting`].
    Started {
        /// Rounds the casting takes.
        rounds_needed: u64,
    },
}

/// Everything a casting produced, for display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastResolution {
    /// The spell.
    pub spell: SpellId,
    /// Its name.
    pub spell_name: String,
    /// The level it was cast at (R6).
    pub cast_level: SpellLevel,
    /// The slot spent, if any (R3).
    pub slot: Option<SpentSlot>,
    /// How it was powered.
    pub mode: CastMode,
    /// The class it was cast with.
    pub class: Option<Class>,
    /// The part of the turn used.
    pub action: ActionKind,
    /// Save DC (R19).
    pub save_dc: i32,
    /// Spell attack modifier (R20).
    pub attack_bonus: i32,
    /// Resolved now or started (R12).
    pub status: CastStatus,
    /// Every roll made, in order.
    pub rolls: Vec<RollRecord>,
    /// What happened to each target.
    pub targets: Vec<TargetOutcome>,
    /// The ongoing spell created, if the spell has a duration.
    pub effect: Option<EffectId>,
    /// Whether Concentration began.
    pub concentration_started: bool,
    /// The Concentration spell this casting ended, if any.
    pub concentration_ended: Option<SpellId>,
    /// Notes on the casting, as codes with values (words in
    /// `grimoire-words`).
    pub notes: Vec<crate::note::Note>,
    /// Rules the cast broke that the table's house rules let pass.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waived: Vec<crate::house::Waived>,
    /// For a spell that deals no damage as it is cast (Flaming Sphere,
    /// Spirit Guardians in 2024): when it will harm instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_later: Option<crate::effect::LaterHarm>,
    /// The Metamagic that reshaped the casting and the Sorcery Points it
    /// cost, when any did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metamagic: Option<crate::reshape::MetamagicPaid>,
}

/// A resolution and the events that make it so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastOutcome {
    /// What happened.
    pub resolution: CastResolution,
    /// The state changes, in order; apply them to the caster.
    pub events: Vec<Event>,
}

/// What powers the casting, once validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    Free,
    Slot(SpentSlot),
    Feature(String),
    Item(String),
    Arcanum(SlotLevel),
}
