//! Issue 31 through `grimoire mcp`, as the evening's MCP player met it: a
//! character dropped to 0 hit points is Unconscious, and once its condition
//! is removed it still casts nothing (not even Fire Bolt) until healed.
//! The MCP SDK's own client drives the binary.

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

type Client = RunningService<RoleClient, ()>;

/// Starts `grimoire --db <db> --seed 7 mcp` under the SDK's client.
async fn start(db: &std::path::Path) -> Client {
    let command = tokio::process::Command::new(env!("CARGO_BIN_EXE_grimoire")).configure(|c| {
        c.env_remove("GRIMOIRE_LANG")
            .env_remove("GRIMOIRE_SEED")
            .env_remove("GRIMOIRE_CHARACTER")
            .env_remove("GRIMOIRE_DB")
            .arg("--db")
            .arg(db)
            .args(["--seed", "7", "mcp"]);
    });
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("grimoire mcp starts");
    ().serve(transport).await.expect("the MCP handshake")
}

async fn call(client: &Client, tool: &'static str, args: Value) -> (bool, Value) {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    let r: CallToolResult = client
        .call_tool(CallToolRequestParams::new(tool).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"));
    (
        r.is_error == Some(true),
        r.structured_content.unwrap_or(Value::Null),
    )
}

async fn ok(client: &Client, tool: &'static str, args: Value) -> Value {
    let (failed, v) = call(client, tool, args).await;
    assert!(!failed, "{tool} failed: {v}");
    v
}

#[tokio::test]
async fn zero_hit_points_refuse_fire_bolt_through_mcp_even_without_the_condition() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3")).await;
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
