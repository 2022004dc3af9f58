//! Class resources through the binary (issue 33, SRD 5.2): Font of Magic
//! both ways, created slots and R10, Sorcerous Restoration, Innate Sorcery
//! and Sorcery Incarnate, Arcane Recovery, Magical Cunning, and what the
//! rests give back; refusals with their codes, in English and Czech.

mod common;

use common::Session;
use serde_json::Value;

/// A new character with `class` (e.g. `sorcerer:5`) and its casting
/// ability at 16.
fn new(s: &Session, name: &str, class: &str) {
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        class,
        "--abilities",
        "int=16,cha=16,con=14",
    ]);
}

/// Its class resources as `character show --json` gives them.
fn resources(s: &Session, name: &str) -> Value {
    s.ok(&["character", "show", name])["character"]["resources"].clone()
}

fn points(s: &Session, name: &str) -> Value {
    resources(s, name)["sorcery_points"]["left"].clone()
}

/// The regular slots left of `level` (the table's).
fn slots_left(s: &Session, name: &str, level: u64) -> u64 {
    let v = s.ok(&["slots", name]);
    v["slots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["level"] == level)
        .map_or(0, |r| r["remaining"].as_u64().unwrap())
}

/// Spends `n` regular slots of `level` with Magic Missile, a turn each.
fn spend(s: &Session, name: &str, level: &str, n: usize) {
    for _ in 0..n {
        s.ok(&[
            "cast",
            name,
            "Magic Missile",
            "--slot",
            level,
            "--regular",
            "--target",
            "Goblin",
        ]);
        s.ok(&["turn", "end", name]);
    }
}

#[test]
fn font_of_magic_gives_sorcery_points_equal_to_the_sorcerer_level() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    assert_eq!(resources(&s, "Sera")["sorcery_points"]["max"], 5);
    assert_eq!(points(&s, "Sera"), 5);
    new(&s, "Kid", "sorcerer:1");
    assert!(
        resources(&s, "Kid")["sorcery_points"].is_null(),
        "from level 2"
    );
}

#[test]
fn font_of_magic_turns_points_into_a_slot_at_the_table_cost() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    let v = s.ok(&["font", "Sera", "--to-slot", "3"]);
    assert_eq!(v["resources"]["sorcery_points"]["left"], 0, "5 points");
    assert_eq!(v["resources"]["created_slots"][0]["level"], 3);
    assert_eq!(slots_left(&s, "Sera", 3), 2, "the table's slots stay");
}

#[test]
fn font_of_magic_turns_a_slot_into_points_after_spending_some() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["font", "Sera", "--to-slot", "1"]);
    assert_eq!(points(&s, "Sera"), 3);
    let v = s.ok(&["font", "Sera", "--to-points", "2"]);
    assert_eq!(v["resources"]["sorcery_points"]["left"], 5);
    assert_eq!(slots_left(&s, "Sera", 2), 2);
}

#[test]
fn font_of_magic_refuses_points_over_the_maximum() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    let e = s.fails(1, &["font", "Sera", "--to-points", "1"]);
    assert_eq!(e["code"], "sorcery_points_full", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("Font of Magic"),
        "{e}"
    );
    assert_eq!(slots_left(&s, "Sera", 1), 4, "nothing spent");
}

#[test]
fn font_of_magic_refuses_slot_above_fifth() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:20");
    let e = s.fails(1, &["font", "Sera", "--to-slot", "6"]);
    assert_eq!(e["code"], "slot_too_high_to_create", "{e}");
    assert_eq!(points(&s, "Sera"), 20);
}

#[test]
fn font_of_magic_refuses_a_slot_below_its_sorcerer_level() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:7");
    let e = s.fails(1, &["font", "Sera", "--to-slot", "5"]);
    assert_eq!(e["code"], "sorcerer_level_too_low", "{e}");
    assert!(e["message"].as_str().unwrap().contains('9'), "{e}");
}

