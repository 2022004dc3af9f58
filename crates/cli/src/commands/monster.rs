//! `grimoire monster list|show`: the spellcasting creatures (SRD 5.2 and
//! homebrew stat blocks), and the encounter commands that cast for them
//! and let others answer (R11): `encounter cast|react|pass|resolve|
//! withdraw|attack|hurt|fall|window`.

use clap::Subcommand;
use grimoire_app::monster::{self as game, Closed, Declared, NewCreature};
use grimoire_catalog::{Bestiary, Catalog, Monster};
use grimoire_rules::{
    CastMode, CastRequest, Frequency, RollMode, SlotLevel, Spell, Trigger, TriggerKind,
};
use serde_json::json;

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Lang;
use crate::names;
use crate::output::Table;
use crate::state;

fn t<'a>(lang: Lang, en: &'a str, cs: &'a str) -> &'a str {
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
            let cs: Vec<String> = errors.iter().map(|e| e.message_cs()).collect();
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

fn spell_name(id: &str, lang: Lang) -> String {
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

/// The encounter commands of this module (flattened into `encounter`).
#[derive(Debug, Subcommand)]
pub enum EncounterMonsterCommand {
    /// The GM casts for a combatant (creature or character); it waits for Reactions when someone could answer (R11)
    #[command(after_help = "Examples:
  grimoire encounter cast Cave \"Cave Mage#1\" fireball --target Elmira
  grimoire encounter cast Cave Elmira fireball --target \"Cave Mage#1\"")]
    Cast(CastArgs),
    /// Answer the open window with a Reaction spell (Counterspell, Shield, Hellish Rebuke, Feather Fall)
    #[command(after_help = "Examples:
  grimoire encounter react Cave \"Cave Mage#1\" counterspell
  grimoire encounter react Cave Elmira shield")]
    React(CastArgs),
    /// Let the open window go by without reacting
    #[command(after_help = "Example:\n  grimoire encounter pass Cave Elmira")]
    Pass {
        /// The encounter
        encounter: String,
        /// The combatant who passes
        name: String,
    },
    /// Close the open window: the waiting spell is cast, a hit is checked against AC bonuses in force
    #[command(after_help = "Example:\n  grimoire encounter resolve Cave")]
    Resolve {
        /// The encounter
        encounter: String,
    },
    /// Take the waiting spell back (nothing is spent) and close the window
    #[command(after_help = "Example:\n  grimoire encounter withdraw Cave")]
    Withdraw {
        /// The encounter
        encounter: String,
    },
    /// An attack roll hits a combatant: a window opens for Shield
    #[command(
        after_help = "Example:\n  grimoire encounter attack Cave \"Cave Mage#1\" Elmira --total 15 --ac 12"
    )]
    Attack {
        /// The encounter
        encounter: String,
        /// The attacker
        attacker: String,
        /// The combatant hit
        target: String,
        /// The attack roll's total
        #[arg(long, allow_negative_numbers = true)]
        total: i32,
        /// The target's AC (default: its stat block's)
        #[arg(long)]
        ac: Option<i32>,
    },
    /// A combatant takes damage from another: a window opens for Hellish Rebuke
    #[command(
        after_help = "Example:\n  grimoire encounter hurt Cave Elmira --by \"Cave Mage#1\" 7"
    )]
    Hurt {
        /// The encounter
        encounter: String,
        /// Who takes the damage
        target: String,
        /// Who deals it
        #[arg(long)]
        by: String,
        /// How much
        amount: u32,
    },
    /// A combatant falls: a window opens for Feather Fall
    #[command(after_help = "Example:\n  grimoire encounter fall Cave Elmira")]
    Fall {
        /// The encounter
        encounter: String,
        /// Who falls
        creature: String,
    },
    /// Show a creature's uses per day, slots and Reaction left
    #[command(after_help = "Example:\n  grimoire encounter uses Cave \"Cave Mage#1\"")]
    Uses {
        /// The encounter
        encounter: String,
        /// The creature
        name: String,
    },
    /// A creature finishes a Long Rest: its uses per day and slots come back
    #[command(after_help = "Example:\n  grimoire encounter rest Cave \"Cave Mage#1\"")]
    Rest {
        /// The encounter
        encounter: String,
        /// The creature
        name: String,
    },
    /// Show the open window: what waits and who answered
    #[command(after_help = "Example:\n  grimoire encounter window Cave")]
    Window {
        /// The encounter
        encounter: String,
    },
}

