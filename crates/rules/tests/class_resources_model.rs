//! Property test: no sequence of Font of Magic conversions, spent points,
//! casts, Innate Sorcery, Magical Cunning and rests creates Sorcery Points
//! or spell slots from nothing. Every step is checked against a model of
//! SRD 5.2 written here from the text, independently of the rules crate:
//! the model says whether a step is allowed and what the caster has after
//! it, and the caster must agree on both; the log replays to the same caster.

mod support;

use grimoire_rules::*;
use proptest::prelude::*;
use support::*;

#[derive(Debug, Clone)]
enum Op {
    ToPoints { level: u8, pact: bool },
    Create { level: u8 },
    Spend { points: u8 },
    Cast { level: u8, pact: bool },
    EndTurn,
    Wait { rounds: u64 },
    Innate,
    Cunning,
    ShortRest { arcane: Vec<u8>, restoration: bool },
    LongRest,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (1u8..=9, proptest::bool::weighted(0.2)).prop_map(|(level, pact)| Op::ToPoints { level, pact }),
        3 => (1u8..=7).prop_map(|level| Op::Create { level }),
        1 => (1u8..=4).prop_map(|points| Op::Spend { points }),
        3 => (1u8..=9, proptest::bool::weighted(0.2)).prop_map(|(level, pact)| Op::Cast { level, pact }),
        3 => Just(Op::EndTurn),
        1 => (0u64..=12).prop_map(|rounds| Op::Wait { rounds }),
        1 => Just(Op::Innate),
        1 => Just(Op::Cunning),
        2 => (proptest::collection::vec(1u8..=7, 0..3), any::<bool>())
            .prop_map(|(arcane, restoration)| Op::ShortRest { arcane, restoration }),
        1 => Just(Op::LongRest),
    ]
}

fn classes() -> impl Strategy<Value = Vec<(Class, u8)>> {
    prop_oneof![
        (1u8..=20).prop_map(|l| vec![(Class::Sorcerer, l)]),
        (1u8..=20).prop_map(|l| vec![(Class::Wizard, l)]),
        (1u8..=10, 1u8..=10).prop_map(|(s, w)| vec![(Class::Sorcerer, s), (Class::Warlock, w)]),
        (1u8..=10, 1u8..=10).prop_map(|(s, w)| vec![(Class::Sorcerer, s), (Class::Wizard, w)]),
        (1u8..=20).prop_map(|l| vec![(Class::Warlock, l)]),
        (1u8..=10, 1u8..=10).prop_map(|(k, w)| vec![(Class::Warlock, k), (Class::Wizard, w)]),
    ]
}

/// The model: what SRD 5.2 says a caster has, kept by plain counting.
#[derive(Debug, Clone, PartialEq)]
struct Model {
    sorcerer: u8,
    wizard: u8,
    warlock: u8,
    totals: [u8; 9],
    remaining: [u8; 9],
    created: [u8; 9],
    pact_level: u8,
    pact_total: u8,
    pact_left: u8,
    points: u8,
    restoration_used: bool,
    arcane_used: bool,
    cunning_used: bool,
    innate_spent: u8,
    innate_until: u64,
    now: u64,
    action_used: bool,
    bonus_used: bool,
    slot_spent: bool,
}

/// Creating Spell Slots, SRD 5.2: (cost, Sorcerer level) by slot level 1–5.
const CREATE: [(u8, u8); 5] = [(2, 2), (3, 3), (5, 5), (6, 7), (7, 9)];

impl Model {
    fn new(c: &Caster) -> Model {
        let level = |class| c.class_level(class);
        let (pact_total, pact_level) = c
            .pact_slots()
            .map_or((0, 0), |p| (p.total(), p.level().get()));
        let sorcerer = level(Class::Sorcerer);
        Model {
            sorcerer,
            wizard: level(Class::Wizard),
            warlock: level(Class::Warlock),
            totals: c.slots().totals(),
            remaining: c.slots().totals(),
            created: [0; 9],
            pact_level,
            pact_total,
            pact_left: pact_total,
            points: if sorcerer >= 2 { sorcerer } else { 0 },
            restoration_used: false,
            arcane_used: false,
            cunning_used: false,
            innate_spent: 0,
            innate_until: 0,
            now: c.now(),
            action_used: false,
            bonus_used: false,
            slot_spent: false,
        }
    }

