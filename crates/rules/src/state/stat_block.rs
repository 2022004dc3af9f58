//! A stat block's Spellcasting as a caster keeps it (2024 monsters and
//! NPCs), checked when it is made. How it casts is `statblock`.

use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::error::RulesError;
use crate::invalid::{BLOCK_ATTACK_BONUS, BLOCK_MAX_SLOTS, BLOCK_PER_DAY, BLOCK_SAVE_DC, Invalid};
use crate::level::SpellLevel;
use crate::resources::{LimitedUse, Recharge};
use crate::spell::SpellId;

/// How often the spells of a group can be cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "uses")]
pub enum Frequency {
    /// As often as the creature likes.
    AtWill,
    /// N times between Long Rests.
    PerDay(u8),
}

/// One spell of a stat block's list.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BlockSpell {
    /// The spell.
    pub spell: SpellId,
    /// The level it is cast at ("level 4 version"); `None` is its own level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<SpellLevel>,
}

/// A line of a Spellcasting list: "At Will: …", "2/Day Each: …", or a pool
/// the spells share ("Protective Magic (3/Day): Counterspell or Shield").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpellGroup {
    /// The line's name as the block prints it (`Protective Magic`); each
    /// per-day use is tracked under it.
    pub name: String,
    /// How often.
    pub frequency: Frequency,
    /// Whether the spells share the uses (a pool) instead of N each.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared: bool,
    /// The spells.
    pub spells: Vec<BlockSpell>,
    /// The line casts its spells "requiring no components" (the
    /// Archmage's Misty Step): no V, S or M to provide (R14), and nothing a
    /// creature could perceive, so no Counterspell answers them (R11).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_components: bool,
}

/// A creature's spellcasting as its stat block gives it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StatBlockCasting {
    /// The spellcasting ability.
    pub ability: Ability,
    /// The spell save DC the block prints (R19 for a creature).
    pub save_dc: i32,
    /// The spell attack bonus the block prints (R20), or DC − 8.
    pub attack_bonus: i32,
    /// The lines of spells.
    pub groups: Vec<SpellGroup>,
    /// Slots per level 1..=9, for blocks that give slots.
    #[serde(default, skip_serializing_if = "no_slots")]
    pub slots: [u8; 9],
    /// The spells cast with those slots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slot_spells: Vec<SpellId>,
    /// Saving-throw bonuses the block prints (others use the modifier).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub saves: Vec<(Ability, i32)>,
    /// "requiring no Material components" (R14c).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_material: bool,
    /// The level its cantrips grow with, as a character's level does: an
    /// older block's spellcaster level, else its Challenge Rating (a CR 6
    /// Mage's Fire Bolt rolls 2d10). 0 keeps them at their first tier.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cantrip_level: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn no_slots(slots: &[u8; 9]) -> bool {
    slots.iter().all(|s| *s == 0)
}

impl StatBlockCasting {
    /// Whether the block casts `spell` with no components at all: every
    /// line that lists it says "requiring no components".
    pub fn without_components(&self, spell: &SpellId) -> bool {
        let mut lines = self
            .groups
            .iter()
            .filter(|g| g.spells.iter().any(|s| &s.spell == spell))
            .peekable();
        lines.peek().is_some() && lines.all(|g| g.no_components)
    }

    /// The use a per-day spell is tracked under: the group's name for a
    /// pool, `Group: spell` for N/day each.
    pub fn use_name(group: &SpellGroup, spell: &SpellId) -> String {
        if group.shared {
            group.name.clone()
        } else {
            format!("{}: {spell}", group.name)
        }
    }

    /// The limited uses (R5c) the per-day lines become.
    pub fn features(&self) -> Vec<LimitedUse> {
        let mut out: Vec<LimitedUse> = Vec::new();
        for g in &self.groups {
            let Frequency::PerDay(n) = g.frequency else {
                continue;
            };
            let mut push = |spells: Vec<&BlockSpell>, name: String| {
                let mut f = LimitedUse::new(
                    name,
                    spells.iter().map(|s| s.spell.clone()).collect(),
                    n,
                    Recharge::LongRest,
                );
                f.ability = Some(self.ability);
                f.cast_level = spells.iter().find_map(|s| s.level);
                out.push(f);
            };
            if g.shared {
                push(g.spells.iter().collect(), g.name.clone());
            } else {
                for s in &g.spells {
                    push(vec![s], Self::use_name(g, &s.spell));
                }
            }
        }
        out
    }

    /// The at-will entry for a spell, if it is one.
    pub fn at_will(&self, spell: &SpellId) -> Option<&BlockSpell> {
        self.groups
            .iter()
            .filter(|g| g.frequency == Frequency::AtWill)
            .flat_map(|g| &g.spells)
            .find(|s| &s.spell == spell)
    }

    /// Every spell the block lists, at will, per day or with slots.
    pub fn spells(&self) -> impl Iterator<Item = &SpellId> + '_ {
        self.groups
            .iter()
            .flat_map(|g| g.spells.iter().map(|s| &s.spell))
            .chain(&self.slot_spells)
    }

    /// Checks the block: DC and bonus in range, names and lists non-empty,
    /// uses 1..=20 per day, no spell listed twice in one kind of line.
    pub fn validate(&self) -> Result<(), RulesError> {
        self.check()
            .map_err(|reason| RulesError::InvalidRequest { reason })
    }

    fn check(&self) -> Result<(), Invalid> {
        if !BLOCK_SAVE_DC.contains(&self.save_dc) {
            return Err(Invalid::SaveDcOutOfRange { dc: self.save_dc });
        }
        if !BLOCK_ATTACK_BONUS.contains(&self.attack_bonus) {
            return Err(Invalid::AttackBonusOutOfRange {
                bonus: self.attack_bonus,
            });
        }
        if self.groups.is_empty() && self.slot_spells.is_empty() {
            return Err(Invalid::NoSpellsListed);
        }
        let mut names = std::collections::BTreeSet::new();
        for g in &self.groups {
            if g.name.trim().is_empty() {
                return Err(Invalid::UnnamedSpellLine);
            }
            if g.spells.is_empty() {
                return Err(Invalid::EmptySpellLine {
                    line: g.name.clone(),
                });
            }
            if let Frequency::PerDay(n) = g.frequency
                && !BLOCK_PER_DAY.contains(&n)
            {
                return Err(Invalid::PerDayOutOfRange {
                    line: g.name.clone(),
                    per_day: n,
                });
            }
            for s in &g.spells {
                // An at-will spell is one spell wherever it is listed; a
                // per-day one is a use of its own line.
                let key = match g.frequency {
                    Frequency::AtWill => (None, &s.spell),
                    Frequency::PerDay(_) => (Some(&g.name), &s.spell),
                };
                if !names.insert(key) {
                    return Err(Invalid::SpellListedTwice {
                        spell: s.spell.to_string(),
                        line: g.name.clone(),
                    });
                }
            }
        }
        if let Some((i, slots)) = (1u8..).zip(self.slots).find(|(_, n)| *n > BLOCK_MAX_SLOTS) {
            return Err(Invalid::TooManySlots { level: i, slots });
        }
        if !self.slot_spells.is_empty() && no_slots(&self.slots) {
            return Err(Invalid::SlotSpellsWithoutSlots);
        }
        Ok(())
    }
}
