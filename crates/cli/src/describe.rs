//! Words for rules values in the user's language: casting times, ranges,
//! durations, levels. JSON never uses these (it uses the serde names).

use grimoire_catalog::CatalogSpell;
use grimoire_rules::{
    Ability, Area, AreaShape, CastingTime, DamageType, Duration, Range, Spell, TimeSpan, TimeUnit,
};

use crate::i18n::Lang;
use grimoire_words::Named;

/// The spell's name in the chosen language.
pub fn spell_name(spell: &CatalogSpell, lang: Lang) -> &str {
    match lang {
        Lang::En => &spell.name_en,
        Lang::Cs => &spell.name_cs,
    }
}

/// The one-line summary in the chosen language.
pub fn summary(spell: &CatalogSpell, lang: Lang) -> &str {
    match lang {
        Lang::En => &spell.summary_en,
        Lang::Cs => &spell.summary_cs,
    }
}

/// `level 3 Evocation`, `cantrip`, `3. úroveň`.
pub fn level(level: u8, lang: Lang) -> String {
    match (lang, level) {
        (Lang::En, 0) => "cantrip".into(),
        (Lang::Cs, 0) => "cantrip".into(),
        (Lang::En, n) => format!("level {n}"),
        (Lang::Cs, n) => format!("{n}. úroveň"),
    }
}

fn span(span: &TimeSpan, lang: Lang) -> String {
    if lang == Lang::En {
        return span.to_string();
    }
    let n = span.amount;
    let unit = match span.unit {
        TimeUnit::Round => czech_plural(n, "kolo", "kola", "kol"),
        TimeUnit::Minute => czech_plural(n, "minuta", "minuty", "minut"),
        TimeUnit::Hour => czech_plural(n, "hodina", "hodiny", "hodin"),
        TimeUnit::Day => czech_plural(n, "den", "dny", "dní"),
    };
    format!("{n} {unit}")
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
    let small = u32::try_from(n.min(1_000_000)).unwrap_or(u32::MAX);
    let one = n == 1;
    match (what, lang) {
        (Counted::Spells, Lang::En) => format!("{n} {}", if one { "spell" } else { "spells" }),
        (Counted::Rounds, Lang::En) => format!("{n} {}", if one { "round" } else { "rounds" }),
        (Counted::RoundsLeft, Lang::En) => {
            format!("{n} {} left", if one { "round" } else { "rounds" })
        }
        (Counted::Spells, Lang::Cs) => {
            format!("{n} {}", czech_plural(small, "kouzlo", "kouzla", "kouzel"))
        }
        (Counted::Rounds, Lang::Cs) => {
            format!("{n} {}", czech_plural(small, "kolo", "kola", "kol"))
        }
        (Counted::RoundsLeft, Lang::Cs) => format!(
            "{} {n} {}",
            czech_plural(small, "zbývá", "zbývají", "zbývá"),
            czech_plural(small, "kolo", "kola", "kol")
        ),
    }
}

/// `hp 17/24 (+5 temp)`; `životy 17/24 (+5 dočasné)`; without the maximum
/// when it is not known.
pub fn hit_points(hp: u32, temp: u32, lang: Lang) -> String {
    let (word, temp_word) = match lang {
        Lang::En => ("hp", "temp"),
        Lang::Cs => ("životy", "dočasné"),
    };
    if temp > 0 {
        format!("{word} {hp} (+{temp} {temp_word})")
    } else {
        format!("{word} {hp}")
    }
}

/// `HP 17/24 (+5 temp) · AC 16` for a character's recorded vitals.
pub fn vitals(v: &grimoire_rules::Vitals, lang: Lang) -> String {
    let (hp, temp, ac) = match lang {
        Lang::En => ("HP", "temp", "AC"),
        Lang::Cs => ("Životy", "dočasné", "OČ"),
    };
    let extra = if v.temp_hp > 0 {
        format!(" (+{} {temp})", v.temp_hp)
    } else {
        String::new()
    };
    format!("{hp} {}/{}{extra} · {ac} {}", v.hp, v.max_hp, v.ac)
}

