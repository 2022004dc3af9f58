//! Class features, subclasses, feats and invocations from the catalogue
//! data on a caster (issue 33): one test per feature, named for it, each
//! choosing it through the rules and casting through the one cast path.

use grimoire_catalog::{Catalog, srd_feature, srd_features};
use grimoire_dice::DiceRng;
use grimoire_rules::{
    AbilityScores, CastMode, CastRequest, Caster, Choice, Class, Event, FeatureDef, FeatureKind,
    Outcome, RulesError, SlotLevel, Spell, SpellId, SpellLevel, cast,
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

fn id(s: &str) -> SpellId {
    SpellId::new(s).unwrap()
}

fn level_of(id: &SpellId) -> Option<SpellLevel> {
    Catalog::srd().get(id.as_str()).map(|c| c.spell.level)
}

fn apply(c: &mut Caster, out: Outcome) {
    c.apply_all(&out.events);
}

/// A caster of `classes` with 16 in every casting ability, a pouch and a
/// free hand, and the class features its levels reach.
fn caster(classes: &[(Class, u8)]) -> Caster {
    let mut c = Caster::new(
        "Ivo",
        classes,
        AbilityScores::new([10, 14, 14, 16, 16, 16]).unwrap(),
    )
    .unwrap();
    let gear = grimoire_rules::Equipment {
        component_pouch: true,
        ..grimoire_rules::Equipment::default()
    };
    let out = c.set_equipment(gear);
    apply(&mut c, out);
    let out = c.refresh_features(srd_features(), &level_of);
    apply(&mut c, out);
    c
}

fn def(kind: FeatureKind, name: &str) -> &'static FeatureDef {
    srd_feature(kind, None, name).unwrap_or_else(|| panic!("{name}"))
}

fn choose(
    c: &Caster,
    kind: FeatureKind,
    name: &str,
    variant: Option<&str>,
    spells: &[&str],
) -> Result<Outcome, RulesError> {
    let choice = Choice {
        variant,
        spells: spells.iter().map(|s| spell(s)).collect(),
    };
    c.choose_feature(def(kind, name), &choice, &level_of)
}

fn chosen(
    mut c: Caster,
    kind: FeatureKind,
    name: &str,
    variant: Option<&str>,
    spells: &[&str],
) -> Caster {
    let out = choose(&c, kind, name, variant, spells).unwrap();
    apply(&mut c, out);
    c
}

/// A Circle of the Land Druid of `level` whose land is `land`.
fn land_druid(level: u8, land: &str) -> Caster {
    chosen(
        caster(&[(Class::Druid, level)]),
        FeatureKind::Subclass,
        "land",
        Some(land),
        &[],
    )
}

fn free(feature: &str) -> CastRequest {
    CastRequest::new().with_mode(CastMode::Feature(feature.into()))
}

fn cast_ok(c: &mut Caster, spell_id: &str, req: &CastRequest) -> grimoire_rules::CastOutcome {
    let out = cast(c, spell(spell_id), req, &mut Fixed(3)).unwrap_or_else(|e| panic!("{e}"));
    c.apply_all(&out.events);
    out
}

fn refused(c: &Caster, spell_id: &str, req: &CastRequest) -> RulesError {
    cast(c, spell(spell_id), req, &mut Fixed(3)).unwrap_err()
}

/// Lets a casting of a minute or more run its time and completes it (R12).
fn finish_long(c: &mut Caster, spell_id: &str) -> grimoire_rules::CastOutcome {
    let rounds = c.long_cast().map(|lc| lc.rounds_needed).unwrap_or(0);
    let out = c.advance_rounds(rounds);
    c.apply_all(&out.events);
    let out = grimoire_rules::complete_casting(c, spell(spell_id), &mut Fixed(3))
        .unwrap_or_else(|e| panic!("{e}"));
    c.apply_all(&out.events);
    out
}

fn new_turn(c: &mut Caster) {
    let out = c.end_turn();
    c.apply_all(&out.events);
}

fn long_rest(c: &mut Caster) {
    // Sixteen hours pass first so the Long Rest is allowed (R4).
    let out = c.advance_rounds(16 * 600);
    c.apply_all(&out.events);
    let out = c.long_rest();
    c.apply_all(&out.events);
}

#[test]
fn life_domain_spells_are_always_prepared_by_cleric_level() {
    let c = chosen(
        caster(&[(Class::Cleric, 5)]),
        FeatureKind::Subclass,
        "life",
        None,
        &[],
    );
    for s in [
        "aid",
        "bless",
        "cure-wounds",
        "lesser-restoration",
        "revivify",
        "mass-healing-word",
    ] {
        assert!(c.is_always_prepared(&id(s)), "{s}");
    }
    assert!(!c.is_always_prepared(&id("death-ward")), "level 7 only");
    // Outside the prepared limit: none of them is in the prepared list.
    assert!(c.prepared().is_empty());
}

