//! Metamagic (SRD 5.2 Sorcerer): each option reshapes the cast that the
//! other rules check and resolve, and costs its Sorcery Points.

mod support;

use grimoire_rules::*;
use support::*;

/// A Sorcerer of `level` (Charisma 16: +3) who knows `options`.
fn sorcerer(level: u8, options: &[Metamagic]) -> Caster {
    let mut c = caster(&[(Class::Sorcerer, level)]);
    for m in options {
        c.apply_all(&[Event::FeaturePicked {
            pick: Pick {
                kind: FeatureKind::Metamagic,
                id: m.id().into(),
                name: m.id().into(),
                class: Some(Class::Sorcerer),
                variant: None,
                spells: Vec::new(),
                lists: Vec::new(),
            },
        }]);
    }
    c
}

fn with(options: &[MetamagicUse]) -> CastRequest {
    CastRequest {
        metamagic: options.to_vec(),
        ..CastRequest::new()
    }
}

fn meta(option: Metamagic) -> MetamagicUse {
    MetamagicUse::new(option)
}

fn goblin(name: &str) -> Target {
    Target::named(name)
        .with_ac(15)
        .with_save(Ability::Dexterity, 0)
        .with_save(Ability::Wisdom, 0)
        .with_hp(100)
}

fn refused_code(c: &Caster, spell: &Spell, req: &CastRequest) -> String {
    refusal(c, spell, req).code().to_owned()
}

#[test]
fn metamagic_not_known_refuses_an_option_the_sorcerer_lacks() {
    let c = sorcerer(5, &[Metamagic::Subtle]);
    let req = with(&[meta(Metamagic::Quickened)]);
    let err = refusal(&c, &fire_bolt(), &req.target(goblin("Gob")));
    assert_eq!(err.code(), "metamagic_not_known");
    assert_eq!(err.feature(), Some("metamagic"));
}

#[test]
fn metamagic_costs_sorcery_points_and_is_refused_without_them() {
    let mut c = sorcerer(2, &[Metamagic::Quickened, Metamagic::Subtle]);
    assert_eq!(c.sorcery_points(), 2);
    let req = with(&[meta(Metamagic::Quickened)]).target(goblin("Gob"));
    let out = cast_ok(&mut c, &fire_bolt(), &req, &mut Scripted::new(&[15, 5]));
    let paid = out.resolution.metamagic.expect("paid");
    assert_eq!(
        (paid.options.as_slice(), paid.points),
        ([Metamagic::Quickened].as_slice(), 2)
    );
    assert_eq!(c.sorcery_points(), 0);
    c.apply_all(&c.end_turn().events);
    let subtle = with(&[meta(Metamagic::Subtle)]).target(goblin("Gob"));
    let err = refusal(&c, &fire_bolt(), &subtle);
    assert_eq!(err.code(), "no_sorcery_points");
    assert_eq!(err.feature(), Some("metamagic"));
}

#[test]
fn metamagic_subtle_casts_without_verbal_and_somatic_components() {
    // R14a: silenced, a V spell is refused; Subtle Spell needs no voice.
    let c = sorcerer(5, &[Metamagic::Subtle]);
    let silenced = applied(c.clone(), &c.set_silence(true, false).events);
    let plain = CastRequest::new().target(goblin("Gob"));
    assert_eq!(
        refused_code(&silenced, &magic_missile(), &plain),
        "silenced"
    );
    let subtle = with(&[meta(Metamagic::Subtle)]).target(goblin("Gob"));
    let mut c = silenced;
    let out = cast_ok(&mut c, &magic_missile(), &subtle, &mut Scripted::new(&[2]));
    assert_eq!(
        out.resolution.targets[0].damage_total, 9,
        "three darts of 1d4+1"
    );
    assert_eq!(c.sorcery_points(), 4);
}

#[test]
fn metamagic_subtle_leaves_nothing_to_perceive_unless_a_costly_material_remains() {
    // R11: a Counterspell answers a spell it sees being cast.
    let c = sorcerer(5, &[Metamagic::Subtle]);
    let subtle = with(&[meta(Metamagic::Subtle)]);
    assert!(perceptible(&c, &fireball(), &CastRequest::new()));
    assert!(!perceptible(&c, &fireball(), &subtle), "guano is spared");
    assert!(
        perceptible(&c, &revivify(), &subtle),
        "a diamond worth 300 GP stays"
    );
}

