//! Reactions as the 2024 text times and aims them (issue 31, "Reactions"):
//! Shield lasts until the start of its caster's next turn and answers
//! Magic Missile, Hellish Rebuke strikes the one who damaged you,
//! Counterspell needs a cast it can perceive and can itself be countered,
//! and allies answer each other's casts only when said to (R11, R15).

mod support;

use grimoire_rules::*;
use support::*;

/// Shield as the catalogue gives it: until the start of your next turn,
/// answering a hit or being targeted by Magic Missile.
fn shield_2024() -> Spell {
    let mut s = shield();
    s.casting_time = CastingTime::Reaction {
        trigger: "when you are hit by an attack roll or targeted by the Magic Missile spell".into(),
    };
    s.duration = Duration::UntilNextTurn;
    s
}

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

fn hellish_rebuke() -> Spell {
    let mut s = Spell::new(
        id("hellish-rebuke"),
        "Hellish Rebuke",
        lvl(1),
        School::Evocation,
    );
    s.classes = vec![Class::Warlock];
    s.casting_time = CastingTime::Reaction {
        trigger: "in response to taking damage from a creature that you can see".into(),
    };
    s
}

fn line(name: &str, spells: &[&str], no_components: bool) -> SpellGroup {
    SpellGroup {
        name: name.into(),
        frequency: Frequency::PerDay(3),
        shared: true,
        spells: spells
            .iter()
            .map(|s| BlockSpell {
                spell: id(s),
                level: None,
            })
            .collect(),
        no_components,
    }
}

/// An Archmage-like block: Misty Step "requiring no components", Shield
/// and Counterspell from Protective Magic.
fn archmage() -> Caster {
    let block = StatBlockCasting {
        cantrip_level: 0,
        ability: Ability::Intelligence,
        save_dc: 17,
        attack_bonus: 9,
        groups: vec![
            line("Misty Step", &["misty-step"], true),
            line("Protective Magic", &["counterspell", "shield"], false),
        ],
        slots: [0; 9],
        slot_spells: Vec::new(),
        saves: Vec::new(),
        no_material: false,
    };
    let scores = AbilityScores::new([10, 14, 12, 20, 15, 16]).unwrap();
    Caster::from_stat_block("Archmage", scores, block).unwrap()
}

fn shielded_wizard() -> Caster {
    let mut w = with_prepared(wizard(5), &[shield_2024()]);
    let mut req = CastRequest::new().target(Target::caster("Elmira"));
    req.trigger = Some("Orc hits Elmira (15)".into());
    req.action = Some(ActionKind::Reaction);
    req.off_turn = true;
    cast_ok(&mut w, &shield_2024(), &req, &mut Scripted::new(&[1]));
    w
}

fn has_shield(c: &Caster) -> bool {
    c.ongoing().iter().any(|o| o.spell.as_str() == "shield")
}

#[test]
fn r15_shield_outlives_a_new_rounds_start_until_the_casters_turn() {
    let w = shielded_wizard();
    assert!(has_shield(&w));
    // Cast late in round 1: round 2 begins with someone else's turn.
    let w = applied(w.clone(), &w.advance_rounds(1).events);
    assert!(has_shield(&w), "a new round is not the caster's turn");
    // The caster's own turn starts: the barrier is gone.
    let started = w.start_turn();
    assert!(
        started
            .events
            .iter()
            .any(|e| matches!(e, Event::SpellEnded { spell, .. } if spell.as_str() == "shield"))
    );
    let w = applied(w, &started.events);
    assert!(!has_shield(&w));
}

#[test]
fn r15_shield_cast_before_the_casters_turn_ends_at_that_turn_in_the_same_round() {
    let w = shielded_wizard();
    // No round passes: the caster's turn comes later in the same round.
    let w = applied(w.clone(), &w.start_turn().events);
    assert!(!has_shield(&w));
}

#[test]
fn r15_shield_is_gone_when_rounds_pass_outside_the_turn_order() {
    let w = shielded_wizard();
    let kept = applied(w.clone(), &w.rounds_pass(0).events);
    assert!(has_shield(&kept));
    let w = applied(w.clone(), &w.rounds_pass(1).events);
    assert!(!has_shield(&w));
}