#[test]
fn font_of_magic_refuses_without_sorcery_points() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:3");
    s.ok(&["font", "Sera", "--to-slot", "2"]);
    s.ok(&["turn", "end", "Sera"]);
    let e = s.fails(1, &["font", "Sera", "--to-slot", "1"]);
    assert_eq!(e["code"], "no_sorcery_points", "{e}");
}

#[test]
fn font_of_magic_belongs_to_sorcerers_of_level_2() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:5");
    let e = s.fails(1, &["font", "Elmira", "--to-points", "1"]);
    assert_eq!(e["code"], "feature_not_had", "{e}");
    new(&s, "Kid", "sorcerer:1");
    assert_eq!(
        s.fails(1, &["font", "Kid", "--to-slot", "1"])["code"],
        "feature_not_had"
    );
}

#[test]
fn font_of_magic_creating_a_slot_takes_the_bonus_action() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["font", "Sera", "--to-slot", "1"]);
    let e = s.fails(1, &["font", "Sera", "--to-slot", "1"]);
    assert_eq!(e["code"], "action_unavailable", "{e}");
    s.ok(&["turn", "end", "Sera"]);
    s.ok(&["font", "Sera", "--to-slot", "1"]);
    assert_eq!(points(&s, "Sera"), 1);
}

#[test]
fn font_of_magic_created_slot_pays_for_fireball_and_counts_for_r10() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["prepare", "Sera", "Fireball", "Magic Missile"]);
    spend(&s, "Sera", "3", 2);
    s.ok(&["font", "Sera", "--to-slot", "3"]);
    let cast = s.ok(&["cast", "Sera", "Fireball", "--target", "Orc"]);
    assert_eq!(cast["cast"]["slot"], 3, "{cast}");
    assert!(resources(&s, "Sera")["created_slots"].is_null(), "spent");
    let e = s.fails(1, &["cast", "Sera", "Magic Missile", "--target", "Goblin"]);
    assert_eq!(e["code"], "one_slot_per_turn", "{e}");
}

#[test]
fn font_of_magic_created_slots_vanish_on_a_long_rest() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["font", "Sera", "--to-slot", "2"]);
    s.ok(&["rest", "Sera", "--short"]);
    assert_eq!(resources(&s, "Sera")["created_slots"][0]["count"], 1);
    s.ok(&["rest", "Sera", "--long"]);
    let r = resources(&s, "Sera");
    assert!(r["created_slots"].is_null(), "{r}");
    assert_eq!(r["sorcery_points"]["left"], 5);
}

#[test]
fn font_of_magic_turns_a_pact_slot_into_points() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Vex",
        "--class",
        "sorcerer:3",
        "--class",
        "warlock:3",
        "--abilities",
        "cha=16",
    ]);
    s.ok(&["font", "Vex", "--to-slot", "2"]);
    let v = s.ok(&["font", "Vex", "--to-points", "2", "--pact"]);
    assert_eq!(v["resources"]["sorcery_points"]["left"], 2, "{v}");
    assert_eq!(v["slots"]["pact"]["remaining"], 1, "{v}");
}

#[test]
fn font_of_magic_is_undone_whole() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["font", "Sera", "--to-slot", "3"]);
    s.ok(&["undo", "Sera"]);
    let r = resources(&s, "Sera");
    assert_eq!(r["sorcery_points"]["left"], 5);
    assert!(r["created_slots"].is_null());
}

#[test]
fn sorcerous_restoration_on_a_short_rest_regains_half_the_sorcerer_level() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:6");
    s.ok(&["font", "Sera", "--to-slot", "3"]);
    s.ok(&["turn", "end", "Sera"]);
    assert_eq!(points(&s, "Sera"), 1);
    s.ok(&["rest", "Sera", "--short", "--sorcerous-restoration"]);
    assert_eq!(points(&s, "Sera"), 4, "3 of 6 / 2");
    let e = s.fails(1, &["rest", "Sera", "--short", "--sorcerous-restoration"]);
    assert_eq!(e["code"], "sorcerous_restoration_used", "{e}");
    assert_eq!(resources(&s, "Sera")["sorcerous_restoration"]["used"], true);
}

