//! Spell names and material components in the reader's language when a
//! message got only the English ones.
//!
//! A refusal about a spell kept in state (a pending cast, an ongoing
//! effect, a long casting) carries its English name or id only; the
//! catalogue, which depends on this crate, teaches it the other languages'
//! names once ([`learn_spell_names`]), and every message then shows the
//! reader's name ([`spell_name`]).

use std::sync::OnceLock;

/// A spell's name in a language (`lang`, then an English name or a spell
/// id), or `None` when the spell or its name there is unknown.
pub type SpellNames = fn(lang: &str, english_or_id: &str) -> Option<String>;

static SOURCE: OnceLock<SpellNames> = OnceLock::new();

/// Learns where spell names in other languages come from (the catalogue).
/// The first source learned is kept; learning again is harmless.
pub fn learn_spell_names(source: SpellNames) {
    // A second call brings the same catalogue: keeping the first is right.
    let _ = SOURCE.set(source);
}

/// The name of the spell `english_or_id` (an English name or a spell id)
/// in `lang`, or `english_or_id` itself when no name there is known (no
/// source learned, a homebrew spell without one, an unknown spell).
///
/// ```
/// fn names(lang: &str, spell: &str) -> Option<String> {
///     (lang == "cs" && spell == "Shield").then(|| "Štít".to_owned())
/// }
/// grimoire_words::learn_spell_names(names);
/// assert_eq!(grimoire_words::spell_name("cs", "Shield"), "Štít");
/// assert_eq!(grimoire_words::spell_name("cs", "Home Brew"), "Home Brew");
/// ```
pub fn spell_name(lang: &str, english_or_id: &str) -> String {
    SOURCE
        .get()
        .and_then(|source| source(lang, english_or_id))
        .unwrap_or_else(|| english_or_id.to_owned())
}

/// A material component's words in a language (`lang`, then the English
/// text the spell gives), or `None` when they are unknown there.
pub type MaterialWords = fn(lang: &str, english: &str) -> Option<String>;

static MATERIALS: OnceLock<MaterialWords> = OnceLock::new();

/// Learns where material components' words in other languages come from
/// (the catalogue). The first source learned is kept.
pub fn learn_materials(source: MaterialWords) {
    // A second call brings the same catalogue: keeping the first is right.
    let _ = MATERIALS.set(source);
}

/// The material component `english` (as a spell names it, R14c) in
/// `lang`, or `english` itself when no words there are known.
///
/// ```
/// fn materials(lang: &str, text: &str) -> Option<String> {
///     (lang == "cs" && text == "a feather").then(|| "pírko".to_owned())
/// }
/// grimoire_words::learn_materials(materials);
/// assert_eq!(grimoire_words::material("cs", "a feather"), "pírko");
/// assert_eq!(grimoire_words::material("cs", "a gem"), "a gem");
/// ```
pub fn material(lang: &str, english: &str) -> String {
    MATERIALS
        .get()
        .and_then(|source| source(lang, english))
        .unwrap_or_else(|| english.to_owned())
}