#[test]
fn metamagic_quickened_casts_an_action_spell_as_a_bonus_action() {
    let mut c = sorcerer(5, &[Metamagic::Quickened]);
    let req = with(&[meta(Metamagic::Quickened)]).target(goblin("Gob"));
    let out = cast_ok(
        &mut c,
        &fireball(),
        &req,
        &mut Scripted::new(&[3, 3, 3, 3, 3, 3, 3, 3, 1]),
    );
    assert_eq!(out.resolution.action, ActionKind::BonusAction);
    assert!(
        c.turn().available(ActionKind::Action),
        "the Action is still free"
    );
    assert!(!c.turn().available(ActionKind::BonusAction));
}

#[test]
fn metamagic_quickened_refuses_a_spell_whose_casting_time_is_not_an_action() {
    let c = sorcerer(5, &[Metamagic::Quickened]);
    let err = refusal(&c, &shield(), &with(&[meta(Metamagic::Quickened)]));
    assert_eq!(err.code(), "metamagic_not_applicable");
    assert!(
        err.args()
            .iter()
            .any(|(k, v)| *k == "why" && v.to_string() == "\"not_an_action\"")
    );
}

#[test]
fn metamagic_quickened_is_refused_after_a_level_1_spell_this_turn() {
    let mut c = sorcerer(5, &[Metamagic::Quickened]);
    cast_ok(
        &mut c,
        &magic_missile(),
        &CastRequest::new().target(goblin("Gob")),
        &mut Scripted::new(&[1]),
    );
    let quick = with(&[meta(Metamagic::Quickened)]).target(goblin("Gob"));
    assert_eq!(
        refused_code(&c, &fire_bolt(), &quick),
        "quickened_after_spell"
    );
}

#[test]
fn metamagic_no_level_1_spell_follows_a_quickened_spell_this_turn() {
    let mut c = sorcerer(5, &[Metamagic::Quickened]);
    let quick = with(&[meta(Metamagic::Quickened)]).target(goblin("Gob"));
    cast_ok(&mut c, &fire_bolt(), &quick, &mut Scripted::new(&[15, 5]));
    let missile = CastRequest::new().target(goblin("Gob"));
    assert_eq!(
        refused_code(&c, &magic_missile(), &missile),
        "spell_after_quickened"
    );
    // A cantrip may still follow with the Action; the next turn is free again.
    cast_ok(&mut c, &fire_bolt(), &missile, &mut Scripted::new(&[15, 5]));
    c.apply_all(&c.end_turn().events);
    cast_ok(&mut c, &magic_missile(), &missile, &mut Scripted::new(&[1]));
}

#[test]
fn metamagic_distant_doubles_a_range_r13() {
    let c = sorcerer(5, &[Metamagic::Distant]);
    let far = goblin("Gob").at_distance(200);
    let plain = CastRequest::new().target(far.clone());
    assert_eq!(refused_code(&c, &fire_bolt(), &plain), "out_of_range");
    let distant = with(&[meta(Metamagic::Distant)]).target(far);
    allowed(&c, &fire_bolt(), &distant);
    let beyond = with(&[meta(Metamagic::Distant)]).target(goblin("Gob").at_distance(250));
    assert_eq!(refused_code(&c, &fire_bolt(), &beyond), "out_of_range");
}

#[test]
fn metamagic_distant_makes_touch_30_feet() {
    let c = sorcerer(5, &[Metamagic::Distant]);
    let ally = Target::named("Ana").at_distance(25);
    let plain = CastRequest::new().target(ally.clone());
    assert_eq!(refused_code(&c, &mage_armor(), &plain), "out_of_range");
    allowed(
        &c,
        &mage_armor(),
        &with(&[meta(Metamagic::Distant)]).target(ally),
    );
    let err = refusal(&c, &shield(), &with(&[meta(Metamagic::Distant)]));
    assert_eq!(
        err.code(),
        "metamagic_not_applicable",
        "Shield's range is Self"
    );
}

