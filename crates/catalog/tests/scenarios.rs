//! Rule scenarios as a table meets them (issue 12): multiclass casters,
//! pact slots powering another class's spells, upcasting every kind of
//! scaling spell, rituals, components and chains of Concentration. Every
//! spell comes from the SRD catalogue; each test names its rule.

use grimoire_catalog::Catalog;
use grimoire_dice::DiceRng;
use grimoire_rules::{
    AbilityScores, CastMode, CastOutcome, CastRequest, Caster, Class, Condition, Equipment, Event,
    Focus, RulesError, SlotKind, SlotLevel, Spell, SpellLevel, Target, cast, scaled_effect,
};

/// Every die shows `face` (capped at the die's size).
struct Fixed(u32);

impl DiceRng for Fixed {
    fn next_u64(&mut self) -> u64 {
        u64::from(self.0)
    }

    fn roll_die(&mut self, sides: u32) -> u32 {
        self.0.clamp(1, sides.max(1))
    }
}

fn spell(id: &str) -> &'static Spell {
    &Catalog::srd()
        .get(id)
        .unwrap_or_else(|| panic!("{id} is in the SRD"))
        .spell
}

fn slot(n: u8) -> SlotLevel {
    SlotLevel::new(n).unwrap()
}

/// A caster with 16 in every casting ability, a component pouch, a Holy
/// Symbol worth 5 GP (Bless) and one free hand, with `spells` prepared
/// (each must be preparable).
fn caster(classes: &[(Class, u8)], spells: &[&str]) -> Caster {
    let scores = AbilityScores::new([10, 14, 14, 16, 16, 16]).unwrap();
    let mut c = Caster::new("Caster", classes, scores).unwrap();
    let equipment = Equipment {
        free_hands: 1,
        component_pouch: true,
        focus: Focus::None,
        materials: vec!["Holy Symbol worth 5 GP".into()],
        weapons: Vec::new(),
    };
    c.apply_all(&c.set_equipment(equipment).events);
    for id in spells {
        let out = c
            .prepare(spell(id))
            .unwrap_or_else(|e| panic!("prepare {id}: {e}"));
        c.apply_all(&out.events);
    }
    c
}

fn cast_ok(c: &mut Caster, id: &str, req: &CastRequest) -> CastOutcome {
    let out = cast(c, spell(id), req, &mut Fixed(3)).unwrap_or_else(|e| panic!("{id}: {e}"));
    c.apply_all(&out.events);
    out
}

fn refused(c: &Caster, id: &str, req: &CastRequest) -> RulesError {
    match cast(c, spell(id), req, &mut Fixed(3)) {
        Ok(_) => panic!("{id} should be refused"),
        Err(e) => e,
    }
}

fn end_turn(c: &mut Caster) {
    c.apply_all(&c.end_turn().events);
}

fn at(level: u8) -> CastRequest {
    CastRequest::new().at_slot(slot(level))
}

/// Regular slots left per level (pact slots apart), levels with none left out.
fn regular_slots(c: &Caster) -> Vec<u8> {
    (1..=9)
        .map(|l| c.slots().remaining(slot(l)))
        .filter(|n| *n > 0)
        .collect()
}

