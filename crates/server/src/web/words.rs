//! Words for a spell card in both languages: casting time, range, area,
//! duration and components, so the browser only picks a language.

use grimoire_rules::{
    Area, AreaShape, CastingTime, Components, Duration, Range, TimeSpan, TimeUnit,
};
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

fn both(en: impl Into<String>, cs: impl Into<String>) -> Both {
    Both {
        en: en.into(),
        cs: cs.into(),
    }
}

/// Czech counts take three forms: 1, 2–4, and 0 or 5+.
fn plural(n: u32, one: &'static str, few: &'static str, many: &'static str) -> &'static str {
    match n {
        1 => one,
        2..=4 => few,
        _ => many,
    }
}

fn span(s: &TimeSpan) -> Both {
    let n = s.amount;
    let cs = match s.unit {
        TimeUnit::Round => plural(n, "kolo", "kola", "kol"),
        TimeUnit::Minute => plural(n, "minuta", "minuty", "minut"),
        TimeUnit::Hour => plural(n, "hodina", "hodiny", "hodin"),
        TimeUnit::Day => plural(n, "den", "dny", "dní"),
    };
    both(s.to_string(), format!("{n} {cs}"))
}

/// The casting time (R9, R11, R12), its trigger in Czech when the
/// catalogue has it (`trigger_cs`), else in English.
pub(crate) fn casting_time(t: &CastingTime, trigger_cs: Option<&str>) -> Both {
    match t {
        CastingTime::Action => both("Magic action", "akce Magie"),
        CastingTime::BonusAction { trigger: None } => both("Bonus Action", "Bonusová akce"),
        CastingTime::BonusAction { trigger: Some(t) } => both(
            format!("Bonus Action, {t}"),
            format!("Bonusová akce, {}", trigger_cs.unwrap_or(t)),
        ),
        CastingTime::Reaction { trigger } => both(
            format!("Reaction, {trigger}"),
            format!("Reakce, {}", trigger_cs.unwrap_or(trigger)),
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
        } => Some(both(trigger.clone(), trigger_cs.unwrap_or(trigger))),
        _ => None,
    }
}

/// The range (R13).
pub(crate) fn range(r: &Range) -> Both {
    match r {
        Range::Self_ => both("Self", "sám"),
        Range::Touch => both("Touch", "dotek"),
        Range::Feet(ft) => both(format!("{ft} feet"), format!("{ft} stop")),
        Range::Miles(mi) => both(format!("{mi} miles"), format!("{mi} mil")),
        Range::Sight => both("Sight", "dohled"),
        Range::Unlimited => both("Unlimited", "neomezený"),
        Range::Special => both("Special", "zvláštní"),
    }
}

/// The area of effect (R17), e.g. `20-foot Sphere`.
pub(crate) fn area(a: &Area) -> Both {
    let en = match a.shape {
        AreaShape::Cone => "Cone",
        AreaShape::Cube => "Cube",
        AreaShape::Cylinder => "Cylinder",
        AreaShape::Emanation => "Emanation",
        AreaShape::Line => "Line",
        AreaShape::Sphere => "Sphere",
        AreaShape::Wall => "Wall",
    };
    let extra_en = a
        .secondary_ft
        .map(|s| format!(" × {s} ft"))
        .unwrap_or_default();
    let extra_cs = a
        .secondary_ft
        .map(|s| format!(" × {s} stop"))
        .unwrap_or_default();
    both(
        format!("{en} {} ft{extra_en}", a.size_ft),
        format!("{} {} stop{extra_cs}", a.shape.name_cs(), a.size_ft),
    )
}

/// The duration (R15).
pub(crate) fn duration(d: &Duration) -> Both {
    match d {
        Duration::Instantaneous => both("Instantaneous", "okamžité"),
        Duration::Timed(s) => span(s),
        Duration::Concentration { up_to } => {
            let s = span(up_to);
            both(
                format!("Concentration, up to {}", s.en),
                format!("Soustředění, až {}", s.cs),
            )
        }
        Duration::UntilDispelled => both("Until dispelled", "dokud není rozptýleno"),
        Duration::Special => both("Special", "zvláštní"),
    }
}

/// The components (R14): letters in English, initials of the chapter's
/// Czech words (Verbální, Somatická, Materiální) in Czech.
pub(crate) fn components(c: &Components) -> Both {
    let mut en = Vec::new();
    let mut cs = Vec::new();
    if c.verbal {
        en.push("V".to_owned());
        cs.push("V".to_owned());
    }
    if c.somatic {
        en.push("S".to_owned());
        cs.push("S".to_owned());
    }
    if let Some(m) = &c.material {
        let mut extra_en = Vec::new();
        let mut extra_cs = Vec::new();
        if let Some(gp) = m.cost_gp {
            extra_en.push(format!("{gp} gp"));
            extra_cs.push(format!("{gp} zl"));
        }
        if m.consumed {
            extra_en.push("consumed".to_owned());
            extra_cs.push("spotřebuje se".to_owned());
        }
        let tail = |v: Vec<String>| {
            if v.is_empty() {
                String::new()
            } else {
                format!("; {}", v.join(", "))
            }
        };
        en.push(format!("M ({}{})", m.text, tail(extra_en)));
        cs.push(format!("M ({}{})", m.text, tail(extra_cs)));
    }
    both(en.join(", "), cs.join(", "))
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
}
