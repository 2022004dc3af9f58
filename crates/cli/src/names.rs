//! Parsing the words users type: classes, abilities, conditions, actions,
//! recharge periods and time spans, in any language of the catalogue.
//!
//! Every parser returns a usage [`Failure`] that lists what would have
//! been accepted, so a typo never panics and always teaches.

use grimoire_rules::{Ability, ActionKind, Class, Condition, DamageType, School};

use crate::failure::Failure;
use crate::keywords;
use grimoire_words::{Named, Term};

pub use grimoire_app::{NameKind, fold};

/// The longest name a character or encounter may have, in characters.
pub const MAX_NAME: usize = grimoire_app::MAX_NAME;

/// A name for a new character: see [`name_of`].
pub fn entity_name(raw: &str) -> Result<String, Failure> {
    name_of(NameKind::Character, raw)
}

/// A name for a new character, encounter, combatant or target, checked by
/// the one name policy of the app ([`grimoire_app::check_name`]): trimmed,
/// 1..=[`MAX_NAME`] characters, no control or format characters (which
/// would break tables, smuggle terminal escapes or hide look-alikes), no
/// `/` or `\`, letters of one script, nothing that draws nothing; in NFC.
/// Refused as usage `bad_name`.
pub fn name_of(kind: NameKind, raw: &str) -> Result<String, Failure> {
    match grimoire_app::check_name(kind, raw) {
        Ok(name) => Ok(name),
        Err(e) => {
            let shown: String = raw.chars().take(MAX_NAME).collect();
            let mut f = Failure::usage("bad_name", format!("{e}: {shown:?}"));
            if e.is_worded() {
                f = f.with_words(|lang| format!("{}: {shown:?}", e.message(lang)));
            }
            Err(f)
        }
    }
}

/// A class by its name in any language of the catalogue.
pub fn class(word: &str) -> Result<Class, Failure> {
    let w = fold(word);
    Class::ALL
        .into_iter()
        .find(|c| named(c, &w))
        .ok_or_else(|| {
            let known: Vec<String> = Class::ALL.iter().map(|c| fold(c.name_en())).collect();
            let known = known.join(", ");
            Failure::usage_worded(
                "unknown_class",
                "cli-unknown-class",
                &[("word", word), ("known", &known)],
            )
        })
}

/// `wizard:3` (or `kouzelník:3`): a class and its level.
pub fn class_level(spec: &str) -> Result<(Class, u8), Failure> {
    let (name, level) = spec.split_once([':', '=']).ok_or_else(|| {
        Failure::usage_worded("bad_class_spec", "cli-bad-class-spec", &[("spec", spec)])
    })?;
    let level: u8 = level.trim().parse().map_err(|_| {
        Failure::usage_worded("bad_class_spec", "cli-bad-class-level", &[("spec", spec)])
    })?;
    Ok((class(name)?, level))
}

/// Whether `folded` (a word as [`fold`] leaves it) names `value` in any
/// language of the catalogue.
fn named<T: Term>(value: &T, folded: &str) -> bool {
    grimoire_words::Words::get()
        .languages()
        .into_iter()
        .any(|lang| fold(grimoire_words::word(lang, value)) == folded)
}

/// An ability by abbreviation or name in any language of the catalogue
/// (`str`, `Strength`, `sil`, `Síla`).
pub fn ability(word: &str) -> Result<Ability, Failure> {
    let w = fold(word);
    let languages = grimoire_words::Words::get().languages();
    Ability::ALL
        .into_iter()
        .find(|&a| {
            fold(a.abbrev()) == w
                || languages.iter().any(|lang| {
                    fold(grimoire_words::abbrev(lang, a)) == w
                        || fold(grimoire_words::word(lang, &a)) == w
                })
        })
        .ok_or_else(|| {
            Failure::usage_worded("unknown_ability", "cli-unknown-ability", &[("word", word)])
        })
}

