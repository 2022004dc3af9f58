//! Metamagic through the binary (issue 35): `grimoire cast … --meta`
//! reshapes the cast the rules check (SRD 5.2 Sorcerer, 2024 costs), and
//! every refusal names its rule.

mod common;

use common::Session;
use serde_json::Value;

/// Sorcha, a Sorcerer of `level` (Charisma 16) who knows `options`, with a
/// pouch and a few spells prepared.
fn sorcha(s: &Session, level: &str, options: &str) {
    let class = format!("sorcerer:{level}");
    s.ok(&[
        "character",
        "new",
        "Sorcha",
        "--class",
        &class,
        "--abilities",
        "str=8,dex=14,con=14,int=10,wis=12,cha=16",
        "--metamagic",
        options,
    ]);
    s.ok(&["equip", "Sorcha", "--pouch"]);
    s.ok(&["prepare", "Sorcha", "Fire Bolt", "Magic Missile"]);
    if level.parse::<u8>().unwrap() >= 5 {
        s.ok(&["prepare", "Sorcha", "Hold Person", "Fireball"]);
    }
}

fn cast(s: &Session, args: &[&str]) -> Value {
    let mut all = vec!["cast", "Sorcha"];
    all.extend_from_slice(args);
    s.ok(&all)["cast"].clone()
}

fn refused(s: &Session, args: &[&str]) -> Value {
    let mut all = vec!["cast", "Sorcha"];
    all.extend_from_slice(args);
    s.fails(1, &all)
}

/// Asserts the cast is refused as `metamagic_not_applicable`, its message
/// saying `why`.
fn refused_unfit(s: &Session, args: &[&str], why: &str) {
    let err = refused(s, args);
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
    assert!(err["message"].as_str().unwrap().contains(why), "{err}");
}

fn points(cast: &Value) -> u64 {
    cast["metamagic"]["points"].as_u64().unwrap_or(0)
}

#[test]
fn metamagic_subtle_spell_opens_no_counterspell_window() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Sorcha", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Mage",
        "--monster",
        "mage",
        "--init",
        "5",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let v = s.ok(&[
        "cast",
        "Sorcha",
        "Fire Bolt",
        "--target",
        "Mage",
        "--meta",
        "subtle",
    ]);
    assert_eq!(v["cast"]["status"], "resolved", "{v}");
    assert_eq!(v["cast"]["metamagic"]["options"][0], "subtle", "{v}");
    let w = s.ok(&["encounter", "window", "Cave"]);
    assert!(w["window"].is_null(), "{w}");
}

#[test]
fn metamagic_a_plain_spell_opens_the_counterspell_window() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Sorcha", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Mage",
        "--monster",
        "mage",
        "--init",
        "5",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let v = s.ok(&["cast", "Sorcha", "Fire Bolt", "--target", "Mage"]);
    assert_eq!(v["status"], "pending", "{v}");
    let reactors = v["reactors"].to_string();
    assert!(
        reactors.contains("Mage") && reactors.contains("counterspell"),
        "{v}"
    );
}

#[test]
fn metamagic_quickened_spell_takes_the_bonus_action_and_costs_two_points() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    let v = cast(
        &s,
        &["Fire Bolt", "-t", "Goblin:ac=12", "--meta", "quickened"],
    );
    assert_eq!(v["action"], "bonus_action", "{v}");
    assert_eq!(points(&v), 2);
    // The Action is still there for a cantrip.
    cast(&s, &["Fire Bolt", "-t", "Goblin:ac=12"]);
}

#[test]
fn metamagic_no_level_1_spell_after_a_quickened_spell_this_turn() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    cast(&s, &["Fire Bolt", "-t", "Goblin", "--meta", "quickened"]);
    let err = refused(&s, &["Magic Missile", "-t", "Goblin"]);
    assert_eq!(err["code"], "spell_after_quickened", "{err}");
    s.ok(&["turn", "end", "Sorcha"]);
    cast(&s, &["Magic Missile", "-t", "Goblin"]);
}

#[test]
fn metamagic_quickened_refused_after_a_level_1_spell_this_turn() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    cast(&s, &["Magic Missile", "-t", "Goblin"]);
    let err = refused(&s, &["Fire Bolt", "-t", "Goblin", "--meta", "quickened"]);
    assert_eq!(err["code"], "quickened_after_spell", "{err}");
}

