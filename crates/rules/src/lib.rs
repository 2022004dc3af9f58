//! Grimoire rules: the pure spellcasting engine for the 2024 fifth-edition rules.
#![deny(missing_docs)]

mod class;
mod condition;
mod damage;
mod economy;
mod effect;
mod error;
mod formula;
mod level;
mod school;
mod spell;
mod time;

pub use class::{Ability, CasterKind, Class};
pub use condition::Condition;
pub use damage::{DamageType, Defense};
pub use economy::{ActionKind, TurnEconomy};
pub use effect::{
    AttackKind, Bonus, BonusAmount, BonusTarget, CantripScaling, Damage, Delivery, Effect, Healing,
    OnSave, Upcast,
};
pub use error::RulesError;
pub use formula::{DiceFormula, MAX_DICE};
pub use level::{SlotLevel, SpellLevel};
pub use school::School;
pub use spell::{Area, AreaShape, Components, Material, Range, Spell, SpellId, Targeting};
pub use time::{CastingTime, Duration, ROUNDS_PER_MINUTE, TimeSpan, TimeUnit};
