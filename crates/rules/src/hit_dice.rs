//! Hit Point Dice (2024, SRD 5.2): one die per class level, its size set
//! by the class; spent at the end of a Short Rest, each rolled with the
//! Constitution modifier added (at least 1 hit point a die), and every
//! spent die regained on a Long Rest. The same dice set a fixed hit point
//! maximum: the whole die plus Constitution at first level, then half the
//! die plus 1 plus Constitution for each level after.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::class::Ability;
use crate::class::Class;
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::feature_kind::FeatureKind;
use crate::state::hit_dice::{HIT_DIE_SIZES, HitDice};
pub use crate::state::level_hit_points::LevelHitPoints;
use crate::vitals::MAX_HIT_POINTS;

/// The subclass pick of Draconic Sorcery.
const DRACONIC_SORCERY: &str = "draconic";

/// The Hit Point Die size of a class: d6 Sorcerer and Wizard, d8 Bard,
/// Cleric, Druid and Warlock, d10 Paladin and Ranger.
pub fn hit_die(class: Class) -> u8 {
    match class {
        Class::Sorcerer | Class::Wizard => 6,
        Class::Bard | Class::Cleric | Class::Druid | Class::Warlock => 8,
        Class::Paladin | Class::Ranger => 10,
    }
}

/// One Hit Point Die spent: its size, the face rolled, the Constitution
/// modifier and the hit points it gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitDieRoll {
    /// The die size.
    pub size: u8,
    /// The face rolled.
    pub face: u32,
    /// The Constitution modifier added.
    pub con: i8,
    /// Hit points regained from it (face + modifier, at least 1).
    pub healed: u32,
}

/// A hit point maximum rolled level by level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledMaxHp {
    /// The maximum: every level's hit points and what features add.
    pub max_hp: u32,
    /// Each level, in class order.
    pub levels: Vec<LevelHitPoints>,
    /// Hit points class features add to the maximum
    /// ([`Caster::feature_max_hp`]: Draconic Resilience).
    #[serde(default)]
    pub features: u32,
}

/// Hit Point Dice spent: the rolls and the events.
#[derive(Debug, Clone, PartialEq)]
pub struct HitDiceSpent {
    /// Each die as rolled.
    pub rolls: Vec<HitDieRoll>,
    /// Hit points regained in all (before the maximum caps them).
    pub healed: u32,
    /// The events.
    pub outcome: Outcome,
}

impl Caster {
    /// Every Hit Point Die the caster's classes give: one per level.
    pub fn hit_dice(&self) -> HitDice {
        self.classes()
            .iter()
            .fold(HitDice::default(), |d, &(c, l)| d.plus(hit_die(c), l))
    }

    /// The Hit Point Dice left to spend.
    pub fn hit_dice_left(&self) -> HitDice {
        let spent = self.vitals().map(|v| v.hit_dice_spent).unwrap_or_default();
        let all = self.hit_dice();
        HIT_DIE_SIZES.into_iter().fold(HitDice::default(), |d, s| {
            d.plus(s, all.get(s).saturating_sub(spent.get(s)))
        })
    }

    /// The fixed hit point maximum from the Hit Point Dice and
    /// Constitution: the first class's whole die at level 1, half a die
    /// plus 1 for every other level, the Constitution modifier each level;
    /// at least 1 a level; then what features add ([`Caster::feature_max_hp`]).
    pub fn fixed_max_hp(&self) -> u32 {
        let con = i64::from(self.modifier(Ability::Constitution));
        let mut total: i64 = 0;
        for (i, &(class, levels)) in self.classes().iter().enumerate() {
            let die = i64::from(hit_die(class));
            for l in 0..levels {
                let base = if i == 0 && l == 0 { die } else { die / 2 + 1 };
                total += (base + con).max(1);
            }
        }
        total += i64::from(self.feature_max_hp());
        u32::try_from(total.clamp(1, i64::from(MAX_HIT_POINTS))).unwrap_or(1)
    }

    /// Hit points class features add to the maximum: Draconic Resilience
    /// (SRD 5.2 Draconic Sorcery, Sorcerer 3) adds 3 at Sorcerer level 3
    /// and 1 more for each Sorcerer level after, so the Sorcerer level.
    pub fn feature_max_hp(&self) -> u32 {
        if self.has_draconic_resilience() {
            u32::from(self.class_level(Class::Sorcerer))
        } else {
            0
        }
    }

    /// Whether the caster has Draconic Resilience: a Sorcerer of level 3
    /// or more who chose Draconic Sorcery.
    pub fn has_draconic_resilience(&self) -> bool {
        self.class_level(Class::Sorcerer) >= 3
            && self
                .picks()
                .iter()
                .any(|p| p.kind == FeatureKind::Subclass && p.id == DRACONIC_SORCERY)
    }

