//! Spellcasting creatures and Reactions that interrupt (R11), as the CLI's
//! `monster` and `encounter cast|react|pass|resolve|withdraw|attack|hurt|
//! fall|window|uses` do them: the same `grimoire_app::monster` steps, the
//! same JSON shapes, one committed change per step.

use grimoire_app::monster::NewCreature;
use grimoire_app::reaction::{self as game, Declared};
use grimoire_app::{EncounterState, limits};
use grimoire_catalog::{Bestiary, Catalog, Monster};
use grimoire_dice::SeededRng;
use grimoire_rules::{CastMode, CastRequest, Encounter, SlotLevel, Spell, Target, Trigger};
use grimoire_store::{Entity, Store};
use grimoire_words::Message;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::{dice_seed, retry};
use crate::access::check_name;
use crate::error::ServerError;

/// A creature of a stat block joining an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureInput {
    /// Its name in the encounter (`Cave Mage#1`); not, nor like, a
    /// character's (`invalid_name`).
    pub name: String,
    /// The stat block: id or name from `GET /monsters`.
    pub monster: String,
    /// Initiative; higher acts first (-1000 to 1000).
    #[schema(minimum = -1000, maximum = 1000)]
    pub initiative: i32,
    /// Hit points, when not the block's (0-100000).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100_000)]
    pub hp: Option<i32>,
    /// It answers its allies' casts with Counterspell too; by default only
    /// casts by the other side (characters against the GM's creatures) wait
    /// for it (R11).
    #[serde(default)]
    pub reacts_to_allies: bool,
}

/// A spell cast (or a Reaction answered) for a combatant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatantCastInput {
    /// The combatant casting: a creature or a character.
    pub caster: String,
    /// The spell: id, English or Czech name.
    pub spell: String,
    /// Combatants targeted, by name (their numbers come from the tracker).
    #[serde(default)]
    pub targets: Vec<String>,
    /// A slot level (R6), for casters with slots (1-9).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 9)]
    pub slot: Option<u8>,
    /// A named use: a stat block's line (`Protective Magic`) or a feature.
    #[serde(default)]
    pub via: Option<String>,
    /// Seeds the dice; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A combatant passing on the open window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PassInput {
    /// The combatant.
    pub name: String,
}

/// Closing the open window.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResolveInput {
    /// Seeds the dice of the spell that waited; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// What opens a window for Reactions besides a spell being cast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TriggerInput {
    /// An attack roll hit a combatant (Shield).
    Hit {
        /// The attacker.
        attacker: String,
        /// The combatant hit.
        target: String,
        /// The attack roll's total (-100 to 100).
        attack_total: i32,
        /// The target's AC; its stat block's when left out (1-40).
        #[serde(default)]
        ac: Option<i32>,
    },
    /// A combatant took damage from another (Hellish Rebuke).
    Damage {
        /// Who dealt it.
        attacker: String,
        /// Who took it.
        target: String,
        /// How much (at most 10000).
        amount: u32,
    },
    /// A combatant falls (Feather Fall).
    Fall {
        /// Who falls.
        creature: String,
    },
}

/// The spellcasting creatures, matching `q` when given.
pub fn list_monsters(q: Option<&str>) -> Value {
    let rows: Vec<Value> = Bestiary::srd()
        .search(q.unwrap_or_default())
        .iter()
        .map(|m| {
            json!({"id": m.id, "name_en": m.name_en, "name_cs": m.name_cs, "cr": m.cr,
                   "save_dc": m.casting.save_dc, "source": m.source})
        })
        .collect();
    json!({ "monsters": rows })
}

/// One creature's stat block as the CLI's `monster show --json` gives it.
pub fn show_monster(id: &str) -> Result<Value, ServerError> {
    let m = Bestiary::srd()
        .get(id)
        .ok_or_else(|| ServerError::Unknown {
            code: "unknown_monster",
            message: Message::new("catalog-unknown_monster").text("query", id),
        })?;
    Ok(monster_json(m))
}

