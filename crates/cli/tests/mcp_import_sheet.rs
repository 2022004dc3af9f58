//! The MCP `import_sheet` and `check_sheet` tools (issue 36): a D&D Beyond
//! sheet inline and a Foundry premade from a file import as the CLI's
//! `import ddb|foundry` does, with the report; a check stores nothing; a
//! call naming neither file nor sheet, or something that is not a sheet,
//! is refused.

mod mcp_client;

use mcp_client::*;

use serde_json::{Value, json};

fn fixture(dir: &str, name: &str) -> String {
    format!(
        "{}/../import/tests/fixtures/{dir}/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[tokio::test]
async fn mcp_imports_and_checks_sheets_inline_and_from_files() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    let warlock: Value = serde_json::from_slice(
        &std::fs::read(fixture("ddb", "tamsin-warlock-3-2014.json")).unwrap(),
    )
    .unwrap();

    // Checked first: findings and report, nothing stored.
    let v = ok(&client, "check_sheet", json!({"sheet": warlock})).await;
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"class_2014"), "{v}");
    let list = ok(&client, "character_list", json!({})).await;
    assert_eq!(list["characters"].as_array().map(Vec::len), Some(0));

    // Imported inline, under another name.
    let v = ok(
        &client,
        "import_sheet",
        json!({"format": "ddb", "sheet": warlock, "name": "Tamsin"}),
    )
    .await;
    assert_eq!(v["character"]["name"], "Tamsin", "{v}");
    assert!(
        v["report"]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| { l["name"] == "Armor of Agathys" && l["fate"]["what"] == "unknown_spell" })
    );

    // From a file: the Foundry premade.
    let v = ok(
        &client,
        "import_sheet",
        json!({"format": "foundry", "file": fixture("foundry", "akra-5.json")}),
    )
    .await;
    assert_eq!(v["character"]["name"], "Akra", "{v}");
    let list = ok(&client, "character_list", json!({})).await;
    assert_eq!(list["characters"].as_array().map(Vec::len), Some(2));

    // Neither file nor sheet; a Foundry actor read as D&D Beyond's.
    let (refused, v) = call(&client, "import_sheet", json!({"format": "ddb"})).await;
    assert!(refused, "{v}");
    assert_eq!(v["error"]["code"], "invalid_argument", "{v}");
    let (refused, v) = call(
        &client,
        "import_sheet",
        json!({"format": "ddb", "file": fixture("foundry", "akra-5.json")}),
    )
    .await;
    assert!(refused, "{v}");
    assert_eq!(v["error"]["code"], "not_a_ddb_character", "{v}");
    assert!(
        v["error"]["fix"].as_str().unwrap().contains("check_sheet"),
        "{v}"
    );
    client.cancel().await.unwrap();
}
