//! Class resources (issue 33): `grimoire font` (Font of Magic both ways),
//! `grimoire innate` (Innate Sorcery) and `grimoire cunning` (Magical
//! Cunning). The choices made as a rest finishes (`--arcane-recovery`,
//! `--sorcerous-restoration`) are read with the rest's arguments
//! (`rest.rs`); `character show` prints the resources with
//! `view::resource_lines`.

use grimoire_app::class_resources::{FontInput, FontWay, ResourcesView};
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::failure::{Failure, app_error};
use crate::view;

/// Arguments of `font`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("way").required(true).args(["to_points", "to_slot"])))]
pub struct FontArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// Expend a slot of this level for as many Sorcery Points (no action)
    #[arg(long = "to-points", value_name = "LEVEL")]
    pub to_points: Option<u8>,
    /// Spend Sorcery Points for a slot of this level, 1 to 5 (a Bonus Action)
    #[arg(long = "to-slot", value_name = "LEVEL")]
    pub to_slot: Option<u8>,
    /// With --to-points: expend a Pact Magic slot
    #[arg(long, requires = "to_points")]
    pub pact: bool,
}

/// Arguments of `innate` and `cunning`.
#[derive(Debug, clap::Args)]
pub struct NameArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
}

/// Runs `font`.
pub fn font(ctx: &Ctx, args: &FontArgs) -> anyhow::Result<()> {
    let input = match (args.to_points, args.to_slot) {
        (Some(level), _) => FontInput {
            way: FontWay::ToPoints,
            level,
            pact: args.pact,
        },
        (None, Some(level)) => FontInput {
            way: FontWay::ToSlot,
            level,
            pact: false,
        },
        (None, None) => return Err(Failure::usage_worded("usage", "cli-font-usage", &[]).into()),
    };
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let before = entity.state.sorcery_points();
    let step = grimoire_app::class_resources::font_of_magic(
        &mut store,
        ctx.command_line.clone(),
        &entity,
        &input,
    )
    .map_err(app_error)?;
    let c = &step.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": c.name(),
            "way": input.way,
            "level": input.level,
            "resources": ResourcesView::of(c),
            "slots": view::slots_json(c),
            "events": step.events,
        }));
    }
    let (id, points) = match input.way {
        FontWay::ToPoints => (
            "cli-font-to-points",
            c.sorcery_points().saturating_sub(before),
        ),
        FontWay::ToSlot => (
            "cli-font-to-slot",
            before.saturating_sub(c.sorcery_points()),
        ),
    };
    out.line(out.green(&grimoire_words::text(
        out.lang.tag(),
        id,
        [
            ("name", c.name().to_owned()),
            ("level", input.level.to_string()),
            ("points", points.to_string()),
            ("left", c.sorcery_points().to_string()),
        ],
    )))?;
    out.line(view::slots_table(out, c))
}

/// Runs `innate`.
pub fn innate(ctx: &Ctx, args: &NameArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let before = entity.state.sorcery_points();
    let step = grimoire_app::class_resources::innate_sorcery(
        &mut store,
        ctx.command_line.clone(),
        &entity,
    )
    .map_err(app_error)?;
    let c = &step.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": c.name(),
            "resources": ResourcesView::of(c),
            "events": step.events,
        }));
    }
    let paid = before.saturating_sub(c.sorcery_points());
    let (id, args) = if paid > 0 {
        (
            "cli-innate-incarnate",
            vec![("name", c.name().to_owned()), ("points", paid.to_string())],
        )
    } else {
        ("cli-innate-started", vec![("name", c.name().to_owned())])
    };
    out.line(out.green(&grimoire_words::text(out.lang.tag(), id, args)))?;
    for line in view::resource_lines(out, c) {
        out.line(line)?;
    }
    Ok(())
}

/// Runs `cunning`.
pub fn cunning(ctx: &Ctx, args: &NameArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let before = entity.state.pact_slots().map_or(0, |p| p.remaining());
    let step = grimoire_app::class_resources::magical_cunning(
        &mut store,
        ctx.command_line.clone(),
        &entity,
    )
    .map_err(app_error)?;
    let c = &step.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": c.name(),
            "resources": ResourcesView::of(c),
            "slots": view::slots_json(c),
            "events": step.events,
        }));
    }
    let back = c.pact_slots().map_or(0, |p| p.remaining()) - before;
    out.line(out.green(&grimoire_words::text(
        out.lang.tag(),
        "cli-cunning-done",
        [("name", c.name().to_owned()), ("count", back.to_string())],
    )))?;
    out.line(view::slots_table(out, c))
}
