//! Reactions through the binary, as the 2024 rules (SRD 5.2) time and aim
//! them (issue 31, "Reactions"):
//!
//! - Shield: +5 AC "until the start of your next turn", and no damage from
//!   Magic Missile; it is cast when you are hit by an attack roll or
//!   targeted by Magic Missile.
//! - Hellish Rebuke answers damage from a creature, and strikes that one.
//! - Counterspell answers a creature seen casting a spell with Verbal,
//!   Somatic or Material components; a Counterspell is itself a spell cast,
//!   so it can be countered.
//! - Allies do not wait on each other's Counterspells unless said to.

mod common;

use common::Session;
use serde_json::Value;

const WIZARD: &[&str] = &["--class", "wizard:9", "--abilities"];
const SCORES: &str = "str=8,dex=14,con=6,int=18,wis=12,cha=10";

/// A level-9 wizard with a pouch and the reaction spells.
fn wizard(s: &Session, name: &str) {
    let mut args = vec!["character", "new", name];
    args.extend_from_slice(WIZARD);
    args.push(SCORES);
    s.ok(&args);
    s.ok(&["equip", name, "--pouch"]);
    s.ok(&[
        "prepare",
        name,
        "Fireball",
        "Shield",
        "Counterspell",
        "Magic Missile",
    ]);
}

/// An encounter "Cave" with `rows` (`name`, `init`, `what`): `what` is
/// `char` for a stored character, `mage`/`archmage` for a stat block, or a
/// number of hit points for a plain creature. Started.
fn cave(s: &Session, rows: &[(&str, &str, &str)]) {
    s.ok(&["encounter", "new", "Cave"]);
    for (name, init, what) in rows {
        let mut args = vec!["encounter", "add", "Cave", name, "--init", init];
        match *what {
            "char" => {}
            "mage" | "archmage" => args.extend_from_slice(&["--monster", what]),
            hp => args.extend_from_slice(&["--hp", hp]),
        }
        s.ok(&args);
    }
    s.ok(&["encounter", "start", "Cave"]);
}

/// The names of the spells in effect on `who`, from the encounter's status.
fn effects_on(s: &Session, who: &str) -> Vec<String> {
    let v = s.ok(&["encounter", "status", "Cave"]);
    let c = v["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == who)
        .unwrap_or_else(|| panic!("{who} not in {v}"))
        .clone();
    c["effects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["spell"].as_str().unwrap().to_owned())
        .collect()
}

fn hp_of(s: &Session, who: &str) -> i64 {
    let v = s.ok(&["encounter", "status", "Cave"]);
    v["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == who)
        .and_then(|c| c["hp"].as_i64())
        .unwrap_or_else(|| panic!("{who}: {v}"))
}

fn reactors(v: &Value) -> Vec<(String, Vec<String>)> {
    v["reactors"]
        .as_array()
        .unwrap_or_else(|| panic!("no reactors: {v}"))
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["spells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_owned())
                    .collect(),
            )
        })
        .collect()
}

fn slots_of(s: &Session, who: &str) -> Vec<(u64, u64, u64)> {
    common::slots(&s.ok(&["slots", who]))
}

fn protective_magic(s: &Session, who: &str) -> u64 {
    let v = s.ok(&["encounter", "uses", "Cave", who]);
    v["uses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == "Protective Magic")
        .and_then(|u| u["remaining"].as_u64())
        .unwrap_or_else(|| panic!("{v}"))
}

/// Orc, Elmira, Goblin in that order; round 1 is the Orc's turn.
fn three(s: &Session) {
    wizard(s, "Elmira");
    cave(
        s,
        &[
            ("Orc", "25", "15"),
            ("Elmira", "20", "char"),
            ("Goblin", "10", "7"),
        ],
    );
}

fn orc_hits_elmira(s: &Session, total: &str) -> Value {
    s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Orc",
        "Elmira",
        "--total",
        total,
        "--ac",
        "12",
    ])
}

// ---- Shield: until the start of your next turn ----

/// Raised on the Orc's turn, before Elmira's own: it is gone the moment her
/// turn starts, in the same round.
#[test]
fn r15_shield_ends_when_its_casters_next_turn_starts_in_the_same_round() {
    let s = Session::new();
    three(&s);
    orc_hits_elmira(&s, "15");
    s.ok(&["encounter", "react", "Cave", "Elmira", "Shield"]);
    s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(effects_on(&s, "Elmira"), ["shield"]);
    let v = s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(v["current"], "Elmira", "{v}");
    assert!(effects_on(&s, "Elmira").is_empty(), "gone at her turn");
}

