//! The class resource tools (issue 33): Font of Magic, Innate Sorcery and
//! Magical Cunning, each the `grimoire` command of the same job.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::bounds::Violation;
use crate::lang::Lang;

/// Arguments of `font_of_magic`: exactly one of `to_points` and `to_slot`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FontOfMagic {
    /// The Sorcerer's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// Expend a slot of this level (1-9) for as many Sorcery Points (no action).
    #[schemars(range(min = 1, max = 9))]
    pub to_points: Option<u8>,
    /// Spend Sorcery Points for a slot of this level (1-5; a Bonus Action): 2, 3, 5, 6 or 7 points.
    #[schemars(range(min = 1, max = 5))]
    pub to_slot: Option<u8>,
    /// With to_points: expend a Pact Magic slot.
    pub pact: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// `font NAME --to-points=N [--pact]` or `font NAME --to-slot=N`.
pub fn font(p: &FontOfMagic) -> Result<Vec<String>, Violation> {
    let mut argv = vec!["font".to_owned(), p.character.clone()];
    match (p.to_points, p.to_slot) {
        (Some(level), None) => {
            argv.push(format!("--to-points={level}"));
            if p.pact == Some(true) {
                argv.push("--pact".to_owned());
            }
        }
        (None, Some(level)) if p.pact != Some(true) => argv.push(format!("--to-slot={level}")),
        _ => return Err(Violation::new("to_points", "mcp-args-font")),
    }
    Ok(argv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_of_magic_takes_exactly_one_way() {
        let ask = |to_points, to_slot, pact| FontOfMagic {
            character: "Sera".into(),
            to_points,
            to_slot,
            pact,
            lang: None,
        };
        assert_eq!(
            font(&ask(Some(3), None, Some(true))).unwrap(),
            ["font", "Sera", "--to-points=3", "--pact"]
        );
        assert_eq!(
            font(&ask(None, Some(2), None)).unwrap(),
            ["font", "Sera", "--to-slot=2"]
        );
        assert!(font(&ask(Some(1), Some(1), None)).is_err());
        assert!(font(&ask(None, None, None)).is_err());
    }
}
