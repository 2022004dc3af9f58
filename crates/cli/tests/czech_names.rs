//! In Czech every message names a spell by its Czech name (issue 31): a
//! cast, the Concentration it starts, a cast waiting for Reactions and the
//! refusal while it waits, Counterspell and Shield, lasting damage at a
//! turn's end, a creature's daily uses, the log and the refusals. And
//! `grimoire rules` in Czech reads Czech.
//!
//! Commands are typed with Czech names, so an English name in the output
//! can only come from the program.

mod common;
mod mcp_client;

use common::Session;

/// The representative spells: English name, id, Czech name.
const SPELLS: &[(&str, &str, &str)] = &[
    ("Magic Missile", "magic-missile", "Magická střela"),
    ("Detect Magic", "detect-magic", "Odhalení magie"),
    ("Shield", "shield", "Štít"),
    ("Counterspell", "counterspell", "Protikouzlo"),
    ("Fireball", "fireball", "Ohnivá koule"),
    ("Bless", "bless", "Požehnání"),
    ("Spirit Guardians", "spirit-guardians", "Strážní duchové"),
    ("Cone of Cold", "cone-of-cold", "Ledový kužel"),
    ("Misty Step", "misty-step", "Mlžný krok"),
    ("Lightning Bolt", "lightning-bolt", "Blesk"),
    ("Alarm", "alarm", "Poplach"),
];

/// Runs `grimoire --lang cs ARGS` (human output) and returns what it
/// printed on both streams, whatever the exit code.
fn cs(s: &Session, args: &[&str]) -> String {
    let out = s.cmd().args(["--lang", "cs"]).args(args).output().unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// No representative spell shows by its English name or id.
fn no_english_spell_name(text: &str) {
    let lower = text.to_lowercase();
    for (en, id, cs) in SPELLS {
        assert!(
            !lower.contains(&en.to_lowercase()) && !lower.contains(id),
            "{en} ({id}) should read {cs} in:\n{text}"
        );
    }
}

/// A Wizard 9 with a pouch and the Wizard's spells of the list prepared.
fn wizard(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Vilma",
        "--class",
        "wizard:9",
        "--abilities",
        "int=18,dex=14,con=14",
    ]);
    s.ok(&["equip", "Vilma", "--pouch"]);
    s.ok(&[
        "prepare",
        "Vilma",
        "Magická střela",
        "Odhalení magie",
        "Štít",
        "Protikouzlo",
        "Ohnivá koule",
    ]);
}

/// A Cleric 5 with a pouch, Bless and Spirit Guardians prepared.
fn cleric(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "cleric:5",
        "--abilities",
        "wis=18,con=14",
    ]);
    s.ok(&[
        "equip",
        "Ana",
        "--pouch",
        "--material",
        "Holy Symbol worth 5 GP",
    ]);
    s.ok(&["prepare", "Ana", "Požehnání", "Strážní duchové"]);
}

/// Encounter `Boj`: Vilma (20), a Mage stat block (10), a Ghoul (5).
fn fight(s: &Session) {
    s.ok(&["encounter", "new", "Boj"]);
    s.ok(&["encounter", "add", "Boj", "Vilma", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Boj",
        "Mage",
        "--monster",
        "mage",
        "--init",
        "10",
    ]);
    s.ok(&[
        "encounter",
        "add",
        "Boj",
        "Ghoul:ac=12:wis=+0",
        "--init",
        "5",
        "--hp",
        "60",
    ]);
    s.ok(&["encounter", "start", "Boj"]);
}