fn monster_json(m: &Monster) -> Value {
    let c = &m.casting;
    json!({
        "id": m.id, "name_en": m.name_en, "name_cs": m.name_cs, "cr": m.cr,
        "creature_type": m.creature_type, "ac": m.ac, "hp": m.hp,
        "ability": c.ability, "save_dc": c.save_dc, "attack_bonus": c.attack_bonus,
        "spellcasting": c.groups, "slots": c.slots, "slot_spells": c.slot_spells,
        "saves": c.saves, "source": m.source,
        "summary_en": m.summary_en, "summary_cs": m.summary_cs,
    })
}

fn load(store: &Store, name: &str) -> Result<Entity<EncounterState>, ServerError> {
    Ok(grimoire_app::encounter(store, name)?)
}

fn running(e: &Entity<EncounterState>) -> Result<Encounter, ServerError> {
    e.state.running.clone().ok_or_else(|| {
        ServerError::invalid_with(
            "encounter_not_started",
            Message::new("server-encounter_not_started").text("encounter", e.name.as_str()),
        )
    })
}

fn spell(name: &str) -> Result<Spell, ServerError> {
    Ok(Catalog::srd().lookup(name)?.spell.clone())
}

/// A cast view with the stored characters it damaged or healed, under
/// `characters` as in a character's own cast.
fn with_hits(mut view: Value, hits: &[grimoire_app::CharacterHit]) -> Value {
    view["characters"] = serde_json::json!(hits);
    view
}

fn cast_view(who: &str, outcome: &grimoire_rules::CastOutcome) -> Value {
    let (en, cs) = grimoire_app::window::spell_names(outcome);
    json!(grimoire_app::view::CastView::new(who, outcome, &en, &cs))
}

/// Adds a stat-block creature, before or after the start.
pub fn add_creature(
    store: &mut Store,
    enc: &str,
    input: &CreatureInput,
) -> Result<Value, ServerError> {
    let name = check_name(grimoire_app::NameKind::Combatant, &input.name)?;
    let m = Bestiary::srd()
        .get(&input.monster)
        .ok_or_else(|| {
            ServerError::invalid_with(
                "unknown_monster",
                Message::new("catalog-unknown_monster").text("query", input.monster.as_str()),
            )
        })?
        .clone();
    if let Some(hp) = input.hp
        && !(0..=limits::MAX_HIT_POINTS).contains(&hp)
    {
        return Err(super::out_of_range("hp", 0, limits::MAX_HIT_POINTS));
    }
    limits::check_range(
        i64::from(input.initiative),
        i64::from(limits::MAX_MODIFIER),
        "initiative",
    )
    .map_err(grimoire_app::AppError::from)?;
    retry(store, |store| {
        let e = load(store, enc)?;
        let listed = e
            .state
            .combatants
            .iter()
            .chain(e.state.running.iter().flat_map(|r| r.combatants()))
            .any(|c| grimoire_store::name_key(&c.name) == grimoire_store::name_key(&name));
        if listed {
            return Err(ServerError::invalid_with(
                "already_in_encounter",
                Message::new("server-already_in_encounter")
                    .text("name", name.as_str())
                    .text("encounter", e.name.as_str()),
            ));
        }
        let creature = NewCreature {
            name: name.clone(),
            initiative: input.initiative,
            caster: m.caster(&name)?,
            stats: m.target_stats(),
            hp: input.hp.unwrap_or(m.hp),
            creature_type: m.creature_type.clone(),
            reacts_to_allies: input.reacts_to_allies,
        };
        grimoire_app::monster::add_creature(
            store,
            format!("encounter add {} {name} --monster {}", e.name, m.id),
            &e,
            creature,
        )?;
        Ok(json!({ "encounter": e.name, "added": name, "monster": m.id,
                   "hp": input.hp.unwrap_or(m.hp), "initiative": input.initiative }))
    })
}

fn request(input: &CombatantCastInput) -> Result<CastRequest, ServerError> {
    if input.targets.len() > limits::MAX_TARGETS {
        return Err(ServerError::invalid_with(
            "too_many_targets",
            Message::new("server-too_many_targets").number("max", limits::MAX_TARGETS as i64),
        ));
    }
    let mut req = CastRequest::new();
    if let Some(n) = input.slot {
        req = req.at_slot(SlotLevel::new(n)?);
    }
    if let Some(v) = &input.via {
        req = req.with_mode(CastMode::Feature(v.clone()));
    }
    for t in &input.targets {
        req = req.target(Target::named(t.clone()));
    }
    Ok(req)
}

