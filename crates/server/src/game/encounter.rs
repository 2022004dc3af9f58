//! Encounters: combatants with initiative, turns, damage with
//! Concentration saves, and durations ticking each round (R15).
//!
//! Stored exactly as the CLI stores them (kind `encounter`, state
//! `{combatants, running}`), and answered with the CLI's `--json` shapes,
//! so the two front ends read each other's encounters. Every operation
//! commits the encounter and every character it changed in one change.

use grimoire_app::{ENCOUNTER, EncounterState};
use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use grimoire_rules::{Combatant, Encounter};
use grimoire_store::{Change, Entity, Store, name_key};
use grimoire_words::Message;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::{check_amount, dice_seed, retry};
use crate::access::check_name;
use crate::error::ServerError;
use grimoire_app::limits;

/// A combatant to add.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatantInput {
    /// A character's name (its own spelling is kept) or a creature's, which
    /// must not be, or look like, a character's (`invalid_name`).
    pub name: String,
    /// Initiative; higher acts first (-1000 to 1000).
    #[schema(minimum = -1000, maximum = 1000)]
    pub initiative: i32,
    /// Hit points to track, if any (0-100000).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100_000)]
    pub hp: Option<i32>,
    /// It answers its allies' casts with Counterspell too; by default only
    /// casts by the other side (characters against the GM's creatures) wait
    /// for it (R11).
    #[serde(default)]
    pub reacts_to_allies: bool,
}

/// Damage to a combatant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterDamageInput {
    /// The combatant.
    pub target: String,
    /// Hit points of damage, at most 10000.
    pub amount: u32,
    /// Seeds the Concentration save; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A creature coming into a lasting spell (the CLI's `encounter harm`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterHarmInput {
    /// The combatant that enters the spell's area, has the area moved onto
    /// it, or has Flaming Sphere rammed into it.
    pub creature: String,
    /// The spell in force (id, English or Czech name).
    pub spell: String,
    /// Whose casting, when several combatants keep the spell in force.
    #[serde(default)]
    pub caster: Option<String>,
    /// Seeds the damage and the save; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
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

/// Creates an empty encounter: `{"encounter", "created": true}`.
pub fn create(store: &mut Store, name: &str) -> Result<Value, ServerError> {
    let name = check_name(grimoire_app::NameKind::Encounter, name)?;
    let state = EncounterState {
        combatants: Vec::new(),
        running: None,
    };
    store
        .commit(&Change::new(format!("encounter new {name}")).create(ENCOUNTER, &name, &state)?)?;
    Ok(json!({ "encounter": name, "created": true }))
}

/// Every encounter: `{"encounters": [{"name", "round", "combatants"}],
/// "ended": [<name>]}`, the ended ones' records listed apart as the CLI
/// lists them.
pub fn list(store: &Store) -> Result<Value, ServerError> {
    let all: Vec<Value> = store
        .list::<EncounterState>(ENCOUNTER)?
        .iter()
        .map(|e| {
            json!({"name": e.name, "round": e.state.running.as_ref().map(Encounter::round),
                   "combatants": e.state.combatants.len()})
        })
        .collect();
    let ended: Vec<String> = store
        .list::<EncounterState>(grimoire_app::ENDED_ENCOUNTER)?
        .into_iter()
        .map(|e| e.name)
        .collect();
    Ok(json!({ "encounters": all, "ended": ended }))
}

/// Adds a combatant before the start.
pub fn add(store: &mut Store, enc: &str, input: &CombatantInput) -> Result<Value, ServerError> {
    let name = check_name(grimoire_app::NameKind::Combatant, &input.name)?;
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
        if e.state.running.is_some() {
            return Err(ServerError::invalid(
                "encounter_started",
                "server-join_before_start",
            ));
        }
        // A character keeps its own spelling; anything else is a creature,
        // whose name no character may have or look like (issue 30).
        let (display, kind) = grimoire_app::identity::joining(store, &name)?;
        if e.state
            .combatants
            .iter()
            .any(|c| name_key(&c.name) == name_key(&display))
        {
            return Err(ServerError::invalid_with(
                "already_in_encounter",
                Message::new("server-already_in_encounter")
                    .text("name", display.as_str())
                    .text("encounter", e.name.as_str()),
            ));
        }
        let mut c = Combatant::new(display.clone(), input.initiative).of_kind(kind);
        c.hp = input.hp;
        c.reacts_to_allies = input.reacts_to_allies;
        // The shared step: the cap, and a character's hit points are its
        // sheet's (issue 31).
        let command = format!("encounter add {} {display}", e.name);
        let st = grimoire_app::encounter::join(store, command, &e, c)?;
        Ok(json!({ "encounter": e.name, "combatants": st.combatants }))
    })
}

