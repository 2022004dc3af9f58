//! `grimoire rest`: a Long or Short Rest for one character or the party
//! (`--all`), with what the 2024 rules add: Hit Point Dice spent on a
//! Short Rest (`--hit-dice 2`, `--hit-dice d10:1,d8:1`), each die shown
//! with the Constitution modifier, and the class resources' choices made
//! as the rest finishes (`--arcane-recovery`, `--sorcerous-restoration`,
//! `--natural-recovery`, `--memorize`).

use grimoire_app::RestKind;
use grimoire_app::class_resources::{MemorizeInput, RestChoices};
use grimoire_rules::{Caster, HIT_DIE_SIZES, HitDice, HitDieRoll};
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Text;
use crate::output::Out;
use crate::state;
use crate::view;

/// Arguments of `rest`.
#[derive(Debug, clap::Args)]
pub struct RestArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
    /// A Long Rest: every slot returns (R4)
    #[arg(long, conflicts_with = "short", required_unless_present = "short")]
    pub long: bool,
    /// A Short Rest: pact slots and short-rest uses return
    #[arg(long)]
    pub short: bool,
    /// Hit Point Dice to spend at the end of the Short Rest: a number (largest dice first), sizes (d10:1,d8:1) or auto (enough for the hit points missing)
    #[arg(long = "hit-dice", value_name = "DICE", requires = "short")]
    pub hit_dice: Option<String>,
    /// Rest every stored character in one change (a Short Rest spends Hit Point Dice only as --hit-dice says: auto, or each one's own, Pal=2;Rang=d10:1)
    #[arg(long, conflicts_with_all = ["name"])]
    pub all: bool,
    /// Arcane Recovery at the end of the Short Rest: the levels of the expended slots to recover (3,1)
    #[arg(
        long = "arcane-recovery",
        value_name = "LEVELS",
        requires = "short",
        conflicts_with = "all"
    )]
    pub arcane_recovery: Option<String>,
    /// Sorcerous Restoration at the end of the Short Rest: regain Sorcery Points
    #[arg(
        long = "sorcerous-restoration",
        requires = "short",
        conflicts_with = "all"
    )]
    pub sorcerous_restoration: bool,
    /// Natural Recovery (Circle of the Land Druid 6+) at the end of the Short Rest: the levels of the expended slots to recover (3,1)
    #[arg(
        long = "natural-recovery",
        value_name = "LEVELS",
        requires = "short",
        conflicts_with = "all"
    )]
    pub natural_recovery: Option<String>,
    /// Memorize Spell (Wizard 5+) at the end of the Short Rest: the spellbook's spell to prepare; --forget names the one it replaces
    #[arg(
        long,
        value_name = "SPELL",
        requires_all = ["short", "forget"],
        conflicts_with = "all"
    )]
    pub memorize: Option<String>,
    /// With --memorize: the prepared spell Memorize Spell replaces
    #[arg(long, value_name = "SPELL", requires = "memorize")]
    pub forget: Option<String>,
}

/// A refused Long Rest names what makes it possible (R4): the hours to
/// let pass, or the encounter to end first.
fn rest_hint(r: grimoire_rules::RulesError, caster: &str) -> Failure {
    use grimoire_rules::RulesError as E;
    let (id, var, value) = match &r {
        E::LongRestTooSoon { hours_left, .. } => {
            ("hint-long-rest-wait", "hours", hours_left.to_string())
        }
        E::LongRestInEncounter { encounter, .. } => {
            ("hint-long-rest-encounter", "encounter", encounter.clone())
        }
        _ => return Failure::from(r),
    };
    let args = [("caster", caster), (var, value.as_str())];
    Failure::from(r).with_hint(id, &args, |lang| grimoire_words::text(lang, id, args))
}

