//! A character advancing (issue 34, 2024): new class levels or ability
//! scores. Slots, pact slots, Mystic Arcanum and the Hit Point Dice follow
//! the new levels; a recorded hit point maximum changes by what the fixed
//! maximum changes: each level gained adds half its die plus 1 plus the
//! Constitution modifier (at least 1), and a changed Constitution modifier
//! counts again at every level. [`Caster::advance_with`] may roll each
//! level's Hit Die instead ([`HitPointGain::Roll`]). Current hit points
//! rise by the same gain and never stay above a lowered maximum.

use crate::Outcome;
use crate::abilities::AbilityScores;
use crate::caster::{Arcanum, Caster};
use crate::class::Class;
use crate::error::RulesError;
use crate::event::Event;
use crate::hit_dice::hit_die;
use crate::slots::{PactSlots, arcanum_levels, slots_for_classes};
use crate::state::hit_dice::{HIT_DIE_SIZES, HitDice};
use crate::state::level_hit_points::LevelHitPoints;
use crate::vitals::MAX_HIT_POINTS;
use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

/// How each level gained adds to the hit point maximum (2024): the fixed
/// value (half the class's Hit Die + 1) or a roll of the Hit Die, plus the
/// Constitution modifier either way, at least 1 a level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitPointGain {
    /// Half the Hit Die + 1 (a d8: 5).
    #[default]
    Fixed,
    /// A roll of the Hit Die.
    Roll,
}

impl Caster {
    /// The caster with `classes` as its class levels and `abilities` as
    /// its scores, checked as [`Caster::new`] checks them (each level
    /// 1–20, each class once, at most 20 in all): one
    /// [`Event::Advanced`] carrying the new hit point maximum and current
    /// hit points when hit points are recorded.
    pub fn advance(
        &self,
        classes: &[(Class, u8)],
        abilities: AbilityScores,
    ) -> Result<Outcome, RulesError> {
        self.advance_by(classes, abilities, |_| None)
    }

    /// [`Caster::advance`], the hit points of each level gained as `gain`
    /// says (2024: the fixed value, or a roll of the class's Hit Die with
    /// `rng`, plus the Constitution modifier, at least 1 a level). The
    /// dice are rolled in class order, lowest new level first, so a
    /// seeded `rng` replays them.
    pub fn advance_with(
        &self,
        classes: &[(Class, u8)],
        abilities: AbilityScores,
        gain: HitPointGain,
        rng: &mut impl DiceRng,
    ) -> Result<Outcome, RulesError> {
        match gain {
            HitPointGain::Fixed => self.advance(classes, abilities),
            HitPointGain::Roll => {
                self.advance_by(classes, abilities, |die| Some(rng.roll_die(u32::from(die))))
            }
        }
    }

    /// [`Caster::advance`] with `level_hp(die)` as each gained level's
    /// hit points before the Constitution modifier: a roll, or `None` for
    /// the fixed value.
    fn advance_by(
        &self,
        classes: &[(Class, u8)],
        abilities: AbilityScores,
        mut level_hp: impl FnMut(u8) -> Option<u32>,
    ) -> Result<Outcome, RulesError> {
        let after = Caster::new(self.name(), classes, abilities)?;
        // The fixed maximum's change counts a changed Constitution modifier
        // at every level; each level gained then trades its fixed value
        // for what `level_hp` gives it.
        let con = i64::from(after.modifier(crate::class::Ability::Constitution));
        let mut traded: i64 = 0;
        let mut rolls = Vec::new();
        for &(class, level) in classes {
            let die = hit_die(class);
            for _ in self.class_level(class)..level {
                let Some(rolled) = level_hp(die) else {
                    continue;
                };
                let fixed = (i64::from(die / 2 + 1) + con).max(1);
                let got = (i64::from(rolled) + con).max(1);
                traded += got - fixed;
                rolls.push(LevelHitPoints {
                    class,
                    size: die,
                    face: rolled,
                    rolled: true,
                    con: i8::try_from(con).unwrap_or_default(),
                    hp: u32::try_from(got).unwrap_or(1),
                });
            }
        }
        let hit_points = self.vitals.map(|v| {
            let gain = i64::from(after.fixed_max_hp()) - i64::from(self.fixed_max_hp()) + traded;
            let max_hp = (i64::from(v.max_hp) + gain).clamp(1, i64::from(MAX_HIT_POINTS));
            let hp = (i64::from(v.hp) + gain.max(0)).clamp(0, max_hp);
            (
                u32::try_from(max_hp).unwrap_or(1),
                u32::try_from(hp).unwrap_or(0),
            )
        });
        Ok(Outcome {
            events: vec![Event::Advanced {
                classes: classes.to_vec(),
                abilities,
                max_hp: hit_points.map(|(m, _)| m),
                hp: hit_points.map(|(_, h)| h),
                rolls,
            }],
            notes: Vec::new(),
        })
    }

    /// Applies [`Event::Advanced`]: slots gained are available, none left
    /// above its new total; expended pact slots and used Arcanum stay so;
    /// spent Hit Point Dice never above the dice the levels give.
    pub(crate) fn apply_advanced(
        &mut self,
        classes: &[(Class, u8)],
        abilities: AbilityScores,
        max_hp: Option<u32>,
        hp: Option<u32>,
    ) {
        self.set_levels(classes, abilities);
        self.slots.retotal(slots_for_classes(classes));
        let warlock = self.class_level(Class::Warlock);
        let expended = self.pact.as_ref().map_or(0, PactSlots::expended);
        self.pact = PactSlots::for_level(warlock).map(|mut p| {
            p.spend_to(expended);
            p
        });
        let used: Vec<_> = self
            .arcanum
            .iter()
            .filter(|a| a.used)
            .map(|a| a.level)
            .collect();
        self.arcanum = arcanum_levels(warlock)
            .into_iter()
            .map(|level| Arcanum {
                level,
                used: used.contains(&level),
            })
            .collect();
        let dice = self.hit_dice();
        if let Some(v) = self.vitals.as_mut() {
            let spent = v.hit_dice_spent;
            v.hit_dice_spent = HIT_DIE_SIZES.into_iter().fold(HitDice::default(), |d, s| {
                d.plus(s, spent.get(s).min(dice.get(s)))
            });
            if let (Some(max_hp), Some(hp)) = (max_hp, hp) {
                v.max_hp = max_hp.max(1);
                v.hp = hp.min(v.max_hp);
                if v.hp > 0 {
                    v.death = crate::state::death_saves::DeathSaves::default();
                }
            }
        }
    }
}
