//! `grimoire monster list|show`: the spellcasting creatures (SRD 5.2 and
//! homebrew stat blocks), and `encounter add --monster`. Casting for them
//! and Reactions are in [`super::reaction`].

use clap::Subcommand;
use grimoire_app::monster::NewCreature;
use grimoire_catalog::{Bestiary, Catalog, Monster};
use grimoire_rules::Frequency;
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::names;
use crate::output::Table;
use crate::state;
use grimoire_words::Named;

/// `en` or `cs` by the output language.
pub(crate) fn t<'a>(lang: Lang, en: &'a str, cs: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Cs => cs,
    }
}

/// `grimoire monster ...`.
#[derive(Debug, Subcommand)]
pub enum MonsterCommand {
    /// List spellcasting creatures, optionally matching a name (English or Czech)
    #[command(after_help = "Examples:\n  grimoire monster list\n  grimoire monster list kněz")]
    List {
        /// Part of a name; typos are forgiven
        query: Option<String>,
        /// Also load homebrew stat blocks from this TOML file
        #[arg(long, value_name = "FILE")]
        homebrew: Option<String>,
    },
    /// Show one creature's Spellcasting: DC, attack bonus, spells and uses
    #[command(
        after_help = "Examples:\n  grimoire monster show mage\n  grimoire --lang cs monster show arcimág"
    )]
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
        Failure::refused("homebrew_io", format!("{path}: cannot be read: {e}"))
            .with_cs(format!("{path}: soubor nelze přečíst: {e}"))
    })?;
    srd.with_homebrew_text(path, &text, Catalog::srd())
        .map_err(|errors| {
            let en: Vec<String> = errors.iter().map(ToString::to_string).collect();
            let cs: Vec<String> = errors.iter().map(|e| e.message("cs")).collect();
            Failure::refused(errors[0].code(), en.join("; ")).with_cs(cs.join("; "))
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
        let hint = if near.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", near.join(", "))
        };
        Failure::refused(
            "unknown_monster",
            format!("no monster is called \"{name}\"{hint}"),
        )
        .with_cs(format!("žádný tvor se nejmenuje „{name}“{hint}"))
    })
}

fn monster_name(m: &Monster, lang: Lang) -> &str {
    match lang {
        Lang::Cs => m.name_cs.as_deref().unwrap_or(&m.name_en),
        Lang::En => &m.name_en,
    }
}

