//! Weapon attacks in the rules (issue 34), with scripted dice: the d20
//! against AC, natural 20 and natural 1, critical doubling of every damage
//! die (riders included, the modifier once), the target's defences.

mod support;

use grimoire_rules::*;
use support::Scripted;

fn paladin() -> Caster {
    let scores = AbilityScores::new([16, 10, 14, 10, 10, 14]).unwrap();
    Caster::new("Pal", &[(Class::Paladin, 5)], scores).unwrap()
}

/// The SRD 5.2 Longsword: 1d8 slashing, Versatile (1d10), Sap.
fn longsword() -> &'static Weapon {
    static W: std::sync::OnceLock<Weapon> = std::sync::OnceLock::new();
    W.get_or_init(|| Weapon {
        id: "longsword".into(),
        name_en: "Longsword".into(),
        name_cs: "Dlouhý meč".into(),
        category: WeaponCategory::Martial,
        kind: WeaponKind::Melee,
        damage: DiceFormula::new(1, 8),
        damage_type: DamageType::Slashing,
        properties: vec![WeaponProperty::Versatile],
        versatile: Some(DiceFormula::new(1, 10)),
        range: None,
        mastery: Mastery::Sap,
        price_cp: 1500,
    })
}

fn request(ac: i32) -> AttackRequest {
    let mut target = Target::named("Orc");
    target.stats = Some(TargetStats {
        ac: Some(ac),
        hp: Some(30),
        ..Default::default()
    });
    AttackRequest {
        target,
        roll_mode: RollMode::Normal,
        two_handed: false,
        attack_bonuses: Vec::new(),
        damage_bonuses: Vec::new(),
        on_hit_damage: Vec::new(),
        hit_is_critical: false,
        mastery: false,
    }
}

#[test]
fn weapon_attack_total_at_least_ac_hits_for_die_plus_strength() {
    // d20 9 + 6 = 15 against AC 15; the d8 rolls 5: 5 + 3.
    let o = weapon_attack(
        &paladin(),
        longsword(),
        &request(15),
        &mut Scripted::new(&[9, 5]),
    )
    .unwrap();
    let t = &o.resolution.targets[0];
    assert_eq!(t.attacks[0].hit, Some(true));
    assert_eq!(t.damage_total, 8);
    assert_eq!(t.hp_after, Some(22));
    assert_eq!(
        o.events,
        vec![
            Event::ActionUsed {
                action: ActionKind::Action
            },
            Event::WeaponAttacked {
                hit: Some(WeaponHit {
                    target: "Orc".into(),
                    critical: false,
                    melee: true,
                })
            }
        ]
    );
}

#[test]
fn weapon_attack_natural_1_misses_and_natural_20_hits_whatever_the_ac() {
    let o = weapon_attack(
        &paladin(),
        longsword(),
        &request(1),
        &mut Scripted::new(&[1]),
    )
    .unwrap();
    assert_eq!(o.resolution.targets[0].attacks[0].hit, Some(false));
    assert_eq!(o.resolution.targets[0].damage_total, 0);
    let o = weapon_attack(
        &paladin(),
        longsword(),
        &request(40),
        &mut Scripted::new(&[20, 1]),
    )
    .unwrap();
    let a = &o.resolution.targets[0].attacks[0];
    assert!(a.critical && a.hit == Some(true), "{a:?}");
}

#[test]
fn weapon_attack_critical_doubles_weapon_and_rider_dice_not_the_modifier() {
    let mut req = request(15);
    req.on_hit_damage = vec![Damage::new(DiceFormula::new(1, 6), DamageType::Force)];
    // 20, then 2d8 (4, 4) + 3 and 2d6 (6, 6).
    let o = weapon_attack(
        &paladin(),
        longsword(),
        &req,
        &mut Scripted::new(&[20, 4, 4, 6, 6]),
    )
    .unwrap();
    let notations: Vec<&str> = o
        .resolution
        .rolls
        .iter()
        .map(|r| r.notation.as_str())
        .collect();
    assert_eq!(notations, ["1d20+6", "2d8+3", "2d6"]);
    assert_eq!(o.resolution.targets[0].damage_total, 11 + 12);
}

#[test]
fn weapon_attack_damage_meets_the_targets_resistance() {
    let mut req = request(10);
    if let Some(s) = req.target.stats.as_mut() {
        s.defenses = vec![(DamageType::Slashing, Defense::Resistant)];
    }
    let o = weapon_attack(&paladin(), longsword(), &req, &mut Scripted::new(&[15, 6])).unwrap();
    assert_eq!(o.resolution.targets[0].damage_total, 4, "(6 + 3) / 2");
}

