//! 2024 conditions: any attack roll that hits a Paralyzed or Unconscious
//! creature is a Critical Hit if the attacker is within 5 feet of it. A
//! melee spell attack (Shocking Grasp) is such an attack; a ranged one
//! (Fire Bolt) is not, however near. Each test is named for its rule.

mod support;

use grimoire_rules::*;
use support::*;

/// Shocking Grasp (SRD 5.2: cantrip, Touch, melee spell attack, 1d8
/// Lightning, more dice at levels 5, 11 and 17).
fn shocking_grasp() -> Spell {
    let mut s = fire_bolt();
    s.id = id("shocking-grasp");
    s.name = "Shocking Grasp".into();
    s.range = Range::Touch;
    s.effect.delivery = Delivery::Attack(AttackKind::Melee);
    s.effect.damage[0].dice = "1d8".parse().unwrap();
    s.effect.damage[0].damage_type = DamageType::Lightning;
    s
}

/// A level 5 Wizard (INT 16: +6 to hit) who knows Shocking Grasp.
fn wizard_with_shocking_grasp() -> Caster {
    let mut c = wizard(5);
    c.apply_all(&[Event::CantripLearned {
        spell: id("shocking-grasp"),
    }]);
    c
}

/// An Ogre with AC 15 and the given conditions.
fn ogre_with(conditions: &[Condition]) -> Target {
    let mut t = Target::named("Ogre").with_ac(15);
    t.conditions = conditions.to_vec();
    t
}

/// The one attack against the first target and the damage it took.
fn attack_and_damage(out: &CastOutcome) -> (AttackOutcome, u32) {
    let t = &out.resolution.targets[0];
    (t.attacks[0].clone(), t.damage_total)
}

/// Casts `spell` at `target` with d20s of 4 and 12 (Advantage keeps 12:
/// 18 against AC 15, a hit) and every damage die a 3.
fn cast_at(spell: &Spell, target: Target) -> (AttackOutcome, u32) {
    let req = CastRequest::new().target(target);
    let mut c = wizard_with_shocking_grasp();
    let out = cast_ok(&mut c, spell, &req, &mut Scripted::new(&[4, 12, 3]));
    attack_and_damage(&out)
}

#[test]
fn paralyzed_melee_spell_attack_hit_within_5_feet_is_a_critical_hit() {
    // Shocking Grasp at level 5 rolls 2d8; a Critical Hit rolls 4d8.
    let (attack, damage) = cast_at(&shocking_grasp(), ogre_with(&[Condition::Paralyzed]));
    assert_eq!((attack.natural, attack.total), (12, 18));
    assert_eq!(attack.hit, Some(true));
    assert!(attack.critical);
    assert_eq!(damage, 4 * 3);
    // At 5 feet, stated: the same.
    let (attack, damage) = cast_at(
        &shocking_grasp(),
        ogre_with(&[Condition::Paralyzed]).at_distance(5),
    );
    assert!(attack.critical);
    assert_eq!(damage, 4 * 3);
    // Without the condition: one d20 (4 + 6 = 10 misses AC 15).
    let req = CastRequest::new().target(ogre_with(&[]));
    let mut c = wizard_with_shocking_grasp();
    let out = cast_ok(
        &mut c,
        &shocking_grasp(),
        &req,
        &mut Scripted::new(&[16, 3]),
    );
    let (attack, damage) = attack_and_damage(&out);
    assert_eq!((attack.hit, attack.critical), (Some(true), false));
    assert_eq!(damage, 2 * 3);
}

#[test]
fn unconscious_melee_spell_attack_hit_within_5_feet_is_a_critical_hit() {
    let (attack, damage) = cast_at(
        &shocking_grasp(),
        ogre_with(&[Condition::Unconscious]).at_distance(5),
    );
    assert_eq!((attack.hit, attack.critical), (Some(true), true));
    assert_eq!(damage, 4 * 3);
}

#[test]
fn paralyzed_melee_spell_attack_that_misses_is_no_critical_hit() {
    // d20s 2 and 5: 11 against AC 15 misses, and deals nothing.
    let req = CastRequest::new().target(ogre_with(&[Condition::Paralyzed]));
    let mut c = wizard_with_shocking_grasp();
    let out = cast_ok(
        &mut c,
        &shocking_grasp(),
        &req,
        &mut Scripted::new(&[2, 5, 3]),
    );
    let (attack, damage) = attack_and_damage(&out);
    assert_eq!((attack.hit, attack.critical), (Some(false), false));
    assert_eq!(damage, 0);
}

#[test]
fn paralyzed_ranged_spell_attack_hit_within_5_feet_is_no_critical_hit() {
    // Fire Bolt at level 5 rolls 2d10, with Advantage, not critical.
    let (attack, damage) = cast_at(
        &fire_bolt(),
        ogre_with(&[Condition::Paralyzed, Condition::Unconscious]).at_distance(5),
    );
    assert_eq!((attack.hit, attack.critical), (Some(true), false));
    assert_eq!(damage, 2 * 3);
}

#[test]
fn paralyzed_melee_spell_attack_hit_beyond_5_feet_is_no_critical_hit() {
    // A melee spell attack with a reach of 10 feet (a made-up Shocking
    // Grasp): from 10 feet Advantage still, but no Critical Hit.
    let mut reaching = shocking_grasp();
    reaching.range = Range::Feet(10);
    let (attack, damage) = cast_at(
        &reaching,
        ogre_with(&[Condition::Paralyzed]).at_distance(10),
    );
    assert_eq!(
        (attack.natural, attack.hit, attack.critical),
        (12, Some(true), false)
    );
    assert_eq!(damage, 2 * 3);
}
