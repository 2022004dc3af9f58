//! A rules refusal in words: message `refusal-<code>` with the refusal's
//! arguments, after its rule id. An invalid request's reason is a message
//! of its own, `invalid-<code>`, in the same language.

use fluent_bundle::{FluentArgs, FluentValue};
use grimoire_rules::{Arg, CastResolution, Invalid, RulesError, SpellName, Waived};

use crate::{FALLBACK, Words};

impl Words {
    /// `error` as a sentence in `lang`, led by its rule id (`R3: ...`).
    pub fn refusal(&self, lang: &str, error: &RulesError) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in error.args() {
            args.set(name, self.arg(lang, value));
        }
        let body = self.text(lang, &format!("refusal-{}", error.code()), Some(&args));
        match error.rule() {
            Some(rule) => format!("{rule}: {body}"),
            None => body,
        }
    }

    pub(crate) fn arg(&self, lang: &str, value: Arg) -> FluentValue<'static> {
        match value {
            Arg::Number(n) => n.into(),
            Arg::Feature(x) => self.term(lang, &x).into(),
            Arg::Text(t) => t.into(),
            // A name that came with its Czech form shows it; any other
            // (a spell kept in state by its English name) is looked up.
            Arg::Name(SpellName { cs: Some(cs), .. }) if lang == "cs" => cs.into(),
            Arg::Name(name) if lang == FALLBACK => name.en.into(),
            Arg::Name(name) => crate::spell_name(lang, &name.en).into(),
            Arg::Material(text) if lang == FALLBACK => text.into(),
            Arg::Material(text) => crate::material(lang, &text).into(),
            Arg::Class(c) => self.term(lang, &c).into(),
            Arg::Ability(a) => self.term(lang, &a).into(),
            Arg::Action(a) => self.term(lang, &a).into(),
            Arg::Damage(d) => self.term(lang, &d).into(),
            Arg::Trigger(t) => self.term(lang, &t).into(),
            Arg::Reason(reason) => self.reason(lang, &reason).into(),
            Arg::Metamagic(m) => self.term(lang, &m).into(),
            Arg::DamageList(list) => {
                let words: Vec<String> = list.iter().map(|d| self.term(lang, d)).collect();
                words.join(", ").into()
            }
            // `Arg` may grow; a new kind shows its technical form until it
            // gets words.
            other => other.to_string().into(),
        }
    }
}

impl Words {
    /// Why a request is invalid, in `lang`: message `invalid-<code>` with
    /// the reason's arguments.
    pub fn reason(&self, lang: &str, reason: &Invalid) -> String {
        self.message(lang, &format!("invalid-{}", reason.code()), &reason.args())
    }
}

/// Why a request is invalid, in `lang` (`en`, `cs`, ...), from the
/// embedded catalogue.
///
/// ```
/// use grimoire_rules::Invalid;
///
/// let twice = Invalid::CombatantListedTwice { name: "Goblin".into() };
/// assert_eq!(grimoire_words::reason("en", &twice), "combatant Goblin is listed twice");
/// ```
pub fn reason(lang: &str, reason: &Invalid) -> String {
    Words::get().reason(lang, reason)
}

/// `error` as a sentence in `lang` (`en`, `cs`, ...), from the embedded
/// catalogue.
pub fn refusal(lang: &str, error: &RulesError) -> String {
    Words::get().refusal(lang, error)
}

/// A waived refusal with its messages filled in every language of the
/// catalogue (and in English and Czech, the fields the JSON shape keeps),
/// when the refusal itself is at hand.
pub fn waived(w: &Waived) -> Waived {
    let mut w = w.clone();
    if let Some(e) = &w.refusal {
        w.message = refusal(FALLBACK, e);
        w.message_cs = refusal("cs", e);
        w.messages = Words::get().in_every_language(|lang| refusal(lang, e));
    }
    w
}

/// A waived refusal's message in `lang`: from the refusal when it is at
/// hand, else from the messages it was sent with (English when they lack
/// the language).
pub fn waived_message(lang: &str, w: &Waived) -> String {
    if let Some(e) = &w.refusal {
        return refusal(lang, e);
    }
    match w.messages.get(lang) {
        Some(text) => text.clone(),
        None if lang == "cs" && !w.message_cs.is_empty() => w.message_cs.clone(),
        None => w.message.clone(),
    }
}

/// `resolution` with the messages of its waived refusals filled (see
/// [`waived`]), for a front end that sends the rules' resolution as is.
pub fn with_words(mut resolution: CastResolution) -> CastResolution {
    resolution.waived = resolution.waived.iter().map(waived).collect();
    resolution
}

#[cfg(test)]
mod tests {
    use grimoire_rules::Relaxable;

    use super::*;

    /// A waived refusal as a cast reports it: R14 relaxed, the material
    /// missing.
    fn waived_material() -> Waived {
        let error = RulesError::MissingMaterial {
            material: "a pinch of sulfur".into(),
        };
        Waived {
            house_rule: Relaxable::R14,
            code: error.code().to_owned(),
            rule: error.rule().unwrap_or("R14").to_owned(),
            message: String::new(),
            message_cs: String::new(),
            messages: Default::default(),
            refusal: Some(error),
        }
    }

    #[test]
    fn a_waived_refusal_speaks_every_language_with_or_without_the_refusal() {
        let filled = waived(&waived_material());
        let words = Words::get();
        assert_eq!(filled.messages.len(), words.languages().len());
        assert_eq!(filled.messages["en"], filled.message);
        assert_eq!(filled.messages["cs"], filled.message_cs);
        assert_ne!(filled.message, filled.message_cs);
        // As a client reads it back from JSON: the refusal is not kept,
        // the messages are.
        let json = serde_json::to_string(&filled).unwrap();
        let read: Waived = serde_json::from_str(&json).unwrap();
        assert!(read.refusal.is_none());
        for lang in words.languages() {
            assert_eq!(waived_message(lang, &read), filled.messages[lang], "{lang}");
            assert_eq!(
                waived_message(lang, &filled),
                filled.messages[lang],
                "{lang}"
            );
        }
        // Older JSON, English and Czech only: Czech still reads Czech.
        let mut old = read.clone();
        old.messages.clear();
        assert_eq!(waived_message("cs", &old), filled.message_cs);
        assert_eq!(waived_message("xx", &old), filled.message);
    }
}
