//! Stat-block casters (R5c with the block's DC, R19/R20) and Reactions
//! that interrupt (R11): the pending cast, the window, 2024 Counterspell
//! and Shield.

mod support;

use grimoire_rules::*;
use support::*;

fn counterspell() -> Spell {
    let mut s = Spell::new(
        id("counterspell"),
        "Counterspell",
        lvl(3),
        School::Abjuration,
    );
    s.classes = vec![Class::Sorcerer, Class::Warlock, Class::Wizard];
    s.casting_time = CastingTime::Reaction {
        trigger: "when you see a creature within range casting a spell".into(),
    };
    s.range = Range::Feet(60);
    s.components.verbal = false;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Constitution,
        on_success: OnSave::None,
    };
    s
}

fn each(name: &str, uses: u8, spells: &[(&str, Option<u8>)]) -> SpellGroup {
    SpellGroup {
        name: name.into(),
        frequency: if uses == 0 {
            Frequency::AtWill
        } else {
            Frequency::PerDay(uses)
        },
        shared: false,
        spells: spells
            .iter()
            .map(|(s, l)| BlockSpell {
                spell: id(s),
                level: l.map(lvl),
            })
            .collect(),
        no_components: false,
    }
}

/// A 2024 Mage as its stat block gives it (INT, DC 14, +6).
fn mage() -> Caster {
    let block = StatBlockCasting {
        cantrip_level: 0,
        ability: Ability::Intelligence,
        save_dc: 14,
        attack_bonus: 6,
        groups: vec![
            each(
                "At Will",
                0,
                &[("detect-magic", None), ("mage-armor", None)],
            ),
            each("2/Day Each", 2, &[("fireball", Some(4))]),
            each("1/Day Each", 1, &[("cone-of-cold", None)]),
            SpellGroup {
                shared: true,
                ..each(
                    "Protective Magic",
                    3,
                    &[("counterspell", None), ("shield", None)],
                )
            },
        ],
        slots: [0; 9],
        slot_spells: Vec::new(),
        saves: vec![(Ability::Intelligence, 6), (Ability::Wisdom, 4)],
        no_material: false,
    };
    let scores = AbilityScores::new([9, 14, 11, 17, 12, 11]).unwrap();
    Caster::from_stat_block("Cave Mage", scores, block).unwrap()
}

fn use_left(c: &Caster, name: &str) -> u8 {
    c.features()
        .iter()
        .find(|f| f.name == name)
        .map(LimitedUse::remaining)
        .unwrap()
}

#[test]
fn r5c_stat_block_caster_has_no_class_and_casts_at_will_freely() {
    let mut m = mage();
    assert!(m.classes().is_empty());
    assert!(m.stat_block().is_some());
    for _ in 0..3 {
        let out = cast_plain(&mut m, &detect_magic());
        assert_eq!(out.resolution.slot, None);
        assert_eq!(out.resolution.class, None);
        m.apply_all(&m.end_turn().events);
    }
}

#[test]
fn r19_r20_stat_block_dc_and_attack_bonus_are_the_blocks() {
    let mut m = mage();
    let req = CastRequest::new().target(Target::named("Elmira"));
    let out = cast_ok(&mut m, &fireball(), &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.save_dc, 14);
    assert_eq!(out.resolution.attack_bonus, 6);
}

#[test]
fn r6_level_version_of_a_per_day_spell_casts_at_that_level() {
    let m = mage();
    let req = CastRequest::new().target(Target::named("Elmira"));
    let out = allowed(&m, &fireball(), &req);
    assert_eq!(out.resolution.cast_level, lvl(4));
    // 8d6 + 1d6 for the level above 3.
    assert_eq!(out.resolution.targets[0].damage[0].rolled, 9);
}

#[test]
fn r5c_per_day_each_runs_out_and_long_rest_restores() {
    let mut m = mage();
    let name = "1/Day Each: cone-of-cold";
    assert_eq!(use_left(&m, name), 1);
    cast_plain(&mut m, &cone_of_cold());
    assert_eq!(use_left(&m, name), 0);
    m.apply_all(&m.end_turn().events);
    let err = assert_refused(
        &m,
        &cone_of_cold(),
        &CastRequest::new(),
        "no_uses_left",
        "R5c",
    );
    assert_eq!(err.args(), vec![("name", Arg::Text(name.into()))]);
    m.apply_all(&m.long_rest().events);
    assert_eq!(use_left(&m, name), 1);
}

