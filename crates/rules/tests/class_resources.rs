//! Class resources that pay for spells (SRD 5.2): Sorcery Points and Font
//! of Magic, Sorcerous Restoration, Innate Sorcery and Sorcery Incarnate,
//! Arcane Recovery, Magical Cunning; and what each rest gives back.

mod support;

use grimoire_rules::*;
use support::*;

fn sorcerer(level: u8) -> Caster {
    caster(&[(Class::Sorcerer, level)])
}

fn apply(c: &mut Caster, step: impl FnOnce(&Caster) -> Result<Outcome, RulesError>) {
    let out = step(c).unwrap_or_else(|e| panic!("{e}"));
    c.apply_all(&out.events);
}

/// Asserts a refusal's code and that it came from `feature` (or from a
/// core rule when `feature` is empty).
fn refused(out: Result<Outcome, RulesError>, code: &str, feature: &str) -> RulesError {
    let err = match out {
        Ok(_) => panic!("expected {code}"),
        Err(e) => e,
    };
    assert_eq!(err.code(), code, "{err}");
    assert_eq!(err.feature().unwrap_or(""), feature, "{err}");
    err
}

/// Spends every regular slot of `level` with Magic Missile, a turn each.
fn spend_slots(c: &mut Caster, level: u8, count: u8) {
    for _ in 0..count {
        let req = CastRequest {
            slot_kind: SlotKind::Regular,
            ..CastRequest::new().at_slot(slot(level))
        };
        cast_ok(c, &magic_missile(), &req, &mut Scripted::new(&[1]));
        c.apply_all(&c.end_turn().events);
    }
}

/// Spends `count` Pact slots with Hex, a turn each.
fn spend_pact_slots(c: &mut Caster, count: u8) {
    for _ in 0..count {
        let req = CastRequest {
            slot_kind: SlotKind::Pact,
            ..CastRequest::new().target(Target::named("Orc"))
        };
        cast_ok(c, &hex(), &req, &mut Scripted::new(&[1]));
        c.apply_all(&c.end_turn().events);
    }
}

#[test]
fn font_of_magic_gives_sorcery_points_equal_to_sorcerer_level_from_level_2() {
    assert_eq!(sorcerer(1).sorcery_points_max(), 0);
    assert_eq!(sorcerer(2).sorcery_points(), 2);
    assert_eq!(sorcerer(20).sorcery_points(), 20);
    assert_eq!(wizard(5).sorcery_points_max(), 0);
    let mc = caster(&[(Class::Sorcerer, 3), (Class::Wizard, 5)]);
    assert_eq!(mc.sorcery_points_max(), 3, "Sorcerer levels only");
}

#[test]
fn font_of_magic_turns_a_slot_into_points_equal_to_its_level() {
    let mut s = sorcerer(5);
    apply(&mut s, |c| {
        c.spend_sorcery_points(5, ClassFeature::FontOfMagic, "test")
    });
    assert_eq!(s.sorcery_points(), 0);
    apply(&mut s, |c| c.slot_to_points(slot(3), false));
    assert_eq!(s.sorcery_points(), 3);
    assert_eq!(s.slots().remaining(slot(3)), 1);
    assert!(!s.turn().slot_spent, "R10 counts casting, not converting");
    assert!(s.turn().available(ActionKind::BonusAction), "no action");
}

#[test]
fn font_of_magic_refuses_points_over_the_maximum() {
    let s = sorcerer(5);
    let err = refused(
        s.slot_to_points(slot(1), false),
        "sorcery_points_full",
        "font-of-magic",
    );
    assert_eq!(err.rule(), None);
}

#[test]
fn font_of_magic_refuses_a_slot_the_caster_does_not_have() {
    let mut s = sorcerer(5);
    apply(&mut s, |c| {
        c.spend_sorcery_points(5, ClassFeature::FontOfMagic, "test")
    });
    let err = s.slot_to_points(slot(4), false).unwrap_err();
    assert_eq!(err.code(), "no_slot_available");
}

