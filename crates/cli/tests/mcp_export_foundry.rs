//! The MCP `export_foundry` tool (issue 36): a character imported from a
//! Foundry VTT premade through the CLI comes back as a Foundry actor through
//! MCP, the same sheet the CLI's `export foundry` prints.

mod mcp_client;

use mcp_client::{Client, answer, ok};

use serde_json::json;

/// Starts `grimoire --db <db> --seed 4 mcp`.
async fn start(db: &std::path::Path) -> Client {
    mcp_client::start(db, &["--seed", "4"]).await
}

#[tokio::test]
async fn mcp_export_foundry_gives_back_the_imported_premade() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let premade = format!(
        "{}/../import/tests/fixtures/foundry/akra-5.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .env_remove("GRIMOIRE_LANG")
        .arg("--db")
        .arg(&db)
        .args(["--json", "import", "foundry", &premade])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let client = start(&db).await;
    let v = ok(&client, "export_foundry", json!({"character": "Akra"})).await;
    assert_eq!(v["name"], "Akra", "{v}");
    assert_eq!(v["type"], "character");
    let cleric = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["type"] == "class")
        .unwrap();
    assert_eq!(cleric["system"]["identifier"], "cleric");
    assert_eq!(cleric["system"]["levels"], 5);
    // Slots as the premade's sheet gives them: 4, 3 and 2.
    assert_eq!(v["system"]["spells"]["spell3"]["value"], 2);
    let r = answer(&client, "export_foundry", json!({"character": "Nobody"})).await;
    assert_eq!(r.is_error, Some(true));
    client.cancel().await.unwrap();
}
