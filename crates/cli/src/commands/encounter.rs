//! `grimoire encounter ...`: initiative order, turns and rounds, damage with
//! Concentration saves, time passing, and the effects on each creature.

use clap::Subcommand;
use grimoire_rules::{Caster, Combatant, Encounter};
use grimoire_store::{Entity, Store};
use serde_json::{Value, json};

use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::Text;
use crate::names;
use crate::output::{Out, Table};
use crate::state::{self, Batch, ENCOUNTER, EncounterState};
use crate::view;

/// `grimoire encounter ...`.
#[derive(Debug, Subcommand)]
pub enum EncounterCommand {
    /// Create an empty encounter
    New {
        /// The encounter's name
        encounter: String,
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

/// Runs `encounter ...`.
pub fn run(ctx: &Ctx, command: &EncounterCommand) -> anyhow::Result<()> {
    match command {
        EncounterCommand::New { encounter } => new(ctx, encounter),
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
            let live = state::encounter(&store, encounter);
            if live.is_err()
                && let Some(e) =
                    grimoire_app::ended_encounter(&store, encounter).map_err(state::app_error)?
            {
                return status_ended(&ctx.out, &store, &e.name, &e.state);
            }
            let e = live?;
            status(&ctx.out, &store, &e.name, &e.state)
        }
        EncounterCommand::List => list(ctx),
        EncounterCommand::End { encounter } => end(ctx, encounter),
    }
}

fn running(e: &Entity<EncounterState>) -> Result<&Encounter, Failure> {
    e.state
        .running
        .as_ref()
        .ok_or_else(|| state::not_started(&e.name))
}

fn new(ctx: &Ctx, name: &str) -> anyhow::Result<()> {
    let name = names::name_of(names::NameKind::Encounter, name)?;
    let mut store = ctx.store()?;
    let st = EncounterState {
        combatants: Vec::new(),
        running: None,
    };
    let mut batch = Batch::new(ctx);
    batch.with(|c| c.create(ENCOUNTER, &name, &st))?;
    batch.commit(&mut store)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "encounter": name, "created": true }));
    }
    out.line(format!(
        "{} {}",
        out.green(Text::Created.get(out.lang)),
        name
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
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    // The name may carry a stat block, as a cast's target does.
    let target = crate::commands::cast::target(spec)?;
    let name = names::name_of(names::NameKind::Combatant, &target.name)?;
    // A stored character keeps its own spelling, so casts find it; any
    // other name is a creature's, which no character may have or look like.
    let character = store.find::<Caster>(state::CHARACTER, &name)?;
    let (display, kind) =
        grimoire_app::identity::joining(&store, &name).map_err(state::app_error)?;
    let running = e.state.running.as_ref().map(|r| r.combatants());
    if e.state
        .combatants
        .iter()
        .chain(running.into_iter().flatten())
        .any(|c| names::fold(&c.name) == names::fold(&display))
    {
        return Err(Failure::worded(
            "already_in_encounter",
            "cli-already-in-encounter",
            &[("name", &display), ("encounter", &e.name)],
        )
        .into());
    }
    let (initiative, rolled) = match initiative {
        Some(n) => (n, None),
        None => {
            let dex = character.as_ref().map_or(0, |c| {
                i64::from(c.state.modifier(grimoire_rules::Ability::Dexterity))
            });
            let formula = format!("1d20{dex:+}");
            let roll = grimoire_dice::parse(&formula)?.roll(&mut ctx.rng());
            (i32::try_from(roll.total()).unwrap_or(0), Some(formula))
        }
    };
    let mut c = Combatant::new(display.clone(), initiative).of_kind(kind);
    c.hp = hp.or(target.stats.as_ref().and_then(|s| s.hp));
    c.creature_type = target.creature_type.clone();
    c.reacts_to_allies = reacts_to_allies;
    c.stats = target.stats.clone().map(|mut s| {
        s.hp = None;
        s
    });
    let st = grimoire_app::encounter::join(&mut store, ctx.command_line.clone(), &e, c)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "encounter": e.name, "combatants": st.combatants,
                                 "initiative": initiative, "initiative_roll": rolled }));
    }
    let how = rolled.map(|f| format!(" [{f}]")).unwrap_or_default();
    out.line(format!(
        "{} {display} → {} ({} {initiative}{how})",
        Text::Added.get(out.lang),
        e.name,
        Text::Initiative.get(out.lang)
    ))
}

