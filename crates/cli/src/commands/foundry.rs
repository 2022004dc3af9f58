//! Other tools' sheets (issue 36): `grimoire import foundry|ddb FILE`
//! stores a character read from a Foundry VTT actor or a D&D Beyond
//! character JSON and prints the import report; `grimoire export foundry NAME` prints a character as an actor;
//! `grimoire check FILE` prints what a referee would question, importing
//! nothing. `grimoire import FILE` / `export FILE` still move a whole
//! database (see `admin`).

use std::path::{Path, PathBuf};

use grimoire_catalog::Catalog;
use grimoire_import::{Fate, Finding, ImportError, Imported, Mapped, Report, SheetFormat};
use grimoire_rules::{Ability, Class};
use grimoire_words::FluentValue;
use serde_json::json;

use crate::active;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::view;

/// Arguments of `import`: a database export, or a sheet from another tool.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ImportArgs {
    /// The JSON file (written by `export`, read by `import`)
    #[arg(required = true)]
    pub file: Option<PathBuf>,
    /// Import a character sheet from another tool instead
    #[command(subcommand)]
    pub from: Option<ImportFrom>,
}

/// Where a sheet comes from.
#[derive(Debug, clap::Subcommand)]
pub enum ImportFrom {
    /// Import a character from a Foundry VTT (dnd5e) actor JSON file, with a report
    Foundry {
        /// The actor JSON file exported from Foundry VTT
        file: PathBuf,
        /// Store the character under this name instead of the sheet's
        #[arg(long)]
        name: Option<String>,
    },
    /// Import a character from a D&D Beyond character JSON file, with a report
    Ddb {
        /// The character JSON saved from D&D Beyond
        file: PathBuf,
        /// Store the character under this name instead of the sheet's
        #[arg(long)]
        name: Option<String>,
    },
}

/// Arguments of `export`: the whole database, or one character for another tool.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ExportArgs {
    /// The JSON file (written by `export`, read by `import`)
    #[arg(required = true)]
    pub file: Option<PathBuf>,
    /// Export one character for another tool instead
    #[command(subcommand)]
    pub to: Option<ExportTo>,
}

/// Which tool a character is exported for.
#[derive(Debug, clap::Subcommand)]
pub enum ExportTo {
    /// Print a character as a Foundry VTT (dnd5e) actor JSON
    Foundry {
        /// The character (the active one when left out)
        name: Option<String>,
    },
}

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The sheet to check: a Foundry VTT (dnd5e) actor or a D&D Beyond character JSON
    pub file: PathBuf,
    /// The sheet's format (told from the file when left out)
    #[arg(long, value_enum)]
    pub from: Option<FormatArg>,
}

/// A sheet format on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    /// Foundry VTT (dnd5e) actor JSON
    Foundry,
    /// D&D Beyond character JSON
    Ddb,
}

impl From<FormatArg> for SheetFormat {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Foundry => SheetFormat::Foundry,
            FormatArg::Ddb => SheetFormat::Ddb,
        }
    }
}

/// `grimoire import ...`.
pub fn import(ctx: &Ctx, args: &ImportArgs) -> anyhow::Result<()> {
    match (&args.from, &args.file) {
        (Some(ImportFrom::Foundry { file, name }), _) => {
            import_sheet(ctx, SheetFormat::Foundry, file, name.as_deref())
        }
        (Some(ImportFrom::Ddb { file, name }), _) => {
            import_sheet(ctx, SheetFormat::Ddb, file, name.as_deref())
        }
        (None, Some(file)) => crate::commands::admin::import(
            ctx,
            &crate::commands::admin::JsonArgs { file: file.clone() },
        ),
        (None, None) => Err(Failure::usage_worded("no_file", "cli-import-no-file", &[]).into()),
    }
}

/// `grimoire export ...`.
pub fn export(ctx: &Ctx, args: &ExportArgs) -> anyhow::Result<()> {
    match (&args.to, &args.file) {
        (Some(ExportTo::Foundry { name }), _) => export_foundry(ctx, name.as_deref()),
        (None, Some(file)) => crate::commands::admin::export(
            ctx,
            &crate::commands::admin::JsonArgs { file: file.clone() },
        ),
        (None, None) => Err(Failure::usage_worded("no_file", "cli-import-no-file", &[]).into()),
    }
}

fn read_sheet(
    file: &Path,
    format: Option<SheetFormat>,
    name: Option<&str>,
) -> anyhow::Result<Imported> {
    let bytes = read_bounded(file)?;
    let format = format.unwrap_or_else(|| SheetFormat::detect(&bytes));
    format
        .import(&bytes, Catalog::srd(), name)
        .map_err(|e| import_failure(file, e))
}

