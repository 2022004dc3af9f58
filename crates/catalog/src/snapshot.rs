//! The SRD catalogue pre-serialised: `generated/srd.json` holds every SRD spell
//! already converted from the TOML data, so a process that needs the catalogue
//! reads compact JSON into typed values instead of parsing 208 KB of TOML and
//! converting it (about 20 times less work at start-up; see docs/PERFORMANCE.md).
//!
//! JSON rather than a binary format because it adds no dependency (serde_json is
//! in every front end already) and is self-describing, which the rules types'
//! `skip_serializing_if` fields need. The TOML stays the source: the test
//! `srd_snapshot_is_the_toml_data` checks the file against it and, with
//! `GRIMOIRE_UPDATE_SNAPSHOT=1`, rewrites it.

use std::collections::BTreeMap;

use grimoire_rules::{DamageType, Spell};
use serde::{Deserialize, Serialize};

use crate::entry::{CatalogSpell, Folded, Source};

/// The generated file, embedded.
pub(crate) const SRD_JSON: &str = include_str!("../generated/srd.json");

/// One spell as stored: everything but what is derived (provenance, folded names).
#[derive(Serialize, Deserialize)]
struct Stored {
    spell: Spell,
    name_en: String,
    name_cs: String,
    summary_en: String,
    summary_cs: String,
    damage_types: Vec<DamageType>,
    notes: BTreeMap<String, String>,
}

/// The SRD spells of `text` (the generated file's contents), in stored order.
pub(crate) fn decode(text: &str) -> Result<Vec<CatalogSpell>, serde_json::Error> {
    let stored: Vec<Stored> = serde_json::from_str(text)?;
    Ok(stored
        .into_iter()
        .map(|s| CatalogSpell {
            folded: Folded::new(s.spell.id.as_str(), &s.name_en, &s.name_cs),
            spell: s.spell,
            name_en: s.name_en,
            name_cs: s.name_cs,
            summary_en: s.summary_en,
            summary_cs: s.summary_cs,
            source: Source::Srd,
            damage_types: s.damage_types,
            notes: s.notes,
        })
        .collect())
}

/// The generated file's contents for these spells, one spell per line.
#[cfg(test)]
pub(crate) fn encode(spells: &[CatalogSpell]) -> Result<String, serde_json::Error> {
    let mut out = String::from("[\n");
    for (i, s) in spells.iter().enumerate() {
        let stored = Stored {
            spell: s.spell.clone(),
            name_en: s.name_en.clone(),
            name_cs: s.name_cs.clone(),
            summary_en: s.summary_en.clone(),
            summary_cs: s.summary_cs.clone(),
            damage_types: s.damage_types.clone(),
            notes: s.notes.clone(),
        };
        out.push_str(&serde_json::to_string(&stored)?);
        out.push_str(if i + 1 < spells.len() { ",\n" } else { "\n" });
    }
    out.push_str("]\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;

    /// The snapshot must be exactly what the TOML gives: same spells, same order,
    /// equal in every field (folded names and provenance included).
    #[test]
    fn srd_snapshot_is_the_toml_data() {
        let from_toml = Catalog::load_srd().expect("the SRD TOML loads");
        let expected = encode(from_toml.spells()).expect("spells serialise");
        let fresh = decode(SRD_JSON).ok();
        if fresh.as_deref() != Some(from_toml.spells()) || SRD_JSON != expected {
            if std::env::var_os("GRIMOIRE_UPDATE_SNAPSHOT").is_some() {
                let path = concat!(env!("CARGO_MANIFEST_DIR"), "/generated/srd.json");
                std::fs::write(path, &expected).expect("snapshot written");
                return;
            }
            panic!(
                "crates/catalog/generated/srd.json is out of date with data/*.toml; run \
                 GRIMOIRE_UPDATE_SNAPSHOT=1 cargo test -p grimoire-catalog srd_snapshot"
            );
        }
        // Round trip of what was just encoded, independent of the file on disk.
        assert_eq!(decode(&expected).ok().as_deref(), Some(from_toml.spells()));
    }

    #[test]
    fn the_embedded_catalogue_is_the_toml_catalogue() {
        let from_toml = Catalog::load_srd().expect("the SRD TOML loads");
        let srd = Catalog::srd();
        assert_eq!(srd.spells(), from_toml.spells());
        for spell in from_toml.spells() {
            for key in [spell.id(), &spell.name_en, &spell.name_cs] {
                assert_eq!(
                    srd.get(key).map(CatalogSpell::id),
                    from_toml.get(key).map(CatalogSpell::id),
                    "{key}"
                );
            }
        }
    }
}