/// Dice count of the first damage part when `id` is cast at `level`.
fn damage_dice(id: &str, level: u8) -> String {
    let s = spell(id);
    let e = scaled_effect(s, SpellLevel::new(level).unwrap(), 20);
    e.damage
        .iter()
        .map(|d| d.dice.to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

fn healing_dice(id: &str, level: u8) -> String {
    let e = scaled_effect(spell(id), SpellLevel::new(level).unwrap(), 20);
    e.healing.expect("heals").dice.to_string()
}

// --- Multiclass spellcasting (R2, R3, R8) -------------------------------

#[test]
fn r2_wizard_3_cleric_2_shares_the_slots_of_a_level_5_caster() {
    let c = caster(&[(Class::Wizard, 3), (Class::Cleric, 2)], &[]);
    assert_eq!(regular_slots(&c), [4, 3, 2]);
}

#[test]
fn r2_paladin_2_sorcerer_3_counts_half_the_paladin_levels_rounded_up() {
    let c = caster(&[(Class::Paladin, 2), (Class::Sorcerer, 3)], &[]);
    assert_eq!(regular_slots(&c), [4, 3], "caster level 1 + 3 = 4");
}

#[test]
fn r2_ranger_3_druid_1_is_a_level_3_caster() {
    let c = caster(&[(Class::Ranger, 3), (Class::Druid, 1)], &[]);
    assert_eq!(regular_slots(&c), [4, 2], "caster level 2 + 1 = 3");
}

#[test]
fn r2_warlock_pact_slots_stay_apart_from_the_multiclass_table() {
    let c = caster(&[(Class::Warlock, 2), (Class::Wizard, 3)], &[]);
    assert_eq!(regular_slots(&c), [4, 2], "only the wizard levels count");
    let pact = c.pact_slots().expect("pact slots");
    assert_eq!((pact.total(), pact.level()), (2, slot(1)));
}

#[test]
fn r8_a_multiclass_caster_casts_each_spell_with_its_own_class_ability() {
    let scores = AbilityScores::new([10, 10, 10, 18, 12, 10]).unwrap();
    let mut c = Caster::new("Mixed", &[(Class::Wizard, 3), (Class::Cleric, 2)], scores).unwrap();
    for id in ["magic-missile", "cure-wounds"] {
        c.apply_all(&c.prepare(spell(id)).unwrap().events);
    }
    let mut eq = c.equipment().clone();
    eq.component_pouch = true;
    eq.free_hands = 1;
    c.apply_all(&c.set_equipment(eq).events);
    let wiz = cast_ok(&mut c, "magic-missile", &CastRequest::new());
    end_turn(&mut c);
    let clr = cast_ok(
        &mut c,
        "cure-wounds",
        &CastRequest::new().target(Target::named("Ana")),
    );
    // Proficiency +3 at level 5: INT 18 gives DC 15, WIS 12 gives DC 12.
    assert_eq!((wiz.resolution.save_dc, clr.resolution.save_dc), (15, 12));
    assert_eq!(wiz.resolution.class, Some(Class::Wizard));
    assert_eq!(clr.resolution.class, Some(Class::Cleric));
}

#[test]
fn r8_a_spell_on_no_class_list_of_the_caster_cannot_be_prepared() {
    let c = caster(&[(Class::Wizard, 3), (Class::Cleric, 2)], &[]);
    let err = c.prepare(spell("hunters-mark")).unwrap_err();
    assert_eq!(err.rule(), Some("R8"), "{err}");
}

#[test]
fn r3_a_multiclass_caster_upcasts_a_low_class_spell_with_a_shared_slot() {
    let mut c = caster(
        &[(Class::Wizard, 3), (Class::Cleric, 2)],
        &["magic-missile"],
    );
    let out = cast_ok(&mut c, "magic-missile", &at(3));
    assert_eq!(out.resolution.cast_level.get(), 3);
    assert_eq!(c.slots_remaining(slot(3)), 1);
}

#[test]
fn r2_a_wizard_3_cannot_prepare_fireball_even_with_level_3_slots_from_another_class() {
    let c = caster(&[(Class::Wizard, 3), (Class::Cleric, 2)], &[]);
    let err = c.prepare(spell("fireball")).unwrap_err();
    assert_eq!(err.code(), "spell_level_too_high", "{err}");
    assert!(
        err.to_string().contains('2'),
        "names the wizard's level 2: {err}"
    );
    // A level-2 wizard spell is fine.
    c.prepare(spell("scorching-ray")).unwrap();
}

// --- Pact slots powering other classes' spells (R2, R3, R10) ------------

#[test]
fn r3_a_pact_slot_powers_a_wizard_spell() {
    let mut c = caster(
        &[(Class::Warlock, 2), (Class::Wizard, 3)],
        &["magic-missile"],
    );
    let mut req = CastRequest::new();
    req.slot_kind = SlotKind::Pact;
    let out = cast_ok(&mut c, "magic-missile", &req);
    assert!(out.resolution.slot.unwrap().pact);
    assert_eq!(c.pact_slots().unwrap().remaining(), 1);
    assert_eq!(regular_slots(&c), [4, 2], "regular slots untouched");
}

#[test]
fn r6_a_level_3_pact_slot_casts_a_wizard_level_1_spell_at_level_3() {
    let mut c = caster(
        &[(Class::Warlock, 5), (Class::Wizard, 1)],
        &["magic-missile"],
    );
    let mut req = CastRequest::new();
    req.slot_kind = SlotKind::Pact;
    let out = cast_ok(&mut c, "magic-missile", &req);
    assert_eq!(out.resolution.cast_level.get(), 3);
    let e = scaled_effect(spell("magic-missile"), out.resolution.cast_level, 6);
    assert_eq!(e.instances, 5, "five darts at level 3");
}

#[test]
fn r4_a_short_rest_returns_pact_slots_only() {
    let mut c = caster(
        &[(Class::Warlock, 2), (Class::Wizard, 3)],
        &["magic-missile"],
    );
    let mut pact = CastRequest::new();
    pact.slot_kind = SlotKind::Pact;
    cast_ok(&mut c, "magic-missile", &pact);
    end_turn(&mut c);
    let mut regular = CastRequest::new();
    regular.slot_kind = SlotKind::Regular;
    cast_ok(&mut c, "magic-missile", &regular);
    c.apply_all(&c.short_rest().events);
    assert_eq!(c.pact_slots().unwrap().remaining(), 2);
    assert_eq!(c.slots().remaining(slot(1)), 3);
}

#[test]
fn r3_regular_only_is_refused_when_only_pact_slots_are_left() {
    let mut c = caster(
        &[(Class::Warlock, 2), (Class::Wizard, 1)],
        &["magic-missile"],
    );
    let mut req = CastRequest::new();
    req.slot_kind = SlotKind::Regular;
    for _ in 0..2 {
        cast_ok(&mut c, "magic-missile", &req);
        end_turn(&mut c);
    }
    let err = refused(&c, "magic-missile", &req);
    assert_eq!(err.code(), "no_slot_available", "{err}");
    req.slot_kind = SlotKind::Pact;
    cast_ok(&mut c, "magic-missile", &req);
}

#[test]
fn r10_a_pact_slot_counts_as_the_turns_one_slot() {
    let mut c = caster(
        &[(Class::Warlock, 2), (Class::Wizard, 3)],
        &["magic-missile"],
    );
    let mut pact = CastRequest::new();
    pact.slot_kind = SlotKind::Pact;
    cast_ok(&mut c, "magic-missile", &pact);
    let err = refused(&c, "magic-missile", &CastRequest::new());
    assert_eq!(err.rule(), Some("R10"), "{err}");
}

#[test]
fn r3_a_warlock_cannot_cast_below_its_pact_slot_level() {
    let mut c = caster(&[(Class::Warlock, 5)], &["hex"]);
    let out = cast_ok(
        &mut c,
        "hex",
        &CastRequest::new().target(Target::named("Orc")),
    );
    assert_eq!(
        out.resolution.cast_level.get(),
        3,
        "Hex rises to the pact level"
    );
}

// --- Upcasting, one scenario per kind of growth (R6) --------------------

macro_rules! damage_growth {
    ($($name:ident: $id:literal at $level:literal => $dice:literal;)+) => {
        $(
            #[test]
            fn $name() {
                assert_eq!(damage_dice($id, $level), $dice);
            }
        )+
    };
}

damage_growth! {
    r6_fireball_at_level_5_deals_10d6: "fireball" at 5 => "10d6";
    r6_lightning_bolt_at_level_4_deals_9d6: "lightning-bolt" at 4 => "9d6";
    r6_burning_hands_at_level_3_deals_5d6: "burning-hands" at 3 => "5d6";
    r6_thunderwave_at_level_2_deals_3d8: "thunderwave" at 2 => "3d8";
    r6_shatter_at_level_4_deals_5d8: "shatter" at 4 => "5d8";
    r6_guiding_bolt_at_level_3_deals_6d6: "guiding-bolt" at 3 => "6d6";
    r6_inflict_wounds_at_level_2_deals_3d10: "inflict-wounds" at 2 => "3d10";
    r6_cone_of_cold_at_level_6_deals_9d8: "cone-of-cold" at 6 => "9d8";
    r6_chromatic_orb_at_level_3_deals_5d8: "chromatic-orb" at 3 => "5d8";
    r6_ice_storm_at_level_5_grows_only_its_bludgeoning_dice: "ice-storm" at 5 => "3d10 + 4d6";
}

#[test]
fn r6_cure_wounds_heals_2d8_more_per_slot_level() {
    assert_eq!(healing_dice("cure-wounds", 1), "2d8");
    assert_eq!(healing_dice("cure-wounds", 3), "6d8");
}

#[test]
fn r6_healing_word_heals_2d4_more_per_slot_level() {
    assert_eq!(healing_dice("healing-word", 2), "4d4");
}

#[test]
fn r6_magic_missile_adds_a_dart_per_slot_level() {
    let e = scaled_effect(spell("magic-missile"), SpellLevel::new(4).unwrap(), 7);
    assert_eq!(e.instances, 6);
}

#[test]
fn r6_scorching_ray_adds_a_ray_per_slot_level() {
    let e = scaled_effect(spell("scorching-ray"), SpellLevel::new(3).unwrap(), 5);
    assert_eq!(e.instances, 4);
}

#[test]
fn r6_hold_person_holds_one_more_humanoid_per_slot_level() {
    let e = scaled_effect(spell("hold-person"), SpellLevel::new(4).unwrap(), 7);
    assert_eq!(e.max_targets, Some(3));
}

#[test]
fn r6_bless_blesses_one_more_creature_per_slot_level() {
    let e = scaled_effect(spell("bless"), SpellLevel::new(2).unwrap(), 3);
    assert_eq!(e.max_targets, Some(4));
}

#[test]
fn r6_a_cantrip_grows_with_character_level_not_slots() {
    let bolt = spell("fire-bolt");
    let dice = |lvl| {
        scaled_effect(bolt, SpellLevel::new(0).unwrap(), lvl).damage[0]
            .dice
            .to_string()
    };
    assert_eq!(
        [dice(1), dice(5), dice(11), dice(17)],
        ["1d10", "2d10", "3d10", "4d10"]
    );
}

#[test]
fn r6_eldritch_blast_adds_beams_with_character_level() {
    let blast = spell("eldritch-blast");
    let beams = |lvl| scaled_effect(blast, SpellLevel::new(0).unwrap(), lvl).instances;
    assert_eq!([beams(4), beams(5), beams(11), beams(17)], [1, 2, 3, 4]);
}

#[test]
fn r6_every_slot_growth_in_the_catalogue_adds_dice_each_level() {
    // No spell that grows shrinks or stays flat from one level to the next.
    for s in Catalog::srd().spells() {
        let sp = &s.spell;
        if sp.level.is_cantrip() || sp.effect.damage.iter().all(|d| d.per_slot.is_none()) {
            continue;
        }
        let total = |lvl: u8| -> u32 {
            scaled_effect(sp, SpellLevel::new(lvl).unwrap(), 20)
                .damage
                .iter()
                .map(|d| d.dice.count)
                .sum()
        };
        for lvl in sp.level.get()..9 {
            assert!(total(lvl + 1) > total(lvl), "{} at {}", sp.id, lvl + 1);
        }
    }
}

// --- Rituals (R5b) ------------------------------------------------------

#[test]
fn r5b_a_ritual_spends_no_slot_even_with_none_left() {
    let mut c = caster(&[(Class::Wizard, 1)], &["detect-magic", "magic-missile"]);
    for _ in 0..2 {
        cast_ok(&mut c, "magic-missile", &CastRequest::new());
        end_turn(&mut c);
    }
    assert_eq!(c.slots_remaining(slot(1)), 0);
    let out = cast_ok(&mut c, "detect-magic", &CastRequest::new().as_ritual());
    assert!(out.resolution.slot.is_none());
}

#[test]
fn r5b_a_ritual_takes_ten_minutes_more() {
    let mut c = caster(&[(Class::Wizard, 1)], &["detect-magic"]);
    let out = cast_ok(&mut c, "detect-magic", &CastRequest::new().as_ritual());
    assert!(matches!(
        out.resolution.status,
        grimoire_rules::CastStatus::Started { rounds_needed: 100 }
    ));
}

#[test]
fn r5b_a_spell_without_the_ritual_tag_cannot_be_a_ritual() {
    let c = caster(&[(Class::Wizard, 1)], &["magic-missile"]);
    let err = refused(&c, "magic-missile", &CastRequest::new().as_ritual());
    assert_eq!((err.code(), err.rule()), ("not_a_ritual", Some("R5b")));
}

#[test]
fn r5b_a_cleric_casts_a_prepared_ritual_without_a_slot() {
    let mut c = caster(&[(Class::Cleric, 1)], &["detect-magic"]);
    let out = cast_ok(&mut c, "detect-magic", &CastRequest::new().as_ritual());
    assert!(out.resolution.slot.is_none());
    assert_eq!(c.slots_remaining(slot(1)), 2);
}

#[test]
fn r5b_an_unprepared_ritual_is_refused_citing_the_ritual_rule() {
    let c = caster(&[(Class::Cleric, 1)], &[]);
    let err = refused(&c, "detect-magic", &CastRequest::new().as_ritual());
    assert_eq!((err.code(), err.rule()), ("not_prepared", Some("R5b")));
}

#[test]
fn r12_a_ritual_holds_concentration_and_another_concentration_spell_ends_it() {
    let mut c = caster(&[(Class::Wizard, 3)], &["detect-magic", "hold-person"]);
    cast_ok(&mut c, "detect-magic", &CastRequest::new().as_ritual());
    assert!(c.long_cast().is_some());
    let err = refused(
        &c,
        "hold-person",
        &CastRequest::new().target(Target::named("Bandit")),
    );
    assert_eq!(err.code(), "casting_in_progress", "{err}");
}

// --- Components (R14) ---------------------------------------------------

#[test]
fn r14a_a_silenced_caster_cannot_cast_a_verbal_spell() {
    let mut c = caster(&[(Class::Wizard, 5)], &["fireball"]);
    c.apply_all(&c.set_silence(true, true).events);
    let err = refused(&c, "fireball", &CastRequest::new());
    assert_eq!(err.rule(), Some("R14a"));
}

#[test]
fn r14b_no_free_hand_refuses_a_somatic_spell() {
    let mut c = caster(&[(Class::Wizard, 1)], &["magic-missile"]);
    let mut eq = c.equipment().clone();
    eq.free_hands = 0;
    c.apply_all(&c.set_equipment(eq).events);
    let err = refused(&c, "magic-missile", &CastRequest::new());
    assert_eq!(err.rule(), Some("R14b"));
}

#[test]
fn r14c_a_held_focus_does_the_somatic_part_too() {
    let mut c = caster(&[(Class::Wizard, 5)], &["fireball"]);
    let eq = Equipment {
        free_hands: 0,
        component_pouch: false,
        focus: Focus::Held,
        materials: Vec::new(),
        weapons: Vec::new(),
    };
    c.apply_all(&c.set_equipment(eq).events);
    cast_ok(&mut c, "fireball", &CastRequest::new());
}

#[test]
fn r14c_no_pouch_nor_focus_refuses_a_material_spell() {
    let mut c = caster(&[(Class::Wizard, 5)], &["fireball"]);
    let mut eq = c.equipment().clone();
    eq.component_pouch = false;
    c.apply_all(&c.set_equipment(eq).events);
    let err = refused(&c, "fireball", &CastRequest::new());
    assert_eq!(err.rule(), Some("R14c"));
}

#[test]
fn r14c_a_pouch_does_not_replace_a_costly_material() {
    let c = caster(&[(Class::Cleric, 5)], &["revivify"]);
    let err = refused(
        &c,
        "revivify",
        &CastRequest::new().target(Target::named("Ana")),
    );
    assert_eq!(err.rule(), Some("R14c"));
}

#[test]
fn r14c_a_consumed_material_is_gone_after_the_casting() {
    let mut c = caster(&[(Class::Cleric, 5)], &["revivify"]);
    let mut eq = c.equipment().clone();
    eq.materials = vec!["diamond worth 300 GP".into()];
    c.apply_all(&c.set_equipment(eq).events);
    let out = cast_ok(
        &mut c,
        "revivify",
        &CastRequest::new().target(Target::named("Ana")),
    );
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::MaterialConsumed { .. }))
    );
    assert!(c.equipment().materials.is_empty());
}

