//! The one name policy of every front end: what a person may call a
//! character, an encounter, a combatant, a target, an account, a campaign.
//!
//! A name is trimmed and must then be 1..=[`MAX_NAME`] characters, free of
//! control and format characters (general categories Cc and Cf: escapes,
//! zero-width spaces and joiners, byte-order marks, bidi overrides), free
//! of `/` and `\`, and written in one script: `Čaroděj` and `Елмира` are
//! fine, `Еlmira` with a Cyrillic `Е` is refused, so a look-alike name
//! cannot pose as another one.

use std::fmt;

use grimoire_rules::Arg;
use unicode_properties::UnicodeGeneralCategory;
use unicode_script::{Script, UnicodeScript};

use crate::AppError;

/// The longest name, in characters.
pub const MAX_NAME: usize = 64;

/// What a name names; it only changes the wording of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameKind {
    /// A character's name.
    Character,
    /// An encounter's name.
    Encounter,
    /// A combatant's name in an encounter.
    Combatant,
    /// A target's name in a cast.
    Target,
    /// An account's name.
    Account,
    /// A campaign's title.
    Campaign,
    /// A held item's name.
    Item,
    /// A homebrew file's name.
    HomebrewFile,
}

impl NameKind {
    /// The kind's stable code (`character`, `homebrew_file`); its words are
    /// message `name-kind-<code>` of grimoire-words.
    pub fn code(self) -> &'static str {
        match self {
            NameKind::Character => "character",
            NameKind::Encounter => "encounter",
            NameKind::Combatant => "combatant",
            NameKind::Target => "target",
            NameKind::Account => "account",
            NameKind::Campaign => "campaign",
            NameKind::Item => "item",
            NameKind::HomebrewFile => "homebrew_file",
        }
    }

    /// The field in `lang` (`a character name`, `jméno postavy`).
    pub fn message(self, lang: &str) -> String {
        grimoire_words::message(lang, &format!("name-kind-{}", self.code()), &[])
    }
}

/// What is wrong with a refused name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameProblem {
    /// Nothing is left after trimming.
    Empty,
    /// More than [`MAX_NAME`] characters after trimming.
    TooLong {
        /// How many characters it has.
        chars: usize,
    },
    /// A control or format character (Cc, Cf), such as U+200B.
    Invisible {
        /// The first such character.
        found: char,
    },
    /// A `/` or `\`.
    Slash,
    /// A character that draws nothing (a Hangul filler, a Braille blank,
    /// a space other than U+0020), so the name can look like another.
    Blank {
        /// The first such character.
        found: char,
    },
    /// The name looks like an existing one (the same UTS #39 confusable
    /// skeleton, e.g. Cyrillic `Асе` and Latin `Ace`).
    Confusable {
        /// The existing name it could pass for.
        existing: String,
    },
    /// A character's name that a creature of an encounter has (or one
    /// that looks like it): the two must never be taken for each other.
    Creature {
        /// The creature's name.
        existing: String,
        /// The encounter it is in.
        encounter: String,
    },
    /// A creature's name that a stored character has (or one that looks
    /// like it).
    Character {
        /// The character's name.
        existing: String,
    },
    /// Letters of two scripts, such as Latin and Cyrillic.
    MixedScripts {
        /// The first script met.
        first: &'static str,
        /// The other script.
        second: &'static str,
    },
}

