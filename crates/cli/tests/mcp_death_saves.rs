//! Issue 34 through `grimoire mcp` (2024 rules): a dying character's death
//! save and Stable by the deathsave tool, a critical hit at 0 by the damage
//! tool, Hit Point Dice spent by the rest tool and a party rest with all.
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
async fn death_save_and_hit_dice_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3")).await;
    for name in ["Quill", "Ana"] {
        ok(
            &client,
            "character_create",
            json!({"name": name, "classes": [{"class": "cleric", "level": 5}],
                   "abilities": {"wis": 16, "con": 14}}),
        )
        .await;
        ok(
            &client,
            "hp",
            json!({"character": name, "max": 38, "ac": 16}),
        )
        .await;
    }
    // At 0, a critical hit is two failures; the death save adds one more
    // mark (a success, or failures) unless a 20 brings her back.
    ok(&client, "damage", json!({"target": "Quill", "amount": 38})).await;
    ok(
        &client,
        "damage",
        json!({"target": "Quill", "amount": 2, "critical": true}),
    )
    .await;
    let hp = ok(&client, "hp", json!({"character": "Quill"})).await;
    assert_eq!(hp["vitals"]["death"]["failures"], 2, "{hp}");
    let save = ok(&client, "deathsave", json!({"character": "Quill"})).await;
    let result = save["death_save"]["result"].as_str().unwrap().to_owned();
    assert!(
        ["success", "failure", "two_failures", "revived"].contains(&result.as_str()),
        "{save}"
    );
    if result == "success" {
        let (failed, e) = call(
            &client,
            "deathsave",
            json!({"character": "Quill", "stabilize": true}),
        )
        .await;
        assert!(!failed, "{e}");
        assert_eq!(e["vitals"]["death"]["stable"], true, "{e}");
    }
    // Ana spends two Hit Point Dice on a short rest: each shows CON +2.
    ok(&client, "damage", json!({"target": "Ana", "amount": 20})).await;
    let r = ok(
        &client,
        "rest",
        json!({"character": "Ana", "kind": "short", "hit_dice": "2"}),
    )
    .await;
    let rolls = r["hit_dice_rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 2, "{r}");
    assert!(rolls.iter().all(|d| d["con"] == 2 && d["size"] == 8), "{r}");
    // A party rest names no character; both together are refused.
    let (failed, e) = call(
        &client,
        "rest",
        json!({"character": "Ana", "kind": "long", "all": true}),
    )
    .await;
    assert!(failed, "{e}");
    let party = ok(&client, "rest", json!({"kind": "long", "all": true})).await;
    assert_eq!(party["characters"].as_array().unwrap().len(), 2, "{party}");
    client.cancel().await.unwrap();
}
