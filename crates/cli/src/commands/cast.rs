//! `grimoire cast NAME SPELL ...`: validate, spend, roll, resolve; or refuse
//! with the rule that says no, changing nothing.

use grimoire_rules::{
    Ability, CastMode, CastOutcome, CastRequest, CastStatus, Caster, Class, Defense, Metamagic,
    MetamagicUse, Reroll, RollMode, SlotKind, SlotLevel, Target,
};
use serde_json::json;

use crate::catalog;
use crate::context::Ctx;
use crate::failure::Failure;
use crate::i18n::{Lang, Text};
use crate::names;
use crate::output::Out;
use crate::state;
use crate::view;

/// Arguments of `cast`.
#[derive(Debug, clap::Args)]
#[command(override_usage = "grimoire cast [OPTIONS] [CHARACTER] <SPELL>")]
pub struct Args {
    /// The caster; leave out for the active character (one word is the spell)
    #[arg(value_name = "CHARACTER")]
    pub name: Option<String>,
    /// The spell (English or Czech name, or id; case and accents do not matter)
    pub spell: Option<String>,
    /// Cast with a slot of this level (R6 upcasting); default the lowest that fits (R3)
    #[arg(short = 'l', long, visible_alias = "level")]
    pub slot: Option<u8>,
    /// Cast as a ritual: no slot, +10 minutes (R5b)
    #[arg(short, long, conflicts_with_all = ["slot", "via"])]
    pub ritual: bool,
    /// Cast through an item or ability by name, or `arcanum` (R5c, R5d)
    #[arg(long, value_name = "ITEM_OR_ABILITY")]
    pub via: Option<String>,
    /// The part of the turn to use: magic, bonus or reaction (R9)
    #[arg(short, long)]
    pub action: Option<String>,
    /// The trigger a Reaction answers (R11)
    #[arg(long)]
    pub trigger: Option<String>,
    /// Targets (repeat for several)
    #[arg(short, long = "target", value_name = "T")]
    pub targets: Vec<String>,
    /// The class to cast with (default: the best one with the spell)
    #[arg(short, long)]
    pub class: Option<String>,
    /// Use only pact slots
    #[arg(long, conflicts_with = "regular")]
    pub pact: bool,
    /// Use only regular slots
    #[arg(long)]
    pub regular: bool,
    /// Advantage on the spell's attack rolls
    #[arg(long, conflicts_with = "disadvantage")]
    pub advantage: bool,
    /// Disadvantage on the spell's attack rolls
    #[arg(long)]
    pub disadvantage: bool,
    /// A Reaction on another creature's turn (R11): its slot does not count against R10; refused for other spells
    #[arg(long)]
    pub off_turn: bool,
    /// The damage type, for a spell that offers a choice (Chromatic Orb: acid, cold, fire, ...)
    #[arg(long, value_name = "TYPE")]
    pub damage_type: Option<String>,
    /// Use the spell's alternative casting time (Plant Growth: 8 hours instead of an action)
    #[arg(long)]
    pub alternative_time: bool,
    /// Complete a casting of a minute or more whose time is up (R12)
    #[arg(long, conflicts_with_all = ["slot", "ritual", "via"])]
    pub complete: bool,
    /// Metamagic (Sorcerer): subtle, quickened, careful:Ana,Bo, heightened:Orc, transmuted:cold, empowered[:lowest], seeking, distant, extended, twinned (repeat: empowered and seeking join another)
    #[arg(long = "meta", value_name = "OPTION[:CHOICE]")]
    pub metamagic: Vec<String>,
    /// Sculpt Spells (Evoker 6): targets that pass an Evocation spell's save unharmed, e.g. Ana,Bo (at most 1 + the spell's level)
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub sculpt: Vec<String>,
    /// Overchannel (Evoker 14): maximum damage for a Wizard spell of a level 1-5 slot (necrotic cost from the second use before a Long Rest)
    #[arg(long)]
    pub overchannel: bool,
}

