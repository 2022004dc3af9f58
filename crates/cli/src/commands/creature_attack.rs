//! `grimoire attack CREATURE WEAPON -t CHARACTER --bonus N`: the GM's
//! creature attacks a character in an encounter through
//! [`grimoire_app::creature_attack`] (issue 34). A hit Shield could turn
//! into a miss waits for the character's Reaction (`encounter react`,
//! then `encounter resolve` lands or drops the damage).

use grimoire_app::{CreatureAttackCall, CreatureAttackDone};
use grimoire_store::Store;
use serde_json::json;

use super::monster::{spell_name, t};
use crate::context::Ctx;
use crate::state;

/// Makes a creature's attack, `call` as `attack --bonus` reads it (see
/// `attack::creature_call`), and prints it.
pub fn run(ctx: &Ctx, store: &mut Store, call: &CreatureAttackCall) -> anyhow::Result<()> {
    let reactions = grimoire_app::reaction_spells();
    let done = grimoire_app::creature_attack(store, call, &reactions, &mut ctx.rng())
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
