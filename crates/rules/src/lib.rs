//! Grimoire rules: the pure spellcasting engine for the 2024 fifth-edition rules.
#![deny(missing_docs)]

mod abilities;
mod cast;
mod caster;
mod class;
mod condition;
mod damage;
mod economy;
mod effect;
mod error;
mod event;
mod formula;
mod level;
mod resolve;
mod resources;
mod roll;
mod school;
mod slots;
mod spell;
mod target;
mod time;

pub use abilities::{AbilityScores, ability_modifier, proficiency_bonus};
pub use cast::{
    CastMode, CastOutcome, CastRequest, CastResolution, CastStatus, RITUAL_EXTRA_ROUNDS, SlotKind,
    SpentSlot, cast, complete_casting,
};
pub use caster::{Arcanum, Caster, Concentration, ExtraSpell, save_proficiencies};
pub use class::{Ability, CasterKind, Class};
pub use condition::Condition;
pub use damage::{DamageType, Defense};
pub use economy::{ActionKind, TurnEconomy};
pub use effect::{
    AttackKind, Bonus, BonusAmount, BonusTarget, CantripScaling, Damage, Delivery, Effect, Healing,
    OnSave, Upcast,
};
pub use error::RulesError;
pub use event::{EffectId, EndReason, Event, LongCast, OngoingSpell};
pub use formula::{DiceFormula, MAX_DICE};
pub use level::{SlotLevel, SpellLevel};
pub use resources::{Equipment, Focus, LimitedUse, MagicItem, Recharge};
pub use roll::{RollMode, RollRecord};
pub use school::School;
pub use slots::{
    PactSlots, SlotPool, arcanum_levels, full_caster_slots, half_caster_slots, pact_slots,
    slots_for_classes,
};
pub use spell::{Area, AreaShape, Components, Material, Range, Spell, SpellId, Targeting};
pub use target::{AttackOutcome, DamageDealt, SaveOutcome, Target, TargetOutcome, TargetStats};
pub use time::{CastingTime, Duration, ROUNDS_PER_MINUTE, TimeSpan, TimeUnit};