/// Parses a Metamagic option with its choice: `careful:Ana,Bo` (the
/// creatures protected), `heightened:Orc` (its one target),
/// `transmuted:cold` (the new damage type), `empowered:lowest` (which dice).
pub(crate) fn metamagic(spec: &str) -> Result<MetamagicUse, Failure> {
    let (name, choice) = match spec.split_once(':') {
        Some((name, choice)) => (name, Some(choice.trim()).filter(|c| !c.is_empty())),
        None => (spec, None),
    };
    let option = Metamagic::from_id(name).ok_or_else(|| {
        Failure::usage_worded(
            "bad_metamagic",
            "cli-metamagic-unknown",
            &[("option", name)],
        )
    })?;
    let mut used = MetamagicUse::new(option);
    let Some(choice) = choice else {
        return Ok(used);
    };
    match option {
        Metamagic::Careful | Metamagic::Heightened => {
            used.creatures = choice
                .split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect();
        }
        Metamagic::Transmuted => used.damage_type = Some(names::damage_type(choice)?),
        Metamagic::Empowered => {
            // The keywords as serde names them, `-` or `_` between words.
            used.reroll = match names::fold(choice).replace('-', "_").as_str() {
                "lowest" => Reroll::Lowest,
                "below_average" | "average" => Reroll::BelowAverage,
                _ => {
                    return Err(Failure::usage_worded(
                        "bad_metamagic",
                        "cli-metamagic-bad-choice",
                        &[("option", name), ("choice", choice)],
                    ));
                }
            }
        }
        _ => {
            return Err(Failure::usage_worded(
                "bad_metamagic",
                "cli-metamagic-bad-choice",
                &[("option", name), ("choice", choice)],
            ));
        }
    }
    Ok(used)
}

/// Parses `NAME[:key=value]...`.
pub(crate) fn target(spec: &str) -> Result<Target, Failure> {
    let mut parts = spec.split(':');
    let name = names::name_of(names::NameKind::Target, parts.next().unwrap_or_default())
        .map_err(|f| Failure::usage("bad_target", format!("target \"{spec}\": {}", f.message)))?;
    let mut t = Target::named(name.clone());
    for part in parts {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let number = || -> Result<i32, Failure> {
            value.trim().trim_start_matches('+').parse().map_err(|_| {
                Failure::usage_worded(
                    "bad_target",
                    "cli-target-needs-number",
                    &[("part", part), ("spec", spec)],
                )
            })
        };
        t = match names::fold(key).as_str() {
            "self" => Target::caster(name.clone()),
            "cover" => t.behind_total_cover(),
            "ac" => t.with_ac(number()?),
            "hp" => t.with_hp(number()?),
            "max" | "maxhp" | "max hp" => t.with_max_hp(number()?),
            "dist" | "distance" => t.at_distance(number()?.max(0) as u64),
            "type" => t.of_type(value.trim()),
            "ally" | "friendly" => t.as_friendly(),
            "resist" | "resistant" | "resistance" => defenses(t, value, Defense::Resistant)?,
            "vuln" | "vulnerable" | "vulnerability" => defenses(t, value, Defense::Vulnerable)?,
            "immune" | "immunity" => defenses(t, value, Defense::Immune)?,
            other => match names::ability(other) {
                Ok(a) => t.with_save(a, number()?),
                Err(_) => {
                    return Err(Failure::usage_worded(
                        "bad_target",
                        "cli-target-unknown-property",
                        &[("key", key)],
                    ));
                }
            },
        };
    }
    Ok(t)
}

/// Adds one defence for each damage type in a comma-separated list.
fn defenses(mut t: Target, list: &str, defense: Defense) -> Result<Target, Failure> {
    for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        t = t.with_defense(names::damage_type(word)?, defense);
    }
    Ok(t)
}

/// How the casting is powered, from `--via`.
fn via(caster: &Caster, word: &str) -> Result<CastMode, Failure> {
    let w = names::fold(word);
    if w == "arcanum" || w == "mystic arcanum" || w == "arkanum" {
        return Ok(CastMode::Arcanum);
    }
    let matches = |name: &str| {
        let n = names::fold(name);
        n == w || n.contains(&w)
    };
    if let Some(i) = caster.items().iter().find(|i| matches(&i.name)) {
        return Ok(CastMode::Item(i.name.clone()));
    }
    if let Some(f) = caster.features().iter().find(|f| matches(&f.name)) {
        return Ok(CastMode::Feature(f.name.clone()));
    }
    let items: Vec<&str> = caster
        .items()
        .iter()
        .map(|i| i.name.as_str())
        .chain(caster.features().iter().map(|f| f.name.as_str()))
        .collect();
    let failure = if items.is_empty() {
        Failure::worded(
            "unknown_source",
            "cli-no-source-none",
            &[("caster", caster.name()), ("word", word)],
        )
    } else {
        Failure::worded(
            "unknown_source",
            "cli-no-source",
            &[
                ("caster", caster.name()),
                ("word", word),
                ("has", &items.join(", ")),
            ],
        )
    };
    Err(failure.with_rule("R5c"))
}

