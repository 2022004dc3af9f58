//! `grimoire attack CREATURE WEAPON -t CHARACTER --bonus N`: the GM's
//! creature attacks a character in an encounter through
//! [`grimoire_app::creature_attack`] (issue 34). A hit Shield could turn
//! into a miss waits for the character's Reaction (`encounter react`,
//! then `encounter resolve` lands or drops the damage).

use grimoire_app::{CreatureAttackCall, CreatureAttackDone, CreatureWeapon};
use grimoire_rules::{DamageType, DiceFormula, RollMode};
use serde_json::json;

use super::attack::Args;
use super::monster::{spell_name, t};
use crate::context::Ctx;
use crate::failure::Failure;
use crate::state;

/// Runs a creature's attack: `args.name` is the creature, `bonus` its
/// attack bonus.
pub fn run(ctx: &Ctx, args: &Args, bonus: i32) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (Some(attacker), Some(weapon)) = (args.name.clone(), args.weapon.clone()) else {
        return Err(
            Failure::usage_worded("missing_creature", "cli-creature-attack-usage", &[]).into(),
        );
    };
    let weapon = match &args.damage {
        None => CreatureWeapon::Weapon {
            weapon,
            damage_bonus: args.damage_bonus.unwrap_or(0),
        },
        Some(dice) => {
            let damage: DiceFormula = dice.parse().map_err(|_| {
                Failure::usage_worded(
                    "invalid_damage",
                    "cli-creature-bad-damage",
                    &[("given", dice)],
                )
            })?;
            let ty = args.damage_type.as_deref().unwrap_or("bludgeoning");
            let damage_type = DamageType::from_name(ty).ok_or_else(|| {
                Failure::usage_worded(
                    "invalid_damage",
                    "cli-creature-bad-damage",
                    &[("given", ty)],
                )
            })?;
            CreatureWeapon::Own {
                name: weapon,
                damage,
                damage_type,
                melee: !args.ranged,
            }
        }
    };
    let roll_mode = if args.advantage {
        RollMode::Advantage
    } else if args.disadvantage {
        RollMode::Disadvantage
    } else {
        RollMode::Normal
    };
    let call = CreatureAttackCall {
        attacker,
        weapon,
        bonus,
        target: args.target.clone(),
        roll_mode,
        command: ctx.command_line.clone(),
    };
    let reactions = grimoire_app::reaction_spells();
    let done = grimoire_app::creature_attack(&mut store, &call, &reactions, &mut ctx.rng())
        .map_err(state::app_error)?;
    show(ctx, &done)
}

/// Prints the attack: the roll, then the damage landed or the window
/// waiting for Reactions.
fn show(ctx: &Ctx, done: &CreatureAttackDone) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "creature_attack": done, "seed": ctx.seed }));
    }
    let lang = out.lang;
    let tag = lang.tag();
    let target = done.target.clone();
    out.line(grimoire_words::text(
        tag,
        "cli-creature-attack-header",
        [
            ("attacker", out.bold(&done.attacker)),
            ("attack", out.bold(&out.cyan(&done.roll.attack.name))),
            ("target", target),
        ],
    ))?;
    let rolls = done
        .outcome
        .as_ref()
        .map_or(&done.roll.rolls, |o| &o.resolution.rolls);
    for roll in rolls {
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        out.line(format!(
            "  {}: {} [{}] = {}",
            grimoire_words::roll_label(tag, &roll.label),
            roll.notation,
            dice.join(", "),
            out.bold(&roll.total.to_string())
        ))?;
    }
    if let Some(o) = &done.outcome {
        for tg in &o.resolution.targets {
            let hit = done
                .hits
                .iter()
                .rfind(|h| grimoire_app::fold(&h.name) == grimoire_app::fold(&tg.target));
            if let Some(line) = super::cast::target_line(out, tg, hit) {
                out.line(line)?;
            }
        }
        return Ok(());
    }
    out.line(out.yellow(&grimoire_words::text(
        tag,
        "cli-creature-attack-waits",
        [
            ("total", done.roll.outcome.total.to_string()),
            ("ac", done.roll.ac.unwrap_or_default().to_string()),
            ("encounter", done.encounter.clone()),
        ],
    )))?;
    for rc in &done.reactors {
        let spells: Vec<String> = rc.spells.iter().map(|s| spell_name(s, lang)).collect();
        out.line(format!(
            "  {} {}: {}",
            rc.name,
            t(lang, "cli-label-may-answer-with"),
            spells.join(", ")
        ))?;
    }
    Ok(())
}
