//! The MCP `attack` tool (issue 34): the SDK's own client starts
//! `grimoire mcp` over stdio; a Paladin equipped through `equip` attacks a
//! character through `attack`, which runs the CLI's command in process.

mod mcp_client;

use mcp_client::{Client, answer, ok};

use serde_json::{Value, json};

/// Starts `grimoire --db <db> --seed 4 mcp` (seed 4: the first d20 is a 19).
async fn start(db: &std::path::Path) -> Client {
    mcp_client::start(db, &["--seed", "4"]).await
}

#[tokio::test]
async fn mcp_attack_tool_hits_with_a_carried_longsword_and_refuses_an_unknown_weapon() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    let pal = json!({"name": "Pal", "classes": [{"class": "paladin", "level": 5}], "abilities": {"str": 16}});
    ok(&client, "character_create", pal).await;
    let v = ok(
        &client,
        "equip",
        json!({"character": "Pal", "weapons": ["longsword"]}),
    )
    .await;
    assert_eq!(v["equipment"]["weapons"], json!(["longsword"]), "{v}");
    let orc = json!({"name": "Orcy", "classes": [{"class": "wizard", "level": 1}]});
    ok(&client, "character_create", orc).await;
    ok(
        &client,
        "hp",
        json!({"character": "Orcy", "max": 30, "ac": 15}),
    )
    .await;
    let v = ok(
        &client,
        "attack",
        json!({"character": "Pal", "weapon": "longsword", "target": "Orcy", "two_handed": true}),
    )
    .await;
    let a = &v["attack"];
    assert_eq!(a["attack_bonus"], 6, "{v}");
    let roll = &a["target"]["attacks"][0];
    let total = roll["total"].as_i64().unwrap();
    let natural = roll["natural"].as_i64().unwrap();
    assert_eq!(
        roll["hit"],
        natural == 20 || (natural != 1 && total >= 15),
        "AC 15: {v}"
    );
    // The MCP server's seed stream gives this call a natural 20 today;
    // either way the die is the Versatile d10, doubled on a critical.
    let die = if roll["critical"] == true {
        "2d10+3"
    } else {
        "1d10+3"
    };
    if roll["hit"] == true {
        assert_eq!(a["rolls"][1]["notation"], die, "two hands: {v}");
    }
    let r = answer(
        &client,
        "attack",
        json!({"character": "Pal", "weapon": "lightsaber", "target": "Orcy", "lang": "cs"}),
    )
    .await;
    assert_eq!(r.is_error, Some(true));
    let e = r.structured_content.unwrap_or(Value::Null);
    assert_eq!(e["error"]["code"], "unknown_weapon", "{e}");
    assert!(e.to_string().contains("neexistuje"), "Czech: {e}");
    client.cancel().await.unwrap();
}