#[test]
fn r15_shield_is_gone_after_a_round_of_waiting() {
    let w = shielded_wizard();
    let w = applied(w.clone(), &w.wait(1).events);
    assert!(!has_shield(&w));
}

#[test]
fn r15_a_creatures_shield_lasts_across_the_round_to_its_own_turn() {
    let mut orc = Combatant::new("Orc", 20);
    orc.hp = Some(15);
    let mut arch = Combatant::new("Archmage", 15);
    arch.caster = Some(Box::new(archmage()));
    let goblin = Combatant::new("Goblin", 10);
    let mut enc = Encounter::new(vec![orc, arch, goblin]).unwrap();
    let mut turn = || {
        let t = enc.next_turn();
        enc.apply_all(&t.events);
        t.combatant
    };
    assert_eq!(turn(), "Orc");
    assert_eq!(turn(), "Archmage");
    assert_eq!(turn(), "Goblin");
    // On the Goblin's turn the Archmage raises Shield.
    let m = enc.combatant("Archmage").unwrap().caster.clone().unwrap();
    let mut req = CastRequest::new().target(Target::caster("Archmage"));
    req.action = Some(ActionKind::Reaction);
    req.off_turn = true;
    req.trigger = Some("Goblin hits Archmage".into());
    let out = cast(&m, &shield_2024(), &req, &mut Scripted::new(&[1])).unwrap();
    enc.apply_all(&enc.creature_events("Archmage", &out.events));
    let shielded = |enc: &Encounter| enc.effects().has("Archmage", &id("shield"));
    assert!(shielded(&enc));
    let t = enc.next_turn();
    assert!(t.new_round);
    enc.apply_all(&t.events);
    assert_eq!(t.combatant, "Orc");
    assert!(shielded(&enc), "still there on the Orc's turn of round 2");
    let t = enc.next_turn();
    enc.apply_all(&t.events);
    assert_eq!(t.combatant, "Archmage");
    assert!(!shielded(&enc), "gone when the Archmage's turn starts");
}

fn magic_missile_window(targets: &[&str]) -> Encounter {
    let elmira = Combatant::new("Elmira", 20);
    let mut arch = Combatant::new("Archmage", 15);
    arch.caster = Some(Box::new(archmage()));
    let goblin = Combatant::new("Goblin", 10);
    let mut enc = Encounter::new(vec![elmira, arch, goblin]).unwrap();
    let t = enc.next_turn();
    enc.apply_all(&t.events);
    let mut req = CastRequest::new();
    for t in targets {
        req = req.target(Target::named(*t));
    }
    let pending = PendingCast {
        caster: "Elmira".into(),
        spell: id("magic-missile"),
        spell_name: "Magic Missile".into(),
        request: req,
        action: ActionKind::Action,
        unseen: false,
    };
    let trigger = Trigger::SpellCast {
        caster: "Elmira".into(),
        spell: id("magic-missile"),
        spell_name: "Magic Missile".into(),
    };
    enc.apply_all(&enc.open_window(trigger, Some(pending)).unwrap());
    enc
}

#[test]
fn r11_shield_answers_magic_missile_and_takes_no_damage() {
    let shield = shield_2024();
    assert_eq!(targeted_by(&shield).as_deref(), Some("magic missile"));
    // Its words say what it answers; the catalogue's trigger reads the same.
    assert_eq!(TriggerKind::of_spell(&shield), Some(TriggerKind::Hit));
    let enc = magic_missile_window(&["Archmage"]);
    enc.check_answer("Archmage", Some(&shield)).unwrap();
    // Under Shield, Magic Missile deals it no damage; other spells do.
    assert!(wards(&shield, &magic_missile()));
    assert!(!wards(&shield, &fireball()));
    assert!(!wards(&counterspell(), &magic_missile()));
}

