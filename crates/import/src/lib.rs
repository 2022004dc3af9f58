//! Grimoire import: bring a character from Foundry VTT (the dnd5e system)
//! and give it back, read one saved from D&D Beyond, and check a sheet
//! against the 2024 rules.
//!
//! [`import_ddb`] reads the character JSON D&D Beyond's character endpoint
//! returns (saved by the player; nothing is fetched) into the same
//! [`Imported`] with the same kind of report.
//!
//! [`import_foundry`] reads an actor exported from Foundry (the 2024 data
//! model, `system.method` / `system.prepared`, and the older
//! `system.preparation.mode` shape) into a [`grimoire_rules::Caster`] with
//! a [`Report`] naming every part of the sheet and what became of it;
//! nothing is dropped silently. [`export_foundry`] writes the fields
//! Grimoire models back in the same shape, so an import of an export is
//! the same character. [`check`] lists what a referee would question.
//!
//! Files are hostile until read: at most [`MAX_FILE_BYTES`], [`MAX_ITEMS`]
//! items, names of at most [`MAX_NAME_CHARS`] characters; every refusal is
//! an [`ImportError`] with a stable code naming the JSON field.
//!
//! ```
//! use grimoire_catalog::Catalog;
//! use grimoire_import::{check, export_foundry, import_foundry};
//!
//! let sheet = br#"{"name": "Ilse", "type": "character",
//!   "system": {"abilities": {"str": {"value": 8}, "dex": {"value": 14},
//!     "con": {"value": 12}, "int": {"value": 16}, "wis": {"value": 10},
//!     "cha": {"value": 10}}, "spells": {"spell1": {"value": 3}}},
//!   "items": [
//!     {"name": "Wizard", "type": "class",
//!      "system": {"identifier": "wizard", "levels": 2}},
//!     {"name": "Magic Missile", "type": "spell",
//!      "system": {"identifier": "magic-missile", "level": 1,
//!                 "method": "spell", "prepared": 1}},
//!     {"name": "My Homebrew Bolt", "type": "spell",
//!      "system": {"level": 1, "method": "spell", "prepared": 1}}]}"#;
//! let srd = Catalog::srd();
//! let imported = import_foundry(sheet, srd)?;
//! let wizard = &imported.caster;
//! assert_eq!(wizard.prepared().len(), 1);
//! assert!(imported.report.skipped_lines().any(|(line, why)|
//!     line.name == "My Homebrew Bolt" && why.code() == "unknown_spell"));
//! assert!(check(&imported, srd).is_empty());
//!
//! let again = import_foundry(export_foundry(wizard, srd).to_string().as_bytes(), srd)?;
//! assert_eq!(&again.caster, wizard);
//!
//! let err = import_foundry(br#"{"name": "Goblin", "type": "npc",
//!   "system": {"abilities": {}}, "items": []}"#, srd).unwrap_err();
//! assert_eq!(err.code(), "not_a_character");
//! # Ok::<(), grimoire_import::ImportError>(())
//! ```
#![deny(missing_docs)]

mod armor;
mod charged;
mod check;
mod ddb;
mod error;
mod export;
mod read;
mod report;
mod sheet;
mod subclass;

pub use check::{Finding, check};
pub use ddb::{import_ddb, import_ddb_as};
pub use error::ImportError;
pub use export::export_foundry;
pub use read::{Imported, import_foundry, import_foundry_as};
pub use report::{Fate, Mapped, Report, ReportLine, Skip};
pub use sheet::{SheetFacts, ability_key, class_key, class_of};

/// The largest file read: 2 MiB (a level-20 premade is under 400 KiB).
pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;

/// The most items an actor may carry.
pub const MAX_ITEMS: usize = 2000;

/// The longest name (of the actor or an item), in characters.
pub const MAX_NAME_CHARS: usize = 200;

/// Which tool a sheet comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SheetFormat {
    /// A Foundry VTT (dnd5e) actor.
    Foundry,
    /// A D&D Beyond character.
    Ddb,
}

impl SheetFormat {
    /// Both formats, in the order the front ends list them.
    pub const ALL: [SheetFormat; 2] = [SheetFormat::Foundry, SheetFormat::Ddb];

    /// The format's name in commands and JSON (`foundry`, `ddb`).
    pub fn code(self) -> &'static str {
        match self {
            SheetFormat::Foundry => "foundry",
            SheetFormat::Ddb => "ddb",
        }
    }

    /// The format of a sheet's bytes, told by its top-level fields: a
    /// Foundry actor has `items` and `system`; anything else is read as
    /// D&D Beyond's (whose reader names what is missing).
    pub fn detect(bytes: &[u8]) -> SheetFormat {
        let head = &bytes[..bytes.len().min(MAX_FILE_BYTES)];
        match serde_json::from_slice::<serde_json::Value>(head) {
            Ok(v) if v.get("items").is_some() && v.get("system").is_some() => SheetFormat::Foundry,
            Ok(v) if v.get("data").is_some() || v.get("stats").is_some() => SheetFormat::Ddb,
            _ => SheetFormat::Foundry,
        }
    }

    /// Reads a sheet of this format, named `name` when one is given.
    pub fn import(
        self,
        bytes: &[u8],
        catalog: &grimoire_catalog::Catalog,
        name: Option<&str>,
    ) -> Result<Imported, ImportError> {
        match self {
            SheetFormat::Foundry => import_foundry_as(bytes, catalog, name),
            SheetFormat::Ddb => import_ddb_as(bytes, catalog, name),
        }
    }
}
