//! Always-prepared spells through the MCP tools (issue 31): `prepare` with
//! `always` true runs `grimoire prepare --always`, so a spell off the
//! character's class lists (R8) is kept prepared and cast, and the refusal
//! of an off-list spell names that fix.

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

#[tokio::test]
async fn r8_prepare_with_always_keeps_an_off_list_spell_prepared_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3")).await;
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
