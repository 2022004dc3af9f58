//! Reading a request the way the API does: the bearer token and path,
//! with failures as the API's JSON errors.

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use axum::http::HeaderMap;

use crate::error::ServerError;

/// The bearer token of `Authorization: Bearer <token>`.
pub(super) fn token(headers: &HeaderMap) -> Result<String, ServerError> {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty() && t.len() <= 128)
        .ok_or(ServerError::Unauthorized(
            "missing API token: send Authorization: Bearer <token>",
        ))
}

/// The one path parameter (a campaign id).
pub(super) fn campaign(path: Result<Path<String>, PathRejection>) -> Result<String, ServerError> {
    path.map(|Path(c)| c)
        .map_err(|e| ServerError::invalid("bad_path", e.body_text()))
}
