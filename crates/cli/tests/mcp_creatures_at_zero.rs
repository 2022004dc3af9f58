//! Issue 34 through `grimoire mcp`: an encounter's creatures drop at 0 hit
//! points (encounter_create's creatures_at_zero) and die once the GM
//! changes it (encounter_set). The MCP SDK's own client drives the binary.

mod mcp_client;

use mcp_client::*;

use serde_json::{Value, json};

fn orc(status: &Value) -> Value {
    status["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Orc")
        .cloned()
        .unwrap_or(Value::Null)
}

#[tokio::test]
async fn creatures_at_zero_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    ok(
        &client,
        "encounter_create",
        json!({"encounter": "Cave", "creatures_at_zero": "drop"}),
    )
    .await;
    for (name, init) in [("Orc", 15), ("Goblin", 5)] {
        ok(
            &client,
            "encounter_add",
            json!({"encounter": "Cave", "name": name, "initiative": init, "hp": 15}),
        )
        .await;
    }
    ok(&client, "encounter_start", json!({"encounter": "Cave"})).await;
    ok(
        &client,
        "damage",
        json!({"encounter": "Cave", "target": "Orc", "amount": 15}),
    )
    .await;
    let shown = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(shown["creatures_at_zero"], "drop", "{shown}");
    assert_eq!(orc(&shown)["fallen"], "dying", "{shown}");
    let set = ok(
        &client,
        "encounter_set",
        json!({"encounter": "Cave", "creatures_at_zero": "die"}),
    )
    .await;
    assert_eq!(orc(&set)["fallen"], "dead", "{set}");
    let (failed, e) = call(
        &client,
        "encounter_set",
        json!({"encounter": "Cave", "creatures_at_zero": "explode"}),
    )
    .await;
    assert!(failed, "{e}");
}
