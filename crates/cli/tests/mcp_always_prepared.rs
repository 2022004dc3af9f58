//! Always-prepared spells through the MCP tools (issue 31): `prepare` with
//! `always` true runs `grimoire prepare --always`, so a spell off the
//! character's class lists (R8) is kept prepared and cast, and the refusal
//! of an off-list spell names that fix.

mod mcp_client;

use mcp_client::*;

use serde_json::json;

#[tokio::test]
async fn r8_prepare_with_always_keeps_an_off_list_spell_prepared_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    let (err, v) = call(
        &client,
        "character_create",
        json!({"name": "Brother", "classes": [{"class": "cleric", "level": 5}],
               "abilities": {"wis": 16}}),
    )
    .await;
    assert!(!err, "{v}");
    // The usual way: refused by R8, and the fix names always.
    let (err, v) = call(
        &client,
        "prepare",
        json!({"character": "Brother", "spells": ["Fireball"]}),
    )
    .await;
    assert!(err, "{v}");
    assert_eq!(v["error"]["code"], "not_on_class_list", "{v}");
    assert!(
        v["error"]["fix"].as_str().unwrap().contains("always true"),
        "{v}"
    );
    let (err, v) = call(
        &client,
        "prepare",
        json!({"character": "Brother", "spells": ["Fireball"], "always": true}),
    )
    .await;
    assert!(!err, "{v}");
    assert_eq!(
        v["always_prepared"],
        json!([{"spell": "fireball", "class": "cleric"}]),
        "{v}"
    );
    let (err, v) = call(
        &client,
        "cast",
        json!({"character": "Brother", "spell": "Fireball", "targets": ["Orc"]}),
    )
    .await;
    assert!(!err, "{v}");
    let (err, v) = call(
        &client,
        "prepare",
        json!({"character": "Brother", "spells": ["Fireball"], "unprepare": true}),
    )
    .await;
    assert!(!err, "{v}");
    assert_eq!(v["always_prepared"], json!([]), "{v}");
    client.cancel().await.unwrap();
}
