//! 2024: Advantage and Disadvantage from conditions and effects in force
//! apply to every attack roll, a spell's included (as a weapon's do):
//! each test is named for its rule.

mod support;

use grimoire_rules::*;
use support::*;

/// The d20s of the cast's attack roll (two with Advantage or
/// Disadvantage) and its total.
fn attack_roll(out: &CastOutcome) -> (Vec<u32>, i64) {
    let r = out
        .resolution
        .rolls
        .iter()
        .find(|r| r.label.is_attack())
        .unwrap();
    (r.dice.to_vec(), r.total)
}

/// An Ogre with AC 15 and the given conditions.
fn ogre_with(conditions: &[Condition]) -> Target {
    let mut t = Target::named("Ogre").with_ac(15);
    t.conditions = conditions.to_vec();
    t
}

/// Guiding Bolt (SRD 5.2: level 1, ranged spell attack, 4d6 Radiant).
fn guiding_bolt() -> Spell {
    let mut s = fire_bolt();
    s.id = id("guiding-bolt");
    s.name = "Guiding Bolt".into();
    s.level = lvl(1);
    s.classes = vec![Class::Cleric];
    s.effect.cantrip_scaling = CantripScaling::None;
    s.effect.damage[0].dice = "4d6".parse().unwrap();
    s.effect.damage[0].damage_type = DamageType::Radiant;
    s
}

#[test]
fn spell_attack_against_a_prone_target_within_5_feet_has_advantage() {
    // Fire Bolt at a Prone Ogre 5 feet away: two d20s, the higher (17)
    // counts; INT 16 (+3) and proficiency (+3) at level 5.
    let req = CastRequest::new().target(ogre_with(&[Condition::Prone]).at_distance(5));
    let out = cast_ok(
        &mut wizard(5),
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[3, 17, 5, 5]),
    );
    assert_eq!(attack_roll(&out), (vec![3, 17], 17 + 6));
    // From 30 feet a Prone target gives Disadvantage: the lower (3) counts.
    let req = CastRequest::new().target(ogre_with(&[Condition::Prone]).at_distance(30));
    let out = cast_ok(
        &mut wizard(5),
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[3, 17]),
    );
    assert_eq!(attack_roll(&out), (vec![3, 17], 3 + 6));
    assert!(!out.resolution.targets[0].attacks[0].hit.unwrap());
}

#[test]
fn spell_attack_against_a_paralyzed_target_has_advantage() {
    let req = CastRequest::new().target(ogre_with(&[Condition::Paralyzed]));
    let out = cast_ok(
        &mut wizard(5),
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[4, 12, 5, 5]),
    );
    assert_eq!(attack_roll(&out), (vec![4, 12], 12 + 6));
    assert!(out.resolution.targets[0].attacks[0].hit.unwrap());
    // Without the condition, one d20.
    let req = CastRequest::new().target(ogre_with(&[]));
    let out = cast_ok(&mut wizard(5), &fire_bolt(), &req, &mut Scripted::new(&[4]));
    assert_eq!(attack_roll(&out), (vec![4], 4 + 6));
}

#[test]
fn spell_attack_by_a_poisoned_caster_has_disadvantage() {
    // A Poisoned Cleric's Guiding Bolt: the lower of two d20s (WIS 16).
    let mut c = cleric(5);
    c.apply_all(&[
        Event::SpellPrepared {
            spell: id("guiding-bolt"),
        },
        Event::ConditionAdded {
            condition: Condition::Poisoned,
        },
    ]);
    let req = CastRequest::new().target(ogre_with(&[]));
    let out = cast_ok(&mut c, &guiding_bolt(), &req, &mut Scripted::new(&[18, 6]));
    assert_eq!(attack_roll(&out), (vec![18, 6], 6 + 6));
    // Asking for Advantage cancels it: one d20.
    let mut c = cleric(5);
    c.apply_all(&[
        Event::SpellPrepared {
            spell: id("guiding-bolt"),
        },
        Event::ConditionAdded {
            condition: Condition::Poisoned,
        },
    ]);
    let req = CastRequest {
        roll_mode: RollMode::Advantage,
        ..CastRequest::new().target(ogre_with(&[]))
    };
    let out = cast_ok(&mut c, &guiding_bolt(), &req, &mut Scripted::new(&[6]));
    assert_eq!(attack_roll(&out), (vec![6], 6 + 6));
    // A condition the table's spells impose on the caster counts as well.
    let mut c = cleric(5);
    c.apply_all(&[Event::SpellPrepared {
        spell: id("guiding-bolt"),
    }]);
    let mut req = CastRequest::new().target(ogre_with(&[]));
    req.attacker_conditions = vec![Condition::Frightened];
    let out = cast_ok(&mut c, &guiding_bolt(), &req, &mut Scripted::new(&[18, 6]));
    assert_eq!(attack_roll(&out), (vec![18, 6], 6 + 6));
}

#[test]
fn faerie_fire_gives_spell_attacks_against_its_target_advantage() {
    // An Invisible Ogre outlined by Faerie Fire: Advantage, and its
    // Invisible no longer gives Disadvantage.
    let mut ogre = ogre_with(&[Condition::Invisible]);
    ogre.attacked_with_advantage = vec![id("faerie-fire")];
    let req = CastRequest::new().target(ogre);
    let out = cast_ok(
        &mut wizard(5),
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[2, 16, 5, 5]),
    );
    assert_eq!(attack_roll(&out), (vec![2, 16], 16 + 6));
    // Invisible alone: Disadvantage.
    let req = CastRequest::new().target(ogre_with(&[Condition::Invisible]));
    let out = cast_ok(
        &mut wizard(5),
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[2, 16]),
    );
    assert_eq!(attack_roll(&out), (vec![2, 16], 2 + 6));
}