#[test]
fn r5c_spell_not_on_the_block_is_refused() {
    let m = mage();
    let err = assert_refused(
        &m,
        &magic_missile(),
        &CastRequest::new(),
        "not_in_stat_block",
        "R5c",
    );
    assert_eq!(
        err.args(),
        vec![("spell", Arg::Name(SpellName::of(&magic_missile())))]
    );
}

#[test]
fn r14_components_still_apply_to_a_stat_block_caster() {
    let mut m = mage();
    m.apply_all(&m.set_silence(true, false).events);
    // Detect Magic has a verbal component.
    assert_refused(&m, &detect_magic(), &CastRequest::new(), "silenced", "R14a");
}

#[test]
fn r10_a_block_with_slots_spends_one_slot_per_turn() {
    let block = StatBlockCasting {
        cantrip_level: 0,
        ability: Ability::Intelligence,
        save_dc: 14,
        attack_bonus: 6,
        groups: Vec::new(),
        slots: [4, 3, 3, 0, 0, 0, 0, 0, 0],
        slot_spells: vec![id("magic-missile"), id("misty-step"), id("fireball")],
        saves: Vec::new(),
        no_material: false,
    };
    let scores = AbilityScores::new([9, 14, 11, 17, 12, 11]).unwrap();
    let mut m = Caster::from_stat_block("Old Mage", scores, block).unwrap();
    let req = CastRequest::new().target(Target::named("Goblin"));
    let out = cast_ok(&mut m, &magic_missile(), &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.slot.map(|s| s.level), Some(slot(1)));
    assert_refused(
        &m,
        &misty_step(),
        &CastRequest::new(),
        "one_slot_per_turn",
        "R10",
    );
}

#[test]
fn r5c_homebrew_block_errors_name_what_is_wrong() {
    let check = |change: &dyn Fn(&mut StatBlockCasting), expected: Invalid| {
        let scores = AbilityScores::new([10; 6]).unwrap();
        let mut block = mage().stat_block().unwrap().clone();
        change(&mut block);
        let err = Caster::from_stat_block("X", scores, block).unwrap_err();
        assert_eq!(err.code(), "invalid_request", "{err}");
        assert_eq!(
            err.args(),
            vec![("reason", Arg::Reason(expected.clone()))],
            "{err}"
        );
        assert_eq!(err, RulesError::InvalidRequest { reason: expected });
    };
    check(&|b| b.save_dc = 0, Invalid::SaveDcOutOfRange { dc: 0 });
    check(
        &|b| b.attack_bonus = 31,
        Invalid::AttackBonusOutOfRange { bonus: 31 },
    );
    check(&|b| b.groups.clear(), Invalid::NoSpellsListed);
    check(
        &|b| b.groups[0].name = " ".into(),
        Invalid::UnnamedSpellLine,
    );
    check(
        &|b| b.groups[2].spells.clear(),
        Invalid::EmptySpellLine {
            line: "1/Day Each".into(),
        },
    );
    check(
        &|b| b.groups[1].frequency = Frequency::PerDay(0),
        Invalid::PerDayOutOfRange {
            line: "2/Day Each".into(),
            per_day: 0,
        },
    );
    // At will, a spell is one spell on every line that lists it.
    check(
        &|b| b.groups.push(each("More", 0, &[("mage-armor", None)])),
        Invalid::SpellListedTwice {
            spell: "mage-armor".into(),
            line: "More".into(),
        },
    );
    check(
        &|b| b.slots[2] = 10,
        Invalid::TooManySlots {
            level: 3,
            slots: 10,
        },
    );
    check(
        &|b| b.slot_spells.push(id("fireball")),
        Invalid::SlotSpellsWithoutSlots,
    );
}

