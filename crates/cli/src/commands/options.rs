//! `grimoire options [CHARACTER]`: what the character can cast now, each
//! way it can be powered and the part of the turn it takes, and every
//! other spell it knows with the rule that blocks it (issue 15). Computed
//! by the same checks as `cast`.

use grimoire_app::options::{Castable, Options, Way};
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::output::Out;
use crate::state;
use crate::view;

/// Arguments of `options`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
}

/// Runs `options`.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let c = active::character(&store, args.name.as_deref())?;
    let enc = grimoire_app::encounter_of(&store, &c.name).map_err(state::app_error)?;
    let lookup = |id: &grimoire_rules::SpellId| {
        crate::catalog::current()
            .get(id.as_str())
            .map(|s| s.spell.clone())
    };
    let mut found = grimoire_app::options::options(&store, &c, enc.as_ref(), &lookup)
        .map_err(state::app_error)?;
    // Each refusal says what would make the cast legal, as `cast` does,
    // in every language it has; the JSON also carries it as data (`hint`).
    let mut hints = Vec::with_capacity(found.blocked.len());
    for b in &mut found.blocked {
        let f = Failure::refused(&b.code, b.message.clone())
            .with_words(|lang| b.message_in(lang).to_owned());
        let spell = |lang| view::spell_label(&b.spell, lang);
        let f = super::cast::hint(f, &c.name, spell, enc.is_some());
        for (lang, text) in &mut b.messages {
            *text = f.message(Lang::of_tag(lang)).to_owned();
        }
        if b.message_cs.is_some() {
            b.message_cs = b.messages.get("cs").cloned();
        }
        hints.push(f.hint_json());
        b.message = f.message;
    }
    let out = &ctx.out;
    if out.json {
        let mut answer = json!(found);
        if let Some(blocked) = answer["blocked"].as_array_mut() {
            for (b, hint) in blocked.iter_mut().zip(hints) {
                if let Some(hint) = hint {
                    b["hint"] = hint;
                }
            }
        }
        return out.json(&answer);
    }
    human(out, &found)
}

/// The Metamagic the character knows beside a castable spell: the
/// options that fit with their cost, then each that does not and why.
fn metamagic_lines(out: &Out, c: &Castable, lang: Lang) -> anyhow::Result<()> {
    let fits: Vec<String> = c
        .metamagic
        .iter()
        .filter(|m| m.applies)
        .map(|m| {
            grimoire_words::text(
                lang.tag(),
                "cli-options-metamagic-cost",
                [
                    ("option", grimoire_words::term(lang.tag(), &m.option)),
                    ("points", m.cost.to_string()),
                ],
            )
        })
        .collect();
    if !fits.is_empty() {
        let line = grimoire_words::text(
            lang.tag(),
            "cli-options-metamagic",
            [("options", fits.join(", "))],
        );
        out.line(format!("      {line}"))?;
    }
    for m in c.metamagic.iter().filter(|m| !m.applies) {
        if let Some(why) = m.why.get(lang.tag()).or_else(|| m.why.values().next()) {
            out.line(out.dim(&format!("      ✗ {why}")))?;
        }
    }
    Ok(())
}

/// Catalogue message `id` in `lang` (a fixed label).
fn t(lang: Lang, id: &str) -> &'static str {
    grimoire_words::fixed(lang.tag(), id)
}

/// A way in words (`slot 3`, `ritual`, `via Wand of Magic Missiles`).
fn way_text(way: &Way, lang: Lang) -> String {
    match way {
        Way::Cantrip => t(lang, "cli-options-cantrip").to_owned(),
        Way::Slot { level } => format!("{} {level}", t(lang, "cli-options-slot")),
        Way::PactSlot { level } => format!("{} {level}", t(lang, "cli-options-pact-slot")),
        Way::Ritual => t(lang, "cli-options-ritual").to_owned(),
        Way::Item { name } | Way::Feature { name } => {
            format!("{} {name}", t(lang, "cli-options-via"))
        }
        Way::Arcanum => t(lang, "cli-options-mystic-arcanum").to_owned(),
        Way::PointsSlot { level, points } => grimoire_words::text(
            lang.tag(),
            "cli-options-points-slot",
            [("level", *level), ("points", *points)],
        ),
    }
}

fn human(out: &Out, o: &Options) -> anyhow::Result<()> {
    let lang = out.lang;
    out.line(format!(
        "{} — {}",
        out.bold(&o.character),
        t(lang, "cli-options-what-can-be-cast-now")
    ))?;
    for r in &o.house_rules {
        out.line(out.yellow(&format!("  ! {}", super::house::line(r, lang))))?;
    }
    if o.castable.is_empty() {
        out.line(out.dim(t(lang, "cli-options-nothing-right-now")))?;
    }
    for c in &o.castable {
        let ways: Vec<String> = c
            .ways
            .iter()
            .map(|w| {
                let action = grimoire_words::word(lang.tag(), &w.action);
                let waives = if w.waives.is_empty() {
                    String::new()
                } else {
                    let word = t(lang, "cli-options-house-rule-lets-pass");
                    format!(" ({word} {})", w.waives.join(", "))
                };
                format!("{} [{action}]{waives}", way_text(&w.way, lang))
            })
            .collect();
        out.line(format!(
            "  {} {}: {}",
            out.green("✓"),
            out.bold(&view::spell_label(&c.spell, lang)),
            ways.join(", ")
        ))?;
        metamagic_lines(out, c, lang)?;
        // The ways that do not work now, each with its refusal.
        for closed in &c.closed {
            let why = closed.messages.get(lang.tag()).unwrap_or(&closed.message);
            out.line(out.dim(&format!("      – {}: {why}", way_text(&closed.way, lang))))?;
        }
    }
    if !o.blocked.is_empty() {
        out.line(t(lang, "cli-options-not-now"))?;
    }
    for b in &o.blocked {
        out.line(format!(
            "  {} {}: {} ({})",
            out.red("✗"),
            view::spell_label(&b.spell, lang),
            b.message_in(lang.tag()),
            b.code
        ))?;
    }
    Ok(())
}