#[test]
fn a_czech_cast_and_its_concentration_name_the_spell_in_czech() {
    let s = Session::new();
    wizard(&s);
    let cast = cs(&s, &["cast", "Vilma", "Magická střela", "-t", "skřet"]);
    assert!(cast.contains("Vilma sesílá Magická střela"), "{cast}");
    cs(&s, &["turn", "end", "Vilma"]);
    let focus = cs(&s, &["cast", "Vilma", "Odhalení magie"]);
    assert!(
        focus.contains("Soustředění začalo: Odhalení magie"),
        "{focus}"
    );
    let sheet = cs(&s, &["character", "show", "Vilma"]);
    assert!(sheet.contains("soustředí se na: Odhalení magie"), "{sheet}");
    let dropped = cs(&s, &["drop", "Vilma"]);
    assert!(dropped.contains("Odhalení magie"), "{dropped}");
    for text in [cast, focus, sheet, dropped] {
        no_english_spell_name(&text);
    }
}

/// The issue's own sighting: "kouzlo Magic Missile … čeká na Reakce".
#[test]
fn r11_a_czech_cast_waiting_for_reactions_names_the_spell_in_czech() {
    let s = Session::new();
    wizard(&s);
    fight(&s);
    let waiting = cs(
        &s,
        &[
            "encounter",
            "cast",
            "Boj",
            "Vilma",
            "Magická střela",
            "--slot",
            "1",
            "-t",
            "Mage",
        ],
    );
    assert!(
        waiting.contains("Magická střela čeká na Reakce"),
        "{waiting}"
    );
    assert!(waiting.contains("Štít, Protikouzlo"), "{waiting}");
    let window = cs(&s, &["encounter", "window", "Boj"]);
    assert!(
        window.contains("Vilma sesílá Magická střela"),
        "the window names the waiting spell in Czech: {window}"
    );
    let refused = cs(
        &s,
        &[
            "encounter",
            "cast",
            "Boj",
            "Vilma",
            "Ohnivá koule",
            "-t",
            "Mage",
        ],
    );
    assert!(refused.contains("kouzlo Magická střela"), "{refused}");
    assert!(refused.contains("reaction_window_open"), "{refused}");
    for text in [waiting, window, refused] {
        no_english_spell_name(&text);
    }
}

#[test]
fn r11_a_czech_counterspell_and_shield_name_their_spells_in_czech() {
    let s = Session::new();
    wizard(&s);
    fight(&s);
    cs(
        &s,
        &[
            "encounter",
            "cast",
            "Boj",
            "Vilma",
            "Ohnivá koule",
            "-t",
            "Mage",
        ],
    );
    let mut countered = cs(&s, &["encounter", "react", "Boj", "Mage", "Protikouzlo"]);
    assert!(countered.contains("Protikouzlo"), "{countered}");
    // Should the Counterspell open a window of its own, it closes unanswered.
    countered.push_str(&cs(&s, &["encounter", "window", "Boj"]));
    countered.push_str(&cs(&s, &["encounter", "resolve", "Boj"]));
    let attacked = cs(
        &s,
        &[
            "encounter",
            "attack",
            "Boj",
            "Ghoul",
            "Vilma",
            "--total",
            "14",
            "--ac",
            "12",
        ],
    );
    assert!(attacked.contains("Štít"), "{attacked}");
    let shielded = cs(&s, &["encounter", "react", "Boj", "Vilma", "Štít"]);
    assert!(shielded.contains("Vilma sesílá Štít"), "{shielded}");
    let status = cs(&s, &["encounter", "status", "Boj"]);
    assert!(status.contains("Štít"), "the effect in force: {status}");
    for text in [countered, attacked, shielded, status] {
        no_english_spell_name(&text);
    }
}

