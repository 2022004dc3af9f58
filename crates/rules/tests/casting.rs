//! R5, R8–R12, R19, R20: ways to cast, casting times, one slot per turn,
//! triggers, long castings, DCs, attack rolls.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn r5a_cantrip_uses_no_slot() {
    let mut w = wizard(1);
    let before = w.slots().clone();
    let req = CastRequest::new().target(Target::named("Goblin").with_ac(12));
    let out = cast_ok(&mut w, &fire_bolt(), &req, &mut Scripted::new(&[15, 7]));
    assert_eq!(out.resolution.slot, None);
    assert_eq!(w.slots(), &before);
    assert!(!w.turn().slot_spent);
}

#[test]
fn r5a_cantrip_refuses_a_slot_and_must_be_known() {
    let w = wizard(1);
    assert_refused(
        &w,
        &fire_bolt(),
        &CastRequest::new().at_slot(slot(1)),
        "cantrip_takes_no_slot",
        "R5a",
    );
    let scores = AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
    let fresh = Caster::new("New", &[(Class::Wizard, 1)], scores).unwrap();
    assert_eq!(
        refusal(&fresh, &fire_bolt(), &CastRequest::new()).code(),
        "not_known"
    );
}

#[test]
fn r5a_cantrip_damage_grows_at_levels_5_11_17() {
    for (level, dice) in [(4, 1), (5, 2), (11, 3), (17, 4)] {
        let mut w = wizard(level);
        let req = CastRequest::new().target(Target::named("Target").with_ac(5));
        let out = cast_ok(&mut w, &fire_bolt(), &req, &mut Scripted::new(&[10, 4]));
        let dmg = out
            .resolution
            .rolls
            .iter()
            .find(|r| r.label.damage_type() == Some(DamageType::Fire))
            .unwrap();
        assert_eq!(dmg.dice.len(), dice, "character level {level}");
    }
}

#[test]
fn r5b_ritual_spends_no_slot_and_takes_ten_minutes_longer() {
    let mut w = wizard(1);
    let out = cast_ok(
        &mut w,
        &detect_magic(),
        &CastRequest::new().as_ritual(),
        &mut Scripted::new(&[1]),
    );
    assert_eq!(
        out.resolution.status,
        CastStatus::Started {
            rounds_needed: RITUAL_EXTRA_ROUNDS
        }
    );
    assert_eq!(out.resolution.slot, None);
    w.apply_all(&w.advance_time(TimeSpan::minutes(10)).events);
    let done = complete_casting(&w, &detect_magic(), &mut Scripted::new(&[1])).unwrap();
    w.apply_all(&done.events);
    assert_eq!(done.resolution.slot, None);
    assert_eq!(w.slots().remaining(slot(1)), 2);
    assert_eq!(w.concentration().unwrap().spell, id("detect-magic"));
}

#[test]
fn r5b_ritual_must_be_prepared_and_tagged() {
    let w = wizard(1);
    assert_refused(
        &w,
        &magic_missile(),
        &CastRequest::new().as_ritual(),
        "not_a_ritual",
        "R5b",
    );
    let unprepared = applied(w.clone(), &w.unprepare(&id("detect-magic")).events);
    assert_refused(
        &unprepared,
        &detect_magic(),
        &CastRequest::new().as_ritual(),
        "not_prepared",
        "R5b",
    );
}

#[test]
fn r5b_a_ritual_takes_no_slot_level() {
    let w = wizard(3);
    let err = refusal(
        &w,
        &detect_magic(),
        &CastRequest::new().as_ritual().at_slot(slot(2)),
    );
    assert_eq!(
        err,
        RulesError::InvalidRequest {
            reason: Invalid::SlotLevelWithoutSlot
        }
    );
}

