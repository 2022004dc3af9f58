//! What to call after an answer that leaves something open. A spell that
//! waits in a reaction window (`"status": "pending"`), or a window opened
//! by an attack, damage or a fall (`"window"` with `"reactors"`), names
//! its next tools under `next`: `react` for each combatant and Reaction
//! spell that could answer, `reaction_pass` for each of them,
//! `reaction_resolve` to close the window, and for a waiting spell
//! `reaction_withdraw` to take it back.

use serde_json::{Value, json};

use crate::hint::ToolCall;

/// The calls that move an open window on, when `answer` leaves one open.
pub fn calls(answer: &Value) -> Vec<ToolCall> {
    let Some(encounter) = answer["encounter"].as_str() else {
        return Vec::new();
    };
    let pending = answer["status"] == "pending";
    let opened = answer["window"].is_string() || answer["window"].is_object();
    if !pending && !opened {
        return Vec::new();
    }
    let reactors = answer["reactors"].as_array().map_or(&[][..], Vec::as_slice);
    let mut calls = Vec::new();
    for r in reactors {
        let Some(name) = r["name"].as_str() else {
            continue;
        };
        for spell in r["spells"].as_array().into_iter().flatten() {
            if let Some(spell) = spell.as_str() {
                calls.push(ToolCall {
                    tool: "react",
                    arguments: json!({ "encounter": encounter, "caster": name, "spell": spell }),
                });
            }
        }
        calls.push(ToolCall {
            tool: "reaction_pass",
            arguments: json!({ "encounter": encounter, "combatant": name }),
        });
    }
    calls.push(ToolCall {
        tool: "reaction_resolve",
        arguments: json!({ "encounter": encounter }),
    });
    if pending {
        calls.push(ToolCall {
            tool: "reaction_withdraw",
            arguments: json!({ "encounter": encounter }),
        });
    }
    calls
}

/// Adds `next` to an answer that leaves a window open.
pub fn annotate(answer: &mut Value) {
    let calls = calls(answer);
    if !calls.is_empty() {
        answer["next"] = Value::Array(calls.iter().map(ToolCall::to_json).collect());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r11_a_waiting_spell_names_react_pass_resolve_and_withdraw() {
        let mut answer = json!({
            "encounter": "Cave", "status": "pending", "caster": "Mage", "spell": "fireball",
            "reactors": [{"name": "Elmira", "spells": ["counterspell"]}]
        });
        annotate(&mut answer);
        let tools: Vec<&str> = answer["next"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["tool"].as_str().unwrap())
            .collect();
        assert_eq!(
            tools,
            [
                "react",
                "reaction_pass",
                "reaction_resolve",
                "reaction_withdraw"
            ]
        );
        assert_eq!(
            answer["next"][0]["arguments"],
            json!({"encounter": "Cave", "caster": "Elmira", "spell": "counterspell"})
        );
    }

    #[test]
    fn a_finished_cast_names_nothing() {
        let mut answer = json!({"encounter": "Cave", "cast": {"status": "resolved"}});
        annotate(&mut answer);
        assert!(answer.get("next").is_none());
    }
}
