//! The chapter's own examples, cast from catalogue data through the rules
//! engine: Magic Missile and Cure Wounds scaling (R3, R6), Thunderwave's save
//! and area (R17, R19) and Bless (R21).

use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use grimoire_rules::{
    Ability, AbilityScores, Area, AreaShape, BonusAmount, BonusTarget, CastOutcome, CastRequest,
    Caster, Class, DiceFormula, Equipment, Event, Focus, Range, SlotLevel, Spell, Target, cast,
};

fn spell(name: &str) -> &'static Spell {
    &Catalog::srd()
        .get(name)
        .unwrap_or_else(|| panic!("{name} is in the SRD"))
        .spell
}

/// A caster of `class` at `level` with 16 in the casting ability, `spell`
/// prepared and a focus in hand.
fn caster(class: Class, level: u8, spell: &Spell, materials: &[&str]) -> Caster {
    let mut scores = [10; 6];
    scores[class.spellcasting_ability() as usize] = 16;
    let caster = Caster::new(
        "caster",
        &[(class, level)],
        AbilityScores::new(scores).unwrap(),
    )
    .unwrap();
    let equipment = Equipment {
        free_hands: 1,
        component_pouch: true,
        focus: Focus::Held,
        materials: materials.iter().map(|m| m.to_string()).collect(),
        weapons: Vec::new(),
    };
    let setup = [
        Event::SpellPrepared {
            spell: spell.id.clone(),
        },
        Event::EquipmentChanged { equipment },
    ];
    caster.replay(&setup)
}

fn cast_at(
    caster: &Caster,
    spell: &Spell,
    slot: u8,
    targets: Vec<Target>,
    seed: u64,
) -> CastOutcome {
    let mut request = CastRequest::new().at_slot(SlotLevel::new(slot).unwrap());
    for t in targets {
        request = request.target(t);
    }
    cast(caster, spell, &request, &mut SeededRng::new(seed)).expect("the cast is legal")
}

fn rolls_of(outcome: &CastOutcome, notation: &str) -> usize {
    outcome
        .resolution
        .rolls
        .iter()
        .filter(|r| r.notation == notation)
        .count()
}

#[test]
fn r3_r6_magic_missile_three_darts_at_level_1_four_at_level_2() {
    let mm = spell("Magická střela");
    let wizard = caster(Class::Wizard, 3, mm, &[]);
    let goblin = || Target::named("goblin").with_hp(50);

    let first = cast_at(&wizard, mm, 1, vec![goblin()], 1);
    assert_eq!(rolls_of(&first, "1d4+1"), 3, "{:?}", first.resolution.rolls);
    assert_eq!(first.resolution.slot.map(|s| s.level.get()), Some(1));
    let dealt = first.resolution.targets[0].damage_total;
    assert!(
        (6..=15).contains(&dealt),
        "three darts of 1d4+1 deal 6..=15, got {dealt}"
    );
    // R3's example: the level-3 Wizard has three level-1 slots left.
    let after = wizard.clone().replay(&first.events);
    assert_eq!(after.slots_remaining(SlotLevel::new(1).unwrap()), 3);

    let second = cast_at(&wizard, mm, 2, vec![goblin()], 2);
    assert_eq!(second.resolution.cast_level.get(), 2);
    assert_eq!(rolls_of(&second, "1d4+1"), 4);
    let after = wizard.replay(&second.events);
    assert_eq!(after.slots_remaining(SlotLevel::new(2).unwrap()), 1);
    assert_eq!(after.slots_remaining(SlotLevel::new(1).unwrap()), 4);
}

#[test]
fn r6_cure_wounds_gains_2d8_per_slot_level() {
    let cw = spell("zaceleni zraneni");
    assert_eq!(
        cw.effect.healing.as_ref().map(|h| (h.dice, h.add_modifier)),
        Some((DiceFormula::new(2, 8), true))
    );
    let cleric = caster(Class::Cleric, 5, cw, &[]);
    for (slot, dice) in [(1u8, 2usize), (2, 4), (3, 6)] {
        let out = cast_at(
            &cleric,
            cw,
            slot,
            vec![Target::named("ally").with_hp(1)],
            u64::from(slot),
        );
        let rolled: usize = out.resolution.rolls.iter().map(|r| r.dice.len()).sum();
        assert_eq!(rolled, dice, "slot {slot}: {:?}", out.resolution.rolls);
        let healed = out.resolution.targets[0].healing;
        let modifier = 3;
        let range = (dice as u32 + modifier)..=(dice as u32 * 8 + modifier);
        assert!(
            range.contains(&healed),
            "slot {slot}: healed {healed}, expected {range:?}"
        );
    }
}

