//! What the store hands back: entities, commit receipts and log entries.

use serde::{Deserialize, Serialize};

/// The id of one committed change (one command), shared by every entity it
/// touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChangeId(pub i64);

impl std::fmt::Display for ChangeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// An entity as stored, with its state still as JSON text. Backends speak
/// this type; [`crate::Store`] decodes it into [`Entity`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawEntity {
    /// The entity kind (`character`, `encounter`, ...).
    pub kind: String,
    /// The name as first spelled.
    pub name: String,
    /// Bumped by every write; equals the number of writes ever made.
    pub version: u64,
    /// The state as JSON text.
    pub state_json: String,
    /// When it was last written (UTC, RFC 3339).
    pub updated_at: String,
}

/// An entity with its decoded state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entity<T> {
    /// The entity kind.
    pub kind: String,
    /// The name as first spelled.
    pub name: String,
    /// The version to pass back as the expected version when updating.
    pub version: u64,
    /// The decoded state.
    pub state: T,
    /// When it was last written (UTC, RFC 3339).
    pub updated_at: String,
}

impl<T> Entity<T> {
    /// The same entity with its state turned into something else.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Entity<U> {
        Entity {
            kind: self.kind,
            name: self.name,
            version: self.version,
            state: f(self.state),
            updated_at: self.updated_at,
        }
    }
}

/// One entity touched by a change, with its version afterwards (`None` when
/// the change deleted it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Touched {
    /// The entity kind.
    pub kind: String,
    /// The entity name.
    pub name: String,
    /// The version after the change, or `None` if it no longer exists.
    pub version: Option<u64>,
}

/// The receipt of a successful commit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Committed {
    /// The id of the new change.
    pub change: ChangeId,
    /// Every entity written, in the order of the change's writes.
    pub touched: Vec<Touched>,
    /// When it was committed (UTC, RFC 3339): each written entity's new
    /// `updated_at`.
    #[serde(skip)]
    pub at: String,
}

/// The receipt of a successful undo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Undone {
    /// The id of the undo change itself (undo is logged like any change).
    pub change: ChangeId,
    /// The change that was reverted.
    pub reverted: ChangeId,
    /// The command of the reverted change.
    pub reverted_command: String,
    /// Every entity restored, with its new version.
    pub touched: Vec<Touched>,
}

/// One committed change as a table's log shows it (newest first), with
/// the events it logged and every entity it touched.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChangeSummary {
    /// The change.
    pub change: ChangeId,
    /// What the user asked for.
    pub command: String,
    /// The events the command logged.
    pub events: serde_json::Value,
    /// Set when the change is an undo: the change it reverted.
    pub undo_of: Option<ChangeId>,
    /// Every entity it touched, as `kind:name`.
    pub entities: Vec<String>,
    /// When it was committed (UTC, RFC 3339).
    pub created_at: String,
}

/// One line of an entity's history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogEntry {
    /// The change this entry belongs to.
    pub change: ChangeId,
    /// The entity's version after this entry.
    pub seq: u64,
    /// What the user asked for.
    pub command: String,
    /// The domain events the command produced.
    pub events: serde_json::Value,
    /// Set when this entry is an undo: the change it reverted.
    pub undo_of: Option<ChangeId>,
    /// Set when a later undo reverted this entry's change.
    pub undone_by: Option<ChangeId>,
    /// The state before, or `None` if the entity did not exist.
    pub state_before: Option<serde_json::Value>,
    /// The state after, or `None` if the entity was deleted.
    pub state_after: Option<serde_json::Value>,
    /// Every entity the change touched (more than one for a cast inside an
    /// encounter, for example).
    pub entities: Vec<String>,
    /// When the change was committed (UTC, RFC 3339).
    pub created_at: String,
}

/// One logged write to one entity, as kept in the change log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedWrite {
    /// The entity kind.
    pub kind: String,
    /// The entity name as written.
    pub name: String,
    /// The entity's version after this write.
    pub seq: u64,
    /// The state before, as JSON text (`None`: did not exist).
    pub before: Option<String>,
    /// The state after, as JSON text (`None`: deleted).
    pub after: Option<String>,
}

/// An entity whose stored state does not match what its log replays to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// The entity kind.
    pub kind: String,
    /// The entity name.
    pub name: String,
    /// What disagrees, for a person.
    pub problem: String,
}
