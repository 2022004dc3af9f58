//! R13, R16–R18: range, clear path, self-targeting, invalid targets, saves
//! and damage defences.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn r13_target_beyond_range_is_refused() {
    let w = wizard(3);
    let req = CastRequest::new().target(Target::named("Archer").at_distance(130));
    assert_refused(&w, &magic_missile(), &req, "out_of_range", "R13");
    let req = CastRequest::new().target(Target::named("Archer").at_distance(120));
    allowed(&w, &magic_missile(), &req);
    let touch = CastRequest::new().target(Target::named("Ally").at_distance(10));
    assert_eq!(
        refusal(&cleric(1), &cure_wounds(), &touch).code(),
        "out_of_range"
    );
}

#[test]
fn r13_self_range_cannot_target_others() {
    let w = wizard(3);
    assert_refused(
        &w,
        &misty_step(),
        &CastRequest::new().target(Target::named("Ally")),
        "self_only",
        "R13",
    );
    allowed(
        &w,
        &misty_step(),
        &CastRequest::new().target(Target::caster("Caster")),
    );
}

#[test]
fn r17_total_cover_blocks_targeting() {
    let w = wizard(3);
    let before = w.clone();
    let req = CastRequest::new().target(Target::named("Goblin").behind_total_cover());
    assert_refused(&w, &magic_missile(), &req, "no_line_of_effect", "R17");
    assert_eq!(w, before);
}

#[test]
fn r17_caster_may_target_itself_unless_the_spell_forbids_it() {
    let c = cleric(3);
    let out = cast(
        &c,
        &cure_wounds(),
        &CastRequest::new().target(Target::caster("Caster").with_hp(3)),
        &mut Scripted::new(&[4]),
    )
    .unwrap();
    assert_eq!(out.resolution.targets[0].healing, 4 + 4 + 3);
    let w = wizard(3);
    assert_refused(
        &w,
        &hold_person(),
        &CastRequest::new().target(Target::caster("Caster")),
        "cannot_target_self",
        "R17",
    );
}

#[test]
fn r17_target_count_grows_with_slot_level() {
    let c = cleric(5);
    let four = (0..4).fold(CastRequest::new(), |r, i| {
        r.target(Target::named(format!("Ally {i}")))
    });
    assert_refused(&c, &bless(), &four, "too_many_targets", "R17");
    allowed(&c, &bless(), &four.at_slot(slot(2)));
}

#[test]
fn r17_area_spell_takes_any_number_of_targets() {
    let w = wizard(5);
    let req = (0..12).fold(CastRequest::new(), |r, i| {
        r.target(Target::named(format!("Kobold {i}")))
    });
    let out = cast(&w, &fireball(), &req, &mut Scripted::new(&[3])).unwrap();
    assert_eq!(out.resolution.targets.len(), 12);
    assert!(out.resolution.targets.iter().all(|t| t.damage_total == 24));
}

#[test]
fn r18_invalid_target_still_spends_the_slot() {
    let mut c = cleric(3);
    let req = CastRequest::new().target(Target::named("Skeleton").of_type("undead").with_hp(13));
    let out = cast_ok(&mut c, &cure_wounds(), &req, &mut Scripted::new(&[8]));
    let t = &out.resolution.targets[0];
    assert!(!t.affected);
    assert_eq!(t.healing, 0);
    assert_eq!(t.hp_after, Some(13));
    assert_eq!(t.note, Some(Note::NoEffectOnTarget));
    assert_eq!(c.slots().remaining(slot(1)), 3);
}

#[test]
fn r18_invalid_target_appears_to_succeed_on_a_save_for_nothing_spells() {
    let w = wizard(3);
    let req = CastRequest::new().target(
        Target::named("Wolf")
            .marked_invalid()
            .with_save(Ability::Wisdom, 0),
    );
    let out = cast(&w, &hold_person(), &req, &mut Scripted::new(&[1])).unwrap();
    let t = &out.resolution.targets[0];
    assert!(!t.affected);
    let save = t.save.as_ref().unwrap();
    assert_eq!(
        (save.success, save.total),
        (Some(true), None),
        "appears to succeed without rolling"
    );
    assert!(t.conditions.is_empty());
}

#[test]
fn r16_bare_target_reports_dc_and_both_outcomes() {
    let w = wizard(5);
    let out = cast(
        &w,
        &fireball(),
        &CastRequest::new().target(Target::named("Troll")),
        &mut Scripted::new(&[5]),
    )
    .unwrap();
    let t = &out.resolution.targets[0];
    let save = t.save.as_ref().unwrap();
    assert_eq!((save.dc, save.total, save.success), (14, None, None));
    assert_eq!(t.damage_total, 40);
    assert_eq!(t.damage_on_success, Some(20));
}

