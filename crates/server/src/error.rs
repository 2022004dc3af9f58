//! The one error type of the server and its mapping to HTTP, in one place.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use grimoire_app::AppError;
use grimoire_catalog::CatalogError;
use grimoire_rules::RulesError;
use grimoire_store::StoreError;

/// Everything a request (or starting the server) can fail with.
///
/// Each variant has a stable machine [`code`](ServerError::code), the same
/// codes the CLI prints with `--json`; [`status`](ServerError::status) is the
/// only place that decides HTTP status codes.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServerError {
    /// Occurs when a request has no valid API token.
    #[error("{0}")]
    Unauthorized(&'static str),
    /// Occurs when the caller's role does not allow the action.
    #[error("{0}")]
    Forbidden(String),
    /// Occurs when a request is malformed: bad JSON, a bad name, a field
    /// out of range. `code` says which.
    #[error("{message}")]
    Invalid {
        /// Stable machine code (`bad_json`, `invalid_name`, ...).
        code: &'static str,
        /// What is wrong, for a person.
        message: String,
    },
    /// Occurs when a request body is larger than the server reads.
    #[error("the request body is larger than the limit of {limit} bytes (2 MiB); send less")]
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Occurs when a named thing does not exist (`unknown_encounter`).
    #[error("{message}")]
    Unknown {
        /// Stable machine code (`unknown_encounter`, ...).
        code: &'static str,
        /// What is missing, for a person.
        message: String,
    },
    /// Occurs when a path names nothing the server knows (`/nowhere`).
    #[error("no such endpoint")]
    NoRoute,
    /// Occurs when the store refuses or fails (not found, already exists,
    /// version conflict, database down).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Occurs when the rules refuse an action (no slot left, R3, ...).
    #[error("{}", grimoire_words::refusal("en", .0))]
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
    #[error("{kind} \"{name}\" is being changed by others; try again")]
    Busy {
        /// The entity kind.
        kind: String,
        /// The entity name.
        name: String,
    },
    /// Occurs when a request takes longer than the request timeout (a body
    /// trickled in, or the database too slow to answer).
    #[error("the request took longer than {seconds} s and was stopped; send it again, faster")]
    Timeout {
        /// The limit, in seconds.
        seconds: u64,
    },
    /// Occurs when a caller sends too many requests of one kind (account
    /// or token creation, wrong tokens) or opens too many live streams.
    #[error("{message}; try again in {retry_after} s")]
    TooManyRequests {
        /// Stable machine code (`rate_limited`, `too_many_streams`).
        code: &'static str,
        /// What was limited, for a person.
        message: String,
        /// Seconds until a retry may succeed (the `Retry-After` header).
        retry_after: u64,
    },
    /// Occurs when the SQLite file the server opened was deleted or
    /// replaced under it: nothing more is read or written until restart.
    #[error(
        "the database file was removed or replaced while the server ran; nothing more is read or written until an operator restores it and restarts the server"
    )]
    DatabaseLost,
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
            ServerError::DatabaseLost => StatusCode::SERVICE_UNAVAILABLE,
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

    /// A validation error.
    pub fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        ServerError::Invalid {
            code,
            message: message.into(),
        }
    }

    /// The message in Czech, for clients that ask for it (`Accept-Language:
    /// cs` or `?lang=cs`); English stays the default.
    pub fn message_cs(&self) -> String {
        match self {
            ServerError::Rules(e) => grimoire_words::refusal("cs", e),
            ServerError::Catalog(e) | ServerError::SpellNotFound(e) => e.message_cs(),
            ServerError::App(e) => e.message_cs().unwrap_or_else(|| self.public_message()),
            ServerError::Unauthorized(_) => {
                "chybí platný API token: pošlete Authorization: Bearer <token>".to_owned()
            }
            ServerError::Forbidden(_) => {
                "k tomu nemáte oprávnění: hráč jedná jen za své postavy, GM za všechny".to_owned()
            }
            ServerError::NoRoute => "taková adresa neexistuje".to_owned(),
            ServerError::TooLarge { limit } => {
                format!("tělo požadavku je větší než limit {limit} bajtů (2 MiB); pošlete méně")
            }
            ServerError::Busy { kind, name } => {
                format!("{kind} „{name}“ právě mění jiní; zkuste to znovu")
            }
            ServerError::Timeout { seconds } => {
                format!(
                    "požadavek trval déle než {seconds} s a byl zastaven; pošlete ho znovu, rychleji"
                )
            }
            ServerError::TooManyRequests { retry_after, .. } => {
                format!("příliš mnoho požadavků; zkuste to znovu za {retry_after} s")
            }
            ServerError::Store(e) => match e.code() {
                "not_found" => format!("nenalezeno: {e}"),
                "already_exists" => format!("už existuje: {e}"),
                "conflict" => format!("mezitím to změnil někdo jiný: {e}"),
                "nothing_to_undo" => format!("není co vrátit: {e}"),
                "undo_forbidden" => "tuto změnu nemůžete vrátit: změnila i něco, co měnit nesmíte \
                     (střetnutí GM nebo postavu jiného hráče); požádejte o vrácení GM"
                    .to_owned(),
                _ => self.public_message(),
            },
            _ if self.status().is_server_error() => "vnitřní chyba serveru".to_owned(),
            _ => self.to_string(),
        }
    }

    /// The message sent to the client: server-side causes stay in the log.
    fn public_message(&self) -> String {
        match self.status() {
            s if s.is_server_error() => match self {
                ServerError::Store(e) if e.code() == "read_only" => {
                    "the database is read-only; an operator must make it writable (trying again will not help)"
                        .to_owned()
                }
                ServerError::Store(_) => "the database is unavailable; try again".to_owned(),
                ServerError::DatabaseLost => self.to_string(),
                _ => "internal error".to_owned(),
            },
            _ => self.to_string(),
        }
    }
}

