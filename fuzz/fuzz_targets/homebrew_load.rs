//! Loads arbitrary text as a homebrew spell file onto the SRD catalogue:
//! it must load or report errors, never panic; a file with errors adds
//! nothing; every added spell can be found again by id, and turns into a
//! rules spell whose level is 0-9.
#![no_main]

use std::path::Path;

use grimoire_catalog::Catalog;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let srd = Catalog::srd();
    let load = srd.with_homebrew_texts([(Path::new("fuzz.toml"), text)]);
    assert_eq!(load.catalog.len(), srd.len() + load.added);
    assert!(load.added == 0 || load.errors.is_empty(), "partial load");
    for e in &load.errors {
        assert!(!e.code().is_empty());
        assert!(!e.to_string().is_empty());
    }
    for spell in &load.catalog.spells()[srd.len()..] {
        let found = load
            .catalog
            .lookup(spell.id())
            .expect("added spell is found");
        assert_eq!(found.id(), spell.id());
        assert!(spell.spell.level.get() <= 9);
    }
});
