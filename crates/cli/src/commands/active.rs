//! `grimoire use [NAME]`: choose, show or forget the active character.

use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::i18n::Text;

/// Arguments of `use`.
#[derive(Debug, clap::Args)]
pub struct UseArgs {
    /// The character to make active; leave out to show the active one
    #[arg(conflicts_with = "clear")]
    pub name: Option<String>,
    /// Forget the active character
    #[arg(long)]
    pub clear: bool,
}

/// Runs `use`. The JSON is always `{"active", "source", "database"}`: the
/// character commands will use and where it was chosen (`environment` or
/// `database`), and the database's own choice; `--clear` adds `cleared`.
pub fn run(ctx: &Ctx, args: &UseArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let out = &ctx.out;
    let lang = out.lang;
    let cleared = if args.clear {
        Some(active::clear(&mut store, &ctx.command_line)?)
    } else {
        if let Some(name) = &args.name {
            active::set(&mut store, &ctx.command_line, name)?;
        }
        None
    };
    let current = active::current(&store)?;
    let stored = active::get(&store)?;
    if out.json {
        let mut v = json!({
            "active": current.as_ref().map(|(n, _)| n),
            "source": current.as_ref().map(|(_, s)| s.code()),
            "database": stored,
        });
        if let Some(cleared) = &cleared {
            v["cleared"] = json!(cleared);
        }
        return out.json(&v);
    }
    if let Some(Some(name)) = &cleared {
        out.line(format!("{}: {name}", Text::ActiveCleared.get(lang)))?;
    }
    match &current {
        Some((name, source)) => {
            out.line(format!("{}: {}", Text::Active.get(lang), out.bold(name)))?;
            if *source == active::Source::Environment {
                out.line(out.yellow(&format!(
                    "{} ({}: {})",
                    Text::ActiveFromEnv.get(lang),
                    Text::ActiveInDatabase.get(lang),
                    stored.as_deref().unwrap_or("-")
                )))?;
            }
            Ok(())
        }
        None => out.line(Text::NoActive.get(lang)),
    }
}
