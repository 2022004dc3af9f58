//! clap's usage errors in Czech: clap words its errors in English only, so
//! the common kinds are worded here from the facts clap gives with each
//! (the argument, the value, the valid values, a suggestion).

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// The first line of a usage error in Czech, when its kind is one worded
/// here; `None` leaves clap's English.
pub fn message(err: &clap::Error) -> Option<String> {
    let arg = text(err, ContextKind::InvalidArg);
    let value = text(err, ContextKind::InvalidValue);
    let quoted = |s: &str| format!("„{s}“");
    let mut line = match err.kind() {
        ErrorKind::UnknownArgument => format!("neznámý přepínač nebo argument {}", quoted(&arg?)),
        ErrorKind::InvalidSubcommand => {
            format!(
                "neznámý příkaz {}",
                quoted(&text(err, ContextKind::InvalidSubcommand)?)
            )
        }
        ErrorKind::MissingRequiredArgument => format!("chybí povinné: {}", arg?),
        ErrorKind::MissingSubcommand => "chybí příkaz".to_owned(),
        ErrorKind::InvalidValue => {
            let valid = text(err, ContextKind::ValidValue)
                .map(|v| format!("; možné hodnoty: {v}"))
                .unwrap_or_default();
            if value.as_deref().is_none_or(str::is_empty) {
                format!("{} potřebuje hodnotu{valid}", arg?)
            } else {
                format!("neplatná hodnota {} pro {}{valid}", quoted(&value?), arg?)
            }
        }
        ErrorKind::ValueValidation => {
            // The validator's own reason (a range, a parse error) follows,
            // as clap gives it.
            let reason = std::error::Error::source(err)
                .map(|s| format!(": {}", range_cs(&s.to_string())))
                .unwrap_or_default();
            format!("neplatná hodnota {} pro {}{reason}", quoted(&value?), arg?)
        }
        ErrorKind::ArgumentConflict => {
            let prior = text(err, ContextKind::PriorArg)
                .map(|p| format!(" spolu s {p}"))
                .unwrap_or_default();
            format!("{} nelze použít{prior}", arg?)
        }
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("nesprávný počet hodnot pro {}", arg?)
        }
        ErrorKind::NoEquals => format!("{} potřebuje hodnotu za „=“", arg?),
        ErrorKind::InvalidUtf8 => "argument není platné UTF-8".to_owned(),
        _ => return None,
    };
    if let Some(s) = text(err, ContextKind::SuggestedArg)
        .or_else(|| text(err, ContextKind::SuggestedSubcommand))
        .or_else(|| text(err, ContextKind::SuggestedValue))
    {
        line.push_str(&format!("; nemysleli jste {}?", quoted(&s)));
    }
    Some(line)
}

/// clap's range reason, `5 is not in 1..=40`, in Czech; other reasons as
/// they are.
fn range_cs(reason: &str) -> String {
    let Some((value, range)) = reason.split_once(" is not in ") else {
        return reason.to_owned();
    };
    match range.split_once("..=") {
        Some((low, high)) => format!("{value} není v rozsahu {low} až {high}"),
        None => format!("{value} není v rozsahu {range}"),
    }
}

/// The whole error for a terminal in Czech: the message, clap's usage line
/// and where to read more.
pub fn render(err: &clap::Error, message: &str) -> String {
    let usage = err
        .get(ContextKind::Usage)
        .map(|u| {
            let u = u.to_string();
            let u = u
                .strip_prefix("Usage:")
                .map_or(u.clone(), |rest| format!("Použití:{rest}"));
            format!("\n\n{u}")
        })
        .unwrap_or_default();
    format!("chyba: {message}{usage}\n\nVíce: grimoire --help\n")
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