#[test]
fn metamagic_extended_doubles_the_duration_and_gives_advantage_to_keep_concentration() {
    let mut c = sorcerer(5, &[Metamagic::Extended]);
    let req = with(&[meta(Metamagic::Extended)]).target(goblin("Gob"));
    let out = cast_ok(&mut c, &hold_person(), &req, &mut Scripted::new(&[1]));
    let effect = out.resolution.effect.expect("a lasting spell");
    let held = c.ongoing().iter().find(|o| o.id == effect).unwrap();
    assert_eq!(held.expires_at, Some(20), "2 minutes instead of 1");
    // Concentration save after 10 damage (DC 10): 4 and 12 with Advantage
    // keep 12 + 2 (Constitution 14) and hold on.
    let save = c.take_damage(10, &mut Scripted::new(&[4, 12]));
    assert!(save.concentration_kept, "{:?}", save.roll);
    let roll = save.roll.unwrap();
    assert_eq!(roll.dice.as_slice(), [4, 12]);
    // The same spell unextended rolls one die and loses it on the 4.
    let mut plain = sorcerer(5, &[]);
    cast_ok(
        &mut plain,
        &hold_person(),
        &CastRequest::new().target(goblin("Gob")),
        &mut Scripted::new(&[1]),
    );
    assert!(
        !plain
            .take_damage(10, &mut Scripted::new(&[4, 12]))
            .concentration_kept
    );
}

#[test]
fn metamagic_careful_creature_succeeds_and_takes_no_half_damage() {
    let mut c = sorcerer(5, &[Metamagic::Careful]);
    let careful = MetamagicUse::new(Metamagic::Careful).on(["Ana"]);
    let req = with(&[careful]).target(goblin("Ana")).target(goblin("Gob"));
    // 8d6 of 3s = 24; Gob saves on a 20 and takes half.
    let dice = [3, 3, 3, 3, 3, 3, 3, 3, 20];
    let out = cast_ok(&mut c, &fireball(), &req, &mut Scripted::new(&dice));
    let ana = &out.resolution.targets[0];
    let gob = &out.resolution.targets[1];
    assert_eq!(ana.save.as_ref().unwrap().success, Some(true));
    assert_eq!(ana.save.as_ref().unwrap().total, None, "no roll needed");
    assert_eq!(ana.damage_total, 0);
    assert_eq!(gob.damage_total, 12);
}

#[test]
fn metamagic_careful_protects_at_most_the_charisma_modifier() {
    let c = sorcerer(5, &[Metamagic::Careful]);
    let names = ["A", "B", "C", "D"];
    let mut req = with(&[MetamagicUse::new(Metamagic::Careful).on(names)]);
    for n in names {
        req = req.target(goblin(n));
    }
    let err = refusal(&c, &fireball(), &req);
    assert_eq!(err.code(), "metamagic_not_applicable");
    assert!(
        err.to_string().contains("too_many_creatures")
            || format!("{:?}", err.args()).contains("too_many_creatures")
    );
}

#[test]
fn metamagic_heightened_target_saves_with_disadvantage() {
    let mut c = sorcerer(5, &[Metamagic::Heightened]);
    // DC 14: 15 then 3; Disadvantage keeps the 3 and the target is held.
    let req = with(&[meta(Metamagic::Heightened)]).target(goblin("Gob"));
    let out = cast_ok(&mut c, &hold_person(), &req, &mut Scripted::new(&[15, 3]));
    let save = out.resolution.targets[0].save.clone().unwrap();
    assert_eq!((save.total, save.success), (Some(3), Some(false)));
    assert_eq!(c.sorcery_points(), 3, "Heightened costs 2");
    let mut plain = sorcerer(5, &[]);
    let out = cast_ok(
        &mut plain,
        &hold_person(),
        &CastRequest::new().target(goblin("Gob")),
        &mut Scripted::new(&[15, 3]),
    );
    assert_eq!(
        out.resolution.targets[0].save.as_ref().unwrap().success,
        Some(true)
    );
}

#[test]
fn metamagic_empowered_rerolls_the_lowest_damage_dice_up_to_the_charisma_modifier() {
    let mut c = sorcerer(5, &[Metamagic::Empowered]);
    let req = with(&[meta(Metamagic::Empowered)]).target(goblin("Gob"));
    // Three 1s below average are rerolled into 6s; the save fails on a 1.
    let dice = [1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 1];
    let out = cast_ok(&mut c, &fireball(), &req, &mut Scripted::new(&dice));
    let damage = &out.resolution.rolls[0];
    assert_eq!(
        damage.dice.as_slice(),
        [6; 8],
        "the new faces show in the roll"
    );
    assert_eq!(damage.total, 48);
    assert_eq!(out.resolution.targets[0].damage_total, 48);
}

