//! The HTTP API: one module per resource, each with its own `router()`,
//! assembled here with the OpenAPI document generated from the handlers'
//! annotations (so the document cannot list a route the server lacks).

mod accounts;
mod attacks;
mod campaigns;
mod cards;
mod cast_body;
mod characters;
mod class_resources;
mod contract;
mod creature_attacks;
mod damage;
mod encounters;
mod events;
mod extract;
mod features;
mod gear;
mod health;
mod house_rules;
mod imports;
mod invites;
mod ongoing;
mod party;
mod reactions;
mod spells;
mod strict;
mod table_log;
mod unreadable;

use axum::Router;
use axum::response::IntoResponse;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::error::ServerError;
use crate::state::AppState;

pub use cast_body::{CAST_FIELDS, CastInput};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Grimoire table server",
        description = "Spellcasting for the 2024 fifth-edition rules (SRD 5.2), shared by a table: \
campaigns, characters, spells, casts, rests and live updates. Errors are \
`{\"error\": {\"code\", \"rule\", \"message\"}}` with the CLI's codes.",
    ),
    modifiers(&BearerAuth),
    components(schemas(ErrorBody, ErrorDetail))
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The error body every failure has (documentation only).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(crate) struct ErrorBody {
    error: ErrorDetail,
}

/// What went wrong (documentation only).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(crate) struct ErrorDetail {
    /// Stable machine code, e.g. `no_slot_available`.
    code: String,
    /// The rule refusing the action, e.g. `R3`.
    rule: Option<String>,
    /// For people.
    message: String,
}

/// Every route with its documentation.
fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(health::router())
        .merge(accounts::router())
        .merge(campaigns::router())
        .merge(invites::router())
        .merge(characters::router())
        .merge(class_resources::router())
        .merge(ongoing::router())
        .merge(attacks::router())
        .merge(creature_attacks::router())
        .merge(gear::router())
        .merge(features::router())
        .merge(encounters::router())
        .merge(reactions::router())
        .merge(spells::router())
        .merge(cards::router())
        .merge(damage::router())
        .merge(table_log::router())
        .merge(house_rules::router())
        .merge(party::router())
        .merge(imports::router())
        .merge(events::router())
}

/// The OpenAPI document of the whole API, as served at `/openapi.json`:
/// the handlers' annotations completed with what every route can answer
/// (see `contract`).
pub fn openapi() -> serde_json::Value {
    contract::document(routes().into_openapi())
}

/// The application: every route, its state, `/openapi.json`, and JSON
/// errors for unknown paths.
pub fn app(state: AppState) -> Router {
    // Refusals about a spell kept in state name it in the reader's language.
    grimoire_catalog::Catalog::teach_words();
    let (router, doc) = routes().split_for_parts();
    let doc = std::sync::Arc::new(contract::document(doc));
    router
        .route(
            "/openapi.json",
            axum::routing::get(move || {
                let doc = std::sync::Arc::clone(&doc);
                async move { axum::Json(doc.as_ref().clone()) }
            }),
        )
        .merge(crate::web::router())
        .fallback(|| async { ServerError::NoRoute.into_response() })
        // Innermost: every campaign answer is redacted for the seat its
        // membership check recorded, whichever route made it.
        .layer(axum::middleware::from_fn(crate::sight::redact_answers))
        // The changes each request commits, named in its live events.
        .layer(axum::middleware::from_fn(crate::live::note_changes))
        .layer(axum::extract::DefaultBodyLimit::max(extract::BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            time_limit,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            count_wrong_tokens,
        ))
        .layer(axum::middleware::from_fn(crate::error::worded_errors))
        // Outside worded_errors, which reads error bodies: Brotli or gzip,
        // as the client asks, for every answer over 32 bytes (the spell
        // cards shrink sevenfold); never the event stream, images or gRPC
        // (tower-http's default predicate). Level 5: Brotli's 4 (the
        // layer's default) came out larger than gzip's 6 on the spell list,
        // 5 is smaller and still a few milliseconds on the largest answer.
        .layer(
            tower_http::compression::CompressionLayer::new()
                .quality(tower_http::CompressionLevel::Precise(5)),
        )
        .layer(
            // One log line per request (method, path, status, latency);
            // tower-http's layer rather than our own: spans and levels the
            // tracing ecosystem expects.
            tower_http::trace::TraceLayer::new_for_http()
                .make_span_with(
                    tower_http::trace::DefaultMakeSpan::new().level(tracing::Level::INFO),
                )
                .on_request(())
                .on_response(
                    tower_http::trace::DefaultOnResponse::new().level(tracing::Level::INFO),
                ),
        )
        .with_state(state)
}

/// Counts the requests each address makes with a wrong, revoked or
/// expired token (those answered 401), and past the address's ceiling
/// refuses its wrong tokens before any work (429 `rate_limited`).
///
/// A right token is never refused here, whatever others sent from the
/// same address: over the ceiling, a request's token is looked up first
/// (the same read its handler would make) and only a wrong one is turned
/// away. Guessing a token is hopeless (256 random bits), so nothing is
/// gained by refusing right ones, and much is lost where a table shares
/// one address (issue 30, finding 5). Requests with no token are not
/// counted: they guess nothing.
async fn count_wrong_tokens(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let ip = req.extensions().get::<crate::PeerAddr>().map(|p| p.0.ip());
    let sent = req
        .headers()
        .contains_key(axum::http::header::AUTHORIZATION);
    if sent && let Err(refused) = state.limiter().check_failures(ip) {
        let token = extract::bearer(req.headers());
        let right = state
            .read_global(move |store| crate::access::authenticate(store, &token?).map(|_| ()))
            .await;
        match right {
            Ok(()) => {}
            Err(ServerError::Unauthorized(_)) => return refused.into_response(),
            Err(other) => return other.into_response(),
        }
    }
    let res = next.run(req).await;
    if sent && res.status() == axum::http::StatusCode::UNAUTHORIZED {
        state.limiter().failed(ip);
    }
    res
}

/// Answers `request_timeout` (408) when a request is not answered within
/// the request timeout: a body trickled in, or work that hangs. A
/// live-update stream only has to start within it.
async fn time_limit(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let limit = state.net_limits().request_timeout;
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => ServerError::Timeout {
            seconds: limit.as_secs(),
        }
        .into_response(),
    }
}
