//! Characters: create, show, list, delete; prepare spells; add items and
//! abilities; slots, conditions and the end of a turn.

use clap::Subcommand;
use grimoire_rules::{
    Caster, Condition, Equipment, Focus, LimitedUse, MagicItem, Recharge, SpellId,
};
use serde_json::json;

use grimoire_app::Affliction;
use grimoire_app::gear::Given;

use crate::active;
use crate::catalog;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::{Lang, Text};
use crate::names;
use crate::output::Table;
use crate::state::{self, Batch, CHARACTER};
use crate::view;

/// `grimoire character ...`.
#[derive(Debug, Subcommand)]
pub enum CharacterCommand {
    /// Create a character with full slots
    New {
        /// A name, unique without regard to case
        name: String,
        /// CLASS:LEVEL, repeat for a multiclass (R2; Czech names work)
        #[arg(long = "class", required = true, value_name = "CLASS:LEVEL")]
        classes: Vec<String>,
        /// Ability scores, e.g. str=8,dex=14,con=14,int=16,wis=12,cha=10 (missing ones are 10)
        #[arg(long, default_value = "")]
        abilities: String,
        /// Start without a Component Pouch (by default one is carried, R14c)
        #[arg(long)]
        no_pouch: bool,
        /// Subclass, feats, invocations (class features come by level)
        #[command(flatten)]
        choose: super::features::FeatureArgs,
    },
    /// Set class levels or ability scores; choose a subclass, feats or invocations; gain the class features the levels reach
    Set(super::features::SetArgs),
    /// Show a character: slots, spells, resources, conditions, this turn
    Show {
        /// The character; leave out for the active one (grimoire use NAME)
        name: Option<String>,
    },
    /// List every character
    List,
    /// Delete a character (undo brings it back)
    Delete {
        /// The character
        name: String,
    },
}

/// Runs `character ...`.
pub fn run(ctx: &Ctx, command: &CharacterCommand) -> anyhow::Result<()> {
    match command {
        CharacterCommand::New {
            name,
            classes,
            abilities,
            no_pouch,
            choose,
        } => new(ctx, name, classes, abilities, !no_pouch, choose),
        CharacterCommand::Set(args) => super::features::set(ctx, args),
        CharacterCommand::Show { name } => show(ctx, name.as_deref()),
        CharacterCommand::List => list(ctx),
        CharacterCommand::Delete { name } => delete(ctx, name),
    }
}

fn new(
    ctx: &Ctx,
    name: &str,
    classes: &[String],
    abilities: &str,
    pouch: bool,
    choose: &super::features::FeatureArgs,
) -> anyhow::Result<()> {
    let name = names::entity_name(name)?;
    let classes = classes
        .iter()
        .map(|c| names::class_level(c))
        .collect::<Result<Vec<_>, _>>()?;
    let scores = names::abilities(abilities)?;
    // The same starting gear the server gives, unless `--no-pouch` asks
    // for empty hands; made by the one creation of every front end.
    let gear = if pouch {
        grimoire_app::starting_equipment()
    } else {
        Equipment::default()
    };
    let mut store = ctx.store()?;
    let made = grimoire_app::creation::create(
        &mut store,
        grimoire_app::creation::Creation {
            name: &name,
            classes: &classes,
            scores,
            prepared: &[],
            catalog: catalog::current(),
            gear,
            owner: None,
            command: Some(ctx.command_line.clone()),
            // Class features always; the subclasses, feats and
            // invocations asked for (issue 33).
            extra: Some(&|c: &Caster| {
                grimoire_app::features::features_outcome(c, &choose.asks(), catalog::current())
            }),
        },
    )
    .map_err(|e| match e {
        // A name that could pass for another character's, or a
        // creature's, is a usage error like any bad name.
        grimoire_app::AppError::InvalidName { .. } => {
            let mut f = Failure::usage("bad_name", e.to_string());
            if e.is_worded() {
                f = f.with_words(|lang| e.message(lang));
            }
            f.into()
        }
        other => crate::failure::app_error(other),
    })?;
    let caster = made.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "character": view::caster_json(&caster, 1) }));
    }
    out.line(format!(
        "{} {}",
        out.green(Text::Created.get(out.lang)),
        caster.name()
    ))?;
    out.line(view::caster_human(out, &caster))
}

fn show(ctx: &Ctx, name: Option<&str>) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let c = active::character(&store, name)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "character": view::caster_json(&c.state, c.version) }));
    }
    out.line(view::caster_human(out, &c.state))
}

