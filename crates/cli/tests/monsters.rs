//! Monsters that cast and Reactions that interrupt (issue 14), through the
//! binary: a Mage counterspells the party wizard's Fireball, the wizard's
//! Shield turns a hit into a miss, an Archmage's 1/day spells run out.

mod common;

use common::Session;
use serde_json::Value;

/// A level-9 wizard (CON 6, so Counterspell's save is hard for her) with a
/// pouch and the spells of the scenarios, in an encounter with `monsters`
/// (`(name, id, initiative)`); the wizard acts first.
fn table(s: &Session, monsters: &[(&str, &str, &str)]) {
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:9",
        "--abilities",
        "str=8,dex=14,con=6,int=18,wis=12,cha=10",
    ]);
    s.ok(&["equip", "Elmira", "--pouch"]);
    s.ok(&["prepare", "Elmira", "Fireball", "Shield", "Counterspell"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "20"]);
    for (name, id, init) in monsters {
        s.ok(&[
            "encounter",
            "add",
            "Cave",
            name,
            "--monster",
            id,
            "--init",
            init,
        ]);
    }
    s.ok(&["encounter", "start", "Cave"]);
}

fn slot3(s: &Session) -> u64 {
    let v = s.ok(&["slots", "Elmira"]);
    common::slots(&v)
        .into_iter()
        .find(|(l, _, _)| *l == 3)
        .map(|(_, r, _)| r)
        .unwrap()
}

