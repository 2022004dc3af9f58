//! The homebrew fuzzer's regression corpus (`fuzz/corpus-regression/homebrew_load/`),
//! replayed with the fuzz target's checks on every test run: each file loads
//! or is refused with coded errors, never panics, a refused file adds nothing,
//! and every added spell is found again by id with a level of 0-9.

use std::path::Path;

use grimoire_catalog::Catalog;

/// Loads one corpus input; `None` when every check holds.
fn check(name: &str, bytes: &[u8]) -> Option<String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return None; // the target skips bytes that are not UTF-8, as loading reads text
    };
    let srd = Catalog::srd();
    let load = srd.with_homebrew_texts([(Path::new("fuzz.toml"), text)]);
    if load.catalog.len() != srd.len() + load.added {
        return Some(format!(
            "{name}: added {} but the catalogue grew otherwise",
            load.added
        ));
    }
    if load.added > 0 && !load.errors.is_empty() {
        return Some(format!("{name}: partial load: {:?}", load.errors));
    }
    if let Some(e) = load
        .errors
        .iter()
        .find(|e| e.code().is_empty() || e.to_string().is_empty())
    {
        return Some(format!("{name}: an error without code or message: {e:?}"));
    }
    for spell in &load.catalog.spells()[srd.len()..] {
        match load.catalog.lookup(spell.id()) {
            Ok(found) if found.id() == spell.id() && spell.spell.level.get() <= 9 => {}
            other => {
                return Some(format!(
                    "{name}: added {} but lookup gave {other:?}",
                    spell.id()
                ));
            }
        }
    }
    None
}

#[test]
fn homebrew_fuzz_corpus_loads_or_is_refused_cleanly() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fuzz/corpus-regression/homebrew_load"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 4, "the corpus is missing: {dir}");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|p| check(&p.display().to_string(), &std::fs::read(p).unwrap()))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
