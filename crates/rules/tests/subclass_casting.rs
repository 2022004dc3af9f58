//! Subclass features of SRD 5.2 that change a cast (issue 35): the
//! Evoker's, the Life Domain's and Draconic Sorcery's, each named for its
//! feature.

mod support;

use grimoire_rules::*;
use support::*;

/// A caster of `class` at `level` with `subclass` chosen, and the picks
/// in `more` (`(id, variant)`).
fn with_subclass(class: Class, level: u8, subclass: &str, more: &[(&str, &str)]) -> Caster {
    let mut c = caster(&[(class, level)]);
    let pick = |kind, id: &str, variant: Option<&str>| Event::FeaturePicked {
        pick: Pick {
            kind,
            id: id.into(),
            name: id.into(),
            class: Some(class),
            variant: variant.map(str::to_owned),
            spells: Vec::new(),
            lists: Vec::new(),
        },
    };
    c.apply_all(&[pick(FeatureKind::Subclass, subclass, None)]);
    for (id, variant) in more {
        c.apply_all(&[pick(FeatureKind::Class, id, Some(variant))]);
    }
    c
}

fn evoker(level: u8) -> Caster {
    with_subclass(Class::Wizard, level, "evoker", &[])
}

fn life(level: u8) -> Caster {
    with_subclass(Class::Cleric, level, "life", &[])
}

/// With hit points recorded, so healing and damage to the caster show.
fn with_hp(c: Caster, hp: u32, max: u32) -> Caster {
    let out = c.set_vitals(max, 12, Some(hp), None).unwrap();
    applied(c, &out.events)
}

fn ogre(name: &str) -> Target {
    Target::named(name)
        .with_ac(30)
        .with_save(Ability::Dexterity, 0)
        .with_save(Ability::Constitution, 0)
        .with_hp(200)
}

/// A save cantrip with no damage on a success (like Poison Spray's 2014
/// cousins): Constitution save, 1d12 poison.
fn poison_cantrip() -> Spell {
    let mut s = Spell::new(id("toxic-spray"), "Toxic Spray", lvl(0), School::Necromancy);
    s.classes = vec![Class::Wizard];
    s.range = Range::Feet(30);
    s.effect.delivery = Delivery::Save {
        ability: Ability::Constitution,
        on_success: OnSave::None,
    };
    s.effect.damage = vec![Damage::new(DiceFormula::new(1, 12), DamageType::Poison)];
    s
}

fn cast_with(c: &mut Caster, spell: &Spell, req: CastRequest, dice: &[u32]) -> CastOutcome {
    cast_ok(c, spell, &req, &mut Scripted::new(dice))
}

#[test]
fn potent_cantrip_a_missed_cantrip_attack_still_deals_half() {
    // Fire Bolt misses AC 30 on a 2; its 1d10 of 8 deals half, 4.
    let mut c = evoker(3);
    let out = cast_with(
        &mut c,
        &fire_bolt(),
        CastRequest::new().target(ogre("Ogre")),
        &[2, 8],
    );
    assert_eq!(out.resolution.targets[0].attacks[0].hit, Some(false));
    assert_eq!(out.resolution.targets[0].damage_total, 4);
    let mut plain = wizard(3);
    let out = cast_with(
        &mut plain,
        &fire_bolt(),
        CastRequest::new().target(ogre("Ogre")),
        &[2, 8],
    );
    assert_eq!(out.resolution.targets[0].damage_total, 0);
}

#[test]
fn potent_cantrip_a_saved_cantrip_still_deals_half_and_nothing_else() {
    let mut c = with_prepared(evoker(3), &[poison_cantrip()]);
    // 1d12 rolls 10, the Ogre saves on a 20: half, 5.
    let out = cast_with(
        &mut c,
        &poison_cantrip(),
        CastRequest::new().target(ogre("Ogre")),
        &[10, 20],
    );
    assert_eq!(
        out.resolution.targets[0].save.as_ref().unwrap().success,
        Some(true)
    );
    assert_eq!(out.resolution.targets[0].damage_total, 5);
}