impl From<AppError> for ServerError {
    fn from(err: AppError) -> Self {
        // Store and rules errors keep their own variants, so version
        // conflicts are retried and statuses stay in one place.
        match err {
            AppError::Store(e) => ServerError::Store(e),
            AppError::Rules(e) => ServerError::Rules(e),
            other => ServerError::App(other),
        }
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
        let czech = CzechMessage(match &self {
            ServerError::DatabaseLost => {
                "soubor databáze byl za běhu serveru smazán nebo nahrazen; nic dalšího se nečte ani nezapisuje, dokud ho správce neobnoví a server nerestartuje".to_owned()
            }
            ServerError::Store(e) if e.code() == "read_only" => {
                "databáze je jen pro čtení; správce ji musí zpřístupnit pro zápis (opakování nepomůže)"
                    .to_owned()
            }
            _ if status.is_server_error() => "vnitřní chyba serveru".to_owned(),
            _ => self.message_cs(),
        });
        let mut response = (status, Json(body)).into_response();
        if let ServerError::TooManyRequests { retry_after, .. } = &self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(*retry_after),
            );
        }
        response.extensions_mut().insert(czech);
        response
    }
}

/// The Czech message of an error response, swapped in by [`czech_errors`]
/// when the client asked for Czech.
#[derive(Debug, Clone)]
struct CzechMessage(String);

/// Whether a request asks for Czech: `?lang=cs`, or `Accept-Language`
/// starting with `cs`.
fn wants_czech(req: &axum::extract::Request) -> bool {
    let query = req.uri().query().unwrap_or_default();
    if query.split('&').any(|p| p == "lang=cs") {
        return true;
    }
    req.headers()
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("cs"))
}

/// Middleware: error messages in Czech for clients that ask for it; the
/// shape and the codes stay the same.
pub(crate) async fn czech_errors(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let czech = wants_czech(&req);
    let mut response = next.run(req).await;
    let Some(CzechMessage(message)) = response.extensions_mut().remove::<CzechMessage>() else {
        return response;
    };
    if !czech {
        return response;
    }
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
