//! An MCP session sees the homebrew the table changes while it runs
//! (issue 32): since tool calls run in the server's process, the
//! catalogue is read again before each call, not once per process, so a
//! spell added from the terminal mid-session is found by the next call.

mod mcp_client;

use mcp_client::{Client, answer, start};

use serde_json::json;

/// A homebrew file with one 2nd-level Wizard spell.
fn spell_file(dir: &std::path::Path, id: &str, name: &str) -> std::path::PathBuf {
    let path = dir.join(format!("{id}.toml"));
    let text = format!(
        r#"
[[spell]]
id = "{id}"
name_en = "{name}"
name_cs = "{name}"
level = 2
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "90 ft"
components = {{ v = true, s = true }}
duration = "instantaneous"
summary_en = "A lance of ice."
summary_cs = "Kopí z ledu."

[spell.effect]
kind = "save"
save = {{ ability = "con", on_success = "half" }}
damage = [{{ dice = "4d8", type = "cold" }}]
"#
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn cli_add(db: &std::path::Path, file: &std::path::Path) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .env_remove("GRIMOIRE_DB")
        .arg("--db")
        .arg(db)
        .args(["--json", "homebrew", "add"])
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

async fn shows(client: &Client, spell: &str) -> bool {
    answer(client, "spell_show", json!({"spell": spell}))
        .await
        .is_error
        == Some(false)
}

#[tokio::test]
async fn homebrew_added_mid_session_is_found_by_the_next_call() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    cli_add(&db, &spell_file(dir.path(), "frost-lance", "Frost Lance"));
    let client = start(&db, &[]).await;
    assert!(shows(&client, "frost-lance").await);
    assert!(!shows(&client, "ember-lance").await, "not added yet");
    cli_add(&db, &spell_file(dir.path(), "ember-lance", "Ember Lance"));
    assert!(
        shows(&client, "ember-lance").await,
        "added while the session ran"
    );
    assert!(shows(&client, "frost-lance").await);
    client.cancel().await.ok();
}
