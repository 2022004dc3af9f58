//! The walkthrough on PostgreSQL, when `DATABASE_URL` names a server; each
//! run gets its own schema, dropped afterwards. Without `DATABASE_URL` there
//! is nothing to test against and the test returns at once.

use assert_cmd::Command;
use grimoire_store::PostgresConfig;
use serde_json::Value;

fn run(url: &str, schema: &str, args: &[&str]) -> (Option<i32>, Value) {
    let out = Command::cargo_bin("grimoire")
        .unwrap()
        .env("GRIMOIRE_DB", url)
        .env("GRIMOIRE_PG_SCHEMA", schema)
        .env_remove("GRIMOIRE_LANG")
        .env_remove("GRIMOIRE_CHARACTER")
        .args(["--json", "--seed", "3"])
        .args(args)
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (out.status.code(), v)
}

#[test]
#[cfg_attr(not(postgres), ignore = "needs PostgreSQL: set DATABASE_URL")]
fn session_on_postgres() {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        return;
    };
    let schema = format!("grimoire_cli_{}", std::process::id());
    let ok = |args: &[&str]| {
        let (code, v) = run(&url, &schema, args);
        assert_eq!(code, Some(0), "{args:?}: {v}");
        v
    };
    ok(&[
        "character",
        "new",
        "Elmira",
        "--class",
        "wizard:3",
        "--abilities",
        "int=16",
    ]);
    ok(&["prepare", "Elmira", "Magic Missile"]);
    let cast = ok(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
    assert_eq!(cast["cast"]["slot"], 1);
    let (code, err) = run(&url, &schema, &["cast", "Elmira", "Magic Missile"]);
    assert_eq!(
        (code, err["error"]["rule"].as_str()),
        (Some(1), Some("R10"))
    );
    ok(&["undo", "Elmira"]);
    let slots = ok(&["slots", "Elmira"]);
    assert_eq!(slots["slots"][0]["remaining"], 4);
    // The active character is kept in the same database.
    assert_eq!(ok(&["use", "elmira"])["active"], "Elmira");
    assert_eq!(ok(&["use"])["active"], "Elmira");
    assert_eq!(ok(&["slots"])["character"], "Elmira");
    assert_eq!(ok(&["use", "--clear"])["cleared"], "Elmira");
    let (code, err) = run(&url, &schema, &["slots"]);
    assert_eq!(
        (code, err["error"]["code"].as_str()),
        (Some(2), Some("no_active_character"))
    );
    PostgresConfig::new(url.as_str())
        .with_schema(schema)
        .drop_schema()
        .unwrap();
}