#[test]
fn r11_shield_answers_magic_missile_only_for_its_targets() {
    let enc = magic_missile_window(&["Goblin"]);
    let err = enc
        .check_answer("Archmage", Some(&shield_2024()))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("not_an_answer", Some("R11")));
    // Another spell being cast does not call for Shield.
    let mut enc = magic_missile_window(&["Archmage"]);
    enc.apply(&EncounterEvent::WindowClosed);
    let pending = PendingCast {
        caster: "Elmira".into(),
        spell: id("fireball"),
        spell_name: "Fireball".into(),
        request: CastRequest::new().target(Target::named("Archmage")),
        action: ActionKind::Action,
        unseen: false,
    };
    let trigger = Trigger::SpellCast {
        caster: "Elmira".into(),
        spell: id("fireball"),
        spell_name: "Fireball".into(),
    };
    enc.apply_all(&enc.open_window(trigger, Some(pending)).unwrap());
    let err = enc
        .check_answer("Archmage", Some(&shield_2024()))
        .unwrap_err();
    assert_eq!(err.code(), "not_an_answer");
}

#[test]
fn r11_hellish_rebuke_strikes_only_the_creature_that_damaged_you() {
    let trigger = Trigger::Damage {
        attacker: "Imp".into(),
        target: "Wren".into(),
        amount: 4,
    };
    let rebuke = hellish_rebuke();
    check_reaction_targets(&trigger, &rebuke, &[Target::named("Imp")]).unwrap();
    check_reaction_targets(&trigger, &rebuke, &[]).unwrap();
    let err = check_reaction_targets(&trigger, &rebuke, &[Target::named("Goblin")]).unwrap_err();
    assert_eq!(
        (err.code(), err.rule()),
        ("reaction_target_not_source", Some("R11"))
    );
    assert_eq!(
        err,
        RulesError::ReactionTargetNotSource {
            spell: "Hellish Rebuke".into(),
            target: "Goblin".into(),
            source: "Imp".into(),
        }
    );
    // A Reaction that does not strike back (Shield) is not held to it.
    let hit = Trigger::Hit {
        attacker: "Imp".into(),
        target: "Wren".into(),
        attack_total: 15,
        ac: 12,
    };
    check_reaction_targets(&hit, &shield_2024(), &[Target::caster("Wren")]).unwrap();
}

#[test]
fn r11_counterspell_strikes_only_the_creature_casting() {
    let trigger = Trigger::SpellCast {
        caster: "Archmage".into(),
        spell: id("fireball"),
        spell_name: "Fireball".into(),
    };
    let err =
        check_reaction_targets(&trigger, &counterspell(), &[Target::named("Goblin")]).unwrap_err();
    assert_eq!(err.code(), "reaction_target_not_source");
    check_reaction_targets(&trigger, &counterspell(), &[Target::named("Archmage")]).unwrap();
}

#[test]
fn r11_counterspell_cannot_answer_a_spell_cast_requiring_no_components() {
    let arch = archmage();
    let plain = CastRequest::new();
    assert!(!perceptible(&arch, &misty_step(), &plain));
    assert!(perceptible(&arch, &shield_2024(), &plain));
    assert!(perceptible(&wizard(5), &misty_step(), &plain));
    // R14: such a line needs no voice either.
    let mut silenced = arch.clone();
    silenced.apply(&Event::SilenceChanged {
        silenced: true,
        magical_silence: true,
    });
    let mut req = CastRequest::new().target(Target::caster("Archmage"));
    req.action = Some(ActionKind::BonusAction);
    check_cast(&silenced, &misty_step(), &req).unwrap();
    // A window holding such a cast refuses Counterspell.
    let mut enc = magic_missile_window(&["Goblin"]);
    enc.apply(&EncounterEvent::WindowClosed);
    let pending = PendingCast {
        caster: "Archmage".into(),
        spell: id("misty-step"),
        spell_name: "Misty Step".into(),
        request: CastRequest::new(),
        action: ActionKind::BonusAction,
        unseen: true,
    };
    let trigger = Trigger::SpellCast {
        caster: "Archmage".into(),
        spell: id("misty-step"),
        spell_name: "Misty Step".into(),
    };
    enc.apply_all(&enc.open_window(trigger, Some(pending)).unwrap());
    let err = enc
        .check_answer("Elmira", Some(&counterspell()))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("not_an_answer", Some("R11")));
}

