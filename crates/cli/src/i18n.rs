//! The two languages of the tool, and its fixed strings by name.
//!
//! The strings themselves are messages of the catalogue
//! (`crates/words/locales/<lang>/cli.ftl`), so a translation never hides
//! in a command module; JSON output is never translated (it is for
//! programs).

use std::str::FromStr;

/// The language of human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Czech.
    Cs,
}

impl Lang {
    /// The language's tag in the message catalogue (`en`, `cs`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
        }
    }
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    Ritual,
    Range,
    Area,
    Components,
    Duration,
    Classes,
    Slots,
    Pact,
    Arcanum,
    NoSlots,
    Proficiency,
    SaveDc,
    SpellAttack,
    Cantrips,
    Prepared,
    Ability,
    Item,
    Concentrating,
    Ongoing,
    LongCast,
    Conditions,
    Turn,
    Action,
    BonusAction,
    Reaction,
    SlotThisTurn,
    Created,
    Deleted,
    NoCharacters,
    Name,
    Added,
    Removed,
    LongRest,
    ShortRest,
    TurnEnded,
    PactSlot,
    SlotWord,
    Spent,
    AsRitual,
    Via,
    NoSlotCantrip,
    Casts,
    CastingStarted,
    CriticalHit,
    Hit,
    Miss,
    AttackRoll,
    Succeeds,
    Fails,
    RollSave,
    Damage,
    OnSuccess,
    Healing,
    HpNow,
    Unaffected,
    ConcentrationStarted,
    ConcentrationStopped,
    /// Turn damage as a creature's turn begins.
    AtTurnStart,
    /// Turn damage as a creature's turn ends.
    AtTurnEnd,
    /// A save ended the spell (Searing Smite).
    SpellEndsOnSave,
    Initiative,
    ConcentrationKept,
    ConcentrationLost,
    TimePassed,
    Round,
    Combatants,
    Effects,
    FreeHands,
    Pouch,
    Materials,
    Dismissed,
    Identified,
    NotIdentified,
    Computing,
    Changed,
    Active,
    ActiveCleared,
    NoActive,
    ActiveFromEnv,
    ActiveInDatabase,
    Rules,
}

impl Text {
    /// The string in the given language, from the message catalogue
    /// (`cli-<name>` in `crates/words/locales/<lang>/cli.ftl`).
    ///
    /// Rendered once per text and language and kept for the process
    /// ([`grimoire_words::fixed`]): the set is fixed and small, and callers
    /// keep a `&'static str`.
    pub fn get(self, lang: Lang) -> &'static str {
        grimoire_words::fixed(lang.tag(), &self.id())
    }

    /// The message id: `cli-` and the variant's name in kebab case.
    fn id(self) -> String {
        let mut id = String::from("cli");
        for c in format!("{self:?}").chars() {
            if c.is_ascii_uppercase() {
                id.push('-');
            }
            id.push(c.to_ascii_lowercase());
        }
        id
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
        assert_eq!(Text::AtTurnStart.id(), "cli-at-turn-start");
    }

    /// Every text has its message: a variant without one would print its id.
    #[test]
    fn every_text_has_a_message_in_every_language() {
        let source = include_str!("i18n.rs");
        let variants = &source[source.find("pub enum Text {").unwrap()..];
        let variants = &variants[..variants.find('}').unwrap()];
        let names: Vec<&str> = variants
            .lines()
            .map(str::trim)
            .filter(|l| l.ends_with(',') && !l.starts_with("//"))
            .map(|l| l.trim_end_matches(','))
            .collect();
        assert!(names.len() > 90, "{names:?}");
        for name in names {
            let id: String = std::iter::once("cli".to_owned())
                .chain(
                    name.split_inclusive(|_| true)
                        .map(|c| match c.chars().next() {
                            Some(u) if u.is_ascii_uppercase() => {
                                format!("-{}", u.to_ascii_lowercase())
                            }
                            _ => c.to_owned(),
                        }),
                )
                .collect();
            for lang in ["en", "cs"] {
                assert!(
                    grimoire_words::Words::get().has(lang, &id),
                    "{lang} lacks {id}"
                );
            }
        }
    }
}