/// Raised on the Goblin's turn, after Elmira's: still there when round 2
/// starts with the Orc's turn, and it still counts against the Orc's
/// attack; gone when Elmira's turn starts.
#[test]
fn r15_shield_raised_late_in_a_round_lasts_into_the_next_round() {
    let s = Session::new();
    three(&s);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Goblin",
        "Elmira",
        "--total",
        "14",
        "--ac",
        "12",
    ]);
    s.ok(&["encounter", "react", "Cave", "Elmira", "Shield"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["hits"], false, "{v}");
    let v = s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(
        (v["round"].as_u64(), v["current"].as_str()),
        (Some(2), Some("Orc")),
        "{v}"
    );
    assert_eq!(
        effects_on(&s, "Elmira"),
        ["shield"],
        "a new round is not her turn"
    );
    // The Orc's 16 meets AC 12 + 5 = 17: a miss.
    orc_hits_elmira(&s, "16");
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(
        (v["hits"].as_bool(), v["ac"].as_i64()),
        (Some(false), Some(17)),
        "{v}"
    );
    s.ok(&["encounter", "next", "Cave"]);
    assert!(effects_on(&s, "Elmira").is_empty());
}

/// The +5 counts for every attack until her turn: a second attack in the
/// same turn that would have hit AC 12 misses.
#[test]
fn r15_shield_covers_later_attacks_before_the_casters_turn() {
    let s = Session::new();
    three(&s);
    orc_hits_elmira(&s, "13");
    s.ok(&["encounter", "react", "Cave", "Elmira", "Shield"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["hits"], false, "{v}");
    orc_hits_elmira(&s, "16");
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["hits"], false, "{v}");
    orc_hits_elmira(&s, "17");
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["hits"], true, "17 meets 17: {v}");
}

/// After her turn starts the Shield no longer counts: an attack of 13
/// against her AC 12 hits.
#[test]
fn r15_after_the_casters_turn_starts_attacks_meet_the_plain_ac() {
    let s = Session::new();
    three(&s);
    orc_hits_elmira(&s, "15");
    s.ok(&["encounter", "react", "Cave", "Elmira", "Shield"]);
    s.ok(&["encounter", "resolve", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Goblin",
        "Elmira",
        "--total",
        "13",
        "--ac",
        "12",
    ]);
    s.ok(&["encounter", "pass", "Cave", "Elmira"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(
        (v["hits"].as_bool(), v["ac"].as_i64()),
        (Some(true), Some(12)),
        "{v}"
    );
}

/// A creature's Shield follows its own turn too: a Mage that shields on
/// the Goblin's turn keeps it through Elmira's turn of the next round and
/// loses it when its own turn starts.
#[test]
fn r15_a_mages_shield_lasts_until_the_mages_own_turn() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(
        &s,
        &[
            ("Elmira", "20", "char"),
            ("Mage", "15", "mage"),
            ("Goblin", "10", "7"),
        ],
    );
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&["encounter", "next", "Cave"]);
    s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Goblin",
        "Mage",
        "--total",
        "16",
    ]);
    let v = s.ok(&["encounter", "react", "Cave", "Mage", "Shield"]);
    // Elmira, of the other side, could counter it: it waits for her.
    assert_eq!(v["status"], "pending", "{v}");
    s.ok(&["encounter", "pass", "Cave", "Elmira"]);
    s.ok(&["encounter", "resolve", "Cave"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(
        (v["hits"].as_bool(), v["ac"].as_i64()),
        (Some(false), Some(20)),
        "{v}"
    );
    s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(effects_on(&s, "Mage"), ["shield"], "Elmira's turn, round 2");
    let v = s.ok(&["encounter", "next", "Cave"]);
    assert_eq!(v["current"], "Mage", "{v}");
    assert!(effects_on(&s, "Mage").is_empty(), "gone at the Mage's turn");
}

/// The spell card gives Shield's duration as the rules do, in both languages.
#[test]
fn r15_the_shield_card_says_until_the_start_of_your_next_turn() {
    let s = Session::new();
    let en = s.human(&["spell", "Shield"]);
    assert!(en.contains("until the start of your next turn"), "{en}");
    let out = s
        .cmd()
        .env("GRIMOIRE_LANG", "cs")
        .args(["spell", "Štít"])
        .output()
        .unwrap();
    let cs = String::from_utf8_lossy(&out.stdout);
    assert!(cs.contains("do začátku tvého příštího tahu"), "{cs}");
}

// ---- Shield against Magic Missile ----

/// Elmira's Magic Missile at the Mage: the Mage may answer with Shield as
/// well as Counterspell.
#[test]
fn r11_a_mage_targeted_by_magic_missile_is_offered_shield() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(&s, &[("Elmira", "20", "char"), ("Mage", "10", "mage")]);
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Mage",
    ]);
    assert_eq!(v["status"], "pending", "{v}");
    assert_eq!(
        reactors(&v),
        [(
            "Mage".to_owned(),
            vec!["shield".to_owned(), "counterspell".to_owned()]
        )]
    );
}

