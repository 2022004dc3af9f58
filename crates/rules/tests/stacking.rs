//! R21: combining effects of spells.

mod support;

use grimoire_rules::*;
use support::*;

fn bless_on(c: &mut Caster, who: &str, slot_level: Option<SlotLevel>) -> CastOutcome {
    let mut req = CastRequest::new().target(Target::named(who));
    req.slot = slot_level;
    cast_ok(c, &bless(), &req, &mut Scripted::new(&[1]))
}

#[test]
fn r21_two_blesses_give_one_die() {
    let mut board = EffectBoard::new();
    let mut a = applied_named(cleric(3), "Cleric A");
    let mut b = applied_named(cleric(3), "Cleric B");
    let first = bless_on(&mut a, "Fighter", None);
    board.record_all("Cleric A", &first.events);
    let second = bless_on(&mut b, "Fighter", None);
    board.record_all("Cleric B", &second.events);
    assert_eq!(board.on("Fighter").count(), 2);
    let bonuses = board.bonuses("Fighter", BonusTarget::AttackRolls);
    assert_eq!(bonuses, vec![BonusAmount::Dice("1d4".parse().unwrap())]);
    // Equal potency: the most recent applies.
    assert_eq!(board.in_force("Fighter")[0].caster, "Cleric B");
}

#[test]
fn r21_effect_lasts_until_the_last_casting_ends() {
    let mut board = EffectBoard::new();
    let mut a = applied_named(cleric(3), "Cleric A");
    let mut b = applied_named(cleric(3), "Cleric B");
    board.record_all("Cleric A", &bless_on(&mut a, "Fighter", None).events);
    b.apply_all(&b.advance_time(TimeSpan::rounds_of(5)).events);
    board.record_all("Cleric B", &bless_on(&mut b, "Fighter", None).events);
    // Five rounds on, the first Bless runs out; the second still holds.
    let ended = a.advance_time(TimeSpan::rounds_of(10));
    board.record_all("Cleric A", &ended.events);
    assert!(board.has("Fighter", &id("bless")));
    assert_eq!(board.bonuses("Fighter", BonusTarget::SavingThrows).len(), 1);
    board.record_all("Cleric B", &b.advance_time(TimeSpan::rounds_of(10)).events);
    assert!(!board.has("Fighter", &id("bless")));
    assert!(
        board
            .bonuses("Fighter", BonusTarget::SavingThrows)
            .is_empty()
    );
}

#[test]
fn r21_different_spells_add_together() {
    let mut board = EffectBoard::new();
    let mut c = applied_named(cleric(3), "Cleric");
    board.record_all("Cleric", &bless_on(&mut c, "Wizard", None).events);
    let mut w = applied_named(wizard(3), "Wizard");
    let req = CastRequest {
        off_turn: true,
        ..CastRequest::new()
            .on_trigger("an arrow hits")
            .target(Target::caster("Wizard"))
    };
    board.record_all(
        "Wizard",
        &cast_ok(&mut w, &shield(), &req, &mut Scripted::new(&[1])).events,
    );
    assert_eq!(board.in_force("Wizard").len(), 2);
    assert_eq!(
        board.bonuses("Wizard", BonusTarget::ArmorClass),
        vec![BonusAmount::Flat(5)]
    );
    assert_eq!(board.bonuses("Wizard", BonusTarget::AttackRolls).len(), 1);
}

#[test]
fn r21_most_potent_casting_applies() {
    let mut board = EffectBoard::new();
    let mut a = applied_named(cleric(5), "Cleric A");
    let mut b = applied_named(cleric(5), "Cleric B");
    board.record_all(
        "Cleric A",
        &bless_on(&mut a, "Fighter", Some(slot(3))).events,
    );
    board.record_all("Cleric B", &bless_on(&mut b, "Fighter", None).events);
    // Same bonus; the level-3 casting is the more potent one, though older.
    assert_eq!(board.in_force("Fighter")[0].caster, "Cleric A");
}

fn applied_named(c: Caster, name: &str) -> Caster {
    // Rebuild the fixture caster under another name by replaying its setup.
    let scores = *c.abilities();
    let mut named = Caster::new(name, c.classes(), scores).unwrap();
    let mut eq = named.equipment().clone();
    eq.component_pouch = true;
    named.apply_all(&named.set_equipment(eq).events);
    for s in all_spells() {
        if let Ok(out) = named.prepare(&s) {
            named.apply_all(&out.events);
        }
    }
    named
}

#[test]
fn r21_blessed_caster_adds_one_d4_to_its_spell_attacks() {
    let mut board = EffectBoard::new();
    for name in ["Cleric A", "Cleric B"] {
        let mut c = applied_named(cleric(3), name);
        board.record_all(name, &bless_on(&mut c, "Wizard", None).events);
    }
    let w = wizard(1);
    let mut req = CastRequest::new().target(Target::named("Orc").with_ac(13));
    req.attack_bonuses = board.bonuses("Wizard", BonusTarget::AttackRolls);
    // d20 = 9, +5 attack, Bless d4 = 3: 17 hits AC 13; a 1d10 of 4 for damage.
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[9, 3, 4])).unwrap();
    let t = &out.resolution.targets[0];
    assert_eq!(t.attacks[0].total, 17);
    assert_eq!(
        out.resolution
            .rolls
            .iter()
            .filter(|r| matches!(r.label, RollLabel::Bonus { .. }))
            .count(),
        1
    );
    assert_eq!(t.damage_total, 4);
}