#[test]
fn metamagic_an_option_not_known_is_refused() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    let err = refused(&s, &["Fireball", "-t", "Gob", "--meta", "careful:Gob"]);
    assert_eq!(err["code"], "metamagic_not_known", "{err}");
}

#[test]
fn metamagic_sorcery_points_run_out_and_return_on_a_long_rest() {
    let s = Session::new();
    sorcha(&s, "2", "subtle,quickened");
    let v = cast(&s, &["Fire Bolt", "-t", "Goblin", "--meta", "quickened"]);
    assert_eq!(points(&v), 2);
    s.ok(&["turn", "end", "Sorcha"]);
    let err = refused(&s, &["Fire Bolt", "-t", "Goblin", "--meta", "subtle"]);
    assert_eq!(err["code"], "no_sorcery_points", "{err}");
    s.ok(&["rest", "Sorcha", "--long"]);
    let v = cast(&s, &["Fire Bolt", "-t", "Goblin", "--meta", "subtle"]);
    assert_eq!(points(&v), 1);
}

#[test]
fn metamagic_careful_creature_succeeds_and_takes_nothing() {
    let s = Session::new();
    sorcha(&s, "5", "careful,distant");
    let v = cast(
        &s,
        &[
            "Fireball",
            "-t",
            "Ana:dex=-5",
            "-t",
            "Orc:dex=-5",
            "--meta",
            "careful:Ana",
        ],
    );
    let ana = &v["targets"][0];
    assert_eq!(ana["save"]["success"], true, "{v}");
    assert_eq!(ana["damage_total"], 0, "{v}");
    assert!(v["targets"][1]["damage_total"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(points(&v), 1);
}

#[test]
fn metamagic_distant_spell_reaches_twice_as_far() {
    let s = Session::new();
    sorcha(&s, "5", "careful,distant");
    let err = refused(&s, &["Fire Bolt", "-t", "Orc:dist=200"]);
    assert_eq!(err["code"], "out_of_range", "{err}");
    cast(
        &s,
        &["Fire Bolt", "-t", "Orc:dist=200", "--meta", "distant"],
    );
}

#[test]
fn metamagic_transmuted_fireball_deals_cold_damage() {
    let s = Session::new();
    sorcha(&s, "5", "transmuted,twinned");
    let v = cast(&s, &["Fireball", "-t", "Orc", "--meta", "transmuted:cold"]);
    assert_eq!(v["targets"][0]["damage"][0]["damage_type"], "cold", "{v}");
}

#[test]
fn metamagic_twinned_hold_person_takes_a_second_target() {
    let s = Session::new();
    sorcha(&s, "5", "transmuted,twinned");
    let err = refused(&s, &["Hold Person", "-t", "A", "-t", "B"]);
    assert_eq!(err["code"], "too_many_targets", "{err}");
    let v = cast(
        &s,
        &["Hold Person", "-t", "A", "-t", "B", "--meta", "twinned"],
    );
    assert_eq!((&v["level"], &v["slot"]), (&3.into(), &2.into()), "{v}");
}

#[test]
fn metamagic_heightened_names_its_one_target() {
    let s = Session::new();
    sorcha(&s, "17", "heightened,careful");
    let err = refused(
        &s,
        &["Fireball", "-t", "A", "-t", "B", "--meta", "heightened"],
    );
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
    let v = cast(
        &s,
        &[
            "Fireball",
            "-t",
            "A:dex=0",
            "-t",
            "B",
            "--meta",
            "heightened:A",
        ],
    );
    assert_eq!(points(&v), 2);
}

#[test]
fn metamagic_only_empowered_and_seeking_join_another_option() {
    let s = Session::new();
    sorcha(&s, "17", "subtle,quickened,empowered,seeking");
    let err = refused(
        &s,
        &[
            "Fire Bolt",
            "-t",
            "Orc",
            "--meta",
            "subtle",
            "--meta",
            "quickened",
        ],
    );
    assert_eq!(err["code"], "metamagic_one_per_spell", "{err}");
    let v = cast(
        &s,
        &[
            "Fire Bolt",
            "-t",
            "Orc",
            "--meta",
            "quickened",
            "--meta",
            "empowered",
        ],
    );
    assert_eq!(
        v["metamagic"]["options"].as_array().unwrap().len(),
        2,
        "{v}"
    );
}

#[test]
fn metamagic_an_unknown_option_is_a_usage_error() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    let err = s.fails(
        2,
        &["cast", "Sorcha", "Fire Bolt", "-t", "Orc", "--meta", "loud"],
    );
    assert_eq!(err["code"], "bad_metamagic", "{err}");
}

#[test]
fn metamagic_refusal_reads_in_czech() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    let out = s
        .cmd()
        .args([
            "--lang",
            "cs",
            "cast",
            "Sorcha",
            "Shield",
            "--meta",
            "quickened",
        ])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Zrychlené kouzlo"), "{text}");
    assert!(text.contains("doba sesílání není akce"), "{text}");
}

