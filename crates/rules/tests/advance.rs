//! A character advancing (issue 34, 2024): new class levels or ability
//! scores change slots, pact slots, Mystic Arcanum, the Hit Point Dice and
//! a recorded hit point maximum (a changed Constitution modifier counts at
//! every level; a level gained adds half its die plus 1 plus Constitution).

mod support;

use grimoire_rules::*;

fn scores(con: u8) -> AbilityScores {
    AbilityScores::new([10, 12, con, 16, 12, 10]).unwrap()
}

fn made(classes: &[(Class, u8)], con: u8, max_hp: Option<u32>) -> Caster {
    let mut c = Caster::new("Ana", classes, scores(con)).unwrap();
    if let Some(max) = max_hp {
        let out = c.set_vitals(max, 12, None, None).unwrap();
        c.apply_all(&out.events);
    }
    c
}

fn advanced(c: &Caster, classes: &[(Class, u8)], con: u8) -> Caster {
    let out = c.advance(classes, scores(con)).unwrap();
    assert_eq!(out.events.len(), 1, "{:?}", out.events);
    let mut c = c.clone();
    c.apply_all(&out.events);
    c
}

fn slot(n: u8) -> SlotLevel {
    SlotLevel::new(n).unwrap()
}

#[test]
fn constitution_14_to_16_adds_one_hit_point_a_level_to_a_level_5_wizard() {
    let c = made(&[(Class::Wizard, 5)], 14, Some(32));
    let mut hurt = c.clone();
    hurt.apply(&Event::HitPointsChanged { hp: 20, temp_hp: 0 });
    let after = advanced(&hurt, &[(Class::Wizard, 5)], 16);
    let v = after.vitals().unwrap();
    // +1 modifier at each of 5 levels: 5 more, and current hit points with them.
    assert_eq!((v.max_hp, v.hp), (37, 25));
    assert_eq!(after.abilities().score(Ability::Constitution), 16);
    // Back down: the maximum and the hit points above it fall.
    let full = advanced(&c, &[(Class::Wizard, 5)], 16);
    let down = advanced(&full, &[(Class::Wizard, 5)], 14);
    let v = down.vitals().unwrap();
    assert_eq!((v.max_hp, v.hp), (32, 32));
}

#[test]
fn a_level_gained_adds_half_the_die_plus_1_plus_constitution() {
    // Wizard (d6), Con 14: 6/2 + 1 + 2 = 6 more.
    let c = made(&[(Class::Wizard, 5)], 14, Some(30));
    let after = advanced(&c, &[(Class::Wizard, 6)], 14);
    let v = after.vitals().unwrap();
    assert_eq!((v.max_hp, v.hp), (36, 36));
    assert_eq!(after.level(), 6);
    // A Paladin level (d10) added to it: 10/2 + 1 + 2 = 8 more, and its die.
    let multi = advanced(&after, &[(Class::Wizard, 6), (Class::Paladin, 1)], 14);
    assert_eq!(multi.vitals().unwrap().max_hp, 44);
    assert_eq!(multi.hit_dice().get(10), 1);
    assert_eq!(multi.hit_dice().get(6), 6);
    // At least 1 a level even with a Constitution of 1 (modifier −5).
    let weak = made(&[(Class::Wizard, 1)], 1, Some(1));
    let weak = advanced(&weak, &[(Class::Wizard, 2)], 1);
    assert_eq!(weak.vitals().unwrap().max_hp, 2);
}

#[test]
fn without_recorded_hit_points_an_advance_records_none() {
    let c = made(&[(Class::Cleric, 3)], 14, None);
    let after = advanced(&c, &[(Class::Cleric, 4)], 14);
    assert!(after.vitals().is_none());
    assert_eq!(after.level(), 4);
}

