//! Shared fixtures for the conformance tests: spells written from their SRD
//! facts, casters, and a dice generator that rolls what the test says.
#![allow(dead_code)]

use grimoire_dice::DiceRng;
use grimoire_rules::*;

/// Rolls the faces it is given, in order, then repeats the last one.
pub struct Scripted {
    faces: Vec<u32>,
    next: usize,
}

impl Scripted {
    pub fn new(faces: &[u32]) -> Self {
        Scripted {
            faces: faces.to_vec(),
            next: 0,
        }
    }
}

impl DiceRng for Scripted {
    fn next_u64(&mut self) -> u64 {
        u64::from(self.roll_die(u32::MAX))
    }

    fn roll_die(&mut self, sides: u32) -> u32 {
        let face = self
            .faces
            .get(self.next)
            .or(self.faces.last())
            .copied()
            .unwrap_or(1);
        self.next += 1;
        face.clamp(1, sides.max(1))
    }
}

pub fn id(slug: &str) -> SpellId {
    SpellId::new(slug).unwrap()
}

pub fn lvl(n: u8) -> SpellLevel {
    SpellLevel::new(n).unwrap()
}

pub fn slot(n: u8) -> SlotLevel {
    SlotLevel::new(n).unwrap()
}

fn dice(text: &str) -> DiceFormula {
    text.parse().unwrap()
}

fn spell(slug: &str, name: &str, level: u8, school: School, classes: &[Class]) -> Spell {
    let mut s = Spell::new(id(slug), name, lvl(level), school);
    s.classes = classes.to_vec();
    s
}

fn material(text: &str, cost_gp: Option<u32>, consumed: bool) -> Option<Material> {
    Some(Material {
        text: text.into(),
        cost_gp,
        consumed,
    })
}

pub fn magic_missile() -> Spell {
    let mut s = spell(
        "magic-missile",
        "Magic Missile",
        1,
        School::Evocation,
        &[Class::Sorcerer, Class::Wizard],
    );
    s.name_cs = Some("Magická střela".into());
    s.range = Range::Feet(120);
    s.targeting.max_targets = Some(3);
    s.effect.instances = 3;
    s.effect.damage = vec![Damage {
        dice: dice("1d4+1"),
        damage_type: DamageType::Force,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: Vec::new(),
    }];
    s.effect.upcast = Upcast {
        extra_dice: None,
        extra_instances: 1,
        extra_targets: 1,
    };
    s
}

pub fn cure_wounds() -> Spell {
    let mut s = spell(
        "cure-wounds",
        "Cure Wounds",
        1,
        School::Abjuration,
        &[
            Class::Bard,
            Class::Cleric,
            Class::Druid,
            Class::Paladin,
            Class::Ranger,
        ],
    );
    s.name_cs = Some("Zacelení zranění".into());
    s.range = Range::Touch;
    s.targeting.unaffected_types = vec!["construct".into(), "undead".into()];
    s.effect.healing = Some(Healing {
        dice: dice("2d8"),
        add_modifier: true,
        per_slot: None,
    });
    s.effect.upcast.extra_dice = Some(dice("2d8"));
    s
}

pub fn bless() -> Spell {
    let mut s = spell(
        "bless",
        "Bless",
        1,
        School::Enchantment,
        &[Class::Cleric, Class::Paladin],
    );
    s.name_cs = Some("Požehnání".into());
    s.range = Range::Feet(30);
    s.components.material = material("a sprinkling of holy water", None, false);
    s.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(1),
    };
    s.targeting.max_targets = Some(3);
    s.effect.upcast.extra_targets = 1;
    let d4 = BonusAmount::Dice(dice("1d4"));
    s.effect.bonuses = vec![
        Bonus {
            applies_to: BonusTarget::AttackRolls,
            amount: d4.clone(),
            per_slot: 0,
        },
        Bonus {
            applies_to: BonusTarget::SavingThrows,
            amount: d4,
            per_slot: 0,
        },
    ];
    s
}

