//! R14c through MCP (`grimoire mcp` under the SDK's client): the same
//! equipment list as the CLI, so a Holy Symbol of no stated worth answers
//! Bless, and a diamond worth too little is refused with both worths and a
//! fix that names the equip tool.

mod mcp_client;

use mcp_client::*;

use serde_json::{Value, json};

async fn refused(client: &Client, tool: &'static str, args: Value) -> Value {
    let (refused, v) = call(client, tool, args).await;
    assert!(refused, "{tool} was not refused: {v}");
    v["error"].clone()
}

#[tokio::test]
async fn r14c_listed_prices_and_worth_refusals_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
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