#[test]
fn sculpt_spells_protects_up_to_one_plus_the_spell_level() {
    let mut c = evoker(6);
    // Fireball at 3rd: four creatures may be sculpted; they take nothing.
    let names = ["A", "B", "C", "D"];
    let mut req = CastRequest {
        sculpt: names.iter().map(|n| n.to_string()).collect(),
        ..CastRequest::new()
    };
    for n in names.iter().chain(&["Ogre"]) {
        req = req.target(ogre(n));
    }
    let mut five = req.clone();
    five.sculpt.push("Ogre".into());
    assert_eq!(refusal(&c, &fireball(), &five).code(), "too_many_sculpted");
    let out = cast_with(&mut c, &fireball(), req, &[3, 3, 3, 3, 3, 3, 3, 3, 1]);
    let taken: Vec<u32> = out
        .resolution
        .targets
        .iter()
        .map(|t| t.damage_total)
        .collect();
    assert_eq!(taken, [0, 0, 0, 0, 24]);
}

#[test]
fn sculpt_spells_needs_the_feature_and_an_evocation_spell() {
    let req = CastRequest {
        sculpt: vec!["Ana".into()],
        ..CastRequest::new().target(ogre("Ana"))
    };
    let err = refusal(&evoker(5), &fireball(), &req);
    assert_eq!(
        (err.code(), err.feature()),
        ("subclass_feature_not_had", Some("sculpt-spells"))
    );
    let err = refusal(&evoker(6), &hold_person(), &req);
    assert_eq!(err.code(), "sculpt_not_evocation");
    let stranger = CastRequest {
        sculpt: vec!["Bo".into()],
        ..CastRequest::new().target(ogre("Ana"))
    };
    assert_eq!(
        refusal(&evoker(6), &fireball(), &stranger).code(),
        "sculpted_not_a_target"
    );
}

#[test]
fn empowered_evocation_adds_the_intelligence_modifier_to_one_damage_roll() {
    // Intelligence 16: +3 once, to Fireball's one roll of 8d6 (24).
    let mut c = evoker(10);
    let out = cast_with(
        &mut c,
        &fireball(),
        CastRequest::new().target(ogre("Ogre")),
        &[3, 3, 3, 3, 3, 3, 3, 3, 1],
    );
    assert_eq!(out.resolution.rolls[0].total, 27);
    assert_eq!(out.resolution.targets[0].damage_total, 27);
    let mut plain = evoker(9);
    let out = cast_with(
        &mut plain,
        &fireball(),
        CastRequest::new().target(ogre("Ogre")),
        &[3, 3, 3, 3, 3, 3, 3, 3, 1],
    );
    assert_eq!(out.resolution.targets[0].damage_total, 24);
}

