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

use crate::abilities::AbilityScores;
use crate::caster::Caster;
use crate::class::Class;
use crate::error::{RulesError, SpellName};
use crate::level::SpellLevel;
use crate::request::{CastMode, CastRequest};
use crate::resources::LimitedUse;
use crate::spell::Spell;
use crate::state::stat_block::StatBlockCasting;

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
    pub source: crate::resolution::Source,
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
    use crate::resolution::Source;
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
            source: crate::resolution::Source::Free,
            level: SpellLevel::CANTRIP,
        });
    }
    let spent = crate::requirements::choose_slot(caster, spell, req)?;
    Ok(BlockAccess {
        stats,
        source: crate::resolution::Source::Slot(spent),
        level: SpellLevel::from(spent.level),
    })
}

/// The class a stat-block caster's casting reports: none.
pub(crate) const NO_CLASS: Option<Class> = None;