#[test]
fn r5c_feature_casts_without_a_slot_n_times() {
    let mut w = wizard(3);
    let feature = LimitedUse::new("Fey Step", vec![id("misty-step")], 1, Recharge::LongRest);
    w.apply_all(&w.add_feature(feature).events);
    let req = CastRequest::new().with_mode(CastMode::Feature("Fey Step".into()));
    let out = cast_ok(&mut w, &misty_step(), &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.slot, None);
    assert_eq!(w.slots().remaining(slot(2)), 2);
    assert!(!w.turn().slot_spent, "R10 does not count slotless castings");
    w.apply_all(&w.end_turn().events);
    assert_refused(&w, &misty_step(), &req, "no_uses_left", "R5c");
    let other = CastRequest::new().with_mode(CastMode::Feature("Fey Step".into()));
    assert_eq!(
        refusal(&w, &magic_missile(), &other).code(),
        "source_cannot_cast"
    );
}

#[test]
fn r5d_spell_scroll_is_used_up() {
    let mut c = wizard(1);
    c.apply_all(&c.add_item(MagicItem::scroll(id("fireball"), lvl(3))).events);
    let name = c.items()[0].name.clone();
    let req = CastRequest::new()
        .with_mode(CastMode::Item(name.clone()))
        .target(Target::named("Orc").with_save(Ability::Dexterity, 0));
    // A level-3 spell above a level-1 wizard: the scroll check (15 + 3
    // against DC 13) passes, then the Orc saves with a 2.
    let out = cast_ok(&mut c, &fireball(), &req, &mut Scripted::new(&[15, 2]));
    assert_eq!(out.resolution.slot, None);
    assert_eq!(out.resolution.save_dc, 15, "the scroll's own DC");
    assert!(c.items().is_empty());
    assert_refused(&c, &fireball(), &req, "source_cannot_cast", "R5d");
}

#[test]
fn r5d_charged_item_runs_out_and_recharges() {
    let mut w = wizard(1);
    w.apply_all(
        &w.add_item(MagicItem::charged(
            "Wand of Magic Missiles",
            vec![id("magic-missile")],
            2,
            Recharge::LongRest,
        ))
        .events,
    );
    let req = CastRequest::new().with_mode(CastMode::Item("Wand of Magic Missiles".into()));
    for _ in 0..2 {
        cast_ok(&mut w, &magic_missile(), &req, &mut Scripted::new(&[1]));
        w.apply_all(&w.end_turn().events);
    }
    assert_refused(&w, &magic_missile(), &req, "no_uses_left", "R5d");
    w.apply_all(&w.long_rest().events);
    assert_eq!(w.items()[0].charges(), 2);
}

#[test]
fn r8_spell_must_be_on_a_class_list() {
    let c = cleric(3);
    assert_eq!(
        c.prepare(&magic_missile()).unwrap_err().code(),
        "not_on_class_list"
    );
    assert_refused(
        &c,
        &magic_missile(),
        &CastRequest::new(),
        "not_on_class_list",
        "R8",
    );
}

#[test]
fn r8_feature_adds_a_spell_to_the_list() {
    let mut c = cleric(3);
    let extra = ExtraSpell {
        spell: id("magic-missile"),
        class: Class::Cleric,
        always_prepared: true,
    };
    c.apply_all(&c.add_extra_spell(extra).unwrap().events);
    let out = cast_plain(&mut c, &magic_missile());
    assert_eq!(out.resolution.class, Some(Class::Cleric));
    let wrong = ExtraSpell {
        spell: id("fireball"),
        class: Class::Wizard,
        always_prepared: true,
    };
    assert_eq!(
        c.add_extra_spell(wrong).unwrap_err().code(),
        "no_such_class"
    );
}

#[test]
fn r8_multiclass_casts_with_the_class_that_has_the_spell() {
    let mc = caster(&[(Class::Wizard, 3), (Class::Cleric, 2)]);
    assert_eq!(
        mc.casting_class(&cure_wounds(), None).unwrap(),
        Class::Cleric
    );
    assert_eq!(
        mc.casting_class(&magic_missile(), None).unwrap(),
        Class::Wizard
    );
    assert_eq!(
        mc.casting_class(&magic_missile(), Some(Class::Bard))
            .unwrap_err()
            .code(),
        "no_such_class"
    );
}

