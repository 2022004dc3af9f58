//! The source chapter's own examples, played through the engine:
//! `cargo run -p grimoire-rules --example seed`.

use grimoire_dice::SeededRng;
use grimoire_rules::{
    AbilityScores, Bonus, BonusAmount, BonusTarget, CastRequest, Caster, Class, Damage, DamageType,
    Duration, EffectBoard, RulesError, School, SlotLevel, Spell, SpellId, SpellLevel, Target,
    TimeSpan, cast,
};

fn main() -> Result<(), RulesError> {
    let mut rng = SeededRng::new(2024);

    // R2: a level-3 Wizard has four level-1 slots and two level-2 slots.
    let scores = AbilityScores::new([8, 14, 12, 16, 12, 10])?;
    let mut wizard = Caster::new("Wizard", &[(Class::Wizard, 3)], scores)?;
    println!("R2  slots: {:?}", &wizard.slots().remaining_all()[..2]);

    // R3: Magic Missile leaves three level-1 slots.
    let mut missile = Spell::new(
        SpellId::new("magic-missile")?,
        "Magic Missile",
        SpellLevel::new(1)?,
        School::Evocation,
    );
    missile.classes = vec![Class::Wizard];
    missile.effect.instances = 3;
    missile.effect.damage = vec![Damage {
        dice: "1d4+1".parse()?,
        damage_type: DamageType::Force,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: Vec::new(),
    }];
    missile.effect.upcast.extra_instances = 1;
    wizard.apply_all(&wizard.prepare(&missile)?.events);
    let out = cast(
        &wizard,
        &missile,
        &CastRequest::new().target(Target::named("Goblin")),
        &mut rng,
    )?;
    wizard.apply_all(&out.events);
    println!(
        "R3  after Magic Missile: {} level-1 slots, {} damage",
        wizard.slots().remaining(SlotLevel::new(1)?),
        out.resolution.targets[0].damage_total
    );

    // R6: in a level-2 slot it is a level-2 Magic Missile (four darts).
    wizard.apply_all(&wizard.end_turn().events);
    let upcast = CastRequest::new()
        .at_slot(SlotLevel::new(2)?)
        .target(Target::named("Ogre"));
    let out = cast(&wizard, &missile, &upcast, &mut rng)?;
    println!(
        "R6  cast at level {}, {} darts",
        out.resolution.cast_level,
        out.resolution.targets[0].damage.len()
    );

    // R21: two Clerics bless one Fighter; the Fighter gets one die.
    let mut bless = Spell::new(
        SpellId::new("bless")?,
        "Bless",
        SpellLevel::new(1)?,
        School::Enchantment,
    );
    bless.classes = vec![Class::Cleric];
    bless.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(1),
    };
    bless.targeting.max_targets = Some(3);
    bless.effect.bonuses = vec![Bonus {
        applies_to: BonusTarget::AttackRolls,
        amount: BonusAmount::Dice("1d4".parse()?),
        per_slot: 0,
    }];
    let mut board = EffectBoard::new();
    for name in ["Cleric A", "Cleric B"] {
        let cleric = Caster::new(
            name,
            &[(Class::Cleric, 1)],
            AbilityScores::new([10, 10, 12, 10, 16, 12])?,
        )?;
        let cleric = cleric.clone().replay(&cleric.prepare(&bless)?.events);
        let out = cast(
            &cleric,
            &bless,
            &CastRequest::new().target(Target::named("Fighter")),
            &mut rng,
        )?;
        board.record_all(name, &out.events);
    }
    let bonuses: Vec<String> = board
        .bonuses("Fighter", BonusTarget::AttackRolls)
        .iter()
        .map(ToString::to_string)
        .collect();
    println!("R21 Fighter's attack bonuses: {}", bonuses.join(" "));
    Ok(())
}
