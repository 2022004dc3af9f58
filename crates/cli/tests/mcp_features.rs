//! Features through MCP (issue 33): `character_features` chooses a
//! subclass with its option checked, `wild_shape` stops casting: the same
//! rules as `character set` and `wildshape`, which they run.

mod mcp_client;

use mcp_client::*;

use serde_json::json;

#[tokio::test]
async fn mcp_character_features_and_wild_shape() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Dub", "classes": [{"class": "druid", "level": 3}],
               "abilities": {"wis": 16}}),
    )
    .await;
    let (err, v) = call(
        &client,
        "character_features",
        json!({"character": "Dub", "subclasses": ["druid:land"]}),
    )
    .await;
    assert!(err, "{v}");
    assert_eq!(v["error"]["code"], "feature_variant_needed", "{v}");
    let v = ok(
        &client,
        "character_features",
        json!({"character": "Dub", "subclasses": ["druid:land:arid"]}),
    )
    .await;
    let always: Vec<&str> = v["character"]["always_prepared"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(|r| r["spell"].as_str().unwrap())
        .collect();
    assert!(always.contains(&"blur"), "{v}");
    ok(
        &client,
        "wild_shape",
        json!({"character": "Dub", "on": true}),
    )
    .await;
    let (err, v) = call(
        &client,
        "cast",
        json!({"character": "Dub", "spell": "Fire Bolt", "targets": ["Orc"]}),
    )
    .await;
    assert!(err, "{v}");
    assert_eq!(v["error"]["code"], "wild_shape_no_casting", "{v}");
}
