//! What a cast or damage did to a stored character: its hit points
//! afterwards and the Concentration save the damage called for. Plain
//! data, shared by the cast, the encounter's turns and the views that
//! show them, so none of those needs another to name it.

use grimoire_rules::RollRecord;
use serde::{Deserialize, Serialize};

/// A Concentration save made because of damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConcentrationSave {
    /// Its DC: half the damage, at least 10, at most 30.
    pub dc: i32,
    /// The roll.
    pub roll: RollRecord,
    /// Whether Concentration holds.
    pub kept: bool,
}

/// What a cast did to a stored character it hit or healed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterHit {
    /// The character.
    pub name: String,
    /// Its hit points afterwards, when recorded.
    pub hp: Option<u32>,
    /// Its temporary hit points afterwards, when recorded.
    pub temp_hp: Option<u32>,
    /// The Concentration save the damage called for.
    pub save: Option<ConcentrationSave>,
}