/// Under Shield the Mage takes no damage from the darts; Protective Magic
/// spends one use on it.
#[test]
fn r11_shield_answers_magic_missile_and_takes_no_damage() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(&s, &[("Elmira", "20", "char"), ("Mage", "10", "mage")]);
    s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Mage",
    ]);
    // Elmira's Magic Missile holds her turn's slot (R10): she cannot
    // counter the Shield, so it is raised at once.
    let v = s.ok(&["encounter", "react", "Cave", "Mage", "Shield"]);
    assert_eq!(v["cast"]["spell"], "shield", "{v}");
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["cast"]["spell"], "magic-missile", "{v}");
    assert_eq!(v["cast"]["targets"][0]["damage_total"], 0, "{v}");
    assert_eq!(hp_of(&s, "Mage"), 81);
    assert_eq!(protective_magic(&s, "Mage"), 2);
}

/// The same darts without Shield hurt: the Mage that passes loses hit points.
#[test]
fn r11_a_mage_that_lets_magic_missile_through_takes_the_darts() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(&s, &[("Elmira", "20", "char"), ("Mage", "10", "mage")]);
    s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Mage",
    ]);
    s.ok(&["encounter", "pass", "Cave", "Mage"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    let dealt = v["cast"]["targets"][0]["damage_total"].as_i64().unwrap();
    assert!(dealt >= 3, "three darts of 1d4+1: {v}");
    assert_eq!(hp_of(&s, "Mage"), 81 - dealt);
}

/// A Shield raised against an earlier attack still stops a Magic Missile
/// cast later in the turn, with no window of its own (its Reaction is spent).
#[test]
fn r11_a_shield_already_up_stops_a_later_magic_missile() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(&s, &[("Elmira", "20", "char"), ("Mage", "10", "mage")]);
    s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Elmira",
        "Mage",
        "--total",
        "16",
    ]);
    s.ok(&["encounter", "react", "Cave", "Mage", "Shield"]);
    s.ok(&["encounter", "pass", "Cave", "Elmira"]);
    s.ok(&["encounter", "resolve", "Cave"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["hits"], false, "16 against 15 + 5: {v}");
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Mage",
    ]);
    assert_eq!(
        v["cast"]["status"], "resolved",
        "no one left to answer: {v}"
    );
    assert_eq!(v["cast"]["targets"][0]["damage_total"], 0, "{v}");
    assert_eq!(hp_of(&s, "Mage"), 81);
}

/// Shield keeps only its caster safe: darts at the Goblin still land.
#[test]
fn r11_shield_against_magic_missile_protects_only_its_caster() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(
        &s,
        &[
            ("Elmira", "20", "char"),
            ("Mage", "10", "mage"),
            ("Goblin", "5", "30"),
        ],
    );
    s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Mage",
        "--target",
        "Goblin",
    ]);
    s.ok(&["encounter", "react", "Cave", "Mage", "Shield"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    let targets = v["cast"]["targets"].as_array().unwrap();
    let dealt = |who: &str| {
        targets
            .iter()
            .find(|t| t["target"] == who)
            .and_then(|t| t["damage_total"].as_i64())
            .unwrap()
    };
    assert_eq!(dealt("Mage"), 0, "{v}");
    assert!(dealt("Goblin") > 0, "{v}");
    assert_eq!(hp_of(&s, "Mage"), 81);
    assert_eq!(hp_of(&s, "Goblin"), 30 - dealt("Goblin"));
}

/// Only a creature Magic Missile targets may Shield against it; another
/// spell being cast does not call for Shield at all.
#[test]
fn r11_shield_answers_only_magic_missile_and_only_its_targets() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(
        &s,
        &[
            ("Elmira", "20", "char"),
            ("Mage", "10", "mage"),
            ("Mage 2", "5", "mage"),
        ],
    );
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Mage",
    ]);
    let r = reactors(&v);
    assert_eq!(
        r[1],
        ("Mage 2".to_owned(), vec!["counterspell".to_owned()]),
        "{v}"
    );
    let err = s.fails(1, &["encounter", "react", "Cave", "Mage 2", "Shield"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("not_an_answer"), Some("R11"))
    );
    s.ok(&["encounter", "withdraw", "Cave"]);
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Fireball",
        "--target",
        "Mage",
    ]);
    assert_eq!(reactors(&v)[0].1, ["counterspell"], "{v}");
    let err = s.fails(1, &["encounter", "react", "Cave", "Mage", "Shield"]);
    assert_eq!(err["code"], "not_an_answer");
}

