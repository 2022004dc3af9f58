//! A change: the writes one command makes, committed together or not at all.

use std::any::{Any, TypeId};
use std::sync::Arc;

use serde::Serialize;

use crate::error::{Result, StoreError};

/// What the caller believes about an entity before writing it. The store
/// refuses the whole change when the belief is wrong, so two front ends
/// working on the same character cannot silently overwrite each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// The entity must not exist (creation).
    Absent,
    /// The entity must exist at exactly this version.
    Version(u64),
}

/// One entity written by a change.
#[derive(Debug, Clone, PartialEq)]
pub struct Write {
    pub(crate) kind: String,
    pub(crate) name: String,
    pub(crate) expected: Expected,
    /// `None` deletes the entity.
    pub(crate) state_json: Option<String>,
    /// The state as the caller had it, when given ([`Change::update_known`]).
    pub(crate) known: Option<Known>,
    /// The entity as the writer last read it, when a cache had it at the
    /// expected version: the state before, on which the log row's delta
    /// is made (see `packed.rs`). Set by [`crate::Cached`].
    pub(crate) base: Option<Base>,
}

/// The stored entity a write starts from (its version is the write's
/// expected one). Backends use it only where the database checks that it
/// is still the stored state.
#[derive(Clone)]
pub(crate) struct Base(pub(crate) Arc<crate::cache::SharedEntity>);

impl std::fmt::Debug for Base {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Base(..)")
    }
}

/// Writes are equal when their JSON is: the base is what the store read,
/// not part of what is written.
impl PartialEq for Base {
    fn eq(&self, _: &Base) -> bool {
        true
    }
}

/// A written state as the caller had it before it was serialised: the
/// instance's cache keeps it as the decoded state of the new version, so
/// the next reader need not decode the JSON it was just given.
#[derive(Clone)]
pub(crate) struct Known {
    pub(crate) ty: TypeId,
    pub(crate) value: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Known(..)")
    }
}

/// Writes are equal when their JSON is: what is known beside it is the
/// same state, decoded.
impl PartialEq for Known {
    fn eq(&self, _: &Known) -> bool {
        true
    }
}

impl Write {
    /// The entity kind written.
    pub fn kind(&self) -> &str {
        &self.kind
    }
    /// The entity name written.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The version the caller expects to find.
    pub fn expected(&self) -> Expected {
        self.expected
    }
    /// The new state as JSON, or `None` for a deletion.
    pub fn state_json(&self) -> Option<&str> {
        self.state_json.as_deref()
    }
}

/// The writes of one command (a cast, a rest, a new character...) plus the
/// domain events it produced. [`crate::Store::commit`] applies every write
/// in one transaction and logs it as one entry per entity.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub(crate) command: String,
    pub(crate) events_json: String,
    pub(crate) writes: Vec<Write>,
}

impl Change {
    /// Starts a change described by `command` (what the user asked for,
    /// e.g. `cast Elmira "Magic Missile" --slot 2`), with no events yet.
    pub fn new(command: impl Into<String>) -> Self {
        Change {
            command: command.into(),
            events_json: "[]".to_owned(),
            writes: Vec::new(),
        }
    }

    /// Records the domain events the command produced (any serialisable
    /// value, usually a list); they are stored with the change for `log`.
    pub fn with_events(mut self, events: &impl Serialize) -> Result<Self> {
        self.events_json = serde_json::to_string(events).map_err(StoreError::Serialize)?;
        Ok(self)
    }

    /// [`Change::with_events`] for events the caller serialised itself:
    /// `events_json` must be a JSON array.
    pub fn with_events_json(mut self, events_json: String) -> Self {
        self.events_json = events_json;
        self
    }

    /// Adds the creation of a new entity.
    pub fn create(self, kind: &str, name: &str, state: &impl Serialize) -> Result<Self> {
        self.put(kind, name, Expected::Absent, state)
    }