fn request(caster: &Caster, args: &Args) -> Result<CastRequest, Failure> {
    let mut req = CastRequest::new();
    if let Some(n) = args.slot {
        req = req.at_slot(SlotLevel::new(n).map_err(Failure::from)?);
    }
    if args.ritual {
        req = req.as_ritual();
    }
    if let Some(v) = &args.via {
        req = req.with_mode(via(caster, v)?);
    }
    if let Some(a) = &args.action {
        req = req.using(names::action(a)?);
    }
    if let Some(t) = &args.trigger {
        req = req.on_trigger(t.clone());
    }
    if let Some(c) = &args.class {
        let class: Class = names::class(c)?;
        req = req.with_class(class);
    }
    for t in &args.targets {
        req = req.target(target(t)?);
    }
    req.slot_kind = if args.pact {
        SlotKind::Pact
    } else if args.regular {
        SlotKind::Regular
    } else {
        SlotKind::Any
    };
    req.roll_mode = if args.advantage {
        RollMode::Advantage
    } else if args.disadvantage {
        RollMode::Disadvantage
    } else {
        RollMode::Normal
    };
    req.off_turn = args.off_turn;
    if let Some(t) = &args.damage_type {
        req = req.with_damage_type(names::damage_type(t)?);
    }
    if args.alternative_time {
        req = req.with_alternative_time();
    }
    req.metamagic = args
        .metamagic
        .iter()
        .map(|spec| metamagic(spec))
        .collect::<Result<_, _>>()?;
    req.sculpt = args
        .sculpt
        .iter()
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .collect();
    req.overchannel = args.overchannel;
    Ok(req)
}

/// Runs `cast`.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    let mut store = ctx.store()?;
    let (entity, spell) =
        crate::active::split(&store, args.name.as_deref(), args.spell.clone(), "SPELL")?;
    let spell = catalog::spell(&spell)?;
    let in_encounter = state::encounter_of(&store, &entity.name)?.is_some();
    let call = grimoire_app::CastCall {
        caster: entity.name.clone(),
        spell: spell.spell.clone(),
        request: request(&entity.state, args)?,
        complete: args.complete,
        command: ctx.command_line.clone(),
    };
    // The one cast every front end makes (grimoire-app): inside a running
    // encounter through the reaction window (R11).
    let mut rng = ctx.rng();
    let answer = grimoire_app::cast_spell(
        &mut store,
        call,
        &grimoire_app::seat::Seat::Gm,
        &grimoire_app::reaction_spells(),
        &mut rng,
    )
    .map_err(|err| match err {
        grimoire_app::AppError::Rules(e) => hint(
            Failure::from(e),
            &entity.name,
            names_of(spell),
            in_encounter,
        )
        .into(),
        other => state::app_error(other),
    })?;
    match answer {
        grimoire_app::CastAnswer::Waiting(w) => show_waiting(ctx, &w, spell),
        grimoire_app::CastAnswer::Resolved(done) => show(
            &ctx.out,
            &done.caster.state,
            &done.outcome,
            &done.hits,
            spell,
            done.encounter.as_deref(),
            ctx.seed,
        ),
    }
}

/// Shows a cast waiting for Reactions: its JSON, or who could answer.
pub(crate) fn show_waiting(
    ctx: &Ctx,
    w: &grimoire_app::Waiting,
    spell: &grimoire_catalog::CatalogSpell,
) -> anyhow::Result<()> {
    if ctx.out.json {
        return ctx.out.json(&json!({
            "encounter": w.encounter, "status": "pending", "caster": w.caster,
            "spell": w.spell, "reactors": w.reactors,
        }));
    }
    show_pending(ctx, &w.encounter, &w.caster, spell, &w.reactors)
}

