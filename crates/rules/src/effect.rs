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
    /// The type, and the default when the caster may choose (R16).
    pub damage_type: DamageType,
    /// Whether the spellcasting ability modifier is added.
    #[serde(default)]
    pub add_modifier: bool,
    /// Other types the caster may choose instead of `damage_type` when
    /// casting (Chromatic Orb); see `CastRequest::damage_type`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternative_types: Vec<DamageType>,
    /// Growth of this part per slot level above the spell's (R6): its dice
    /// count and flat amount are added once per level (Flame Strike grows
    /// both its fire and its radiant part by 1d6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_slot: Option<DiceFormula>,
    /// The only creature types (lower case) this part harms; empty for
    /// every target. Divine Smite's extra 1d8 hits Fiends and Undead only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_against: Vec<String>,
}

impl Damage {
    /// A part of one fixed type that does not grow.
    pub fn new(dice: DiceFormula, damage_type: DamageType) -> Self {
        Damage {
            dice,
            damage_type,
            add_modifier: false,
            alternative_types: Vec::new(),
            per_slot: None,
            only_against: Vec::new(),
        }
    }

    /// Every type the caster may give this part, the default first.
    pub fn offered_types(&self) -> Vec<DamageType> {
        let mut all = vec![self.damage_type];
        for t in &self.alternative_types {
            if !all.contains(t) {
                all.push(*t);
            }
        }
        all
    }

    /// Whether the caster may give this part the type `t`.
    pub fn offers(&self, t: DamageType) -> bool {
        self.damage_type == t || self.alternative_types.contains(&t)
    }
}

/// Hit points restored.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Healing {
    /// The dice.
    pub dice: DiceFormula,
    /// Whether the spellcasting ability modifier is added.
    #[serde(default)]
    pub add_modifier: bool,
    /// Growth per slot level above the spell's (R6): dice and a flat
    /// amount, each added once per level (Heal: a flat `10`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_slot: Option<DiceFormula>,
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
    /// Hit point maximum (Aid), raised along with current hit points.
    HitPointMaximum,
}

/// How large a bonus is: a flat number or dice rolled each time, added or
/// (for penalties) subtracted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusAmount {
    /// A fixed number (Shield's +5 AC); negative for penalties.
    Flat(i32),
    /// Dice added each time (Bless's 1d4).
    Dice(DiceFormula),
    /// Dice subtracted each time (Bane's 1d4 off attack rolls and saves).
    Penalty(DiceFormula),
}

impl std::fmt::Display for BonusAmount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BonusAmount::Flat(n) => write!(f, "{n:+}"),
            BonusAmount::Dice(d) => write!(f, "+{d}"),
            BonusAmount::Penalty(d) => write!(f, "-{d}"),
        }
    }
}

fn average(d: &DiceFormula) -> f64 {
    f64::from(d.count) * (f64::from(d.sides) + 1.0) / 2.0 + f64::from(d.bonus)
}

impl BonusAmount {
    /// Average value, negative for penalties, used to compare potency (R21).
    pub fn potency(&self) -> f64 {
        match self {
            BonusAmount::Flat(n) => f64::from(*n),
            BonusAmount::Dice(d) => average(d),
            BonusAmount::Penalty(d) => -average(d),
        }
    }

    /// Whether it lowers the roll (Bane).
    pub fn is_penalty(&self) -> bool {
        self.potency() < 0.0
    }

