//! The rules' vocabulary in words: message `<kind>-<JSON name>`, so the id
//! of a value is the name it already has in every JSON the engine writes.

use grimoire_rules::{
    Ability, ActionKind, AreaShape, Class, ClassFeature, Condition, DamageType, Metamagic, School,
    TriggerKind,
};
use serde::Serialize;

use crate::Words;

/// A value of the rules with a word in the catalogue.
pub trait Term: Serialize {
    /// The message id prefix (`damage` for `damage-fire`).
    const KIND: &'static str;
}

/// `impl Term` for each vocabulary type with its id prefix.
macro_rules! terms {
    ($($t:ty => $kind:literal),* $(,)?) => {
        $(impl Term for $t {
            const KIND: &'static str = $kind;
        })*
    };
}

terms! {
    School => "school",
    ClassFeature => "feature",
    Condition => "condition",
    Class => "class",
    Ability => "ability",
    ActionKind => "action",
    DamageType => "damage",
    AreaShape => "shape",
    TriggerKind => "trigger",
    Metamagic => "metamagic",
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
impl Named for Metamagic {}
// Their English names stay in the rules crate (its roll labels and
// `Display` use them), so only `name_cs` comes from here.
impl Named for ActionKind {}
impl Named for DamageType {}

/// The word for `value` in `lang` (English where `lang` lacks it),
/// rendered once and kept: for front ends that hold words as
/// `&'static str`, in any language of the catalogue.
pub fn word<T: Term>(lang: &str, value: &T) -> &'static str {
    named(value, lang)
}

/// The short form of `ability` in `lang` (`STR`; Czech `SIL`), message
/// `ability-abbrev-<JSON name>`, rendered once and kept.
///
/// ```
/// use grimoire_rules::Ability;
///
/// assert_eq!(grimoire_words::abbrev("en", Ability::Wisdom), "WIS");
/// assert_eq!(grimoire_words::abbrev("cs", Ability::Wisdom), "MDR");
/// ```
pub fn abbrev(lang: &str, ability: Ability) -> &'static str {
    let id = term_id(&ability);
    let key = id.strip_prefix("ability-").unwrap_or(&id);
    crate::fixed(lang, &format!("ability-abbrev-{key}"))
}

/// The word for `value` in `lang`, rendered once and kept.
fn named<T: Term>(value: &T, lang: &str) -> &'static str {
    crate::fixed(lang, &term_id(value))
}