fn list(ctx: &Ctx) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let all = store.list::<Caster>(CHARACTER)?;
    let out = &ctx.out;
    if out.json {
        let list: Vec<_> = all
            .iter()
            .map(|e| view::caster_json(&e.state, e.version))
            .collect();
        return out.json(&json!({ "characters": list }));
    }
    if all.is_empty() {
        return out.line(Text::NoCharacters.get(out.lang));
    }
    let lang = out.lang;
    let mut t = Table::new([
        Text::Name.get(lang),
        Text::Classes.get(lang),
        Text::Slots.get(lang),
    ]);
    for e in &all {
        let c = &e.state;
        let slots: Vec<String> = grimoire_rules::SlotLevel::ALL
            .iter()
            .filter(|&&l| c.slots().total(l) > 0)
            .map(|&l| {
                format!(
                    "{}:{}/{}",
                    l.get(),
                    c.slots().remaining(l),
                    c.slots().total(l)
                )
            })
            .collect();
        t.row([e.name.clone(), view::classes_line(c, lang), slots.join(" ")]);
    }
    out.line(t.render(out))
}

fn delete(ctx: &Ctx, name: &str) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let c = state::character(&store, name)?;
    let mut batch = Batch::new(ctx);
    batch.with(|change| Ok(change.delete(CHARACTER, &c.name, c.version)))?;
    batch.commit(&mut store)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({ "deleted": c.name }));
    }
    out.line(format!("{} {}", Text::Deleted.get(out.lang), c.name))
}

/// Arguments of `prepare`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire prepare [OPTIONS] [CHARACTER] <SPELL>...")]
pub struct PrepareArgs {
    /// [CHARACTER] then spells by English or Czech name or id (cantrips are learned)
    #[arg(required = true, value_name = "SPELL")]
    pub spells: Vec<String>,
    /// Always prepared by a feature (subclass, feat, species, Magical Secrets): outside the limit, from any class's list
    #[arg(long)]
    pub always: bool,
    /// With --always: the class it counts as (its DC; default: the class with the spell, else the first)
    #[arg(long, requires = "always")]
    pub class: Option<String>,
}

/// Arguments of `unprepare`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire unprepare [OPTIONS] [CHARACTER] <SPELL>...")]
pub struct UnprepareArgs {
    /// [CHARACTER] then spells by English or Czech name or id (cantrips are learned)
    #[arg(required = true, value_name = "SPELL")]
    pub spells: Vec<String>,
}

/// What `prepare` or `unprepare` does with the spells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    /// Prepare within the limit (R8).
    Prepare,
    /// Keep always prepared, for a class if one is named.
    Always(Option<grimoire_rules::Class>),
    /// Take off, from the prepared list and the always-prepared one.
    Unprepare,
}

/// Runs `prepare`: each spell must be on one of the character's class
/// lists (R8), unless `--always` marks it kept prepared by a feature.
pub fn prepare(ctx: &Ctx, args: &PrepareArgs) -> anyhow::Result<()> {
    let change = if args.always {
        Change::Always(args.class.as_deref().map(names::class).transpose()?)
    } else {
        Change::Prepare
    };
    change_spells(ctx, &args.spells, change)
}

/// Runs `unprepare`: a spell leaves the prepared list and the always-prepared one.
pub fn unprepare(ctx: &Ctx, args: &UnprepareArgs) -> anyhow::Result<()> {
    change_spells(ctx, &args.spells, Change::Unprepare)
}

