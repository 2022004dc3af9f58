//! `grimoire encounter ...`: initiative order, turns and rounds, damage with
//! Concentration saves, time passing, and the effects on each creature.

use clap::Subcommand;
use grimoire_app::encounter_calls::{self as calls, DamageCall, HarmCall, JoinCall};
use grimoire_app::encounter_view::{EncounterStatus, Fallen};

use crate::context::Ctx;
use crate::i18n::Text;
use crate::names;
use crate::output::{Out, Table};
use crate::state;
use crate::view;

/// `grimoire encounter ...`.
#[derive(Debug, Subcommand)]
pub enum EncounterCommand {
    /// Create an empty encounter
    New {
        /// The encounter's name
        encounter: String,
        /// What the GM's creatures do at 0 hit points: die (the default) or drop and make death saves
        #[arg(long, value_enum, value_name = "WAY")]
        creatures_at_zero: Option<AtZero>,
    },
    /// Change an encounter's settings, before or during the fight
    Set {
        /// The encounter
        encounter: String,
        /// What the GM's creatures do at 0 hit points: die, or drop and make death saves
        #[arg(long, value_enum, value_name = "WAY")]
        creatures_at_zero: Option<AtZero>,
    },
    /// Add a combatant: a stored character (by name) or any creature
    Add {
        /// The encounter
        encounter: String,
        /// The combatant's name (a character's name links its state), with
        /// its stat block in the cast target syntax: Goblin:ac=15:dex=+2:type=humanoid:resist=fire
        name: String,
        /// Initiative (higher acts first); rolled (d20, + DEX for a character) when left out
        #[arg(long = "init", allow_negative_numbers = true)]
        initiative: Option<i32>,
        /// Hit points, tracked by `damage` and by spells
        #[arg(long)]
        hp: Option<i32>,
        /// A spellcasting creature from `grimoire monster list` (its own hit points and uses)
        #[arg(long, value_name = "ID")]
        monster: Option<String>,
        /// A homebrew stat-block file to find --monster in
        #[arg(long, value_name = "FILE", requires = "monster")]
        homebrew: Option<String>,
        /// It may answer its allies' casts with Counterspell (by default only the other side's casts wait for it)
        #[arg(long)]
        reacts_to_allies: bool,
    },
    /// Remove a combatant (fled, dismissed); not the one whose turn it is
    Remove {
        /// The encounter
        encounter: String,
        /// The combatant
        name: String,
    },
    /// Start round 1 with the highest initiative
    Start {
        /// The encounter
        encounter: String,
    },
    /// End the current turn and begin the next; a new round lets one round of time pass
    Next {
        /// The encounter
        encounter: String,
    },
    /// Deal damage to a combatant; a concentrating character saves (CON, DC max(10, half))
    Damage {
        /// The encounter
        encounter: String,
        /// The combatant
        name: String,
        /// Damage taken
        amount: u32,
        /// Its type (fire, cold, ...): the combatant's stat block halves it if it resists, doubles it if vulnerable, ignores it if immune
        #[arg(long = "type", value_name = "TYPE")]
        damage_type: Option<String>,
    },
    /// A lasting spell harms a creature that comes into it: it enters Spirit Guardians or Moonbeam, the area moves onto it, Flaming Sphere is rammed into it
    Harm {
        /// The encounter
        encounter: String,
        /// The creature that comes into the spell
        creature: String,
        /// The spell in force (English or Czech name)
        spell: String,
        /// Whose casting, when several combatants keep the spell in force
        #[arg(long)]
        caster: Option<String>,
    },
    /// Let time pass for everyone: 3r rounds, 10m minutes, 1h hours (R15 durations)
    Advance {
        /// The encounter
        encounter: String,
        /// How long: 3r, 10m, 1h, 1d
        time: String,
    },
    /// Show the order, hit points, turn economy, Concentration and effects
    Status {
        /// The encounter
        encounter: String,
    },
    /// List encounters
    List,
    /// Casting for combatants and Reactions that interrupt (R11)
    #[command(flatten)]
    Monsters(crate::commands::reaction::EncounterMonsterCommand),
    /// End an encounter: its final state stays in the log and its name is free again; undo brings the fight back
    End {
        /// The encounter
        encounter: String,
    },
}

