//! The GM's encounter tracker for the web table: initiative order, whose
//! turn it is, damage with the Concentration save prompt, and the spells in
//! effect with the rounds they have left.
//!
//! One encounter per campaign, stored as the `web-encounter` entity
//! `current` beside the characters. Passing a turn resets that character's
//! action economy and one-slot limit (R9, R10); each new round moves every
//! character's clock one round on, so durations run out (R15).

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use grimoire_rules::{Caster, Combatant, Encounter, Event, concentration_dc};
use grimoire_store::{Change, Entity, Store, name_key};
use serde::{Deserialize, Serialize};

use super::request::{body, campaign, token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

const KIND: &str = "web-encounter";
const NAME: &str = "current";

/// What is stored: the rules' encounter plus an open save prompt.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Tracker {
    encounter: Encounter,
    #[serde(default)]
    prompt: Option<Prompt>,
}

/// A Concentration save the GM should call for after damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Prompt {
    name: String,
    spell: String,
    damage: u32,
    /// DC 10 or half the damage, whichever is higher, at most 30.
    dc: i32,
}

/// One combatant as the tracker shows it.
#[derive(Debug, Clone, Serialize)]
struct CombatantView {
    name: String,
    initiative: i32,
    hp: Option<i32>,
}

/// The encounter's numbers.
#[derive(Debug, Clone, Serialize)]
struct EncounterView {
    round: u32,
    /// Index of the combatant acting; `null` before the first turn.
    turn: Option<usize>,
    combatants: Vec<CombatantView>,
}

/// A spell in effect on the table.
#[derive(Debug, Clone, Serialize)]
struct EffectView {
    spell: String,
    caster: String,
    targets: Vec<String>,
    concentration: bool,
    rounds_left: Option<u64>,
}

/// The tracker's answer to every request.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TrackerView {
    encounter: Option<EncounterView>,
    prompt: Option<Prompt>,
    effects: Vec<EffectView>,
}

/// A combatant to add.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewCombatant {
    name: String,
    #[serde(default)]
    initiative: i32,
    #[serde(default)]
    hp: Option<i32>,
}

/// A new encounter.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewEncounter {
    combatants: Vec<NewCombatant>,
}

/// Damage dealt to a combatant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DamageInput {
    name: String,
    amount: u32,
}

/// How a Concentration save went.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SaveInput {
    name: String,
    kept: bool,
}

fn view(store: &Store) -> Result<TrackerView, ServerError> {
    let tracker = store.find::<Tracker>(KIND, NAME)?;
    let mut effects = Vec::new();
    for c in store.list::<Caster>("character")? {
        let now = c.state.now();
        for o in c.state.ongoing() {
            effects.push(EffectView {
                spell: o.spell.as_str().to_owned(),
                caster: c.name.clone(),
                targets: o.targets.clone(),
                concentration: o.concentration,
                rounds_left: o.expires_at.map(|e| e.saturating_sub(now)),
            });
        }
    }
    Ok(match tracker {
        None => TrackerView {
            encounter: None,
            prompt: None,
            effects,
        },
        Some(t) => {
            let e = &t.state.encounter;
            TrackerView {
                encounter: Some(EncounterView {
                    round: e.round(),
                    turn: e
                        .current()
                        .and_then(|c| e.combatants().iter().position(|x| x.name == c.name)),
                    combatants: e
                        .combatants()
                        .iter()
                        .map(|c| CombatantView {
                            name: c.name.clone(),
                            initiative: c.initiative,
                            hp: c.hp,
                        })
                        .collect(),
                }),
                prompt: t.state.prompt,
                effects,
            }
        }
    })
}

/// The campaign's character whose name matches `name`, if any.
fn character(store: &Store, name: &str) -> Result<Option<Entity<Caster>>, ServerError> {
    let key = name_key(name);
    Ok(store
        .list::<Caster>("character")?
        .into_iter()
        .find(|c| name_key(&c.name) == key))
}

/// Applies `events` to a character and the tracker in one commit.
fn commit(
    store: &mut Store,
    command: &str,
    tracker: Option<(&Entity<Tracker>, &Tracker)>,
    characters: &[(Entity<Caster>, Vec<Event>)],
) -> Result<(), ServerError> {
    let mut change = Change::new(command);
    let all: Vec<&Event> = characters.iter().flat_map(|(_, e)| e).collect();
    change = change.with_events(&all)?;
    if let Some((entity, next)) = tracker {
        change = change.update(KIND, NAME, entity.version, next)?;
    }
    for (c, events) in characters.iter().filter(|(_, e)| !e.is_empty()) {
        let mut next = c.state.clone();
        next.apply_all(events);
        change = change.update("character", &c.name, c.version, &next)?;
    }
    store.commit(&change)?;
    Ok(())
}

fn current(store: &Store) -> Result<Entity<Tracker>, ServerError> {
    store
        .find::<Tracker>(KIND, NAME)?
        .ok_or_else(|| ServerError::invalid("no_encounter", "no encounter is running; start one"))
}

/// Runs a GM-only change and tells the campaign.
async fn gm_step(
    state: AppState,
    headers: HeaderMap,
    campaign: String,
    what: &'static str,
    mut op: impl FnMut(&mut Store) -> Result<(), ServerError> + Send + 'static,
) -> Result<Json<TrackerView>, ServerError> {
    let token = token(&headers)?;
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm(what)?;
            crate::game::retry(store, &mut op)?;
            Ok((me.account.clone(), view(store)?))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "encounter".into(),
        character: None,
        by,
        data: serde_json::to_value(&out).unwrap_or_default(),
    });
    Ok(Json(out))
}