/// Says that `who`'s `spell` waits for Reactions, and who could answer.
pub(crate) fn show_pending(
    ctx: &Ctx,
    encounter: &str,
    who: &str,
    spell: &grimoire_catalog::CatalogSpell,
    reactors: &[grimoire_app::reaction::Reactor],
) -> anyhow::Result<()> {
    let out = &ctx.out;
    let lang = out.lang;
    out.line(out.yellow(&format!(
        "{}: {} {} — {}",
        who,
        crate::describe::spell_name(spell, lang),
        super::monster::t(lang, "cli-label-waits-for-reactions"),
        super::monster::t(lang, "cli-label-nothing-is-spent-yet"),
    )))?;
    for rc in reactors {
        let spells: Vec<String> = rc
            .spells
            .iter()
            .map(|s| super::monster::spell_name(s, lang))
            .collect();
        out.line(format!(
            "  {} {}: {}",
            rc.name,
            super::monster::t(lang, "cli-label-may-answer-with"),
            spells.join(", ")
        ))?;
    }
    out.line(out.dim(&format!(
        "grimoire encounter react|pass {encounter} NAME …; grimoire encounter resolve {encounter}"
    )))
}

/// A refusal says what would make the cast legal, naming the command or
/// flag (R10 outside an encounter: end the turn; R11: --trigger; R14c:
/// equip; R5b/R8: prepare; R3: a rest). `spell` names the spell in a
/// language (its catalogue name there, which the commands also read).
pub(crate) fn hint(
    f: Failure,
    caster: &str,
    spell: impl Fn(Lang) -> String,
    in_encounter: bool,
) -> Failure {
    // `hint-<what>` messages of the catalogue, with the caster and spell.
    let id = match f.code.as_str() {
        "one_slot_per_turn" | "action_unavailable" if !in_encounter => Some("hint-end-turn"),
        "missing_trigger" => Some("hint-trigger"),
        "missing_material" => Some("hint-material"),
        "material_worth_unknown" | "material_too_cheap" => Some("hint-material-worth"),
        "not_prepared" => Some("hint-prepare"),
        "not_in_spellbook" => Some("hint-spellbook"),
        "no_slot_available" => Some("hint-rest"),
        _ => None,
    };
    let Some(id) = id else {
        return f;
    };
    let english = spell(Lang::EN);
    f.with_hint(id, &[("caster", caster), ("spell", &english)], |lang| {
        let spell = spell(Lang::of_tag(lang));
        grimoire_words::text(lang, id, [("caster", caster), ("spell", &spell)])
    })
}

/// The spell's name in a language, for [`hint`].
fn names_of(spell: &grimoire_catalog::CatalogSpell) -> impl Fn(Lang) -> String + '_ {
    |lang| crate::describe::spell_name(spell, lang).to_owned()
}

