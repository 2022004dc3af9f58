//! The command line: global flags and the command tree (clap derive).

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::commands;
use crate::context::Ctx;
use crate::i18n::Lang;

/// Grimoire: spells, dice, characters and encounters for the 2024 fifth-edition rules.
#[derive(Debug, Parser)]
#[command(name = "grimoire", version)]
pub struct Cli {
    /// The database: an SQLite file, or a postgres:// URL [default: $XDG_DATA_HOME/grimoire/grimoire.sqlite3]
    #[arg(long, global = true, env = "GRIMOIRE_DB", value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Print stable machine-readable JSON instead of the terminal view
    #[arg(long, global = true)]
    pub json: bool,
    /// The language of human output: any the message catalogue has (en, cs); without it, the locale's (LC_ALL, LC_MESSAGES, LANG), else English
    #[arg(long, global = true, env = "GRIMOIRE_LANG", value_name = "LANG")]
    pub lang: Option<Lang>,
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
    /// Create, show, list and delete characters
    #[command(subcommand)]
    Character(commands::character::CharacterCommand),
    /// Prepare spells (cantrips are learned); each must be on a class list (R8)
    Prepare(commands::character::PrepareArgs),
    /// A Wizard's spellbook: copy spells in, prepare from it, cast its rituals unprepared
    #[command(subcommand)]
    Spellbook(commands::spellbook::SpellbookCommand),
    /// Unprepare spells
    Unprepare(commands::character::UnprepareArgs),
    /// Magic items that cast spells without a slot (R5d)
    #[command(subcommand)]
    Item(commands::character::ItemCommand),
    /// Limited-use abilities that cast spells without a slot (R5c)
    #[command(subcommand)]
    Ability(commands::character::AbilityCommand),
    /// Cast a spell: validates, spends, rolls and shows the resolution, or refuses (exit 1)
    Cast(commands::cast::Args),
    /// Attack with a carried weapon: the d20 with the conditions and effects in force, damage with riders (Hex, Hunter's Mark, Divine Favor)
    Attack(commands::attack::Args),
    /// Set what a character holds: pouch, focus, free hands, materials (R14)
    Equip(commands::character::EquipArgs),
    /// Show remaining spell slots, pact slots separately
    Slots(commands::character::SlotsArgs),
    /// What the character can cast now, every way, and why not the rest
    Options(commands::options::Args),
    /// Exact damage of every castable spell and slot against a target, best first
    Plan(commands::plan::Args),
    /// The table's house rules: relax R10, R11 or R14 to warn instead of refuse
    HouseRules(commands::house::Args),
    /// Finish a Long or Short Rest
    Rest(commands::rest::RestArgs),
    /// Font of Magic: turn a slot into Sorcery Points, or points into a slot (Sorcerer 2+)
    Font(commands::resources::FontArgs),
    /// Start Innate Sorcery for 1 minute (Bonus Action; Sorcerer)
    Innate(commands::resources::NameArgs),
    /// Magical Cunning: a 1-minute rite that brings back Pact slots (Warlock 2+)
    Cunning(commands::resources::NameArgs),
    /// Add or remove a condition (or silence)
    Condition(commands::character::ConditionArgs),
    /// End the character's Concentration
    Drop(commands::effects::DropArgs),
    /// Move Hex or Hunter's Mark to a new creature once its target drops to 0 (Bonus Action)
    Retarget(commands::effects::RetargetArgs),
    /// Dismiss one of the character's ongoing spells (R15)
    Dismiss(commands::effects::DismissArgs),
    /// The character takes damage: hit points drop, Concentration save when concentrating
    Damage(commands::effects::DamageArgs),
    /// Record or show a character's hit points and AC; heal; temporary hit points
    Hp(commands::vitals::HpArgs),
    /// Roll a dying character's death saving throw, or make it Stable (2024)
    Deathsave(commands::dying::DeathSaveArgs),
    /// A Druid takes a beast's shape (a Wild Shape use) or returns: no spells in it, Concentration kept
    Wildshape(commands::features::WildShapeArgs),
    /// Continue or abandon a casting of a minute or more (R12)
    Casting(commands::effects::CastingArgs),
    /// Study a spell in effect to identify it (R22)
    Identify(commands::effects::IdentifyArgs),
    /// Let time pass for a character: long castings progress, durations end
    Wait(commands::character::WaitArgs),
    /// End a character's turn outside an encounter (resets R10)
    #[command(subcommand)]
    Turn(commands::character::TurnCommand),
    /// Run an encounter: initiative, turns, damage, time, effects
    #[command(subcommand)]
    Encounter(commands::encounter::EncounterCommand),
    /// Your own spells from TOML files, found by name like SRD ones
    #[command(subcommand)]
    Homebrew(commands::homebrew::HomebrewCommand),
    /// Spellcasting creatures (SRD 5.2 stat blocks and homebrew): list, show
    #[command(subcommand)]
    Monster(commands::monster::MonsterCommand),
    /// Roll dice, or show their exact distribution with --stats
    Roll(commands::roll::Args),
    /// Revert the last change of a character (or encounter); the undo is logged too
    Undo(commands::history::UndoArgs),
    /// Show the history of a character (or encounter), oldest first
    Log(commands::history::LogArgs),
    /// Run the table server: an HTTP JSON API over this database (or PostgreSQL)
    Serve(commands::serve::Args),
    /// Serve the tools to AI game masters over the Model Context Protocol (stdio)
    Mcp(commands::mcp::Args),
    /// Copy the SQLite database to a new file, consistently, while others may write
    Backup(commands::admin::FileArgs),
    /// Replace the SQLite database with a backup (checked first)
    Restore(commands::admin::FileArgs),
    /// Write every character, encounter and account to a JSON file (SQLite or PostgreSQL)
    Export(commands::foundry::ExportArgs),
    /// Fill an empty database from an export file
    Import(commands::foundry::ImportArgs),
    /// Check a Foundry VTT (dnd5e) sheet against the 2024 rules, importing nothing
    Check(commands::foundry::CheckArgs),
    /// Replay the change log and report every entity whose stored state differs (exit 1)
    Verify,
    /// Choose the active character: commands then accept its name left out
    Use(commands::active::UseArgs),
    /// Show the numbered spellcasting rules (R1-R22), or one of them
    Rules(commands::rules::Args),
    /// Print a shell completion script (bash, zsh, fish)
    Completions(commands::completions::Args),
}

