//! A spell a feature adds to a character's list: kept by the caster and
//! named by the event that adds it.

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::spell::SpellId;

/// A feature that adds a spell to a character's list for one class (R8).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExtraSpell {
    /// The spell.
    pub spell: SpellId,
    /// The class it counts as (its DC and attack use this class).
    pub class: Class,
    /// Whether the feature keeps it prepared (domain or oath spells).
    pub always_prepared: bool,
}