#[test]
fn metamagic_seeking_rerolls_a_missed_attack_and_costs_only_then() {
    let mut c = sorcerer(5, &[Metamagic::Seeking]);
    let req = with(&[meta(Metamagic::Seeking)]).target(goblin("Gob"));
    // 2 + 6 misses AC 15; the reroll 15 + 6 hits for 2d10 of 7s.
    let out = cast_ok(
        &mut c,
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[2, 15, 7, 7]),
    );
    let attacks = &out.resolution.targets[0].attacks;
    assert_eq!((attacks[0].natural, attacks[0].hit), (15, Some(true)));
    assert_eq!(out.resolution.targets[0].damage_total, 14);
    assert_eq!(c.sorcery_points(), 4);
    c.apply_all(&c.end_turn().events);
    // A hit needs no reroll: nothing is spent.
    let out = cast_ok(&mut c, &fire_bolt(), &req, &mut Scripted::new(&[15, 7, 7]));
    assert_eq!(out.resolution.metamagic, None);
    assert_eq!(c.sorcery_points(), 4);
}

#[test]
fn metamagic_empowered_is_paid_only_when_damage_is_rolled() {
    // 2024: Empowered Spell is used when you roll damage for a spell. A
    // missed Fire Bolt rolls none, so its point stays; a hit spends it.
    let mut c = sorcerer(5, &[Metamagic::Empowered]);
    let req = with(&[meta(Metamagic::Empowered)]).target(goblin("Gob"));
    // 2 + 6 misses AC 15: no damage die is rolled.
    let out = cast_ok(&mut c, &fire_bolt(), &req, &mut Scripted::new(&[2]));
    assert_eq!(out.resolution.targets[0].attacks[0].hit, Some(false));
    assert_eq!(out.resolution.metamagic, None);
    assert_eq!(c.sorcery_points(), 5);
    c.apply_all(&c.end_turn().events);
    // 15 + 6 hits; 2d10 of 1s (below average) are rerolled into 9s.
    let out = cast_ok(
        &mut c,
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[15, 1, 1, 9, 9]),
    );
    assert_eq!(out.resolution.targets[0].damage_total, 18);
    let paid = out.resolution.metamagic.expect("paid on the damage roll");
    assert_eq!((paid.options, paid.points), (vec![Metamagic::Empowered], 1));
    assert_eq!(c.sorcery_points(), 4);
}

#[test]
fn metamagic_transmuted_changes_the_damage_type() {
    let mut c = sorcerer(5, &[Metamagic::Transmuted]);
    let cold = MetamagicUse {
        damage_type: Some(DamageType::Cold),
        ..meta(Metamagic::Transmuted)
    };
    let target = goblin("Gob").with_defense(DamageType::Cold, Defense::Resistant);
    let req = with(&[cold]).target(target);
    let out = cast_ok(
        &mut c,
        &fireball(),
        &req,
        &mut Scripted::new(&[4, 4, 4, 4, 4, 4, 4, 4, 1]),
    );
    let dealt = &out.resolution.targets[0].damage[0];
    assert_eq!(
        (dealt.damage_type, dealt.rolled, dealt.taken),
        (DamageType::Cold, 32, 16)
    );
    let force = MetamagicUse {
        damage_type: Some(DamageType::Force),
        ..meta(Metamagic::Transmuted)
    };
    assert_eq!(
        refused_code(&c, &fireball(), &with(&[force]).target(goblin("Gob"))),
        "metamagic_not_applicable"
    );
}

#[test]
fn metamagic_twinned_counts_one_level_higher_for_an_extra_target_r17() {
    let mut c = sorcerer(5, &[Metamagic::Twinned]);
    let two = CastRequest::new().target(goblin("A")).target(goblin("B"));
    assert_eq!(refused_code(&c, &hold_person(), &two), "too_many_targets");
    let twinned = CastRequest {
        metamagic: vec![meta(Metamagic::Twinned)],
        ..two
    };
    let out = cast_ok(&mut c, &hold_person(), &twinned, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.cast_level.get(), 3, "effective level");
    assert_eq!(
        out.resolution.slot.unwrap().level.get(),
        2,
        "the slot spent"
    );
    let err = refusal(&c, &fireball(), &with(&[meta(Metamagic::Twinned)]));
    assert_eq!(
        err.code(),
        "metamagic_not_applicable",
        "Fireball gains no target"
    );
}