#[test]
fn overchannel_deals_maximum_damage_and_costs_necrotic_from_the_second_use() {
    let mut c = with_hp(evoker(14), 60, 60);
    let over = || CastRequest {
        overchannel: true,
        ..CastRequest::new().target(ogre("Ogre"))
    };
    let out = cast_with(&mut c, &fireball(), over(), &[1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // 8d6 at their most, and Empowered Evocation's +3 (level 10).
    assert_eq!(out.resolution.targets[0].damage_total, 51);
    assert_eq!(c.vitals().unwrap().hp, 60, "the first use is free");
    assert_eq!(c.overchannel_uses(), 1);
    c.apply_all(&c.end_turn().events);
    // Second use at 3rd level: 2d12 per level, 6d12 of 2s = 12 necrotic.
    cast_with(&mut c, &fireball(), over(), &[1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    assert_eq!(c.vitals().unwrap().hp, 48);
    // A Long Rest forgets the uses.
    c.apply_all(&[Event::LongRestFinished]);
    assert_eq!(c.overchannel_uses(), 0);
}

#[test]
fn overchannel_needs_a_wizard_damage_spell_of_a_level_1_to_5_slot() {
    let over = |req: CastRequest| CastRequest {
        overchannel: true,
        ..req
    };
    let c = evoker(14);
    let sixth = over(CastRequest::new().at_slot(slot(6)).target(ogre("Ogre")));
    assert_eq!(refusal(&c, &fireball(), &sixth).code(), "overchannel_unfit");
    let cantrip = over(CastRequest::new().target(ogre("Ogre")));
    assert_eq!(
        refusal(&c, &fire_bolt(), &cantrip).code(),
        "overchannel_unfit"
    );
    let err = refusal(
        &evoker(13),
        &fireball(),
        &over(CastRequest::new().target(ogre("Ogre"))),
    );
    assert_eq!(err.code(), "subclass_feature_not_had");
}

#[test]
fn disciple_of_life_heals_two_plus_the_slot_level_more() {
    // Cure Wounds at 1st: 2d8 (4 + 4) + Wisdom 3, + 2 + 1.
    let mut c = life(3);
    let out = cast_with(
        &mut c,
        &cure_wounds(),
        CastRequest::new().target(Target::named("Ana")),
        &[4, 4],
    );
    assert_eq!(out.resolution.targets[0].healing, 14);
    let mut plain = cleric(3);
    let out = cast_with(
        &mut plain,
        &cure_wounds(),
        CastRequest::new().target(Target::named("Ana")),
        &[4, 4],
    );
    assert_eq!(out.resolution.targets[0].healing, 11);
}

#[test]
fn blessed_healer_heals_the_caster_who_heals_another() {
    let mut c = with_hp(life(6), 10, 40);
    cast_with(
        &mut c,
        &cure_wounds(),
        CastRequest::new().target(Target::named("Ana")),
        &[4, 4],
    );
    assert_eq!(c.vitals().unwrap().hp, 13, "2 + the slot's level");
    c.apply_all(&c.end_turn().events);
    // Healing only itself brings nothing more.
    let me = CastRequest::new().target(Target::caster("Caster"));
    let out = cast_with(&mut c, &cure_wounds(), me, &[4, 4]);
    assert!(
        out.events
            .iter()
            .all(|e| !matches!(e, Event::HitPointsChanged { .. }))
    );
}

#[test]
fn supreme_healing_counts_every_healing_die_at_its_most() {
    // 2d8 at their most (16) + Wisdom 3 + Disciple of Life 3.
    let mut c = life(17);
    let out = cast_with(
        &mut c,
        &cure_wounds(),
        CastRequest::new().target(Target::named("Ana")),
        &[1, 1],
    );
    assert_eq!(out.resolution.targets[0].healing, 22);
    assert_eq!(out.resolution.rolls[0].dice.as_slice(), [8, 8]);
}

#[test]
fn elemental_affinity_adds_the_charisma_modifier_to_damage_of_its_type() {
    let draconic = |level| {
        with_subclass(
            Class::Sorcerer,
            level,
            "draconic",
            &[("elemental-affinity", "fire")],
        )
    };
    let mut c = draconic(6);
    assert_eq!(c.affinity(), Some(DamageType::Fire));
    // Charisma 16: +3 to Fireball's fire.
    let dice = [3, 3, 3, 3, 3, 3, 3, 3, 1];
    let out = cast_with(
        &mut c,
        &fireball(),
        CastRequest::new().target(ogre("Ogre")),
        &dice,
    );
    assert_eq!(out.resolution.targets[0].damage_total, 27);
    // Magic Missile's force damage takes nothing more.
    c.apply_all(&c.end_turn().events);
    let out = cast_with(
        &mut c,
        &magic_missile(),
        CastRequest::new().target(ogre("Ogre")),
        &[1],
    );
    assert_eq!(out.resolution.targets[0].damage_total, 6);
    // Not before Sorcerer level 6.
    let mut low = draconic(5);
    let out = cast_with(
        &mut low,
        &fireball(),
        CastRequest::new().target(ogre("Ogre")),
        &dice,
    );
    assert_eq!(out.resolution.targets[0].damage_total, 24);
}

#[test]
fn elemental_affinity_gives_resistance_to_its_damage_type() {
    // SRD 5.2 Draconic Sorcery 6: Resistance to the affinity's type, and
    // only to it, from Sorcerer level 6.
    let fire = |level| {
        with_subclass(
            Class::Sorcerer,
            level,
            "draconic",
            &[("elemental-affinity", "fire")],
        )
    };
    let drake = fire(6);
    assert_eq!(drake.defenses(), [(DamageType::Fire, Defense::Resistant)]);
    let stats = drake.as_target();
    assert_eq!(stats.defense(DamageType::Fire), Defense::Resistant);
    assert_eq!(stats.defense(DamageType::Cold), Defense::Normal);
    assert!(fire(5).defenses().is_empty(), "not before level 6");
    assert!(fire(5).as_target().defenses.is_empty());
    // A Fireball at the Draconic Sorcerer: eight 3s (24) on a failed save
    // (a 1), halved by the Resistance.
    let mut caster = fire(5);
    let at_drake = Target {
        stats: Some(stats),
        ..Target::named("Drake")
    };
    let dice = [3, 3, 3, 3, 3, 3, 3, 3, 1];
    let out = cast_with(
        &mut caster,
        &fireball(),
        CastRequest::new().target(at_drake),
        &dice,
    );
    let dealt = &out.resolution.targets[0].damage[0];
    assert_eq!(
        (dealt.damage_type, dealt.rolled, dealt.taken),
        (DamageType::Fire, 24, 12)
    );
}

#[test]
fn overchannel_necrotic_grows_by_a_d12_per_slot_level_with_each_later_use() {
    // Magic Missile from a level 2 slot: four darts of 1d4 + 1, the one
    // d4 at its most (4 x 5), and Empowered Evocation's +3 once. The second
    // use before a Long Rest costs 2d12 per slot level (4d12), the third
    // 3d12 per level (6d12); every d12 here rolls 2.
    let mut c = with_hp(evoker(14), 90, 90);
    let over = || CastRequest {
        overchannel: true,
        ..CastRequest::new().at_slot(slot(2)).target(ogre("Ogre"))
    };
    let mut necrotic = Vec::new();
    for _ in 0..3 {
        let before = c.vitals().unwrap().hp;
        let out = cast_with(&mut c, &magic_missile(), over(), &[1, 2]);
        assert_eq!(out.resolution.targets[0].damage_total, 20 + 3, "{out:?}");
        necrotic.push(before - c.vitals().unwrap().hp);
        c.apply_all(&c.end_turn().events);
    }
    assert_eq!(necrotic, [0, 4 * 2, 6 * 2]);
    assert_eq!(c.overchannel_uses(), 3);
}

#[test]
fn draconic_resilience_adds_the_sorcerer_level_to_the_hit_point_maximum() {
    // SRD 5.2 Draconic Sorcery 3: the maximum rises by 3, and by 1 for
    // each Sorcerer level after 3. Scores: Dex 14, Con 14, Cha 16; a d6.
    let drake = |level| with_subclass(Class::Sorcerer, level, "draconic", &[]);
    let plain = |level| caster(&[(Class::Sorcerer, level)]);
    // Fixed: 6 + 2 at level 1, then 4 + 2 a level.
    assert_eq!(plain(3).fixed_max_hp(), 20);
    assert_eq!(drake(3).fixed_max_hp(), 20 + 3);
    assert_eq!(plain(5).fixed_max_hp(), 32);
    assert_eq!(drake(5).fixed_max_hp(), 32 + 5);
    assert_eq!(drake(20).feature_max_hp(), 20);
    // Another subclass adds nothing.
    let wild = with_subclass(Class::Sorcerer, 5, "wild-magic", &[]);
    assert_eq!(wild.feature_max_hp(), 0);
    // Rolled: every level as rolled, and the feature's hit points on top.
    let mut rng = grimoire_dice::SeededRng::new(7);
    let r = drake(5).rolled_max_hp(&mut rng);
    assert_eq!(r.features, 5);
    assert_eq!(r.max_hp, r.levels.iter().map(|l| l.hp).sum::<u32>() + 5);
}

#[test]
fn draconic_resilience_unarmored_armor_class_adds_charisma() {
    // SRD 5.2 Draconic Sorcery 3: without armor, 10 + Dexterity and
    // Charisma modifiers (Dex 14, Cha 16: 10 + 2 + 3).
    let drake = with_subclass(Class::Sorcerer, 3, "draconic", &[]);
    assert_eq!(drake.unarmored_ac(), 15);
    assert_eq!(caster(&[(Class::Sorcerer, 3)]).unarmored_ac(), 12);
}
