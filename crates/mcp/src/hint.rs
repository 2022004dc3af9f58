//! The CLI's hints as tool calls. A CLI refusal may end with the command
//! that makes it work ("end the turn with: grimoire turn end Elmira"), and
//! `--json` carries that hint as data (`error.hint`: its catalogue id and
//! values). Over MCP the command line is taken out of the message and the
//! refusal names the tool and the arguments that do the same
//! (`next_turn {"character": "Elmira"}`).

use serde_json::{Map, Value, json};

use crate::lang::Lang;

/// One tool call: the tool's name and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The tool, as the server lists it.
    pub tool: &'static str,
    /// Its arguments, valid against the tool's input schema.
    pub arguments: Value,
}

impl ToolCall {
    /// The fix for a refusal `code` that ends with this call, in `lang`
    /// (message `mcp-fix-call`): the code's sentence, then the tool and
    /// its arguments as JSON.
    pub fn fix(&self, code: &str, lang: Lang) -> String {
        // A creature's spent use has no slot to fall back on and no
        // character rest: its own sentence, not the code's (issue 31).
        let sentence = match self.tool {
            "creature_rest" => {
                grimoire_words::fixed(lang.flag(), "mcp-fix-creature_rest").to_owned()
            }
            _ => crate::fix::fix(code, lang),
        };
        grimoire_words::text(
            lang.flag(),
            "mcp-fix-call",
            [
                ("fix", sentence),
                ("tool", self.tool.to_owned()),
                ("arguments", self.arguments.to_string()),
            ],
        )
    }

    /// `{"tool": ..., "arguments": ...}`, as answers carry it.
    pub fn to_json(&self) -> Value {
        json!({ "tool": self.tool, "arguments": self.arguments })
    }
}

/// Every hint the CLI can give, by its catalogue id (`hint-*` in
/// `cli.ftl`): a test checks that the catalogue has no other.
pub const HINTS: [&str; 15] = [
    "hint-end-turn",
    "hint-trigger",
    "hint-material",
    "hint-material-worth",
    "hint-prepare",
    "hint-spellbook",
    "hint-rest",
    "hint-creature-rest",
    "hint-long-rest-wait",
    "hint-long-rest-encounter",
    "hint-character-list",
    "hint-encounter-start",
    "hint-encounter-list",
    "hint-hp",
    "hint-character-rest",
];

/// The tool call that does what the CLI hint `id` says, with its values
/// `args` (`caster`, `spell`, `encounter`, `hours`). `None` for a hint this
/// server does not know (the test over [`HINTS`] keeps that from
/// happening) or one missing a value it needs.
pub fn call_for(id: &str, args: &Map<String, Value>, lang: Lang) -> Option<ToolCall> {
    let get = |key: &str| args.get(key).and_then(Value::as_str).map(str::to_owned);
    // What the CLI leaves as "..." for the user to fill in, as an example.
    let example = |what: &str| grimoire_words::fixed(lang.flag(), what);
    let caster = get("caster");
    let (tool, arguments) = match id {
        "hint-end-turn" => ("next_turn", json!({ "character": caster? })),
        "hint-trigger" => (
            "cast",
            json!({ "character": caster?, "spell": get("spell")?, "action": "reaction",
                    "trigger": example("mcp-example-trigger") }),
        ),
        "hint-material" | "hint-material-worth" => (
            "equip",
            json!({ "character": caster?, "materials": [example("mcp-example-material")] }),
        ),
        "hint-prepare" => (
            "prepare",
            json!({ "character": caster?, "spells": [get("spell")?] }),
        ),
        "hint-spellbook" => (
            "spellbook_add",
            json!({ "character": caster?, "spells": [get("spell")?] }),
        ),
        "hint-rest" | "hint-character-rest" => {
            ("rest", json!({ "character": caster?, "kind": "long" }))
        }
        "hint-creature-rest" => (
            "creature_rest",
            json!({ "encounter": get("encounter")?, "combatant": caster? }),
        ),
        "hint-long-rest-wait" => (
            "wait",
            json!({ "character": caster?, "time": format!("{}h", get("hours")?) }),
        ),
        "hint-long-rest-encounter" => ("encounter_end", json!({ "encounter": get("encounter")? })),
        "hint-character-list" => ("character_list", json!({})),
        "hint-encounter-list" => ("encounter_list", json!({})),
        // The maximum and AC are the player's numbers: the sentence asks.
        "hint-hp" => ("hp", json!({ "character": caster? })),
        "hint-encounter-start" => ("encounter_start", json!({ "encounter": get("encounter")? })),
        _ => return None,
    };
    Some(ToolCall { tool, arguments })
}