#[test]
fn font_of_magic_turns_a_pact_slot_into_points() {
    let mut mc = caster(&[(Class::Sorcerer, 4), (Class::Warlock, 3)]);
    apply(&mut mc, |c| {
        c.spend_sorcery_points(4, ClassFeature::FontOfMagic, "test")
    });
    apply(&mut mc, |c| c.slot_to_points(slot(2), true));
    assert_eq!(mc.pact_slots().map(PactSlots::remaining), Some(1));
    assert_eq!(mc.sorcery_points(), 2);
    assert_eq!(mc.slots().remaining(slot(2)), 3, "regular slots untouched");
}

#[test]
fn font_of_magic_creates_a_slot_for_the_table_cost_as_a_bonus_action() {
    let mut s = sorcerer(5);
    apply(&mut s, |c| c.create_slot(slot(3)));
    assert_eq!(s.sorcery_points(), 0, "a level-3 slot costs 5 points");
    assert_eq!(s.slots().created(slot(3)), 1);
    assert_eq!(s.slots().available(slot(3)), 3);
    assert_eq!(s.slots().remaining(slot(3)), 2, "the table's slots stay");
    assert!(!s.turn().available(ActionKind::BonusAction));
}

#[test]
fn font_of_magic_refuses_slot_above_fifth() {
    let s = sorcerer(20);
    let err = refused(
        s.create_slot(slot(6)),
        "slot_too_high_to_create",
        "font-of-magic",
    );
    assert_eq!(err.args()[1], ("level", Arg::Number(6)));
}

#[test]
fn font_of_magic_refuses_a_slot_below_its_sorcerer_level() {
    let s = sorcerer(7);
    let err = refused(
        s.create_slot(slot(5)),
        "sorcerer_level_too_low",
        "font-of-magic",
    );
    assert!(err.args().contains(&("needed", Arg::Number(9))));
}

#[test]
fn font_of_magic_refuses_without_enough_points() {
    let mut s = sorcerer(9);
    apply(&mut s, |c| {
        c.spend_sorcery_points(3, ClassFeature::FontOfMagic, "test")
    });
    let err = refused(s.create_slot(slot(5)), "no_sorcery_points", "font-of-magic");
    assert!(err.args().contains(&("left", Arg::Number(6))));
    assert!(err.args().contains(&("needed", Arg::Number(7))));
}

#[test]
fn font_of_magic_needs_sorcerer_level_2() {
    refused(
        sorcerer(1).create_slot(slot(1)),
        "feature_not_had",
        "font-of-magic",
    );
    refused(
        wizard(5).slot_to_points(slot(1), false),
        "feature_not_had",
        "font-of-magic",
    );
}

#[test]
fn font_of_magic_creating_needs_the_bonus_action() {
    let mut s = sorcerer(5);
    apply(&mut s, |c| c.create_slot(slot(1)));
    let err = s.create_slot(slot(1)).unwrap_err();
    assert_eq!(err.code(), "action_unavailable");
}

#[test]
fn font_of_magic_created_slot_vanishes_on_a_long_rest() {
    let mut s = sorcerer(5);
    apply(&mut s, |c| c.create_slot(slot(2)));
    s.apply_all(&s.short_rest().events);
    assert_eq!(s.slots().created(slot(2)), 1, "a Short Rest keeps it");
    s.apply_all(&s.long_rest().events);
    assert_eq!(s.slots().created(slot(2)), 0);
    assert_eq!(s.sorcery_points(), 5, "every point is back");
    assert!(s.slots().is_full());
}