#[test]
fn subclass_level_too_low_before_level_3() {
    let err = choose(
        &caster(&[(Class::Wizard, 2)]),
        FeatureKind::Subclass,
        "evoker",
        None,
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "subclass_level_too_low");
    let err = choose(
        &caster(&[(Class::Wizard, 5)]),
        FeatureKind::Subclass,
        "life",
        None,
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "subclass_level_too_low", "no Cleric levels");
}

#[test]
fn subclass_is_chosen_once_per_class() {
    let c = chosen(
        caster(&[(Class::Wizard, 3)]),
        FeatureKind::Subclass,
        "evoker",
        None,
        &[],
    );
    let err = choose(&c, FeatureKind::Subclass, "evoker", None, &[]).unwrap_err();
    assert_eq!(err.code(), "feature_already_chosen");
}

#[test]
fn circle_of_the_land_needs_a_land_type_and_keeps_its_spells() {
    let druid = caster(&[(Class::Druid, 6)]);
    let err = choose(&druid, FeatureKind::Subclass, "land", None, &[]).unwrap_err();
    assert_eq!(err.code(), "feature_variant_needed");
    let c = chosen(druid, FeatureKind::Subclass, "land", Some("arid"), &[]);
    for s in ["blur", "burning-hands", "fire-bolt", "fireball"] {
        assert!(c.is_always_prepared(&id(s)), "{s}");
    }
    assert!(!c.is_always_prepared(&id("blight")));
}

#[test]
fn natural_recovery_casts_one_circle_spell_free_once_per_long_rest() {
    let mut c = land_druid(6, "polar");
    let nr = c
        .features()
        .iter()
        .find(|f| f.name == "Natural Recovery")
        .unwrap();
    assert!(nr.spells.contains(&id("sleet-storm")));
    assert!(
        !nr.spells.contains(&id("ray-of-frost")),
        "cantrips need no free cast"
    );
    let slots = c.slots().clone();
    let out = cast_ok(&mut c, "sleet-storm", &free("Natural Recovery"));
    assert!(out.resolution.slot.is_none());
    assert_eq!(c.slots(), &slots);
    new_turn(&mut c);
    assert_eq!(
        refused(&c, "hold-person", &free("Natural Recovery")).code(),
        "no_uses_left"
    );
    long_rest(&mut c);
    cast_ok(&mut c, "hold-person", &free("Natural Recovery"));
}

/// A Short Rest with Natural Recovery bringing back slots of `levels`.
fn natural_recovery(c: &Caster, levels: &[u8]) -> Result<Outcome, RulesError> {
    let choices = grimoire_rules::ShortRestChoices {
        natural_recovery: levels.iter().map(|l| SlotLevel::new(*l).unwrap()).collect(),
        ..Default::default()
    };
    c.short_rest_with(&choices)
}

#[test]
fn natural_recovery_brings_back_slots_of_half_the_druid_level_once_per_long_rest() {
    let mut c = land_druid(7, "polar");
    assert_eq!(c.natural_recovery_left(), Some(4), "half of 7, rounded up");
    cast_ok(&mut c, "sleet-storm", &CastRequest::new());
    new_turn(&mut c);
    cast_ok(&mut c, "hold-person", &CastRequest::new());
    new_turn(&mut c);
    let (third, second) = (SlotLevel::new(3).unwrap(), SlotLevel::new(2).unwrap());
    assert_eq!(c.slots().expended(third), 1);
    assert_eq!(c.slots().expended(second), 1);
    // 3 + 2 = 5 levels is over the budget of 4, and nothing changes.
    let err = natural_recovery(&c, &[3, 2]).unwrap_err();
    assert_eq!(err.code(), "natural_recovery_too_many_levels", "{err}");
    assert_eq!(err.feature(), Some("natural-recovery"));
    assert_eq!(
        natural_recovery(&c, &[4]).unwrap_err().code(),
        "slot_not_expended"
    );
    let out = natural_recovery(&c, &[3]).unwrap();
    apply(&mut c, out);
    assert_eq!(c.slots().expended(third), 0, "the level 3 slot is back");
    assert_eq!(c.slots().expended(second), 1);
    assert!(c.class_resources().natural_recovery_used());
    let err = natural_recovery(&c, &[2]).unwrap_err();
    assert_eq!(err.code(), "natural_recovery_used", "{err}");
    long_rest(&mut c);
    assert_eq!(c.natural_recovery_left(), Some(4), "a Long Rest renews it");
}

#[test]
fn natural_recovery_slots_and_its_free_cast_are_separate_uses() {
    let mut c = land_druid(6, "polar");
    cast_ok(&mut c, "sleet-storm", &CastRequest::new());
    new_turn(&mut c);
    let out = natural_recovery(&c, &[3]).unwrap();
    apply(&mut c, out);
    // The free cast is still there after the slots came back.
    let out = cast_ok(&mut c, "sleet-storm", &free("Natural Recovery"));
    assert!(out.resolution.slot.is_none());
}

