//! Grimoire's words: every message a person reads, in every language, from
//! Project Fluent (`.ftl`) files.
//!
//! Each language is a directory `locales/<tag>/` of `.ftl` files, embedded
//! at compile time (the build script lists the directories, so adding a
//! language is adding a directory). English is the fallback for a message a
//! language lacks. Plurals follow CLDR through Fluent's selectors (Czech
//! `one`/`few`/`many`/`other`).
//!
//! The rules crate returns codes and values; this crate turns them into
//! sentences: [`refusal`] for a [`grimoire_rules::RulesError`] ([`reason`]
//! for the reason of an invalid request), [`term`] for
//! the rules' vocabulary (schools, conditions, damage types, ...),
//! [`message`] and [`Message`] for any other coded error (the app's, the
//! catalogue's, the server's: an id and arguments; [`dice_error`] for dice
//! notation), [`roll_label`] for what a roll was for, [`note`] for what the rules
//! note beside an action, and [`text`] for any
//! other message of the front ends.
//!
//! ```
//! use grimoire_rules::RulesError;
//!
//! let e = RulesError::NoSlotAvailable { level: 3 };
//! assert_eq!(
//!     grimoire_words::refusal("en", &e),
//!     "R3: no spell slot of level 3 or higher is left"
//! );
//! assert!(grimoire_words::refusal("cs", &e).starts_with("R3: nezbývá"));
//! assert_eq!(grimoire_words::text("cs", "refusal-no_concentration", [("x", 0)]),
//!     "sesilatel se na nic nesoustředí");
//! ```

mod catalogue;
mod dice;
mod language;
mod message;
mod names;
mod note;
mod refusal;
mod roll;
mod shape;
mod store;
mod trigger;
mod vocabulary;
mod web;

pub use catalogue::{FALLBACK, FtlError, Words, fixed, text};
pub use dice::{dice_error, distribution_error};
pub use fluent_bundle::{FluentArgs, FluentValue};
pub use message::{Message, message};
pub use names::{
    MaterialWords, SpellNames, learn_materials, learn_spell_names, material, spell_name,
};
pub use note::note;
pub use refusal::{reason, refusal, waived, waived_message, with_words};
pub use roll::{creature_types, roll_label};
pub use shape::{templates, variables};
pub use store::{store_error, store_kind};
pub use trigger::trigger_said;
pub use vocabulary::{Named, Term, abbrev, term, word};
pub use web::browser_script;