// ---- Hellish Rebuke: the creature that damaged you ----

fn rebuke_table(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Wren",
        "--class",
        "warlock:5",
        "--abilities",
        "str=8,dex=14,con=12,int=10,wis=12,cha=18",
    ]);
    s.ok(&["prepare", "Wren", "Hellish Rebuke"]);
    cave(
        s,
        &[
            ("Wren", "20", "char"),
            ("Imp", "10", "30"),
            ("Orc", "5", "30"),
        ],
    );
}

/// Damaged by the Imp, Wren's Hellish Rebuke strikes the Imp, with no
/// target named.
#[test]
fn r11_hellish_rebuke_strikes_the_creature_that_damaged_you() {
    let s = Session::new();
    rebuke_table(&s);
    let v = s.ok(&["encounter", "hurt", "Cave", "Wren", "--by", "Imp", "5"]);
    assert_eq!(
        reactors(&v),
        [("Wren".to_owned(), vec!["hellish-rebuke".to_owned()])]
    );
    let v = s.ok(&["encounter", "react", "Cave", "Wren", "Hellish Rebuke"]);
    let t = &v["cast"]["targets"];
    assert_eq!(t.as_array().unwrap().len(), 1, "{v}");
    assert_eq!(t[0]["target"], "Imp", "{v}");
    let dealt = t[0]["damage_total"].as_i64().unwrap();
    assert!(dealt > 0, "{v}");
    assert_eq!(hp_of(&s, "Imp"), 30 - dealt);
    assert_eq!(hp_of(&s, "Orc"), 30);
}

/// Aimed at another creature, it is refused with R11, and nothing is
/// spent: the window still waits for Wren.
#[test]
fn r11_hellish_rebuke_at_another_creature_is_refused() {
    let s = Session::new();
    rebuke_table(&s);
    s.ok(&["encounter", "hurt", "Cave", "Wren", "--by", "Imp", "5"]);
    let before = s.ok(&["slots", "Wren"]);
    let err = s.fails(
        1,
        &[
            "encounter",
            "react",
            "Cave",
            "Wren",
            "Hellish Rebuke",
            "--target",
            "Orc",
        ],
    );
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("reaction_target_not_source"), Some("R11"))
    );
    let msg = err["message"].as_str().unwrap();
    assert!(msg.contains("Imp") && msg.contains("Orc"), "{msg}");
    assert_eq!(s.ok(&["slots", "Wren"])["pact"], before["pact"]);
    assert_eq!(hp_of(&s, "Orc"), 30);
    let v = s.ok(&["encounter", "window", "Cave"]);
    assert!(v["window"]["answers"].as_array().unwrap().is_empty(), "{v}");
    // Named as the one who damaged her, it is cast.
    let v = s.ok(&[
        "encounter",
        "react",
        "Cave",
        "Wren",
        "Hellish Rebuke",
        "--target",
        "imp",
    ]);
    assert_eq!(v["cast"]["targets"][0]["target"], "Imp", "{v}");
}

