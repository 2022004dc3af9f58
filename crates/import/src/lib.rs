//! Grimoire import: bring a character from Foundry VTT (the dnd5e system)
//! and give it back, and check a sheet against the 2024 rules.
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

mod check;
mod error;
mod export;
mod read;
mod report;
mod sheet;

pub use check::{Finding, check};
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
