//! The SRD catalogue pre-serialised: `generated/srd.json` holds every SRD spell
//! already converted from the TOML data, one spell per line, and
//! `generated/srd_index.rs` says where each line is and what the spell is
//! called (id, folded English and Czech names), so a process finds a spell
//! without reading any JSON and decodes only the spells it uses, each from its
//! own line on first use. A command that casts one spell decodes a handful of
//! the 339 (see docs/PERFORMANCE.md).
//!
//! JSON rather than a binary format because it adds no dependency (serde_json is
//! in every front end already) and is self-describing, which the rules types'
//! `skip_serializing_if` fields need. The TOML stays the source: the test
//! `srd_snapshot_is_the_toml_data` checks both files against it and, with
//! `GRIMOIRE_UPDATE_SNAPSHOT=1`, rewrites them.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use grimoire_rules::{DamageType, Spell};
use serde::{Deserialize, Serialize};

use crate::entry::{CatalogSpell, Folded, Source};

/// The generated file, embedded.
pub(crate) const SRD_JSON: &str = include_str!("../generated/srd.json");

/// Where a text is: a byte range of [`NAMES`] or [`SRD_JSON`]. Offsets rather
/// than `&'static str`s keep the index free of pointers, which the dynamic
/// loader would otherwise relocate, page by page, in every process.
type Span = [u32; 2];

/// One spell of the generated index: what finding it takes, and where its
/// stored form is.
#[derive(Clone, Copy)]
pub(crate) struct IndexEntry {
    /// The spell's id, in [`NAMES`].
    id: Span,
    /// Its English name folded, in [`NAMES`].
    en: Span,
    /// Its Czech name folded, in [`NAMES`].
    cs: Span,
    /// The letters of `en` (see `fold::letter_mask`).
    en_mask: u64,
    /// The letters of `cs`.
    cs_mask: u64,
    /// Its JSON object, in [`SRD_JSON`].
    json: Span,
}

// `NAMES: &str` (every id and folded name, one after another), `SPELLS:
// &[IndexEntry]` in stored order and `KEYS: &[(Span, u16)]`, every key sorted,
// each to the first spell that has it.
include!("../generated/srd_index.rs");

/// The text at `span` of `text`, empty if the span does not fit.
fn text_at(text: &str, span: Span) -> &str {
    let [start, end] = span.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    text.get(start..end).unwrap_or_default()
}

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

/// The embedded SRD spells, each decoded from its own line the first time it
/// is asked for.
#[derive(Debug)]
pub(crate) struct Snapshot {
    /// Boxed, so that the cells stay small: making them ready writes to all
    /// of them at start-up.
    decoded: Box<[OnceLock<Box<CatalogSpell>>]>,
    /// The spell at an index whose line does not decode (which the snapshot
    /// test rules out), from the source the snapshot was made from: the
    /// catalogue's TOML, which the catalogue reads, not the snapshot.
    fallback: fn(usize) -> CatalogSpell,
}

impl Snapshot {
    /// The embedded snapshot, or `None` when its index is empty (as it is
    /// while being regenerated); a spell whose line does not decode is
    /// `fallback(index)`.
    ///
    /// Nothing is checked or read here: touching every spell's line would
    /// fault the whole file into memory, which is what this type avoids. A
    /// line that does not fit is found when its spell is decoded.
    pub(crate) fn embedded(fallback: fn(usize) -> CatalogSpell) -> Option<Snapshot> {
        (!SPELLS.is_empty()).then(|| Snapshot {
            decoded: SPELLS.iter().map(|_| OnceLock::new()).collect(),
            fallback,
        })
    }

    /// Number of spells.
    pub(crate) fn len(&self) -> usize {
        self.decoded.len()
    }

    /// The id of the spell at `index` (in `0..len()`), without decoding it.
    pub(crate) fn id(&self, index: usize) -> &'static str {
        text_at(NAMES, SPELLS[index].id)
    }

    /// The index of the first spell whose id or folded name is `key`.
    pub(crate) fn find(&self, key: &str) -> Option<usize> {
        let at = KEYS
            .binary_search_by(|&(k, _)| text_at(NAMES, k).cmp(key))
            .ok()?;
        let index = usize::from(KEYS[at].1);
        (index < self.len()).then_some(index)
    }

    /// The spell at `index` (in `0..len()`), decoded on first use.
    pub(crate) fn spell(&self, index: usize) -> &CatalogSpell {
        self.decoded[index].get_or_init(|| Box::new(self.decode_or_fallback(index)))
    }

    /// The spell at `index` as a value: a copy of it if already decoded,
    /// otherwise decoded afresh without keeping it (for building the whole
    /// list once, where a copy would cost more than it saves).
    pub(crate) fn to_owned_spell(&self, index: usize) -> CatalogSpell {
        self.decoded[index]
            .get()
            .map(|spell| CatalogSpell::clone(spell))
            .unwrap_or_else(|| self.decode_or_fallback(index))
    }

    /// The spell at `index` from its JSON line, or the fallback's should the
    /// line not decode.
    fn decode_or_fallback(&self, index: usize) -> CatalogSpell {
        decode(SRD_JSON, &SPELLS[index]).unwrap_or_else(|| (self.fallback)(index))
    }

    /// How many spells have been decoded so far.
    #[cfg(test)]
    pub(crate) fn decoded(&self) -> usize {
        self.decoded.iter().filter(|d| d.get().is_some()).count()
    }
}