#[test]
fn sorcerous_restoration_comes_at_sorcerer_level_5() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:4");
    s.ok(&["font", "Sera", "--to-slot", "1"]);
    let e = s.fails(1, &["rest", "Sera", "--short", "--sorcerous-restoration"]);
    assert_eq!(e["code"], "feature_not_had", "{e}");
}

#[test]
fn innate_sorcery_raises_the_save_dc_of_sorcerer_spells_for_a_minute() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["prepare", "Sera", "Fireball"]);
    s.ok(&["innate", "Sera"]);
    s.ok(&["turn", "end", "Sera"]);
    let cast = s.ok(&["cast", "Sera", "Fireball", "--target", "Orc"]);
    // 8 + proficiency 3 + CHA 3, and 1 from Innate Sorcery.
    assert_eq!(cast["cast"]["save_dc"], 15, "{cast}");
    let r = resources(&s, "Sera");
    assert_eq!(r["innate_sorcery"]["left"], 1, "{r}");
    assert_eq!(r["innate_sorcery_rounds"], 10, "{r}");
    s.ok(&["wait", "Sera", "1m"]);
    assert!(resources(&s, "Sera")["innate_sorcery_rounds"].is_null());
}

#[test]
fn innate_sorcery_gives_advantage_on_sorcerer_spell_attacks() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["prepare", "Sera", "Fire Bolt"]);
    s.ok(&["innate", "Sera"]);
    let cast = s.ok(&["cast", "Sera", "Fire Bolt", "--target", "Orc:ac=12"]);
    let text = cast.to_string();
    assert!(text.contains("2d20kh1"), "{cast}");
}

#[test]
fn innate_sorcery_twice_per_long_rest_then_refused() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:3");
    s.ok(&["innate", "Sera"]);
    let e = s.fails(1, &["innate", "Sera"]);
    assert_eq!(e["code"], "innate_sorcery_active", "{e}");
    s.ok(&["wait", "Sera", "1m"]);
    s.ok(&["innate", "Sera"]);
    s.ok(&["wait", "Sera", "1m"]);
    let e = s.fails(1, &["innate", "Sera"]);
    assert_eq!(e["code"], "no_feature_uses", "{e}");
    s.ok(&["rest", "Sera", "--long"]);
    assert_eq!(resources(&s, "Sera")["innate_sorcery"]["left"], 2);
}

#[test]
fn sorcery_incarnate_pays_two_points_when_no_use_is_left() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:7");
    for _ in 0..2 {
        s.ok(&["innate", "Sera"]);
        s.ok(&["wait", "Sera", "1m"]);
    }
    s.ok(&["innate", "Sera"]);
    assert_eq!(points(&s, "Sera"), 5);
}

#[test]
fn arcane_recovery_brings_back_slots_on_a_short_rest() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:6");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    spend(&s, "Elmira", "2", 1);
    spend(&s, "Elmira", "1", 1);
    let v = s.ok(&["rest", "Elmira", "--short", "--arcane-recovery", "2,1"]);
    assert!(v["events"].to_string().contains("slots_recovered"), "{v}");
    assert_eq!(slots_left(&s, "Elmira", 2), 3);
    assert_eq!(slots_left(&s, "Elmira", 1), 4);
    assert_eq!(resources(&s, "Elmira")["arcane_recovery"]["used"], true);
}

#[test]
fn arcane_recovery_too_many_levels() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:4");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    spend(&s, "Elmira", "2", 2);
    let e = s.fails(
        1,
        &["rest", "Elmira", "--short", "--arcane-recovery", "2,2"],
    );
    assert_eq!(e["code"], "arcane_recovery_too_many_levels", "{e}");
    assert_eq!(
        slots_left(&s, "Elmira", 2),
        1,
        "the refused rest did nothing"
    );
}