/// Czech counts take three forms: 1, 2–4, and 0 or 5+.
fn czech_plural(n: u32, one: &'static str, few: &'static str, many: &'static str) -> &'static str {
    match n {
        1 => one,
        2..=4 => few,
        _ => many,
    }
}

/// The casting time (R9).
pub fn casting_time(time: &CastingTime, lang: Lang) -> String {
    let en = lang == Lang::En;
    match time {
        CastingTime::Action => if en { "Magic action" } else { "akce Magie" }.into(),
        CastingTime::BonusAction { trigger: None } => {
            if en { "Bonus Action" } else { "Bonusová akce" }.into()
        }
        CastingTime::BonusAction { trigger: Some(t) } => {
            format!("{}, {t}", if en { "Bonus Action" } else { "Bonusová akce" })
        }
        CastingTime::Reaction { trigger } => {
            format!("{}, {trigger}", if en { "Reaction" } else { "Reakce" })
        }
        CastingTime::Minutes(m) => span(&TimeSpan::minutes(*m), lang),
        CastingTime::Hours(h) => span(&TimeSpan::hours(*h), lang),
    }
}

/// A spell's casting time with its trigger in the chosen language.
pub fn spell_casting_time(spell: &Spell, lang: Lang) -> String {
    let cs_trigger = spell.trigger_cs.clone().filter(|_| lang == Lang::Cs);
    let time = match (&spell.casting_time, cs_trigger) {
        (CastingTime::Reaction { .. }, Some(trigger)) => CastingTime::Reaction { trigger },
        (CastingTime::BonusAction { trigger: Some(_) }, Some(t)) => {
            CastingTime::BonusAction { trigger: Some(t) }
        }
        (time, _) => time.clone(),
    };
    casting_time(&time, lang)
}

/// The casting time without its trigger text, for lists.
pub fn casting_time_short(time: &CastingTime, lang: Lang) -> String {
    match time {
        CastingTime::BonusAction { .. } => {
            casting_time(&CastingTime::BonusAction { trigger: None }, lang)
        }
        CastingTime::Reaction { .. } => if lang == Lang::En {
            "Reaction"
        } else {
            "Reakce"
        }
        .into(),
        other => casting_time(other, lang),
    }
}

/// The range (R13).
pub fn range(range: &Range, lang: Lang) -> String {
    let en = lang == Lang::En;
    match range {
        Range::Self_ => if en { "Self" } else { "sám" }.into(),
        Range::Touch => if en { "Touch" } else { "dotek" }.into(),
        Range::Feet(ft) => format!("{ft} {}", if en { "feet" } else { "stop" }),
        Range::Miles(mi) => format!("{mi} {}", if en { "miles" } else { "mil" }),
        Range::Sight => if en { "Sight" } else { "dohled" }.into(),
        Range::Unlimited => if en { "Unlimited" } else { "neomezený" }.into(),
        Range::Special => if en { "Special" } else { "zvláštní" }.into(),
    }
}

/// The area of effect (R17): `20-foot-radius Sphere`, `Koule, poloměr 20 stop`.
pub fn area(area: &Area, lang: Lang) -> String {
    let en = lang == Lang::En;
    let feet = |n: u32| format!("{n} {}", if en { "feet" } else { "stop" });
    let main = match (area.shape, en) {
        (AreaShape::Cone | AreaShape::Line | AreaShape::Wall, true) => "long",
        (AreaShape::Cone | AreaShape::Line | AreaShape::Wall, false) => "délka",
        (AreaShape::Cube, true) => "on a side",
        (AreaShape::Cube, false) => "hrana",
        (AreaShape::Cylinder | AreaShape::Sphere, true) => "radius",
        (AreaShape::Cylinder | AreaShape::Sphere, false) => "poloměr",
        (AreaShape::Emanation, true) => "from the creature",
        (AreaShape::Emanation, false) => "od tvora",
    };
    let shape = if en {
        area_shape_en(area.shape)
    } else {
        area.shape.name_cs()
    };
    let mut parts = vec![if en {
        format!("{shape}, {} {main}", feet(area.size_ft))
    } else {
        format!("{shape}, {main} {}", feet(area.size_ft))
    }];
    if let Some(second) = area.secondary_ft {
        let what = match (area.shape, en) {
            (AreaShape::Line, true) => "wide",
            (AreaShape::Line, false) => "šířka",
            (_, true) => "high",
            (_, false) => "výška",
        };
        parts.push(if en {
            format!("{} {what}", feet(second))
        } else {
            format!("{what} {}", feet(second))
        });
    }
    if let Some(inches) = area.thickness_in {
        parts.push(if en {
            format!("{inches} inches thick")
        } else {
            format!("tloušťka {inches} palců")
        });
    }
    parts.join(", ")
}

fn area_shape_en(shape: AreaShape) -> &'static str {
    match shape {
        AreaShape::Cone => "Cone",
        AreaShape::Cube => "Cube",
        AreaShape::Cylinder => "Cylinder",
        AreaShape::Emanation => "Emanation",
        AreaShape::Line => "Line",
        AreaShape::Sphere => "Sphere",
        AreaShape::Wall => "Wall",
    }
}

