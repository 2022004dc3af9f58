//! The spells whose data the engine once simplified, cast from the
//! catalogue through the rules: damage types the caster picks (R16),
//! growth of every damage part and flat growth (R6), Bane's penalty with
//! Bless (R21), walls (R17), Plant Growth's second casting time (R9),
//! Hex and Hunter's Mark riders and "another creature" targets (R17).

use grimoire_catalog::Catalog;
use grimoire_dice::DiceRng;
use grimoire_rules::{
    AbilityScores, AreaShape, BonusAmount, BonusTarget, CastOutcome, CastRequest, CastStatus,
    Caster, CastingTime, Class, Damage, DamageType, DiceFormula, EffectBoard, Equipment, Event,
    Focus, SlotLevel, Spell, Target, cast,
};

/// Every die shows `face` (capped at the die's size): results are exact.
struct Fixed(u32);

impl DiceRng for Fixed {
    fn next_u64(&mut self) -> u64 {
        u64::from(self.0)
    }

    fn roll_die(&mut self, sides: u32) -> u32 {
        self.0.clamp(1, sides.max(1))
    }
}

fn spell(name: &str) -> &'static Spell {
    &Catalog::srd()
        .get(name)
        .unwrap_or_else(|| panic!("{name} is in the SRD"))
        .spell
}

fn dice(text: &str) -> DiceFormula {
    text.parse().unwrap()
}

/// A `class` caster of `level` named `name` with 16 in its casting
/// ability, `spell` prepared, a focus in hand and `materials` carried.
fn caster(name: &str, class: Class, level: u8, spell: &Spell, materials: &[&str]) -> Caster {
    let mut scores = [10; 6];
    scores[class.spellcasting_ability() as usize] = 16;
    let caster = Caster::new(name, &[(class, level)], AbilityScores::new(scores).unwrap()).unwrap();
    let equipment = Equipment {
        free_hands: 1,
        component_pouch: true,
        focus: Focus::Held,
        materials: materials.iter().map(|m| m.to_string()).collect(),
        weapons: Vec::new(),
    };
    caster.replay(&[
        Event::SpellPrepared {
            spell: spell.id.clone(),
        },
        Event::EquipmentChanged { equipment },
    ])
}

fn at_slot(level: u8) -> CastRequest {
    CastRequest::new().at_slot(SlotLevel::new(level).unwrap())
}

fn cast_ok(c: &Caster, s: &Spell, req: &CastRequest, face: u32) -> CastOutcome {
    cast(c, s, req, &mut Fixed(face)).unwrap_or_else(|e| panic!("{}: {e}", s.name))
}

fn orb_caster() -> Caster {
    let orb = spell("chromatic-orb");
    let diamond = orb.components.material.as_ref().unwrap().text.clone();
    caster("Sorcerer", Class::Sorcerer, 3, orb, &[&diamond])
}

#[test]
fn r16_chromatic_orb_offers_six_types_and_deals_the_chosen_one() {
    let orb = spell("chromatic-orb");
    assert_eq!(
        orb.effect.damage[0].offered_types(),
        [
            DamageType::Acid,
            DamageType::Cold,
            DamageType::Fire,
            DamageType::Lightning,
            DamageType::Poison,
            DamageType::Thunder,
        ]
    );
    let c = orb_caster();
    let req = at_slot(1)
        .target(Target::named("Ogre").with_ac(5))
        .with_damage_type(DamageType::Lightning);
    let out = cast_ok(&c, orb, &req, 4);
    let dealt = &out.resolution.targets[0].damage[0];
    assert_eq!(
        (dealt.damage_type, dealt.rolled),
        (DamageType::Lightning, 12)
    );
}

#[test]
fn r16_chromatic_orb_refuses_a_type_it_does_not_offer() {
    let c = orb_caster();
    let req = at_slot(1)
        .target(Target::named("Ogre"))
        .with_damage_type(DamageType::Radiant);
    let err = cast(&c, spell("chromatic-orb"), &req, &mut Fixed(4)).unwrap_err();
    assert_eq!(err.code(), "damage_type_not_offered");
}

