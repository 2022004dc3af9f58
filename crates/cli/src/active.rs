//! The active character (`grimoire use NAME`), and how commands find their
//! character when its name is left out.
//!
//! The choice is kept in the store as a small `setting` entity, so it lives
//! in the same database as the characters (SQLite or PostgreSQL alike),
//! goes with an export and is logged like any other change. Several
//! players on one shared database each set `GRIMOIRE_CHARACTER` in their
//! own shell instead; it wins over the database's choice.
//!
//! A command whose character comes first accepts it left out. The other
//! words then decide: `cast Mira Fireball` names both, `cast Fireball`
//! names only the spell (fewer words than the command needs means the
//! character is missing, never the spell). `prepare` takes any number of
//! spells, so there the first word is the character exactly when a stored
//! character has that name.

use std::str::FromStr;

use grimoire_rules::Caster;
use grimoire_store::{Change, Entity, Store};
use serde::{Deserialize, Serialize};

use crate::failure::Failure;
use crate::state::{self, CHARACTER};

/// The entity kind of settings kept in the store.
pub const SETTING: &str = "setting";
/// The name of the setting holding the active character.
pub const ACTIVE: &str = "active-character";

/// The stored form of the setting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Active {
    character: String,
}

/// The environment variable that picks the active character for one shell,
/// over the database's choice: players sharing one PostgreSQL table each
/// set their own.
pub const ENV: &str = "GRIMOIRE_CHARACTER";

/// Where the active character was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `GRIMOIRE_CHARACTER` in this shell.
    Environment,
    /// `grimoire use NAME`, kept in the database.
    Database,
}

impl Source {
    /// The stable word for `--json`.
    pub fn code(self) -> &'static str {
        match self {
            Source::Environment => "environment",
            Source::Database => "database",
        }
    }
}

/// The active character and where it was chosen: `GRIMOIRE_CHARACTER`
/// first, then the database.
pub fn current(store: &Store) -> anyhow::Result<Option<(String, Source)>> {
    if let Some(name) = from_env() {
        return Ok(Some((name, Source::Environment)));
    }
    Ok(get(store)?.map(|name| (name, Source::Database)))
}

/// `GRIMOIRE_CHARACTER`, when set and not blank.
pub fn from_env() -> Option<String> {
    // Embedded (`grimoire mcp`), the calls name their character: the
    // serving process's environment is not theirs.
    if crate::capture::is_embedded() {
        return None;
    }
    std::env::var(ENV)
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
}

/// The database's active character, if one is set.
pub fn get(store: &Store) -> anyhow::Result<Option<String>> {
    Ok(store
        .find::<Active>(SETTING, ACTIVE)?
        .map(|e| e.state.character))
}

/// Makes `name` (a stored character) the active one; returns its name as
/// stored.
pub fn set(store: &mut Store, command: &str, name: &str) -> anyhow::Result<String> {
    let character = state::character(store, name)?;
    let value = Active {
        character: character.name.clone(),
    };
    let change = match store.find::<Active>(SETTING, ACTIVE)? {
        Some(e) if e.state == value => return Ok(character.name),
        Some(e) => Change::new(command).update(SETTING, ACTIVE, e.version, &value)?,
        None => Change::new(command).create(SETTING, ACTIVE, &value)?,
    };
    store.commit(&change)?;
    Ok(character.name)
}

/// Forgets the active character; returns the one forgotten, if any.
pub fn clear(store: &mut Store, command: &str) -> anyhow::Result<Option<String>> {
    let Some(e) = store.find::<Active>(SETTING, ACTIVE)? else {
        return Ok(None);
    };
    store.commit(&Change::new(command).delete(SETTING, ACTIVE, e.version))?;
    Ok(Some(e.state.character))
}

/// The name given, else the active character's, else `no_active_character`.
pub fn name(store: &Store, given: Option<&str>) -> anyhow::Result<String> {
    if let Some(n) = given {
        return Ok(n.to_owned());
    }
    Ok(active(store)?.0)
}

/// The active character, or `no_active_character`.
fn active(store: &Store) -> anyhow::Result<(String, Source)> {
    current(store)?.ok_or_else(|| no_active().into())
}

/// The character named, or the active one when the name is left out.
pub fn character(store: &Store, given: Option<&str>) -> anyhow::Result<Entity<Caster>> {
    if let Some(n) = given {
        return state::character(store, n);
    }
    let (n, source) = active(store)?;
    state::character(store, &n).map_err(|e| match e.downcast::<Failure>() {
        // The active character was deleted (or renamed by an undo) since
        // it was chosen: say where the name came from.
        Ok(f) if f.code == "unknown_character" => {
            let id = match source {
                Source::Database => "cli-active-gone",
                Source::Environment => "cli-active-gone-env",
            };
            f.reworded(|lang, m| format!("{m}; {}", grimoire_words::fixed(lang, id)))
                .into()
        }
        Ok(f) => f.into(),
        Err(e) => e,
    })
}

/// `[CHARACTER] VALUE`: with both words, the first is the character; with
/// one, it is the value and the character is the active one. `what` names
/// the value in the error for a missing or malformed one (`SPELL`).
pub fn split<T: FromStr>(
    store: &Store,
    first: Option<&str>,
    second: Option<T>,
    what: &str,
) -> anyhow::Result<(Entity<Caster>, T)> {
    match (first, second) {
        (first, Some(value)) => Ok((character(store, first)?, value)),
        (Some(word), None) => {
            let value = word.parse::<T>().map_err(|_| {
                Failure::usage_worded(
                    "bad_argument",
                    "cli-bad-argument",
                    &[("what", what), ("word", word)],
                )
            })?;
            Ok((character(store, None)?, value))
        }
        (None, None) => Err(missing(what).into()),
    }
}

/// The character and the words after it, for commands taking any number of
/// words (`prepare [CHARACTER] SPELL...`): the first word is the character
/// when a stored character is called so, otherwise every word is a value
/// and the character is the active one.
pub fn leading(
    store: &Store,
    words: &[String],
    what: &str,
) -> anyhow::Result<(Entity<Caster>, Vec<String>)> {
    let Some((first, rest)) = words.split_first() else {
        return Err(missing(what).into());
    };
    if store.find::<serde_json::Value>(CHARACTER, first)?.is_some() {
        if rest.is_empty() {
            return Err(missing(what).into());
        }
        return Ok((state::character(store, first)?, rest.to_vec()));
    }
    Ok((character(store, None)?, words.to_vec()))
}

/// Neither a name nor an active character.
pub fn no_active() -> Failure {
    Failure::usage_worded("no_active_character", "cli-no-active-character", &[])
}

/// A required word missing from the command line.
fn missing(what: &str) -> Failure {
    Failure::usage_worded(
        "missing_argument",
        "cli-missing-argument",
        &[("what", what)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setting_round_trips_through_the_store() {
        let mut store = Store::open_in_memory().unwrap();
        assert_eq!(get(&store).unwrap(), None);
        assert!(
            set(&mut store, "use Mira", "Mira").is_err(),
            "no such character"
        );
        assert_eq!(clear(&mut store, "use --clear").unwrap(), None);
    }

    #[test]
    fn no_name_and_no_active_character_is_a_usage_error() {
        let store = Store::open_in_memory().unwrap();
        let err = name(&store, None).unwrap_err();
        let f = err.downcast_ref::<Failure>().unwrap();
        assert_eq!((f.code.as_str(), f.exit), ("no_active_character", 2));
        assert!(f.message.contains("grimoire use NAME"));
        assert_eq!(name(&store, Some("Mira")).unwrap(), "Mira");
    }
}