/// The GM casts for a combatant; it waits for Reactions when someone
/// could answer: `{"status": "pending", "reactors"}` or
/// `{"status": "resolved", "cast", "events"}`.
pub fn cast(
    store: &mut Store,
    enc: &str,
    input: &CombatantCastInput,
) -> Result<Value, ServerError> {
    let s = spell(&input.spell)?;
    let req = request(input)?;
    let seed = dice_seed(input.seed)?;
    let reactions = grimoire_app::reaction_spells();
    retry(store, |store| {
        let e = load(store, enc)?;
        let r = running(&e)?;
        let mut rng = SeededRng::new(seed);
        let done = game::declare(
            store,
            format!("encounter cast {} {} {}", e.name, input.caster, s.id),
            &e,
            r,
            &input.caster,
            &s,
            req.clone(),
            &reactions,
            &mut rng,
        )?;
        Ok(match done {
            Declared::Resolved { outcome, hits, .. } => json!({
                "encounter": e.name, "status": "resolved",
                "cast": with_hits(cast_view(&input.caster, &outcome), &hits), "events": outcome.events,
            }),
            Declared::Pending { reactors } => json!({
                "encounter": e.name, "status": "pending", "caster": input.caster,
                "spell": s.id, "reactors": reactors,
            }),
        })
    })
}

/// A combatant answers the open window with a Reaction spell: cast (and
/// perhaps countering), or waiting for those who could counter it.
pub fn react(
    store: &mut Store,
    enc: &str,
    input: &CombatantCastInput,
) -> Result<grimoire_app::window::Reaction, ServerError> {
    let found = Catalog::srd().lookup(&input.spell)?;
    let (s, names) = (
        found.spell.clone(),
        (found.name_en.clone(), found.name_cs.clone()),
    );
    let req = request(input)?;
    let seed = dice_seed(input.seed)?;
    retry(store, |store| {
        let e = load(store, enc)?;
        let r = running(&e)?;
        let mut rng = SeededRng::new(seed);
        let done = game::react(
            store,
            format!("encounter react {} {} {}", e.name, input.caster, s.id),
            &e,
            r,
            &input.caster,
            &s,
            req.clone(),
            &grimoire_app::reaction_spells(),
            &mut rng,
        )?;
        Ok(grimoire_app::window::Reaction::new(
            &e.name,
            &input.caster,
            &s.id,
            (&names.0, &names.1),
            done,
        ))
    })
}

/// A combatant lets the open window pass.
pub fn pass(
    store: &mut Store,
    enc: &str,
    input: &PassInput,
) -> Result<grimoire_app::window::Passed, ServerError> {
    retry(store, |store| {
        let e = load(store, enc)?;
        let r = running(&e)?;
        game::pass(
            store,
            format!("encounter pass {} {}", e.name, input.name),
            &e,
            r,
            &input.name,
        )?;
        Ok(grimoire_app::window::Passed {
            encounter: e.name.clone(),
            passed: input.name.clone(),
        })
    })
}

/// Closes the open window: the waiting spell is cast, or a hit is checked.
pub fn resolve(
    store: &mut Store,
    enc: &str,
    input: &ResolveInput,
) -> Result<grimoire_app::window::Resolved, ServerError> {
    let seed = dice_seed(input.seed)?;
    let lookup = |id: &str| Catalog::srd().get(id).map(|s| s.spell.clone());
    retry(store, |store| {
        let e = load(store, enc)?;
        let r = running(&e)?;
        let caster = r
            .window()
            .and_then(|w| w.pending.as_ref())
            .map(|p| p.caster.clone());
        let mut rng = SeededRng::new(seed);
        let closed = game::resolve(
            store,
            format!("encounter resolve {}", e.name),
            &e,
            r,
            &lookup,
            &mut rng,
        )?;
        Ok(grimoire_app::window::Resolved::new(
            &e.name,
            &caster.unwrap_or_default(),
            closed,
            &grimoire_app::window::spell_names,
        ))
    })
}

