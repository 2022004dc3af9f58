//! `grimoire log` words every kind of event the rules log, in every
//! language: a kind `history.rs` does not word itself needs a
//! `cli-log-kind-<kind>` message, or the log shows its bare English name
//! (as 19 kinds did, Czech tables included).

use grimoire_words::Words;

/// The kinds of `grimoire_rules::Event`, as serde names them
/// (`SlotExpended` is `slot_expended`), read from the enum's source.
fn event_kinds() -> Vec<String> {
    let source = include_str!("../../rules/src/event.rs");
    let start = source.find("pub enum Event {").expect("the Event enum");
    let body = &source[start..];
    let body = &body[..body.find("\n}\n").expect("the enum's end")];
    body.lines()
        .filter_map(|line| {
            // A variant sits at four spaces: `    SlotExpended {` or `    TurnBegan,`.
            let name = line.strip_prefix("    ")?;
            let name: String = name
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            name.starts_with(|c: char| c.is_ascii_uppercase())
                .then_some(name)
        })
        .map(|name| {
            let mut snake = String::new();
            for (i, c) in name.chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    snake.push('_');
                }
                snake.push(c.to_ascii_lowercase());
            }
            snake
        })
        .collect()
}

#[test]
fn every_event_kind_has_its_words_in_every_language() {
    let kinds = event_kinds();
    assert!(kinds.len() > 40, "{kinds:?}");
    let history = include_str!("../src/commands/history.rs");
    let words = Words::get();
    let mut missing = Vec::new();
    for kind in &kinds {
        if history.contains(&format!("\"{kind}\"")) {
            continue;
        }
        for lang in words.languages() {
            if !words.has(lang, &format!("cli-log-kind-{kind}")) {
                missing.push(format!("{lang}: {kind}"));
            }
        }
    }
    assert!(missing.is_empty(), "no words for {missing:?}");
}