#[test]
fn natural_recovery_slots_need_the_circle_of_the_land_at_druid_6() {
    let err = natural_recovery(&caster(&[(Class::Druid, 6)]), &[1]).unwrap_err();
    assert_eq!(err.code(), "resource_subclass_not_chosen", "{err}");
    let five = land_druid(5, "arid");
    assert_eq!(five.natural_recovery_left(), None);
    assert_eq!(
        natural_recovery(&five, &[1]).unwrap_err().code(),
        "feature_not_had"
    );
    let mut six = land_druid(6, "arid");
    cast_ok(&mut six, "fireball", &CastRequest::new());
    new_turn(&mut six);
    let err = natural_recovery(&six, &[6]).unwrap_err();
    assert_eq!(err.code(), "natural_recovery_slot_too_high", "{err}");
}

#[test]
fn draconic_sorcery_spells_are_always_prepared() {
    let c = chosen(
        caster(&[(Class::Sorcerer, 3)]),
        FeatureKind::Subclass,
        "draconic",
        None,
        &[],
    );
    for s in ["alter-self", "chromatic-orb", "command", "dragons-breath"] {
        assert!(c.is_always_prepared(&id(s)), "{s}");
    }
}

#[test]
fn fiend_patron_spells_count_as_warlock_spells() {
    let mut c = chosen(
        caster(&[(Class::Warlock, 5)]),
        FeatureKind::Subclass,
        "fiend",
        None,
        &[],
    );
    assert!(c.is_always_prepared(&id("fireball")));
    let out = cast_ok(&mut c, "burning-hands", &CastRequest::new());
    assert_eq!(out.resolution.class, Some(Class::Warlock));
    assert!(out.resolution.slot.is_some_and(|s| s.pact));
}

#[test]
fn oath_of_devotion_spells_are_always_prepared() {
    let c = chosen(
        caster(&[(Class::Paladin, 5)]),
        FeatureKind::Subclass,
        "devotion",
        None,
        &[],
    );
    for s in [
        "protection-from-evil-and-good",
        "shield-of-faith",
        "aid",
        "zone-of-truth",
    ] {
        assert!(c.is_always_prepared(&id(s)), "{s}");
    }
}

#[test]
fn divine_intervention_casts_any_cleric_spell_up_to_5_without_a_slot() {
    let mut c = caster(&[(Class::Cleric, 10)]);
    let slots = c.slots().clone();
    // Not prepared, and its 300 GP diamonds are not needed either.
    let out = cast_ok(&mut c, "greater-restoration", &free("Divine Intervention"));
    assert!(out.resolution.slot.is_none());
    assert_eq!(c.slots(), &slots);
    assert!(
        !out.events
            .iter()
            .any(|e| matches!(e, Event::MaterialConsumed { .. }))
    );
    new_turn(&mut c);
    assert_eq!(
        refused(&c, "bless", &free("Divine Intervention")).code(),
        "no_uses_left"
    );
}

#[test]
fn divine_intervention_refuses_level_6_and_reaction_spells() {
    let c = caster(&[(Class::Cleric, 11)]);
    assert_eq!(
        refused(&c, "heal", &free("Divine Intervention")).code(),
        "source_cannot_cast"
    );
    let c = caster(&[(Class::Cleric, 9)]);
    assert!(
        c.features().iter().all(|f| f.name != "Divine Intervention"),
        "level 10"
    );
}

#[test]
fn greater_divine_intervention_casts_wish_with_the_divine_intervention_use() {
    let mut c = caster(&[(Class::Cleric, 20)]);
    cast_ok(&mut c, "wish", &free("Greater Divine Intervention"));
    new_turn(&mut c);
    let err = refused(&c, "bless", &free("Divine Intervention"));
    assert_eq!(err.code(), "no_uses_left");
}

#[test]
fn paladins_smite_keeps_divine_smite_prepared_and_casts_it_free_once() {
    let mut c = caster(&[(Class::Paladin, 2)]);
    assert!(c.is_always_prepared(&id("divine-smite")));
    let req = free("Paladin's Smite").on_trigger("hit a goblin with a longsword");
    let out = cast_ok(&mut c, "divine-smite", &req);
    assert!(out.resolution.slot.is_none());
    new_turn(&mut c);
    assert_eq!(refused(&c, "divine-smite", &req).code(), "no_uses_left");
}

#[test]
fn favored_enemy_free_casts_follow_the_ranger_level() {
    for (level, uses) in [(1, 2), (4, 2), (5, 3), (9, 4), (13, 5), (17, 6), (20, 6)] {
        let c = caster(&[(Class::Ranger, level)]);
        let fe = c
            .features()
            .iter()
            .find(|f| f.name == "Favored Enemy")
            .unwrap();
        assert_eq!(fe.max_uses, uses, "Ranger {level}");
        assert!(c.is_always_prepared(&id("hunters-mark")));
    }
}