#[test]
fn r11_a_counterspell_waits_in_a_window_of_its_own_and_the_first_comes_back() {
    let mut enc = magic_missile_window(&["Archmage"]);
    enc.apply(&EncounterEvent::Answered {
        answer: Answer {
            name: "Archmage".into(),
            spell: Some(id("counterspell")),
        },
    });
    let trigger = Trigger::SpellCast {
        caster: "Archmage".into(),
        spell: id("counterspell"),
        spell_name: "Counterspell".into(),
    };
    let pending = PendingCast {
        caster: "Archmage".into(),
        spell: id("counterspell"),
        spell_name: "Counterspell".into(),
        request: CastRequest::new().target(Target::named("Elmira")),
        action: ActionKind::Reaction,
        unseen: false,
    };
    let nested = enc.nest_window(trigger, Some(pending)).unwrap();
    enc.apply_all(&nested);
    assert_eq!(enc.window().unwrap().trigger.source(), Some("Archmage"));
    assert_eq!(enc.outer_window().unwrap().trigger.source(), Some("Elmira"));
    // The caster of the first spell may counter the Counterspell.
    enc.check_answer("Elmira", Some(&counterspell())).unwrap();
    let err = enc
        .check_answer("Archmage", Some(&counterspell()))
        .unwrap_err();
    assert_eq!(err.code(), "own_trigger");
    // Elmira's counter waits in a third window: the Archmage's Reaction is
    // taken by its waiting Counterspell, so it cannot answer again.
    let third = Trigger::SpellCast {
        caster: "Elmira".into(),
        spell: id("counterspell"),
        spell_name: "Counterspell".into(),
    };
    let pending = PendingCast {
        caster: "Elmira".into(),
        spell: id("counterspell"),
        spell_name: "Counterspell".into(),
        request: CastRequest::new().target(Target::named("Archmage")),
        action: ActionKind::Reaction,
        unseen: false,
    };
    enc.apply_all(&enc.nest_window(third, Some(pending)).unwrap());
    assert!(enc.reaction_waiting("Archmage"));
    assert_eq!(enc.windows().count(), 3);
    let err = enc
        .check_answer("Archmage", Some(&counterspell()))
        .unwrap_err();
    assert_eq!((err.code(), err.rule()), ("action_unavailable", Some("R9")));
    enc.apply(&EncounterEvent::WindowClosed);
    enc.apply(&EncounterEvent::WindowClosed);
    let back = enc.window().unwrap();
    assert_eq!(back.trigger.source(), Some("Elmira"));
    assert!(back.answered("Archmage"));
    enc.apply(&EncounterEvent::WindowClosed);
    assert!(enc.window().is_none());
    // No window to nest in: refused.
    let again = Trigger::Fall {
        creature: "Goblin".into(),
    };
    assert_eq!(
        enc.nest_window(again, None).unwrap_err().code(),
        "no_reaction_window"
    );
}

#[test]
fn r11_allies_answer_each_others_casts_only_when_said_to() {
    let elmira = Combatant::new("Elmira", 20).of_kind(CombatantKind::Character);
    let bram = Combatant::new("Bram", 15).of_kind(CombatantKind::Character);
    let mage = Combatant::new("Mage", 10).of_kind(CombatantKind::Creature);
    let mage2 = Combatant::new("Mage 2", 5).of_kind(CombatantKind::Creature);
    assert!(!bram.reacts_to_cast_by(&elmira));
    assert!(mage.reacts_to_cast_by(&elmira));
    assert!(bram.reacts_to_cast_by(&mage));
    assert!(!mage2.reacts_to_cast_by(&mage));
    let bram = Combatant {
        reacts_to_allies: true,
        ..bram
    };
    assert!(bram.reacts_to_cast_by(&elmira));
}

#[test]
fn r15_until_next_turn_loads_old_ongoing_spells_without_the_flag() {
    let old = r#"{"id":1,"spell":"shield","name":"Shield","level":1,"caster":"Elmira",
        "targets":["Elmira"],"bonuses":[],"conditions":[],"concentration":false,
        "dismissible":true,"started_at":0,"expires_at":1}"#;
    let o: OngoingSpell = serde_json::from_str(old).unwrap();
    assert!(!o.until_next_turn);
    assert_eq!(Duration::UntilNextTurn.max_rounds(), Some(1));
}
