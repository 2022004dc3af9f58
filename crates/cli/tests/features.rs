//! Class features, subclasses, feats and invocations through the binary
//! (issue 33), scenes taken from the 2024 text: chosen on `character new`
//! and `character set` with their levels checked, the subclass's spells
//! always prepared by level, and the free casts through `cast --via`.

mod common;

use common::Session;
use serde_json::Value;

/// The always-prepared spell ids of the character JSON.
fn always(v: &Value) -> Vec<String> {
    v["always_prepared"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|r| r["spell"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The pick ids of the character JSON.
fn picks(v: &Value) -> Vec<String> {
    v["picks"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| p["id"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The feature row named `name`.
fn feature<'a>(v: &'a Value, name: &str) -> &'a Value {
    v["features"]
        .as_array()
        .and_then(|a| a.iter().find(|f| f["name"] == name))
        .unwrap_or_else(|| panic!("no feature {name} in {v}"))
}

fn new(s: &Session, name: &str, class: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "character",
        "new",
        name,
        "--class",
        class,
        "--abilities",
        "int=16,wis=16,cha=16,dex=14,con=14",
    ];
    args.extend_from_slice(extra);
    s.ok(&args)["character"].clone()
}

fn show(s: &Session, name: &str) -> Value {
    s.ok(&["character", "show", name])["character"].clone()
}

#[test]
fn character_new_with_subclass_wizard_evoker() {
    let s = Session::new();
    let c = new(&s, "Mira", "wizard:3", &["--subclass", "wizard:evoker"]);
    assert_eq!(picks(&c), ["evoker"]);
    let text = s.human(&["character", "show", "Mira"]);
    assert!(text.contains("Evoker"), "{text}");
}

#[test]
fn life_domain_spells_appear_by_cleric_level_outside_the_limit() {
    let s = Session::new();
    let c = new(&s, "Brana", "cleric:5", &["--subclass", "cleric:life"]);
    let a = always(&c);
    for spell in [
        "aid",
        "bless",
        "cure-wounds",
        "lesser-restoration",
        "revivify",
    ] {
        assert!(a.contains(&spell.to_owned()), "{spell}: {a:?}");
    }
    assert!(!a.contains(&"death-ward".to_owned()));
    // The prepared list is still empty: the domain spells do not count.
    assert_eq!(c["prepared"], Value::Array(vec![]));
}

#[test]
fn subclass_level_too_low_at_wizard_2() {
    let s = Session::new();
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Ada",
            "--class",
            "wizard:2",
            "--subclass",
            "wizard:evoker",
        ],
    );
    assert_eq!(err["code"], "subclass_level_too_low");
    assert!(
        err["message"].as_str().unwrap().contains("level 3"),
        "{err}"
    );
    // Nothing was written.
    s.fails(1, &["character", "show", "Ada"]);
}

#[test]
fn subclass_level_too_low_is_worded_in_czech() {
    let s = Session::new();
    let out = s
        .cmd()
        .args([
            "--lang",
            "cs",
            "character",
            "new",
            "Ada",
            "--class",
            "wizard:2",
            "--subclass",
            "wizard:evoker",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("vyžaduje 3. úroveň"), "{err}");
}

#[test]
fn unknown_subclass_is_refused() {
    let s = Session::new();
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Ada",
            "--class",
            "wizard:3",
            "--subclass",
            "wizard:necromancer",
        ],
    );
    assert_eq!(err["code"], "unknown_subclass");
}

#[test]
fn character_set_chooses_a_subclass_later_and_undo_takes_it_back() {
    let s = Session::new();
    new(&s, "Oto", "sorcerer:3", &[]);
    let v = s.ok(&["character", "set", "Oto", "--subclass", "sorcerer:draconic"]);
    assert!(always(&v["character"]).contains(&"dragons-breath".to_owned()));
    s.ok(&["undo", "Oto"]);
    let c = show(&s, "Oto");
    assert!(picks(&c).is_empty());
    assert!(always(&c).is_empty());
    // Choosing the same subclass twice is refused.
    s.ok(&["character", "set", "Oto", "--subclass", "draconic"]);
    let err = s.fails(1, &["character", "set", "Oto", "--subclass", "draconic"]);
    assert_eq!(err["code"], "feature_already_chosen");
    s.ok(&["verify"]);
}

