//! A table's log (issue 32): the change log of its characters, encounters
//! and table settings, newest first, each cast with its card (every die,
//! targets, saves, damage) as the change logged it. What a player may not
//! see of a card (a creature's hit points) is blanked by
//! [`crate::seat::Seat::redact`] on the way out, like every answer.

use grimoire_store::{ChangeId, ChangeSummary, Store};
use serde::{Deserialize, Serialize};

use crate::card::LogCard;
use crate::error::AppError;

/// How many entries a page holds by default.
pub const DEFAULT_PAGE: u32 = 30;

/// One change of the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableEntry {
    /// The change id.
    pub change: i64,
    /// What was asked for (`cast fireball Elmira`).
    pub command: String,
    /// When (UTC, RFC 3339).
    pub created_at: String,
    /// The change it undid, for an undo.
    pub undo_of: Option<i64>,
    /// The characters, encounters and table settings it touched
    /// (`character:Elmira`, `table:house-rules`).
    pub entities: Vec<String>,
    /// What it showed the table: each cast as its card (spell, level,
    /// slot, mode, rolls, targets with saves and damage, concentration)
    /// and each roll made outside a cast (`kind`: `turn`, `conc`,
    /// `death`), as the change stored them: a log keeps the shapes of
    /// older versions too ([`LogCard`]).
    pub cards: Vec<LogCard>,
}

/// A page of the table log.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableLog {
    /// Newest first.
    pub entries: Vec<TableEntry>,
    /// Pass as `before` for the next (older) page; null at the start.
    pub next: Option<i64>,
}

/// A page of the table log: at most `limit` entries (1 to
/// [`Store::MAX_RECENT`]; more is read as the most) older than change
/// `before`, every number in them.
pub fn table_log(store: &Store, limit: u32, before: Option<i64>) -> Result<TableLog, AppError> {
    let limit = limit.clamp(1, Store::MAX_RECENT);
    let kinds = [crate::CHARACTER, crate::ENCOUNTER, crate::TABLE];
    let changes = store.recent(&kinds, before.map(ChangeId), limit)?;
    let last = changes.last().map(|c| c.change);
    // A page ends early when its entries pass the store's byte budget
    // (`Store::MAX_PAGE_BYTES`); it goes on if anything is older.
    let more = changes.len() == limit as usize
        || match last {
            Some(last) => !store.recent(&kinds, Some(last), 1)?.is_empty(),
            None => false,
        };
    let next = last.filter(|_| more).map(|c| c.0);
    let entries = changes.into_iter().map(entry).collect();
    Ok(TableLog { entries, next })
}

fn entry(c: ChangeSummary) -> TableEntry {
    // Every card this version logs reads back (`card.rs`'s tests); a card
    // of a shape it cannot read is left out rather than failing the page.
    let cards = c
        .events
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e.get("card"))
        .filter_map(|card| LogCard::deserialize(card).ok())
        .collect();
    TableEntry {
        change: c.change.0,
        command: c.command,
        created_at: c.created_at,
        undo_of: c.undo_of.map(|u| u.0),
        entities: c.entities,
        cards,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_newest_first_and_names_the_next() {
        let mut store = Store::open_in_memory().unwrap();
        let wizard = grimoire_rules::Caster::new(
            "Elmira",
            &[(grimoire_rules::Class::Wizard, 1)],
            grimoire_rules::AbilityScores::new([10; 6]).unwrap(),
        )
        .unwrap();
        let change = grimoire_store::Change::new("character new Elmira")
            .create(crate::CHARACTER, "Elmira", &wizard)
            .unwrap();
        store.commit(&change).unwrap();
        let e = crate::character(&store, "Elmira").unwrap();
        crate::wait(&mut store, "wait 1r Elmira", &e, 1).unwrap();
        let page = table_log(&store, 1, None).unwrap();
        assert_eq!(page.entries.len(), 1);
        assert_eq!(page.entries[0].command, "wait 1r Elmira");
        let older = table_log(&store, 30, page.next).unwrap();
        assert_eq!(older.entries[0].command, "character new Elmira");
        assert_eq!(older.next, None);
    }
}