/// Reads at most one byte over the bound, so a huge file costs nothing.
fn read_bounded(file: &Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let cannot = |e: std::io::Error| {
        Failure::usage_worded(
            "no_such_file",
            "cli-cannot-read",
            &[
                ("file", &file.display().to_string()),
                ("error", &e.to_string()),
            ],
        )
    };
    let f = std::fs::File::open(file).map_err(cannot)?;
    let mut bytes = Vec::new();
    f.take(grimoire_import::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    Ok(bytes)
}

fn import_failure(file: &Path, e: ImportError) -> anyhow::Error {
    let file = file.display().to_string();
    let id = format!("cli-import-error-{}", e.code());
    let mut args: Vec<(&str, FluentValue)> = vec![("file", file.into())];
    match &e {
        ImportError::TooLarge { size, max } => {
            args.push(("size", (*size).into()));
            args.push(("max", (*max).into()));
        }
        ImportError::NotJson {
            line,
            column,
            truncated,
        } => {
            args.push(("line", (*line).into()));
            args.push(("column", (*column).into()));
            let how = if *truncated { "truncated" } else { "syntax" };
            args.push(("how", how.into()));
        }
        ImportError::NotAFoundryActor { field } | ImportError::NotADdbCharacter { field } => {
            args.push(("field", field.clone().into()))
        }
        ImportError::NotACharacter { kind } => args.push(("kind", kind.clone().into())),
        ImportError::OverBound { field, max } => {
            args.push(("field", field.clone().into()));
            args.push(("max", (*max).into()));
        }
        ImportError::BadField { field, value } => {
            args.push(("field", field.clone().into()));
            args.push(("value", value.clone().into()));
        }
        ImportError::UnknownClass { field, class } => {
            args.push(("field", field.clone().into()));
            args.push(("class", class.clone().into()));
        }
        ImportError::Rules(r) => return Failure::from(r.clone()).into(),
        _ => {}
    }
    Failure::usage_worded_with(e.code(), &id, &args).into()
}

fn import_sheet(
    ctx: &Ctx,
    format: SheetFormat,
    file: &Path,
    name: Option<&str>,
) -> anyhow::Result<()> {
    let imported = read_sheet(file, Some(format), name)?;
    let mut store = ctx.store()?;
    let stored = grimoire_app::import_sheet(&mut store, ctx.command_line.clone(), imported)
        .map_err(crate::failure::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": view::caster_json(&stored.character, 1),
            "report": stored.report,
            "change": stored.change.0,
        }));
    }
    let lang = out.lang.tag();
    let mapped = stored
        .report
        .lines
        .iter()
        .filter(|l| matches!(l.fate, Fate::Mapped(_)))
        .count();
    out.line(grimoire_words::text(
        lang,
        "cli-import-done",
        [
            ("name", FluentValue::from(stored.name.as_str())),
            ("from", format.code().into()),
            ("mapped", mapped.into()),
            ("skipped", (stored.report.lines.len() - mapped).into()),
        ],
    ))?;
    print_report(ctx, &stored.report)?;
    out.line(view::caster_human(out, &stored.character))
}

fn print_report(ctx: &Ctx, report: &Report) -> anyhow::Result<()> {
    let lang = ctx.out.lang.tag();
    for line in &report.lines {
        let (id, what) = match &line.fate {
            Fate::Mapped(m) => ("cli-import-line-mapped", mapped_words(lang, m)),
            Fate::Skipped(s) => (
                "cli-import-line-skipped",
                grimoire_words::text(lang, &format!("cli-import-skip-{}", s.code()), NO_ARGS),
            ),
        };
        ctx.out.line(grimoire_words::text(
            lang,
            id,
            [
                ("field", FluentValue::from(line.field.as_str())),
                ("name", line.name.as_str().into()),
                ("what", what.into()),
            ],
        ))?;
    }
    Ok(())
}