/// Runs `rest`.
pub fn run(ctx: &Ctx, args: &RestArgs) -> anyhow::Result<()> {
    let kind = if args.long {
        RestKind::Long
    } else {
        RestKind::Short
    };
    if args.all {
        return party(ctx, kind, args.hit_dice.as_deref());
    }
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let dice = match &args.hit_dice {
        Some(spec) => hit_dice(spec, &entity.state)?,
        None => grimoire_rules::HitDice::default(),
    };
    let choices = choices(args)?;
    let rested = grimoire_app::play::rest_as(
        &mut store,
        &entity.name,
        Some(ctx.command_line.clone()),
        kind,
        dice,
        &choices,
        &mut ctx.rng(),
    )
    .map_err(|e| match e {
        grimoire_app::AppError::Rules(r) => rest_hint(r, &entity.name).into(),
        other => state::app_error(other),
    })?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(rested));
    }
    let next = &rested.character.state;
    let what = if args.long {
        Text::LongRest
    } else {
        Text::ShortRest
    };
    out.line(format!(
        "{}: {}",
        out.green(what.get(out.lang)),
        next.name()
    ))?;
    for note in &rested.notes {
        out.line(out.dim(&crate::describe::target_note(note, out.lang)))?;
    }
    hit_dice_lines(out, next, &rested.hit_dice_rolls, rested.hit_dice_healed)?;
    out.line(view::slots_table(out, next))
}

/// Reads `--arcane-recovery 3,1` and `--natural-recovery 3,1` (slot
/// levels), `--sorcerous-restoration` and `--memorize SPELL --forget
/// SPELL` into the rest's choices.
fn choices(args: &RestArgs) -> anyhow::Result<RestChoices> {
    let levels = |spec: Option<&str>, bad: &str| -> anyhow::Result<Vec<u8>> {
        let Some(spec) = spec else {
            return Ok(Vec::new());
        };
        spec.split(',')
            .map(|part| {
                part.trim()
                    .parse()
                    .map_err(|_| Failure::usage_worded("usage", bad, &[("given", spec)]).into())
            })
            .collect()
    };
    Ok(RestChoices {
        arcane_recovery: levels(args.arcane_recovery.as_deref(), "cli-bad-arcane-recovery")?,
        sorcerous_restoration: args.sorcerous_restoration,
        natural_recovery: levels(args.natural_recovery.as_deref(), "cli-bad-natural-recovery")?,
        memorize: args.memorize.as_ref().map(|learn| MemorizeInput {
            forget: args.forget.clone().unwrap_or_default(),
            learn: learn.clone(),
        }),
    })
}

/// The most dice one `--hit-dice` asks for (a 20th-level character has 20).
const MAX_DICE: u8 = 20;

/// Reads `--hit-dice`: a number takes the largest dice left first; sizes
/// (`d10:1,d8:2`) say how many of each. Anything else is a usage error.
pub fn hit_dice(spec: &str, c: &Caster) -> anyhow::Result<HitDice> {
    let bad = || {
        anyhow::Error::from(Failure::usage_worded(
            "invalid_hit_dice",
            "cli-bad-hit-dice",
            &[("given", spec)],
        ))
    };
    if spec.trim() == "auto" {
        return Ok(c.hit_dice_to_heal());
    }
    if let Ok(n) = spec.trim().parse::<u8>() {
        if n == 0 || n > MAX_DICE {
            return Err(bad());
        }
        let left = c.hit_dice_left();
        let mut want = n;
        let mut dice = HitDice::default();
        for size in HIT_DIE_SIZES.into_iter().rev() {
            let take = want.min(left.get(size));
            dice = dice.plus(size, take);
            want -= take;
        }
        if want > 0 {
            // More than are left: the rules refuse, naming the largest die.
            let size = c.hit_dice().each().last().map_or(6, |(s, _)| s);
            dice = dice.plus(size, want);
        }
        return Ok(dice);
    }
    let mut dice = HitDice::default();
    let mut total: u16 = 0;
    for part in spec.split(',') {
        let (size, n) = part.trim().split_once(':').ok_or_else(bad)?;
        let size: u8 = size
            .trim()
            .strip_prefix(['d', 'D'])
            .and_then(|s| s.parse().ok())
            .filter(|s| HIT_DIE_SIZES.contains(s))
            .ok_or_else(bad)?;
        let n: u8 = n.trim().parse().map_err(|_| bad())?;
        total += u16::from(n);
        if total > u16::from(MAX_DICE) {
            return Err(bad());
        }
        dice = dice.plus(size, n);
    }
    if dice.is_none() {
        return Err(bad());
    }
    Ok(dice)
}

