//! The encounter's use cases (issue 32: one path for the CLI, the API and
//! MCP): set-up, turns, damage, stat-block creatures, the reaction window,
//! each taking the encounter by name and answering with a typed value;
//! and what a player's seat sees of those answers (no creature numbers).

use grimoire_app::encounter_calls::{
    CreatureCall, DamageCall, JoinCall, creature_condition_in, damage_combatant, end_encounter,
    join_creature, join_encounter, leave_encounter, list_encounters, new_encounter, next_turn_in,
    rest_creature, show_encounter, start_encounter,
};
use grimoire_app::seat::Seat;
use grimoire_app::window_calls::{
    CombatantCast, GmCast, TriggerCall, cast_for, creature_uses, open_window, show_window,
    withdraw_in,
};
use grimoire_app::{AppError, CHARACTER};
use grimoire_catalog::Bestiary;
use grimoire_dice::SeededRng;
use grimoire_rules::{AbilityScores, Caster, Class};
use grimoire_store::{Change, Store};
use serde_json::{Value, json};

/// A store with Elmira, a level-3 wizard with 14 Dexterity.
fn table() -> Store {
    let scores = AbilityScores::new([10, 14, 12, 16, 10, 10]).unwrap();
    let elmira = Caster::new("Elmira", &[(Class::Wizard, 3)], scores).unwrap();
    let mut store = Store::open_in_memory().unwrap();
    store
        .commit(
            &Change::new("setup")
                .create(CHARACTER, "Elmira", &elmira)
                .unwrap(),
        )
        .unwrap();
    store
}

fn join(name: &str, initiative: Option<i32>, hp: Option<i32>) -> JoinCall {
    JoinCall {
        encounter: "Cave".into(),
        name: name.into(),
        initiative,
        hp,
        stats: None,
        creature_type: None,
        reacts_to_allies: false,
        before_start_only: false,
        command: format!("encounter add Cave {name}"),
    }
}

fn mage(name: &str) -> CreatureCall {
    CreatureCall {
        encounter: "Cave".into(),
        name: name.into(),
        monster: "mage".into(),
        initiative: Some(5),
        hp: None,
        reacts_to_allies: false,
        command: format!("encounter add Cave {name} --monster mage"),
    }
}

fn code<T>(r: Result<T, AppError>) -> &'static str {
    match r {
        Ok(_) => "ok",
        Err(e) => e.code(),
    }
}

#[test]
fn turns_rounds_and_damage_go_through_the_encounter_by_name() {
    let mut store = table();
    let rng = &mut SeededRng::new(1);
    let made = new_encounter(&mut store, "Cave", "encounter new Cave").unwrap();
    assert_eq!((made.encounter.as_str(), made.created), ("Cave", true));
    assert_eq!(
        code(new_encounter(&mut store, "cave", "encounter new cave")),
        "already_exists"
    );
    let joined = join_encounter(&mut store, &join("elmira", Some(12), None), rng).unwrap();
    // A character keeps its own spelling.
    assert_eq!(joined.combatants[0].name, "Elmira");
    join_encounter(&mut store, &join("Goblin", Some(15), Some(7)), rng).unwrap();
    assert_eq!(
        code(join_encounter(
            &mut store,
            &join("goblin", Some(1), None),
            rng
        )),
        "already_in_encounter"
    );
    assert_eq!(
        code(next_turn_in(&mut store, "Cave", "next", rng)),
        "encounter_not_started"
    );
    let s = start_encounter(&mut store, "Cave", "encounter start Cave").unwrap();
    assert_eq!((s.round, s.current.as_deref()), (1, Some("Goblin")));
    assert_eq!(
        code(start_encounter(&mut store, "Cave", "again")),
        "encounter_started"
    );
    let s = next_turn_in(&mut store, "Cave", "next", rng)
        .unwrap()
        .status;
    assert_eq!(s.current.as_deref(), Some("Elmira"));
    assert_eq!(s.turn_damage, Some(Vec::new()));
    let s = next_turn_in(&mut store, "Cave", "next", rng)
        .unwrap()
        .status;
    assert_eq!((s.round, s.current.as_deref()), (2, Some("Goblin")));
    let hit = DamageCall {
        encounter: "Cave".into(),
        target: "goblin".into(),
        amount: 9,
        damage_type: None,
        command: "encounter damage Cave goblin 9".into(),
    };
    let d = damage_combatant(&mut store, &hit, rng).unwrap();
    assert_eq!((d.target.as_str(), d.hp, d.damage), ("Goblin", Some(0), 9));
    let too_much = DamageCall {
        amount: 10_001,
        ..hit.clone()
    };
    assert_eq!(
        code(damage_combatant(&mut store, &too_much, rng)),
        "bad_amount"
    );
    let nobody = DamageCall {
        target: "Orc".into(),
        ..hit
    };
    assert_eq!(
        code(damage_combatant(&mut store, &nobody, rng)),
        "unknown_combatant"
    );
    let list = list_encounters(&store).unwrap();
    assert_eq!(list.encounters[0].round, Some(2));
    assert_eq!(code(show_encounter(&store, "nowhere")), "unknown_encounter");
    // A new round moved Elmira's clock one round on.
    let elmira = grimoire_app::character(&store, "Elmira").unwrap();
    assert_eq!(elmira.state.now(), 1);
}

