//! The language a tool answers in: any the message catalogue has.

use std::borrow::Cow;
use std::sync::LazyLock;

use grimoire_words::{FALLBACK, Words};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The language of messages, fixes and names in a tool's answer: a tag of
/// the message catalogue (`en`, `cs`, and any language added to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(&'static str);

impl Default for Lang {
    /// English, the catalogue's fallback.
    fn default() -> Self {
        Lang::EN
    }
}

impl Lang {
    /// English.
    pub const EN: Lang = Lang(FALLBACK);
    /// Czech.
    pub const CS: Lang = Lang("cs");

    /// The language's catalogue tag, also the value of the CLI's `--lang`.
    pub fn flag(self) -> &'static str {
        self.0
    }

    /// Reads a tag or a locale-like spelling (`cs_CZ.UTF-8`, `en-GB`);
    /// a language the catalogue lacks is English.
    pub fn parse_loose(text: &str) -> Lang {
        Lang(Words::get().language_of(text).unwrap_or(FALLBACK))
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Lang {
    /// One of the catalogue's tags; anything else is refused with the
    /// list, in serde's words for an unknown enum variant (as when the
    /// languages were an enum).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        static TAGS: LazyLock<Vec<&'static str>> = LazyLock::new(|| Words::get().languages());
        let text = String::deserialize(d)?;
        match TAGS.iter().find(|t| **t == text) {
            Some(tag) => Ok(Lang(tag)),
            None => Err(serde::de::Error::unknown_variant(&text, TAGS.as_slice())),
        }
    }
}

impl JsonSchema for Lang {
    fn schema_name() -> Cow<'static, str> {
        "Lang".into()
    }

    /// A string, one of the catalogue's tags, each described by message
    /// `mcp-language` in English (the schema's language).
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let choices: Vec<serde_json::Value> = Words::get()
            .languages()
            .into_iter()
            .map(|tag| {
                let name = Words::get().text(tag, "mcp-language", None);
                serde_json::json!({"type": "string", "const": tag, "description": name})
            })
            .collect();
        json_schema!({
            "description": Words::get().text(FALLBACK, "mcp-lang-schema", None),
            "oneOf": choices,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loose_spellings() {
        assert_eq!(Lang::parse_loose("cs_CZ.UTF-8"), Lang::CS);
        assert_eq!(Lang::parse_loose("en-GB"), Lang::EN);
        assert_eq!(Lang::parse_loose("de"), Lang::EN);
        assert_eq!(Lang::CS.flag(), "cs");
    }

    #[test]
    fn every_language_of_the_catalogue_is_accepted_and_no_other() {
        for tag in Words::get().languages() {
            let lang: Lang = serde_json::from_value(serde_json::json!(tag)).unwrap();
            assert_eq!(lang.flag(), tag);
            assert_eq!(serde_json::to_value(lang).unwrap(), serde_json::json!(tag));
        }
        let refused = serde_json::from_value::<Lang>(serde_json::json!("xx")).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains("unknown variant `xx`, expected `en` or `cs`"),
            "{refused}"
        );
    }
}
