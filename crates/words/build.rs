//! Embeds every `locales/<language>/*.ftl` file: adding a language is adding
//! a directory, with no Rust to edit.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it is compiled: copies of the
    // tree sharing one target directory (a CI clone, a worktree) may run
    // a script another copy compiled.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for lang in std::fs::read_dir(&root).expect("locales/ is readable") {
        let lang = lang.expect("a locales/ entry").path();
        if !lang.is_dir() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", lang.display());
        for file in std::fs::read_dir(&lang).expect("a language directory is readable") {
            let file = file.expect("a language directory entry").path();
            if file.extension().is_some_and(|e| e == "ftl") {
                println!("cargo:rerun-if-changed={}", file.display());
                let tag = lang
                    .file_name()
                    .and_then(|n| n.to_str())
                    .expect("a UTF-8 language tag");
                files.push((tag.to_owned(), file));
            }
        }
    }
    files.sort();
    let mut out = String::from("/// Every embedded `.ftl` file: language tag, file name, text.\n");
    out.push_str("pub(crate) const EMBEDDED: &[(&str, &str, &str)] = &[\n");
    for (tag, file) in &files {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 file name");
        writeln!(
            out,
            "    ({tag:?}, {name:?}, include_str!({:?})),",
            file.display()
        )
        .expect("write to a String");
    }
    out.push_str("];\n");
    // Each file's message ids (sorted) and the ids its placeables refer
    // to, so a language can parse only the files a message needs.
    out.push_str(
        "/// Per embedded file: its message ids, sorted, and the messages it refers to.\n",
    );
    out.push_str("pub(crate) const EMBEDDED_INDEX: &[(&[&str], &[&str])] = &[\n");
    for (_, file) in &files {
        let text = std::fs::read_to_string(file).expect("an .ftl file is readable");
        let (ids, refs) = index(&text);
        writeln!(out, "    (&{ids:?}, &{refs:?}),").expect("write to a String");
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The message ids an `.ftl` text defines (a line that starts with an
/// identifier and `=`), sorted, and the message ids its placeables name
/// (`{ other-message }`).
fn index(text: &str) -> (Vec<String>, Vec<String>) {
    let ident = |s: &str| -> usize {
        s.char_indices()
            .take_while(|(i, c)| {
                if *i == 0 {
                    c.is_ascii_alphabetic()
                } else {
                    c.is_ascii_alphanumeric() || *c == '-' || *c == '_'
                }
            })
            .count()
    };
    let mut ids = Vec::new();
    for line in text.lines() {
        let n = ident(line);
        if n > 0 && line[n..].trim_start().starts_with('=') {
            ids.push(line[..n].to_owned());
        }
    }
    let mut refs = Vec::new();
    for (at, _) in text.match_indices('{') {
        let rest = text[at + 1..].trim_start();
        let n = ident(rest);
        if n == 0 {
            continue;
        }
        let after = rest[n..].trim_start();
        let after = match after.strip_prefix('.') {
            Some(attr) => attr[ident(attr)..].trim_start(),
            None => after,
        };
        if after.starts_with('}') {
            refs.push(rest[..n].to_owned());
        }
    }
    ids.sort();
    refs.sort();
    refs.dedup();
    (ids, refs)
}
