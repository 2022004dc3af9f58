//! Words for rules values in the user's language: casting times, ranges,
//! durations, levels, roll labels and notes, each a call into
//! `grimoire-words`. JSON never uses these (it uses the serde names).

use grimoire_catalog::CatalogSpell;
use grimoire_rules::{
    Area, AreaShape, CastingTime, Duration, Note, Range, RollLabel, Spell, TimeSpan, TimeUnit,
};

use crate::i18n::Lang;
use grimoire_words::{FluentArgs, FluentValue, Words};

/// The spell's name in the chosen language.
pub fn spell_name(spell: &CatalogSpell, lang: Lang) -> &str {
    lang.pick(&spell.name_en, &spell.name_cs)
}

/// The one-line summary in the chosen language.
pub fn summary(spell: &CatalogSpell, lang: Lang) -> &str {
    lang.pick(&spell.summary_en, &spell.summary_cs)
}

/// Message `id` of the catalogue in `lang`, with `args`.
fn say(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    Words::get().text(lang.tag(), id, Some(&fargs))
}

/// `level 3 Evocation`, `cantrip`, `3. úroveň`.
pub fn level(level: u8, lang: Lang) -> String {
    match level {
        0 => say(lang, "cli-level-cantrip", &[]),
        n => say(lang, "cli-level-n", &[("n", n.into())]),
    }
}

fn span(span: &TimeSpan, lang: Lang) -> String {
    let id = match span.unit {
        TimeUnit::Round => "card-span-round",
        TimeUnit::Minute => "card-span-minute",
        TimeUnit::Hour => "card-span-hour",
        TimeUnit::Day => "card-span-day",
    };
    say(lang, id, &[("n", span.amount.into())])
}

/// Something counted in output, worded for its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Spells found.
    Spells,
    /// Rounds of six seconds.
    Rounds,
    /// Rounds left of a spell's duration.
    RoundsLeft,
}

/// `1 spell`, `2 spells`; `1 kouzlo`, `3 kouzla`, `5 kouzel`; `zbývají 2 kola`.
pub fn count(n: u64, what: Counted, lang: Lang) -> String {
    let id = match what {
        Counted::Spells => "cli-count-spells",
        Counted::Rounds => "card-span-round",
        Counted::RoundsLeft => "cli-count-rounds-left",
    };
    say(lang, id, &[("n", n.into())])
}

/// `hp 17/24 (+5 temp)`; `životy 17/24 (+5 dočasné)`; without the maximum
/// when it is not known.
pub fn hit_points(hp: u32, temp: u32, lang: Lang) -> String {
    if temp > 0 {
        say(
            lang,
            "cli-hp-temp",
            &[("hp", hp.into()), ("temp", temp.into())],
        )
    } else {
        say(lang, "cli-hp", &[("hp", hp.into())])
    }
}

/// `HP 17/24 (+5 temp) · AC 16` for a character's recorded vitals.
pub fn vitals(v: &grimoire_rules::Vitals, lang: Lang) -> String {
    let mut args = vec![
        ("hp", FluentValue::from(v.hp)),
        ("max", v.max_hp.into()),
        ("ac", v.ac.into()),
    ];
    let mut line = if v.temp_hp > 0 {
        args.push(("temp", v.temp_hp.into()));
        say(lang, "cli-vitals-temp", &args)
    } else {
        say(lang, "cli-vitals", &args)
    };
    if !v.death.is_clear() {
        line.push_str(" · ");
        line.push_str(&death_saves(&v.death, lang));
    }
    line
}

/// Death saves at 0 hit points (2024): dead, Stable, or the counts.
pub fn death_saves(d: &grimoire_rules::DeathSaves, lang: Lang) -> String {
    if d.dead {
        say(lang, "cli-death-dead", &[])
    } else if d.stable {
        say(lang, "cli-death-stable", &[])
    } else {
        say(
            lang,
            "cli-death-saves",
            &[
                ("successes", d.successes.into()),
                ("failures", d.failures.into()),
            ],
        )
    }
}

/// The casting time (R9).
pub fn casting_time(time: &CastingTime, lang: Lang) -> String {
    match time {
        CastingTime::Action => say(lang, "card-casting-action", &[]),
        CastingTime::BonusAction { trigger: None } => say(lang, "card-casting-bonus", &[]),
        CastingTime::BonusAction { trigger: Some(t) } => say(
            lang,
            "card-casting-bonus-trigger",
            &[("trigger", t.as_str().into())],
        ),
        CastingTime::Reaction { trigger } => say(
            lang,
            "card-casting-reaction",
            &[("trigger", trigger.as_str().into())],
        ),
        CastingTime::Minutes(m) => span(&TimeSpan::minutes(*m), lang),
        CastingTime::Hours(h) => span(&TimeSpan::hours(*h), lang),
    }
}

/// A spell's casting time with its trigger in the chosen language.
pub fn spell_casting_time(spell: &Spell, lang: Lang) -> String {
    let cs_trigger = spell.trigger_cs.clone().filter(|_| lang == Lang::CS);
    let time = match (&spell.casting_time, cs_trigger) {
        (CastingTime::Reaction { .. }, Some(trigger)) => CastingTime::Reaction { trigger },
        (CastingTime::BonusAction { trigger: Some(_) }, Some(t)) => {
            CastingTime::BonusAction { trigger: Some(t) }
        }
        (time, _) => time.clone(),
    };
    casting_time(&time, lang)
}