fn change_spells(ctx: &Ctx, words: &[String], change: Change) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, words) = active::leading(&store, words, "SPELL")?;
    let spells = words
        .iter()
        .map(|n| catalog::spell(n).map(|s| &s.spell))
        .collect::<Result<Vec<_>, _>>()?;
    let command = ctx.command_line.clone();
    let step = match change {
        Change::Prepare => grimoire_app::prepare(&mut store, command, &entity, &spells),
        Change::Always(class) => {
            grimoire_app::prepare_always(&mut store, command, &entity, &spells, class)
        }
        Change::Unprepare => {
            let ids: Vec<&SpellId> = spells.iter().map(|s| &s.id).collect();
            grimoire_app::unprepare(&mut store, command, &entity, &ids)
        }
    }
    .map_err(|e| match e {
        // The refusal names the command that fixes it.
        grimoire_app::AppError::Rules(grimoire_rules::RulesError::NotInSpellbook { spell }) => {
            let name = |lang: crate::i18n::Lang| {
                let cs = spell.cs.as_ref().unwrap_or(&spell.en);
                lang.pick(&spell.en, cs).clone()
            };
            let err = grimoire_rules::RulesError::NotInSpellbook {
                spell: spell.clone(),
            };
            crate::commands::cast::hint(Failure::from(err), &entity.name, name, false).into()
        }
        other => state::app_error(other),
    })?;
    let (next, events) = (&step.character.state, &step.events);
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": next.name(),
            "prepared": next.prepared(),
            "always_prepared": grimoire_app::view::SheetView::of(next).always_prepared,
            "cantrips": next.cantrips(),
            "events": events,
        }));
    }
    let list = |ids: &std::collections::BTreeSet<SpellId>| {
        ids.iter()
            .map(|id| view::spell_label(id, out.lang))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out.line(format!(
        "{}: {}",
        Text::Prepared.get(out.lang),
        list(next.prepared())
    ))?;
    if let Some(line) = view::always_prepared_line(next, out.lang) {
        out.line(line)?;
    }
    if !next.cantrips().is_empty() {
        out.line(format!(
            "{}: {}",
            Text::Cantrips.get(out.lang),
            list(next.cantrips())
        ))?;
    }
    Ok(())
}

/// `grimoire item ...`.
#[derive(Debug, Subcommand)]
pub enum ItemCommand {
    /// Give a character a magic item that casts spells without a slot (R5d)
    #[command(override_usage = "grimoire item add [OPTIONS] --spell <SPELL> [CHARACTER] <ITEM>")]
    Add {
        /// The character; leave out for the active one (grimoire use NAME)
        #[arg(value_name = "CHARACTER")]
        name: Option<String>,
        /// The item; \"Spell Scroll\" makes a one-use scroll of --spell
        item: Option<String>,
        /// The spell(s) it casts
        #[arg(short, long = "spell", required = true)]
        spells: Vec<String>,
        /// Charges (one spent per casting)
        #[arg(long, default_value_t = 1)]
        charges: u8,
        /// When charges return: long, short or never
        #[arg(long, default_value = "never")]
        recharge: String,
    },
}

/// `grimoire ability ...`.
#[derive(Debug, Subcommand)]
pub enum AbilityCommand {
    /// Give a character a feature that casts a spell without a slot, N times (R5c)
    Add {
        /// The character; leave out for the active one (grimoire use NAME)
        name: Option<String>,
        /// The spell(s) it casts
        #[arg(short, long = "spell", required = true)]
        spells: Vec<String>,
        /// Uses between recharges
        #[arg(long, default_value_t = 1)]
        uses: u8,
        /// When uses return: long, short or never
        #[arg(long, default_value = "long")]
        recharge: String,
        /// The feature's name (default: the first spell's name)
        #[arg(long = "name")]
        feature: Option<String>,
    },
}

fn recharge(word: &str) -> Result<Recharge, Failure> {
    const PERIODS: [(Recharge, &str); 3] = [
        (Recharge::LongRest, "recharge-long"),
        (Recharge::ShortRest, "recharge-short"),
        (Recharge::Never, "recharge-never"),
    ];
    crate::keywords::find(word, &PERIODS)
        .ok_or_else(|| Failure::usage_worded("bad_recharge", "cli-bad-recharge", &[("word", word)]))
}

/// The spells named, at least one (clap requires `--spell`; the check
/// keeps the indexing below safe whoever calls this).
fn spell_ids(names: &[String]) -> anyhow::Result<Vec<&'static grimoire_catalog::CatalogSpell>> {
    let spells = names
        .iter()
        .map(|n| catalog::spell(n))
        .collect::<Result<Vec<_>, _>>()?;
    if spells.is_empty() {
        return Err(Failure::usage_worded("no_spell", "cli-no-spell", &[]).into());
    }
    Ok(spells)
}

/// Runs `item add`.
pub fn item(ctx: &Ctx, command: &ItemCommand) -> anyhow::Result<()> {
    let ItemCommand::Add {
        name,
        item,
        spells,
        charges,
        recharge: when,
    } = command;
    let store = ctx.store()?;
    let (entity, item) = active::split(&store, name.as_deref(), item.clone(), "ITEM")?;
    let spells = spell_ids(spells)?;
    let folded = names::fold(&item);
    let magic = if folded == "spell scroll" || folded == "scroll" || folded.starts_with("svitek") {
        let s = spells[0];
        MagicItem::scroll(s.spell.id.clone(), s.spell.level)
    } else {
        MagicItem::charged(
            item.trim(),
            spells.iter().map(|s| s.spell.id.clone()).collect(),
            *charges,
            recharge(when)?,
        )
    };
    let label = magic.name.clone();
    add_resource(ctx, store, entity, Given::Item(magic), &label)
}

