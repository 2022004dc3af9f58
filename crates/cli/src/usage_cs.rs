//! clap's usage errors in other languages than English: clap words its
//! errors in English only, so the common kinds are worded here from the
//! facts clap gives with each (the argument, the value, the valid values, a
//! suggestion), with the catalogue's `usage-*` messages.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The first line of a usage error in `lang`, when its kind is one worded
/// here; `None` leaves clap's English.
pub fn message(err: &clap::Error, lang: &str) -> Option<String> {
    let arg = text(err, ContextKind::InvalidArg);
    let value = text(err, ContextKind::InvalidValue);
    let say = |id: &str, args: &[(&str, String)]| {
        grimoire_words::text(lang, id, args.iter().map(|(k, v)| (*k, v.clone())))
    };
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
                        ("reason", range(&reason.to_string(), lang)),
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
fn range(reason: &str, lang: &str) -> String {
    let Some((value, range)) = reason.split_once(" is not in ") else {
        return reason.to_owned();
    };
    let value = value.to_owned();
    match range.split_once("..=") {
        Some((low, high)) => grimoire_words::text(
            lang,
            "usage-out-of-range",
            [
                ("value", value),
                ("low", low.to_owned()),
                ("high", high.to_owned()),
            ],
        ),
        None => grimoire_words::text(
            lang,
            "usage-out-of-range-open",
            [("value", value), ("range", range.to_owned())],
        ),
    }
}

/// The whole error for a terminal in `lang`: the message, clap's usage
/// line and where to read more.
pub fn render(err: &clap::Error, message: &str, lang: &str) -> String {
    let words = grimoire_words::Words::get();
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
    let first = grimoire_words::text(lang, "usage-error", [("message", message)]);
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
