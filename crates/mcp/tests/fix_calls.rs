//! Every fix names a tool that works (issue 32): each hint the CLI can end
//! a refusal with ("end the turn with: grimoire turn end Elmira") maps to a
//! tool this server lists, with arguments its schema accepts; and every
//! fix sentence of the MCP catalogue names a listed tool and no command
//! line.

use std::collections::BTreeSet;

use grimoire_mcp::{Grimoire, Lang, Runner, bounds, hint};
use serde_json::json;

fn server() -> Grimoire {
    Grimoire::new(Runner::new("grimoire".into(), None, None), Lang::EN)
}

/// The message ids of a Fluent file that start with `prefix`.
fn ids(ftl: &str, prefix: &str) -> BTreeSet<String> {
    ftl.lines()
        .filter_map(|l| l.split_once(" = ").map(|(id, _)| id.trim()))
        .filter(|id| id.starts_with(prefix))
        .map(str::to_owned)
        .collect()
}

const CLI_EN: &str = include_str!("../../words/locales/en/cli.ftl");
const CLI_CS: &str = include_str!("../../words/locales/cs/cli.ftl");
const MCP_EN: &str = include_str!("../../words/locales/en/mcp.ftl");
const MCP_CS: &str = include_str!("../../words/locales/cs/mcp.ftl");

#[test]
fn the_server_knows_every_hint_the_cli_can_give() {
    let known: BTreeSet<String> = hint::HINTS.iter().map(|h| (*h).to_owned()).collect();
    assert_eq!(ids(CLI_EN, "hint-"), known, "a CLI hint without a tool");
    assert_eq!(ids(CLI_CS, "hint-"), known);
}

#[test]
fn every_cli_hint_maps_to_a_listed_tool_with_arguments_its_schema_accepts() {
    let tools = server().tools();
    let values =
        json!({"caster": "Elmira", "spell": "Fireball", "encounter": "Cave", "hours": "5"});
    for id in hint::HINTS {
        let call = hint::call_for(id, values.as_object().unwrap(), Lang::EN)
            .unwrap_or_else(|| panic!("{id} maps to no tool"));
        let tool = tools
            .iter()
            .find(|t| t.name == call.tool)
            .unwrap_or_else(|| panic!("{id}: no tool {}", call.tool));
        let schema = &tool.input_schema;
        let args = call.arguments.as_object().unwrap();
        for required in schema
            .get("required")
            .and_then(|r| r.as_array())
            .into_iter()
            .flatten()
        {
            let required = required.as_str().unwrap();
            assert!(
                args.contains_key(required),
                "{id}: {} needs {required}",
                call.tool
            );
        }
        for key in args.keys() {
            assert!(
                schema.get("properties").and_then(|p| p.get(key)).is_some(),
                "{id}: {} takes no {key}",
                call.tool
            );
        }
        assert_eq!(bounds::check(schema, &call.arguments), Ok(()), "{id}");
    }
}

#[test]
fn every_fix_sentence_names_a_listed_tool_and_no_command_line() {
    let names: Vec<String> = server()
        .tools()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    let mut wrong = Vec::new();
    for (lang, ftl) in [("en", MCP_EN), ("cs", MCP_CS)] {
        let fixes = ids(ftl, "mcp-fix-");
        assert!(fixes.len() > 40, "{lang}: {}", fixes.len());
        // These say to call the same tool again, or to tell the user.
        let again = [
            "mcp-fix-call",
            "mcp-fix-conflict",
            "mcp-fix-invalid_argument",
            "mcp-fix-usage",
            "mcp-fix-timeout",
            "mcp-fix-output_too_large",
            "mcp-fix-busy",
            "mcp-fix-database_unavailable",
        ];
        for id in fixes.iter().filter(|id| !again.contains(&id.as_str())) {
            let text = grimoire_words::Words::get().text(lang, id, None);
            let words: Vec<&str> = text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .collect();
            if !names.iter().any(|n| words.contains(&n.as_str())) {
                wrong.push(format!("{lang} {id} names no tool: {text}"));
            }
            if text.contains("grimoire ") || text.contains("CLI") {
                wrong.push(format!("{lang} {id} names a command line: {text}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_fix_with_a_call_names_the_tool_and_its_arguments_in_both_languages() {
    let values = json!({"caster": "Elmira"});
    let call = hint::call_for("hint-end-turn", values.as_object().unwrap(), Lang::EN).unwrap();
    let en = call.fix("one_slot_per_turn", Lang::EN);
    assert!(en.ends_with(r#"next_turn {"character":"Elmira"}"#), "{en}");
    let cs = call.fix("one_slot_per_turn", Lang::CS);
    assert!(cs.contains("Zavolej: next_turn"), "{cs}");
}