/// `str=8,dex=14,con=14,int=16,wis=12,cha=10`: all six scores; any left
/// out are 10.
pub fn abilities(spec: &str) -> Result<[u8; 6], Failure> {
    let mut scores = [10u8; 6];
    for (a, value) in ability_scores(spec)? {
        // ALL holds every variant, so the position always exists.
        let index = Ability::ALL.iter().position(|&x| x == a).unwrap_or(0);
        scores[index] = value;
    }
    Ok(scores)
}

/// The scores `spec` names (`con=16,wis=14`), in its order.
pub fn ability_scores(spec: &str) -> Result<Vec<(Ability, u8)>, Failure> {
    let mut scores = Vec::new();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part.split_once('=').ok_or_else(|| {
            Failure::usage_worded("bad_abilities", "cli-bad-abilities", &[("part", part)])
        })?;
        let value: u8 = value.trim().parse().map_err(|_| {
            Failure::usage_worded("bad_abilities", "cli-bad-score", &[("part", part)])
        })?;
        scores.push((ability(name)?, value));
    }
    Ok(scores)
}

/// A condition by its name in any language of the catalogue.
pub fn condition(word: &str) -> Result<Condition, Failure> {
    let w = fold(word);
    Condition::ALL
        .into_iter()
        .find(|c| named(c, &w))
        .ok_or_else(|| {
            let known: Vec<String> = Condition::ALL.iter().map(|c| fold(c.name_en())).collect();
            let known = known.join(", ");
            Failure::usage_worded(
                "unknown_condition",
                "cli-unknown-condition",
                &[("word", word), ("known", &known)],
            )
        })
}

/// A damage type by its name in any language of the catalogue (`fire`,
/// `ohnivé`).
pub fn damage_type(word: &str) -> Result<DamageType, Failure> {
    let w = fold(word);
    DamageType::ALL
        .into_iter()
        .find(|t| named(t, &w))
        .ok_or_else(|| {
            let known: Vec<&str> = DamageType::ALL.iter().map(|t| t.name_en()).collect();
            let known = known.join(", ");
            Failure::usage_worded(
                "unknown_damage_type",
                "cli-unknown-damage-type",
                &[("word", word), ("known", &known)],
            )
        })
}

/// A school by its name in any language of the catalogue.
pub fn school(word: &str) -> Result<School, Failure> {
    let w = fold(word);
    School::ALL
        .into_iter()
        .find(|s| named(s, &w))
        .ok_or_else(|| {
            let known: Vec<String> = School::ALL.iter().map(|s| fold(s.name_en())).collect();
            let known = known.join(", ");
            Failure::usage_worded(
                "unknown_school",
                "cli-unknown-school",
                &[("word", word), ("known", &known)],
            )
        })
}

/// The part of the turn a spell takes: its keyword (`magic`, `bonus`,
/// `reaction`; Czech `magie`, `bonusová`, `reakce`; see [`keywords`]) or
/// its vocabulary word, in any language of the catalogue.
pub fn action(word: &str) -> Result<ActionKind, Failure> {
    const ACTIONS: [(ActionKind, &str); 3] = [
        (ActionKind::Action, "action"),
        (ActionKind::BonusAction, "bonus-action"),
        (ActionKind::Reaction, "reaction"),
    ];
    let folded = fold(word);
    keywords::find(word, &ACTIONS)
        .or_else(|| {
            ACTIONS
                .into_iter()
                .map(|(a, _)| a)
                .find(|a| named(a, &folded))
        })
        .ok_or_else(|| {
            Failure::usage_worded("unknown_action", "cli-unknown-action", &[("word", word)])
        })
}

