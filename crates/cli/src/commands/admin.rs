//! Keeping the data safe: `backup` / `restore` (the SQLite file, through
//! SQLite's online backup API), `export` / `import` (every entity as JSON,
//! between SQLite and PostgreSQL) and `verify` (the change log replayed
//! against what is stored).

use std::path::{Path, PathBuf};

use grimoire_store::{Change, SCHEMA_VERSION, Store};
use grimoire_words::FluentValue;
use serde_json::{Value, json};

use crate::context::{Ctx, default_db_path};
use crate::failure::Failure;

/// Arguments of `backup` and `restore`.
#[derive(Debug, clap::Args)]
pub struct FileArgs {
    /// The backup file (a new one for `backup`, an existing one for `restore`)
    pub file: PathBuf,
}

/// Arguments of `export` and `import`.
#[derive(Debug, clap::Args)]
pub struct JsonArgs {
    /// The JSON file (written by `export`, read by `import`)
    pub file: PathBuf,
}

/// The format tag of an export file.
const EXPORT_FORMAT: &str = "grimoire-export";

/// The SQLite file the commands work on; PostgreSQL has its own tools.
fn sqlite_path(ctx: &Ctx) -> anyhow::Result<PathBuf> {
    let path = ctx
        .db
        .clone()
        .or_else(default_db_path)
        .ok_or_else(|| Failure::usage_worded("no_data_dir", "cli-no-data-dir", &[]))?;
    let text = path.to_string_lossy();
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        return Err(Failure::usage_worded("not_sqlite", "cli-admin-not-sqlite", &[]).into());
    }
    Ok(path)
}

/// `grimoire backup FILE`: a consistent copy while others may write.
pub fn backup(ctx: &Ctx, args: &FileArgs) -> anyhow::Result<()> {
    let db = sqlite_path(ctx)?;
    if args.file.exists() {
        let file = args.file.display().to_string();
        return Err(Failure::usage_worded(
            "file_exists",
            "cli-admin-file-exists",
            &[("file", &file)],
        )
        .into());
    }
    // Opening migrates a fresh database, so there is always one to copy.
    drop(ctx.store()?);
    grimoire_store::backup_sqlite(&db, &args.file).map_err(Failure::from)?;
    done(ctx, "backup", &args.file)
}

/// `grimoire restore FILE`: replaces the database with a backup, after
/// checking the backup is a Grimoire database this version can read and
/// that its log replays.
pub fn restore(ctx: &Ctx, args: &FileArgs) -> anyhow::Result<()> {
    let db = sqlite_path(ctx)?;
    if !args.file.is_file() {
        let file = args.file.display().to_string();
        return Err(Failure::usage_worded(
            "no_such_file",
            "cli-admin-no-backup",
            &[("file", &file)],
        )
        .into());
    }
    let problems = Store::open(&args.file).map_err(Failure::from)?.verify()?;
    if !problems.is_empty() {
        return Err(Failure::worded_with(
            "backup_damaged",
            "cli-admin-backup-damaged",
            &[
                ("file", args.file.display().to_string().into()),
                ("count", problems.len().into()),
            ],
        )
        .into());
    }
    // Back up the backup into place: the online API replaces the pages of
    // the live file, WAL and all, in one go.
    let staging = db.with_extension("restoring");
    let _ = std::fs::remove_file(&staging);
    grimoire_store::backup_sqlite(&args.file, &staging).map_err(Failure::from)?;
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    std::fs::rename(&staging, &db)?;
    done(ctx, "restore", &args.file)
}

/// `grimoire export FILE`: every entity as JSON (the log is not carried).
pub fn export(ctx: &Ctx, args: &JsonArgs) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let entities: Vec<Value> = store
        .dump()?
        .into_iter()
        .map(|e| {
            let state: Value = serde_json::from_str(&e.state_json).unwrap_or(Value::Null);
            json!({"kind": e.kind, "name": e.name, "state": state})
        })
        .collect();
    let count = entities.len();
    let doc = json!({
        "format": EXPORT_FORMAT,
        "schema_version": SCHEMA_VERSION,
        "entities": entities,
    });
    std::fs::write(&args.file, serde_json::to_vec_pretty(&doc)?)?;
    report(ctx, "export", &args.file, count)
}

/// `grimoire import FILE`: an export into an empty database, in one change.
pub fn import(ctx: &Ctx, args: &JsonArgs) -> anyhow::Result<()> {
    let text = std::fs::read(&args.file).map_err(|e| {
        Failure::usage_worded(
            "no_such_file",
            "cli-cannot-read",
            &[
                ("file", &args.file.display().to_string()),
                ("error", &e.to_string()),
            ],
        )
    })?;
    let doc: Value = serde_json::from_slice(&text).map_err(|e| {
        Failure::usage_worded(
            "bad_export",
            "cli-admin-not-json",
            &[
                ("file", &args.file.display().to_string()),
                ("error", &e.to_string()),
            ],
        )
    })?;
    if doc["format"] != EXPORT_FORMAT {
        let file = args.file.display().to_string();
        return Err(Failure::usage_worded(
            "bad_export",
            "cli-admin-not-export",
            &[("file", &file)],
        )
        .into());
    }
    let entities = doc["entities"].as_array().cloned().unwrap_or_default();
    let mut store = ctx.store()?;
    if !store.dump()?.is_empty() {
        return Err(Failure::worded("not_empty", "cli-admin-not-empty", &[]).into());
    }
    let mut change = Change::new(format!("import {}", args.file.display()));
    for e in &entities {
        let (Some(kind), Some(name)) = (e["kind"].as_str(), e["name"].as_str()) else {
            return Err(Failure::usage_worded("bad_export", "cli-admin-nameless", &[]).into());
        };
        change = change.create(kind, name, &e["state"])?;
    }
    if !entities.is_empty() {
        store.commit(&change)?;
    }
    report(ctx, "import", &args.file, entities.len())
}

/// `grimoire verify`: exit 1 when any entity disagrees with its log.
pub fn verify(ctx: &Ctx) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let problems = store.verify()?;
    let out = &ctx.out;
    if problems.is_empty() {
        if out.json {
            return out.json(&json!({"ok": true, "entities": store.dump()?.len()}));
        }
        return out.line(grimoire_words::fixed(out.lang.tag(), "cli-admin-verified"));
    }
    let list: Vec<String> = problems
        .iter()
        .map(|p| format!("{} \"{}\": {}", p.kind, p.name, p.problem))
        .collect();
    Err(Failure::worded_with(
        "verify_failed",
        "cli-admin-verify-failed",
        &[
            ("count", problems.len().into()),
            ("list", list.join("; ").into()),
        ],
    )
    .into())
}

fn done(ctx: &Ctx, what: &str, file: &Path) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ what: file.display().to_string() }));
    }
    out.line(format!("{what}: {}", file.display()))
}

fn report(ctx: &Ctx, what: &str, file: &Path, count: usize) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ what: file.display().to_string(), "entities": count }));
    }
    out.line(grimoire_words::text(
        out.lang.tag(),
        "cli-admin-report",
        [
            ("what", FluentValue::from(what)),
            ("count", count.into()),
            ("file", file.display().to_string().into()),
        ],
    ))
}