/// Prints a cast's resolution (shared with `encounter cast|react|resolve`).
pub(crate) fn show(
    out: &Out,
    caster: &Caster,
    outcome: &CastOutcome,
    hits: &[grimoire_app::CharacterHit],
    spell: &grimoire_catalog::CatalogSpell,
    encounter: Option<&str>,
    seed: Option<u64>,
) -> anyhow::Result<()> {
    let r = &outcome.resolution;
    if out.json {
        return out.json(&json!(grimoire_app::view::CastJson {
            cast: grimoire_app::view::CastView::new(
                caster.name(),
                outcome,
                &spell.name_en,
                &spell.name_cs,
            )
            .with_hits(hits.to_vec()),
            events: outcome.events.clone(),
            slots: grimoire_app::view::SlotsView::of(caster),
            encounter: encounter.map(str::to_owned),
            seed,
        }));
    }
    let lang = out.lang;
    let name = crate::describe::spell_name(spell, lang);
    let spent = match r.slot {
        Some(s) if s.pact => format!(
            "{} {} {}",
            Text::PactSlot.get(lang),
            s.level.get(),
            Text::Spent.get(lang)
        ),
        Some(s) => format!(
            "{} {} {}",
            Text::SlotWord.get(lang),
            s.level.get(),
            Text::Spent.get(lang)
        ),
        None => match &r.mode {
            CastMode::Ritual => Text::AsRitual.get(lang).to_owned(),
            CastMode::Item(n) => format!("{} {n}", Text::Via.get(lang)),
            CastMode::Feature(n) => format!(
                "{} {}",
                Text::Via.get(lang),
                super::monster::use_name(n, lang)
            ),
            CastMode::Arcanum => Text::Arcanum.get(lang).to_owned(),
            CastMode::Slot => Text::NoSlotCantrip.get(lang).to_owned(),
        },
    };
    let action = grimoire_words::word(lang.tag(), &r.action);
    out.line(format!(
        "{} {} {} ({}, {spent}) [{action}]",
        out.bold(caster.name()),
        Text::Casts.get(lang),
        out.bold(&out.cyan(name)),
        crate::describe::level(r.cast_level.get(), lang),
    ))?;
    out.line(out.dim(&format!(
        "{} {} · {} {:+}",
        Text::SaveDc.get(lang),
        r.save_dc,
        Text::SpellAttack.get(lang),
        r.attack_bonus
    )))?;
    if let CastStatus::Started { rounds_needed } = r.status {
        out.line(out.yellow(&format!(
            "{} ({})",
            Text::CastingStarted.get(lang),
            crate::describe::count(rounds_needed, crate::describe::Counted::Rounds, lang)
        )))?;
    }
    for roll in &r.rolls {
        let dice: Vec<String> = roll.dice.iter().map(u32::to_string).collect();
        out.line(format!(
            "  {}: {} [{}] = {}",
            crate::describe::roll_label(&roll.label, lang),
            roll.notation,
            dice.join(", "),
            out.bold(&roll.total.to_string())
        ))?;
    }
    for t in &r.targets {
        let hit = hits
            .iter()
            .rfind(|h| grimoire_app::fold(&h.name) == grimoire_app::fold(&t.target));
        if let Some(line) = target_line(out, t, hit) {
            out.line(line)?;
        }
    }
    if let Some(later) = &r.damage_later {
        out.line(out.yellow(&damage_later(&r.spell, later, lang)))?;
    }
    if let Some(paid) = &r.metamagic {
        out.line(out.yellow(&metamagic_line(paid, lang)))?;
    }
    if r.concentration_started {
        out.line(out.yellow(&format!("{}: {name}", Text::ConcentrationStarted.get(lang))))?;
    }
    if let Some(ended) = &r.concentration_ended {
        out.line(out.yellow(&format!(
            "{}: {}",
            Text::ConcentrationStopped.get(lang),
            view::spell_label(ended, lang)
        )))?;
    }
    for note in &r.notes {
        out.line(out.dim(&crate::describe::target_note(note, lang)))?;
    }
    for w in &r.waived {
        out.line(out.yellow(&super::house::waived_line(w, lang)))?;
    }
    out.line(view::slots_table(out, caster))
}

/// The line naming the Metamagic a cast used and the points it cost.
fn metamagic_line(paid: &grimoire_rules::MetamagicPaid, lang: Lang) -> String {
    let options: Vec<String> = paid
        .options
        .iter()
        .map(|m| grimoire_words::word(lang.tag(), m).to_owned())
        .collect();
    grimoire_words::message(
        lang.tag(),
        "cli-cast-metamagic",
        &[
            ("options", grimoire_rules::Arg::Text(options.join(", "))),
            (
                "points",
                grimoire_rules::Arg::Number(i64::from(paid.points)),
            ),
        ],
    )
}

/// The line under a cast of a spell that deals nothing now (Flaming
/// Sphere, Spirit Guardians in 2024): when it will harm.
pub(crate) fn damage_later(
    spell: &grimoire_rules::SpellId,
    later: &grimoire_rules::LaterHarm,
    lang: crate::i18n::Lang,
) -> String {
    let none = Vec::<(&str, String)>::new;
    let when: Vec<String> = later
        .at
        .iter()
        .map(|at| {
            let id = match at {
                grimoire_rules::TurnPoint::Start => "cli-harm-when-start",
                grimoire_rules::TurnPoint::End => "cli-harm-when-end",
                grimoire_rules::TurnPoint::Enter => "cli-harm-when-enter",
            };
            grimoire_words::text(lang.tag(), id, none())
        })
        .collect();
    grimoire_words::text(
        lang.tag(),
        "cli-damage-later",
        [
            ("spell", view::spell_label(spell, lang)),
            (
                "when",
                when.join(&grimoire_words::text(lang.tag(), "cli-harm-or", none())),
            ),
        ],
    )
}