    fn max_points(&self) -> u8 {
        if self.sorcerer >= 2 { self.sorcerer } else { 0 }
    }

    fn pass(&mut self, rounds: u64) {
        self.now += rounds;
        if rounds > 0 {
            self.action_used = false;
            self.bonus_used = false;
            self.slot_spent = false;
        }
    }

    /// Applies `op` when the text allows it; returns whether it did.
    fn step(&mut self, op: &Op) -> bool {
        let i = |level: u8| usize::from(level - 1);
        match op {
            Op::ToPoints { level, pact } => {
                let has = if *pact {
                    self.pact_level == *level && self.pact_left > 0
                } else {
                    self.remaining[i(*level)] + self.created[i(*level)] > 0
                };
                if self.sorcerer < 2 || !has || self.points + level > self.max_points() {
                    return false;
                }
                if *pact {
                    self.pact_left -= 1;
                } else if self.created[i(*level)] > 0 {
                    self.created[i(*level)] -= 1;
                } else {
                    self.remaining[i(*level)] -= 1;
                }
                self.points += level;
            }
            Op::Create { level } => {
                let Some(&(cost, needed)) = CREATE.get(usize::from(*level) - 1) else {
                    return false;
                };
                if self.sorcerer < 2.max(needed) || self.points < cost || self.bonus_used {
                    return false;
                }
                self.points -= cost;
                self.created[i(*level)] += 1;
                self.bonus_used = true;
            }
            Op::Spend { points } => {
                if self.sorcerer < 2 || self.points < *points {
                    return false;
                }
                self.points -= points;
            }
            Op::Cast { level, pact } => {
                let has = if *pact {
                    self.pact_level == *level && self.pact_left > 0
                } else {
                    self.remaining[i(*level)] + self.created[i(*level)] > 0
                };
                // Magic Missile is a Sorcerer and Wizard spell.
                let knows = self.sorcerer > 0 || self.wizard > 0;
                if !knows || !has || self.action_used || self.slot_spent {
                    return false;
                }
                if *pact {
                    self.pact_left -= 1;
                } else if self.created[i(*level)] > 0 {
                    self.created[i(*level)] -= 1;
                } else {
                    self.remaining[i(*level)] -= 1;
                }
                self.action_used = true;
                self.slot_spent = true;
            }
            Op::EndTurn => {
                self.action_used = false;
                self.bonus_used = false;
                self.slot_spent = false;
            }
            Op::Wait { rounds } => self.pass(*rounds),
            Op::Innate => {
                let active = self.now < self.innate_until;
                let use_left = self.innate_spent < 2;
                let incarnate = self.sorcerer >= 7 && self.points >= 2;
                if self.sorcerer == 0 || active || self.bonus_used || !(use_left || incarnate) {
                    return false;
                }
                if use_left {
                    self.innate_spent += 1;
                } else {
                    self.points -= 2;
                }
                self.innate_until = self.now + 10;
                self.bonus_used = true;
            }
            Op::Cunning => {
                let back = (self.pact_total - self.pact_left).min(self.pact_total.div_ceil(2));
                if self.warlock < 2 || self.cunning_used || back == 0 {
                    return false;
                }
                self.pass(10);
                self.pact_left += back;
                self.cunning_used = true;
            }
            Op::ShortRest {
                arcane,
                restoration,
            } => {
                let mut after = self.clone();
                after.pass(600);
                after.pact_left = after.pact_total;
                if !arcane.is_empty() {
                    let sum: u32 = arcane.iter().map(|l| u32::from(*l)).sum();
                    let fits = (1..=9u8).all(|l| {
                        let asked = arcane.iter().filter(|a| **a == l).count();
                        asked <= usize::from(after.totals[i(l)] - after.remaining[i(l)])
                    });
                    if after.wizard == 0
                        || after.arcane_used
                        || arcane.iter().any(|l| *l > 5)
                        || sum > u32::from(after.wizard.div_ceil(2))
                        || !fits
                    {
                        return false;
                    }
                    for l in arcane {
                        after.remaining[i(*l)] += 1;
                    }
                    after.arcane_used = true;
                }
                if *restoration {
                    let spent = after.max_points() - after.points;
                    let back = spent.min(after.sorcerer / 2);
                    if after.sorcerer < 5 || after.restoration_used || back == 0 {
                        return false;
                    }
                    after.points += back;
                    after.restoration_used = true;
                }
                *self = after;
            }
            Op::LongRest => {
                self.pass(4800);
                self.remaining = self.totals;
                self.created = [0; 9];
                self.pact_left = self.pact_total;
                self.points = self.max_points();
                self.restoration_used = false;
                self.arcane_used = false;
                self.cunning_used = false;
                self.innate_spent = 0;
                self.innate_until = 0;
            }
        }
        true
    }

