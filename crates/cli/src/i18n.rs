//! The two languages of the tool, and every fixed string it prints.
//!
//! Strings live in one table so a translation never hides in a command
//! module; JSON output is never translated (it is for programs).

use std::str::FromStr;

/// The language of human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Czech.
    Cs,
}

impl FromStr for Lang {
    type Err = String;

    /// Accepts `en`, `cs` and locale-like spellings (`cs_CZ.UTF-8`, `en-GB`).
    fn from_str(s: &str) -> Result<Self, String> {
        let lower = s.trim().to_ascii_lowercase();
        if lower.starts_with("cs") || lower.starts_with("cz") {
            Ok(Lang::Cs)
        } else if lower.starts_with("en") {
            Ok(Lang::En)
        } else {
            Err(format!("unknown language \"{s}\" (use cs or en)"))
        }
    }
}

/// A fixed piece of human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    Dice,
    Minimum,
    Maximum,
    Mean,
    Distribution,
    AtLeast,
    Value,
    Chance,
    Error,
    Rule,
    NoDice,
    Undone,
    UndoOf,
    UndoneBy,
    When,
    Command,
    Level,
    Spell,
    School,
    CastingTime,
    NoSpells,
    SpellsFound,
    Ritual,
    Range,
    Components,
    Duration,
    Classes,
}

impl Text {
    /// The string in the given language.
    pub fn get(self, lang: Lang) -> &'static str {
        let (en, cs) = match self {
            Text::Dice => ("dice", "kostky"),
            Text::Minimum => ("minimum", "minimum"),
            Text::Maximum => ("maximum", "maximum"),
            Text::Mean => ("mean", "průměr"),
            Text::Distribution => ("distribution", "rozdělení"),
            Text::AtLeast => ("at least", "alespoň"),
            Text::Value => ("value", "hodnota"),
            Text::Chance => ("chance", "šance"),
            Text::Error => ("error", "chyba"),
            Text::Rule => ("rule", "pravidlo"),
            Text::NoDice => ("no dice", "žádné kostky"),
            Text::Undone => ("undone", "vráceno"),
            Text::UndoOf => ("undo of", "vrácení"),
            Text::UndoneBy => ("undone by", "vráceno změnou"),
            Text::When => ("when (UTC)", "kdy (UTC)"),
            Text::Command => ("command", "příkaz"),
            Text::Level => ("level", "úroveň"),
            Text::Spell => ("spell", "kouzlo"),
            Text::School => ("school", "škola"),
            Text::CastingTime => ("casting time", "vyvolávací čas"),
            Text::NoSpells => ("no spells match", "žádné kouzlo neodpovídá"),
            Text::SpellsFound => ("spells", "kouzel"),
            Text::Ritual => ("ritual", "rituál"),
            Text::Range => ("range", "dosah"),
            Text::Components => ("components", "složky"),
            Text::Duration => ("duration", "trvání"),
            Text::Classes => ("classes", "povolání"),
        };
        match lang {
            Lang::En => en,
            Lang::Cs => cs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_spellings_parse() {
        assert_eq!("cs_CZ.UTF-8".parse::<Lang>(), Ok(Lang::Cs));
        assert_eq!("EN".parse::<Lang>(), Ok(Lang::En));
        assert!("de".parse::<Lang>().is_err());
    }

    #[test]
    fn czech_differs_from_english() {
        assert_eq!(Text::Mean.get(Lang::Cs), "průměr");
        assert_eq!(Text::Mean.get(Lang::En), "mean");
    }
}
