//! Invariants under random play (issue #7): any sequence of casts, rests,
//! damage, conditions and time leaves a caster whose slots stay within
//! `0..=max`, who concentrates on at most one thing (and on nothing while
//! Incapacitated), whose expired effects are gone, who never spends two slots
//! in one turn (R10), and whom a refused action leaves exactly as it was.

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
        reaction: bool,
    },
    Complete(usize),
    Continue,
    Abandon,
    DropConcentration,
    EndTurn,
    StartTurn,
    ShortRest,
    LongRest,
    Advance(u64),
    Damage(u32),
    AddCondition(usize),
    RemoveCondition(usize),
    Dismiss(usize),
    Unprepare(usize),
    Prepare(usize),
    Silence(bool, bool),
}

fn op() -> impl Strategy<Value = Op> {
    let n = all_spells().len();
    prop_oneof![
        12 => (0..n, proptest::option::of(0u8..=10), 0usize..4, proptest::bool::weighted(0.15), proptest::bool::weighted(0.1))
            .prop_map(|(spell, slot, targets, ritual, reaction)| Op::Cast { spell, slot, targets, ritual, reaction }),
        1 => (0..n).prop_map(Op::Complete),
        1 => Just(Op::Continue),
        1 => Just(Op::Abandon),
        1 => Just(Op::DropConcentration),
        3 => Just(Op::EndTurn),
        1 => Just(Op::StartTurn),
        1 => Just(Op::ShortRest),
        1 => Just(Op::LongRest),
        // Up to a day and a half, so minute, hour and 8-hour durations all run out.
        2 => prop_oneof![0u64..12, 0u64..1_200, 0u64..16_000].prop_map(Op::Advance),
        2 => prop_oneof![0u32..30, Just(u32::MAX), 0u32..10_000].prop_map(Op::Damage),
        1 => (0..Condition::ALL.len()).prop_map(Op::AddCondition),
        3 => (0..Condition::ALL.len()).prop_map(Op::RemoveCondition),
        1 => (0usize..4).prop_map(Op::Dismiss),
        1 => (0..n).prop_map(Op::Unprepare),
        1 => (0..n).prop_map(Op::Prepare),
        1 => (any::<bool>(), any::<bool>()).prop_map(|(a, b)| Op::Silence(a, b)),
    ]
}

fn classes() -> impl Strategy<Value = Vec<(Class, u8)>> {
    let caster_class = prop_oneof![
        Just(Class::Bard),
        Just(Class::Cleric),
        Just(Class::Druid),
        Just(Class::Sorcerer),
        Just(Class::Wizard),
        Just(Class::Paladin),
        Just(Class::Ranger),
        Just(Class::Warlock),
    ];
    prop_oneof![
        (caster_class.clone(), 1u8..=20).prop_map(|(c, l)| vec![(c, l)]),
        (caster_class.clone(), 1u8..=10, caster_class, 1u8..=10)
            .prop_filter_map("two different classes", |(a, la, b, lb)| (a != b)
                .then(|| vec![(a, la), (b, lb)])),
    ]
}

/// What a step did: its events, or the refusal's code.
type Step = Result<Vec<Event>, &'static str>;

fn request(spell: &Spell, slot: Option<u8>, targets: usize, ritual: bool) -> CastRequest {
    let mut req = CastRequest::new();
    req.slot = slot.and_then(|s| SlotLevel::new(s).ok());
    if ritual {
        req.mode = CastMode::Ritual;
    }
    if let CastingTime::Reaction { .. } | CastingTime::BonusAction { trigger: Some(_) } =
        spell.casting_time
    {
        req.trigger = Some("it happened".into());
    }
    for i in 0..targets {
        req.targets.push(
            Target::named(format!("T{i}"))
                .with_save(Ability::Wisdom, 2)
                .with_ac(13),
        );
    }
    req
}

fn step(c: &Caster, op: &Op, rng: &mut SeededRng) -> Step {
    let spells = all_spells();
    let ok = |o: Outcome| Ok(o.events);
    let res = |r: Result<Outcome, RulesError>| r.map(|o| o.events).map_err(|e| e.code());
    match op {
        Op::Cast {
            spell,
            slot,
            targets,
            ritual,
            reaction,
        } => {
            // Mostly spells the caster can cast, so casts get past the list check.
            let castable: Vec<&Spell> = spells
                .iter()
                .filter(|s| c.is_prepared(&s.id) || c.cantrips().contains(&s.id))
                .collect();
            let spell = match castable.len() {
                n if n > 0 && spell % 5 != 0 => castable[spell % n],
                _ => &spells[*spell],
            };
            let mut req = request(spell, *slot, *targets, *ritual);
            if *reaction {
                // A trigger on a spell that has none, or an action it is not cast with.
                req.trigger = Some("whenever".into());
            }
            cast(c, spell, &req, rng)
                .map(|o| o.events)
                .map_err(|e| e.code())
        }
        Op::Complete(spell) => complete_casting(c, &spells[*spell], rng)
            .map(|o| o.events)
            .map_err(|e| e.code()),
        Op::Continue => res(c.continue_casting()),
        Op::Abandon => res(c.abandon_casting()),
        Op::DropConcentration => res(c.drop_concentration()),
        Op::EndTurn => ok(c.end_turn()),
        Op::StartTurn => ok(c.start_turn()),
        Op::ShortRest => ok(c.short_rest()),
        Op::LongRest => ok(c.long_rest()),
        Op::Advance(r) => ok(c.advance_rounds(*r)),
        Op::Damage(d) => Ok(c.take_damage(*d, rng).events),
        Op::AddCondition(i) => ok(c.add_condition(Condition::ALL[*i])),
        Op::RemoveCondition(i) => ok(c.remove_condition(Condition::ALL[*i])),
        Op::Dismiss(i) => match c.ongoing().get(*i) {
            Some(o) => res(c.dismiss(o.id)),
            None => Ok(Vec::new()),
        },
        Op::Unprepare(i) => ok(c.unprepare(&spells[*i].id)),
        Op::Prepare(i) => res(c.prepare(&spells[*i])),
        Op::Silence(s, m) => ok(c.set_silence(*s, *m)),
    }
}

