//! R6, R9, R16, R17: what the effect model holds beyond one damage roll:
//! damage types the caster chooses, growth of every damage part and flat
//! growth per slot, riders on later hits, walls and a second casting time.

mod support;

use grimoire_rules::*;
use support::*;

fn wizard_with(level: u8, spells: &[Spell]) -> Caster {
    with_prepared(wizard(level), spells)
}

/// A wizard with Chromatic Orb prepared and its diamond in hand.
fn orb_wizard() -> Caster {
    let mut w = wizard_with(3, &[chromatic_orb()]);
    let mut equipment = w.equipment().clone();
    equipment.materials.push("a diamond worth 50+ GP".into());
    w.apply_all(&w.set_equipment(equipment).events);
    w
}

fn damage_dice(out: &CastOutcome, kind: DamageType) -> Vec<usize> {
    out.resolution
        .rolls
        .iter()
        .filter(|r| r.label == RollLabel::damage(kind))
        .map(|r| r.dice.len())
        .collect()
}

#[test]
fn r16_chromatic_orb_deals_the_chosen_damage_type() {
    let w = orb_wizard();
    let req = CastRequest::new()
        .target(
            Target::named("Troll")
                .with_ac(10)
                .with_defense(DamageType::Fire, Defense::Vulnerable),
        )
        .with_damage_type(DamageType::Fire);
    // d20 = 15 hits AC 10; three d8s of 2 make 6 fire, doubled.
    let out = cast(&w, &chromatic_orb(), &req, &mut Scripted::new(&[15, 2])).unwrap();
    let t = &out.resolution.targets[0];
    assert_eq!(t.damage[0].damage_type, DamageType::Fire);
    assert_eq!((t.damage[0].rolled, t.damage_total), (6, 12));
}

#[test]
fn r16_without_a_choice_the_first_offered_type_is_dealt() {
    let w = orb_wizard();
    let req = CastRequest::new().target(Target::named("Troll").with_ac(10));
    let out = cast(&w, &chromatic_orb(), &req, &mut Scripted::new(&[15, 2])).unwrap();
    assert_eq!(
        out.resolution.targets[0].damage[0].damage_type,
        DamageType::Acid
    );
}

#[test]
fn r16_a_damage_type_the_spell_does_not_offer_is_refused() {
    let w = orb_wizard();
    let req = CastRequest::new()
        .target(Target::named("Troll"))
        .with_damage_type(DamageType::Force);
    let err = cast(&w, &chromatic_orb(), &req, &mut Scripted::new(&[15])).unwrap_err();
    assert_eq!(
        (err.code(), err.rule()),
        ("damage_type_not_offered", Some("R16"))
    );
    let args = err.args();
    assert_eq!(args[0], ("chosen", Arg::Damage(DamageType::Force)), "{err}");
    let ("offered", Arg::DamageList(offered)) = &args[1] else {
        panic!("{err}")
    };
    assert!(offered.contains(&DamageType::Thunder), "{err}");
}

#[test]
fn r16_a_choice_changes_only_the_parts_that_offer_it() {
    let c = with_prepared(cleric(9), &[flame_strike()]);
    let req = CastRequest::new()
        .target(Target::named("Orc"))
        .with_damage_type(DamageType::Radiant);
    let out = cast(&c, &flame_strike(), &req, &mut Scripted::new(&[3])).unwrap();
    let types: Vec<DamageType> = out.resolution.targets[0]
        .damage
        .iter()
        .map(|d| d.damage_type)
        .collect();
    assert_eq!(types, [DamageType::Fire, DamageType::Radiant]);
}

#[test]
fn r6_flame_strike_at_slot_6_grows_both_its_parts() {
    let c = with_prepared(cleric(11), &[flame_strike()]);
    let req = CastRequest::new()
        .at_slot(slot(6))
        .target(Target::named("Orc"));
    let out = cast(&c, &flame_strike(), &req, &mut Scripted::new(&[3])).unwrap();
    assert_eq!(damage_dice(&out, DamageType::Fire), [6]);
    assert_eq!(damage_dice(&out, DamageType::Radiant), [6]);
    // Every die a 3: 18 of each type on a failed save.
    assert_eq!(out.resolution.targets[0].damage_total, 36);
}

#[test]
fn r6_scaled_effect_reports_what_the_engine_rolls() {
    let s = flame_strike();
    let at_7 = scaled_effect(&s, lvl(7), 13);
    let dice: Vec<String> = at_7.damage.iter().map(|d| d.dice.to_string()).collect();
    assert_eq!(dice, ["7d6", "7d6"]);
    assert_eq!(at_7.max_targets, None);
    let own = scaled_effect(&s, lvl(5), 9);
    assert_eq!(own.damage[0].dice.to_string(), "5d6");
}

