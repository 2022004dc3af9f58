//! `grimoire deathsave`: a dying character's death saving throw outside an
//! encounter's turns (2024: 10 or more succeeds, a 1 counts twice, a 20
//! brings it back with 1 hit point), or `--stabilize` for Spare the Dying
//! or a Medicine check.

use grimoire_rules::DeathSaveResult;
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::output::Out;
use crate::state;

/// Arguments of `deathsave`.
#[derive(Debug, clap::Args)]
pub struct DeathSaveArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// Make the character Stable instead (Spare the Dying, a DC 10 Medicine check)
    #[arg(long)]
    pub stabilize: bool,
}

/// The words of a death save's result.
fn result_word(r: DeathSaveResult, lang: crate::i18n::Lang) -> String {
    let id = match r {
        DeathSaveResult::Success => "cli-death-success",
        DeathSaveResult::Failure => "cli-death-failure",
        DeathSaveResult::TwoFailures => "cli-death-two-failures",
        DeathSaveResult::Revived => "cli-death-revived",
    };
    grimoire_words::fixed(lang.tag(), id).to_owned()
}

/// Prints one death save: the roll, the result and the counts after it.
pub fn save_line(out: &Out, save: &grimoire_app::DeathSave) -> anyhow::Result<()> {
    let word = result_word(save.result, out.lang);
    let word = match save.result {
        DeathSaveResult::Success | DeathSaveResult::Revived => out.green(&word),
        _ => out.red(&word),
    };
    let mut line = grimoire_words::text(
        out.lang.tag(),
        "cli-death-save-line",
        [
            ("name", save.name.clone()),
            ("notation", save.roll.notation.to_string()),
            ("total", save.roll.total.to_string()),
            ("result", word),
        ],
    );
    if !save.death.is_clear() {
        line.push_str(" · ");
        line.push_str(&crate::describe::death_saves(&save.death, out.lang));
    }
    out.line(line)
}

/// Runs `deathsave`.
pub fn run(ctx: &Ctx, args: &DeathSaveArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let out = &ctx.out;
    if args.stabilize {
        let step = grimoire_app::stabilize(
            &mut store,
            ctx.command_line.clone(),
            &entity,
            &mut ctx.rng(),
        )
        .map_err(state::app_error)?;
        let c = &step.character.state;
        if out.json {
            return out.json(&json!({
                "character": c.name(), "vitals": c.vitals(), "events": step.events,
            }));
        }
        return out.line(grimoire_words::text(
            out.lang.tag(),
            "cli-stabilized",
            [("name", c.name().to_owned())],
        ));
    }
    let (step, save) = grimoire_app::death_save(
        &mut store,
        ctx.command_line.clone(),
        &entity,
        &mut ctx.rng(),
    )
    .map_err(state::app_error)?;
    let c = &step.character.state;
    if out.json {
        return out.json(&json!({
            "character": c.name(), "death_save": save, "vitals": c.vitals(),
            "events": step.events,
        }));
    }
    save_line(out, &save)
}
