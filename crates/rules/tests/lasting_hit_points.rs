//! Hit points as a cast reports them and as they stop a caster (issue 31,
//! "Lasting effects and hit points"): a creature named several times takes
//! every hit, temporary hit points go first, and a caster at 0 hit points
//! casts nothing, whatever its conditions say.

mod support;

use grimoire_rules::*;
use support::*;

fn goblin(hp: i32) -> Target {
    Target::named("Goblin").with_hp(hp)
}

fn with_vitals(mut c: Caster, max: u32, ac: u8) -> Caster {
    let out = c.set_vitals(max, ac, None, None).unwrap();
    c.apply_all(&out.events);
    c
}

fn hp_after(out: &CastOutcome) -> Vec<Option<i32>> {
    out.resolution.targets.iter().map(|t| t.hp_after).collect()
}

/// R16: three darts at one goblin are three hits on it: each mention of
/// it starts from where the one before left it (20 - 5 - 2 - 4 = 9).
#[test]
fn r16_repeated_target_takes_every_dart() {
    let mut c = wizard(3);
    let req = CastRequest::new()
        .target(goblin(20))
        .target(goblin(20))
        .target(goblin(20));
    // 1d4+1 per dart: faces 4, 1, 3 deal 5, 2 and 4.
    let out = cast_ok(
        &mut c,
        &magic_missile(),
        &req,
        &mut Scripted::new(&[4, 1, 3]),
    );
    let dealt: Vec<u32> = out
        .resolution
        .targets
        .iter()
        .map(|t| t.damage_total)
        .collect();
    assert_eq!(dealt, vec![5, 2, 4]);
    assert_eq!(hp_after(&out), vec![Some(15), Some(13), Some(9)]);
}

/// R16: spelt differently, one creature is still one creature; another
/// creature between its mentions keeps its own count.
#[test]
fn r16_repeated_target_counts_across_spellings_and_other_targets() {
    let mut c = wizard(3);
    let req = CastRequest::new()
        .target(goblin(10))
        .target(Target::named("Orc").with_hp(30))
        .target(Target::named("goblin ").with_hp(10));
    let out = cast_ok(
        &mut c,
        &magic_missile(),
        &req,
        &mut Scripted::new(&[2, 2, 2]),
    );
    // Each dart deals 3: the goblin takes two of them, the orc one.
    assert_eq!(hp_after(&out), vec![Some(7), Some(27), Some(4)]);
}

/// R16: a creature named again once it is down stays at 0.
#[test]
fn r16_repeated_target_stops_at_zero() {
    let mut c = wizard(3);
    let req = CastRequest::new()
        .target(goblin(4))
        .target(goblin(4))
        .target(goblin(4));
    let out = cast_ok(&mut c, &magic_missile(), &req, &mut Scripted::new(&[4]));
    assert_eq!(hp_after(&out), vec![Some(0), Some(0), Some(0)]);
}

/// Damage takes temporary hit points first, in a cast's reported hit
/// points as in the stored ones: 10 hit points and 4 temporary ones lose
/// only 1 real hit point to a 5-damage dart.
#[test]
fn hp_after_takes_temporary_hit_points_first() {
    let mut c = wizard(3);
    let mut t = goblin(10);
    t.stats.as_mut().unwrap().temp_hp = Some(4);
    let req = CastRequest::new().target(t.clone());
    let out = cast_ok(&mut c, &magic_missile(), &req, &mut Scripted::new(&[4]));
    // All three darts (15 damage) go to the one target: 4 temporary, 11 real.
    assert_eq!(out.resolution.targets[0].damage_total, 15);
    assert_eq!(hp_after(&out), vec![Some(0)]);
    c.apply_all(&c.end_turn().events);
    let req = CastRequest::new()
        .target(t.clone())
        .target(t.clone())
        .target(t);
    let out = cast_ok(&mut c, &magic_missile(), &req, &mut Scripted::new(&[1]));
    // Darts of 2: the first two eat the 4 temporary, the third takes 2.
    assert_eq!(hp_after(&out), vec![Some(10), Some(10), Some(8)]);
}

/// A caster with temporary hit points meets spells with them, and the
/// stored arithmetic and the reported one agree.
#[test]
fn hp_after_of_a_caster_agrees_with_its_stored_hit_points() {
    let mut target = with_vitals(cleric(3), 20, 14);
    target.apply_all(&target.gain_temp_hp(6).unwrap().events);
    let stats = target.as_target();
    assert_eq!((stats.hp, stats.temp_hp), (Some(20), Some(6)));
    let mut t = Target::named("Ana");
    t.stats = Some(stats);
    let mut c = wizard(3);
    let out = cast_ok(
        &mut c,
        &magic_missile(),
        &CastRequest::new().target(t),
        &mut Scripted::new(&[4]),
    );
    let o = target.take_damage(
        out.resolution.targets[0].damage_total,
        &mut Scripted::new(&[20]),
    );
    assert_eq!(out.resolution.targets[0].hp_after, Some(11));
    assert_eq!(o.hp_after, Some(11));
}

/// R9: at 0 hit points a caster is Unconscious and casts nothing, not even
/// a cantrip, and it stays so when the condition alone is taken away.
#[test]
fn r9_a_caster_at_zero_hit_points_cannot_cast() {
    let mut c = with_vitals(wizard(3), 12, 12);
    // 20 on 12 hit points leaves 8 over: down, short of massive damage.
    let o = c.take_damage(20, &mut Scripted::new(&[1]));
    c.apply_all(&o.events);
    assert!(c.conditions().contains(&Condition::Unconscious));
    let req = CastRequest::new().target(Target::named("Orc"));
    let err = assert_refused(&c, &fire_bolt(), &req, "at_zero_hit_points", "R9");
    assert_eq!(err.args()[0].0, "name");
    c.apply_all(&c.remove_condition(Condition::Unconscious).events);
    assert_refused(&c, &fire_bolt(), &req, "at_zero_hit_points", "R9");
    // Healed, it casts again.
    c.apply_all(&c.heal(3).unwrap().events);
    allowed(&c, &fire_bolt(), &req);
}

/// R9: the tracker's hit points stop a caster the same way, by the rules'
/// own check.
#[test]
fn r9_zero_hit_points_anywhere_refuse_casting() {
    assert_eq!(
        check_not_down("Mage", Some(0)).unwrap_err().code(),
        "at_zero_hit_points"
    );
    assert!(check_not_down("Mage", Some(1)).is_ok());
    assert!(check_not_down("Mage", None).is_ok(), "unknown is not down");
}

/// Without armor a creature's AC is 10 + its Dexterity modifier: what a
/// sheet records when hit points come without an AC.
#[test]
fn unarmored_ac_is_ten_plus_dexterity() {
    // The fixtures' casters have DEX 14: +2.
    assert_eq!(wizard(3).unarmored_ac(), 12);
    let low = Caster::new(
        "Low",
        &[(Class::Wizard, 1)],
        AbilityScores::new([10, 3, 10, 10, 10, 10]).unwrap(),
    )
    .unwrap();
    assert_eq!(low.unarmored_ac(), 6);
}
