//! Stat-block casters (2024 monsters and NPCs): a creature whose
//! Spellcasting lists spells at will and N/day each, with the save DC and
//! attack bonus the stat block prints, its spellcasting ability and no
//! class (R5c). Older blocks may also give slots.
//!
//! A stat block becomes an ordinary [`Caster`] so the one casting pipeline
//! applies every rule to it (components, Concentration, R10 where it uses
//! slots, durations, R21): each N/day spell is a [`LimitedUse`] that comes
//! back on a Long Rest, an at-will spell needs nothing, and the block's DC
//! and attack bonus replace the class figures (R19, R20).

use serde::{Deserialize, Serialize};

use crate::abilities::AbilityScores;
use crate::caster::Caster;
use crate::class::{Ability, Class};
use crate::error::{RulesError, SpellName};
use crate::invalid::Invalid;
use crate::invalid::{BLOCK_ATTACK_BONUS, BLOCK_MAX_SLOTS, BLOCK_PER_DAY, BLOCK_SAVE_DC};
use crate::level::SpellLevel;
use crate::request::{CastMode, CastRequest};
use crate::resources::{LimitedUse, Recharge};
use crate::spell::{Spell, SpellId};

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

impl Caster {
    /// A creature that casts from its stat block: no class, the block's
    /// DC and attack bonus, its per-day uses full, its slots (if any) full.
    pub fn from_stat_block(
        name: impl Into<String>,
        abilities: AbilityScores,
        block: StatBlockCasting,
    ) -> Result<Caster, RulesError> {
        block.validate()?;
        let mut caster = Caster::classless(name, abilities);
        caster.slots = crate::slots::SlotPool::new(block.slots);
        caster.features = block.features();
        // A stat block's creature carries what its spells need (its gear
        // line lists a pouch or a focus), and keeps a hand free for them.
        caster.equipment.component_pouch = true;
        caster.block = Some(block);
        Ok(caster)
    }
}

/// What the access step of casting needs for a stat-block caster.
pub(crate) struct BlockAccess {
    pub stats: crate::resolve::Stats,
    pub source: crate::cast::Source,
    pub level: SpellLevel,
}

/// How a stat-block caster may cast `spell` (R5c, R3): at will, a per-day
/// use that has one left, or a slot for a spell the block casts with slots.
pub(crate) fn access(
    caster: &Caster,
    block: &StatBlockCasting,
    spell: &Spell,
    req: &CastRequest,
) -> Result<BlockAccess, RulesError> {
    use crate::cast::Source;
    let stats = crate::resolve::Stats {
        save_dc: block.save_dc,
        attack_bonus: block.attack_bonus,
        modifier: i32::from(caster.modifier(block.ability)),
    };
    let feature_named = |name: &str| -> Result<BlockAccess, RulesError> {
        let f = caster
            .features()
            .iter()
            .find(|f| f.name == name && f.spells.contains(&spell.id))
            .ok_or_else(|| RulesError::SourceCannotCast {
                name: name.to_owned(),
                spell: SpellName::of(spell),
                rule: "R5c",
            })?;
        if f.remaining() == 0 {
            return Err(RulesError::NoUsesLeft {
                name: name.to_owned(),
                rule: "R5c",
            });
        }
        Ok(BlockAccess {
            stats,
            source: Source::Feature(f.name.clone()),
            level: f.cast_level.unwrap_or(spell.level).max(spell.level),
        })
    };
    match &req.mode {
        CastMode::Feature(name) => feature_named(name),
        CastMode::Slot if req.slot.is_some() && block.slot_spells.contains(&spell.id) => {
            slot_access(caster, block, spell, req, stats)
        }
        CastMode::Slot if req.slot.is_some() => {
            // A spell the block casts at will or per day goes at its own
            // level: naming that level is no slot asked for (a Mage's
            // Cone of Cold at level 5); another level is, and it has none.
            let asked = req.slot.map_or(0, |s| s.get());
            let own = access(
                caster,
                block,
                spell,
                &CastRequest {
                    slot: None,
                    ..req.clone()
                },
            )?;
            if asked == own.level.get() {
                Ok(own)
            } else {
                Err(RulesError::NoSuchSlot {
                    level: asked,
                    highest: 0,
                })
            }
        }
        CastMode::Slot => {
            if let Some(s) = block.at_will(&spell.id) {
                return Ok(BlockAccess {
                    stats,
                    source: Source::Free,
                    level: s.level.unwrap_or(spell.level).max(spell.level),
                });
            }
            let uses: Vec<&LimitedUse> = caster
                .features()
                .iter()
                .filter(|f| f.spells.contains(&spell.id))
                .collect();
            if let Some(f) = uses.iter().find(|f| f.remaining() > 0) {
                return feature_named(&f.name);
            }
            if block.slot_spells.contains(&spell.id) {
                return slot_access(caster, block, spell, req, stats);
            }
            match uses.first() {
                Some(f) => Err(RulesError::NoUsesLeft {
                    name: f.name.clone(),
                    rule: "R5c",
                }),
                None => Err(RulesError::NotInStatBlock {
                    spell: SpellName::of(spell),
                }),
            }
        }
        CastMode::Ritual | CastMode::Item(_) | CastMode::Arcanum => {
            Err(RulesError::SourceCannotCast {
                name: caster.name().to_owned(),
                spell: SpellName::of(spell),
                rule: "R5c",
            })
        }
    }
}

fn slot_access(
    caster: &Caster,
    block: &StatBlockCasting,
    spell: &Spell,
    req: &CastRequest,
    stats: crate::resolve::Stats,
) -> Result<BlockAccess, RulesError> {
    if !block.slot_spells.contains(&spell.id) {
        return Err(RulesError::NotInStatBlock {
            spell: SpellName::of(spell),
        });
    }
    if spell.level.is_cantrip() {
        if req.slot.is_some() {
            return Err(RulesError::CantripTakesNoSlot);
        }
        return Ok(BlockAccess {
            stats,
            source: crate::cast::Source::Free,
            level: SpellLevel::CANTRIP,
        });
    }
    let spent = crate::requirements::choose_slot(caster, spell, req)?;
    Ok(BlockAccess {
        stats,
        source: crate::cast::Source::Slot(spent),
        level: SpellLevel::from(spent.level),
    })
}

/// The class a stat-block caster's casting reports: none.
pub(crate) const NO_CLASS: Option<Class> = None;