#[test]
fn metamagic_is_shown_in_the_cast_line() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,quickened");
    let text = s.human(&[
        "cast",
        "Sorcha",
        "Fire Bolt",
        "-t",
        "Orc",
        "--meta",
        "subtle",
    ]);
    assert!(
        text.contains("Metamagic: Subtle Spell (1 Sorcery Point)"),
        "{text}"
    );
}

#[test]
fn metamagic_careful_protects_at_most_the_charisma_modifier() {
    let s = Session::new();
    sorcha(&s, "5", "careful,distant");
    refused_unfit(
        &s,
        &[
            "Fireball",
            "-t",
            "A",
            "-t",
            "B",
            "-t",
            "C",
            "-t",
            "D",
            "--meta",
            "careful:A,B,C,D",
        ],
        "at most 3 creatures",
    );
}

#[test]
fn metamagic_careful_names_only_the_spells_targets() {
    let s = Session::new();
    sorcha(&s, "5", "careful,distant");
    refused_unfit(
        &s,
        &["Fireball", "-t", "Orc", "--meta", "careful:Ana"],
        "Ana is not one of its targets",
    );
}

#[test]
fn metamagic_careful_needs_a_spell_with_a_saving_throw() {
    let s = Session::new();
    sorcha(&s, "5", "careful,distant");
    refused_unfit(
        &s,
        &["Fire Bolt", "-t", "Orc", "--meta", "careful:Orc"],
        "forces no saving throw",
    );
}