#[test]
fn circle_of_the_land_needs_its_land_type() {
    let s = Session::new();
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Lesa",
            "--class",
            "druid:3",
            "--subclass",
            "druid:land",
        ],
    );
    assert_eq!(err["code"], "feature_variant_needed");
    let c = new(
        &s,
        "Lesa",
        "druid:3",
        &["--subclass", "druid:land:temperate"],
    );
    let a = always(&c);
    assert!(a.contains(&"misty-step".to_owned()) && a.contains(&"sleep".to_owned()));
}

#[test]
fn divine_intervention_casts_a_cleric_spell_free_once_per_long_rest() {
    let s = Session::new();
    new(&s, "Vera", "cleric:10", &[]);
    let before = s.ok(&["slots", "Vera"]);
    let v = s.ok(&[
        "cast",
        "Vera",
        "Greater Restoration",
        "--via",
        "Divine Intervention",
        "--target",
        "Vera",
    ]);
    assert_eq!(v["cast"]["slot"], Value::Null);
    assert_eq!(v["cast"]["level"], 5);
    assert_eq!(s.ok(&["slots", "Vera"])["slots"], before["slots"]);
    s.ok(&["turn", "end", "Vera"]);
    let err = s.fails(
        1,
        &["cast", "Vera", "Bless", "--via", "Divine Intervention"],
    );
    assert_eq!(err["code"], "no_uses_left");
    s.ok(&["rest", "Vera", "--long"]);
    s.ok(&[
        "cast",
        "Vera",
        "Cure Wounds",
        "--via",
        "Divine Intervention",
        "--target",
        "Vera",
    ]);
}

#[test]
fn divine_intervention_refuses_a_level_6_spell() {
    let s = Session::new();
    new(&s, "Vera", "cleric:12", &[]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Vera",
            "Heal",
            "--via",
            "Divine Intervention",
            "--target",
            "Vera",
        ],
    );
    assert_eq!(err["code"], "source_cannot_cast");
}

#[test]
fn paladins_smite_casts_divine_smite_free_once() {
    let s = Session::new();
    let c = new(&s, "Rad", "paladin:2", &[]);
    assert!(always(&c).contains(&"divine-smite".to_owned()));
    let args = [
        "cast",
        "Rad",
        "Divine Smite",
        "--via",
        "Paladin's Smite",
        "--trigger",
        "hit an orc with a longsword",
        "--target",
        "Orc",
    ];
    let v = s.ok(&args);
    assert_eq!(v["cast"]["slot"], Value::Null);
    s.ok(&["turn", "end", "Rad"]);
    assert_eq!(s.fails(1, &args)["code"], "no_uses_left");
}

#[test]
fn favored_enemy_two_free_hunters_marks_at_ranger_1() {
    let s = Session::new();
    let c = new(&s, "Lov", "ranger:1", &[]);
    assert_eq!(feature(&c, "Favored Enemy")["max_uses"], 2);
    for _ in 0..2 {
        let v = s.ok(&[
            "cast",
            "Lov",
            "Hunter's Mark",
            "--via",
            "Favored Enemy",
            "--target",
            "Wolf",
        ]);
        assert_eq!(v["cast"]["slot"], Value::Null);
        s.ok(&["turn", "end", "Lov"]);
    }
    let err = s.fails(
        1,
        &[
            "cast",
            "Lov",
            "Hunter's Mark",
            "--via",
            "Favored Enemy",
            "--target",
            "Wolf",
        ],
    );
    assert_eq!(err["code"], "no_uses_left");
    // With a slot it still works.
    let v = s.ok(&["cast", "Lov", "Hunter's Mark", "--target", "Wolf"]);
    assert_ne!(v["cast"]["slot"], Value::Null);
}

#[test]
fn free_cast_cannot_upcast_hunters_mark() {
    let s = Session::new();
    new(&s, "Lov", "ranger:5", &[]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Lov",
            "Hunter's Mark",
            "--via",
            "Favored Enemy",
            "--slot",
            "2",
            "--target",
            "Wolf",
        ],
    );
    assert_eq!(err["code"], "free_cast_cannot_upcast");
    assert_eq!(err["rule"], "R6");
}

#[test]
fn r10_a_free_cast_after_a_slot_cast_in_the_same_turn() {
    let s = Session::new();
    new(&s, "Lov", "ranger:5", &[]);
    s.ok(&["prepare", "Lov", "Cure Wounds"]);
    s.ok(&["cast", "Lov", "Cure Wounds", "--target", "Lov"]);
    let v = s.ok(&[
        "cast",
        "Lov",
        "Hunter's Mark",
        "--via",
        "Favored Enemy",
        "--target",
        "Wolf",
    ]);
    assert_eq!(v["cast"]["slot"], Value::Null);
}

