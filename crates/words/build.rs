//! Embeds every `locales/<language>/*.ftl` file: adding a language is adding
//! a directory, with no Rust to edit.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
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
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