#[test]
fn free_cast_cannot_upcast_favored_enemy() {
    let c = caster(&[(Class::Ranger, 5)]);
    let req = free("Favored Enemy").at_slot(SlotLevel::new(2).unwrap());
    let err = refused(&c, "hunters-mark", &req);
    assert_eq!(err.code(), "free_cast_cannot_upcast");
    assert_eq!(err.rule(), Some("R6"));
}

#[test]
fn r10_counts_only_slot_casts_so_a_free_cast_follows_a_slot_cast() {
    let mut c = caster(&[(Class::Ranger, 5)]);
    let out = c.prepare(spell("cure-wounds")).unwrap();
    c.apply_all(&out.events);
    cast_ok(&mut c, "cure-wounds", &CastRequest::new());
    // The Bonus Action Hunter's Mark without a slot is not a second slot.
    let out = cast_ok(&mut c, "hunters-mark", &free("Favored Enemy"));
    assert!(out.resolution.slot.is_none());
}

#[test]
fn magic_initiate_gives_cantrips_and_a_free_first_level_spell() {
    let mut c = chosen(
        caster(&[(Class::Wizard, 1)]),
        FeatureKind::Feat,
        "magic-initiate",
        Some("cleric"),
        &["guidance", "sacred-flame", "cure-wounds"],
    );
    assert!(c.is_always_prepared(&id("cure-wounds")));
    cast_ok(&mut c, "sacred-flame", &CastRequest::new());
    new_turn(&mut c);
    let out = cast_ok(&mut c, "cure-wounds", &free("Magic Initiate (Cleric)"));
    assert!(out.resolution.slot.is_none());
    new_turn(&mut c);
    assert_eq!(
        refused(&c, "cure-wounds", &free("Magic Initiate (Cleric)")).code(),
        "no_uses_left"
    );
    // Or with a slot, as any prepared spell.
    let out = cast_ok(&mut c, "cure-wounds", &CastRequest::new());
    assert!(out.resolution.slot.is_some());
}

#[test]
fn magic_initiate_refuses_a_spell_off_its_list() {
    let err = choose(
        &caster(&[(Class::Wizard, 1)]),
        FeatureKind::Feat,
        "magic-initiate",
        Some("cleric"),
        &["magic-missile"],
    )
    .unwrap_err();
    assert_eq!(err.code(), "feature_spell_not_allowed");
}

#[test]
fn magic_initiate_may_be_taken_again_with_another_list_only() {
    let c = chosen(
        caster(&[(Class::Wizard, 4)]),
        FeatureKind::Feat,
        "magic-initiate",
        Some("cleric"),
        &["bless"],
    );
    let err = choose(&c, FeatureKind::Feat, "magic-initiate", Some("cleric"), &[]).unwrap_err();
    assert_eq!(err.code(), "feature_already_chosen");
    let c = chosen(
        c,
        FeatureKind::Feat,
        "magic-initiate",
        Some("druid"),
        &["goodberry"],
    );
    assert!(
        c.features()
            .iter()
            .any(|f| f.name == "Magic Initiate (Druid)")
    );
}

#[test]
fn boon_of_spell_recall_needs_character_level_19() {
    let err = choose(
        &caster(&[(Class::Wizard, 18)]),
        FeatureKind::Feat,
        "boon-of-spell-recall",
        None,
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "feat_level_too_low");
    let c = chosen(
        caster(&[(Class::Wizard, 19)]),
        FeatureKind::Feat,
        "boon-of-spell-recall",
        None,
        &[],
    );
    assert!(c.picks().iter().any(|p| p.id == "boon-of-spell-recall"));
}

#[test]
fn signature_spells_cast_at_level_3_once_per_short_rest() {
    let c = caster(&[(Class::Wizard, 20)]);
    let mut c = chosen(
        c,
        FeatureKind::Class,
        "signature-spells",
        None,
        &["fireball", "counterspell"],
    );
    assert!(c.is_always_prepared(&id("fireball")));
    let name = "Signature Spells: fireball";
    let out = cast_ok(&mut c, "fireball", &free(name));
    assert_eq!(out.resolution.cast_level.get(), 3);
    new_turn(&mut c);
    assert_eq!(refused(&c, "fireball", &free(name)).code(), "no_uses_left");
    let err = refused(
        &c,
        "counterspell",
        &free("Signature Spells: counterspell").at_slot(SlotLevel::new(5).unwrap()),
    );
    assert_eq!(err.code(), "free_cast_cannot_upcast");
    let out = c.short_rest();
    c.apply_all(&out.events);
    cast_ok(&mut c, "fireball", &free(name));
}

