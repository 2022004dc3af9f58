//! The one error type of the store.

use std::fmt;

/// Everything that can go wrong while reading or writing the store.
///
/// Each variant has a stable machine code ([`StoreError::code`]) that front
/// ends can match on and print; the message is for people.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// Occurs when an entity that must exist does not.
    #[error("no {kind} named \"{name}\"")]
    NotFound {
        /// The entity kind (`character`, `encounter`, ...).
        kind: String,
        /// The name as the caller spelled it.
        name: String,
    },
    /// Occurs when creating an entity whose name (compared without case) is taken.
    #[error("a {kind} named \"{name}\" already exists")]
    AlreadyExists {
        /// The entity kind.
        kind: String,
        /// The name as the caller spelled it.
        name: String,
    },
    /// Occurs when an entity changed since the caller read it (optimistic
    /// concurrency): the caller expected one version and found another.
    #[error(
        "{kind} \"{name}\" was changed by someone else (expected version {expected}, found {found})"
    )]
    Conflict {
        /// The entity kind.
        kind: String,
        /// The name as the caller spelled it.
        name: String,
        /// The version the caller read.
        expected: u64,
        /// The version in the store now.
        found: u64,
    },
    /// Occurs when undo finds no change left to revert for an entity.
    #[error("nothing to undo for {kind} \"{name}\"")]
    NothingToUndo {
        /// The entity kind.
        kind: String,
        /// The name as the caller spelled it.
        name: String,
    },
    /// Occurs when the change to undo also touched an entity the caller may
    /// not change (a player's undo reaching the GM's encounter or another
    /// player's character).
    #[error(
        "cannot undo change #{change}: it also changed {kind} \"{name}\", which you may not change; ask whoever may (the GM) to undo it"
    )]
    UndoForbidden {
        /// The change that would be reverted.
        change: i64,
        /// The kind of the entity the caller may not change.
        kind: String,
        /// Its name.
        name: String,
    },
    /// Occurs when the change to undo also touched another entity that has
    /// moved on since; reverting it would overwrite that later change.
    #[error(
        "cannot undo change #{change}: {kind} \"{name}\" has changed since; undo its later changes first"
    )]
    UndoBlocked {
        /// The change that would be reverted.
        change: i64,
        /// The kind of the entity that moved on.
        kind: String,
        /// The name of the entity that moved on.
        name: String,
    },
    /// Occurs when a change is malformed (no writes, an empty name, the same
    /// entity written twice).
    #[error("invalid change: {0}")]
    InvalidChange(String),
    /// Occurs when a change's events (one entry of the log) or the whole
    /// change is larger than the store keeps; nothing was written.
    #[error("the {what} of this change take {bytes} bytes; at most {limit} allowed")]
    TooLarge {
        /// `events` or `change`.
        what: &'static str,
        /// Its size, in bytes of JSON.
        bytes: usize,
        /// The bound.
        limit: usize,
    },
    /// Occurs when the database was written by a newer Grimoire.
    #[error(
        "the database has schema version {found}, but this program knows only up to {known}; upgrade Grimoire"
    )]
    SchemaTooNew {
        /// The version recorded in the database.
        found: u32,
        /// The newest version this build can migrate to.
        known: u32,
    },
    /// Occurs when a state or event list cannot be turned into JSON.
    #[error("cannot serialise state: {0}")]
    Serialize(#[source] serde_json::Error),
    /// Occurs when a stored state does not parse as the type asked for.
    #[error("stored state of {kind} \"{name}\" is unreadable: {source}")]
    Decode {
        /// The entity kind.
        kind: String,
        /// The stored name.
        name: String,
        /// What the JSON parser said.
        #[source]
        source: serde_json::Error,
    },
    /// Occurs when the directory for the database cannot be created.
    #[error("cannot prepare {path}: {source}")]
    Io {
        /// The path involved.
        path: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// Occurs when a database location or option is unusable (a malformed
    /// PostgreSQL schema name, ...).
    #[error("bad database configuration: {0}")]
    BadConfig(String),
    /// Occurs when the database does not answer in time (a server that
    /// accepts connections but never replies, a lost network).
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// Occurs when the database refuses every write (a read-only file or
    /// mount): trying again will not help until an operator fixes it.
    #[error("the database is read-only: {0}")]
    ReadOnly(#[source] BackendError),
    /// Occurs when the database itself fails (locked too long, disk full,
    /// corrupt file, ...).
    #[error("database error: {0}")]
    Database(#[source] BackendError),
}

impl StoreError {
    /// A stable, machine-readable code for this error (`not_found`, `conflict`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::NotFound { .. } => "not_found",
            StoreError::AlreadyExists { .. } => "already_exists",
            StoreError::Conflict { .. } => "conflict",
            StoreError::NothingToUndo { .. } => "nothing_to_undo",
            StoreError::UndoBlocked { .. } => "undo_blocked",
            StoreError::Unavailable(_) => "database_unavailable",
            StoreError::ReadOnly(_) => "read_only",
            StoreError::UndoForbidden { .. } => "undo_forbidden",
            StoreError::InvalidChange(_) => "invalid_change",
            StoreError::TooLarge { .. } => "change_too_large",
            StoreError::SchemaTooNew { .. } => "schema_too_new",
            StoreError::Serialize(_) => "serialization",
            StoreError::Decode { .. } => "decode",
            StoreError::Io { .. } => "io",
            StoreError::Database(_) => "database",
            StoreError::BadConfig(_) => "bad_config",
        }
    }
}

/// The backend's own error, kept opaque so the store's API does not depend
/// on which database sits underneath.
#[derive(Debug)]
pub struct BackendError(Box<dyn std::error::Error + Send + Sync + 'static>);

impl BackendError {
    /// Wraps any backend error.
    pub fn new(err: impl std::error::Error + Send + Sync + 'static) -> Self {
        BackendError(Box::new(err))
    }
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for BackendError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(err: rusqlite::Error) -> Self {
        if err.sqlite_error_code() == Some(rusqlite::ErrorCode::ReadOnly) {
            return StoreError::ReadOnly(BackendError::new(err));
        }
        StoreError::Database(BackendError::new(err))
    }
}

/// The store's result type.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
