//! The one name policy of every front end: what a person may call a
//! character, an encounter, a combatant, a target, an account, a campaign.
//!
//! A name is trimmed and must then be 1..=[`MAX_NAME`] characters, free of
//! control and format characters (general categories Cc and Cf: escapes,
//! zero-width spaces and joiners, byte-order marks, bidi overrides), free
//! of `/` and `\`, and written in one script: `Čaroděj` and `Елмира` are
//! fine, `Еlmira` with a Cyrillic `Е` is refused, so a look-alike name
//! cannot pose as another one.

use unicode_properties::UnicodeGeneralCategory;
use unicode_script::{Script, UnicodeScript};

use crate::AppError;

pub use crate::name_policy::{MAX_NAME, NameKind, NameProblem};

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