/// A spell's components (`V, S, M (...)`), the material in the chosen
/// language when the catalogue has it (R14c).
pub fn spell_components(spell: &Spell, lang: Lang) -> String {
    let mut components = spell.components.clone();
    let cs = spell.material_cs.as_ref().filter(|_| lang == Lang::CS);
    if let (Some(material), Some(cs)) = (components.material.as_mut(), cs) {
        material.text.clone_from(cs);
    }
    components.to_string()
}

/// The casting time without its trigger text, for lists.
pub fn casting_time_short(time: &CastingTime, lang: Lang) -> String {
    match time {
        CastingTime::BonusAction { .. } => {
            casting_time(&CastingTime::BonusAction { trigger: None }, lang)
        }
        CastingTime::Reaction { .. } => {
            grimoire_words::term(lang.tag(), &grimoire_rules::ActionKind::Reaction)
        }
        other => casting_time(other, lang),
    }
}

/// The range (R13).
pub fn range(range: &Range, lang: Lang) -> String {
    match range {
        Range::Self_ => say(lang, "card-range-self", &[]),
        Range::Touch => say(lang, "card-range-touch", &[]),
        Range::Feet(ft) => say(lang, "card-range-feet", &[("n", (*ft).into())]),
        Range::Miles(mi) => say(lang, "card-range-miles", &[("n", (*mi).into())]),
        Range::Sight => say(lang, "card-range-sight", &[]),
        Range::Unlimited => say(lang, "card-range-unlimited", &[]),
        Range::Special => say(lang, "card-range-special", &[]),
    }
}

/// The area of effect (R17): `Sphere, 20 feet radius`, `Koule, poloměr 20 stop`.
pub fn area(area: &Area, lang: Lang) -> String {
    let main = match area.shape {
        AreaShape::Cone | AreaShape::Line | AreaShape::Wall => "cli-area-long",
        AreaShape::Cube => "cli-area-side",
        AreaShape::Cylinder | AreaShape::Sphere => "cli-area-radius",
        AreaShape::Emanation => "cli-area-emanation",
    };
    let shape = grimoire_words::term(lang.tag(), &area.shape);
    let mut parts = vec![say(
        lang,
        main,
        &[("shape", shape.into()), ("size", area.size_ft.into())],
    )];
    if let Some(second) = area.secondary_ft {
        let what = match area.shape {
            AreaShape::Line => "cli-area-wide",
            _ => "cli-area-high",
        };
        parts.push(say(lang, what, &[("n", second.into())]));
    }
    if let Some(inches) = area.thickness_in {
        parts.push(say(lang, "cli-area-thick", &[("n", inches.into())]));
    }
    parts.join(", ")
}

/// The duration (R15).
pub fn duration(duration: &Duration, lang: Lang) -> String {
    match duration {
        Duration::Instantaneous => say(lang, "card-duration-instantaneous", &[]),
        Duration::Timed(s) => span(s, lang),
        Duration::Concentration { up_to } => say(
            lang,
            "card-duration-concentration",
            &[("span", span(up_to, lang).into())],
        ),
        Duration::UntilNextTurn => say(lang, "card-duration-until_next_turn", &[]),
        Duration::UntilDispelled => say(lang, "card-duration-until_dispelled", &[]),
        Duration::Special => say(lang, "card-duration-special", &[]),
    }
}

/// What a roll was for, in the chosen language (`grimoire_words::roll_label`).
pub fn roll_label(label: &RollLabel, lang: Lang) -> String {
    grimoire_words::roll_label(lang.tag(), label)
}

/// A note the rules put on an action or a target's outcome, in the chosen
/// language (`grimoire_words::note`).
pub fn target_note(note: &Note, lang: Lang) -> String {
    grimoire_words::note(lang.tag(), note)
}

/// Short flags for lists: `C` Concentration, `R` Ritual.
pub fn flags(spell: &Spell) -> String {
    let mut s = String::new();
    if spell.is_concentration() {
        s.push('C');
    }
    if spell.ritual {
        s.push('R');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn czech_plurals() {
        assert_eq!(span(&TimeSpan::minutes(1), Lang::CS), "1 minuta");
        assert_eq!(span(&TimeSpan::minutes(3), Lang::CS), "3 minuty");
        assert_eq!(span(&TimeSpan::minutes(10), Lang::CS), "10 minut");
        assert_eq!(span(&TimeSpan::minutes(10), Lang::EN), "10 minutes");
    }

    #[test]
    fn counts_take_their_plural_forms() {
        assert_eq!(count(1, Counted::Spells, Lang::CS), "1 kouzlo");
        assert_eq!(count(3, Counted::Spells, Lang::CS), "3 kouzla");
        assert_eq!(count(339, Counted::Spells, Lang::CS), "339 kouzel");
        assert_eq!(count(2, Counted::RoundsLeft, Lang::CS), "zbývají 2 kola");
        assert_eq!(count(10, Counted::RoundsLeft, Lang::CS), "zbývá 10 kol");
        assert_eq!(count(1, Counted::Rounds, Lang::EN), "1 round");
        assert_eq!(count(339, Counted::Spells, Lang::EN), "339 spells");
    }

    #[test]
    fn levels() {
        assert_eq!(level(0, Lang::EN), "cantrip");
        assert_eq!(level(3, Lang::CS), "3. úroveň");
    }
}
