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

    /// English name.
    pub fn name_en(self) -> &'static str {
        match self {
            School::Abjuration => "Abjuration",
            School::Conjuration => "Conjuration",
            School::Divination => "Divination",
            School::Enchantment => "Enchantment",
            School::Evocation => "Evocation",
            School::Illusion => "Illusion",
            School::Necromancy => "Necromancy",
            School::Transmutation => "Transmutation",
        }
    }

    /// Czech name, as the source chapter spells it (R7).
    pub fn name_cs(self) -> &'static str {
        match self {
            School::Abjuration => "Vyvolávání",
            School::Conjuration => "Vzývání",
            School::Divination => "Věštění",
            School::Enchantment => "Očarování",
            School::Evocation => "Evokace",
            School::Illusion => "Iluze",
            School::Necromancy => "Nekromancie",
            School::Transmutation => "Transmutace",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r7_eight_schools_with_distinct_czech_names() {
        let mut names: Vec<_> = School::ALL.iter().map(|s| s.name_cs()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 8);
        assert_eq!(School::Evocation.name_cs(), "Evokace");
    }
}