/// A time span in rounds: `3` or `3r` rounds, `10m` minutes, `1h` hours,
/// `8h`, `1d` days, the unit in any language of the catalogue (see
/// [`keywords`]). One round is six seconds, ten rounds a minute.
pub fn rounds(text: &str) -> Result<u64, Failure> {
    const UNITS: [(u64, &str); 4] = [(1, "round"), (10, "minute"), (600, "hour"), (14_400, "day")];
    let t = fold(text);
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let bad = || Failure::usage_worded("bad_duration", "cli-bad-duration", &[("text", text)]);
    let n: u64 = number.parse().map_err(|_| bad())?;
    let per = match unit.trim() {
        "" => 1,
        unit => keywords::find(unit, &UNITS).ok_or_else(bad)?,
    };
    n.checked_mul(per).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_in_both_languages() {
        assert_eq!(class_level("wizard:3").unwrap(), (Class::Wizard, 3));
        assert_eq!(class_level("Kouzelník:5").unwrap(), (Class::Wizard, 5));
        assert_eq!(class_level("hranicar=2").unwrap(), (Class::Ranger, 2));
        assert_eq!(class_level("wizard").unwrap_err().code, "bad_class_spec");
        assert_eq!(class_level("fighter:3").unwrap_err().code, "unknown_class");
    }

    #[test]
    fn abilities_default_to_ten() {
        assert_eq!(
            abilities("str=8,dex=14,con=14,int=16,wis=12,cha=10").unwrap(),
            [8, 14, 14, 16, 12, 10]
        );
        assert_eq!(abilities("int=18").unwrap(), [10, 10, 10, 18, 10, 10]);
        assert_eq!(
            abilities("sil=8,mdr=14,Obratnost=12").unwrap(),
            [8, 12, 10, 10, 14, 10]
        );
        assert_eq!(abilities("luck=3").unwrap_err().code, "unknown_ability");
        assert_eq!(abilities("int").unwrap_err().code, "bad_abilities");
    }

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(entity_name("  Elmíra \n").unwrap(), "Elmíra");
        assert_eq!(entity_name("   ").unwrap_err().code, "bad_name");
        assert_eq!(entity_name("Evil\u{1b}[31m").unwrap_err().code, "bad_name");
        assert_eq!(entity_name(&"x".repeat(65)).unwrap_err().code, "bad_name");
        assert!(entity_name(&"ž".repeat(64)).is_ok());
        assert_eq!(entity_name("\u{415}lmira").unwrap_err().code, "bad_name");
        assert_eq!(
            name_of(NameKind::Encounter, "").unwrap_err().message,
            "an encounter name must not be empty: \"\""
        );
    }

    #[test]
    fn time_spans() {
        assert_eq!(rounds("10m").unwrap(), 100);
        assert_eq!(rounds("3").unwrap(), 3);
        assert_eq!(rounds("1h").unwrap(), 600);
        assert_eq!(rounds("2 min").unwrap(), 20);
        assert_eq!(rounds("3 kola").unwrap(), 3);
        assert_eq!(rounds("2 Hodiny").unwrap(), 1200);
        assert_eq!(rounds("1 den").unwrap(), 14_400);
        assert_eq!(rounds("5 dní").unwrap(), 72_000);
        assert_eq!(rounds("10 minut").unwrap(), 100);
        assert_eq!(rounds("10 days").unwrap(), 144_000);
        assert_eq!(rounds("1 week").unwrap_err().code, "bad_duration");
        assert!(rounds("soon").is_err());
        assert!(rounds("99999999999999999999d").is_err());
    }

    #[test]
    fn conditions_and_actions() {
        assert_eq!(
            condition("incapacitated").unwrap(),
            Condition::Incapacitated
        );
        assert_eq!(action("bonus").unwrap(), ActionKind::BonusAction);
        assert_eq!(action("reakce").unwrap(), ActionKind::Reaction);
        assert_eq!(action("Bonusová akce").unwrap(), ActionKind::BonusAction);
        assert_eq!(condition("Bezvědomý").unwrap(), Condition::Unconscious);
        assert_eq!(damage_type("ohnivé").unwrap(), DamageType::Fire);
        assert_eq!(action("magie").unwrap(), ActionKind::Action);
        assert_eq!(action("Bonusová").unwrap(), ActionKind::BonusAction);
        assert_eq!(action("magic").unwrap(), ActionKind::Action);
        assert!(action("free").is_err());
    }
}
