//! `grimoire spellbook`: a Wizard's spellbook. Spells are copied into it;
//! once it is kept, the Wizard prepares from it and casts its Ritual spells
//! from it without preparing them (`grimoire cast NAME SPELL --ritual`).

use serde_json::json;

use crate::active;
use crate::catalog;
use crate::context::Ctx;
use crate::state;
use crate::view;

/// `spellbook` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum SpellbookCommand {
    /// Copy spells into a Wizard's spellbook (Wizard spells of a level the Wizard can prepare)
    Add {
        /// [CHARACTER] then spells by English or Czech name or id
        #[arg(required = true, value_name = "SPELL")]
        spells: Vec<String>,
    },
    /// Show the spells in a Wizard's spellbook
    Show {
        /// The character; leave out for the active one (grimoire use NAME)
        #[arg(value_name = "CHARACTER")]
        name: Option<String>,
    },
}

/// Runs a `spellbook` subcommand.
pub fn run(ctx: &Ctx, command: &SpellbookCommand) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (character, events) = match command {
        SpellbookCommand::Add { spells } => {
            let (entity, words) = active::leading(&store, spells, "SPELL")?;
            let spells = words
                .iter()
                .map(|n| catalog::spell(n).map(|s| &s.spell))
                .collect::<Result<Vec<_>, _>>()?;
            let step = grimoire_app::copy_to_spellbook(
                &mut store,
                ctx.command_line.clone(),
                &entity,
                &spells,
            )
            .map_err(state::app_error)?;
            (step.character.state, step.events)
        }
        SpellbookCommand::Show { name } => (
            active::character(&store, name.as_deref())?.state,
            Vec::new(),
        ),
    };
    let book: Vec<_> = character
        .spellbook()
        .map(|b| b.iter().cloned().collect())
        .unwrap_or_default();
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": character.name(), "spellbook": book, "events": events,
        }));
    }
    let (title, empty) = (
        grimoire_words::fixed(out.lang.tag(), "cli-spellbook"),
        grimoire_words::fixed(out.lang.tag(), "cli-spellbook-none"),
    );
    if book.is_empty() {
        return out.line(format!(
            "{}: {}",
            out.bold(character.name()),
            out.dim(empty)
        ));
    }
    let names: Vec<String> = book
        .iter()
        .map(|id| view::spell_label(id, out.lang))
        .collect();
    out.line(format!(
        "{} {title}: {}",
        out.bold(character.name()),
        names.join(", ")
    ))
}
