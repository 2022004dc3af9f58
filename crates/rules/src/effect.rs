//! What a spell does when it resolves (R16): the delivery (attack roll,
//! saving throw or automatic), damage, healing, conditions, bonuses and how
//! they grow with slot level (R6) or character level (cantrips).

use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::condition::Condition;
use crate::damage::DamageType;
use crate::formula::DiceFormula;

/// Whether a spell attack is made in melee or at range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Melee spell attack.
    Melee,
    /// Ranged spell attack.
    Ranged,
}

/// What a successful saving throw leaves of the effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnSave {
    /// Half damage (rounded down), no conditions.
    Half,
    /// Nothing at all.
    None,
}

/// How the effect reaches its targets.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Delivery {
    /// It just happens (Magic Missile, Cure Wounds, Bless).
    #[default]
    Automatic,
    /// A spell attack roll against AC (R20).
    Attack(AttackKind),
    /// A saving throw against the caster's DC (R19).
    Save {
        /// The ability the target saves with.
        ability: Ability,
        /// What a success leaves.
        on_success: OnSave,
    },
}

/// One damage roll of a given type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Damage {
    /// The dice.
    pub dice: DiceFormula,
    /// The type.
    pub damage_type: DamageType,
    /// Whether the spellcasting ability modifier is added.
    #[serde(default)]
    pub add_modifier: bool,
}

/// Hit points restored.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Healing {
    /// The dice.
    pub dice: DiceFormula,
    /// Whether the spellcasting ability modifier is added.
    #[serde(default)]
    pub add_modifier: bool,
}

/// What a bonus is added to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusTarget {
    /// Attack rolls.
    AttackRolls,
    /// Saving throws.
    SavingThrows,
    /// Ability checks.
    AbilityChecks,
    /// Armor Class.
    ArmorClass,
    /// Damage rolls.
    DamageRolls,
    /// Speed, in feet.
    Speed,
}

/// How large a bonus is: a flat number or a die rolled each time.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusAmount {
    /// A fixed number (Shield's +5 AC); negative for penalties.
    Flat(i32),
    /// Dice added each time (Bless's 1d4).
    Dice(DiceFormula),
}

impl std::fmt::Display for BonusAmount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BonusAmount::Flat(n) => write!(f, "{n:+}"),
            BonusAmount::Dice(d) => write!(f, "+{d}"),
        }
    }
}

impl BonusAmount {
    /// Average value, used to compare potency (R21).
    pub fn potency(&self) -> f64 {
        match self {
            BonusAmount::Flat(n) => f64::from(*n),
            BonusAmount::Dice(d) => {
                f64::from(d.count) * (f64::from(d.sides) + 1.0) / 2.0 + f64::from(d.bonus)
            }
        }
    }
}

/// A bonus (or penalty) the spell grants while it lasts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bonus {
    /// What it is added to.
    pub applies_to: BonusTarget,
    /// How much.
    pub amount: BonusAmount,
}

/// How a leveled spell grows for each slot level above its own (R6).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Upcast {
    /// Dice added to the first damage roll (or the healing when there is no
    /// damage), per slot level above the spell's level. Dice of another size
    /// than the damage's roll as an extra part of the same type; healing
    /// grows only by dice of its own size.
    #[serde(default)]
    pub extra_dice: Option<DiceFormula>,
    /// Extra instances (darts, rays) per level above.
    #[serde(default)]
    pub extra_instances: u32,
    /// Extra targets per level above.
    #[serde(default)]
    pub extra_targets: u32,
}

/// How a cantrip grows at character levels 5, 11 and 17.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CantripScaling {
    /// It does not grow.
    #[default]
    None,
    /// Its damage dice are multiplied by 2, 3, 4 (Fire Bolt).
    Dice,
    /// Its instances (beams) are multiplied by 2, 3, 4 (Eldritch Blast).
    Instances,
}

impl CantripScaling {
    /// The multiplier for a character level: 1, 2 (5+), 3 (11+), 4 (17+).
    pub fn tier(character_level: u8) -> u32 {
        match character_level {
            0..=4 => 1,
            5..=10 => 2,
            11..=16 => 3,
            _ => 4,
        }
    }
}

/// The mechanics of a spell (R16). Every part is optional so that spells
/// without numbers (Detect Magic) are an `Effect::default()`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Effect {
    /// Attack roll, saving throw or automatic.
    #[serde(default)]
    pub delivery: Delivery,
    /// How many separate instances (darts, rays, beams); at least 1.
    #[serde(default = "one")]
    pub instances: u32,
    /// Damage dealt by each instance on a hit or failed save.
    #[serde(default)]
    pub damage: Vec<Damage>,
    /// Healing given to each target.
    #[serde(default)]
    pub healing: Option<Healing>,
    /// Conditions imposed on a hit or failed save.
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// Bonuses the targets get while the spell lasts.
    #[serde(default)]
    pub bonuses: Vec<Bonus>,
    /// Growth per slot level above the spell's level (R6).
    #[serde(default)]
    pub upcast: Upcast,
    /// Growth with character level (cantrips only).
    #[serde(default)]
    pub cantrip_scaling: CantripScaling,
}

fn one() -> u32 {
    1
}

impl Default for Effect {
    fn default() -> Self {
        Effect {
            delivery: Delivery::Automatic,
            instances: 1,
            damage: Vec::new(),
            healing: None,
            conditions: Vec::new(),
            bonuses: Vec::new(),
            upcast: Upcast::default(),
            cantrip_scaling: CantripScaling::None,
        }
    }
}

impl Effect {
    /// Whether a target that succeeds on its save is left untouched: what
    /// decides how an invalid target appears (R18).
    pub fn nothing_on_success(&self) -> bool {
        matches!(
            self.delivery,
            Delivery::Save {
                on_success: OnSave::None,
                ..
            }
        ) || (matches!(self.delivery, Delivery::Save { .. }) && self.damage.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cantrip_tiers_at_5_11_17() {
        let tiers: Vec<u32> = [1, 4, 5, 10, 11, 16, 17, 20]
            .map(CantripScaling::tier)
            .to_vec();
        assert_eq!(tiers, [1, 1, 2, 2, 3, 3, 4, 4]);
    }

    #[test]
    fn r21_potency_compares_dice_by_average() {
        let d4 = BonusAmount::Dice(DiceFormula::new(1, 4));
        assert!(BonusAmount::Flat(3).potency() > d4.potency());
        assert_eq!(
            (d4.to_string(), BonusAmount::Flat(5).to_string()),
            ("+1d4".into(), "+5".into())
        );
    }
}
