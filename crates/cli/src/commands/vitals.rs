//! `grimoire hp`: a character's hit points and Armor Class outside any
//! encounter — recorded once, then changed by damage (`grimoire damage`),
//! spells that hit or heal it, healing, temporary hit points and rests.

use grimoire_app::play::HitPointsInput;

use crate::active;
use crate::context::Ctx;
use crate::state;

/// Arguments of `hp`.
#[derive(Debug, clap::Args)]
pub struct HpArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// Hit point maximum, or `auto`: fixed from the Hit Point Dice and Constitution
    #[arg(long, value_name = "N", value_parser = MaxParser)]
    pub max: Option<Max>,
    /// With --max auto: roll each level's Hit Point Die after the first (seeded dice) instead of the fixed value
    #[arg(long)]
    pub rolled: bool,
    /// Armor Class
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=i64::from(grimoire_rules::MAX_ARMOR_CLASS)))]
    pub ac: Option<u8>,
    /// Current hit points, set outright (0 to the maximum)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(grimoire_rules::MAX_HIT_POINTS)))]
    pub set: Option<u32>,
    /// Hit points regained, up to the maximum
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(grimoire_rules::MAX_HIT_POINTS)))]
    pub heal: Option<u32>,
    /// Temporary hit points gained
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(grimoire_rules::MAX_HIT_POINTS)))]
    pub temp: Option<u32>,
}

/// A hit point maximum as `--max` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Max {
    /// A number.
    Fixed(u32),
    /// `auto`: the whole first Hit Point Die, then half a die plus 1 a
    /// level, Constitution each level (2024 fixed hit points).
    Auto,
}

/// Parses `--max`: `auto` or a number 1 to the largest maximum.
#[derive(Debug, Clone, Copy)]
struct MaxParser;

impl clap::builder::TypedValueParser for MaxParser {
    type Value = Max;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Max, clap::Error> {
        if value == "auto" {
            return Ok(Max::Auto);
        }
        clap::value_parser!(u32)
            .range(1..=i64::from(grimoire_rules::MAX_HIT_POINTS))
            .parse_ref(cmd, arg, value)
            .map(Max::Fixed)
    }
}

/// Runs `hp`: records, changes or shows a character's hit points.
pub fn run(ctx: &Ctx, args: &HpArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    if args.rolled && args.max != Some(Max::Auto) {
        return Err(crate::failure::Failure::usage_worded(
            "rolled_needs_auto",
            "cli-rolled-needs-auto",
            &[],
        )
        .into());
    }
    let input = HitPointsInput {
        max_hp: match args.max {
            Some(Max::Fixed(n)) => Some(n),
            _ => None,
        },
        ac: args.ac,
        hp: args.set,
        temp_hp: args.temp,
        heal: args.heal,
        max_hp_auto: (args.max == Some(Max::Auto)).then_some(if args.rolled {
            grimoire_app::MaxHpRule::Rolled
        } else {
            grimoire_app::MaxHpRule::Fixed
        }),
        seed: None,
    };
    // Asked for no change, it writes nothing and answers the hit points.
    let logged = Some(ctx.command_line.clone());
    let report =
        grimoire_app::play::hit_points_as(&mut store, &entity.name, logged, &input, &mut ctx.rng())
            .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::json!(report));
    }
    let c = &report.character.state;
    let rolled = report.max_hp_rolled.iter().flat_map(|r| r.levels.iter());
    level_lines(out, rolled)?;
    let Some(v) = c.vitals() else {
        out.line(format!(
            "{}: {}",
            out.bold(c.name()),
            out.dim(grimoire_words::fixed(out.lang.tag(), "cli-no-hit-points"))
        ))?;
        return Ok(());
    };
    let mut line = format!(
        "{}: {}",
        out.bold(c.name()),
        crate::describe::vitals(&v, out.lang)
    );
    if v.hp == 0 {
        line.push_str(&format!(
            " · {}",
            out.red(grimoire_words::word(
                out.lang.tag(),
                &grimoire_rules::Condition::Unconscious
            ))
        ));
    }
    out.line(line)?;
    let dice = |d: grimoire_rules::HitDice| {
        let each: Vec<String> = d.each().map(|(s, n)| format!("{n}d{s}")).collect();
        if each.is_empty() {
            "0".to_owned()
        } else {
            each.join(" + ")
        }
    };
    out.line(out.dim(&grimoire_words::text(
        out.lang.tag(),
        "cli-hit-dice-pool",
        [
            ("left", dice(c.hit_dice_left())),
            ("all", dice(c.hit_dice())),
        ],
    )))?;
    for note in &report.notes {
        out.line(out.dim(&crate::describe::target_note(note, out.lang)))?;
    }
    Ok(())
}

/// One dim line for each level's hit points (its die, the face, whole or
/// rolled, the Constitution modifier and what it gave): a rolled maximum,
/// or the levels an advance rolled for.
pub(crate) fn level_lines<'a>(
    out: &crate::output::Out,
    levels: impl IntoIterator<Item = &'a grimoire_rules::LevelHitPoints>,
) -> anyhow::Result<()> {
    for l in levels {
        let id = if l.rolled {
            "cli-max-hp-level-rolled"
        } else {
            "cli-max-hp-level-whole"
        };
        out.line(out.dim(&grimoire_words::text(
            out.lang.tag(),
            id,
            [
                (
                    "class",
                    grimoire_words::word(out.lang.tag(), &l.class).to_owned(),
                ),
                ("size", l.size.to_string()),
                ("face", l.face.to_string()),
                ("con", format!("{:+}", l.con)),
                ("hp", l.hp.to_string()),
            ],
        )))?;
    }
    Ok(())
}
