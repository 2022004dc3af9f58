//! The bad-input catalogue (`tests/bad-input/catalogue.json`, shared with the
//! server's `bad_input` test) against the real binary: every malformed or
//! hostile input gets its stable error code and exit status, never a panic,
//! and none of them changes what is saved. A case's `message_contains`
//! must appear in the message.
//!
//! An argument written `hex:ff00` is passed as those raw bytes (invalid
//! UTF-8); `rep:N:TEXT` is TEXT repeated N times, `rep:N:TEXT|END` then END.

mod common;

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use common::Session;
use serde_json::Value;

/// The catalogue, parsed.
pub fn catalogue() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/bad-input/catalogue.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// One catalogue argument as the bytes to pass.
fn arg(spec: &str) -> OsString {
    if let Some(hex) = spec.strip_prefix("hex:") {
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
        return OsString::from_vec(bytes);
    }
    if let Some(rest) = spec.strip_prefix("rep:") {
        let (count, text) = rest.split_once(':').unwrap();
        let (text, end) = text.split_once('|').unwrap_or((text, ""));
        return format!("{}{end}", text.repeat(count.parse().unwrap())).into();
    }
    spec.into()
}

/// Runs one case; `None` when the binary answered as the catalogue says.
fn check(session: &Session, case: &Value) -> Option<String> {
    let id = case["id"].as_str().unwrap();
    let expected = case["code"].as_str().unwrap();
    let exit = case["exit"].as_i64().unwrap_or(1) as i32;
    let args: Vec<OsString> = case["cli"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| arg(a.as_str().unwrap()))
        .collect();
    let out = session.cmd().arg("--json").args(&args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("panicked") {
        return Some(format!("{id}: panicked: {stderr}"));
    }
    let got: Value = match serde_json::from_str(&stdout) {
        Ok(v) => v,
        Err(e) => return Some(format!("{id}: stdout is not JSON ({e}): {stdout:.200}")),
    };
    let code = got["error"]["code"].as_str().unwrap_or("<none>");
    let message = got["error"]["message"].as_str().unwrap_or("");
    let says = case["message_contains"].as_str().unwrap_or("");
    if code != expected
        || out.status.code() != Some(exit)
        || message.trim().is_empty()
        || !message.contains(says)
    {
        return Some(format!(
            "{id}: expected {expected} (exit {exit}), got {code} (exit {:?}): {message:.200}",
            out.status.code()
        ));
    }
    None
}

#[test]
fn every_catalogued_input_gets_its_error_and_changes_nothing() {
    let cases = catalogue();
    assert!(
        cases.len() >= 100,
        "the catalogue shrank to {}",
        cases.len()
    );
    let mut ids = std::collections::BTreeSet::new();
    for case in &cases {
        assert!(
            ids.insert(case["id"].as_str().unwrap()),
            "duplicate id {}",
            case["id"]
        );
    }

    let s = Session::new();
    s.wizard("Elmira");
    s.ok(&[
        "prepare",
        "Elmira",
        "Magic Missile",
        "Shield",
        "Fire Bolt",
        "Detect Magic",
    ]);
    let before = (
        s.ok(&["character", "show", "Elmira"]),
        s.ok(&["character", "list"]),
    );

    let cli: Vec<&Value> = cases.iter().filter(|c| c.get("cli").is_some()).collect();
    assert!(cli.len() >= 100, "only {} CLI cases", cli.len());
    let failures: Vec<String> = cli.iter().filter_map(|c| check(&s, c)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases answered wrongly:\n{}",
        failures.len(),
        cli.len(),
        failures.join("\n")
    );

    // Refused means refused: the character and the roster are as they were.
    let after = (
        s.ok(&["character", "show", "Elmira"]),
        s.ok(&["character", "list"]),
    );
    assert_eq!(before, after);
    let log = s.ok(&["log", "Elmira"]);
    let entries = log["log"]
        .as_array()
        .or(log["entries"].as_array())
        .or(log.as_array())
        .map_or(0, Vec::len);
    assert_eq!(entries, 2, "only creating and preparing are logged: {log}");
}

/// The CLI fuzzer's regression corpus (`fuzz/corpus-regression/cli_args/`,
/// one word per line) through the real binary: never a panic, and every
/// refusal is the JSON error with a code and exit status 1 or 2.
#[test]
fn cli_fuzz_corpus_never_panics_through_the_binary() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fuzz/corpus-regression/cli_args"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the corpus is missing: {dir}");
    let s = Session::new();
    s.wizard("Elmira");
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let words: Vec<OsString> = bytes
            .split(|&b| b == b'\n')
            .filter(|w| !w.contains(&0))
            .map(|w| OsString::from_vec(w.to_vec()))
            .collect();
        let out = s.cmd().arg("--json").args(&words).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        let json: Option<Value> = serde_json::from_slice(&out.stdout).ok();
        let coded = json
            .as_ref()
            .and_then(|v| v["error"]["code"].as_str())
            .is_some_and(|c| !c.is_empty());
        let ok = !stderr.contains("panicked")
            && match code {
                Some(0) => true,
                Some(1 | 2) => coded,
                _ => false,
            };
        if !ok {
            failures.push(format!("{}: exit {code:?}: {stderr:.300}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Issue 11, item 12: a character whose name only looks like an existing
/// one (all-Cyrillic `Асе` beside Latin `Ace`) or is its decomposed form.
#[test]
fn look_alike_and_decomposed_character_names_are_refused() {
    let s = common::Session::new();
    s.wizard("Ace");
    s.wizard("Ren\u{e9}e");
    let e = s.fails(
        2,
        &[
            "character",
            "new",
            "\u{410}\u{441}\u{435}",
            "--class",
            "wizard:1",
        ],
    );
    assert_eq!(e["code"], "bad_name", "{e}");
    assert!(e["message"].as_str().unwrap().contains("\"Ace\""), "{e}");
    let e = s.fails(
        1,
        &["character", "new", "Rene\u{301}e", "--class", "wizard:1"],
    );
    assert_eq!(e["code"], "already_exists", "{e}");
    let list = s.ok(&["character", "list"]);
    assert_eq!(list["characters"].as_array().unwrap().len(), 2, "{list}");
}