#[test]
fn r16_czech_lasting_damage_at_a_turns_end_names_the_spell_in_czech() {
    let s = Session::new();
    cleric(&s);
    s.ok(&["encounter", "new", "Krypta"]);
    s.ok(&["encounter", "add", "Krypta", "Ana", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Krypta",
        "Ghoul:ac=12:wis=+0",
        "--init",
        "10",
        "--hp",
        "60",
    ]);
    s.ok(&["encounter", "start", "Krypta"]);
    let cast = cs(&s, &["cast", "Ana", "Strážní duchové", "-t", "Ghoul"]);
    assert!(cast.contains("Ana sesílá Strážní duchové"), "{cast}");
    let mut turns = String::new();
    for _ in 0..2 {
        turns.push_str(&cs(&s, &["encounter", "next", "Krypta"]));
    }
    assert!(turns.contains("Strážní duchové"), "{turns}");
    let hurt = cs(&s, &["encounter", "damage", "Krypta", "Ana", "30"]);
    for text in [cast, turns, hurt] {
        no_english_spell_name(&text);
    }
}

#[test]
fn r16_a_czech_refusal_to_harm_on_entering_names_the_spell_in_czech() {
    let s = Session::new();
    wizard(&s);
    fight(&s);
    s.ok(&["cast", "Vilma", "Odhalení magie"]);
    // The Mage could answer with Counterspell; it lets the spell pass.
    s.ok(&["encounter", "resolve", "Boj"]);
    let refused = cs(&s, &["encounter", "harm", "Boj", "Ghoul", "Odhalení magie"]);
    assert!(
        refused.contains("Odhalení magie nezraňuje nikoho"),
        "{refused}"
    );
    no_english_spell_name(&refused);
}

#[test]
fn r15_time_passing_in_a_czech_encounter_says_which_spell_ended_in_czech() {
    let s = Session::new();
    wizard(&s);
    fight(&s);
    s.ok(&["cast", "Vilma", "Odhalení magie"]);
    s.ok(&["encounter", "resolve", "Boj"]);
    // Detect Magic lasts 10 minutes: 100 rounds.
    let later = cs(&s, &["encounter", "advance", "Boj", "101r"]);
    assert!(
        later.contains("R15: kouzlo Odhalení magie skončilo"),
        "{later}"
    );
    no_english_spell_name(&later);
}

#[test]
fn czech_refusals_name_the_spell_in_czech() {
    let s = Session::new();
    wizard(&s);
    let unprepared = cs(&s, &["cast", "Vilma", "Blesk"]);
    assert!(unprepared.contains("not_prepared"), "{unprepared}");
    assert!(unprepared.contains("Blesk"), "{unprepared}");
    let off_list = cs(&s, &["cast", "Vilma", "Požehnání"]);
    assert!(off_list.contains("kouzlo Požehnání"), "{off_list}");
    cs(&s, &["cast", "Vilma", "Ohnivá koule", "-t", "skřet"]);
    let second = cs(&s, &["cast", "Vilma", "Magická střela", "-t", "skřet"]);
    assert!(second.contains("one_slot_per_turn"), "{second}");
    // The seven slots of level 3 and up (3 + 3 + 1) spent: none is left
    // for Fireball.
    for _ in 0..6 {
        s.ok(&["turn", "end", "Vilma"]);
        s.ok(&["cast", "Vilma", "Ohnivá koule", "-t", "a"]);
    }
    s.ok(&["turn", "end", "Vilma"]);
    let no_slot = cs(&s, &["cast", "Vilma", "Ohnivá koule", "-t", "a"]);
    assert!(no_slot.contains("no_slot_available"), "{no_slot}");
    let options = cs(&s, &["options", "Vilma"]);
    assert!(options.contains("Ohnivá koule"), "{options}");
    for text in [unprepared, off_list, second, no_slot, options] {
        no_english_spell_name(&text);
    }
}