impl NameProblem {
    /// The problem's stable code (`too_long`); its words are message
    /// `name-problem-<code>` of grimoire-words.
    pub fn code(&self) -> &'static str {
        match self {
            NameProblem::Empty => "empty",
            NameProblem::TooLong { .. } => "too_long",
            NameProblem::Invisible { .. } => "invisible",
            NameProblem::Slash => "slash",
            NameProblem::Blank { .. } => "blank",
            NameProblem::Confusable { .. } => "confusable",
            NameProblem::Creature { .. } => "creature",
            NameProblem::Character { .. } => "character",
            NameProblem::MixedScripts { .. } => "mixed_scripts",
        }
    }

    /// The values the message names, by the name its `.ftl` message uses.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let code_point = |c: &char| Arg::Text(format!("U+{:04X}", u32::from(*c)));
        match self {
            NameProblem::Empty | NameProblem::Slash => Vec::new(),
            NameProblem::TooLong { chars } => vec![
                ("max", Arg::Number(MAX_NAME as i64)),
                ("chars", Arg::Number(*chars as i64)),
            ],
            NameProblem::Invisible { found } | NameProblem::Blank { found } => {
                vec![("found", code_point(found))]
            }
            NameProblem::Confusable { existing } | NameProblem::Character { existing } => {
                vec![("existing", Arg::Text(existing.clone()))]
            }
            NameProblem::Creature {
                existing,
                encounter,
            } => vec![
                ("existing", Arg::Text(existing.clone())),
                ("encounter", Arg::Text(encounter.clone())),
            ],
            NameProblem::MixedScripts { first, second } => vec![
                ("first", Arg::Text((*first).to_owned())),
                ("second", Arg::Text((*second).to_owned())),
            ],
        }
    }

    /// The problem in `lang`.
    pub fn message(&self, lang: &str) -> String {
        let id = format!("name-problem-{}", self.code());
        grimoire_words::message(lang, &id, &self.args())
    }
}

impl fmt::Display for NameProblem {
    /// The English message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message("en"))
    }
}

/// Checks a name typed by a person and returns it trimmed, or
/// [`AppError::InvalidName`] saying which field and what is wrong.
///
/// ```
/// use grimoire_app::{NameKind, check_name};
/// assert_eq!(check_name(NameKind::Character, "  Čaroděj ")?, "Čaroděj");
/// assert!(check_name(NameKind::Character, "\u{415}lmira").is_err());
/// # Ok::<(), grimoire_app::AppError>(())
/// ```
pub fn check_name(kind: NameKind, raw: &str) -> Result<String, AppError> {
    use unicode_normalization::UnicodeNormalization;
    // Stored in NFC, so the composed and decomposed forms are one name.
    let name: String = raw.trim().nfc().collect();
    match name_problem(&name) {
        Some(problem) => Err(AppError::InvalidName { kind, problem }),
        None => Ok(name),
    }
}

/// Refuses `name` when it would pass for one of `existing` (a different
/// name with the same UTS #39 confusable skeleton, ignoring case):
/// Cyrillic `Асе` next to Latin `Ace`.
///
/// ```
/// use grimoire_app::{NameKind, check_unconfusable};
/// assert!(check_unconfusable(NameKind::Account, "\u{410}\u{441}\u{435}", ["Ace"]).is_err());
/// assert!(check_unconfusable(NameKind::Account, "Ada", ["Ace"]).is_ok());
/// ```
pub fn check_unconfusable<'a>(
    kind: NameKind,
    name: &str,
    existing: impl IntoIterator<Item = &'a str>,
) -> Result<(), AppError> {
    let key = grimoire_store::name_key(name);
    let mine = skeleton(name);
    for other in existing {
        if grimoire_store::name_key(other) != key && skeleton(other) == mine {
            return Err(AppError::InvalidName {
                kind,
                problem: NameProblem::Confusable {
                    existing: other.to_owned(),
                },
            });
        }
    }
    Ok(())
}

/// Whether two names are one name (folded) or look alike (the same
/// confusable skeleton): either way one could pass for the other.
pub(crate) fn same_or_look_alike(a: &str, b: &str) -> bool {
    grimoire_store::name_key(a) == grimoire_store::name_key(b) || skeleton(a) == skeleton(b)
}

/// A name's confusable skeleton, case-folded before and after.
fn skeleton(name: &str) -> String {
    let folded = name.to_lowercase();
    unicode_security::skeleton(&folded)
        .collect::<String>()
        .to_lowercase()
}

