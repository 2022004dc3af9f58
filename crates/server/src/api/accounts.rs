//! Accounts and API tokens: `POST /accounts`, `GET /me`, `POST /me/tokens`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Token};
use crate::access::{self, Account, Campaign};
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
        .routes(routes!(new_token))
}

/// Creates an account and returns its first API token (stored hashed).
#[utoipa::path(post, path = "/accounts", tag = "accounts", request_body = NewAccount,
    responses((status = 201, body = Registered), (status = 400, body = crate::api::ErrorBody),
              (status = 409, description = "name taken", body = crate::api::ErrorBody)))]
async fn register(
    State(state): State<AppState>,
    Body(body): Body<NewAccount>,
) -> Result<(StatusCode, Json<Registered>), ServerError> {
    let (account, token) = state
        .global(move |store| access::register(store, &body.name))
        .await?;
    Ok((StatusCode::CREATED, Json(Registered { account, token })))
}

/// The caller's account and campaigns.
#[utoipa::path(get, path = "/me", tag = "accounts", security(("token" = [])),
    responses((status = 200, body = Me), (status = 401, body = crate::api::ErrorBody)))]
async fn me(State(state): State<AppState>, Token(token): Token) -> Result<Json<Me>, ServerError> {
    let me = state
        .global(move |store| {
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

/// Issues another token for the caller (e.g. one per device).
#[utoipa::path(post, path = "/me/tokens", tag = "accounts", security(("token" = [])),
    responses((status = 201, body = NewToken), (status = 401, body = crate::api::ErrorBody)))]
async fn new_token(
    State(state): State<AppState>,
    Token(token): Token,
) -> Result<(StatusCode, Json<NewToken>), ServerError> {
    let token = state
        .global(move |store| {
            let caller = access::authenticate(store, &token)?;
            access::issue_token(store, &caller)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(NewToken { token })))
}