#[test]
fn font_of_magic_created_slot_is_a_spell_slot_for_r3_and_r10() {
    let mut s = sorcerer(5);
    spend_slots(&mut s, 3, 2);
    apply(&mut s, |c| c.create_slot(slot(3)));
    let out = cast_ok(
        &mut s,
        &fireball(),
        &CastRequest::new(),
        &mut Scripted::new(&[1]),
    );
    assert_eq!(out.resolution.slot.map(|x| x.level), Some(slot(3)));
    assert_eq!(s.slots().created(slot(3)), 0);
    assert_eq!(
        refusal(&s, &magic_missile(), &CastRequest::new()).code(),
        "one_slot_per_turn",
        "R10: the created slot was the turn's slot"
    );
}

#[test]
fn font_of_magic_created_slot_is_spent_before_the_tables() {
    let mut s = sorcerer(5);
    apply(&mut s, |c| c.create_slot(slot(1)));
    s.apply_all(&s.end_turn().events);
    spend_slots(&mut s, 1, 1);
    assert_eq!(s.slots().created(slot(1)), 0);
    assert_eq!(s.slots().remaining(slot(1)), 4);
}

#[test]
fn sorcery_points_spent_by_metamagic_refuse_with_no_sorcery_points() {
    let mut s = sorcerer(3);
    apply(&mut s, |c| {
        c.spend_sorcery_points(2, ClassFeature::FontOfMagic, "quickened-spell")
    });
    assert_eq!(s.sorcery_points(), 1);
    let before = s.clone();
    refused(
        s.spend_sorcery_points(2, ClassFeature::FontOfMagic, "quickened-spell"),
        "no_sorcery_points",
        "font-of-magic",
    );
    assert_eq!(s, before);
}

#[test]
fn sorcerous_restoration_regains_half_the_sorcerer_level_once_per_long_rest() {
    let mut s = sorcerer(9);
    apply(&mut s, |c| {
        c.spend_sorcery_points(9, ClassFeature::FontOfMagic, "test")
    });
    let choices = ShortRestChoices {
        sorcerous_restoration: true,
        ..ShortRestChoices::default()
    };
    apply(&mut s, |c| c.short_rest_with(&choices));
    assert_eq!(s.sorcery_points(), 4, "half of 9, rounded down");
    let before = s.clone();
    refused(
        s.short_rest_with(&choices),
        "sorcerous_restoration_used",
        "sorcerous-restoration",
    );
    assert_eq!(s, before, "the refused rest did not happen");
    s.apply_all(&s.long_rest().events);
    apply(&mut s, |c| {
        c.spend_sorcery_points(1, ClassFeature::FontOfMagic, "test")
    });
    apply(&mut s, |c| c.short_rest_with(&choices));
    assert_eq!(s.sorcery_points(), 9, "no more than were spent");
}

#[test]
fn sorcerous_restoration_needs_sorcerer_level_5_and_spent_points() {
    let choices = ShortRestChoices {
        sorcerous_restoration: true,
        ..ShortRestChoices::default()
    };
    refused(
        sorcerer(4).short_rest_with(&choices),
        "feature_not_had",
        "sorcerous-restoration",
    );
    refused(
        sorcerer(5).short_rest_with(&choices),
        "nothing_to_recover",
        "sorcerous-restoration",
    );
}

#[test]
fn innate_sorcery_adds_one_to_the_save_dc_of_sorcerer_spells() {
    let mut s = sorcerer(5);
    let dc = allowed(&s, &fireball(), &CastRequest::new())
        .resolution
        .save_dc;
    apply(&mut s, |c| c.start_innate_sorcery());
    s.apply_all(&s.end_turn().events);
    let out = allowed(&s, &fireball(), &CastRequest::new());
    assert_eq!(out.resolution.save_dc, dc + 1);
}

#[test]
fn innate_sorcery_does_not_touch_another_classs_spells() {
    let mut mc = caster(&[(Class::Sorcerer, 1), (Class::Wizard, 5)]);
    apply(&mut mc, |c| c.start_innate_sorcery());
    mc.apply_all(&mc.end_turn().events);
    let req = CastRequest::new().with_class(Class::Wizard);
    let out = allowed(&mc, &fireball(), &req);
    assert_eq!(out.resolution.save_dc, mc.save_dc(Class::Wizard));
}

