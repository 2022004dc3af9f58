//! A character brought from another tool's sheet (issue 36): the one step
//! behind `grimoire import foundry|ddb`, the API's upload route and MCP's
//! `import_sheet`.
//! The sheet is read and reported by `grimoire-import`; this step checks the
//! name and stores the character in one change, so an import lands whole or
//! not at all and `grimoire undo` takes it back.

use grimoire_import::{Imported, Report};
use grimoire_rules::Caster;
use grimoire_store::{Change, ChangeId, Store};

use crate::error::AppError;
use crate::name::{NameKind, check_name, check_unconfusable};
use crate::state::CHARACTER;

/// The entity kind that records who plays a character on a server.
const OWNER: &str = "owner";

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
    import_sheet_for(store, command, imported, None)
}

/// [`import_sheet`] for a table's server: the character stored with the
/// account that plays it (an `owner` entity beside it, `{"account": ...}`),
/// in the same change, so undo takes back both.
pub fn import_sheet_for(
    store: &mut Store,
    command: impl Into<String>,
    imported: Imported,
    owner: Option<&str>,
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
    let mut change = Change::new(command).create(CHARACTER, &name, &imported.caster)?;
    if let Some(account) = owner {
        change = change.create(OWNER, &name, &serde_json::json!({ "account": account }))?;
    }
    let committed = store.commit(&change)?;
    Ok(SheetStored {
        name,
        character: imported.caster,
        report: imported.report,
        change: committed.change,
    })
}

#[cfg(test)]
mod tests {
    use grimoire_catalog::Catalog;
    use grimoire_import::import_foundry_as;
    use grimoire_rules::Class;

    use super::*;
    use crate::state::character;

    const SHEET: &str = r#"{"name": "Ilse", "type": "character",
      "system": {"abilities": {"str": {"value": 8}, "dex": {"value": 14},
        "con": {"value": 12}, "int": {"value": 16}, "wis": {"value": 10},
        "cha": {"value": 10}}},
      "items": [{"name": "Wizard", "type": "class",
                 "system": {"identifier": "wizard", "levels": 3}},
                {"name": "Magic Missile", "type": "spell",
                 "system": {"identifier": "magic-missile", "level": 1,
                            "method": "spell", "prepared": 1}}]}"#;

    fn sheet(name: Option<&str>) -> Imported {
        import_foundry_as(SHEET.as_bytes(), Catalog::srd(), name).unwrap()
    }

    #[test]
    fn an_import_is_one_change_that_creates_the_character() {
        let mut store = Store::open_in_memory().unwrap();
        let done = import_sheet(&mut store, "import foundry ilse.json", sheet(None)).unwrap();
        assert_eq!(done.name, "Ilse");
        let stored = character(&store, "Ilse").unwrap();
        assert_eq!(stored.state, done.character);
        assert_eq!(stored.state.class_level(Class::Wizard), 3);
        assert_eq!(stored.state.prepared().len(), 1);
        // Undo takes the whole import back.
        store.undo(CHARACTER, "Ilse").unwrap();
        assert!(character(&store, "Ilse").is_err());
    }

    #[test]
    fn a_taken_or_look_alike_name_is_refused_and_nothing_is_written() {
        let mut store = Store::open_in_memory().unwrap();
        import_sheet(&mut store, "import", sheet(None)).unwrap();
        assert!(import_sheet(&mut store, "import", sheet(None)).is_err());
        // Cyrillic "І" for Latin "I": it could pass for Ilse.
        let e = import_sheet(&mut store, "import", sheet(Some("\u{406}lse"))).unwrap_err();
        assert_eq!(e.code(), "invalid_name");
        assert_eq!(store.list::<serde_json::Value>(CHARACTER).unwrap().len(), 1);
    }

    #[test]
    fn an_owned_import_stores_the_owner_in_the_same_change() {
        let mut store = Store::open_in_memory().unwrap();
        import_sheet_for(&mut store, "import", sheet(None), Some("mira")).unwrap();
        let owner = store
            .find::<serde_json::Value>(OWNER, "Ilse")
            .unwrap()
            .unwrap();
        assert_eq!(owner.state["account"], "mira");
        store.undo(CHARACTER, "Ilse").unwrap();
        assert!(character(&store, "Ilse").is_err());
        assert!(
            store
                .find::<serde_json::Value>(OWNER, "Ilse")
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn the_name_is_stored_in_its_normal_form_inside_too() {
        let mut store = Store::open_in_memory().unwrap();
        // "e" + combining acute: stored composed, in the key and the state.
        let done = import_sheet(&mut store, "import", sheet(Some("Rene\u{301}e"))).unwrap();
        assert_eq!(done.name, "Ren\u{e9}e");
        assert_eq!(done.character.name(), "Ren\u{e9}e");
        assert_eq!(
            character(&store, "Ren\u{e9}e").unwrap().state.name(),
            "Ren\u{e9}e"
        );
    }
}
