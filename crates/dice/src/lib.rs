//! Grimoire dice: parses dice notation, rolls it with an injected random source, and
//! computes exact probability distributions.
//!
//! The rules engine uses it for spell damage, healing, saving throws and attack rolls; the
//! CLI and web UI use [`Roll`]'s per-die record to show the working. Rolling is
//! deterministic for a given [`DiceRng`] state, and [`SeededRng`] is a fixed algorithm, so a
//! stored seed replays the same rolls on every platform.
//!
//! ```
//! use grimoire_dice::{parse, SeededRng};
//!
//! let fireball = parse("8d6")?;
//! let roll = fireball.roll(&mut SeededRng::new(2024));
//! assert!((8..=48).contains(&roll.total()));
//! assert_eq!(roll.dice().len(), 8);
//!
//! let d = fireball.distribution()?;
//! assert!((d.mean() - 28.0).abs() < 1e-9);
//!
//! // Critical hit: the damage dice are rolled twice.
//! assert_eq!(parse("2d6 + 3")?.with_doubled_dice().to_string(), "4d6 + 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! See [`parse`] for the notation and the `MAX_*` constants for the bounds that keep
//! every operation finite on untrusted input.

mod distribution;
mod error;
mod exact;
mod expr;
mod inline;
mod lexer;
mod limits;
mod nodes;
mod parser;
mod rng;
mod roll;
mod simple;

pub use distribution::{Budget, Distribution};
pub use error::{DistributionError, ParseError};
pub use expr::Expr;
pub use limits::{
    MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_DISTRIBUTION_OPS, MAX_EXPLOSIONS,
    MAX_EXPRESSION_CHARS, MAX_NESTING, MAX_REROLLS, MAX_RESULT, MAX_SIDES, MAX_SUPPORT,
};
pub use parser::parse;
pub use rng::{DiceRng, SeededRng};
pub use roll::{Breakdown, DieRoll, DieState, Roll};

/// Keeps the README's example compiling and true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
