//! `GET /health`: is the server up, and can it reach its database.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ServerError;
use crate::state::AppState;

/// The server's health.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Health {
    /// Always `ok` when the response is 200.
    status: &'static str,
    /// `sqlite` or `postgres`.
    database: &'static str,
    /// The store's schema version.
    schema_version: u32,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

/// Health check: 200 while a write sent now would be taken, by the path
/// writes take (SQLite: the one writer thread begins its next batch and
/// its syncer answers; PostgreSQL: a pool connection answers and the server
/// takes writes). Writes nothing. 503 with the cause's code otherwise
/// (`database_lost`, `read_only`, `database`, `database_unavailable` when
/// the writer or the pool does not answer in time).
#[utoipa::path(get, path = "/health", tag = "server",
    responses((status = 200, body = Health), (status = 503, body = crate::api::ErrorBody)))]
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ServerError> {
    let schema_version = state.health().await?;
    Ok(Json(Health {
        status: "ok",
        database: state.database_kind(),
        schema_version,
    }))
}
