//! The catalogue: every SRD 5.2 spell, embedded, plus any homebrew loaded on
//! top. A catalogue never changes once built; loading homebrew returns a new one.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::entry::{CatalogSpell, Source};
use crate::error::CatalogError;
use crate::fold::fold;
use crate::homebrew::{expand, io_error, parse_file};
use crate::search::{Hit, Query, search};
use crate::snapshot::Snapshot;

/// The embedded data files, one per spell level.
const SRD_FILES: [(&str, &str); 10] = [
    ("level-0.toml", include_str!("../data/level-0.toml")),
    ("level-1.toml", include_str!("../data/level-1.toml")),
    ("level-2.toml", include_str!("../data/level-2.toml")),
    ("level-3.toml", include_str!("../data/level-3.toml")),
    ("level-4.toml", include_str!("../data/level-4.toml")),
    ("level-5.toml", include_str!("../data/level-5.toml")),
    ("level-6.toml", include_str!("../data/level-6.toml")),
    ("level-7.toml", include_str!("../data/level-7.toml")),
    ("level-8.toml", include_str!("../data/level-8.toml")),
    ("level-9.toml", include_str!("../data/level-9.toml")),
];

/// A set of spells with lookup by id or name and ranked search.
///
/// The embedded SRD part is decoded spell by spell on first use: finding a
/// spell by name reads a generated index, not the spells, so a command that
/// casts one spell decodes that one. [`Catalog::spells`] and
/// [`Catalog::search`] need every spell and decode them all, once.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// The embedded SRD spells, first in the list; clones share what is decoded.
    srd: Option<Arc<Snapshot>>,
    /// The spells held decoded, after the SRD ones: homebrew, or every spell
    /// of a catalogue read from TOML.
    added: Vec<CatalogSpell>,
    /// The keys of `added` (id, folded id and names) that the SRD does not
    /// already have, to their place in the whole list.
    by_key: HashMap<String, usize>,
    /// Every spell as one list, built on first need when part is embedded.
    all: OnceLock<Vec<CatalogSpell>>,
}

/// What loading homebrew produced: the new catalogue and every problem met.
#[derive(Debug, Clone)]
pub struct HomebrewLoad {
    /// The catalogue it was loaded onto, plus every good file's spells.
    pub catalog: Catalog,
    /// One entry per problem; files with problems added nothing.
    pub errors: Vec<CatalogError>,
    /// How many spells were added.
    pub added: usize,
}

