//! Why a sheet was refused: one variant per reason, each with a stable code
//! and the JSON field it names.

use grimoire_rules::RulesError;

/// A sheet refused whole: nothing of it is kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// Occurs when the file is larger than [`crate::MAX_FILE_BYTES`].
    #[error("the file is {size} bytes; a sheet may be at most {max} bytes")]
    TooLarge {
        /// The file's size.
        size: usize,
        /// The bound.
        max: usize,
    },
    /// Occurs when the file is not JSON, is cut short or nests too deep.
    #[error("the file is not valid JSON (line {line}, column {column}{})", if *.truncated { ", cut short" } else { "" })]
    NotJson {
        /// Where the reader stopped.
        line: usize,
        /// Where the reader stopped.
        column: usize,
        /// Whether the file ended in the middle of a value.
        truncated: bool,
    },
    /// Occurs when the JSON is not a Foundry dnd5e actor.
    #[error("this is not a Foundry VTT dnd5e actor: {field} is missing or wrong")]
    NotAFoundryActor {
        /// The field that gave it away.
        field: String,
    },
    /// Occurs when the JSON is not a D&D Beyond character.
    #[error("this is not a D&D Beyond character: {field} is missing or wrong")]
    NotADdbCharacter {
        /// The field that gave it away.
        field: String,
    },
    /// Occurs when the actor is not a player character (an NPC, a vehicle).
    #[error("the actor is a {kind}, not a character (field type)")]
    NotACharacter {
        /// The actor's `type`.
        kind: String,
    },
    /// Occurs when a list or a text is over its documented bound.
    #[error("{field} is over its bound of {max}")]
    OverBound {
        /// The field.
        field: String,
        /// The bound.
        max: usize,
    },
    /// Occurs when a field holds a value of the wrong kind or out of range.
    #[error("{field} holds an invalid value: {value}")]
    BadField {
        /// The field.
        field: String,
        /// What it held (shortened).
        value: String,
    },
    /// Occurs when a class is not one of the SRD 5.2 classes.
    #[error("{field} names the class {class}, which is not an SRD class")]
    UnknownClass {
        /// The field.
        field: String,
        /// The class identifier on the sheet.
        class: String,
    },
    /// Occurs when none of the character's classes casts spells.
    #[error("the character has no spellcasting class (items of type class)")]
    NotASpellcaster,
    /// Occurs when the rules refuse the character the sheet describes.
    #[error("the rules refuse this character: {0}")]
    Rules(#[from] RulesError),
}

impl ImportError {
    /// The stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            ImportError::TooLarge { .. } => "too_large",
            ImportError::NotJson { .. } => "not_json",
            ImportError::NotAFoundryActor { .. } => "not_a_foundry_actor",
            ImportError::NotADdbCharacter { .. } => "not_a_ddb_character",
            ImportError::NotACharacter { .. } => "not_a_character",
            ImportError::OverBound { .. } => "over_bound",
            ImportError::BadField { .. } => "bad_field",
            ImportError::UnknownClass { .. } => "unknown_class",
            ImportError::NotASpellcaster => "not_a_spellcaster",
            ImportError::Rules(e) => e.code(),
        }
    }

    /// The JSON field the error names, when it names one.
    pub fn field(&self) -> Option<&str> {
        match self {
            ImportError::NotAFoundryActor { field }
            | ImportError::NotADdbCharacter { field }
            | ImportError::OverBound { field, .. }
            | ImportError::BadField { field, .. }
            | ImportError::UnknownClass { field, .. } => Some(field),
            ImportError::NotACharacter { .. } => Some("type"),
            _ => None,
        }
    }
}
