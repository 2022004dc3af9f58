//! The one error type of the crate.

use grimoire_rules::Arg;

/// Why a spell file (or a lookup) was refused.
///
/// Every loading error names the file, the spell and the field so that a
/// homebrew author can fix it without guessing; [`CatalogError::code`] is a
/// stable machine code and [`CatalogError::args`] the values its message
/// names. The words are message `catalog-<code>` of grimoire-words
/// (`errors.ftl`); `Display` is the English one.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogError {
    /// Occurs when a homebrew file or directory cannot be read.
    HomebrewIo {
        /// The path as given.
        file: String,
        /// What the operating system said.
        message: String,
    },
    /// Occurs when a file is not valid TOML or has no `[[spell]]` list.
    HomebrewParse {
        /// The file.
        file: String,
        /// What is wrong, with the line where TOML gives one.
        message: String,
    },
    /// Occurs when one field of one spell is missing or has a bad value.
    HomebrewInvalidField {
        /// The file.
        file: String,
        /// The spell's id (or its position, `spell #3`, when it has no id).
        spell: String,
        /// The field path, such as `components.cost_gp`.
        field: String,
        /// What is wrong and what would be right.
        message: String,
    },
    /// Occurs when two spells share an id.
    DuplicateSpell {
        /// The id.
        id: String,
        /// Where it was defined first (`SRD` or a file).
        first: String,
        /// Where it was defined again.
        second: String,
    },
    /// Occurs when one field of one creature's stat block is missing or
    /// has a bad value.
    MonsterInvalidField {
        /// The file.
        file: String,
        /// The creature's id (or `monster #3` when it has none).
        monster: String,
        /// The field path, such as `spells[1].per_day`.
        field: String,
        /// What is wrong and what would be right.
        message: String,
    },
    /// Occurs when two creatures share an id.
    DuplicateMonster {
        /// The id.
        id: String,
        /// Where it was defined first (`SRD` or a file).
        first: String,
        /// Where it was defined again.
        second: String,
    },
    /// Occurs when a lookup matches no creature.
    UnknownMonster {
        /// What was asked for.
        query: String,
    },
    /// Occurs when a lookup matches no spell.
    UnknownSpell {
        /// What was asked for.
        query: String,
    },
}

impl CatalogError {
    /// Stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            CatalogError::HomebrewIo { .. } => "homebrew_io",
            CatalogError::HomebrewParse { .. } => "homebrew_parse",
            CatalogError::HomebrewInvalidField { .. } => "homebrew_invalid_field",
            CatalogError::DuplicateSpell { .. } => "duplicate_spell",
            CatalogError::UnknownSpell { .. } => "unknown_spell",
            CatalogError::MonsterInvalidField { .. } => "monster_invalid_field",
            CatalogError::DuplicateMonster { .. } => "duplicate_monster",
            CatalogError::UnknownMonster { .. } => "unknown_monster",
        }
    }

    /// The values the message names, by the name its `.ftl` message uses.
    /// The detail of a bad field (which lists the accepted English keywords
    /// of the file format) and what the TOML parser or the operating system
    /// said stay as given, in every language.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let text = |s: &String| Arg::Text(s.clone());
        match self {
            CatalogError::HomebrewIo { file, message }
            | CatalogError::HomebrewParse { file, message } => {
                vec![("file", text(file)), ("message", text(message))]
            }
            CatalogError::HomebrewInvalidField {
                file,
                spell,
                field,
                message,
            } => vec![
                ("file", text(file)),
                ("spell", text(spell)),
                ("field", text(field)),
                ("message", text(message)),
            ],
            CatalogError::MonsterInvalidField {
                file,
                monster,
                field,
                message,
            } => vec![
                ("file", text(file)),
                ("monster", text(monster)),
                ("field", text(field)),
                ("message", text(message)),
            ],
            CatalogError::DuplicateSpell { id, first, second }
            | CatalogError::DuplicateMonster { id, first, second } => vec![
                ("id", text(id)),
                ("first", text(first)),
                ("second", text(second)),
            ],
            CatalogError::UnknownSpell { query } | CatalogError::UnknownMonster { query } => {
                vec![("query", text(query))]
            }
        }
    }

    /// The message in `lang` (`en`, `cs`, ...): `catalog-<code>` of the
    /// embedded catalogue of grimoire-words.
    pub fn message(&self, lang: &str) -> String {
        let id = format!("catalog-{}", self.code());
        grimoire_words::message(lang, &id, &self.args())
    }

    /// The file the error is about, when it is about one.
    pub fn file(&self) -> Option<&str> {
        match self {
            CatalogError::HomebrewIo { file, .. }
            | CatalogError::HomebrewParse { file, .. }
            | CatalogError::HomebrewInvalidField { file, .. }
            | CatalogError::MonsterInvalidField { file, .. } => Some(file),
            CatalogError::DuplicateSpell { second, .. }
            | CatalogError::DuplicateMonster { second, .. } => Some(second),
            CatalogError::UnknownSpell { .. } | CatalogError::UnknownMonster { .. } => None,
        }
    }
}

