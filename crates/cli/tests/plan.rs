//! `grimoire plan` through the binary (issue 15): every castable spell at
//! every slot against a described target, best first, with the chances;
//! bad target specs are usage errors naming the key.

mod common;

use common::Session;

fn elmira(s: &Session) {
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
        "Magic Missile",
        "Fireball",
        "Fire Bolt",
        "Shield",
    ]);
}

#[test]
fn the_plan_ranks_every_slot_against_the_target_with_exact_chances() {
    let s = Session::new();
    elmira(&s);
    let p = s.ok(&[
        "plan",
        "Elmira",
        "--target",
        "ac=15,hp=30,dex=+2,resist=fire",
    ]);
    let lines = p["lines"].as_array().unwrap();
    let means: Vec<f64> = lines.iter().map(|l| l["mean"].as_f64().unwrap()).collect();
    assert!(
        means.windows(2).all(|w| w[0] >= w[1]),
        "best first: {means:?}"
    );
    let find = |id: &str, level: u64| {
        lines
            .iter()
            .find(|l| l["spell"] == id && l["level"] == level)
            .unwrap_or_else(|| panic!("{id} {level}: {p}"))
    };
    // Magic Missile at 3: five darts of 1d4+1 force, 17.5 on average.
    assert_eq!(find("magic-missile", 3)["mean"], 17.5);
    // Fireball (DC 14) against Dexterity +2: fails on 11 or less, 55%;
    // fire is resisted.
    let fb = find("fireball", 3);
    assert_eq!(fb["fail_chance"], 0.55);
    assert!(fb["mean"].as_f64().unwrap() < 14.0, "resisted: {fb}");
    // Fire Bolt, +6 against AC 15: 60% to hit; the cantrip is 2d10 at 5.
    let bolt = find("fire-bolt", 0);
    assert_eq!(bolt["hit_chance"], 0.6);
    assert_eq!(bolt["way"]["kind"], "cantrip");
    // Shield deals nothing, so it has no line.
    assert!(lines.iter().all(|l| l["spell"] != "shield"));
    let top = s.ok(&["plan", "Elmira", "--target", "ac=15", "--top", "2"]);
    assert_eq!(top["lines"].as_array().unwrap().len(), 2);

    let cs = s.human(&["--lang", "cs", "plan", "Elmira", "--target", "hp=20"]);
    assert!(cs.contains("očekávané proti cíli"), "{cs}");
    assert!(cs.contains("Ohnivá koule"), "{cs}");
}

#[test]
fn a_bad_target_is_a_usage_error_naming_the_key() {
    let s = Session::new();
    elmira(&s);
    for (spec, says) in [
        ("ac=foo", "ac=foo"),
        ("hp=0", "hp=0"),
        ("resist=wood", "resist=wood"),
        ("luck=3", "luck"),
        ("ac", "key=value"),
    ] {
        let e = s.fails(2, &["plan", "Elmira", "--target", spec]);
        assert_eq!(e["code"], "bad_target", "{spec}: {e}");
        assert!(e["message"].as_str().unwrap().contains(says), "{spec}: {e}");
    }
}
