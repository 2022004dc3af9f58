//! One level's hit points as its Hit Point Die gave them: a rolled
//! maximum lists them (`hit_dice`), and so does an advance that rolled
//! for its new levels (`Event::Advanced`).

use serde::{Deserialize, Serialize};

use crate::class::Class;

/// One level's hit points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelHitPoints {
    /// The class the level is in.
    pub class: Class,
    /// Its Hit Point Die size.
    pub size: u8,
    /// The face: the whole die at the first level, rolled after.
    pub face: u32,
    /// Whether the face was rolled.
    pub rolled: bool,
    /// The Constitution modifier added.
    pub con: i8,
    /// The level's hit points (face + modifier, at least 1).
    pub hp: u32,
}
