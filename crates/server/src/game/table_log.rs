//! A campaign's table log: the change log of its characters and
//! encounters, newest first, each cast with its card (every die, targets,
//! saves, damage) as the change logged it. What a player may not see of a
//! card (a creature's hit points) is left out for them.

use grimoire_store::{ChangeId, ChangeSummary, Store};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::error::ServerError;

/// How many entries a page holds by default, and at most.
pub const DEFAULT_PAGE: u32 = 30;

/// The page asked for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    /// At most this many entries (default 30, at most 200).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u32>,
    /// Only entries older than this change (the `next` of the page before).
    #[param(minimum = 1)]
    pub before: Option<i64>,
}

/// One change of the table.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
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
    /// The casts it made, each as a cast's JSON (spell, level, slot,
    /// mode, rolls, targets with saves and damage, concentration).
    #[schema(value_type = Vec<Object>)]
    pub cards: Vec<Value>,
}

/// A page of the table log.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TableLog {
    /// Newest first.
    pub entries: Vec<TableEntry>,
    /// Pass as `before` for the next (older) page; null at the start.
    pub next: Option<i64>,
}

/// A page of the table log, every number in it (a player's answer is
/// redacted on its way out, like every answer).
pub fn table_log(store: &Store, q: &LogQuery) -> Result<TableLog, ServerError> {
    let limit = q.limit.unwrap_or(DEFAULT_PAGE);
    if limit == 0 || limit > Store::MAX_RECENT {
        return Err(ServerError::invalid_with(
            "bad_limit",
            grimoire_words::Message::new("server-range-to")
                .text("field", "limit")
                .number("min", 1)
                .number("max", Store::MAX_RECENT as i64),
        ));
    }
    if q.before.is_some_and(|b| b < 1) {
        return Err(ServerError::invalid("bad_before", "server-bad_before"));
    }
    let kinds = [
        grimoire_app::CHARACTER,
        grimoire_app::ENCOUNTER,
        grimoire_app::TABLE,
    ];
    let changes = store.recent(&kinds, q.before.map(ChangeId), limit)?;
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
    let cards = c
        .events
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e.get("card").cloned())
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