pub fn thunderwave() -> Spell {
    let mut s = spell(
        "thunderwave",
        "Thunderwave",
        1,
        School::Evocation,
        &[Class::Bard, Class::Druid, Class::Sorcerer, Class::Wizard],
    );
    s.name_cs = Some("Hromová vlna".into());
    s.range = Range::Self_;
    s.area = Some(Area {
        shape: AreaShape::Cube,
        size_ft: 15,
        secondary_ft: None,
        thickness_in: None,
    });
    s.targeting.max_targets = None;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Constitution,
        on_success: OnSave::Half,
    };
    s.effect.damage = vec![Damage {
        dice: dice("2d8"),
        damage_type: DamageType::Thunder,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: Vec::new(),
    }];
    s.effect.upcast.extra_dice = Some(dice("1d8"));
    s
}

pub fn fireball() -> Spell {
    let mut s = spell(
        "fireball",
        "Fireball",
        3,
        School::Evocation,
        &[Class::Sorcerer, Class::Wizard],
    );
    s.range = Range::Feet(150);
    s.area = Some(Area {
        shape: AreaShape::Sphere,
        size_ft: 20,
        secondary_ft: None,
        thickness_in: None,
    });
    s.components.material = material("a ball of bat guano and sulfur", None, false);
    s.targeting.max_targets = None;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Dexterity,
        on_success: OnSave::Half,
    };
    s.effect.damage = vec![Damage {
        dice: dice("8d6"),
        damage_type: DamageType::Fire,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: Vec::new(),
    }];
    s.effect.upcast.extra_dice = Some(dice("1d6"));
    s
}

pub fn cone_of_cold() -> Spell {
    let mut s = spell(
        "cone-of-cold",
        "Cone of Cold",
        5,
        School::Evocation,
        &[Class::Druid, Class::Sorcerer, Class::Wizard],
    );
    s.name_cs = Some("Ledový kužel".into());
    s.range = Range::Self_;
    s.area = Some(Area {
        shape: AreaShape::Cone,
        size_ft: 60,
        secondary_ft: None,
        thickness_in: None,
    });
    s.components.material = material("a small crystal or glass cone", None, false);
    s.targeting.max_targets = None;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Constitution,
        on_success: OnSave::Half,
    };
    s.effect.damage = vec![Damage {
        dice: dice("8d8"),
        damage_type: DamageType::Cold,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: Vec::new(),
    }];
    s.effect.upcast.extra_dice = Some(dice("1d8"));
    s
}

pub fn shield() -> Spell {
    let mut s = spell(
        "shield",
        "Shield",
        1,
        School::Abjuration,
        &[Class::Sorcerer, Class::Wizard],
    );
    s.casting_time = CastingTime::Reaction {
        trigger: "you are hit by an attack roll or targeted by Magic Missile".into(),
    };
    s.range = Range::Self_;
    s.duration = Duration::Timed(TimeSpan::rounds_of(1));
    s.effect.bonuses = vec![Bonus {
        applies_to: BonusTarget::ArmorClass,
        amount: BonusAmount::Flat(5),
        per_slot: 0,
    }];
    s
}

pub fn detect_magic() -> Spell {
    let mut s = spell(
        "detect-magic",
        "Detect Magic",
        1,
        School::Divination,
        &[
            Class::Bard,
            Class::Cleric,
            Class::Druid,
            Class::Paladin,
            Class::Ranger,
            Class::Sorcerer,
            Class::Wizard,
        ],
    );
    s.ritual = true;
    s.range = Range::Self_;
    s.area = Some(Area {
        shape: AreaShape::Emanation,
        size_ft: 30,
        secondary_ft: None,
        thickness_in: None,
    });
    s.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(10),
    };
    s
}

pub fn identify() -> Spell {
    let mut s = spell(
        "identify",
        "Identify",
        1,
        School::Divination,
        &[Class::Bard, Class::Wizard],
    );
    s.ritual = true;
    s.casting_time = CastingTime::Minutes(1);
    s.range = Range::Touch;
    s.components.material = material("a pearl worth 100+ GP", Some(100), false);
    s
}

pub fn hex() -> Spell {
    let mut s = spell("hex", "Hex", 1, School::Enchantment, &[Class::Warlock]);
    s.casting_time = CastingTime::BonusAction { trigger: None };
    s.range = Range::Feet(90);
    s.components = Components {
        verbal: true,
        somatic: true,
        material: material("the petrified eye of a newt", None, false),
    };
    s.duration = Duration::Concentration {
        up_to: TimeSpan::hours(1),
    };
    // The 1d6 lands on each later hit, not when Hex is cast.
    s.effect.rider = vec![Damage::new(dice("1d6"), DamageType::Necrotic)];
    s
}