/// Runs `ability add`.
pub fn ability(ctx: &Ctx, command: &AbilityCommand) -> anyhow::Result<()> {
    let AbilityCommand::Add {
        name,
        spells,
        uses,
        recharge: when,
        feature,
    } = command;
    let store = ctx.store()?;
    let entity = active::character(&store, name.as_deref())?;
    let spells = spell_ids(spells)?;
    let label = feature.clone().unwrap_or_else(|| spells[0].name_en.clone());
    let f = LimitedUse::new(
        label.clone(),
        spells.iter().map(|s| s.spell.id.clone()).collect(),
        *uses,
        recharge(when)?,
    );
    add_resource(ctx, store, entity, Given::Ability(f), &label)
}

/// Gives the character what `given` holds, the one path of every front
/// end ([`grimoire_app::gear::give`]: one of the same name replaced, at
/// most 64 in all).
fn add_resource(
    ctx: &Ctx,
    mut store: crate::context::StoreRef<'_>,
    entity: grimoire_store::Entity<Caster>,
    given: Given,
    label: &str,
) -> anyhow::Result<()> {
    let step = grimoire_app::gear::give(&mut store, ctx.command_line.clone(), &entity, given)
        .map_err(crate::failure::app_error)?;
    let next = &step.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(
            &json!({ "character": view::caster_json(next, step.character.version), "added": label }),
        );
    }
    out.line(format!(
        "{} {label} → {}",
        out.green(Text::Added.get(out.lang)),
        next.name()
    ))
}

/// Arguments of `slots`.
#[derive(Debug, clap::Args)]
pub struct SlotsArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
}

/// Runs `slots`.
pub fn slots(ctx: &Ctx, args: &SlotsArgs) -> anyhow::Result<()> {
    let store = ctx.store()?;
    let c = active::character(&store, args.name.as_deref())?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(grimoire_app::view::SlotsJson::of(&c.name, &c.state)));
    }
    out.line(out.bold(&c.name))?;
    out.line(view::slots_table(out, &c.state))?;
    out.line(view::turn_line(out, &c.state))
}

/// Add or remove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Toggle {
    /// Gain the condition.
    Add,
    /// Lose the condition.
    Remove,
}

/// Arguments of `condition`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire condition [OPTIONS] [CHARACTER] <add|remove> <CONDITION>")]
pub struct ConditionArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// add or remove
    #[arg(value_name = "add|remove")]
    pub toggle: Option<String>,
    /// A condition (incapacitated, stunned, ...) or `silenced`
    pub condition: Option<String>,
    /// Exhaustion's level outright, 0 to 6 (adding it without one gains a level)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=i64::from(grimoire_rules::MAX_EXHAUSTION)))]
    pub level: Option<u8>,
}

impl ConditionArgs {
    /// `(character, toggle, condition)`: three words name the character, two
    /// leave it to the active one.
    fn words(&self) -> Result<(Option<&str>, Toggle, &str), Failure> {
        let (name, toggle, condition) = match (&self.name, &self.toggle, &self.condition) {
            (n, Some(t), Some(c)) => (n.as_deref(), t, c),
            (Some(t), Some(c), None) => (None, t, c),
            _ => {
                return Err(Failure::usage_worded(
                    "missing_argument",
                    "cli-condition-missing",
                    &[],
                ));
            }
        };
        let toggle = <Toggle as clap::ValueEnum>::from_str(toggle, true).map_err(|_| {
            Failure::usage_worded(
                "bad_argument",
                "cli-condition-toggle",
                &[("toggle", toggle)],
            )
        })?;
        Ok((name, toggle, condition))
    }
}