#[test]
fn signature_spells_take_two_level_3_spells_only() {
    let err = choose(
        &caster(&[(Class::Wizard, 20)]),
        FeatureKind::Class,
        "signature-spells",
        None,
        &["fireball", "cone-of-cold"],
    )
    .unwrap_err();
    assert_eq!(err.code(), "feature_spell_not_allowed");
}

#[test]
fn spell_mastery_casts_its_spells_at_will_at_their_own_level() {
    let c = caster(&[(Class::Wizard, 18)]);
    let mut c = chosen(
        c,
        FeatureKind::Class,
        "spell-mastery",
        None,
        &["shield", "misty-step"],
    );
    for _ in 0..3 {
        let out = cast_ok(&mut c, "misty-step", &free("Spell Mastery"));
        assert!(out.resolution.slot.is_none());
        new_turn(&mut c);
    }
    let err = refused(
        &c,
        "misty-step",
        &free("Spell Mastery").at_slot(SlotLevel::new(3).unwrap()),
    );
    assert_eq!(err.code(), "free_cast_cannot_upcast");
}

#[test]
fn armor_of_shadows_casts_mage_armor_at_will() {
    let mut c = chosen(
        caster(&[(Class::Warlock, 1)]),
        FeatureKind::Invocation,
        "armor-of-shadows",
        None,
        &[],
    );
    let pact = c.pact_slots().unwrap().remaining();
    for _ in 0..3 {
        cast_ok(&mut c, "mage-armor", &free("Armor of Shadows"));
        new_turn(&mut c);
    }
    assert_eq!(c.pact_slots().unwrap().remaining(), pact);
}

#[test]
fn invocation_level_too_low_for_ascendant_step_at_warlock_2() {
    let err = choose(
        &caster(&[(Class::Warlock, 2)]),
        FeatureKind::Invocation,
        "ascendant-step",
        None,
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "invocation_level_too_low");
}

#[test]
fn too_many_invocations_for_the_warlock_level() {
    let mut c = caster(&[(Class::Warlock, 1)]);
    c = chosen(c, FeatureKind::Invocation, "armor-of-shadows", None, &[]);
    let err = choose(&c, FeatureKind::Invocation, "pact-of-the-chain", None, &[]).unwrap_err();
    assert_eq!(err.code(), "too_many_invocations");
}

#[test]
fn eldritch_invocations_that_cast_each_cast_their_spell_free() {
    let mut c = caster(&[(Class::Warlock, 12)]);
    for (inv, spell_id, name) in [
        ("fiendish-vigor", "false-life", "Fiendish Vigor"),
        ("mask-of-many-faces", "disguise-self", "Mask of Many Faces"),
        ("misty-visions", "silent-image", "Misty Visions"),
        ("otherworldly-leap", "jump", "Otherworldly Leap"),
        ("ascendant-step", "levitate", "Ascendant Step"),
        ("one-with-shadows", "invisibility", "One with Shadows"),
        (
            "master-of-myriad-forms",
            "alter-self",
            "Master of Myriad Forms",
        ),
        (
            "whispers-of-the-grave",
            "speak-with-dead",
            "Whispers of the Grave",
        ),
    ] {
        c = chosen(c, FeatureKind::Invocation, inv, None, &[]);
        let out = cast_ok(&mut c, spell_id, &free(name));
        assert!(out.resolution.slot.is_none(), "{inv}");
        new_turn(&mut c);
    }
}

#[test]
fn gift_of_the_depths_casts_water_breathing_once_per_long_rest() {
    let mut c = chosen(
        caster(&[(Class::Warlock, 5)]),
        FeatureKind::Invocation,
        "gift-of-the-depths",
        None,
        &[],
    );
    cast_ok(&mut c, "water-breathing", &free("Gift of the Depths"));
    new_turn(&mut c);
    assert_eq!(
        refused(&c, "water-breathing", &free("Gift of the Depths")).code(),
        "no_uses_left"
    );
}

#[test]
fn pact_of_the_tome_prepares_three_cantrips_and_two_rituals_as_warlock_spells() {
    let c = chosen(
        caster(&[(Class::Warlock, 1)]),
        FeatureKind::Invocation,
        "pact-of-the-tome",
        None,
        &[
            "guidance",
            "light",
            "mending",
            "detect-magic",
            "find-familiar",
        ],
    );
    let mut c = c;
    let out = cast_ok(&mut c, "guidance", &CastRequest::new());
    assert_eq!(out.resolution.class, Some(Class::Warlock));
    new_turn(&mut c);
    let out = cast_ok(&mut c, "detect-magic", &CastRequest::new().as_ritual());
    assert!(out.resolution.slot.is_none());
    let err = choose(
        &caster(&[(Class::Warlock, 1)]),
        FeatureKind::Invocation,
        "pact-of-the-tome",
        None,
        &["magic-missile"],
    )
    .unwrap_err();
    assert_eq!(err.code(), "feature_spell_not_allowed", "not a Ritual");
}

