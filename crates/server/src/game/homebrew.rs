//! Campaign homebrew over the API: uploads checked and stored by the
//! shared game layer ([`grimoire_app::homebrew`]), one scope per campaign,
//! retried when another instance changes the campaign's homebrew at once.

use std::sync::Arc;

use grimoire_app::homebrew;
pub use grimoire_app::homebrew::{HomebrewFile, homebrew_parses};
use grimoire_catalog::Catalog;
use grimoire_store::Store;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ServerError;

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
    Ok(homebrew::catalog(store)?)
}

/// Runs `f` with the catalogue that knows every spell in `spells`: the SRD
/// itself when it has them all, else the SRD plus the campaign's homebrew.
pub fn with_catalog<T>(
    store: &mut Store,
    spells: &[&str],
    f: impl FnOnce(&mut Store, &Catalog) -> Result<T, ServerError>,
) -> Result<T, ServerError> {
    homebrew::with_catalog(store, spells, f)
}

/// Validates and stores a homebrew file (replacing one of the same name);
/// every error in it is reported at once.
pub fn add_homebrew(
    store: &mut Store,
    input: &HomebrewInput,
) -> Result<HomebrewReport, ServerError> {
    let file = crate::access::check_name(grimoire_app::NameKind::HomebrewFile, &input.file)?;
    super::retry(store, |store| {
        let spells = homebrew::add(store, &file, &input.toml)?;
        Ok(HomebrewReport {
            file: file.clone(),
            spells,
        })
    })
}