/// Runs `condition`. `silenced` is not a condition in the rules but stops V
/// components all the same (R14a), so it is offered beside them.
pub fn condition(ctx: &Ctx, args: &ConditionArgs) -> anyhow::Result<()> {
    let (name, toggle, condition) = args.words()?;
    let add = toggle == Toggle::Add;
    let silenced = crate::keywords::find(condition, &[((), "silenced")]).is_some();
    let (label, what) = if silenced {
        (
            grimoire_words::fixed(ctx.out.lang.tag(), "cli-silenced"),
            Affliction::Silenced,
        )
    } else {
        let c: Condition = names::condition(condition)?;
        let label = grimoire_words::word(ctx.out.lang.tag(), &c);
        (label, Affliction::Condition(c))
    };
    let mut store = ctx.store()?;
    let entity = active::character(&store, name)?;
    // Exhaustion comes in levels (2024): gaining it adds one, --level sets it.
    let exhausting = what == Affliction::Condition(Condition::Exhaustion) && add;
    let call = grimoire_app::play::ConditionInput {
        condition: what,
        remove: !add,
        level: args.level,
    };
    let logged = Some(ctx.command_line.clone());
    let outcome = grimoire_app::play::afflict(&mut store, &entity.name, logged, call)
        .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(outcome));
    }
    let next = &outcome.character.state;
    let verb = if add { Text::Added } else { Text::Removed };
    out.line(format!("{} {label}: {}", verb.get(out.lang), next.name()))?;
    if exhausting {
        out.line(grimoire_words::text(
            out.lang.tag(),
            "cli-exhaustion-level",
            [
                ("level", next.exhaustion_level().to_string()),
                ("penalty", next.d20_penalty().to_string()),
                ("feet", next.speed_penalty_ft().to_string()),
            ],
        ))?;
    }
    for note in &outcome.notes {
        out.line(out.yellow(&crate::describe::target_note(note, out.lang)))?;
    }
    Ok(())
}

/// `grimoire turn ...`.
#[derive(Debug, Subcommand)]
pub enum TurnCommand {
    /// End the character's turn: actions and the one-slot limit reset (R10)
    End {
        /// The character; leave out for the active one (grimoire use NAME)
        name: Option<String>,
    },
}

/// Runs `turn end`.
pub fn turn(ctx: &Ctx, command: &TurnCommand) -> anyhow::Result<()> {
    let TurnCommand::End { name } = command;
    let mut store = ctx.store()?;
    let entity = active::character(&store, name.as_deref())?;
    let outcome =
        grimoire_app::play::end_turn_as(&mut store, &entity.name, Some(ctx.command_line.clone()))
            .map_err(state::app_error)?;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!(outcome));
    }
    let next = &outcome.character.state;
    out.line(format!(
        "{}: {}",
        Text::TurnEnded.get(out.lang),
        next.name()
    ))?;
    out.line(view::turn_line(out, next))
}

/// Arguments of `equip`.
#[derive(Debug, clap::Args)]
pub struct EquipArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    pub name: Option<String>,
    /// Carry a Component Pouch (R14c)
    #[arg(long, conflicts_with = "no_pouch")]
    pub pouch: bool,
    /// Do not carry a Component Pouch
    #[arg(long)]
    pub no_pouch: bool,
    /// Where the spellcasting focus is: none, held, worn or stowed
    #[arg(long)]
    pub focus: Option<String>,
    /// Hands not holding anything (R14b)
    #[arg(long)]
    pub free_hands: Option<u8>,
    /// A specific material carried, with its worth when it has one ("diamond worth 300 GP"): costly and consumed components need the named thing of at least their cost (R14c); repeatable
    #[arg(long = "material")]
    pub materials: Vec<String>,
    /// Forget every specific material
    #[arg(long)]
    pub clear_materials: bool,
    /// Carry a weapon of the SRD table (longsword, dagger, ...), for `grimoire attack`; repeatable
    #[arg(long = "weapon", value_name = "WEAPON")]
    pub weapons: Vec<String>,
    /// Put every weapon away
    #[arg(long)]
    pub clear_weapons: bool,
}

