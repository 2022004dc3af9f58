//! Writing `generated/srd.json` and `generated/srd_index.rs` from the spells
//! the TOML gives (used by the snapshot test, which checks and rewrites them).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;

use super::Stored;
use crate::entry::CatalogSpell;
use crate::fold::fold;

/// The contents of the two generated files.
pub(super) struct Generated {
    /// `srd.json`: a JSON array, one spell per line.
    pub(super) json: String,
    /// `srd_index.rs`: where each spell's line is, and its keys.
    pub(super) index: String,
}

/// The generated files for these spells, in their order.
pub(super) fn encode(spells: &[CatalogSpell]) -> Result<Generated, serde_json::Error> {
    let mut json = String::from("[\n");
    let mut lines = Vec::with_capacity(spells.len());
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
        let start = json.len();
        json.push_str(&serde_json::to_string(&stored)?);
        lines.push(start..json.len());
        json.push_str(if i + 1 < spells.len() { ",\n" } else { "\n" });
    }
    json.push_str("]\n");
    Ok(Generated {
        json,
        index: index(spells, &lines),
    })
}

/// The index's Rust source: each spell's id, folded names and letter masks
/// and its line's bytes, then every key a lookup folds to, sorted, each to
/// the first spell that has it (as `Catalog` indexes spells it holds).
fn index(spells: &[CatalogSpell], lines: &[Range<usize>]) -> String {
    assert!(
        spells.len() <= usize::from(u16::MAX),
        "spell indexes fit in u16"
    );
    let mut out = String::from(
        "// Generated with srd.json from data/*.toml by\n\
         // `GRIMOIRE_UPDATE_SNAPSHOT=1 cargo test -p grimoire-catalog srd_snapshot`; do not edit.\n\
         \n\
         /// Every SRD spell in stored order: id, folded names and their letters,\n\
         /// and the bytes of its object in `srd.json`.\n\
         pub(crate) static SPELLS: &[IndexEntry] = &[\n",
    );
    let mut keys = BTreeMap::new();
    for (i, (s, line)) in spells.iter().zip(lines).enumerate() {
        let f = &s.folded;
        // Writing to a String cannot fail.
        let _ = writeln!(
            out,
            "    IndexEntry {{ id: {:?}, en: {:?}, cs: {:?}, en_mask: {:#x}, cs_mask: {:#x}, \
             json: {}..{} }},",
            s.id(),
            f.en,
            f.cs,
            f.en_mask,
            f.cs_mask,
            line.start,
            line.end
        );
        for key in [f.id.clone(), fold(s.id()), f.en.clone(), f.cs.clone()] {
            keys.entry(key).or_insert(i);
        }
    }
    out.push_str(
        "];\n\
         \n\
         /// Every id and folded name, sorted, to the first spell in `SPELLS` that has it.\n\
         pub(crate) static KEYS: &[(&str, u16)] = &[\n",
    );
    for (key, i) in keys {
        let _ = writeln!(out, "    ({key:?}, {i}),");
    }
    out.push_str("];\n");
    out
}