pub fn misty_step() -> Spell {
    let mut s = spell(
        "misty-step",
        "Misty Step",
        2,
        School::Conjuration,
        &[Class::Sorcerer, Class::Warlock, Class::Wizard],
    );
    s.casting_time = CastingTime::BonusAction { trigger: None };
    s.range = Range::Self_;
    s.components = Components {
        verbal: true,
        somatic: false,
        material: None,
    };
    s
}

pub fn healing_word() -> Spell {
    let mut s = spell(
        "healing-word",
        "Healing Word",
        1,
        School::Abjuration,
        &[Class::Bard, Class::Cleric, Class::Druid],
    );
    s.casting_time = CastingTime::BonusAction { trigger: None };
    s.range = Range::Feet(60);
    s.components = Components {
        verbal: true,
        somatic: false,
        material: None,
    };
    s.effect.healing = Some(Healing {
        dice: dice("2d4"),
        add_modifier: true,
        per_slot: None,
    });
    s.effect.upcast.extra_dice = Some(dice("2d4"));
    s
}

pub fn fire_bolt() -> Spell {
    let mut s = spell(
        "fire-bolt",
        "Fire Bolt",
        0,
        School::Evocation,
        &[Class::Sorcerer, Class::Wizard],
    );
    s.range = Range::Feet(120);
    s.effect.delivery = Delivery::Attack(AttackKind::Ranged);
    s.effect.damage = vec![Damage {
        dice: dice("1d10"),
        damage_type: DamageType::Fire,
        add_modifier: false,
        alternative_types: Vec::new(),
        per_slot: None,
        only_against: Vec::new(),
    }];
    s.effect.cantrip_scaling = CantripScaling::Dice;
    s
}

pub fn hold_person() -> Spell {
    let mut s = spell(
        "hold-person",
        "Hold Person",
        2,
        School::Enchantment,
        &[
            Class::Bard,
            Class::Cleric,
            Class::Druid,
            Class::Sorcerer,
            Class::Warlock,
            Class::Wizard,
        ],
    );
    s.components.material = material("a straight piece of iron", None, false);
    s.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(1),
    };
    s.targeting.not_self = true;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Wisdom,
        on_success: OnSave::None,
    };
    s.effect.conditions = vec![Condition::Paralyzed];
    s.effect.upcast.extra_targets = 1;
    s
}

pub fn mage_armor() -> Spell {
    let mut s = spell(
        "mage-armor",
        "Mage Armor",
        1,
        School::Abjuration,
        &[Class::Sorcerer, Class::Wizard],
    );
    s.range = Range::Touch;
    s.components.material = material("a piece of cured leather", None, false);
    s.duration = Duration::Timed(TimeSpan::hours(8));
    s
}

pub fn revivify() -> Spell {
    let mut s = spell(
        "revivify",
        "Revivify",
        3,
        School::Necromancy,
        &[Class::Cleric, Class::Paladin, Class::Ranger],
    );
    s.range = Range::Touch;
    s.components.material = material("a diamond worth 300+ GP", Some(300), true);
    s
}

pub fn all_spells() -> Vec<Spell> {
    vec![
        magic_missile(),
        cure_wounds(),
        bless(),
        thunderwave(),
        fireball(),
        cone_of_cold(),
        shield(),
        detect_magic(),
        identify(),
        hex(),
        misty_step(),
        healing_word(),
        fire_bolt(),
        hold_person(),
        mage_armor(),
        revivify(),
    ]
}

/// Applies events to a caster and returns it.
pub fn applied(mut caster: Caster, events: &[Event]) -> Caster {
    caster.apply_all(events);
    caster
}

/// A caster with the given classes, scores 10 except its casting abilities
/// at 16 and CON 14, holding a component pouch, with every fitting spell of
/// the fixtures prepared (and the fitting cantrips known).
pub fn caster(classes: &[(Class, u8)]) -> Caster {
    let scores = AbilityScores::new([10, 14, 14, 16, 16, 16]).unwrap();
    let mut c = Caster::new("Caster", classes, scores).unwrap();
    let mut equipment = c.equipment().clone();
    equipment.component_pouch = true;
    c.apply_all(&c.set_equipment(equipment).events);
    for s in all_spells() {
        // Fixtures keep every fitting spell ready, past the class tables' counts.
        let event = match c.prepare(&s) {
            Ok(out) => {
                c.apply_all(&out.events);
                continue;
            }
            Err(RulesError::TooManyPrepared { .. }) => Event::SpellPrepared {
                spell: s.id.clone(),
            },
            Err(RulesError::TooManyCantrips { .. }) => Event::CantripLearned {
                spell: s.id.clone(),
            },
            Err(_) => continue,
        };
        c.apply_all(&[event]);
    }
    c
}