    /// The same amount grown by `levels` times `per_level` (R6): a flat
    /// amount grows by it, dice grow their flat part.
    pub fn grown(&self, per_level: i32, levels: u32) -> BonusAmount {
        let add = per_level.saturating_mul(i32::try_from(levels).unwrap_or(i32::MAX));
        match self {
            BonusAmount::Flat(n) => BonusAmount::Flat(n.saturating_add(add)),
            BonusAmount::Dice(d) => BonusAmount::Dice(d.plus(d.bonus.saturating_add(add))),
            BonusAmount::Penalty(d) => BonusAmount::Penalty(d.plus(d.bonus.saturating_add(add))),
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
    /// Added to the amount per slot level above the spell's (R6): Aid's
    /// +5 hit points per level.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub per_slot: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

impl Bonus {
    /// A bonus that does not grow with slot level.
    pub fn new(applies_to: BonusTarget, amount: BonusAmount) -> Self {
        Bonus {
            applies_to,
            amount,
            per_slot: 0,
        }
    }
}

/// How a leveled spell grows for each slot level above its own (R6).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Upcast {
    /// Dice added to the first damage roll (or the healing when there is no
    /// damage), per slot level above the spell's level, with its flat part
    /// added per level too. Dice of another size than the damage's roll as
    /// an extra part of the same type; healing grows only by dice of its own
    /// size. Parts with their own `per_slot` grow by that as well.
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
    /// Extra damage the caster deals to an affected target each time it
    /// hits that target with an attack roll while the spell lasts (Hex,
    /// Hunter's Mark); kept on the ongoing spell, see `EffectBoard::riders`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rider: Vec<Damage>,
    /// Damage the spell deals, while it lasts, to each creature it affects
    /// at the start or end of that creature's turns (Spirit Guardians,
    /// Searing Smite's burning); see [`crate::TurnDamage`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub each_turn: Vec<crate::effect::TurnDamage>,
    /// Whether the damage and save are dealt as the spell is cast (most
    /// spells: Moonbeam "when the Cylinder appears"). `false` for a lasting
    /// spell that harms only later, through `each_turn` (Flaming Sphere,
    /// Spirit Guardians in 2024): casting it rolls no damage and no save,
    /// and its effect starts on every target.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub on_cast: bool,
    /// Attack rolls against an affected target have Advantage while the
    /// spell lasts, and the target cannot benefit from Invisible (Faerie
    /// Fire); kept on the ongoing spell, see
    /// [`crate::EffectBoard::advantage_against`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacked_with_advantage: bool,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_true(b: &bool) -> bool {
    *b
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
            rider: Vec::new(),
            each_turn: Vec::new(),
            on_cast: true,
            attacked_with_advantage: false,
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

/// The moment in a creature's turn when a lasting effect acts on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnPoint {
    /// As its turn begins (Searing Smite).
    Start,
    /// As its turn ends (Spirit Guardians, Moonbeam).
    End,
    /// Not at a turn boundary: when the creature enters the spell's area,
    /// the area moves into its space, or the caster rams the spell into it
    /// (Flaming Sphere). The table says when; it is dealt on demand
    /// ([`entering_damage`]), never by a turn change.
    Enter,
}

/// What a successful save against turn damage does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnSaveResult {
    /// Half the damage (Spirit Guardians).
    Half,
    /// No damage.
    NoDamage,
    /// The damage lands all the same; the save is made after it, and a
    /// success ends the spell (Searing Smite).
    EndsSpell,
    /// No damage, and the spell ends on the creature (Phantasmal Killer,
    /// Weird: a success at the end of its turn frees it).
    NoDamageEndsSpell,
}

/// The saving throw against turn damage, at the caster's DC (R19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnSave {
    /// The ability saved with.
    pub ability: Ability,
    /// What a success does.
    pub on_success: TurnSaveResult,
}

/// Damage a lasting spell deals each creature it affects at one point of
/// that creature's turns.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnDamage {
    /// When in the creature's turn.
    pub at: TurnPoint,
    /// The damage; `per_slot` grows it with the slot (R6) at casting.
    pub damage: Vec<Damage>,
    /// The save, if one is allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<TurnSave>,
}

/// When a lasting spell that deals no damage as it is cast will harm
/// (Flaming Sphere, Spirit Guardians in 2024), as a cast reports it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaterHarm {
    /// The moments it harms: a turn's start or end, or on entering.
    pub at: Vec<TurnPoint>,
}

impl LaterHarm {
    /// When `each_turn` harms, each moment once, in the data's order.
    pub fn of(each_turn: &[TurnDamage]) -> LaterHarm {
        let mut at = Vec::new();
        for t in each_turn {
            if !at.contains(&t.at) {
                at.push(t.at);
            }
        }
        LaterHarm { at }
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
