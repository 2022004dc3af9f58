//! `grimoire spells [QUERY] [filters]` and `grimoire spell NAME`.

use grimoire_catalog::{CatalogSpell, Query};
use grimoire_rules::SpellLevel;
use serde_json::json;

use crate::catalog;
use crate::context::Ctx;
use crate::describe;
use crate::failure::Failure;
use crate::i18n::{Lang, Text};
use crate::names;
use crate::output::Table;

/// Arguments of `spells`.
#[derive(Debug, clap::Args)]
pub struct SpellsArgs {
    /// Part of a name, English or Czech (leave out to list by filters)
    #[arg(num_args = 0..)]
    pub query: Vec<String>,
    /// Only spells on this class's list (R8)
    #[arg(short, long)]
    pub class: Option<String>,
    /// Only spells of this level, 0 for cantrips (R1)
    #[arg(short, long)]
    pub level: Option<u8>,
    /// Only spells of this school (R7)
    #[arg(short, long)]
    pub school: Option<String>,
    /// Only rituals (R5b)
    #[arg(short, long)]
    pub ritual: bool,
    /// Only Concentration spells (R15)
    #[arg(long)]
    pub concentration: bool,
    /// At most this many results
    #[arg(long)]
    pub limit: Option<usize>,
}

/// Arguments of `spell`.
#[derive(Debug, clap::Args)]
pub struct SpellArgs {
    /// The spell's name (English or Czech) or id
    #[arg(num_args = 1..)]
    pub name: Vec<String>,
}

/// The stable JSON of a spell.
pub fn spell_json(s: &CatalogSpell) -> serde_json::Value {
    let sp = &s.spell;
    json!({
        "id": s.id(),
        "name_en": s.name_en,
        "name_cs": s.name_cs,
        "level": sp.level.get(),
        "school": sp.school,
        "classes": sp.classes,
        "casting_time": sp.casting_time,
        "ritual": sp.ritual,
        "concentration": sp.is_concentration(),
        "range": sp.range,
        "area": sp.area,
        "components": sp.components,
        "material_cs": sp.material_cs,
        "duration": sp.duration,
        "summary_en": s.summary_en,
        "summary_cs": s.summary_cs,
        "source": s.source.to_string(),
    })
}

/// Runs `spells`.
pub fn list(ctx: &Ctx, args: &SpellsArgs) -> anyhow::Result<()> {
    let mut query = Query::text(args.query.join(" "));
    if let Some(c) = &args.class {
        query = query.class(names::class(c)?);
    }
    if let Some(l) = args.level {
        let level = SpellLevel::new(l)
            .map_err(|e| Failure::usage(e.code(), e.to_string()).with_rule("R1"))?;
        query = query.level(level);
    }
    if let Some(s) = &args.school {
        query = query.school(names::school(s)?);
    }
    if args.ritual {
        query = query.ritual(true);
    }
    if args.concentration {
        query = query.concentration(true);
    }
    if let Some(n) = args.limit {
        query = query.limit(n);
    }
    ctx.load_homebrew_if_any()?;
    let hits = catalog::current().search(&query);
    let out = &ctx.out;
    if out.json {
        let spells: Vec<_> = hits.iter().map(|h| spell_json(h.spell)).collect();
        return out.json(&json!({ "count": spells.len(), "spells": spells }));
    }
    let lang = out.lang;
    let mut table = Table::new([
        Text::Level.get(lang),
        Text::Spell.get(lang),
        "",
        Text::School.get(lang),
        Text::CastingTime.get(lang),
        "",
    ])
    .align_right(0);
    for h in &hits {
        let s = h.spell;
        let other = lang.pick(&s.name_cs, &s.name_en);
        table.row([
            s.spell.level.get().to_string(),
            describe::spell_name(s, lang).to_owned(),
            out.dim(other),
            school_name(s, lang).to_owned(),
            describe::casting_time_short(&s.spell.casting_time, lang),
            describe::flags(&s.spell),
        ]);
    }
    if table.is_empty() {
        return out.line(Text::NoSpells.get(lang));
    }
    out.line(table.render(out))?;
    let found = u64::try_from(hits.len()).unwrap_or(u64::MAX);
    out.line(out.dim(&crate::describe::count(
        found,
        describe::Counted::Spells,
        lang,
    )))
}

fn school_name(s: &CatalogSpell, lang: Lang) -> &'static str {
    grimoire_words::word(lang.tag(), &s.spell.school)
}

/// Runs `spell`.
pub fn show(ctx: &Ctx, args: &SpellArgs) -> anyhow::Result<()> {
    ctx.load_homebrew_if_any()?;
    let s = catalog::spell(&args.name.join(" "))?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "spell": spell_json(s) }));
    }
    let lang = out.lang;
    let sp = &s.spell;
    let other = lang.pick(&s.name_cs, &s.name_en);
    out.line(format!(
        "{}  {}",
        out.bold(&out.cyan(describe::spell_name(s, lang))),
        out.dim(other)
    ))?;
    let ritual = if sp.ritual {
        format!(" ({})", Text::Ritual.get(lang))
    } else {
        String::new()
    };
    out.line(out.dim(&format!(
        "{}, {}{ritual}",
        describe::level(sp.level.get(), lang),
        school_name(s, lang)
    )))?;
    let classes: Vec<&str> = sp
        .classes
        .iter()
        .map(|c| grimoire_words::word(lang.tag(), c))
        .collect();
    let area = sp.area.map(|a| (Text::Area, describe::area(&a, lang)));
    let rows = [
        Some((Text::CastingTime, describe::spell_casting_time(sp, lang))),
        Some((Text::Range, describe::range(&sp.range, lang))),
        area,
        Some((Text::Components, describe::spell_components(sp, lang))),
        Some((Text::Duration, describe::duration(&sp.duration, lang))),
        Some((Text::Classes, classes.join(", "))),
    ];
    for (label, value) in rows.into_iter().flatten() {
        out.line(format!("{:<16} {value}", format!("{}:", label.get(lang))))?;
    }
    out.line("")?;
    out.line(describe::summary(s, lang))
}
