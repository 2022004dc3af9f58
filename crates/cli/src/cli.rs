//! The command line: global flags and the command tree (clap derive).

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::commands;
use crate::context::Ctx;
use crate::i18n::Lang;

const EXAMPLES: &str = "\
Examples:
  grimoire spells fire --class wizard
  grimoire spell \"Magic Missile\"
  grimoire roll 8d6
  grimoire roll 4d6kh3 --stats
  grimoire --seed 7 --json roll 1d20+5";

/// Grimoire: spells, dice, characters and encounters for the 2024 fifth-edition rules.
#[derive(Debug, Parser)]
#[command(name = "grimoire", version, after_help = EXAMPLES)]
pub struct Cli {
    /// The database file [default: $XDG_DATA_HOME/grimoire/grimoire.sqlite3]
    #[arg(long, global = true, env = "GRIMOIRE_DB", value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Print stable machine-readable JSON instead of the terminal view
    #[arg(long, global = true)]
    pub json: bool,
    /// The language of human output: cs or en
    #[arg(
        long,
        global = true,
        env = "GRIMOIRE_LANG",
        default_value = "en",
        value_name = "cs|en"
    )]
    pub lang: Lang,
    /// Seed the dice, so the same command rolls the same numbers
    #[arg(long, global = true, env = "GRIMOIRE_SEED", value_name = "N")]
    pub seed: Option<u64>,
    /// What to do
    #[command(subcommand)]
    pub command: Command,
}

/// Every command.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Search the spell catalogue (SRD 5.2), in English or Czech
    Spells(commands::spells::SpellsArgs),
    /// Show one spell
    Spell(commands::spells::SpellArgs),
    /// Roll dice, or show their exact distribution with --stats
    Roll(commands::roll::Args),
    /// Revert the last change of a character (or encounter); the undo is logged too
    Undo(commands::history::UndoArgs),
    /// Show the history of a character (or encounter), oldest first
    Log(commands::history::LogArgs),
}

/// Runs one parsed command.
pub fn run(ctx: &Ctx, command: Command) -> anyhow::Result<()> {
    match command {
        Command::Spells(args) => commands::spells::list(ctx, &args),
        Command::Spell(args) => commands::spells::show(ctx, &args),
        Command::Roll(args) => commands::roll::run(ctx, &args),
        Command::Undo(args) => commands::history::undo(ctx, &args),
        Command::Log(args) => commands::history::log(ctx, &args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_tree_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
