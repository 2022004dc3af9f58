//! The numbered rules (`docs/RULES.md`, and their Czech restatement
//! `docs/RULES.cs.md`), embedded in the binary and read by id, so
//! `grimoire rules R10` works on any machine without the repository
//! beside it.
//!
//! Each file stays the one source for its language: a rule is a list item
//! of the rules' section opening with `**R<n> Title.**`; its indented
//! items (`- R5a ...`) are its parts, readable by their own ids too.

use std::sync::OnceLock;

use crate::failure::Failure;
use crate::i18n::Lang;

/// The rules file as written in the repository.
pub const RULES_MD: &str = include_str!("../../../docs/RULES.md");

/// The same rules in Czech, with the same ids in the same order.
pub const RULES_CS_MD: &str = include_str!("../../../docs/RULES.cs.md");

/// One numbered rule, or one part of a rule (`R5a`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// `R10`, `R5a`.
    pub id: String,
    /// The rule's name (`One spell slot per turn`); for a part, its opening words.
    pub title: String,
    /// The rule's own text, unwrapped into one paragraph (parts excluded).
    pub text: String,
    /// The id of the rule this is a part of (`R5` for `R5a`).
    pub parent: Option<String>,
}

/// Every rule and part in the order of the file.
pub fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| parse(RULES_MD))
}

/// Every rule and part as written for readers of `lang`: Czech from its
/// own file, any other language in English.
pub fn rules_in(lang: Lang) -> &'static [Rule] {
    static CS: OnceLock<Vec<Rule>> = OnceLock::new();
    if lang == Lang::CS {
        CS.get_or_init(|| parse(RULES_CS_MD))
    } else {
        rules()
    }
}

/// `rule` as written for readers of `lang` (the same id), or as it is
/// when that language's file lacks it.
pub fn in_lang(rule: &'static Rule, lang: Lang) -> &'static Rule {
    rules_in(lang)
        .iter()
        .find(|r| r.id == rule.id)
        .unwrap_or(rule)
}

/// The rule with this id (`R10`, `r10`, `10`, `R5a`), or `unknown_rule`.
pub fn find(id: &str) -> Result<&'static Rule, Failure> {
    let wanted = id.trim().to_lowercase();
    let wanted = if wanted.starts_with('r') {
        wanted
    } else {
        format!("r{wanted}")
    };
    rules()
        .iter()
        .find(|r| r.id.to_lowercase() == wanted)
        .ok_or_else(|| {
            let (first, last) = range();
            Failure::usage_worded(
                "unknown_rule",
                "cli-unknown-rule",
                &[("id", id), ("first", first), ("last", last)],
            )
        })
}

/// The parts of a rule (`R5a`..`R5d` of `R5`) as written for readers of
/// `lang`.
pub fn parts_in(rule: &Rule, lang: Lang) -> impl Iterator<Item = &'static Rule> + '_ {
    rules_in(lang)
        .iter()
        .filter(move |r| r.parent.as_deref() == Some(rule.id.as_str()))
}

/// The first and last top-level rule ids.
fn range() -> (&'static str, &'static str) {
    let mut top = rules().iter().filter(|r| r.parent.is_none());
    let first = top.next().map_or("R1", |r| r.id.as_str());
    let last = top.next_back().map_or(first, |r| r.id.as_str());
    (first, last)
}

