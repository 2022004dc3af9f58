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

/// Every id and folded name written once, one after another, with where each
/// one is.
#[derive(Default)]
struct Names {
    text: String,
    spans: BTreeMap<String, [usize; 2]>,
}

impl Names {
    /// Where `name` is, adding it if new.
    fn span(&mut self, name: &str) -> [usize; 2] {
        if let Some(&span) = self.spans.get(name) {
            return span;
        }
        let span = [self.text.len(), self.text.len() + name.len()];
        self.text.push_str(name);
        self.spans.insert(name.to_string(), span);
        span
    }
}

/// The index's Rust source: each spell's id, folded names and letter masks
/// and its line's bytes, then every key a lookup folds to, sorted, each to
/// the first spell that has it (as `Catalog` indexes spells it holds). Texts
/// are offsets into one string, so the tables hold no pointers.
fn index(spells: &[CatalogSpell], lines: &[Range<usize>]) -> String {
    assert!(
        spells.len() <= usize::from(u16::MAX),
        "spell indexes fit in u16"
    );
    let mut names = Names::default();
    let mut entries = String::new();
    let mut keys = BTreeMap::new();
    for (i, (s, line)) in spells.iter().zip(lines).enumerate() {
        let f = &s.folded;
        let [id, en, cs] = [s.id(), &f.en, &f.cs].map(|n| names.span(n));
        // Writing to a String cannot fail.
        let _ = writeln!(
            entries,
            "    IndexEntry {{ id: {id:?}, en: {en:?}, cs: {cs:?}, en_mask: {:#x}, \
             cs_mask: {:#x}, json: [{}, {}] }},",
            f.en_mask, f.cs_mask, line.start, line.end
        );
        for key in [f.id.clone(), fold(s.id()), f.en.clone(), f.cs.clone()] {
            keys.entry(key).or_insert(i);
        }
    }
    let mut key_lines = String::new();
    for (key, i) in keys {
        let span = names.span(&key);
        let _ = writeln!(key_lines, "    ({span:?}, {i}),");
    }
    assert!(
        u32::try_from(names.text.len()).is_ok()
            && lines.iter().all(|l| u32::try_from(l.end).is_ok()),
        "offsets fit in u32"
    );
    format!(
        "// Generated with srd.json from data/*.toml by\n\
         // `GRIMOIRE_UPDATE_SNAPSHOT=1 cargo test -p grimoire-catalog srd_snapshot`; do not edit.\n\
         \n\
         /// Every spell id and folded name below, one after another.\n\
         pub(crate) const NAMES: &str = {:?};\n\
         \n\
         /// Every SRD spell in stored order: id, folded names and their letters,\n\
         /// and the bytes of its object in `srd.json`.\n\
         pub(crate) static SPELLS: &[IndexEntry] = &[\n{entries}];\n\
         \n\
         /// Every id and folded name, sorted, to the first spell in `SPELLS` that has it.\n\
         pub(crate) static KEYS: &[(Span, u16)] = &[\n{key_lines}];\n",
        names.text
    )
}