#[test]
fn r16_dragons_breath_and_sorcerous_burst_keep_their_choices() {
    for (id, count) in [
        ("dragons-breath", 5),
        ("sorcerous-burst", 7),
        ("glyph-of-warding", 5),
    ] {
        assert_eq!(
            spell(id).effect.damage[0].offered_types().len(),
            count,
            "{id}"
        );
    }
    let breath = spell("dragons-breath");
    let c = caster("Wizard", Class::Wizard, 3, breath, &[]);
    let req = at_slot(2)
        .target(Target::named("Wolf"))
        .with_damage_type(DamageType::Cold);
    let out = cast_ok(&c, breath, &req, 3);
    assert_eq!(
        out.resolution.targets[0].damage[0].damage_type,
        DamageType::Cold
    );
}

#[test]
fn r6_flame_strike_at_slot_6_grows_its_fire_and_its_radiant_part() {
    let strike = spell("flame-strike");
    let c = caster("Cleric", Class::Cleric, 11, strike, &[]);
    let out = cast_ok(&c, strike, &at_slot(6).target(Target::named("Orc")), 2);
    let notations: Vec<(Option<DamageType>, &str)> = out
        .resolution
        .rolls
        .iter()
        .map(|r| (r.label.damage_type(), r.notation.as_str()))
        .collect();
    assert_eq!(
        notations,
        [
            (Some(DamageType::Fire), "6d6"),
            (Some(DamageType::Radiant), "6d6")
        ]
    );
    assert_eq!(out.resolution.targets[0].damage_total, 24);
}

#[test]
fn r6_heal_at_slot_7_heals_80() {
    let heal = spell("heal");
    let c = caster("Cleric", Class::Cleric, 13, heal, &[]);
    let wounded = || Target::named("Paladin").with_hp(5).with_max_hp(120);
    let own = cast_ok(&c, heal, &at_slot(6).target(wounded()), 1);
    assert_eq!(own.resolution.targets[0].healing, 70);
    let up = cast_ok(&c, heal, &at_slot(7).target(wounded()), 1);
    assert_eq!(up.resolution.targets[0].healing, 80);
    assert_eq!(up.resolution.targets[0].hp_after, Some(85));
}

#[test]
fn r6_false_life_gains_five_per_slot_level() {
    let life = spell("false-life");
    let c = caster("Wizard", Class::Wizard, 5, life, &[]);
    // Every d4 a 1: 2 + 4 at its own level, 5 more per level above.
    let out = cast_ok(&c, life, &at_slot(3).target(Target::caster("Wizard")), 1);
    assert_eq!(out.resolution.targets[0].healing, 16);
}

#[test]
fn r6_aid_at_slot_4_raises_hit_points_by_15() {
    let aid = spell("aid");
    let c = caster("Cleric", Class::Cleric, 7, aid, &["a strip of white cloth"]);
    let out = cast_ok(&c, aid, &at_slot(4).target(Target::named("Fighter")), 1);
    let mut board = EffectBoard::new();
    board.record_all("Cleric", &out.events);
    assert_eq!(
        board.bonuses("Fighter", BonusTarget::HitPointMaximum),
        [BonusAmount::Flat(15)]
    );
}

#[test]
fn r21_bane_gives_minus_1d4_and_bless_still_applies() {
    let (bane, bless) = (spell("bane"), spell("bless"));
    let d4 = dice("1d4");
    assert!(
        bane.effect
            .bonuses
            .iter()
            .all(|b| b.amount == BonusAmount::Penalty(d4))
    );
    let mut board = EffectBoard::new();
    let bard = caster("Bard", Class::Bard, 3, bane, &[]);
    let out = cast_ok(&bard, bane, &at_slot(1).target(Target::named("Fighter")), 1);
    board.record_all("Bard", &out.events);
    let symbol = bless.components.material.as_ref().unwrap().text.clone();
    let cleric = caster("Cleric", Class::Cleric, 3, bless, &[&symbol]);
    let out = cast_ok(
        &cleric,
        bless,
        &at_slot(1).target(Target::named("Fighter")),
        1,
    );
    board.record_all("Cleric", &out.events);
    let on_saves = board.bonuses("Fighter", BonusTarget::SavingThrows);
    assert_eq!(on_saves.len(), 2);
    assert!(on_saves.contains(&BonusAmount::Penalty(d4)));
    assert!(on_saves.contains(&BonusAmount::Dice(d4)));
}