#[test]
fn r9_casting_time_decides_the_action() {
    let w = wizard(3);
    assert_refused(
        &w,
        &misty_step(),
        &CastRequest::new().using(ActionKind::Action),
        "casting_time_mismatch",
        "R9",
    );
    let out = cast(
        &w,
        &misty_step(),
        &CastRequest::new(),
        &mut Scripted::new(&[1]),
    )
    .unwrap();
    assert_eq!(out.resolution.action, ActionKind::BonusAction);
}

#[test]
fn r9_used_action_is_unavailable() {
    let mut w = wizard(3);
    let req = CastRequest::new().target(Target::named("Goblin"));
    cast_ok(&mut w, &fire_bolt(), &req, &mut Scripted::new(&[10]));
    assert_refused(&w, &fire_bolt(), &req, "action_unavailable", "R9");
}

#[test]
fn r10_one_slot_per_turn_blocks_bonus_action_slot_spell() {
    let mut w = wizard(5);
    cast_plain(&mut w, &magic_missile());
    let before = w.clone();
    assert_refused(
        &w,
        &misty_step(),
        &CastRequest::new(),
        "one_slot_per_turn",
        "R10",
    );
    assert_eq!(w, before);
}

#[test]
fn r10_slotless_casting_is_not_limited() {
    let mut w = wizard(5);
    let feature = LimitedUse::new("Fey Step", vec![id("misty-step")], 1, Recharge::LongRest);
    w.apply_all(&w.add_feature(feature).events);
    cast_plain(&mut w, &magic_missile());
    let req = CastRequest::new().with_mode(CastMode::Feature("Fey Step".into()));
    cast_ok(&mut w, &misty_step(), &req, &mut Scripted::new(&[1]));
}

#[test]
fn r10_ending_the_turn_allows_another_slot() {
    let mut w = wizard(5);
    cast_plain(&mut w, &magic_missile());
    w.apply_all(&w.end_turn().events);
    cast_plain(&mut w, &misty_step());
    assert_eq!(w.slots().remaining(slot(1)), 3);
    assert_eq!(w.slots().remaining(slot(2)), 2);
}

#[test]
fn r11_reaction_spell_needs_its_trigger() {
    let mut w = wizard(1);
    assert_refused(&w, &shield(), &CastRequest::new(), "missing_trigger", "R11");
    let req = CastRequest {
        off_turn: true,
        ..CastRequest::new().on_trigger("hit by a goblin's arrow")
    };
    let out = cast_ok(&mut w, &shield(), &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.action, ActionKind::Reaction);
    assert!(!w.turn().available(ActionKind::Reaction));
    // Off-turn, so the caster's own turn may still spend a slot (R10).
    cast_plain(&mut w, &magic_missile());
}

#[test]
fn r12_long_casting_spends_the_slot_only_on_completion() {
    let mut w = wizard(3);
    let mut spell = identify();
    spell.components.material = None;
    let out = cast_ok(
        &mut w,
        &spell,
        &CastRequest::new().target(Target::named("Ring")),
        &mut Scripted::new(&[1]),
    );
    assert_eq!(
        out.resolution.status,
        CastStatus::Started { rounds_needed: 10 }
    );
    assert_eq!(w.slots().remaining(slot(1)), 4);
    let err = complete_casting(&w, &spell, &mut Scripted::new(&[1])).unwrap_err();
    assert_eq!(
        (err.code(), err.rule()),
        ("casting_unfinished", Some("R12"))
    );
    assert_eq!(
        refusal(&w, &magic_missile(), &CastRequest::new()).code(),
        "casting_in_progress"
    );
    w.apply_all(&w.advance_time(TimeSpan::minutes(1)).events);
    let done = complete_casting(&w, &spell, &mut Scripted::new(&[1])).unwrap();
    w.apply_all(&done.events);
    assert_eq!(w.slots().remaining(slot(1)), 3);
    assert!(w.long_cast().is_none());
    assert!(w.concentration().is_none());
}