/// `GET`: the encounter, if one runs, and the spells in effect.
pub(crate) async fn show(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TrackerView>, ServerError> {
    let token = token(&headers)?;
    let campaign = campaign(path)?;
    let out = state
        .in_campaign(token, campaign, |_, store| view(store))
        .await?;
    Ok(Json(out))
}

/// `POST`: starts a new encounter (replacing any), first turn begun.
pub(crate) async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
    input: Result<Json<NewEncounter>, JsonRejection>,
) -> Result<Json<TrackerView>, ServerError> {
    let campaign = campaign(path)?;
    let input = body(input)?;
    gm_step(state, headers, campaign, "run encounters", move |store| {
        let combatants = input
            .combatants
            .iter()
            .map(|c| {
                let name = crate::access::check_name("a combatant name", &c.name)?;
                let mut k = Combatant::new(name, c.initiative);
                k.hp = c.hp;
                Ok(k)
            })
            .collect::<Result<Vec<_>, ServerError>>()?;
        let mut encounter = Encounter::new(combatants)?;
        let first = encounter.next_turn();
        encounter.apply_all(&first.events);
        let tracker = Tracker {
            encounter,
            prompt: None,
        };
        let mut change = Change::new("encounter start");
        change = match store.find::<Tracker>(KIND, NAME)? {
            Some(old) => change.update(KIND, NAME, old.version, &tracker)?,
            None => change.create(KIND, NAME, &tracker)?,
        };
        // The first combatant's turn starts fresh.
        if let Some(c) = character(store, &first.combatant)? {
            let mut events = c.state.end_turn().events;
            events.extend(c.state.start_turn().events);
            let mut next = c.state.clone();
            next.apply_all(&events);
            change = change
                .with_events(&events)?
                .update("character", &c.name, c.version, &next)?;
        }
        store.commit(&change)?;
        Ok(())
    })
    .await
}

/// `POST …/next`: the next combatant's turn; a new round moves every
/// character's clock on by one round.
pub(crate) async fn next(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TrackerView>, ServerError> {
    let campaign = campaign(path)?;
    gm_step(state, headers, campaign, "run encounters", |store| {
        let entity = current(store)?;
        let change = entity.state.encounter.next_turn();
        let mut tracker = entity.state.clone();
        tracker.encounter.apply_all(&change.events);
        tracker.prompt = None;
        let mut touched = Vec::new();
        for c in store.list::<Caster>("character")? {
            let mut after = c.state.clone();
            let mut events = Vec::new();
            let mut take = |out: Vec<Event>, after: &mut Caster| {
                after.apply_all(&out);
                events.extend(out);
            };
            if change.new_round {
                let out = after.advance_rounds(1).events;
                take(out, &mut after);
            }
            if name_key(&c.name) == name_key(&change.combatant) {
                let out = after.end_turn().events;
                take(out, &mut after);
                let out = after.start_turn().events;
                take(out, &mut after);
            }
            touched.push((c, events));
        }
        commit(store, "encounter next", Some((&entity, &tracker)), &touched)
    })
    .await
}

/// `POST …/damage`: lowers tracked hit points; a concentrating character
/// gets a save prompt with its DC.
pub(crate) async fn damage(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
    input: Result<Json<DamageInput>, JsonRejection>,
) -> Result<Json<TrackerView>, ServerError> {
    let campaign = campaign(path)?;
    let input = body(input)?;
    gm_step(state, headers, campaign, "run encounters", move |store| {
        let entity = current(store)?;
        let mut tracker = entity.state.clone();
        let found = tracker
            .encounter
            .combatants()
            .iter()
            .find(|c| name_key(&c.name) == name_key(&input.name))
            .cloned()
            .ok_or_else(|| {
                ServerError::invalid(
                    "unknown_combatant",
                    format!("{} is not in the encounter", input.name),
                )
            })?;
        if let Some(hp) = found.hp {
            let left = hp.saturating_sub(i32::try_from(input.amount).unwrap_or(i32::MAX));
            let events = tracker.encounter.set_hp(&found.name, left)?;
            tracker.encounter.apply_all(&events);
        }
        if let Some(c) = character(store, &found.name)?
            && let Some(k) = c.state.concentration()
        {
            tracker.prompt = Some(Prompt {
                name: c.name.clone(),
                spell: k.spell.as_str().to_owned(),
                damage: input.amount,
                dc: concentration_dc(input.amount),
            });
        }
        commit(store, "encounter damage", Some((&entity, &tracker)), &[])
    })
    .await
}

/// `POST …/concentration`: the save's result; a failure ends the spell.
pub(crate) async fn concentration(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
    input: Result<Json<SaveInput>, JsonRejection>,
) -> Result<Json<TrackerView>, ServerError> {
    let campaign = campaign(path)?;
    let input = body(input)?;
    gm_step(state, headers, campaign, "run encounters", move |store| {
        let entity = current(store)?;
        let mut tracker = entity.state.clone();
        tracker.prompt = None;
        let input = &input;
        let mut touched = Vec::new();
        if !input.kept
            && let Some(c) = character(store, &input.name)?
            && c.state.concentration().is_some()
        {
            let events = c.state.drop_concentration()?.events;
            touched.push((c, events));
        }
        commit(
            store,
            "encounter concentration",
            Some((&entity, &tracker)),
            &touched,
        )
    })
    .await
}

/// `DELETE`: ends the encounter.
pub(crate) async fn end(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<TrackerView>, ServerError> {
    let campaign = campaign(path)?;
    gm_step(state, headers, campaign, "run encounters", |store| {
        let entity = current(store)?;
        store.commit(&Change::new("encounter end").delete(KIND, NAME, entity.version))?;
        Ok(())
    })
    .await
}