#[test]
fn pact_of_the_chain_casts_find_familiar_without_a_slot() {
    let mut c = chosen(
        caster(&[(Class::Warlock, 1)]),
        FeatureKind::Invocation,
        "pact-of-the-chain",
        None,
        &[],
    );
    // Its incense is still needed: only the slot is waived.
    assert_eq!(
        refused(&c, "find-familiar", &free("Pact of the Chain")).code(),
        "missing_material"
    );
    let mut gear = c.equipment().clone();
    gear.materials.push("burning incense worth 10 GP".into());
    let out = c.set_equipment(gear);
    c.apply_all(&out.events);
    cast_ok(&mut c, "find-familiar", &free("Pact of the Chain"));
    let out = finish_long(&mut c, "find-familiar");
    assert!(out.resolution.slot.is_none());
}

#[test]
fn contact_patron_casts_contact_other_plane_free_once() {
    let mut c = caster(&[(Class::Warlock, 9)]);
    assert!(c.is_always_prepared(&id("contact-other-plane")));
    cast_ok(&mut c, "contact-other-plane", &free("Contact Patron"));
    let out = finish_long(&mut c, "contact-other-plane");
    assert!(out.resolution.slot.is_none());
    new_turn(&mut c);
    assert_eq!(
        refused(&c, "contact-other-plane", &free("Contact Patron")).code(),
        "no_uses_left"
    );
}

#[test]
fn wild_shape_stops_casting_but_keeps_concentration() {
    let mut c = caster(&[(Class::Druid, 2)]);
    let out = c.prepare(spell("faerie-fire")).unwrap();
    c.apply_all(&out.events);
    cast_ok(&mut c, "faerie-fire", &CastRequest::new());
    assert!(c.concentration().is_some());
    let out = c.wild_shape(true).unwrap();
    c.apply_all(&out.events);
    assert!(c.in_wild_shape());
    assert!(c.concentration().is_some(), "Concentration goes on");
    new_turn(&mut c);
    let err = refused(&c, "faerie-fire", &CastRequest::new());
    assert_eq!(err.code(), "wild_shape_no_casting");
    let out = c.wild_shape(false).unwrap();
    c.apply_all(&out.events);
    cast_ok(&mut c, "faerie-fire", &CastRequest::new());
}

#[test]
fn wild_shape_uses_follow_the_druid_level_and_run_out() {
    let mut c = caster(&[(Class::Druid, 2)]);
    for _ in 0..2 {
        let out = c.wild_shape(true).unwrap();
        c.apply_all(&out.events);
        let out = c.wild_shape(false).unwrap();
        c.apply_all(&out.events);
    }
    assert_eq!(c.wild_shape(true).unwrap_err().code(), "no_uses_left");
    assert_eq!(
        caster(&[(Class::Wizard, 5)])
            .wild_shape(true)
            .unwrap_err()
            .code(),
        "feature_missing"
    );
}

#[test]
fn wild_companion_spends_a_wild_shape_use_for_find_familiar() {
    let mut c = caster(&[(Class::Druid, 2)]);
    cast_ok(&mut c, "find-familiar", &free("Wild Companion"));
    let out = finish_long(&mut c, "find-familiar");
    assert!(out.resolution.slot.is_none());
    let ws = c
        .features()
        .iter()
        .find(|f| f.name == "Wild Shape")
        .unwrap();
    assert_eq!(ws.remaining(), 1);
    // No 10 GP of incense needed (Material components waived).
    assert!(
        !out.events
            .iter()
            .any(|e| matches!(e, Event::MaterialConsumed { .. }))
    );
}

#[test]
fn magical_secrets_lets_a_bard_prepare_from_cleric_druid_and_wizard_lists() {
    let c = caster(&[(Class::Bard, 9)]);
    assert!(c.prepare(spell("fireball")).is_err());
    let mut c = caster(&[(Class::Bard, 10)]);
    let out = c.prepare(spell("fireball")).unwrap();
    c.apply_all(&out.events);
    let out = cast_ok(&mut c, "fireball", &CastRequest::new());
    assert_eq!(out.resolution.class, Some(Class::Bard));
}

#[test]
fn memorize_spell_is_listed_at_wizard_5() {
    let c = caster(&[(Class::Wizard, 5)]);
    assert!(c.picks().iter().any(|p| p.id == "memorize-spell"));
    assert!(
        !caster(&[(Class::Wizard, 4)])
            .picks()
            .iter()
            .any(|p| p.id == "memorize-spell")
    );
}

#[test]
fn refreshing_features_twice_changes_nothing() {
    let c = caster(&[(Class::Cleric, 10), (Class::Paladin, 2)]);
    assert!(
        c.refresh_features(srd_features(), &level_of)
            .events
            .is_empty()
    );
}