impl Catalog {
    /// The SRD 5.2 catalogue (339 spells), read once on first use from the
    /// pre-serialised snapshot of the TOML data (`generated/srd.json`, checked
    /// against the TOML by the crate's tests), so no TOML is parsed at start-up.
    ///
    /// # Panics
    ///
    /// Only if the embedded data is invalid, which the crate's tests rule out;
    /// use [`Catalog::load_srd`] to see the errors instead.
    pub fn srd() -> &'static Catalog {
        static SRD: OnceLock<Catalog> = OnceLock::new();
        SRD.get_or_init(|| {
            grimoire_words::learn_spell_names(srd_name);
            grimoire_words::learn_materials(srd_material);
            // The snapshot is tested; should it ever not load, the TOML still does.
            match Catalog::load_srd_snapshot().map_or_else(Catalog::load_srd, Ok) {
                Ok(catalog) => catalog,
                Err(errors) => panic!("embedded SRD spell data is invalid: {errors:?}"),
            }
        })
    }

    /// Teaches the words crate the SRD's spell names and material
    /// components in every language it has, so a message about a spell
    /// known only by its English name or id (one kept in state), or a
    /// refusal naming a material, reads in the reader's language. A front
    /// end calls this once at start; [`Catalog::srd`] does it too.
    ///
    /// ```
    /// grimoire_catalog::Catalog::teach_words();
    /// assert_eq!(grimoire_words::spell_name("cs", "Magic Missile"), "Magická střela");
    /// assert_eq!(grimoire_words::spell_name("cs", "detect-magic"), "Odhalení magie");
    /// assert_eq!(grimoire_words::spell_name("en", "detect-magic"), "Detect Magic");
    /// assert_eq!(grimoire_words::material("cs", "a pinch of sulfur"), "špetka síry");
    /// ```
    pub fn teach_words() {
        grimoire_words::learn_spell_names(srd_name);
        grimoire_words::learn_materials(srd_material);
    }

    /// Reads the embedded pre-serialised SRD afresh (what [`Catalog::srd`]
    /// does once per process), or `None` if it does not load.
    ///
    /// This reads only the generated index; each spell is decoded when first
    /// asked for.
    pub fn load_srd_snapshot() -> Option<Catalog> {
        Some(Catalog {
            srd: Some(Arc::new(Snapshot::embedded(srd_spell_from_toml)?)),
            ..Catalog::default()
        })
    }

    /// Parses the embedded SRD TOML data afresh, reporting every error (what
    /// [`Catalog::srd`]'s snapshot is generated from and checked against).
    pub fn load_srd() -> Result<Catalog, Vec<CatalogError>> {
        let mut catalog = Catalog::default();
        let mut errors = Vec::new();
        for (file, text) in SRD_FILES {
            if let Err(mut e) = catalog.add_file(file, text, &Source::Srd) {
                errors.append(&mut e);
            }
        }
        if errors.is_empty() {
            Ok(catalog)
        } else {
            Err(errors)
        }
    }

    /// Number of spells.
    pub fn len(&self) -> usize {
        self.srd_len() + self.added.len()
    }

    /// Whether there are no spells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every spell, SRD first (by level, then name), homebrew after.
    ///
    /// The first call on a catalogue with the embedded SRD decodes every
    /// spell not yet decoded.
    pub fn spells(&self) -> &[CatalogSpell] {
        let Some(srd) = &self.srd else {
            return &self.added;
        };
        self.all.get_or_init(|| {
            let mut all = Vec::with_capacity(self.len());
            all.extend((0..srd.len()).map(|i| srd.to_owned_spell(i)));
            all.extend(self.added.iter().cloned());
            all
        })
    }

    /// The spell with this id, English or Czech name; case and diacritics
    /// do not matter (`"hromova vlna"`, `"Thunderwave"`, `"thunderwave"`).
    pub fn get(&self, id_or_name: &str) -> Option<&CatalogSpell> {
        let key = fold(id_or_name);
        if let Some(srd) = &self.srd
            && let Some(i) = srd.find(&key)
        {
            return Some(srd.spell(i));
        }
        self.by_key
            .get(&key)
            .map(|&i| &self.added[i - self.srd_len()])
    }

    /// How many spells come from the embedded snapshot.
    fn srd_len(&self) -> usize {
        self.srd.as_ref().map_or(0, |s| s.len())
    }

    /// The id and provenance of the spell at `index`, without decoding it.
    fn id_and_source(&self, index: usize) -> (&str, &Source) {
        match &self.srd {
            Some(srd) if index < srd.len() => (srd.id(index), &Source::Srd),
            _ => {
                let spell = &self.added[index - self.srd_len()];
                (spell.id(), &spell.source)
            }
        }
    }

    /// Like [`Catalog::get`], with an `unknown_spell` error for no match.
    pub fn lookup(&self, id_or_name: &str) -> Result<&CatalogSpell, CatalogError> {
        self.get(id_or_name)
            .ok_or_else(|| CatalogError::UnknownSpell {
                query: id_or_name.to_string(),
            })
    }

    /// Ranked search: exact, then prefix, word prefix, substring and fuzzy
    /// matches on both languages' names, then by level and name.
    pub fn search(&self, query: &Query) -> Vec<Hit<'_>> {
        search(self.spells(), query)
    }

    /// This catalogue plus the spells of homebrew files and directories
    /// (their `.toml` files). `self` is untouched; a file with any error adds
    /// nothing, and the error says which file, spell and field.
    pub fn with_homebrew<P: AsRef<Path>>(&self, paths: &[P]) -> HomebrewLoad {
        let paths: Vec<PathBuf> = paths.iter().map(|p| p.as_ref().to_path_buf()).collect();
        let (files, mut errors) = expand(&paths);
        let mut texts = Vec::with_capacity(files.len());
        for file in files {
            match fs::read_to_string(&file) {
                Ok(text) => texts.push((file, text)),
                Err(e) => errors.push(io_error(&file, &e)),
            }
        }
        let mut load =
            self.with_homebrew_texts(texts.iter().map(|(p, t)| (p.as_path(), t.as_str())));
        errors.append(&mut load.errors);
        load.errors = errors;
        load
    }

    /// Like [`Catalog::with_homebrew`] for text already in memory, as
    /// `(file name, contents)` pairs (for uploads, tests, other front ends).
    pub fn with_homebrew_texts<'t>(
        &self,
        files: impl IntoIterator<Item = (&'t Path, &'t str)>,
    ) -> HomebrewLoad {
        let mut catalog = self.clone();
        let mut errors = Vec::new();
        let before = catalog.len();
        for (path, text) in files {
            let name = path.display().to_string();
            let source = Source::Homebrew(path.to_path_buf());
            if let Err(mut e) = catalog.add_file(&name, text, &source) {
                errors.append(&mut e);
            }
        }
        let added = catalog.len() - before;
        HomebrewLoad {
            catalog,
            errors,
            added,
        }
    }

    /// Parses one file and adds its spells: all of them, or none when the
    /// file has any error or a spell clashes by id. SRD and homebrew files
    /// both load through here.
    fn add_file(
        &mut self,
        file: &str,
        text: &str,
        source: &Source,
    ) -> Result<(), Vec<CatalogError>> {
        let spells = parse_file(file, text, source)?;
        self.add_all(spells, file)
    }

    /// Adds a file's spells, or none of them when one clashes by id.
    fn add_all(&mut self, spells: Vec<CatalogSpell>, file: &str) -> Result<(), Vec<CatalogError>> {
        let clashes: Vec<CatalogError> = spells
            .iter()
            .filter_map(|s| {
                let source = (0..self.len())
                    .map(|i| self.id_and_source(i))
                    .find(|&(id, _)| id == s.id())?
                    .1;
                let first = match source {
                    Source::Srd => "SRD".to_string(),
                    Source::Homebrew(path) => path.display().to_string(),
                };
                Some(CatalogError::DuplicateSpell {
                    id: s.id().to_string(),
                    first,
                    second: file.to_string(),
                })
            })
            .collect();
        if !clashes.is_empty() {
            return Err(clashes);
        }
        // The whole list, if built, no longer is.
        self.all = OnceLock::new();
        for spell in spells {
            let index = self.len();
            // First come keeps a name: a homebrew spell reusing an SRD name
            // is still reachable by its own id.
            for key in [
                spell.folded.id.clone(),
                fold(spell.id()),
                spell.folded.en.clone(),
                spell.folded.cs.clone(),
            ] {
                if self.srd.as_ref().is_some_and(|s| s.find(&key).is_some()) {
                    continue;
                }
                self.by_key.entry(key).or_insert(index);
            }
            self.added.push(spell);
        }
        Ok(())
    }
}