#[test]
fn magic_initiate_cleric_on_a_wizard() {
    let s = Session::new();
    let c = new(
        &s,
        "Ela",
        "wizard:1",
        &[
            "--feat",
            "magic-initiate:cleric:guidance,sacred-flame,cure-wounds",
        ],
    );
    assert!(always(&c).contains(&"cure-wounds".to_owned()));
    s.ok(&["cast", "Ela", "Sacred Flame", "--target", "Zombie"]);
    s.ok(&["turn", "end", "Ela"]);
    let v = s.ok(&[
        "cast",
        "Ela",
        "Cure Wounds",
        "--via",
        "Magic Initiate",
        "--target",
        "Ela",
    ]);
    assert_eq!(v["cast"]["slot"], Value::Null);
    s.ok(&["turn", "end", "Ela"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Ela",
            "Cure Wounds",
            "--via",
            "Magic Initiate",
            "--target",
            "Ela",
        ],
    );
    assert_eq!(err["code"], "no_uses_left");
    let v = s.ok(&["cast", "Ela", "Cure Wounds", "--target", "Ela"]);
    assert_ne!(v["cast"]["slot"], Value::Null);
}

#[test]
fn magic_initiate_refuses_a_spell_off_its_list() {
    let s = Session::new();
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Ela",
            "--class",
            "wizard:1",
            "--feat",
            "magic-initiate:cleric:magic-missile",
        ],
    );
    assert_eq!(err["code"], "feature_spell_not_allowed");
}

#[test]
fn boon_of_spell_recall_needs_level_19() {
    let s = Session::new();
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Ela",
            "--class",
            "wizard:18",
            "--feat",
            "boon-of-spell-recall",
        ],
    );
    assert_eq!(err["code"], "feat_level_too_low");
    let c = new(&s, "Ela", "wizard:19", &["--feat", "boon-of-spell-recall"]);
    assert!(picks(&c).contains(&"boon-of-spell-recall".to_owned()));
}

#[test]
fn armor_of_shadows_casts_mage_armor_at_will() {
    let s = Session::new();
    new(
        &s,
        "Zet",
        "warlock:1",
        &["--invocation", "armor-of-shadows"],
    );
    for _ in 0..3 {
        let v = s.ok(&[
            "cast",
            "Zet",
            "Mage Armor",
            "--via",
            "Armor of Shadows",
            "--target",
            "Zet",
        ]);
        assert_eq!(v["cast"]["slot"], Value::Null);
        s.ok(&["turn", "end", "Zet"]);
    }
    let c = show(&s, "Zet");
    assert_eq!(c["slots"]["pact"]["remaining"], 1, "{}", c["slots"]);
}

#[test]
fn invocation_level_too_low_and_too_many_invocations() {
    let s = Session::new();
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Zet",
            "--class",
            "warlock:2",
            "--invocation",
            "ascendant-step",
        ],
    );
    assert_eq!(err["code"], "invocation_level_too_low");
    let err = s.fails(
        1,
        &[
            "character",
            "new",
            "Zet",
            "--class",
            "warlock:1",
            "--invocation",
            "armor-of-shadows",
            "--invocation",
            "pact-of-the-chain",
        ],
    );
    assert_eq!(err["code"], "too_many_invocations");
}

#[test]
fn pact_of_the_tome_cantrips_and_rituals_are_warlock_spells() {
    let s = Session::new();
    new(
        &s,
        "Zet",
        "warlock:1",
        &[
            "--invocation",
            "pact-of-the-tome:guidance,light,mending,detect-magic,identify",
        ],
    );
    let v = s.ok(&["cast", "Zet", "Light", "--target", "Zet"]);
    assert_eq!(v["cast"]["class"], "warlock");
    s.ok(&["turn", "end", "Zet"]);
    let v = s.ok(&["cast", "Zet", "Detect Magic", "--ritual"]);
    assert_eq!(v["cast"]["mode"], "ritual");
}

#[test]
fn wildshape_stops_casting_and_keeps_concentration() {
    let s = Session::new();
    new(&s, "Dub", "druid:2", &[]);
    s.ok(&["prepare", "Dub", "Faerie Fire"]);
    s.ok(&["cast", "Dub", "Faerie Fire", "--target", "Goblin"]);
    let v = s.ok(&["wildshape", "Dub", "on"]);
    assert_eq!(v["wild_shape"], true);
    let c = show(&s, "Dub");
    assert_eq!(c["concentration"]["spell"], "faerie-fire");
    assert_eq!(c["wild_shape"], true);
    assert_eq!(feature(&c, "Wild Shape")["remaining"], 1);
    s.ok(&["turn", "end", "Dub"]);
    let err = s.fails(1, &["cast", "Dub", "Produce Flame"]);
    assert_eq!(err["code"], "wild_shape_no_casting");
    s.ok(&["wildshape", "Dub", "off"]);
    assert_eq!(show(&s, "Dub")["wild_shape"], Value::Null);
}

