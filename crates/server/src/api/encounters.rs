//! Encounters (GM runs them, members watch): create, add combatants,
//! start, next turn, damage, end, status. Shapes are the CLI's `--json` ones.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use grimoire_app::encounter_calls::{self as calls, DamageCall, HarmCall, JoinCall};
use grimoire_app::encounter_view::{
    CombatantDamaged, CombatantJoined, CreatureConditionChanged, EncounterCreated, EncounterEnded,
    EncounterList, EncounterStatus,
};
use grimoire_app::{dice_seed, retry};
use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Filter, Params, Token};
use crate::access::check_name;
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

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

/// A condition a stat-block creature of the encounter gains or loses (the
/// GM's one click in its row).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreatureConditionInput {
    /// The creature, as the encounter names it; a character's conditions
    /// are on its own sheet (`…/characters/{name}/conditions`).
    #[schema(min_length = 1, max_length = 64, example = "Cave Mage")]
    creature: String,
    /// The condition (`prone`, `stunned`, ...).
    #[schema(value_type = String, example = "prone")]
    condition: grimoire_rules::Condition,
    /// Removes it instead of adding it.
    #[serde(default)]
    remove: bool,
}

/// A new encounter.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewEncounter {
    /// Its name, unique in the campaign.
    name: String,
    /// What the GM's creatures do at 0 hit points; `die` when left out.
    #[serde(default)]
    creatures_at_zero: Option<AtZero>,
}

/// What the GM's creatures do at 0 hit points, as the table chooses.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum AtZero {
    /// They die and leave the turn order.
    Die,
    /// They drop Unconscious and make death saves like characters.
    Drop,
}

impl AtZero {
    fn rules(way: Option<AtZero>) -> calls::EncounterSettings {
        calls::EncounterSettings {
            creatures_at_zero: way.map(|w| match w {
                AtZero::Die => grimoire_rules::CreaturesAtZero::Die,
                AtZero::Drop => grimoire_rules::CreaturesAtZero::Drop,
            }),
        }
    }
}

/// An encounter's settings to change; one left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SettingsInput {
    /// What the GM's creatures do at 0 hit points: `die`, or `drop` and
    /// make death saves as their turns begin.
    #[serde(default)]
    creatures_at_zero: Option<AtZero>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(show))
        .routes(routes!(add))
        .routes(routes!(start))
        .routes(routes!(settings))
        .routes(routes!(next))
        .routes(routes!(damage))
        .routes(routes!(harm))
        .routes(routes!(condition))
        .routes(routes!(end))
}

/// How the next turn rolls its dice.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct TurnQuery {
    /// Seeds the lasting spells' damage and saves at the turn's change
    /// (the CLI's `--seed`); random when left out. The answer's `seed`
    /// replays them.
    #[param(minimum = 0)]
    seed: Option<u64>,
}

/// Runs a GM-only encounter step (retried after version conflicts) and
/// tells the campaign.
async fn gm_step<T, F>(
    state: &AppState,
    token: String,
    campaign: String,
    what: &'static str,
    mut op: F,
) -> Result<T, ServerError>
where
    T: Serialize + Send + 'static,
    F: FnMut(&mut grimoire_store::Store) -> Result<T, ServerError> + Send + 'static,
{
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm(what)?;
            let out = retry(store, &mut op)?;
            Ok((me.account.clone(), out))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "encounter".into(),
        character: None,
        by,
        data: serde_json::to_value(&out).unwrap_or_default(),
    });
    Ok(out)
}

/// Creates an encounter (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters", tag = "encounters",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = NewEncounter,
    responses((status = 201, body = EncounterCreated), (status = 403, body = crate::api::ErrorBody),
              (status = 409, body = crate::api::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<NewEncounter>,
) -> Result<(StatusCode, Json<EncounterCreated>), ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-create_encounters",
        move |store| {
            let name = check_name(grimoire_app::NameKind::Encounter, &body.name)?;
            Ok(calls::new_encounter_with(
                store,
                &name,
                &AtZero::rules(body.creatures_at_zero),
                format!("encounter new {name}"),
            )?)
        },
    )
    .await?;
    Ok((StatusCode::CREATED, Json(out)))
}

/// The campaign's encounters (members).
#[utoipa::path(get, path = "/campaigns/{campaign}/encounters", tag = "encounters",
    security(("token" = [])), params(("campaign" = String, Path)),
    responses((status = 200, body = EncounterList), (status = 403, body = crate::api::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<EncounterList>, ServerError> {
    let out = state
        .read_in_campaign(token, campaign, |_, store| {
            Ok(calls::list_encounters(store)?)
        })
        .await?;
    Ok(Json(out))
}

/// One encounter: order, whose turn, hit points, effects (members); an
/// ended one's final state, marked `"ended": true`. A player gets `null`
/// for every creature's numbers (`hp`, `stats`): they are the GM's to know.
#[utoipa::path(get, path = "/campaigns/{campaign}/encounters/{encounter}", tag = "encounters",
    security(("token" = [])), params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = EncounterStatus), (status = 404, body = crate::api::ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<EncounterStatus>, ServerError> {
    let out = state
        .read_in_campaign(token, campaign, move |_, store| {
            Ok(calls::show_encounter(store, &enc)?)
        })
        .await?;
    Ok(Json(out))
}

/// Adds a combatant before the start (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/combatants",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = CombatantInput,
    responses((status = 200, body = CombatantJoined), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn add(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CombatantInput>,
) -> Result<Json<CombatantJoined>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            let name = check_name(grimoire_app::NameKind::Combatant, &body.name)?;
            let call = JoinCall {
                command: format!("encounter add {enc} {name}"),
                encounter: enc.clone(),
                name,
                initiative: Some(body.initiative),
                hp: body.hp,
                stats: None,
                creature_type: None,
                reacts_to_allies: body.reacts_to_allies,
                before_start_only: true,
            };
            // The initiative is given, so nothing is rolled.
            Ok(calls::join_encounter(store, &call, &mut SeededRng::new(0))?)
        },
    )
    .await?;
    Ok(Json(out))
}