#[test]
fn r16_rolled_save_halves_damage_on_success() {
    let w = wizard(5);
    let req = CastRequest::new()
        .target(Target::named("Quick").with_save(Ability::Dexterity, 4))
        .target(Target::named("Slow").with_save(Ability::Dexterity, 0));
    // Damage dice all 4 (32), Quick rolls 10+4 = 14 (success), Slow 4+0 (fail).
    let faces = [4, 4, 4, 4, 4, 4, 4, 4, 10, 4];
    let out = cast(&w, &fireball(), &req, &mut Scripted::new(&faces)).unwrap();
    assert_eq!(
        out.resolution.targets[0].save.as_ref().unwrap().success,
        Some(true)
    );
    assert_eq!(out.resolution.targets[0].damage_total, 16);
    assert_eq!(out.resolution.targets[1].damage_total, 32);
}

#[test]
fn r16_failed_save_imposes_conditions() {
    let w = wizard(3);
    let req = CastRequest::new().target(Target::named("Bandit").with_save(Ability::Wisdom, 0));
    let out = cast(&w, &hold_person(), &req, &mut Scripted::new(&[2])).unwrap();
    assert_eq!(
        out.resolution.targets[0].conditions,
        vec![Condition::Paralyzed]
    );
    let out = cast(&w, &hold_person(), &req, &mut Scripted::new(&[19])).unwrap();
    assert!(out.resolution.targets[0].conditions.is_empty());
}

#[test]
fn damage_resistance_vulnerability_immunity() {
    let w = wizard(9);
    let req = CastRequest::new()
        .target(Target::named("Plain").with_save(Ability::Constitution, -10))
        .target(
            Target::named("Resists")
                .with_save(Ability::Constitution, -10)
                .with_defense(DamageType::Cold, Defense::Resistant),
        )
        .target(
            Target::named("Weak")
                .with_save(Ability::Constitution, -10)
                .with_defense(DamageType::Cold, Defense::Vulnerable),
        )
        .target(
            Target::named("Immune")
                .with_save(Ability::Constitution, -10)
                .with_defense(DamageType::Cold, Defense::Immune),
        );
    let out = cast(
        &w,
        &cone_of_cold(),
        &req,
        &mut Scripted::new(&[5, 5, 5, 5, 5, 5, 5, 4, 1]),
    )
    .unwrap();
    let totals: Vec<u32> = out
        .resolution
        .targets
        .iter()
        .map(|t| t.damage_total)
        .collect();
    assert_eq!(totals, vec![39, 19, 78, 0]);
}

#[test]
fn magic_missile_darts_spread_over_targets() {
    let w = wizard(3);
    let req = CastRequest::new()
        .target(Target::named("A"))
        .target(Target::named("B"));
    let out = cast(&w, &magic_missile(), &req, &mut Scripted::new(&[1])).unwrap();
    assert_eq!(out.resolution.targets[0].damage.len(), 2);
    assert_eq!(out.resolution.targets[1].damage.len(), 1);
}

#[test]
fn target_save_with_advantage_keeps_the_higher_die() {
    let w = wizard(3);
    let t = Target::named("Mage Slayer")
        .with_save(Ability::Wisdom, 0)
        .with_save_mode(RollMode::Advantage);
    let out = cast(
        &w,
        &hold_person(),
        &CastRequest::new().target(t),
        &mut Scripted::new(&[4, 15]),
    )
    .unwrap();
    let save = out.resolution.targets[0].save.as_ref().unwrap();
    assert_eq!(save.total, Some(15));
    assert_eq!(save.success, Some(true));
}

#[test]
fn healing_stops_at_the_hit_point_maximum() {
    let c = cleric(3);
    let t = Target::named("Fighter").with_hp(20).with_max_hp(24);
    let out = cast(
        &c,
        &cure_wounds(),
        &CastRequest::new().target(t),
        &mut Scripted::new(&[8]),
    )
    .unwrap();
    assert_eq!(out.resolution.targets[0].healing, 19);
    assert_eq!(out.resolution.targets[0].hp_after, Some(24));
}

fn hostile_only(mut s: Spell) -> Spell {
    s.targeting.not_self = false;
    s.targeting.hostile_only = true;
    s
}

