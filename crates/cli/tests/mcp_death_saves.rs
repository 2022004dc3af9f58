//! Issue 34 through `grimoire mcp` (2024 rules): a dying character's death
//! save and Stable by the deathsave tool, a critical hit at 0 by the damage
//! tool, Hit Point Dice spent by the rest tool and a party rest with all.
//! The MCP SDK's own client drives the binary.

mod mcp_client;

use mcp_client::*;

use serde_json::json;

#[tokio::test]
async fn death_save_and_hit_dice_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
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
