//! Encounters: initiative order, rounds, turns resetting the economy.

mod support;

use grimoire_rules::*;
use support::*;

#[test]
fn turns_follow_initiative_and_rounds_wrap() {
    let mut enc = Encounter::new(vec![
        Combatant::new("Goblin", 12),
        Combatant::new("Caster", 18),
    ])
    .unwrap();
    assert!(enc.current().is_none());
    let t = enc.next_turn();
    assert_eq!(
        (t.combatant.as_str(), t.round, t.new_round),
        ("Caster", 1, true)
    );
    enc.apply_all(&t.events);
    let t = enc.next_turn();
    assert_eq!(
        (t.combatant.as_str(), t.round, t.new_round),
        ("Goblin", 1, false)
    );
    enc.apply_all(&t.events);
    let t = enc.next_turn();
    assert_eq!(
        (t.combatant.as_str(), t.round, t.new_round),
        ("Caster", 2, true)
    );
    assert_eq!(
        Encounter::new(vec![]).unwrap_err().code(),
        "empty_encounter"
    );
}

#[test]
fn a_name_is_one_combatant_and_nobody_leaves_mid_turn() {
    let twice = |name: &str| RulesError::InvalidRequest {
        reason: Invalid::CombatantListedTwice { name: name.into() },
    };
    assert_eq!(
        Encounter::new(vec![Combatant::new("Orc", 12), Combatant::new("Orc", 9)]).unwrap_err(),
        twice("Orc")
    );
    let mut enc = Encounter::new(vec![
        Combatant::new("Goblin", 12),
        Combatant::new("Caster", 18),
    ])
    .unwrap();
    assert_eq!(
        enc.join(Combatant::new("Goblin", 3)).unwrap_err(),
        twice("Goblin")
    );
    let t = enc.next_turn();
    enc.apply_all(&t.events);
    assert_eq!(
        enc.leave("Caster").unwrap_err(),
        RulesError::InvalidRequest {
            reason: Invalid::LeavesOnOwnTurn {
                name: "Caster".into(),
            },
        }
    );
    enc.leave("Goblin").unwrap();
}

#[test]
fn r10_new_turn_in_encounter_resets_the_slot_limit() {
    let mut w = wizard(5);
    let mut enc = Encounter::new(vec![
        Combatant::new("Caster", 15),
        Combatant::new("Orc", 10),
    ])
    .unwrap();
    let t = enc.next_turn();
    enc.apply_all(&t.events);
    w.apply_all(&t.caster_events);
    let out = cast_plain(&mut w, &magic_missile());
    enc.apply_all(&enc.caster_events("Caster", &out.events));
    assert_eq!(
        refusal(&w, &misty_step(), &CastRequest::new()).code(),
        "one_slot_per_turn"
    );
    for _ in 0..2 {
        let t = enc.next_turn();
        enc.apply_all(&t.events);
        if t.combatant == "Caster" {
            w.apply_all(&t.caster_events);
        }
        if t.new_round {
            w.apply_all(&w.advance_rounds(1).events);
        }
    }
    assert_eq!(enc.round(), 2);
    cast_plain(&mut w, &misty_step());
}

#[test]
fn encounter_tracks_spell_effects_on_creatures() {
    let mut c = cleric(3);
    let mut enc = Encounter::new(vec![
        Combatant::new("Caster", 15),
        Combatant::new("Fighter", 10),
    ])
    .unwrap();
    let out = cast_ok(
        &mut c,
        &bless(),
        &CastRequest::new().target(Target::named("Fighter")),
        &mut Scripted::new(&[1]),
    );
    enc.apply_all(&enc.caster_events("Caster", &out.events));
    assert!(enc.effects().has("Fighter", &id("bless")));
    let ended = c.drop_concentration().unwrap();
    enc.apply_all(&enc.caster_events("Caster", &ended.events));
    assert!(!enc.effects().has("Fighter", &id("bless")));
    enc.apply_all(&enc.set_hp("Fighter", 7).unwrap());
    assert_eq!(enc.combatants()[1].hp, Some(7));
    assert_eq!(
        enc.set_hp("Nobody", 1).unwrap_err().code(),
        "unknown_combatant"
    );
}

/// A combatant's kind is new (issue 30): one recorded before it loads with
/// no kind, a creature when it has a stat block's caster, and a kind
/// written is read back.
#[test]
fn combatants_recorded_before_kinds_still_load() {
    let old: Combatant =
        serde_json::from_str(r#"{"name": "Ogre", "initiative": 8, "hp": 59}"#).unwrap();
    assert_eq!(
        (old.kind, old.is_creature(), old.hp),
        (None, false, Some(59))
    );
    let creature = Combatant::new("Ogre", 8).of_kind(CombatantKind::Creature);
    let json = serde_json::to_string(&creature).unwrap();
    assert!(json.contains(r#""kind":"creature""#), "{json}");
    let back: Combatant = serde_json::from_str(&json).unwrap();
    assert!(back.is_creature());
    let plain = serde_json::to_string(&Combatant::new("Elmira", 3)).unwrap();
    assert!(
        !plain.contains("kind"),
        "nothing new written for no kind: {plain}"
    );
}
