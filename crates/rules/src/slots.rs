//! Spell slots: the class tables, the multiclass rule and Pact Magic (R2–R4).

use serde::{Deserialize, Serialize};

use crate::class::{CasterKind, Class};
use crate::level::SlotLevel;

/// Full-caster slots by caster level (index 0 is level 1), slot levels 1..9.
const FULL: [[u8; 9]; 20] = [
    [2, 0, 0, 0, 0, 0, 0, 0, 0],
    [3, 0, 0, 0, 0, 0, 0, 0, 0],
    [4, 2, 0, 0, 0, 0, 0, 0, 0],
    [4, 3, 0, 0, 0, 0, 0, 0, 0],
    [4, 3, 2, 0, 0, 0, 0, 0, 0],
    [4, 3, 3, 0, 0, 0, 0, 0, 0],
    [4, 3, 3, 1, 0, 0, 0, 0, 0],
    [4, 3, 3, 2, 0, 0, 0, 0, 0],
    [4, 3, 3, 3, 1, 0, 0, 0, 0],
    [4, 3, 3, 3, 2, 0, 0, 0, 0],
    [4, 3, 3, 3, 2, 1, 0, 0, 0],
    [4, 3, 3, 3, 2, 1, 0, 0, 0],
    [4, 3, 3, 3, 2, 1, 1, 0, 0],
    [4, 3, 3, 3, 2, 1, 1, 0, 0],
    [4, 3, 3, 3, 2, 1, 1, 1, 0],
    [4, 3, 3, 3, 2, 1, 1, 1, 0],
    [4, 3, 3, 3, 2, 1, 1, 1, 1],
    [4, 3, 3, 3, 3, 1, 1, 1, 1],
    [4, 3, 3, 3, 3, 2, 1, 1, 1],
    [4, 3, 3, 3, 3, 2, 2, 1, 1],
];

/// Half-caster slots by class level (index 0 is level 1), slot levels 1..5.
const HALF: [[u8; 5]; 20] = [
    [2, 0, 0, 0, 0],
    [2, 0, 0, 0, 0],
    [3, 0, 0, 0, 0],
    [3, 0, 0, 0, 0],
    [4, 2, 0, 0, 0],
    [4, 2, 0, 0, 0],
    [4, 3, 0, 0, 0],
    [4, 3, 0, 0, 0],
    [4, 3, 2, 0, 0],
    [4, 3, 2, 0, 0],
    [4, 3, 3, 0, 0],
    [4, 3, 3, 0, 0],
    [4, 3, 3, 1, 0],
    [4, 3, 3, 1, 0],
    [4, 3, 3, 2, 0],
    [4, 3, 3, 2, 0],
    [4, 3, 3, 3, 1],
    [4, 3, 3, 3, 1],
    [4, 3, 3, 3, 2],
    [4, 3, 3, 3, 2],
];

/// Slots per level for a single-class full caster of `level` (R2).
pub fn full_caster_slots(level: u8) -> [u8; 9] {
    match level {
        0 => [0; 9],
        l => FULL[usize::from(l.min(20)) - 1],
    }
}

/// Slots per level for a single-class half caster (Paladin, Ranger) of `level`.
pub fn half_caster_slots(level: u8) -> [u8; 9] {
    let mut out = [0; 9];
    if level > 0 {
        out[..5].copy_from_slice(&HALF[usize::from(level.min(20)) - 1]);
    }
    out
}

/// Regular (non-pact) slots for a set of class levels. One class reads its
/// own table; several add full levels and half levels rounded up, then read
/// the full-caster row (supporting facts, multiclassing).
pub fn slots_for_classes(classes: &[(Class, u8)]) -> [u8; 9] {
    let casting: Vec<(Class, u8)> = classes
        .iter()
        .copied()
        .filter(|(c, _)| c.caster_kind() != CasterKind::Pact)
        .collect();
    match casting.as_slice() {
        [] => [0; 9],
        [(class, level)] => match class.caster_kind() {
            CasterKind::Half => half_caster_slots(*level),
            _ => full_caster_slots(*level),
        },
        many => {
            let total: u32 = many
                .iter()
                .map(|(c, l)| match c.caster_kind() {
                    CasterKind::Half => u32::from(*l).div_ceil(2),
                    _ => u32::from(*l),
                })
                .sum();
            full_caster_slots(u8::try_from(total.min(20)).unwrap_or(20))
        }
    }
}

