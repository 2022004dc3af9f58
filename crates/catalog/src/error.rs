//! The one error type of the crate.

use thiserror::Error;

/// Why a spell file (or a lookup) was refused.
///
/// Every loading error names the file, the spell and the field so that a
/// homebrew author can fix it without guessing; [`CatalogError::code`] is a
/// stable machine code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CatalogError {
    /// Occurs when a homebrew file or directory cannot be read.
    #[error("{file}: cannot be read: {message}")]
    HomebrewIo {
        /// The path as given.
        file: String,
        /// What the operating system said.
        message: String,
    },
    /// Occurs when a file is not valid TOML or has no `[[spell]]` list.
    #[error("{file}: {message}")]
    HomebrewParse {
        /// The file.
        file: String,
        /// What is wrong, with the line where TOML gives one.
        message: String,
    },
    /// Occurs when one field of one spell is missing or has a bad value.
    #[error("{file}: {spell}: {field}: {message}")]
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
    #[error("duplicate spell id {id:?}: defined in {first} and again in {second}")]
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
    #[error("{file}: {monster}: {field}: {message}")]
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
    #[error("duplicate monster id {id:?}: defined in {first} and again in {second}")]
    DuplicateMonster {
        /// The id.
        id: String,
        /// Where it was defined first (`SRD` or a file).
        first: String,
        /// Where it was defined again.
        second: String,
    },
    /// Occurs when a lookup matches no creature.
    #[error("no monster is called {query:?}")]
    UnknownMonster {
        /// What was asked for.
        query: String,
    },
    /// Occurs when a lookup matches no spell.
    #[error("no spell is called {query:?}")]
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

    /// The message in Czech. The framing is Czech; the detail of a bad field
    /// (which lists the accepted English keywords of the file format) and
    /// messages from the TOML parser or the operating system stay as given.
    pub fn message_cs(&self) -> String {
        match self {
            CatalogError::HomebrewIo { file, message } => {
                format!("{file}: soubor nelze přečíst: {message}")
            }
            CatalogError::HomebrewParse { file, message } => {
                format!("{file}: chybný soubor kouzel: {message}")
            }
            CatalogError::HomebrewInvalidField {
                file,
                spell,
                field,
                message,
            } => {
                format!("{file}: kouzlo {spell}: pole {field}: {message}")
            }
            CatalogError::DuplicateSpell { id, first, second } => {
                format!("kouzlo s id {id:?} je definováno dvakrát: v {first} a znovu v {second}")
            }
            CatalogError::UnknownSpell { query } => format!("žádné kouzlo se nejmenuje {query:?}"),
            CatalogError::MonsterInvalidField {
                file,
                monster,
                field,
                message,
            } => format!("{file}: tvor {monster}: pole {field}: {message}"),
            CatalogError::DuplicateMonster { id, first, second } => {
                format!("tvor s id {id:?} je definován dvakrát: v {first} a znovu v {second}")
            }
            CatalogError::UnknownMonster { query } => {
                format!("žádný tvor se nejmenuje {query:?}")
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
            e.message_cs(),
            "fireball2.toml: kouzlo fireball-2: pole components.cost_gp: cost must be a number"
        );
        let unknown = CatalogError::UnknownSpell {
            query: "Ohnivá koule 2".into(),
        };
        assert_eq!(
            unknown.message_cs(),
            "žádné kouzlo se nejmenuje \"Ohnivá koule 2\""
        );
        assert_eq!(unknown.code(), "unknown_spell");
    }
}
