//! Grimoire store: where game state lives between commands.
//!
//! Each character, encounter or other *entity* is saved as a versioned JSON
//! document. Every change (one command, possibly touching several entities)
//! is committed in a single transaction together with an append-only log row
//! per entity holding the state before and after, so a crash never loses a
//! committed cast nor leaves a half-spent slot, and any change can be undone.
//!
//! The store is generic: it takes anything `Serialize` and returns anything
//! `DeserializeOwned`, so it does not depend on the rules crate's types.
//! SQLite is the local backend; [`PostgresBackend`] keeps the same schema
//! and contract on PostgreSQL, so several server instances share one store.
//! Wrappers ([`Scoped`], [`Cached`]) implement the same [`Backend`] trait;
//! every method of it but `log` is required and what a wrapper only passes
//! on is one line of [`forward_backend!`], whose docs say how to add a
//! method.
//!
//! ```
//! use grimoire_store::{Change, Store};
//!
//! let mut store = Store::open_in_memory()?;
//! store.commit(&Change::new("character new Elmira").create("character", "Elmira", &vec![4, 2])?)?;
//!
//! let elmira = store.get::<Vec<u32>>("character", "ELMIRA")?; // names ignore case
//! let cast = Change::new("cast Elmira Magic Missile")
//!     .update("character", "Elmira", elmira.version, &vec![3, 2])?;
//! store.commit(&cast)?;
//! assert_eq!(store.get::<Vec<u32>>("character", "elmira")?.state, vec![3, 2]);
//!
//! store.undo("character", "Elmira")?;
//! assert_eq!(store.get::<Vec<u32>>("character", "elmira")?.state, vec![4, 2]);
//! assert_eq!(store.log("character", "Elmira")?.len(), 3); // create, cast, undo
//! # Ok::<(), grimoire_store::StoreError>(())
//! ```
#![deny(missing_docs)]

mod backend;
mod batch;
mod cache;
mod change;
mod check;
mod error;
mod forward;
mod migrate;
mod packed;
mod postgres;
mod recent;
mod record;
mod scope;
mod sqlite;
mod store;
mod wal;

pub use backend::{Backend, UndoGuard};
pub use cache::{
    Batch, Cached, Cursor, EntityCache, LoggedChange, LoggedState, MAX_CACHED, MAX_CATCH_UP,
    MAX_LOGGED_STATE, MAX_NEWS, SharedEntity, Snapshot, StateAfter, WritesSince, WrittenKey,
    take_committed_here,
};
pub use change::{Change, Expected, Write, name_key};
pub use error::{BackendError, Result, StoreError};
pub use migrate::SCHEMA_VERSION;
pub use postgres::{Notification, PostgresBackend, PostgresConfig, PostgresListener, is_transient};
pub use recent::RecentIds;
pub use record::{
    ChangeId, ChangeSummary, Committed, Entity, LogEntry, LoggedWrite, Mismatch, RawEntity,
    Touched, Undone,
};
pub use scope::Scoped;
pub use sqlite::SqliteBackend;
pub use sqlite::backup_sqlite;
pub use store::{Decoded, Store};
pub use wal::WalSync;