#[test]
fn r17_walls_reach_the_engine_with_their_size() {
    let walls = [
        ("wall-of-fire", 60, 20, Some(12)),
        ("wall-of-force", 100, 10, None),
        ("wall-of-ice", 100, 10, Some(12)),
        ("wall-of-stone", 100, 10, Some(6)),
        ("wall-of-thorns", 60, 10, Some(60)),
        ("blade-barrier", 100, 20, Some(60)),
        ("prismatic-wall", 90, 30, Some(1)),
        ("wind-wall", 50, 15, Some(12)),
    ];
    for (id, length, height, thickness) in walls {
        let area = spell(id).area.unwrap_or_else(|| panic!("{id} has an area"));
        assert_eq!(area.shape, AreaShape::Wall, "{id}");
        assert_eq!(
            (area.size_ft, area.secondary_ft, area.thickness_in),
            (length, Some(height), thickness),
            "{id}"
        );
    }
    let fire = spell("wall-of-fire");
    let c = caster("Wizard", Class::Wizard, 7, fire, &[]);
    let req = at_slot(4)
        .target(Target::named("Orc A"))
        .target(Target::named("Orc B"));
    let out = cast_ok(&c, fire, &req, 1);
    assert_eq!(out.resolution.targets.len(), 2);
}

#[test]
fn r9_plant_growth_takes_an_action_or_eight_hours() {
    let growth = spell("plant-growth");
    assert_eq!(growth.casting_time, CastingTime::Action);
    assert_eq!(growth.alternative_casting_time, Some(CastingTime::Hours(8)));
    let c = caster("Druid", Class::Druid, 5, growth, &[]);
    let out = cast_ok(&c, growth, &at_slot(3).with_alternative_time(), 1);
    assert_eq!(
        out.resolution.status,
        CastStatus::Started {
            rounds_needed: 4800
        }
    );
}

#[test]
fn r16_hex_and_hunters_mark_add_their_die_to_later_hits() {
    for (id, class, damage_type) in [
        ("hex", Class::Warlock, DamageType::Necrotic),
        ("hunters-mark", Class::Ranger, DamageType::Force),
    ] {
        let mark = spell(id);
        assert!(
            mark.effect.damage.is_empty(),
            "{id} deals nothing when cast"
        );
        let c = caster("Marker", class, 2, mark, &[]);
        let out = cast_ok(&c, mark, &at_slot(1).target(Target::named("Orc")), 6);
        assert_eq!(out.resolution.targets[0].damage_total, 0, "{id}");
        let mut board = EffectBoard::new();
        board.record_all("Marker", &out.events);
        assert_eq!(
            board.riders("Orc", "Marker"),
            [Damage::new(dice("1d6"), damage_type)],
            "{id}"
        );
    }
    let searchable = Catalog::srd().get("hex").unwrap();
    assert!(searchable.damage_types.contains(&DamageType::Necrotic));
}

#[test]
fn r17_warding_bond_needs_another_creature() {
    let bond = spell("warding-bond");
    assert!(bond.targeting.not_self && !bond.targeting.hostile_only);
    let rings = bond.components.material.as_ref().unwrap().text.clone();
    let c = caster("Cleric", Class::Cleric, 3, bond, &[&rings]);
    let err = cast(
        &c,
        bond,
        &at_slot(2).target(Target::caster("Cleric")),
        &mut Fixed(1),
    )
    .unwrap_err();
    assert_eq!(err.code(), "cannot_target_self");
    let out = cast_ok(&c, bond, &at_slot(2).target(Target::named("Fighter")), 1);
    let mut board = EffectBoard::new();
    board.record_all("Cleric", &out.events);
    assert_eq!(
        board.bonuses("Fighter", BonusTarget::ArmorClass),
        [BonusAmount::Flat(1)]
    );
}

/// Issue 12: 2014 text survived here. In SRD 5.2 Cure Wounds and Healing
/// Word heal any creature, Undead and Constructs included (R18 no longer
/// makes them invalid targets).
#[test]
fn r18_cure_wounds_and_healing_word_heal_undead_and_constructs_in_2024() {
    for (id, class) in [
        ("cure-wounds", Class::Cleric),
        ("healing-word", Class::Cleric),
    ] {
        let s = spell(id);
        assert!(s.targeting.unaffected_types.is_empty(), "{id}");
        let c = caster("Priest", class, 3, s, &[]);
        for kind in ["undead", "construct"] {
            let req = CastRequest::new().target(Target::named("Ally").of_type(kind));
            let out = cast_ok(&c, s, &req, 1);
            let t = &out.resolution.targets[0];
            assert!(t.affected && t.healing > 0, "{id} on a {kind}: {t:?}");
        }
    }
}