fn remove(ctx: &Ctx, enc: &str, name: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    let st = grimoire_app::encounter::leave(&mut store, ctx.command_line.clone(), &e, name)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "encounter": e.name, "combatants": st.combatants }));
    }
    out.line(format!(
        "{} {name} ({})",
        Text::Deleted.get(out.lang),
        e.name
    ))
}

fn start(ctx: &Ctx, enc: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    if e.state.running.is_some() {
        return Err(Failure::worded(
            "encounter_started",
            "cli-encounter-running",
            &[("name", &e.name)],
        )
        .into());
    }
    let st = grimoire_app::encounter::start(&mut store, ctx.command_line.clone(), &e)
        .map_err(state::app_error)?;
    status(&ctx.out, &store, &e.name, &st)
}

fn next(ctx: &Ctx, enc: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    let encounter = running(&e)?.clone();
    let mut rng = ctx.rng();
    let done = grimoire_app::encounter::next_turn(
        &mut store,
        ctx.command_line.clone(),
        &e,
        encounter,
        &mut rng,
    )
    .map_err(state::app_error)?;
    let out = &ctx.out;
    if !out.json {
        for n in &done.notes {
            out.line(out.yellow(&crate::describe::target_note(n, out.lang)))?;
        }
        for hit in &done.hits {
            turn_hit(out, hit)?;
        }
        if let Some(save) = &done.death_save {
            super::dying::save_line(out, save)?;
        }
    }
    status_with(out, &store, &e.name, &done.state, Some(&done.hits), false)
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
    let spell = &crate::catalog::spell(spell)?.spell;
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    let encounter = running(&e)?.clone();
    let mut rng = ctx.rng();
    let done = grimoire_app::encounter::harm_on_entering(
        &mut store,
        ctx.command_line.clone(),
        &e,
        encounter,
        creature,
        spell,
        caster,
        &mut rng,
    )
    .map_err(state::app_error)?;
    let out = &ctx.out;
    if !out.json {
        for hit in &done.hits {
            turn_hit(out, hit)?;
        }
    }
    status_with(out, &store, &e.name, &done.state, Some(&done.hits), false)
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
    let kind = damage_type.map(names::damage_type).transpose()?;
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    let encounter = running(&e)?.clone();
    let amount = grimoire_app::encounter::damage_taken(&encounter, name, rolled, kind);
    let mut rng = ctx.rng();
    let done = grimoire_app::encounter::damage(
        &mut store,
        ctx.command_line.clone(),
        &e,
        encounter,
        name,
        amount,
        &mut rng,
    )
    .map_err(state::app_error)?;
    let mut save = Value::Null;
    let mut human = Vec::new();
    if let Some(s) = &done.save {
        let (dc, roll) = (s.dc, &s.roll);
        save = json!({"dc": dc, "roll": roll, "kept": s.kept});
        let lang = ctx.out.lang;
        let verdict = if s.kept {
            ctx.out.green(Text::ConcentrationKept.get(lang))
        } else {
            ctx.out.red(Text::ConcentrationLost.get(lang))
        };
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        human.push(grimoire_words::text(
            lang.tag(),
            "cli-save-line",
            [
                ("label", crate::describe::roll_label(&roll.label, lang)),
                (
                    "notation",
                    format!("{} [{}]", roll.notation, dice.join(", ")),
                ),
                ("total", roll.total.to_string()),
                ("dc", dc.to_string()),
                ("verdict", verdict.to_string()),
            ],
        ));
    }
    let out = &ctx.out;
    let hp = done.hp;
    if out.json {
        return out.json(&json!({
            "encounter": e.name, "target": done.target, "damage": amount,
            "rolled": rolled, "damage_type": kind,
            "hp": hp, "concentration_save": save,
        }));
    }
    let hp_text = hp
        .map(|h| format!(" ({} {h})", Text::HpNow.get(out.lang)))
        .unwrap_or_default();
    out.line(format!(
        "{}: {} {amount}{hp_text}",
        done.target,
        out.red(Text::Damage.get(out.lang))
    ))?;
    for line in human {
        out.line(line)?;
    }
    Ok(())
}

