//! More Metamagic through the binary (issue 35), each from the 2024
//! Sorcerer text: what Subtle Spell spares and what it keeps, Distant
//! Spell on a Touch spell, Extended Spell's longer duration and its
//! Advantage on Concentration saves, Empowered and Seeking Spell on one
//! cast, Twinned Spell from a higher slot, Transmuted Spell against a
//! resistance, the options a Sorcerer knows by level, and refusals in
//! Czech.

mod common;

use common::Session;
use serde_json::Value;

/// Sorcha, a Sorcerer of `level` (Charisma 16, Constitution 14) who knows
/// `options`, with a pouch and `spells` prepared.
fn sorcha(s: &Session, level: &str, options: &str, spells: &[&str]) {
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
    if !spells.is_empty() {
        let mut prepare = vec!["prepare", "Sorcha"];
        prepare.extend_from_slice(spells);
        s.ok(&prepare);
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

fn dice(roll: &Value) -> Vec<u64> {
    roll["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect()
}

/// The text a command prints, stdout and stderr together, in Czech.
fn czech(s: &Session, args: &[&str]) -> String {
    let out = s.cmd().arg("--lang").arg("cs").args(args).output().unwrap();
    String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout)
}

/// An encounter with Sorcha first and a Mage (who knows Counterspell).
fn against_a_mage(s: &Session) {
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
}

#[test]
fn metamagic_subtle_spell_is_cast_while_silenced() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,careful", &["Fire Bolt"]);
    s.ok(&["condition", "Sorcha", "add", "silenced"]);
    let err = refused(&s, &["Fire Bolt", "-t", "Orc"]);
    assert_eq!(
        (&err["code"], &err["rule"]),
        (&"silenced".into(), &"R14a".into())
    );
    let v = cast(&s, &["Fire Bolt", "-t", "Orc", "--meta", "subtle"]);
    assert_eq!(v["metamagic"]["points"], 1, "{v}");
}

#[test]
fn metamagic_subtle_spell_is_cast_with_no_free_hand() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,careful", &["Fire Bolt", "Fireball"]);
    s.ok(&["equip", "Sorcha", "--free-hands", "0"]);
    for spell in ["Fire Bolt", "Fireball"] {
        let err = refused(&s, &[spell, "-t", "Orc"]);
        assert_eq!(err["code"], "no_free_hand", "{spell}: {err}");
    }
    // Fireball's bat guano, which the pouch stands in for, is spared too.
    let v = cast(&s, &["Fireball", "-t", "Orc", "--meta", "subtle"]);
    assert_eq!(v["status"], "resolved", "{v}");
}

#[test]
fn metamagic_subtle_chromatic_orb_still_needs_its_diamond_and_is_seen() {
    let s = Session::new();
    sorcha(&s, "5", "subtle,careful", &["Chromatic Orb"]);
    // A material with a cost stays: the pouch cannot stand in for it.
    let err = refused(&s, &["Chromatic Orb", "-t", "Mage", "--meta", "subtle"]);
    assert_eq!(err["code"], "missing_material", "{err}");
    s.ok(&["equip", "Sorcha", "--material", "Diamond worth 50 GP"]);
    against_a_mage(&s);
    // The diamond in hand is seen: the Mage may still Counterspell.
    let v = s.ok(&[
        "cast",
        "Sorcha",
        "Chromatic Orb",
        "-t",
        "Mage",
        "--meta",
        "subtle",
    ]);
    assert_eq!(v["status"], "pending", "{v}");
    assert!(v["reactors"].to_string().contains("counterspell"), "{v}");
}

#[test]
fn metamagic_distant_spell_turns_touch_into_30_feet() {
    let s = Session::new();
    sorcha(&s, "5", "distant,subtle", &["Shocking Grasp"]);
    let err = refused(&s, &["Shocking Grasp", "-t", "Orc:dist=25"]);
    assert_eq!(err["code"], "out_of_range", "{err}");
    let v = cast(
        &s,
        &["Shocking Grasp", "-t", "Orc:dist=25", "--meta", "distant"],
    );
    assert_eq!(v["metamagic"]["options"][0], "distant", "{v}");
    s.ok(&["turn", "end", "Sorcha"]);
    let err = refused(
        &s,
        &["Shocking Grasp", "-t", "Orc:dist=35", "--meta", "distant"],
    );
    assert_eq!(err["code"], "out_of_range", "{err}");
}

#[test]
fn metamagic_extended_mage_armor_lasts_16_hours() {
    let s = Session::new();
    sorcha(&s, "5", "extended,subtle", &["Mage Armor"]);
    cast(&s, &["Mage Armor", "--meta", "extended"]);
    let v = s.ok(&["character", "show", "Sorcha"]);
    let armor = &v["character"]["ongoing"][0];
    // 8 hours doubled, in rounds of 6 seconds.
    assert_eq!(armor["expires_at"], 16 * 600, "{v}");
    assert_eq!(armor["extended"], true, "{v}");
}