/// Issue 12: Divine Smite is 2d8 radiant at level 1 in SRD 5.2 (the 2014
/// text had one die more), plus 1d8 per slot level above 1 (R6). Where its
/// damage lands (the creature hit) is issue 20's.
#[test]
fn r6_divine_smite_deals_2d8_at_level_1_and_1d8_more_per_level() {
    let smite = spell("divine-smite");
    assert_eq!(smite.effect.damage[0].dice, dice("2d8"));
    assert_eq!(smite.effect.damage[0].per_slot, Some(dice("1d8")));
    assert_eq!(smite.effect.damage[0].damage_type, DamageType::Radiant);
}

/// SRD 5.2: Divine Smite deals 1d8 more to a Fiend or an Undead. Every die
/// shows 3 here: 2d8 = 6 for a Bandit, 3d8 = 9 for a Zombie, and for a
/// creature of unknown type 6 with a note that names the missing 3.
#[test]
fn r16_divine_smite_adds_1d8_against_fiends_and_undead_only() {
    let smite = spell("divine-smite");
    let c = caster("Paladin", Class::Paladin, 2, smite, &[]);
    let hit = |target: Target| {
        let mut req = CastRequest::new().target(target);
        req.trigger = Some("hit with a longsword".into());
        let out = cast_ok(&c, smite, &req, 3);
        out.resolution.targets[0].clone()
    };
    assert_eq!(
        hit(Target::named("Bandit").of_type("humanoid")).damage_total,
        6
    );
    assert_eq!(
        hit(Target::named("Zombie").of_type("undead")).damage_total,
        9
    );
    assert_eq!(hit(Target::named("Imp").of_type("Fiend")).damage_total, 9);
    let unknown = hit(Target::named("Shape"));
    assert_eq!(unknown.damage_total, 6);
    let note = unknown.note.expect("a note on the unknown creature");
    assert_eq!(
        note,
        grimoire_rules::Note::MoreDamage {
            amount: 3,
            damage_type: DamageType::Radiant,
            only_against: vec!["fiend".into(), "undead".into()],
        }
    );
}

/// The mechanical comparison with SRD 5.2 (tools/catalog/check.sh) found
/// Phantasmal Killer asking for a Dexterity save (SRD 5.2: Wisdom) and
/// Phantasmal Force dealing its damage with no save (SRD 5.2: an
/// Intelligence save first).
#[test]
fn r19_phantasmal_spells_ask_for_the_saves_srd_5_2_names() {
    use grimoire_rules::{Ability, Delivery};
    for (id, ability) in [
        ("phantasmal-killer", Ability::Wisdom),
        ("phantasmal-force", Ability::Intelligence),
    ] {
        match &spell(id).effect.delivery {
            Delivery::Save { ability: a, .. } => assert_eq!(*a, ability, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
    }
}

/// Issue 12: spells that affect only some creatures accepted any target.
/// Hold Person affects Humanoids only: on an Undead the slot is spent, the
/// target is unaffected and, since a success would mean no effect, it
/// appears to succeed on its save without rolling (R18).
#[test]
fn r18_hold_person_affects_only_humanoids_and_an_undead_seems_to_save() {
    let hold = spell("hold-person");
    assert_eq!(hold.targeting.affected_types, ["humanoid"]);
    let c = caster("Wizard", Class::Wizard, 5, hold, &[]);
    // A level-3 slot holds two creatures (R6).
    let req = at_slot(3)
        .target(Target::named("Zombie").of_type("undead"))
        .target(Target::named("Bandit").of_type("humanoid"));
    let out = cast_ok(&c, hold, &req, 1);
    let zombie = &out.resolution.targets[0];
    assert!(!zombie.affected, "{zombie:?}");
    let save = zombie.save.as_ref().expect("it appears to save");
    assert_eq!((save.total, save.success), (None, Some(true)));
    let bandit = &out.resolution.targets[1];
    assert!(
        bandit.affected && bandit.save.as_ref().unwrap().success.is_none(),
        "{bandit:?}"
    );
    assert!(
        out.resolution.slot.is_some(),
        "the slot is spent all the same"
    );
    for (id, kind) in [
        ("charm-person", "humanoid"),
        ("dominate-person", "humanoid"),
        ("calm-emotions", "humanoid"),
        ("animal-friendship", "beast"),
        ("dominate-beast", "beast"),
    ] {
        assert_eq!(spell(id).targeting.affected_types, [kind], "{id}");
    }
}