#[test]
fn wildshape_without_the_feature_or_uses_is_refused() {
    let s = Session::new();
    new(&s, "Mag", "wizard:5", &[]);
    assert_eq!(
        s.fails(1, &["wildshape", "Mag", "on"])["code"],
        "feature_missing"
    );
    new(&s, "Dub", "druid:2", &[]);
    for _ in 0..2 {
        s.ok(&["wildshape", "Dub", "on"]);
        s.ok(&["wildshape", "Dub", "off"]);
    }
    assert_eq!(
        s.fails(1, &["wildshape", "Dub", "on"])["code"],
        "no_uses_left"
    );
    s.ok(&["rest", "Dub", "--long"]);
    s.ok(&["wildshape", "Dub", "on"]);
}

#[test]
fn magical_secrets_bard_10_prepares_fireball() {
    let s = Session::new();
    new(&s, "Pev", "bard:9", &[]);
    assert_eq!(
        s.fails(1, &["prepare", "Pev", "Fireball"])["code"],
        "not_on_class_list"
    );
    new(&s, "Zpev", "bard:10", &[]);
    s.ok(&["prepare", "Zpev", "Fireball"]);
    let v = s.ok(&["cast", "Zpev", "Fireball", "--target", "Orc"]);
    assert_eq!(v["cast"]["class"], "bard");
}

#[test]
fn signature_spells_cast_fireball_at_level_3_free() {
    let s = Session::new();
    new(
        &s,
        "Arch",
        "wizard:20",
        &["--feature", "signature-spells:fireball,counterspell"],
    );
    let v = s.ok(&[
        "cast",
        "Arch",
        "Fireball",
        "--via",
        "Signature Spells: fireball",
        "--target",
        "Orc",
    ]);
    assert_eq!(v["cast"]["slot"], Value::Null);
    assert_eq!(v["cast"]["level"], 3);
    s.ok(&["turn", "end", "Arch"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Arch",
            "Fireball",
            "--via",
            "Signature Spells: fireball",
            "--target",
            "Orc",
        ],
    );
    assert_eq!(err["code"], "no_uses_left");
    s.ok(&["rest", "Arch", "--short"]);
    s.ok(&[
        "cast",
        "Arch",
        "Fireball",
        "--via",
        "Signature Spells: fireball",
        "--target",
        "Orc",
    ]);
}

#[test]
fn spell_mastery_misty_step_at_will() {
    let s = Session::new();
    new(
        &s,
        "Arch",
        "wizard:18",
        &["--feature", "spell-mastery:shield,misty-step"],
    );
    for _ in 0..3 {
        let v = s.ok(&["cast", "Arch", "Misty Step", "--via", "Spell Mastery"]);
        assert_eq!(v["cast"]["slot"], Value::Null);
        s.ok(&["turn", "end", "Arch"]);
    }
}

#[test]
fn metamagic_options_are_known_by_sorcerer_level() {
    let s = Session::new();
    let c = new(
        &s,
        "Iskra",
        "sorcerer:2",
        &["--metamagic", "careful,quickened"],
    );
    assert_eq!(picks(&c), ["careful", "quickened"]);
    let err = s.fails(1, &["character", "set", "Iskra", "--metamagic", "twinned"]);
    assert_eq!(err["code"], "too_many_metamagic");
}

#[test]
fn contact_patron_is_always_prepared_at_warlock_9() {
    let s = Session::new();
    let c = new(&s, "Zet", "warlock:9", &[]);
    assert!(always(&c).contains(&"contact-other-plane".to_owned()));
    assert_eq!(feature(&c, "Contact Patron")["max_uses"], 1);
}

#[test]
fn character_show_lists_features_and_their_uses() {
    let s = Session::new();
    new(&s, "Vera", "cleric:10", &["--subclass", "cleric:life"]);
    let text = s.human(&["character", "show", "Vera"]);
    assert!(
        text.contains("Life Domain") && text.contains("Divine Intervention"),
        "{text}"
    );
    let cs = s.human(&["--lang", "cs", "character", "show", "Vera"]);
    assert!(
        cs.contains("Doména života") && cs.contains("Božský zásah"),
        "{cs}"
    );
}

