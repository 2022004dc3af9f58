//! The rules' vocabulary in words: message `<kind>-<JSON name>`, so the id
//! of a value is the name it already has in every JSON the engine writes.

use grimoire_rules::{
    Ability, ActionKind, AreaShape, Class, Condition, DamageType, School, TriggerKind,
};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

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

/// A value of the rules named by the catalogue in English and Czech: the
/// words front ends used to get from the rules crate, now from
/// `vocabulary.ftl` (`use grimoire_words::Named` and call as before).
pub trait Named: Term + Copy + Send + Sync + 'static {
    /// The English word.
    fn name_en(self) -> &'static str {
        named(&self, "en")
    }

    /// The Czech word, as the chapter has it.
    fn name_cs(self) -> &'static str {
        named(&self, "cs")
    }
}

impl Named for School {}
impl Named for Condition {}
impl Named for Class {}
impl Named for Ability {}
impl Named for AreaShape {}

/// The word for `value` in `lang`, rendered once and kept: the vocabulary
/// is small and fixed, and callers hold `&'static str`.
fn named<T: Term>(value: &T, lang: &'static str) -> &'static str {
    static SEEN: LazyLock<Mutex<HashMap<(String, &'static str), &'static str>>> =
        LazyLock::new(Mutex::default);
    let id = term_id(value);
    let mut seen = SEEN.lock().unwrap_or_else(PoisonError::into_inner);
    seen.entry((id, lang)).or_insert_with_key(|(id, lang)| {
        Box::leak(Words::get().text(lang, id, None).into_boxed_str())
    })
}
