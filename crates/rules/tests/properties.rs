//! Property tests: slots stay within bounds, rests restore exactly what the
//! rules say, refusals change nothing, and replaying events rebuilds state.

mod support;

use grimoire_dice::SeededRng;
use grimoire_rules::*;
use proptest::prelude::*;
use support::*;

#[derive(Debug, Clone)]
enum Op {
    Cast {
        spell: usize,
        slot: Option<u8>,
        targets: usize,
        ritual: bool,
    },
    EndTurn,
    ShortRest,
    LongRest,
    Advance(u64),
    Damage(u32),
    AddCondition(usize),
    RemoveCondition(usize),
    DismissFirst,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0..all_spells().len(), proptest::option::of(0u8..=10), 0usize..4, proptest::bool::weighted(0.1))
            .prop_map(|(spell, slot, targets, ritual)| Op::Cast { spell, slot, targets, ritual }),
        3 => Just(Op::EndTurn),
        1 => Just(Op::ShortRest),
        1 => Just(Op::LongRest),
        1 => (0u64..30).prop_map(Op::Advance),
        1 => (0u32..60).prop_map(Op::Damage),
        1 => (0..Condition::ALL.len()).prop_map(Op::AddCondition),
        1 => (0..Condition::ALL.len()).prop_map(Op::RemoveCondition),
        1 => Just(Op::DismissFirst),
    ]
}

fn classes() -> impl Strategy<Value = Vec<(Class, u8)>> {
    prop_oneof![
        (1u8..=20).prop_map(|l| vec![(Class::Wizard, l)]),
        (1u8..=20).prop_map(|l| vec![(Class::Cleric, l)]),
        (1u8..=20).prop_map(|l| vec![(Class::Warlock, l)]),
        (1u8..=20).prop_map(|l| vec![(Class::Paladin, l)]),
        (1u8..=10, 1u8..=10).prop_map(|(a, b)| vec![(Class::Wizard, a), (Class::Warlock, b)]),
        (1u8..=10, 1u8..=10).prop_map(|(a, b)| vec![(Class::Sorcerer, a), (Class::Ranger, b)]),
    ]
}

/// Runs one op: returns its events (empty on a refusal) and whether it was refused.
fn step(c: &Caster, op: &Op, rng: &mut SeededRng) -> (Vec<Event>, bool) {
    let spells = all_spells();
    match op {
        Op::Cast {
            spell,
            slot,
            targets,
            ritual,
        } => {
            let spell = &spells[*spell];
            let mut req = CastRequest::new();
            req.slot = slot.and_then(|s| SlotLevel::new(s).ok());
            if *ritual {
                req.mode = CastMode::Ritual;
            }
            if let CastingTime::Reaction { .. } | CastingTime::BonusAction { trigger: Some(_) } =
                spell.casting_time
            {
                req.trigger = Some("it happened".into());
            }
            for i in 0..*targets {
                req.targets.push(
                    Target::named(format!("T{i}"))
                        .with_save(Ability::Dexterity, 1)
                        .with_ac(12),
                );
            }
            let state = rng.state();
            match cast(c, spell, &req, rng) {
                Ok(out) => (out.events, false),
                Err(_) => {
                    assert_eq!(rng.state(), state, "a refused cast rolls no dice");
                    (Vec::new(), true)
                }
            }
        }
        Op::EndTurn => (c.end_turn().events, false),
        Op::ShortRest => (c.short_rest().events, false),
        Op::LongRest => (c.long_rest().events, false),
        Op::Advance(r) => (c.advance_rounds(*r).events, false),
        Op::Damage(d) => (c.take_damage(*d, rng).events, false),
        Op::AddCondition(i) => (c.add_condition(Condition::ALL[*i]).events, false),
        Op::RemoveCondition(i) => (c.remove_condition(Condition::ALL[*i]).events, false),
        Op::DismissFirst => match c.ongoing().first().map(|o| c.dismiss(o.id)) {
            Some(Ok(out)) => (out.events, false),
            Some(Err(_)) => (Vec::new(), true),
            None => (Vec::new(), false),
        },
    }
}

