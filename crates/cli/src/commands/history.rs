//! `grimoire undo NAME` and `grimoire log NAME`: the change log of an entity.

use serde_json::json;

use crate::context::Ctx;
use crate::i18n::Text;
use crate::output::Table;

/// The kind of entity addressed by `undo` and `log`.
pub fn kind(encounter: bool) -> &'static str {
    if encounter { "encounter" } else { "character" }
}

/// Arguments of `undo`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  grimoire undo Elmira\n  grimoire undo Cave --encounter")]
pub struct UndoArgs {
    /// The character (or, with --encounter, the encounter)
    pub name: String,
    /// NAME is an encounter
    #[arg(long)]
    pub encounter: bool,
}

/// Arguments of `log`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  grimoire log Elmira\n  grimoire --json log Cave --encounter")]
pub struct LogArgs {
    /// The character (or, with --encounter, the encounter)
    pub name: String,
    /// NAME is an encounter
    #[arg(long)]
    pub encounter: bool,
}

/// Runs `undo`: reverts the newest change not yet undone (every entity it
/// touched), and logs the undo as a change of its own.
pub fn undo(ctx: &Ctx, args: &UndoArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let done = store.undo(kind(args.encounter), &args.name)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "undo": done }));
    }
    let restored: Vec<String> = done
        .touched
        .iter()
        .map(|t| format!("{} {}", t.kind, t.name))
        .collect();
    out.line(format!(
        "{} {} ({}): {}",
        out.green(Text::Undone.get(out.lang)),
        done.reverted,
        done.reverted_command,
        restored.join(", ")
    ))
}

/// Runs `log`: the entity's history, oldest first.
pub fn log(ctx: &Ctx, args: &LogArgs) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let entries = store.log(kind(args.encounter), &args.name)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "log": entries }));
    }
    let lang = out.lang;
    let mut table = Table::new(["#", "v", Text::When.get(lang), "", Text::Command.get(lang)]);
    for e in &entries {
        let note = match (e.undo_of, e.undone_by) {
            (Some(of), _) => format!("{} {of}", Text::UndoOf.get(lang)),
            (None, Some(by)) => format!("{} {by}", Text::UndoneBy.get(lang)),
            (None, None) => String::new(),
        };
        let when = e
            .created_at
            .get(..19)
            .unwrap_or(&e.created_at)
            .replace('T', " ");
        table.row([
            e.change.0.to_string(),
            e.seq.to_string(),
            when,
            note,
            e.command.clone(),
        ]);
    }
    out.line(table.render(out))
}