/// Runs `equip`: what the character holds, as components care (R14).
pub fn equip(ctx: &Ctx, args: &EquipArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let entity = active::character(&store, args.name.as_deref())?;
    let mut gear = entity.state.equipment().clone();
    if args.pouch {
        gear.component_pouch = true;
    }
    if args.no_pouch {
        gear.component_pouch = false;
    }
    if let Some(f) = &args.focus {
        gear.focus = crate::keywords::find(f, &PLACES)
            .ok_or_else(|| Failure::usage_worded("bad_focus", "cli-bad-focus", &[("focus", f)]))?;
    }
    if let Some(h) = args.free_hands {
        gear.free_hands = h.min(2);
    }
    if args.clear_materials {
        gear.materials.clear();
    }
    gear.materials.extend(args.materials.iter().cloned());
    carry_weapons(&mut gear, args)?;
    // The one path of every front end (the API's equipment route too).
    let step = grimoire_app::gear::equip(&mut store, ctx.command_line.clone(), &entity, gear)
        .map_err(crate::failure::app_error)?;
    let next = &step.character.state;
    let out = &ctx.out;
    let g = next.equipment();
    if out.json {
        return out.json(&json!({ "character": next.name(), "equipment": g }));
    }
    out.line(format!(
        "{}: {} {}, {} {}, {} {}, {}: {}",
        next.name(),
        Text::FreeHands.get(out.lang),
        g.free_hands,
        Text::Pouch.get(out.lang),
        if g.component_pouch { "✓" } else { "✗" },
        Text::Focus.get(out.lang),
        focus_place(g.focus, out.lang),
        Text::Materials.get(out.lang),
        if g.materials.is_empty() {
            "-".to_owned()
        } else {
            g.materials.join(", ")
        }
    ))?;
    if !g.weapons.is_empty() {
        let names: Vec<&str> = g
            .weapons
            .iter()
            .filter_map(|id| grimoire_catalog::srd_weapon(id))
            .map(|w| {
                if out.lang == Lang::CS {
                    w.name_cs.as_str()
                } else {
                    w.name_en.as_str()
                }
            })
            .collect();
        out.line(grimoire_words::text(
            out.lang.tag(),
            "cli-weapons-carried",
            [("weapons", names.join(", "))],
        ))?;
    }
    Ok(())
}

/// Adds `--weapon`s to `gear` (after `--clear-weapons`): each an SRD
/// weapon (`unknown_weapon`), each once, at most
/// [`Equipment::MAX_WEAPONS`] (`too_many_weapons`).
fn carry_weapons(gear: &mut Equipment, args: &EquipArgs) -> anyhow::Result<()> {
    if args.clear_weapons {
        gear.weapons.clear();
    }
    for name in &args.weapons {
        let w = grimoire_catalog::srd_weapon(name).ok_or_else(|| {
            crate::failure::app_error(grimoire_app::AppError::UnknownWeapon { name: name.clone() })
        })?;
        if !gear.weapons.contains(&w.id) {
            gear.weapons.push(w.id.clone());
        }
    }
    if gear.weapons.len() > Equipment::MAX_WEAPONS {
        let limit = Equipment::MAX_WEAPONS.to_string();
        return Err(Failure::usage_worded(
            "too_many_weapons",
            "cli-too-many-weapons",
            &[("limit", &limit)],
        )
        .into());
    }
    Ok(())
}

/// Where a focus may be, each with its keyword (`cli-typed-focus-*`).
const PLACES: [(Focus, &str); 4] = [
    (Focus::None, "focus-none"),
    (Focus::Held, "focus-held"),
    (Focus::Worn, "focus-worn"),
    (Focus::Stowed, "focus-stowed"),
];

/// Where the focus is, in `lang` (`held`, `držené`).
fn focus_place(focus: Focus, lang: Lang) -> String {
    let keyword = PLACES
        .iter()
        .find(|(f, _)| *f == focus)
        .map_or("focus-none", |(_, k)| k);
    crate::keywords::shown(lang, keyword)
}

/// Arguments of `wait`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire wait [OPTIONS] [CHARACTER] <TIME>")]
pub struct WaitArgs {
    /// The character; leave out for the active one (grimoire use NAME)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// How long: 3r rounds, 10m minutes, 1h hours, 1d days
    pub time: Option<String>,
}

/// Runs `wait`: time passes for one character outside an encounter.
pub fn wait(ctx: &Ctx, args: &WaitArgs) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, time) = active::split(&store, args.name.as_deref(), args.time.clone(), "TIME")?;
    let rounds = names::rounds(&time)?;
    let outcome = grimoire_app::wait(&mut store, ctx.command_line.clone(), &entity, rounds)
        .map_err(state::app_error)?;
    let next = &outcome.character.state;
    let out = &ctx.out;
    if out.json {
        return out.json(&json!({
            "character": next.name(),
            "rounds": rounds,
            "events": outcome.events,
            "notes": outcome.notes,
            "long_cast": next.long_cast(),
        }));
    }
    out.line(format!(
        "{} {}",
        Text::TimePassed.get(out.lang),
        crate::describe::count(rounds, crate::describe::Counted::Rounds, out.lang)
    ))?;
    for n in &outcome.notes {
        out.line(out.yellow(&crate::describe::target_note(n, out.lang)))?;
    }
    Ok(())
}
