//! Spell cards: everything the web table's spellbook and cast dialog show
//! of a spell, in both languages: every SRD spell (`GET /cards`) and a
//! campaign's homebrew (`GET /campaigns/{campaign}/cards`). The cards
//! themselves are built by `crate::web::cards`.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use grimoire_catalog::{Catalog, Source};
use std::sync::OnceLock;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Params, Token};
use crate::error::ServerError;
use crate::state::AppState;
use crate::web::cache::Fixed;
use crate::web::cards::{self, Card};

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(srd_cards))
        .routes(routes!(campaign_cards))
}

/// Every SRD spell as a card (no token needed). The body does not change
/// while the server runs: it is serialized, gzipped and tagged once, and a
/// conditional GET with its `ETag` is answered 304 without a body.
#[utoipa::path(get, path = "/cards", tag = "spells",
    params(("If-None-Match" = Option<String>, Header,
            description = "The `ETag` of a copy the client has; when it still holds, the answer is 304")),
    responses(
        (status = 200, body = Vec<Card>, description = "Every SRD spell's card",
         headers(("ETag" = String, description = "A weak validator of the body"),
                 ("Cache-Control" = String, description = "`no-cache`: keep, but revalidate"))),
        (status = 304, description = "The client's copy is current (`If-None-Match` named the tag); no body",
         headers(("ETag" = String, description = "The same validator")))))]
async fn srd_cards(headers: HeaderMap) -> Response {
    static CARDS: OnceLock<Fixed> = OnceLock::new();
    CARDS
        .get_or_init(|| {
            let cards: Vec<Card> = Catalog::srd().spells().iter().map(cards::card).collect();
            Fixed::new(serde_json::to_string(&cards).unwrap_or_else(|_| "[]".to_owned()))
        })
        .respond(&headers, "application/json")
}

/// The campaign's homebrew spells as cards (members only); the spellbook
/// adds them to the SRD's.
#[utoipa::path(get, path = "/campaigns/{campaign}/cards", tag = "spells",
    security(("token" = [])), params(("campaign" = String, Path)),
    responses((status = 200, body = Vec<Card>, description = "The campaign's homebrew spells' cards; empty without homebrew"),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn campaign_cards(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<Vec<Card>>, ServerError> {
    let cards = state
        .read_in_campaign(token, campaign, |_, store| {
            let catalog = grimoire_app::homebrew::catalog(store)?;
            Ok(catalog
                .spells()
                .iter()
                .filter(|s| matches!(s.source, Source::Homebrew(_)))
                .map(cards::card)
                .collect::<Vec<_>>())
        })
        .await?;
    Ok(Json(cards))
}