/// The SRD spell at `index`, from the TOML data read once per process: what
/// the snapshot gives should a line of it not decode (which its test rules
/// out). The TOML is the source the snapshot is made from, as
/// [`Catalog::srd`] falls back to it when the whole snapshot does not load.
///
/// # Panics
///
/// Only if the embedded TOML is invalid too, as [`Catalog::srd`] would.
pub(crate) fn srd_spell_from_toml(index: usize) -> CatalogSpell {
    static TOML: OnceLock<Catalog> = OnceLock::new();
    let srd = TOML.get_or_init(|| {
        Catalog::load_srd()
            .unwrap_or_else(|errors| panic!("embedded SRD spell data is invalid: {errors:?}"))
    });
    match srd.spells().get(index) {
        Some(spell) => spell.clone(),
        None => panic!("the SRD snapshot's index has no spell {index} in the TOML data"),
    }
}

/// An SRD spell's name in `lang` (`en` or `cs`, the catalogue's two), by
/// English name, Czech name or id; `None` for another language or spell.
fn srd_name(lang: &str, spell: &str) -> Option<String> {
    let found = Catalog::srd().get(spell)?;
    match lang {
        "en" => Some(found.name_en.clone()),
        "cs" => Some(found.name_cs.clone()),
        _ => None,
    }
}

/// An SRD material component's words in `lang` (only `cs` differs), by the
/// English text a spell gives it (R14c); `None` for another language or a
/// text no SRD spell names.
fn srd_material(lang: &str, english: &str) -> Option<String> {
    if lang != "cs" {
        return None;
    }
    Catalog::srd().spells().iter().find_map(|s| {
        let m = s.spell.components.material.as_ref()?;
        (m.text == english)
            .then(|| s.spell.material_cs.clone())
            .flatten()
    })
}