#[test]
fn innate_sorcery_gives_advantage_on_sorcerer_spell_attacks() {
    let mut s = sorcerer(5);
    let req = CastRequest::new().target(Target::named("Goblin"));
    let plain = allowed(&s, &fire_bolt(), &req);
    assert_eq!(plain.resolution.rolls[0].dice.len(), 1);
    apply(&mut s, |c| c.start_innate_sorcery());
    let out = allowed(&s, &fire_bolt(), &req);
    assert_eq!(out.resolution.rolls[0].dice.len(), 2, "two d20s: Advantage");
    let dis = CastRequest {
        roll_mode: RollMode::Disadvantage,
        ..req
    };
    let out = allowed(&s, &fire_bolt(), &dis);
    assert_eq!(out.resolution.rolls[0].dice.len(), 1, "they cancel");
}

#[test]
fn innate_sorcery_lasts_one_minute() {
    let mut s = sorcerer(3);
    apply(&mut s, |c| c.start_innate_sorcery());
    assert_eq!(s.innate_sorcery_left(), Some(10));
    s.apply_all(&s.wait(9).events);
    assert!(s.innate_sorcery_active());
    s.apply_all(&s.wait(1).events);
    assert!(!s.innate_sorcery_active());
}

#[test]
fn innate_sorcery_has_two_uses_per_long_rest() {
    let mut s = sorcerer(6);
    for _ in 0..2 {
        apply(&mut s, |c| c.start_innate_sorcery());
        refused(
            s.start_innate_sorcery(),
            "innate_sorcery_active",
            "innate-sorcery",
        );
        s.apply_all(&s.wait(10).events);
    }
    assert_eq!(s.innate_sorcery_uses(), 0);
    refused(
        s.start_innate_sorcery(),
        "no_feature_uses",
        "innate-sorcery",
    );
    s.apply_all(&s.long_rest().events);
    assert_eq!(s.innate_sorcery_uses(), 2);
}

#[test]
fn sorcery_incarnate_starts_innate_sorcery_for_two_points() {
    let mut s = sorcerer(7);
    for _ in 0..2 {
        apply(&mut s, |c| c.start_innate_sorcery());
        s.apply_all(&s.wait(10).events);
    }
    apply(&mut s, |c| c.start_innate_sorcery());
    assert!(s.innate_sorcery_active());
    assert_eq!(s.sorcery_points(), 5);
    s.apply_all(&s.wait(10).events);
    apply(&mut s, |c| {
        c.spend_sorcery_points(4, ClassFeature::FontOfMagic, "test")
    });
    refused(
        s.start_innate_sorcery(),
        "no_sorcery_points",
        "sorcery-incarnate",
    );
}

#[test]
fn arcane_recovery_brings_back_slots_up_to_half_the_wizard_level() {
    let mut w = wizard(6);
    spend_slots(&mut w, 2, 1);
    spend_slots(&mut w, 1, 2);
    let choices = ShortRestChoices {
        arcane_recovery: vec![slot(2), slot(1)],
        ..ShortRestChoices::default()
    };
    apply(&mut w, |c| c.short_rest_with(&choices));
    assert_eq!(w.slots().remaining(slot(2)), 3);
    assert_eq!(w.slots().remaining(slot(1)), 3);
    assert_eq!(w.arcane_recovery_left(), None);
}

#[test]
fn arcane_recovery_used_once_per_long_rest() {
    let mut w = wizard(4);
    spend_slots(&mut w, 1, 3);
    let one = ShortRestChoices {
        arcane_recovery: vec![slot(1)],
        ..ShortRestChoices::default()
    };
    apply(&mut w, |c| c.short_rest_with(&one));
    refused(
        w.short_rest_with(&one),
        "arcane_recovery_used",
        "arcane-recovery",
    );
    w.apply_all(&w.long_rest().events);
    assert_eq!(w.arcane_recovery_left(), Some(2));
}