fn advance(ctx: &Ctx, enc: &str, time: &str) -> anyhow::Result<()> {
    let rounds = names::rounds(time)?;
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    let encounter = running(&e)?.clone();
    let (st, notes) = grimoire_app::encounter::advance(
        &mut store,
        ctx.command_line.clone(),
        &e,
        encounter,
        rounds,
    )
    .map_err(state::app_error)?;
    let out = &ctx.out;
    if !out.json {
        out.line(format!(
            "{} {}",
            Text::TimePassed.get(out.lang),
            crate::describe::count(rounds, crate::describe::Counted::Rounds, out.lang)
        ))?;
        for n in &notes {
            out.line(out.yellow(&crate::describe::target_note(n, out.lang)))?;
        }
    }
    status(out, &store, &e.name, &st)
}

fn list(ctx: &Ctx) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let all = store.list::<EncounterState>(ENCOUNTER)?;
    let out = &ctx.out;
    if out.json {
        let v: Vec<Value> = all
            .iter()
            .map(|e| json!({"name": e.name, "round": e.state.running.as_ref().map(Encounter::round), "combatants": e.state.combatants.len()}))
            .collect();
        // Ended encounters are kept as records (issue 31), listed apart.
        let ended: Vec<String> = store
            .list::<EncounterState>(grimoire_app::ENDED_ENCOUNTER)?
            .into_iter()
            .map(|e| e.name)
            .collect();
        return out.json(&json!({ "encounters": v, "ended": ended }));
    }
    let lang = out.lang;
    let mut t = Table::new([
        Text::Name.get(lang),
        Text::Round.get(lang),
        Text::Combatants.get(lang),
    ]);
    for e in &all {
        t.row([
            e.name.clone(),
            e.state
                .running
                .as_ref()
                .map_or("-".to_owned(), |r| r.round().to_string()),
            e.state.combatants.len().to_string(),
        ]);
    }
    out.line(t.render(out))
}

fn end(ctx: &Ctx, enc: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let e = state::encounter(&store, enc)?;
    grimoire_app::encounter::end(&mut store, ctx.command_line.clone(), &e)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "ended": e.name }));
    }
    // The fight is over, not gone: its record stays readable.
    out.line(grimoire_words::text(
        out.lang.tag(),
        "cli-encounter-end-done",
        [("name", e.name.as_str())],
    ))
}

/// The encounter's state: JSON or a table with the current turn marked.
fn status(out: &Out, store: &Store, name: &str, st: &EncounterState) -> anyhow::Result<()> {
    status_with(out, store, name, st, None, false)
}

/// An ended encounter's final state, marked ended (`"ended": true`).
fn status_ended(out: &Out, store: &Store, name: &str, st: &EncounterState) -> anyhow::Result<()> {
    if !out.json {
        out.line(out.yellow(&grimoire_words::text(
            out.lang.tag(),
            "cli-encounter-ended",
            [("name", name)],
        )))?;
    }
    status_with(out, store, name, st, None, true)
}

