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

/// The text a command prints, stdout and stderr together, in Czech.
fn czech(s: &Session, args: &[&str]) -> String {
    let out = s.cmd().arg("--lang").arg("cs").args(args).output().unwrap();
    String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout)
}

fn dice_sum(roll: &Value) -> u64 {
    roll["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .sum()
}

#[test]
fn potent_cantrip_a_missed_fire_bolt_still_deals_half() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Eva",
        "--class",
        "wizard:3",
        "--abilities",
        "int=16",
        "--subclass",
        "wizard:evoker",
    ]);
    s.ok(&["prepare", "Eva", "Fire Bolt"]);
    // AC 30: the bolt misses unless it rolls a 20; the miss rolls damage
    // and deals half of it.
    let v = cast(&s, &["Fire Bolt", "-t", "Orc:ac=30"]);
    let attack = &v["targets"][0]["attacks"][0];
    assert_eq!(attack["hit"], false, "{v}");
    let damage = v["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["label"]["kind"] == "damage")
        .unwrap_or_else(|| panic!("the miss rolls its damage: {v}"));
    let rolled = damage["total"].as_u64().unwrap();
    assert_eq!(v["targets"][0]["damage_total"], rolled / 2, "{v}");
}

#[test]
fn empowered_evocation_adds_the_intelligence_modifier_to_one_fireball_roll() {
    for (level, bonus) in [("9", 0), ("10", 3)] {
        let s = Session::new();
        eva(&s, level);
        let v = cast(&s, &["Fireball", "-t", "Orc"]);
        let roll = &v["rolls"][0];
        // Intelligence 16: +3 from Evoker 10, once on the one roll.
        assert_eq!(roll["total"], dice_sum(roll) + bonus, "{level}: {v}");
        assert_eq!(v["targets"][0]["damage_total"], roll["total"], "{v}");
    }
}

#[test]
fn overchannel_necrotic_grows_by_a_d12_per_level_with_each_later_use() {
    let s = Session::new();
    eva(&s, "14");
    s.ok(&["hp", "Eva", "--max", "200", "--ac", "12"]);
    let mut necrotic = Vec::new();
    for _ in 0..3 {
        let before = s.ok(&["hp", "Eva"])["vitals"]["hp"].as_u64().unwrap();
        let v = cast(&s, &["Fireball", "-t", "Orc", "--overchannel"]);
        let roll = v["rolls"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["label"]["damage_type"] == "necrotic")
            .cloned();
        let after = s.ok(&["hp", "Eva"])["vitals"]["hp"].as_u64().unwrap();
        if let Some(r) = &roll {
            assert_eq!(before - after, r["total"].as_u64().unwrap(), "{v}");
        } else {
            assert_eq!(before, after, "{v}");
        }
        necrotic.push(roll.map(|r| r["notation"].as_str().unwrap().to_owned()));
        s.ok(&["turn", "end", "Eva"]);
    }
    // Free, then 2d12 per slot level (level 3: 6d12), then 3d12 (9d12).
    assert_eq!(
        necrotic,
        [None, Some("6d12".to_owned()), Some("9d12".to_owned())]
    );
    // A Long Rest makes the next use free again.
    s.ok(&["rest", "Eva", "--long"]);
    let v = cast(&s, &["Fireball", "-t", "Orc", "--overchannel"]);
    assert_eq!(v["rolls"].as_array().unwrap().len(), 1, "{v}");
}

#[test]
fn blessed_healer_heals_the_life_cleric_who_heals_another() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Lia",
        "--class",
        "cleric:6",
        "--abilities",
        "wis=16",
        "--subclass",
        "cleric:life",
    ]);
    s.ok(&["prepare", "Lia", "Healing Word"]);
    s.ok(&["hp", "Lia", "--max", "40", "--ac", "12"]);
    s.ok(&["hp", "Lia", "--set", "20"]);
    cast_as(&s, "Lia", &["Healing Word", "--slot", "2", "-t", "Ana"]);
    // 2 + the slot's level.
    assert_eq!(s.ok(&["hp", "Lia"])["vitals"]["hp"], 24);
    s.ok(&["turn", "end", "Lia"]);
    // Healing herself brings nothing more than the spell.
    let v = cast_as(&s, "Lia", &["Healing Word", "-t", "Lia"]);
    let healed = v["targets"][0]["healing"].as_u64().unwrap();
    assert_eq!(
        s.ok(&["hp", "Lia"])["vitals"]["hp"].as_u64().unwrap(),
        (24 + healed).min(40)
    );
}