#[test]
fn r21_blessed_target_adds_d4_to_its_save() {
    let w = wizard(3);
    let blessed = Target::named("Knight")
        .with_save(Ability::Wisdom, 0)
        .with_save_bonus(BonusAmount::Dice("1d4".parse().unwrap()));
    // DC 13: 11 on the d20 fails alone, the d4 of 2 makes it 13.
    let out = cast(
        &w,
        &hold_person(),
        &CastRequest::new().target(blessed),
        &mut Scripted::new(&[11, 2]),
    )
    .unwrap();
    let save = out.resolution.targets[0].save.as_ref().unwrap();
    assert_eq!((save.total, save.success), (Some(13), Some(true)));
}

#[test]
fn lasting_effect_stays_only_on_targets_that_failed_the_save() {
    let mut board = EffectBoard::new();
    let mut w = applied_named(wizard(5), "Wizard");
    let req = CastRequest::new()
        .at_slot(slot(3))
        .target(Target::named("Bandit").with_save(Ability::Wisdom, 0))
        .target(Target::named("Captain").with_save(Ability::Wisdom, 0));
    // Bandit rolls 3 (fails DC 14), Captain 18 (succeeds).
    let out = cast_ok(&mut w, &hold_person(), &req, &mut Scripted::new(&[3, 18]));
    board.record_all("Wizard", &out.events);
    assert_eq!(board.conditions("Bandit"), vec![Condition::Paralyzed]);
    assert!(board.conditions("Captain").is_empty());
    assert!(!board.has("Captain", &id("hold-person")));
}

fn bane_on(c: Caster, who: &str, spell: &Spell) -> CastOutcome {
    let mut c = with_prepared(c, std::slice::from_ref(spell));
    // A bare name: the save is not rolled, so the penalty is recorded.
    let req = CastRequest::new().target(Target::named(who));
    cast_ok(&mut c, spell, &req, &mut Scripted::new(&[1]))
}

#[test]
fn r21_bane_and_bless_both_apply() {
    let mut board = EffectBoard::new();
    let mut a = applied_named(cleric(3), "Cleric A");
    board.record_all("Cleric A", &bless_on(&mut a, "Fighter", None).events);
    let b = applied_named(cleric(3), "Cleric B");
    board.record_all("Cleric B", &bane_on(b, "Fighter", &bane()).events);
    let d4: DiceFormula = "1d4".parse().unwrap();
    // Different spells add together: one die up, one die down.
    assert_eq!(
        board.bonuses("Fighter", BonusTarget::AttackRolls),
        [BonusAmount::Dice(d4), BonusAmount::Penalty(d4)]
    );
    assert_eq!(board.bonuses("Fighter", BonusTarget::SavingThrows).len(), 2);
}

#[test]
fn r21_bane_gives_minus_one_d4_to_a_save() {
    let w = wizard(3);
    let baned = Target::named("Knight")
        .with_save(Ability::Wisdom, 0)
        .with_save_bonus(BonusAmount::Penalty("1d4".parse().unwrap()));
    // DC 13: 14 on the d20 would succeed, Bane's d4 of 2 makes it 12.
    let out = cast(
        &w,
        &hold_person(),
        &CastRequest::new().target(baned),
        &mut Scripted::new(&[14, 2]),
    )
    .unwrap();
    let save = out.resolution.targets[0].save.as_ref().unwrap();
    assert_eq!((save.total, save.success), (Some(12), Some(false)));
    let penalty = out
        .resolution
        .rolls
        .iter()
        .find(|r| matches!(r.label, RollLabel::Penalty { .. }));
    assert_eq!(penalty.map(|r| r.total), Some(2));
}

#[test]
fn r21_bane_subtracts_from_spell_attacks() {
    let w = wizard(1);
    let mut req = CastRequest::new().target(Target::named("Orc").with_ac(13));
    req.attack_bonuses = vec![BonusAmount::Penalty("1d4".parse().unwrap())];
    // d20 = 9, +5 attack, Bane d4 = 3: 11 misses AC 13.
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[9, 3, 4])).unwrap();
    let attack = &out.resolution.targets[0].attacks[0];
    assert_eq!((attack.total, attack.hit), (11, Some(false)));
}

#[test]
fn r21_the_largest_penalty_of_one_spell_applies() {
    let mut board = EffectBoard::new();
    let mut harsh = bane();
    for b in &mut harsh.effect.bonuses {
        b.amount = BonusAmount::Penalty("1d6".parse().unwrap());
    }
    let a = applied_named(cleric(3), "Cleric A");
    board.record_all("Cleric A", &bane_on(a, "Fighter", &harsh).events);
    let b = applied_named(cleric(3), "Cleric B");
    board.record_all("Cleric B", &bane_on(b, "Fighter", &bane()).events);
    // The newer casting takes less away: the older, harsher one stays in force.
    assert_eq!(board.in_force("Fighter")[0].caster, "Cleric A");
    assert_eq!(
        board.bonuses("Fighter", BonusTarget::AttackRolls),
        [BonusAmount::Penalty("1d6".parse().unwrap())]
    );
    assert!(BonusAmount::Penalty("1d4".parse().unwrap()).is_penalty());
    assert_eq!(
        BonusAmount::Penalty("1d4".parse().unwrap()).to_string(),
        "-1d4"
    );
}