/// No arguments for a message.
const NO_ARGS: [(&str, FluentValue<'static>); 0] = [];

fn class_word(lang: &str, class: Class) -> String {
    grimoire_words::text(
        lang,
        &format!("class-{}", grimoire_import::class_key(class)),
        NO_ARGS,
    )
}

fn ability_word(lang: &str, ability: Ability) -> String {
    let key = format!("ability-{}", format!("{ability:?}").to_lowercase());
    grimoire_words::text(lang, &key, NO_ARGS)
}

fn mapped_words(lang: &str, m: &Mapped) -> String {
    let (id, args): (&str, Vec<(&str, FluentValue)>) = match m {
        Mapped::Abilities => ("cli-import-mapped-abilities", vec![]),
        Mapped::Class { class, level } => (
            "cli-import-mapped-class",
            vec![
                ("class", class_word(lang, *class).into()),
                ("level", (*level).into()),
            ],
        ),
        Mapped::Prepared => ("cli-import-mapped-prepared", vec![]),
        Mapped::Cantrip => ("cli-import-mapped-cantrip", vec![]),
        Mapped::AlwaysPrepared { class } => (
            "cli-import-mapped-always",
            vec![("class", class_word(lang, *class).into())],
        ),
        Mapped::Spellbook => ("cli-import-mapped-spellbook", vec![]),
        Mapped::SlotsRemaining { level, remaining } => (
            "cli-import-mapped-slots",
            vec![
                ("level", (*level).into()),
                ("remaining", (*remaining).into()),
            ],
        ),
        Mapped::PactSlotsRemaining { remaining } => (
            "cli-import-mapped-pact",
            vec![("remaining", (*remaining).into())],
        ),
        Mapped::Vitals => ("cli-import-mapped-vitals", vec![]),
        Mapped::FixedMaxHp { max_hp } => (
            "cli-import-mapped-fixed-max-hp",
            vec![("max_hp", (*max_hp).into())],
        ),
        Mapped::Scrolls { count } => (
            "cli-import-mapped-scrolls",
            vec![("count", (*count).into())],
        ),
        Mapped::FreeUses { max } => ("cli-import-mapped-free-uses", vec![("max", (*max).into())]),
        Mapped::Charged { charges } => (
            "cli-import-mapped-charged",
            vec![("charges", (*charges).into())],
        ),
        Mapped::ItemSpell => ("cli-import-mapped-item-spell", vec![]),
        Mapped::Subclass { class } => (
            "cli-import-mapped-subclass",
            vec![("class", class_word(lang, *class).into())],
        ),
        Mapped::SorceryPoints { spent } => (
            "cli-import-mapped-sorcery-points",
            vec![("spent", (*spent).into())],
        ),
        Mapped::HitDice { spent } => (
            "cli-import-mapped-hit-dice",
            vec![("spent", (*spent).into())],
        ),
        Mapped::ArmorWorn => ("cli-import-mapped-armor-worn", vec![]),
        Mapped::Arcanum { level } => (
            "cli-import-mapped-arcanum",
            vec![("level", (*level).into())],
        ),
    };
    grimoire_words::text(lang, id, args)
}

fn export_foundry(ctx: &Ctx, name: Option<&str>) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let c = active::character(&store, name)?;
    let actor = grimoire_import::export_foundry(&c.state, Catalog::srd());
    ctx.out.json(&actor)
}

/// `grimoire check FILE`: the referee's findings, nothing stored.
pub fn check(ctx: &Ctx, args: &CheckArgs) -> anyhow::Result<()> {
    let imported = read_sheet(&args.file, args.from.map(SheetFormat::from), None)?;
    let findings = grimoire_import::check(&imported, Catalog::srd());
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "name": imported.caster.name(),
            "findings": findings,
            "report": imported.report,
        }));
    }
    let lang = out.lang.tag();
    if findings.is_empty() {
        return out.line(grimoire_words::fixed(lang, "cli-check-clean"));
    }
    out.line(grimoire_words::text(
        lang,
        "cli-check-count",
        [("count", FluentValue::from(findings.len()))],
    ))?;
    for f in &findings {
        out.line(format!("  {}", finding_words(lang, f)))?;
    }
    Ok(())
}

fn finding_words(lang: &str, f: &Finding) -> String {
    let args: Vec<(&str, FluentValue)> = match f {
        Finding::TooManyPrepared { count, max } | Finding::TooManyCantrips { count, max } => {
            vec![("count", (*count).into()), ("max", (*max).into())]
        }
        Finding::NotOnClassList { spell } | Finding::Rules2014 { spell } => {
            vec![("spell", spell_name(lang, spell.as_str()).into())]
        }
        Finding::SpellLevelTooHigh { spell, level, max } => vec![
            ("spell", spell_name(lang, spell.as_str()).into()),
            ("level", (*level).into()),
            ("max", (*max).into()),
        ],
        Finding::SlotsMismatch {
            level,
            sheet,
            rules,
        } => vec![
            ("level", (*level).into()),
            ("sheet", (*sheet).into()),
            ("rules", (*rules).into()),
        ],
        Finding::PactSlotsMismatch { sheet, rules } => {
            vec![("sheet", (*sheet).into()), ("rules", (*rules).into())]
        }
        Finding::SpellcastingAbility {
            sheet,
            class,
            rules,
        } => vec![
            ("sheet", ability_word(lang, *sheet).into()),
            ("class", class_word(lang, *class).into()),
            ("rules", ability_word(lang, *rules).into()),
        ],
        Finding::SaveDcBonus { bonus } | Finding::AttackBonus { bonus } => {
            vec![("bonus", bonus.as_str().into())]
        }
        Finding::OtherClassLevels { levels } => vec![("levels", (*levels).into())],
        Finding::Class2014 { class } => vec![("class", class_word(lang, *class).into())],
        Finding::HpOverMax { sheet, max } => {
            vec![("sheet", (*sheet).into()), ("max", (*max).into())]
        }
    };
    grimoire_words::text(lang, &format!("cli-check-{}", f.code()), args)
}

fn spell_name(lang: &str, id: &str) -> String {
    match Catalog::srd().get(id) {
        Some(s) if lang == "cs" => s.name_cs.clone(),
        Some(s) => s.name_en.clone(),
        None => id.to_owned(),
    }
}
