//! Homebrew spells kept in the store: TOML files (the catalogue's format)
//! stored as `homebrew` entities of a scope (the CLI's file, or one
//! campaign on the server) and loaded over the SRD, so their spells are
//! found by name like SRD ones in every front end.
//!
//! Every change also rewrites the scope's `homebrew-index` entity with a
//! fresh random generation id, in the same commit. The index is the
//! change's serialisation point (two uploads on two server instances
//! conflict on it, and the loser is retried against the winner's file, so
//! a clash is reported, never a spell silently skipped), and its generation
//! names the parsed catalogue in a process-wide cache: files are parsed
//! once per change, not on every request.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use grimoire_catalog::Catalog;
use grimoire_store::{Change, Store, StoreError};
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::limits::TooMany;
use crate::name::{NameKind, check_name};

/// The largest homebrew file accepted, in bytes.
pub const MAX_HOMEBREW_BYTES: usize = 256 * 1024;
/// Most homebrew files one scope holds.
pub const MAX_HOMEBREW_FILES: usize = 20;
/// Most spells one homebrew file holds.
pub const MAX_HOMEBREW_SPELLS: usize = 200;
/// Parsed catalogues kept in memory (one per scope in use).
const CACHED_CATALOGUES: usize = 64;
/// The entity kind of a stored file.
const FILE: &str = "homebrew";
/// The entity kind (and name) of the index.
const INDEX: &str = "homebrew-index";

/// A stored homebrew file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HomebrewFile {
    /// Its name (`my-spells.toml`).
    pub file: String,
    /// Its TOML text, with a `[[spell]]` list.
    pub toml: String,
}

/// A homebrew upload: a file name and its TOML text (the catalogue's format).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct HomebrewInput {
    /// A name for the file (`my-spells.toml`); uploading the same name
    /// again replaces it.
    pub file: String,
    /// The TOML text, with a `[[spell]]` list.
    pub toml: String,
}

/// What an upload added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HomebrewReport {
    /// The file.
    pub file: String,
    /// The ids of the spells it holds.
    pub spells: Vec<String>,
}

/// Validates and stores an upload (replacing a file of the same name),
/// reporting every error in it at once ([`add`]).
pub fn upload(store: &mut Store, input: &HomebrewInput) -> Result<HomebrewReport, AppError> {
    let file = check_name(NameKind::HomebrewFile, &input.file)?;
    let spells = add(store, &file, &input.toml)?;
    Ok(HomebrewReport { file, spells })
}

/// The `homebrew-index` entity: which parse of the files is current.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct HomebrewIndex {
    /// Random and new on every change: names the parsed catalogue.
    generation: String,
}

/// How many times homebrew files were parsed into a catalogue by this
/// process: a diagnostic for tests that a second request does not re-parse.
pub fn homebrew_parses() -> u64 {
    PARSES.load(Ordering::Relaxed)
}

static PARSES: AtomicU64 = AtomicU64::new(0);

/// Parsed catalogues by index generation.
fn cache() -> &'static Mutex<HashMap<String, Arc<Catalog>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Catalog>>>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The SRD alone, shared.
fn srd() -> Arc<Catalog> {
    static SRD: OnceLock<Arc<Catalog>> = OnceLock::new();
    Arc::clone(SRD.get_or_init(|| Arc::new(Catalog::srd().clone())))
}

/// The scope's homebrew files, by name.
pub fn files(store: &Store) -> Result<Vec<HomebrewFile>, AppError> {
    Ok(store
        .list::<HomebrewFile>(FILE)?
        .into_iter()
        .map(|e| e.state)
        .collect())
}

/// The SRD plus every homebrew file of the scope (the store handle must be
/// scoped to it), parsed once per change and shared. Files were validated
/// against each other when stored; one that no longer loads (a newer SRD
/// took its id) is skipped rather than blocking the scope.
pub fn catalog(store: &Store) -> Result<Arc<Catalog>, AppError> {
    let index = store.find::<HomebrewIndex>(INDEX, "index")?;
    if let Some(index) = &index
        && let Some(hit) = cache()
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&index.state.generation)
    {
        return Ok(Arc::clone(hit));
    }
    let files = files(store)?;
    if files.is_empty() {
        return Ok(srd());
    }
    PARSES.fetch_add(1, Ordering::Relaxed);
    let load = Catalog::srd()
        .with_homebrew_texts(files.iter().map(|f| (Path::new(&f.file), f.toml.as_str())));
    let catalog = Arc::new(load.catalog);
    // Databases from before the index parse each time until the next change.
    if let Some(index) = index {
        let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
        if cache.len() >= CACHED_CATALOGUES {
            cache.clear();
        }
        cache.insert(index.state.generation, Arc::clone(&catalog));
    }
    Ok(catalog)
}