fn duel() -> (Encounter, Caster) {
    let mut wizard_c = Combatant::new("Elmira", 20);
    wizard_c.hp = Some(30);
    let mut mage_c = Combatant::new("Cave Mage", 10);
    mage_c.caster = Some(Box::new(mage()));
    let mut enc = Encounter::new(vec![wizard_c, mage_c]).unwrap();
    let turn = enc.next_turn();
    enc.apply_all(&turn.events);
    let mut wizard = with_prepared(wizard(9), &[counterspell()]);
    wizard.apply_all(&turn.caster_events);
    (enc, wizard)
}

fn creature(enc: &Encounter, name: &str) -> Caster {
    *enc.combatant(name).unwrap().caster.clone().unwrap()
}

#[test]
fn r11_counterspell_failed_save_wastes_the_action_and_keeps_the_slot() {
    let (mut enc, mut wizard) = duel();
    let l3 = slot(3);
    let before = wizard.slots().remaining(l3);
    let req = CastRequest::new().target(Target::named("Cave Mage"));
    check_cast(&wizard, &fireball(), &req).unwrap();
    let pending = PendingCast {
        caster: "Elmira".into(),
        spell: id("fireball"),
        spell_name: "Fireball".into(),
        request: req.clone(),
        action: cast_action(&wizard, &fireball(), &req).unwrap(),
        unseen: false,
    };
    let trigger = Trigger::SpellCast {
        caster: "Elmira".into(),
        spell: id("fireball"),
        spell_name: "Fireball".into(),
    };
    let opened = enc.open_window(trigger.clone(), Some(pending)).unwrap();
    enc.apply_all(&opened);
    // R11: the window is state; a second cast waits.
    let err = enc.check_no_window().unwrap_err();
    assert_eq!(
        (err.code(), err.rule()),
        ("reaction_window_open", Some("R11"))
    );
    assert_eq!(
        err,
        RulesError::ReactionWindowOpen {
            caster: "Elmira".into(),
            spell: Some("Fireball".into()),
            trigger: TriggerKind::SpellCast,
        }
    );

    // The Mage answers with Counterspell from Protective Magic, off its turn.
    let m = creature(&enc, "Cave Mage");
    enc.check_answer("Cave Mage", Some(&counterspell()))
        .unwrap();
    let mut target = Target::named("Elmira");
    target.stats = Some(TargetStats {
        saves: vec![(
            Ability::Constitution,
            wizard.save_bonus(Ability::Constitution),
        )],
        ..TargetStats::default()
    });
    let mut creq = CastRequest::new().target(target);
    creq.off_turn = true;
    creq.trigger = Some(trigger.describe());
    // The d20 rolls 1: the wizard fails the Constitution save.
    let out = cast(&m, &counterspell(), &creq, &mut Scripted::new(&[1])).unwrap();
    assert_eq!(out.resolution.save_dc, 14);
    assert!(counters(&counterspell(), &out.resolution));
    let mut events = enc.creature_events("Cave Mage", &out.events);
    events.push(EncounterEvent::Answered {
        answer: Answer {
            name: "Cave Mage".into(),
            spell: Some(id("counterspell")),
        },
    });
    events.push(EncounterEvent::WindowClosed);
    let replayed_from = enc.clone();
    enc.apply_all(&events);
    let pending = replayed_from.window().unwrap().pending.clone().unwrap();
    wizard.apply_all(&countered_events(&pending));

    // The slot is not expended; the action is gone; R10 is not marked.
    assert_eq!(wizard.slots().remaining(l3), before);
    assert!(!wizard.turn().available(ActionKind::Action));
    assert!(!wizard.turn().slot_spent);
    assert_eq!(
        use_left(&creature(&enc, "Cave Mage"), "Protective Magic"),
        2
    );
    assert!(enc.window().is_none());
    // Replay: the same events over the old state give the same state.
    let mut again = replayed_from;
    again.apply_all(&events);
    assert_eq!(again, enc);
}