/// `--creatures-at-zero`: the table's way with creatures at 0 hit points.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum AtZero {
    /// They die and leave the turn order
    Die,
    /// They drop Unconscious and make death saves
    Drop,
}

impl AtZero {
    fn settings(way: Option<AtZero>) -> calls::EncounterSettings {
        calls::EncounterSettings {
            creatures_at_zero: way.map(|w| match w {
                AtZero::Die => grimoire_rules::CreaturesAtZero::Die,
                AtZero::Drop => grimoire_rules::CreaturesAtZero::Drop,
            }),
        }
    }
}

/// Runs `encounter ...`.
pub fn run(ctx: &Ctx, command: &EncounterCommand) -> anyhow::Result<()> {
    match command {
        EncounterCommand::New {
            encounter,
            creatures_at_zero,
        } => new(ctx, encounter, &AtZero::settings(*creatures_at_zero)),
        EncounterCommand::Set {
            encounter,
            creatures_at_zero,
        } => {
            let mut store = ctx.store()?;
            let answer = calls::set_encounter(
                &mut store,
                encounter,
                &AtZero::settings(*creatures_at_zero),
                ctx.command_line.clone(),
            )
            .map_err(state::encounter_error(encounter))?;
            status(&ctx.out, &answer)
        }
        EncounterCommand::Add {
            encounter,
            name,
            initiative,
            hp,
            monster: Some(monster),
            homebrew,
            reacts_to_allies,
        } => crate::commands::monster::add(
            ctx,
            encounter,
            name,
            monster,
            crate::commands::monster::Joining {
                initiative: *initiative,
                hp: *hp,
                homebrew: homebrew.as_deref(),
                reacts_to_allies: *reacts_to_allies,
            },
        ),
        EncounterCommand::Add {
            encounter,
            name,
            initiative,
            hp,
            reacts_to_allies,
            ..
        } => add(ctx, encounter, name, *initiative, *hp, *reacts_to_allies),
        EncounterCommand::Monsters(c) => crate::commands::reaction::run_encounter(ctx, c),
        EncounterCommand::Remove { encounter, name } => remove(ctx, encounter, name),
        EncounterCommand::Start { encounter } => start(ctx, encounter),
        EncounterCommand::Next { encounter } => next(ctx, encounter),
        EncounterCommand::Damage {
            encounter,
            name,
            amount,
            damage_type,
        } => damage(ctx, encounter, name, *amount, damage_type.as_deref()),
        EncounterCommand::Harm {
            encounter,
            creature,
            spell,
            caster,
        } => harm(ctx, encounter, creature, spell, caster.as_deref()),
        EncounterCommand::Advance { encounter, time } => advance(ctx, encounter, time),
        EncounterCommand::Status { encounter } => {
            let store = ctx.store()?;
            // An ended encounter's record shows its final state, marked.
            let answer = calls::show_encounter(&store, encounter)
                .map_err(state::encounter_error(encounter))?;
            status(&ctx.out, &answer)
        }
        EncounterCommand::List => list(ctx),
        EncounterCommand::End { encounter } => end(ctx, encounter),
    }
}

fn new(ctx: &Ctx, name: &str, settings: &calls::EncounterSettings) -> anyhow::Result<()> {
    let name = names::name_of(names::NameKind::Encounter, name)?;
    let mut store = ctx.store()?;
    let made = calls::new_encounter_with(&mut store, &name, settings, ctx.command_line.clone())
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::to_value(made)?);
    }
    out.line(format!(
        "{} {}",
        out.green(Text::Created.get(out.lang)),
        made.encounter
    ))
}

