//! The walkthrough, through the real binary: create a Wizard 3,
//! prepare, cast Magic Missile, upcast, get refused on a second slot spell
//! in one turn, rest, undo.

mod common;

use common::{Session, slots};

#[test]
fn full_session_wizard_three() {
    let s = Session::new();
    s.wizard("Elmira");
    // R2: a level-3 Wizard has four level-1 and two level-2 slots.
    assert_eq!(slots(&s.ok(&["slots", "Elmira"])), [(1, 4, 4), (2, 2, 2)]);

    let prepared = s.ok(&["prepare", "Elmira", "Magic Missile", "Shield", "Fire Bolt"]);
    assert_eq!(
        prepared["prepared"],
        serde_json::json!(["magic-missile", "shield"])
    );
    assert_eq!(prepared["cantrips"], serde_json::json!(["fire-bolt"]));

    // R3: Magic Missile spends a level-1 slot; three darts, every die shown.
    let cast = s.ok(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
    let c = &cast["cast"];
    assert_eq!(
        (c["spell"].as_str(), c["level"].as_u64(), c["slot"].as_u64()),
        (Some("magic-missile"), Some(1), Some(1))
    );
    assert_eq!(c["mode"], "slot");
    let rolls = c["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 3, "three darts: {rolls:?}");
    for r in rolls {
        let dice = r["dice"].as_array().unwrap();
        assert_eq!(dice.len(), 1);
        let die = dice[0].as_i64().unwrap();
        assert!((1..=4).contains(&die));
        assert_eq!(r["total"].as_i64().unwrap(), die + 1, "1d4+1");
    }
    assert!(
        cast["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "slot_expended")
    );
    assert_eq!(slots(&cast["slots"]), [(1, 3, 4), (2, 2, 2)]);

    // R10 across invocations: the turn is still the same one.
    let refused = s.fails(
        1,
        &[
            "cast",
            "Elmira",
            "Magic Missile",
            "--slot",
            "2",
            "--target",
            "Goblin",
        ],
    );
    assert_eq!(refused["rule"], "R10");

    s.ok(&["turn", "end", "Elmira"]);

    // R6: upcast with a level-2 slot is a level-2 Magic Missile, one more dart.
    let up = s.ok(&[
        "cast",
        "Elmira",
        "Magic Missile",
        "--slot",
        "2",
        "--target",
        "Goblin",
    ]);
    assert_eq!(
        (up["cast"]["level"].as_u64(), up["cast"]["slot"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(up["cast"]["rolls"].as_array().unwrap().len(), 4);
    assert_eq!(slots(&up["slots"]), [(1, 3, 4), (2, 1, 2)]);

    // R10: a second slot spell in the same turn (Shield as a Reaction) is refused...
    let err = s.fails(
        1,
        &[
            "cast",
            "Elmira",
            "Shield",
            "--action",
            "reaction",
            "--trigger",
            "hit by an attack",
        ],
    );
    assert_eq!(err["code"], "one_slot_per_turn");
    assert_eq!(err["rule"], "R10");
    assert!(err["message"].as_str().unwrap().contains("slot"));
    // ...and nothing changed.
    assert_eq!(slots(&s.ok(&["slots", "Elmira"])), [(1, 3, 4), (2, 1, 2)]);

    // R4: a Long Rest restores every slot.
    let rest = s.ok(&["rest", "Elmira", "--long"]);
    assert_eq!(slots(&rest["character"]), [(1, 4, 4), (2, 2, 2)]);

    // Undo reverts the rest only.
    let undo = s.ok(&["undo", "Elmira"]);
    assert!(
        undo["undo"]["reverted_command"]
            .as_str()
            .unwrap()
            .contains("rest Elmira --long")
    );
    assert_eq!(slots(&s.ok(&["slots", "Elmira"])), [(1, 3, 4), (2, 1, 2)]);

    // The log holds every change, the undo included, and no refusal.
    let log = s.ok(&["log", "Elmira"]);
    let commands: Vec<&str> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["command"].as_str().unwrap())
        .collect();
    assert_eq!(commands.len(), 7, "{commands:?}");
    assert!(
        commands[0].starts_with("--seed 7 character new Elmira"),
        "{commands:?}"
    );
    assert!(
        commands[6].starts_with("undo --seed 7 rest"),
        "{commands:?}"
    );
    assert!(
        !commands.iter().any(|c| c.contains("cast Elmira Shield")),
        "refusals are not logged"
    );
}

#[test]
fn human_output_shows_pips_resolution_and_refusal() {
    let s = Session::new();
    s.wizard("Elmira");
    s.human(&["prepare", "Elmira", "Magic Missile"]);
    let text = s.human(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
    assert!(
        text.contains("Elmira casts Magic Missile (level 1, slot 1 spent)"),
        "{text}"
    );
    assert!(text.contains("→ Goblin: damage"), "{text}");
    assert!(text.contains("●●●○"), "{text}");

    let out = s
        .cmd()
        .args(["cast", "Elmira", "Magic Missile"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("one_slot_per_turn") && err.contains("R10"),
        "{err}"
    );

    let cs = s.human(&["--lang", "cs", "slots", "Elmira"]);
    assert!(cs.contains("úroveň") && cs.contains("●●●○"), "{cs}");
}

#[test]
fn same_seed_same_dice() {
    let a = Session::new();
    let b = Session::new();
    for s in [&a, &b] {
        s.wizard("Elmira");
        s.ok(&["prepare", "Elmira", "Magic Missile"]);
    }
    let ra = a.ok(&["cast", "Elmira", "Magic Missile", "--target", "Orc"]);
    let rb = b.ok(&["cast", "Elmira", "Magic Missile", "--target", "Orc"]);
    assert_eq!(ra["cast"]["rolls"], rb["cast"]["rolls"]);
}

#[test]
fn state_survives_between_invocations_and_names_ignore_case() {
    let s = Session::new();
    s.wizard("Čaroděj");
    let err = s.fails(1, &["character", "new", "čARODĚJ", "--class", "wizard:1"]);
    assert_eq!(err["code"], "already_exists");
    let shown = s.ok(&["character", "show", "čaroděj"]);
    assert_eq!(shown["character"]["name"], "Čaroděj");
    assert_eq!(
        shown["character"]["spellcasting"][0]["save_dc"], 13,
        "R19: 8 + 2 + 3"
    );
    assert_eq!(
        shown["character"]["spellcasting"][0]["attack_bonus"], 5,
        "R20: 2 + 3"
    );
}