#[test]
fn r9_a_weapon_attack_needs_the_action() {
    let scores = AbilityScores::new([16, 10, 14, 10, 10, 14]).unwrap();
    let mut c = Caster::new("Pal", &[(Class::Paladin, 4)], scores).unwrap();
    assert_eq!(c.attacks_per_action(), 1, "no Extra Attack before level 5");
    let o = weapon_attack(&c, longsword(), &request(10), &mut Scripted::new(&[15, 6])).unwrap();
    c.apply_all(&o.events);
    let e = weapon_attack(&c, longsword(), &request(10), &mut Scripted::new(&[15])).unwrap_err();
    assert_eq!((e.code(), e.rule()), ("action_unavailable", Some("R9")));
}

#[test]
fn extra_attack_at_paladin_5_makes_two_attacks_in_one_attack_action() {
    let mut c = paladin();
    assert_eq!(c.attacks_per_action(), 2);
    assert_eq!(c.attacks_left(), 0, "nothing left before the action");
    let first = weapon_attack(&c, longsword(), &request(10), &mut Scripted::new(&[2])).unwrap();
    c.apply_all(&first.events);
    assert_eq!(c.attacks_left(), 1, "a miss counts as one of the two");
    let second =
        weapon_attack(&c, longsword(), &request(10), &mut Scripted::new(&[15, 6])).unwrap();
    assert!(
        !second
            .events
            .iter()
            .any(|e| matches!(e, Event::ActionUsed { .. })),
        "the second attack takes no other action: {:?}",
        second.events
    );
    c.apply_all(&second.events);
    assert_eq!(c.attacks_left(), 0);
    assert_eq!(
        c.turn().last_hit.as_ref().map(|h| h.target.as_str()),
        Some("Orc")
    );
    let e = weapon_attack(&c, longsword(), &request(10), &mut Scripted::new(&[15])).unwrap_err();
    assert_eq!((e.code(), e.rule()), ("action_unavailable", Some("R9")));
    c.apply(&Event::TurnEnded);
    assert_eq!(
        (c.turn().attacks_made, c.turn().last_hit.clone()),
        (0, None)
    );
}

#[test]
fn extra_attack_is_not_the_magic_action_a_spell_took() {
    let mut c = paladin();
    c.apply(&Event::ActionUsed {
        action: ActionKind::Action,
    });
    let e = weapon_attack(&c, longsword(), &request(10), &mut Scripted::new(&[15])).unwrap_err();
    assert_eq!(e.code(), "action_unavailable");
}

/// The SRD 5.2 Greatsword: 2d6 slashing, Graze.
fn greatsword() -> Weapon {
    Weapon {
        id: "greatsword".into(),
        name_en: "Greatsword".into(),
        name_cs: "Obouruční meč".into(),
        damage: DiceFormula::new(2, 6),
        mastery: Mastery::Graze,
        properties: vec![WeaponProperty::Heavy, WeaponProperty::TwoHanded],
        versatile: None,
        ..longsword().clone()
    }
}

#[test]
fn weapon_mastery_graze_deals_the_strength_modifier_on_a_miss() {
    let mut req = request(20);
    req.mastery = true;
    let o = weapon_attack(&paladin(), &greatsword(), &req, &mut Scripted::new(&[2])).unwrap();
    let t = &o.resolution.targets[0];
    assert_eq!(
        (t.attacks[0].hit, t.damage_total),
        (Some(false), 3),
        "Str +3"
    );
    req.mastery = false;
    let o = weapon_attack(&paladin(), &greatsword(), &req, &mut Scripted::new(&[2])).unwrap();
    assert_eq!(
        o.resolution.targets[0].damage_total, 0,
        "no mastery, no Graze"
    );
}

#[test]
fn weapon_mastery_topple_a_failed_constitution_save_knocks_prone() {
    let maul = Weapon {
        id: "maul".into(),
        mastery: Mastery::Topple,
        ..longsword().clone()
    };
    let mut req = request(10);
    req.mastery = true;
    // Hit 15 + 6, 5 damage, then the Orc's Con save 4 + 0 against 8 + 3 + 3.
    let o = weapon_attack(&paladin(), &maul, &req, &mut Scripted::new(&[15, 5, 4])).unwrap();
    let t = &o.resolution.targets[0];
    let save = t.save.as_ref().unwrap();
    assert_eq!((save.dc, save.success), (14, Some(false)));
    assert_eq!(t.conditions, [Condition::Prone]);
    let o = weapon_attack(&paladin(), &maul, &req, &mut Scripted::new(&[15, 5, 18])).unwrap();
    assert!(o.resolution.targets[0].conditions.is_empty(), "18 saves");
}