/// The highest spell level a single-class caster of `class` at `level`
/// can prepare: its own slot table, or pact slots and Mystic Arcanum. A
/// multiclass caster prepares each class's spells as if single-classed
/// (supporting facts, multiclassing), whatever slots the classes share.
pub fn class_max_spell_level(class: Class, level: u8) -> u8 {
    if class.caster_kind() == CasterKind::Pact {
        let pact = pact_slots(level).map_or(0, |(_, l)| l.get());
        let arcanum = arcanum_levels(level).last().map_or(0, |l| l.get());
        return pact.max(arcanum);
    }
    let table = slots_for_classes(&[(class, level)]);
    table
        .iter()
        .rposition(|n| *n > 0)
        .map_or(0, |i| u8::try_from(i + 1).unwrap_or(9))
}

/// Warlock Pact Magic at a class level: how many slots and of which level.
pub fn pact_slots(warlock_level: u8) -> Option<(u8, SlotLevel)> {
    let (count, level) = match warlock_level {
        0 => return None,
        1 => (1, 1),
        2 => (2, 1),
        3..=4 => (2, 2),
        5..=6 => (2, 3),
        7..=8 => (2, 4),
        9..=10 => (2, 5),
        11..=16 => (3, 5),
        _ => (4, 5),
    };
    SlotLevel::new(level).ok().map(|l| (count, l))
}

/// Mystic Arcanum levels a Warlock of `warlock_level` has: 6 at 11, 7 at 13,
/// 8 at 15, 9 at 17.
pub fn arcanum_levels(warlock_level: u8) -> Vec<SlotLevel> {
    [(11, 6), (13, 7), (15, 8), (17, 9)]
        .into_iter()
        .filter(|(from, _)| warlock_level >= *from)
        .filter_map(|(_, level)| SlotLevel::new(level).ok())
        .collect()
}

/// Slots per level, remaining and total. Remaining never exceeds total and
/// never goes below zero; only the crate changes it, through events.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct SlotPool {
    total: [u8; 9],
    remaining: [u8; 9],
    /// Slots made from Sorcery Points (Font of Magic), on top of the
    /// table's; spent before the others and gone on a Long Rest.
    #[serde(default, skip_serializing_if = "no_slots")]
    created: [u8; 9],
}

fn no_slots(created: &[u8; 9]) -> bool {
    created.iter().all(|n| *n == 0)
}

impl SlotPool {
    /// A full pool with these totals.
    pub fn new(total: [u8; 9]) -> Self {
        SlotPool {
            total,
            remaining: total,
            created: [0; 9],
        }
    }

    /// Slots of `level` the caster has in all.
    pub fn total(&self, level: SlotLevel) -> u8 {
        self.total[level.index()]
    }

    /// Slots of `level` left of the class table's (never above
    /// [`SlotPool::total`]); see [`SlotPool::available`] for those made
    /// from Sorcery Points too.
    pub fn remaining(&self, level: SlotLevel) -> u8 {
        self.remaining[level.index()]
    }

    /// Slots of `level` made from Sorcery Points and not yet spent.
    pub fn created(&self, level: SlotLevel) -> u8 {
        self.created[level.index()]
    }

    /// Slots of `level` that can be spent: the table's left and the
    /// created ones (R3; a created slot is a spell slot).
    pub fn available(&self, level: SlotLevel) -> u8 {
        self.remaining(level).saturating_add(self.created(level))
    }

    /// Slots of `level` expended since the last Long Rest.
    pub fn expended(&self, level: SlotLevel) -> u8 {
        self.total(level).saturating_sub(self.remaining(level))
    }

    /// Totals for levels 1..9.
    pub fn totals(&self) -> [u8; 9] {
        self.total
    }

    /// Remaining for levels 1..9.
    pub fn remaining_all(&self) -> [u8; 9] {
        self.remaining
    }

    /// Whether every slot of the table is back.
    pub fn is_full(&self) -> bool {
        self.total == self.remaining
    }

