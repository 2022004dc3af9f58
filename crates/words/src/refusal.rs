//! A rules refusal in words: message `refusal-<code>` with the refusal's
//! arguments, after its rule id. An invalid request's reason is a message
//! of its own, `invalid-<code>`, in the same language.

use fluent_bundle::{FluentArgs, FluentValue};
use grimoire_rules::{Arg, CastResolution, Invalid, RulesError, Waived};

use crate::Words;

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
            Arg::Text(t) => t.into(),
            // The catalogue names spells in English and Czech only.
            Arg::Name(name) if lang == "cs" => name.cs().to_owned().into(),
            Arg::Name(name) => name.en.into(),
            Arg::Class(c) => self.term(lang, &c).into(),
            Arg::Ability(a) => self.term(lang, &a).into(),
            Arg::Action(a) => self.term(lang, &a).into(),
            Arg::Damage(d) => self.term(lang, &d).into(),
            Arg::Trigger(t) => self.term(lang, &t).into(),
            Arg::Reason(reason) => self.reason(lang, &reason).into(),
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

/// A waived refusal with its messages filled in English and Czech (the
/// JSON shape keeps both), when the refusal itself is at hand.
pub fn waived(w: &Waived) -> Waived {
    let mut w = w.clone();
    if let Some(e) = &w.refusal {
        w.message = refusal("en", e);
        w.message_cs = refusal("cs", e);
    }
    w
}

/// `resolution` with the messages of its waived refusals filled (see
/// [`waived`]), for a front end that sends the rules' resolution as is.
pub fn with_words(mut resolution: CastResolution) -> CastResolution {
    resolution.waived = resolution.waived.iter().map(waived).collect();
    resolution
}
