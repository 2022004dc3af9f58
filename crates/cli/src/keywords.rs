//! Short keywords typed on the command line (time units, parts of a turn,
//! recharge periods, where a focus is), in every language of the
//! catalogue.
//!
//! Each keyword is a message `cli-typed-<keyword>` of `cli.ftl` listing the
//! spellings a language accepts, separated by commas (`r, round, rounds`);
//! a typed word matches when it equals one of them, ignoring case and
//! Czech accents ([`fold`]). Adding a language adds its spellings; the
//! English and Czech ones stay accepted in every language.

use grimoire_words::Words;

use crate::i18n::Lang;
use grimoire_app::fold;

/// The value of the first of `choices` (value, keyword) whose spellings in
/// any language of the catalogue include `word`.
pub fn find<T: Copy>(word: &str, choices: &[(T, &str)]) -> Option<T> {
    find_in(Words::get(), word, choices)
}

/// `keyword` as `lang` shows it: its first spelling there (English's when
/// the language has none of its own).
pub fn shown(lang: Lang, keyword: &str) -> String {
    let words = Words::get();
    let id = format!("cli-typed-{keyword}");
    let list = words.text(lang.tag(), &id, None);
    list.split(',').next().unwrap_or_default().trim().to_owned()
}

/// [`find`] in the languages of `words`.
pub fn find_in<T: Copy>(words: &Words, word: &str, choices: &[(T, &str)]) -> Option<T> {
    let word = fold(word);
    choices.iter().find_map(|&(value, keyword)| {
        words
            .languages()
            .into_iter()
            .any(|lang| spellings(words, lang, keyword).contains(&word))
            .then_some(value)
    })
}

/// The spellings of `keyword` in `lang`, folded; none when the language
/// has no such message of its own (English's count anyway, as English).
fn spellings(words: &Words, lang: &str, keyword: &str) -> Vec<String> {
    let id = format!("cli-typed-{keyword}");
    if !words.has(lang, &id) {
        return Vec::new();
    }
    words
        .text(lang, &id, None)
        .split(',')
        .map(fold)
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every keyword group the command line reads: every language's
    /// spellings are accepted together, so no spelling in any language may
    /// name two values of one group, or the first would win silently.
    const GROUPS: &[&[&str]] = &[
        &["round", "minute", "hour", "day"],
        &["action", "bonus-action", "reaction"],
        &["recharge-long", "recharge-short", "recharge-never"],
        &["focus-none", "focus-held", "focus-worn", "focus-stowed"],
        &["silenced"],
    ];

    #[test]
    fn every_keyword_has_spellings_in_every_language_and_none_is_shared() {
        let words = Words::get();
        for group in GROUPS {
            let mut seen: Vec<(String, &str)> = Vec::new();
            for lang in words.languages() {
                for keyword in *group {
                    let all = spellings(words, lang, keyword);
                    assert!(!all.is_empty(), "{lang} lacks cli-typed-{keyword}");
                    for s in all {
                        match seen.iter().find(|(t, _)| *t == s) {
                            Some((_, other)) => {
                                assert_eq!(other, keyword, "{lang}: {s:?} names two");
                            }
                            None => seen.push((s, keyword)),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_keyword_shows_as_its_first_spelling() {
        assert_eq!(shown(Lang::EN, "focus-held"), "held");
        assert_eq!(shown(Lang::CS, "focus-held"), "držené");
        assert_eq!(shown(Lang::CS, "hour"), "h");
    }

    #[test]
    fn a_language_added_at_run_time_brings_its_own_spellings() {
        let mut words = Words::embedded();
        words.add("xx", "cli-typed-minute = mnt, minuto\n").unwrap();
        let units = [(1, "round"), (10, "minute")];
        assert_eq!(find_in(&words, "Minuto", &units), Some(10));
        assert_eq!(find_in(&words, "mnt", &units), Some(10));
        // English and Czech spellings stay accepted.
        assert_eq!(find_in(&words, "minutes", &units), Some(10));
        assert_eq!(find_in(&words, "kol", &units), Some(1));
        // Not in the embedded catalogue.
        assert_eq!(find("mnt", &units), None);
        assert_eq!(find_in(&words, "soon", &units), None);
    }
}