    /// Adds an update of an entity last read at `version`.
    pub fn update(
        self,
        kind: &str,
        name: &str,
        version: u64,
        state: &impl Serialize,
    ) -> Result<Self> {
        self.put(kind, name, Expected::Version(version), state)
    }

    /// Adds a write with an explicit expectation.
    pub fn put(
        mut self,
        kind: &str,
        name: &str,
        expected: Expected,
        state: &impl Serialize,
    ) -> Result<Self> {
        let state_json = serde_json::to_string(state).map_err(StoreError::Serialize)?;
        self.writes.push(Write {
            kind: kind.to_owned(),
            name: name.to_owned(),
            expected,
            state_json: Some(state_json),
            known: None,
            base: None,
        });
        Ok(self)
    }

    /// [`Change::update`], keeping `state` itself too: the committing
    /// instance's cache serves it to the next reader of the new version
    /// without decoding the JSON (a character's is a few kilobytes, and
    /// the next request of a table reads it at once).
    pub fn update_known<T>(self, kind: &str, name: &str, version: u64, state: &T) -> Result<Self>
    where
        T: Serialize + Clone + Send + Sync + 'static,
    {
        let mut change = self.update(kind, name, version, state)?;
        if let Some(w) = change.writes.last_mut() {
            w.known = Some(Known {
                ty: TypeId::of::<T>(),
                value: Arc::new(state.clone()),
            });
        }
        Ok(change)
    }

    /// Adds the deletion of an entity last read at `version`.
    pub fn delete(mut self, kind: &str, name: &str, version: u64) -> Self {
        self.writes.push(Write {
            kind: kind.to_owned(),
            name: name.to_owned(),
            expected: Expected::Version(version),
            state_json: None,
            known: None,
            base: None,
        });
        self
    }

    /// What the user asked for.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The domain events, as JSON text.
    pub fn events_json(&self) -> &str {
        &self.events_json
    }

    /// The writes, in order.
    pub fn writes(&self) -> &[Write] {
        &self.writes
    }

    /// Largest event list one change may log, in bytes of JSON: one entry
    /// of a table's log. The costliest cast the app's bounds allow that we
    /// could build (a save spell of 128 flat parts on 64 targets, each with
    /// every save bonus a request may give) logs about 550 KB; Meteor
    /// Swarm on 64 targets logs about 27 KB. A page of the log reads an older, larger entry as
    /// having no events.
    pub const MAX_EVENTS_BYTES: usize = 1 << 20;

    /// Largest change in all, in bytes of JSON: its events and every state
    /// it writes (a homebrew file is at most 256 KiB, an encounter of 64
    /// combatants well under a megabyte).
    pub const MAX_CHANGE_BYTES: usize = 8 << 20;

    /// Checks the shape of the change before any database work, so a
    /// malformed change never reaches a transaction.
    pub(crate) fn validate(&self) -> Result<()> {
        self.check_size()?;
        if self.writes.is_empty() {
            return Err(StoreError::InvalidChange(
                "a change must write at least one entity".into(),
            ));
        }
        let mut seen = Vec::with_capacity(self.writes.len());
        for w in &self.writes {
            if w.kind.trim().is_empty() || w.name.trim().is_empty() {
                return Err(StoreError::InvalidChange(
                    "entity kind and name must not be empty".into(),
                ));
            }
            let key = (w.kind.as_str(), name_key(&w.name));
            if seen.contains(&key) {
                return Err(StoreError::InvalidChange(format!(
                    "{} \"{}\" is written twice in one change",
                    w.kind, w.name
                )));
            }
            seen.push(key);
        }
        Ok(())
    }
}

