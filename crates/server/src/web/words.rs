//! Words for a spell card in both languages: casting time, range, area,
//! duration and components (messages `card-*` of the catalogue), so the
//! browser only picks a language; and the browser's own words
//! (`/web/words.js`).

use grimoire_rules::{Area, CastingTime, Components, Duration, Range, TimeSpan, TimeUnit};
use grimoire_words::{FluentArgs, FluentValue, Words};
use serde::Serialize;
use std::sync::OnceLock;

use super::cache;

/// The URL name of the browser's words (`/web/words.js`).
pub(crate) const SCRIPT: &str = "words.js";

/// The browser's words, made once from the `.ftl` files of
/// `grimoire-words` (the module `i18n.js` imports).
pub(crate) fn script() -> &'static cache::Fixed {
    static SCRIPT: OnceLock<cache::Fixed> = OnceLock::new();
    SCRIPT.get_or_init(|| {
        let js = grimoire_words::browser_script().unwrap_or_else(|e| {
            // The words crate's tests refuse such a file; keep the page up.
            tracing::error!("the browser's words did not build: {e}");
            "export const FALLBACK = 'en';\nexport const WORDS = { en: {} };\n".to_owned()
        });
        cache::Fixed::new(js)
    })
}

/// One text in English and Czech.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Both {
    pub(crate) en: String,
    pub(crate) cs: String,
}

/// Message `id` of the catalogue in English and Czech, with `args`.
pub(crate) fn both<'a>(id: &str, args: &[(&'a str, FluentValue<'a>)]) -> Both {
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    let words = Words::get();
    Both {
        en: words.text("en", id, Some(&fargs)),
        cs: words.text("cs", id, Some(&fargs)),
    }
}

/// A text given in English with its Czech form when the catalogue has
/// one (a trigger), as an argument per language.
fn with_text(id: &str, en: &str, cs: &str) -> Both {
    Both {
        en: both(id, &[("trigger", en.to_owned().into())]).en,
        cs: both(id, &[("trigger", cs.to_owned().into())]).cs,
    }
}

fn span(s: &TimeSpan) -> Both {
    let id = match s.unit {
        TimeUnit::Round => "card-span-round",
        TimeUnit::Minute => "card-span-minute",
        TimeUnit::Hour => "card-span-hour",
        TimeUnit::Day => "card-span-day",
    };
    both(id, &[("n", s.amount.into())])
}

/// The casting time (R9, R11, R12), its trigger in Czech when the
/// catalogue has it (`trigger_cs`), else in English.
pub(crate) fn casting_time(t: &CastingTime, trigger_cs: Option<&str>) -> Both {
    match t {
        CastingTime::Action => both("card-casting-action", &[]),
        CastingTime::BonusAction { trigger: None } => both("card-casting-bonus", &[]),
        CastingTime::BonusAction { trigger: Some(t) } => {
            with_text("card-casting-bonus-trigger", t, trigger_cs.unwrap_or(t))
        }
        CastingTime::Reaction { trigger } => with_text(
            "card-casting-reaction",
            trigger,
            trigger_cs.unwrap_or(trigger),
        ),
        CastingTime::Minutes(m) => span(&TimeSpan::minutes(*m)),
        CastingTime::Hours(h) => span(&TimeSpan::hours(*h)),
    }
}

/// The trigger a cast must answer (R11): a Reaction's, or a Bonus
/// Action's that has one (the smites); `None` for every other spell.
pub(crate) fn trigger(t: &CastingTime, trigger_cs: Option<&str>) -> Option<Both> {
    match t {
        CastingTime::Reaction { trigger }
        | CastingTime::BonusAction {
            trigger: Some(trigger),
        } => Some(Both {
            en: trigger.clone(),
            cs: trigger_cs.unwrap_or(trigger).to_owned(),
        }),
        _ => None,
    }
}

/// The range (R13).
pub(crate) fn range(r: &Range) -> Both {
    match r {
        Range::Self_ => both("card-range-self", &[]),
        Range::Touch => both("card-range-touch", &[]),
        Range::Feet(ft) => both("card-range-feet", &[("n", (*ft).into())]),
        Range::Miles(mi) => both("card-range-miles", &[("n", (*mi).into())]),
        Range::Sight => both("card-range-sight", &[]),
        Range::Unlimited => both("card-range-unlimited", &[]),
        Range::Special => both("card-range-special", &[]),
    }
}

/// The area of effect (R17), e.g. `Sphere 20 ft`.
pub(crate) fn area(a: &Area) -> Both {
    let shape = |lang| FluentValue::from(grimoire_words::term(lang, &a.shape));
    let size = FluentValue::from(a.size_ft);
    let (id, second) = match a.secondary_ft {
        Some(s) => ("card-area-two", FluentValue::from(s)),
        None => ("card-area", FluentValue::None),
    };
    let one = |lang| {
        both(
            id,
            &[
                ("shape", shape(lang)),
                ("size", size.clone()),
                ("second", second.clone()),
            ],
        )
    };
    Both {
        en: one("en").en,
        cs: one("cs").cs,
    }
}

