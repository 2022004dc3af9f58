//! The table log (`GET /campaigns/{campaign}/log`): every member reads
//! the campaign's changes newest first, each cast as its card, a page at
//! a time.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Filter, Params, Token};
use crate::error::ServerError;
use crate::game::{self, LogQuery, TableLog};
use crate::state::AppState;

/// The routes of this module.
pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read))
}

/// The campaign's table log, newest first: each change with the casts it
/// made as cards (every die, saves, damage); a creature's hit points are
/// the GM's alone (members only).
#[utoipa::path(get, path = "/campaigns/{campaign}/log", tag = "campaigns",
    security(("token" = [])), params(("campaign" = String, Path), LogQuery),
    responses((status = 200, body = TableLog), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
async fn read(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Filter(q): Filter<LogQuery>,
) -> Result<Json<TableLog>, ServerError> {
    let page = state
        .read_in_campaign(token, campaign, move |_, store| game::table_log(store, &q))
        .await?;
    Ok(Json(page))
}