impl std::fmt::Display for CatalogError {
    /// The English message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message("en"))
    }
}

impl std::error::Error for CatalogError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// One error of each kind.
    fn one_of_each() -> Vec<CatalogError> {
        let s = |t: &str| t.to_owned();
        vec![
            CatalogError::HomebrewIo {
                file: s("a.toml"),
                message: s("denied"),
            },
            CatalogError::HomebrewParse {
                file: s("a.toml"),
                message: s("line 3"),
            },
            CatalogError::HomebrewInvalidField {
                file: s("a.toml"),
                spell: s("x"),
                field: s("level"),
                message: s("0-9"),
            },
            CatalogError::DuplicateSpell {
                id: s("x"),
                first: s("SRD"),
                second: s("a.toml"),
            },
            CatalogError::MonsterInvalidField {
                file: s("a.toml"),
                monster: s("m"),
                field: s("ac"),
                message: s("1-40"),
            },
            CatalogError::DuplicateMonster {
                id: s("m"),
                first: s("SRD"),
                second: s("a.toml"),
            },
            CatalogError::UnknownMonster { query: s("m") },
            CatalogError::UnknownSpell { query: s("x") },
        ]
    }

    #[test]
    fn every_error_reads_in_every_language_with_the_arguments_it_gives() {
        let words = grimoire_words::Words::get();
        let mut english = std::collections::BTreeMap::new();
        for (lang, _, text) in grimoire_words::Words::sources() {
            if *lang == grimoire_words::FALLBACK {
                english.extend(grimoire_words::variables(text).expect("valid Fluent"));
            }
        }
        for e in one_of_each() {
            let id = format!("catalog-{}", e.code());
            let given: std::collections::BTreeSet<String> =
                e.args().iter().map(|(k, _)| (*k).to_owned()).collect();
            assert_eq!(english.get(&id), Some(&given), "{id}");
            for lang in words.languages() {
                assert!(words.has(lang, &id), "{lang} has no {id}");
                assert!(
                    !e.message(lang).contains('{'),
                    "{lang}: {}",
                    e.message(lang)
                );
            }
            assert_ne!(e.message("en"), e.message("cs"), "{id}");
        }
    }

    #[test]
    fn messages_name_file_spell_and_field() {
        let e = CatalogError::HomebrewInvalidField {
            file: "fireball2.toml".into(),
            spell: "fireball-2".into(),
            field: "components.cost_gp".into(),
            message: "cost must be a number".into(),
        };
        assert_eq!(
            e.to_string(),
            "fireball2.toml: fireball-2: components.cost_gp: cost must be a number"
        );
        assert_eq!(e.code(), "homebrew_invalid_field");
        assert_eq!(e.file(), Some("fireball2.toml"));
        assert_eq!(
            e.message("cs"),
            "fireball2.toml: kouzlo fireball-2: pole components.cost_gp: cost must be a number"
        );
        let unknown = CatalogError::UnknownSpell {
            query: "Ohnivá koule 2".into(),
        };
        assert_eq!(
            unknown.message("cs"),
            "žádné kouzlo se nejmenuje \"Ohnivá koule 2\""
        );
        assert_eq!(unknown.code(), "unknown_spell");
    }
}