#[test]
fn joins_out_of_bounds_or_after_the_start_are_refused() {
    let mut store = table();
    let rng = &mut SeededRng::new(2);
    new_encounter(&mut store, "Cave", "new").unwrap();
    let huge = join("Ogre", Some(1), Some(100_001));
    assert_eq!(code(join_encounter(&mut store, &huge, rng)), "out_of_range");
    let fast = join("Ogre", Some(1_001), None);
    assert_eq!(code(join_encounter(&mut store, &fast, rng)), "out_of_range");
    // A name of a character is the character, spelt its way; with no
    // initiative given one is rolled: d20 + her Dexterity modifier (+2).
    let namesake = join("ELMIRA ", None, Some(4));
    let elmira = join_encounter(&mut store, &namesake, rng).unwrap();
    assert_eq!(elmira.combatants[0].name, "Elmira");
    assert_eq!(elmira.initiative_roll.as_deref(), Some("1d20+2"));
    assert!((3..=22).contains(&elmira.initiative));
    // A creature's is d20 alone.
    let rolled = join_encounter(&mut store, &join("Goblin", None, Some(7)), rng).unwrap();
    assert_eq!(rolled.initiative_roll.as_deref(), Some("1d20+0"));
    assert!((1..=20).contains(&rolled.initiative));
    start_encounter(&mut store, "Cave", "start").unwrap();
    let late = JoinCall {
        before_start_only: true,
        ..join("Wolf", Some(3), Some(11))
    };
    assert_eq!(
        code(join_encounter(&mut store, &late, rng)),
        "encounter_started"
    );
    // Without the flag a late arrival joins the running order.
    let joined = join_encounter(&mut store, &join("Wolf", Some(3), Some(11)), rng).unwrap();
    assert_eq!(joined.combatants.len(), 3);
    let s = show_encounter(&store, "Cave").unwrap();
    assert_eq!(s.combatants.len(), 3);
    // It may leave again; nobody else may, by a name not in the fight.
    let left = leave_encounter(&mut store, "Cave", "wolf", "remove").unwrap();
    assert_eq!(left.combatants.len(), 2);
    assert_eq!(
        code(leave_encounter(&mut store, "Cave", "Wolf", "remove")),
        "unknown_combatant"
    );
    assert_eq!(show_encounter(&store, "Cave").unwrap().combatants.len(), 2);
}

