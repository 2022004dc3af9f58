//! clap's usage errors in every language of the catalogue: clap words its
//! errors in English only, so the common kinds are worded here from the
//! facts clap gives with each (the argument, the value, the valid values, a
//! suggestion), with the catalogue's `usage-*` messages.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use grimoire_words::{FluentArgs, Words};

/// Message `id` of `words` in `lang` with text arguments.
fn say(words: &Words, lang: &str, id: &str, args: &[(&str, String)]) -> String {
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    words.text(lang, id, Some(&fargs))
}

/// The first line of a usage error in `lang`, worded by `words` (the
/// embedded catalogue, [`Words::get`]), when its kind is one worded here;
/// `None` leaves clap's English.
pub fn message(words: &Words, err: &clap::Error, lang: &str) -> Option<String> {
    let arg = text(err, ContextKind::InvalidArg);
    let value = text(err, ContextKind::InvalidValue);
    let say = |id: &str, args: &[(&str, String)]| say(words, lang, id, args);
    let valid = || {
        text(err, ContextKind::ValidValue)
            .map(|v| say("usage-valid-values", &[("values", v)]))
            .unwrap_or_default()
    };
    let mut line = match err.kind() {
        ErrorKind::UnknownArgument => say("usage-unknown-argument", &[("arg", arg?)]),
        ErrorKind::InvalidSubcommand => say(
            "usage-invalid-subcommand",
            &[("name", text(err, ContextKind::InvalidSubcommand)?)],
        ),
        ErrorKind::MissingRequiredArgument => say("usage-missing-required", &[("arg", arg?)]),
        ErrorKind::MissingSubcommand => say("usage-missing-subcommand", &[]),
        ErrorKind::InvalidValue => {
            if value.as_deref().is_none_or(str::is_empty) {
                say("usage-value-needed", &[("arg", arg?), ("valid", valid())])
            } else {
                say(
                    "usage-invalid-value",
                    &[("value", value?), ("arg", arg?), ("valid", valid())],
                )
            }
        }
        ErrorKind::ValueValidation => {
            // The validator's own reason (a range, a parse error) follows,
            // as clap gives it.
            match std::error::Error::source(err) {
                Some(reason) => say(
                    "usage-invalid-value-because",
                    &[
                        ("value", value?),
                        ("arg", arg?),
                        ("reason", range(words, &reason.to_string(), lang)),
                    ],
                ),
                None => say(
                    "usage-invalid-value",
                    &[("value", value?), ("arg", arg?), ("valid", String::new())],
                ),
            }
        }
        ErrorKind::ArgumentConflict => match text(err, ContextKind::PriorArg) {
            Some(prior) => say("usage-conflict-with", &[("arg", arg?), ("prior", prior)]),
            None => say("usage-conflict", &[("arg", arg?)]),
        },
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            say("usage-value-count", &[("arg", arg?)])
        }
        ErrorKind::NoEquals => say("usage-no-equals", &[("arg", arg?)]),
        ErrorKind::InvalidUtf8 => say("usage-invalid-utf8", &[]),
        _ => return None,
    };
    if let Some(s) = text(err, ContextKind::SuggestedArg)
        .or_else(|| text(err, ContextKind::SuggestedSubcommand))
        .or_else(|| text(err, ContextKind::SuggestedValue))
    {
        line.push_str(&say("usage-did-you-mean", &[("suggestion", s)]));
    }
    Some(line)
}

/// clap's range reason, `5 is not in 1..=40`, in `lang`; other reasons as
/// they are.
fn range(words: &Words, reason: &str, lang: &str) -> String {
    let Some((value, range)) = reason.split_once(" is not in ") else {
        return reason.to_owned();
    };
    let value = value.to_owned();
    match range.split_once("..=") {
        Some((low, high)) => say(
            words,
            lang,
            "usage-out-of-range",
            &[
                ("value", value),
                ("low", low.to_owned()),
                ("high", high.to_owned()),
            ],
        ),
        None => say(
            words,
            lang,
            "usage-out-of-range-open",
            &[("value", value), ("range", range.to_owned())],
        ),
    }
}

/// The whole error for a terminal in `lang`, worded by `words`: the
/// message, clap's usage line and where to read more.
pub fn render(words: &Words, err: &clap::Error, message: &str, lang: &str) -> String {
    let usage = err
        .get(ContextKind::Usage)
        .map(|u| {
            let u = u.to_string();
            let u = u.strip_prefix("Usage:").map_or(u.clone(), |rest| {
                format!("{}{rest}", words.text(lang, "help-heading-usage", None))
            });
            format!("\n\n{u}")
        })
        .unwrap_or_default();
    let first = say(
        words,
        lang,
        "usage-error",
        &[("message", message.to_owned())],
    );
    let more = words.text(lang, "usage-more", None);
    format!("{first}{usage}\n\n{more}\n")
}

/// A context value as text (lists comma-separated).
fn text(err: &clap::Error, kind: ContextKind) -> Option<String> {
    match err.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => Some(list.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(list) => Some(
            list.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    fn clap_error(args: &[&str]) -> clap::Error {
        crate::cli::Cli::command()
            .try_get_matches_from(args)
            .expect_err("a usage error")
    }

    /// A language added as one more `.ftl` text is spoken, and falls back
    /// to English for what it lacks: nothing here is Czech-only.
    #[test]
    fn a_third_language_gets_its_own_words() {
        let mut words = Words::embedded();
        words
            .add(
                "xx",
                "usage-unknown-argument = [XX] unknown { $arg }\n\
                 usage-error = [XX] error: { $message }\n\
                 usage-out-of-range = [XX] { $value } outside { $low }-{ $high }\n",
            )
            .unwrap();
        let err = clap_error(&["grimoire", "cast", "--bogus"]);
        let line = message(&words, &err, "xx").unwrap();
        assert!(line.starts_with("[XX] unknown --bogus"), "{line}");
        let whole = render(&words, &err, &line, "xx");
        assert!(
            whole.starts_with("[XX] error: [XX] unknown --bogus"),
            "{whole}"
        );
        assert!(
            whole.contains(&words.text("en", "usage-more", None)),
            "lacking a message, English: {whole}"
        );
        let err = clap_error(&["grimoire", "hp", "Mira", "--ac", "99"]);
        let line = message(&words, &err, "xx").unwrap();
        assert!(line.contains("[XX] 99 outside 1-40"), "{line}");
        // The embedded catalogue knows no such language.
        assert!(!Words::get().languages().contains(&"xx"));
    }

    /// Every `usage-*` message is in every language of the catalogue.
    #[test]
    fn every_usage_message_is_in_every_language() {
        let words = Words::get();
        let source = include_str!("usage.rs");
        // The code above the tests, which names the messages it renders.
        let source = &source[..source.find("#[cfg(test)]").unwrap()];
        let ids: Vec<&str> = source
            .split('"')
            .filter(|s| s.starts_with("usage-") && !s.contains(' '))
            .collect();
        assert!(ids.len() > 15, "{ids:?}");
        for lang in words.languages() {
            for id in &ids {
                assert!(words.has(lang, id), "{lang} lacks {id}");
            }
        }
    }
}