    /// A hit point maximum rolled level by level (the 2024 alternative to
    /// the fixed one): the first class's whole die at level 1, a roll of
    /// the class's die for every other level, the Constitution modifier
    /// each level, at least 1 a level. Every level is returned as rolled.
    pub fn rolled_max_hp<R: DiceRng + ?Sized>(&self, rng: &mut R) -> RolledMaxHp {
        let con = self.modifier(Ability::Constitution);
        let mut levels = Vec::new();
        for (i, &(class, n)) in self.classes().iter().enumerate() {
            let die = hit_die(class);
            for l in 0..n {
                let first = i == 0 && l == 0;
                let face = if first {
                    u32::from(die)
                } else {
                    rng.roll_die(u32::from(die))
                };
                let hp = (i64::from(face) + i64::from(con)).max(1);
                levels.push(LevelHitPoints {
                    class,
                    size: die,
                    face,
                    rolled: !first,
                    con,
                    hp: u32::try_from(hp).unwrap_or(1),
                });
            }
        }
        let features = self.feature_max_hp();
        let total: u64 = levels.iter().map(|l| u64::from(l.hp)).sum::<u64>() + u64::from(features);
        RolledMaxHp {
            max_hp: u32::try_from(total.clamp(1, u64::from(MAX_HIT_POINTS))).unwrap_or(1),
            levels,
            features,
        }
    }

    /// The Hit Point Dice a Short Rest spends by default: the largest left
    /// first, until their average rolls (half the die plus 1, plus the
    /// Constitution modifier, at least 1) cover the hit points missing.
    /// None at full hit points, without recorded hit points, or dead.
    pub fn hit_dice_to_heal(&self) -> HitDice {
        let Some(v) = self.vitals() else {
            return HitDice::default();
        };
        if v.death.dead {
            return HitDice::default();
        }
        let mut missing = i64::from(v.max_hp.saturating_sub(v.hp));
        let con = i64::from(self.modifier(Ability::Constitution));
        let left = self.hit_dice_left();
        let mut dice = HitDice::default();
        for size in HIT_DIE_SIZES.into_iter().rev() {
            for _ in 0..left.get(size) {
                if missing <= 0 {
                    return dice;
                }
                dice = dice.plus(size, 1);
                missing -= (i64::from(size) / 2 + 1 + con).max(1);
            }
        }
        dice
    }

    /// Spends Hit Point Dice at the end of a Short Rest: `dice` says how
    /// many of each size; each rolls and adds the Constitution modifier
    /// (at least 1 hit point). Refused when the caster has no hit points
    /// recorded, is dead, or has fewer dice of a size left
    /// (`no_hit_dice_left`).
    pub fn spend_hit_dice<R: DiceRng + ?Sized>(
        &self,
        dice: HitDice,
        rng: &mut R,
    ) -> Result<HitDiceSpent, RulesError> {
        let v = self.vitals().ok_or_else(|| RulesError::NoHitPoints {
            name: self.name().to_owned(),
        })?;
        if v.death.dead {
            return Err(RulesError::Dead {
                name: self.name().to_owned(),
            });
        }
        let left = self.hit_dice_left();
        for (size, n) in dice.each() {
            if n > left.get(size) {
                return Err(RulesError::NoHitDiceLeft {
                    name: self.name().to_owned(),
                    size,
                    asked: n,
                    left: left.get(size),
                });
            }
        }
        let con = self.modifier(Ability::Constitution);
        let mut rolls = Vec::new();
        for (size, n) in dice.each() {
            for _ in 0..n {
                let face = rng.roll_die(u32::from(size));
                let healed = (i64::from(face) + i64::from(con)).max(1);
                rolls.push(HitDieRoll {
                    size,
                    face,
                    con,
                    healed: u32::try_from(healed).unwrap_or(1),
                });
            }
        }
        let healed: u32 = rolls.iter().map(|r| r.healed).sum();
        let spent = HIT_DIE_SIZES
            .into_iter()
            .fold(v.hit_dice_spent, |d, s| d.plus(s, dice.get(s)));
        let mut events = vec![Event::HitDiceSpent { spent }];
        if healed > 0 {
            events.extend(self.heal(healed)?.events);
        }
        Ok(HitDiceSpent {
            rolls,
            healed,
            outcome: Outcome {
                events,
                notes: Vec::new(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolled_max_hp_takes_the_whole_first_die_then_rolls_each_level() {
        let scores = crate::AbilityScores::new([10, 10, 14, 10, 10, 14]).unwrap();
        let c = Caster::new("Pal", &[(Class::Paladin, 3)], scores).unwrap();
        let mut rng = grimoire_dice::SeededRng::new(7);
        let r = c.rolled_max_hp(&mut rng);
        assert_eq!(r.levels.len(), 3);
        assert_eq!((r.levels[0].face, r.levels[0].rolled), (10, false));
        assert!(
            r.levels[1..]
                .iter()
                .all(|l| l.rolled && (1..=10).contains(&l.face))
        );
        assert!(r.levels.iter().all(|l| l.hp == l.face + 2));
        assert_eq!(r.max_hp, r.levels.iter().map(|l| l.hp).sum::<u32>());
    }

    #[test]
    fn sizes_add_up_and_ignore_unknown() {
        let d = HitDice::default().plus(8, 2).plus(10, 1).plus(7, 4);
        assert_eq!(d.each().collect::<Vec<_>>(), [(8, 2), (10, 1)]);
        assert!(HitDice::default().is_none());
    }
}
