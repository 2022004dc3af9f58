//! Why a request contradicts itself: the reason an
//! [`RulesError::InvalidRequest`](crate::RulesError::InvalidRequest)
//! carries, as a stable code and the values its message names. Like every
//! refusal it knows no language: grimoire-words words it (`invalid-<code>`).

use std::ops::RangeInclusive;

use crate::spell_name::SpellName;

// The bounds of a stat block, here because its refusals name them.

/// The save DCs a stat block may print.
pub const BLOCK_SAVE_DC: RangeInclusive<i32> = 1..=40;

/// The spell attack bonuses a stat block may print.
pub const BLOCK_ATTACK_BONUS: RangeInclusive<i32> = -10..=30;

/// The uses per day a line of a stat block may give.
pub const BLOCK_PER_DAY: RangeInclusive<u8> = 1..=20;

/// The most slots of one level a stat block may give.
pub const BLOCK_MAX_SLOTS: u8 = 9;

/// What makes a request invalid, one variant per check.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Invalid {
    /// Occurs when an encounter would hold two combatants of one name.
    CombatantListedTwice {
        /// The name given twice.
        name: String,
    },
    /// Occurs when the combatant whose turn it is would leave mid-turn.
    LeavesOnOwnTurn {
        /// Who would leave.
        name: String,
    },
    /// Occurs when a cantrip is copied into a spellbook (cantrips are known).
    CantripInSpellbook {
        /// The cantrip.
        spell: SpellName,
    },
    /// Occurs when a slot level is chosen for a cast that uses no slot.
    SlotLevelWithoutSlot,
    /// Occurs when a stat block's save DC is outside [`BLOCK_SAVE_DC`].
    SaveDcOutOfRange {
        /// The DC given.
        dc: i32,
    },
    /// Occurs when a stat block's attack bonus is outside [`BLOCK_ATTACK_BONUS`].
    AttackBonusOutOfRange {
        /// The bonus given.
        bonus: i32,
    },
    /// Occurs when a stat block's Spellcasting names no spell at all.
    NoSpellsListed,
    /// Occurs when a line of a stat block's Spellcasting has no name.
    UnnamedSpellLine,
    /// Occurs when a line of a stat block's Spellcasting names no spell.
    EmptySpellLine {
        /// The line's name.
        line: String,
    },
    /// Occurs when a line's uses per day are outside [`BLOCK_PER_DAY`].
    PerDayOutOfRange {
        /// The line's name.
        line: String,
        /// The uses per day given.
        per_day: u8,
    },
    /// Occurs when one spell is listed twice where it is tracked once (at
    /// will anywhere, or twice on one per-day line).
    SpellListedTwice {
        /// The spell's id.
        spell: String,
        /// The line it is listed twice in.
        line: String,
    },
    /// Occurs when a stat block gives more than [`BLOCK_MAX_SLOTS`]
    /// slots of one level.
    TooManySlots {
        /// The slot level (1..=9).
        level: u8,
        /// The slots given.
        slots: u8,
    },
    /// Occurs when a stat block lists spells cast with slots but no slots.
    SlotSpellsWithoutSlots,
}

impl Invalid {
    /// Stable snake_case machine code (the message is `invalid-<code>`).
    pub fn code(&self) -> &'static str {
        match self {
            Invalid::CombatantListedTwice { .. } => "combatant_listed_twice",
            Invalid::LeavesOnOwnTurn { .. } => "leaves_on_own_turn",
            Invalid::CantripInSpellbook { .. } => "cantrip_in_spellbook",
            Invalid::SlotLevelWithoutSlot => "slot_level_without_slot",
            Invalid::SaveDcOutOfRange { .. } => "save_dc_out_of_range",
            Invalid::AttackBonusOutOfRange { .. } => "attack_bonus_out_of_range",
            Invalid::NoSpellsListed => "no_spells_listed",
            Invalid::UnnamedSpellLine => "unnamed_spell_line",
            Invalid::EmptySpellLine { .. } => "empty_spell_line",
            Invalid::PerDayOutOfRange { .. } => "per_day_out_of_range",
            Invalid::SpellListedTwice { .. } => "spell_listed_twice",
            Invalid::TooManySlots { .. } => "too_many_slots",
            Invalid::SlotSpellsWithoutSlots => "slot_spells_without_slots",
        }
    }

    /// One reason of every code, with made-up values: what a front end's
    /// test renders to prove every reason has words in every language.
    pub fn one_of_each() -> Vec<Invalid> {
        let s = || "Goblin".to_owned();
        vec![
            Invalid::CombatantListedTwice { name: s() },
            Invalid::LeavesOnOwnTurn { name: s() },
            Invalid::CantripInSpellbook {
                spell: SpellName::from("Fire Bolt"),
            },
            Invalid::SlotLevelWithoutSlot,
            Invalid::SaveDcOutOfRange { dc: 41 },
            Invalid::AttackBonusOutOfRange { bonus: -11 },
            Invalid::NoSpellsListed,
            Invalid::UnnamedSpellLine,
            Invalid::EmptySpellLine { line: s() },
            Invalid::PerDayOutOfRange {
                line: s(),
                per_day: 0,
            },
            Invalid::SpellListedTwice {
                spell: "fireball".into(),
                line: s(),
            },
            Invalid::TooManySlots {
                level: 3,
                slots: 10,
            },
            Invalid::SlotSpellsWithoutSlots,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case_and_arguments_do_not_repeat() {
        let all = Invalid::one_of_each();
        crate::error::tests::assert_unique_snake_case(all.iter().map(Invalid::code).collect());
        for reason in &all {
            let mut names: Vec<&str> = reason.args().iter().map(|(k, _)| *k).collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "{reason}: argument names repeat");
        }
    }

    /// Every variant is in `one_of_each`: a new one fails to compile here
    /// until it is listed, then fails the count until it is in the list.
    #[test]
    fn one_of_each_has_every_variant() {
        let rank = |reason: &Invalid| match reason {
            Invalid::CombatantListedTwice { .. } => 0,
            Invalid::LeavesOnOwnTurn { .. } => 1,
            Invalid::CantripInSpellbook { .. } => 2,
            Invalid::SlotLevelWithoutSlot => 3,
            Invalid::SaveDcOutOfRange { .. } => 4,
            Invalid::AttackBonusOutOfRange { .. } => 5,
            Invalid::NoSpellsListed => 6,
            Invalid::UnnamedSpellLine => 7,
            Invalid::EmptySpellLine { .. } => 8,
            Invalid::PerDayOutOfRange { .. } => 9,
            Invalid::SpellListedTwice { .. } => 10,
            Invalid::TooManySlots { .. } => 11,
            Invalid::SlotSpellsWithoutSlots => 12,
        };
        let ranks: Vec<usize> = Invalid::one_of_each().iter().map(rank).collect();
        assert_eq!(ranks, (0..13).collect::<Vec<usize>>());
    }

    #[test]
    fn a_range_check_names_its_bounds() {
        let reason = Invalid::SaveDcOutOfRange { dc: 41 };
        assert_eq!(
            reason.to_string(),
            "save_dc_out_of_range (dc=41, min=1, max=40)"
        );
    }
}
