//! A seeded MCP session is one stream of rolls (issue 32): `grimoire mcp
//! --seed 7` runs every call in process and draws each call's seed from
//! one stream, so twenty rolls of the same dice differ from each other
//! (before, each call was a child process given seed 7, and fifty seeded
//! Fire Bolts rolled identical dice), and a second session with the same
//! seed replays all twenty exactly, while another seed does not. Driven by
//! the MCP SDK's own client.

mod mcp_client;

use mcp_client::{ok, start};

use serde_json::{Value, json};

/// Twenty rolls of 1d1000 in a fresh session started with `seed`.
async fn twenty_rolls(seed: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3"), &["--seed", seed]).await;
    let mut totals = Vec::new();
    for _ in 0..20 {
        let v = ok(&client, "roll", json!({"expression": "1d1000"})).await;
        totals.push(v["total"].clone());
    }
    client.cancel().await.ok();
    totals
}

#[tokio::test]
async fn a_seeded_session_rolls_a_stream_that_replays_from_the_start() {
    let first = twenty_rolls("7").await;
    assert!(first.iter().all(Value::is_u64), "{first:?}");
    let mut distinct = first.clone();
    distinct.sort_by_key(|v| v.as_u64());
    distinct.dedup();
    assert!(
        distinct.len() > 10,
        "the same dice call after call: {first:?}"
    );
    assert_eq!(twenty_rolls("7").await, first, "the same seed replays");
    assert_ne!(twenty_rolls("8").await, first, "another seed rolls anew");
}
