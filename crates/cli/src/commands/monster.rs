//! `grimoire monster list|show`: the spellcasting creatures (SRD 5.2 and
//! homebrew stat blocks), and `encounter add --monster`. Casting for them
//! and Reactions are `encounter cast` and `encounter react` (`reaction.rs`).

use clap::Subcommand;
use grimoire_app::encounter_calls::CreatureCall;
use grimoire_catalog::{Bestiary, Catalog, Monster};
use grimoire_rules::Frequency;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::names;
use crate::output::Table;
use crate::state;

/// Label `id` of the catalogue (`cli-label-*`) in the output language.
pub(crate) fn t(lang: Lang, id: &str) -> &'static str {
    grimoire_words::fixed(lang.tag(), id)
}

/// `grimoire monster ...`.
#[derive(Debug, Subcommand)]
pub enum MonsterCommand {
    /// List spellcasting creatures, optionally matching a name (English or Czech)
    List {
        /// Part of a name; typos are forgiven
        query: Option<String>,
        /// Also load homebrew stat blocks from this TOML file
        #[arg(long, value_name = "FILE")]
        homebrew: Option<String>,
    },
    /// Show one creature's Spellcasting: DC, attack bonus, spells and uses
    Show {
        /// Id or name
        monster: String,
        /// Also load homebrew stat blocks from this TOML file
        #[arg(long, value_name = "FILE")]
        homebrew: Option<String>,
    },
}

/// The bestiary: the SRD's, plus a homebrew file when given.
pub fn bestiary(homebrew: Option<&str>) -> anyhow::Result<Bestiary> {
    let srd = Bestiary::srd();
    let Some(path) = homebrew else {
        return Ok(srd.clone());
    };
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::worded(
            "homebrew_io",
            "cli-monster-unreadable",
            &[("path", path), ("error", &e.to_string())],
        )
    })?;
    srd.with_homebrew_text(path, &text, Catalog::srd())
        .map_err(|errors| {
            let en: Vec<String> = errors.iter().map(ToString::to_string).collect();
            Failure::refused(errors[0].code(), en.join("; ")).with_words(|lang| {
                let said: Vec<String> = errors.iter().map(|e| e.message(lang)).collect();
                said.join("; ")
            })
        })
        .map_err(Into::into)
}

fn find<'a>(b: &'a Bestiary, name: &str) -> Result<&'a Monster, Failure> {
    b.get(name).ok_or_else(|| {
        let near: Vec<String> = b
            .search(name)
            .iter()
            .take(3)
            .map(|m| m.id.clone())
            .collect();
        crate::catalog::did_you_mean(
            Failure::worded("unknown_monster", "cli-unknown-monster", &[("name", name)]),
            &near,
        )
    })
}

fn monster_name(m: &Monster, lang: Lang) -> &str {
    lang.pick(&m.name_en, m.name_cs.as_deref().unwrap_or(&m.name_en))
}

/// A spell's name in the output language, by id.
pub(crate) fn spell_name(id: &str, lang: Lang) -> String {
    Catalog::srd().get(id).map_or_else(
        || id.to_owned(),
        |s| crate::describe::spell_name(s, lang).to_owned(),
    )
}

/// A stat block's limited use by the name it is tracked under, in the
/// output language: `2/Day Each: fireball` is `2/den každé: Ohnivá koule`
/// in Czech, a pool named for a spell (`Misty Step`) is that spell's name;
/// a pool with a name of its own (`Protective Magic`) keeps it.
pub(crate) fn use_name(name: &str, lang: Lang) -> String {
    let Some((group, spell)) = name.split_once(": ") else {
        return grimoire_words::spell_name(lang.tag(), name);
    };
    let group = match group
        .strip_suffix("/Day Each")
        .and_then(|n| n.parse::<u8>().ok())
    {
        Some(n) => format!("{n}/{}", t(lang, "cli-label-day-each")),
        None => group.to_owned(),
    };
    format!("{group}: {}", spell_name(spell, lang))
}

/// Whether a stat block's line is called by its frequency only (`At
/// Will`, `2/Day Each`, `3/Day`), as the SRD blocks print it: the English
/// words of the frequency labels.
fn frequency_name(name: &str) -> bool {
    let english = |id: &str| t(Lang::EN, id);
    let per_day = name.split_once('/').is_some_and(|(n, rest)| {
        n.parse::<u8>().is_ok()
            && (rest.eq_ignore_ascii_case(english("cli-label-day-each"))
                || rest.eq_ignore_ascii_case("day"))
    });
    per_day || name.eq_ignore_ascii_case(english("cli-label-at-will"))
}

/// Runs `monster ...`.
pub fn run(ctx: &Ctx, command: &MonsterCommand) -> anyhow::Result<()> {
    let out = &ctx.out;
    let lang = out.lang;
    match command {
        MonsterCommand::List { query, homebrew } => {
            let b = bestiary(homebrew.as_deref())?;
            let found = b.search(query.as_deref().unwrap_or_default());
            if out.json {
                let rows =
                    grimoire_app::bestiary::list_monsters(&b, query.as_deref().unwrap_or_default());
                return out.json(&serde_json::to_value(rows)?);
            }
            let mut table = Table::new([
                "id",
                t(lang, "cli-label-name"),
                t(lang, "cli-label-cr"),
                t(lang, "cli-label-dc"),
            ]);
            for m in found {
                table.row([
                    m.id.clone(),
                    monster_name(m, lang).to_owned(),
                    m.cr.clone().unwrap_or_default(),
                    m.casting.save_dc.to_string(),
                ]);
            }
            out.line(table.render(out))
        }
        MonsterCommand::Show { monster, homebrew } => {
            let b = bestiary(homebrew.as_deref())?;
            let m = find(&b, monster)?;
            show(ctx, m)
        }
    }
}

