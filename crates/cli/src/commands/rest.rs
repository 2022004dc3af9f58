//! The parts of `grimoire rest` that the 2024 rules add: Hit Point Dice
//! spent on a Short Rest (`--hit-dice 2`, `--hit-dice d10:1,d8:1`), each
//! die shown with the Constitution modifier, and a party rest (`--all`).

use grimoire_app::RestKind;
use grimoire_rules::{Caster, HIT_DIE_SIZES, HitDice, HitDieRoll};
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::output::Out;
use crate::state;

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

/// `rest --all`: every stored character rests in one change; on a Short
/// Rest with `--hit-dice auto` each spends the dice its missing hit points
/// call for (no other `--hit-dice` fits a whole party).
pub fn party(ctx: &Ctx, kind: RestKind, hit_dice: Option<&str>) -> anyhow::Result<()> {
    let spend = match hit_dice.map(str::trim) {
        None => grimoire_app::PartyHitDice::None,
        Some("auto") => grimoire_app::PartyHitDice::ToHeal,
        Some(given) => {
            return Err(Failure::usage_worded(
                "invalid_hit_dice",
                "cli-bad-party-hit-dice",
                &[("given", given)],
            )
            .into());
        }
    };
    let mut store = ctx.store()?;
    let done = grimoire_app::rest_all_spending(
        &mut store,
        ctx.command_line.clone(),
        kind,
        spend,
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
        crate::i18n::Text::LongRest
    } else {
        crate::i18n::Text::ShortRest
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