#[test]
fn r2_the_slots_of_the_new_level_appear_and_expended_ones_stay_expended() {
    let mut c = made(&[(Class::Wizard, 4)], 14, Some(26));
    c.apply(&Event::SlotExpended {
        level: slot(2),
        pact: false,
        off_turn: true,
    });
    assert_eq!(c.slots().total(slot(3)), 0);
    let after = advanced(&c, &[(Class::Wizard, 5)], 14);
    assert_eq!(after.slots().total(slot(3)), 2);
    assert_eq!(after.slots().remaining(slot(3)), 2);
    assert_eq!(after.slots().remaining(slot(2)), 2);
    assert_eq!(after.max_spell_level(), SpellLevel::new(3).unwrap());
    // Lowered again, nothing is left above its total.
    let back = advanced(&after, &[(Class::Wizard, 1)], 14);
    assert_eq!(back.slots().totals(), [2, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(back.slots().remaining_all(), back.slots().totals());
}

#[test]
fn r2_warlock_pact_slots_grow_and_mystic_arcanum_comes_at_11() {
    let mut c = made(&[(Class::Warlock, 4)], 14, Some(27));
    c.apply(&Event::SlotExpended {
        level: slot(2),
        pact: true,
        off_turn: true,
    });
    let after = advanced(&c, &[(Class::Warlock, 5)], 14);
    let p = after.pact_slots().unwrap();
    assert_eq!((p.level(), p.total(), p.remaining()), (slot(3), 2, 1));
    let eleven = advanced(&after, &[(Class::Warlock, 11)], 14);
    let p = eleven.pact_slots().unwrap();
    assert_eq!((p.level(), p.total()), (slot(5), 3));
    let arcanum: Vec<u8> = eleven.arcanum().iter().map(|a| a.level.get()).collect();
    assert_eq!(arcanum, vec![6]);
}

#[test]
fn spent_hit_point_dice_never_exceed_the_dice_the_levels_give() {
    let mut c = made(&[(Class::Wizard, 3)], 14, Some(20));
    c.apply(&Event::HitDiceSpent {
        spent: HitDice::default().plus(6, 3),
    });
    let after = advanced(&c, &[(Class::Wizard, 2)], 14);
    assert_eq!(after.hit_dice_left().get(6), 0);
    assert_eq!(after.vitals().unwrap().hit_dice_spent.get(6), 2);
}

#[test]
fn an_advance_is_checked_like_a_new_character() {
    let c = made(&[(Class::Wizard, 5)], 14, None);
    let code = |classes: &[(Class, u8)]| c.advance(classes, scores(14)).unwrap_err().code();
    assert_eq!(code(&[(Class::Wizard, 21)]), "invalid_class_level");
    assert_eq!(code(&[(Class::Wizard, 0)]), "invalid_class_level");
    assert_eq!(
        code(&[(Class::Wizard, 3), (Class::Wizard, 3)]),
        "duplicate_class"
    );
    assert_eq!(
        code(&[(Class::Wizard, 12), (Class::Cleric, 9)]),
        "invalid_character_level"
    );
    assert_eq!(code(&[]), "invalid_character_level");
}

#[test]
fn an_advance_replays_from_its_event() {
    let c = made(&[(Class::Sorcerer, 2)], 12, Some(14));
    let out = c.advance(&[(Class::Sorcerer, 3)], scores(14)).unwrap();
    let json = serde_json::to_string(&out.events).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, out.events);
    assert!(json.contains("\"advanced\""), "{json}");
    let replayed = c.clone().replay(&back);
    assert_eq!(replayed.level(), 3);
    // Con 12 → 14 at 2 levels (+2), a level at 3 + 1 + 2 (+6).
    assert_eq!(replayed.vitals().unwrap().max_hp, 22);
}

/// `c` advanced to `classes` (Con `con`), each gained level's Hit Die
/// rolling the faces given, in order.
fn advanced_rolling(c: &Caster, classes: &[(Class, u8)], con: u8, faces: &[u32]) -> Caster {
    let mut rng = support::Scripted::new(faces);
    let out = c
        .advance_with(classes, scores(con), HitPointGain::Roll, &mut rng)
        .unwrap();
    let mut c = c.clone();
    c.apply_all(&out.events);
    c
}

#[test]
fn a_level_gained_may_roll_its_hit_die_plus_constitution_instead() {
    // A Wizard 3 whose hit points were rolled (20), Con 14: two levels
    // rolled 1 and 6 add (1 + 2) + (6 + 2) = 11, not the fixed 2 x 6.
    let c = made(&[(Class::Wizard, 3)], 14, Some(20));
    let rolled = advanced_rolling(&c, &[(Class::Wizard, 5)], 14, &[1, 6]);
    let v = rolled.vitals().unwrap();
    assert_eq!((v.max_hp, v.hp), (31, 31));
    let fixed = advanced(&c, &[(Class::Wizard, 5)], 14);
    assert_eq!(fixed.vitals().unwrap().max_hp, 32);
    // A new class's first level rolls too (a Paladin's d10: 9 + 2), not
    // its die's maximum, which only a character's very first level gets.
    let multi = advanced_rolling(&c, &[(Class::Wizard, 3), (Class::Paladin, 1)], 14, &[9]);
    assert_eq!(multi.vitals().unwrap().max_hp, 31);
    // Asking for the fixed value through the same call rolls nothing.
    let mut none = support::Scripted::new(&[]);
    let out = c
        .advance_with(
            &[(Class::Wizard, 5)],
            scores(14),
            HitPointGain::Fixed,
            &mut none,
        )
        .unwrap();
    let mut same = c.clone();
    same.apply_all(&out.events);
    assert_eq!(same.vitals().unwrap().max_hp, 32);
}

#[test]
fn a_rolled_level_adds_at_least_1_hit_point() {
    // Con 3 (-4): a Hit Die roll of 2 gives 2 - 4, raised to 1.
    let c = made(&[(Class::Wizard, 1)], 3, Some(5));
    let rolled = advanced_rolling(&c, &[(Class::Wizard, 2)], 3, &[2]);
    assert_eq!(rolled.vitals().unwrap().max_hp, 6);
    // A changed Constitution still counts at every level, rolled or not:
    // Con 14 (+2) at 2 levels (+12), then a roll of 2 (+2 + 2).
    let rolled = advanced_rolling(&c, &[(Class::Wizard, 2)], 14, &[2]);
    let fixed_con_only = advanced(&c, &[(Class::Wizard, 1)], 14);
    assert_eq!(fixed_con_only.vitals().unwrap().max_hp, 5 + 6);
    assert_eq!(rolled.vitals().unwrap().max_hp, 5 + 6 + 4);
}

/// Each Hit Die rolled is kept in the advance's event, so the table sees
/// what it rolled: the class, the die, the face, the Constitution
/// modifier and the hit points it gave (at least 1); the fixed value
/// keeps none.
#[test]
fn the_advance_records_each_hit_die_it_rolled() {
    let c = made(&[(Class::Wizard, 3)], 3, Some(12));
    let mut rng = support::Scripted::new(&[1, 6, 9]);
    let to = [(Class::Wizard, 5), (Class::Paladin, 1)];
    let out = c
        .advance_with(&to, scores(3), HitPointGain::Roll, &mut rng)
        .unwrap();
    let [Event::Advanced { rolls, .. }] = out.events.as_slice() else {
        panic!("{:?}", out.events);
    };
    let roll = |class, size, face, hp| LevelHitPoints {
        class,
        size,
        face,
        rolled: true,
        con: -4,
        hp,
    };
    // Con 3 (-4): 1 - 4 raised to 1, 6 - 4 = 2, 9 - 4 = 5.
    assert_eq!(
        rolls,
        &[
            roll(Class::Wizard, 6, 1, 1),
            roll(Class::Wizard, 6, 6, 2),
            roll(Class::Paladin, 10, 9, 5),
        ]
    );
    let fixed = c.advance(&to, scores(3)).unwrap();
    assert!(
        matches!(fixed.events.as_slice(), [Event::Advanced { rolls, .. }] if rolls.is_empty()),
        "{:?}",
        fixed.events
    );
    // Stored without rolls (an older event), it reads with none.
    let older = serde_json::json!({"event": "advanced", "classes": [["wizard", 4]],
        "abilities": [10, 12, 3, 16, 12, 10]});
    let read: Event = serde_json::from_value(older).unwrap();
    assert!(matches!(read, Event::Advanced { rolls, .. } if rolls.is_empty()));
}