#[test]
fn metamagic_one_option_per_spell_except_empowered_and_seeking() {
    let c = sorcerer(17, &Metamagic::ALL);
    let two = with(&[meta(Metamagic::Subtle), meta(Metamagic::Quickened)]).target(goblin("Gob"));
    assert_eq!(
        refused_code(&c, &fire_bolt(), &two),
        "metamagic_one_per_spell"
    );
    let twice = with(&[meta(Metamagic::Subtle), meta(Metamagic::Subtle)]).target(goblin("Gob"));
    assert_eq!(
        refused_code(&c, &fire_bolt(), &twice),
        "metamagic_one_per_spell"
    );
    let joined = with(&[
        meta(Metamagic::Quickened),
        meta(Metamagic::Empowered),
        meta(Metamagic::Seeking),
    ])
    .target(goblin("Gob"));
    allowed(&c, &fire_bolt(), &joined);
}

#[test]
fn metamagic_refusal_changes_nothing_and_spends_no_points() {
    let c = sorcerer(5, &[Metamagic::Careful]);
    let req = with(&[meta(Metamagic::Careful)]).target(goblin("Gob"));
    // `refusal` asserts the caster is unchanged.
    assert_eq!(
        refused_code(&c, &fire_bolt(), &req),
        "metamagic_not_applicable"
    );
    assert_eq!(c.sorcery_points(), 5);
}

#[test]
fn metamagic_choices_list_the_known_options_with_cost_and_fit() {
    let c = sorcerer(5, &[Metamagic::Quickened, Metamagic::Careful]);
    let shown: Vec<(Metamagic, u8, Option<Unfit>)> = metamagic_choices(&c, &shield())
        .into_iter()
        .map(|m| (m.option, m.cost, m.unfit))
        .collect();
    assert_eq!(
        shown,
        [
            (Metamagic::Quickened, 2, Some(Unfit::NotAnAction)),
            (Metamagic::Careful, 1, Some(Unfit::NoSave)),
        ]
    );
    let fits: Vec<bool> = metamagic_choices(&c, &fireball())
        .iter()
        .map(|m| m.unfit.is_none())
        .collect();
    assert_eq!(fits, [true, true]);
}

#[test]
fn metamagic_options_known_are_two_at_sorcerer_2_and_two_more_at_10_and_17() {
    // SRD 5.2 Sorcerer: Metamagic at level 2 with two options, two more at
    // levels 10 and 17.
    let known: Vec<u8> = (1..=20).map(metamagic_known).collect();
    let mut expected = vec![0];
    expected.extend([2; 8]); // 2-9
    expected.extend([4; 7]); // 10-16
    expected.extend([6; 4]); // 17-20
    assert_eq!(known, expected);
}

#[test]
fn metamagic_subtle_casts_with_bound_hands_without_a_somatic_component() {
    // R14b: a Somatic component needs a free hand; Subtle Spell drops it,
    // and with it the pouch's hand for a plain material.
    let c = sorcerer(5, &[Metamagic::Subtle]);
    let mut bound = c.equipment().clone();
    bound.free_hands = 0;
    let bound = applied(c.clone(), &c.set_equipment(bound).events);
    let plain = CastRequest::new().target(goblin("Gob"));
    assert_eq!(refused_code(&bound, &fire_bolt(), &plain), "no_free_hand");
    assert_eq!(refused_code(&bound, &fireball(), &plain), "no_free_hand");
    let subtle = with(&[meta(Metamagic::Subtle)]).target(goblin("Gob"));
    let mut c = bound;
    cast_ok(
        &mut c,
        &fireball(),
        &subtle,
        &mut Scripted::new(&[3, 3, 3, 3, 3, 3, 3, 3, 1]),
    );
    assert_eq!(c.sorcery_points(), 4, "Subtle costs 1");
}

#[test]
fn metamagic_subtle_keeps_a_costly_material_that_is_not_consumed() {
    // Chromatic Orb's diamond (50+ GP) is not consumed but has a cost: it
    // stays needed, and a Counterspell still sees it.
    let c = with_prepared(sorcerer(5, &[Metamagic::Subtle]), &[chromatic_orb()]);
    let subtle = with(&[meta(Metamagic::Subtle)]).target(goblin("Gob"));
    assert_eq!(
        refused_code(&c, &chromatic_orb(), &subtle),
        "missing_material"
    );
    assert!(perceptible(&c, &chromatic_orb(), &subtle));
    let mut gear = c.equipment().clone();
    gear.materials.push("a diamond worth 50 GP".into());
    let c = applied(c.clone(), &c.set_equipment(gear).events);
    allowed(&c, &chromatic_orb(), &subtle);
}