fn add(
    ctx: &Ctx,
    enc: &str,
    spec: &str,
    initiative: Option<i32>,
    hp: Option<i32>,
    reacts_to_allies: bool,
) -> anyhow::Result<()> {
    // The name may carry a stat block, as a cast's target does.
    let target = crate::commands::cast::target(spec)?;
    let name = names::name_of(names::NameKind::Combatant, &target.name)?;
    let call = JoinCall {
        encounter: enc.to_owned(),
        name,
        initiative,
        hp: hp.or(target.stats.as_ref().and_then(|s| s.hp)),
        stats: target.stats,
        creature_type: target.creature_type,
        reacts_to_allies,
        before_start_only: false,
        command: ctx.command_line.clone(),
    };
    let mut store = ctx.store()?;
    let joined = calls::join_encounter(&mut store, &call, &mut ctx.rng())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::to_value(&joined)?);
    }
    let display = joined
        .combatants
        .last()
        .map_or(call.name.as_str(), |c| c.name.as_str());
    let how = joined
        .initiative_roll
        .as_ref()
        .map(|f| format!(" [{f}]"))
        .unwrap_or_default();
    out.line(format!(
        "{} {display} → {} ({} {}{how})",
        Text::Added.get(out.lang),
        joined.encounter,
        Text::Initiative.get(out.lang),
        joined.initiative
    ))
}

fn remove(ctx: &Ctx, enc: &str, name: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let left = calls::leave_encounter(&mut store, enc, name, ctx.command_line.clone())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::to_value(&left)?);
    }
    out.line(format!(
        "{} {name} ({})",
        Text::Deleted.get(out.lang),
        left.encounter
    ))
}

fn start(ctx: &Ctx, enc: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let answer = calls::start_encounter(&mut store, enc, ctx.command_line.clone())
        .map_err(state::encounter_error(enc))?;
    status(&ctx.out, &answer)
}

fn next(ctx: &Ctx, enc: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let done = calls::next_turn_in(&mut store, enc, ctx.command_line.clone(), &mut ctx.rng())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if !out.json {
        for n in &done.notes {
            out.line(out.yellow(&crate::describe::target_note(n, out.lang)))?;
        }
        for hit in done.status.turn_damage.iter().flatten() {
            turn_hit(out, hit)?;
        }
        if let Some(save) = &done.death_save {
            super::dying::save_line(out, save)?;
        }
    }
    status(out, &done.status)
}

/// `encounter harm`: a lasting spell's damage on a creature that comes
/// into it (SRD 5.2: entering the area, the area moving onto it, Flaming
/// Sphere rammed into it), as a turn change shows turn damage.
fn harm(
    ctx: &Ctx,
    enc: &str,
    creature: &str,
    spell: &str,
    caster: Option<&str>,
) -> anyhow::Result<()> {
    let call = HarmCall {
        encounter: enc.to_owned(),
        creature: creature.to_owned(),
        spell: crate::catalog::spell(spell)?.spell.clone(),
        caster: caster.map(str::to_owned),
        command: ctx.command_line.clone(),
    };
    let mut store = ctx.store()?;
    let answer = calls::harm_entering(&mut store, &call, &mut ctx.rng())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if !out.json {
        for hit in answer.turn_damage.iter().flatten() {
            turn_hit(out, hit)?;
        }
    }
    status(out, &answer)
}

