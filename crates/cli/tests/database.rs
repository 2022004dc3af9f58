//! Where the database lives when no `--db` is given, and that it is
//! created (directories included) on first use.

use assert_cmd::Command;

fn grimoire(home: &std::path::Path) -> Command {
    let mut cmd = Command::cargo_bin("grimoire").unwrap();
    cmd.env_remove("GRIMOIRE_DB")
        .env_remove("XDG_DATA_HOME")
        .env_remove("GRIMOIRE_LANG")
        .env("HOME", home);
    cmd
}

#[test]
fn default_database_is_created_under_home() {
    let home = tempfile::tempdir().unwrap();
    let out = grimoire(home.path())
        .args([
            "--json",
            "character",
            "new",
            "Elmira",
            "--class",
            "wizard:1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        home.path()
            .join(".local/share/grimoire/grimoire.sqlite3")
            .is_file()
    );
    // A second invocation finds her there.
    let out = grimoire(home.path())
        .args(["--json", "slots", "Elmira"])
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn xdg_data_home_wins_over_home() {
    let home = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let out = grimoire(home.path())
        .env("XDG_DATA_HOME", data.path())
        .args([
            "--json",
            "character",
            "new",
            "Elmira",
            "--class",
            "wizard:1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(data.path().join("grimoire/grimoire.sqlite3").is_file());
    assert!(!home.path().join(".local").exists());
}

#[test]
fn commands_that_need_no_state_touch_no_database() {
    let home = tempfile::tempdir().unwrap();
    let out = grimoire(home.path())
        .args(["roll", "2d6"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let out = grimoire(home.path())
        .args(["spells", "fire"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        !home.path().join(".local").exists(),
        "rolling and searching create nothing"
    );
}

#[test]
fn an_unusable_database_path_is_a_clean_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let out = grimoire(dir.path())
        .env("GRIMOIRE_DB", file.join("g.sqlite3"))
        .args(["--json", "character", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "io");
}