#[test]
fn metamagic_extended_spell_keeps_concentration_with_advantage() {
    let s = Session::new();
    sorcha(&s, "5", "extended,subtle", &["Hold Person"]);
    cast(&s, &["Hold Person", "-t", "Orc", "--meta", "extended"]);
    let v = s.ok(&["damage", "Sorcha", "10"]);
    let roll = &v["roll"];
    assert!(
        roll["notation"].as_str().unwrap().starts_with("2d20kh1"),
        "{v}"
    );
    // Constitution 14 and a Sorcerer's proficiency in the save: +5.
    let best = *dice(roll).iter().max().unwrap();
    assert_eq!(roll["total"], best + 5, "{v}");
    assert_eq!(v["concentration_kept"], best + 5 >= 10, "{v}");
}

#[test]
fn metamagic_plain_spell_keeps_concentration_with_one_die() {
    let s = Session::new();
    sorcha(&s, "5", "extended,subtle", &["Hold Person"]);
    cast(&s, &["Hold Person", "-t", "Orc"]);
    let v = s.ok(&["damage", "Sorcha", "10"]);
    assert_eq!(dice(&v["roll"]).len(), 1, "{v}");
}

#[test]
fn metamagic_empowered_and_seeking_are_paid_together_when_seeking_rerolls() {
    let s = Session::new();
    sorcha(&s, "17", "empowered,seeking", &["Fire Bolt"]);
    // AC 30: only a 20 hits, so a first miss is rerolled by Seeking Spell.
    let v = cast(
        &s,
        &[
            "Fire Bolt",
            "-t",
            "Orc:ac=30",
            "--meta",
            "empowered",
            "--meta",
            "seeking",
        ],
    );
    let attacks: Vec<&Value> = v["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["label"]["kind"] == "attack")
        .collect();
    let first = dice(attacks[0])[0];
    let rerolled = first != 20;
    assert_eq!(attacks.len(), if rerolled { 2 } else { 1 }, "{v}");
    let kept = dice(attacks.last().unwrap())[0];
    assert_eq!(v["targets"][0]["attacks"][0]["natural"], kept, "{v}");
    // Empowered is paid only once damage is rolled: on the kept 20.
    let hit = kept == 20;
    let expected: Vec<&str> = [("empowered", hit), ("seeking", rerolled)]
        .into_iter()
        .filter_map(|(m, paid)| paid.then_some(m))
        .collect();
    assert_eq!(
        v["metamagic"]["options"],
        serde_json::json!(expected),
        "{v}"
    );
    if expected.is_empty() {
        assert!(v["metamagic"].is_null(), "{v}");
    } else {
        assert_eq!(v["metamagic"]["points"], expected.len(), "{v}");
    }
}

/// Sorcha's Sorcery Points left, as her sheet shows them.
fn points_left(s: &Session) -> u64 {
    s.ok(&["character", "show", "Sorcha"])["character"]["resources"]["sorcery_points"]["left"]
        .as_u64()
        .unwrap()
}

/// Casts an Empowered Fire Bolt at `target` turn after turn until one
/// hits (`true`) or misses (`false`), checking each time that the point
/// is spent exactly when damage was rolled; returns the points left.
fn empowered_fire_bolt_until(s: &Session, target: &str, hit: bool) -> u64 {
    let mut left = points_left(s);
    for _ in 0..40 {
        let v = cast(s, &["Fire Bolt", "-t", target, "--meta", "empowered"]);
        s.ok(&["turn", "end", "Sorcha"]);
        let this = v["targets"][0]["attacks"][0]["hit"] == true;
        let damage_rolled = v["rolls"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["label"]["kind"] == "damage");
        assert_eq!(damage_rolled, this, "{v}");
        let spent = u64::from(this);
        assert_eq!(v["metamagic"]["points"].as_u64().unwrap_or(0), spent, "{v}");
        assert_eq!(points_left(s), left - spent, "{v}");
        left -= spent;
        if this == hit {
            return left;
        }
    }
    panic!(
        "no Fire Bolt {} in 40 casts",
        if hit { "hit" } else { "missed" }
    );
}

#[test]
fn metamagic_empowered_missed_fire_bolt_keeps_its_point() {
    // 2024: Empowered Spell is used when you roll damage for a spell; a
    // missed spell attack rolls none. AC 30 (only a 20 hits), then AC 5
    // (only a 1 misses): the point goes only with the damage.
    let s = Session::new();
    sorcha(&s, "5", "empowered,subtle", &["Fire Bolt"]);
    assert_eq!(points_left(&s), 5);
    let left = empowered_fire_bolt_until(&s, "Orc:ac=30", false);
    let after = empowered_fire_bolt_until(&s, "Orc:ac=5", true);
    assert_eq!(after, left - 1);
}

#[test]
fn metamagic_seeking_beside_empowered_needs_a_point_of_its_own() {
    let s = Session::new();
    sorcha(&s, "2", "empowered,seeking", &["Fire Bolt"]);
    cast(&s, &["Fire Bolt", "-t", "Orc", "--meta", "empowered"]);
    s.ok(&["turn", "end", "Sorcha"]);
    // One point left: Empowered alone, not Empowered with Seeking.
    let err = refused(
        &s,
        &[
            "Fire Bolt",
            "-t",
            "Orc",
            "--meta",
            "empowered",
            "--meta",
            "seeking",
        ],
    );
    assert_eq!(err["code"], "no_sorcery_points", "{err}");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("needs 2 Sorcery Points and 1 are left"),
        "{err}"
    );
    cast(&s, &["Fire Bolt", "-t", "Orc", "--meta", "empowered"]);
}

