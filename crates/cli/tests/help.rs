//! Every command explains itself with examples, and the tool needs no
//! database for help.

use assert_cmd::Command;

const COMMANDS: &[&[&str]] = &[
    &["spells"],
    &["spell"],
    &["character", "new"],
    &["character", "show"],
    &["character", "list"],
    &["character", "delete"],
    &["prepare"],
    &["unprepare"],
    &["item", "add"],
    &["ability", "add"],
    &["cast"],
    &["equip"],
    &["slots"],
    &["rest"],
    &["condition"],
    &["drop"],
    &["dismiss"],
    &["damage"],
    &["casting"],
    &["identify"],
    &["wait"],
    &["turn", "end"],
    &["encounter", "new"],
    &["encounter", "add"],
    &["encounter", "start"],
    &["encounter", "next"],
    &["encounter", "damage"],
    &["encounter", "advance"],
    &["encounter", "status"],
    &["encounter", "list"],
    &["encounter", "end"],
    &["roll"],
    &["undo"],
    &["log"],
    &["use"],
    &["rules"],
    &["completions"],
    &["mcp"],
];

#[test]
fn every_command_has_help_with_an_example() {
    for args in COMMANDS {
        let out = Command::cargo_bin("grimoire")
            .unwrap()
            .env("GRIMOIRE_DB", "/nonexistent/dir/never-created.sqlite3")
            .args(*args)
            .arg("--help")
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?} --help failed");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("Example"),
            "{args:?} --help has no example:\n{text}"
        );
        assert!(
            text.contains("grimoire"),
            "{args:?} example does not show the command"
        );
    }
    assert!(!std::path::Path::new("/nonexistent/dir").exists());
}
