//! Issue 11, finding 13: `backup` / `restore`, `export` / `import` and
//! `verify`, through the real binary.

mod common;

use common::Session;

fn cast_and_rest(s: &Session, n: usize) {
    for _ in 0..n {
        s.ok(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
        s.ok(&["turn", "end", "Elmira"]);
        // A Long Rest waits 16 hours after the last one (R4).
        s.ok(&["wait", "Elmira", "16h"]);
        s.ok(&["rest", "Elmira", "--long"]);
    }
}

#[test]
fn a_backup_taken_while_writing_holds_everything_acknowledged_and_restores() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    cast_and_rest(&s, 5);
    let acknowledged = s.ok(&["log", "Elmira"])["log"].as_array().unwrap().len();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.sqlite3");
    // Another writer keeps going while the backup runs.
    let db = s.db();
    let writer = std::thread::spawn(move || {
        for i in 0..10 {
            // Waits and Long Rests by turns: a rest waits 16 hours (R4).
            let args = if i % 2 == 0 {
                ["wait", "Elmira", "16h"]
            } else {
                ["rest", "Elmira", "--long"]
            };
            let out = assert_cmd::Command::cargo_bin("grimoire")
                .unwrap()
                .args(["--db", db.to_str().unwrap()])
                .args(args)
                .output()
                .unwrap();
            assert!(out.status.success());
        }
    });
    let v = s.ok(&["backup", file.to_str().unwrap()]);
    assert_eq!(v["backup"], file.to_str().unwrap());
    writer.join().unwrap();
    // The backup is whole: it verifies, and holds every acknowledged change.
    let b = Session::at(file.clone());
    assert_eq!(b.ok(&["verify"])["ok"], true);
    let logged = b.ok(&["log", "Elmira"])["log"].as_array().unwrap().len();
    assert!(logged >= acknowledged, "{logged} < {acknowledged}");
    // A second backup to the same file is refused, not overwritten.
    let e = s.fails(2, &["backup", file.to_str().unwrap()]);
    assert_eq!(e["code"], "file_exists", "{e}");

    // Restore brings the database back to the backup.
    s.ok(&["character", "delete", "Elmira"]);
    s.ok(&["restore", file.to_str().unwrap()]);
    let log = s.ok(&["log", "Elmira"])["log"].as_array().unwrap().len();
    assert_eq!(log, logged);
    assert_eq!(s.ok(&["verify"])["ok"], true);
}

#[test]
fn verify_finds_a_row_changed_behind_the_logs_back_and_restore_refuses_it() {
    let s = Session::new();
    s.wizard("Elmira");
    s.wizard("Brom");
    assert_eq!(s.ok(&["verify"])["ok"], true);
    {
        let conn = rusqlite::Connection::open(s.db()).unwrap();
        conn.execute(
            "UPDATE entities SET state_json = replace(state_json, 'Elmira', 'Elmiro')
             WHERE name = 'Elmira'",
            [],
        )
        .unwrap();
    }
    let e = s.fails(1, &["verify"]);
    assert_eq!(e["code"], "verify_failed", "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains("Elmira") && !message.contains("Brom"),
        "{message}"
    );
    // A damaged file is refused as a backup source; nothing is replaced.
    let other = Session::new();
    other.wizard("Mira");
    let e = other.fails(1, &["restore", s.db().to_str().unwrap()]);
    assert_eq!(e["code"], "backup_damaged", "{e}");
    assert_eq!(
        other.ok(&["character", "list"])["characters"][0]["name"],
        "Mira"
    );
}

#[test]
fn an_export_imports_into_an_empty_database_on_either_backend() {
    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&["prepare", "Elmira", "Magic Missile"]);
    s.ok(&["cast", "Elmira", "Magic Missile", "--target", "Goblin"]);
    s.ok(&["encounter", "new", "Cave"]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("table.json");
    let v = s.ok(&["export", file.to_str().unwrap()]);
    assert_eq!(v["entities"], 2, "{v}");
    let slots = s.ok(&["slots", "Elmira"]);

    let sqlite = Session::new();
    assert_eq!(
        sqlite.ok(&["import", file.to_str().unwrap()])["entities"],
        2
    );
    assert_eq!(sqlite.ok(&["slots", "Elmira"]), slots);
    assert_eq!(sqlite.ok(&["verify"])["ok"], true);
    // Importing twice is refused: the database is no longer empty.
    let e = sqlite.fails(1, &["import", file.to_str().unwrap()]);
    assert_eq!(e["code"], "not_empty", "{e}");

    let Ok(url) = std::env::var("DATABASE_URL") else {
        // Past libtest's capture, so the run's summary shows it.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "note: DATABASE_URL unset, the PostgreSQL import test is skipped"
        );
        return;
    };
    let schema = format!("test_import_{}", std::process::id());
    let run = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("grimoire")
            .unwrap()
            .env("GRIMOIRE_PG_SCHEMA", &schema)
            .args(["--db", &url, "--json"])
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["import", file.to_str().unwrap()]);
    let pg_slots = run(&["slots", "Elmira"]);
    let verified = run(&["verify"]);
    grimoire_store::PostgresConfig::new(url.clone())
        .with_schema(schema.clone())
        .drop_schema()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let pg_slots: serde_json::Value = serde_json::from_slice(&pg_slots.stdout).unwrap();
    assert_eq!(pg_slots, slots);
    assert!(verified.status.success());
}