/// One target's line under a resolution: attacks, save, damage by type,
/// healing, hit points after (a stored character's own, with temporary
/// ones), its Concentration save, conditions and notes. `None` when there
/// is nothing to say.
pub(crate) fn target_line(
    out: &Out,
    t: &grimoire_rules::TargetOutcome,
    hit: Option<&grimoire_app::CharacterHit>,
) -> Option<String> {
    let lang = out.lang;
    let mut parts = Vec::new();
    for a in &t.attacks {
        let hit = match a.hit {
            Some(true) if a.critical => Text::CriticalHit.get(lang),
            Some(true) => Text::Hit.get(lang),
            Some(false) => Text::Miss.get(lang),
            None => "?",
        };
        parts.push(format!(
            "{} {} ({hit})",
            Text::AttackRoll.get(lang),
            a.total
        ));
    }
    if let Some(s) = &t.save {
        let result = match s.success {
            Some(true) => Text::Succeeds.get(lang),
            Some(false) => Text::Fails.get(lang),
            None => Text::RollSave.get(lang),
        };
        let total = s.total.map(|t| format!(" {t}")).unwrap_or_default();
        parts.push(format!(
            "{} {} {}{total}: {result}",
            ability_abbrev(s.ability, lang),
            Text::SaveDc.get(lang),
            s.dc
        ));
    }
    if t.damage_total > 0 || !t.damage.is_empty() {
        // Three darts of force read better as "11 force" than "4 + 2 + 5 force".
        let mut by_type: Vec<(grimoire_rules::DamageType, u32)> = Vec::new();
        for d in &t.damage {
            match by_type.iter_mut().find(|(k, _)| *k == d.damage_type) {
                Some((_, n)) => *n += d.taken,
                None => by_type.push((d.damage_type, d.taken)),
            }
        }
        let kinds: Vec<String> = by_type
            .iter()
            .map(|(k, n)| {
                let kind = grimoire_words::word(lang.tag(), k);
                format!("{n} {kind}")
            })
            .collect();
        parts.push(out.red(&format!(
            "{} {} ({})",
            Text::Damage.get(lang),
            t.damage_total,
            kinds.join(" + ")
        )));
    }
    if let Some(half) = t.damage_on_success {
        parts.push(out.dim(&format!("{} {half}", Text::OnSuccess.get(lang))));
    }
    if t.healing > 0 {
        parts.push(out.green(&format!("{} {}", Text::Healing.get(lang), t.healing)));
    }
    // A stored character's own hit points count its temporary ones.
    match (hit.and_then(|h| h.hp), t.hp_after) {
        (Some(hp), _) => parts.push(crate::describe::hit_points(
            hp,
            hit.and_then(|h| h.temp_hp).unwrap_or(0),
            lang,
        )),
        (None, Some(hp)) => parts.push(format!("{} {}", Text::HpNow.get(lang), hp.max(0))),
        (None, None) => {}
    }
    if let Some(save) = hit.and_then(|h| h.save.as_ref()) {
        let verdict = if save.kept {
            out.green(Text::ConcentrationKept.get(lang))
        } else {
            out.red(Text::ConcentrationLost.get(lang))
        };
        parts.push(format!(
            "{} {} DC {}: {verdict}",
            crate::describe::roll_label(&save.roll.label, lang),
            save.roll.total,
            save.dc
        ));
    }
    if !t.conditions.is_empty() {
        let names: Vec<&str> = t
            .conditions
            .iter()
            .map(|c| grimoire_words::word(lang.tag(), c))
            .collect();
        parts.push(out.yellow(&names.join(", ")));
    }
    if !t.affected {
        parts.push(out.dim(Text::Unaffected.get(lang)));
    }
    if let Some(n) = &t.note {
        parts.push(out.dim(&crate::describe::target_note(n, lang)));
    }
    (!parts.is_empty()).then(|| format!("  → {}: {}", out.bold(&t.target), parts.join(", ")))
}

fn ability_abbrev(a: Ability, lang: Lang) -> &'static str {
    grimoire_words::abbrev(lang.tag(), a)
}
