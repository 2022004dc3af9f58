//! The values a refusal's message names, as data: the front ends put them
//! into words in the reader's language.

use std::fmt;

use crate::class::{Ability, Class};
use crate::damage::DamageType;
use crate::economy::ActionKind;
use crate::error::SpellName;
use crate::invalid::Invalid;
use crate::reaction::TriggerKind;

/// One value a message names. Vocabulary values stay typed, so a front end
/// looks their word up (`damage-fire`) instead of receiving English.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Arg {
    /// A count, level, distance or score.
    Number(i64),
    /// Text shown as it was given: a creature's name, a material, a reason.
    Text(String),
    /// A name with its Czech form when the catalogue has one (a spell, a
    /// trigger's description).
    Name(SpellName),
    /// A spell's material component as the spell names it (R14c): a front
    /// end shows it in the reader's language when it knows the words.
    Material(String),
    /// A class.
    Class(Class),
    /// A class feature (Font of Magic, Arcane Recovery...).
    Feature(crate::class_resources::ClassFeature),
    /// An ability.
    Ability(Ability),
    /// A part of the turn.
    Action(ActionKind),
    /// A damage type.
    Damage(DamageType),
    /// Damage types, in order.
    DamageList(Vec<DamageType>),
    /// What a Reaction answers (a hit, a fall, ...).
    Trigger(TriggerKind),
    /// Why a request is invalid: a message of its own (`invalid-<code>`
    /// with the reason's arguments), worded in the same language.
    Reason(Invalid),
    /// A Metamagic option.
    Metamagic(crate::metamagic::Metamagic),
}

impl fmt::Display for Arg {
    /// The technical form (what `RulesError`'s `Display` shows).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Number(n) => write!(f, "{n}"),
            Arg::Text(t) | Arg::Material(t) => write!(f, "{t:?}"),
            Arg::Name(n) => write!(f, "{:?}", n.en),
            Arg::Class(c) => write!(f, "{c:?}"),
            Arg::Feature(x) => f.write_str(x.id()),
            Arg::Ability(a) => write!(f, "{a:?}"),
            Arg::Action(a) => write!(f, "{a:?}"),
            Arg::Damage(d) => write!(f, "{d:?}"),
            Arg::DamageList(list) => write!(f, "{list:?}"),
            Arg::Trigger(t) => write!(f, "{:?}", t.name_en()),
            Arg::Reason(r) => write!(f, "{r}"),
            Arg::Metamagic(m) => f.write_str(m.id()),
        }
    }
}