fn assert_slots_bounded(c: &Caster) {
    for level in SlotLevel::ALL {
        assert!(c.slots().remaining(level) <= c.slots().total(level));
    }
    if let Some(p) = c.pact_slots() {
        assert!(p.remaining() <= p.total());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn slots_never_below_zero_or_above_total(classes in classes(), ops in proptest::collection::vec(op(), 1..60), seed in any::<u64>()) {
        let mut c = caster(&classes);
        let mut rng = SeededRng::new(seed);
        for op in &ops {
            let (events, _) = step(&c, op, &mut rng);
            let spent = events.iter().filter(|e| matches!(e, Event::SlotExpended { .. })).count();
            prop_assert!(spent <= 1, "at most one slot per action");
            c.apply_all(&events);
            assert_slots_bounded(&c);
        }
    }

    #[test]
    fn rests_restore_exactly_what_the_rules_say(classes in classes(), ops in proptest::collection::vec(op(), 1..40), seed in any::<u64>()) {
        let mut c = caster(&classes);
        let mut rng = SeededRng::new(seed);
        for op in &ops {
            let (events, _) = step(&c, op, &mut rng);
            c.apply_all(&events);
        }
        // Short Rest: pact slots come back, regular slots stay as they were.
        let before = c.slots().clone();
        let short = applied(c.clone(), &c.short_rest().events);
        prop_assert_eq!(short.slots(), &before);
        if let Some(p) = short.pact_slots() {
            prop_assert_eq!(p.remaining(), p.total());
        }
        // Long Rest: everything comes back (R4).
        let long = applied(c.clone(), &c.long_rest().events);
        prop_assert!(long.slots().is_full());
        prop_assert!(long.arcanum().iter().all(|a| !a.used));
        prop_assert!(long.features().iter().all(|f| f.remaining() == f.max_uses));
        prop_assert_eq!(long.slots().totals(), c.slots().totals());
    }

    #[test]
    fn refused_actions_change_nothing_and_replay_rebuilds_state(classes in classes(), ops in proptest::collection::vec(op(), 1..60), seed in any::<u64>()) {
        let base = caster(&classes);
        let mut c = base.clone();
        let mut log = Vec::new();
        let mut rng = SeededRng::new(seed);
        for op in &ops {
            let (events, refused) = step(&c, op, &mut rng);
            if refused {
                prop_assert!(events.is_empty());
            }
            c.apply_all(&events);
            log.extend(events);
        }
        let replayed = base.clone().replay(&log);
        prop_assert_eq!(&replayed, &c);
        // The log survives serialization, as storage keeps it.
        let json = serde_json::to_string(&log).unwrap();
        let back: Vec<Event> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(base.replay(&back), c);
    }
}

#[test]
fn caster_and_spells_round_trip_through_serde() {
    let mut w = wizard(5);
    cast_ok(
        &mut w,
        &mage_armor(),
        &CastRequest::new().target(Target::caster("Caster")),
        &mut SeededRng::new(1),
    );
    let json = serde_json::to_string(&w).unwrap();
    let back: Caster = serde_json::from_str(&json).unwrap();
    assert_eq!(back, w);
    for spell in all_spells() {
        let json = serde_json::to_string(&spell).unwrap();
        let back: Spell = serde_json::from_str(&json).unwrap();
        assert_eq!(back, spell);
    }
    assert!(serde_json::from_str::<SpellLevel>("10").is_err());
    assert!(serde_json::from_str::<SpellId>("\"Not A Slug\"").is_err());
}

#[test]
fn long_casting_events_round_trip_through_serde() {
    let mut w = wizard(3);
    let out = cast_ok(
        &mut w,
        &detect_magic(),
        &CastRequest::new().as_ritual(),
        &mut SeededRng::new(1),
    );
    let json = serde_json::to_string(&out.events).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, out.events);
    assert!(json.contains("\"event\":\"long_cast_started\""));
    let json = serde_json::to_string(&w).unwrap();
    assert_eq!(serde_json::from_str::<Caster>(&json).unwrap(), w);
}