/// The duration (R15).
pub(crate) fn duration(d: &Duration) -> Both {
    match d {
        Duration::Instantaneous => both("card-duration-instantaneous", &[]),
        Duration::Timed(s) => span(s),
        Duration::Concentration { up_to } => {
            let s = span(up_to);
            let id = "card-duration-concentration";
            Both {
                en: both(id, &[("span", s.en.into())]).en,
                cs: both(id, &[("span", s.cs.into())]).cs,
            }
        }
        Duration::UntilNextTurn => both("card-duration-until_next_turn", &[]),
        Duration::UntilDispelled => both("card-duration-until_dispelled", &[]),
        Duration::Special => both("card-duration-special", &[]),
    }
}

/// The components (R14): letters in English, initials of the chapter's
/// Czech words (Verbální, Somatická, Materiální) in Czech; the material in
/// Czech when the catalogue has it (`material_cs`), else in English.
pub(crate) fn components(c: &Components, material_cs: Option<&str>) -> Both {
    let mut letters = Vec::new();
    if c.verbal {
        letters.push("V");
    }
    if c.somatic {
        letters.push("S");
    }
    let words = Words::get();
    let one = |lang: &str| {
        let mut parts: Vec<String> = letters.iter().map(|l| (*l).to_owned()).collect();
        if let Some(m) = &c.material {
            let mut more = Vec::new();
            if let Some(gp) = m.cost_gp {
                more.push(grimoire_words::text(
                    lang,
                    "card-material-cost",
                    [("gp", gp)],
                ));
            }
            if m.consumed {
                more.push(words.text(lang, "card-material-consumed", None));
            }
            let mut args = FluentArgs::new();
            let text = material_cs.filter(|_| lang == "cs").unwrap_or(&m.text);
            args.set("text", text.to_owned());
            let id = if more.is_empty() {
                "card-material"
            } else {
                args.set("more", more.join(", "));
                "card-material-more"
            };
            parts.push(words.text(lang, id, Some(&args)));
        }
        parts.join(", ")
    };
    Both {
        en: one("en"),
        cs: one("cs"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn czech_plurals_follow_the_count() {
        assert_eq!(span(&TimeSpan::minutes(1)).cs, "1 minuta");
        assert_eq!(span(&TimeSpan::hours(8)).cs, "8 hodin");
        assert_eq!(span(&TimeSpan::rounds_of(3)).cs, "3 kola");
    }

    #[test]
    fn concentration_reads_in_both_languages() {
        let d = duration(&Duration::Concentration {
            up_to: TimeSpan::minutes(1),
        });
        assert_eq!(d.en, "Concentration, up to 1 minute");
        assert_eq!(d.cs, "Soustředění, až 1 minuta");
    }

    /// The card lines read as they did before the catalogue held them.
    #[test]
    fn card_lines_read_as_before() {
        let a = area(&Area {
            shape: grimoire_rules::AreaShape::Cylinder,
            size_ft: 10,
            secondary_ft: Some(40),
            thickness_in: None,
        });
        assert_eq!(
            (a.en.as_str(), a.cs.as_str()),
            ("Cylinder 10 ft × 40 ft", "Válec 10 stop × 40 stop")
        );
        let r = range(&Range::Feet(120));
        assert_eq!((r.en.as_str(), r.cs.as_str()), ("120 feet", "120 stop"));
        let t = casting_time(
            &CastingTime::Reaction {
                trigger: "when hit".into(),
            },
            Some("při zásahu"),
        );
        assert_eq!(
            (t.en.as_str(), t.cs.as_str()),
            ("Reaction, when hit", "Reakce, při zásahu")
        );
        let mut c = Components {
            verbal: true,
            somatic: true,
            material: None,
        };
        assert_eq!(components(&c, None).cs, "V, S");
        c.material = Some(grimoire_rules::Material {
            text: "a diamond".into(),
            cost_gp: Some(300),
            consumed: true,
        });
        assert_eq!(
            components(&c, None).cs,
            "V, S, M (a diamond; 300 zl, spotřebuje se)"
        );
        let c = components(&c, Some("diamant"));
        assert_eq!(c.en, "V, S, M (a diamond; 300 gp, consumed)");
        assert_eq!(c.cs, "V, S, M (diamant; 300 zl, spotřebuje se)");
        assert_eq!(span(&TimeSpan::rounds_of(1)).en, "1 round");
        assert_eq!(span(&TimeSpan::hours(24)).en, "24 hours");
    }
}