pub fn wizard(level: u8) -> Caster {
    caster(&[(Class::Wizard, level)])
}

pub fn cleric(level: u8) -> Caster {
    caster(&[(Class::Cleric, level)])
}

pub fn warlock(level: u8) -> Caster {
    caster(&[(Class::Warlock, level)])
}

/// Casts and applies, panicking with the rules' message on refusal (tests only).
pub fn cast_ok(
    c: &mut Caster,
    spell: &Spell,
    req: &CastRequest,
    rng: &mut impl DiceRng,
) -> CastOutcome {
    let out = cast(c, spell, req, rng).unwrap_or_else(|e| panic!("{e}"));
    c.apply_all(&out.events);
    out
}

/// Casts with a plain request and dice that roll 1s, then applies (tests only).
pub fn cast_plain(c: &mut Caster, spell: &Spell) -> CastOutcome {
    cast_ok(c, spell, &CastRequest::new(), &mut Scripted::new(&[1]))
}

/// Casts `spell` plainly `times` times, ending the turn after each, so each
/// casting may spend a slot (R10).
pub fn cast_turns(c: &mut Caster, spell: &Spell, times: usize) {
    for _ in 0..times {
        cast_plain(c, spell);
        c.apply_all(&c.end_turn().events);
    }
}

/// Casts without applying, panicking with the rules' message on refusal.
pub fn allowed(c: &Caster, spell: &Spell, req: &CastRequest) -> CastOutcome {
    cast(c, spell, req, &mut Scripted::new(&[1])).unwrap_or_else(|e| panic!("{e}"))
}

/// The refusal of casting `spell` with `req` (dice roll 1s), checking that
/// the refusal leaves the caster as it was.
pub fn refusal(c: &Caster, spell: &Spell, req: &CastRequest) -> RulesError {
    let before = c.clone();
    let err = match cast(c, spell, req, &mut Scripted::new(&[1])) {
        Ok(_) => panic!("casting {} should be refused", spell.name),
        Err(e) => e,
    };
    assert_eq!(c, &before, "a refusal changes nothing");
    err
}

/// Asserts that casting `spell` with `req` is refused with `code` under
/// `rule`, leaving the caster as it was; returns the refusal for more checks.
pub fn assert_refused(
    c: &Caster,
    spell: &Spell,
    req: &CastRequest,
    code: &str,
    rule: &str,
) -> RulesError {
    let err = refusal(c, spell, req);
    assert_eq!((err.code(), err.rule()), (code, Some(rule)), "{err}");
    err
}

// Spells for the fidelity gaps, outside `all_spells` so the casters above
// keep their prepared lists; prepare them with `with_prepared`.

/// Prepares `spells` on `caster` (each must fit its lists and slots; the
/// fixtures' casters already hold more than the class tables' counts, so
/// only a count refusal is passed over).
pub fn with_prepared(mut caster: Caster, spells: &[Spell]) -> Caster {
    for s in spells {
        match caster.prepare(s) {
            Ok(out) => caster.apply_all(&out.events),
            Err(RulesError::TooManyPrepared { .. }) => caster.apply_all(&[Event::SpellPrepared {
                spell: s.id.clone(),
            }]),
            Err(e) => panic!("{}: {e}", s.name),
        }
    }
    caster
}

pub fn chromatic_orb() -> Spell {
    let mut s = spell(
        "chromatic-orb",
        "Chromatic Orb",
        1,
        School::Evocation,
        &[Class::Sorcerer, Class::Wizard],
    );
    s.range = Range::Feet(90);
    s.components.material = material("a diamond worth 50+ GP", Some(50), false);
    s.effect.delivery = Delivery::Attack(AttackKind::Ranged);
    let mut orb = Damage::new(dice("3d8"), DamageType::Acid);
    orb.alternative_types = vec![
        DamageType::Cold,
        DamageType::Fire,
        DamageType::Lightning,
        DamageType::Poison,
        DamageType::Thunder,
    ];
    orb.per_slot = Some(dice("1d8"));
    s.effect.damage = vec![orb];
    s
}

