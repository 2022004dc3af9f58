//! What a name names and what can be wrong with one: the words of the
//! name policy's refusals ([`crate::check_name`] applies it). Plain data
//! beneath the app's one error type, which carries them.

use std::fmt;

use grimoire_rules::Arg;

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
