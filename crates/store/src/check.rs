//! The backend-independent steps of `commit`, `undo` and `log`: what both
//! the SQLite and the PostgreSQL backend decide the same way, whatever SQL
//! they run around it.

use crate::change::{Expected, Write};
use crate::error::{Result, StoreError};
use crate::record::{ChangeId, LogEntry, Touched};

/// An entity's name and version as read inside a transaction: what a
/// write is checked against.
pub(crate) struct Current {
    pub(crate) name: String,
    pub(crate) version: u64,
}

/// SQL for the log rows that give one entity's states after `seq` from
/// `?3` to `?4`: from the newest row without a delta at or before `?3`
/// (see `packed.rs`), in order, on the unique `(kind, name, seq)` index.
/// [`crate::packed::resolve`] turns them into states. PostgreSQL has its
/// own (`postgres.rs`): its rows name their kind by number (migration 8).
pub(crate) const STATE_RUN: &str = "SELECT seq, state_after_json, state_packed FROM events
     WHERE entity_kind = ?1 AND entity_name_key = ?2 AND seq <= ?4
       AND seq >= (SELECT COALESCE(MAX(seq), 0) FROM events
                   WHERE entity_kind = ?1 AND entity_name_key = ?2
                     AND seq <= ?3 AND state_packed IS NULL)
     ORDER BY seq";

/// One entity's states after a run of its log rows, by `seq`.
pub(crate) struct States(std::collections::BTreeMap<u64, Option<String>>);

impl States {
    /// The resolved run (see [`crate::packed::resolve`]).
    pub(crate) fn new(run: Vec<crate::packed::StoredState>) -> Result<Self> {
        Ok(States(crate::packed::resolve(run)?.into_iter().collect()))
    }

    /// The state after log row `seq` (`None`: no entity, or no such row).
    pub(crate) fn after(&self, seq: u64) -> Option<String> {
        self.0.get(&seq).cloned().flatten()
    }

    /// The state before log row `seq`: the previous row's state after.
    pub(crate) fn before(&self, seq: u64) -> Option<String> {
        seq.checked_sub(1).and_then(|s| self.after(s))
    }
}

/// A change's events from its stored columns, capped as
/// [`events_capped`] caps plain ones: an entry over
/// [`crate::Change::MAX_EVENTS_BYTES`] reads as none.
pub(crate) fn events_text(plain: String, packed: Option<Vec<u8>>) -> Result<String> {
    let text = crate::packed::unpack_events(plain, packed)?;
    Ok(if text.len() > crate::Change::MAX_EVENTS_BYTES {
        "[]".to_owned()
    } else {
        text
    })
}

/// Replays a history's rows (`kind`, name key, `seq`, plain state,
/// delta, in log order) into each write's states before and after.
pub(crate) fn replay(
    rows: impl IntoIterator<Item = (String, String, String, u64, Option<String>, Option<Vec<u8>>)>,
) -> Result<Vec<crate::record::LoggedWrite>> {
    let mut last: std::collections::HashMap<(String, String), (u64, Option<String>)> =
        std::collections::HashMap::new();
    let mut out = Vec::new();
    for (kind, key, name, seq, plain, packed) in rows {
        let at = (kind, key);
        let before = match last.get(&at) {
            Some((s, state)) if *s + 1 == seq => state.clone(),
            _ => None,
        };
        let after = match packed {
            Some(delta) => Some(crate::packed::inflate(
                &delta,
                Some(before.as_deref().ok_or_else(|| StoreError::Decode {
                    kind: at.0.clone(),
                    name: name.clone(),
                    source: serde_json::Error::io(std::io::Error::other(format!(
                        "log write {seq} is a delta on a state the log does not have"
                    ))),
                })?),
            )?),
            None => plain,
        };
        last.insert(at.clone(), (seq, after.clone()));
        out.push(crate::record::LoggedWrite {
            kind: at.0,
            name,
            seq,
            before,
            after,
        });
    }
    Ok(out)
}

/// A change's events as a log page reads them: an entry over
/// [`crate::Change::MAX_EVENTS_BYTES`] (one written before that bound)
/// reads as no events, so a page never loads it. Its command and entities
/// still show. The number is the bound, written out because SQL text is
/// built at compile time; a test checks they agree.
macro_rules! events_capped {
    ($alias:literal) => {
        concat!(
            "CASE WHEN length(",
            $alias,
            ".events_json) > 1048576 THEN '[]' ELSE ",
            $alias,
            ".events_json END"
        )
    };
}
pub(crate) use events_capped;