#[test]
fn arcane_recovery_slot_too_high() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:20");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    spend(&s, "Elmira", "6", 1);
    let e = s.fails(1, &["rest", "Elmira", "--short", "--arcane-recovery", "6"]);
    assert_eq!(e["code"], "arcane_recovery_slot_too_high", "{e}");
}

#[test]
fn arcane_recovery_used_once_per_long_rest() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:5");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    spend(&s, "Elmira", "1", 3);
    s.ok(&["rest", "Elmira", "--short", "--arcane-recovery", "1"]);
    let e = s.fails(1, &["rest", "Elmira", "--short", "--arcane-recovery", "1"]);
    assert_eq!(e["code"], "arcane_recovery_used", "{e}");
    let cs = s.fails(
        1,
        &[
            "--lang",
            "cs",
            "rest",
            "Elmira",
            "--short",
            "--arcane-recovery",
            "1",
        ],
    );
    assert!(
        cs["message"].as_str().unwrap().contains("Arkánní zotavení"),
        "{cs}"
    );
}

#[test]
fn arcane_recovery_only_with_a_short_rest() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:5");
    let e = s.fails(1, &["rest", "Elmira", "--long", "--arcane-recovery", "1"]);
    assert_eq!(e["code"], "needs_short_rest", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("Arcane Recovery"),
        "{e}"
    );
}

#[test]
fn magical_cunning_brings_back_half_the_pact_slots() {
    let s = Session::new();
    new(&s, "Vex", "warlock:11");
    s.ok(&["prepare", "Vex", "Hex"]);
    for _ in 0..3 {
        s.ok(&["cast", "Vex", "Hex", "--target", "Orc"]);
        s.ok(&["turn", "end", "Vex"]);
    }
    let v = s.ok(&["cunning", "Vex"]);
    assert_eq!(v["slots"]["pact"]["remaining"], 2, "{v}");
    let e = s.fails(1, &["cunning", "Vex"]);
    assert_eq!(e["code"], "magical_cunning_used", "{e}");
}

#[test]
fn magical_cunning_refuses_with_no_pact_slot_spent() {
    let s = Session::new();
    new(&s, "Vex", "warlock:2");
    let e = s.fails(1, &["cunning", "Vex"]);
    assert_eq!(e["code"], "nothing_to_recover", "{e}");
    new(&s, "Kid", "warlock:1");
    assert_eq!(s.fails(1, &["cunning", "Kid"])["code"], "feature_not_had");
}

#[test]
fn character_show_lists_the_resources_in_english_and_czech() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    let en = s.human(&["character", "show", "Sera"]);
    assert!(en.contains("Sorcery Points: 5 of 5"), "{en}");
    assert!(en.contains("Innate Sorcery: 2 of 2 uses"), "{en}");
    assert!(en.contains("Sorcerous Restoration: ready"), "{en}");
    let cs = s.human(&["--lang", "cs", "character", "show", "Sera"]);
    assert!(cs.contains("Body čarodějnictví: 5 z 5"), "{cs}");
}

#[test]
fn a_czech_refusal_names_the_feature_in_czech() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:20");
    let e = s.fails(1, &["--lang", "cs", "font", "Sera", "--to-slot", "6"]);
    assert!(
        e["message"].as_str().unwrap().contains("Pramen magie"),
        "{e}"
    );
}

