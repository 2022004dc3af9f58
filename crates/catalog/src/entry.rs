//! One spell as the catalogue holds it: the rules engine's [`Spell`] plus
//! what only people need (names in two languages, summaries, provenance).

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use grimoire_rules::{DamageType, Spell};

use crate::fold::{fold, letter_mask};

/// Where a spell came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Source {
    /// The embedded SRD 5.2 data.
    Srd,
    /// A homebrew file.
    Homebrew(PathBuf),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Srd => f.write_str("SRD"),
            Source::Homebrew(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A spell in the catalogue.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogSpell {
    /// The spell in the rules engine's terms, ready to cast.
    pub spell: Spell,
    /// English name.
    pub name_en: String,
    /// Czech name (the English one when a homebrew file gives none).
    pub name_cs: String,
    /// One line in English, in our own words.
    pub summary_en: String,
    /// One line in Czech, in our own words.
    pub summary_cs: String,
    /// Where it came from.
    pub source: Source,
    /// Every damage type it can deal: the types the caster picks from
    /// (Chromatic Orb, [`grimoire_rules::Damage::offered_types`]) and its
    /// riders' (Hex).
    pub damage_types: Vec<DamageType>,
    /// Explanations of intentional differences from the reference datasets,
    /// keyed by field (`classes`, `range`...).
    pub notes: BTreeMap<String, String>,
    pub(crate) folded: Folded,
}

/// Names lower-cased with diacritics removed, computed once for search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Folded {
    pub(crate) id: String,
    pub(crate) en: String,
    pub(crate) cs: String,
    pub(crate) en_mask: u64,
    pub(crate) cs_mask: u64,
}

impl Folded {
    pub(crate) fn new(id: &str, en: &str, cs: &str) -> Self {
        let (en, cs) = (fold(en), fold(cs));
        Folded {
            id: id.to_string(),
            en_mask: letter_mask(&en),
            cs_mask: letter_mask(&cs),
            en,
            cs,
        }
    }
}

impl CatalogSpell {
    /// The spell's id.
    pub fn id(&self) -> &str {
        self.spell.id.as_str()
    }
}
