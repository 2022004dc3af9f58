//! `grimoire options`: what a character can cast now, every way, and the
//! rule that blocks the rest with what would make it legal (issue 15).

mod common;

use common::Session;

#[test]
fn options_list_every_way_and_then_the_blocking_rule_with_its_fix() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&[
        "prepare",
        "Elmira",
        "Fireball",
        "Detect Magic",
        "Shield",
        "Fire Bolt",
    ]);
    s.ok(&[
        "item",
        "add",
        "Elmira",
        "Wand of Magic Missiles",
        "--spell",
        "Magic Missile",
        "--charges",
        "7",
    ]);
    let o = s.ok(&["options", "Elmira"]);
    let ways = |id: &str| -> Vec<String> {
        o["castable"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["spell"] == id)
            .unwrap_or_else(|| panic!("{id} castable: {o}"))["ways"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                let way = &w["way"];
                format!(
                    "{}{}{}/{}",
                    way["kind"].as_str().unwrap(),
                    way["level"]
                        .as_u64()
                        .map(|l| format!(" {l}"))
                        .unwrap_or_default(),
                    way["name"]
                        .as_str()
                        .map(|n| format!(" {n}"))
                        .unwrap_or_default(),
                    w["action"].as_str().unwrap()
                )
            })
            .collect()
    };
    assert_eq!(ways("fireball"), ["slot 3/action"]);
    assert_eq!(
        ways("detect-magic"),
        [
            "slot 1/action",
            "slot 2/action",
            "slot 3/action",
            "ritual/action"
        ],
        "R5b: a ritual too"
    );
    assert_eq!(
        ways("magic-missile"),
        ["item Wand of Magic Missiles/action"],
        "R5d"
    );
    assert_eq!(
        ways("shield"),
        ["slot 1/reaction", "slot 2/reaction", "slot 3/reaction"]
    );
    assert_eq!(ways("fire-bolt"), ["cantrip/action"]);
    assert_eq!(o["blocked"], serde_json::json!([]));

    // After a slot spell, R10 blocks the rest, and says how to go on.
    s.ok(&["cast", "Elmira", "Fireball", "--target", "Ogre"]);
    let o = s.ok(&["options", "Elmira"]);
    let shield = o["blocked"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["spell"] == "shield")
        .unwrap_or_else(|| panic!("{o}"));
    assert_eq!(shield["rule"], "R10");
    assert_eq!(shield["code"], "one_slot_per_turn");
    assert!(
        shield["message"]
            .as_str()
            .unwrap()
            .contains("grimoire turn end Elmira"),
        "{shield}"
    );
    // In every language, the old fields kept: `message` English,
    // `message_cs` Czech, both with the hint.
    assert_eq!(shield["messages"]["en"], shield["message"], "{shield}");
    assert_eq!(shield["messages"]["cs"], shield["message_cs"], "{shield}");
    assert!(
        shield["message_cs"]
            .as_str()
            .unwrap()
            .contains("tah ukončí: grimoire turn end Elmira"),
        "{shield}"
    );
    // The list agrees with a cast: Shield is refused with that code.
    let err = s.fails(
        1,
        &[
            "cast",
            "Elmira",
            "Shield",
            "--action",
            "reaction",
            "--trigger",
            "hit",
        ],
    );
    assert_eq!(err["code"], "one_slot_per_turn", "{err}");

    // In words, in both languages.
    let en = s.human(&["options", "Elmira"]);
    assert!(en.contains("what can be cast now"), "{en}");
    assert!(en.contains("✗ Shield: R10"), "{en}");
    let cs = s.human(&["--lang", "cs", "options", "Elmira"]);
    assert!(cs.contains("Teď ne:"), "{cs}");
    assert!(cs.contains("Štít: R10"), "{cs}");
    assert!(cs.contains("tah ukončí: grimoire turn end Elmira"), "{cs}");
}

/// Inside an encounter, on another combatant's turn, only Reactions
/// are open (R9), and `options` says so.
#[test]
fn r9_on_another_creatures_turn_only_reactions_are_open() {
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&["prepare", "Elmira", "Fireball", "Shield"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Elmira", "--init", "5"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "15",
        "--hp",
        "7",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
    let o = s.ok(&["options", "Elmira"]);
    let castable: Vec<&str> = o["castable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["spell"].as_str().unwrap())
        .collect();
    assert_eq!(castable, ["shield"], "{o}");
    let fireball = &o["blocked"][0];
    assert_eq!(
        (fireball["spell"].as_str(), fireball["rule"].as_str()),
        (Some("fireball"), Some("R9"))
    );
}