/// The refusal reads in Czech too.
#[test]
fn r11_hellish_rebuke_refusal_in_czech() {
    let s = Session::new();
    rebuke_table(&s);
    s.ok(&["encounter", "hurt", "Cave", "Wren", "--by", "Imp", "5"]);
    let out = s
        .cmd()
        .env("GRIMOIRE_LANG", "cs")
        .args([
            "encounter",
            "react",
            "Cave",
            "Wren",
            "Hellish Rebuke",
            "--target",
            "Orc",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("vrací úder"), "{text}");
}

/// Counterspell, too, strikes only the creature casting.
#[test]
fn r11_counterspell_at_another_creature_is_refused() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(
        &s,
        &[
            ("Elmira", "20", "char"),
            ("Mage", "10", "mage"),
            ("Goblin", "5", "7"),
        ],
    );
    s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Fireball",
        "--target",
        "Mage",
    ]);
    let err = s.fails(
        1,
        &[
            "encounter",
            "react",
            "Cave",
            "Mage",
            "Counterspell",
            "--target",
            "Goblin",
        ],
    );
    assert_eq!(err["code"], "reaction_target_not_source", "{err}");
    assert_eq!(protective_magic(&s, "Mage"), 3);
}

// ---- Counterspell needs a cast it can perceive ----

/// The Archmage's Misty Step needs no components: nothing to see, so no
/// window opens for Elmira's Counterspell and it lands at once.
#[test]
fn r11_the_archmages_misty_step_opens_no_window() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(
        &s,
        &[("Archmage", "20", "archmage"), ("Elmira", "10", "char")],
    );
    let v = s.ok(&["encounter", "cast", "Cave", "Archmage", "Misty Step"]);
    assert_eq!(v["cast"]["status"], "resolved", "{v}");
    let w = s.ok(&["encounter", "window", "Cave"]);
    assert!(w["window"].is_null(), "{w}");
    // A spell of its with components still can be countered.
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Archmage",
        "Lightning Bolt",
        "--target",
        "Elmira",
    ]);
    assert_eq!(v["status"], "pending", "{v}");
    assert_eq!(reactors(&v)[0].0, "Elmira");
}

// ---- Who answers whom ----

/// Two party wizards: Elmira's Magic Missile at a goblin does not wait for
/// Bram's Counterspell (issue 31: an extra `resolve` on every cast).
#[test]
fn r11_a_party_cast_does_not_wait_for_an_allys_counterspell() {
    let s = Session::new();
    wizard(&s, "Elmira");
    wizard(&s, "Bram");
    cave(
        &s,
        &[
            ("Elmira", "20", "char"),
            ("Bram", "15", "char"),
            ("Goblin", "5", "30"),
        ],
    );
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Goblin",
    ]);
    assert_eq!(v["cast"]["status"], "resolved", "{v}");
    assert!(hp_of(&s, "Goblin") < 30);
    // The plain `cast` goes the same way.
    s.ok(&["encounter", "next", "Cave"]);
    let v = s.ok(&["cast", "Bram", "Magic Missile", "--target", "Goblin"]);
    assert_ne!(v["status"], "pending", "{v}");
}

/// Said to react to allies, Bram is asked about Elmira's casts.
#[test]
fn r11_an_ally_said_to_react_to_allies_is_asked() {
    let s = Session::new();
    wizard(&s, "Elmira");
    wizard(&s, "Bram");
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Bram",
        "--init",
        "15",
        "--reacts-to-allies",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "5",
        "--hp",
        "30",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Magic Missile",
        "--target",
        "Goblin",
    ]);
    assert_eq!(v["status"], "pending", "{v}");
    assert_eq!(
        reactors(&v),
        [("Bram".to_owned(), vec!["counterspell".to_owned()])]
    );
}

/// The GM's Mages do not counter each other; the party's wizard is asked.
#[test]
fn r11_creatures_do_not_counter_their_allies() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(
        &s,
        &[
            ("Mage", "20", "mage"),
            ("Mage 2", "15", "mage"),
            ("Elmira", "10", "char"),
        ],
    );
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Mage",
        "Fireball",
        "--target",
        "Elmira",
    ]);
    assert_eq!(
        reactors(&v),
        [("Elmira".to_owned(), vec!["counterspell".to_owned()])]
    );
}

// ---- A Counterspell can be countered ----

