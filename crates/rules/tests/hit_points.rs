//! Hit points and Armor Class of a caster outside any encounter: damage
//! takes temporary hit points first and stops at 0, healing stops at the
//! maximum, 0 hit points means Unconscious (ending Concentration, R15), a
//! Long Rest restores them all.

mod support;

use grimoire_rules::*;
use support::*;

fn with_vitals(mut c: Caster, max: u32, ac: u8) -> Caster {
    let out = c.set_vitals(max, ac, None, None).unwrap();
    c.apply_all(&out.events);
    c
}

#[test]
fn vitals_start_full_and_are_bounded() {
    let c = with_vitals(cleric(5), 38, 18);
    let v = c.vitals().unwrap();
    assert_eq!((v.hp, v.max_hp, v.temp_hp, v.ac), (38, 38, 0, 18));
    assert_eq!(
        c.set_vitals(0, 10, None, None).unwrap_err().code(),
        "invalid_hit_points"
    );
    assert_eq!(
        c.set_vitals(10, 0, None, None).unwrap_err().code(),
        "invalid_armor_class"
    );
    assert_eq!(
        c.set_vitals(10, 12, Some(11), None).unwrap_err().code(),
        "invalid_hit_points"
    );
    // Without recorded hit points, healing has nothing to change.
    assert_eq!(cleric(5).heal(5).unwrap_err().code(), "no_hit_points");
    // As a target, the caster meets spells with its AC, hit points and saves.
    let t = c.as_target();
    assert_eq!((t.ac, t.hp, t.max_hp), (Some(18), Some(38), Some(38)));
    assert_eq!(t.save(Ability::Wisdom), c.save_bonus(Ability::Wisdom));
}

#[test]
fn damage_takes_temporary_hit_points_first_then_saves_concentration() {
    let mut c = with_vitals(cleric(3), 24, 16);
    let req = CastRequest::new().target(Target::caster("Caster"));
    cast_ok(&mut c, &bless(), &req, &mut Scripted::new(&[1]));
    c.apply_all(&c.gain_temp_hp(5).unwrap().events);
    // 12 damage: 5 from temporary, 7 from real; DC 10 save, 9 + 2 keeps it.
    let o = c.take_damage(12, &mut Scripted::new(&[9]));
    assert_eq!(o.hp_after, Some(17));
    assert_eq!(o.dc, Some(10));
    assert!(o.concentration_kept);
    c.apply_all(&o.events);
    let v = c.vitals().unwrap();
    assert_eq!((v.hp, v.temp_hp), (17, 0));
    // Temporary hit points do not add up: the larger amount stays.
    c.apply_all(&c.gain_temp_hp(8).unwrap().events);
    c.apply_all(&c.gain_temp_hp(3).unwrap().events);
    assert_eq!(c.vitals().unwrap().temp_hp, 8);
}

#[test]
fn r15_zero_hit_points_is_unconscious_and_ends_concentration_without_a_save() {
    let mut c = with_vitals(cleric(3), 20, 16);
    let req = CastRequest::new().target(Target::caster("Caster"));
    cast_ok(&mut c, &bless(), &req, &mut Scripted::new(&[1]));
    // A natural 20 would have kept it: no save is rolled at 0. (30 on 20
    // hit points leaves 10 over, short of massive damage's 20.)
    let o = c.take_damage(30, &mut Scripted::new(&[20]));
    assert_eq!(
        (o.hp_after, o.dc, o.concentration_kept),
        (Some(0), None, false)
    );
    c.apply_all(&o.events);
    assert!(c.conditions().contains(&Condition::Unconscious));
    assert!(c.concentration().is_none());
    assert!(c.ongoing().is_empty(), "Bless ends with its Concentration");
    // Healing wakes the creature, up to its maximum.
    c.apply_all(&c.heal(7).unwrap().events);
    assert_eq!(c.vitals().unwrap().hp, 7);
    assert!(!c.conditions().contains(&Condition::Unconscious));
    c.apply_all(&c.heal(100).unwrap().events);
    assert_eq!(c.vitals().unwrap().hp, 20);
}

#[test]
fn r4_long_rest_restores_every_hit_point_and_ends_temporary_ones() {
    let mut c = with_vitals(wizard(5), 27, 12);
    c.apply_all(&c.gain_temp_hp(6).unwrap().events);
    c.apply_all(&c.take_damage(40, &mut Scripted::new(&[1])).events);
    assert!(c.conditions().contains(&Condition::Unconscious));
    c.apply_all(&c.long_rest().events);
    let v = c.vitals().unwrap();
    assert_eq!((v.hp, v.temp_hp), (27, 0));
    assert!(!c.conditions().contains(&Condition::Unconscious));
}