/// Takes the waiting spell back; nothing was spent.
pub fn withdraw(
    store: &mut Store,
    enc: &str,
) -> Result<grimoire_app::window::Withdrawn, ServerError> {
    retry(store, |store| {
        let e = load(store, enc)?;
        let r = running(&e)?;
        game::withdraw(store, format!("encounter withdraw {}", e.name), &e, r)?;
        Ok(grimoire_app::window::Withdrawn {
            encounter: e.name.clone(),
            withdrawn: true,
        })
    })
}

/// Opens a window for a hit, damage or a fall: `{"window", "reactors"}`.
pub fn open(
    store: &mut Store,
    enc: &str,
    input: &TriggerInput,
) -> Result<grimoire_app::window::Opened, ServerError> {
    let reactions = grimoire_app::reaction_spells();
    retry(store, |store| {
        let e = load(store, enc)?;
        let r = running(&e)?;
        let name = |n: &str| {
            r.combatants()
                .iter()
                .find(|c| grimoire_store::name_key(&c.name) == grimoire_store::name_key(n))
                .map_or_else(|| n.to_owned(), |c| c.name.clone())
        };
        let trigger = match input {
            TriggerInput::Hit {
                attacker,
                target,
                attack_total,
                ac,
            } => {
                if !(-100..=100).contains(attack_total) {
                    return Err(ServerError::invalid_with(
                        "out_of_range",
                        Message::new("server-range-to")
                            .text("field", "attack_total")
                            .number("min", -100)
                            .number("max", 100),
                    ));
                }
                let target = name(target);
                // A stat block's AC, else the character's sheet's.
                let known = match r.combatants().iter().find(|c| c.name == target) {
                    Some(c) => grimoire_app::encounter::armor_class(store, c)?,
                    None => None,
                };
                let ac = ac.or(known).ok_or_else(|| {
                    ServerError::invalid_with(
                        "missing_ac",
                        Message::new("server-missing_ac").text("target", target.as_str()),
                    )
                })?;
                if !(1..=40).contains(&ac) {
                    return Err(super::out_of_range("ac", 1, 40));
                }
                Trigger::Hit {
                    attacker: name(attacker),
                    target,
                    attack_total: *attack_total,
                    ac,
                }
            }
            TriggerInput::Damage {
                attacker,
                target,
                amount,
            } => {
                super::check_amount(*amount)?;
                Trigger::Damage {
                    attacker: name(attacker),
                    target: name(target),
                    amount: *amount,
                }
            }
            TriggerInput::Fall { creature } => Trigger::Fall {
                creature: name(creature),
            },
        };
        let described = trigger.describe();
        let could = game::open(
            store,
            format!("encounter window {}", e.name),
            &e,
            r.clone(),
            trigger,
            &reactions,
        )?;
        Ok(grimoire_app::window::Opened {
            encounter: e.name.clone(),
            window: described,
            reactors: could,
        })
    })
}

/// The open window (or null) and every creature's uses left.
pub fn window(store: &Store, enc: &str) -> Result<Value, ServerError> {
    let e = load(store, enc)?;
    let r = running(&e)?;
    let creatures: Vec<Value> = r
        .combatants()
        .iter()
        .filter_map(|c| {
            let caster = c.caster.as_deref()?;
            let uses: Vec<Value> = caster
                .features()
                .iter()
                .map(|f| json!({"name": f.name, "remaining": f.remaining(), "max": f.max_uses}))
                .collect();
            Some(json!({"name": c.name, "hp": c.hp, "uses": uses,
                        "reaction": caster.turn().available(grimoire_rules::ActionKind::Reaction)}))
        })
        .collect();
    // Who may still answer, so each table member sees their own choices.
    let reactors = game::still_to_answer(store, &r, &grimoire_app::reaction_spells())?;
    Ok(
        json!({ "encounter": e.name, "window": r.window(), "creatures": creatures,
               "reactors": reactors }),
    )
}