fn uses(s: &Session, who: &str, line: &str) -> u64 {
    let v = s.ok(&["encounter", "uses", "Cave", who]);
    v["uses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == line)
        .map(|u| u["remaining"].as_u64().unwrap())
        .unwrap_or_else(|| panic!("{v}"))
}

#[test]
fn monster_list_and_show_in_both_languages() {
    let s = Session::new();
    let v = s.ok(&["monster", "list", "kněz"]);
    let ids: Vec<&str> = v["monsters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"priest"), "{v}");
    let v = s.ok(&["monster", "show", "Arcimág"]);
    assert_eq!(
        (v["id"].as_str(), v["save_dc"].as_i64()),
        (Some("archmage"), Some(17))
    );
    let text = s.human(&["--lang", "cs", "monster", "show", "mage"]);
    assert!(
        text.contains("Mág") && text.contains("Protikouzlo"),
        "{text}"
    );
    let err = s.fails(1, &["monster", "show", "beholder"]);
    assert_eq!(err["code"], "unknown_monster");
}

#[test]
fn homebrew_stat_block_loads_or_fails_naming_the_field() {
    let s = Session::new();
    let good = s.db().with_file_name("cave.toml");
    std::fs::write(
        &good,
        "[[monster]]\nid = \"cave-mage\"\nname_en = \"Cave Mage\"\nac = 12\nhp = 20\n\
         scores = [10, 10, 10, 14, 10, 10]\nability = \"int\"\nsave_dc = 12\n\
         [[monster.spells]]\nname = \"1/Day\"\nper_day = 1\nspells = [\"fireball\"]\n",
    )
    .unwrap();
    let path = good.to_str().unwrap();
    let v = s.ok(&["monster", "show", "cave mage", "--homebrew", path]);
    assert_eq!(v["attack_bonus"], 4);
    let bad = s.db().with_file_name("bad.toml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(&good)
            .unwrap()
            .replace("fireball", "fireblal"),
    )
    .unwrap();
    let err = s.fails(1, &["monster", "list", "--homebrew", bad.to_str().unwrap()]);
    assert_eq!(err["code"], "monster_invalid_field");
    let msg = err["message"].as_str().unwrap();
    assert!(
        msg.contains("cave-mage") && msg.contains("fireblal"),
        "{msg}"
    );
}

/// R11, R3, R10: the Mage's Counterspell from Protective Magic answers the
/// wizard's Fireball; she fails the Constitution save, the spell has no
/// effect, her action is gone and her level-3 slot is not.
#[test]
fn r11_mage_counterspells_the_party_wizards_fireball() {
    let s = Session::new();
    table(
        &s,
        &[("Cave Mage#1", "mage", "10"), ("Cave Mage#2", "mage", "5")],
    );
    let before = slot3(&s);
    let v = s.ok(&[
        "encounter",
        "cast",
        "Cave",
        "Elmira",
        "Fireball",
        "--target",
        "Cave Mage#1",
        "--target",
        "Cave Mage#2",
    ]);
    assert_eq!(v["status"], "pending", "{v}");
    let reactors: Vec<&str> = v["reactors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(reactors, ["Cave Mage#1", "Cave Mage#2"]);
    let st = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(st["window"]["pending"]["caster"], "Elmira", "{st}");
    // Nothing is spent while it waits, and nothing else happens meanwhile.
    assert_eq!(slot3(&s), before);
    let err = s.fails(1, &["encounter", "next", "Cave"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("reaction_window_open"), Some("R11"))
    );

    // Nobody can counter the Mage's Counterspell: Elmira's Fireball waits
    // on her turn with its slot, so a slot Counterspell is not hers (R10),
    // and the other Mage is its ally (issue 31). It is cast at once.
    let v = s.ok(&["encounter", "react", "Cave", "Cave Mage#1", "Counterspell"]);
    assert_eq!(v["countered"], true, "{v}");
    assert_eq!(
        slot3(&s),
        before,
        "a countered spell's slot is not expended"
    );
    // Her action was wasted; her turn's slot (R10) was not used.
    let err = s.fails(
        1,
        &[
            "encounter",
            "cast",
            "Cave",
            "Elmira",
            "Fireball",
            "--target",
            "Cave Mage#1",
        ],
    );
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("action_unavailable"), Some("R9"))
    );
    // Each mage has its own uses: only the first spent one.
    assert_eq!(uses(&s, "Cave Mage#1", "Protective Magic"), 2);
    assert_eq!(uses(&s, "Cave Mage#2", "Protective Magic"), 3);
    let v = s.ok(&["encounter", "uses", "Cave", "Cave Mage#1"]);
    assert_eq!(v["reaction"], false);

    // Undo brings the window back exactly; a pass and a resolve cast it.
    s.ok(&["undo", "Cave", "--encounter"]);
    let v = s.ok(&["encounter", "window", "Cave"]);
    assert_eq!(v["window"]["pending"]["spell"], "fireball", "{v}");
    assert_eq!(uses(&s, "Cave Mage#1", "Protective Magic"), 3);
    s.ok(&["encounter", "pass", "Cave", "Cave Mage#1"]);
    let err = s.fails(
        1,
        &["encounter", "react", "Cave", "Cave Mage#1", "Counterspell"],
    );
    assert_eq!(err["code"], "already_answered");
    s.ok(&["encounter", "pass", "Cave", "Cave Mage#2"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["resolved"], "cast", "{v}");
    assert_eq!(slot3(&s), before - 1);
    // The change log replays to the stored state, creatures and window included.
    s.ok(&["verify"]);
}

/// R11: Shield answers a hit; its +5 AC counts against the triggering
/// attack, so 15 against AC 12 becomes a miss. A reaction used is gone.
#[test]
fn r11_the_wizards_shield_turns_a_hit_into_a_miss() {
    let s = Session::new();
    table(&s, &[("Cave Mage#1", "mage", "10")]);
    s.ok(&["encounter", "next", "Cave"]);
    let v = s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Cave Mage#1",
        "Elmira",
        "--total",
        "15",
        "--ac",
        "12",
    ]);
    let names: Vec<&str> = v["reactors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Elmira"], "only the one hit can Shield: {v}");
    let err = s.fails(1, &["encounter", "react", "Cave", "Elmira", "Counterspell"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("not_an_answer"), Some("R11"))
    );
    // Issue 31: the Mage attacking could counter her Shield: it waits for
    // the Mage; a pass and a resolve raise it, a second resolve checks the hit.
    let v = s.ok(&["encounter", "react", "Cave", "Elmira", "Shield"]);
    assert_eq!(v["status"], "pending", "{v}");
    assert_eq!(v["reactors"][0]["name"], "Cave Mage#1", "{v}");
    s.ok(&["encounter", "pass", "Cave", "Cave Mage#1"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["cast"]["spell"], "shield", "{v}");
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(
        (v["hits"].as_bool(), v["ac"].as_i64()),
        (Some(false), Some(17)),
        "{v}"
    );
    // Her reaction is spent until her next turn.
    s.ok(&[
        "encounter",
        "attack",
        "Cave",
        "Cave Mage#1",
        "Elmira",
        "--total",
        "18",
        "--ac",
        "12",
    ]);
    let err = s.fails(1, &["encounter", "react", "Cave", "Elmira", "Shield"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("action_unavailable"), Some("R9"))
    );
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["hits"], true, "Shield still in force: 18 vs 17");
}

