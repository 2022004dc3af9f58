//! One module per command group; each exposes its clap arguments and a `run`.

pub mod active;
pub mod admin;
pub mod attack;
pub mod cast;
pub mod character;
pub mod completions;
pub mod dying;
pub mod effects;
pub mod features;
pub mod encounter;
pub mod foundry;
pub mod history;
pub mod homebrew;
pub mod house;
pub mod mcp;
pub mod monster;
pub mod options;
pub mod plan;
pub mod reaction;
pub mod rest;
pub mod roll;
pub mod rules;
pub mod serve;
pub mod spellbook;
pub mod spells;
pub mod vitals;