#[test]
fn a_stat_block_creature_joins_with_its_blocks_numbers() {
    let mut store = table();
    let rng = &mut SeededRng::new(3);
    new_encounter(&mut store, "Cave", "new").unwrap();
    let block = Bestiary::srd().get("mage").unwrap();
    let added = join_creature(&mut store, Bestiary::srd(), &mage("Cave Mage"), rng).unwrap();
    assert_eq!(
        (added.added.as_str(), added.monster.as_str(), added.hp),
        ("Cave Mage", "mage", Some(block.hp))
    );
    assert_eq!(
        code(join_creature(
            &mut store,
            Bestiary::srd(),
            &mage("cave mage"),
            rng
        )),
        "already_in_encounter"
    );
    let unknown = CreatureCall {
        monster: "tarrasque".into(),
        ..mage("Big One")
    };
    assert_eq!(
        code(join_creature(&mut store, Bestiary::srd(), &unknown, rng)),
        "unknown_monster"
    );
    let s = show_encounter(&store, "Cave").unwrap();
    let row = &s.combatants[0];
    assert!(row.creature && !row.character);
    assert_eq!(row.stats.as_ref().and_then(|t| t.ac), Some(block.ac));
}

#[test]
fn a_window_opened_for_a_hit_checks_the_targets_armor_class() {
    let mut store = table();
    let rng = &mut SeededRng::new(4);
    new_encounter(&mut store, "Cave", "new").unwrap();
    join_encounter(&mut store, &join("Elmira", Some(12), Some(20)), rng).unwrap();
    join_creature(&mut store, Bestiary::srd(), &mage("Cave Mage"), rng).unwrap();
    join_encounter(&mut store, &join("Goblin", Some(2), Some(7)), rng).unwrap();
    let reactions = grimoire_app::reaction_spells();
    let hit = |target: &str, total: i32, ac: Option<i32>| TriggerCall::Hit {
        attacker: "Elmira".into(),
        target: target.into(),
        attack_total: total,
        ac,
    };
    assert_eq!(
        code(open_window(
            &mut store,
            "Cave",
            &hit("Cave Mage", 18, None),
            &reactions,
            "w"
        )),
        "encounter_not_started"
    );
    start_encounter(&mut store, "Cave", "start").unwrap();
    assert_eq!(
        code(open_window(
            &mut store,
            "Cave",
            &hit("Goblin", 18, None),
            &reactions,
            "w"
        )),
        "missing_ac"
    );
    assert_eq!(
        code(open_window(
            &mut store,
            "Cave",
            &hit("Goblin", 101, Some(12)),
            &reactions,
            "w"
        )),
        "out_of_range"
    );
    assert_eq!(
        code(open_window(
            &mut store,
            "Cave",
            &hit("Goblin", 18, Some(41)),
            &reactions,
            "w"
        )),
        "out_of_range"
    );
    let damage = TriggerCall::Damage {
        attacker: "Elmira".into(),
        target: "Goblin".into(),
        amount: 10_001,
    };
    assert_eq!(
        code(open_window(&mut store, "Cave", &damage, &reactions, "w")),
        "bad_amount"
    );
    // The Mage's block gives its AC; it may answer with Shield.
    let opened = open_window(
        &mut store,
        "Cave",
        &hit("cave mage", 18, None),
        &reactions,
        "w",
    )
    .unwrap();
    assert_eq!(opened.encounter, "Cave");
    assert!(opened.window.contains("Cave Mage"), "{}", opened.window);
    let view = show_window(&store, "Cave", &reactions).unwrap();
    assert!(view.window.is_some());
    assert_eq!(view.creatures[0].name, "Cave Mage");
    assert!(
        view.creatures[0]
            .uses
            .as_ref()
            .is_some_and(|u| !u.is_empty())
    );
    let mage = creature_uses(&store, "Cave", "cave mage").unwrap();
    assert_eq!(mage.creature, view.creatures[0]);
    assert_eq!(
        code(creature_uses(&store, "Cave", "Elmira")),
        "not_a_caster"
    );
    assert_eq!(
        code(creature_uses(&store, "Cave", "Orc")),
        "unknown_combatant"
    );
    let back = withdraw_in(&mut store, "Cave", "withdraw").unwrap();
    assert!(back.withdrawn);
    assert_eq!(
        code(withdraw_in(&mut store, "Cave", "withdraw")),
        "no_reaction_window"
    );
}