/// Arguments of `encounter cast` and `encounter react`.
#[derive(Debug, clap::Args)]
pub struct CastArgs {
    /// The encounter
    pub encounter: String,
    /// The combatant casting
    pub name: String,
    /// The spell (English or Czech name, or id)
    pub spell: String,
    /// Targets (repeat for several), as for `grimoire cast`
    #[arg(short, long = "target", value_name = "T")]
    pub targets: Vec<String>,
    /// A slot of this level (R6), for casters with slots
    #[arg(short = 'l', long)]
    pub slot: Option<u8>,
    /// A named use: a stat block's line (`Protective Magic`) or a character's item or ability
    #[arg(long, value_name = "USE")]
    pub via: Option<String>,
    /// Advantage on the spell's attack rolls
    #[arg(long, conflicts_with = "disadvantage")]
    pub advantage: bool,
    /// Disadvantage on the spell's attack rolls
    #[arg(long)]
    pub disadvantage: bool,
}

fn reaction_spells() -> Vec<Spell> {
    Catalog::srd()
        .spells()
        .iter()
        .filter(|s| TriggerKind::of_spell(&s.spell).is_some())
        .map(|s| s.spell.clone())
        .collect()
}

fn request(args: &CastArgs) -> Result<CastRequest, Failure> {
    let mut req = CastRequest::new();
    if let Some(n) = args.slot {
        req = req.at_slot(SlotLevel::new(n).map_err(Failure::from)?);
    }
    if let Some(v) = &args.via {
        req = req.with_mode(CastMode::Feature(v.clone()));
    }
    for t in &args.targets {
        req = req.target(crate::commands::cast::target(t)?);
    }
    req.roll_mode = if args.advantage {
        RollMode::Advantage
    } else if args.disadvantage {
        RollMode::Disadvantage
    } else {
        RollMode::Normal
    };
    Ok(req)
}

fn running(
    store: &grimoire_store::Store,
    enc: &str,
) -> anyhow::Result<(
    grimoire_store::Entity<grimoire_app::EncounterState>,
    grimoire_rules::Encounter,
)> {
    let e = state::encounter(store, enc)?;
    let r = e.state.running.clone().ok_or_else(|| {
        Failure::refused(
            "encounter_not_started",
            format!(
                "encounter \"{}\" has not started (grimoire encounter start {})",
                e.name, e.name
            ),
        )
        .with_cs(format!("střetnutí „{}“ ještě nezačalo", e.name))
    })?;
    Ok((e, r))
}

/// A `--via` naming a line of a stat block or a character's feature, matched
/// loosely (case, accents, part of the name).
fn fit_via(
    req: &mut CastRequest,
    r: &grimoire_rules::Encounter,
    store: &grimoire_store::Store,
    who: &str,
) {
    let CastMode::Feature(word) = &req.mode else {
        return;
    };
    let w = names::fold(word);
    let caster = r
        .combatants()
        .iter()
        .find(|c| names::fold(&c.name) == names::fold(who))
        .and_then(|c| c.caster.as_deref().cloned())
        .or_else(|| {
            store
                .find::<grimoire_rules::Caster>(state::CHARACTER, who)
                .ok()
                .flatten()
                .map(|e| e.state)
        });
    let Some(caster) = caster else { return };
    if let Some(i) = caster
        .items()
        .iter()
        .find(|i| names::fold(&i.name).contains(&w))
    {
        req.mode = CastMode::Item(i.name.clone());
    } else if let Some(f) = caster
        .features()
        .iter()
        .find(|f| names::fold(&f.name).contains(&w))
    {
        req.mode = CastMode::Feature(f.name.clone());
    }
}

