//! Encounters (GM runs them, members watch): create, add combatants,
//! start, next turn, damage, end, status. Shapes are the CLI's `--json` ones.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Filter, Params, Token};
use crate::error::ServerError;
use crate::game::encounter::{self, CombatantInput, EncounterDamageInput, EncounterHarmInput};
use crate::live::LiveEvent;
use crate::state::AppState;

/// A new encounter.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewEncounter {
    /// Its name, unique in the campaign.
    name: String,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(show))
        .routes(routes!(add))
        .routes(routes!(start))
        .routes(routes!(next))
        .routes(routes!(damage))
        .routes(routes!(harm))
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

/// The answer to ending an encounter (the CLI's `encounter end --json`).
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Ended {
    /// The encounter that ended; its final state stays readable at
    /// `GET /campaigns/{campaign}/encounters/{encounter}`, marked `"ended": true`.
    ended: String,
}

/// Runs a GM-only encounter step and tells the campaign.
async fn gm_step<F>(
    state: &AppState,
    token: String,
    campaign: String,
    what: &'static str,
    op: F,
) -> Result<Value, ServerError>
where
    F: FnOnce(&mut grimoire_store::Store) -> Result<Value, ServerError> + Send + 'static,
{
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm(what)?;
            Ok((me.account.clone(), op(store)?))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "encounter".into(),
        character: None,
        by,
        data: out.clone(),
    });
    Ok(out)
}

/// Creates an encounter (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters", tag = "encounters",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = NewEncounter,
    responses((status = 201, body = Object), (status = 403, body = crate::api::ErrorBody),
              (status = 409, body = crate::api::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<NewEncounter>,
) -> Result<(StatusCode, Json<Value>), ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-create_encounters",
        move |store| encounter::create(store, &body.name),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(out)))
}

/// The campaign's encounters (members).
#[utoipa::path(get, path = "/campaigns/{campaign}/encounters", tag = "encounters",
    security(("token" = [])), params(("campaign" = String, Path)),
    responses((status = 200, body = Object), (status = 403, body = crate::api::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<Value>, ServerError> {
    let out = state
        .read_in_campaign(token, campaign, |_, store| encounter::list(store))
        .await?;
    Ok(Json(out))
}

/// One encounter: order, whose turn, hit points, effects (members). A
/// player gets `hp: null` for every combatant that is not a character: a
/// monster's hit points are the GM's to know.
#[utoipa::path(get, path = "/campaigns/{campaign}/encounters/{encounter}", tag = "encounters",
    security(("token" = [])), params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = Object), (status = 404, body = crate::api::ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<Value>, ServerError> {
    let out = state
        .read_in_campaign(token, campaign, move |_, store| {
            encounter::status(store, &enc)
        })
        .await?;
    Ok(Json(out))
}

/// Adds a combatant before the start (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/combatants",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = CombatantInput,
    responses((status = 200, body = Object), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn add(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CombatantInput>,
) -> Result<Json<Value>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| encounter::add(store, &enc, &body),
    )
    .await?;
    Ok(Json(out))
}

/// Starts the encounter in initiative order (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/start",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = Object), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn start(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<Value>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| encounter::start(store, &enc),
    )
    .await?;
    Ok(Json(out))
}

/// The next turn; each new round ticks every character's durations, and
/// lasting spells harm on the way (`turn_damage`, seeded by `seed`) (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/next",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path), TurnQuery),
    responses((status = 200, body = Object), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn next(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Filter(q): Filter<TurnQuery>,
) -> Result<Json<Value>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| encounter::next(store, &enc, q.seed),
    )
    .await?;
    Ok(Json(out))
}

/// Damage to a combatant, with the Concentration save (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/damage",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = EncounterDamageInput,
    responses((status = 200, body = Object), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn damage(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<EncounterDamageInput>,
) -> Result<Json<Value>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| encounter::damage(store, &enc, &body),
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
    responses((status = 200, body = Object), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn harm(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<EncounterHarmInput>,
) -> Result<Json<Value>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| encounter::harm(store, &enc, &body),
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
    responses((status = 200, body = Ended), (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn end(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<Value>, ServerError> {
    let out = gm_step(
        &state,
        token,
        campaign,
        "server-gm-run_encounters",
        move |store| encounter::end(store, &enc),
    )
    .await?;
    Ok(Json(out))
}
