//! Invites to a campaign: `POST /campaigns/{campaign}/invites`,
//! `GET /campaigns/{campaign}/invites`,
//! `DELETE /campaigns/{campaign}/invites/{id}` (the GM's), and
//! `POST /invites/accept` (any signed-in account holding a code).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::access::{self, Campaign, Invite};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

/// How many players an invite admits and for how long.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewInvite {
    /// Players it admits (default 6).
    #[serde(default = "default_uses")]
    #[schema(minimum = 1, maximum = 50, default = 6)]
    uses: u16,
    /// Hours it lasts (default 72).
    #[serde(default = "default_hours")]
    #[schema(minimum = 1, maximum = 336, default = 72)]
    hours: u16,
}

fn default_uses() -> u16 {
    6
}

fn default_hours() -> u16 {
    72
}

/// A fresh invite; the code is shown only now.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct MadeInvite {
    /// Give it to the players, or the link `/#join=<code>` on this server.
    code: String,
    /// Its public id and bounds, as `GET …/invites` lists it.
    #[serde(flatten)]
    invite: Invite,
}

/// An invite code to accept.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct InviteCode {
    /// The code the GM gave (`gmi_` and 32 hex digits).
    #[schema(
        min_length = 1,
        max_length = 100,
        example = "gmi_0123456789abcdef0123456789abcdef"
    )]
    code: String,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(make_invite, list_invites))
        .routes(routes!(revoke_invite))
        .routes(routes!(accept_invite))
}

/// Makes an invite to the campaign (GM only): a code, shown once, that
/// seats up to `uses` players for `hours`. At most 20 live invites a
/// campaign (422 `too_many_invites`).
#[utoipa::path(post, path = "/campaigns/{campaign}/invites", tag = "campaigns",
    security(("token" = [])), request_body = NewInvite,
    params(("campaign" = String, Path, description = "campaign id")),
    responses((status = 201, body = MadeInvite),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
async fn make_invite(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<NewInvite>,
) -> Result<(StatusCode, Json<MadeInvite>), ServerError> {
    let (code, invite) = state
        .global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::create_invite(store, &caller, &campaign, body.uses, body.hours)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(MadeInvite { code, invite })))
}

/// The campaign's live invites, oldest first (GM only; never their codes).
#[utoipa::path(get, path = "/campaigns/{campaign}/invites", tag = "campaigns",
    security(("token" = [])),
    params(("campaign" = String, Path, description = "campaign id")),
    responses((status = 200, body = Vec<Invite>),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn list_invites(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<Vec<Invite>>, ServerError> {
    let list = state
        .read_global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::invites_of(store, &caller, &campaign)
        })
        .await?;
    Ok(Json(list))
}

/// Revokes an invite (GM only): its code seats nobody from now on. 404
/// `unknown_invite` when the campaign has no such live invite.
#[utoipa::path(delete, path = "/campaigns/{campaign}/invites/{id}", tag = "campaigns",
    security(("token" = [])),
    params(("campaign" = String, Path, description = "campaign id"),
           ("id" = String, Path, description = "the invite's public id")),
    responses((status = 204, description = "revoked"),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, description = "no such campaign, or no such invite in it", body = crate::api::ErrorBody)))]
async fn revoke_invite(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, id)): Params<(String, String)>,
) -> Result<StatusCode, ServerError> {
    state
        .global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::revoke_invite(store, &caller, &campaign, &id)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Takes a player's seat in the invite's campaign and spends one of its
/// uses; a member already seated keeps their seat and spends nothing.
/// 404 `invite_unusable` for a code that is unknown, revoked, used up or
/// expired.
#[utoipa::path(post, path = "/invites/accept", tag = "campaigns",
    security(("token" = [])), request_body = InviteCode,
    responses((status = 200, body = Campaign),
              (status = 401, body = crate::api::ErrorBody),
              (status = 404, description = "the code seats nobody", body = crate::api::ErrorBody)))]
async fn accept_invite(
    State(state): State<AppState>,
    Token(token): Token,
    Body(body): Body<InviteCode>,
) -> Result<Json<Campaign>, ServerError> {
    let (caller, joined) = state
        .global(move |store| {
            let caller = access::authenticate(store, &token)?;
            // Two players taking the last seats at once collide on the
            // campaign's (or the invite's) version: retried.
            let joined = grimoire_app::retry(store, |store| {
                access::accept_invite(store, &caller, &body.code)
            })?;
            Ok((caller, joined))
        })
        .await?;
    let mut campaign = joined.campaign;
    state.show_cli(&mut campaign);
    if joined.seated {
        // The player's other tabs, and everyone at the table, hear of it.
        state.publish(LiveEvent {
            campaign: super::events::account_channel(&caller.account),
            kind: "added".into(),
            character: None,
            by: caller.account.clone(),
            data: serde_json::json!({ "campaign": campaign.id, "title": campaign.title }),
        });
        state.publish(LiveEvent {
            campaign: campaign.id.clone(),
            kind: "player".into(),
            character: None,
            by: caller.account,
            data: serde_json::to_value(&campaign).unwrap_or_default(),
        });
    }
    Ok(Json(campaign))
}