#[test]
fn weapon_mastery_paladin_masters_the_first_two_weapons_carried() {
    let mut c = paladin();
    let mut gear = c.equipment().clone();
    gear.weapons = vec!["longsword".into(), "javelin".into(), "maul".into()];
    c.apply(&Event::EquipmentChanged { equipment: gear });
    assert!(c.has_mastery("longsword") && c.has_mastery("javelin"));
    assert!(!c.has_mastery("maul"), "two kinds at Paladin 1+");
}

/// 2024 Faerie Fire: attack rolls against a creature that failed its save
/// have Advantage, and it cannot benefit from Invisible.
#[test]
fn faerie_fire_gives_attacks_against_its_target_advantage_and_takes_invisible_away() {
    let spell = support::faerie_fire();
    let mut druid = support::with_prepared(
        support::caster(&[(Class::Druid, 3)]),
        std::slice::from_ref(&spell),
    );
    let req = CastRequest::new()
        .target(Target::named("Orc").with_save(Ability::Dexterity, 0))
        .target(Target::named("Elk").with_save(Ability::Dexterity, 0));
    // The Orc's save rolls a 1, the Elk's a 20.
    let out = support::cast_ok(&mut druid, &spell, &req, &mut Scripted::new(&[1, 20]));
    let mut board = EffectBoard::new();
    board.record_all("Caster", &out.events);
    let lit = board.advantage_against("Orc");
    assert_eq!(lit, [support::id("faerie-fire")]);
    assert!(board.advantage_against("Elk").is_empty(), "it saved");
    // Invisible would give Disadvantage; outlined, it gives nothing.
    let plain = attack_mode(RollMode::Normal, &[], &[Condition::Invisible], true);
    assert_eq!(plain.roll_mode(), RollMode::Disadvantage);
    let mode = plain.with_target_spells(lit);
    assert_eq!(mode.roll_mode(), RollMode::Advantage);
    assert_eq!(
        mode.advantage,
        [RollReason::TargetSpell(support::id("faerie-fire"))]
    );
    assert!(mode.disadvantage.is_empty());
    // With Advantage the higher of two d20s counts: 12 + 6 hits AC 15.
    let mut attack = request(15);
    attack.roll_mode = mode.roll_mode();
    let o = weapon_attack(
        &paladin(),
        longsword(),
        &attack,
        &mut Scripted::new(&[3, 12, 5]),
    )
    .unwrap();
    assert_eq!(o.resolution.targets[0].attacks[0].hit, Some(true));
    // Ending the spell ends the Advantage.
    let mut ended = board.clone();
    let end = druid.drop_concentration().unwrap();
    ended.record_all("Caster", &end.events);
    assert!(ended.advantage_against("Orc").is_empty());
}

/// 2024 Bless and Bane on weapon attacks: Bless adds its d4 to the attack
/// roll, Bane takes its d4 off; a 9 + 6 against AC 15 hits by itself,
/// misses with Bane's 3 off and hits again with Bless's 4 beside it.
#[test]
fn bless_adds_and_bane_subtracts_a_d4_on_the_weapon_attack_roll() {
    let d4: DiceFormula = "1d4".parse().unwrap();
    let total = |bonuses: Vec<BonusAmount>, dice: &[u32]| {
        let mut req = request(15);
        req.attack_bonuses = bonuses;
        let o = weapon_attack(&paladin(), longsword(), &req, &mut Scripted::new(dice)).unwrap();
        let a = &o.resolution.targets[0].attacks[0];
        (a.total, a.hit)
    };
    assert_eq!(total(Vec::new(), &[9, 5]), (15, Some(true)));
    assert_eq!(
        total(vec![BonusAmount::Penalty(d4)], &[9, 3, 5]),
        (12, Some(false))
    );
    assert_eq!(
        total(
            vec![BonusAmount::Penalty(d4), BonusAmount::Dice(d4)],
            &[9, 3, 4, 5]
        ),
        (16, Some(true))
    );
}
