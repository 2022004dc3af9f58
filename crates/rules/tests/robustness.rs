//! Arbitrary spells and requests never make the engine panic, and whatever
//! it accepts replays to the same state.

mod support;

use grimoire_dice::SeededRng;
use grimoire_rules::*;
use proptest::prelude::*;
use support::*;

fn dice() -> impl Strategy<Value = DiceFormula> {
    (0u32..40, 0u32..21, -10i32..10).prop_map(|(count, sides, bonus)| DiceFormula {
        count,
        sides,
        bonus,
    })
}

fn casting_time() -> impl Strategy<Value = CastingTime> {
    prop_oneof![
        Just(CastingTime::Action),
        proptest::option::of(Just("an ally falls".to_string()))
            .prop_map(|trigger| CastingTime::BonusAction { trigger }),
        Just(CastingTime::Reaction {
            trigger: "you are hit".into()
        }),
        (0u32..3).prop_map(CastingTime::Minutes),
        (0u32..2).prop_map(CastingTime::Hours),
    ]
}

fn duration() -> impl Strategy<Value = Duration> {
    prop_oneof![
        Just(Duration::Instantaneous),
        (0u32..20).prop_map(|n| Duration::Timed(TimeSpan::rounds_of(n))),
        (0u32..20).prop_map(|n| Duration::Concentration {
            up_to: TimeSpan::minutes(n)
        }),
        Just(Duration::UntilDispelled),
        Just(Duration::Special),
    ]
}

fn range() -> impl Strategy<Value = Range> {
    prop_oneof![
        Just(Range::Self_),
        Just(Range::Touch),
        (0u32..300).prop_map(Range::Feet),
        (0u32..5).prop_map(Range::Miles),
        Just(Range::Sight),
        Just(Range::Unlimited),
        Just(Range::Special),
    ]
}

fn delivery() -> impl Strategy<Value = Delivery> {
    prop_oneof![
        Just(Delivery::Automatic),
        Just(Delivery::Attack(AttackKind::Ranged)),
        (0..6usize, any::<bool>()).prop_map(|(a, half)| Delivery::Save {
            ability: Ability::ALL[a],
            on_success: if half { OnSave::Half } else { OnSave::None },
        }),
    ]
}

/// Damage choices, per-part growth, hostile-only, penalty, second casting
/// time, wall: boxed so the spell strategy stays small on the stack.
type Extras = (
    Vec<usize>,
    Option<DiceFormula>,
    bool,
    bool,
    Option<CastingTime>,
    bool,
);

fn spell_extras() -> BoxedStrategy<Extras> {
    (
        proptest::collection::vec(0..13usize, 0..3),
        proptest::option::of(dice()),
        proptest::bool::weighted(0.2),
        any::<bool>(),
        proptest::option::weighted(0.2, casting_time()),
        proptest::bool::weighted(0.2),
    )
        .boxed()
}

fn request_extras() -> BoxedStrategy<(Option<usize>, bool, Option<DiceFormula>)> {
    (
        proptest::option::weighted(0.3, 0..13usize),
        proptest::bool::weighted(0.2),
        proptest::option::weighted(0.2, dice()),
    )
        .boxed()
}

