//! Campaign homebrew: TOML spell files uploaded by the GM, kept as
//! `homebrew` entities of the campaign and loaded over the SRD.

use std::path::Path;

use grimoire_catalog::Catalog;
use grimoire_store::{Change, Store};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ServerError;

/// The largest homebrew file accepted, in bytes.
pub const MAX_HOMEBREW_BYTES: usize = 256 * 1024;

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
/// be scoped to it).
pub fn campaign_catalog(store: &Store) -> Result<Catalog, ServerError> {
    let files: Vec<HomebrewFile> = store
        .list::<HomebrewFile>("homebrew")?
        .into_iter()
        .map(|e| e.state)
        .collect();
    if files.is_empty() {
        return Ok(Catalog::srd().clone());
    }
    let load = Catalog::srd()
        .with_homebrew_texts(files.iter().map(|f| (Path::new(&f.file), f.toml.as_str())));
    // Files were validated on upload; one that no longer loads (a newer
    // SRD took its id) is skipped rather than blocking the campaign.
    for e in &load.errors {
        tracing::warn!(error = %e, "stored homebrew file skipped");
    }
    Ok(load.catalog)
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
        let existing = store.find::<HomebrewFile>("homebrew", &file)?;
        let others: Vec<HomebrewFile> = store
            .list::<HomebrewFile>("homebrew")?
            .into_iter()
            .map(|e| e.state)
            .filter(|f| grimoire_store::name_key(&f.file) != grimoire_store::name_key(&file))
            .collect();
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
        let record = HomebrewFile {
            file: file.clone(),
            toml: input.toml.clone(),
        };
        let change = Change::new(format!("homebrew {file}"));
        let change = match existing {
            Some(e) => change.update("homebrew", &file, e.version, &record)?,
            None => change.create("homebrew", &file, &record)?,
        };
        store.commit(&change)?;
        Ok(HomebrewReport {
            file: file.clone(),
            spells,
        })
    })
}
