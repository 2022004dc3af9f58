//! `grimoire homebrew`: your own spells, kept in the database in the
//! catalogue's TOML format and found by name like SRD ones (`cast`,
//! `prepare`, `spell`, `spells`). A file is checked whole: every problem
//! in it is reported at once, and a file with any stores nothing.

use std::path::{Path, PathBuf};

use grimoire_words::FluentValue;
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::state;

/// `homebrew` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum HomebrewCommand {
    /// Check and store TOML files of spells (a file of the same name is replaced)
    Add {
        /// The files ([[spell]] tables, as in docs/CATALOG.md)
        #[arg(required = true, num_args = 1..=20, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// List the stored files and their spells
    List,
    /// Remove a stored file; its spells are no longer known
    Remove {
        /// The file's name as listed
        #[arg(value_name = "FILE")]
        file: String,
    },
}

/// Runs a `homebrew` subcommand.
pub fn run(ctx: &Ctx, command: &HomebrewCommand) -> anyhow::Result<()> {
    match command {
        HomebrewCommand::Add { files } => add(ctx, files),
        HomebrewCommand::List => list(ctx),
        HomebrewCommand::Remove { file } => remove(ctx, file),
    }
}

fn add(ctx: &Ctx, files: &[PathBuf]) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let mut added = Vec::new();
    for path in files {
        let toml = read(path)?;
        let name = path
            .file_name()
            .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy())
            .into_owned();
        let spells =
            grimoire_app::homebrew::add(&mut store, &name, &toml).map_err(|e| refused(e, &name))?;
        added.push(json!({ "file": name, "spells": spells }));
    }
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "added": added }));
    }
    for a in &added {
        let spells: Vec<&str> = a["spells"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str())
            .collect();
        out.line(format!(
            "{} {}: {}",
            grimoire_words::fixed(out.lang.tag(), "cli-homebrew-stored"),
            out.bold(a["file"].as_str().unwrap_or_default()),
            spells.join(", ")
        ))?;
    }
    Ok(())
}

fn list(ctx: &Ctx) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let files = grimoire_app::homebrew::files(&store).map_err(state::app_error)?;
    let catalog = crate::catalog::current();
    let rows: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|f| {
            let spells = catalog
                .spells()
                .iter()
                .filter(|s| {
                    matches!(&s.source, grimoire_catalog::Source::Homebrew(p) if p == Path::new(&f.file))
                })
                .map(|s| s.id().to_owned())
                .collect();
            (f.file.clone(), spells)
        })
        .collect();
    let out = &ctx.out;
    if out.json {
        let files: Vec<_> = rows
            .iter()
            .map(|(file, spells)| json!({ "file": file, "spells": spells }))
            .collect();
        return out.json(&json!({ "files": files }));
    }
    if rows.is_empty() {
        out.line(out.dim(grimoire_words::fixed(
            out.lang.tag(),
            "cli-homebrew-no-homebrew-files-grimoire-homebrew-add",
        )))?;
    }
    for (file, spells) in rows {
        out.line(format!("{}: {}", out.bold(&file), spells.join(", ")))?;
    }
    Ok(())
}

fn remove(ctx: &Ctx, file: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let gone = grimoire_app::homebrew::remove(&mut store, file).map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "removed": gone.file }));
    }
    out.line(format!(
        "{} {}",
        grimoire_words::fixed(out.lang.tag(), "cli-homebrew-removed"),
        out.bold(&gone.file)
    ))
}

/// The file's text, bounded before it is read whole.
fn read(path: &Path) -> anyhow::Result<String> {
    let unreadable = |e: std::io::Error| {
        Failure::usage_worded(
            "unreadable_file",
            "cli-cannot-read",
            &[
                ("file", &path.display().to_string()),
                ("error", &e.to_string()),
            ],
        )
    };
    let size = std::fs::metadata(path).map_err(unreadable)?.len();
    let max = grimoire_app::homebrew::MAX_HOMEBREW_BYTES;
    if size > max as u64 {
        return Err(Failure::usage_worded_with(
            "homebrew_too_large",
            "cli-homebrew-too-large",
            &[
                ("file", path.display().to_string().into()),
                ("size", size.to_string().into()),
                ("max", max.to_string().into()),
            ],
        )
        .into());
    }
    Ok(std::fs::read_to_string(path).map_err(unreadable)?)
}

/// A refused file lists every problem, one per line, in every language.
fn refused(err: grimoire_app::AppError, file: &str) -> anyhow::Error {
    let grimoire_app::AppError::Homebrew(errors) = &err else {
        return state::app_error(err);
    };
    // The problems come worded in every language by the catalogue crate.
    Failure::said("invalid_homebrew", |lang| {
        let problems: Vec<String> = errors
            .iter()
            .map(|e| format!("  - {}", e.message(lang)))
            .collect();
        grimoire_words::text(
            lang,
            "cli-homebrew-refused",
            [
                ("file", FluentValue::from(file.to_owned())),
                ("count", errors.len().into()),
                ("problems", problems.join("\n").into()),
            ],
        )
    })
    .into()
}