/// Adds a row's `row` bytes (its events; a character's log entry also
/// its states) to a page's `bytes` so far: false when the page is
/// full ([`crate::Store::MAX_PAGE_BYTES`]) and `row` should wait for the
/// next page. The first row always fits.
pub(crate) fn fits_page(bytes: &mut usize, row: usize, first: bool) -> bool {
    let next = bytes.saturating_add(row);
    if !first && next > crate::Store::MAX_PAGE_BYTES {
        return false;
    }
    *bytes = next;
    true
}

/// One entity write plus its log row; the caller owns the transaction.
pub(crate) struct EntityWrite<'a> {
    pub(crate) change: i64,
    pub(crate) kind: &'a str,
    pub(crate) key: &'a str,
    pub(crate) name: &'a str,
    /// The state written, `None` for a deletion. The state before is not
    /// stored: it is the entity's previous log row's state after.
    pub(crate) after: Option<&'a str>,
    /// That state before, when the writer has it: the log row may then
    /// store a delta on it instead of `after` (see `packed.rs`).
    pub(crate) base: Option<&'a str>,
}

impl<'a> EntityWrite<'a> {
    /// The write `w` of change `change`, stored under `key` and `name`.
    pub(crate) fn of_commit(
        change: i64,
        w: &'a Write,
        key: &'a str,
        name: &'a str,
        base: Option<&'a str>,
    ) -> Self {
        EntityWrite {
            change,
            kind: &w.kind,
            key,
            name,
            after: w.state_json.as_deref(),
            base,
        }
    }

    /// The write of undo change `change` that reverts `row`.
    pub(crate) fn of_undo(change: i64, row: &'a UndoRow) -> Self {
        EntityWrite {
            change,
            kind: &row.kind,
            key: &row.key,
            name: &row.name,
            after: row.before.as_deref(),
            // The entity is as the change left it (checked before).
            base: row.after.as_deref(),
        }
    }

    /// What the write reports once stored as log entry `seq`.
    pub(crate) fn touched(&self, seq: u64) -> Touched {
        Touched {
            kind: self.kind.to_owned(),
            name: self.name.to_owned(),
            version: self.after.map(|_| seq),
        }
    }
}

/// One entity row of the change an undo reverts.
pub(crate) struct UndoRow {
    pub(crate) kind: String,
    pub(crate) key: String,
    pub(crate) name: String,
    pub(crate) before: Option<String>,
    pub(crate) after: Option<String>,
}

/// Checks the write's [`Expected`] against what is stored and returns the
/// name to store it under: the stored spelling when the entity exists, the
/// trimmed requested one when it is new.
pub(crate) fn check_write(w: &Write, cur: Option<&Current>) -> Result<String> {
    match (w.expected, cur) {
        (Expected::Absent, Some(c)) => {
            return Err(StoreError::AlreadyExists {
                kind: w.kind.clone(),
                name: c.name.clone(),
            });
        }
        (Expected::Version(_), None) => {
            return Err(StoreError::NotFound {
                kind: w.kind.clone(),
                name: w.name.clone(),
            });
        }
        (Expected::Version(v), Some(c)) if c.version != v => {
            return Err(StoreError::Conflict {
                kind: w.kind.clone(),
                name: c.name.clone(),
                expected: v,
                found: c.version,
            });
        }
        _ => {}
    }
    Ok(cur.map_or_else(|| w.name.trim().to_owned(), |c| c.name.clone()))
}

/// Refuses an undo of `change` unless the entity is still exactly as that
/// change left it (`cur` is its stored state, `after` the change's result).
pub(crate) fn check_undoable(
    change: i64,
    kind: &str,
    name: &str,
    cur: Option<&str>,
    after: Option<&str>,
) -> Result<()> {
    if cur != after {
        return Err(StoreError::UndoBlocked {
            change,
            kind: kind.to_owned(),
            name: name.to_owned(),
        });
    }
    Ok(())
}

/// Refuses an undo of `change` when `allow` rejects any entity it touched.
pub(crate) fn check_allowed(
    change: i64,
    rows: &[UndoRow],
    allow: &crate::backend::UndoGuard<'_>,
) -> Result<()> {
    match rows.iter().find(|r| !allow(&r.kind, &r.name)) {
        Some(r) => Err(StoreError::UndoForbidden {
            change,
            kind: r.kind.clone(),
            name: r.name.clone(),
        }),
        None => Ok(()),
    }
}

/// The `not_found` error for an entity looked up by the caller's name.
pub(crate) fn not_found(kind: &str, name: &str) -> StoreError {
    StoreError::NotFound {
        kind: kind.to_owned(),
        name: name.to_owned(),
    }
}