#[test]
fn r17_r19_thunderwave_con_save_for_half_in_a_15_foot_cube() {
    let tw = spell("Hromová vlna");
    assert_eq!(tw.range, Range::Self_);
    assert_eq!(
        tw.area,
        Some(Area {
            shape: AreaShape::Cube,
            size_ft: 15,
            secondary_ft: None,
            thickness_in: None,
        })
    );
    let wizard = caster(Class::Wizard, 3, tw, &[]);
    // A bonus nobody can miss with and one nobody can make it with, so both
    // outcomes happen under any roll.
    let sturdy = Target::named("ogre")
        .with_hp(100)
        .with_save(Ability::Constitution, 40);
    let frail = Target::named("kobold")
        .with_hp(100)
        .with_save(Ability::Constitution, -40);
    let out = cast_at(&wizard, tw, 1, vec![sturdy, frail], 7);
    // R19: 8 + proficiency 2 + Intelligence modifier 3.
    assert_eq!(out.resolution.save_dc, 13);
    let [ogre, kobold] = &out.resolution.targets[..] else {
        panic!("two targets")
    };
    let ogre_save = ogre.save.as_ref().expect("a save was rolled");
    assert_eq!(
        (ogre_save.ability, ogre_save.dc, ogre_save.success),
        (Ability::Constitution, 13, Some(true))
    );
    assert_eq!(kobold.save.as_ref().and_then(|s| s.success), Some(false));
    assert!((2..=16).contains(&kobold.damage_total));
    assert_eq!(
        ogre.damage_total,
        kobold.damage_total / 2,
        "a success halves the damage, rounded down"
    );

    let upcast = cast_at(&wizard, tw, 2, vec![Target::named("x").with_hp(100)], 3);
    let dice: usize = upcast
        .resolution
        .rolls
        .iter()
        .filter(|r| r.notation.contains("d8"))
        .map(|r| r.dice.len())
        .sum();
    assert_eq!(
        dice, 3,
        "2d8 plus 1d8 for the level-2 slot: {:?}",
        upcast.resolution.rolls
    );
}

#[test]
fn r21_bless_grants_a_d4_to_attacks_and_saves() {
    let bless = spell("Požehnání");
    let cleric = caster(Class::Cleric, 1, bless, &["Holy Symbol worth 5 GP"]);
    let out = cast_at(&cleric, bless, 1, vec![Target::named("fighter")], 4);
    let started = out.events.iter().find_map(|e| match e {
        Event::SpellStarted { ongoing } => Some(ongoing),
        _ => None,
    });
    let ongoing = started.expect("Bless lasts, so it starts an ongoing spell");
    assert!(ongoing.concentration);
    assert_eq!(ongoing.targets, ["fighter"]);
    let d4 = BonusAmount::Dice(DiceFormula::new(1, 4));
    for to in [BonusTarget::AttackRolls, BonusTarget::SavingThrows] {
        assert!(
            ongoing
                .bonuses
                .iter()
                .any(|b| b.applies_to == to && b.amount == d4),
            "{to:?}: {:?}",
            ongoing.bonuses
        );
    }
}

#[test]
fn r21_two_blesses_give_one_bonus_die_and_last_until_the_second_ends() {
    use grimoire_rules::{EffectBoard, EndReason};

    let bless = spell("bless");
    let first = caster(Class::Cleric, 1, bless, &["Holy Symbol worth 5 GP"]);
    let second = caster(Class::Cleric, 3, bless, &["Holy Symbol worth 5 GP"]);
    let a = cast_at(&first, bless, 1, vec![Target::named("fighter")], 11);
    let b = cast_at(&second, bless, 1, vec![Target::named("fighter")], 12);

    let mut board = EffectBoard::new();
    board.record_all("cleric-a", &a.events);
    board.record_all("cleric-b", &b.events);
    let d4 = BonusAmount::Dice(DiceFormula::new(1, 4));
    assert_eq!(
        board.bonuses("fighter", BonusTarget::AttackRolls),
        std::slice::from_ref(&d4),
        "one bonus die, not two"
    );
    assert_eq!(board.bonuses("fighter", BonusTarget::SavingThrows), [d4]);

    let ended = |outcome: &CastOutcome| {
        let effect = outcome.resolution.effect.expect("Bless is ongoing");
        Event::SpellEnded {
            effect,
            spell: bless.id.clone(),
            reason: EndReason::Expired,
        }
    };
    board.record("cleric-a", &ended(&a));
    assert!(
        board.has("fighter", &bless.id),
        "the second Bless still lasts"
    );
    assert_eq!(board.bonuses("fighter", BonusTarget::AttackRolls).len(), 1);
    board.record("cleric-b", &ended(&b));
    assert!(!board.has("fighter", &bless.id));
    assert!(
        board
            .bonuses("fighter", BonusTarget::AttackRolls)
            .is_empty()
    );
}