    /// Fails unless `c` has what the model says.
    fn check(&self, c: &Caster, after: &Op) -> Result<(), TestCaseError> {
        prop_assert_eq!(c.sorcery_points(), self.points, "points after {:?}", after);
        prop_assert!(c.sorcery_points() <= c.sorcery_points_max());
        for level in SlotLevel::ALL {
            let i = usize::from(level.get() - 1);
            prop_assert_eq!(
                c.slots().remaining(level),
                self.remaining[i],
                "{:?} {:?}",
                level,
                after
            );
            prop_assert_eq!(
                c.slots().created(level),
                self.created[i],
                "{:?} {:?}",
                level,
                after
            );
            prop_assert!(c.slots().remaining(level) <= c.slots().total(level));
        }
        prop_assert_eq!(
            c.pact_slots().map_or(0, PactSlots::remaining),
            self.pact_left
        );
        let uses = if self.sorcerer > 0 {
            2 - self.innate_spent
        } else {
            0
        };
        prop_assert_eq!(c.innate_sorcery_uses(), uses);
        prop_assert_eq!(c.innate_sorcery_active(), self.now < self.innate_until);
        prop_assert_eq!(c.now(), self.now);
        Ok(())
    }
}

/// Runs `op` on the caster; returns its events, or `None` when refused
/// (and then the caster must be as it was).
fn run(c: &Caster, op: &Op) -> Option<Vec<Event>> {
    let slot = |l: u8| SlotLevel::new(l).unwrap();
    let out = match op {
        Op::ToPoints { level, pact } => c.slot_to_points(slot(*level), *pact),
        Op::Create { level } => c.create_slot(slot(*level)),
        Op::Spend { points } => c.spend_sorcery_points(*points, ClassFeature::Metamagic, "test"),
        Op::Cast { level, pact } => {
            let req = CastRequest {
                slot_kind: if *pact {
                    SlotKind::Pact
                } else {
                    SlotKind::Regular
                },
                ..CastRequest::new().at_slot(slot(*level))
            };
            cast(c, &magic_missile(), &req, &mut Scripted::new(&[1])).map(|o| Outcome {
                events: o.events,
                notes: Vec::new(),
            })
        }
        Op::EndTurn => Ok(c.end_turn()),
        Op::Wait { rounds } => Ok(c.wait(*rounds)),
        Op::Innate => c.start_innate_sorcery(),
        Op::Cunning => c.magical_cunning(),
        Op::ShortRest {
            arcane,
            restoration,
        } => c.short_rest_with(&ShortRestChoices {
            arcane_recovery: arcane.iter().map(|l| slot(*l)).collect(),
            sorcerous_restoration: *restoration,
            ..ShortRestChoices::default()
        }),
        Op::LongRest => Ok(c.long_rest()),
    };
    out.ok().map(|o| o.events)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_sequence_of_conversions_and_rests_creates_points_or_slots_from_nothing(
        classes in classes(),
        ops in proptest::collection::vec(op(), 1..60),
    ) {
        let start = caster(&classes);
        let mut c = start.clone();
        let mut model = Model::new(&c);
        let mut log = Vec::new();
        for op in &ops {
            let allowed = model.step(op);
            match run(&c, op) {
                Some(events) => {
                    prop_assert!(allowed, "the rules allowed {:?}; the text does not", op);
                    c.apply_all(&events);
                    log.extend(events);
                }
                None => prop_assert!(!allowed, "the rules refused {:?}; the text allows it", op),
            }
            model.check(&c, op)?;
        }
        prop_assert_eq!(start.replay(&log), c);
    }
}
