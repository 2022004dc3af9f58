//! The rules' vocabulary in words: message `<kind>-<JSON name>`, so the id
//! of a value is the name it already has in every JSON the engine writes.

use grimoire_rules::{
    Ability, ActionKind, AreaShape, Class, Condition, DamageType, School, TriggerKind,
};
use serde::Serialize;

use crate::Words;

/// A value of the rules with a word in the catalogue.
pub trait Term: Serialize {
    /// The message id prefix (`damage` for `damage-fire`).
    const KIND: &'static str;
}

impl Term for School {
    const KIND: &'static str = "school";
}
impl Term for Condition {
    const KIND: &'static str = "condition";
}
impl Term for Class {
    const KIND: &'static str = "class";
}
impl Term for Ability {
    const KIND: &'static str = "ability";
}
impl Term for ActionKind {
    const KIND: &'static str = "action";
}
impl Term for DamageType {
    const KIND: &'static str = "damage";
}
impl Term for AreaShape {
    const KIND: &'static str = "shape";
}
impl Term for TriggerKind {
    const KIND: &'static str = "trigger";
}

/// The message id of `value` (`damage-fire`).
pub(crate) fn term_id<T: Term>(value: &T) -> String {
    let json = serde_json::to_value(value).expect("a unit enum serialises");
    let key = json.as_str().expect("a unit enum serialises as a string");
    format!("{}-{key}", T::KIND)
}

impl Words {
    /// The word for `value` in `lang` (`ohnivé` for fire damage in Czech).
    pub fn term<T: Term>(&self, lang: &str, value: &T) -> String {
        self.text(lang, &term_id(value), None)
    }
}

/// The word for `value` in `lang`, from the embedded catalogue.
pub fn term<T: Term>(lang: &str, value: &T) -> String {
    Words::get().term(lang, value)
}