fn name_problem(name: &str) -> Option<NameProblem> {
    if name.is_empty() {
        return Some(NameProblem::Empty);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME {
        return Some(NameProblem::TooLong { chars });
    }
    if let Some(found) = name.chars().find(|&c| is_invisible(c)) {
        return Some(NameProblem::Invisible { found });
    }
    if let Some(found) = name.chars().find(|&c| is_blank(c)) {
        return Some(NameProblem::Blank { found });
    }
    if name.contains(['/', '\\']) {
        return Some(NameProblem::Slash);
    }
    let mut first: Option<Script> = None;
    for c in name.chars().filter(|c| c.is_alphabetic()) {
        let script = family(c.script());
        if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        match first {
            None => first = Some(script),
            Some(s) if s != script => {
                return Some(NameProblem::MixedScripts {
                    first: s.full_name(),
                    second: script.full_name(),
                });
            }
            Some(_) => {}
        }
    }
    None
}

/// A character that draws nothing: a Default_Ignorable code point (the
/// Hangul fillers U+115F, U+1160, U+3164, U+FFA0, soft hyphen, ...), a
/// space other than U+0020 (no-break, ideographic, ...) or the Braille
/// blank U+2800.
fn is_blank(c: char) -> bool {
    use unicode_security::GeneralSecurityProfile;
    use unicode_security::general_security_profile::IdentifierType;
    c == '\u{2800}'
        || (c.is_whitespace() && c != ' ')
        || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// Cc (control) or Cf (format: U+200B, ZWJ, ZWNJ, BOM, bidi overrides).
fn is_invisible(c: char) -> bool {
    use unicode_properties::GeneralCategory::{Control, Format};
    matches!(c.general_category(), Format | Control)
}

/// Scripts written together in one language count as one: Japanese mixes
/// Han, Hiragana and Katakana, Korean mixes Hangul and Han.
fn family(script: Script) -> Script {
    match script {
        Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo => Script::Han,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One case: the input, and `Ok(trimmed)` or `Err(problem)`.
    fn check(input: &str, expected: Result<&str, NameProblem>) {
        let got = check_name(NameKind::Character, input);
        match (&got, &expected) {
            (Ok(name), Ok(want)) => assert_eq!(name, want, "{input:?}"),
            (Err(AppError::InvalidName { kind, problem }), Err(want)) => {
                assert_eq!(problem, want, "{input:?}");
                assert_eq!(*kind, NameKind::Character);
                let err = got.as_ref().unwrap_err();
                assert_eq!(err.code(), "invalid_name");
                assert!(err.to_string().starts_with("a character name "), "{err}");
                assert!(err.message("cs").starts_with("jméno postavy "));
            }
            _ => panic!("{input:?}: expected {expected:?}, got {got:?}"),
        }
    }

    #[test]
    fn every_kind_and_problem_has_words_in_every_language() {
        let words = grimoire_words::Words::get();
        let kinds = [
            NameKind::Character,
            NameKind::Encounter,
            NameKind::Combatant,
            NameKind::Target,
            NameKind::Account,
            NameKind::Campaign,
            NameKind::Item,
            NameKind::HomebrewFile,
        ];
        let problems = [
            NameProblem::Empty,
            NameProblem::TooLong { chars: 65 },
            NameProblem::Invisible { found: '\u{200b}' },
            NameProblem::Slash,
            NameProblem::Blank { found: '\u{3164}' },
            NameProblem::Confusable {
                existing: "Ace".into(),
            },
            NameProblem::Creature {
                existing: "Ogre".into(),
                encounter: "Cave".into(),
            },
            NameProblem::Character {
                existing: "Elmira".into(),
            },
            NameProblem::MixedScripts {
                first: "Latin",
                second: "Cyrillic",
            },
        ];
        for lang in words.languages() {
            for k in kinds {
                let id = format!("name-kind-{}", k.code());
                assert!(words.has(lang, &id), "{lang} has no {id}");
            }
            for p in &problems {
                let id = format!("name-problem-{}", p.code());
                assert!(words.has(lang, &id), "{lang} has no {id}");
                assert!(
                    !p.message(lang).contains('{'),
                    "{lang}: {}",
                    p.message(lang)
                );
            }
        }
        assert_eq!(
            NameProblem::Invisible { found: '\u{200b}' }.to_string(),
            "must not contain control or invisible format characters (found U+200B)"
        );
        assert_eq!(
            NameKind::HomebrewFile.message("cs"),
            "název souboru s domácími kouzly"
        );
    }

    #[test]
    fn accepted_names() {
        for (input, want) in [
            ("Elmira", "Elmira"),
            ("  Elmíra \n", "Elmíra"),
            ("Čaroděj", "Čaroděj"),
            ("Елмира", "Елмира"),
            ("Ἀθηνᾶ", "Ἀθηνᾶ"),
            ("Goblin 2", "Goblin 2"),
            ("O'Brien-Smith", "O'Brien-Smith"),
            ("Cafe\u{301}", "Caf\u{e9}"), // stored in NFC
            ("さくら 桜", "さくら 桜"),
            ("x.toml", "x.toml"),
        ] {
            check(input, Ok(want));
        }
        check(&"ž".repeat(64), Ok(&"ž".repeat(64)));
    }

    #[test]
    fn refused_names() {
        let mixed = |first, second| NameProblem::MixedScripts { first, second };
        let invisible = |found| NameProblem::Invisible { found };
        for (input, want) in [
            ("", NameProblem::Empty),
            ("   \t", NameProblem::Empty),
            ("\u{415}lmira", mixed("Cyrillic", "Latin")),
            ("g\u{43c}", mixed("Latin", "Cyrillic")),
            ("\u{3b1}lpha", mixed("Greek", "Latin")),
            ("Elm\u{200b}ira", invisible('\u{200b}')),
            ("Elm\u{200d}ira", invisible('\u{200d}')),
            ("Elm\u{200c}ira", invisible('\u{200c}')),
            ("\u{feff}Elmira", invisible('\u{feff}')),
            ("Elmira\u{202e}arimlE", invisible('\u{202e}')),
            ("Elm\u{7}ira", invisible('\u{7}')),
            ("Elmira\u{1b}[31m", invisible('\u{1b}')),
            ("Elmira\u{0}", invisible('\u{0}')),
            ("a/b", NameProblem::Slash),
            ("a\\b", NameProblem::Slash),
            ("../../etc/passwd", NameProblem::Slash),
        ] {
            check(input, Err(want));
        }
        check(&"x".repeat(65), Err(NameProblem::TooLong { chars: 65 }));
        check(&"N".repeat(3000), Err(NameProblem::TooLong { chars: 3000 }));
    }

    #[test]
    fn blank_looking_characters_are_refused() {
        for (input, found) in [
            ("\u{3164}", '\u{3164}'),
            ("Ace\u{115f}", '\u{115f}'),
            ("Elm\u{2800}ira", '\u{2800}'),
            ("Elm\u{a0}ira", '\u{a0}'),
            ("Elm\u{3000}ira", '\u{3000}'),
        ] {
            check(input, Err(NameProblem::Blank { found }));
        }
    }

    #[test]
    fn look_alikes_of_existing_names_are_refused_by_skeleton() {
        let cyrillic_ace = "\u{410}\u{441}\u{435}";
        let err = check_unconfusable(NameKind::Account, cyrillic_ace, ["Bob", "Ace"]).unwrap_err();
        assert_eq!(err.code(), "invalid_name");
        assert!(err.to_string().contains("\"Ace\""), "{err}");
        // The same name (any case) is not a look-alike: the store says
        // `already_exists` for it.
        assert!(check_unconfusable(NameKind::Account, "ace", ["Ace"]).is_ok());
        assert!(check_unconfusable(NameKind::Account, "Ada", ["Ace"]).is_ok());
        // `rn` and `m` share a skeleton.
        assert!(check_unconfusable(NameKind::Character, "Elrnira", ["Elmira"]).is_err());
    }
}