/// Runs `f` with the catalogue that knows every spell in `spells`: the SRD
/// itself when it has them all (no copy on the hot path), else the SRD plus
/// the scope's homebrew.
pub fn with_catalog<T, E: From<AppError>>(
    store: &mut Store,
    spells: &[&str],
    f: impl FnOnce(&mut Store, &Catalog) -> Result<T, E>,
) -> Result<T, E> {
    let srd = Catalog::srd();
    if spells.iter().all(|s| srd.get(s).is_some()) {
        return f(store, srd);
    }
    let catalog = catalog(store)?;
    f(store, &catalog)
}

/// The spell called `name` (id or name): the SRD's without reading the
/// scope's homebrew, else the scope's catalogue's, as [`with_catalog`]
/// chooses.
pub fn spell(store: &Store, name: &str) -> Result<grimoire_rules::Spell, AppError> {
    match Catalog::srd().get(name) {
        Some(found) => Ok(found.spell.clone()),
        None => Ok(catalog(store)?.lookup(name)?.spell.clone()),
    }
}

/// Validates and stores a homebrew file, replacing one of the same name;
/// returns the ids of its spells. Every problem in the file is reported at
/// once (`invalid_homebrew`), and a refused file stores nothing.
pub fn add(store: &mut Store, file: &str, toml: &str) -> Result<Vec<String>, AppError> {
    let file = check_name(NameKind::HomebrewFile, file)?;
    if toml.len() > MAX_HOMEBREW_BYTES {
        return Err(too_many("homebrew_too_large", "toml", MAX_HOMEBREW_BYTES).into());
    }
    let index = store.find::<HomebrewIndex>(INDEX, "index")?;
    let existing = store.find::<HomebrewFile>(FILE, &file)?;
    let others: Vec<HomebrewFile> = files(store)?
        .into_iter()
        .filter(|f| grimoire_store::name_key(&f.file) != grimoire_store::name_key(&file))
        .collect();
    if existing.is_none() && others.len() >= MAX_HOMEBREW_FILES {
        return Err(too_many("too_many_homebrew_files", "files", MAX_HOMEBREW_FILES).into());
    }
    let base = Catalog::srd()
        .with_homebrew_texts(others.iter().map(|f| (Path::new(&f.file), f.toml.as_str())))
        .catalog;
    let before = base.len();
    let load = base.with_homebrew_texts([(Path::new(&file), toml)]);
    if !load.errors.is_empty() {
        return Err(AppError::Homebrew(load.errors));
    }
    let spells: Vec<String> = load.catalog.spells()[before..]
        .iter()
        .map(|s| s.id().to_owned())
        .collect();
    if spells.len() > MAX_HOMEBREW_SPELLS {
        return Err(too_many("too_many_spells", "spells", MAX_HOMEBREW_SPELLS).into());
    }
    let record = HomebrewFile {
        file: file.clone(),
        toml: toml.to_owned(),
    };
    let change = Change::new(format!("homebrew add {file}"));
    let change = match existing {
        Some(e) => change.update(FILE, &file, e.version, &record)?,
        None => change.create(FILE, &file, &record)?,
    };
    commit_with_index(store, change, index)?;
    Ok(spells)
}

/// Removes a stored homebrew file; `unknown_homebrew` when there is none.
/// Characters keep the ids of its spells they prepared; casting one is
/// then refused as an unknown spell.
pub fn remove(store: &mut Store, file: &str) -> Result<HomebrewFile, AppError> {
    let found =
        store
            .find::<HomebrewFile>(FILE, file)?
            .ok_or_else(|| AppError::UnknownHomebrew {
                file: file.to_owned(),
            })?;
    let index = store.find::<HomebrewIndex>(INDEX, "index")?;
    let change = Change::new(format!("homebrew remove {}", found.name)).delete(
        FILE,
        &found.name,
        found.version,
    );
    commit_with_index(store, change, index)?;
    Ok(found.state)
}

/// Commits `change` with a new index generation. The index moves with
/// every change: a concurrent change on another instance conflicts here
/// and is retried by the caller; two first uploads both create the index,
/// so that clash is reported as a conflict too.
fn commit_with_index(
    store: &mut Store,
    change: Change,
    index: Option<grimoire_store::Entity<HomebrewIndex>>,
) -> Result<(), AppError> {
    let next = HomebrewIndex {
        generation: new_generation(),
    };
    let change = match index {
        Some(i) => change.update(INDEX, "index", i.version, &next)?,
        None => change.create(INDEX, "index", &next)?,
    };
    store.commit(&change).map_err(|e| match e {
        StoreError::AlreadyExists { kind, name } if kind.ends_with(INDEX) => StoreError::Conflict {
            kind,
            name,
            expected: 0,
            found: 1,
        },
        other => other,
    })?;
    Ok(())
}

/// A fresh generation id for the index: random, or (should the system
/// have no randomness) the clock, which still differs between changes.
fn new_generation() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes = nanos.to_le_bytes();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn too_many(code: &'static str, field: &'static str, limit: usize) -> TooMany {
    TooMany {
        code,
        field,
        limit: i64::try_from(limit).unwrap_or(i64::MAX),
    }
}