/// The ways `options` lists for `spell`, as `kind level`.
fn ways(o: &Value, spell: &str, field: &str) -> Vec<String> {
    o["castable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["spell"] == spell)
        .unwrap_or_else(|| panic!("{spell} castable: {o}"))[field]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|w| {
                    format!(
                        "{} {}",
                        w["way"]["kind"].as_str().unwrap(),
                        w["way"]["level"]
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn options_list_a_slot_made_from_sorcery_points_as_a_way_to_pay() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["prepare", "Sera", "Fireball", "Magic Missile"]);
    let o = s.ok(&["options", "Sera"]);
    assert_eq!(
        ways(&o, "fireball", "ways"),
        ["slot 3", "points_slot 3"],
        "{o}"
    );
    let mm = ways(&o, "magic-missile", "ways");
    assert!(mm.contains(&"points_slot 1".to_owned()), "{mm:?}");
    assert!(mm.contains(&"points_slot 3".to_owned()), "{mm:?}");
    // With 2 points left, the 3rd-level slot from points is closed, and says why.
    s.ok(&["font", "Sera", "--to-slot", "2"]);
    s.ok(&["turn", "end", "Sera"]);
    let o = s.ok(&["options", "Sera"]);
    assert_eq!(ways(&o, "fireball", "ways"), ["slot 3"], "{o}");
    let closed = &o["castable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["spell"] == "fireball")
        .unwrap()["closed"];
    assert_eq!(closed[0]["way"]["kind"], "points_slot", "{closed}");
    assert_eq!(closed[0]["code"], "no_sorcery_points", "{closed}");
    let human = s.human(&["options", "Sera"]);
    assert!(
        human.contains("slot 3 made from 5 Sorcery Points"),
        "{human}"
    );
    assert!(
        human.contains("needs 5 Sorcery Points and 2 are left"),
        "{human}"
    );
}

#[test]
fn the_plan_compares_a_slot_with_a_slot_made_from_points() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["prepare", "Sera", "Fireball"]);
    let p = s.ok(&["plan", "Sera", "--target", "ac=15,hp=40,dex=+1"]);
    let fireballs: Vec<&Value> = p["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["spell"] == "fireball")
        .collect();
    let kinds: Vec<&str> = fireballs
        .iter()
        .map(|l| l["way"]["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"slot") && kinds.contains(&"points_slot"),
        "{p}"
    );
    assert_eq!(
        fireballs[0]["mean"], fireballs[1]["mean"],
        "the same Fireball"
    );
    let human = s.human(&["plan", "Sera", "--target", "ac=15,hp=40"]);
    assert!(
        human.contains("slot 3 made from 5 Sorcery Points"),
        "{human}"
    );
}

#[test]
fn a_party_short_rest_takes_arcane_recovery_and_sorcerous_restoration_unasked() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:6");
    new(&s, "Sera", "sorcerer:6");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    spend(&s, "Elmira", "3", 1);
    spend(&s, "Elmira", "1", 1);
    s.ok(&["font", "Sera", "--to-slot", "3"]);
    s.ok(&["rest", "--all", "--short"]);
    // Wizard 6: 3 levels, the highest expended first: the 3rd-level slot.
    assert_eq!(slots_left(&s, "Elmira", 3), 3);
    assert_eq!(slots_left(&s, "Elmira", 1), 3, "nothing left in the budget");
    assert_eq!(resources(&s, "Elmira")["arcane_recovery"]["used"], true);
    assert_eq!(points(&s, "Sera"), 4, "1 left, 3 back");
    // The next party Short Rest has nothing left to take.
    s.ok(&["rest", "--all", "--short"]);
    assert_eq!(slots_left(&s, "Elmira", 1), 3);
    assert_eq!(points(&s, "Sera"), 4);
}

#[test]
fn a_created_slot_upcasts_magic_missile_like_any_slot() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:3");
    s.ok(&["prepare", "Sera", "Magic Missile"]);
    spend(&s, "Sera", "2", 2);
    s.ok(&["font", "Sera", "--to-slot", "2"]);
    let cast = s.ok(&[
        "cast",
        "Sera",
        "Magic Missile",
        "--slot",
        "2",
        "--target",
        "Goblin",
    ]);
    assert_eq!(cast["cast"]["slot"], 2, "{cast}");
    assert_eq!(
        cast["cast"]["targets"][0]["damage"]
            .as_array()
            .unwrap()
            .len(),
        4,
        "R6: four darts"
    );
}

#[test]
fn innate_sorcery_belongs_to_sorcerers() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:7");
    let e = s.fails(1, &["innate", "Elmira"]);
    assert_eq!(e["code"], "feature_not_had", "{e}");
    assert!(
        e["message"].as_str().unwrap().contains("Innate Sorcery"),
        "{e}"
    );
}