    /// The lowest slot level at or above `min` with a slot left (R3).
    pub fn lowest_available(&self, min: SlotLevel) -> Option<SlotLevel> {
        SlotLevel::ALL[min.index()..]
            .iter()
            .copied()
            .find(|l| self.available(*l) > 0)
    }

    /// Spends a slot of `level`: a created one first, since those vanish
    /// on the next Long Rest anyway.
    pub(crate) fn expend(&mut self, level: SlotLevel) {
        let created = &mut self.created[level.index()];
        if *created > 0 {
            *created -= 1;
            return;
        }
        let r = &mut self.remaining[level.index()];
        *r = r.saturating_sub(1);
    }

    /// Adds a slot made from Sorcery Points.
    pub(crate) fn create(&mut self, level: SlotLevel) {
        let c = &mut self.created[level.index()];
        *c = c.saturating_add(1);
    }

    /// Brings back one expended slot of `level`, never above the total.
    pub(crate) fn recover(&mut self, level: SlotLevel) {
        let i = level.index();
        self.remaining[i] = self.remaining[i].saturating_add(1).min(self.total[i]);
    }

    /// New totals (the character advanced): a slot gained is available,
    /// one expended stays expended, none left above its total.
    pub(crate) fn retotal(&mut self, total: [u8; 9]) {
        for (i, t) in total.iter().enumerate() {
            let expended = self.total[i].saturating_sub(self.remaining[i]);
            self.remaining[i] = t.saturating_sub(expended);
        }
        self.total = total;
    }

    /// A Long Rest: every slot of the table back, created ones gone.
    pub(crate) fn restore_all(&mut self) {
        self.remaining = self.total;
        self.created = [0; 9];
    }
}

/// Warlock pact slots: all of one level, back on a Short or Long Rest.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PactSlots {
    level: SlotLevel,
    total: u8,
    remaining: u8,
}

impl PactSlots {
    /// Full pact slots for a Warlock level.
    pub fn for_level(warlock_level: u8) -> Option<Self> {
        pact_slots(warlock_level).map(|(total, level)| PactSlots {
            level,
            total,
            remaining: total,
        })
    }

    /// The level of every pact slot.
    pub fn level(&self) -> SlotLevel {
        self.level
    }

    /// How many in all.
    pub fn total(&self) -> u8 {
        self.total
    }

    /// How many left.
    pub fn remaining(&self) -> u8 {
        self.remaining
    }

    /// How many are expended.
    pub fn expended(&self) -> u8 {
        self.total.saturating_sub(self.remaining)
    }

    pub(crate) fn expend(&mut self) {
        self.remaining = self.remaining.saturating_sub(1);
    }

    /// Brings back `count` expended slots, never above the total.
    pub(crate) fn recover(&mut self, count: u8) {
        self.remaining = self.remaining.saturating_add(count).min(self.total);
    }

    pub(crate) fn restore_all(&mut self) {
        self.remaining = self.total;
    }

    /// `expended` of them spent (no more than there are).
    pub(crate) fn spend_to(&mut self, expended: u8) {
        self.remaining = self.total.saturating_sub(expended);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_full_caster_rows() {
        assert_eq!(full_caster_slots(3), [4, 2, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(full_caster_slots(20), [4, 3, 3, 3, 3, 2, 2, 1, 1]);
        assert_eq!(half_caster_slots(5), [4, 2, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(half_caster_slots(1), [2, 0, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn multiclass_adds_half_levels_rounded_up() {
        // Wizard 3 + Paladin 3 → caster level 3 + 2 = 5.
        let slots = slots_for_classes(&[(Class::Wizard, 3), (Class::Paladin, 3)]);
        assert_eq!(slots, full_caster_slots(5));
        // Warlock levels do not count.
        let slots = slots_for_classes(&[(Class::Wizard, 3), (Class::Warlock, 5)]);
        assert_eq!(slots, full_caster_slots(3));
    }

    #[test]
    fn pact_magic_table() {
        assert_eq!(pact_slots(1).map(|(n, l)| (n, l.get())), Some((1, 1)));
        assert_eq!(pact_slots(5).map(|(n, l)| (n, l.get())), Some((2, 3)));
        assert_eq!(pact_slots(17).map(|(n, l)| (n, l.get())), Some((4, 5)));
        assert_eq!(arcanum_levels(13).len(), 2);
    }
}
