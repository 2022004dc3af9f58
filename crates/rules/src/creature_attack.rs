//! A creature's weapon attack on a combatant (issue 34): the GM's numbers
//! (attack bonus, damage die and modifier, type), rolled in two steps so
//! that a Reaction raising the target's Armor Class (Shield's +5, R11)
//! comes between the attack roll and its damage: [`roll_creature_attack`]
//! says whether it hits the AC it saw, [`land_creature_attack`] rolls the
//! damage of a hit that still hits.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::damage::DamageType;
use crate::economy::ActionKind;
use crate::effect::Damage;
use crate::error::RulesError;
use crate::formula::DiceFormula;
use crate::label::RollLabel;
use crate::level::SpellLevel;
use crate::request::CastMode;
use crate::resolution::{CastOutcome, CastResolution, CastStatus};
use crate::resolve::{Stats, hit_points_after, roll_damage, take};
use crate::roll::{RollMode, RollRecord, roll_d20};
use crate::spell::SpellId;
use crate::target::{AttackOutcome, Target, TargetOutcome};

/// A creature's attack as the GM states it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CreatureAttack {
    /// An id for the log (`greataxe`, or `attack` for one of the GM's own).
    pub id: SpellId,
    /// Its name as shown (`Greataxe`, `Claw`).
    pub name: String,
    /// The attack roll's bonus.
    pub bonus: i32,
    /// The damage dice, modifier included (`1d12+3`).
    pub damage: DiceFormula,
    /// The damage type.
    pub damage_type: DamageType,
    /// A melee attack (a critical on an Unconscious target within 5 feet).
    pub melee: bool,
}

/// An attack rolled, its damage not yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureAttackRoll {
    /// The attack.
    pub attack: CreatureAttack,
    /// The d20 and its total.
    pub outcome: AttackOutcome,
    /// The target's Armor Class the roll met.
    pub ac: Option<i32>,
    /// The attack roll as recorded.
    pub rolls: Vec<RollRecord>,
}

/// A rolled attack waiting in a window for Reactions (Shield): what
/// landing it needs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingAttack {
    /// The attack.
    pub attack: CreatureAttack,
    /// Who is attacked.
    pub target: String,
    /// The d20 kept.
    pub natural: u32,
    /// The attack roll's total.
    pub total: i64,
    /// A critical hit.
    pub critical: bool,
    /// The Armor Class the roll met.
    pub ac: Option<i32>,
}

impl CreatureAttackRoll {
    /// What waits in a window for `target`.
    pub fn pending(&self, target: &str) -> PendingAttack {
        PendingAttack {
            attack: self.attack.clone(),
            target: target.to_owned(),
            natural: self.outcome.natural,
            total: self.outcome.total,
            critical: self.outcome.critical,
            ac: self.ac,
        }
    }
}

impl PendingAttack {
    /// The roll again (its d20 was shown when the window opened).
    pub fn roll(&self) -> CreatureAttackRoll {
        CreatureAttackRoll {
            attack: self.attack.clone(),
            outcome: AttackOutcome {
                natural: self.natural,
                total: self.total,
                critical: self.critical,
                hit: Some(true),
            },
            ac: self.ac,
            rolls: Vec::new(),
        }
    }
}

/// Rolls `attack` against `target`'s Armor Class: a natural 20 always
/// hits and is a critical hit, a natural 1 always misses; any hit is a
/// critical one when `hit_is_critical` (a melee hit on an Unconscious or
/// Paralyzed target within 5 feet).
pub fn roll_creature_attack<R: DiceRng + ?Sized>(
    attack: &CreatureAttack,
    target: &Target,
    roll_mode: RollMode,
    hit_is_critical: bool,
    rng: &mut R,
) -> CreatureAttackRoll {
    let (r, natural) = roll_d20(
        rng,
        roll_mode,
        i64::from(attack.bonus),
        RollLabel::attack(&target.name),
    );
    let total = r.total;
    let ac = target.stats.as_ref().and_then(|s| s.ac);
    let hit = match natural {
        20 => Some(true),
        1 => Some(false),
        _ => ac.map(|ac| total >= i64::from(ac)),
    };
    CreatureAttackRoll {
        attack: attack.clone(),
        outcome: AttackOutcome {
            natural,
            total,
            critical: natural == 20 || (hit_is_critical && hit == Some(true)),
            hit,
        },
        ac,
        rolls: vec![r],
    }
}

