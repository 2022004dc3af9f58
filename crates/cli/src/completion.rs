//! Shell completion: the command tree with spell and character names
//! attached where they are typed, answered by the binary itself.
//!
//! The script `grimoire completions SHELL` prints calls back into
//! `GRIMOIRE_COMPLETE=SHELL grimoire -- WORDS...` on every Tab
//! (clap_complete's `CompleteEnv`, under a variable of our own so a
//! `COMPLETE` set for another tool cannot take grimoire over), so the names offered are the catalogue's spells and the
//! characters of the database in use (`--db` on the line, else
//! `GRIMOIRE_DB`, else the default file). A missing database offers no
//! characters rather than creating one.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Command, CommandFactory};
use clap_complete::{ArgValueCandidates, CompletionCandidate};
use grimoire_catalog::Catalog;
use grimoire_store::Store;

use crate::cli::Cli;
use crate::state::CHARACTER;

/// The environment variable that turns a run into a completion request.
pub const VAR: &str = "GRIMOIRE_COMPLETE";

/// What a completed word names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Names {
    /// A stored character.
    Characters,
    /// A spell of the catalogue.
    Spells,
    /// Either: the first word of `cast`, which is the spell when the
    /// character is left out.
    Both,
}

/// `(subcommand path, argument id, names)` for every argument that takes a
/// character or a spell.
const WORDS: &[(&[&str], &str, Names)] = &[
    (&["use"], "name", Names::Characters),
    (&["cast"], "name", Names::Both),
    (&["cast"], "spell", Names::Spells),
    (&["identify"], "name", Names::Both),
    (&["identify"], "spell", Names::Spells),
    (&["prepare"], "spells", Names::Both),
    (&["unprepare"], "spells", Names::Both),
    (&["spell"], "name", Names::Spells),
    (&["character", "show"], "name", Names::Characters),
    (&["character", "delete"], "name", Names::Characters),
    (&["item", "add"], "name", Names::Characters),
    (&["item", "add"], "spells", Names::Spells),
    (&["ability", "add"], "name", Names::Characters),
    (&["ability", "add"], "spells", Names::Spells),
    (&["turn", "end"], "name", Names::Characters),
    (&["equip"], "name", Names::Characters),
    (&["slots"], "name", Names::Characters),
    (&["rest"], "name", Names::Characters),
    (&["condition"], "name", Names::Characters),
    (&["drop"], "name", Names::Characters),
    (&["dismiss"], "name", Names::Characters),
    (&["damage"], "name", Names::Characters),
    (&["casting"], "name", Names::Characters),
    (&["wait"], "name", Names::Characters),
    (&["undo"], "name", Names::Characters),
    (&["log"], "name", Names::Characters),
];

/// The command tree with name candidates attached (for completion only;
/// parsing uses [`Cli`] as derived).
pub fn command() -> Command {
    let mut cmd = Cli::command();
    for &(path, arg, names) in WORDS {
        cmd = attach(cmd, path, arg, names);
    }
    cmd
}

fn attach(cmd: Command, path: &[&str], arg: &str, names: Names) -> Command {
    match path.split_first() {
        Some((sub, rest)) => cmd.mut_subcommand(*sub, |c| attach(c, rest, arg, names)),
        None => cmd.mut_arg(arg, |a| {
            a.add(ArgValueCandidates::new(move || candidates(names)))
        }),
    }
}

fn candidates(names: Names) -> Vec<CompletionCandidate> {
    let mut out = Vec::new();
    if matches!(names, Names::Characters | Names::Both) {
        out.extend(characters().into_iter().map(CompletionCandidate::new));
    }
    if matches!(names, Names::Spells | Names::Both) {
        out.extend(spells());
    }
    out
}

/// Every spell by id (no spaces, so no quoting at the prompt; the id is
/// accepted wherever a name is), with both names as help.
fn spells() -> Vec<CompletionCandidate> {
    Catalog::srd()
        .spells()
        .iter()
        .map(|s| {
            CompletionCandidate::new(s.spell.id.as_str())
                .help(Some(format!("{} ({})", s.name_en, s.name_cs).into()))
        })
        .collect()
}

/// The characters of the database this command line would use; none when
/// it cannot be read.
fn characters() -> Vec<String> {
    let Some(db) = database(std::env::args_os().collect()) else {
        return Vec::new();
    };
    let text = db.to_string_lossy();
    let store = if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        crate::context::open_postgres(&text).ok()
    } else if db.is_file() {
        Store::open(&db).ok()
    } else {
        None
    };
    store
        .and_then(|s| s.list::<serde_json::Value>(CHARACTER).ok())
        .map(|all| all.into_iter().map(|e| e.name).collect())
        .unwrap_or_default()
}

/// The `--db` value on the command line being completed, else the
/// environment's, else the default path.
fn database(args: Vec<OsString>) -> Option<PathBuf> {
    let mut words = args.into_iter().map(|a| a.to_string_lossy().into_owned());
    let mut found = None;
    while let Some(w) = words.next() {
        if w == "--db" {
            found = words.next();
        } else if let Some(v) = w.strip_prefix("--db=") {
            found = Some(v.to_owned());
        }
    }
    found
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("GRIMOIRE_DB").map(PathBuf::from))
        .or_else(crate::context::default_db_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_argument_exists() {
        // mut_arg and mut_subcommand panic on a missing name: a renamed
        // field fails here, not at a user's Tab.
        command().debug_assert();
    }

    #[test]
    fn the_database_on_the_line_wins() {
        let args = [
            "grimoire",
            "--",
            "grimoire",
            "--db",
            "/tmp/x.sqlite3",
            "cast",
        ]
        .map(OsString::from)
        .to_vec();
        assert_eq!(database(args), Some(PathBuf::from("/tmp/x.sqlite3")));
        let args = ["grimoire", "--db=/tmp/y"].map(OsString::from).to_vec();
        assert_eq!(database(args), Some(PathBuf::from("/tmp/y")));
    }

    #[test]
    fn spells_complete_by_id_with_both_names() {
        let all = spells();
        let fireball = all
            .iter()
            .find(|c| c.get_value() == "fireball")
            .expect("fireball");
        assert_eq!(
            fireball.get_help().map(ToString::to_string).as_deref(),
            Some("Fireball (Ohnivá koule)")
        );
    }
}
