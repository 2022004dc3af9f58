//! `grimoire plan [CHARACTER] --target ac=15,hp=40,dex=+2,resist=fire`:
//! for every spell the character can cast now at every slot it could use,
//! the exact damage (or healing) against that target: mean, range, the
//! chance to hit or that the target fails its save, the chance to bring it
//! to 0, best first (issue 15).

use grimoire_app::options::Way;
use grimoire_app::plan::{PlanTarget, plan};
use grimoire_rules::RollMode;
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::output::Table;
use crate::state;
use crate::view;

/// Arguments of `plan`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
    /// The target's numbers: ac=15,hp=40,dex=+2,resist=fire
    #[arg(short, long, default_value = "")]
    pub target: String,
    /// The caster's attack rolls have advantage
    #[arg(long, conflicts_with = "disadvantage")]
    pub advantage: bool,
    /// The caster's attack rolls have disadvantage
    #[arg(long)]
    pub disadvantage: bool,
    /// Only the best N lines (1 to 400)
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=400))]
    pub top: Option<u16>,
}

/// The target as `grimoire_app::plan::parse_target` reads it; a bad
/// spec is a usage error naming the key (`bad_target`).
fn target(spec: &str) -> Result<PlanTarget, Failure> {
    grimoire_app::plan::parse_target(spec)
        .map_err(|m| Failure::usage("bad_target", m.render("en")).with_words(|l| m.render(l)))
}

/// Catalogue message `id` in `lang` (a fixed label).
fn t(lang: Lang, id: &str) -> &'static str {
    grimoire_words::fixed(lang.tag(), id)
}

fn way(w: &Way, lang: Lang) -> String {
    match w {
        Way::Cantrip => t(lang, "cli-plan-cantrip").to_owned(),
        Way::Slot { level } => format!("{} {level}", t(lang, "cli-plan-slot")),
        Way::PactSlot { level } => format!("{} {level}", t(lang, "cli-plan-pact")),
        Way::PointsSlot { level, points } => grimoire_words::text(
            lang.tag(),
            "cli-options-points-slot",
            [("level", *level), ("points", *points)],
        ),
        _ => String::new(),
    }
}

fn percent(p: Option<f64>) -> String {
    match p.map(|p| p.clamp(0.0, 1.0)) {
        None => "–".into(),
        Some(p) if p > 0.0 && p < 0.005 => "<1 %".into(),
        Some(p) => format!("{:.0} %", p * 100.0),
    }
}

/// Runs `plan`.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    let mut spec = target(&args.target)?;
    spec.attack_mode = if args.advantage {
        RollMode::Advantage
    } else if args.disadvantage {
        RollMode::Disadvantage
    } else {
        RollMode::Normal
    };
    let store = ctx.store()?;
    let c = active::character(&store, args.name.as_deref())?;
    let enc = grimoire_app::encounter_of(&store, &c.name).map_err(state::app_error)?;
    let lookup = |id: &grimoire_rules::SpellId| {
        crate::catalog::current()
            .get(id.as_str())
            .map(|s| s.spell.clone())
    };
    let mut found = plan(&store, &c, enc.as_ref(), &lookup, &spec).map_err(state::app_error)?;
    if let Some(n) = args.top {
        found.lines.truncate(usize::from(n));
    }
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(found));
    }
    let lang = out.lang;
    out.line(format!(
        "{} — {}",
        out.bold(&found.character),
        t(lang, "cli-plan-expected-against-the-target")
    ))?;
    if found.lines.is_empty() {
        out.line(out.dim(t(lang, "cli-plan-no-damaging-or-healing-spell-can-be-cast")))?;
        return left_out(out, &found);
    }
    let mut table = Table::new([
        t(lang, "cli-plan-spell"),
        t(lang, "cli-plan-slot"),
        t(lang, "cli-plan-mean"),
        t(lang, "cli-plan-range"),
        t(lang, "cli-plan-hits"),
        t(lang, "cli-plan-fails-save"),
        t(lang, "cli-plan-to-0-hp"),
    ])
    .align_right(2)
    .align_right(4)
    .align_right(5)
    .align_right(6);
    for l in &found.lines {
        let name = view::spell_label(&l.spell, lang);
        let name = if l.kind == "healing" {
            format!("{name} ({})", t(lang, "cli-plan-healing"))
        } else {
            name
        };
        // A line cast with Metamagic names its option.
        let name = match l.metamagic {
            Some(m) => format!("{name} + {}", grimoire_words::term(lang.tag(), &m)),
            None if l.overchannel => format!("{name} + {}", t(lang, "cli-plan-overchannel")),
            None => name,
        };
        table.row([
            name,
            way(&l.way, lang),
            format!("{:.1}", l.mean),
            format!("{}–{}", l.min, l.max),
            percent(l.hit_chance),
            percent(l.fail_chance),
            percent(l.kill_chance),
        ]);
    }
    out.line(table.render(out))?;
    left_out(out, &found)
}

/// Says how many lines a plan cut short left out, and why.
fn left_out(out: &crate::output::Out, found: &grimoire_app::plan::Plan) -> anyhow::Result<()> {
    let Some(why) = found
        .stopped_by
        .or_else(|| found.left_out.first().map(|l| l.reason))
    else {
        return Ok(());
    };
    let said = grimoire_words::Message::new("cli-plan-left-out")
        .number("count", found.left_out.len() as i64)
        .part(
            "why",
            grimoire_words::Message::new(format!("cli-plan-why-{why}")),
        )
        .render(out.lang.tag());
    out.line(out.dim(&said))
}
