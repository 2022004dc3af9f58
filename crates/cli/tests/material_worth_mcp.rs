//! R14c through MCP (`grimoire mcp` under the SDK's client): the same
//! equipment list as the CLI, so a Holy Symbol of no stated worth answers
//! Bless, and a diamond worth too little is refused with both worths and a
//! fix that names the equip tool.

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

type Client = RunningService<RoleClient, ()>;

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
    let (refused, v) = call(client, tool, args).await;
    assert!(!refused, "{tool} failed: {v}");
    v
}

async fn refused(client: &Client, tool: &'static str, args: Value) -> Value {
    let (refused, v) = call(client, tool, args).await;
    assert!(refused, "{tool} was not refused: {v}");
    v["error"].clone()
}

#[tokio::test]
async fn r14c_listed_prices_and_worth_refusals_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3")).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Ana", "classes": [{"class": "cleric", "level": 5}],
               "abilities": {"wis": 16}}),
    )
    .await;
    ok(
        &client,
        "prepare",
        json!({"character": "Ana", "spells": ["Bless", "Revivify"]}),
    )
    .await;
    let bless = json!({"character": "Ana", "spell": "Bless", "targets": ["Ana"]});
    let e = refused(&client, "cast", bless.clone()).await;
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("missing_material"), Some("R14c")),
        "{e}"
    );
    ok(
        &client,
        "equip",
        json!({"character": "Ana", "materials": ["Holy Symbol"]}),
    )
    .await;
    let cast = ok(&client, "cast", bless).await;
    assert_eq!(cast["cast"]["concentration_started"], true, "{cast}");
    ok(&client, "next_turn", json!({"character": "Ana"})).await;

    ok(
        &client,
        "equip",
        json!({"character": "Ana", "clear_materials": true,
               "materials": ["diamond worth 100 GP"]}),
    )
    .await;
    let e = refused(
        &client,
        "cast",
        json!({"character": "Ana", "spell": "Revivify", "targets": ["Ally"]}),
    )
    .await;
    assert_eq!(e["code"], "material_too_cheap", "{e}");
    assert_eq!(e["rule"], "R14c", "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("has diamond worth 100 GP"), "{message}");
    assert!(message.contains("needs 300 GP or more"), "{message}");
    assert!(e["fix"].as_str().unwrap().contains("equip"), "{e}");
    client.cancel().await.unwrap();
}