#[test]
fn r6_per_slot_dice_of_another_size_roll_as_their_own_part() {
    let mut s = flame_strike();
    s.effect.damage[1].per_slot = Some("1d8".parse().unwrap());
    let at_6 = scaled_effect(&s, lvl(6), 11);
    let parts: Vec<(String, DamageType)> = at_6
        .damage
        .iter()
        .map(|d| (d.dice.to_string(), d.damage_type))
        .collect();
    assert_eq!(
        parts,
        [
            ("6d6".to_string(), DamageType::Fire),
            ("5d6".to_string(), DamageType::Radiant),
            ("1d8".to_string(), DamageType::Radiant),
        ]
    );
}

#[test]
fn r6_heal_gains_ten_per_slot_level() {
    let c = with_prepared(cleric(13), &[heal()]);
    let target = || Target::named("Paladin").with_hp(1).with_max_hp(200);
    let own = CastRequest::new().target(target());
    let out = cast(&c, &heal(), &own, &mut Scripted::new(&[1])).unwrap();
    assert_eq!(out.resolution.targets[0].healing, 70);
    let up = CastRequest::new().at_slot(slot(7)).target(target());
    let out = cast(&c, &heal(), &up, &mut Scripted::new(&[1])).unwrap();
    assert_eq!(out.resolution.targets[0].healing, 80);
    assert_eq!(out.resolution.targets[0].hp_after, Some(81));
}

#[test]
fn r6_aid_raises_the_hit_point_maximum_by_five_more_per_slot_level() {
    let mut c = with_prepared(cleric(5), &[aid()]);
    let req = CastRequest::new()
        .at_slot(slot(3))
        .target(Target::named("Fighter"));
    let out = cast_ok(&mut c, &aid(), &req, &mut Scripted::new(&[1]));
    let mut board = EffectBoard::new();
    board.record_all("Caster", &out.events);
    assert_eq!(
        board.bonuses("Fighter", BonusTarget::HitPointMaximum),
        [BonusAmount::Flat(10)]
    );
}

#[test]
fn r6_flat_per_slot_growth_adds_to_the_formula_each_level() {
    let mut s = heal();
    s.effect.healing.as_mut().unwrap().per_slot = Some("1d8+2".parse().unwrap());
    s.effect.healing.as_mut().unwrap().dice = "2d8+70".parse().unwrap();
    let at_9 = scaled_effect(&s, lvl(9), 17);
    assert_eq!(at_9.healing.unwrap().dice.to_string(), "5d8+76");
}

#[test]
fn r16_hex_marks_its_target_and_adds_its_die_to_later_hits() {
    let mut board = EffectBoard::new();
    let mut w = warlock(1);
    let hex_out = cast_ok(
        &mut w,
        &hex(),
        &CastRequest::new().target(Target::named("Orc")),
        &mut Scripted::new(&[6]),
    );
    // Casting Hex deals nothing by itself.
    assert!(hex_out.resolution.rolls.is_empty());
    assert_eq!(hex_out.resolution.targets[0].damage_total, 0);
    board.record_all("Caster", &hex_out.events);
    let riders = board.riders("Orc", "Caster");
    assert_eq!(
        riders,
        [Damage::new("1d6".parse().unwrap(), DamageType::Necrotic)]
    );
    assert!(board.riders("Orc", "Someone else").is_empty());
    assert!(board.riders("Goblin", "Caster").is_empty());

    // A later spell attack that hits adds the rider's 1d6.
    let wiz = wizard(1);
    let mut req = CastRequest::new().target(Target::named("Orc").with_ac(10));
    req.on_hit_damage = riders;
    // d20 = 15 hits; fire bolt's d10 = 4, Hex's d6 = 5.
    let out = cast(&wiz, &fire_bolt(), &req, &mut Scripted::new(&[15, 4, 5])).unwrap();
    let t = &out.resolution.targets[0];
    let dealt: Vec<(DamageType, u32)> = t.damage.iter().map(|d| (d.damage_type, d.taken)).collect();
    assert_eq!(dealt, [(DamageType::Fire, 4), (DamageType::Necrotic, 5)]);
    assert_eq!(t.damage_total, 9);
}

#[test]
fn r16_a_rider_adds_nothing_on_a_miss() {
    let wiz = wizard(1);
    let mut req = CastRequest::new().target(Target::named("Orc").with_ac(20));
    req.on_hit_damage = hex().effect.rider;
    let out = cast(&wiz, &fire_bolt(), &req, &mut Scripted::new(&[5, 4, 5])).unwrap();
    assert_eq!(out.resolution.targets[0].damage_total, 0);
}

#[test]
fn r17_a_wall_is_an_area_with_length_height_and_thickness() {
    let s = wall_of_fire();
    let area = s.area.unwrap();
    assert_eq!(area.shape, AreaShape::Wall);
    assert_eq!(
        (area.size_ft, area.secondary_ft, area.thickness_in),
        (60, Some(20), Some(12))
    );
    // A wall reaches whoever it is placed on: any number of targets.
    let c = with_prepared(wizard(7), std::slice::from_ref(&s));
    let req = CastRequest::new()
        .target(Target::named("Orc A"))
        .target(Target::named("Orc B"))
        .target(Target::named("Orc C"));
    let out = cast(&c, &s, &req, &mut Scripted::new(&[2])).unwrap();
    assert_eq!(out.resolution.targets.len(), 3);
    let json = serde_json::to_string(&area).unwrap();
    assert_eq!(serde_json::from_str::<Area>(&json).unwrap(), area);
}