#[test]
fn a_players_seat_sees_no_creature_numbers_in_the_encounters_answers() {
    let mut store = table();
    let rng = &mut SeededRng::new(5);
    new_encounter(&mut store, "Cave", "new").unwrap();
    join_encounter(&mut store, &join("Elmira", Some(12), Some(20)), rng).unwrap();
    let added = join_creature(&mut store, Bestiary::srd(), &mage("Cave Mage"), rng).unwrap();
    start_encounter(&mut store, "Cave", "start").unwrap();
    let seat = Seat::player(["Elmira"]);
    let status = serde_json::to_value(show_encounter(&store, "Cave").unwrap()).unwrap();
    let window = serde_json::to_value(
        show_window(&store, "Cave", &grimoire_app::reaction_spells()).unwrap(),
    )
    .unwrap();
    let added = serde_json::to_value(added).unwrap();
    for (gm, numbers) in [
        (&status["combatants"][1], ["hp", "stats"]),
        (&window["creatures"][0], ["hp", "uses"]),
        (&added, ["hp", "hp"]),
    ] {
        for key in numbers {
            assert_ne!(gm[key], Value::Null, "the GM sees {key}: {gm}");
        }
    }
    let (mut status, mut window, mut added) = (status, window, added);
    for v in [&mut status, &mut window, &mut added] {
        seat.redact(v);
    }
    let mage = &status["combatants"][1];
    assert_eq!(mage["name"], "Cave Mage");
    assert_eq!((&mage["hp"], &mage["stats"]), (&Value::Null, &Value::Null));
    assert_eq!(status["combatants"][0]["hp"], json!(20));
    assert_eq!(window["creatures"][0]["hp"], Value::Null);
    assert_eq!(window["creatures"][0]["uses"], Value::Null);
    assert_eq!(added["hp"], Value::Null);
}

#[test]
fn an_ended_encounter_stays_readable_and_listed_apart() {
    let mut store = table();
    let rng = &mut SeededRng::new(6);
    new_encounter(&mut store, "Cave", "new").unwrap();
    join_encounter(&mut store, &join("Goblin", Some(2), Some(7)), rng).unwrap();
    start_encounter(&mut store, "Cave", "start").unwrap();
    let ended = end_encounter(&mut store, "cave", "end").unwrap();
    assert_eq!(ended.ended, "Cave");
    let s = show_encounter(&store, "Cave").unwrap();
    assert!(s.ended && s.started);
    let list = list_encounters(&store).unwrap();
    assert!(list.encounters.is_empty());
    assert_eq!(list.ended, ["Cave"]);
}

