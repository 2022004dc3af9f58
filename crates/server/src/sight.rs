//! The one step every campaign answer passes through on its way to a
//! player: [`grimoire_app::seat::Seat::redact`] over the JSON body.
//!
//! The seat is learnt where membership is checked
//! ([`crate::state::AppState`]'s campaign calls record it with [`record`]),
//! so a handler cannot forget it: the middleware [`redact_answers`] holds a
//! slot for the request, the membership check fills it, and the answer is
//! redacted for that seat after the handler returns. A campaign answer
//! whose seat was never recorded is redacted as a player who knows no
//! character (it hides too much, never too little). Live events pass
//! through the same `Seat::redact` in `api::events`.

use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use grimoire_app::seat::Seat;

use crate::error::ServerError;

/// The largest answer body the redaction reads (a page of 500 log
/// entries is far below it); a larger one is refused as an internal
/// error rather than sent unread.
pub const MAX_REDACTED_BODY: usize = 64 * 1024 * 1024;

tokio::task_local! {
    static SEAT: Arc<Mutex<Option<Seat>>>;
}

/// Records who is asking, for the answer of the request being served (a
/// no-op outside [`redact_answers`], as in a background task).
pub(crate) fn record(seat: Seat) {
    let _ = SEAT.try_with(|slot| {
        *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(seat);
    });
}

/// Redacts each campaign answer (`/campaigns/{c}/...`, JSON, success) for
/// the seat its request recorded.
pub(crate) async fn redact_answers(req: Request, next: Next) -> Response {
    if !req.uri().path().starts_with("/campaigns/") {
        return next.run(req).await;
    }
    let slot = Arc::new(Mutex::new(None));
    let res = SEAT.scope(Arc::clone(&slot), next.run(req)).await;
    let seat = slot.lock().unwrap_or_else(|p| p.into_inner()).take();
    let json = res
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !res.status().is_success() || !json || seat.as_ref().is_some_and(Seat::sees_everything) {
        return res;
    }
    let seat = seat.unwrap_or_else(|| Seat::player(Vec::<String>::new()));
    let (mut parts, body) = res.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_REDACTED_BODY).await else {
        return ServerError::Internal("an answer too large to redact".into()).into_response();
    };
    match seat.redact_json(&bytes) {
        // Nothing to hide: the answer goes as it was, unparsed.
        Ok(None) => Response::from_parts(parts, Body::from(bytes)),
        Ok(Some(redacted)) => {
            parts.headers.remove(CONTENT_LENGTH);
            Response::from_parts(parts, Body::from(redacted))
        }
        Err(_) => ServerError::Internal("an answer that is not JSON".into()).into_response(),
    }
}
