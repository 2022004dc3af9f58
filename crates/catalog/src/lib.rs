//! Grimoire catalogue: every spell of SRD 5.2 (339) as data the rules engine
//! can cast, embedded in the binary, with lookup and ranked search in English
//! and Czech, and homebrew spells loaded from TOML files in the same format.
//!
//! The data lives in `crates/catalog/data/level-*.toml` (format in the
//! crate's README); this crate turns it into [`grimoire_rules::Spell`]s.
//!
//! ```
//! use grimoire_catalog::{Catalog, Query};
//! use grimoire_rules::Class;
//!
//! let srd = Catalog::srd();
//! assert_eq!(srd.len(), 339);
//!
//! // Czech without diacritics finds the chapter's name.
//! let wave = srd.get("hromova vlna").unwrap();
//! assert_eq!(wave.name_en, "Thunderwave");
//!
//! // Typos are forgiven; filters narrow the list.
//! let hits = srd.search(&Query::text("magik misile").class(Class::Wizard));
//! assert_eq!(hits[0].spell.name_cs, "Magická střela");
//! ```
#![deny(missing_docs)]

mod bestiary;
mod catalog;
mod convert;
mod entry;
mod equipment;
mod error;
mod features;
mod fold;
mod homebrew;
mod record;
mod search;
mod snapshot;
mod vocab;
mod weapons;

pub use bestiary::{Bestiary, Monster};
pub use catalog::{Catalog, HomebrewLoad};
pub use entry::{CatalogSpell, Source};
pub use equipment::{MAX_PRICE_CP, parse_prices, srd_prices};
pub use error::CatalogError;
pub use features::{parse_features, srd_feature, srd_features};
pub use search::{CastingTimeKind, Hit, Language, MatchKind, Query};
pub use weapons::{parse_weapons, srd_weapon, srd_weapons};