#[test]
fn r11_r10_counterspell_slot_on_anothers_turn_leaves_the_own_turn_slot() {
    let mut w = with_prepared(wizard(9), &[counterspell()]);
    let mut req = CastRequest::new().target(Target::named("Cave Mage"));
    req.off_turn = true;
    req.trigger = Some("the mage casts Fireball".into());
    let out = cast_ok(&mut w, &counterspell(), &req, &mut Scripted::new(&[20]));
    assert!(out.resolution.slot.is_some());
    assert!(!counters(&counterspell(), &out.resolution));
    assert!(!w.turn().slot_spent);
    assert!(!w.turn().available(ActionKind::Reaction));
    // The reaction comes back at the start of the wizard's next turn.
    w.apply_all(&[Event::TurnStarted]);
    assert!(w.turn().available(ActionKind::Reaction));
    cast_plain(&mut w, &fireball());
}

#[test]
fn r11_shield_turns_a_hit_into_a_miss() {
    let (mut enc, mut wizard) = duel();
    let trigger = Trigger::Hit {
        attacker: "Cave Mage".into(),
        target: "Elmira".into(),
        attack_total: 15,
        ac: 12,
    };
    enc.apply_all(&enc.open_window(trigger.clone(), None).unwrap());
    // Counterspell does not answer a hit; the attacker cannot shield itself
    // against its own attack.
    let err = enc
        .check_answer("Cave Mage", Some(&counterspell()))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("not_an_answer", Some("R11")));
    let err = enc.check_answer("Cave Mage", Some(&shield())).unwrap_err();
    assert_eq!(err.code(), "own_trigger");
    enc.check_answer("Elmira", Some(&shield())).unwrap();
    let mut req = CastRequest::new();
    req.off_turn = true;
    req.trigger = Some(trigger.describe());
    req = req.target(Target::caster("Elmira"));
    let out = cast_ok(&mut wizard, &shield(), &req, &mut Scripted::new(&[1]));
    let board = enc.caster_events("Elmira", &out.events);
    enc.apply_all(&board);
    let ac = enc.effects().bonuses("Elmira", BonusTarget::ArmorClass);
    assert!(!hit_stands(15, 12, &ac), "12 + 5 = 17 > 15: a miss");
    assert!(hit_stands(15, 12, &[]));
    // One reaction: a second one on the same round is refused (R9).
    let err = refusal(&wizard, &shield(), &req);
    assert_eq!(err.code(), "action_unavailable");
}

#[test]
fn r11_answers_are_checked_against_the_window() {
    let (mut enc, _) = duel();
    let err = enc.check_answer("Elmira", Some(&shield())).unwrap_err();
    assert_eq!(
        (err.code(), err.rule()),
        ("no_reaction_window", Some("R11"))
    );
    let trigger = Trigger::SpellCast {
        caster: "Elmira".into(),
        spell: id("fireball"),
        spell_name: "Fireball".into(),
    };
    enc.apply_all(&enc.open_window(trigger, None).unwrap());
    let err = enc
        .check_answer("Elmira", Some(&counterspell()))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("own_trigger", Some("R11")));
    enc.apply(&EncounterEvent::Answered {
        answer: Answer {
            name: "Cave Mage".into(),
            spell: None,
        },
    });
    let err = enc
        .check_answer("Cave Mage", Some(&counterspell()))
        .unwrap_err();
    assert_eq!(err.code(), "already_answered");
    let err = enc.open_window(
        Trigger::Fall {
            creature: "Elmira".into(),
        },
        None,
    );
    // No spell waits in this window: the refusal names its trigger.
    assert_eq!(
        err.unwrap_err(),
        RulesError::ReactionWindowOpen {
            caster: "Elmira".into(),
            spell: None,
            trigger: TriggerKind::SpellCast,
        }
    );
}

#[test]
fn r11_a_creatures_reaction_returns_at_the_start_of_its_turn() {
    let (mut enc, _) = duel();
    let m = creature(&enc, "Cave Mage");
    let used = enc.creature_events(
        "Cave Mage",
        &[Event::ActionUsed {
            action: ActionKind::Reaction,
        }],
    );
    drop(m);
    enc.apply_all(&used);
    assert!(
        !creature(&enc, "Cave Mage")
            .turn()
            .available(ActionKind::Reaction)
    );
    let turn = enc.next_turn();
    assert_eq!(turn.combatant, "Cave Mage");
    enc.apply_all(&turn.events);
    assert!(
        creature(&enc, "Cave Mage")
            .turn()
            .available(ActionKind::Reaction)
    );
}

