//! Dice notation errors in words: message `error-<code>` (`dice.ftl`) with
//! the numbers the error gives; a syntax error's `$expected` is message
//! `dice-expected-<key>`. The dice crate holds no words but its English
//! `Display`, which the English messages repeat word for word.

use grimoire_dice::{DistributionError, ParseError};

use crate::Message;

/// A dice notation error as a message, rendered in the reader's language.
///
/// ```
/// let e = grimoire_dice::parse("d0").unwrap_err();
/// let m = grimoire_words::dice_error(&e);
/// assert_eq!(m.render("en"), e.to_string());
/// assert_eq!(m.render("cs"), "kostka na znaku 1 nemá žádnou stěnu");
/// ```
pub fn dice_error(error: &ParseError) -> Message {
    let m = numbers(
        Message::new(format!("error-{}", error.code())),
        error.args(),
    );
    match error.expected_key() {
        Some(key) => m.part("expected", Message::new(format!("dice-expected-{key}"))),
        None => m,
    }
}

/// An exact distribution's error as a message, rendered in the reader's
/// language.
pub fn distribution_error(error: &DistributionError) -> Message {
    numbers(
        Message::new(format!("error-{}", error.code())),
        error.args(),
    )
}

/// Fluent holds numbers as `f64`: a number past 2^53 goes as text, so
/// every digit stays (a saturated count reads as it is).
fn numbers(mut m: Message, args: Vec<(&'static str, u64)>) -> Message {
    const EXACT: u64 = 1 << 53;
    for (name, n) in args {
        m = match i64::try_from(n) {
            Ok(v) if n < EXACT => m.number(name, v),
            _ => m.text(name, n.to_string()),
        };
    }
    m
}

#[cfg(test)]
mod tests {
    use grimoire_dice::{DistributionError, ParseError, parse};

    use super::*;
    use crate::Words;

    /// Every parse error the notation has, each syntax error's expectation
    /// among them.
    fn one_of_each() -> Vec<ParseError> {
        let typed =
            ["", "1 2", "1d", "4d6mi", "(1", "1d6x"].map(|text| parse(text).expect_err(text));
        let mut all = typed.to_vec();
        all.extend([
            ParseError::TooManyDice {
                position: 0,
                count: 20_000,
                limit: 10_000,
            },
            ParseError::TooManySides {
                position: 2,
                sides: 20_000,
                limit: 10_000,
            },
            ParseError::ZeroSides { position: 1 },
            ParseError::ExpressionTooLong { limit: 1000 },
            ParseError::TooDeep {
                position: 64,
                limit: 64,
            },
            ParseError::NumberTooLarge {
                position: 0,
                limit: 1_000_000_000,
            },
            ParseError::ImpossibleReroll { position: 3 },
            ParseError::ImpossibleExplode { position: 3 },
            ParseError::KeepTooMany {
                position: 3,
                requested: 5,
                count: 4,
            },
            ParseError::BadFaceLimit { position: 3 },
            ParseError::DuplicateModifier { position: 6 },
            ParseError::ResultOutOfRange {
                position: 5,
                limit: 1_000_000_000_000,
            },
            ParseError::DivisionByZero { position: 2 },
        ]);
        all
    }

    #[test]
    fn dice_errors_read_in_every_language_and_english_is_the_display() {
        let keys: std::collections::BTreeSet<_> = one_of_each()
            .iter()
            .filter_map(ParseError::expected_key)
            .collect();
        assert_eq!(keys.len(), 6, "{keys:?}");
        let words = Words::get();
        let distribution = [
            DistributionError::TooLarge {
                span: u64::MAX,
                limit: 1 << 20,
            },
            DistributionError::TooCostly { limit: 100_000_000 },
            DistributionError::Stopped,
        ];
        let messages = one_of_each()
            .iter()
            .map(|e| (e.to_string(), dice_error(e)))
            .chain(
                distribution
                    .iter()
                    .map(|e| (e.to_string(), distribution_error(e))),
            )
            .collect::<Vec<_>>();
        for (display, m) in messages {
            assert_eq!(m.render("en"), display);
            for lang in words.languages() {
                assert!(words.has(lang, m.id()), "{lang} has no {}", m.id());
                let text = m.render(lang);
                assert!(
                    !text.contains('{') && !text.contains("dice-"),
                    "{lang}: {text}"
                );
            }
            assert_ne!(m.render("cs"), display);
        }
    }

    #[test]
    fn czech_reads_as_the_dice_crate_had_it() {
        let e = parse("1d").unwrap_err();
        assert_eq!(
            dice_error(&e).render("cs"),
            "chyba zápisu kostek na znaku 2: očekáváno počet stěn kostky nebo %"
        );
        let e = DistributionError::TooLarge {
            span: 2_000_000,
            limit: 1 << 20,
        };
        assert_eq!(
            distribution_error(&e).render("cs"),
            "rozdělení by mělo 2000000 hodnot, přesně se počítá nejvýše 1048576"
        );
    }
}