/// The spell that `entry` points to in `json` (the generated file's text).
fn decode(json: &str, entry: &IndexEntry) -> Option<CatalogSpell> {
    let s: Stored =
        serde_json::from_str(Some(text_at(json, entry.json)).filter(|t| !t.is_empty())?).ok()?;
    Some(CatalogSpell {
        folded: Folded {
            id: text_at(NAMES, entry.id).to_string(),
            en: text_at(NAMES, entry.en).to_string(),
            cs: text_at(NAMES, entry.cs).to_string(),
            en_mask: entry.en_mask,
            cs_mask: entry.cs_mask,
        },
        spell: s.spell,
        name_en: s.name_en,
        name_cs: s.name_cs,
        summary_en: s.summary_en,
        summary_cs: s.summary_cs,
        source: Source::Srd,
        damage_types: s.damage_types,
        notes: s.notes,
    })
}

#[cfg(test)]
mod generate;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Catalog;
    use crate::fold::fold;

    /// The snapshot must be exactly what the TOML gives: same spells, same
    /// order, equal in every field (folded names and provenance included),
    /// and its index must name every spell and key as the TOML does.
    #[test]
    fn srd_snapshot_is_the_toml_data() {
        let from_toml = Catalog::load_srd().expect("the SRD TOML loads");
        let expected = generate::encode(from_toml.spells()).expect("spells serialise");
        let embedded: Option<Vec<CatalogSpell>> =
            SPELLS.iter().map(|e| decode(SRD_JSON, e)).collect();
        let fresh = SRD_JSON == expected.json
            && SRD_INDEX == expected.index
            && embedded.as_deref() == Some(from_toml.spells());
        if !fresh {
            if std::env::var_os("GRIMOIRE_UPDATE_SNAPSHOT").is_some() {
                let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/generated");
                std::fs::write(format!("{dir}/srd.json"), &expected.json)
                    .expect("snapshot written");
                std::fs::write(format!("{dir}/srd_index.rs"), &expected.index)
                    .expect("index written");
                return;
            }
            panic!(
                "crates/catalog/generated/srd.json or srd_index.rs is out of date with \
                 data/*.toml; run GRIMOIRE_UPDATE_SNAPSHOT=1 cargo test -p grimoire-catalog \
                 srd_snapshot"
            );
        }
        // Round trip of what was just encoded, independent of the files on disk.
        let again: Vec<CatalogSpell> = SPELLS
            .iter()
            .map(|e| decode(&expected.json, e).expect("each line decodes"))
            .collect();
        assert_eq!(again, from_toml.spells());
        // Every key finds the spell the TOML catalogue finds.
        let snapshot = Snapshot::embedded(every_line_decodes).expect("the index fits the JSON");
        for spell in from_toml.spells() {
            for key in [
                spell.id().to_string(),
                fold(spell.id()),
                fold(&spell.name_en),
                fold(&spell.name_cs),
            ] {
                assert_eq!(
                    snapshot.find(&key).map(|i| snapshot.id(i)),
                    from_toml.get(&key).map(CatalogSpell::id),
                    "{key}"
                );
            }
        }
        assert_eq!(snapshot.decoded(), 0, "finding spells decodes none");
    }

    /// The fallback of a snapshot whose every line decodes, as the test above
    /// holds the embedded one's.
    fn every_line_decodes(index: usize) -> CatalogSpell {
        panic!("the line of spell {index} does not decode")
    }

    /// The index as compiled in: compared byte for byte with what the TOML gives.
    const SRD_INDEX: &str = include_str!("../generated/srd_index.rs");

    #[test]
    fn the_embedded_catalogue_is_the_toml_catalogue() {
        let from_toml = Catalog::load_srd().expect("the SRD TOML loads");
        let srd = Catalog::srd();
        assert_eq!(srd.spells(), from_toml.spells());
        for spell in from_toml.spells() {
            for key in [spell.id(), &spell.name_en, &spell.name_cs] {
                assert_eq!(srd.get(key), from_toml.get(key), "{key}");
            }
        }
    }

    #[test]
    fn a_lookup_decodes_only_the_spell_it_finds() {
        let snapshot = Snapshot::embedded(every_line_decodes).expect("the index fits the JSON");
        let at = snapshot.find("fire bolt").expect("Fire Bolt is indexed");
        assert_eq!(snapshot.decoded(), 0);
        assert_eq!(snapshot.spell(at).name_en, "Fire Bolt");
        assert_eq!(snapshot.decoded(), 1);
        // A whole copy of the list keeps nothing it decoded.
        let all: Vec<CatalogSpell> = (0..snapshot.len())
            .map(|i| snapshot.to_owned_spell(i))
            .collect();
        assert_eq!(all.len(), 339);
        assert_eq!(snapshot.decoded(), 1);
    }

    #[test]
    fn a_line_that_does_not_decode_falls_back_to_the_toml() {
        let first = &SPELLS[0];
        let broken = IndexEntry {
            json: [first.json[0], first.json[0] + 7],
            ..*first
        };
        assert!(decode(SRD_JSON, &broken).is_none());
        let past_the_end = IndexEntry {
            json: [u32::MAX - 1, u32::MAX],
            ..*first
        };
        assert!(decode(SRD_JSON, &past_the_end).is_none());
        let toml = Catalog::load_srd().expect("the SRD TOML loads");
        assert_eq!(crate::catalog::srd_spell_from_toml(0), toml.spells()[0]);
    }
}
