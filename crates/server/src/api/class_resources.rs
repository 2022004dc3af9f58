//! Class resources (issue 33): Font of Magic, Innate Sorcery and Magical
//! Cunning on a character, each one `grimoire_app::class_resources` use
//! case. (Arcane Recovery and Sorcerous Restoration ride on a Short Rest:
//! `POST .../rests` with `arcane_recovery` or `sorcerous_restoration`.)

use axum::Json;
use axum::extract::State;
use grimoire_app::class_resources::{self, FontInput};
use grimoire_app::play::StepReport;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::characters::act;
use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::state::AppState;

/// The class resource routes.
pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(font))
        .routes(routes!(innate))
        .routes(routes!(cunning))
}

/// Font of Magic (Sorcerer 2+): a slot becomes Sorcery Points equal to
/// its level (no action), or points become a slot of level 1-5 as a
/// Bonus Action (2024 cost table; gone on a Long Rest).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/font-of-magic", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = FontInput,
    responses((status = 200, body = StepReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `no_sorcery_points`, `sorcery_points_full`, `slot_too_high_to_create`, `sorcerer_level_too_low`, `feature_not_had`, `no_slot_available`, `action_unavailable`", body = crate::api::ErrorBody)))]
async fn font(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<FontInput>,
) -> Result<Json<StepReport>, ServerError> {
    let report = act(&state, token, campaign, name, "font", move |store, name| {
        grimoire_app::retry(store, |store| {
            Ok(class_resources::font(store, name, &body)?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// Innate Sorcery (Sorcerer 1+): a Bonus Action, 1 minute of +1 save DC
/// and Advantage on attack rolls of Sorcerer spells; two uses per Long
/// Rest, then (Sorcerer 7+) 2 Sorcery Points.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/innate-sorcery", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = StepReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `innate_sorcery_active`, `no_feature_uses`, `no_sorcery_points`, `feature_not_had`, `action_unavailable`", body = crate::api::ErrorBody)))]
async fn innate(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<StepReport>, ServerError> {
    let report = act(
        &state,
        token,
        campaign,
        name,
        "innate",
        move |store, name| {
            grimoire_app::retry(store, |store| Ok(class_resources::innate(store, name)?))
        },
    )
    .await?;
    Ok(Json(report))
}

/// Magical Cunning (Warlock 2+): a 1-minute rite that brings back
/// expended Pact slots, up to half of them rounded up, once per Long Rest.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/magical-cunning", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = StepReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused: `magical_cunning_used`, `nothing_to_recover`, `feature_not_had`", body = crate::api::ErrorBody)))]
async fn cunning(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<StepReport>, ServerError> {
    let report = act(
        &state,
        token,
        campaign,
        name,
        "cunning",
        move |store, name| {
            grimoire_app::retry(store, |store| Ok(class_resources::cunning(store, name)?))
        },
    )
    .await?;
    Ok(Json(report))
}