#[test]
fn supreme_healing_uses_every_healing_die_at_its_most() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Lia",
        "--class",
        "cleric:17",
        "--abilities",
        "wis=16",
        "--subclass",
        "cleric:life",
    ]);
    s.ok(&["equip", "Lia", "--pouch"]);
    // Cure Wounds is a Life Domain spell, always prepared.
    let v = cast_as(&s, "Lia", &["Cure Wounds", "-t", "Ana"]);
    assert_eq!(v["rolls"][0]["dice"], serde_json::json!([8, 8]), "{v}");
    // 16, Wisdom 3, Disciple of Life 2 + 1.
    assert_eq!(v["targets"][0]["healing"], 22, "{v}");
}

#[test]
fn elemental_affinity_adds_charisma_to_a_draconic_sorcerers_fire() {
    let s = Session::new();
    let new = |feature: &str| -> Vec<String> {
        [
            "character",
            "new",
            "Drake",
            "--class",
            "sorcerer:6",
            "--abilities",
            "cha=16",
            "--subclass",
            "sorcerer:draconic",
            "--feature",
            feature,
        ]
        .map(str::to_owned)
        .to_vec()
    };
    // The type must be one of the five.
    let radiant = new("elemental-affinity:radiant");
    let err = s.fails(1, &args(&radiant));
    assert_eq!(err["code"], "feature_variant_needed", "{err}");
    assert!(err["message"].as_str().unwrap().contains("poison"), "{err}");
    let fire = new("elemental-affinity:fire");
    s.ok(&args(&fire));
    s.ok(&["equip", "Drake", "--pouch"]);
    s.ok(&["prepare", "Drake", "Fireball", "Magic Missile"]);
    let v = cast_as(&s, "Drake", &["Fireball", "-t", "Orc"]);
    let roll = &v["rolls"][0];
    assert_eq!(roll["total"], dice_sum(roll) + 3, "{v}");
    s.ok(&["turn", "end", "Drake"]);
    // Force is not the affinity's type: nothing more.
    let v = cast_as(&s, "Drake", &["Magic Missile", "-t", "Orc"]);
    let roll = &v["rolls"][0];
    assert_eq!(roll["total"], dice_sum(roll) + 1, "1d4 + 1: {v}");
}

#[test]
fn fiend_patron_casts_its_always_prepared_fireball_with_a_pact_slot() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Wil",
        "--class",
        "warlock:5",
        "--abilities",
        "cha=16",
        "--subclass",
        "warlock:fiend",
    ]);
    s.ok(&["equip", "Wil", "--pouch"]);
    let v = cast_as(&s, "Wil", &["Fireball", "-t", "Orc"]);
    assert_eq!((&v["class"], &v["pact"]), (&"warlock".into(), &true.into()));
    assert_eq!(v["save_dc"], 14, "8 + proficiency 3 + Charisma 3: {v}");
}

#[test]
fn college_of_lore_casts_a_wizard_spell_it_discovered_as_a_bard() {
    let s = Session::new();
    let mut args = vec![
        "character",
        "new",
        "Lor",
        "--class",
        "bard:6",
        "--abilities",
        "cha=16",
        "--subclass",
        "bard:lore",
    ];
    // Bard 6 has level 3 slots: Cone of Cold (5) is beyond them.
    let mut too_high = args.clone();
    too_high.extend(["--feature", "magical-discoveries:cone-of-cold,fireball"]);
    let err = s.fails(1, &too_high);
    assert_eq!(err["code"], "feature_spell_not_allowed", "{err}");
    args.extend(["--feature", "magical-discoveries:fireball,cure-wounds"]);
    s.ok(&args);
    s.ok(&["equip", "Lor", "--pouch"]);
    let v = cast_as(&s, "Lor", &["Fireball", "-t", "Orc"]);
    assert_eq!((&v["class"], &v["save_dc"]), (&"bard".into(), &14.into()));
}

#[test]
fn subclass_cast_refusals_read_in_czech() {
    let s = Session::new();
    eva(&s, "6");
    let text = czech(
        &s,
        &["cast", "Eva", "Hold Person", "-t", "Ana", "--sculpt", "Ana"],
    );
    assert!(
        text.contains("Tvarování kouzel tvaruje jen evokační kouzla"),
        "{text}"
    );
    let text = czech(
        &s,
        &["cast", "Eva", "Fireball", "-t", "Orc", "--overchannel"],
    );
    assert!(text.contains("Přetížení vyžaduje podtřídu"), "{text}");
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn cast_as(s: &Session, who: &str, args: &[&str]) -> Value {
    let mut all = vec!["cast", who];
    all.extend_from_slice(args);
    s.ok(&all)["cast"].clone()
}
