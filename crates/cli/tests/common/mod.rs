//! Helpers shared by the CLI tests: a fresh database per test and the real
//! binary with a clean environment.

#![allow(dead_code)] // each test file uses a different subset

use assert_cmd::Command;
use serde_json::Value;

/// One test's world: a temporary database the binary is pointed at.
pub struct Session {
    dir: tempfile::TempDir,
    db: Option<std::path::PathBuf>,
}

impl Session {
    pub fn new() -> Self {
        Session {
            dir: tempfile::tempdir().unwrap(),
            db: None,
        }
    }

    /// A session on an existing database file (a backup, say).
    pub fn at(db: std::path::PathBuf) -> Self {
        Session {
            dir: tempfile::tempdir().unwrap(),
            db: Some(db),
        }
    }

    pub fn db(&self) -> std::path::PathBuf {
        self.db
            .clone()
            .unwrap_or_else(|| self.dir.path().join("grimoire.sqlite3"))
    }

    /// The binary, with this session's database and seed 7.
    pub fn cmd(&self) -> Command {
        let mut cmd = Command::cargo_bin("grimoire").unwrap();
        // The locale picks the language of help and usage errors.
        cmd.env_remove("GRIMOIRE_LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .env_remove("GRIMOIRE_SEED")
            .env_remove("GRIMOIRE_CHARACTER")
            .env("GRIMOIRE_DB", self.db())
            .env("NO_COLOR", "1")
            .arg("--seed")
            .arg("7");
        cmd
    }

    /// Runs with `--json`, expects success, returns the JSON.
    pub fn ok(&self, args: &[&str]) -> Value {
        let out = self.cmd().arg("--json").args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "grimoire {args:?} failed ({:?}): {text}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }

    /// Runs with `--json`, expects exit code `code`, returns the error object.
    pub fn fails(&self, code: i32, args: &[&str]) -> Value {
        let out = self.cmd().arg("--json").args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(out.status.code(), Some(code), "grimoire {args:?}: {text}");
        let v: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
        v["error"].clone()
    }

    /// Runs without `--json`, expects success, returns stdout.
    pub fn human(&self, args: &[&str]) -> String {
        let out = self.cmd().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "grimoire {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Creates the Wizard 3 the walkthrough uses.
    pub fn wizard(&self, name: &str) {
        self.ok(&[
            "character",
            "new",
            name,
            "--class",
            "wizard:3",
            "--abilities",
            "str=8,dex=14,con=14,int=16,wis=12,cha=10",
        ]);
    }
}

/// `(level, remaining, total)` for every regular slot level in a `slots` JSON.
pub fn slots(v: &Value) -> Vec<(u64, u64, u64)> {
    v["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["level"].as_u64().unwrap(),
                s["remaining"].as_u64().unwrap(),
                s["total"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// A roll's label in a `--json` answer (the rules' label as data, or the
/// English text of an old log) worded in English, as the terminal shows it.
pub fn label_en(roll: &Value) -> String {
    let label: grimoire_rules::RollLabel =
        serde_json::from_value(roll["label"].clone()).expect("a roll label");
    grimoire_words::roll_label("en", &label)
}

/// A note in a `--json` answer (a code with values) worded in English.
pub fn note_en(note: &Value) -> String {
    let note: grimoire_rules::Note = serde_json::from_value(note.clone()).expect("a note");
    grimoire_words::note("en", &note)
}
