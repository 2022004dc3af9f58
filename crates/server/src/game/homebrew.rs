//! Campaign homebrew: TOML spell files uploaded by the GM, kept as
//! `homebrew` entities of the campaign and loaded over the SRD.
//!
//! Every upload also rewrites the campaign's `homebrew-index` entity with a
//! fresh random generation id, in the same commit. The index is the upload's
//! serialisation point (two uploads on two instances conflict on it, and
//! the loser is retried against the winner's file, so a clash is reported,
//! never a spell silently skipped), and its generation names the parsed
//! catalogue in a process-wide cache: a campaign's files are parsed once
//! per change, not on every request, on every instance alike.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use grimoire_catalog::Catalog;
use grimoire_store::{Change, Store};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ServerError;

/// The largest homebrew file accepted, in bytes.
pub const MAX_HOMEBREW_BYTES: usize = 256 * 1024;
/// Most homebrew files one campaign holds.
pub const MAX_HOMEBREW_FILES: usize = 20;
/// Most spells one homebrew file holds.
pub const MAX_HOMEBREW_SPELLS: usize = 200;
/// Parsed campaign catalogues kept in memory (one per campaign in use).
const CACHED_CATALOGUES: usize = 64;

/// The `homebrew-index` entity: which parse of the files is current.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct HomebrewIndex {
    /// Random and new on every upload: names the parsed catalogue.
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

/// A homebrew upload: a file name and its TOML text (the catalogue's format).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HomebrewInput {
    /// A name for the file (`my-spells.toml`); uploading the same name
    /// again replaces it.
    pub file: String,
    /// The TOML text, with a `[[spell]]` list.
    pub toml: String,
}

/// A stored homebrew file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct HomebrewFile {
    /// Its name.
    pub file: String,
    /// Its TOML text.
    pub toml: String,
}

/// What an upload added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct HomebrewReport {
    /// The file.
    pub file: String,
    /// The ids of the spells it holds.
    pub spells: Vec<String>,
}

/// The SRD plus every homebrew file of the campaign (the store handle must
/// be scoped to it), parsed once per upload and shared.
pub fn campaign_catalog(store: &Store) -> Result<Arc<Catalog>, ServerError> {
    let index = store.find::<HomebrewIndex>("homebrew-index", "index")?;
    if let Some(index) = &index
        && let Some(hit) = cache()
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&index.state.generation)
    {
        return Ok(Arc::clone(hit));
    }
    let files: Vec<HomebrewFile> = store
        .list::<HomebrewFile>("homebrew")?
        .into_iter()
        .map(|e| e.state)
        .collect();
    if files.is_empty() {
        return Ok(srd());
    }
    PARSES.fetch_add(1, Ordering::Relaxed);
    let load = Catalog::srd()
        .with_homebrew_texts(files.iter().map(|f| (Path::new(&f.file), f.toml.as_str())));
    // Files were validated on upload against each other; one that no longer
    // loads (a newer SRD took its id) is skipped rather than blocking the
    // campaign, and said in the log.
    for e in &load.errors {
        tracing::warn!(error = %e, "stored homebrew file skipped");
    }
    let catalog = Arc::new(load.catalog);
    // Databases from before the index parse each time until the next upload.
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
/// the campaign's homebrew.
pub fn with_catalog<T>(
    store: &mut Store,
    spells: &[&str],
    f: impl FnOnce(&mut Store, &Catalog) -> Result<T, ServerError>,
) -> Result<T, ServerError> {
    let srd = Catalog::srd();
    if spells.iter().all(|s| srd.get(s).is_some()) {
        return f(store, srd);
    }
    let catalog = campaign_catalog(store)?;
    f(store, &catalog)
}

/// A fresh generation id for the homebrew index.
fn new_generation() -> Result<String, ServerError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServerError::Internal(format!("no randomness: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Validates and stores a homebrew file (replacing one of the same name).
pub fn add_homebrew(
    store: &mut Store,
    input: &HomebrewInput,
) -> Result<HomebrewReport, ServerError> {
    let file = crate::access::check_name(grimoire_app::NameKind::HomebrewFile, &input.file)?;
    if input.toml.len() > MAX_HOMEBREW_BYTES {
        return Err(ServerError::invalid(
            "homebrew_too_large",
            format!("a homebrew file may have at most {MAX_HOMEBREW_BYTES} bytes"),
        ));
    }
    super::retry(store, |store| {
        let index = store.find::<HomebrewIndex>("homebrew-index", "index")?;
        let existing = store.find::<HomebrewFile>("homebrew", &file)?;
        let others: Vec<HomebrewFile> = store
            .list::<HomebrewFile>("homebrew")?
            .into_iter()
            .map(|e| e.state)
            .filter(|f| grimoire_store::name_key(&f.file) != grimoire_store::name_key(&file))
            .collect();
        if existing.is_none() && others.len() >= MAX_HOMEBREW_FILES {
            return Err(ServerError::invalid(
                "too_many_homebrew_files",
                format!(
                    "a campaign holds at most {MAX_HOMEBREW_FILES} homebrew files; replace one (upload under its name) instead"
                ),
            ));
        }
        let base = Catalog::srd()
            .with_homebrew_texts(others.iter().map(|f| (Path::new(&f.file), f.toml.as_str())))
            .catalog;
        let before = base.len();
        let load = base.with_homebrew_texts([(Path::new(&file), input.toml.as_str())]);
        if !load.errors.is_empty() {
            return Err(ServerError::Homebrew(
                load.errors.iter().map(ToString::to_string).collect(),
            ));
        }
        let spells: Vec<String> = load.catalog.spells()[before..]
            .iter()
            .map(|s| s.id().to_owned())
            .collect();
        if spells.len() > MAX_HOMEBREW_SPELLS {
            return Err(ServerError::invalid(
                "too_many_spells",
                format!("a homebrew file holds at most {MAX_HOMEBREW_SPELLS} spells; split it"),
            ));
        }
        let record = HomebrewFile {
            file: file.clone(),
            toml: input.toml.clone(),
        };
        let change = Change::new(format!("homebrew {file}"));
        let change = match existing {
            Some(e) => change.update("homebrew", &file, e.version, &record)?,
            None => change.create("homebrew", &file, &record)?,
        };
        // The index moves with every upload: a concurrent upload on another
        // instance conflicts here and is retried against this one's file.
        let next = HomebrewIndex {
            generation: new_generation()?,
        };
        let change = match index {
            Some(i) => change.update("homebrew-index", "index", i.version, &next)?,
            None => change.create("homebrew-index", "index", &next)?,
        };
        // Two first uploads both create the index: the loser retries too.
        store.commit(&change).map_err(|e| match e {
            grimoire_store::StoreError::AlreadyExists { kind, name }
                if kind.ends_with("homebrew-index") =>
            {
                grimoire_store::StoreError::Conflict {
                    kind,
                    name,
                    expected: 0,
                    found: 1,
                }
            }
            other => other,
        })?;
        Ok(HomebrewReport {
            file: file.clone(),
            spells,
        })
    })
}
