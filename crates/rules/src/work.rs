//! What one casting of a spell may cost: how many dice it rolls and how
//! many entries its card holds, worked out from the spell alone before
//! anything is rolled.
//!
//! Homebrew decides a spell's numbers, so a spell could ask for a thousand
//! instances of two hundred `1000d6` parts: hundreds of millions of dice,
//! gigabytes of card. The catalogue refuses such a spell when it is loaded
//! ([`worst_work`] over [`MAX_INSTANCES`] or [`MAX_SPELL_DICE`]) and the
//! front ends refuse to cast one stored before the bound ([`work`] at the
//! casting's level), so every cast costs a small, known amount.

use crate::effect::{BonusAmount, Damage, Delivery};
use crate::formula::DiceFormula;
use crate::level::SpellLevel;
use crate::resolve::scaled_effect;
use crate::spell::Spell;

/// Most instances (darts, rays, beams) one casting may have, after
/// upcasting and cantrip tiers. The SRD's most is 11 (Magic Missile from
/// a 9th-level slot).
pub const MAX_INSTANCES: u32 = 30;

/// Most work one casting may do for one target, counted in dice (see
/// [`Work::dice`]). The SRD's most is 60 (Scorching Ray from a 9th-level
/// slot: ten rays of 2d6, counted twice for a critical hit, and their
/// d20s; Meteor Swarm rolls 40), asserted by the catalogue's tests, so
/// this leaves homebrew several times that. A cast names at most 64
/// targets, so one cast records at most about 64 times this.
pub const MAX_SPELL_DICE: u64 = 400;

/// Most work one cast may do in all: [`Work::dice`] times its targets
/// (at least one). A spell's dice for one target are bounded by
/// [`MAX_SPELL_DICE`], but a save spell records each part on every
/// target's line, so a cast on many targets multiplies its card. Any SRD
/// spell on the 64 targets a cast may name stays under 3,840 (60 × 64;
/// Meteor Swarm there is 2,560); this leaves twice that.
pub const MAX_CAST_WORK: u64 = 8_192;

/// Most sides a spell's die may have: what the dice crate rolls and
/// charts (`grimoire_dice::MAX_SIDES`).
pub const MAX_DIE_SIDES: u32 = grimoire_dice::MAX_SIDES;

/// The list of a spell's effect that holds most of its work, as a
/// homebrew file spells the field, for the error that names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkField {
    /// `effect.instances`.
    Instances,
    /// `effect.damage`.
    Damage,
    /// `effect.heal`.
    Healing,
    /// `effect.each_turn`.
    EachTurn,
    /// `effect.rider`.
    Rider,
    /// `effect.bonus`.
    Bonuses,
    /// `effect.conditions`.
    Conditions,
}

impl WorkField {
    /// The field as a homebrew file spells it (`effect.damage`).
    pub fn as_str(self) -> &'static str {
        match self {
            WorkField::Instances => "effect.instances",
            WorkField::Damage => "effect.damage",
            WorkField::Healing => "effect.heal",
            WorkField::EachTurn => "effect.each_turn",
            WorkField::Rider => "effect.rider",
            WorkField::Bonuses => "effect.bonus",
            WorkField::Conditions => "effect.conditions",
        }
    }
}

/// The work of one casting, for one target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Work {
    /// Instances (darts, rays, beams), grown.
    pub instances: u32,
    /// Dice rolled and entries recorded for one target: every die of every
    /// instance's damage (twice for a spell attack, whose critical hit
    /// doubles them, plus its d20s), of the healing, of one turn's lasting
    /// damage, of a rider's hit and of the bonuses granted; a roll without
    /// dice (a flat `5`), a condition and a flat bonus count one each, and a
    /// part limited to creature types one more per type, since each is an
    /// entry on the card however few dice it rolls.
    pub dice: u64,
    /// The list that holds most of `dice`.
    pub field: WorkField,
}

impl Work {
    /// Whether the casting is within [`MAX_INSTANCES`] and
    /// [`MAX_SPELL_DICE`].
    pub fn within_bounds(&self) -> bool {
        self.instances <= MAX_INSTANCES && self.dice <= MAX_SPELL_DICE
    }
}

