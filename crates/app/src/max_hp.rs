//! A hit point maximum from the Hit Point Dice (issue 34, 2024): fixed
//! (the whole first die, then half a die plus 1 a level) or rolled level
//! by level, the Constitution modifier each level. Front ends ask for
//! `auto` and get the number (and, when rolled, every level as rolled)
//! to record with [`crate::hit_points`].

use grimoire_dice::DiceRng;
use grimoire_rules::{Caster, RolledMaxHp};
use serde::{Deserialize, Serialize};

/// How `auto` sets a hit point maximum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum MaxHpRule {
    /// The fixed value of every level.
    #[default]
    Fixed,
    /// The first level's whole die, then a roll of each later level's die.
    Rolled,
}

/// A maximum computed from the Hit Point Dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MaxHpFromDice {
    /// The maximum.
    pub max_hp: u32,
    /// Each level as rolled, for [`MaxHpRule::Rolled`].
    pub rolled: Option<RolledMaxHp>,
}

/// The maximum `rule` gives `caster` from its classes' Hit Point Dice and
/// Constitution; a rolled one uses `rng`.
pub fn max_hp_from_dice<R: DiceRng + ?Sized>(
    caster: &Caster,
    rule: MaxHpRule,
    rng: &mut R,
) -> MaxHpFromDice {
    match rule {
        MaxHpRule::Fixed => MaxHpFromDice {
            max_hp: caster.fixed_max_hp(),
            rolled: None,
        },
        MaxHpRule::Rolled => {
            let r = caster.rolled_max_hp(rng);
            MaxHpFromDice {
                max_hp: r.max_hp,
                rolled: Some(r),
            }
        }
    }
}
