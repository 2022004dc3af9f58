//! The CLI's modules form layers (issue 32, ARCHITECTURE.md): a module names
//! only modules beneath it, so no two import each other round a circle. The
//! graph is drawn from the sources' own paths: `crate::a::b`, `super::b`,
//! and `a::b` where `a` is one of the crate's top modules (`cli.rs` names
//! the commands as `commands::cast`); comments and unit tests are left out,
//! and so is `lib.rs`, the crate's root, above every module. The one circle
//! the design needs is [`KNOWN`]; a new circle fails this test, and so does
//! undoing the known one without striking it off.

// The circle finder is the app's test's own, shared rather than copied.
#[path = "../../app/tests/layers/circles.rs"]
mod circles;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The circles left, each a sorted list of modules: `grimoire completions`
/// prints the completion of the whole command tree (`completion.rs` builds
/// it from `cli::Cli`), and is itself one command of that tree.
const KNOWN: &[&[&str]] = &[&["cli", "commands::completions", "completion"]];

/// The source of `file` without comments and without its unit tests.
fn code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `c` can be part of an identifier.
fn ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifiers of a path (`a::b::C`) at the start of `s`.
fn segments(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    loop {
        let end = rest.find(|c: char| !ident(c)).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        out.push(&rest[..end]);
        match rest[end..].strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    out
}

/// Every module of the crate (`commands::cast` for `src/commands/cast.rs`)
/// and its file.
fn modules(src: &Path) -> BTreeMap<String, std::path::PathBuf> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![(src.to_path_buf(), String::new())];
    while let Some((dir, prefix)) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            if path.is_dir() {
                dirs.push((path, format!("{prefix}{name}::")));
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let module = match stem {
                    "mod" => prefix.trim_end_matches("::").to_owned(),
                    _ => format!("{prefix}{stem}"),
                };
                if module != "lib" && module != "main" {
                    found.insert(module, path);
                }
            }
        }
    }
    found
}

/// Every module of the crate and the modules each names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    let tops: BTreeSet<&str> = modules
        .keys()
        .map(|m| m.split("::").next().unwrap())
        .collect();
    // The longest module that `path` (segments from the crate's root) is in.
    let resolve = |path: &[&str]| -> Option<String> {
        (1..=path.len())
            .rev()
            .map(|k| path[..k].join("::"))
            .find(|m| modules.contains_key(m))
    };
    let mut g = BTreeMap::new();
    for (m, file) in &modules {
        let text = code(file);
        let parent: Vec<&str> = match m.rsplit_once("::") {
            Some((p, _)) => p.split("::").collect(),
            None => Vec::new(),
        };
        let mut to = BTreeSet::new();
        for (i, _) in text.match_indices(|c: char| ident(c)) {
            // Only where a path starts: not inside an identifier or after `::`.
            let before = &text[..i];
            if before.ends_with(ident) || before.ends_with("::") {
                continue;
            }
            let path = segments(&text[i..]);
            if path.len() < 2 {
                continue;
            }
            let from_root: Vec<Vec<&str>> = match path[0] {
                "crate" if text[i + "crate::".len()..].starts_with('{') => text
                    [i + "crate::{".len()..]
                    .split('}')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|part| segments(part.trim()))
                    .collect(),
                "crate" => vec![path[1..].to_vec()],
                "super" => vec![[parent.as_slice(), &path[1..]].concat()],
                top if tops.contains(top) => vec![path.clone()],
                _ => continue,
            };
            for p in from_root {
                if let Some(t) = resolve(&p) {
                    to.insert(t);
                }
            }
        }
        to.remove(m);
        g.insert(m.clone(), to);
    }
    g
}

#[test]
fn the_modules_import_each_other_only_in_the_known_circle() {
    let g = graph();
    assert!(g.len() > 40, "every module read: {:?}", g.keys());
    // The graph is read right: each way of naming a module counts.
    assert!(
        g["commands::cast"].contains("view"),
        "{:?}",
        g["commands::cast"]
    );
    assert!(
        g["commands::reaction"].contains("commands::monster"),
        "{:?}",
        g["commands::reaction"]
    );
    assert!(g["cli"].contains("commands::rest"), "{:?}", g["cli"]);
    circles::assert_known(
        &g,
        KNOWN,
        "move what they share into a module beneath them (a renderer into view.rs, an \
         argument reader beside its Args)",
    );
}

#[test]
fn the_ground_names_no_command() {
    let g = graph();
    for (m, to) in &g {
        if m.starts_with("commands") || m == "cli" {
            continue;
        }
        let up: Vec<_> = to.iter().filter(|t| t.starts_with("commands")).collect();
        assert!(up.is_empty(), "{m} names {up:?}: commands sit above it");
    }
}