#[test]
fn metamagic_heightened_rolls_the_targets_save_twice_and_keeps_the_lower() {
    let s = Session::new();
    sorcha(&s, "5", "heightened,careful");
    let v = cast(
        &s,
        &["Hold Person", "-t", "Orc:wis=0", "--meta", "heightened:Orc"],
    );
    let save = v["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["notation"].as_str().unwrap().contains("d20"))
        .unwrap()
        .clone();
    assert!(
        save["notation"].as_str().unwrap().starts_with("2d20kl1"),
        "{v}"
    );
    let dice: Vec<u64> = save["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let kept = *dice.iter().min().unwrap();
    assert_eq!(v["targets"][0]["save"]["total"], kept, "{v}");
}

#[test]
fn metamagic_heightened_costs_two_points() {
    let s = Session::new();
    sorcha(&s, "5", "heightened,careful");
    let v = cast(
        &s,
        &["Hold Person", "-t", "Orc:wis=0", "--meta", "heightened"],
    );
    assert_eq!(points(&v), 2, "{v}");
}

#[test]
fn metamagic_extended_hold_person_lasts_two_minutes() {
    let s = Session::new();
    sorcha(&s, "5", "extended,subtle");
    cast(&s, &["Hold Person", "-t", "Orc", "--meta", "extended"]);
    let v = s.ok(&["character", "show", "Sorcha"]);
    let held = v["character"]["ongoing"][0].clone();
    assert_eq!(held["expires_at"], 20, "{v}");
}

#[test]
fn metamagic_extended_needs_a_duration_of_a_minute_or_more() {
    let s = Session::new();
    sorcha(&s, "5", "extended,subtle");
    refused_unfit(
        &s,
        &["Magic Missile", "-t", "Orc", "--meta", "extended"],
        "lasts less than 1 minute",
    );
}

#[test]
fn metamagic_distant_needs_a_range_to_extend() {
    let s = Session::new();
    sorcha(&s, "5", "careful,distant");
    s.ok(&["prepare", "Sorcha", "Shield"]);
    let err = refused(&s, &["Shield", "--meta", "distant", "--trigger", "hit"]);
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
}

#[test]
fn metamagic_seeking_needs_an_attack_roll() {
    let s = Session::new();
    sorcha(&s, "17", "seeking,subtle");
    let err = refused(&s, &["Magic Missile", "-t", "Orc", "--meta", "seeking"]);
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
}

#[test]
fn metamagic_seeking_against_an_easy_target_costs_nothing() {
    let s = Session::new();
    sorcha(&s, "17", "seeking,subtle");
    let v = cast(&s, &["Fire Bolt", "-t", "Orc:ac=1", "--meta", "seeking"]);
    // A natural 1 misses whatever the AC (and Seeking rerolls it for a
    // point); anything else hits AC 1 and Seeking costs nothing.
    let attacks: Vec<u64> = v["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["label"]["kind"] == "attack")
        .map(|r| r["dice"][0].as_u64().unwrap())
        .collect();
    if attacks[0] == 1 {
        assert_eq!(attacks.len(), 2, "{v}");
        assert_eq!(v["metamagic"]["points"], 1, "{v}");
    } else {
        assert_eq!(attacks.len(), 1, "{v}");
        assert!(v["metamagic"].is_null(), "{v}");
    }
}

#[test]
fn metamagic_empowered_rerolled_dice_show_in_the_roll() {
    let s = Session::new();
    sorcha(&s, "5", "empowered,subtle");
    let v = cast(&s, &["Fireball", "-t", "Orc:dex=-5", "--meta", "empowered"]);
    let damage = &v["rolls"][0];
    let dice: Vec<u64> = damage["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let sum: u64 = dice.iter().sum();
    assert_eq!(damage["total"], sum, "{v}");
    assert_eq!(points(&v), 1, "{v}");
}

#[test]
fn metamagic_empowered_needs_a_damage_roll() {
    let s = Session::new();
    sorcha(&s, "5", "empowered,subtle");
    let err = refused(&s, &["Hold Person", "-t", "Orc", "--meta", "empowered"]);
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
}

#[test]
fn metamagic_transmuted_needs_a_listed_type() {
    let s = Session::new();
    sorcha(&s, "5", "transmuted,twinned");
    let err = refused(
        &s,
        &["Fireball", "-t", "Orc", "--meta", "transmuted:radiant"],
    );
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
    let err = refused(
        &s,
        &["Magic Missile", "-t", "Orc", "--meta", "transmuted:fire"],
    );
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
}

#[test]
fn metamagic_twinned_needs_a_spell_that_gains_a_target() {
    let s = Session::new();
    sorcha(&s, "5", "transmuted,twinned");
    let err = refused(&s, &["Fireball", "-t", "Orc", "--meta", "twinned"]);
    assert_eq!(err["code"], "metamagic_not_applicable", "{err}");
}

#[test]
fn metamagic_quickened_slot_spell_still_counts_for_r10() {
    let s = Session::new();
    sorcha(&s, "5", "quickened,subtle");
    cast(&s, &["Magic Missile", "-t", "Orc", "--meta", "quickened"]);
    // The Action is free, but a second slot this turn is refused (R10),
    // and Quickened's own rule says the same first.
    let err = refused(&s, &["Magic Missile", "-t", "Orc"]);
    assert_eq!(err["code"], "spell_after_quickened", "{err}");
    let turn = &s.ok(&["character", "show", "Sorcha"])["character"]["turn"];
    assert_eq!(
        (&turn["slot_spent"], &turn["action_used"]),
        (&true.into(), &false.into()),
        "R10 saw the slot; the Action is left: {turn}"
    );
}

#[test]
fn metamagic_a_sorcerer_of_level_1_knows_no_options() {
    let s = Session::new();
    let out = s.fails(
        1,
        &[
            "character",
            "new",
            "Nova",
            "--class",
            "sorcerer:1",
            "--abilities",
            "cha=16",
            "--metamagic",
            "subtle",
        ],
    );
    assert_eq!(out["code"], "metamagic_level_too_low", "{out}");
}