/// What a lasting spell did as a turn ended or began, or as a creature
/// came into it: the spell and its caster, every die, then the target's
/// line as under a cast.
fn turn_hit(out: &Out, hit: &grimoire_app::encounter::TurnHit) -> anyhow::Result<()> {
    let lang = out.lang;
    let when = match hit.at {
        grimoire_rules::TurnPoint::Start => Text::AtTurnStart.get(lang).to_string(),
        grimoire_rules::TurnPoint::End => Text::AtTurnEnd.get(lang).to_string(),
        grimoire_rules::TurnPoint::Enter => {
            grimoire_words::text(lang.tag(), "cli-at-entering", Vec::<(&str, String)>::new())
        }
    };
    let spell = view::spell_label(&hit.spell, lang);
    out.line(format!(
        "{} ({}) · {}, {}",
        out.bold(&out.cyan(&spell)),
        hit.caster,
        out.bold(&hit.target),
        when
    ))?;
    for roll in &hit.rolls {
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        out.line(format!(
            "  {}: {} [{}] = {}",
            crate::describe::roll_label(&roll.label, lang),
            roll.notation,
            dice.join(", "),
            out.bold(&roll.total.to_string())
        ))?;
    }
    let outcome = grimoire_rules::TargetOutcome {
        hp_after: hit.hp,
        ..hit.outcome.clone()
    };
    let concentration = hit
        .concentration_save
        .clone()
        .map(|save| grimoire_app::CharacterHit {
            name: hit.target.clone(),
            hp: None,
            temp_hp: None,
            save: Some(save),
        });
    if let Some(line) = super::cast::target_line(out, &outcome, concentration.as_ref()) {
        out.line(line)?;
    }
    if hit.spell_ended {
        out.line(out.yellow(&format!("  {}", Text::SpellEndsOnSave.get(lang))))?;
    }
    Ok(())
}

fn damage(
    ctx: &Ctx,
    enc: &str,
    name: &str,
    rolled: u32,
    damage_type: Option<&str>,
) -> anyhow::Result<()> {
    let call = DamageCall {
        encounter: enc.to_owned(),
        target: name.to_owned(),
        amount: rolled,
        damage_type: damage_type.map(names::damage_type).transpose()?,
        command: ctx.command_line.clone(),
    };
    let mut store = ctx.store()?;
    let done = calls::damage_combatant(&mut store, &call, &mut ctx.rng())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::to_value(done)?);
    }
    let lang = out.lang;
    let hp_text = done
        .hp
        .map(|h| format!(" ({} {h})", Text::HpNow.get(lang)))
        .unwrap_or_default();
    out.line(format!(
        "{}: {} {}{hp_text}",
        done.target,
        out.red(Text::Damage.get(lang)),
        done.damage
    ))?;
    if let Some(s) = &done.concentration_save {
        let verdict = if s.kept {
            out.green(Text::ConcentrationKept.get(lang))
        } else {
            out.red(Text::ConcentrationLost.get(lang))
        };
        let roll = &s.roll;
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        out.line(grimoire_words::text(
            lang.tag(),
            "cli-save-line",
            [
                ("label", crate::describe::roll_label(&roll.label, lang)),
                (
                    "notation",
                    format!("{} [{}]", roll.notation, dice.join(", ")),
                ),
                ("total", roll.total.to_string()),
                ("dc", s.dc.to_string()),
                ("verdict", verdict.to_string()),
            ],
        ))?;
    }
    Ok(())
}

fn advance(ctx: &Ctx, enc: &str, time: &str) -> anyhow::Result<()> {
    let rounds = names::rounds(time)?;
    let mut store = ctx.store()?;
    let done = calls::advance_encounter(&mut store, enc, rounds, ctx.command_line.clone())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if !out.json {
        out.line(format!(
            "{} {}",
            Text::TimePassed.get(out.lang),
            crate::describe::count(rounds, crate::describe::Counted::Rounds, out.lang)
        ))?;
        for n in &done.notes {
            out.line(out.yellow(&crate::describe::target_note(n, out.lang)))?;
        }
    }
    status(out, &done.status)
}

fn list(ctx: &Ctx) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let all = calls::list_encounters(&store).map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        // Ended encounters are kept as records (issue 31), listed apart.
        return out.json(&serde_json::to_value(all)?);
    }
    let lang = out.lang;
    let mut t = Table::new([
        Text::Name.get(lang),
        Text::Round.get(lang),
        Text::Combatants.get(lang),
    ]);
    for e in &all.encounters {
        t.row([
            e.name.clone(),
            e.round.map_or("-".to_owned(), |r| r.to_string()),
            e.combatants.to_string(),
        ]);
    }
    out.line(t.render(out))
}