/// A spell's name in the output language, by id.
pub(crate) fn spell_name(id: &str, lang: Lang) -> String {
    Catalog::srd().get(id).map_or_else(
        || id.to_owned(),
        |s| crate::describe::spell_name(s, lang).to_owned(),
    )
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
                let rows: Vec<_> = found
                    .iter()
                    .map(|m| {
                        json!({"id": m.id, "name_en": m.name_en, "name_cs": m.name_cs,
                           "cr": m.cr, "save_dc": m.casting.save_dc, "source": m.source})
                    })
                    .collect();
                return out.json(&json!({ "monsters": rows }));
            }
            let mut table = Table::new([
                "id",
                t(lang, "name", "jméno"),
                t(lang, "CR", "ND"),
                t(lang, "DC", "SO"),
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
        return out.json(&json!({
            "id": m.id, "name_en": m.name_en, "name_cs": m.name_cs, "cr": m.cr,
            "creature_type": m.creature_type, "ac": m.ac, "hp": m.hp,
            "ability": c.ability, "save_dc": c.save_dc, "attack_bonus": c.attack_bonus,
            "spellcasting": c.groups, "slots": c.slots, "slot_spells": c.slot_spells,
            "saves": c.saves, "source": m.source,
            "summary": match lang { Lang::Cs => &m.summary_cs, Lang::En => &m.summary_en },
        }));
    }
    out.line(format!(
        "{} ({}) · {} {} · AC {} · HP {}",
        out.bold(monster_name(m, lang)),
        m.id,
        t(lang, "CR", "ND"),
        m.cr.clone().unwrap_or_default(),
        m.ac,
        m.hp
    ))?;
    let summary = match lang {
        Lang::Cs => m.summary_cs.as_ref().or(m.summary_en.as_ref()),
        Lang::En => m.summary_en.as_ref(),
    };
    if let Some(s) = summary {
        out.line(out.dim(s))?;
    }
    let ability = match lang {
        Lang::En => c.ability.name_en(),
        Lang::Cs => c.ability.name_cs(),
    };
    out.line(format!(
        "{}: {ability} · {} {} · {} {:+}",
        t(lang, "Spellcasting", "Sesílání kouzel"),
        t(lang, "spell save DC", "SO záchrany"),
        c.save_dc,
        t(lang, "spell attack", "útok kouzlem"),
        c.attack_bonus
    ))?;
    for g in &c.groups {
        let uses = match g.frequency {
            Frequency::AtWill => t(lang, "at will", "libovolně").to_owned(),
            Frequency::PerDay(n) if g.shared => {
                format!("{n}/{}", t(lang, "day (shared)", "den (společně)"))
            }
            Frequency::PerDay(n) => format!("{n}/{}", t(lang, "day each", "den každé")),
        };
        let spells: Vec<String> = g
            .spells
            .iter()
            .map(|s| {
                let name = spell_name(s.spell.as_str(), lang);
                match s.level {
                    Some(l) => format!("{name} ({} {})", t(lang, "level", "úroveň"), l.get()),
                    None => name,
                }
            })
            .collect();
        out.line(format!("  {} [{uses}]: {}", g.name, spells.join(", ")))?;
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
            t(lang, "slots", "pozice"),
            slots.join(" "),
            spells.join(", ")
        ))?;
    }
    Ok(())
}

/// `grimoire encounter add ENC NAME --monster ID`: a creature of a stat
/// block with its own hit points and uses.
pub fn add(
    ctx: &Ctx,
    enc: &str,
    name: &str,
    monster: &str,
    initiative: Option<i32>,
    hp: Option<i32>,
    homebrew: Option<&str>,
) -> anyhow::Result<()> {
    let b = bestiary(homebrew)?;
    let m = find(&b, monster)?;
    let name = names::name_of(names::NameKind::Combatant, name)?;
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    let running = e.state.running.as_ref().map(|r| r.combatants());
    if e.state
        .combatants
        .iter()
        .chain(running.into_iter().flatten())
        .any(|c| names::fold(&c.name) == names::fold(&name))
    {
        return Err(Failure::refused(
            "already_in_encounter",
            format!("{name} is already in {}", e.name),
        )
        .with_cs(format!("{name} už ve střetnutí {} je", e.name))
        .into());
    }
    let (initiative, rolled) = match initiative {
        Some(n) => (n, None),
        None => {
            let dex = m.scores.modifier(grimoire_rules::Ability::Dexterity);
            let formula = format!("1d20{dex:+}");
            let roll = grimoire_dice::parse(&formula)?.roll(&mut ctx.rng());
            (i32::try_from(roll.total()).unwrap_or(0), Some(formula))
        }
    };
    let hp = hp.unwrap_or(m.hp);
    let creature = NewCreature {
        name: name.clone(),
        initiative,
        caster: m.caster(&name).map_err(Failure::from)?,
        stats: m.target_stats(),
        hp,
        creature_type: m.creature_type.clone(),
    };
    grimoire_app::monster::add_creature(&mut store, ctx.command_line.clone(), &e, creature)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(
            &json!({ "encounter": e.name, "added": name, "monster": m.id,
                                 "hp": hp, "initiative": initiative, "initiative_roll": rolled }),
        );
    }
    let how = rolled.map(|f| format!(" [{f}]")).unwrap_or_default();
    out.line(format!(
        "{} {name} ({}) → {} ({} {initiative}{how}, HP {hp})",
        t(out.lang, "Added", "Přidán"),
        monster_name(m, out.lang),
        e.name,
        t(out.lang, "initiative", "iniciativa"),
    ))
}