#[test]
fn metamagic_twinned_counts_one_level_above_the_slot_spent() {
    let s = Session::new();
    sorcha(&s, "5", "twinned,subtle", &["Hold Person"]);
    // From a level 3 slot Hold Person holds two; Twinned makes it level 4
    // and three.
    let three = [
        "Hold Person",
        "--slot",
        "3",
        "-t",
        "A",
        "-t",
        "B",
        "-t",
        "C",
    ];
    let err = refused(&s, &three);
    assert_eq!(err["code"], "too_many_targets", "{err}");
    let mut twinned = three.to_vec();
    twinned.extend(["--meta", "twinned"]);
    let v = cast(&s, &twinned);
    assert_eq!((&v["level"], &v["slot"]), (&4.into(), &3.into()), "{v}");
    assert_eq!(v["targets"].as_array().unwrap().len(), 3, "{v}");
}

#[test]
fn metamagic_transmuted_fireball_meets_a_cold_resistance() {
    let s = Session::new();
    sorcha(&s, "5", "transmuted,subtle", &["Fireball"]);
    let v = cast(
        &s,
        &[
            "Fireball",
            "-t",
            "Orc:dex=-5:resist=cold",
            "--meta",
            "transmuted:cold",
        ],
    );
    let dealt = &v["targets"][0]["damage"][0];
    assert_eq!(dealt["damage_type"], "cold", "{v}");
    let rolled = dealt["rolled"].as_u64().unwrap();
    let failed = v["targets"][0]["save"]["success"] == false;
    let before = if failed { rolled } else { rolled / 2 };
    assert_eq!(dealt["taken"], before / 2, "{v}");
}

#[test]
fn metamagic_options_known_grow_at_sorcerer_10_and_17() {
    for (level, known) in [("9", 2), ("10", 4), ("17", 6)] {
        let s = Session::new();
        let all = [
            "careful",
            "distant",
            "empowered",
            "extended",
            "heightened",
            "quickened",
            "seeking",
        ];
        let options = all[..known].join(",");
        sorcha(&s, level, &options, &[]);
        let err = s.fails(
            1,
            &["character", "set", "Sorcha", "--metamagic", all[known]],
        );
        assert_eq!(err["code"], "too_many_metamagic", "{level}: {err}");
        assert!(
            err["message"]
                .as_str()
                .unwrap()
                .contains(&known.to_string()),
            "{level}: {err}"
        );
    }
}

#[test]
fn metamagic_quickened_refusals_read_in_czech() {
    let s = Session::new();
    sorcha(&s, "5", "quickened,subtle", &["Fire Bolt", "Magic Missile"]);
    cast(&s, &["Magic Missile", "-t", "Orc"]);
    let text = czech(
        &s,
        &[
            "cast",
            "Sorcha",
            "Fire Bolt",
            "-t",
            "Orc",
            "--meta",
            "quickened",
        ],
    );
    assert!(
        text.contains("v tomto tahu už bylo sesláno kouzlo"),
        "{text}"
    );
    s.ok(&["turn", "end", "Sorcha"]);
    cast(&s, &["Fire Bolt", "-t", "Orc", "--meta", "quickened"]);
    let text = czech(&s, &["cast", "Sorcha", "Magic Missile", "-t", "Orc"]);
    assert!(text.contains("zrychlené kouzlo"), "{text}");
}

#[test]
fn metamagic_no_sorcery_points_reads_in_czech() {
    let s = Session::new();
    sorcha(&s, "2", "quickened,subtle", &["Fire Bolt"]);
    cast(&s, &["Fire Bolt", "-t", "Orc", "--meta", "quickened"]);
    s.ok(&["turn", "end", "Sorcha"]);
    let text = czech(
        &s,
        &[
            "cast",
            "Sorcha",
            "Fire Bolt",
            "-t",
            "Orc",
            "--meta",
            "subtle",
        ],
    );
    assert!(text.contains("bodů čarodějnictví a zbývá jich 0"), "{text}");
}