impl Change {
    /// Refuses a change over [`Change::MAX_EVENTS_BYTES`] of events or
    /// [`Change::MAX_CHANGE_BYTES`] in all (`change_too_large`), before
    /// any database work: nothing is written.
    fn check_size(&self) -> Result<()> {
        let events = self.events_json.len();
        if events > Self::MAX_EVENTS_BYTES {
            return Err(StoreError::TooLarge {
                what: "events",
                bytes: events,
                limit: Self::MAX_EVENTS_BYTES,
            });
        }
        let all = self
            .writes
            .iter()
            .filter_map(|w| w.state_json.as_ref())
            .map(String::len)
            .fold(events + self.command.len(), usize::saturating_add);
        if all > Self::MAX_CHANGE_BYTES {
            return Err(StoreError::TooLarge {
                what: "change",
                bytes: all,
                limit: Self::MAX_CHANGE_BYTES,
            });
        }
        Ok(())
    }
}

/// The lookup key of a name: Unicode lowercase, so names are unique per kind
/// regardless of case in Czech as well as English.
pub fn name_key(name: &str) -> String {
    let name = name.trim();
    // ASCII is its own NFC form: the common case skips normalising (a
    // request looks up several names, all on the writer's hot path).
    if name.is_ascii() {
        return name.to_ascii_lowercase();
    }
    // NFC first: a name typed with a combining accent (e + U+0301) and the
    // same name with its precomposed letter (é) are one name.
    use unicode_normalization::UnicodeNormalization;
    name.nfc().collect::<String>().to_lowercase()
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_change_over_the_size_bounds_is_refused_before_any_write() {
        let big = "x".repeat(Change::MAX_EVENTS_BYTES);
        let change = Change::new("cast")
            .create("character", "Elmira", &1)
            .unwrap()
            .with_events(&[&big]);
        let err = change.unwrap().validate().unwrap_err();
        assert_eq!(err.code(), "change_too_large");
        assert!(err.to_string().contains("events"), "{err}");
        let at_bound = "x".repeat(Change::MAX_EVENTS_BYTES - 4);
        let change = Change::new("cast")
            .create("character", "Elmira", &1)
            .unwrap()
            .with_events(&[&at_bound])
            .unwrap();
        assert_eq!(change.events_json().len(), Change::MAX_EVENTS_BYTES);
        assert!(change.validate().is_ok());
        let state = "y".repeat(Change::MAX_CHANGE_BYTES / 2);
        let change = Change::new("import")
            .create("character", "A", &state)
            .unwrap()
            .create("character", "B", &state)
            .unwrap();
        assert_eq!(change.validate().unwrap_err().code(), "change_too_large");
    }

    /// The SQL that reads a page caps events at the very bound a change
    /// is written under.
    #[test]
    fn a_page_reads_events_up_to_the_written_bound() {
        let sql = crate::check::events_capped!("c");
        let bound = format!("> {} THEN", Change::MAX_EVENTS_BYTES);
        assert!(sql.contains(&bound), "{sql}");
    }
    use super::*;

    #[test]
    fn name_key_folds_czech_case() {
        assert_eq!(name_key("  Čaroděj Ů "), "čaroděj ů");
    }

    #[test]
    fn name_key_folds_ascii_case_and_trims() {
        assert_eq!(name_key("  Elmira the GREY\t"), "elmira the grey");
    }

    #[test]
    fn name_key_joins_composed_and_decomposed_forms() {
        assert_eq!(name_key("Rene\u{301}e"), name_key("Renée"));
    }

    #[test]
    fn empty_change_is_invalid() {
        let err = Change::new("noop").validate().unwrap_err();
        assert_eq!(err.code(), "invalid_change");
    }

    #[test]
    fn same_entity_twice_is_invalid_regardless_of_case() {
        let change = Change::new("x")
            .create("character", "Elmira", &1)
            .unwrap()
            .create("character", "ELMIRA", &2)
            .unwrap();
        assert_eq!(change.validate().unwrap_err().code(), "invalid_change");
    }

    #[test]
    fn blank_name_is_invalid() {
        let change = Change::new("x").create("character", "  ", &1).unwrap();
        assert_eq!(change.validate().unwrap_err().code(), "invalid_change");
    }
}