#[test]
fn r12_broken_concentration_fails_without_spending_the_slot() {
    let mut w = wizard(3);
    let mut spell = identify();
    spell.components.material = None;
    cast_plain(&mut w, &spell);
    assert_eq!(w.concentration().unwrap().effect, EffectId::LONG_CAST);
    // 30 damage: DC 15, the save rolls a 1.
    let hurt = w.take_damage(30, &mut Scripted::new(&[1]));
    assert!(!hurt.concentration_kept);
    w.apply_all(&hurt.events);
    assert!(w.long_cast().is_none());
    assert_eq!(w.slots().remaining(slot(1)), 4);
    assert_eq!(
        complete_casting(&w, &spell, &mut Scripted::new(&[1]))
            .unwrap_err()
            .code(),
        "no_casting_in_progress"
    );
}

#[test]
fn r19_r20_save_dc_and_attack_modifier() {
    // INT 16 (+3), level 5 proficiency +3.
    let w = wizard(5);
    assert_eq!(w.save_dc(Class::Wizard), 14);
    assert_eq!(w.spell_attack_bonus(Class::Wizard), 6);
    let req = CastRequest::new().target(Target::named("Orc").with_ac(16));
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[10, 5])).unwrap();
    assert_eq!(out.resolution.attack_bonus, 6);
    let attack = &out.resolution.targets[0].attacks[0];
    assert_eq!(
        (attack.natural, attack.total, attack.hit),
        (10, 16, Some(true))
    );
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[9, 5])).unwrap();
    assert_eq!(out.resolution.targets[0].attacks[0].hit, Some(false));
    assert_eq!(out.resolution.targets[0].damage_total, 0);
}

#[test]
fn r20_critical_hit_doubles_the_dice() {
    let w = wizard(1);
    let req = CastRequest::new().target(Target::named("Orc").with_ac(30));
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[20, 6, 6])).unwrap();
    let t = &out.resolution.targets[0];
    assert!(t.attacks[0].critical);
    assert_eq!(t.attacks[0].hit, Some(true), "a natural 20 hits any AC");
    assert_eq!(t.damage_total, 12);
}

#[test]
fn r20_advantage_keeps_the_higher_d20() {
    let w = wizard(1);
    let mut req = CastRequest::new().target(Target::named("Orc").with_ac(15));
    req.roll_mode = RollMode::Advantage;
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[3, 17, 5])).unwrap();
    let attack = &out.resolution.rolls[0];
    assert_eq!(attack.notation, "2d20kh1+5");
    assert_eq!(attack.dice.as_slice(), [3, 17]);
    assert_eq!(out.resolution.targets[0].attacks[0].natural, 17);
    req.roll_mode = RollMode::Disadvantage;
    let out = cast(&w, &fire_bolt(), &req, &mut Scripted::new(&[3, 17, 5])).unwrap();
    assert_eq!(out.resolution.targets[0].attacks[0].natural, 3);
}

#[test]
fn incapacitated_caster_cannot_cast() {
    let mut w = wizard(3);
    w.apply_all(&w.add_condition(Condition::Stunned).events);
    assert_eq!(
        refusal(&w, &magic_missile(), &CastRequest::new()).code(),
        "incapacitated"
    );
}

#[test]
fn warlock_mystic_arcanum_casts_once_per_long_rest() {
    let mut w = warlock(11);
    let mut spell = misty_step();
    spell.id = id("circle-of-death");
    spell.name = "Circle of Death".into();
    spell.level = lvl(6);
    spell.casting_time = CastingTime::Action;
    w.apply_all(&w.prepare(&spell).unwrap().events);
    let req = CastRequest::new().with_mode(CastMode::Arcanum);
    let out = cast_ok(&mut w, &spell, &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.slot, None);
    w.apply_all(&w.end_turn().events);
    assert_eq!(refusal(&w, &spell, &req).code(), "no_uses_left");
    w.apply_all(&w.short_rest().events);
    assert_eq!(refusal(&w, &spell, &req).code(), "no_uses_left");
    w.apply_all(&w.long_rest().events);
    cast_ok(&mut w, &spell, &req, &mut Scripted::new(&[1]));
}

