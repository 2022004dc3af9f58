//! `grimoire mcp` under the MCP SDK's own client, for the tests that drive
//! the tools: start it on a database, call a tool, take its answer.

#![allow(dead_code)] // each test file uses a different subset

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;

/// A client connected to one `grimoire mcp`.
pub type Client = RunningService<RoleClient, ()>;

/// Starts `grimoire --db <db> <args> mcp` (e.g. `["--seed", "7"]`) under
/// the SDK's client, with none of the `GRIMOIRE_*` variables of the
/// environment the tests run in.
pub async fn start(db: &std::path::Path, args: &[&str]) -> Client {
    let command = tokio::process::Command::new(env!("CARGO_BIN_EXE_grimoire")).configure(|c| {
        c.env_remove("GRIMOIRE_LANG")
            .env_remove("GRIMOIRE_SEED")
            .env_remove("GRIMOIRE_CHARACTER")
            .env_remove("GRIMOIRE_DB")
            .arg("--db")
            .arg(db)
            .args(args)
            .arg("mcp");
    });
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("grimoire mcp starts");
    ().serve(transport).await.expect("the MCP handshake")
}

/// Calls `tool` with `args` (a JSON object): whether it was refused, and
/// its structured content.
pub async fn call(client: &Client, tool: &'static str, args: Value) -> (bool, Value) {
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

/// A call that must succeed: its structured content.
pub async fn ok(client: &Client, tool: &'static str, args: Value) -> Value {
    let (refused, v) = call(client, tool, args).await;
    assert!(!refused, "{tool} failed: {v}");
    v
}
