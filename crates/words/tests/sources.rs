//! No words outside the catalogue: the sources are scanned for string
//! literals that read as words a person reads. Each one must be technical
//! ([`ALLOWED`], [`ALLOWED_IN`], with the reason) or in a file still being
//! moved ([`NOT_YET_MOVED`], a count that may only go down).
//!
//! Two rules, by crate:
//!
//! - **The front ends and the app** (`cli`, `server` with its web pages,
//!   `mcp`, `app`): a literal of two words or more, or with Czech letters,
//!   is a hit. Everything they show a person is a message of the `.ftl`
//!   files.
//! - **The engine** (`rules`, `dice`, `catalog`, `store`): only a literal
//!   with Czech letters is a hit. These crates return codes and arguments;
//!   the English they still hold is the developers' English (`Display` of
//!   their errors, a store's or a TOML parser's technical detail that the
//!   `.ftl` messages wrap as `{ $detail }`, SQL), the same in every
//!   language by design. Czech there would be a word that belongs in the
//!   catalogue.

use std::path::{Path, PathBuf};

/// Whole files whose wordy literals are technical, and why.
const ALLOWED_FILES: &[(&str, &str)] = &[
    (
        "server/src/api/contract.rs",
        "the OpenAPI document: the API's reference for programs and their authors, English like its field names",
    ),
    (
        "mcp/src/server.rs",
        "MCP tool descriptions: the protocol's reference, read by AI models, English like the tool and field names",
    ),
];

/// Literals that read like words but are technical, by how they start,
/// and why.
const ALLOWED: &[(&str, &str)] = &[
    (
        "grimoire ",
        "an example command line in the help: commands, flags and example names are the same in every language",
    ),
    (
        "source <(grimoire ",
        "the shell line that loads completions",
    ),
    (
        " is not in ",
        "clap's own English, matched to recognise a range error",
    ),
    ("export const ", "JavaScript sent to the browser"),
    (
        "max hp",
        "a word typed on the command line (a target property), matched as typed",
    ),
    (
        "mystic arcanum",
        "a word typed on the command line (--via), matched as typed",
    ),
    (
        "spell scroll",
        "a word typed on the command line (an item), matched as typed",
    ),
    (
        "## Rules from the chapter",
        "the heading of docs/RULES.md under which the CLI reads the numbered rules",
    ),
    (
        "a cast expected to wait for reactions",
        "the cause of an internal error: logged for the operator, never sent (the client reads server-internal)",
    ),
    (
        "connection already returned",
        "a store error that only a bug in the server's pool raises: logged, never sent",
    ),
    (
        "listener thread",
        "the place named in an I/O error of the live-update listener, for the operator's log",
    ),
    ("xMidYMid ", "an SVG attribute value"),
];

/// Literals technical in one crate's files only, by the file's path
/// prefix and how the literal starts, and why.
const ALLOWED_IN: &[(&str, &str, &str)] = &[
    (
        "server/src/state.rs",
        "unlisted live event kind ",
        "a debug build's panic for developers: a kind missing from CAMPAIGN_EVENT_KINDS",
    ),
    (
        "app/src/",
        "homebrew add ",
        "a change's command line in the table log (the CLI command that makes the same change)",
    ),
    (
        "app/src/",
        "homebrew remove ",
        "a change's command line in the table log",
    ),
    (
        "dice/src/",
        "výh",
        "dice notation typed as input: the Czech keyword for advantage, matched as typed",
    ),
    (
        "dice/src/",
        "nevýh",
        "dice notation typed as input: the Czech keyword for disadvantage, matched as typed",
    ),
    (
        "server/src/",
        "encounter ",
        "a change's command line in the table log (the CLI command that makes the same change): the same in every language",
    ),
    (
        "server/src/",
        "account new ",
        "a change's command line in the table log",
    ),
    (
        "server/src/",
        "token new ",
        "a change's command line in the table log",
    ),
    (
        "server/src/",
        "token revoke ",
        "a change's command line in the table log",
    ),
    (
        "server/src/",
        "campaign new ",
        "a change's command line in the table log",
    ),
    (
        "server/src/",
        "campaign {id} add ",
        "a change's command line in the table log",
    ),
    (
        "server/src/",
        "campaign {id} remove ",
        "a change's command line in the table log",
    ),
    (
        "app/src/",
        "character new ",
        "a change's command line in the table log",
    ),
    (
        "app/src/",
        "gear add ",
        "a change's command line in the table log",
    ),
    (
        "server/src/",
        "house-rules ",
        "a change's command line in the table log",
    ),
    (
        "app/src/",
        "rest short",
        "a change's command line in the table log",
    ),
    (
        "app/src/",
        "rest long",
        "a change's command line in the table log",
    ),
];