#[test]
fn r5c_a_creatures_daily_uses_name_their_spells_in_czech() {
    let s = Session::new();
    wizard(&s);
    fight(&s);
    s.ok(&["encounter", "next", "Boj"]);
    let uses = cs(&s, &["encounter", "uses", "Boj", "Mage"]);
    assert!(uses.contains("2/den každé: Ohnivá koule: 2/2"), "{uses}");
    assert!(uses.contains("1/den každé: Ledový kužel: 1/1"), "{uses}");
    assert!(uses.contains("Mlžný krok: 3/3"), "{uses}");
    cs(
        &s,
        &[
            "encounter",
            "cast",
            "Boj",
            "Mage",
            "Ledový kužel",
            "--slot",
            "5",
            "-t",
            "Vilma",
        ],
    );
    cs(&s, &["encounter", "pass", "Boj", "Vilma"]);
    let cast = cs(&s, &["encounter", "resolve", "Boj"]);
    assert!(
        cast.contains("skrze 1/den každé: Ledový kužel"),
        "the use it was cast through: {cast}"
    );
    let block = cs(&s, &["monster", "show", "mage"]);
    assert!(block.contains("  2/den každé: Ohnivá koule"), "{block}");
    assert!(block.contains("  Mlžný krok [3/den"), "{block}");
    assert!(
        !block.contains("Day Each") && !block.contains("At Will"),
        "{block}"
    );
    for text in [uses, cast, block] {
        no_english_spell_name(&text);
    }
}

#[test]
fn r12_a_czech_long_casting_names_the_spell_in_czech() {
    let s = Session::new();
    wizard(&s);
    s.ok(&["equip", "Vilma", "--material", "a bell and silver wire"]);
    s.ok(&["prepare", "Vilma", "Poplach"]);
    let started = cs(&s, &["cast", "Vilma", "Poplach"]);
    assert!(started.contains("R12: sesílání trvá kol: 10"), "{started}");
    s.ok(&["turn", "end", "Vilma"]);
    let going = cs(&s, &["casting", "Vilma", "continue"]);
    assert!(
        going.contains("R12: sesílání kouzla Poplach pokračuje"),
        "{going}"
    );
    let waited = cs(&s, &["wait", "Vilma", "10m"]);
    assert!(
        waited.contains("R12: kouzlo Poplach lze dokončit"),
        "{waited}"
    );
    let sheet = cs(&s, &["character", "show", "Vilma"]);
    assert!(sheet.contains("sesílá: Poplach 10/10"), "{sheet}");
    let rested = cs(&s, &["rest", "Vilma", "--long"]);
    for text in [started, going, waited, sheet, rested] {
        no_english_spell_name(&text);
        assert!(!text.contains("round(s)"), "{text}");
    }
}

#[test]
fn the_czech_log_names_prepared_and_concentrated_spells_in_czech() {
    let s = Session::new();
    wizard(&s);
    s.ok(&["cast", "Vilma", "Odhalení magie"]);
    s.ok(&["drop", "Vilma"]);
    let log = cs(&s, &["log", "Vilma"]);
    assert!(log.contains("+soustředění Odhalení magie"), "{log}");
    assert!(log.contains("-soustředění Odhalení magie"), "{log}");
    assert!(log.contains("+Magická střela"), "{log}");
    no_english_spell_name(&log);
    // What each change did reads Czech too, not the event's English kind.
    s.ok(&["turn", "end", "Vilma"]);
    let log = cs(&s, &["log", "Vilma"]);
    for (english, czech) in [
        ("equipment changed", "vybavení změněno"),
        ("spell started", "kouzlo působí"),
        ("spell ended", "kouzlo skončilo"),
        ("turn ended", "tah skončil"),
    ] {
        assert!(!log.contains(english), "{english} in {log}");
        assert!(log.contains(czech), "{czech} in {log}");
    }
}

// ---- grimoire rules ----

/// A word with a letter only Czech writes.
fn has_czech_letters(text: &str) -> bool {
    text.chars()
        .any(|c| "áčďéěíňóřšťúůýž".contains(c.to_lowercase().next().unwrap_or(c)))
}

