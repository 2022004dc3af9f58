//! Subclass features that change a cast, through the binary (issue 35):
//! an Evoker's Sculpt Spells and Overchannel (`grimoire cast --sculpt`,
//! `--overchannel`), a Life Cleric's healing.

mod common;

use common::Session;
use serde_json::Value;

/// Eva, a Wizard of `level` with the Evoker subclass and Fireball ready.
fn eva(s: &Session, level: &str) {
    let class = format!("wizard:{level}");
    s.ok(&[
        "character",
        "new",
        "Eva",
        "--class",
        &class,
        "--abilities",
        "str=8,dex=14,con=14,int=16,wis=12,cha=10",
        "--subclass",
        "wizard:evoker",
    ]);
    s.ok(&["equip", "Eva", "--pouch"]);
    s.ok(&["prepare", "Eva", "Fireball", "Hold Person"]);
}

fn cast(s: &Session, args: &[&str]) -> Value {
    let mut all = vec!["cast", "Eva"];
    all.extend_from_slice(args);
    s.ok(&all)["cast"].clone()
}

#[test]
fn sculpt_spells_spares_the_named_allies_in_a_fireball() {
    let s = Session::new();
    eva(&s, "6");
    let v = cast(
        &s,
        &[
            "Fireball",
            "-t",
            "Ana:dex=-5",
            "-t",
            "Bo:dex=-5",
            "-t",
            "Orc:dex=-5",
            "--sculpt",
            "Ana,Bo",
        ],
    );
    let taken: Vec<u64> = v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["damage_total"].as_u64().unwrap())
        .collect();
    assert_eq!(taken[..2], [0, 0], "{v}");
    assert!(taken[2] > 0, "{v}");
}

#[test]
fn sculpt_spells_is_refused_before_evoker_6_and_on_other_schools() {
    let s = Session::new();
    eva(&s, "5");
    let err = s.fails(
        1,
        &["cast", "Eva", "Fireball", "-t", "Ana", "--sculpt", "Ana"],
    );
    assert_eq!(err["code"], "subclass_feature_not_had", "{err}");
    let s = Session::new();
    eva(&s, "6");
    let err = s.fails(
        1,
        &["cast", "Eva", "Hold Person", "-t", "Ana", "--sculpt", "Ana"],
    );
    assert_eq!(err["code"], "sculpt_not_evocation", "{err}");
}

#[test]
fn overchannel_maximizes_a_fireball_and_the_second_use_costs_necrotic_damage() {
    let s = Session::new();
    eva(&s, "14");
    s.ok(&["hp", "Eva", "--max", "80", "--ac", "12"]);
    let v = cast(&s, &["Fireball", "-t", "Orc:dex=-5", "--overchannel"]);
    // 8d6 at their most, and Empowered Evocation's +3.
    assert_eq!(v["targets"][0]["damage_total"], 51, "{v}");
    assert_eq!(
        s.ok(&["hp", "Eva"])["vitals"]["hp"],
        80,
        "the first use is free"
    );
    s.ok(&["turn", "end", "Eva"]);
    cast(&s, &["Fireball", "-t", "Orc", "--overchannel"]);
    let hp = s.ok(&["hp", "Eva"])["vitals"]["hp"].as_u64().unwrap();
    // 6d12 necrotic: between 6 and 72.
    assert!((8..=74).contains(&hp), "{hp}");
    s.ok(&["turn", "end", "Eva"]);
    let err = s.fails(
        1,
        &[
            "cast",
            "Eva",
            "Fireball",
            "--slot",
            "6",
            "-t",
            "Orc",
            "--overchannel",
        ],
    );
    assert_eq!(err["code"], "overchannel_unfit", "{err}");
}

#[test]
fn disciple_of_life_heals_more_with_a_slot() {
    let s = Session::new();
    let cleric = |name: &str, subclass: &[&str]| {
        let mut args = vec![
            "character",
            "new",
            name,
            "--class",
            "cleric:3",
            "--abilities",
            "wis=16",
        ];
        args.extend_from_slice(subclass);
        s.ok(&args);
        s.ok(&["prepare", name, "Healing Word"]);
    };
    cleric("Lia", &["--subclass", "cleric:life"]);
    cleric("Tom", &[]);
    let heal = |name: &str| {
        s.ok(&["cast", name, "Healing Word", "-t", "Ana"])["cast"]["targets"][0]["healing"]
            .as_u64()
            .unwrap()
    };
    // Seed 7 rolls the same 2d4 for both: Lia heals 2 + 1 more.
    assert_eq!(heal("Lia"), heal("Tom") + 3);
}
