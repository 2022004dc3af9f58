//! The message catalogue: one Fluent bundle per language, English the
//! fallback for any message a language lacks.

use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex, PoisonError};

use fluent_bundle::FluentArgs;
use unic_langid::LanguageIdentifier;

use crate::language::Language;

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The language every other one falls back to, and the one whose messages
/// define the set of ids and variables.
pub const FALLBACK: &str = "en";

/// Every message of every language, ready to render.
///
/// [`Words::get`] is the catalogue built from the `.ftl` files embedded at
/// compile time; [`Words::add`] feeds another file at run time (a test
/// language, or a translation being tried out).
pub struct Words {
    /// Each language's files, each parsed on first use: a command that
    /// speaks English never parses Czech, nor the help it does not show.
    bundles: BTreeMap<String, Language>,
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Words")
            .field("languages", &self.bundles.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// The embedded files, grouped by language; each language parsed on
/// first use (their validity is the catalogue tests' business).
static EMBEDDED_WORDS: LazyLock<Words> = LazyLock::new(|| {
    let mut words = Words::empty();
    for ((lang, _, text), (ids, refs)) in EMBEDDED.iter().zip(EMBEDDED_INDEX) {
        words
            .bundles
            .entry((*lang).to_owned())
            .or_insert_with(|| Language::new(lang))
            .add_embedded(text, ids, refs);
    }
    words
});

/// Why an `.ftl` text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FtlError(String);

impl std::fmt::Display for FtlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FtlError {}

impl FtlError {
    pub(crate) fn new(why: String) -> Self {
        FtlError(why)
    }
}

impl Words {
    /// The catalogue of the embedded `.ftl` files (every directory under
    /// `crates/words/locales/`), built once.
    pub fn get() -> &'static Words {
        &EMBEDDED_WORDS
    }

    /// A catalogue with no language at all.
    pub fn empty() -> Words {
        Words {
            bundles: BTreeMap::new(),
        }
    }

    /// The `.ftl` texts added to `lang`, in order.
    pub fn texts<'a>(&'a self, lang: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.bundles.get(lang).into_iter().flat_map(Language::texts)
    }

    /// A copy of the embedded catalogue to add languages to.
    pub fn embedded() -> Words {
        let mut words = Words::empty();
        for (lang, _, text) in EMBEDDED {
            words
                .add(lang, text)
                .expect("the embedded files parsed once already");
        }
        words
    }

    /// The embedded `.ftl` sources: language tag, file name and text.
    pub fn sources() -> &'static [(&'static str, &'static str, &'static str)] {
        EMBEDDED
    }

    /// Adds the messages of one `.ftl` text to `lang`, creating the
    /// language if it is new. A message id already present is an error.
    pub fn add(&mut self, lang: &str, ftl: &str) -> Result<(), FtlError> {
        let _: LanguageIdentifier = lang
            .parse()
            .map_err(|e| FtlError(format!("{lang:?} is not a language tag: {e}")))?;
        self.bundles
            .entry(lang.to_owned())
            .or_insert_with(|| Language::new(lang))
            .add(ftl)
    }

    /// The language tags the catalogue knows, English first.
    pub fn languages(&self) -> Vec<&str> {
        let mut tags: Vec<&str> = self.bundles.keys().map(String::as_str).collect();
        tags.sort_by_key(|t| (*t != FALLBACK, *t));
        tags
    }

    /// `render` in each language of the catalogue, by tag: the `messages`
    /// map (`en`, `cs`, ...) that JSON answers carry so a client reads
    /// whichever language it shows.
    pub fn in_every_language(&self, render: impl Fn(&str) -> String) -> BTreeMap<String, String> {
        self.languages()
            .into_iter()
            .map(|lang| (lang.to_owned(), render(lang)))
            .collect()
    }

    /// Whether `lang` has its own text for `id` (not a fallback).
    pub fn has(&self, lang: &str, id: &str) -> bool {
        self.bundles.get(lang).is_some_and(|l| l.defines(id))
    }

    /// The language tag among ours that a locale-like name asks for
    /// (`cs_CZ.UTF-8`, `cs-CZ`, `CS`), or `None`.
    pub fn language_of(&self, locale: &str) -> Option<&str> {
        let lower = locale.trim().to_ascii_lowercase();
        let primary = lower.split(['_', '-', '.', '@']).next().unwrap_or_default();
        // `cz` is the country, but people type it for the language.
        let primary = if primary == "cz" { "cs" } else { primary };
        self.bundles
            .keys()
            .find(|k| k.as_str() == primary)
            .map(String::as_str)
    }

    /// Renders message `id` in `lang`, falling back to English, and to the
    /// id itself when no language has it (so a missing message shows, and
    /// the completeness test names it).
    pub fn text(&self, lang: &str, id: &str, args: Option<&FluentArgs>) -> String {
        for tag in [lang, FALLBACK] {
            let Some(bundle) = self.bundles.get(tag).and_then(|l| l.bundle_for(id)) else {
                continue;
            };
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            debug_assert!(errors.is_empty(), "{tag}/{id}: {errors:?}");
            return text.into_owned();
        }
        id.to_owned()
    }
}

/// Renders message `id` of the embedded catalogue in `lang` with `args`
/// (name, value) pairs: the short form the front ends use.
pub fn text<'a, V>(lang: &str, id: &str, args: impl IntoIterator<Item = (&'a str, V)>) -> String
where
    V: Into<fluent_bundle::FluentValue<'a>>,
{
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(k, v.into());
    }
    Words::get().text(lang, id, Some(&fargs))
}

/// Message `id` in `lang` without arguments, rendered once per process and
/// kept: for the small, fixed set of labels and vocabulary words that
/// callers hold as `&'static str`. Never call it with text that varies.
pub fn fixed(lang: &str, id: &str) -> &'static str {
    static SEEN: LazyLock<Mutex<HashMap<(String, String), &'static str>>> =
        LazyLock::new(Mutex::default);
    let mut seen = SEEN.lock().unwrap_or_else(PoisonError::into_inner);
    seen.entry((lang.to_owned(), id.to_owned()))
        .or_insert_with(|| Box::leak(Words::get().text(lang, id, None).into_boxed_str()))
}
