//! Metamagic through MCP's `options` and `plan` tools (issue 35): each
//! castable spell lists the options the character knows with their cost
//! and why one does not fit; the plan has a line per option that changes
//! the numbers.

mod mcp_client;

use mcp_client::*;

use serde_json::{Value, json};

/// Makes Sorcha, a level-10 Sorcerer (Charisma 16) who knows Careful,
/// Heightened and Quickened Spell, with Fire Bolt and Fireball.
fn sorcha(db: &std::path::Path) {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_grimoire"))
            .env_remove("GRIMOIRE_LANG")
            .env_remove("GRIMOIRE_CHARACTER")
            .arg("--db")
            .arg(db)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
    };
    run(&[
        "character",
        "new",
        "Sorcha",
        "--class",
        "sorcerer:10",
        "--abilities",
        "cha=16",
        "--metamagic",
        "careful,heightened,quickened",
    ]);
    run(&["equip", "Sorcha", "--pouch"]);
    run(&["prepare", "Sorcha", "Fire Bolt", "Fireball"]);
}

fn spell<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["castable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["spell"] == id)
        .unwrap_or_else(|| panic!("{id}: {v}"))
}

#[tokio::test]
async fn metamagic_options_and_plan_lines_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("grimoire.sqlite3");
    sorcha(&db);
    let client = start(&db, &["--seed", "7"]).await;
    let (err, v) = call(&client, "options", json!({"character": "Sorcha"})).await;
    assert!(!err, "{v}");
    let bolt = &spell(&v, "fire-bolt")["metamagic"];
    assert_eq!(bolt[0]["option"], "careful");
    assert_eq!(bolt[0]["applies"], false);
    assert_eq!(bolt[0]["unfit"], "no_save");
    assert_eq!(
        bolt[0]["why"]["en"],
        "Careful Spell cannot reshape Fire Bolt: the spell forces no saving throw"
    );
    assert_eq!(
        bolt[2],
        json!({"option": "quickened", "cost": 2, "applies": true})
    );
    let fireball = &spell(&v, "fireball")["metamagic"];
    assert!(
        fireball
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["applies"] == true),
        "{fireball}"
    );

    let (err, p) = call(
        &client,
        "plan",
        json!({"character": "Sorcha", "target": {"dex": 2}}),
    )
    .await;
    assert!(!err, "{p}");
    let heightened = p["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["spell"] == "fireball" && l["level"] == 3 && l["metamagic"] == "heightened")
        .unwrap_or_else(|| panic!("{p}"));
    // DC 15 against +2 fails 60%; with Disadvantage 84%.
    assert_eq!(heightened["fail_chance"], 0.84);
}
