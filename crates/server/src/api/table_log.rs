//! The table log (`GET /campaigns/{campaign}/log`): every member reads
//! the campaign's changes newest first, each cast as its card, a page at
//! a time ([`grimoire_app::table_log`]).

use axum::Json;
use axum::extract::State;
use grimoire_app::table_log::{DEFAULT_PAGE, TableLog};
use grimoire_store::Store;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Filter, Params, Token};
use crate::error::ServerError;
use crate::state::AppState;

/// The page asked for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct LogQuery {
    /// At most this many entries (default 30, at most 200).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u32>,
    /// Only entries older than this change (the `next` of the page before).
    #[param(minimum = 1)]
    pub before: Option<i64>,
}

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
    let limit = q.limit.unwrap_or(DEFAULT_PAGE);
    if limit == 0 || limit > Store::MAX_RECENT {
        return Err(ServerError::invalid_with(
            "bad_limit",
            grimoire_words::Message::new("server-range-to")
                .text("field", "limit")
                .number("min", 1)
                .number("max", i64::from(Store::MAX_RECENT)),
        ));
    }
    if q.before.is_some_and(|b| b < 1) {
        return Err(ServerError::invalid("bad_before", "server-bad_before"));
    }
    let page = state
        .read_in_campaign(token, campaign, move |_, store| {
            Ok(grimoire_app::table_log::table_log(store, limit, q.before)?)
        })
        .await?;
    Ok(Json(page))
}
