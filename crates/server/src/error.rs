//! The one error type of the server and its mapping to HTTP, in one place.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use grimoire_app::AppError;
use grimoire_catalog::CatalogError;
use grimoire_rules::RulesError;
use grimoire_store::StoreError;
use grimoire_words::{Message, Words};

/// Everything a request (or starting the server) can fail with.
///
/// Each variant has a stable machine [`code`](ServerError::code), the same
/// codes the CLI prints with `--json`; [`status`](ServerError::status) is the
/// only place that decides HTTP status codes. What a person reads is
/// [`message`](ServerError::message) in the request's language, from the
/// `.ftl` files of grimoire-words (`server-*` messages in `server.ftl`,
/// the app's and the catalogue's in `errors.ftl`, the rules' refusals);
/// `Display` is the English one, with the internal causes of a server error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServerError {
    /// Occurs when a request has no valid API token.
    #[error("{}", .0.render("en"))]
    Unauthorized(Message),
    /// Occurs when the caller's role does not allow the action.
    #[error("{}", .0.render("en"))]
    Forbidden(Message),
    /// Occurs when a request is malformed: bad JSON, a bad name, a field
    /// out of range. `code` says which.
    #[error("{}", .message.render("en"))]
    Invalid {
        /// Stable machine code (`bad_json`, `invalid_name`, ...).
        code: &'static str,
        /// What is wrong, for a person.
        message: Message,
    },
    /// Occurs when a request body is larger than the server reads.
    #[error("{}", self.message("en"))]
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Occurs when a named thing does not exist (`unknown_encounter`).
    #[error("{}", .message.render("en"))]
    Unknown {
        /// Stable machine code (`unknown_encounter`, ...).
        code: &'static str,
        /// What is missing, for a person.
        message: Message,
    },
    /// Occurs when a path names nothing the server knows (`/nowhere`).
    #[error("{}", self.message("en"))]
    NoRoute,
    /// Occurs when the store refuses or fails (not found, already exists,
    /// version conflict, database down).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Occurs when the rules refuse an action (no slot left, R3, ...).
    #[error("{}", self.message("en"))]
    Rules(#[from] RulesError),
    /// Occurs when the shared game layer refuses (unknown character or
    /// encounter, not the caster's turn, R9).
    #[error(transparent)]
    App(AppError),
    /// Occurs when a spell is unknown or a homebrew file is invalid.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// Occurs when the spell named in the URL path does not exist (404); the
    /// same name in a request body is a refused value (`Catalog`, 422).
    #[error(transparent)]
    SpellNotFound(CatalogError),
    /// Occurs when other writers kept changing the same entity and the
    /// bounded retries ran out.
    #[error("{}", self.message("en"))]
    Busy {
        /// The entity kind.
        kind: String,
        /// The entity name.
        name: String,
    },
    /// Occurs when a request takes longer than the request timeout (a body
    /// trickled in, or the database too slow to answer).
    #[error("{}", self.message("en"))]
    Timeout {
        /// The limit, in seconds.
        seconds: u64,
    },
    /// Occurs when a caller sends too many requests of one kind (account
    /// or token creation, wrong tokens) or opens too many live streams.
    #[error("{}", self.message("en"))]
    TooManyRequests {
        /// Stable machine code (`rate_limited`, `too_many_streams`).
        code: &'static str,
        /// What was limited, for a person.
        message: Message,
        /// Seconds until a retry may succeed (the `Retry-After` header).
        retry_after: u64,
    },
    /// Occurs when the SQLite file the server opened was deleted or
    /// replaced under it: nothing more is read or written until restart.
    #[error("{}", self.message("en"))]
    DatabaseLost,
    /// Occurs when a request's change was handed to the database, which
    /// then took too long to say whether it was saved: it may have been
    /// (unlike `database_unavailable`, which means nothing was changed).
    #[error("{}", self.message("en"))]
    OutcomeUnknown,
    /// Occurs when the server cannot listen on its address.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// Occurs on a bug or a lost worker; the cause is logged, not sent.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ServerError {
    /// A stable, machine-readable code (`unauthorized`, `no_slot_available`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            ServerError::Unauthorized(_) => "unauthorized",
            ServerError::Forbidden(_) => "forbidden",
            ServerError::Invalid { code, .. } | ServerError::Unknown { code, .. } => code,
            ServerError::NoRoute => "no_route",
            ServerError::TooLarge { .. } => "body_too_large",
            ServerError::Store(e) => e.code(),
            ServerError::Rules(e) => e.code(),
            ServerError::App(e) => e.code(),
            ServerError::Catalog(e) | ServerError::SpellNotFound(e) => e.code(),
            ServerError::Busy { .. } => "conflict",
            ServerError::Timeout { .. } => "request_timeout",
            ServerError::DatabaseLost => "database_lost",
            ServerError::OutcomeUnknown => "outcome_unknown",
            ServerError::TooManyRequests { code, .. } => code,
            ServerError::Bind { .. } => "bind",
            ServerError::Internal(_) => "internal",
        }
    }

    /// The rule id enforced, when a rule refused the action.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            ServerError::Rules(e) => e.rule(),
            ServerError::App(e) => e.rule(),
            _ => None,
        }
    }

    /// The HTTP status for this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ServerError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ServerError::Forbidden(_) => StatusCode::FORBIDDEN,
            // 400: the request cannot be read (what its schema describes);
            // 422: it can, but a value in it is refused (names, ids, limits).
            ServerError::Invalid { code, .. } => match *code {
                "bad_json" | "bad_path" | "bad_query" => StatusCode::BAD_REQUEST,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            },
            ServerError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ServerError::NoRoute | ServerError::Unknown { .. } | ServerError::SpellNotFound(_) => {
                StatusCode::NOT_FOUND
            }
            ServerError::Store(e) => match e.code() {
                "not_found" => StatusCode::NOT_FOUND,
                "undo_forbidden" => StatusCode::FORBIDDEN,
                "already_exists" | "conflict" | "nothing_to_undo" | "undo_blocked" => {
                    StatusCode::CONFLICT
                }
                "invalid_change" | "bad_config" => StatusCode::BAD_REQUEST,
                // Refused before the transaction: nothing was written.
                "change_too_large" => StatusCode::UNPROCESSABLE_ENTITY,
                "database" | "io" | "read_only" | "database_unavailable" => {
                    StatusCode::SERVICE_UNAVAILABLE
                }
                _ => StatusCode::INTERNAL_SERVER_ERROR,
            },
            ServerError::Rules(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServerError::App(e) => match e.code() {
                "unknown_character" | "unknown_encounter" => StatusCode::NOT_FOUND,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            },
            // A spell named in a body is a refused value; one named in the
            // path goes through `spell_in_path` and becomes a 404.
            ServerError::Catalog(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServerError::Busy { .. } => StatusCode::CONFLICT,
            ServerError::Timeout { .. } => StatusCode::REQUEST_TIMEOUT,
            ServerError::DatabaseLost | ServerError::OutcomeUnknown => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ServerError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ServerError::Bind { .. } | ServerError::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }

    /// A catalogue lookup for a spell named in the URL path: an unknown
    /// spell there is a resource that does not exist (404), while the same
    /// name in a request body is a refused value (422).
    pub fn spell_in_path(e: CatalogError) -> Self {
        match e.code() {
            "unknown_spell" => ServerError::SpellNotFound(e),
            _ => ServerError::Catalog(e),
        }
    }

    /// A validation error: `code`, and what is wrong as message `id` of
    /// `server.ftl` (see [`ServerError::invalid_with`] for a message that
    /// names values).
    pub fn invalid(code: &'static str, id: &'static str) -> Self {
        ServerError::invalid_with(code, Message::new(id))
    }

    /// A validation error with a message that names values.
    pub fn invalid_with(code: &'static str, message: Message) -> Self {
        ServerError::Invalid { code, message }
    }

    /// A refusal with `code` saying `field` must be `min`-`max` (the
    /// `server-range` message).
    pub fn range(code: &'static str, field: &'static str, min: i64, max: i64) -> Self {
        ServerError::invalid_with(
            code,
            Message::new("server-range")
                .text("field", field)
                .number("min", min)
                .number("max", max),
        )
    }

    /// The message a person reads, in `lang` (`en`, `cs`, ...): server-side
    /// causes stay in the log. A store refusal is worded from its fields
    /// (the store's own text is English, for its other callers).
    pub fn message(&self, lang: &str) -> String {
        let said = |id: &'static str| Message::new(id).render(lang);
        let seconds = |s: u64| i64::try_from(s).unwrap_or(i64::MAX);
        match self {
            ServerError::Rules(e) => grimoire_words::refusal(lang, e),
            ServerError::App(e) => e.message(lang),
            ServerError::Catalog(e) | ServerError::SpellNotFound(e) => e.message(lang),
            ServerError::Unauthorized(m) | ServerError::Forbidden(m) => m.render(lang),
            ServerError::Invalid { message, .. } | ServerError::Unknown { message, .. } => {
                message.render(lang)
            }
            ServerError::NoRoute => said("server-no_route"),
            ServerError::TooLarge { limit } => Message::new("server-body_too_large")
                .number("limit", i64::try_from(*limit).unwrap_or(i64::MAX))
                .render(lang),
            ServerError::Busy { kind, name } => Message::new("server-busy")
                .part("kind", grimoire_words::store_kind(kind))
                .text("name", name.as_str())
                .render(lang),
            ServerError::Timeout { seconds: s } => Message::new("server-request_timeout")
                .number("seconds", seconds(*s))
                .render(lang),
            ServerError::TooManyRequests {
                message,
                retry_after,
                ..
            } => Message::new("server-too_many_requests")
                .text("what", message.render(lang))
                .number("seconds", seconds(*retry_after))
                .render(lang),
            ServerError::DatabaseLost => said("server-database_lost"),
            ServerError::OutcomeUnknown => said("server-outcome_unknown"),
            ServerError::Store(e) if e.code() == "read_only" => said("server-store-read_only"),
            ServerError::Store(_) if self.status().is_server_error() => {
                said("server-store-unavailable")
            }
            ServerError::Store(e) => {
                grimoire_words::store_error(e).map_or_else(|| e.to_string(), |m| m.render(lang))
            }
            ServerError::Bind { .. } | ServerError::Internal(_) => said("server-internal"),
        }
    }

    /// The message sent to a client that asks for no language: English.
    fn public_message(&self) -> String {
        self.message(grimoire_words::FALLBACK)
    }
}

