//! Issue 31 through `grimoire mcp`, as the evening's MCP player met it: a
//! character dropped to 0 hit points is Unconscious, and once its condition
//! is removed it still casts nothing (not even Fire Bolt) until healed.
//! The MCP SDK's own client drives the binary.

mod mcp_client;

use mcp_client::*;

use serde_json::json;

#[tokio::test]
async fn zero_hit_points_refuse_fire_bolt_through_mcp_even_without_the_condition() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Quill", "classes": [{"class": "wizard", "level": 5}],
               "abilities": {"int": 16}}),
    )
    .await;
    ok(
        &client,
        "prepare",
        json!({"character": "Quill", "spells": ["Fire Bolt"]}),
    )
    .await;
    ok(
        &client,
        "hp",
        json!({"character": "Quill", "max": 12, "ac": 12}),
    )
    .await;
    ok(&client, "damage", json!({"target": "Quill", "amount": 15})).await;
    let shown = ok(&client, "character_show", json!({"character": "Quill"})).await;
    assert!(shown.to_string().contains("unconscious"), "{shown}");
    ok(
        &client,
        "condition",
        json!({"character": "Quill", "action": "remove", "condition": "unconscious"}),
    )
    .await;
    let fire_bolt = json!({"character": "Quill", "spell": "Fire Bolt", "targets": ["Ogre"]});
    let (failed, v) = call(&client, "cast", fire_bolt.clone()).await;
    assert!(failed, "a caster at 0 hit points cast: {v}");
    assert_eq!(v["error"]["code"], "at_zero_hit_points", "{v}");
    // The fix names the tool that heals.
    assert!(
        v["error"]["fix"].as_str().unwrap_or("").contains("hp"),
        "{v}"
    );
    // Healed, it casts again.
    ok(&client, "hp", json!({"character": "Quill", "heal": 4})).await;
    ok(&client, "cast", fire_bolt).await;
}