/// The duration (R15).
pub fn duration(duration: &Duration, lang: Lang) -> String {
    let en = lang == Lang::En;
    match duration {
        Duration::Instantaneous => if en { "Instantaneous" } else { "okamžité" }.into(),
        Duration::Timed(s) => span(s, lang),
        Duration::Concentration { up_to } => format!(
            "{}, {} {}",
            if en {
                "Concentration"
            } else {
                "Soustředění"
            },
            if en { "up to" } else { "až" },
            span(up_to, lang)
        ),
        Duration::UntilDispelled => if en {
            "Until dispelled"
        } else {
            "dokud není rozptýleno"
        }
        .into(),
        Duration::Special => if en { "Special" } else { "zvláštní" }.into(),
    }
}

/// A roll's label in the chosen language. The rules crate labels rolls in
/// English (`fire damage`, `Goblin save (DEX)`, `attack vs Orc`); known
/// shapes are translated, anything else is shown as it came.
pub fn roll_label(label: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return label.to_owned();
    }
    let cs_ability = |abbrev: &str| {
        Ability::ALL
            .into_iter()
            .find(|a| a.abbrev() == abbrev)
            .map_or(abbrev.to_owned(), |a| crate::names::cs_abbrev(a).to_owned())
    };
    if label == "Concentration (CON save)" {
        return format!("Soustředění (záchrana {})", cs_ability("CON"));
    }
    if let Some((kind, types)) = label.split_once(" damage against ")
        && let Some(t) = damage_type_en(kind)
    {
        return format!(
            "{} zranění proti: {}",
            t.name_cs(),
            creature_types_cs(types)
        );
    }
    if let Some(kind) = label.strip_suffix(" damage")
        && let Some(t) = DamageType::ALL
            .into_iter()
            .find(|t| t.name_en().eq_ignore_ascii_case(kind))
    {
        return format!("{} zranění", t.name_cs());
    }
    if let Some(dc) = label
        .strip_prefix("scroll check (DC ")
        .and_then(|r| r.strip_suffix(')'))
    {
        return format!("ověření svitku (SO {dc})");
    }
    if let Some(target) = label.strip_prefix("attack vs ") {
        return format!("útok na {target}");
    }
    if let Some(target) = label.strip_prefix("healing for ") {
        return format!("léčení ({target})");
    }
    if let Some(rest) = label.strip_suffix(')')
        && let Some((target, abbrev)) = rest.rsplit_once(" save (")
    {
        return format!("záchrana {} ({target})", cs_ability(abbrev));
    }
    label.to_owned()
}

fn damage_type_en(word: &str) -> Option<DamageType> {
    DamageType::ALL
        .into_iter()
        .find(|t| t.name_en().eq_ignore_ascii_case(word))
}

/// A creature type's Czech name (`undead` → `nemrtvý`); unknown words stay.
pub fn creature_type_cs(word: &str) -> String {
    let cs = match word.to_lowercase().as_str() {
        "aberration" => "aberace",
        "beast" => "zvíře",
        "celestial" => "nebešťan",
        "construct" => "výtvor",
        "dragon" => "drak",
        "elemental" => "elementál",
        "fey" => "víla",
        "fiend" => "běs",
        "giant" => "obr",
        "humanoid" => "humanoid",
        "monstrosity" => "zrůda",
        "ooze" => "sliz",
        "plant" => "rostlina",
        "undead" => "nemrtvý",
        _ => return word.to_owned(),
    };
    cs.to_owned()
}

/// `fiend or undead` → `běs nebo nemrtvý`.
fn creature_types_cs(list: &str) -> String {
    list.split(" or ")
        .map(creature_type_cs)
        .collect::<Vec<_>>()
        .join(" nebo ")
}

