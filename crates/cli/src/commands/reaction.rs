//! The encounter commands that cast for any combatant and let others
//! answer (R11): `encounter cast|react|pass|resolve|withdraw|attack|hurt|
//! fall|window|uses|rest`, flattened into `grimoire encounter`.

use clap::Subcommand;
use grimoire_app::encounter_calls;
use grimoire_app::reaction::{self as game, Closed, Declared};
use grimoire_app::window_calls as calls;
use grimoire_rules::{CastMode, CastRequest, RollMode, SlotLevel, Spell, Trigger};
use serde_json::json;

use super::monster::{spell_name, t};
use crate::context::Ctx;
use crate::failure::Failure;
use crate::names;
use crate::state;

/// The encounter commands of this module (flattened into `encounter`).
#[derive(Debug, Subcommand)]
pub enum EncounterMonsterCommand {
    /// The GM casts for a combatant (creature or character); it waits for Reactions when someone could answer (R11)
    Cast(CastArgs),
    /// Answer the open window with a Reaction spell (Counterspell, Shield, Hellish Rebuke, Feather Fall)
    React(CastArgs),
    /// Let the open window go by without reacting
    Pass {
        /// The encounter
        encounter: String,
        /// The combatant who passes
        name: String,
    },
    /// Close the open window: the waiting spell is cast, a hit is checked against AC bonuses in force
    Resolve {
        /// The encounter
        encounter: String,
    },
    /// Take the waiting spell back (nothing is spent) and close the window
    Withdraw {
        /// The encounter
        encounter: String,
    },
    /// An attack roll hits a combatant: a window opens for Shield
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
    Fall {
        /// The encounter
        encounter: String,
        /// Who falls
        creature: String,
    },
    /// Show a creature's uses per day, slots and Reaction left
    Uses {
        /// The encounter
        encounter: String,
        /// The creature
        name: String,
    },
    /// A creature finishes a Long Rest: its uses per day and slots come back
    Rest {
        /// The encounter
        encounter: String,
        /// The creature
        name: String,
    },
    /// A creature gains or loses a condition (Incapacitated and what includes it end its Concentration)
    Condition {
        /// The encounter
        encounter: String,
        /// The creature
        name: String,
        /// add or remove
        toggle: crate::commands::character::Toggle,
        /// The condition (frightened, stunned, ...; Czech names work)
        condition: String,
    },
    /// Show the open window: what waits and who answered
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
    let r = e
        .state
        .running
        .clone()
        .ok_or_else(|| state::not_started(&e.name))?;
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
    hits: &[grimoire_app::CharacterHit],
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
            crate::commands::cast::show(&ctx.out, &c, outcome, hits, spell, Some(&e.name), ctx.seed)
        }
        None => Ok(()),
    }
}

/// Casts for `who` inside a running encounter through the reaction window
/// (R11): resolved at once when nobody could answer, otherwise waiting for
/// `encounter react|pass|resolve`. Plain `grimoire cast` and `encounter
/// cast` both come here, so no cast goes around a Counterspell.
pub fn declare_and_show(
    ctx: &Ctx,
    store: &mut grimoire_store::Store,
    e: &grimoire_store::Entity<grimoire_app::EncounterState>,
    r: grimoire_rules::Encounter,
    who: &str,
    spell: &'static grimoire_catalog::CatalogSpell,
    req: grimoire_rules::CastRequest,
) -> anyhow::Result<()> {
    let reactions = grimoire_app::reaction_spells();
    let mut rng = ctx.rng();
    let done = game::declare(
        store,
        ctx.command_line.clone(),
        e,
        r,
        who,
        &spell.spell,
        req,
        &reactions,
        &mut rng,
    )
    .map_err(state::app_error)?;
    match done {
        Declared::Resolved { outcome, hits, .. } => {
            show_cast(ctx, store, &e.name, who, &outcome, &hits, spell)
        }
        Declared::Pending { reactors } => super::cast::show_waiting(
            ctx,
            &grimoire_app::Waiting {
                encounter: e.name.clone(),
                caster: who.to_owned(),
                spell: spell.spell.id.clone(),
                reactors,
            },
            spell,
        ),
    }
}

/// A creature's spent per-day use names the GM's rest that restores it
/// (R5c, R4): a creature has no slot to fall back on.
fn creature_rest_hint(
    r: grimoire_rules::RulesError,
    encounter: &str,
    creature: &str,
) -> crate::failure::Failure {
    let args = [("encounter", encounter), ("caster", creature)];
    crate::failure::Failure::from(r).with_hint("hint-creature-rest", &args, |lang| {
        grimoire_words::text(lang, "hint-creature-rest", args)
    })
}

