//! Grimoire table server: an HTTP JSON API that lets a whole table, and
//! many tables, share spellcasting state.
//!
//! Campaigns have a GM and players with API tokens (stored hashed); players
//! act for their own characters, the GM for all. Casts, rests and the rest
//! run the rules engine and commit through the store in one transaction
//! each, on SQLite (the CLI's file) or PostgreSQL (several instances on one
//! database). Every accepted change is pushed to the campaign's
//! server-sent-event stream, across instances by LISTEN/NOTIFY. The OpenAPI
//! document is served at `/openapi.json`.
//!
//! ```
//! use grimoire_server::{AppState, Database, StateConfig, app};
//!
//! let dir = std::env::temp_dir().join(format!("grimoire-doc-{}", std::process::id()));
//! let state = AppState::open(StateConfig::new(Database::Sqlite(dir.join("g.sqlite3"))))?;
//! let router: axum::Router = app(state);
//! # let _ = std::fs::remove_dir_all(dir);
//! # Ok::<(), grimoire_server::ServerError>(())
//! ```
#![deny(missing_docs)]

mod access;
mod api;
mod db;
mod error;
mod follow;
mod live;
mod net;
mod notifier;
mod rate;
mod serve;
mod sight;
mod state;
mod web;
mod writer;

pub use access::{Account, Campaign, Role, TokenInfo, hash_token};
pub use api::{CAST_FIELDS, CastInput};
pub use api::{app, openapi};
pub use db::Database;
pub use error::ServerError;
pub use grimoire_app::RestKind;
pub use grimoire_app::creation::{AbilitiesInput, NewCharacter};
pub use grimoire_app::homebrew::{HomebrewFile, HomebrewInput, HomebrewReport, homebrew_parses};
pub use grimoire_app::play::{
    CastReport, ConditionInput, DamageInput, DamageReport, RestInput, StepReport, TimeInput,
};
pub use grimoire_app::sheet::{CharacterView, ClassLevel, Owner, PactView, SlotView};
pub use live::{CAMPAIGN_EVENT_KINDS, LiveEvent};
pub use net::{NetLimits, PeerAddr, serve as serve_listener};
pub use rate::RateLimits;
pub use serve::{ServeConfig, serve};
pub use state::{AppState, StateConfig};
