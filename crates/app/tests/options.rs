//! "What can I cast now" never disagrees with a cast (issue 15): for
//! characters of several classes driven through random turns (casts, turn
//! ends, rests, conditions, empty hands), every way `options` lists is a
//! cast the rules accept, and every blocked spell is refused by a cast
//! with the very code `options` gave.

use grimoire_app::options::{Way, options, ways_to_try};
use grimoire_app::{CHARACTER, fit_request_stored};
use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use grimoire_rules::{AbilityScores, Caster, Class, Condition, Equipment, Spell, SpellId, cast};
use grimoire_store::{Change, Entity, Store};
use proptest::prelude::*;

fn lookup(id: &SpellId) -> Option<Spell> {
    Catalog::srd().get(id.as_str()).map(|s| s.spell.clone())
}

fn spell(id: &str) -> Spell {
    Catalog::srd().get(id).unwrap().spell.clone()
}

/// A character of one of four builds, with spells of every kind prepared.
fn build(which: u8) -> Caster {
    let scores = AbilityScores::new([10, 14, 14, 16, 16, 16]).unwrap();
    let (classes, spells): (&[(Class, u8)], &[&str]) = match which % 4 {
        0 => (
            &[(Class::Wizard, 5)],
            &[
                "fire-bolt",
                "magic-missile",
                "shield",
                "detect-magic",
                "fireball",
                "counterspell",
                "identify",
            ],
        ),
        1 => (
            &[(Class::Cleric, 5)],
            &[
                "sacred-flame",
                "bless",
                "cure-wounds",
                "spiritual-weapon",
                "spirit-guardians",
                "revivify",
            ],
        ),
        2 => (
            &[(Class::Warlock, 5)],
            &["eldritch-blast", "hex", "hellish-rebuke", "counterspell"],
        ),
        _ => (
            &[(Class::Paladin, 3), (Class::Sorcerer, 2)],
            &[
                "divine-smite",
                "shield-of-faith",
                "fire-bolt",
                "magic-missile",
                "searing-smite",
            ],
        ),
    };
    let mut c = Caster::new("Tester", classes, scores).unwrap();
    let gear = c.set_equipment(Equipment {
        component_pouch: true,
        ..Equipment::default()
    });
    c.apply_all(&gear.events);
    for id in spells {
        if let Ok(o) = c.prepare(&spell(id)) {
            c.apply_all(&o.events);
        }
    }
    c
}

/// One step of play.
#[derive(Debug, Clone)]
enum Step {
    /// Cast the `n`th reachable spell its `m`th way, if it can be.
    Cast(usize, usize),
    EndTurn,
    LongRest,
    Condition(Condition),
    NoHands,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0usize..12, 0usize..6).prop_map(|(n, m)| Step::Cast(n, m)),
        2 => Just(Step::EndTurn),
        1 => Just(Step::LongRest),
        1 => prop_oneof![
            Just(Condition::Incapacitated),
            Just(Condition::Grappled),
            Just(Condition::Prone)
        ]
        .prop_map(Step::Condition),
        1 => Just(Step::NoHands),
    ]
}

fn play(c: &mut Caster, s: &Step) {
    let events = match s {
        Step::Cast(n, m) => {
            let ids: Vec<SpellId> = grimoire_app::options::reachable(c).into_iter().collect();
            let Some(sp) = ids.get(n % ids.len().max(1)).and_then(lookup) else {
                return;
            };
            let ways = ways_to_try(c, &sp);
            let Some(way) = ways.get(m % ways.len().max(1)) else {
                return;
            };
            match cast(c, &sp, &way.request(), &mut SeededRng::new(1)) {
                Ok(o) => o.events,
                Err(_) => return,
            }
        }
        Step::EndTurn => c.end_turn().events,
        Step::LongRest => c.long_rest().events,
        Step::Condition(k) => c.add_condition(*k).events,
        Step::NoHands => {
            c.set_equipment(Equipment {
                free_hands: 0,
                ..c.equipment().clone()
            })
            .events
        }
    };
    c.apply_all(&events);
}

fn stored(c: &Caster) -> (Store, Entity<Caster>) {
    let mut store = Store::open_in_memory().unwrap();
    store
        .commit(&Change::new("new").create(CHARACTER, "Tester", c).unwrap())
        .unwrap();
    let e = store.find::<Caster>(CHARACTER, "Tester").unwrap().unwrap();
    (store, e)
}

