//! What happened that Reactions may answer (R11), said in a reader's
//! language: "Bob hits Alice (17)", "Bob zasahuje Alici (17)".

use grimoire_rules::{Arg, Trigger};

/// `trigger` as a short sentence in `lang` (`trigger-said-*` messages).
pub fn trigger_said(lang: &str, trigger: &Trigger) -> String {
    let text = |s: &str| Arg::Text(s.to_owned());
    let (id, args) = match trigger {
        Trigger::SpellCast {
            caster, spell_name, ..
        } => (
            "trigger-said-spell_cast",
            vec![
                ("caster", text(caster)),
                // In the reader's language: the trigger keeps the English name.
                ("spell", Arg::Name(spell_name.as_str().into())),
            ],
        ),
        Trigger::Hit {
            attacker,
            target,
            attack_total,
            ..
        } => (
            "trigger-said-hit",
            vec![
                ("attacker", text(attacker)),
                ("target", text(target)),
                ("total", Arg::Number(i64::from(*attack_total))),
            ],
        ),
        Trigger::Damage {
            attacker,
            target,
            amount,
        } => (
            "trigger-said-damage",
            vec![
                ("attacker", text(attacker)),
                ("target", text(target)),
                ("amount", Arg::Number(i64::from(*amount))),
            ],
        ),
        Trigger::Fall { creature } => ("trigger-said-fall", vec![("creature", text(creature))]),
    };
    crate::message(lang, id, &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_is_said_in_each_language() {
        let hit = Trigger::Hit {
            attacker: "Bob".into(),
            target: "Alice".into(),
            attack_total: 17,
            ac: 15,
        };
        assert_eq!(trigger_said("en", &hit), "Bob hits Alice (17)");
        assert_eq!(trigger_said("cs", &hit), "Bob zasahuje cíl Alice (17)");
        let fall = Trigger::Fall {
            creature: "Bob".into(),
        };
        assert_eq!(trigger_said("cs", &fall), "Bob padá");
    }
}
