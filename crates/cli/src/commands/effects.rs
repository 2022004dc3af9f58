//! Ongoing magic on one character: dropping Concentration, dismissing a
//! spell (R15), taking damage (Concentration saves), long castings (R12),
//! identifying a spell in effect (R22) and moving Hex, each through its
//! `grimoire_app` use case (`ongoing`, `play`), whose report `--json` prints.

use grimoire_rules::Event;
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Text;
use crate::state;
use crate::view;

/// Arguments of `drop`.
#[derive(Debug, clap::Args)]
pub struct DropArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
}

/// Runs `drop`: ends Concentration (no action needed).
pub fn drop(ctx: &Ctx, args: &DropArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let logged = Some(ctx.command_line.clone());
    let report = grimoire_app::ongoing::drop_concentration(&mut store, &entity.name, logged)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(report));
    }
    let label = report
        .spell
        .map(|s| view::spell_label(&s, out.lang))
        .unwrap_or_default();
    out.line(format!(
        "{}: {label}",
        Text::ConcentrationStopped.get(out.lang)
    ))
}

/// Arguments of `dismiss`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire dismiss [OPTIONS] [CHARACTER] <EFFECT>")]
pub struct DismissArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// The ongoing spell's id (the number after # in `character show`)
    pub effect: Option<u64>,
}

/// Runs `dismiss`: ends one of the character's ongoing spells (R15).
pub fn dismiss(ctx: &Ctx, args: &DismissArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, effect) = active::split(&store, args.name.as_deref(), args.effect, "EFFECT")?;
    let logged = Some(ctx.command_line.clone());
    let input = grimoire_app::ongoing::DismissInput { effect };
    let report = grimoire_app::ongoing::dismiss(&mut store, &entity.name, logged, input)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(report));
    }
    out.line(format!("{} #{}", Text::Dismissed.get(out.lang), effect))
}

/// Arguments of `damage`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire damage [OPTIONS] [CHARACTER] <AMOUNT>")]
pub struct DamageArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// Damage taken
    pub amount: Option<u32>,
    /// A critical hit: at 0 hit points it counts as two death save failures
    #[arg(long)]
    pub critical: bool,
}

/// Runs `damage`: a concentrating character makes the Constitution save.
pub fn damage(ctx: &Ctx, args: &DamageArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, amount) = active::split(&store, args.name.as_deref(), args.amount, "AMOUNT")?;
    let input = grimoire_app::play::DamageInput {
        amount,
        seed: None,
        critical: args.critical,
    };
    let logged = Some(ctx.command_line.clone());
    let o = grimoire_app::play::damage_as(&mut store, &entity.name, logged, &input, &mut ctx.rng())
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(o));
    }
    let next = &o.character.state;
    let after = next
        .vitals()
        .map(|v| format!(" → {}", crate::describe::vitals(&v, out.lang)))
        .unwrap_or_default();
    out.line(format!(
        "{}: {} {}{after}",
        next.name(),
        out.red(Text::Damage.get(out.lang)),
        amount
    ))?;
    if let (Some(dc), Some(roll)) = (o.dc, &o.roll) {
        let verdict = if o.concentration_kept {
            out.green(Text::ConcentrationKept.get(out.lang))
        } else {
            out.red(Text::ConcentrationLost.get(out.lang))
        };
        out.line(grimoire_words::text(
            out.lang.tag(),
            "cli-save-line",
            [
                ("label", crate::describe::roll_label(&roll.label, out.lang)),
                ("notation", roll.notation.to_string()),
                ("total", roll.total.to_string()),
                ("dc", dc.to_string()),
                ("verdict", verdict.to_string()),
            ],
        ))?;
    }
    Ok(())
}

/// What to do with a casting of a minute or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CastingStep {
    /// Spend this turn's Magic action on it (R12)
    Continue,
    /// Give it up; no slot is spent
    Abandon,
}

impl std::str::FromStr for CastingStep {
    type Err = String;

