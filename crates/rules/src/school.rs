//! The eight schools of magic (R7).

use serde::{Deserialize, Serialize};

/// A school of magic (R7). Schools carry no rules of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum School {
    /// Wards and cancels harm.
    Abjuration,
    /// Moves creatures and things.
    Conjuration,
    /// Reveals information.
    Divination,
    /// Sways minds.
    Enchantment,
    /// Channels raw energy.
    Evocation,
    /// Fools the senses.
    Illusion,
    /// Works with life and death.
    Necromancy,
    /// Changes creatures and things.
    Transmutation,
}

impl School {
    /// Every school, in the order the chapter lists them.
    pub const ALL: [School; 8] = [
        School::Abjuration,
        School::Conjuration,
        School::Divination,
        School::Enchantment,
        School::Evocation,
        School::Illusion,
        School::Necromancy,
        School::Transmutation,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_eight_schools() {
        let mut all = School::ALL.to_vec();
        all.dedup();
        assert_eq!(all.len(), 8);
    }
}
