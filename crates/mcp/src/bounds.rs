//! Checks a tool's arguments against the bounds its own JSON schema
//! announces (`maxLength`, `minLength`, `maximum`, `minimum`, `maxItems`,
//! `minItems`), so what a model reads in the schema is exactly what is
//! enforced, and refuses text that would read as a command-line flag.

use grimoire_words::FluentValue;
use serde_json::{Map, Value};

use crate::lang::Lang;

/// An argument out of bounds, or arguments that do not fit together: which
/// one (a JSON path like `targets[2]`) and why, as a message of the
/// catalogue (`mcp-bound-*`, `mcp-args-*` in `mcp.ftl`) and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    /// Where in the arguments.
    pub path: String,
    /// The catalogue message saying what is wrong.
    pub id: &'static str,
    /// Its values (`$path` is added).
    pub args: Vec<(&'static str, FluentValue<'static>)>,
}

impl Violation {
    /// Arguments that do not fit together, worded by message `id`.
    pub fn new(path: &str, id: &'static str) -> Violation {
        Violation {
            path: path.to_owned(),
            id,
            args: Vec::new(),
        }
    }

    /// What is wrong, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let args = self
            .args
            .iter()
            .cloned()
            .chain([("path", FluentValue::from(self.path.clone()))]);
        grimoire_words::text(lang.flag(), self.id, args)
    }
}

/// Checks `value` against `schema` (the tool's input schema, whose `$ref`s
/// point into its `$defs`).
pub fn check(schema: &Map<String, Value>, value: &Value) -> Result<(), Violation> {
    let root = Value::Object(schema.clone());
    walk(&root, &root, value, "")
}

fn walk(root: &Value, schema: &Value, value: &Value, path: &str) -> Result<(), Violation> {
    if value.is_null() {
        return Ok(());
    }
    if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
        let resolved = target
            .strip_prefix("#/")
            .map(|p| p.split('/').fold(root, |s, key| &s[key]))
            .unwrap_or(&Value::Null);
        walk(root, resolved, value, path)?;
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        // Options and enums: a bound applies only to values of its own kind,
        // so every branch can be checked.
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            for branch in branches {
                walk(root, branch, value, path)?;
            }
        }
    }
    let number = |key: &str| schema.get(key).and_then(Value::as_f64);
    match value {
        Value::String(text) => {
            let chars = text.chars().count();
            if let Some(max) = number("maxLength").filter(|m| chars as f64 > *m) {
                return Err(violation(
                    path,
                    "mcp-bound-max-length",
                    vec![("chars", chars.into()), ("max", max.to_string().into())],
                ));
            }
            if let Some(min) = number("minLength").filter(|m| (chars as f64) < *m) {
                return Err(violation(
                    path,
                    "mcp-bound-min-length",
                    vec![("chars", chars.into()), ("min", min.to_string().into())],
                ));
            }
            if text.starts_with('-') {
                return Err(violation(path, "mcp-bound-flag", Vec::new()));
            }
            if text.chars().any(char::is_control) {
                return Err(violation(path, "mcp-bound-control", Vec::new()));
            }
        }
        Value::Number(n) => {
            let n = n.as_f64().unwrap_or(f64::NAN);
            if let Some(max) = number("maximum").filter(|m| n > *m) {
                return Err(violation(
                    path,
                    "mcp-bound-maximum",
                    vec![("n", n.to_string().into()), ("max", max.to_string().into())],
                ));
            }
            if let Some(min) = number("minimum").filter(|m| n < *m) {
                return Err(violation(
                    path,
                    "mcp-bound-minimum",
                    vec![("n", n.to_string().into()), ("min", min.to_string().into())],
                ));
            }
        }
        Value::Array(items) => {
            let len = items.len() as f64;
            if let Some(max) = number("maxItems").filter(|m| len > *m) {
                return Err(violation(
                    path,
                    "mcp-bound-max-items",
                    vec![("len", len.into()), ("max", max.to_string().into())],
                ));
            }
            if let Some(min) = number("minItems").filter(|m| len < *m) {
                return Err(violation(
                    path,
                    "mcp-bound-min-items",
                    vec![("len", len.into()), ("min", min.to_string().into())],
                ));
            }
            if let Some(item_schema) = schema.get("items") {
                for (i, item) in items.iter().enumerate() {
                    walk(root, item_schema, item, &format!("{path}[{i}]"))?;
                }
            }
        }
        Value::Object(fields) => {
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (name, field) in fields {
                    if let Some(field_schema) = properties.get(name) {
                        let path = if path.is_empty() {
                            name.clone()
                        } else {
                            format!("{path}.{name}")
                        };
                        walk(root, field_schema, field, &path)?;
                    }
                }
            }
        }
        Value::Bool(_) | Value::Null => {}
    }
    Ok(())
}

fn violation(
    path: &str,
    id: &'static str,
    args: Vec<(&'static str, FluentValue<'static>)>,
) -> Violation {
    let path = if path.is_empty() { "arguments" } else { path };
    Violation {
        args,
        ..Violation::new(path, id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Map<String, Value> {
        json!({
            "type": "object",
            "properties": {
                "spell": {"type": "string", "maxLength": 5},
                "level": {"type": ["integer", "null"], "minimum": 1, "maximum": 9},
                "targets": {"type": "array", "maxItems": 2, "items": {"type": "string", "maxLength": 3}},
                "target": {"anyOf": [{"$ref": "#/$defs/T"}, {"type": "null"}]}
            },
            "$defs": {"T": {"type": "object", "properties": {"ac": {"type": "integer", "maximum": 30}}}}
        })
        .as_object()
        .unwrap()
        .clone()
    }

    fn err(value: Value) -> String {
        check(&schema(), &value).unwrap_err().message(Lang::EN)
    }

    #[test]
    fn within_bounds_passes() {
        let ok = json!({"spell": "abc", "level": 3, "targets": ["a"], "target": {"ac": 12}});
        assert_eq!(check(&schema(), &ok), Ok(()));
        assert_eq!(check(&schema(), &json!({"level": null})), Ok(()));
    }

    #[test]
    fn each_bound_names_its_argument() {
        assert_eq!(
            err(json!({"spell": "abcdef"})),
            "spell: 6 characters, at most 5 allowed"
        );
        assert!(err(json!({"level": 10})).starts_with("level: 10 is above"));
        assert!(err(json!({"targets": ["a", "b", "c"]})).starts_with("targets: 3 items"));
        assert!(err(json!({"targets": ["abcd"]})).starts_with("targets[0]: 4 characters"));
        assert!(err(json!({"target": {"ac": 31}})).starts_with("target.ac: 31"));
    }

    #[test]
    fn flags_and_control_characters_are_refused() {
        assert!(err(json!({"spell": "--db"})).contains("'-'"));
        assert!(err(json!({"spell": "a\nb"})).contains("control"));
    }

    #[test]
    fn czech_counts_agree_with_their_number() {
        let cs = |v| check(&schema(), &v).unwrap_err().message(Lang::CS);
        assert_eq!(
            cs(json!({"spell": "abcdef"})),
            "spell: 6 znaků, povoleno nejvýš 5"
        );
        assert_eq!(
            cs(json!({"targets": ["a", "b", "c"]})),
            "targets: 3 položky, povoleno nejvýš 2"
        );
    }
}
