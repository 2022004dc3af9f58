//! `grimoire rules`: the numbered rules, embedded from docs/RULES.md.

mod common;

use assert_cmd::Command;
use common::Session;

/// The repository's rules file.
fn rules_md() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/RULES.md");
    std::fs::read_to_string(path).expect("docs/RULES.md is in the repository")
}

#[test]
fn rules_lists_every_rule_of_the_file_with_its_title() {
    let s = Session::new();
    let v = s.ok(&["rules"]);
    let all = v["rules"].as_array().unwrap();
    let top: Vec<&str> = all
        .iter()
        .filter(|r| r["parent"].is_null())
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let in_file = rules_md()
        .lines()
        .filter(|l| l.starts_with("- **R"))
        .count();
    assert_eq!(top.len(), in_file);
    assert_eq!(top.first(), Some(&"R1"));
    assert_eq!(top.last(), Some(&"R22"));
    let r10 = all.iter().find(|r| r["id"] == "R10").unwrap();
    assert_eq!(r10["title"], "One spell slot per turn");
    let r14a = all.iter().find(|r| r["id"] == "R14a").unwrap();
    assert_eq!(
        (r14a["parent"].as_str(), r14a["title"].as_str()),
        (Some("R14"), Some("V"))
    );

    let human = s.human(&["rules"]);
    assert!(human.contains("R10   One spell slot per turn"), "{human}");
    assert!(human.contains("  R5a   Cantrips use no slot"), "{human}");
}

#[test]
fn rules_r10_prints_that_rule() {
    let s = Session::new();
    let text = s.human(&["rules", "R10"]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("R10 One spell slot per turn"));
    let body = lines.next().unwrap();
    assert!(body.starts_with("In one turn a caster may expend only one spell slot"));
    assert!(body.ends_with("(Casting without a slot is not limited by this.)"));
    assert!(!text.contains("R11"), "only R10: {text}");
    // The same words as the file, unwrapped.
    let md = rules_md().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(md.contains(body), "{body}");

    // Ids ignore case; a rule shows its parts.
    let r5 = s.human(&["rules", "r5"]);
    for part in ["R5a", "R5b", "R5c", "R5d"] {
        assert!(r5.contains(&format!("  {part} ")), "{part} in {r5}");
    }
    let v = s.ok(&["rules", "10"]);
    assert_eq!(v["rule"]["id"], "R10");
    assert_eq!(v["rule"]["parts"], serde_json::json!([]));
}

#[test]
fn an_unknown_rule_is_a_usage_error_in_both_languages() {
    let s = Session::new();
    let err = s.fails(2, &["rules", "R99"]);
    assert_eq!(err["code"], "unknown_rule");
    assert!(err["message"].as_str().unwrap().contains("R1–R22"), "{err}");
    let out = s
        .cmd()
        .args(["--lang", "cs", "rules", "R0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("pravidlo „R0“ neexistuje"), "{stderr}");
}

#[test]
fn rules_need_no_database() {
    let out = Command::cargo_bin("grimoire")
        .unwrap()
        .env("GRIMOIRE_DB", "/nonexistent/rules-dir/never.sqlite3")
        .args(["rules", "R19"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("R19 Save DC")
    );
    assert!(!std::path::Path::new("/nonexistent/rules-dir").exists());
}
