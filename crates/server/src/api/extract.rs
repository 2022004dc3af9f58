//! Request extractors whose rejections are [`ServerError`]s, so a bad body,
//! path or query string gets the same JSON error shape as everything else.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::request::Parts;
use grimoire_words::Message;
use serde::de::DeserializeOwned;

use super::unreadable;
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
        let content_type = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|t| t.to_str().ok());
        if !unreadable::is_json(content_type) {
            return Err(unreadable::not_json_type());
        }
        let bytes = match axum::body::Bytes::from_request(req, state).await {
            Ok(bytes) => bytes,
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ServerError::TooLarge { limit: BODY_LIMIT });
            }
            Err(e) => return Err(unreadable("bad_json", e.body_text())),
        };
        let mut value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|e| unreadable::not_json(&e))?;
        // Every request body is a JSON object, and every struct in it
        // (see `strict`); serde would also read a struct from an array of
        // its fields in order, which no schema says.
        if !value.is_object() {
            return Err(ServerError::invalid("bad_json", "server-body_not_object"));
        }
        whole_numbers_as_integers(&mut value);
        serde_path_to_error::deserialize(super::strict::Strict(value))
            .map(Body)
            .map_err(|e| unreadable::mismatch(&e))
    }
}

/// JSON Schema counts `404.0` as an integer, so a client may send one where
/// the schema says `integer`; it reads as `404` (a fraction stays a float
/// and is refused where an integer is wanted). Every whole `f64` within the
/// range of `i64` (or, above it, of `u64`) is exactly that integer, so a
/// huge one (`9007199254740991.0`) reads as a number too and meets the
/// field's own bound.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    const I64_END: f64 = 9_223_372_036_854_775_808.0; // 2^63
    const U64_END: f64 = 18_446_744_073_709_551_616.0; // 2^64
    match value {
        serde_json::Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| !n.is_i64() && !n.is_u64())
                && f.fract() == 0.0
            {
                if (-I64_END..I64_END).contains(&f) {
                    *n = serde_json::Number::from(f as i64);
                } else if (0.0..U64_END).contains(&f) {
                    *n = serde_json::Number::from(f as u64);
                }
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

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // As axum's `Query` reads it, keeping the parameter's name.
        let query = parts.uri.query().unwrap_or_default();
        let params = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(params)
            .map(Filter)
            .map_err(|e| unreadable::bad_query(&e))
    }
}

/// The bearer token of `Authorization: Bearer <token>`; checked against
/// the store by the handler, together with the campaign it acts in.
pub struct Token(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        bearer(&parts.headers).map(Token)
    }
}

/// The token of `Authorization: Bearer <token>`, or `unauthorized` when
/// the header is missing or not a bearer token.
pub(crate) fn bearer(headers: &axum::http::HeaderMap) -> Result<String, ServerError> {
    let header = headers
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
    Ok(token.to_owned())
}

/// A request part axum could not read (`bad_json`, `bad_path`), with
/// axum's own (English) detail.
fn unreadable(code: &'static str, detail: String) -> ServerError {
    ServerError::invalid_with(
        code,
        Message::new("server-unreadable").text("detail", detail),
    )
}

#[cfg(test)]
mod tests {
    use super::whole_numbers_as_integers;
    use serde_json::json;

    #[test]
    fn whole_floats_read_as_the_integers_json_schema_says_they_are() {
        let mut v = json!({"a": 404.0, "b": 9007199254740991.0, "c": -3.0,
                           "d": 1.0e19, "e": 2.5, "f": [7.0], "g": 1.0e30});
        whole_numbers_as_integers(&mut v);
        assert_eq!(v["a"], json!(404));
        assert_eq!(v["b"], json!(9_007_199_254_740_991_i64));
        assert_eq!(v["c"], json!(-3));
        assert_eq!(v["d"], json!(10_000_000_000_000_000_000_u64));
        assert!(v["e"].is_f64(), "a fraction stays a float");
        assert_eq!(v["f"], json!([7]));
        assert!(v["g"].is_f64(), "beyond u64 it stays a float");
    }

    /// A whole number written with a fraction is parsed exactly, so it
    /// stays whole: Schemathesis sent `"seed": 2241779379511465.0`, which
    /// serde_json's fast float parsing read as 2241779379511464.75 and the
    /// server refused as not an integer (serde_json's `float_roundtrip`).
    #[test]
    fn a_large_whole_float_in_a_body_is_read_exactly() {
        let mut v: serde_json::Value =
            serde_json::from_str(r#"{"seed": 2241779379511465.0}"#).unwrap();
        whole_numbers_as_integers(&mut v);
        assert_eq!(v["seed"], json!(2_241_779_379_511_465_u64));
    }
}