/// Files whose human output still holds words in code: the part of issue
/// 18 not done yet, by the number of such literals. Lower a number when
/// you move words into the `.ftl` files; a higher one fails.
const NOT_YET_MOVED: &[(&str, usize)] = &[];

/// The front ends and the app: every wordy literal counts.
const FRONT_ENDS: &[&str] = &["cli/src", "server/src", "mcp/src", "server/web", "app/src"];

/// The engine: only literals with Czech letters count (see the module
/// documentation).
const ENGINE: &[&str] = &["rules/src", "dice/src", "catalog/src", "store/src"];

/// The sources scanned, each with whether only Czech letters count.
fn sources() -> Vec<(PathBuf, bool)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    for (dirs, czech_only) in [(FRONT_ENDS, false), (ENGINE, true)] {
        for dir in dirs {
            let mut files = Vec::new();
            collect(&crates.join(dir), &mut files);
            out.extend(files.into_iter().map(|f| (f, czech_only)));
        }
    }
    out.sort();
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "js")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// A literal has Czech letters.
fn czech(text: &str) -> bool {
    text.chars()
        .any(|c| "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ".contains(c))
}

/// A literal reads as words: Czech letters, or two words of two letters
/// or more apart (a key like `cast.useSlot` or `no_slot` is no sentence).
fn wordy(text: &str) -> bool {
    if czech(text) {
        return true;
    }
    let words = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| ",;:.!?()\"'".contains(c)))
        .filter(|w| w.chars().count() >= 2 && w.chars().all(char::is_alphabetic))
        .count();
    words >= 2
}

/// In JavaScript, lower-case word lists are CSS classes and selectors; a
/// sentence there has a capital or Czech letters.
fn wordy_js(text: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek() == Some(&'{') {
            depth += 1;
        } else if c == '}' && depth > 0 {
            depth -= 1;
        } else if depth == 0 {
            plain.push(c);
        }
    }
    wordy(&plain) && (plain != plain.to_lowercase() || !plain.is_ascii())
}

/// Lines whose literals are for developers or operators, not players.
fn technical_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//")
        || t.starts_with("#[")
        || t.starts_with("#![")
        || t.starts_with('*')
        || t.starts_with("/*")
        || t.starts_with("import ")
        || [
            "tracing::",
            // Causes of a 5xx, logged for the operator; the client reads
            // server-internal or server-store-unavailable instead.
            "ServerError::Internal(",
            "StoreError::Unavailable(",
            "unavailable(",
            "panic!(",
            "unreachable!(",
            ".expect(",
            "assert",
        ]
        .iter()
        .any(|s| line.contains(s))
}

/// How much `line` opens brackets minus closes them (outside strings).
fn depth_change(line: &str) -> i32 {
    let mut depth = 0;
    let mut in_string = false;
    let mut escaped = false;
    for c in line.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' | '[' if !in_string => depth += 1,
            ')' | ']' if !in_string => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// The string literals of `src` that read as words, with their line.
fn literals(src: &str, js: bool) -> Vec<(usize, String)> {
    // Unit tests sit at the end of a Rust file, after `#[cfg(test)]`.
    let src = match src.find("\n#[cfg(test)]") {
        Some(i) if !js => &src[..i],
        _ => src,
    };
    let mut out = Vec::new();
    // Inside `#[utoipa::path(...)]` or `#[openapi(...)]`: the OpenAPI
    // document's descriptions,
    // technical like `contract.rs` (see ALLOWED_FILES).
    let mut openapi_depth = 0i32;
    for (n, line) in src.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("#[utoipa::path(") || t.starts_with("#[openapi(") || openapi_depth > 0 {
            openapi_depth += depth_change(line);
            continue;
        }
        if technical_line(line) {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let quotes: &[char] = if js { &['"', '\'', '`'] } else { &['"'] };
            if !js && c == '\'' {
                // A char literal ('"', '\'') is skipped; a lifetime is not one.
                if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                    continue;
                }
                if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') {
                    i += 4;
                    continue;
                }
            }
            if c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if quotes.contains(&c) {
                let mut text = String::new();
                let mut j = i + 1;
                while j < chars.len() && chars[j] != c {
                    if chars[j] == '\\' {
                        j += 1;
                    }
                    if let Some(&ch) = chars.get(j) {
                        text.push(ch);
                    }
                    j += 1;
                }
                let hit = if js { wordy_js(&text) } else { wordy(&text) };
                if hit && !ALLOWED.iter().any(|(s, _)| text.starts_with(s)) {
                    out.push((n + 1, text));
                }
                i = j + 1;
                continue;
            }
            i += 1;
        }
    }
    out
}

