//! A spell's work is bounded at cast time too (issue 30, finding 1): a
//! spell over the bounds that reached a caster without the catalogue's
//! check (stored before the bound, or built by other means) is refused
//! by the app before a die is rolled, and nothing is written.

use grimoire_app::limits::{MAX_CAST_WORK, MAX_INSTANCES, MAX_SPELL_DICE};
use grimoire_app::{CHARACTER, commit_cast, fit_request_stored};
use grimoire_catalog::Catalog;
use grimoire_dice::{DiceRng, SeededRng};
use grimoire_rules::{
    AbilityScores, CastRequest, Caster, Class, Damage, DamageType, DiceFormula, Spell, Target, cast,
};
use grimoire_store::{Change, Entity, Store};

/// Counts the dice it rolls.
struct Counting {
    inner: SeededRng,
    rolled: u64,
}

impl DiceRng for Counting {
    fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    fn roll_die(&mut self, sides: u32) -> u32 {
        self.rolled += 1;
        self.inner.roll_die(sides)
    }
}

/// A 5th-level wizard with Magic Missile prepared, stored.
fn wizard() -> (Store, Entity<Caster>) {
    let scores = AbilityScores::new([10, 14, 14, 16, 12, 10]).unwrap();
    let mut c = Caster::new("Elmira", &[(Class::Wizard, 5)], scores).unwrap();
    let mm = &Catalog::srd().get("magic-missile").unwrap().spell;
    let prepared = c.prepare(mm).unwrap();
    c.apply_all(&prepared.events);
    let mut store = Store::open_in_memory().unwrap();
    store
        .commit(&Change::new("new").create(CHARACTER, "Elmira", &c).unwrap())
        .unwrap();
    let e = store.get::<Caster>(CHARACTER, "Elmira").unwrap();
    (store, e)
}

/// Magic Missile with `instances` darts of `parts` parts of `dice`.
fn missile(instances: u32, parts: usize, dice: DiceFormula) -> Spell {
    let mut s = Catalog::srd().get("magic-missile").unwrap().spell.clone();
    s.effect.instances = instances;
    s.effect.damage = vec![Damage::new(dice, DamageType::Force); parts];
    s
}

/// Fits, casts and commits as every front end does; the error code,
/// field and limit of a refusal, and the dice rolled either way.
fn cast_as_a_front_end(
    store: &mut Store,
    e: &Entity<Caster>,
    spell: &Spell,
    targets: usize,
) -> (Result<(), (String, String, i64)>, u64) {
    let mut rng = Counting {
        inner: SeededRng::new(7),
        rolled: 0,
    };
    let mut req = CastRequest::new();
    for i in 0..targets {
        req = req.target(Target::named(format!("Goblin {i}")));
    }
    let result = (|| {
        let req = fit_request_stored(store, e, None, spell, req)?;
        let out = cast(&e.state, spell, &req, &mut rng)?;
        commit_cast(store, "cast", e, None, &out, &mut rng)?;
        Ok::<_, grimoire_app::AppError>(())
    })()
    .map_err(|err| {
        let args = err.args();
        let field = args
            .iter()
            .find(|(k, _)| *k == "field")
            .map(|(_, v)| format!("{v:?}"))
            .unwrap_or_default();
        let limit = args
            .iter()
            .find_map(|(k, v)| match (k, v) {
                (&"limit", grimoire_rules::Arg::Number(n)) => Some(*n),
                _ => None,
            })
            .unwrap_or(-1);
        (err.code().to_owned(), field, limit)
    });
    (result, rng.rolled)
}

fn changes(store: &Store) -> usize {
    store.recent(&[CHARACTER], None, 200).unwrap().len()
}

#[test]
fn an_over_bound_spell_is_refused_before_a_die_is_rolled_and_nothing_is_written() {
    let (mut store, e) = wizard();
    let before = changes(&store);
    // The audit's 488-byte spell: a thousand darts of five 1000d6.
    let audit = missile(1000, 5, DiceFormula::new(1000, 6));
    let (result, rolled) = cast_as_a_front_end(&mut store, &e, &audit, 64);
    let (code, field, limit) = result.unwrap_err();
    assert_eq!(
        (code.as_str(), limit),
        ("spell_too_costly", i64::from(MAX_INSTANCES))
    );
    assert!(field.contains("effect.instances"), "{field}");
    assert_eq!(rolled, 0, "refused before rolling");
    // Few darts, many dice: named by the damage.
    let heavy = missile(5, 1, DiceFormula::new(100, 6));
    let (result, rolled) = cast_as_a_front_end(&mut store, &e, &heavy, 1);
    let (code, field, limit) = result.unwrap_err();
    assert_eq!(
        (code.as_str(), limit),
        ("spell_too_costly", MAX_SPELL_DICE as i64)
    );
    assert!(field.contains("effect.damage"), "{field}");
    assert_eq!(rolled, 0);
    // Nothing written: no change, the slot unspent.
    assert_eq!(changes(&store), before);
    let stored = store.get::<Caster>(CHARACTER, "Elmira").unwrap();
    assert_eq!((stored.version, &stored.state), (e.version, &e.state));
}