#[test]
fn r15_creature_durations_run_on_the_encounter_rounds() {
    let (mut enc, _) = duel();
    // The mage's own turn: Mage Armor (8 hours) on itself.
    let turn = enc.next_turn();
    enc.apply_all(&turn.events);
    let m = creature(&enc, "Cave Mage");
    let mut armor = mage_armor();
    armor.duration = Duration::Timed(TimeSpan::rounds_of(1));
    let out = cast(
        &m,
        &armor,
        &CastRequest::new().target(Target::caster("Cave Mage")),
        &mut Scripted::new(&[1]),
    )
    .unwrap();
    enc.apply_all(&enc.creature_events("Cave Mage", &out.events));
    assert_eq!(creature(&enc, "Cave Mage").ongoing().len(), 1);
    assert_eq!(enc.effects().in_force("Cave Mage").len(), 1);
    // Round 2 begins: one round passes for the creature and the spell ends.
    let turn = enc.next_turn();
    assert!(turn.new_round);
    enc.apply_all(&turn.events);
    assert!(creature(&enc, "Cave Mage").ongoing().is_empty());
    assert!(enc.effects().in_force("Cave Mage").is_empty());
}

#[test]
fn encounter_with_a_creature_loads_old_json_without_one() {
    let (enc, _) = duel();
    let json = serde_json::to_string(&enc).unwrap();
    let back: Encounter = serde_json::from_str(&json).unwrap();
    assert_eq!(back, enc);
    // An encounter without creatures or a window writes neither field, so
    // what was stored before them reads back unchanged.
    let plain = Encounter::new(vec![Combatant::new("Goblin", 3)]).unwrap();
    let json = serde_json::to_string(&plain).unwrap();
    assert!(
        !json.contains("window") && !json.contains("caster"),
        "{json}"
    );
    let back: Encounter = serde_json::from_str(&json).unwrap();
    assert_eq!(back, plain);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// R5c, R4: whatever a stat-block creature casts, turn after turn,
        /// its uses stay within 0..=max, a Long Rest restores exactly the
        /// maximum, and its event log replays to the same creature.
        #[test]
        fn r5c_uses_stay_in_range_and_replay(ops in proptest::collection::vec(0u8..5, 0..40)) {
            let fresh = mage();
            let mut m = fresh.clone();
            let mut log = Vec::new();
            let mut rng = Scripted::new(&[7, 3, 12]);
            for op in ops {
                let events = match op {
                    0 => cast(&m, &fireball(), &CastRequest::new(), &mut rng).map(|o| o.events),
                    1 => cast(&m, &cone_of_cold(), &CastRequest::new(), &mut rng).map(|o| o.events),
                    2 => cast(&m, &detect_magic(), &CastRequest::new(), &mut rng).map(|o| o.events),
                    3 => Ok(m.end_turn().events),
                    _ => Ok(m.long_rest().events),
                };
                if let Ok(events) = events {
                    m.apply_all(&events);
                    let rested = op == 4;
                    log.extend(events);
                    for f in m.features() {
                        prop_assert!(f.remaining() <= f.max_uses);
                        if rested {
                            prop_assert_eq!(f.remaining(), f.max_uses);
                        }
                    }
                }
            }
            prop_assert_eq!(fresh.replay(&log), m);
        }
    }
}

fn hellish_rebuke() -> Spell {
    let mut s = Spell::new(
        id("hellish-rebuke"),
        "Hellish Rebuke",
        lvl(1),
        School::Evocation,
    );
    s.classes = vec![Class::Warlock];
    s.casting_time = CastingTime::Reaction {
        trigger: "taking damage from a creature that you can see within 60 feet of yourself".into(),
    };
    s
}

