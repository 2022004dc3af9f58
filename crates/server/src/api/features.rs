//! Class features, subclasses, feats, invocations and Wild Shape (issue
//! 33): `POST /campaigns/{campaign}/characters/{name}/features` and
//! `…/wild-shape`, thin handlers over [`grimoire_app::features`]. The
//! owner or the GM acts; the token is checked before the body is read.

use axum::Json;
use axum::extract::State;
use grimoire_app::features::{FeatureChoices, WildShapeInput};
use grimoire_app::play::StepReport;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::state::AppState;

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(choose))
        .routes(routes!(wild_shape))
        .routes(routes!(advance))
}

/// Advances the character (issue 34): classes named take the level given
/// (a new class is a multiclass), the ability scores named change; slots,
/// pact slots, Hit Point Dice and a recorded hit point maximum follow
/// (each level gained: half its die + 1 + the Constitution modifier, a
/// changed modifier at every level; `hp: "roll"` rolls each level's Hit
/// Die instead, with `seed` when given), and the class features the new
/// levels reach come with it. Refused as a new character would be
/// (`invalid_class_level`, `duplicate_class`, `invalid_character_level`,
/// `invalid_ability_score`).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/advance", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = grimoire_app::advance::AdvanceInput,
    responses((status = 200, body = StepReport), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
pub(crate) async fn advance(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(input): Body<grimoire_app::advance::AdvanceInput>,
) -> Result<Json<StepReport>, ServerError> {
    // Drawn once: a retried advance rolls what the first attempt would have.
    let seed = grimoire_app::dice_seed(input.seed);
    let report = super::characters::act(
        &state,
        token,
        campaign,
        name,
        "character",
        move |store, name| {
            let catalog = grimoire_app::homebrew::catalog(store)?;
            grimoire_app::retry(store, |store| {
                let mut rng = grimoire_dice::SeededRng::new(seed);
                Ok(grimoire_app::advance::advance_for(
                    store, name, &input, &catalog, &mut rng,
                )?)
            })
        },
    )
    .await?;
    Ok(Json(report))
}

/// Chooses subclasses, feats, invocations, Metamagic options or a class
/// feature that asks for spells, with levels and prerequisites checked
/// (`subclass_level_too_low`, `unknown_subclass`, `prerequisite_missing`,
/// ...); the class features the levels reach come with it. At most 16
/// choices; an empty body only gains the class features.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/features", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = FeatureChoices,
    responses((status = 200, body = StepReport), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
pub(crate) async fn choose(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(choices): Body<FeatureChoices>,
) -> Result<Json<StepReport>, ServerError> {
    let report = super::characters::act(
        &state,
        token,
        campaign,
        name,
        "character",
        move |store, name| {
            let catalog = grimoire_app::homebrew::catalog(store)?;
            grimoire_app::retry(store, |store| {
                Ok(grimoire_app::features::choose_for(
                    store, name, &choices, &catalog,
                )?)
            })
        },
    )
    .await?;
    Ok(Json(report))
}

/// A Druid goes into Wild Shape (a use of it spent) or out of it; in Wild
/// Shape no spell can be cast (`wild_shape_no_casting`), Concentration
/// held goes on.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/wild-shape", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = WildShapeInput,
    responses((status = 200, body = StepReport), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
pub(crate) async fn wild_shape(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(input): Body<WildShapeInput>,
) -> Result<Json<StepReport>, ServerError> {
    let report = super::characters::act(
        &state,
        token,
        campaign,
        name,
        "character",
        move |store, name| {
            grimoire_app::retry(store, |store| {
                Ok(grimoire_app::features::wild_shape_for(store, name, input)?)
            })
        },
    )
    .await?;
    Ok(Json(report))
}
