//! The rules crate's modules form layers (issue 32, ARCHITECTURE.md "The
//! rules crate's layers"): a module names only modules beneath it, so no
//! two modules import each other round a circle. The graph is drawn from
//! the sources' own paths (`crate::a::B`, `super::B`, and `use` trees of
//! them; a name re-exported by `lib.rs` counts as its module's); comments
//! and unit tests are left out, and so is `lib.rs`, the crate's root. The
//! circles not undone yet are listed in [`KNOWN`]; a new circle fails this
//! test, and so does undoing a listed one without striking it off.

// The circle finder is the app's test's own, shared rather than copied.
#[path = "../../app/tests/layers/circles.rs"]
mod circles;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The circles left, each a sorted list of modules (none: a new one
/// fails, and what its modules share moves beneath them).
const KNOWN: &[&[&str]] = &[];

/// The source of `file` without comments and without its unit tests.
fn code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let tests = [
        "#[cfg(test)]\nmod tests",
        "#[cfg(test)]\npub(crate) mod tests",
    ];
    let text = match tests.iter().filter_map(|t| text.find(t)).min() {
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

/// Every module of the crate (`state::vitals` for `src/state/vitals.rs`)
/// and its file.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
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
                found.insert(module, path);
            }
        }
    }
    found
}

/// The paths a `use` tree names (`a::{b::C, d}` is `a::b::C` and `a::d`),
/// each as its identifiers, `prefix` first.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let head = tree.split(" as ").next().unwrap_or_default();
        let mut path = prefix.to_vec();
        path.extend(
            head.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        out.push(path);
        return;
    };
    let mut path = prefix.to_vec();
    path.extend(
        tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
    );
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&inner[start..i], &path, out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner[start..].trim().is_empty() {
        expand(&inner[start..], &path, out);
    }
}

/// The identifiers of a path (`a::b::C`) at the start of `s`.
fn segments(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    loop {
        let end = rest.find(|c: char| !ident(c)).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        out.push(rest[..end].to_owned());
        match rest[end..].strip_prefix("::") {
            Some(next) => rest = next,
            None => break,
        }
    }
    out
}

/// Every module of the crate and the modules each names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = modules(&src);
    let lib = code(&modules.remove("lib").unwrap());
    // The longest module that `path` (from the crate's root) is in.
    let longest = |path: &[String]| -> Option<String> {
        (1..=path.len())
            .rev()
            .map(|k| path[..k].join("::"))
            .find(|m| modules.contains_key(m))
    };
    // `pub use module::{A, B}` in lib.rs: `crate::A` is `module`'s.
    let mut owner: BTreeMap<String, String> = BTreeMap::new();
    for stmt in lib.split(';') {
        if let Some(tree) = stmt.trim().strip_prefix("pub use ") {
            let mut paths = Vec::new();
            expand(tree, &[], &mut paths);
            for p in paths {
                if let (Some(m), Some(name)) = (longest(&p), p.last()) {
                    owner.insert(name.clone(), m);
                }
            }
        }
    }
    let resolve = |path: &[String]| -> Option<String> {
        longest(path).or_else(|| owner.get(path.first()?).cloned())
    };
    let mut g = BTreeMap::new();
    for (m, file) in &modules {
        let text = code(file);
        let parent: Vec<String> = match m.rsplit_once("::") {
            Some((p, _)) => p.split("::").map(str::to_owned).collect(),
            None => Vec::new(),
        };
        let mut paths = Vec::new();
        for (i, _) in text.match_indices(ident) {
            // Only where a path starts: not inside an identifier or after `::`.
            let before = &text[..i];
            if before.ends_with(ident) || before.ends_with("::") {
                continue;
            }
            let rest = &text[i..];
            let base = if rest.starts_with("crate::") {
                Vec::new()
            } else if rest.starts_with("super::") {
                parent.clone()
            } else {
                continue;
            };
            let rest = &rest["crate::".len()..];
            if before.trim_end().ends_with("use") {
                // A `use` tree: up to its `;`.
                expand(
                    &rest[..rest.find(';').unwrap_or(rest.len())],
                    &base,
                    &mut paths,
                );
            } else {
                let mut p = base;
                p.extend(segments(rest));
                paths.push(p);
            }
        }
        let mut to: BTreeSet<String> = paths.iter().filter_map(|p| resolve(p)).collect();
        to.remove(m);
        g.insert(m.clone(), to);
    }
    g
}

#[test]
fn the_modules_import_each_other_only_in_the_known_circles() {
    let g = graph();
    assert!(g.len() > 50, "every module read: {:?}", g.keys());
    // The graph is read right: a `use` path and a name `lib.rs` re-exports.
    assert!(g["cast"].contains("caster"), "{:?}", g["cast"]);
    assert!(g["effect"].contains("formula"), "{:?}", g["effect"]);
    circles::assert_known(
        &g,
        KNOWN,
        "move what they share into a module beneath them (ARCHITECTURE.md, the rules \
         crate's layers): a state type beneath `caster`, a refusal's words beneath `error`",
    );
}

/// The modules `from` names, and those they name, and so on.
fn reach(g: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_owned()];
    while let Some(m) = todo.pop() {
        for t in &g[&m] {
            if seen.insert(t.clone()) {
                todo.push(t.clone());
            }
        }
    }
    seen
}

#[test]
fn the_vocabulary_names_no_other_module() {
    let g = graph();
    for leaf in [
        "class",
        "condition",
        "damage",
        "economy",
        "feature_kind",
        "school",
        "spell_name",
        "state::death_saves",
        "state::hit_dice",
        "time",
        "trigger_kind",
    ] {
        assert!(g[leaf].is_empty(), "{leaf} names {:?}", g[leaf]);
    }
}

#[test]
fn the_state_and_the_refusals_sit_beneath_the_caster() {
    let g = graph();
    let beneath = g
        .keys()
        .filter(|m| m.starts_with("state") || m.ends_with("error") || *m == "message");
    for m in beneath {
        let reached = reach(&g, m);
        for above in ["caster", "event", "apply", "actions", "cast"] {
            assert!(!reached.contains(above), "{m} reaches {above}: {reached:?}");
        }
    }
    // The caster's state names no action, and applying events is above it.
    let caster = reach(&g, "caster");
    assert!(
        !caster.contains("apply") && !caster.contains("actions"),
        "{caster:?}"
    );
    assert!(g["apply"].contains("caster") && g["apply"].contains("event"));
}
