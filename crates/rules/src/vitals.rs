//! A creature's hit points and Armor Class: current, maximum and temporary
//! hit points, and the arithmetic damage and healing follow.
//!
//! Damage takes temporary hit points first and stops at 0; healing stops at
//! the maximum and never touches temporary hit points; temporary hit points
//! do not add up (the larger amount is kept).

use serde::{Deserialize, Serialize};

use crate::error::RulesError;
use crate::state::death_saves::DeathSaves;
use crate::state::hit_dice::HitDice;

/// The largest hit point maximum accepted (well above any 20th-level
/// character's).
pub const MAX_HIT_POINTS: u32 = 999;
/// The largest Armor Class accepted.
pub const MAX_ARMOR_CLASS: u8 = 40;

/// Hit points and Armor Class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vitals {
    /// Hit point maximum.
    pub max_hp: u32,
    /// Current hit points, 0 to the maximum.
    pub hp: u32,
    /// Temporary hit points, lost before the real ones.
    pub temp_hp: u32,
    /// Armor Class.
    pub ac: u8,
    /// Death saving throws while at 0 hit points (none on older sheets).
    #[serde(default, skip_serializing_if = "DeathSaves::is_clear")]
    pub death: DeathSaves,
    /// Hit Point Dice spent since the last Long Rest (none on older sheets).
    #[serde(default, skip_serializing_if = "HitDice::is_none")]
    pub hit_dice_spent: HitDice,
}

impl Vitals {
    /// Full hit points, no temporary ones. The maximum must be 1 to
    /// [`MAX_HIT_POINTS`] and the Armor Class 1 to [`MAX_ARMOR_CLASS`].
    pub fn new(max_hp: u32, ac: u8) -> Result<Vitals, RulesError> {
        if !(1..=MAX_HIT_POINTS).contains(&max_hp) {
            return Err(RulesError::InvalidVitals {
                field: "max_hp",
                value: i64::from(max_hp),
                max: i64::from(MAX_HIT_POINTS),
            });
        }
        if !(1..=MAX_ARMOR_CLASS).contains(&ac) {
            return Err(RulesError::InvalidVitals {
                field: "ac",
                value: i64::from(ac),
                max: i64::from(MAX_ARMOR_CLASS),
            });
        }
        Ok(Vitals {
            max_hp,
            hp: max_hp,
            temp_hp: 0,
            ac,
            death: DeathSaves::default(),
            hit_dice_spent: HitDice::default(),
        })
    }

    /// The same creature at `hp` current hit points (at most the maximum).
    pub fn at(self, hp: u32) -> Result<Vitals, RulesError> {
        if hp > self.max_hp {
            return Err(RulesError::InvalidVitals {
                field: "hp",
                value: i64::from(hp),
                max: i64::from(self.max_hp),
            });
        }
        Ok(Vitals { hp, ..self })
    }

    /// After taking `amount` damage: temporary hit points first, then the
    /// real ones, never below 0.
    pub fn after_damage(self, amount: u32) -> Vitals {
        let (hp, temp_hp) = absorb(self.hp, self.temp_hp, amount);
        Vitals {
            temp_hp,
            hp,
            ..self
        }
    }

    /// After regaining `amount` hit points: never above the maximum; any
    /// hit point regained ends the death saves.
    pub fn after_healing(self, amount: u32) -> Vitals {
        let hp = self.hp.saturating_add(amount).min(self.max_hp);
        Vitals {
            hp,
            death: if hp > 0 {
                DeathSaves::default()
            } else {
                self.death
            },
            ..self
        }
    }

    /// After gaining `amount` temporary hit points: they do not add up, the
    /// larger amount stays.
    pub fn with_temp(self, amount: u32) -> Vitals {
        Vitals {
            temp_hp: self.temp_hp.max(amount.min(MAX_HIT_POINTS)),
            ..self
        }
    }

    /// After a Long Rest: every hit point and Hit Point Die back (2024),
    /// temporary hit points gone, no death saves.
    pub fn rested(self) -> Vitals {
        Vitals {
            hp: self.max_hp,
            temp_hp: 0,
            death: DeathSaves::default(),
            hit_dice_spent: HitDice::default(),
            ..self
        }
    }

    /// Whether the creature is at 0 hit points.
    pub fn down(self) -> bool {
        self.hp == 0
    }
}

/// A creature at 0 hit points is Unconscious and cannot cast (R9: it can
/// take no action), whatever its conditions say: `hp` is its hit points
/// wherever they are kept (its sheet, or an encounter's tracker).
pub fn check_not_down(name: &str, hp: Option<i64>) -> Result<(), RulesError> {
    if hp.is_some_and(|hp| hp <= 0) {
        return Err(RulesError::AtZeroHitPoints {
            name: name.to_owned(),
        });
    }
    Ok(())
}

/// `amount` damage against `hp` hit points and `temp_hp` temporary ones:
/// the temporary ones go first, the rest never below 0. Returns the hit
/// points and temporary hit points left. The one place this is counted:
/// stored hit points ([`Vitals::after_damage`]) and a cast's reported ones
/// both come here.
pub(crate) fn absorb(hp: u32, temp_hp: u32, amount: u32) -> (u32, u32) {
    let from_temp = amount.min(temp_hp);
    (hp.saturating_sub(amount - from_temp), temp_hp - from_temp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fighter() -> Vitals {
        Vitals::new(30, 16).unwrap()
    }

    #[test]
    fn old_sheets_without_death_saves_or_hit_dice_still_load() {
        let v: Vitals =
            serde_json::from_str(r#"{"max_hp":30,"hp":0,"temp_hp":0,"ac":16}"#).unwrap();
        assert!(v.death.is_clear() && v.hit_dice_spent.is_none());
        assert_eq!(
            serde_json::to_string(&fighter()).unwrap(),
            r#"{"max_hp":30,"hp":30,"temp_hp":0,"ac":16}"#
        );
    }

    #[test]
    fn bounds_are_checked() {
        assert!(Vitals::new(0, 10).is_err());
        assert!(Vitals::new(MAX_HIT_POINTS + 1, 10).is_err());
        assert!(Vitals::new(10, 0).is_err());
        assert!(Vitals::new(10, MAX_ARMOR_CLASS + 1).is_err());
        assert_eq!(fighter().hp, 30);
        let e = fighter().at(31).unwrap_err();
        assert_eq!(e.code(), "invalid_hit_points");
    }

    #[test]
    fn damage_takes_temporary_hit_points_first_and_stops_at_zero() {
        let v = fighter().with_temp(5).after_damage(8);
        assert_eq!((v.temp_hp, v.hp), (0, 27));
        let v = fighter().with_temp(10).after_damage(4);
        assert_eq!((v.temp_hp, v.hp), (6, 30));
        let v = fighter().after_damage(100);
        assert_eq!(v.hp, 0);
        assert!(v.down());
    }

    #[test]
    fn healing_stops_at_the_maximum_and_temporary_points_do_not_stack() {
        let v = fighter().after_damage(10).after_healing(25);
        assert_eq!(v.hp, 30);
        let v = fighter().with_temp(8).with_temp(5);
        assert_eq!(v.temp_hp, 8, "the larger amount stays");
        let v = fighter().with_temp(3).after_damage(10).rested();
        assert_eq!((v.hp, v.temp_hp), (30, 0));
    }
}