#[test]
fn r11_hellish_rebuke_answers_damage_only_by_the_one_who_took_it() {
    let (mut enc, _) = duel();
    let trigger = Trigger::Damage {
        attacker: "Cave Mage".into(),
        target: "Elmira".into(),
        amount: 9,
    };
    enc.apply_all(&enc.open_window(trigger, None).unwrap());
    enc.check_answer("Elmira", Some(&hellish_rebuke())).unwrap();
    let err = enc
        .check_answer("Cave Mage", Some(&hellish_rebuke()))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("own_trigger", Some("R11")));
    let err = enc.check_answer("Elmira", Some(&shield())).unwrap_err();
    assert_eq!((err.code(), err.rule()), ("not_an_answer", Some("R11")));
    // The open trigger is named by its kind; its words are the front ends'.
    assert_eq!(
        err.args()[1],
        ("trigger", Arg::Trigger(TriggerKind::Damage)),
        "{err}"
    );
    enc.apply(&EncounterEvent::WindowClosed);
    assert!(enc.window().is_none());
}

/// A stat-block creature's cantrips grow with the level its block gives
/// them (its CR, or an older block's spellcaster level), as a character's
/// do with its level: Fire Bolt is 2d10 at 5 and 3d10 at 11.
#[test]
fn r16_stat_block_cantrips_grow_with_the_blocks_level() {
    let caster_at = |cantrip_level: u8| {
        let block = StatBlockCasting {
            cantrip_level,
            ability: Ability::Intelligence,
            save_dc: 14,
            attack_bonus: 6,
            groups: vec![each("At Will", 0, &[("fire-bolt", None)])],
            slots: [0; 9],
            slot_spells: Vec::new(),
            saves: Vec::new(),
            no_material: false,
        };
        let scores = AbilityScores::new([9, 14, 11, 17, 12, 11]).unwrap();
        Caster::from_stat_block("Adept", scores, block).unwrap()
    };
    for (level, dice) in [(0, "1d10"), (5, "2d10"), (11, "3d10"), (17, "4d10")] {
        let mut c = caster_at(level);
        let req = CastRequest::new().target(Target::named("Elmira").with_ac(5));
        let out = cast_ok(
            &mut c,
            &fire_bolt(),
            &req,
            &mut Scripted::new(&[15, 5, 5, 5, 5]),
        );
        let damage = out
            .resolution
            .rolls
            .iter()
            .find(|r| r.label.is_damage())
            .unwrap();
        assert_eq!(damage.notation, dice, "cantrip level {level}");
    }
}

/// R5c: a creature casts its own spells at their own level; naming that
/// level (a Mage's Cone of Cold at 5, its Fireball's level-4 version at 4)
/// is no slot asked for, and spends the per-day use.
#[test]
fn r5c_a_creature_casts_its_spell_when_asked_at_its_own_level() {
    let mut m = mage();
    let req = CastRequest::new()
        .at_slot(slot(5))
        .target(Target::named("Elmira"));
    let out = cast_ok(&mut m, &cone_of_cold(), &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.cast_level, lvl(5));
    assert_eq!(out.resolution.slot, None);
    assert_eq!(use_left(&m, "1/Day Each: cone-of-cold"), 0);
    m.apply_all(&m.end_turn().events);
    let req = CastRequest::new()
        .at_slot(slot(4))
        .target(Target::named("Elmira"));
    let out = cast_ok(&mut m, &fireball(), &req, &mut Scripted::new(&[1]));
    assert_eq!(out.resolution.cast_level, lvl(4));
    assert_eq!(use_left(&m, "2/Day Each: fireball"), 1);
}

/// R5c: another level than the block's is refused: the creature has no
/// slots to raise or lower it with, and nothing is spent.
#[test]
fn r5c_a_creature_cannot_cast_its_spell_at_another_level() {
    let m = mage();
    let req = CastRequest::new()
        .at_slot(slot(6))
        .target(Target::named("Elmira"));
    assert_refused(&m, &cone_of_cold(), &req, "no_such_slot", "R2");
    assert_eq!(use_left(&m, "1/Day Each: cone-of-cold"), 1);
}

/// R5c: naming a level does not let a creature cast a spell its block
/// does not list.
#[test]
fn r5c_a_level_does_not_put_a_spell_on_the_block() {
    let m = mage();
    let req = CastRequest::new().at_slot(slot(1));
    assert_refused(&m, &magic_missile(), &req, "not_in_stat_block", "R5c");
}
