//! Classified failures: what went wrong, which rule says so, how to exit.
//!
//! Every error the user can see goes through [`Failure`], so the JSON shape
//! `{"error":{"code","rule","message"}}` and the exit codes are decided in
//! one place.

use std::collections::BTreeMap;
use std::fmt;

use grimoire_catalog::CatalogError;
use grimoire_rules::RulesError;
use grimoire_store::StoreError;
use grimoire_words::FluentValue;

use crate::i18n::Lang;

/// Exit code for a refused action: nothing was changed.
pub const EXIT_REFUSED: u8 = 1;
/// Exit code for a malformed command line or argument.
pub const EXIT_USAGE: u8 = 2;

/// A failure to report to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Stable machine code (`no_slot_available`, `not_found`, ...).
    pub code: String,
    /// The rule id enforced (`R10`), when a rule refused the action.
    pub rule: Option<String>,
    /// What happened, for a person (English).
    pub message: String,
    /// The same in other languages, by catalogue tag (`cs`), where the
    /// source gives them; a language missing here reads the English.
    pub translations: BTreeMap<String, String>,
    /// The process exit code.
    pub exit: u8,
    /// The command that would make it work, as data: the catalogue message
    /// (`hint-end-turn`) and its values. The message ends with it worded;
    /// `--json` carries it apart, so MCP can name its own tool instead.
    pub hint: Option<Box<Hint>>,
}

/// A fix that names a command: catalogue message `id` with `args`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The `hint-*` message of `cli.ftl`.
    pub id: &'static str,
    /// Its values as data (`caster`, `spell` in English, `encounter`,
    /// `hours`).
    pub args: BTreeMap<&'static str, String>,
    /// The hint as the message words it, by catalogue language tag.
    pub said: BTreeMap<String, String>,
}

impl Failure {
    /// A refusal (exit code 1).
    pub fn refused(code: &str, message: impl Into<String>) -> Self {
        Failure {
            code: code.to_owned(),
            rule: None,
            message: message.into(),
            translations: BTreeMap::new(),
            exit: EXIT_REFUSED,
            hint: None,
        }
    }

    /// A usage error (exit code 2).
    pub fn usage(code: &str, message: impl Into<String>) -> Self {
        Failure {
            exit: EXIT_USAGE,
            ..Failure::refused(code, message)
        }
    }

    /// A refusal worded by catalogue message `id` with `args`, in every
    /// language of the catalogue.
    pub fn worded(code: &str, id: &str, args: &[(&str, &str)]) -> Self {
        let args: Vec<(&str, FluentValue)> = args.iter().map(|(k, v)| (*k, (*v).into())).collect();
        Failure::worded_with(code, id, &args)
    }

    /// [`Failure::worded`] with any Fluent values: numbers pick the plural
    /// form.
    pub fn worded_with(code: &str, id: &str, args: &[(&str, FluentValue)]) -> Self {
        Failure::said(code, |lang| {
            grimoire_words::text(lang, id, args.iter().map(|(k, v)| (*k, v.clone())))
        })
    }

    /// A refusal that `say(lang)` words in every language of the catalogue.
    pub fn said(code: &str, say: impl Fn(&str) -> String) -> Self {
        Failure::refused(code, say(grimoire_words::FALLBACK)).with_words(say)
    }

    /// The same as a usage error (exit 2).
    pub fn usage_worded(code: &str, id: &str, args: &[(&str, &str)]) -> Self {
        Failure {
            exit: EXIT_USAGE,
            ..Failure::worded(code, id, args)
        }
    }

    /// A usage error worded with any Fluent values.
    pub fn usage_worded_with(code: &str, id: &str, args: &[(&str, FluentValue)]) -> Self {
        Failure {
            exit: EXIT_USAGE,
            ..Failure::worded_with(code, id, args)
        }
    }

    /// Attaches the rule id that refused the action.
    pub fn with_rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Adds the message in every language of the catalogue but English,
    /// as `say(lang)` words it.
    pub fn with_words(mut self, say: impl Fn(&str) -> String) -> Self {
        for lang in grimoire_words::Words::get().languages() {
            if lang != grimoire_words::FALLBACK {
                self.translations.insert(lang.to_owned(), say(lang));
            }
        }
        self
    }

    /// The message in `lang`, falling back to English.
    pub fn message(&self, lang: Lang) -> &str {
        self.translations
            .get(lang.tag())
            .map_or(&self.message, String::as_str)
    }

    /// Rewrites the message in every language it has, English first:
    /// `extend(lang, text)` gives the new text (a hint appended, say).
    pub fn reworded(mut self, extend: impl Fn(&str, &str) -> String) -> Self {
        self.message = extend(grimoire_words::FALLBACK, &self.message);
        for (lang, text) in &mut self.translations {
            *text = extend(lang, text);
        }
        self
    }

