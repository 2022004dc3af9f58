//! Damage of a type through the binary (issue 32: "damage with a type"):
//! `encounter damage --type` applies the combatant's stat block as the
//! Rules Glossary says: Resistance halves the damage (rounded down),
//! Vulnerability doubles it, Immunity prevents it; untyped damage and a
//! combatant without the defence take it all. A character meets the
//! defences its features give (Elemental Affinity's Resistance).

mod common;

use common::Session;
use serde_json::json;

/// A running encounter `Cave` with an Imp (40 hit points) that resists
/// fire, is immune to poison and vulnerable to radiant damage.
fn imp(s: &Session) {
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Imp:resist=fire:immune=poison:vuln=radiant",
        "--hp",
        "40",
        "--init",
        "5",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
}

fn hit(s: &Session, amount: &str, kind: &[&str]) -> serde_json::Value {
    let mut args = vec!["encounter", "damage", "Cave", "Imp", amount];
    args.extend_from_slice(kind);
    s.ok(&args)
}

#[test]
fn resistance_halves_typed_damage_rounded_down() {
    let s = Session::new();
    imp(&s);
    let v = hit(&s, "11", &["--type", "fire"]);
    assert_eq!(
        (&v["rolled"], &v["damage"], &v["hp"], &v["damage_type"]),
        (&json!(11), &json!(5), &json!(35), &json!("fire"))
    );
}

#[test]
fn immunity_prevents_and_vulnerability_doubles_typed_damage() {
    let s = Session::new();
    imp(&s);
    assert_eq!(hit(&s, "9", &["--type", "poison"])["hp"], 40);
    assert_eq!(hit(&s, "6", &["--type", "radiant"])["hp"], 28);
}

#[test]
fn untyped_damage_and_a_type_without_a_defence_are_taken_whole() {
    let s = Session::new();
    imp(&s);
    assert_eq!(hit(&s, "4", &[])["hp"], 36);
    assert_eq!(hit(&s, "4", &["--type", "cold"])["hp"], 32);
    // Czech names of types work too.
    assert_eq!(hit(&s, "4", &["--type", "ohnivé"])["hp"], 30);
}

#[test]
fn an_unknown_type_is_refused_and_changes_nothing() {
    let s = Session::new();
    imp(&s);
    let err = s.fails(
        2,
        &["encounter", "damage", "Cave", "Imp", "5", "--type", "lava"],
    );
    assert_eq!(err["code"], "unknown_damage_type", "{err}");
    let status = s.ok(&["encounter", "status", "Cave"]);
    assert_eq!(status["combatants"][0]["hp"], 40, "{status}");
}

#[test]
fn elemental_affinity_resists_its_type_of_damage_to_the_draconic_sorcerer() {
    // SRD 5.2 Draconic Sorcery 6: Elemental Affinity gives Resistance to
    // its chosen type; other types are taken whole.
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Drake",
        "--class",
        "sorcerer:6",
        "--abilities",
        "con=14,cha=16",
        "--subclass",
        "sorcerer:draconic",
        "--feature",
        "elemental-affinity:fire",
    ]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Drake", "--init", "10"]);
    s.ok(&["encounter", "start", "Cave"]);
    let hurt = |amount: &str, kind: &str| {
        s.ok(&[
            "encounter",
            "damage",
            "Cave",
            "Drake",
            amount,
            "--type",
            kind,
        ])
    };
    let v = hurt("11", "fire");
    assert_eq!((&v["rolled"], &v["damage"]), (&json!(11), &json!(5)), "{v}");
    let v = hurt("11", "cold");
    assert_eq!(
        (&v["rolled"], &v["damage"]),
        (&json!(11), &json!(11)),
        "{v}"
    );
}

#[test]
fn elemental_affinity_halves_a_creatures_attack_of_its_type() {
    // The Resistance counts wherever the Draconic Sorcerer is the target:
    // a creature's fire attack is halved (rounded down), its cold is not.
    let s = Session::new();
    s.ok(&[
        "character",
        "new",
        "Drake",
        "--class",
        "sorcerer:6",
        "--abilities",
        "con=14,cha=16",
        "--subclass",
        "sorcerer:draconic",
        "--feature",
        "elemental-affinity:fire",
    ]);
    s.ok(&["hp", "Drake", "--max", "200", "--ac", "10"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Orc",
        "--init",
        "15",
        "--hp",
        "15",
    ]);
    s.ok(&["encounter", "add", "Cave", "Drake", "--init", "5"]);
    s.ok(&["encounter", "start", "Cave"]);
    for (kind, halved) in [("fire", true), ("cold", false)] {
        // +30 to hit: only a natural 1 misses, so try until one hits.
        let dealt = (0..10)
            .find_map(|_| {
                let v = s.ok(&[
                    "attack", "Orc", "Breath", "-t", "Drake", "--bonus", "30", "--damage", "4d6",
                    "--type", kind,
                ]);
                let t = &v["creature_attack"]["outcome"]["resolution"]["targets"][0];
                (t["attacks"][0]["hit"] == true).then(|| t["damage"][0].clone())
            })
            .expect("a hit in ten attacks");
        assert_eq!(dealt["damage_type"], kind, "{dealt}");
        let rolled = dealt["rolled"].as_u64().unwrap();
        let expected = if halved { rolled / 2 } else { rolled };
        assert_eq!(dealt["taken"], expected, "{dealt}");
    }
}