/// Starts the encounter: initiative order, the first turn begins.
pub fn start(store: &mut Store, enc: &str) -> Result<Value, ServerError> {
    retry(store, |store| {
        let e = load(store, enc)?;
        if e.state.running.is_some() {
            return Err(ServerError::invalid_with(
                "encounter_started",
                Message::new("server-encounter_running").text("encounter", e.name.as_str()),
            ));
        }
        grimoire_app::encounter::start(store, format!("encounter start {}", e.name), &e)?;
        status(store, enc)
    })
}

/// The next turn; a new round moves every character's clock one round on,
/// and lasting spells harm at the turn's end and the next one's start
/// (`turn_damage`, rolled with `seed`, random when `None`; the answer's
/// `seed` replays them).
pub fn next(store: &mut Store, enc: &str, seed: Option<u64>) -> Result<Value, ServerError> {
    let seed = dice_seed(seed)?;
    retry(store, |store| {
        let e = load(store, enc)?;
        let encounter = running(&e)?;
        let mut rng = SeededRng::new(seed);
        let done = grimoire_app::encounter::next_turn(
            store,
            format!("encounter next {}", e.name),
            &e,
            encounter,
            &mut rng,
        )?;
        let mut out = status(store, enc)?;
        if let Some(o) = out.as_object_mut() {
            o.insert("turn_damage".into(), json!(done.hits));
            o.insert("seed".into(), json!(seed));
        }
        Ok(out)
    })
}

/// A lasting spell harms a creature that comes into it (SRD 5.2: it
/// enters the area, the area moves onto it, Flaming Sphere is rammed into
/// it): the status with `turn_damage` (its `at` is `enter`) and `seed`, as
/// the CLI's `encounter harm --json` answers.
pub fn harm(
    store: &mut Store,
    enc: &str,
    input: &EncounterHarmInput,
) -> Result<Value, ServerError> {
    let seed = dice_seed(input.seed)?;
    let spell = Catalog::srd().lookup(&input.spell)?.spell.clone();
    retry(store, |store| {
        let e = load(store, enc)?;
        let encounter = running(&e)?;
        let mut rng = SeededRng::new(seed);
        let done = grimoire_app::encounter::harm_on_entering(
            store,
            format!("encounter harm {} {} {}", e.name, input.creature, spell.id),
            &e,
            encounter,
            &input.creature,
            &spell,
            input.caster.as_deref(),
            &mut rng,
        )?;
        let mut out = status(store, enc)?;
        if let Some(o) = out.as_object_mut() {
            o.insert("turn_damage".into(), json!(done.hits));
            o.insert("seed".into(), json!(seed));
        }
        Ok(out)
    })
}

/// Ends the encounter (the CLI's `encounter end`): it leaves the live
/// encounters and its final state is kept as an ended record that
/// [`status`] still shows, marked `"ended": true`; the characters in it
/// finish the turn in progress. Answers `{"ended": <name>}`, as the CLI does.
pub fn end(store: &mut Store, enc: &str) -> Result<Value, ServerError> {
    retry(store, |store| {
        let e = load(store, enc)?;
        grimoire_app::encounter::end(store, format!("encounter end {}", e.name), &e)?;
        Ok(json!({ "ended": e.name }))
    })
}

/// Damage to a combatant: tracked hit points drop (not below 0); a
/// concentrating character makes its Constitution save.
pub fn damage(
    store: &mut Store,
    enc: &str,
    input: &EncounterDamageInput,
) -> Result<Value, ServerError> {
    check_amount(input.amount)?;
    let seed = dice_seed(input.seed)?;
    retry(store, |store| {
        let e = load(store, enc)?;
        let encounter = running(&e)?;
        let mut rng = SeededRng::new(seed);
        let command = format!(
            "encounter damage {} {} {}",
            e.name, input.target, input.amount
        );
        let done = grimoire_app::encounter::damage(
            store,
            command,
            &e,
            encounter,
            &input.target,
            input.amount,
            &mut rng,
        )?;
        let save = done.save.map_or(
            Value::Null,
            |s| json!({"dc": s.dc, "roll": s.roll, "kept": s.kept}),
        );
        Ok(json!({
            "encounter": e.name, "target": done.target, "damage": input.amount,
            "hp": done.hp, "concentration_save": save,
        }))
    })
}