fn cast_way(store: &Store, e: &Entity<Caster>, sp: &Spell, way: &Way) -> Result<(), String> {
    let mut req = way.request();
    if let grimoire_rules::CastingTime::Reaction { trigger }
    | grimoire_rules::CastingTime::BonusAction {
        trigger: Some(trigger),
    } = &sp.casting_time
    {
        req = req.on_trigger(trigger.clone());
    }
    let req = fit_request_stored(store, e, None, sp, req).map_err(|e| e.code().to_owned())?;
    cast(&e.state, sp, &req, &mut SeededRng::new(9))
        .map(|_| ())
        .map_err(|e| e.code().to_owned())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn what_options_lists_is_what_a_cast_does(which in 0u8..4, steps in proptest::collection::vec(step(), 0..8)) {
        let mut c = build(which);
        for s in &steps {
            play(&mut c, s);
        }
        let (store, e) = stored(&c);
        let found = options(&store, &e, None, &lookup).unwrap();
        for castable in &found.castable {
            let sp = lookup(&castable.spell).unwrap();
            for open in &castable.ways {
                prop_assert_eq!(cast_way(&store, &e, &sp, &open.way), Ok(()), "{:?} {:?}", castable.spell, open.way);
            }
        }
        for blocked in &found.blocked {
            let sp = lookup(&blocked.spell).unwrap();
            let ways = ways_to_try(&e.state, &sp);
            let first = ways.first().cloned().unwrap_or(Way::Slot { level: sp.level.get() });
            prop_assert_eq!(cast_way(&store, &e, &sp, &first), Err(blocked.code.clone()), "{:?}", blocked.spell);
            for way in &ways {
                prop_assert!(cast_way(&store, &e, &sp, way).is_err(), "{:?} {:?} should be refused", blocked.spell, way);
            }
        }
        // Every reachable spell the catalogue knows is in one list or the other.
        let listed = found.castable.len() + found.blocked.len();
        prop_assert_eq!(listed, grimoire_app::options::reachable(&e.state).len());
    }
}

/// R10 and R9 through `options`: after a levelled spell, every slot
/// spell is blocked by the one-slot rule and the action by R9; a Reaction
/// (Shield) stays open on another creature's turn only by its rule.
#[test]
fn r10_after_a_slot_spell_options_block_the_rest_with_the_rule() {
    let mut c = build(0);
    let out = cast(
        &c,
        &spell("magic-missile"),
        &Way::Slot { level: 1 }.request(),
        &mut SeededRng::new(3),
    )
    .unwrap();
    c.apply_all(&out.events);
    let (store, e) = stored(&c);
    let found = options(&store, &e, None, &lookup).unwrap();
    let fireball = found
        .blocked
        .iter()
        .find(|b| b.spell.as_str() == "fireball")
        .unwrap();
    assert_eq!(
        (fireball.code.as_str(), fireball.rule.as_deref()),
        ("one_slot_per_turn", Some("R10"))
    );
    // The refusal in every language of the catalogue; the old fields
    // read as before.
    let words = grimoire_words::Words::get();
    for lang in words.languages() {
        assert_eq!(
            fireball.message_in(lang),
            words.refusal(lang, &grimoire_rules::RulesError::OneSlotPerTurn),
            "{lang}"
        );
    }
    assert_eq!(fireball.message_in("en"), fireball.message);
    assert_eq!(
        fireball.message_cs.as_deref(),
        Some(fireball.message_in("cs"))
    );
    assert_ne!(fireball.message_in("cs"), fireball.message);
    assert_eq!(
        fireball.message_in("xx"),
        fireball.message,
        "unknown: English"
    );
    let bolt = found
        .blocked
        .iter()
        .find(|b| b.spell.as_str() == "fire-bolt")
        .unwrap();
    assert_eq!(bolt.rule.as_deref(), Some("R9"));
    assert!(found.castable.is_empty(), "{found:?}");
}

/// A Ritual spell lists the ritual way beside its slots (R5b).
#[test]
fn r5b_a_ritual_lists_its_ritual_way() {
    let c = build(0);
    let (store, e) = stored(&c);
    let found = options(&store, &e, None, &lookup).unwrap();
    let detect = found
        .castable
        .iter()
        .find(|c| c.spell.as_str() == "detect-magic")
        .unwrap();
    assert!(
        detect.ways.iter().any(|w| w.way == Way::Ritual),
        "{detect:?}"
    );
    assert!(detect.ways.iter().any(|w| w.way == Way::Slot { level: 1 }));
    let fireball = found
        .castable
        .iter()
        .find(|c| c.spell.as_str() == "fireball")
        .unwrap();
    assert_eq!(
        fireball
            .ways
            .iter()
            .map(|w| w.way.clone())
            .collect::<Vec<_>>(),
        [Way::Slot { level: 3 }]
    );
}