fn show(ctx: &Ctx, m: &Monster) -> anyhow::Result<()> {
    let out = &ctx.out;
    let lang = out.lang;
    let c = &m.casting;
    if out.json {
        // The API's sheet; `summary` in the reader's language besides.
        let mut sheet = serde_json::to_value(grimoire_app::bestiary::MonsterSheet::of(m))?;
        sheet["summary"] = serde_json::to_value(lang.pick(&m.summary_en, &m.summary_cs))?;
        return out.json(&sheet);
    }
    out.line(grimoire_words::text(
        lang.tag(),
        "cli-monster-header",
        [
            ("name", out.bold(monster_name(m, lang)).to_string()),
            ("id", m.id.clone()),
            ("cr", m.cr.clone().unwrap_or_default()),
            ("ac", m.ac.to_string()),
            ("hp", m.hp.to_string()),
        ],
    ))?;
    let summary = lang.pick(
        m.summary_en.as_ref(),
        m.summary_cs.as_ref().or(m.summary_en.as_ref()),
    );
    if let Some(s) = summary {
        out.line(out.dim(s))?;
    }
    let ability = grimoire_words::word(lang.tag(), &c.ability);
    out.line(format!(
        "{}: {ability} · {} {} · {} {:+}",
        t(lang, "cli-label-spellcasting"),
        t(lang, "cli-label-spell-save-dc"),
        c.save_dc,
        t(lang, "cli-label-spell-attack"),
        c.attack_bonus
    ))?;
    for g in &c.groups {
        let uses = match g.frequency {
            Frequency::AtWill => t(lang, "cli-label-at-will").to_owned(),
            Frequency::PerDay(n) if g.shared => {
                format!("{n}/{}", t(lang, "cli-label-day-shared"))
            }
            Frequency::PerDay(n) => format!("{n}/{}", t(lang, "cli-label-day-each")),
        };
        let spells: Vec<String> = g
            .spells
            .iter()
            .map(|s| {
                let name = spell_name(s.spell.as_str(), lang);
                match s.level {
                    Some(l) => format!("{name} ({} {})", t(lang, "cli-label-level"), l.get()),
                    None => name,
                }
            })
            .collect();
        // A line called by its frequency ("2/Day Each") is named by it in
        // the reader's words; a named pool keeps its name.
        let label = if frequency_name(&g.name) {
            uses
        } else {
            format!("{} [{uses}]", use_name(&g.name, lang))
        };
        out.line(format!("  {label}: {}", spells.join(", ")))?;
    }
    if !c.slot_spells.is_empty() {
        let slots: Vec<String> = c
            .slots
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| format!("{}×{n}", i + 1))
            .collect();
        let spells: Vec<String> = c
            .slot_spells
            .iter()
            .map(|s| spell_name(s.as_str(), lang))
            .collect();
        out.line(format!(
            "  {} {}: {}",
            t(lang, "cli-label-slots"),
            slots.join(" "),
            spells.join(", ")
        ))?;
    }
    Ok(())
}

/// How a stat-block creature joins (`encounter add --monster`'s options).
pub struct Joining<'a> {
    /// Initiative; rolled when left out.
    pub initiative: Option<i32>,
    /// Hit points, when not the block's.
    pub hp: Option<i32>,
    /// A homebrew stat-block file to find the monster in.
    pub homebrew: Option<&'a str>,
    /// It answers its allies' casts with Counterspell too (R11).
    pub reacts_to_allies: bool,
}

/// `grimoire encounter add ENC NAME --monster ID`: a creature of a stat
/// block with its own hit points and uses.
pub fn add(
    ctx: &Ctx,
    enc: &str,
    name: &str,
    monster: &str,
    joining: Joining<'_>,
) -> anyhow::Result<()> {
    let Joining {
        initiative,
        hp,
        homebrew,
        reacts_to_allies,
    } = joining;
    let b = bestiary(homebrew)?;
    // Found here for the suggestions an unknown name gets.
    let m = find(&b, monster)?;
    let call = CreatureCall {
        encounter: enc.to_owned(),
        name: names::name_of(names::NameKind::Combatant, name)?,
        monster: m.id.clone(),
        initiative,
        hp,
        reacts_to_allies,
        command: ctx.command_line.clone(),
    };
    let mut store = ctx.store()?;
    let joined =
        grimoire_app::encounter_calls::join_creature(&mut store, &b, &call, &mut ctx.rng())
            .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::to_value(&joined)?);
    }
    let how = joined
        .initiative_roll
        .map(|f| format!(" [{f}]"))
        .unwrap_or_default();
    out.line(grimoire_words::text(
        out.lang.tag(),
        "cli-monster-added",
        [
            ("name", joined.added),
            ("monster", monster_name(m, out.lang).to_owned()),
            ("encounter", joined.encounter),
            ("initiative", format!("{}{how}", joined.initiative)),
            ("hp", joined.hp.map(|h| h.to_string()).unwrap_or_default()),
        ],
    ))
}