#[test]
fn metamagic_empowered_and_seeking_both_reshape_one_cast() {
    // Fire Bolt (2d10 at Sorcerer 5, +6 to hit): 2 + 6 misses AC 15, Seeking
    // rerolls 15 + 6 and hits; Empowered rerolls the two 1s (up to CHA +3
    // dice) into 9s. Both are paid: 2 points.
    let mut c = sorcerer(5, &[Metamagic::Empowered, Metamagic::Seeking]);
    let req = with(&[meta(Metamagic::Empowered), meta(Metamagic::Seeking)]).target(goblin("Gob"));
    let out = cast_ok(
        &mut c,
        &fire_bolt(),
        &req,
        &mut Scripted::new(&[2, 15, 1, 1, 9, 9]),
    );
    let gob = &out.resolution.targets[0];
    assert_eq!(gob.attacks[0].hit, Some(true));
    assert_eq!(gob.damage_total, 18);
    let paid = out.resolution.metamagic.expect("paid");
    assert_eq!(
        (paid.options.as_slice(), paid.points),
        ([Metamagic::Empowered, Metamagic::Seeking].as_slice(), 2)
    );
    assert_eq!(c.sorcery_points(), 3);
}

#[test]
fn metamagic_seeking_beside_another_option_needs_its_own_point() {
    // With 1 point left, Empowered alone is paid, but Empowered and Seeking
    // together could not pay for Seeking's reroll: refused up front.
    let mut c = sorcerer(2, &[Metamagic::Empowered, Metamagic::Seeking]);
    let spent = with(&[meta(Metamagic::Empowered)]).target(goblin("Gob"));
    cast_ok(&mut c, &fire_bolt(), &spent, &mut Scripted::new(&[15, 1]));
    c.apply_all(&c.end_turn().events);
    assert_eq!(c.sorcery_points(), 1);
    let both = with(&[meta(Metamagic::Empowered), meta(Metamagic::Seeking)]).target(goblin("Gob"));
    let err = refusal(&c, &fire_bolt(), &both);
    assert_eq!(err.code(), "no_sorcery_points");
    let alone = with(&[meta(Metamagic::Empowered)]).target(goblin("Gob"));
    allowed(&c, &fire_bolt(), &alone);
}

#[test]
fn metamagic_empowered_by_the_lowest_rule_rerolls_dice_above_average_too() {
    // The player's stated rule: the lowest dice whatever they show. Eight
    // 4s on d6 (above 3.5): the default rule keeps them all, `Lowest`
    // rerolls three (Charisma +3) into 1s.
    let dice = [4, 4, 4, 4, 4, 4, 4, 4, 1];
    let mut c = sorcerer(5, &[Metamagic::Empowered]);
    let below = with(&[meta(Metamagic::Empowered)]).target(goblin("Gob"));
    let out = cast_ok(&mut c, &fireball(), &below, &mut Scripted::new(&dice));
    assert_eq!(out.resolution.targets[0].damage_total, 32);
    c.apply_all(&c.end_turn().events);
    let lowest = MetamagicUse {
        reroll: Reroll::Lowest,
        ..meta(Metamagic::Empowered)
    };
    let req = with(&[lowest]).target(goblin("Gob"));
    let out = cast_ok(&mut c, &fireball(), &req, &mut Scripted::new(&dice));
    assert_eq!(
        out.resolution.rolls[0].dice.as_slice(),
        [1, 1, 1, 4, 4, 4, 4, 4]
    );
    assert_eq!(out.resolution.targets[0].damage_total, 5 * 4 + 3);
}

#[test]
fn metamagic_quickened_slot_spell_still_counts_as_the_turns_slot_r10() {
    // The Bonus Action does not hide the slot: R10 sees it spent, and the
    // Action left over may take only a cantrip.
    let mut c = sorcerer(5, &[Metamagic::Quickened]);
    let quick = with(&[meta(Metamagic::Quickened)]).target(goblin("Gob"));
    let out = cast_ok(&mut c, &magic_missile(), &quick, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.action, ActionKind::BonusAction);
    assert_eq!(out.resolution.slot.unwrap().level.get(), 1);
    assert!(c.turn().slot_spent, "R10 counts the Quickened spell's slot");
    assert!(c.turn().available(ActionKind::Action));
    let plain = CastRequest::new().target(goblin("Gob"));
    cast_ok(&mut c, &fire_bolt(), &plain, &mut Scripted::new(&[15, 5]));
}