/// Runs one parsed command.
pub fn run(ctx: &Ctx, command: Command) -> anyhow::Result<()> {
    match command {
        Command::Spells(args) => commands::spells::list(ctx, &args),
        Command::Spell(args) => commands::spells::show(ctx, &args),
        Command::Character(c) => commands::character::run(ctx, &c),
        Command::Prepare(args) => commands::character::prepare(ctx, &args),
        Command::Spellbook(c) => commands::spellbook::run(ctx, &c),
        Command::Unprepare(args) => commands::character::unprepare(ctx, &args),
        Command::Item(c) => commands::character::item(ctx, &c),
        Command::Ability(c) => commands::character::ability(ctx, &c),
        Command::Cast(args) => commands::cast::run(ctx, &args),
        Command::Attack(args) => commands::attack::run(ctx, &args),
        Command::Equip(args) => commands::character::equip(ctx, &args),
        Command::Slots(args) => commands::character::slots(ctx, &args),
        Command::Options(args) => commands::options::run(ctx, &args),
        Command::Plan(args) => commands::plan::run(ctx, &args),
        Command::HouseRules(args) => commands::house::run(ctx, &args),
        Command::Rest(args) => commands::rest::run(ctx, &args),
        Command::Font(args) => commands::resources::font(ctx, &args),
        Command::Innate(args) => commands::resources::innate(ctx, &args),
        Command::Cunning(args) => commands::resources::cunning(ctx, &args),
        Command::Condition(args) => commands::character::condition(ctx, &args),
        Command::Drop(args) => commands::effects::drop(ctx, &args),
        Command::Retarget(args) => commands::effects::retarget(ctx, &args),
        Command::Dismiss(args) => commands::effects::dismiss(ctx, &args),
        Command::Damage(args) => commands::effects::damage(ctx, &args),
        Command::Hp(args) => commands::vitals::run(ctx, &args),
        Command::Deathsave(args) => commands::dying::run(ctx, &args),
        Command::Wildshape(args) => commands::features::wild_shape(ctx, &args),
        Command::Casting(args) => commands::effects::casting(ctx, &args),
        Command::Identify(args) => commands::effects::identify(ctx, &args),
        Command::Wait(args) => commands::character::wait(ctx, &args),
        Command::Turn(c) => commands::character::turn(ctx, &c),
        Command::Encounter(c) => commands::encounter::run(ctx, &c),
        Command::Homebrew(c) => commands::homebrew::run(ctx, &c),
        Command::Monster(c) => commands::monster::run(ctx, &c),
        Command::Roll(args) => commands::roll::run(ctx, &args),
        Command::Undo(args) => commands::history::undo(ctx, &args),
        Command::Log(args) => commands::history::log(ctx, &args),
        Command::Serve(args) => commands::serve::run(ctx, &args),
        Command::Mcp(args) => commands::mcp::run(ctx, &args),
        Command::Backup(args) => commands::admin::backup(ctx, &args),
        Command::Restore(args) => commands::admin::restore(ctx, &args),
        Command::Export(args) => commands::foundry::export(ctx, &args),
        Command::Import(args) => commands::foundry::import(ctx, &args),
        Command::Check(args) => commands::foundry::check(ctx, &args),
        Command::Verify => commands::admin::verify(ctx),
        Command::Use(args) => commands::active::run(ctx, &args),
        Command::Rules(args) => commands::rules::run(ctx, &args),
        Command::Completions(args) => commands::completions::run(ctx, &args),
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