#[test]
fn a_spell_at_the_bound_casts_and_commits_within_the_cast_bound() {
    let (mut store, e) = wizard();
    // Magic Missile from a 1st-level slot: 3 darts, so 133 dice a dart
    // leaves it just under the bound.
    let at_bound = missile(3, 1, DiceFormula::new(133, 6));
    let upcast = at_bound.effect.upcast.extra_instances;
    assert_eq!(upcast, 1, "Magic Missile grows a dart per level");
    let mut s = at_bound.clone();
    s.effect.upcast.extra_instances = 0;
    s.targeting.max_targets = None;
    let w = grimoire_rules::worst_work(&s);
    assert!(w.within_bounds() && w.dice == 399, "{w:?}");
    // On 64 targets the whole cast would pass its bound: refused, naming
    // the targets.
    let (result, rolled) = cast_as_a_front_end(&mut store, &e, &s, 64);
    let (code, field, limit) = result.unwrap_err();
    assert_eq!(
        (code.as_str(), limit),
        ("spell_too_costly", MAX_CAST_WORK as i64)
    );
    assert!(field.contains("targets"), "{field}");
    assert_eq!((rolled, changes(&store)), (0, 1));
    let targets = (MAX_CAST_WORK / w.dice) as usize;
    assert_eq!(targets, 20);
    let (result, rolled) = cast_as_a_front_end(&mut store, &e, &s, targets);
    assert_eq!(result, Ok(()));
    assert_eq!(rolled, 399, "the damage dice; no saves or attacks");
    assert_eq!(changes(&store), 2);
}

/// The costliest cast the bounds let through that we could build: a save
/// spell of 128 flat parts (each its own entry on every target's line) on
/// 64 targets, each target giving the most save bonuses a request may
/// (16 of 20d100). It commits, its log entry (about 550 KB) stays under
/// the store's bound, and it is quick. Run with `--nocapture` for figures.
#[test]
fn the_costliest_cast_under_the_bounds_commits_within_the_log_entry_bound() {
    use grimoire_app::limits::{MAX_BONUS_DICE, MAX_BONUS_SIDES, MAX_BONUSES, MAX_TARGETS};
    use grimoire_rules::{Ability, BonusAmount, Delivery, OnSave, TargetStats};
    let (mut store, e) = wizard();
    let parts = (MAX_CAST_WORK / MAX_TARGETS as u64) as usize;
    let mut s = missile(1, parts, DiceFormula::new(0, 1).plus(1));
    s.effect.upcast.extra_instances = 0;
    s.targeting.max_targets = None;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Dexterity,
        on_success: OnSave::Half,
    };
    let bonus = BonusAmount::Dice(DiceFormula::new(MAX_BONUS_DICE, MAX_BONUS_SIDES));
    let mut req = CastRequest::new();
    for i in 0..MAX_TARGETS {
        let mut t = Target::named(format!("Goblin number {i}"));
        t.stats = Some(TargetStats {
            hp: Some(50),
            ac: Some(15),
            saves: vec![(Ability::Dexterity, 2)],
            save_bonuses: vec![bonus.clone(); MAX_BONUSES],
            ..TargetStats::default()
        });
        req = req.target(t);
    }
    let started = std::time::Instant::now();
    let mut rng = SeededRng::new(3);
    let req = fit_request_stored(&store, &e, None, &s, req).unwrap();
    let out = cast(&e.state, &s, &req, &mut rng).unwrap();
    commit_cast(&mut store, "cast", &e, None, &out, &mut rng).unwrap();
    let took = started.elapsed();
    let page = store.recent(&[CHARACTER], None, 1).unwrap();
    let bytes = page[0].events.to_string().len();
    eprintln!("costliest cast: {took:?}, log entry {bytes} bytes");
    assert!(bytes < grimoire_store::Change::MAX_EVENTS_BYTES, "{bytes}");
    assert!(took.as_secs_f64() < 2.0, "{took:?}");
}