/// Everything that must hold of any caster at any time.
fn check_state(c: &Caster) -> Result<(), TestCaseError> {
    for level in SlotLevel::ALL {
        prop_assert!(
            c.slots().remaining(level) <= c.slots().total(level),
            "level {level:?}: {} of {} left",
            c.slots().remaining(level),
            c.slots().total(level)
        );
    }
    if let Some(p) = c.pact_slots() {
        prop_assert!(p.remaining() <= p.total());
    }
    let concentrating: Vec<_> = c.ongoing().iter().filter(|o| o.concentration).collect();
    prop_assert!(
        concentrating.len() <= 1,
        "concentrating on {} spells at once",
        concentrating.len()
    );
    match c.concentration() {
        Some(conc) if conc.effect == EffectId::LONG_CAST => {
            prop_assert!(c.long_cast().is_some(), "concentrating on no casting");
            prop_assert!(concentrating.is_empty());
        }
        Some(conc) => {
            prop_assert_eq!(concentrating.len(), 1, "concentration on nothing ongoing");
            prop_assert_eq!(concentrating[0].id, conc.effect);
        }
        None => prop_assert!(concentrating.is_empty(), "ongoing concentration, no owner"),
    }
    if c.is_incapacitated() {
        prop_assert!(
            c.concentration().is_none(),
            "concentrating while incapacitated"
        );
        prop_assert!(c.long_cast().is_none(), "casting while incapacitated");
    }
    for o in c.ongoing() {
        prop_assert!(
            o.expires_at.is_none_or(|t| t > c.now()),
            "{} expired at {:?}, now {}",
            o.name,
            o.expires_at,
            c.now()
        );
    }
    Ok(())
}

fn slots_left(c: &Caster) -> u32 {
    let regular: u32 = c
        .slots()
        .remaining_all()
        .iter()
        .map(|&n| u32::from(n))
        .sum();
    regular + c.pact_slots().map_or(0, |p| u32::from(p.remaining()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_play_never_breaks_an_invariant(
        classes in classes(),
        ops in proptest::collection::vec(op(), 1..80),
        seed in any::<u64>(),
    ) {
        let base = caster(&classes);
        check_state(&base)?;
        let mut c = base.clone();
        let mut log: Vec<Event> = Vec::new();
        let mut rng = SeededRng::new(seed);
        let mut slots_this_turn = 0;
        for op in &ops {
            let before = c.clone();
            let rng_before = rng.state();
            let left_before = slots_left(&c);
            match step(&c, op, &mut rng) {
                Err(code) => {
                    // A refusal is stable, names a code and changes nothing,
                    // not even the dice.
                    prop_assert!(!code.is_empty());
                    prop_assert_eq!(&c, &before);
                    prop_assert_eq!(rng.state(), rng_before, "{:?} refused ({}) but rolled", op, code);
                    let mut again = SeededRng::new(rng_before);
                    prop_assert_eq!(step(&c, op, &mut again).err(), Some(code));
                }
                Ok(events) => {
                    let spent = events.iter().filter(|e| matches!(e, Event::SlotExpended { .. })).count();
                    prop_assert!(spent <= 1, "{:?} spent {} slots", op, spent);
                    for e in &events {
                        match e {
                            Event::SlotExpended { .. } => slots_this_turn += 1,
                            Event::TurnEnded | Event::TurnStarted => slots_this_turn = 0,
                            _ => {}
                        }
                    }
                    prop_assert!(slots_this_turn <= 1, "R10: two slots in one turn after {:?}", op);
                    c.apply_all(&events);
                    log.extend(events);
                    let left = slots_left(&c);
                    match op {
                        Op::Cast { .. } | Op::Complete(_) => {
                            prop_assert!(left + 1 >= left_before, "{:?} spent more than a slot", op)
                        }
                        Op::ShortRest | Op::LongRest => prop_assert!(left >= left_before),
                        _ => prop_assert_eq!(left, left_before, "{:?} changed the slots", op),
                    }
                    if matches!(op, Op::LongRest) {
                        prop_assert!(c.slots().is_full(), "R4: a Long Rest restores every slot");
                    }
                    prop_assert!(c.now() >= before.now(), "time ran backwards");
                }
            }
            check_state(&c)?;
        }
        // The event log alone rebuilds the caster, also after a trip through JSON.
        prop_assert_eq!(&base.clone().replay(&log), &c);
        let json = serde_json::to_string(&log).unwrap();
        let back: Vec<Event> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&base.clone().replay(&back), &c);
        let state: Caster = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        prop_assert_eq!(state, c);
    }
}