/// The `nothing_to_undo` error for an entity looked up by the caller's name.
pub(crate) fn nothing_to_undo(kind: &str, name: &str) -> StoreError {
    StoreError::NothingToUndo {
        kind: kind.to_owned(),
        name: name.to_owned(),
    }
}

/// The entries of a log page, oldest first: of `rows` (newest first,
/// their states not read yet) the newest that fit
/// [`crate::Store::MAX_PAGE_BYTES`] with their states (the first always),
/// given `run`, the entity's stored states from a row without a delta up
/// to the newest row. The run is resolved twice, holding one state at a
/// time and then only the page's: a page of large states never sits in
/// memory whole.
pub(crate) fn log_page_rows(
    mut rows: Vec<LogRow>,
    run: &[crate::packed::StoredState],
) -> Result<Vec<LogRow>> {
    use std::collections::HashMap;
    let mut lengths: HashMap<u64, usize> = HashMap::new();
    crate::packed::each_state(run, |seq, state| {
        lengths.insert(seq, state.map_or(0, str::len));
    })?;
    let length = |seq: i64| {
        u64::try_from(seq)
            .ok()
            .and_then(|s| lengths.get(&s))
            .copied()
    };
    let mut bytes = 0;
    let mut keep = 0;
    for (i, row) in rows.iter().enumerate() {
        let states = length(row.seq - 1).unwrap_or(0) + length(row.seq).unwrap_or(0);
        if !fits_page(&mut bytes, row.events.len() + states, i == 0) {
            break;
        }
        keep = i + 1;
    }
    rows.truncate(keep);
    let oldest = rows.last().map_or(0, |r| r.seq - 1);
    let mut states: HashMap<i64, String> = HashMap::new();
    crate::packed::each_state(run, |seq, state| {
        let seq = seq as i64;
        if let Some(state) = state.filter(|_| seq >= oldest) {
            states.insert(seq, state.to_owned());
        }
    })?;
    for row in &mut rows {
        row.after = states.get(&row.seq).cloned();
        row.before = states.get(&(row.seq - 1)).cloned();
    }
    rows.reverse();
    Ok(rows)
}

/// One row of an entity's history as read from the database, JSON still text.
pub(crate) struct LogRow {
    pub(crate) change: i64,
    pub(crate) seq: i64,
    pub(crate) command: String,
    pub(crate) events: String,
    pub(crate) undo_of: Option<i64>,
    pub(crate) undone_by: Option<i64>,
    pub(crate) before: Option<String>,
    pub(crate) after: Option<String>,
    pub(crate) created_at: String,
    /// The entity's name as the row stored it.
    pub(crate) name: String,
}

impl LogRow {
    /// The log entry, JSON parsed (events, then state before, then after).
    pub(crate) fn into_entry(self, kind: &str, entities: Vec<String>) -> Result<LogEntry> {
        let ename = &self.name;
        Ok(LogEntry {
            change: ChangeId(self.change),
            seq: self.seq as u64,
            command: self.command,
            events: parse_json(kind, ename, &self.events)?,
            undo_of: self.undo_of.map(ChangeId),
            undone_by: self.undone_by.map(ChangeId),
            state_before: self
                .before
                .map(|s| parse_json(kind, ename, &s))
                .transpose()?,
            state_after: self
                .after
                .map(|s| parse_json(kind, ename, &s))
                .transpose()?,
            entities,
            created_at: self.created_at,
        })
    }
}

fn parse_json(kind: &str, name: &str, text: &str) -> Result<serde_json::Value> {
    serde_json::from_str(text).map_err(|source| StoreError::Decode {
        kind: kind.to_owned(),
        name: name.to_owned(),
        source,
    })
}

/// One row of a table's log before its JSON is parsed.
pub(crate) struct RecentRow {
    pub(crate) change: i64,
    pub(crate) command: String,
    pub(crate) events: String,
    pub(crate) undo_of: Option<i64>,
    pub(crate) created_at: String,
}

impl RecentRow {
    /// The summary, events parsed, with the entities the change touched.
    pub(crate) fn into_summary(
        self,
        entities: Vec<String>,
    ) -> Result<crate::record::ChangeSummary> {
        Ok(crate::record::ChangeSummary {
            change: ChangeId(self.change),
            events: parse_json("change", &self.change.to_string(), &self.events)?,
            command: self.command,
            undo_of: self.undo_of.map(ChangeId),
            entities,
            created_at: self.created_at,
        })
    }
}