/// A note the rules put on a target's outcome, in the chosen language.
/// Known shapes are translated; anything else is shown as it came.
pub fn target_note(note: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return note.to_owned();
    }
    match note {
        "R18: the target appears to succeed on its save" => {
            return "R18: cíl zdánlivě uspěje v záchraně".into();
        }
        "R18: the spell has no effect on this target" => {
            return "R18: kouzlo na tento cíl nepůsobí".into();
        }
        "AC unknown: damage shown applies on a hit" => {
            return "OČ neznámé: uvedené zranění platí při zásahu".into();
        }
        "R5d: the scroll check failed: the spell fades from the scroll with no effect" => {
            return "R5d: ověření svitku se nezdařilo: kouzlo ze svitku zmizí bez účinku".into();
        }
        _ => {}
    }
    if let Some(rest) = note.strip_prefix("save not rolled: DC ")
        && let Some((dc_ability, outcome)) =
            rest.split_once("; on a failure as shown, on a success ")
        && let Some((dc, abbrev)) = dc_ability.split_once(' ')
    {
        let ability = Ability::ALL
            .into_iter()
            .find(|a| a.abbrev() == abbrev)
            .map_or(abbrev.to_owned(), |a| crate::names::cs_abbrev(a).to_owned());
        let success = match outcome {
            "half damage and no conditions" => "poloviční zranění a žádné stavy",
            "no effect" => "žádný účinek",
            other => other,
        };
        return format!(
            "záchrana nehozena: SO {dc} {ability}; při neúspěchu jak uvedeno, při úspěchu {success}"
        );
    }
    if let Some((amount_kind, rest)) = note.split_once(" damage if the target is ")
        && let Some((amount, kind)) = amount_kind.split_once(" more ")
        && let Some(t) = damage_type_en(kind)
    {
        let types = rest.split(';').next().unwrap_or(rest);
        return format!(
            "o {amount} víc ({} zranění), je-li cíl {}; uveď jeho druh, aby se započetlo",
            t.name_cs(),
            creature_types_cs(types)
        );
    }
    note.to_owned()
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
        assert_eq!(span(&TimeSpan::minutes(1), Lang::Cs), "1 minuta");
        assert_eq!(span(&TimeSpan::minutes(3), Lang::Cs), "3 minuty");
        assert_eq!(span(&TimeSpan::minutes(10), Lang::Cs), "10 minut");
        assert_eq!(span(&TimeSpan::minutes(10), Lang::En), "10 minutes");
    }

    #[test]
    fn counts_take_their_plural_forms() {
        assert_eq!(count(1, Counted::Spells, Lang::Cs), "1 kouzlo");
        assert_eq!(count(3, Counted::Spells, Lang::Cs), "3 kouzla");
        assert_eq!(count(339, Counted::Spells, Lang::Cs), "339 kouzel");
        assert_eq!(count(2, Counted::RoundsLeft, Lang::Cs), "zbývají 2 kola");
        assert_eq!(count(10, Counted::RoundsLeft, Lang::Cs), "zbývá 10 kol");
        assert_eq!(count(1, Counted::Rounds, Lang::En), "1 round");
        assert_eq!(count(339, Counted::Spells, Lang::En), "339 spells");
    }

    #[test]
    fn target_notes_in_czech() {
        assert_eq!(
            target_note("R18: the target appears to succeed on its save", Lang::Cs),
            "R18: cíl zdánlivě uspěje v záchraně"
        );
        assert_eq!(
            target_note(
                "save not rolled: DC 13 WIS; on a failure as shown, on a success no effect",
                Lang::Cs
            ),
            "záchrana nehozena: SO 13 MDR; při neúspěchu jak uvedeno, při úspěchu žádný účinek"
        );
        assert_eq!(
            target_note(
                "4 more radiant damage if the target is fiend or undead; state its creature type to apply it",
                Lang::Cs
            ),
            "o 4 víc (zářivé zranění), je-li cíl běs nebo nemrtvý; uveď jeho druh, aby se započetlo"
        );
        assert_eq!(
            roll_label("radiant damage against fiend or undead", Lang::Cs),
            "zářivé zranění proti: běs nebo nemrtvý"
        );
        assert_eq!(target_note("anything else", Lang::Cs), "anything else");
    }

    #[test]
    fn roll_labels_in_czech() {
        assert_eq!(roll_label("force damage", Lang::Cs), "silové zranění");
        assert_eq!(
            roll_label("Goblin save (WIS)", Lang::Cs),
            "záchrana MDR (Goblin)"
        );
        assert_eq!(roll_label("attack vs Orc", Lang::Cs), "útok na Orc");
        assert_eq!(roll_label("something new", Lang::Cs), "something new");
        assert_eq!(roll_label("force damage", Lang::En), "force damage");
    }

    #[test]
    fn levels() {
        assert_eq!(level(0, Lang::En), "cantrip");
        assert_eq!(level(3, Lang::Cs), "3. úroveň");
    }
}
