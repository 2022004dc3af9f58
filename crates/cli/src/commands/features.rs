//! Class features, subclasses, feats and invocations (issue 33): the
//! choices of `character new` and `character set`, and `wildshape`.

use grimoire_app::features::{FeatureAsk, FeatureChoices};
use serde_json::json;

use crate::active;
use crate::catalog;
use crate::context::Ctx;
use crate::failure::app_error;
use crate::view;

/// The choices `character new` and `character set` take.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FeatureArgs {
    /// A subclass: CLASS:SUBCLASS[:OPTION], e.g. wizard:evoker, druid:land:arid (repeatable)
    #[arg(long = "subclass", value_name = "CLASS:SUBCLASS")]
    pub subclasses: Vec<String>,
    /// A feat: FEAT[:LIST][:SPELL,...], e.g. magic-initiate:cleric:guidance,light,bless (repeatable)
    #[arg(long = "feat", value_name = "FEAT")]
    pub feats: Vec<String>,
    /// An Eldritch Invocation: ID[:SPELL,...], e.g. armor-of-shadows (repeatable)
    #[arg(long = "invocation", value_name = "INVOCATION")]
    pub invocations: Vec<String>,
    /// A class feature that asks for spells: ID:SPELL,..., e.g. signature-spells:fireball,counterspell
    #[arg(long = "feature", value_name = "FEATURE")]
    pub features: Vec<String>,
    /// Metamagic options a Sorcerer knows, e.g. careful,quickened
    #[arg(long = "metamagic", value_name = "OPTION", value_delimiter = ',')]
    pub metamagic: Vec<String>,
}

impl FeatureArgs {
    /// The choices, in the app's order (subclasses first).
    pub fn asks(&self) -> Vec<FeatureAsk> {
        FeatureChoices {
            subclasses: self.subclasses.clone(),
            features: self.features.clone(),
            feats: self.feats.clone(),
            invocations: self.invocations.clone(),
            metamagic: self.metamagic.clone(),
        }
        .asks()
    }
}

/// Arguments of `character set`.
#[derive(Debug, clap::Args)]
pub struct SetArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
    /// CLASS:LEVEL, a class's new level (a new class adds a multiclass; others keep theirs)
    #[arg(long = "class", value_name = "CLASS:LEVEL")]
    pub classes: Vec<String>,
    /// Ability scores to change, e.g. con=16 (the others stay)
    #[arg(long, value_name = "ABILITIES")]
    pub abilities: Option<String>,
    /// Hit points of each level gained: fixed (half the Hit Die + 1) or roll (the Hit Die, with --seed), plus Constitution
    #[arg(long = "hp", value_name = "fixed|roll", default_value = "fixed", value_parser = ["fixed", "roll"])]
    pub hp: String,
    /// What to choose.
    #[command(flatten)]
    pub choose: FeatureArgs,
}

/// Runs `character set`: new class levels or ability scores (issue 34:
/// slots, Hit Point Dice and hit points follow), then the features chosen
/// and the class features the levels reach.
pub fn set(ctx: &Ctx, args: &SetArgs) -> anyhow::Result<()> {
    let mut input = grimoire_app::advance::AdvanceInput::default();
    for spec in &args.classes {
        let (class, level) = crate::names::class_level(spec)?;
        input
            .classes
            .push(grimoire_app::sheet::ClassLevel { class, level });
    }
    for (ability, score) in crate::names::ability_scores(args.abilities.as_deref().unwrap_or(""))? {
        input.abilities.set(ability, score);
    }
    if args.hp == "roll" {
        input.hp = grimoire_rules::HitPointGain::Roll;
    }
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let step = if input.is_empty() {
        grimoire_app::features::choose_features(
            &mut store,
            ctx.command_line.clone(),
            &entity,
            &args.choose.asks(),
            catalog::current(),
        )
    } else {
        grimoire_app::advance::advance(
            &mut store,
            ctx.command_line.clone(),
            &entity,
            &input,
            &args.choose.asks(),
            catalog::current(),
            &mut ctx.rng(),
        )
    }
    .map_err(app_error)?;
    let c = &step.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": view::caster_json(c, step.character.version),
            "events": step.events,
        }));
    }
    // The Hit Dice rolled for the levels gained, as `hp` shows a rolled
    // maximum's.
    let rolled = step.events.iter().flat_map(|e| match e {
        grimoire_rules::Event::Advanced { rolls, .. } => rolls.as_slice(),
        _ => &[],
    });
    super::vitals::level_lines(out, rolled)?;
    out.line(view::caster_human(out, c))
}

/// Arguments of `wildshape`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire wildshape [CHARACTER] <on|off>")]
pub struct WildShapeArgs {
    /// [CHARACTER] then on or off
    #[arg(required = true, num_args = 1..=2, value_name = "ON_OFF")]
    pub words: Vec<String>,
}

/// Runs `wildshape`: a Druid takes a beast's shape (a Wild Shape use) or
/// returns; in the shape it casts nothing, Concentration goes on.
pub fn wild_shape(ctx: &Ctx, args: &WildShapeArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, words) = active::leading(&store, &args.words, "ON_OFF")?;
    let on = match words.first().map(|w| w.trim().to_lowercase()).as_deref() {
        Some("on" | "zap" | "zapnout") => true,
        Some("off" | "vyp" | "vypnout") => false,
        _ => {
            return Err(crate::failure::Failure::usage_worded(
                "bad_toggle",
                "cli-wild-shape-usage",
                &[],
            )
            .into());
        }
    };
    let step =
        grimoire_app::features::wild_shape(&mut store, ctx.command_line.clone(), &entity, on)
            .map_err(app_error)?;
    let c = &step.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": c.name(),
            "wild_shape": c.in_wild_shape(),
            "events": step.events,
        }));
    }
    let id = if c.in_wild_shape() {
        "cli-wild-shape-on"
    } else {
        "cli-wild-shape-off"
    };
    out.line(grimoire_words::text(
        out.lang.tag(),
        id,
        [("name", c.name().to_owned())],
    ))
}
