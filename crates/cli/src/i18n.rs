//! The language of the tool's human output, and its fixed strings by name.
//!
//! A language is any that the message catalogue (`grimoire-words`) has: a
//! directory `crates/words/locales/<tag>/` is all it takes, with English
//! for any message it lacks. The strings themselves are messages of the
//! catalogue (`crates/words/locales/<lang>/cli.ftl`), so a translation
//! never hides in a command module; JSON output is never translated (it is
//! for programs).

use std::str::FromStr;

use grimoire_words::{FALLBACK, Words};

/// The language of human output: a tag the message catalogue knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(&'static str);

impl Default for Lang {
    /// English, the catalogue's fallback.
    fn default() -> Self {
        Lang::EN
    }
}

impl Lang {
    /// English (the default).
    pub const EN: Lang = Lang(FALLBACK);
    /// Czech.
    pub const CS: Lang = Lang("cs");

    /// The language's tag in the message catalogue (`en`, `cs`).
    pub fn tag(self) -> &'static str {
        self.0
    }

    /// The language of a catalogue tag; English when the catalogue has no
    /// such language.
    pub fn of_tag(tag: &str) -> Lang {
        Lang(Words::get().language_of(tag).unwrap_or(FALLBACK))
    }

    /// `en` or `cs` for the data that comes in those two languages only
    /// (the spell catalogue's names and summaries, the rules' Czech
    /// names): Czech for Czech, English for every other language.
    pub fn pick<T>(self, en: T, cs: T) -> T {
        if self == Lang::CS { cs } else { en }
    }

    /// Reads a language tag or a locale-like spelling (`cs_CZ.UTF-8`,
    /// `en-GB`); an unknown one is refused, in `lang`, with the list of
    /// the languages there are.
    pub fn parse_in(text: &str, lang: &str) -> Result<Lang, String> {
        let words = Words::get();
        words.language_of(text).map(Lang).ok_or_else(|| {
            grimoire_words::text(
                lang,
                "cli-unknown-language",
                [
                    ("lang", text.trim().to_owned()),
                    ("known", words.languages().join(", ")),
                ],
            )
        })
    }
}

impl FromStr for Lang {
    type Err = String;

    /// [`Lang::parse_in`] with the refusal in English.
    fn from_str(s: &str) -> Result<Self, String> {
        Lang::parse_in(s, FALLBACK)
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
    Focus,
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
        assert_eq!("cs_CZ.UTF-8".parse::<Lang>(), Ok(Lang::CS));
        assert_eq!("EN".parse::<Lang>(), Ok(Lang::EN));
        let refused = "xx".parse::<Lang>().unwrap_err();
        assert!(
            refused.contains("\"xx\"") && refused.contains("en, cs"),
            "{refused}"
        );
        assert!(
            Lang::parse_in("xx", "cs")
                .unwrap_err()
                .contains("neznámý jazyk")
        );
    }

    #[test]
    fn czech_differs_from_english() {
        assert_eq!(Text::Mean.get(Lang::CS), "průměr");
        assert_eq!(Text::Mean.get(Lang::EN), "mean");
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
            for lang in grimoire_words::Words::get().languages() {
                assert!(
                    grimoire_words::Words::get().has(lang, &id),
                    "{lang} lacks {id}"
                );
            }
        }
    }
}