/// Whether a rolled attack still hits an Armor Class raised by `raised`
/// (Shield's +5): a natural 20 hits whatever the AC, a natural 1 never.
pub fn still_hits(roll: &CreatureAttackRoll, raised: i32) -> bool {
    match roll.outcome.natural {
        20 => true,
        1 => false,
        _ => roll
            .ac
            .is_none_or(|ac| roll.outcome.total >= i64::from(ac.saturating_add(raised))),
    }
}

/// The attack's outcome: on a hit (`hits`, after any Reaction), its damage
/// rolled (dice doubled on a critical hit) through the target's defences;
/// on a miss none. A creature's attack spends nothing of a sheet.
pub fn land_creature_attack<R: DiceRng + ?Sized>(
    roll: &CreatureAttackRoll,
    target: &Target,
    hits: bool,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    let a = &roll.attack;
    let mut rolls = roll.rolls.clone();
    let mut out = TargetOutcome::new(target);
    let mut seen = roll.outcome.clone();
    if roll.outcome.hit == Some(true) || !hits {
        seen.hit = Some(hits);
    }
    out.attacks.push(seen);
    if hits {
        let stats = Stats {
            save_dc: 0,
            attack_bonus: a.bonus,
            modifier: 0,
        };
        let parts = [Damage::new(a.damage, a.damage_type)];
        let rolled = roll_damage(rng, &parts, &stats, roll.outcome.critical, &mut rolls);
        out.damage_total = take(&mut out, target, &rolled, false);
    }
    let mut targets = vec![out];
    hit_points_after(std::slice::from_ref(target), &mut targets);
    Ok(CastOutcome {
        resolution: CastResolution {
            spell: a.id.clone(),
            spell_name: a.name.clone(),
            cast_level: SpellLevel::CANTRIP,
            slot: None,
            mode: CastMode::Slot,
            class: None,
            action: ActionKind::Action,
            save_dc: 0,
            attack_bonus: a.bonus,
            status: CastStatus::Resolved,
            rolls,
            targets,
            effect: None,
            concentration_started: false,
            concentration_ended: None,
            notes: Vec::new(),
            waived: Vec::new(),
            damage_later: None,
            metamagic: None,
        },
        events: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::TargetStats;

    struct Fixed(Vec<u32>);

    impl DiceRng for Fixed {
        fn next_u64(&mut self) -> u64 {
            0
        }

        fn roll_die(&mut self, _sides: u32) -> u32 {
            self.0.remove(0)
        }
    }

    fn greataxe() -> CreatureAttack {
        CreatureAttack {
            id: SpellId::new("greataxe").unwrap(),
            name: "Greataxe".into(),
            bonus: 5,
            damage: "1d12+3".parse().unwrap(),
            damage_type: DamageType::Slashing,
            melee: true,
        }
    }

    fn paladin(ac: i32) -> Target {
        let mut t = Target::named("Pal");
        t.stats = Some(TargetStats {
            ac: Some(ac),
            hp: Some(44),
            ..Default::default()
        });
        t
    }

    #[test]
    fn shield_five_more_ac_turns_a_hit_by_less_than_five_into_a_miss() {
        // 13 + 5 = 18 against AC 18: a hit, but not against 23.
        let roll = roll_creature_attack(
            &greataxe(),
            &paladin(18),
            RollMode::Normal,
            false,
            &mut Fixed(vec![13]),
        );
        assert_eq!(roll.outcome.hit, Some(true));
        assert!(still_hits(&roll, 0));
        assert!(!still_hits(&roll, 5), "Shield's +5");
        let missed = land_creature_attack(&roll, &paladin(18), false, &mut Fixed(vec![])).unwrap();
        let t = &missed.resolution.targets[0];
        assert_eq!((t.attacks[0].hit, t.damage_total), (Some(false), 0));
    }

    #[test]
    fn creature_attack_natural_20_hits_through_shield_and_doubles_the_dice() {
        let roll = roll_creature_attack(
            &greataxe(),
            &paladin(30),
            RollMode::Normal,
            false,
            &mut Fixed(vec![20]),
        );
        assert!(still_hits(&roll, 5));
        let o = land_creature_attack(&roll, &paladin(30), true, &mut Fixed(vec![6, 6])).unwrap();
        let notations: Vec<&str> = o
            .resolution
            .rolls
            .iter()
            .map(|r| r.notation.as_str())
            .collect();
        assert_eq!(notations, ["1d20+5", "2d12+3"]);
        assert_eq!(o.resolution.targets[0].damage_total, 15);
        assert_eq!(o.resolution.targets[0].hp_after, Some(29));
    }
}
