//! Finding spells by what the user typed, with suggestions on a miss.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use grimoire_catalog::{Catalog, CatalogSpell, Query};
use grimoire_store::Store;

use crate::failure::Failure;

/// The catalogue the commands see: the SRD plus the database's homebrew,
/// once it has any, with the app's catalogue it was taken from. Read
/// again before every command, so a session that runs many (`grimoire
/// mcp`) sees homebrew changed since it began.
static WITH_HOMEBREW: Mutex<Option<(Arc<Catalog>, &'static Catalog)>> = Mutex::new(None);

/// Makes the database's homebrew spells findable by name like SRD ones
/// for the commands that follow; with none stored, the SRD stays as it
/// is. A new set of homebrew is kept for the rest of the process (one
/// catalogue per homebrew change: a session's few).
pub fn load_homebrew(store: &Store) -> anyhow::Result<()> {
    let none = grimoire_app::homebrew::files(store)
        .map_err(crate::failure::app_error)?
        .is_empty();
    let mut current = crate::capture::lock(&WITH_HOMEBREW);
    if none {
        *current = None;
        return Ok(());
    }
    let catalog = grimoire_app::homebrew::catalog(store).map_err(crate::failure::app_error)?;
    let known = matches!(&*current, Some((known, _)) if Arc::ptr_eq(known, &catalog));
    if !known && KEPT.fetch_add(1, Ordering::Relaxed) < MAX_KEPT {
        let kept: &'static Arc<Catalog> = Box::leak(Box::new(Arc::clone(&catalog)));
        *current = Some((catalog, kept.as_ref()));
    }
    Ok(())
}

/// Homebrew catalogues one process keeps at most; after as many changes
/// of a session's homebrew, the last stays (restart to see more).
const MAX_KEPT: usize = 64;

/// Homebrew catalogues kept so far.
static KEPT: AtomicUsize = AtomicUsize::new(0);

/// Every spell this process knows: the SRD, and the homebrew once loaded.
pub fn current() -> &'static Catalog {
    crate::capture::lock(&WITH_HOMEBREW)
        .as_ref()
        .map_or_else(Catalog::srd, |(_, c)| *c)
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
