//! Issue 34 through `grimoire mcp`: a maximum from the Hit Point Dice
//! (`hp` with `max_auto`: fixed or rolled, each level shown) and a party
//! Short Rest spending the Hit Point Dice the missing hit points call for
//! (`rest` with `all` and `hit_dice: "auto"`), or the dice named for a
//! character (`hit_dice: "Pal=d10:1"`).

mod mcp_client;

use mcp_client::*;

use serde_json::json;

#[tokio::test]
async fn hit_points_auto_and_a_party_short_rest_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Pal", "classes": [{"class": "paladin", "level": 5}],
               "abilities": {"str": 16, "con": 14}}),
    )
    .await;
    let fixed = ok(
        &client,
        "hp",
        json!({"character": "Pal", "max_auto": "fixed"}),
    )
    .await;
    assert_eq!(
        fixed["vitals"]["max_hp"], 44,
        "10+2, then 4 × (6+2): {fixed}"
    );
    let rolled = ok(
        &client,
        "hp",
        json!({"character": "Pal", "max_auto": "rolled"}),
    )
    .await;
    let levels = rolled["max_hp_rolled"]["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 5, "{rolled}");
    let sum: u64 = levels.iter().map(|l| l["hp"].as_u64().unwrap()).sum();
    assert_eq!(rolled["vitals"]["max_hp"].as_u64(), Some(sum), "{rolled}");
    ok(&client, "damage", json!({"target": "Pal", "amount": 20})).await;
    let rest = ok(
        &client,
        "rest",
        json!({"kind": "short", "all": true, "hit_dice": "auto"}),
    )
    .await;
    let pal = &rest["characters"][0];
    assert!(
        !pal["hit_dice_rolls"].as_array().unwrap().is_empty(),
        "{rest}"
    );
    let (failed, e) = call(
        &client,
        "rest",
        json!({"kind": "short", "all": true, "hit_dice": "2"}),
    )
    .await;
    assert!(failed, "a bare number names no character: {e}");
    // Each character's own dice, still one party rest.
    let own = ok(
        &client,
        "rest",
        json!({"kind": "short", "all": true, "hit_dice": "Pal=d10:1"}),
    )
    .await;
    let rolls = own["characters"][0]["hit_dice_rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 1, "{own}");
    assert_eq!(rolls[0]["size"], 10, "{own}");
}