/// R5c: an Archmage's 1/day spells run out, each on its own, and the
/// refusal names the rule in both languages.
#[test]
fn r5c_an_archmages_one_per_day_spells_run_out() {
    let s = Session::new();
    s.ok(&["encounter", "new", "Tower"]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Archmage",
        "--monster",
        "archmage",
        "--init",
        "20",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Orc",
        "--init",
        "5",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "start", "Tower"]);
    let v = s.ok(&[
        "encounter",
        "cast",
        "Tower",
        "Archmage",
        "Cone of Cold",
        "--target",
        "Orc",
    ]);
    assert_eq!(v["cast"]["level"], 9, "the level 9 version: {v}");
    assert_eq!(v["cast"]["save_dc"], 17);
    s.ok(&["encounter", "next", "Tower"]);
    s.ok(&["encounter", "next", "Tower"]);
    let err = s.fails(
        1,
        &[
            "encounter",
            "cast",
            "Tower",
            "Archmage",
            "Cone of Cold",
            "--target",
            "Orc",
        ],
    );
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("no_uses_left"), Some("R5c"))
    );
    let out = s
        .cmd()
        .args([
            "--lang",
            "cs",
            "encounter",
            "cast",
            "Tower",
            "Archmage",
            "Ledový kužel",
            "--target",
            "Orc",
        ])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("R5c"), "{text}");
    // Teleport, another 1/day spell, still has its use; at will stays free.
    s.ok(&[
        "encounter",
        "cast",
        "Tower",
        "Archmage",
        "Light",
        "--target",
        "Archmage",
    ]);
    let err = s.fails(
        1,
        &[
            "encounter",
            "cast",
            "Tower",
            "Archmage",
            "Magic Missile",
            "--target",
            "Orc",
        ],
    );
    assert_eq!(err["code"], "not_in_stat_block");
    // A Long Rest brings the use back (R4, R5c).
    s.ok(&["encounter", "rest", "Tower", "Archmage"]);
    let v: Value = s.ok(&["encounter", "uses", "Tower", "Archmage"]);
    let cone = v["uses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == "1/Day Each: cone-of-cold")
        .cloned()
        .unwrap();
    assert_eq!(cone["remaining"], 1, "{v}");
}

/// R11: Feather Fall answers a fall; Hellish Rebuke is offered only to the
/// one who took the damage.
#[test]
fn r11_feather_fall_answers_a_fall() {
    let s = Session::new();
    table(&s, &[("Cave Mage#1", "mage", "10")]);
    s.ok(&["prepare", "Elmira", "Feather Fall"]);
    let v = s.ok(&["encounter", "fall", "Cave", "Elmira"]);
    assert_eq!(v["reactors"][0]["name"], "Elmira", "{v}");
    // The Mage could counter Feather Fall (issue 31): it waits for it.
    let v = s.ok(&["encounter", "react", "Cave", "Elmira", "Feather Fall"]);
    assert_eq!(v["status"], "pending", "{v}");
    s.ok(&["encounter", "pass", "Cave", "Cave Mage#1"]);
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["cast"]["spell"], "feather-fall", "{v}");
    let v = s.ok(&["encounter", "resolve", "Cave"]);
    assert_eq!(v["resolved"], "done");
    let err = s.fails(1, &["encounter", "resolve", "Cave"]);
    assert_eq!(
        (err["code"].as_str(), err["rule"].as_str()),
        (Some("no_reaction_window"), Some("R11"))
    );
}

/// R15 (Concentration): damage to a concentrating creature asks for its
/// Constitution save, as for a character.
#[test]
fn r15_a_creature_concentrating_saves_when_damaged() {
    let s = Session::new();
    s.ok(&["encounter", "new", "Tower"]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Archmage",
        "--monster",
        "archmage",
        "--init",
        "20",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Tower",
        "Orc",
        "--init",
        "5",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "start", "Tower"]);
    s.ok(&[
        "encounter",
        "cast",
        "Tower",
        "Archmage",
        "Fly",
        "--target",
        "Archmage",
    ]);
    let v = s.ok(&["encounter", "uses", "Tower", "Archmage"]);
    assert_eq!(v["concentration"], "fly", "{v}");
    let v = s.ok(&["encounter", "status", "Tower"]);
    assert_eq!(v["combatants"][0]["concentration"], "fly", "{v}");
    assert_eq!(v["combatants"][0]["creature"], true, "{v}");
    let v = s.ok(&["encounter", "damage", "Tower", "Archmage", "30"]);
    assert_eq!(v["concentration_save"]["dc"], 15, "{v}");
}

/// R11: the player's own `grimoire cast` inside the encounter goes through
/// the same reaction window as `encounter cast`, so it cannot go around
/// the Mage's Counterspell; nothing is spent while it waits.
#[test]
fn r11_a_plain_cast_in_an_encounter_waits_for_reactions_too() {
    let s = Session::new();
    table(&s, &[("Cave Mage#1", "mage", "10")]);
    let before = slot3(&s);
    let v = s.ok(&["cast", "Elmira", "Fireball", "--target", "Cave Mage#1"]);
    assert_eq!(v["status"], "pending", "{v}");
    assert_eq!(v["reactors"][0]["name"], "Cave Mage#1", "{v}");
    assert_eq!(slot3(&s), before, "nothing spent while it waits");
    s.ok(&["encounter", "pass", "Cave", "Cave Mage#1"]);
    let done = s.ok(&["encounter", "resolve", "Cave"]);
    assert!(done.to_string().contains("fireball"), "{done}");
    assert_eq!(slot3(&s), before - 1);
}
