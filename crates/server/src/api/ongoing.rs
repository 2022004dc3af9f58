//! Ongoing magic on a character (issue 32): dropping Concentration,
//! dismissing a spell (R15), carrying on a long casting (R12), studying a
//! spell in effect (R22) and moving Hex or Hunter's Mark, each one
//! `grimoire_app::ongoing` use case as the CLI and MCP call it. The owner
//! or the GM acts; each change is told to the campaign as `ongoing`.

use axum::Json;
use axum::extract::State;
use grimoire_app::ongoing::{
    self, CastingInput, DismissInput, IdentifyInput, IdentifyReport, OngoingReport, RetargetInput,
};
use grimoire_dice::SeededRng;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::characters::act;
use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::state::AppState;

/// The live event kind every route here publishes.
const KIND: &str = "ongoing";

/// The ongoing-magic routes.
pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(drop_concentration))
        .routes(routes!(dismiss))
        .routes(routes!(casting))
        .routes(routes!(identify))
        .routes(routes!(retarget))
}

/// Ends the character's Concentration (no action needed).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/drop-concentration", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = OngoingReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `no_concentration`", body = crate::api::ErrorBody)))]
async fn drop_concentration(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<OngoingReport>, ServerError> {
    let report = act(&state, token, campaign, name, KIND, move |store, name| {
        grimoire_app::retry(store, |store| {
            Ok(ongoing::drop_concentration(store, name, None)?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// Dismisses one of the character's ongoing spells that may be dismissed
/// (R15), by its effect number.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/dismiss", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = DismissInput,
    responses((status = 200, body = OngoingReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `unknown_effect`, `not_dismissible`, `incapacitated`", body = crate::api::ErrorBody)))]
async fn dismiss(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<DismissInput>,
) -> Result<Json<OngoingReport>, ServerError> {
    let report = act(&state, token, campaign, name, KIND, move |store, name| {
        grimoire_app::retry(store, |store| {
            Ok(ongoing::dismiss(store, name, None, body)?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// Carries on a casting of a minute or more with this turn's Magic action,
/// or gives it up with no slot spent (R12).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/casting", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = CastingInput,
    responses((status = 200, body = OngoingReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `no_casting_in_progress`, `incapacitated`, `action_unavailable`", body = crate::api::ErrorBody)))]
async fn casting(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<CastingInput>,
) -> Result<Json<OngoingReport>, ServerError> {
    let report = act(&state, token, campaign, name, KIND, move |store, name| {
        grimoire_app::retry(store, |store| {
            Ok(ongoing::casting(store, name, None, body)?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// Studies a spell in effect at the table with the Study action: a DC 15
/// Intelligence (Arcana) check (R22).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/identify", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = IdentifyInput,
    responses((status = 200, body = IdentifyReport), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `not_ongoing`, `incapacitated`, `action_unavailable`", body = crate::api::ErrorBody)))]
async fn identify(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<IdentifyInput>,
) -> Result<Json<IdentifyReport>, ServerError> {
    let report = act(&state, token, campaign, name, KIND, move |store, name| {
        let seed = grimoire_app::dice_seed(body.seed);
        grimoire_app::retry(store, |store| {
            Ok(ongoing::identify(
                store,
                name,
                None,
                &body,
                &mut SeededRng::new(seed),
            )?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// Moves Hex or Hunter's Mark to a new creature once its target has
/// dropped to 0 hit points, with a Bonus Action.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/retarget", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = RetargetInput,
    responses((status = 200, body = OngoingReport), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `not_ongoing`, `unknown_effect`, `target_still_standing`, `not_movable`, `action_unavailable`", body = crate::api::ErrorBody)))]
async fn retarget(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<RetargetInput>,
) -> Result<Json<OngoingReport>, ServerError> {
    let report = act(&state, token, campaign, name, KIND, move |store, name| {
        grimoire_app::retry(store, |store| {
            Ok(ongoing::retarget(store, name, None, &body)?)
        })
    })
    .await?;
    Ok(Json(report))
}