/// Every rule and part, as `grimoire rules` lists them.
fn rule_ids(s: &Session) -> Vec<String> {
    s.ok(&["rules"])["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn every_rule_in_czech_reads_in_czech_and_differs_from_english() {
    let s = Session::new();
    let ids = rule_ids(&s);
    assert_eq!(ids.len(), 29, "R1–R22 with R5a–d and R14a–c: {ids:?}");
    for id in &ids {
        let en = s.human(&["--lang", "en", "rules", id]);
        let cz = cs(&s, &["rules", id]);
        assert!(cz.starts_with(&format!("{id} ")), "{cz}");
        // Line by line: no English line is left in the Czech text.
        for line in en.lines() {
            let text = line.trim().trim_start_matches(id.as_str()).trim();
            if text.len() > 3 {
                assert!(
                    !cz.contains(text),
                    "{id}: English left in Czech: {text}\n{cz}"
                );
            }
        }
        assert!(has_czech_letters(&cz), "{id} is not Czech: {cz}");
    }
}

#[test]
fn the_czech_rules_list_has_czech_titles() {
    let s = Session::new();
    let en = s.human(&["--lang", "en", "rules"]);
    let cz = cs(&s, &["rules"]);
    assert_eq!(en.lines().count(), cz.lines().count(), "{cz}");
    assert!(cz.contains("R10   Jedna pozice za tah"), "{cz}");
    assert!(cz.contains("  R5a   Cantripy"), "{cz}");
    assert!(
        !cz.contains("anglicky"),
        "no more 'the text is English': {cz}"
    );
    for (e, c) in en.lines().zip(cz.lines()).skip(1) {
        let title = e.trim().split_once(' ').map_or("", |(_, t)| t.trim());
        // One-letter titles (V, S, M) are the same in both languages.
        if title.chars().count() > 1 {
            assert_ne!(e, c, "a title left in English");
        }
    }
    // JSON carries the words in the language asked for (as an error's
    // message does), the ids the same.
    let v = s.ok(&["--lang", "cs", "rules", "R10"]);
    assert_eq!(v["rule"]["id"], "R10");
    assert_eq!(v["rule"]["title"], "Jedna pozice za tah");
    let v = s.ok(&["rules", "R10"]);
    assert_eq!(v["rule"]["title"], "One spell slot per turn");
}

// ---- MCP: a tool call with lang "cs" ----

/// The sighting through MCP: a second cast while one waits for
/// Reactions is refused, in Czech, naming the waiting spell in Czech.
#[tokio::test]
async fn r11_an_mcp_refusal_in_czech_names_the_waiting_spell_in_czech() {
    use mcp_client::call;
    use serde_json::json;

    let s = Session::new();
    wizard(&s);
    fight(&s);
    let client = mcp_client::start(&s.db(), &["--seed", "7"]).await;
    let cast = |spell: &str| {
        json!({"encounter": "Boj", "caster": "Vilma", "spell": spell,
               "level": 3, "targets": ["Mage"], "lang": "cs"})
    };
    let (failed, waiting) = call(&client, "encounter_cast", cast("Magic Missile")).await;
    assert!(!failed && waiting["status"] == "pending", "{waiting}");
    let (failed, refused) = call(&client, "encounter_cast", cast("Fireball")).await;
    assert!(failed, "{refused}");
    let error = &refused["error"];
    assert_eq!(error["code"], "reaction_window_open", "{refused}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("kouzlo Magická střela"), "{message}");
    no_english_spell_name(message);
    no_english_spell_name(error["fix"].as_str().unwrap_or(""));
    // The rules tool in Czech reads Czech.
    let (failed, rule) = call(&client, "rules", json!({"rule": "R14", "lang": "cs"})).await;
    assert!(!failed, "{rule}");
    let rule = &rule["rule"];
    assert_eq!(rule["title"], "Složky", "{rule}");
    assert_eq!(rule["parts"][0]["id"], "R14a", "{rule}");
    assert!(has_czech_letters(rule["text"].as_str().unwrap()), "{rule}");
    client.cancel().await.ok();
}