#[test]
fn arcane_recovery_too_many_levels() {
    let mut w = wizard(4);
    spend_slots(&mut w, 2, 2);
    let err = refused(
        w.short_rest_with(&ShortRestChoices {
            arcane_recovery: vec![slot(2), slot(1)],
            ..ShortRestChoices::default()
        }),
        "arcane_recovery_too_many_levels",
        "arcane-recovery",
    );
    assert!(err.args().contains(&("max", Arg::Number(2))));
}

#[test]
fn arcane_recovery_slot_too_high() {
    let mut w = wizard(20);
    spend_slots(&mut w, 6, 1);
    refused(
        w.short_rest_with(&ShortRestChoices {
            arcane_recovery: vec![slot(6)],
            ..ShortRestChoices::default()
        }),
        "arcane_recovery_slot_too_high",
        "arcane-recovery",
    );
}

#[test]
fn arcane_recovery_takes_back_only_expended_slots() {
    let mut w = wizard(6);
    spend_slots(&mut w, 1, 1);
    refused(
        w.short_rest_with(&ShortRestChoices {
            arcane_recovery: vec![slot(1), slot(1)],
            ..ShortRestChoices::default()
        }),
        "slot_not_expended",
        "arcane-recovery",
    );
    refused(
        sorcerer(5).short_rest_with(&ShortRestChoices {
            arcane_recovery: vec![slot(1)],
            ..ShortRestChoices::default()
        }),
        "feature_not_had",
        "arcane-recovery",
    );
}

#[test]
fn arcane_recovery_default_takes_the_highest_expended_slots_within_budget() {
    let mut w = wizard(9);
    spend_slots(&mut w, 5, 1);
    spend_slots(&mut w, 3, 1);
    spend_slots(&mut w, 1, 2);
    assert_eq!(w.arcane_recovery_default(), vec![slot(5)]);
    let mut w = wizard(10);
    spend_slots(&mut w, 4, 1);
    spend_slots(&mut w, 1, 2);
    assert_eq!(w.arcane_recovery_default(), vec![slot(4), slot(1)]);
}

#[test]
fn magical_cunning_brings_back_half_the_pact_slots_rounded_up() {
    let mut w = warlock(11);
    spend_pact_slots(&mut w, 3);
    let before = w.now();
    apply(&mut w, |c| c.magical_cunning());
    assert_eq!(
        w.pact_slots().map(PactSlots::remaining),
        Some(2),
        "3 / 2 up"
    );
    assert_eq!(w.now() - before, 10, "the rite takes a minute");
    refused(
        w.magical_cunning(),
        "magical_cunning_used",
        "magical-cunning",
    );
    w.apply_all(&w.long_rest().events);
    refused(w.magical_cunning(), "nothing_to_recover", "magical-cunning");
    refused(
        warlock(1).magical_cunning(),
        "feature_not_had",
        "magical-cunning",
    );
}

#[test]
fn resource_events_replay_to_the_same_caster() {
    let start = sorcerer(9);
    let mut s = start.clone();
    let mut log = Vec::new();
    for out in [s.create_slot(slot(2)), Ok(s.end_turn())] {
        let out = out.unwrap();
        s.apply_all(&out.events);
        log.extend(out.events);
    }
    for step in [
        |c: &Caster| c.slot_to_points(slot(2), false),
        |c: &Caster| c.start_innate_sorcery(),
        |c: &Caster| Ok(c.end_turn()),
        |c: &Caster| {
            c.short_rest_with(&ShortRestChoices {
                sorcerous_restoration: true,
                ..ShortRestChoices::default()
            })
        },
        |c: &Caster| Ok(c.long_rest()),
    ] {
        let out = step(&s).unwrap_or_else(|e| panic!("{e}"));
        s.apply_all(&out.events);
        log.extend(out.events);
    }
    assert_eq!(start.replay(&log), s);
    let json = serde_json::to_string(&log).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, log);
}