prop_compose! {
    fn spell()(
        level in 0u8..=9,
        casting_time in casting_time(),
        ritual in any::<bool>(),
        range in range(),
        area in proptest::option::of((0u32..100).prop_map(|size_ft| Area { shape: AreaShape::Sphere, size_ft, secondary_ft: None, thickness_in: None, })),
        verbal in any::<bool>(),
        somatic in any::<bool>(),
        material in proptest::option::of((proptest::option::of(0u32..500), any::<bool>())),
        duration in duration(),
        max_targets in proptest::option::of(0u32..4),
        not_self in any::<bool>(),
        delivery in delivery(),
        instances in 0u32..12,
        damage in proptest::collection::vec((dice(), 0..13usize, any::<bool>()), 0..3),
        healing in proptest::option::of((dice(), any::<bool>())),
        conditions in proptest::collection::vec(0..15usize, 0..2),
        bonus in proptest::option::of(dice()),
        extra_dice in proptest::option::of(dice()),
        extra_instances in 0u32..3,
        extra_targets in 0u32..3,
        scaling in 0..3usize,
        extras in spell_extras(),
    ) -> Spell {
        let (choices, per_slot, hostile_only, penalty, alternative_time, wall) = extras;
        let mut s = Spell::new(id("random"), "Random", lvl(level), School::Evocation);
        s.classes = Class::ALL.to_vec();
        s.casting_time = casting_time;
        s.ritual = ritual;
        s.range = range;
        s.area = area;
        s.components = Components {
            verbal,
            somatic,
            material: material.map(|(cost_gp, consumed)| Material { text: "a pinch of dust".into(), cost_gp, consumed }),
        };
        s.duration = duration;
        s.targeting = Targeting { max_targets, not_self, unaffected_types: vec!["undead".into()], affected_types: Vec::new(), hostile_only, on_creature_hit: false, moves_to_new_target: false };
        s.alternative_casting_time = alternative_time;
        if wall && let Some(a) = s.area.as_mut() {
            *a = Area::wall(a.size_ft, 10, Some(12));
        }
        s.effect = Effect {
            delivery,
            instances,
            damage: damage.into_iter().map(|(dice, t, add_modifier)| Damage { dice, damage_type: DamageType::ALL[t], add_modifier, alternative_types: Vec::new(), per_slot: None, only_against: Vec::new(), }).collect(),
            healing: healing.map(|(dice, add_modifier)| Healing { dice, add_modifier, per_slot: None, }),
            conditions: conditions.into_iter().map(|c| Condition::ALL[c]).collect(),
            bonuses: bonus.map(|d| Bonus { applies_to: BonusTarget::SavingThrows, amount: if penalty { BonusAmount::Penalty(d) } else { BonusAmount::Dice(d) }, per_slot: 1, }).into_iter().collect(),
            upcast: Upcast { extra_dice, extra_instances, extra_targets },
            cantrip_scaling: [CantripScaling::None, CantripScaling::Dice, CantripScaling::Instances][scaling],
            rider: Vec::new(),
            each_turn: Vec::new(),
            on_cast: true,
            attacked_with_advantage: false,
        };
        if let Some(first) = s.effect.damage.first_mut() {
            first.alternative_types = choices.into_iter().map(|t| DamageType::ALL[t]).collect();
            first.per_slot = per_slot;
        }
        s
    }
}

prop_compose! {
    fn target()(
        name in "[A-Z][a-z]{0,6}",
        is_self in proptest::bool::weighted(0.2),
        total_cover in proptest::bool::weighted(0.1),
        distance in proptest::option::of(0u64..400),
        undead in proptest::bool::weighted(0.2),
        invalid in proptest::bool::weighted(0.1),
        friendly in proptest::bool::weighted(0.2),
        stats in proptest::option::of((proptest::option::of(0i32..30), -5i32..15, proptest::option::of(-20i32..200), 0..4usize)),
    ) -> Target {
        let mut t = Target::named(name);
        t.is_self = is_self;
        t.total_cover = total_cover;
        t.distance_ft = distance;
        t.invalid = invalid;
        t.friendly = friendly;
        if undead {
            t = t.of_type("undead");
        }
        if let Some((ac, save, hp, defense)) = stats {
            t = t.with_save(Ability::Dexterity, save).with_save(Ability::Wisdom, save);
            if let Some(ac) = ac {
                t = t.with_ac(ac);
            }
            if let Some(hp) = hp {
                t = t.with_hp(hp);
            }
            let d = [Defense::Normal, Defense::Resistant, Defense::Vulnerable, Defense::Immune][defense];
            t = t.with_defense(DamageType::Fire, d).with_defense(DamageType::Force, d);
        }
        t
    }
}