#[test]
fn a_creatures_long_rest_brings_its_uses_back_and_its_conditions_are_its_own() {
    let mut store = table();
    let rng = &mut SeededRng::new(7);
    new_encounter(&mut store, "Cave", "new").unwrap();
    join_encounter(&mut store, &join("Elmira", Some(12), Some(20)), rng).unwrap();
    join_creature(&mut store, Bestiary::srd(), &mage("Cave Mage"), rng).unwrap();
    assert_eq!(
        code(rest_creature(&mut store, "Cave", "Cave Mage", "rest")),
        "encounter_not_started"
    );
    start_encounter(&mut store, "Cave", "start").unwrap();
    next_turn_in(&mut store, "Cave", "next", rng).unwrap();
    let fireball = grimoire_catalog::Catalog::srd().get("fireball").unwrap();
    let cast = CombatantCast {
        encounter: "Cave".into(),
        caster: "Cave Mage".into(),
        spell: fireball.spell.clone(),
        request: grimoire_rules::CastRequest::new().target(grimoire_rules::Target::named("Elmira")),
        command: "encounter cast Cave Cave Mage fireball".into(),
    };
    let done = cast_for(&mut store, &cast, &grimoire_app::reaction_spells(), rng).unwrap();
    assert!(matches!(done, GmCast::Resolved { .. }), "{done:?}");
    let left = |store: &Store| -> u8 {
        let standing = creature_uses(store, "Cave", "Cave Mage").unwrap();
        let uses = standing.creature.uses.unwrap_or_default();
        uses.iter()
            .filter(|u| u.name.contains("2/Day"))
            .map(|u| u.remaining)
            .sum()
    };
    let before = left(&store);
    let rested = rest_creature(&mut store, "Cave", "cave mage", "rest").unwrap();
    assert_eq!(rested.rested, "Cave Mage");
    assert_eq!(left(&store), before + 1, "the fireball's use is back");
    assert_eq!(
        code(rest_creature(&mut store, "Cave", "Elmira", "rest")),
        "invalid_request"
    );
    let down = creature_condition_in(
        &mut store,
        "Cave",
        "cave mage",
        grimoire_rules::Condition::Prone,
        grimoire_app::Toggle::Add,
        "condition",
    )
    .unwrap();
    assert_eq!(down.creature, "Cave Mage");
    assert_eq!(down.conditions, [grimoire_rules::Condition::Prone]);
    let on_elmira = creature_condition_in(
        &mut store,
        "Cave",
        "Elmira",
        grimoire_rules::Condition::Prone,
        grimoire_app::Toggle::Add,
        "condition",
    );
    assert_eq!(code(on_elmira), "invalid_request");
}

/// R9/R10 and "until your next turn": ending a turn is one rule on every
/// front end. Alone, the character's next turn begins at once (what lasts
/// until then ends); in a running encounter the turn order begins it.
#[test]
fn a_turn_ends_alone_into_the_next_and_in_a_fight_into_the_turn_order() {
    use grimoire_rules::Event;
    let mut store = table();
    let alone = grimoire_app::play::end_turn(&mut store, "elmira").unwrap();
    assert_eq!(alone.events, [Event::TurnEnded, Event::TurnStarted]);
    let rng = &mut SeededRng::new(1);
    new_encounter(&mut store, "Cave", "encounter new Cave").unwrap();
    join_encounter(&mut store, &join("Elmira", Some(12), None), rng).unwrap();
    join_encounter(&mut store, &join("Goblin", Some(15), Some(7)), rng).unwrap();
    start_encounter(&mut store, "Cave", "encounter start Cave").unwrap();
    let fighting = grimoire_app::play::end_turn(&mut store, "Elmira").unwrap();
    assert_eq!(fighting.events, [Event::TurnEnded]);
}

/// R14a and the 2024 Exhaustion levels through the one condition input the
/// CLI, the API and MCP fill: `silenced` beside the conditions, a level
/// set outright, a level over 6 refused with nothing changed.
#[test]
fn the_condition_input_takes_silence_and_exhaustion_levels() {
    use grimoire_app::play::{ConditionInput, condition};
    let mut store = table();
    let silence: ConditionInput = serde_json::from_value(json!({"condition": "silenced"})).unwrap();
    assert!(condition(&mut store, "Elmira", &silence).unwrap().silenced);
    let tired: ConditionInput =
        serde_json::from_value(json!({"condition": "exhaustion", "level": 3})).unwrap();
    assert_eq!(
        condition(&mut store, "Elmira", &tired).unwrap().exhaustion,
        3
    );
    let before = grimoire_app::sheet::show(&store, "Elmira").unwrap().version;
    let over: ConditionInput =
        serde_json::from_value(json!({"condition": "exhaustion", "level": 7})).unwrap();
    assert_eq!(code(condition(&mut store, "Elmira", &over)), "out_of_range");
    assert_eq!(
        grimoire_app::sheet::show(&store, "Elmira").unwrap().version,
        before
    );
    assert!(serde_json::from_value::<ConditionInput>(json!({"condition": "sleepy"})).is_err());
    // Written back as it is read.
    assert_eq!(
        serde_json::to_value(silence).unwrap(),
        json!({"condition": "silenced", "remove": false})
    );
}
