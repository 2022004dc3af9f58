//! What every command gets: the resolved global flags, the store, dice.

use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use grimoire_dice::SeededRng;
use grimoire_store::{PostgresBackend, PostgresConfig, Store};

use crate::failure::Failure;
use crate::output::Out;

/// The global options, resolved.
#[allow(dead_code)] // command_line is read by the state-changing commands (next commits)
pub struct Ctx {
    /// How to print.
    pub out: Out,
    /// The database file.
    pub db: Option<PathBuf>,
    /// The dice seed, when given.
    pub seed: Option<u64>,
    /// The command line as typed, for the change log.
    pub command_line: String,
    /// The store a program embedding the CLI opened once for every call
    /// (`grimoire mcp`); `None` opens [`Ctx::db`] for this command.
    pub shared: Option<Arc<Mutex<Store>>>,
}

/// The store a command works on: its own, or the embedding program's,
/// held for the length of the command.
pub enum StoreRef<'a> {
    /// Opened for this command.
    Own(Store),
    /// The embedding program's, locked.
    Shared(MutexGuard<'a, Store>),
}

impl Drop for StoreRef<'_> {
    fn drop(&mut self) {
        if matches!(self, StoreRef::Shared(_)) {
            crate::capture::set_holding(false);
        }
    }
}

impl Deref for StoreRef<'_> {
    type Target = Store;

    fn deref(&self) -> &Store {
        match self {
            StoreRef::Own(s) => s,
            StoreRef::Shared(s) => s,
        }
    }
}

impl DerefMut for StoreRef<'_> {
    fn deref_mut(&mut self) -> &mut Store {
        match self {
            StoreRef::Own(s) => s,
            StoreRef::Shared(s) => s,
        }
    }
}

impl Ctx {
    /// The store: the embedding program's when there is one, otherwise
    /// opened (created and migrated on first use); its homebrew loaded.
    pub fn store(&self) -> anyhow::Result<StoreRef<'_>> {
        let store = match &self.shared {
            // A command asking twice would wait for itself: a bug, said
            // as one instead of a hang.
            Some(_) if crate::capture::holding() => {
                return Err(Failure::worded("internal", "cli-store-held-twice", &[]).into());
            }
            Some(shared) => {
                let guard = crate::capture::lock(shared);
                crate::capture::set_holding(true);
                StoreRef::Shared(guard)
            }
            None => StoreRef::Own(self.open_store()?),
        };
        crate::catalog::load_homebrew(&store)?;
        Ok(store)
    }

    /// Opens [`Ctx::db`] (the default file when unset), creating and
    /// migrating it on first use.
    pub fn open_store(&self) -> anyhow::Result<Store> {
        let path = match &self.db {
            Some(p) => p.clone(),
            None => default_db_path()
                .ok_or_else(|| Failure::usage_worded("no_data_dir", "cli-no-data-dir", &[]))?,
        };
        let text = path.to_string_lossy();
        let store = if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            open_postgres(&text)?
        } else {
            Store::open(&path).map_err(Failure::from)?
        };
        Ok(store)
    }

    /// For commands that only read the catalogue (`spell`, `spells`): the
    /// database's homebrew when a database is already there; a missing
    /// SQLite file is not created for it.
    pub fn load_homebrew_if_any(&self) -> anyhow::Result<()> {
        let exists = self.shared.is_some()
            || match &self.db {
                Some(p) => {
                    let text = p.to_string_lossy();
                    text.starts_with("postgres") || p.exists()
                }
                None => default_db_path().is_some_and(|p| p.exists()),
            };
        if exists {
            self.store()?;
        }
        Ok(())
    }

    /// Dice for this invocation: reproducible with `--seed`, otherwise seeded
    /// from the clock.
    pub fn rng(&self) -> SeededRng {
        SeededRng::new(self.seed.unwrap_or_else(clock_seed))
    }
}

/// The store on a PostgreSQL server at `url`, in the schema named by
/// `GRIMOIRE_PG_SCHEMA` when set.
pub fn open_postgres(url: &str) -> anyhow::Result<Store> {
    // The same schema on a shared server (issue #5); a table server and
    // several terminals can then play on one database.
    let mut config = PostgresConfig::new(url);
    if let Some(schema) = std::env::var("GRIMOIRE_PG_SCHEMA")
        .ok()
        .filter(|s| !s.is_empty())
    {
        config = config.with_schema(schema);
    }
    let backend = PostgresBackend::connect(&config).map_err(Failure::from)?;
    Ok(Store::with_backend(backend))
}

fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// `$XDG_DATA_HOME/grimoire/grimoire.sqlite3`, else
/// `~/.local/share/grimoire/grimoire.sqlite3`.
pub fn default_db_path() -> Option<PathBuf> {
    data_dir_from(
        std::env::var_os("XDG_DATA_HOME").map(PathBuf::from),
        std::env::var_os("HOME").map(PathBuf::from),
    )
    .map(|d| d.join("grimoire").join("grimoire.sqlite3"))
}

fn data_dir_from(xdg: Option<PathBuf>, home: Option<PathBuf>) -> Option<PathBuf> {
    // The XDG spec says a relative XDG_DATA_HOME is invalid and to be ignored.
    xdg.filter(|p| p.is_absolute())
        .or_else(|| {
            home.filter(|h| !h.as_os_str().is_empty())
                .map(|h| h.join(".local/share"))
        })
        .filter(|p: &PathBuf| p != Path::new(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xdg_wins_when_absolute() {
        assert_eq!(
            data_dir_from(Some("/x".into()), Some("/home/a".into())),
            Some(PathBuf::from("/x"))
        );
    }

    #[test]
    fn relative_xdg_falls_back_to_home() {
        assert_eq!(
            data_dir_from(Some("rel".into()), Some("/home/a".into())),
            Some(PathBuf::from("/home/a/.local/share"))
        );
        assert_eq!(data_dir_from(None, None), None);
    }
}