    /// `continue` or `abandon`, as clap reads them.
    fn from_str(s: &str) -> Result<Self, String> {
        <Self as clap::ValueEnum>::from_str(s, true)
    }
}

/// Arguments of `casting`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire casting [OPTIONS] [CHARACTER] <continue|abandon>")]
pub struct CastingArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// continue or abandon
    pub step: Option<CastingStep>,
}

/// Runs `casting`.
pub fn casting(ctx: &Ctx, args: &CastingArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, step) =
        active::split(&store, args.name.as_deref(), args.step, "continue|abandon")?;
    let step = match step {
        CastingStep::Continue => grimoire_app::ongoing::CastingStep::Continue,
        CastingStep::Abandon => grimoire_app::ongoing::CastingStep::Abandon,
    };
    let logged = Some(ctx.command_line.clone());
    let input = grimoire_app::ongoing::CastingInput { step };
    let report = grimoire_app::ongoing::casting(&mut store, &entity.name, logged, input)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(report));
    }
    for n in &report.notes {
        out.line(crate::describe::target_note(n, out.lang))?;
    }
    out.line(view::turn_line(out, &report.character.state))
}

/// Arguments of `identify`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire identify [OPTIONS] [CHARACTER] <SPELL>")]
pub struct IdentifyArgs {
    /// The character studying the effect; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// The spell in effect
    pub spell: Option<String>,
    /// The character's Arcana bonus (default: the Intelligence modifier)
    #[arg(long, allow_negative_numbers = true)]
    pub arcana: Option<i32>,
}

/// Runs `identify` (R22).
pub fn identify(ctx: &Ctx, args: &IdentifyArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, spell) = active::split(&store, args.name.as_deref(), args.spell.clone(), "SPELL")?;
    let input = grimoire_app::ongoing::IdentifyInput {
        spell,
        arcana: args.arcana,
        seed: None,
    };
    let logged = Some(ctx.command_line.clone());
    let o =
        grimoire_app::ongoing::identify(&mut store, &entity.name, logged, &input, &mut ctx.rng())
            .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(o));
    }
    let verdict = match &o.spell {
        Some(spell) if o.success => out.green(&format!(
            "{}: {}",
            Text::Identified.get(out.lang),
            view::spell_label(spell, out.lang)
        )),
        _ => out.red(Text::NotIdentified.get(out.lang)),
    };
    out.line(grimoire_words::text(
        out.lang.tag(),
        "cli-save-line",
        [
            (
                "label",
                crate::describe::roll_label(&o.roll.label, out.lang),
            ),
            ("notation", o.roll.notation.to_string()),
            ("total", o.roll.total.to_string()),
            ("dc", o.dc.to_string()),
            ("verdict", verdict.to_string()),
        ],
    ))
}

/// Arguments of `retarget`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire retarget [OPTIONS] [CHARACTER] <SPELL> <TARGET>")]
pub struct RetargetArgs {
    /// [CHARACTER] SPELL TARGET: the spell in effect (name or the number after # in `character show`) and its new target
    #[arg(required = true, num_args = 2..=3, value_name = "WORD")]
    pub words: Vec<String>,
}

/// Runs `retarget`: moves Hex or Hunter's Mark to a new creature once its
/// target has dropped to 0 hit points, with a Bonus Action.
pub fn retarget(ctx: &Ctx, args: &RetargetArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, words) = active::leading(&store, &args.words, "SPELL")?;
    let [spell, target] = words.as_slice() else {
        return Err(Failure::usage_worded("bad_argument", "cli-retarget-words", &[]).into());
    };
    let input = grimoire_app::ongoing::RetargetInput {
        spell: spell.clone(),
        target: target.clone(),
    };
    let logged = Some(ctx.command_line.clone());
    let report = grimoire_app::ongoing::retarget(&mut store, &entity.name, logged, &input)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(report));
    }
    for e in &report.events {
        if let Event::SpellMoved { spell, targets, .. } = e {
            out.line(format!(
                "{} → {}",
                view::spell_label(spell, out.lang),
                targets.join(", ")
            ))?;
        }
    }
    Ok(())
}