/// A character named to a creature's rest is told how a character rests.
fn character_rest_hint(err: grimoire_app::AppError, name: &str) -> anyhow::Error {
    let character = matches!(err, grimoire_app::AppError::InvalidRequest { .. });
    match state::app_error(err).downcast::<crate::failure::Failure>() {
        Ok(f) if character => f
            .with_hint("hint-character-rest", &[("caster", name)], |lang| {
                grimoire_words::text(lang, "hint-character-rest", [("caster", name)])
            })
            .into(),
        Ok(f) => f.into(),
        Err(other) => other,
    }
}

/// Runs the encounter commands of this module.
pub fn run_encounter(ctx: &Ctx, command: &EncounterMonsterCommand) -> anyhow::Result<()> {
    let out = &ctx.out;
    let lang = out.lang;
    let mut store = ctx.store()?;
    let reactions = grimoire_app::reaction_spells();
    let lookup = |id: &str| crate::catalog::current().get(id).map(|s| s.spell.clone());
    match command {
        EncounterMonsterCommand::Cast(args) => {
            let (e, r) = running(&store, &args.encounter)?;
            let spell = crate::catalog::spell(&args.spell)?;
            let mut req = request(args)?;
            fit_via(&mut req, &r, &store, &args.name);
            // A creature's spent use comes back with its rest, not a slot.
            let creature = r.combatant(&args.name).is_some_and(|c| c.caster.is_some());
            declare_and_show(ctx, &mut store, &e, r, &args.name, spell, req).map_err(
                |err| match err.downcast::<grimoire_rules::RulesError>() {
                    Ok(r @ grimoire_rules::RulesError::NoUsesLeft { .. }) if creature => {
                        creature_rest_hint(r, &args.encounter, &args.name).into()
                    }
                    Ok(r) => r.into(),
                    Err(other) => other,
                },
            )
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
                &reactions,
                &mut rng,
            )
            .map_err(state::app_error)?;
            if out.json {
                return out.json(&json!(grimoire_app::window::Reaction::new(
                    &e.name,
                    &args.name,
                    &spell.spell.id,
                    (&spell.name_en, &spell.name_cs),
                    done,
                )));
            }
            // Someone could counter the Reaction itself: it waits (R11).
            let Some(outcome) = &done.outcome else {
                return super::cast::show_pending(ctx, &e.name, &args.name, spell, &done.reactors);
            };
            show_cast(ctx, &store, &e.name, &args.name, outcome, &[], spell)?;
            if done.countered {
                out.line(out.green(t(
                    lang,
                    "cli-label-countered-the-spell-has-no-effect-its-ac",
                )))?;
            }
            Ok(())
        }
        EncounterMonsterCommand::Pass { encounter, name } => {
            let passed = calls::pass_in(&mut store, encounter, name, ctx.command_line.clone())
                .map_err(state::encounter_error(encounter))?;
            if out.json {
                return out.json(&json!(passed));
            }
            out.line(format!("{name}: {}", t(lang, "cli-label-passes")))
        }
        EncounterMonsterCommand::Withdraw { encounter } => {
            let back = calls::withdraw_in(&mut store, encounter, ctx.command_line.clone())
                .map_err(state::encounter_error(encounter))?;
            if out.json {
                return out.json(&json!(back));
            }
            out.line(t(lang, "cli-label-window-closed-nothing-was-cast"))
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
            if out.json {
                let caster = waiting
                    .as_ref()
                    .map(|p| p.caster.clone())
                    .unwrap_or_default();
                let names = |o: &grimoire_rules::CastOutcome| {
                    crate::catalog::spell(o.resolution.spell.as_str()).map_or_else(
                        |_| grimoire_app::window::spell_names(o),
                        |s| (s.name_en.clone(), s.name_cs.clone()),
                    )
                };
                return out.json(&json!(grimoire_app::window::Resolved::new(
                    &e.name, &caster, closed, &names,
                )));
            }
            match closed {
                Closed::Cast { outcome } => {
                    let p = waiting.expect("a cast window holds its cast");
                    let spell = crate::catalog::spell(p.spell.as_str())?;
                    show_cast(ctx, &store, &e.name, &p.caster, &outcome, &[], spell)
                }
                Closed::Hit {
                    target,
                    attack_total,
                    ac,
                    hits,
                    attack,
                } => {
                    let verdict = if hits {
                        out.red(t(lang, "cli-label-still-hits"))
                    } else {
                        out.green(t(lang, "cli-label-now-misses"))
                    };
                    out.line(grimoire_words::text(
                        lang.tag(),
                        "cli-attack-line",
                        [
                            ("target", target.to_string()),
                            ("total", attack_total.to_string()),
                            ("ac", ac.to_string()),
                            ("verdict", verdict.to_string()),
                        ],
                    ))?;
                    // A creature's attack that waited lands with the close.
                    if let Some((outcome, hits_on)) = attack.as_deref() {
                        for tg in &outcome.resolution.targets {
                            let hit = hits_on.iter().rfind(|h| {
                                grimoire_app::fold(&h.name) == grimoire_app::fold(&tg.target)
                            });
                            if let Some(line) = super::cast::target_line(out, tg, hit) {
                                out.line(line)?;
                            }
                        }
                    }
                    Ok(())
                }
                Closed::Done => out.line(t(lang, "cli-label-window-closed")),
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
            // A stat block's AC, else the character's sheet's.
            let known =
                grimoire_app::encounter::armor_class(&store, &tg).map_err(state::app_error)?;
            let ac = ac.or(known).ok_or_else(|| {
                Failure::usage_worded("missing_ac", "cli-missing-ac", &[("name", &tg.name)])
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
            let standing = calls::creature_uses(&store, encounter, name)
                .map_err(state::encounter_error(encounter))?;
            if out.json {
                return out.json(&json!(standing));
            }
            let c = &standing.creature;
            out.line(format!(
                "{} · HP {} · {}: {}",
                out.bold(&c.name),
                c.hp.map_or_else(|| "-".to_owned(), |h| h.to_string()),
                t(lang, "cli-label-reaction"),
                if c.reaction { "✓" } else { "✗" }
            ))?;
            for f in c.uses.iter().flatten() {
                out.line(format!(
                    "  {}: {}/{}",
                    super::monster::use_name(&f.name, lang),
                    f.remaining,
                    f.max
                ))?;
            }
            Ok(())
        }
        EncounterMonsterCommand::Rest { encounter, name } => {
            let rested = encounter_calls::rest_creature(
                &mut store,
                encounter,
                name,
                ctx.command_line.clone(),
            )
            .map_err(|err| match err {
                grimoire_app::AppError::InvalidRequest { .. } => character_rest_hint(err, name),
                other => state::encounter_error(encounter)(other),
            })?;
            if out.json {
                return out.json(&json!(rested));
            }
            out.line(format!(
                "{name}: {}",
                t(lang, "cli-label-long-rest-finished-uses-restored")
            ))
        }
        EncounterMonsterCommand::Condition {
            encounter,
            name,
            toggle,
            condition,
        } => {
            let c = names::condition(condition)?;
            let toggle = match toggle {
                crate::commands::character::Toggle::Add => grimoire_app::Toggle::Add,
                crate::commands::character::Toggle::Remove => grimoire_app::Toggle::Remove,
            };
            let done = encounter_calls::creature_condition_in(
                &mut store,
                encounter,
                name,
                c,
                toggle,
                ctx.command_line.clone(),
            )
            .map_err(state::encounter_error(encounter))?;
            if out.json {
                return out.json(&json!(done));
            }
            let now: Vec<&str> = done
                .conditions
                .iter()
                .map(|k| grimoire_words::word(lang.tag(), k))
                .collect();
            out.line(format!("{}: [{}]", done.creature, now.join(", ")))?;
            for note in &done.notes {
                out.line(out.yellow(&crate::describe::target_note(note, lang)))?;
            }
            Ok(())
        }
        EncounterMonsterCommand::Window { encounter } => {
            // The window as the API's GET shows it: who may still answer,
            // and every creature's uses.
            let view = calls::show_window(&store, encounter, &reactions)
                .map_err(state::encounter_error(encounter))?;
            if out.json {
                return out.json(&json!(view));
            }
            match &view.window {
                None => out.line(t(lang, "cli-label-no-window-is-open")),
                Some(w) => {
                    out.line(format!(
                        "{}: {}",
                        t(lang, "cli-label-waiting-for-reactions"),
                        grimoire_words::trigger_said(lang.tag(), &w.trigger)
                    ))?;
                    for a in &w.answers {
                        let what = a.spell.as_ref().map_or_else(
                            || t(lang, "cli-label-passed").to_owned(),
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
    // The JSON keeps the English sentence stored with the cast; a person
    // reads it in their language.
    let described = trigger.describe();
    let said = grimoire_words::trigger_said(lang.tag(), &trigger);
    let could = game::open(store, ctx.command_line.clone(), &e, r, trigger, reactions)
        .map_err(state::app_error)?;
    if out.json {
        return out.json(&json!(grimoire_app::window::Opened {
            encounter: e.name.clone(),
            window: described,
            reactors: could,
        }));
    }
    out.line(out.yellow(&format!(
        "{said}: {}",
        t(lang, "cli-label-waits-for-reactions")
    )))?;
    for rc in could {
        let spells: Vec<String> = rc.spells.iter().map(|s| spell_name(s, lang)).collect();
        out.line(format!(
            "  {} {}: {}",
            rc.name,
            t(lang, "cli-label-may-answer-with"),
            spells.join(", ")
        ))?;
    }
    Ok(())
}
