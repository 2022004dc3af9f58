//! A character brought from another tool's sheet (issue 36): the one step
//! behind `grimoire import foundry` (and, later, the API's upload route).
//! The sheet is read and reported by `grimoire-import`; this step checks the
//! name and stores the character in one change, so an import lands whole or
//! not at all and `grimoire undo` takes it back.

use grimoire_import::{Imported, Report};
use grimoire_rules::Caster;
use grimoire_store::{Change, ChangeId, Store};

use crate::error::AppError;
use crate::name::{NameKind, check_name, check_unconfusable};
use crate::state::CHARACTER;

/// What was stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetStored {
    /// The character's name as stored.
    pub name: String,
    /// The character.
    pub character: Caster,
    /// The import report, unchanged.
    pub report: Report,
    /// The change that created it.
    pub change: ChangeId,
}

/// Stores an imported sheet as a new character, in one change. Refuses a
/// bad name, one that could pass for another character's or a creature's
/// of an encounter, and a name already taken (the store's conflict).
pub fn import_sheet(
    store: &mut Store,
    command: impl Into<String>,
    imported: Imported,
) -> Result<SheetStored, AppError> {
    let name = check_name(NameKind::Character, imported.caster.name())?;
    let mut imported = imported;
    if name != imported.caster.name() {
        // The name stored in its normal form (NFC, trimmed), inside too.
        let mut state = serde_json::to_value(&imported.caster)
            .map_err(grimoire_store::StoreError::Serialize)?;
        state["name"] = serde_json::Value::from(name.as_str());
        imported.caster =
            serde_json::from_value(state).map_err(grimoire_store::StoreError::Serialize)?;
    }
    let existing = store.list::<serde_json::Value>(CHARACTER)?;
    check_unconfusable(
        NameKind::Character,
        &name,
        existing.iter().map(|e| e.name.as_str()),
    )?;
    crate::identity::check_character_name(store, &name)?;
    let change = Change::new(command).create(CHARACTER, &name, &imported.caster)?;
    let committed = store.commit(&change)?;
    Ok(SheetStored {
        name,
        character: imported.caster,
        report: imported.report,
        change: committed.change,
    })
}
