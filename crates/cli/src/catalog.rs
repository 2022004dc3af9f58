//! Finding spells by what the user typed, with suggestions on a miss.

use grimoire_catalog::{Catalog, CatalogSpell, Query};

use crate::failure::Failure;

/// The spell called `name` (id, English or Czech; case and diacritics do
/// not matter), or an `unknown_spell` refusal naming the closest spells.
pub fn spell(name: &str) -> Result<&'static CatalogSpell, Failure> {
    let srd = Catalog::srd();
    if let Some(s) = srd.get(name) {
        return Ok(s);
    }
    let near: Vec<String> = srd
        .search(&Query::text(name).limit(3))
        .iter()
        .map(|h| format!("{} ({})", h.spell.name_en, h.spell.name_cs))
        .collect();
    let hint = if near.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", near.join(", "))
    };
    Err(Failure::refused(
        "unknown_spell",
        format!("no spell is called \"{name}\"{hint}"),
    ))
}