#[test]
fn caster_new_validates_levels_and_scores() {
    let s = AbilityScores::default();
    assert_eq!(
        Caster::new("x", &[(Class::Wizard, 0)], s)
            .unwrap_err()
            .code(),
        "invalid_class_level"
    );
    assert_eq!(
        Caster::new("x", &[(Class::Wizard, 21)], s)
            .unwrap_err()
            .code(),
        "invalid_class_level"
    );
    assert_eq!(
        Caster::new("x", &[(Class::Wizard, 15), (Class::Cleric, 6)], s)
            .unwrap_err()
            .code(),
        "invalid_character_level"
    );
    assert_eq!(
        Caster::new("x", &[(Class::Wizard, 1), (Class::Wizard, 2)], s)
            .unwrap_err()
            .code(),
        "duplicate_class"
    );
    assert_eq!(
        Caster::new("x", &[], s).unwrap_err().code(),
        "invalid_character_level"
    );
}

#[test]
fn r12_long_casting_takes_the_magic_action_each_turn() {
    let mut w = wizard(3);
    let mut spell = identify();
    spell.components.material = None;
    cast_plain(&mut w, &spell);
    // The turn that started it already used its action.
    assert_eq!(
        w.continue_casting().unwrap_err().code(),
        "action_unavailable"
    );
    w.apply_all(&w.start_turn().events);
    let out = w.continue_casting().unwrap();
    w.apply_all(&out.events);
    assert!(!w.turn().available(ActionKind::Action));
    assert_eq!(
        w.identify(&bless(), None, &mut Scripted::new(&[20]))
            .unwrap_err()
            .code(),
        "casting_in_progress"
    );
}

#[test]
fn r12_abandoned_casting_spends_nothing() {
    let mut w = wizard(3);
    assert_eq!(
        w.abandon_casting().unwrap_err().code(),
        "no_casting_in_progress"
    );
    let mut spell = identify();
    spell.components.material = None;
    cast_plain(&mut w, &spell);
    w.apply_all(&w.abandon_casting().unwrap().events);
    assert!(w.long_cast().is_none());
    assert!(w.concentration().is_none());
    assert_eq!(w.slots().remaining(slot(1)), 4);
}

#[test]
fn r12_starting_concentration_spell_while_long_casting_is_refused() {
    let mut w = wizard(3);
    cast_ok(
        &mut w,
        &detect_magic(),
        &CastRequest::new().as_ritual(),
        &mut Scripted::new(&[1]),
    );
    w.apply_all(&w.end_turn().events);
    assert_refused(
        &w,
        &mage_armor(),
        &CastRequest::new(),
        "casting_in_progress",
        "R12",
    );
}

#[test]
fn r12_completed_concentration_ritual_reports_each_change_once() {
    let mut w = wizard(1);
    cast_ok(
        &mut w,
        &detect_magic(),
        &CastRequest::new().as_ritual(),
        &mut Scripted::new(&[1]),
    );
    w.apply_all(&w.advance_time(TimeSpan::minutes(10)).events);
    let done = complete_casting(&w, &detect_magic(), &mut Scripted::new(&[1])).unwrap();
    let ended = done
        .events
        .iter()
        .filter(|e| matches!(e, Event::ConcentrationEnded { .. }))
        .count();
    let finished = done
        .events
        .iter()
        .filter(|e| matches!(e, Event::LongCastEnded { .. }))
        .count();
    assert_eq!((ended, finished), (1, 1));
    assert_eq!(done.resolution.concentration_ended, None);
    assert!(done.resolution.concentration_started);
}