impl From<AppError> for ServerError {
    fn from(err: AppError) -> Self {
        // Store and rules errors keep their own variants, so version
        // conflicts are retried and statuses stay in one place.
        match err {
            AppError::Store(e) => ServerError::Store(e),
            AppError::Rules(e) => ServerError::Rules(e),
            AppError::Catalog(e) => ServerError::Catalog(e),
            AppError::Busy { kind, name } => ServerError::Busy { kind, name },
            other => ServerError::App(other),
        }
    }
}

/// A handler's operation retried by [`grimoire_app::retry`]: a store
/// error inside is worth another try when it is a version conflict; when
/// the attempts run out the answer is [`ServerError::Busy`] (409).
impl grimoire_app::Retryable for ServerError {
    fn store_error(&self) -> Option<&StoreError> {
        match self {
            ServerError::Store(e) => Some(e),
            _ => None,
        }
    }

    fn busy(kind: String, name: String) -> Self {
        ServerError::Busy { kind, name }
    }
}

/// An error and every cause under it, `: `-separated.
fn causes(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut next = err.source();
    while let Some(cause) = next {
        let more = cause.to_string();
        if !text.ends_with(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        next = cause.source();
    }
    text
}

impl IntoResponse for ServerError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() {
            // The whole chain of causes goes to the log (a PostgreSQL
            // error says "db error" alone; its source says what failed).
            tracing::error!(code = self.code(), error = %causes(&self), "request failed");
        }
        let body = serde_json::json!({
            "error": {
                "code": self.code(),
                "rule": self.rule(),
                "message": self.public_message(),
            }
        });
        // Every other language's message, for `worded_errors` to swap in
        // when the request asks for one; rendered here, where the error is.
        let words = ErrorWords(
            Words::get()
                .languages()
                .into_iter()
                .filter(|l| *l != grimoire_words::FALLBACK)
                .map(|l| (l.to_owned(), self.message(l)))
                .collect(),
        );
        let mut response = (status, Json(body)).into_response();
        if let ServerError::TooManyRequests { retry_after, .. } = &self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(*retry_after),
            );
        }
        response.extensions_mut().insert(words);
        response
    }
}

