//! The README's walkthrough runs as written, in the order shown, on a fresh
//! database (issue 20): every `$ grimoire ...` line of its console blocks
//! succeeds, except the ones the README shows answered by `error:`, which
//! must be refused.

mod common;

use common::Session;

/// `(command words, whether the README shows it refused)` for each line.
fn walkthrough() -> Vec<(Vec<String>, bool)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut in_console = false;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        let Some(command) = line.strip_prefix("$ grimoire ").filter(|_| in_console) else {
            continue;
        };
        // Serving is for the browser; it does not return.
        if command.starts_with("serve") {
            continue;
        }
        let command = command.split(" #").next().unwrap();
        let mut words = shlex::split(command).unwrap_or_else(|| panic!("unquotable: {line}"));
        // The session seeds every run already (with 7, as the README does).
        if words.first().is_some_and(|w| w == "--seed") {
            words.drain(..2);
        }
        let refused = lines
            .get(i + 1)
            .is_some_and(|next| next.starts_with("error:"));
        out.push((words, refused));
    }
    out
}

#[test]
fn the_readme_walkthrough_runs_in_order() {
    let steps = walkthrough();
    assert!(steps.len() > 25, "the walkthrough was found: {steps:?}");
    let s = Session::new();
    for (words, refused) in steps {
        let out = s.cmd().args(&words).output().unwrap();
        assert_eq!(
            out.status.success(),
            !refused,
            "grimoire {}: {}{}",
            words.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