pub fn flame_strike() -> Spell {
    let mut s = spell(
        "flame-strike",
        "Flame Strike",
        5,
        School::Evocation,
        &[Class::Cleric],
    );
    s.area = Some(Area {
        shape: AreaShape::Cylinder,
        size_ft: 10,
        secondary_ft: Some(40),
        thickness_in: None,
    });
    s.targeting.max_targets = None;
    s.effect.delivery = Delivery::Save {
        ability: Ability::Dexterity,
        on_success: OnSave::Half,
    };
    let mut fire = Damage::new(dice("5d6"), DamageType::Fire);
    fire.per_slot = Some(dice("1d6"));
    let mut radiant = Damage::new(dice("5d6"), DamageType::Radiant);
    radiant.per_slot = Some(dice("1d6"));
    s.effect.damage = vec![fire, radiant];
    s
}

pub fn heal() -> Spell {
    let mut s = spell(
        "heal",
        "Heal",
        6,
        School::Abjuration,
        &[Class::Cleric, Class::Druid],
    );
    s.effect.healing = Some(Healing {
        dice: dice("70"),
        add_modifier: false,
        per_slot: Some(dice("10")),
    });
    s
}

pub fn aid() -> Spell {
    let mut s = spell(
        "aid",
        "Aid",
        2,
        School::Abjuration,
        &[Class::Cleric, Class::Paladin],
    );
    s.range = Range::Feet(30);
    s.duration = Duration::Timed(TimeSpan::hours(8));
    s.targeting.max_targets = Some(3);
    s.effect.bonuses = vec![Bonus {
        applies_to: BonusTarget::HitPointMaximum,
        amount: BonusAmount::Flat(5),
        per_slot: 5,
    }];
    s
}

pub fn bane() -> Spell {
    let mut s = spell(
        "bane",
        "Bane",
        1,
        School::Enchantment,
        &[Class::Bard, Class::Cleric],
    );
    s.range = Range::Feet(30);
    s.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(1),
    };
    s.targeting.max_targets = Some(3);
    s.effect.delivery = Delivery::Save {
        ability: Ability::Charisma,
        on_success: OnSave::None,
    };
    let d4 = BonusAmount::Penalty(dice("1d4"));
    s.effect.bonuses = vec![
        Bonus::new(BonusTarget::AttackRolls, d4.clone()),
        Bonus::new(BonusTarget::SavingThrows, d4),
    ];
    s
}

pub fn plant_growth() -> Spell {
    let mut s = spell(
        "plant-growth",
        "Plant Growth",
        3,
        School::Transmutation,
        &[Class::Druid],
    );
    s.range = Range::Feet(150);
    s.alternative_casting_time = Some(CastingTime::Hours(8));
    s
}

pub fn wall_of_fire() -> Spell {
    let mut s = spell(
        "wall-of-fire",
        "Wall of Fire",
        4,
        School::Evocation,
        &[Class::Druid, Class::Wizard],
    );
    s.range = Range::Feet(120);
    s.area = Some(Area::wall(60, 20, Some(12)));
    s.targeting.max_targets = None;
    s.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(1),
    };
    s.effect.delivery = Delivery::Save {
        ability: Ability::Dexterity,
        on_success: OnSave::Half,
    };
    let mut fire = Damage::new(dice("5d8"), DamageType::Fire);
    fire.per_slot = Some(dice("1d8"));
    s.effect.damage = vec![fire];
    s
}

/// SRD 5.2 Faerie Fire: a Dexterity save or outlined in light; attack
/// rolls against an outlined creature have Advantage.
pub fn faerie_fire() -> Spell {
    let mut s = spell(
        "faerie-fire",
        "Faerie Fire",
        1,
        School::Evocation,
        &[Class::Bard, Class::Druid],
    );
    s.components.somatic = false;
    s.range = Range::Feet(60);
    s.duration = Duration::Concentration {
        up_to: TimeSpan::minutes(1),
    };
    s.targeting.max_targets = Some(4);
    s.effect.delivery = Delivery::Save {
        ability: Ability::Dexterity,
        on_success: OnSave::None,
    };
    s.effect.attacked_with_advantage = true;
    s
}