/// An error response's message in every language but English, swapped in
/// by [`worded_errors`] when the client asked for one of them.
#[derive(Debug, Clone)]
struct ErrorWords(Vec<(String, String)>);

/// The language a request asks for among the catalogue's: `?lang=cs`, or
/// the first `Accept-Language` entry the catalogue has (`cs-CZ,cs;q=0.9`).
/// `None` when it asks for none the catalogue has.
fn wanted_language(req: &axum::extract::Request) -> Option<&'static str> {
    let words = Words::get();
    let query = req.uri().query().unwrap_or_default();
    if let Some(tag) = query.split('&').find_map(|p| p.strip_prefix("lang=")) {
        return words.language_of(tag);
    }
    let header = req
        .headers()
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())?;
    header
        .split(',')
        .filter_map(|entry| entry.split(';').next())
        .find_map(|tag| words.language_of(tag))
}

/// Middleware: error messages in the language a client asks for; the
/// shape and the codes stay the same.
pub(crate) async fn worded_errors(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let lang = wanted_language(&req);
    let mut response = next.run(req).await;
    let Some(ErrorWords(messages)) = response.extensions_mut().remove::<ErrorWords>() else {
        return response;
    };
    let Some((_, message)) = lang.and_then(|l| messages.into_iter().find(|(m, _)| m == l)) else {
        return response;
    };
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, 64 * 1024).await else {
        return ServerError::Internal("error body unreadable".into()).into_response();
    };
    let mut value: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
    value["error"]["message"] = serde_json::Value::String(message);
    let text = value.to_string();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_conflicts_end_in_a_bounded_409() {
        let mut store = grimoire_store::Store::open_in_memory().unwrap();
        let mut attempts = 0;
        let err = grimoire_app::retry(&mut store, |_| -> Result<(), ServerError> {
            attempts += 1;
            Err(ServerError::Store(StoreError::Conflict {
                kind: "character".into(),
                name: "Elmira".into(),
                expected: 1,
                found: 2,
            }))
        })
        .unwrap_err();
        assert_eq!(attempts, grimoire_app::retry::MAX_ATTEMPTS);
        assert_eq!((err.code(), err.status().as_u16()), ("conflict", 409));
        // The app's own answer maps to the same.
        let app: ServerError = grimoire_app::AppError::Busy {
            kind: "character".into(),
            name: "Elmira".into(),
        }
        .into();
        assert_eq!((app.code(), app.status().as_u16()), ("conflict", 409));
    }

    #[test]
    fn internal_causes_are_not_sent() {
        let e = ServerError::Internal("secret path /etc/x".into());
        assert_eq!(e.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(e.public_message(), "internal error");
    }

    #[test]
    fn rules_refusals_carry_their_rule() {
        let e = ServerError::Rules(RulesError::OneSlotPerTurn);
        assert_eq!(
            (e.status(), e.code(), e.rule()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "one_slot_per_turn",
                Some("R10")
            )
        );
    }

    #[test]
    fn store_refusals_are_worded_from_their_fields_in_every_language() {
        let cases = [
            StoreError::NotFound {
                kind: "character".into(),
                name: "Elmira".into(),
            },
            StoreError::AlreadyExists {
                kind: "encounter".into(),
                name: "Cave".into(),
            },
            StoreError::Conflict {
                kind: "character".into(),
                name: "Elmira".into(),
                expected: 3,
                found: 4,
            },
            StoreError::NothingToUndo {
                kind: "table".into(),
                name: "cave".into(),
            },
            StoreError::UndoForbidden {
                change: 7,
                kind: "encounter".into(),
                name: "Cave".into(),
            },
            StoreError::UndoBlocked {
                change: 7,
                kind: "character".into(),
                name: "Elmira".into(),
            },
            StoreError::InvalidChange("no writes".into()),
        ];
        for e in cases {
            // English reads as the store writes it, word for word.
            let english = e.to_string();
            let e = ServerError::Store(e);
            assert_eq!(e.message("en"), english);
            let czech = e.message("cs");
            assert_ne!(czech, english);
            assert!(
                !czech.contains('{') && !czech.contains("server-"),
                "{czech}"
            );
        }
        let e = ServerError::Store(StoreError::NotFound {
            kind: "character".into(),
            name: "Elmira".into(),
        });
        assert_eq!(e.message("cs"), "postava „Elmira“ neexistuje");
    }

    #[test]
    fn store_codes_map_to_statuses() {
        let e = ServerError::Store(StoreError::AlreadyExists {
            kind: "character".into(),
            name: "Elmira".into(),
        });
        assert_eq!(
            (e.status(), e.code()),
            (StatusCode::CONFLICT, "already_exists")
        );
    }
}
