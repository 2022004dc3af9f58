//! One cast, one path (issue 32): a character's cast resolves the same
//! whether the player casts it (`grimoire cast`) or the GM casts it for
//! the character inside the encounter (`encounter cast`). Before, the
//! GM's path committed through a second routine that forgot the caster
//! itself: a Fireball on the wizard's own square hurt everyone but the
//! wizard.

mod common;

use common::Session;
use serde_json::Value;

/// A level-5 Wizard with Fireball prepared, 30 hit points and Armor Class
/// 12 on its sheet, in a started encounter with a goblin after it.
fn wizard_in_cave(s: &Session) {
    s.ok(&[
        "character",
        "new",
        "Ana",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16,dex=10",
    ]);
    s.ok(&["equip", "Ana", "--pouch"]);
    s.ok(&["prepare", "Ana", "fireball"]);
    s.ok(&["hp", "Ana", "--max", "30", "--ac", "12"]);
    s.ok(&["encounter", "new", "Cave"]);
    s.ok(&["encounter", "add", "Cave", "Ana", "--init", "20"]);
    s.ok(&[
        "encounter",
        "add",
        "Cave",
        "Goblin",
        "--init",
        "5",
        "--hp",
        "40",
    ]);
    s.ok(&["encounter", "start", "Cave"]);
}

/// What the cast dealt `name`, from its answer.
fn dealt_to(cast: &Value, name: &str) -> i64 {
    cast["cast"]["targets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["target"] == name)
        .map(|t| t["damage_total"].as_i64().unwrap())
        .sum()
}

fn sheet_hp(s: &Session) -> i64 {
    s.ok(&["hp", "Ana"])["vitals"]["hp"].as_i64().unwrap()
}

fn fireball_on_self(s: &Session, gm: bool) -> Value {
    let args: Vec<&str> = if gm {
        vec![
            "encounter",
            "cast",
            "Cave",
            "Ana",
            "fireball",
            "-t",
            "Ana",
            "-t",
            "Goblin",
        ]
    } else {
        vec!["cast", "Ana", "fireball", "-t", "Ana", "-t", "Goblin"]
    };
    s.ok(&args)
}

#[test]
fn r16_a_fireball_on_the_casters_own_square_hurts_the_caster_through_either_command() {
    for gm in [false, true] {
        let s = Session::new();
        wizard_in_cave(&s);
        let cast = fireball_on_self(&s, gm);
        let own = dealt_to(&cast, "Ana");
        assert!(own > 0, "the wizard is in its own blast (gm: {gm}): {cast}");
        assert_eq!(sheet_hp(&s), 30 - own, "gm: {gm}");
    }
}

#[test]
fn r16_the_player_and_the_gm_command_store_the_same_state_for_the_same_seeded_cast() {
    let (player, gm) = (Session::new(), Session::new());
    wizard_in_cave(&player);
    wizard_in_cave(&gm);
    let a = fireball_on_self(&player, false);
    let b = fireball_on_self(&gm, true);
    assert_eq!(a["cast"]["targets"], b["cast"]["targets"]);
    assert_eq!(sheet_hp(&player), sheet_hp(&gm));
    let slots = |s: &Session| s.ok(&["character", "show", "Ana"])["slots"].clone();
    assert_eq!(slots(&player), slots(&gm));
    let goblin = |s: &Session| {
        s.ok(&["encounter", "status", "Cave"])["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Goblin")
            .unwrap()["hp"]
            .clone()
    };
    assert_eq!(goblin(&player), goblin(&gm));
}