/// The work of `spell` cast at `cast_level` by a caster of
/// `character_level` (cantrip tiers), as resolving it would do it.
pub fn work(spell: &Spell, cast_level: SpellLevel, character_level: u8) -> Work {
    let scaled = scaled_effect(spell, cast_level, character_level);
    let e = &spell.effect;
    let attack = matches!(e.delivery, Delivery::Attack(_));
    let instances = u64::from(scaled.instances);
    // A critical hit rolls a spell attack's damage dice twice; the attack
    // roll itself is two d20s with Advantage.
    let per_instance = if attack {
        parts(&scaled.damage).saturating_mul(2).saturating_add(2)
    } else {
        parts(&scaled.damage)
    };
    let lists = [
        (WorkField::Damage, instances.saturating_mul(per_instance)),
        (
            WorkField::Healing,
            scaled.healing.as_ref().map_or(0, |h| dice(&h.dice)),
        ),
        (
            WorkField::EachTurn,
            scaled
                .each_turn
                .iter()
                .map(|t| parts(&t.damage))
                .fold(0, u64::saturating_add),
        ),
        (WorkField::Rider, parts(&e.rider).saturating_mul(2)),
        (
            WorkField::Bonuses,
            scaled
                .bonuses
                .iter()
                .map(|b| match &b.amount {
                    BonusAmount::Flat(_) => 1,
                    BonusAmount::Dice(d) | BonusAmount::Penalty(d) => dice(d),
                })
                .fold(0, u64::saturating_add),
        ),
        (WorkField::Conditions, e.conditions.len() as u64),
    ];
    let total = lists.iter().map(|(_, n)| *n).fold(0, u64::saturating_add);
    let field = if scaled.instances > MAX_INSTANCES {
        WorkField::Instances
    } else {
        lists
            .iter()
            .max_by_key(|(_, n)| *n)
            .map_or(WorkField::Damage, |(f, _)| *f)
    };
    Work {
        instances: scaled.instances,
        dice: total,
        field,
    }
}

/// The most work `spell` can do: cast from a 9th-level slot (R6) by a
/// 20th-level caster (cantrip tiers). Work only grows with both, so this
/// is the figure the catalogue checks when a spell is loaded.
pub fn worst_work(spell: &Spell) -> Work {
    let top = SpellLevel::new(9).unwrap_or(spell.level);
    work(spell, top, 20)
}

/// A formula's dice, at least one: a flat roll is still an entry.
fn dice(d: &DiceFormula) -> u64 {
    u64::from(d.count.max(1))
}

/// The dice of a list of damage parts, each part limited to creature
/// types counting one more per type (its note names them all).
fn parts(damage: &[Damage]) -> u64 {
    damage
        .iter()
        .map(|d| dice(&d.dice).saturating_add(d.only_against.len() as u64))
        .fold(0, u64::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::damage::DamageType;
    use crate::effect::{AttackKind, Effect, Upcast};

    fn spell(effect: Effect) -> Spell {
        let id = crate::spell::SpellId::new("spark").unwrap();
        let mut s = Spell::new(
            id,
            "Spark",
            SpellLevel::new(1).unwrap(),
            crate::school::School::Evocation,
        );
        s.effect = effect;
        s
    }

    #[test]
    fn dice_of_every_instance_count_and_an_attack_twice() {
        let mut e = Effect {
            instances: 3,
            damage: vec![Damage::new(
                DiceFormula::new(1, 4).plus(1),
                DamageType::Force,
            )],
            ..Effect::default()
        };
        e.upcast = Upcast {
            extra_instances: 1,
            ..Upcast::default()
        };
        let s = spell(e.clone());
        let w = worst_work(&s);
        let darts = 3 + (9 - u32::from(s.level.get()));
        assert_eq!(w.instances, darts);
        assert_eq!(w.dice, u64::from(darts));
        assert!(w.within_bounds());
        e.delivery = Delivery::Attack(AttackKind::Ranged);
        let w = worst_work(&spell(e));
        assert_eq!(w.dice, u64::from(darts) * (2 + 2));
    }

    #[test]
    fn a_thousand_instances_are_named_before_their_dice() {
        let e = Effect {
            instances: 1000,
            damage: vec![Damage::new(DiceFormula::new(1000, 6), DamageType::Fire); 5],
            ..Effect::default()
        };
        let w = worst_work(&spell(e));
        assert_eq!(w.field, WorkField::Instances);
        assert_eq!(w.dice, 1000 * 5 * 1000);
        assert!(!w.within_bounds());
    }
}