#[test]
fn r14c_a_costly_material_that_is_not_consumed_stays() {
    let mut c = caster(&[(Class::Sorcerer, 3)], &[]);
    let mut eq = c.equipment().clone();
    eq.materials = vec!["diamond worth 50 GP".into()];
    c.apply_all(&c.set_equipment(eq).events);
    let cantrips_ok = c.prepare(spell("chromatic-orb")).unwrap();
    c.apply_all(&cantrips_ok.events);
    cast_ok(
        &mut c,
        "chromatic-orb",
        &CastRequest::new().target(Target::named("Ogre").with_ac(1)),
    );
    assert_eq!(c.equipment().materials, ["diamond worth 50 GP"]);
}

#[test]
fn r14c_a_cheaper_diamond_does_not_pay_for_revivify() {
    let mut c = caster(&[(Class::Cleric, 5)], &["revivify"]);
    let mut eq = c.equipment().clone();
    eq.materials = vec!["diamond worth 100 GP".into()];
    c.apply_all(&c.set_equipment(eq).events);
    let err = refused(
        &c,
        "revivify",
        &CastRequest::new().target(Target::named("Ana")),
    );
    assert_eq!(err.rule(), Some("R14c"));
}

#[test]
fn r14_a_scroll_needs_no_material() {
    let mut c = caster(&[(Class::Wizard, 5)], &[]);
    let mut eq = c.equipment().clone();
    eq.component_pouch = false;
    c.apply_all(&c.set_equipment(eq).events);
    let scroll = grimoire_rules::MagicItem::scroll(
        spell("fireball").id.clone(),
        SpellLevel::new(3).unwrap(),
    );
    c.apply_all(&c.add_item(scroll).events);
    let name = c.items()[0].name.clone();
    cast_ok(
        &mut c,
        "fireball",
        &CastRequest::new().with_mode(CastMode::Item(name)),
    );
}

