//! Finding spells by what the user typed, with suggestions on a miss.

use std::sync::{Arc, OnceLock};

use grimoire_catalog::{Catalog, CatalogSpell, Query};
use grimoire_store::Store;

use crate::failure::Failure;

/// The SRD plus the database's homebrew, once it has any (loaded once per
/// process by [`load_homebrew`]).
static WITH_HOMEBREW: OnceLock<Arc<Catalog>> = OnceLock::new();

/// Makes the database's homebrew spells findable by name like SRD ones
/// for the rest of the process; with none stored, the SRD stays as it is.
pub fn load_homebrew(store: &Store) -> anyhow::Result<()> {
    if WITH_HOMEBREW.get().is_some()
        || grimoire_app::homebrew::files(store)
            .map_err(crate::failure::app_error)?
            .is_empty()
    {
        return Ok(());
    }
    let catalog = grimoire_app::homebrew::catalog(store).map_err(crate::failure::app_error)?;
    let _ = WITH_HOMEBREW.set(catalog);
    Ok(())
}

/// Every spell this process knows: the SRD, and the homebrew once loaded.
pub fn current() -> &'static Catalog {
    WITH_HOMEBREW
        .get()
        .map_or_else(Catalog::srd, |c| c.as_ref())
}

/// The spell called `name` (id, English or Czech; case and diacritics do
/// not matter), or an `unknown_spell` refusal naming the closest spells.
pub fn spell(name: &str) -> Result<&'static CatalogSpell, Failure> {
    let srd = current();
    if let Some(s) = srd.get(name) {
        return Ok(s);
    }
    let near: Vec<String> = srd
        .search(&Query::text(name).limit(3))
        .iter()
        .map(|h| format!("{} ({})", h.spell.name_en, h.spell.name_cs))
        .collect();
    Err(did_you_mean(
        Failure::worded("unknown_spell", "cli-unknown-spell", &[("name", name)]),
        &near,
    ))
}

/// `failure` with `; did you mean ...?` naming `near`, when there are any.
pub fn did_you_mean(failure: Failure, near: &[String]) -> Failure {
    if near.is_empty() {
        return failure;
    }
    let names = near.join(", ");
    failure.reworded(|lang, m| {
        let hint = grimoire_words::text(lang, "cli-did-you-mean", [("names", names.as_str())]);
        format!("{m}{hint}")
    })
}
