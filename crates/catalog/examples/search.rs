//! Searches the SRD catalogue from the command line, optionally with homebrew.
//!
//! ```sh
//! cargo run -p grimoire-catalog --example search -- hromova vlna
//! cargo run -p grimoire-catalog --example search -- --homebrew my-spells/ frost
//! ```

use grimoire_catalog::{Catalog, Query};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut catalog = Catalog::srd().clone();
    if args.first().map(String::as_str) == Some("--homebrew") && args.len() > 1 {
        let path = args.remove(1);
        args.remove(0);
        let load = catalog.with_homebrew(&[path]);
        for e in &load.errors {
            eprintln!("{e} [{}]", e.code());
        }
        catalog = load.catalog;
    }
    let text = args.join(" ");
    for hit in catalog.search(&Query::text(text).limit(10)) {
        let s = hit.spell;
        println!(
            "{:<28} {:<28} level {} {:<13} {:?}  {}",
            // The school's variant name is its English word; the catalogue
            // knows no language of its own (grimoire-words does).
            s.name_en,
            s.name_cs,
            s.spell.level.get(),
            format!("{:?}", s.spell.school),
            hit.kind,
            s.summary_en
        );
    }
}