/// The encounter's state in the CLI's `encounter status --json` shape;
/// an ended encounter's final state when no live one has the name, marked
/// `"ended": true` as the CLI marks it.
pub fn status(store: &Store, enc: &str) -> Result<Value, ServerError> {
    let (e, ended) = match load(store, enc) {
        Ok(e) => (e, false),
        Err(missing) => match grimoire_app::ended_encounter(store, enc)? {
            Some(e) => (e, true),
            None => return Err(missing),
        },
    };
    let st = &e.state;
    let grimoire_app::encounter::Status {
        round,
        current,
        combatants: standings,
    } = grimoire_app::encounter::status(store, st)?;
    let mut combatants = Vec::new();
    for s in &standings {
        let (c, ch) = (&s.combatant, &s.character);
        let effects: Vec<Value> = s
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
        combatants.push(json!({
            "name": c.name, "initiative": c.initiative, "hp": c.hp,
            "current": current.as_deref() == Some(c.name.as_str()),
            "character": ch.is_some(),
            "concentration": ch.as_ref().map(|e| &e.state).or(c.caster.as_deref())
                .and_then(|k| k.concentration().map(|k| k.spell.clone())),
            "creature": c.caster.is_some(),
            "turn": ch.as_ref().map(|e| e.state.turn().clone()),
            // As the CLI shows them: a list, a stat-block creature's its
            // own (Unconscious at 0), empty for a creature with none.
            "conditions": ch.as_ref().map(|e| &e.state).or(c.caster.as_deref())
                .map(|k| k.conditions().clone()).unwrap_or_default(),
            "effects": effects,
            "creature_type": c.creature_type,
            "stats": c.stats,
        }));
    }
    Ok(json!({
        "encounter": e.name, "started": st.running.is_some(), "ended": ended,
        "round": round, "current": current, "combatants": combatants,
        "window": st.running.as_ref().and_then(|r| r.window()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::Role::Gm;
    use crate::game::{ClassLevel, NewCharacter, create_character};
    use grimoire_catalog::Catalog;
    use grimoire_rules::Class;

    #[test]
    fn turns_rounds_damage_in_one_change_each() {
        let mut store = Store::open_in_memory().unwrap();
        let new = NewCharacter {
            name: "Elmira".into(),
            classes: vec![ClassLevel {
                class: Class::Wizard,
                level: 3,
            }],
            abilities: Default::default(),
            prepared: vec![],
            owner: None,
        };
        create_character(&mut store, Catalog::srd(), "petr", &new).unwrap();
        create(&mut store, "Cave").unwrap();
        assert_eq!(
            create(&mut store, "cave").unwrap_err().code(),
            "already_exists"
        );
        add(
            &mut store,
            "Cave",
            &CombatantInput {
                name: "elmira".into(),
                initiative: 12,
                hp: None,
                reacts_to_allies: false,
            },
        )
        .unwrap();
        add(
            &mut store,
            "Cave",
            &CombatantInput {
                name: "Goblin".into(),
                initiative: 15,
                hp: Some(7),
                reacts_to_allies: false,
            },
        )
        .unwrap();
        assert_eq!(
            next(&mut store, "Cave", None).unwrap_err().code(),
            "encounter_not_started"
        );
        let s = start(&mut store, "Cave").unwrap();
        assert_eq!(
            (s["round"].clone(), s["current"].clone()),
            (json!(1), json!("Goblin"))
        );
        let s = next(&mut store, "Cave", None).unwrap();
        assert_eq!(s["current"], "Elmira");
        let s = next(&mut store, "Cave", None).unwrap();
        assert_eq!(
            (s["round"].clone(), s["current"].clone()),
            (json!(2), json!("Goblin"))
        );
        let d = damage(
            &mut store,
            "Cave",
            &EncounterDamageInput {
                target: "goblin".into(),
                amount: 9,
                seed: Some(1),
            },
        )
        .unwrap();
        assert_eq!(d["hp"], 0);
        let err = damage(
            &mut store,
            "Cave",
            &EncounterDamageInput {
                target: "Orc".into(),
                amount: 1,
                seed: None,
            },
        )
        .unwrap_err();
        assert_eq!(err.code(), "unknown_combatant");
        // On the Goblin's turn Elmira may cast only a Reaction (R9).
        crate::game::prepare(&mut store, Catalog::srd(), "Elmira", "magic-missile").unwrap();
        let mm: crate::game::CastInput =
            serde_json::from_value(json!({"spell": "magic-missile"})).unwrap();
        let err = crate::game::cast(&mut store, Catalog::srd(), "Elmira", &mm, Gm).unwrap_err();
        assert_eq!((err.code(), err.rule()), ("not_your_turn", Some("R9")));
        // On her own turn a spell cast inside the encounter is tracked there too.
        assert_eq!(next(&mut store, "Cave", None).unwrap()["current"], "Elmira");
        crate::game::prepare(&mut store, Catalog::srd(), "Elmira", "detect-magic").unwrap();
        let input: crate::game::CastInput =
            serde_json::from_value(json!({"spell": "detect-magic"})).unwrap();
        crate::game::cast(&mut store, Catalog::srd(), "Elmira", &input, Gm).unwrap();
        let log = store.log("encounter", "Cave").unwrap();
        let last = log.last().unwrap();
        assert_eq!(last.command, "cast detect-magic Elmira");
        assert_eq!(last.entities, ["character:Elmira", "encounter:Cave"]);
        // A new round moved Elmira's clock one round on.
        assert_eq!(
            store
                .get::<grimoire_rules::Caster>("character", "Elmira")
                .unwrap()
                .state
                .now(),
            1
        );
        assert_eq!(list(&store).unwrap()["encounters"][0]["round"], 2);
        assert_eq!(
            load(&store, "nowhere").unwrap_err().code(),
            "unknown_encounter"
        );
    }
}