    /// Appends the command that would make it work, message `id` of the
    /// catalogue as `say(lang)` words it, to the message in every language
    /// (`message (hint)`), and keeps it as data ([`Failure::hint`]) with
    /// `args`.
    pub fn with_hint(
        self,
        id: &'static str,
        args: &[(&'static str, &str)],
        say: impl Fn(&str) -> String,
    ) -> Self {
        let said: BTreeMap<String, String> = grimoire_words::Words::get()
            .languages()
            .into_iter()
            .map(|lang| (lang.to_owned(), say(lang)))
            .collect();
        let mut f = self.reworded(|lang, m| {
            let fix = said.get(lang).cloned().unwrap_or_else(|| say(lang));
            format!("{m} ({fix})")
        });
        f.hint = Some(Box::new(Hint {
            id,
            args: args.iter().map(|(k, v)| (*k, (*v).to_owned())).collect(),
            said,
        }));
        f
    }

    /// The hint as JSON, in every language: `{"id", "args", "said": {"en":
    /// ..., "cs": ...}}`; `None` without one.
    pub fn hint_json(&self) -> Option<serde_json::Value> {
        self.hint
            .as_ref()
            .map(|h| serde_json::json!({ "id": h.id, "args": h.args, "said": h.said }))
    }

    /// The JSON form printed with `--json`; a hint also as `hint`:
    /// `{"id": "hint-end-turn", "args": {"caster": "Elmira"}, "text": ...}`
    /// (`text` as the message ends with it).
    pub fn to_json(&self, lang: Lang) -> serde_json::Value {
        let mut error = serde_json::json!({
            "code": self.code,
            "rule": self.rule,
            "message": self.message(lang),
        });
        if let Some(h) = &self.hint {
            let text = h
                .said
                .get(lang.tag())
                .or_else(|| h.said.get(grimoire_words::FALLBACK));
            error["hint"] = serde_json::json!({ "id": h.id, "args": h.args, "text": text });
        }
        serde_json::json!({ "error": error })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

impl From<StoreError> for Failure {
    fn from(err: StoreError) -> Self {
        store_failure(&err)
    }
}

/// A store error in every language where it is a refusal a person reads
/// (a name taken, a lost race, an undo refused); else the store's English.
fn store_failure(err: &StoreError) -> Failure {
    match grimoire_words::store_error(err) {
        Some(words) => Failure::said(err.code(), |lang| words.render(lang)),
        None => Failure::refused(err.code(), err.to_string()),
    }
}

impl From<RulesError> for Failure {
    fn from(err: RulesError) -> Self {
        let mut f = Failure::refused(err.code(), grimoire_words::refusal("en", &err));
        for lang in grimoire_words::Words::get().languages() {
            if lang != grimoire_words::FALLBACK {
                f.translations
                    .insert(lang.to_owned(), grimoire_words::refusal(lang, &err));
            }
        }
        if let Some(rule) = err.rule() {
            f = f.with_rule(rule);
        }
        // The command that records them, as data too (MCP names its tool).
        if let RulesError::NoHitPoints { name } = &err {
            f = f.with_hint("hint-hp", &[("caster", name)], |lang| {
                grimoire_words::text(lang, "hint-hp", [("caster", name.as_str())])
            });
        }
        f
    }
}

impl From<CatalogError> for Failure {
    fn from(err: CatalogError) -> Self {
        Failure::refused(err.code(), err.to_string()).with_words(|lang| err.message(lang))
    }
}

/// Turns any error a command returned into a [`Failure`]: known error types
/// keep their codes, anything else is an `internal` failure.
pub fn classify(err: &anyhow::Error) -> Failure {
    if let Some(f) = err.downcast_ref::<Failure>() {
        return f.clone();
    }
    if let Some(e) = err.downcast_ref::<StoreError>() {
        return store_failure(e);
    }
    if let Some(e) = err.downcast_ref::<RulesError>() {
        return Failure::from(e.clone());
    }
    Failure::refused("internal", format!("{err:#}"))
}

/// An app-layer error as the CLI reports it: store and rules errors keep
/// their own types (and so their codes and words in every language).
pub fn app_error(err: grimoire_app::AppError) -> anyhow::Error {
    match err {
        grimoire_app::AppError::Store(e) => e.into(),
        grimoire_app::AppError::Rules(e) => e.into(),
        // A bound broken by the arguments is a usage error (exit 2).
        grimoire_app::AppError::TooMany(e) => Failure::usage(e.code, e.to_string())
            .with_words(|lang| e.message(lang))
            .into(),
        other => {
            let mut f = Failure::refused(other.code(), other.to_string());
            if other.is_worded() {
                f = f.with_words(|lang| other.message(lang));
            }
            if let Some(rule) = other.rule() {
                f = f.with_rule(rule);
            }
            f.into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_shape_is_stable() {
        let f = Failure::refused("no_slot_available", "no slot left").with_rule("R3");
        assert_eq!(
            f.to_json(Lang::EN),
            serde_json::json!({"error": {"code": "no_slot_available", "rule": "R3", "message": "no slot left"}})
        );
    }

    #[test]
    fn store_errors_keep_their_code() {
        let err = anyhow::Error::new(StoreError::NothingToUndo {
            kind: "character".into(),
            name: "Elmira".into(),
        });
        let f = classify(&err);
        assert_eq!((f.code.as_str(), f.exit), ("nothing_to_undo", EXIT_REFUSED));
    }

    #[test]
    fn store_refusals_speak_every_language_and_keep_the_stores_english() {
        let err = StoreError::AlreadyExists {
            kind: "character".into(),
            name: "Elmira".into(),
        };
        let english = err.to_string();
        let f = Failure::from(err);
        assert_eq!(f.code, "already_exists");
        assert_eq!(f.message(Lang::EN), english);
        assert_eq!(f.message(Lang::CS), "postava „Elmira“ už existuje");
    }

    #[test]
    fn rules_errors_carry_rule_and_czech() {
        let f = Failure::from(RulesError::OneSlotPerTurn);
        assert_eq!(f.code, "one_slot_per_turn");
        assert_eq!(f.rule.as_deref(), Some("R10"));
        assert_ne!(f.message(Lang::CS), f.message(Lang::EN));
    }

    #[test]
    fn unknown_errors_are_internal() {
        let f = classify(&anyhow::anyhow!("boom"));
        assert_eq!(f.code, "internal");
    }
}