/// The encounter's status; after a turn change, with what lasting spells
/// did on the way (`turn_damage` in JSON).
fn status_with(
    out: &Out,
    store: &Store,
    name: &str,
    st: &EncounterState,
    hits: Option<&[grimoire_app::encounter::TurnHit]>,
    ended: bool,
) -> anyhow::Result<()> {
    let lang = out.lang;
    let grimoire_app::encounter::Status {
        round,
        current,
        combatants,
    } = grimoire_app::encounter::status(store, st).map_err(state::app_error)?;
    let rows: Vec<(Combatant, Option<Entity<Caster>>, Vec<Value>)> = combatants
        .into_iter()
        .map(|s| {
            let effects = s
                .effects
                .iter()
                .map(|f| {
                    let a = &f.applied;
                    json!({
                        "spell": a.ongoing.spell, "name": a.ongoing.name, "caster": a.caster,
                        "level": a.ongoing.level.get(), "expires_at": a.ongoing.expires_at,
                        "rounds_left": f.rounds_left,
                        "concentration": a.ongoing.concentration,
                        "conditions": a.ongoing.conditions,
                    })
                })
                .collect();
            (s.combatant, s.character, effects)
        })
        .collect();
    if out.json {
        let combatants: Vec<Value> = rows
            .iter()
            .map(|(c, ch, fx)| {
                json!({
                    "name": c.name, "initiative": c.initiative, "hp": c.hp,
                    "current": current.as_deref() == Some(c.name.as_str()),
                    "character": ch.is_some(),
                    "concentration": ch.as_ref().map(|e| &e.state).or(c.caster.as_deref()).and_then(|k| k.concentration().map(|k| k.spell.clone())),
                    "creature": c.caster.is_some(),
                    "turn": ch.as_ref().map(|e| e.state.turn().clone()),
                    // A list is a list, empty for a creature with none.
                    // A stat-block creature's are its own (Unconscious at 0).
                    "conditions": ch.as_ref().map(|e| &e.state).or(c.caster.as_deref()).map(|k| k.conditions().clone()).unwrap_or_default(),
                    "effects": fx,
                    "creature_type": c.creature_type,
                    "stats": c.stats,
                })
            })
            .collect();
        let mut doc = json!({
            "encounter": name, "started": st.running.is_some(), "ended": ended, "round": round,
            "current": current, "combatants": combatants,
            "window": st.running.as_ref().and_then(|r| r.window()),
        });
        if let (Some(hits), Some(o)) = (hits, doc.as_object_mut()) {
            o.insert("turn_damage".into(), json!(hits));
        }
        return out.json(&doc);
    }
    out.line(format!(
        "{}  {} {round}{}",
        out.bold(name),
        Text::Round.get(lang),
        current
            .as_ref()
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
    for (c, ch, fx) in &rows {
        let marker = if current.as_deref() == Some(c.name.as_str()) {
            "▶"
        } else {
            ""
        };
        // A creature of a stat block keeps its caster in the encounter.
        let conc = ch
            .as_ref()
            .map(|e| &e.state)
            .or(c.caster.as_deref())
            .and_then(|k| k.concentration().map(|k| view::spell_label(&k.spell, lang)))
            .unwrap_or_default();
        let effects: Vec<String> = fx
            .iter()
            .map(|f| {
                let left = f["rounds_left"]
                    .as_u64()
                    .map(|r| format!(", {r}r"))
                    .unwrap_or_default();
                let conditions: Vec<&str> = f["conditions"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| c.as_str())
                    .map(|c| match names::condition(c) {
                        Ok(k) => grimoire_words::word(lang.tag(), &k),
                        Err(_) => c,
                    })
                    .collect();
                let conditions = if conditions.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", conditions.join(", "))
                };
                let name = f["spell"]
                    .as_str()
                    .and_then(|id| grimoire_rules::SpellId::new(id).ok())
                    .map_or_else(
                        || f["name"].as_str().unwrap_or("?").to_owned(),
                        |id| view::spell_label(&id, lang),
                    );
                format!(
                    "{name} ({}{left}){conditions}",
                    f["caster"].as_str().unwrap_or("?")
                )
            })
            .collect();
        t.row([
            marker.to_owned(),
            c.name.clone(),
            c.initiative.to_string(),
            c.hp.map(|h| h.to_string()).unwrap_or_default(),
            conc,
            effects.join(", "),
        ]);
    }
    out.line(t.render(out))?;
    if let Some(cur) = &current
        && let Some((_, Some(e), _)) = rows.iter().find(|(c, _, _)| &c.name == cur)
    {
        out.line(view::turn_line(out, &e.state))?;
    }
    if let Some(w) = st.running.as_ref().and_then(|r| r.window()) {
        let waits = grimoire_words::fixed(lang.tag(), "cli-label-waits-for-reactions");
        out.line(out.yellow(&format!(
            "{}: {waits}",
            grimoire_words::trigger_said(lang.tag(), &w.trigger)
        )))?;
    }
    Ok(())
}
