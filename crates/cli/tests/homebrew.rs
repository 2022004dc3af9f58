//! Homebrew from the CLI (issue 20): `grimoire homebrew add/list/remove`,
//! homebrew spells found by name like SRD ones (spell, spells, prepare,
//! cast), and every problem in a file reported at once.

mod common;

use common::Session;

const GOOD: &str = r#"
[[spell]]
id = "frost-lance"
name_en = "Frost Lance"
name_cs = "Mrazivé kopí"
level = 2
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "90 ft"
components = { v = true, s = true }
duration = "instantaneous"
summary_en = "A lance of ice; Con save or cold damage."
summary_cs = "Kopí z ledu; záchrana na Odolnost, jinak chlad."

[spell.effect]
kind = "save"
save = { ability = "con", on_success = "half" }
damage = [{ dice = "4d8", type = "cold", per_slot = "1d8" }]
"#;

/// Six problems in two spells: all six reported in one try.
const BAD: &str = r#"
[[spell]]
id = "Bad Id"
name_en = "Bad"
level = 12
school = "necromagic"
classes = ["wizard", "ninja"]
casting_time = "action"
range = "far"
components = { v = true }
duration = "instantaneous"

[[spell]]
id = "second"
name_en = "Second"
level = "two"
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "60 ft"
components = { v = true }
duration = "instantaneous"
"#;

fn write(s: &Session, name: &str, text: &str) -> String {
    let path = s.db().with_file_name(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn homebrew_spells_are_found_prepared_and_cast_by_name() {
    let s = Session::new();
    let file = write(&s, "ice.toml", GOOD);
    let added = s.ok(&["homebrew", "add", &file]);
    assert_eq!(added["added"][0]["file"], "ice.toml");
    assert_eq!(added["added"][0]["spells"][0], "frost-lance");
    let list = s.ok(&["homebrew", "list"]);
    assert_eq!(list["files"][0]["spells"][0], "frost-lance");
    // Found by either name, case and diacritics aside.
    assert_eq!(
        s.ok(&["spell", "mrazive KOPI"])["spell"]["id"],
        "frost-lance"
    );
    let hits = s.ok(&["spells", "lance"]);
    assert!(hits.to_string().contains("frost-lance"), "{hits}");
    s.ok(&[
        "character",
        "new",
        "Zed",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    s.ok(&["prepare", "Zed", "Frost Lance"]);
    let cast = s.ok(&["cast", "Zed", "frost lance", "--target", "Orc"]);
    assert_eq!(cast["cast"]["spell"], "frost-lance");
    assert_eq!(cast["cast"]["slot"], 2);
    // Removed, it is no longer known.
    s.ok(&["homebrew", "remove", "ice.toml"]);
    let e = s.fails(1, &["spell", "Frost Lance"]);
    assert_eq!(e["code"], "unknown_spell");
    let e = s.fails(1, &["homebrew", "remove", "ice.toml"]);
    assert_eq!(e["code"], "unknown_homebrew");
}

#[test]
fn every_problem_in_a_file_is_reported_at_once_and_nothing_is_stored() {
    let s = Session::new();
    let file = write(&s, "bad.toml", BAD);
    let e = s.fails(1, &["homebrew", "add", &file]);
    assert_eq!(e["code"], "invalid_homebrew");
    let message = e["message"].as_str().unwrap();
    for field in [
        "id:",
        "level: 12",
        "school:",
        "\"ninja\"",
        "range:",
        "level: must be",
    ] {
        assert!(message.contains(field), "{field} missing from: {message}");
    }
    assert!(message.contains("6 problem(s)"), "{message}");
    // In Czech, the heading and every problem.
    let e = s.fails(1, &["--lang", "cs", "homebrew", "add", &file]);
    let cs = e["message"].as_str().unwrap();
    assert!(cs.contains("nebyl uložen; 6 problémů:"), "{cs}");
    assert!(!cs.contains("problem(s)"), "{cs}");
    assert_eq!(
        cs.lines().filter(|l| l.starts_with("  - ")).count(),
        6,
        "{cs}"
    );
    assert_eq!(s.ok(&["homebrew", "list"])["files"], serde_json::json!([]));
    // A file that does not exist is a usage error naming it.
    let e = s.fails(2, &["homebrew", "add", "/nonexistent/x.toml"]);
    assert_eq!(e["code"], "unreadable_file");
}