#[test]
fn r17_a_spell_that_must_target_a_hostile_creature_refuses_its_caster() {
    let w = wizard(3);
    let spell = hostile_only(hold_person());
    let err = assert_refused(
        &w,
        &spell,
        &CastRequest::new().target(Target::caster("Caster")),
        "target_not_hostile",
        "R17",
    );
    assert_eq!(err.args(), vec![("target", Arg::Text("Caster".into()))]);
}

#[test]
fn r17_a_spell_that_must_target_a_hostile_creature_refuses_an_ally() {
    let w = wizard(3);
    let spell = hostile_only(hold_person());
    let ally = CastRequest::new().target(Target::named("Fighter").as_friendly());
    assert_eq!(refusal(&w, &spell, &ally).code(), "target_not_hostile");
    let foe = CastRequest::new().target(Target::named("Bandit"));
    allowed(&w, &spell, &foe);
}

#[test]
fn r17_another_creature_may_be_an_ally_but_not_the_caster() {
    let w = wizard(3);
    let mut spell = hold_person();
    spell.targeting.not_self = true;
    spell.targeting.hostile_only = false;
    let ally = CastRequest::new().target(Target::named("Fighter").as_friendly());
    allowed(&w, &spell, &ally);
    let me = CastRequest::new().target(Target::caster("Caster"));
    assert_eq!(refusal(&w, &spell, &me).code(), "cannot_target_self");
}

/// A Divine Smite as the 2024 text has it: 2d8 radiant on the creature
/// hit, and 1d8 more if it is a Fiend or an Undead.
fn smite() -> Spell {
    let mut s = magic_missile();
    s.id = id("divine-smite");
    s.name = "Divine Smite".into();
    s.targeting.max_targets = Some(1);
    s.effect.instances = 1;
    s.effect.upcast = Upcast {
        extra_dice: None,
        extra_instances: 0,
        extra_targets: 0,
    };
    let part = |d: &str, only: &[&str]| Damage {
        dice: d.parse::<DiceFormula>().unwrap(),
        damage_type: DamageType::Radiant,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: only.iter().map(|t| (*t).to_owned()).collect(),
    };
    s.effect.damage = vec![part("2d8", &[]), part("1d8", &["fiend", "undead"])];
    s
}

fn smite_on(target: Target) -> CastOutcome {
    let spell = smite();
    let mut c = with_prepared(wizard(5), std::slice::from_ref(&spell));
    cast_ok(
        &mut c,
        &spell,
        &CastRequest::new().target(target),
        &mut Scripted::new(&[8]),
    )
}

#[test]
fn r11_divine_smite_after_a_critical_hit_doubles_its_dice_the_extra_d8_too() {
    let spell = smite();
    let mut c = with_prepared(wizard(5), std::slice::from_ref(&spell));
    let mut req = CastRequest::new().target(Target::named("Ghoul").of_type("undead"));
    req.critical_hit = true;
    let out = cast_ok(&mut c, &spell, &req, &mut Scripted::new(&[8]));
    assert_eq!(damage_rolls(&out), ["4d8", "2d8"]);
    assert_eq!(out.resolution.targets[0].damage_total, 48);
}

fn damage_rolls(out: &CastOutcome) -> Vec<String> {
    out.resolution
        .rolls
        .iter()
        .filter(|r| r.label.is_damage())
        .map(|r| r.notation.to_string())
        .collect()
}

#[test]
fn r16_divine_smite_rolls_its_extra_d8_against_an_undead() {
    let out = smite_on(Target::named("Zombie").of_type("undead"));
    assert_eq!(damage_rolls(&out), ["2d8", "1d8"]);
    assert_eq!(out.resolution.targets[0].damage_total, 24);
}

#[test]
fn r16_divine_smite_rolls_no_extra_d8_against_a_beast() {
    let out = smite_on(Target::named("Wolf").of_type("beast"));
    assert_eq!(damage_rolls(&out), ["2d8"], "{:?}", out.resolution.rolls);
    assert_eq!(out.resolution.targets[0].damage_total, 16);
    assert_eq!(
        out.resolution.notes,
        [Note::NoExtraDamage {
            damage_type: DamageType::Radiant,
            only_against: vec!["fiend".into(), "undead".into()],
        }]
    );
}

#[test]
fn r16_divine_smite_on_a_creature_of_unknown_type_says_what_the_extra_d8_needs() {
    let out = smite_on(Target::named("Shape"));
    let t = &out.resolution.targets[0];
    assert_eq!(t.damage_total, 16);
    assert!(
        matches!(&t.note, Some(Note::MoreDamage { amount: 8, only_against, .. })
            if only_against.len() == 2),
        "{:?}",
        t.note
    );
}
