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
/// the SDK's client, with none of the `GRIMOIRE_*` variables (nor
/// `DATABASE_URL`) of the environment the tests run in.
pub async fn start(db: &std::path::Path, args: &[&str]) -> Client {
    start_with_pid(db, args).await.0
}

/// [`start`], and the server's process id.
pub async fn start_with_pid(db: &std::path::Path, args: &[&str]) -> (Client, u32) {
    let command = tokio::process::Command::new(env!("CARGO_BIN_EXE_grimoire")).configure(|c| {
        c.env_remove("GRIMOIRE_LANG")
            .env_remove("GRIMOIRE_SEED")
            .env_remove("GRIMOIRE_CHARACTER")
            .env_remove("GRIMOIRE_DB")
            .env_remove("DATABASE_URL")
            .arg("--db")
            .arg(db)
            .args(args)
            .arg("mcp");
    });
    let (transport, _stderr) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("grimoire mcp starts");
    let pid = transport.id().expect("a running server");
    (().serve(transport).await.expect("the MCP handshake"), pid)
}

/// Calls `tool` with `args` (a JSON object): the whole answer, as the
/// server gave it.
pub async fn answer(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("{tool}: protocol error {e}"))
}

/// Calls `tool` with `args` (a JSON object): whether it was refused, and
/// its structured content.
pub async fn call(client: &Client, tool: &str, args: Value) -> (bool, Value) {
    let r = answer(client, tool, args).await;
    (
        r.is_error == Some(true),
        r.structured_content.unwrap_or(Value::Null),
    )
}

/// A call that must succeed: its structured content.
pub async fn ok(client: &Client, tool: &str, args: Value) -> Value {
    let r = answer(client, tool, args).await;
    let v = r.structured_content.unwrap_or(Value::Null);
    assert_eq!(r.is_error, Some(false), "{tool} failed: {v}");
    v
}

/// A call that must be refused: its error object, which has a code and
/// says how to fix it.
pub async fn refused(client: &Client, tool: &str, args: Value) -> Value {
    let r = answer(client, tool, args).await;
    let v = r.structured_content.unwrap_or(Value::Null);
    assert_eq!(r.is_error, Some(true), "{tool} was not refused: {v}");
    let e = v["error"].clone();
    assert!(e["code"].is_string(), "{v}");
    assert!(
        !e["fix"].as_str().unwrap_or("").is_empty(),
        "every refusal says how to fix it: {v}"
    );
    e
}