#[test]
fn natural_recovery_casts_a_circle_spell_free_once_per_long_rest() {
    let s = Session::new();
    new(&s, "Lesa", "druid:6", &["--subclass", "druid:land:polar"]);
    let before = s.ok(&["slots", "Lesa"]);
    let args = [
        "cast",
        "Lesa",
        "Hold Person",
        "--via",
        "Natural Recovery",
        "--target",
        "Bandit",
    ];
    let v = s.ok(&args);
    assert_eq!(v["cast"]["slot"], Value::Null);
    assert_eq!(s.ok(&["slots", "Lesa"])["slots"], before["slots"]);
    s.ok(&["turn", "end", "Lesa"]);
    assert_eq!(s.fails(1, &args)["code"], "no_uses_left");
}

#[test]
fn wild_shape_gives_one_use_back_on_a_short_rest() {
    let s = Session::new();
    new(&s, "Dub", "druid:2", &[]);
    for _ in 0..2 {
        s.ok(&["wildshape", "Dub", "on"]);
        s.ok(&["wildshape", "Dub", "off"]);
    }
    s.ok(&["rest", "Dub", "--short"]);
    assert_eq!(feature(&show(&s, "Dub"), "Wild Shape")["remaining"], 1);
}

#[test]
fn boon_of_spell_recall_rolls_its_d4_after_a_low_slot_cast() {
    let s = Session::new();
    new(&s, "Ela", "wizard:19", &["--feat", "boon-of-spell-recall"]);
    s.ok(&["prepare", "Ela", "Magic Missile"]);
    let v = s.ok(&["cast", "Ela", "Magic Missile", "--target", "Orc"]);
    let labels: Vec<String> = v["cast"]["rolls"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(common::label_en)
        .collect();
    assert!(
        labels.contains(&"Boon of Spell Recall (level 1 slot)".to_owned()),
        "{labels:?}"
    );
}

#[test]
fn greater_divine_intervention_casts_wish_with_the_one_use() {
    let s = Session::new();
    new(&s, "Vera", "cleric:20", &[]);
    let v = s.ok(&[
        "cast",
        "Vera",
        "Wish",
        "--via",
        "Greater Divine Intervention",
    ]);
    assert_eq!(v["cast"]["slot"], Value::Null);
    s.ok(&["turn", "end", "Vera"]);
    let err = s.fails(
        1,
        &["cast", "Vera", "Bless", "--via", "Divine Intervention"],
    );
    assert_eq!(err["code"], "no_uses_left");
}

#[test]
fn oath_of_devotion_spells_come_by_paladin_level() {
    let s = Session::new();
    let c = new(&s, "Rad", "paladin:5", &["--subclass", "paladin:devotion"]);
    let a = always(&c);
    for spell in [
        "protection-from-evil-and-good",
        "shield-of-faith",
        "aid",
        "zone-of-truth",
        "divine-smite",
    ] {
        assert!(a.contains(&spell.to_owned()), "{spell}: {a:?}");
    }
    assert!(!a.contains(&"beacon-of-hope".to_owned()));
}

#[test]
fn undo_gives_a_free_cast_use_back() {
    let s = Session::new();
    new(&s, "Lov", "ranger:1", &[]);
    s.ok(&[
        "cast",
        "Lov",
        "Hunter's Mark",
        "--via",
        "Favored Enemy",
        "--target",
        "Wolf",
    ]);
    assert_eq!(feature(&show(&s, "Lov"), "Favored Enemy")["remaining"], 1);
    s.ok(&["undo", "Lov"]);
    assert_eq!(feature(&show(&s, "Lov"), "Favored Enemy")["remaining"], 2);
    s.ok(&["verify"]);
}

#[test]
fn divine_intervention_on_a_multiclass_cleric_uses_the_cleric_list() {
    let s = Session::new();
    new(&s, "Mix", "cleric:10", &["--class", "wizard:2"]);
    let v = s.ok(&[
        "cast",
        "Mix",
        "Flame Strike",
        "--via",
        "Divine Intervention",
        "--target",
        "Orc",
    ]);
    assert_eq!(v["cast"]["class"], "cleric");
    assert_eq!(v["cast"]["slot"], Value::Null);
    s.ok(&["turn", "end", "Mix"]);
    // Fireball is on the Wizard list, not the Cleric one.
    s.ok(&["rest", "Mix", "--long"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Mix",
            "Fireball",
            "--via",
            "Divine Intervention",
            "--target",
            "Orc",
        ],
    );
    assert_eq!(err["code"], "source_cannot_cast");
}