/// Rewrites a CLI refusal for MCP: the hint's words leave the message
/// (`message (hint)` becomes `message`), `error.hint` goes, and the tool
/// call that does what it said comes back (for `error.fix_call`).
pub fn take(error: &mut Value, lang: Lang) -> Option<ToolCall> {
    let hint = error.as_object_mut()?.remove("hint")?;
    if let (Some(text), Some(message)) = (
        hint["text"].as_str(),
        error["message"].as_str().map(str::to_owned),
    ) && let Some(bare) = without(&message, text)
    {
        error["message"] = Value::String(bare);
    }
    call_for(hint["id"].as_str()?, hint["args"].as_object()?, lang)
}

/// `message` without the hint's words ` (text)`: the last place they
/// stand, usually the end (a later note may follow them).
fn without(message: &str, text: &str) -> Option<String> {
    let words = format!(" ({text})");
    message
        .rfind(&words)
        .map(|at| format!("{}{}", &message[..at], &message[at + words.len()..]))
}

/// Rewrites the `blocked` list of an `options` answer for MCP: each
/// refusal's hint (`hint`, in every language under `said`) leaves its
/// messages and becomes `fix_call`.
pub fn take_blocked(answer: &mut Value, lang: Lang) {
    let Some(blocked) = answer.get_mut("blocked").and_then(Value::as_array_mut) else {
        return;
    };
    for b in blocked {
        let Some(hint) = b.as_object_mut().and_then(|o| o.remove("hint")) else {
            continue;
        };
        let strip = |text: &mut Value, tag: &str| {
            if let (Some(said), Some(t)) = (hint["said"][tag].as_str(), text.as_str())
                && let Some(bare) = without(t, said)
            {
                *text = Value::String(bare);
            }
        };
        strip(&mut b["message"], grimoire_words::FALLBACK);
        if b["message_cs"].is_string() {
            strip(&mut b["message_cs"], "cs");
        }
        if let Some(messages) = b["messages"].as_object_mut() {
            for (tag, text) in messages.iter_mut() {
                strip(text, tag);
            }
        }
        let call = hint["id"]
            .as_str()
            .zip(hint["args"].as_object())
            .and_then(|(id, args)| call_for(id, args, lang));
        if let Some(call) = call {
            b["fix_call"] = call.to_json();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r10_end_the_turn_names_next_turn_and_leaves_the_message() {
        let mut error = json!({
            "code": "one_slot_per_turn",
            "message": "R10: one slot per turn (end the turn with: grimoire turn end Elmira)",
            "hint": {"id": "hint-end-turn", "args": {"caster": "Elmira"},
                     "text": "end the turn with: grimoire turn end Elmira"}
        });
        let call = take(&mut error, Lang::EN).unwrap();
        assert_eq!(call.tool, "next_turn");
        assert_eq!(call.arguments, json!({"character": "Elmira"}));
        assert_eq!(error["message"], "R10: one slot per turn");
        assert!(error.get("hint").is_none());
    }

    #[test]
    fn the_hints_words_leave_the_message_wherever_they_stand() {
        assert_eq!(
            without("no X (see: a b); it was active", "see: a b").as_deref(),
            Some("no X; it was active")
        );
        assert_eq!(without("no X", "see: a b"), None);
    }

    #[test]
    fn a_hint_missing_a_value_maps_to_nothing() {
        assert_eq!(
            call_for(
                "hint-prepare",
                json!({"caster": "E"}).as_object().unwrap(),
                Lang::EN
            ),
            None
        );
        assert_eq!(call_for("hint-new", &Map::new(), Lang::EN), None);
    }
}