#[test]
fn font_of_magic_has_no_pact_slot_to_turn_for_a_pure_sorcerer() {
    let s = Session::new();
    new(&s, "Sera", "sorcerer:5");
    s.ok(&["font", "Sera", "--to-slot", "1"]);
    let e = s.fails(1, &["font", "Sera", "--to-points", "1", "--pact"]);
    assert_eq!(e["code"], "no_slot_available", "{e}");
}

#[test]
fn arcane_recovery_refuses_a_slot_that_is_not_expended() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:5");
    let e = s.fails(1, &["rest", "Elmira", "--short", "--arcane-recovery", "1"]);
    assert_eq!(e["code"], "slot_not_expended", "{e}");
    assert_eq!(
        resources(&s, "Elmira")["arcane_recovery"]["used"],
        false,
        "still there"
    );
}

#[test]
fn a_bad_arcane_recovery_list_is_a_usage_error() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:5");
    let e = s.fails(
        2,
        &["rest", "Elmira", "--short", "--arcane-recovery", "three"],
    );
    assert_eq!(e["code"], "usage", "{e}");
    let e = s.fails(1, &["rest", "Elmira", "--short", "--arcane-recovery", "0"]);
    assert_eq!(e["code"], "invalid_slot_level", "{e}");
}

#[test]
fn undoing_a_rest_with_arcane_recovery_takes_the_slot_back_again() {
    let s = Session::new();
    new(&s, "Elmira", "wizard:5");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    spend(&s, "Elmira", "3", 1);
    s.ok(&["rest", "Elmira", "--short", "--arcane-recovery", "3"]);
    assert_eq!(slots_left(&s, "Elmira", 3), 2);
    s.ok(&["undo", "Elmira"]);
    assert_eq!(slots_left(&s, "Elmira", 3), 1);
    assert_eq!(resources(&s, "Elmira")["arcane_recovery"]["used"], false);
}

#[test]
fn magical_cunning_comes_back_after_a_long_rest() {
    let s = Session::new();
    new(&s, "Vex", "warlock:5");
    s.ok(&["prepare", "Vex", "Hex"]);
    s.ok(&["cast", "Vex", "Hex", "--target", "Orc"]);
    s.ok(&["turn", "end", "Vex"]);
    s.ok(&["cunning", "Vex"]);
    assert_eq!(resources(&s, "Vex")["magical_cunning"]["used"], true);
    s.ok(&["rest", "Vex", "--long"]);
    assert_eq!(resources(&s, "Vex")["magical_cunning"]["used"], false);
}

/// A Circle of the Land Druid of `level` (polar land).
fn land_druid(s: &Session, name: &str, level: &str) {
    s.ok(&[
        "character",
        "new",
        name,
        "--class",
        &format!("druid:{level}"),
        "--abilities",
        "wis=16,con=14",
        "--subclass",
        "druid:land:polar",
    ]);
}

#[test]
fn natural_recovery_brings_back_a_druids_slots_on_a_short_rest() {
    let s = Session::new();
    land_druid(&s, "Lesa", "6");
    assert_eq!(resources(&s, "Lesa")["natural_recovery"]["amount"], 3);
    s.ok(&[
        "cast",
        "Lesa",
        "Hold Person",
        "--slot",
        "3",
        "--regular",
        "--target",
        "Goblin",
    ]);
    assert_eq!(slots_left(&s, "Lesa", 3), 2);
    let v = s.ok(&["rest", "Lesa", "--short", "--natural-recovery", "3"]);
    assert!(v["events"].to_string().contains("natural-recovery"), "{v}");
    assert_eq!(slots_left(&s, "Lesa", 3), 3);
    assert_eq!(resources(&s, "Lesa")["natural_recovery"]["used"], true);
    let e = s.fails(1, &["rest", "Lesa", "--short", "--natural-recovery", "1"]);
    assert_eq!(e["code"], "natural_recovery_used", "{e}");
}