#[test]
fn a_caster_stored_before_class_resources_reads_as_rested() {
    let s = sorcerer(5);
    let json = serde_json::to_value(&s).unwrap();
    assert!(
        json.get("resources").is_none(),
        "nothing spent is not written"
    );
    assert!(json["slots"].get("created").is_none());
    let back: Caster = serde_json::from_value(json).unwrap();
    assert_eq!(back.sorcery_points(), 5);
    assert_eq!(back.innate_sorcery_uses(), 2);
}

/// SRD 5.2, level by level: Sorcery Points and the slots Font of Magic can
/// create (Sorcerer table, Creating Spell Slots), the combined levels of
/// Arcane Recovery (Wizard), and the Pact slots Magical Cunning brings back
/// (Warlock table).
#[test]
fn srd_5_2_level_tables_for_font_of_magic_arcane_recovery_and_magical_cunning() {
    // (level, sorcery points, highest slot Font of Magic creates)
    let sorcerer_table = [
        (1, 0, 0),
        (2, 2, 1),
        (3, 3, 2),
        (4, 4, 2),
        (5, 5, 3),
        (6, 6, 3),
        (7, 7, 4),
        (8, 8, 4),
        (9, 9, 5),
        (10, 10, 5),
        (11, 11, 5),
        (12, 12, 5),
        (13, 13, 5),
        (14, 14, 5),
        (15, 15, 5),
        (16, 16, 5),
        (17, 17, 5),
        (18, 18, 5),
        (19, 19, 5),
        (20, 20, 5),
    ];
    for (level, points, highest) in sorcerer_table {
        let s = sorcerer(level);
        assert_eq!(s.sorcery_points(), points, "Sorcerer {level}");
        let creatable = SlotLevel::ALL
            .iter()
            .filter(|l| {
                // Enough points and the Bonus Action: only the table decides.
                s.create_slot(**l).is_ok()
                    || s.create_slot(**l)
                        .is_err_and(|e| e.code() == "no_sorcery_points")
            })
            .map(|l| l.get())
            .max()
            .unwrap_or(0);
        assert_eq!(creatable, highest, "Sorcerer {level}");
    }
    // (Wizard level, combined slot levels)
    for (level, budget) in [
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 3),
        (6, 3),
        (7, 4),
        (8, 4),
        (9, 5),
        (10, 5),
        (11, 6),
        (12, 6),
        (13, 7),
        (14, 7),
        (15, 8),
        (16, 8),
        (17, 9),
        (18, 9),
        (19, 10),
        (20, 10),
    ] {
        assert_eq!(
            wizard(level).arcane_recovery_left(),
            Some(budget),
            "Wizard {level}"
        );
    }
    // (Warlock level, Pact slots, slots Magical Cunning brings back from none left)
    for (level, slots, back) in [
        (2, 2, 1),
        (3, 2, 1),
        (5, 2, 1),
        (9, 2, 1),
        (10, 2, 1),
        (11, 3, 2),
        (16, 3, 2),
        (17, 4, 2),
        (20, 4, 2),
    ] {
        let mut w = warlock(level);
        spend_pact_slots(&mut w, slots);
        assert_eq!(w.pact_slots().map(PactSlots::remaining), Some(0));
        apply(&mut w, |c| c.magical_cunning());
        assert_eq!(
            w.pact_slots().map(PactSlots::remaining),
            Some(back),
            "Warlock {level}"
        );
    }
}

#[test]
fn innate_sorcery_shows_in_the_sorcerer_save_dc_while_it_lasts() {
    let mut s = sorcerer(5);
    let dc = s.save_dc(Class::Sorcerer);
    apply(&mut s, |c| c.start_innate_sorcery());
    assert_eq!(s.save_dc(Class::Sorcerer), dc + 1);
    s.apply_all(&s.wait(10).events);
    assert_eq!(s.save_dc(Class::Sorcerer), dc);
}