#[test]
fn free_casts_still_obey_components_r14() {
    let mut c = caster(&[(Class::Ranger, 1)]);
    let out = c.set_silence(true, false);
    c.apply_all(&out.events);
    assert_eq!(
        refused(&c, "hunters-mark", &free("Favored Enemy")).code(),
        "silenced"
    );
}

#[test]
fn metamagic_options_known_follow_the_sorcerer_level() {
    let err = choose(
        &caster(&[(Class::Sorcerer, 1)]),
        FeatureKind::Metamagic,
        "quickened",
        None,
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "metamagic_level_too_low");
    let mut c = caster(&[(Class::Sorcerer, 2)]);
    c = chosen(c, FeatureKind::Metamagic, "careful", None, &[]);
    c = chosen(c, FeatureKind::Metamagic, "Quickened Spell", None, &[]);
    let err = choose(&c, FeatureKind::Metamagic, "twinned", None, &[]).unwrap_err();
    assert_eq!(err.code(), "too_many_metamagic");
    let ids: Vec<&str> = c
        .picks()
        .iter()
        .filter(|p| p.kind == FeatureKind::Metamagic)
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(ids, ["careful", "quickened"]);
    let mut c = caster(&[(Class::Sorcerer, 10)]);
    for o in ["careful", "distant", "empowered", "extended"] {
        c = chosen(c, FeatureKind::Metamagic, o, None, &[]);
    }
    assert_eq!(
        choose(&c, FeatureKind::Metamagic, "subtle", None, &[])
            .unwrap_err()
            .code(),
        "too_many_metamagic"
    );
}

#[test]
fn eldritch_smite_needs_pact_of_the_blade_first() {
    let c = caster(&[(Class::Warlock, 5)]);
    let err = choose(&c, FeatureKind::Invocation, "eldritch-smite", None, &[]).unwrap_err();
    assert_eq!(err.code(), "prerequisite_missing");
    let c = chosen(c, FeatureKind::Invocation, "pact-of-the-blade", None, &[]);
    let c = chosen(c, FeatureKind::Invocation, "eldritch-smite", None, &[]);
    assert!(c.picks().iter().any(|p| p.id == "eldritch-smite"));
}

#[test]
fn wild_shape_regains_one_use_on_a_short_rest_and_all_on_a_long_rest() {
    let mut c = caster(&[(Class::Druid, 6)]);
    for _ in 0..3 {
        let out = c.wild_shape(true).unwrap();
        c.apply_all(&out.events);
        let out = c.wild_shape(false).unwrap();
        c.apply_all(&out.events);
    }
    let left = |c: &Caster| {
        c.features()
            .iter()
            .find(|f| f.name == "Wild Shape")
            .unwrap()
            .remaining()
    };
    assert_eq!(left(&c), 0);
    let out = c.short_rest();
    c.apply_all(&out.events);
    assert_eq!(left(&c), 1);
    let out = c.short_rest();
    c.apply_all(&out.events);
    assert_eq!(left(&c), 2);
    long_rest(&mut c);
    assert_eq!(left(&c), 3);
    // Never above the maximum.
    let out = c.short_rest();
    c.apply_all(&out.events);
    assert_eq!(left(&c), 3);
}

#[test]
fn boon_of_spell_recall_keeps_the_slot_when_the_d4_shows_its_level() {
    let mut c = chosen(
        caster(&[(Class::Wizard, 19)]),
        FeatureKind::Feat,
        "boon-of-spell-recall",
        None,
        &[],
    );
    let out = c.prepare(spell("magic-missile")).unwrap();
    c.apply_all(&out.events);
    let level = |n: u8| SlotLevel::new(n).unwrap();
    let before = c.slots().remaining(level(3));
    // Every die shows 3: the d4 equals the level-3 slot, which is kept.
    let req = CastRequest::new()
        .at_slot(level(3))
        .target(grimoire_rules::Target::named("Orc"));
    let out = cast(&c, spell("magic-missile"), &req, &mut Fixed(3)).unwrap();
    assert!(
        out.events
            .iter()
            .any(|e| matches!(e, Event::SlotKept { .. }))
    );
    assert!(
        out.resolution
            .rolls
            .iter()
            .any(|r| matches!(r.label, grimoire_rules::RollLabel::SpellRecall { level: 3 }))
    );
    c.apply_all(&out.events);
    assert_eq!(c.slots().remaining(level(3)), before);
    // R10 still counts it: no second slot spell this turn.
    let err = refused(
        &c,
        "magic-missile",
        &CastRequest::new().target(grimoire_rules::Target::named("Orc")),
    );
    assert_eq!(err.code(), "one_slot_per_turn");
    new_turn(&mut c);
    // A level-2 slot against a 3 on the d4: spent.
    let out = cast(
        &c,
        spell("magic-missile"),
        &CastRequest::new()
            .at_slot(level(2))
            .target(grimoire_rules::Target::named("Orc")),
        &mut Fixed(3),
    )
    .unwrap();
    assert!(
        !out.events
            .iter()
            .any(|e| matches!(e, Event::SlotKept { .. }))
    );
    // A level-5 slot rolls nothing.
    new_turn(&mut c);
    let out = cast(
        &c,
        spell("magic-missile"),
        &CastRequest::new()
            .at_slot(level(5))
            .target(grimoire_rules::Target::named("Orc")),
        &mut Fixed(3),
    )
    .unwrap();
    assert!(
        !out.resolution
            .rolls
            .iter()
            .any(|r| matches!(r.label, grimoire_rules::RollLabel::SpellRecall { .. }))
    );
}

