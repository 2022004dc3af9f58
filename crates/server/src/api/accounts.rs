//! Accounts and API tokens: `POST /accounts`, `GET /me`, `POST /me/tokens`,
//! `GET /me/tokens`, `DELETE /me/tokens/{id}` (`current` logs out).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::PeerAddr;
use crate::access::{self, Account, Campaign, TokenInfo};
use crate::error::ServerError;
use crate::state::AppState;

/// A new account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewAccount {
    /// The account name (1–64 characters, unique without regard to case).
    name: String,
}

/// A new account with its first token; the token is shown only now.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Registered {
    account: Account,
    /// Send as `Authorization: Bearer <token>`.
    token: String,
}

/// A fresh token.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct NewToken {
    /// Send as `Authorization: Bearer <token>`.
    token: String,
    /// Its public id and lifetime, as `GET /me/tokens` lists it.
    #[serde(flatten)]
    info: TokenInfo,
}

/// The address a request came over, when it came over the network.
fn ip(peer: Option<axum::Extension<PeerAddr>>) -> Option<std::net::IpAddr> {
    peer.map(|axum::Extension(PeerAddr(addr))| addr.ip())
}

/// Who the caller is and where they play.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Me {
    account: Account,
    campaigns: Vec<Campaign>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(me))
        .routes(routes!(new_token, list_tokens))
        .routes(routes!(revoke_token))
}

/// Creates an account and returns its first API token (stored hashed).
#[utoipa::path(post, path = "/accounts", tag = "accounts", request_body = NewAccount,
    responses((status = 201, body = Registered), (status = 400, body = crate::api::ErrorBody),
              (status = 409, description = "name taken", body = crate::api::ErrorBody),
              (status = 429, description = "too many accounts from this address", body = crate::api::ErrorBody)))]
async fn register(
    State(state): State<AppState>,
    peer: Option<axum::Extension<PeerAddr>>,
    Body(body): Body<NewAccount>,
) -> Result<(StatusCode, Json<Registered>), ServerError> {
    state.limiter().account(ip(peer))?;
    let ttl = state.token_ttl();
    let (account, token) = state
        .global(move |store| access::register(store, &body.name, ttl))
        .await?;
    Ok((StatusCode::CREATED, Json(Registered { account, token })))
}

/// The caller's account and campaigns.
#[utoipa::path(get, path = "/me", tag = "accounts", security(("token" = [])),
    responses((status = 200, body = Me), (status = 401, body = crate::api::ErrorBody)))]
async fn me(State(state): State<AppState>, Token(token): Token) -> Result<Json<Me>, ServerError> {
    let me = state
        .read_global(move |store| {
            let caller = access::authenticate(store, &token)?;
            Ok(Me {
                campaigns: access::campaigns_of(store, &caller)?,
                account: Account {
                    name: caller.account,
                },
            })
        })
        .await?;
    Ok(Json(me))
}

/// Issues another token for the caller (e.g. one per device); it expires
/// after the server's token lifetime (30 days unless set otherwise).
#[utoipa::path(post, path = "/me/tokens", tag = "accounts", security(("token" = [])),
    responses((status = 201, body = NewToken), (status = 400, description = "too many tokens", body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody),
              (status = 429, description = "too many tokens from this address", body = crate::api::ErrorBody)))]
async fn new_token(
    State(state): State<AppState>,
    peer: Option<axum::Extension<PeerAddr>>,
    Token(token): Token,
) -> Result<(StatusCode, Json<NewToken>), ServerError> {
    state.limiter().token(ip(peer))?;
    let ttl = state.token_ttl();
    let (token, info) = state
        .global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::issue_token(store, &caller, ttl)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(NewToken { token, info })))
}

/// The caller's live tokens: public ids and lifetimes, never the secrets.
#[utoipa::path(get, path = "/me/tokens", tag = "accounts", security(("token" = [])),
    responses((status = 200, body = Vec<TokenInfo>), (status = 401, body = crate::api::ErrorBody)))]
async fn list_tokens(
    State(state): State<AppState>,
    Token(token): Token,
) -> Result<Json<Vec<TokenInfo>>, ServerError> {
    let list = state
        .read_global(move |store| access::list_tokens(store, &token))
        .await?;
    Ok(Json(list))
}

/// Revokes one of the caller's tokens by id; `current` revokes the token
/// the request is made with (logging out). It stops working at once.
#[utoipa::path(delete, path = "/me/tokens/{id}", tag = "accounts", security(("token" = [])),
    params(("id" = String, Path, description = "a token id from GET /me/tokens, or `current`")),
    responses((status = 204, description = "revoked"), (status = 401, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn revoke_token(
    State(state): State<AppState>,
    Token(token): Token,
    Params(id): Params<String>,
) -> Result<StatusCode, ServerError> {
    state
        .global(move |store| access::revoke_token(store, &token, &id))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