/// A Wizard of `level` whose spellbook holds Magic Missile, Shield and
/// Identify, with only Magic Missile and Shield prepared.
fn wizard_with_book(level: u8) -> Caster {
    let mut w = wizard(level);
    for id in w.prepared().clone() {
        let out = w.unprepare(&id);
        w.apply_all(&out.events);
    }
    for spell in [magic_missile(), shield(), identify()] {
        apply(&mut w, |c| c.copy_to_spellbook(&spell));
    }
    for spell in [magic_missile(), shield()] {
        apply(&mut w, |c| c.prepare(&spell));
    }
    w
}

fn memorize(forget: Spell, learn: Spell) -> ShortRestChoices {
    ShortRestChoices {
        memorize: Some(Box::new(MemorizedSwap { forget, learn })),
        ..ShortRestChoices::default()
    }
}

#[test]
fn memorize_spell_swaps_a_prepared_spell_for_one_of_the_spellbook_on_a_short_rest() {
    let mut w = wizard_with_book(5);
    let count = w.prepared().len();
    apply(&mut w, |c| {
        c.short_rest_with(&memorize(shield(), identify()))
    });
    assert!(w.prepared().contains(&identify().id));
    assert!(!w.prepared().contains(&shield().id));
    assert_eq!(w.prepared().len(), count, "a swap keeps the count");
    // Every Short Rest allows it again: no once-per-rest limit.
    apply(&mut w, |c| {
        c.short_rest_with(&memorize(identify(), shield()))
    });
    assert!(w.prepared().contains(&shield().id));
}

#[test]
fn memorize_spell_needs_wizard_5() {
    let w = wizard_with_book(4);
    let before = w.clone();
    refused(
        w.short_rest_with(&memorize(shield(), identify())),
        "feature_not_had",
        "memorize-spell",
    );
    assert_eq!(w, before);
}

#[test]
fn memorize_spell_forgets_only_a_prepared_spell_of_the_spellbook() {
    let w = wizard_with_book(5);
    // Identify is in the book but not prepared.
    let err = refused(
        w.short_rest_with(&memorize(identify(), shield())),
        "memorize_not_prepared",
        "memorize-spell",
    );
    assert!(err.to_string().contains("Identify"), "{err}");
    // A cantrip is never swapped.
    refused(
        w.short_rest_with(&memorize(fire_bolt(), identify())),
        "memorize_not_prepared",
        "memorize-spell",
    );
}

#[test]
fn memorize_spell_learns_only_an_unprepared_spell_of_the_spellbook() {
    let w = wizard_with_book(5);
    // Fireball is a Wizard spell, but not in this spellbook.
    refused(
        w.short_rest_with(&memorize(shield(), fireball())),
        "memorize_not_in_book",
        "memorize-spell",
    );
    // Magic Missile is prepared already.
    refused(
        w.short_rest_with(&memorize(shield(), magic_missile())),
        "memorize_not_in_book",
        "memorize-spell",
    );
}

#[test]
fn memorize_spell_without_a_kept_spellbook_takes_any_wizard_spell_of_a_preparable_level() {
    let mut w = wizard(5);
    for id in w.prepared().clone() {
        let out = w.unprepare(&id);
        w.apply_all(&out.events);
    }
    assert!(w.spellbook().is_none());
    apply(&mut w, |c| c.prepare(&shield()));
    apply(&mut w, |c| {
        c.short_rest_with(&memorize(shield(), fireball()))
    });
    assert!(w.prepared().contains(&fireball().id));
    // Cure Wounds is no Wizard spell; Cone of Cold is above level 3.
    refused(
        w.short_rest_with(&memorize(fireball(), cure_wounds())),
        "memorize_not_in_book",
        "memorize-spell",
    );
    let err = w
        .short_rest_with(&memorize(fireball(), cone_of_cold()))
        .unwrap_err();
    assert_eq!(err.code(), "spell_level_too_high", "R1: {err}");
}
