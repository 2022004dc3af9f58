//! `grimoire use [NAME]`: choose, show or forget the active character.

use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::i18n::Text;

/// Arguments of `use`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  grimoire use Mira                     Mira acts when a command names no character
  grimoire cast fireball -l 4 -t Goblin -t Orc
  grimoire slots
  grimoire use                          show the active character
  grimoire use --clear                  forget it

A command's first word is the character only when the command has more
words than it needs without one: `cast Fireball` casts as the active
character, `cast Mira Fireball` as Mira. For `prepare` and `unprepare` the
first word is the character when a character has that name.")]
pub struct UseArgs {
    /// The character to make active; leave out to show the active one
    #[arg(conflicts_with = "clear")]
    pub name: Option<String>,
    /// Forget the active character
    #[arg(long)]
    pub clear: bool,
}

/// Runs `use`.
pub fn run(ctx: &Ctx, args: &UseArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let out = &ctx.out;
    let lang = out.lang;
    if args.clear {
        let forgotten = active::clear(&mut store, &ctx.command_line)?;
        if out.json {
            return out.json(&json!({ "active": null, "cleared": forgotten }));
        }
        return match forgotten {
            Some(name) => out.line(format!("{}: {name}", Text::ActiveCleared.get(lang))),
            None => out.line(Text::NoActive.get(lang)),
        };
    }
    let current = match &args.name {
        Some(name) => Some(active::set(&mut store, &ctx.command_line, name)?),
        None => active::get(&store)?,
    };
    if out.json {
        return out.json(&json!({ "active": current }));
    }
    match current {
        Some(name) => out.line(format!("{}: {}", Text::Active.get(lang), out.bold(&name))),
        None => out.line(Text::NoActive.get(lang)),
    }
}