#[test]
fn greater_divine_intervention_wish_locks_divine_intervention_for_2d4_long_rests() {
    let mut c = caster(&[(Class::Cleric, 20)]);
    // Every die shows 3: 2d4 = 6 Long Rests.
    let out = cast_ok(&mut c, "wish", &free("Greater Divine Intervention"));
    assert!(
        out.resolution
            .rolls
            .iter()
            .any(|r| matches!(r.label, grimoire_rules::RollLabel::RestsLocked) && r.total == 6)
    );
    let di = |c: &Caster| {
        c.features()
            .iter()
            .find(|f| f.name == "Divine Intervention")
            .unwrap()
            .remaining()
    };
    for _ in 0..5 {
        long_rest(&mut c);
        assert_eq!(di(&c), 0);
    }
    long_rest(&mut c);
    assert_eq!(di(&c), 1);
    // An ordinary Divine Intervention comes back after one Long Rest.
    cast_ok(&mut c, "bless", &free("Divine Intervention"));
    long_rest(&mut c);
    assert_eq!(di(&c), 1);
}

#[test]
fn magical_discoveries_keeps_two_spells_of_other_lists_prepared() {
    let bard = caster(&[(Class::Bard, 6)]);
    let err = choose(
        &bard,
        FeatureKind::Class,
        "magical-discoveries",
        None,
        &["fireball"],
    )
    .unwrap_err();
    assert_eq!(err.code(), "prerequisite_missing");
    let c = chosen(bard, FeatureKind::Subclass, "lore", None, &[]);
    // Bard 6 has level 3 slots: Cone of Cold (5) is too high.
    let err = choose(
        &c,
        FeatureKind::Class,
        "magical-discoveries",
        None,
        &["cone-of-cold"],
    )
    .unwrap_err();
    assert_eq!(err.code(), "feature_spell_not_allowed");
    let c = chosen(
        c,
        FeatureKind::Class,
        "magical-discoveries",
        None,
        &["cure-wounds", "fireball"],
    );
    assert!(c.is_always_prepared(&id("fireball")) && c.is_always_prepared(&id("cure-wounds")));
    let mut c = c;
    let out = cast_ok(
        &mut c,
        "fireball",
        &CastRequest::new().target(grimoire_rules::Target::named("Orc")),
    );
    assert_eq!(out.resolution.class, Some(Class::Bard));
}

#[test]
fn elemental_affinity_is_chosen_at_draconic_6_with_one_dragon_damage_type() {
    // SRD 5.2 Draconic Sorcery, level 6: one of Acid, Cold, Fire, Lightning
    // or Poison. It asks for a choice, so reaching level 6 does not pick it.
    let plain = caster(&[(Class::Sorcerer, 6)]);
    assert!(plain.picks().iter().all(|p| p.id != "elemental-affinity"));
    let err = choose(
        &plain,
        FeatureKind::Class,
        "elemental-affinity",
        Some("fire"),
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "prerequisite_missing");
    let draconic = |level| {
        chosen(
            caster(&[(Class::Sorcerer, level)]),
            FeatureKind::Subclass,
            "draconic",
            None,
            &[],
        )
    };
    let err = choose(
        &draconic(5),
        FeatureKind::Class,
        "elemental-affinity",
        Some("fire"),
        &[],
    )
    .unwrap_err();
    assert_eq!(err.code(), "feature_level_too_low");
    for wrong in [None, Some("radiant")] {
        let err = choose(
            &draconic(6),
            FeatureKind::Class,
            "elemental-affinity",
            wrong,
            &[],
        )
        .unwrap_err();
        assert_eq!(err.code(), "feature_variant_needed", "{wrong:?}");
    }
    let c = chosen(
        draconic(6),
        FeatureKind::Class,
        "elemental-affinity",
        Some("cold"),
        &[],
    );
    assert_eq!(c.affinity(), Some(grimoire_rules::DamageType::Cold));
    assert!(c.has_cast_feature(grimoire_rules::CastFeature::ElementalAffinity));
}