fn show_cast(
    ctx: &Ctx,
    store: &grimoire_store::Store,
    enc: &str,
    who: &str,
    outcome: &grimoire_rules::CastOutcome,
    spell: &grimoire_catalog::CatalogSpell,
) -> anyhow::Result<()> {
    // The caster afterwards: a character from the store, a creature from the encounter.
    let e = state::encounter(store, enc)?;
    let caster = e
        .state
        .running
        .as_ref()
        .and_then(|r| {
            r.combatants()
                .iter()
                .find(|c| names::fold(&c.name) == names::fold(who))
                .and_then(|c| c.caster.as_deref().cloned())
        })
        .or_else(|| {
            store
                .find::<grimoire_rules::Caster>(state::CHARACTER, who)
                .ok()
                .flatten()
                .map(|e| e.state)
        });
    match caster {
        Some(c) => {
            crate::commands::cast::show(&ctx.out, &c, outcome, spell, Some(&e.name), ctx.seed)
        }
        None => Ok(()),
    }
}

/// Runs the encounter commands of this module.
pub fn run_encounter(ctx: &Ctx, command: &EncounterMonsterCommand) -> anyhow::Result<()> {
    let out = &ctx.out;
    let lang = out.lang;
    let mut store = ctx.store()?;
    let reactions = reaction_spells();
    let lookup = |id: &str| Catalog::srd().get(id).map(|s| s.spell.clone());
    match command {
        EncounterMonsterCommand::Cast(args) => {
            let (e, r) = running(&store, &args.encounter)?;
            let spell = crate::catalog::spell(&args.spell)?;
            let mut req = request(args)?;
            fit_via(&mut req, &r, &store, &args.name);
            let mut rng = ctx.rng();
            let done = game::declare(
                &mut store,
                ctx.command_line.clone(),
                &e,
                r,
                &args.name,
                &spell.spell,
                req,
                &reactions,
                &mut rng,
            )
            .map_err(state::app_error)?;
            match done {
                Declared::Resolved { outcome } => {
                    show_cast(ctx, &store, &e.name, &args.name, &outcome, spell)
                }
                Declared::Pending { reactors } => {
                    if out.json {
                        return out.json(&json!({
                            "encounter": e.name, "status": "pending", "caster": args.name,
                            "spell": spell.spell.id, "reactors": reactors,
                        }));
                    }
                    out.line(out.yellow(&format!(
                        "{}: {} {} — {}",
                        args.name,
                        crate::describe::spell_name(spell, lang),
                        t(lang, "waits for Reactions (R11)", "čeká na Reakce (R11)"),
                        t(lang, "nothing is spent yet", "zatím se nic neutratilo"),
                    )))?;
                    for rc in reactors {
                        let spells: Vec<String> =
                            rc.spells.iter().map(|s| spell_name(s, lang)).collect();
                        out.line(format!(
                            "  {} {}: {}",
                            rc.name,
                            t(lang, "may answer with", "může odpovědět"),
                            spells.join(", ")
                        ))?;
                    }
                    out.line(out.dim(&format!(
                        "grimoire encounter react|pass {} NAME …; grimoire encounter resolve {}",
                        e.name, e.name
                    )))
                }
            }
        }
        EncounterMonsterCommand::React(args) => {
            let (e, r) = running(&store, &args.encounter)?;
            let spell = crate::catalog::spell(&args.spell)?;
            let mut req = request(args)?;
            fit_via(&mut req, &r, &store, &args.name);
            let mut rng = ctx.rng();
            let done = game::react(
                &mut store,
                ctx.command_line.clone(),
                &e,
                r,
                &args.name,
                &spell.spell,
                req,
                &mut rng,
            )
            .map_err(state::app_error)?;
            if out.json {
                return out.json(&json!({
                    "encounter": e.name, "reactor": args.name, "countered": done.countered,
                    "cast": grimoire_app::view::CastView::new(&args.name, &done.outcome,
                                                             &spell.name_en, &spell.name_cs),
                    "events": done.outcome.events,
                }));
            }
            show_cast(ctx, &store, &e.name, &args.name, &done.outcome, spell)?;
            if done.countered {
                out.line(out.green(t(
                    lang,
                    "Countered: the spell has no effect; its action is wasted and no slot is spent (R11)",
                    "Zmařeno: kouzlo nemá žádný účinek; jeho akce propadá a pozice se neutratí (R11)",
                )))?;
            }
            Ok(())
        }
        EncounterMonsterCommand::Pass { encounter, name } => {
            let (e, r) = running(&store, encounter)?;
            game::pass(&mut store, ctx.command_line.clone(), &e, r, name)
                .map_err(state::app_error)?;
            if out.json {
                return out.json(&json!({ "encounter": e.name, "passed": name }));
            }
            out.line(format!("{name}: {}", t(lang, "passes", "nereaguje")))
        }
        EncounterMonsterCommand::Withdraw { encounter } => {
            let (e, r) = running(&store, encounter)?;
            game::withdraw(&mut store, ctx.command_line.clone(), &e, r)
                .map_err(state::app_error)?;
            if out.json {
                return out.json(&json!({ "encounter": e.name, "withdrawn": true }));
            }
            out.line(t(
                lang,
                "Window closed; nothing was cast",
                "Okno zavřeno; nic nebylo sesláno",
            ))
        }
        EncounterMonsterCommand::Resolve { encounter } => {
            let (e, r) = running(&store, encounter)?;
            let waiting = r.window().and_then(|w| w.pending.clone());
            let mut rng = ctx.rng();
            let closed = game::resolve(
                &mut store,
                ctx.command_line.clone(),
                &e,
                r,
                &lookup,
                &mut rng,
            )
            .map_err(state::app_error)?;
            match closed {
                Closed::Cast { outcome } => {
                    let p = waiting.expect("a cast window holds its cast");
                    let spell = crate::catalog::spell(p.spell.as_str())?;
                    if out.json {
                        return out.json(&json!({
                            "encounter": e.name, "resolved": "cast", "caster": p.caster,
                            "cast": grimoire_app::view::CastView::new(&p.caster, &outcome,
                                                                     &spell.name_en, &spell.name_cs),
                            "events": outcome.events,
                        }));
                    }
                    show_cast(ctx, &store, &e.name, &p.caster, &outcome, spell)
                }
                Closed::Hit {
                    target,
                    attack_total,
                    ac,
                    hits,
                } => {
                    if out.json {
                        return out.json(&json!({ "encounter": e.name, "resolved": "hit",
                            "target": target, "attack_total": attack_total, "ac": ac, "hits": hits }));
                    }
                    let verdict = if hits {
                        out.red(t(lang, "still hits", "přesto zasahuje"))
                    } else {
                        out.green(t(lang, "now misses", "teď mine"))
                    };
                    out.line(format!("{target}: {attack_total} vs AC {ac}: {verdict}"))
                }
                Closed::Done => {
                    if out.json {
                        return out.json(&json!({ "encounter": e.name, "resolved": "done" }));
                    }
                    out.line(t(lang, "Window closed", "Okno zavřeno"))
                }
            }
        }
        EncounterMonsterCommand::Attack {
            encounter,
            attacker,
            target,
            total,
            ac,
        } => {
            let (e, r) = running(&store, encounter)?;
            let find = |n: &str| {
                r.combatants()
                    .iter()
                    .find(|c| names::fold(&c.name) == names::fold(n))
                    .cloned()
                    .ok_or_else(|| {
                        Failure::from(grimoire_rules::RulesError::UnknownCombatant {
                            name: n.to_owned(),
                        })
                    })
            };
            let (a, tg) = (find(attacker)?, find(target)?);
            let ac = ac
                .or_else(|| tg.stats.as_ref().and_then(|s| s.ac))
                .ok_or_else(|| {
                    Failure::usage(
                        "missing_ac",
                        format!("{} has no AC on record: give --ac", tg.name),
                    )
                    .with_cs(format!("{} nemá zapsané OČ: zadejte --ac", tg.name))
                })?;
            let trigger = Trigger::Hit {
                attacker: a.name,
                target: tg.name,
                attack_total: *total,
                ac,
            };
            open(ctx, &mut store, e, r, trigger, &reactions)
        }
        EncounterMonsterCommand::Hurt {
            encounter,
            target,
            by,
            amount,
        } => {
            let (e, r) = running(&store, encounter)?;
            let name = |n: &str| {
                r.combatants()
                    .iter()
                    .find(|c| names::fold(&c.name) == names::fold(n))
                    .map_or_else(|| n.to_owned(), |c| c.name.clone())
            };
            let trigger = Trigger::Damage {
                attacker: name(by),
                target: name(target),
                amount: *amount,
            };
            open(ctx, &mut store, e, r, trigger, &reactions)
        }
        EncounterMonsterCommand::Fall {
            encounter,
            creature,
        } => {
            let (e, r) = running(&store, encounter)?;
            let creature = r
                .combatants()
                .iter()
                .find(|c| names::fold(&c.name) == names::fold(creature))
                .map_or_else(|| creature.clone(), |c| c.name.clone());
            open(
                ctx,
                &mut store,
                e,
                r,
                Trigger::Fall { creature },
                &reactions,
            )
        }
        EncounterMonsterCommand::Uses { encounter, name } => {
            let (e, r) = running(&store, encounter)?;
            let c = r
                .combatants()
                .iter()
                .find(|c| names::fold(&c.name) == names::fold(name))
                .ok_or_else(|| {
                    Failure::from(grimoire_rules::RulesError::UnknownCombatant {
                        name: name.clone(),
                    })
                })?;
            let caster = c.caster.as_deref().ok_or_else(|| {
                Failure::from(grimoire_rules::RulesError::NotACaster {
                    name: c.name.clone(),
                })
            })?;
            let uses: Vec<_> = caster
                .features()
                .iter()
                .map(|f| json!({"name": f.name, "remaining": f.remaining(), "max": f.max_uses}))
                .collect();
            let reaction = caster
                .turn()
                .available(grimoire_rules::ActionKind::Reaction);
            if out.json {
                return out.json(&json!({
                    "encounter": e.name, "name": c.name, "hp": c.hp, "uses": uses,
                    "reaction": reaction,
                    "concentration": caster.concentration().map(|k| k.spell.to_string()),
                }));
            }
            out.line(format!(
                "{} · HP {} · {}: {}",
                out.bold(&c.name),
                c.hp.map_or_else(|| "-".to_owned(), |h| h.to_string()),
                t(lang, "Reaction", "Reakce"),
                if reaction { "✓" } else { "✗" }
            ))?;
            for f in caster.features() {
                out.line(format!("  {}: {}/{}", f.name, f.remaining(), f.max_uses))?;
            }
            Ok(())
        }
        EncounterMonsterCommand::Rest { encounter, name } => {
            let (e, r) = running(&store, encounter)?;
            game::creature_long_rest(&mut store, ctx.command_line.clone(), &e, r, name)
                .map_err(state::app_error)?;
            if out.json {
                return out.json(&json!({ "encounter": e.name, "rested": name }));
            }
            out.line(format!(
                "{name}: {}",
                t(
                    lang,
                    "Long Rest finished; uses restored",
                    "Dlouhý odpočinek dokončen; použití obnovena"
                )
            ))
        }
        EncounterMonsterCommand::Window { encounter } => {
            let (e, r) = running(&store, encounter)?;
            let w = r.window();
            if out.json {
                return out.json(&json!({ "encounter": e.name, "window": w }));
            }
            match w {
                None => out.line(t(lang, "No window is open", "Žádné okno není otevřené")),
                Some(w) => {
                    out.line(format!(
                        "{}: {}",
                        t(lang, "Waiting for Reactions", "Čeká se na Reakce"),
                        w.trigger.describe()
                    ))?;
                    for a in &w.answers {
                        let what = a.spell.as_ref().map_or_else(
                            || t(lang, "passed", "nereagoval(a)").to_owned(),
                            |s| spell_name(s.as_str(), lang),
                        );
                        out.line(format!("  {}: {what}", a.name))?;
                    }
                    Ok(())
                }
            }
        }
    }
}

fn open(
    ctx: &Ctx,
    store: &mut grimoire_store::Store,
    e: grimoire_store::Entity<grimoire_app::EncounterState>,
    r: grimoire_rules::Encounter,
    trigger: Trigger,
    reactions: &[Spell],
) -> anyhow::Result<()> {
    let out = &ctx.out;
    let lang = out.lang;
    let described = trigger.describe();
    let could = game::open(store, ctx.command_line.clone(), &e, r, trigger, reactions)
        .map_err(state::app_error)?;
    if out.json {
        return out.json(&json!({ "encounter": e.name, "window": described, "reactors": could }));
    }
    out.line(out.yellow(&format!(
        "{described}: {}",
        t(lang, "waits for Reactions (R11)", "čeká na Reakce (R11)")
    )))?;
    for rc in could {
        let spells: Vec<String> = rc.spells.iter().map(|s| spell_name(s, lang)).collect();
        out.line(format!(
            "  {} {}: {}",
            rc.name,
            t(lang, "may answer with", "může odpovědět"),
            spells.join(", ")
        ))?;
    }
    Ok(())
}