#[test]
fn natural_recovery_is_refused_without_the_circle_of_the_land() {
    let s = Session::new();
    new(&s, "Oak", "druid:6");
    let e = s.fails(1, &["rest", "Oak", "--short", "--natural-recovery", "1"]);
    assert_eq!(e["code"], "resource_subclass_not_chosen", "{e}");
    let cs = s.fails(
        1,
        &[
            "--lang",
            "cs",
            "rest",
            "Oak",
            "--short",
            "--natural-recovery",
            "1",
        ],
    );
    assert!(
        cs["message"].as_str().unwrap().contains("Kruh země"),
        "{cs}"
    );
}

#[test]
fn natural_recovery_too_many_levels_names_the_druid_budget() {
    let s = Session::new();
    land_druid(&s, "Lesa", "6");
    for _ in 0..2 {
        s.ok(&[
            "cast",
            "Lesa",
            "Hold Person",
            "--regular",
            "--target",
            "Goblin",
        ]);
        s.ok(&["turn", "end", "Lesa"]);
    }
    let e = s.fails(1, &["rest", "Lesa", "--short", "--natural-recovery", "2,2"]);
    assert_eq!(e["code"], "natural_recovery_too_many_levels", "{e}");
    assert!(e["message"].as_str().unwrap().contains("Druid"), "{e}");
    assert_eq!(slots_left(&s, "Lesa", 2), 1, "the refused rest did nothing");
}

#[test]
fn memorize_spell_swaps_a_prepared_spell_on_a_short_rest() {
    let s = Session::new();
    new(&s, "Zed", "wizard:5");
    s.ok(&[
        "spellbook",
        "add",
        "Zed",
        "Magic Missile",
        "Shield",
        "Fireball",
    ]);
    s.ok(&["prepare", "Zed", "Magic Missile"]);
    s.ok(&["prepare", "Zed", "Shield"]);
    let v = s.ok(&[
        "rest",
        "Zed",
        "--short",
        "--memorize",
        "Fireball",
        "--forget",
        "Shield",
    ]);
    assert!(v["notes"].to_string().contains("memorize_spell"), "{v}");
    let sheet = s.ok(&["character", "show", "Zed"]).to_string();
    assert!(sheet.contains("fireball"), "{sheet}");
    // Shield is no longer prepared: Memorize Spell cannot forget it again.
    let e = s.fails(
        1,
        &[
            "rest",
            "Zed",
            "--short",
            "--memorize",
            "Magic Missile",
            "--forget",
            "Shield",
        ],
    );
    assert_eq!(e["code"], "memorize_not_prepared", "{e}");
}

#[test]
fn memorize_spell_needs_wizard_5_and_a_spell_of_the_book() {
    let s = Session::new();
    new(&s, "Zed", "wizard:5");
    s.ok(&["spellbook", "add", "Zed", "Magic Missile", "Shield"]);
    s.ok(&["prepare", "Zed", "Shield"]);
    let e = s.fails(
        1,
        &[
            "rest",
            "Zed",
            "--short",
            "--memorize",
            "Fireball",
            "--forget",
            "Shield",
        ],
    );
    assert_eq!(e["code"], "memorize_not_in_book", "{e}");
    new(&s, "Kid", "wizard:4");
    s.ok(&["spellbook", "add", "Kid", "Magic Missile", "Shield"]);
    s.ok(&["prepare", "Kid", "Shield"]);
    let e = s.fails(
        1,
        &[
            "rest",
            "Kid",
            "--short",
            "--memorize",
            "Magic Missile",
            "--forget",
            "Shield",
        ],
    );
    assert_eq!(e["code"], "feature_not_had", "{e}");
    let e = s.fails(
        2,
        &["rest", "Kid", "--short", "--memorize", "Magic Missile"],
    );
    assert!(e.to_string().contains("forget"), "{e}");
}
