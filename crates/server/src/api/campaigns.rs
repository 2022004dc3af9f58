//! Campaigns and their members: `POST /campaigns`, `GET /campaigns`,
//! `GET /campaigns/{campaign}`, `POST /campaigns/{campaign}/players`,
//! `DELETE /campaigns/{campaign}/players/{account}`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::access::{self, Campaign};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

/// A new campaign; the caller becomes its GM.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewCampaign {
    /// The id used in URLs: 1–40 of `a-z`, `0-9`, `-`.
    id: String,
    /// A title for people.
    title: String,
}

/// A player to add.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewPlayer {
    /// The player's account name.
    account: String,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(get_one))
        .routes(routes!(add_player))
        .routes(routes!(remove_player))
}

/// Creates a campaign run by the caller.
#[utoipa::path(post, path = "/campaigns", tag = "campaigns", security(("token" = [])),
    request_body = NewCampaign,
    responses((status = 201, body = Campaign), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Token(token): Token,
    Body(body): Body<NewCampaign>,
) -> Result<(StatusCode, Json<Campaign>), ServerError> {
    let mut campaign = state
        .global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::create_campaign(store, &caller, &body.id, &body.title)
        })
        .await?;
    state.show_cli(&mut campaign);
    Ok((StatusCode::CREATED, Json(campaign)))
}

/// The campaigns the caller plays in or runs.
#[utoipa::path(get, path = "/campaigns", tag = "campaigns", security(("token" = [])),
    responses((status = 200, body = Vec<Campaign>), (status = 401, body = crate::api::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    Token(token): Token,
) -> Result<Json<Vec<Campaign>>, ServerError> {
    let mut list = state
        .read_global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::campaigns_of(store, &caller)
        })
        .await?;
    list.iter_mut().for_each(|c| state.show_cli(c));
    Ok(Json(list))
}

/// One campaign (members only).
#[utoipa::path(get, path = "/campaigns/{campaign}", tag = "campaigns", security(("token" = [])),
    params(("campaign" = String, Path, description = "campaign id")),
    responses((status = 200, body = Campaign), (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn get_one(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<Campaign>, ServerError> {
    let member = state
        .read_global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::member(store, &caller, &campaign)
        })
        .await?;
    let mut campaign = member.campaign;
    state.show_cli(&mut campaign);
    Ok(Json(campaign))
}

/// Adds a player (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/players", tag = "campaigns",
    security(("token" = [])), request_body = NewPlayer,
    params(("campaign" = String, Path, description = "campaign id")),
    responses((status = 200, body = Campaign), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn add_player(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<NewPlayer>,
) -> Result<Json<Campaign>, ServerError> {
    let body_account = body.account.clone();
    let (caller, mut updated) = {
        let campaign = campaign.clone();
        state
            .global(move |store| {
                let caller = access::authenticate(store, &token)?;
                // Two instances adding players at once collide on the
                // campaign's version: retried like every other write.
                let updated = grimoire_app::retry(store, |store| {
                    access::add_player(store, &caller, &campaign, &body.account)
                })?;
                Ok((caller, updated))
            })
            .await?
    };
    state.show_cli(&mut updated);
    // The new player hears of it at once on their own channel.
    state.publish(LiveEvent {
        campaign: super::events::account_channel(&body_account),
        kind: "added".into(),
        character: None,
        by: caller.account.clone(),
        data: serde_json::json!({ "campaign": updated.id, "title": updated.title }),
    });
    state.publish(LiveEvent {
        campaign,
        kind: "player".into(),
        character: None,
        by: caller.account,
        data: serde_json::to_value(&updated).unwrap_or_default(),
    });
    Ok(Json(updated))
}

/// Removes a player (GM only). From then on the player can neither read
/// the campaign nor act in it, and their live streams of it end within
/// seconds, on every server instance. Their characters stay in the
/// campaign, still theirs: the GM runs them, and adding the player again
/// gives them back. 404 `unknown_player` when the account holds no
/// player's seat here.
#[utoipa::path(delete, path = "/campaigns/{campaign}/players/{account}", tag = "campaigns",
    security(("token" = [])),
    params(("campaign" = String, Path, description = "campaign id"),
           ("account" = String, Path, description = "the player's account name")),
    responses((status = 204, description = "removed"),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, description = "no such campaign, or no such player in it", body = crate::api::ErrorBody)))]
async fn remove_player(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, account)): Params<(String, String)>,
) -> Result<StatusCode, ServerError> {
    let (caller, mut updated) = {
        let campaign = campaign.clone();
        state
            .global(move |store| {
                let caller = access::authenticate(store, &token)?;
                let updated = grimoire_app::retry(store, |store| {
                    access::remove_player(store, &caller, &campaign, &account)
                })?;
                Ok((caller, updated))
            })
            .await?
    };
    state.show_cli(&mut updated);
    state.publish(LiveEvent {
        campaign,
        kind: "player".into(),
        character: None,
        by: caller.account,
        data: serde_json::to_value(&updated).unwrap_or_default(),
    });
    Ok(StatusCode::NO_CONTENT)
}