#[test]
fn r9_plant_growth_may_take_its_eight_hour_casting_time() {
    let druid = with_prepared(caster(&[(Class::Druid, 5)]), &[plant_growth()]);
    let quick = cast(
        &druid,
        &plant_growth(),
        &CastRequest::new(),
        &mut Scripted::new(&[1]),
    )
    .unwrap();
    assert_eq!(quick.resolution.status, CastStatus::Resolved);
    let long = cast(
        &druid,
        &plant_growth(),
        &CastRequest::new().with_alternative_time(),
        &mut Scripted::new(&[1]),
    )
    .unwrap();
    // R12: 8 hours is 4800 rounds of casting with Concentration.
    assert_eq!(
        long.resolution.status,
        CastStatus::Started {
            rounds_needed: u64::from(8 * 60 * ROUNDS_PER_MINUTE)
        }
    );
}

#[test]
fn r9_a_spell_with_one_casting_time_refuses_the_alternative() {
    let w = wizard(5);
    assert_refused(
        &w,
        &fireball(),
        &CastRequest::new().with_alternative_time(),
        "no_alternative_casting_time",
        "R9",
    );
}

#[test]
fn state_saved_before_the_new_fields_still_loads() {
    // JSON as the engine wrote it before choices, growth per part,
    // penalties, walls, riders and the alternative casting time existed.
    let ongoing: OngoingSpell = serde_json::from_str(
        r#"{"id":1,"spell":"bless","name":"Bless","level":1,"caster":"Cleric",
            "targets":["Fighter"],
            "bonuses":[{"applies_to":"attack_rolls","amount":{"dice":{"count":1,"sides":4,"bonus":0}}}],
            "conditions":[],"concentration":true,"dismissible":true,
            "started_at":0,"expires_at":10}"#,
    )
    .unwrap();
    assert!(ongoing.rider.is_empty());
    assert_eq!(ongoing.bonuses[0].per_slot, 0);
    let request: CastRequest = serde_json::from_str(r#"{"mode":{"mode":"slot"}}"#).unwrap();
    assert_eq!(
        (request.damage_type, request.alternative_time),
        (None, false)
    );
    assert!(request.on_hit_damage.is_empty());
    let damage: Damage =
        serde_json::from_str(r#"{"dice":{"count":8,"sides":6,"bonus":0},"damage_type":"fire"}"#)
            .unwrap();
    assert_eq!(
        damage,
        Damage::new("8d6".parse().unwrap(), DamageType::Fire)
    );
    let area: Area = serde_json::from_str(r#"{"shape":"sphere","size_ft":20}"#).unwrap();
    assert_eq!(area, Area::new(AreaShape::Sphere, 20));
    let targeting: Targeting =
        serde_json::from_str(r#"{"max_targets":1,"not_self":true}"#).unwrap();
    assert!(targeting.not_self && !targeting.hostile_only);
    // And a spell round-trips with every new field set.
    let mut orb = chromatic_orb();
    orb.alternative_casting_time = Some(CastingTime::Minutes(1));
    orb.targeting.hostile_only = true;
    orb.effect.rider = hex().effect.rider;
    orb.area = Some(Area::wall(10, 10, None));
    let json = serde_json::to_string(&orb).unwrap();
    assert_eq!(serde_json::from_str::<Spell>(&json).unwrap(), orb);
}

#[test]
fn r16_a_critical_hit_rolls_the_rider_dice_twice() {
    let wiz = wizard(1);
    let mut req = CastRequest::new().target(Target::named("Orc").with_ac(30));
    req.on_hit_damage = hex().effect.rider;
    // A natural 20 hits any AC; fire bolt's 2d10 and Hex's 2d6 all show 3.
    let out = cast(&wiz, &fire_bolt(), &req, &mut Scripted::new(&[20, 3])).unwrap();
    let notations: Vec<&str> = out
        .resolution
        .rolls
        .iter()
        .skip(1)
        .map(|r| r.notation.as_str())
        .collect();
    assert_eq!(notations, ["2d10", "2d6"]);
    assert_eq!(out.resolution.targets[0].damage_total, 12);
}

#[test]
fn r16_an_encounter_keeps_the_hex_on_its_target() {
    let mut enc = Encounter::new(vec![
        Combatant::new("Caster", 15),
        Combatant::new("Orc", 10),
    ])
    .unwrap();
    let mut w = warlock(1);
    let out = cast_ok(
        &mut w,
        &hex(),
        &CastRequest::new().target(Target::named("Orc")),
        &mut Scripted::new(&[1]),
    );
    let events = enc.caster_events("Caster", &out.events);
    enc.apply_all(&events);
    assert_eq!(enc.effects().riders("Orc", "Caster").len(), 1);
    // Ending Concentration ends Hex, and the rider goes with it.
    let end = w.drop_concentration().unwrap();
    enc.apply_all(&enc.caster_events("Caster", &end.events));
    assert!(enc.effects().riders("Orc", "Caster").is_empty());
}
