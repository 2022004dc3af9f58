//! The two languages a tool answers in.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The language of messages, fixes and names in a tool's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Czech.
    Cs,
}

impl Lang {
    /// The value of the CLI's `--lang` flag.
    pub fn flag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
        }
    }

    /// Reads `en`, `cs` and locale-like spellings (`cs_CZ.UTF-8`); anything
    /// else is English.
    pub fn parse_loose(text: &str) -> Lang {
        let lower = text.trim().to_ascii_lowercase();
        if lower.starts_with("cs") || lower.starts_with("cz") {
            Lang::Cs
        } else {
            Lang::En
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loose_spellings() {
        assert_eq!(Lang::parse_loose("cs_CZ.UTF-8"), Lang::Cs);
        assert_eq!(Lang::parse_loose("en-GB"), Lang::En);
        assert_eq!(Lang::parse_loose("de"), Lang::En);
        assert_eq!(Lang::Cs.flag(), "cs");
    }
}