prop_compose! {
    fn request()(
        mode in 0..7usize,
        slot in proptest::option::weighted(0.3, 1u8..=9),
        action in proptest::option::weighted(0.2, 0..3usize),
        trigger in proptest::option::weighted(0.8, "[a-z ]{0,8}"),
        targets in proptest::collection::vec(target(), 0..5),
        roll_mode in 0..3usize,
        off_turn in any::<bool>(),
        extras in request_extras(),
        relaxed in proptest::collection::vec(0..3usize, 0..3),
        shaping in shaping(),
    ) -> CastRequest {
        let (metamagic, sculpt, overchannel) = shaping;
        let (damage_type, alternative_time, on_hit) = extras;
        CastRequest {
            mode: match mode {
                0..=3 => CastMode::Slot,
                4 => CastMode::Ritual,
                5 => CastMode::Feature("Gift".into()),
                _ => CastMode::Item("Wand".into()),
            },
            slot: slot.map(|s| SlotLevel::new(s).unwrap()),
            slot_kind: SlotKind::Any,
            class: None,
            action: action.map(|a| [ActionKind::Action, ActionKind::BonusAction, ActionKind::Reaction][a]),
            trigger,
            targets,
            roll_mode: [RollMode::Normal, RollMode::Advantage, RollMode::Disadvantage][roll_mode],
            off_turn,
            attack_bonuses: Vec::new(),
            damage_type: damage_type.map(|t| DamageType::ALL[t]),
            alternative_time,
            on_hit_damage: on_hit.map(|d| Damage::new(d, DamageType::Necrotic)).into_iter().collect(),
            house_rules: HouseRules::relaxing(relaxed.into_iter().map(|r| Relaxable::ALL[r])),
            critical_hit: false,
            attacker_conditions: Vec::new(),
            prices: None,
            metamagic,
            sculpt,
            overchannel,
        }
    }
}

prop_compose! {
    /// Metamagic (any options, any choices, known or not), Sculpt Spells'
    /// names and Overchannel: whatever a client sends.
    fn shaping()(
        options in proptest::collection::vec(
            (0..10usize, proptest::collection::vec("[A-Za-z]{0,4}", 0..4), proptest::option::of(0..13usize), any::<bool>()),
            0..4,
        ),
        sculpt in proptest::collection::vec("[A-Za-z]{0,4}", 0..3),
        overchannel in any::<bool>(),
    ) -> (Vec<MetamagicUse>, Vec<String>, bool) {
        let metamagic = options
            .into_iter()
            .map(|(o, creatures, damage, lowest)| MetamagicUse {
                option: Metamagic::ALL[o],
                creatures,
                damage_type: damage.map(|t| DamageType::ALL[t]),
                reroll: if lowest { Reroll::Lowest } else { Reroll::BelowAverage },
            })
            .collect();
        (metamagic, sculpt, overchannel)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_casts_never_panic_and_replay(level in 1u8..=20, spell in spell(), req in request(), seed in any::<u64>()) {
        // Odd levels: a Warlock/Wizard; even: an Evoker 14 and Sorcerer 5
        // who knows every Metamagic option, so reshaped casts are tried too.
        let mut c = if level % 2 == 1 {
            caster(&[(Class::Warlock, level.min(10)), (Class::Wizard, (20 - level).clamp(1, 10))])
        } else {
            let mut c = caster(&[(Class::Warlock, 1), (Class::Wizard, 14), (Class::Sorcerer, 5)]);
            let pick = |kind, id: &str, class| Event::FeaturePicked {
                pick: Pick { kind, id: id.into(), name: id.into(), class: Some(class), variant: None, spells: Vec::new(), lists: Vec::new() },
            };
            c.apply_all(&[pick(FeatureKind::Subclass, "evoker", Class::Wizard)]);
            for m in Metamagic::ALL {
                c.apply_all(&[pick(FeatureKind::Metamagic, m.id(), Class::Sorcerer)]);
            }
            c
        };
        let class = c.classes()[0].0;
        let extra = ExtraSpell { spell: spell.id.clone(), class, always_prepared: true };
        c.apply_all(&c.add_extra_spell(extra).unwrap().events);
        c.apply_all(&c.add_feature(LimitedUse::new("Gift", vec![spell.id.clone()], 1, Recharge::LongRest)).events);
        c.apply_all(&c.add_item(MagicItem::charged("Wand", vec![spell.id.clone()], 3, Recharge::Never)).events);
        let mut eq = c.equipment().clone();
        eq.materials.push("a pinch of dust".into());
        c.apply_all(&c.set_equipment(eq).events);
        let mut rng = SeededRng::new(seed);
        if let Ok(out) = cast(&c, &spell, &req, &mut rng) {
            let next = c.clone().replay(&out.events);
            prop_assert_eq!(next.slots().totals(), c.slots().totals());
            for t in &out.resolution.targets {
                prop_assert!(t.damage.iter().all(|d| d.taken <= d.rolled.saturating_mul(2)));
            }
            // Whatever follows keeps working too.
            let later = next.advance_rounds(200);
            let later = next.clone().replay(&later.events);
            let _ = complete_casting(&later, &spell, &mut rng);
            let _ = later.take_damage(50, &mut rng);
        }
    }
}
