//! Metamagic through MCP's `cast` tool (issue 35): the `metamagic`
//! parameter reshapes the cast as `grimoire cast --meta` does, and a
//! refusal names its code and a fix that names a tool.

mod mcp_client;

use mcp_client::*;

use serde_json::json;

/// Makes Sorcha, a level-5 Sorcerer who knows Quickened and Subtle Spell,
/// in the database at `db` with the binary itself.
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
        "sorcerer:5",
        "--abilities",
        "cha=16",
        "--metamagic",
        "quickened,subtle",
    ]);
    run(&["equip", "Sorcha", "--pouch"]);
    run(&["prepare", "Sorcha", "Fire Bolt", "Magic Missile"]);
}

#[tokio::test]
async fn metamagic_quickened_through_mcp_takes_the_bonus_action_and_blocks_a_level_1_spell() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("grimoire.sqlite3");
    sorcha(&db);
    let client = start(&db, &["--seed", "7"]).await;
    let (err, v) = call(
        &client,
        "cast",
        json!({"character": "Sorcha", "spell": "Fire Bolt", "targets": ["Orc"],
               "metamagic": ["quickened"]}),
    )
    .await;
    assert!(!err, "{v}");
    assert_eq!(v["cast"]["action"], "bonus_action", "{v}");
    assert_eq!(
        v["cast"]["metamagic"],
        json!({"options": ["quickened"], "points": 2}),
        "{v}"
    );
    let (err, v) = call(
        &client,
        "cast",
        json!({"character": "Sorcha", "spell": "Magic Missile", "targets": ["Orc"]}),
    )
    .await;
    assert!(err, "{v}");
    assert_eq!(v["error"]["code"], "spell_after_quickened", "{v}");
    assert!(
        v["error"]["fix"].as_str().unwrap().contains("next_turn"),
        "{v}"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn metamagic_an_unfit_option_through_mcp_is_refused_with_why() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("grimoire.sqlite3");
    sorcha(&db);
    let client = start(&db, &["--seed", "7"]).await;
    let (err, v) = call(
        &client,
        "cast",
        json!({"character": "Sorcha", "spell": "Shield", "metamagic": ["quickened"]}),
    )
    .await;
    assert!(err, "{v}");
    assert_eq!(v["error"]["code"], "metamagic_not_applicable", "{v}");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("casting time is not an Action"), "{v}");
    client.cancel().await.unwrap();
}