// --- Concentration chains (R15, R21) ------------------------------------

#[test]
fn r15_a_second_concentration_spell_ends_the_first() {
    let mut c = caster(&[(Class::Cleric, 3)], &["bless", "hold-person"]);
    cast_ok(
        &mut c,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    end_turn(&mut c);
    let out = cast_ok(
        &mut c,
        "hold-person",
        &CastRequest::new().target(Target::named("Bandit")),
    );
    assert!(out.resolution.concentration_ended.is_some());
    assert_eq!(c.concentration().unwrap().spell, spell("hold-person").id);
    assert_eq!(c.ongoing().len(), 1, "Bless ended with its Concentration");
}

#[test]
fn r15_a_spell_without_concentration_leaves_it_standing() {
    let mut c = caster(&[(Class::Cleric, 3)], &["bless", "cure-wounds"]);
    cast_ok(
        &mut c,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    end_turn(&mut c);
    cast_ok(
        &mut c,
        "cure-wounds",
        &CastRequest::new().target(Target::named("Ana")),
    );
    assert_eq!(c.concentration().unwrap().spell, spell("bless").id);
}

#[test]
fn r15_damage_asks_for_a_concentration_save_of_at_least_dc_10() {
    let mut c = caster(&[(Class::Cleric, 3)], &["bless"]);
    cast_ok(
        &mut c,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    let small = c.take_damage(6, &mut Fixed(20));
    assert_eq!(small.dc, Some(10));
    let big = c.take_damage(40, &mut Fixed(20));
    assert_eq!(big.dc, Some(20), "half of 40");
}

#[test]
fn r15_a_failed_concentration_save_ends_the_spell() {
    let mut c = caster(&[(Class::Cleric, 3)], &["bless"]);
    cast_ok(
        &mut c,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    let out = c.take_damage(30, &mut Fixed(1));
    assert!(!out.concentration_kept);
    c.apply_all(&out.events);
    assert!(c.concentration().is_none());
    assert!(c.ongoing().is_empty());
}

#[test]
fn r15_incapacitated_ends_concentration() {
    let mut c = caster(&[(Class::Cleric, 3)], &["bless"]);
    cast_ok(
        &mut c,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    c.apply_all(&c.add_condition(Condition::Incapacitated).events);
    assert!(c.concentration().is_none());
}

#[test]
fn r15_dropping_concentration_ends_the_spell_it_held() {
    let mut c = caster(&[(Class::Wizard, 3)], &["hold-person"]);
    cast_ok(
        &mut c,
        "hold-person",
        &CastRequest::new().target(Target::named("Bandit")),
    );
    c.apply_all(&c.drop_concentration().unwrap().events);
    assert!(c.ongoing().is_empty());
}

#[test]
fn r11_shield_keeps_concentration_on_hold_person() {
    let mut c = caster(&[(Class::Wizard, 3)], &["hold-person", "shield"]);
    cast_ok(
        &mut c,
        "hold-person",
        &CastRequest::new().target(Target::named("Bandit")),
    );
    end_turn(&mut c);
    let mut req = CastRequest::new().using(grimoire_rules::ActionKind::Reaction);
    req.trigger = Some("hit by an arrow".into());
    req.off_turn = true;
    cast_ok(&mut c, "shield", &req);
    assert_eq!(c.concentration().unwrap().spell, spell("hold-person").id);
}

#[test]
fn r15_concentration_spells_expire_with_their_duration() {
    let mut c = caster(&[(Class::Cleric, 3)], &["bless"]);
    cast_ok(
        &mut c,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    c.apply_all(&c.advance_rounds(10).events);
    assert!(c.ongoing().is_empty(), "Bless lasts 1 minute = 10 rounds");
    assert!(c.concentration().is_none());
}

#[test]
fn r15_a_long_rest_ends_concentration_and_returns_slots() {
    let mut c = caster(&[(Class::Wizard, 3)], &["hold-person"]);
    cast_ok(
        &mut c,
        "hold-person",
        &CastRequest::new().target(Target::named("Bandit")),
    );
    c.apply_all(&c.long_rest().events);
    assert!(c.concentration().is_none());
    assert_eq!(regular_slots(&c), [4, 2]);
}

#[test]
fn r21_two_blesses_on_one_creature_do_not_stack() {
    let mut a = caster(&[(Class::Cleric, 3)], &["bless"]);
    let mut b = caster(&[(Class::Cleric, 3)], &["bless"]);
    let one = cast_ok(
        &mut a,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    let two = cast_ok(
        &mut b,
        "bless",
        &CastRequest::new().target(Target::named("Ana")),
    );
    let mut board = grimoire_rules::EffectBoard::new();
    board.record_all("A", &one.events);
    board.record_all("B", &two.events);
    let bonuses = board.bonuses("Ana", grimoire_rules::BonusTarget::SavingThrows);
    assert_eq!(bonuses.len(), 1, "{bonuses:?}");
}