/// Elmira's Fireball; the Mage counters; Elmira's ally Bram counters the
/// Mage's Counterspell. Resolving Bram's answer first stops the Mage's
/// Counterspell (its Reaction wasted, no use spent), and the Fireball's
/// window is back: resolved, the Fireball is cast.
#[test]
fn r11_a_counterspell_can_itself_be_countered() {
    let s = Session::new();
    wizard(&s, "Elmira");
    wizard(&s, "Bram");
    cave(
        &s,
        &[
            ("Elmira", "20", "char"),
            ("Bram", "15", "char"),
            ("Mage", "10", "mage"),
        ],
    );
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Fireball",
        "--target",
        "Mage",
    ]);
    assert_eq!(reactors(&v)[0].0, "Mage", "Bram is her ally: {v}");
    let v = s.ok(&["encounter", "react", "Cave", "Mage", "Counterspell"]);
    assert_eq!(v["status"], "pending", "{v}");
    // Bram may answer it; Elmira, whose Fireball holds her turn's slot,
    // may not (R10), and is refused if she tries.
    let asked: Vec<String> = reactors(&v).into_iter().map(|r| r.0).collect();
    assert_eq!(asked, ["Bram"], "{v}");
    let err = s.fails(1, &["encounter", "react", "Cave", "Elmira", "Counterspell"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("one_slot_per_turn"), Some("R10"))
    );
    let bram_before = slots_of(&s, "Bram");
    let v = s.ok(&["encounter", "react", "Cave", "Bram", "Counterspell"]);
    // Nobody can counter Bram's: the Mage's Reaction is already taken.
    assert!(v.get("status").is_none_or(|st| st != "pending"), "{v}");
    assert_ne!(slots_of(&s, "Bram"), bram_before, "Bram's slot is spent");
    let w = s.ok(&["encounter", "window", "Cave"]);
    if v["countered"] == true {
        // The Mage's Counterspell failed: its use is not spent, its
        // Reaction is, and the Fireball waits again.
        assert_eq!(w["window"]["pending"]["spell"], "fireball", "{w}");
        assert_eq!(protective_magic(&s, "Mage"), 3);
        let u = s.ok(&["encounter", "uses", "Cave", "Mage"]);
        assert_eq!(u["reaction"], false, "{u}");
        let v = s.ok(&["encounter", "resolve", "Cave"]);
        assert_eq!(v["cast"]["spell"], "fireball", "{v}");
        assert!(hp_of(&s, "Mage") < 81);
    } else {
        // The Mage saved: its Counterspell still waits to be resolved.
        assert_eq!(w["window"]["pending"]["spell"], "counterspell", "{w}");
    }
}

/// Elmira's Fireball waits on her turn with its slot: that is her turn's
/// one slot (R10), so she is not offered a Counterspell against the Mage's
/// Counterspell, and nobody else can answer it: it is cast at once. When
/// it lands, the Fireball has no effect and its slot is not spent.
#[test]
fn r10_r11_the_caster_of_a_waiting_slot_spell_cannot_counter_on_its_turn() {
    let s = Session::new();
    wizard(&s, "Elmira");
    cave(&s, &[("Elmira", "20", "char"), ("Mage", "10", "mage")]);
    let before = slots_of(&s, "Elmira");
    s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Fireball",
        "--target",
        "Mage",
    ]);
    let v = s.ok(&["encounter", "react", "Cave", "Mage", "Counterspell"]);
    assert_ne!(v["status"], "pending", "{v}");
    assert_eq!(v["cast"]["spell"], "counterspell", "{v}");
    assert_eq!(protective_magic(&s, "Mage"), 2);
    let w = s.ok(&["encounter", "window", "Cave"]);
    let saved = v["cast"]["targets"][0]["save"]["success"].as_bool();
    if saved == Some(false) {
        assert_eq!(v["countered"], true, "{v}");
        assert!(w["window"].is_null(), "{w}");
        assert_eq!(
            slots_of(&s, "Elmira"),
            before,
            "a countered spell spends no slot"
        );
        assert_eq!(hp_of(&s, "Mage"), 81);
    } else {
        assert_eq!(w["window"]["pending"]["spell"], "fireball", "{w}");
        let v = s.ok(&["encounter", "resolve", "Cave"]);
        assert_eq!(v["cast"]["spell"], "fireball", "{v}");
        assert_ne!(slots_of(&s, "Elmira"), before);
    }
}

/// Time moved on by whole rounds (`encounter advance`) takes the caster's
/// next turn with it: the Shield is gone.
#[test]
fn r15_shield_ends_when_the_encounter_moves_a_round_on() {
    let s = Session::new();
    three(&s);
    orc_hits_elmira(&s, "15");
    s.ok(&["encounter", "react", "Cave", "Elmira", "Shield"]);
    s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(effects_on(&s, "Elmira"), ["shield"]);
    s.ok(&["encounter", "advance", "Cave", "1r"]);
    assert!(effects_on(&s, "Elmira").is_empty());
}