/// Each Hit Point Die spent, with the Constitution modifier, the hit points
/// they gave, and the dice left.
pub fn hit_dice_lines(
    out: &Out,
    c: &Caster,
    rolls: &[HitDieRoll],
    healed: u32,
) -> anyhow::Result<()> {
    if rolls.is_empty() {
        return Ok(());
    }
    let tag = out.lang.tag();
    for r in rolls {
        out.line(grimoire_words::text(
            tag,
            "cli-hit-die-line",
            [
                ("size", r.size.to_string()),
                ("face", r.face.to_string()),
                ("con", format!("{:+}", r.con)),
                ("healed", r.healed.to_string()),
            ],
        ))?;
    }
    let left: Vec<String> = c
        .hit_dice_left()
        .each()
        .map(|(s, n)| format!("{n}d{s}"))
        .collect();
    let vitals = c
        .vitals()
        .map(|v| crate::describe::vitals(&v, out.lang))
        .unwrap_or_default();
    out.line(out.green(&grimoire_words::text(
        tag,
        "cli-hit-dice-healed",
        [
            ("healed", healed.to_string()),
            (
                "left",
                if left.is_empty() {
                    "0".to_owned()
                } else {
                    left.join(" + ")
                },
            ),
            ("vitals", vitals),
        ],
    )))
}

/// Reads a party's `--hit-dice`: `auto` (each spends what its missing hit
/// points call for), and `NAME=DICE` entries separated by `;`, each the
/// named character's own choice as for one character (`Pal=2;Rang=d10:1`);
/// `auto` among them is the choice of everyone not named. Each named
/// character is read from `store` to turn a number into dice.
fn party_hit_dice(
    store: &grimoire_store::Store,
    spec: Option<&str>,
) -> anyhow::Result<(
    grimoire_app::PartyHitDice,
    std::collections::BTreeMap<String, HitDice>,
)> {
    let mut spend = grimoire_app::PartyHitDice::None;
    let mut chosen = std::collections::BTreeMap::new();
    let Some(spec) = spec else {
        return Ok((spend, chosen));
    };
    let bad = || {
        anyhow::Error::from(Failure::usage_worded(
            "invalid_hit_dice",
            "cli-bad-party-hit-dice",
            &[("given", spec)],
        ))
    };
    for entry in spec.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        match entry.split_once('=') {
            None if entry == "auto" => spend = grimoire_app::PartyHitDice::ToHeal,
            None => return Err(bad()),
            Some((name, dice)) => {
                if chosen.len() >= grimoire_app::limits::MAX_PARTY_CHOICES {
                    return Err(bad());
                }
                let c = active::character(store, Some(name.trim()))?;
                let dice = hit_dice(dice, &c.state)?;
                if chosen.insert(c.name.clone(), dice).is_some() {
                    return Err(bad());
                }
            }
        }
    }
    Ok((spend, chosen))
}

/// `rest --all`: every stored character rests in one change; on a Short
/// Rest `--hit-dice` says which Hit Point Dice each spends: `auto` for the
/// dice its missing hit points call for, or each character's own
/// (`Pal=2;Rang=d10:1;auto`, see [`party_hit_dice`]).
pub fn party(ctx: &Ctx, kind: RestKind, hit_dice: Option<&str>) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (spend, chosen) = party_hit_dice(&store, hit_dice)?;
    let done = grimoire_app::rest_all_choosing(
        &mut store,
        ctx.command_line.clone(),
        kind,
        spend,
        &chosen,
        &mut ctx.rng(),
    )
    .map_err(state::app_error)?;
    let out = &ctx.out;
    let long = kind == RestKind::Long;
    if out.json {
        return out.json(&json!({
            "rest": if long { "long" } else { "short" },
            "characters": done.members,
        }));
    }
    let what = if long {
        Text::LongRest
    } else {
        Text::ShortRest
    };
    out.line(out.green(what.get(out.lang)))?;
    for m in &done.members {
        let line = match (m.refused, m.hp, m.max_hp) {
            (Some(code), ..) => grimoire_words::text(
                out.lang.tag(),
                "cli-party-refused",
                [("name", m.name.clone()), ("code", code.to_owned())],
            ),
            (None, Some(hp), Some(max)) => grimoire_words::text(
                out.lang.tag(),
                "cli-party-rested",
                [
                    ("name", m.name.clone()),
                    ("hp", hp.to_string()),
                    ("max", max.to_string()),
                ],
            ),
            _ => out.bold(&m.name),
        };
        out.line(line)?;
        for r in &m.hit_dice_rolls {
            out.line(out.dim(&format!(
                "  {}",
                grimoire_words::text(
                    out.lang.tag(),
                    "cli-hit-die-line",
                    [
                        ("size", r.size.to_string()),
                        ("face", r.face.to_string()),
                        ("con", format!("{:+}", r.con)),
                        ("healed", r.healed.to_string()),
                    ],
                )
            )))?;
        }
    }
    Ok(())
}