/// Reads the rules out of the markdown: the section whose list starts
/// with the first `- **R` item, up to the next heading (whatever the
/// language calls that section).
fn parse(md: &str) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    for line in md.lines() {
        if line.starts_with("## ") {
            if out.is_empty() {
                continue;
            }
            break;
        }
        if line.trim().is_empty() || (out.is_empty() && !line.starts_with("- **R")) {
            continue;
        }
        if let Some(item) = line.strip_prefix("- **") {
            // `- **R10 One spell slot per turn.** In one turn ...`
            let (head, body) = item.split_once("**").unwrap_or((item, ""));
            let (id, title) = head.split_once(' ').unwrap_or((head, ""));
            out.push(Rule {
                id: id.to_owned(),
                title: title.trim().trim_end_matches('.').to_owned(),
                text: body.trim().to_owned(),
                parent: None,
            });
        } else if let Some(item) = line.trim_start().strip_prefix("- ") {
            // `  - R5a Cantrips use no slot.`
            let parent = out
                .iter()
                .rev()
                .find(|r| r.parent.is_none())
                .map(|r| r.id.clone());
            let (id, body) = item.split_once(' ').unwrap_or((item, ""));
            out.push(Rule {
                id: id.to_owned(),
                title: String::new(),
                text: body.trim().to_owned(),
                parent,
            });
        } else if let Some(last) = out.last_mut() {
            // A wrapped line continues the last rule or part.
            if !last.text.is_empty() {
                last.text.push(' ');
            }
            last.text.push_str(line.trim());
        }
    }
    // A part's title may run onto its next line, so it is taken last.
    for part in out.iter_mut().filter(|r| r.parent.is_some()) {
        part.title = opening_words(&part.text);
    }
    out
}

/// A part's title: its words up to the first colon, semicolon, bracket or
/// full stop (`V: spoken ...` is `V`).
fn opening_words(body: &str) -> String {
    let end = body.find([':', ';', '(', '.']).unwrap_or(body.len());
    body[..end].trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_numbered_rule_is_read_in_order() {
        let ids: Vec<&str> = rules()
            .iter()
            .filter(|r| r.parent.is_none())
            .map(|r| r.id.as_str())
            .collect();
        let expected: Vec<String> = (1..=22).map(|n| format!("R{n}")).collect();
        assert_eq!(ids, expected);
    }

    #[test]
    fn a_rule_has_its_title_and_whole_text() {
        let r10 = find("r10").unwrap();
        assert_eq!(r10.title, "One spell slot per turn");
        assert!(
            r10.text
                .starts_with("In one turn a caster may expend only one spell slot")
        );
        assert!(
            r10.text
                .ends_with("(Casting without a slot is not limited by this.)")
        );
        assert!(!r10.text.contains('\n'));
        assert_eq!(find("10").unwrap().id, "R10");
    }

    #[test]
    fn parts_belong_to_their_rule() {
        let r5 = find("R5").unwrap();
        let parts: Vec<(&str, &str)> = parts_in(r5, Lang::EN)
            .map(|p| (p.id.as_str(), p.title.as_str()))
            .collect();
        assert_eq!(
            parts,
            [
                ("R5a", "Cantrips use no slot"),
                ("R5b", "Ritual"),
                (
                    "R5c",
                    "Special abilities let some characters and monsters cast specific spells without a slot, usually limited otherwise"
                ),
                ("R5d", "Magic items"),
            ]
        );
        assert_eq!(find("R14a").unwrap().parent.as_deref(), Some("R14"));
        assert!(
            find("R14c")
                .unwrap()
                .text
                .ends_with("(must be held unless its description says otherwise).")
        );
    }

    #[test]
    fn the_czech_file_has_every_rule_and_part_in_the_same_order() {
        let ids = |rules: &[Rule]| -> Vec<(String, Option<String>)> {
            rules
                .iter()
                .map(|r| (r.id.clone(), r.parent.clone()))
                .collect()
        };
        assert_eq!(ids(rules_in(Lang::CS)), ids(rules()));
        for (en, cs) in rules().iter().zip(rules_in(Lang::CS)) {
            assert!(!cs.title.is_empty(), "{cs:?}");
            assert_eq!(cs.text.is_empty(), en.text.is_empty(), "{cs:?}");
            if !en.text.is_empty() {
                assert_ne!(en.text, cs.text, "{} is not restated in Czech", en.id);
            }
        }
        assert_eq!(in_lang(find("R14a").unwrap(), Lang::CS).title, "V");
        assert_eq!(
            in_lang(find("R10").unwrap(), Lang::CS).title,
            "Jedna pozice za tah"
        );
    }

    #[test]
    fn an_unknown_id_names_the_range() {
        let f = find("R99").unwrap_err();
        assert_eq!((f.code.as_str(), f.exit), ("unknown_rule", 2));
        assert!(f.message.contains("R1–R22"), "{}", f.message);
    }
}
