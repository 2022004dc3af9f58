//! The app's modules form layers (issue 32, ARCHITECTURE.md "The app's
//! layers"): a module names only modules beneath it, so no two modules
//! import each other round a circle. The graph is drawn from the sources'
//! own `crate::` paths (comments and unit tests left out; a name
//! re-exported by `lib.rs` counts as its module's). The circles the split
//! has not undone yet are listed in [`KNOWN`]; a new circle fails this
//! test, and so does undoing a listed one without striking it off.

#[path = "layers/circles.rs"]
mod circles;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The circles left, each a sorted list of modules (none: a new one
/// fails, and what its modules share moves beneath them).
const KNOWN: &[&[&str]] = &[];

/// The source of `file` without comments and without its unit tests.
fn code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Identifiers: runs of letters, digits and underscores.
fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

/// Every module of the crate and the modules each names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(m) = name.strip_suffix(".rs")
            && m != "lib"
        {
            modules.insert(m.to_owned());
        }
    }
    // `pub use module::{A, B}` in lib.rs: `crate::A` is `module`'s.
    let lib = code(&src.join("lib.rs"));
    let mut owner: BTreeMap<String, String> = BTreeMap::new();
    for stmt in lib.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let mut it = words(rest);
        let Some(module) = it.next() else { continue };
        if modules.contains(module) {
            for item in it {
                owner.insert(item.to_owned(), module.to_owned());
            }
        }
    }
    let resolve = |name: &str| -> Option<String> {
        if modules.contains(name) {
            Some(name.to_owned())
        } else {
            owner.get(name).cloned()
        }
    };
    let mut g = BTreeMap::new();
    for m in &modules {
        let text = code(&src.join(format!("{m}.rs")));
        let mut to = BTreeSet::new();
        // `crate::module…` anywhere, and `use crate::{a, b::C}` lists.
        for (i, _) in text.match_indices("crate::") {
            let after = &text[i + "crate::".len()..];
            if let Some(rest) = after.strip_prefix('{') {
                let list = &rest[..rest.find("};").unwrap_or(rest.len())];
                for part in list.split(',') {
                    if let Some(first) = words(part).next()
                        && let Some(t) = resolve(first)
                    {
                        to.insert(t);
                    }
                }
            } else if let Some(first) = words(after).next()
                && let Some(t) = resolve(first)
            {
                to.insert(t);
            }
        }
        to.remove(m);
        g.insert(m.clone(), to);
    }
    g
}

#[test]
fn the_modules_import_each_other_only_in_the_known_circles() {
    let g = graph();
    assert!(g.len() > 40, "every module read: {:?}", g.keys());
    // The graph is read right: the cast names the store's records.
    assert!(g["cast"].contains("state"), "{:?}", g["cast"]);
    circles::assert_known(
        &g,
        KNOWN,
        "move what they share into a module beneath them (ARCHITECTURE.md, the app's layers)",
    );
}

#[test]
fn the_leaves_name_no_other_module() {
    let g = graph();
    for leaf in [
        "hit",
        "kind",
        "way",
        "ward",
        "resources_view",
        "limits",
        "name_policy",
        "uses",
    ] {
        assert!(g[leaf].is_empty(), "{leaf} names {:?}", g[leaf]);
    }
}
