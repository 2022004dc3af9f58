//! Request extractors whose rejections are [`ServerError`]s, so a bad body,
//! path or query string gets the same JSON error shape as everything else.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use grimoire_words::Message;
use serde::de::DeserializeOwned;

use crate::error::ServerError;

/// The largest request body the API reads, in bytes (2 MiB); a larger one
/// is refused with 413 `body_too_large` before it is parsed.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// A JSON body.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ServerError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let mut value = match axum::Json::<serde_json::Value>::from_request(req, state).await {
            Ok(axum::Json(v)) => v,
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ServerError::TooLarge { limit: BODY_LIMIT });
            }
            Err(e) => return Err(unreadable("bad_json", e.body_text())),
        };
        // Every request body is a JSON object; serde would also read a
        // struct from an array of its fields in order, which no schema says.
        if !value.is_object() {
            return Err(ServerError::invalid("bad_json", "server-body_not_object"));
        }
        whole_numbers_as_integers(&mut value);
        serde_path_to_error::deserialize(value)
            .map(Body)
            .map_err(|e| {
                ServerError::invalid_with(
                    "bad_json",
                    Message::new("server-body_mismatch").text("detail", e.to_string()),
                )
            })
    }
}

/// JSON Schema counts `404.0` as an integer, so a client may send one where
/// the schema says `integer`; it reads as `404` (a fraction stays a float
/// and is refused where an integer is wanted).
fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| !n.is_i64() && !n.is_u64())
                && f.fract() == 0.0
                && f.abs() < 9.0e15
            {
                // Below 2^53 every whole f64 is exactly an i64.
                #[allow(clippy::cast_possible_truncation)]
                let whole = f as i64;
                *n = serde_json::Number::from(whole);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        serde_json::Value::Object(map) => map.values_mut().for_each(whole_numbers_as_integers),
        _ => {}
    }
}

/// Path parameters.
pub struct Params<T>(pub T);

impl<S, T> FromRequestParts<S> for Params<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Params(v)),
            Err(e) => Err(unreadable("bad_path", e.body_text())),
        }
    }
}

/// Query-string parameters.
pub struct Filter<T>(pub T);

impl<S, T> FromRequestParts<S> for Filter<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Filter(v)),
            Err(e) => Err(unreadable("bad_query", e.body_text())),
        }
    }
}

/// The bearer token of `Authorization: Bearer <token>`; checked against
/// the store by the handler, together with the campaign it acts in.
pub struct Token(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .ok_or_else(|| ServerError::Unauthorized(Message::new("server-token-missing")))?;
        let text = header
            .to_str()
            .map_err(|_| ServerError::Unauthorized(Message::new("server-token-malformed")))?;
        let token = text
            .strip_prefix("Bearer ")
            .or_else(|| text.strip_prefix("bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty() && t.len() <= 128)
            .ok_or_else(|| ServerError::Unauthorized(Message::new("server-token-not_bearer")))?;
        Ok(Token(token.to_owned()))
    }
}

/// A request part axum could not read (`bad_json`, `bad_path`,
/// `bad_query`), with axum's own (English) detail.
fn unreadable(code: &'static str, detail: String) -> ServerError {
    ServerError::invalid_with(
        code,
        Message::new("server-unreadable").text("detail", detail),
    )
}