#[test]
fn the_front_ends_keep_their_words_in_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut report = Vec::new();
    let mut counted = Vec::new();
    for (path, czech_only) in sources() {
        let name = path
            .strip_prefix(&root)
            .expect("under crates/")
            .to_string_lossy()
            .replace('\\', "/");
        if ALLOWED_FILES.iter().any(|(f, _)| *f == name) {
            continue;
        }
        let src = std::fs::read_to_string(&path).expect("a readable source");
        let mut hits = literals(&src, name.ends_with(".js"));
        hits.retain(|(_, text)| {
            (!czech_only || czech(text))
                && !ALLOWED_IN
                    .iter()
                    .any(|(file, start, _)| name.starts_with(file) && text.starts_with(start))
        });
        let allowed = NOT_YET_MOVED
            .iter()
            .find(|(f, _)| *f == name)
            .map_or(0, |(_, n)| *n);
        if !hits.is_empty() {
            counted.push(format!("    (\"{name}\", {}),", hits.len()));
        }
        if hits.len() != allowed {
            let shown: Vec<String> = hits
                .iter()
                .take(5)
                .map(|(n, t)| format!("  {name}:{n}: {t:?}"))
                .collect();
            report.push(format!(
                "{name}: {} wordy literals, {allowed} expected\n{}",
                hits.len(),
                shown.join("\n")
            ));
        }
    }
    assert!(
        report.is_empty(),
        "words outside the .ftl files (move them to crates/words/locales, or \
         fix NOT_YET_MOVED):\n{}\n\nThe table as it stands:\n{}",
        report.join("\n"),
        counted.join("\n")
    );
}

/// The CLI, the MCP server, the app and the engine have moved every word
/// (issue 18): no row of theirs may come back.
#[test]
fn the_cli_mcp_app_and_engine_have_no_words_left_to_move() {
    let left: Vec<&str> = NOT_YET_MOVED
        .iter()
        .map(|(f, _)| *f)
        .filter(|f| {
            ["cli/", "mcp/", "app/"]
                .iter()
                .chain(ENGINE)
                .any(|dir| f.starts_with(dir))
        })
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Every scanned directory exists, so a renamed crate cannot silently
/// drop out of the scan.
#[test]
fn every_scanned_directory_exists() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for dir in FRONT_ENDS.iter().chain(ENGINE) {
        assert!(crates.join(dir).is_dir(), "{dir}");
    }
}

#[test]
fn the_scanner_tells_words_from_technical_strings() {
    let rust = "let a = \"no slot left\";\nlet b = \"{}: {}\";\nlet c = '\"';\n\
                tracing::warn!(\"operator log line\");\nlet d = \"dráp\";\nlet e = \"no_slot\";\n";
    let hits: Vec<String> = literals(rust, false).into_iter().map(|(_, t)| t).collect();
    assert_eq!(hits, ["no slot left", "dráp"]);
    let openapi = "#[utoipa::path(get, path = \"/x\",\n    responses((status = 200, description = \"Every spell's card\")))]\nfn x() { say(\"no slot left\") }\n";
    let hits: Vec<String> = literals(openapi, false)
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    assert_eq!(hits, ["no slot left"]);
    let js = "h('p', { class: 'muted small' }, `${n} Left behind`);\nconst s = 'Žádné';\n";
    let hits: Vec<String> = literals(js, true).into_iter().map(|(_, t)| t).collect();
    assert_eq!(hits, ["${n} Left behind", "Žádné"]);
}