fn end(ctx: &Ctx, enc: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let ended = calls::end_encounter(&mut store, enc, ctx.command_line.clone())
        .map_err(state::encounter_error(enc))?;
    let out = &ctx.out;
    if out.json {
        return out.json(&serde_json::to_value(ended)?);
    }
    // The fight is over, not gone: its record stays readable.
    out.line(grimoire_words::text(
        out.lang.tag(),
        "cli-encounter-end-done",
        [("name", ended.ended.as_str())],
    ))
}

/// The encounter's status: JSON, or a table with the current turn marked
/// (an ended encounter's final state says so first).
fn status(out: &Out, answer: &EncounterStatus) -> anyhow::Result<()> {
    if out.json {
        return out.json(&serde_json::to_value(answer)?);
    }
    let lang = out.lang;
    let name = answer.encounter.as_str();
    if answer.ended {
        out.line(out.yellow(&grimoire_words::text(
            lang.tag(),
            "cli-encounter-ended",
            [("name", name)],
        )))?;
    }
    let round = answer.round;
    let current = answer.current.as_ref();
    out.line(format!(
        "{}  {} {round}{}",
        out.bold(name),
        Text::Round.get(lang),
        current
            .map(|c| format!(" · {}: {c}", Text::Turn.get(lang)))
            .unwrap_or_default()
    ))?;
    let mut t = Table::new([
        "",
        Text::Name.get(lang),
        Text::Initiative.get(lang),
        "hp",
        Text::Concentrating.get(lang),
        Text::Effects.get(lang),
    ])
    .align_right(2)
    .align_right(3);
    for c in &answer.combatants {
        let marker = if c.current { "▶" } else { "" };
        // A creature of a stat block keeps its caster in the encounter.
        let conc = c
            .concentration
            .as_ref()
            .map(|k| view::spell_label(k, lang))
            .unwrap_or_default();
        let effects: Vec<String> = c
            .effects
            .iter()
            .map(|f| {
                let left = f.rounds_left.map(|r| format!(", {r}r")).unwrap_or_default();
                let conditions: Vec<&str> = f
                    .conditions
                    .iter()
                    .map(|k| grimoire_words::word(lang.tag(), k))
                    .collect();
                let conditions = if conditions.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", conditions.join(", "))
                };
                format!(
                    "{} ({}{left}){conditions}",
                    view::spell_label(&f.spell, lang),
                    f.caster
                )
            })
            .collect();
        // Down: the word shows to every seat, the numbers only to the GM.
        let fallen = c.fallen.map(|f| {
            grimoire_words::fixed(
                lang.tag(),
                match f {
                    Fallen::Dying => "cli-fallen-dying",
                    Fallen::Stable => "cli-fallen-stable",
                    Fallen::Dead => "cli-fallen-dead",
                },
            )
        });
        let hp: Vec<String> =
            c.hp.map(|h| h.to_string())
                .into_iter()
                .chain(fallen.map(str::to_owned))
                .collect();
        t.row([
            marker.to_owned(),
            c.name.clone(),
            c.initiative.to_string(),
            hp.join(" "),
            conc,
            effects.join(", "),
        ]);
    }
    out.line(t.render(out))?;
    if answer.creatures_at_zero == grimoire_rules::CreaturesAtZero::Drop {
        out.line(grimoire_words::fixed(lang.tag(), "cli-creatures-drop"))?;
    }
    if let Some(turn) = answer
        .combatants
        .iter()
        .find(|c| c.current)
        .and_then(|c| c.turn.as_ref())
    {
        out.line(view::turn_line_of(out, turn))?;
    }
    if let Some(w) = &answer.window {
        let waits = grimoire_words::fixed(lang.tag(), "cli-label-waits-for-reactions");
        out.line(out.yellow(&format!(
            "{}: {waits}",
            grimoire_words::trigger_said(lang.tag(), &w.trigger)
        )))?;
    }
    Ok(())
}