/// Changes an encounter's settings, before or during the fight (GM
/// only): whether its creatures die or drop at 0 hit points.
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/settings",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = SettingsInput,
    responses((status = 200, body = EncounterStatus), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn settings(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<SettingsInput>,
) -> Result<Json<EncounterStatus>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            Ok(calls::set_encounter(
                store,
                &enc,
                &AtZero::rules(body.creatures_at_zero),
                format!("encounter set {enc}"),
            )?)
        },
    )
    .await?;
    Ok(Json(out))
}

/// Starts the encounter in initiative order (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/start",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = EncounterStatus), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn start(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<EncounterStatus>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            Ok(calls::start_encounter(
                store,
                &enc,
                format!("encounter start {enc}"),
            )?)
        },
    )
    .await?;
    Ok(Json(out))
}

/// The next turn; each new round ticks every character's durations, and
/// lasting spells harm on the way (`turn_damage`, seeded by `seed`) (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/next",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path), TurnQuery),
    responses((status = 200, body = EncounterStatus), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn next(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Filter(q): Filter<TurnQuery>,
) -> Result<Json<EncounterStatus>, ServerError> {
    let seed = dice_seed(q.seed);
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            let mut rng = SeededRng::new(seed);
            let done = calls::next_turn_in(store, &enc, format!("encounter next {enc}"), &mut rng)?;
            Ok(EncounterStatus {
                seed: Some(seed),
                ..done.status
            })
        },
    )
    .await?;
    Ok(Json(out))
}

/// Damage to a combatant, with the Concentration save (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/damage",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = EncounterDamageInput,
    responses((status = 200, body = CombatantDamaged), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn damage(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<EncounterDamageInput>,
) -> Result<Json<CombatantDamaged>, ServerError> {
    let seed = dice_seed(body.seed);
    let call = DamageCall {
        command: format!("encounter damage {enc} {} {}", body.target, body.amount),
        encounter: enc,
        target: body.target,
        amount: body.amount,
        damage_type: None,
    };
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            Ok(calls::damage_combatant(
                store,
                &call,
                &mut SeededRng::new(seed),
            )?)
        },
    )
    .await?;
    Ok(Json(out))
}

/// A lasting spell harms a creature that comes into it: it enters Spirit
/// Guardians or Moonbeam, the area moves onto it, Flaming Sphere is rammed
/// into it (`turn_damage` with `at` = `enter`, seeded by `seed`) (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/harm",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = EncounterHarmInput,
    responses((status = 200, body = EncounterStatus), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn harm(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<EncounterHarmInput>,
) -> Result<Json<EncounterStatus>, ServerError> {
    let seed = dice_seed(body.seed);
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            let spell = Catalog::srd().lookup(&body.spell)?.spell.clone();
            let call = HarmCall {
                command: format!("encounter harm {enc} {} {}", body.creature, spell.id),
                encounter: enc.clone(),
                creature: body.creature.clone(),
                spell,
                caster: body.caster.clone(),
            };
            let answer = calls::harm_entering(store, &call, &mut SeededRng::new(seed))?;
            Ok(EncounterStatus {
                seed: Some(seed),
                ..answer
            })
        },
    )
    .await?;
    Ok(Json(out))
}

/// A stat-block creature gains or loses a condition (GM only);
/// Incapacitated and the conditions that include it end its
/// Concentration. Every seat sees the creature's conditions in the
/// encounter's status and hears the change live (kind `encounter`); a
/// character is refused (`invalid_request`): its conditions are its
/// sheet's.
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/conditions",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = CreatureConditionInput,
    responses((status = 200, body = CreatureConditionChanged), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody,
               description = "not a creature of the running encounter (unknown_combatant), one without a stat block (not_a_caster), a character (invalid_request), no running encounter")))]
async fn condition(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CreatureConditionInput>,
) -> Result<Json<CreatureConditionChanged>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            let name = check_name(grimoire_app::NameKind::Combatant, &body.creature)?;
            let (toggle, verb) = if body.remove {
                (grimoire_app::Toggle::Remove, "remove")
            } else {
                (grimoire_app::Toggle::Add, "add")
            };
            Ok(calls::creature_condition_in(
                store,
                &enc,
                &name,
                body.condition,
                toggle,
                format!(
                    "encounter condition {enc} {name} {verb} {}",
                    grimoire_words::Named::name_en(body.condition)
                ),
            )?)
        },
    )
    .await?;
    Ok(Json(out))
}

/// Ends the encounter (GM only): it leaves the running encounters, its
/// final state is kept (shown by the encounter's `GET`, marked
/// `"ended": true`, its log intact) and its name is free for a new one.
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/end",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = EncounterEnded), (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn end(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<EncounterEnded>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| {
            Ok(calls::end_encounter(
                store,
                &enc,
                format!("encounter end {enc}"),
            )?)
        },
    )
    .await?;
    Ok(Json(out))
}
