//! The web table: a browser UI served by the same server (issue #6).
//!
//! The pages are plain HTML, CSS and hand-written JavaScript modules from
//! `crates/server/web/`, embedded in the binary with `include_str!`, so
//! nothing is built or downloaded to run them. The browser talks to the
//! JSON API with the player's token; this module adds only what the UI
//! needs beyond it: spell cards in both languages
//! (`GET /web/api/cards`) and a spell's exact damage distribution per slot
//! level (`GET /web/api/spells/{spell}/damage`), the same for a campaign's
//! homebrew, and magic items and limited-use abilities for the sheet.

mod cache;
mod cards;
mod request;
#[cfg(test)]
mod tests;
mod words;

use std::sync::OnceLock;

use axum::Router;
use axum::extract::State;
use axum::extract::rejection::PathRejection;
use axum::http::HeaderMap;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use grimoire_catalog::{Catalog, CatalogSpell, Source};
use serde::Deserialize;

use crate::error::ServerError;
use crate::state::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};

/// One embedded file: its URL name, content type and bytes.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static str,
}

const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/app.js"),
    },
    Asset {
        name: "api.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/api.js"),
    },
    Asset {
        name: "i18n.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/i18n.js"),
    },
    Asset {
        name: "chart.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/chart.js"),
    },
    Asset {
        name: "dom.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/dom.js"),
    },
    Asset {
        name: "tokens.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/tokens.js"),
    },
    Asset {
        name: "reactions.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/reactions.js"),
    },
    Asset {
        name: "log.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/log.js"),
    },
    Asset {
        name: "options.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/options.js"),
    },
    Asset {
        name: "house.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/house.js"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: include_str!("../../web/style.css"),
    },
    Asset {
        name: "icon.svg",
        mime: "image/svg+xml",
        body: include_str!("../../web/icon.svg"),
    },
];

const INDEX: &str = include_str!("../../web/index.html");

/// The routes of the web UI; merged into the API's router.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/app", get(index))
        .route("/web/{file}", get(asset))
        .route("/web/api/cards", get(all_cards))
        .route("/web/api/spells/{spell}/damage", get(damage))
        .route("/web/api/campaigns/{campaign}/cards", get(campaign_cards))
        .route(
            "/web/api/campaigns/{campaign}/spells/{spell}/damage",
            get(campaign_damage),
        )
}

/// The embedded files, each with its validator, hashed on first use.
fn fixed_assets() -> &'static [cache::Fixed] {
    static FIXED: OnceLock<Vec<cache::Fixed>> = OnceLock::new();
    FIXED.get_or_init(|| ASSETS.iter().map(|a| cache::Fixed::new(a.body)).collect())
}

async fn index(headers: HeaderMap) -> Response {
    static PAGE: OnceLock<cache::Fixed> = OnceLock::new();
    let mut res = PAGE
        .get_or_init(|| cache::Fixed::new(INDEX))
        .respond(&headers, "text/html; charset=utf-8");
    res.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
             connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    res
}

async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    if file == words::SCRIPT {
        return words::script().respond(&headers, "text/javascript; charset=utf-8");
    }
    match ASSETS.iter().position(|a| a.name == file) {
        Some(i) => fixed_assets()[i].respond(&headers, ASSETS[i].mime),
        None => ServerError::NoRoute.into_response(),
    }
}

/// Every SRD spell's card, serialized and hashed once.
async fn all_cards(headers: HeaderMap) -> Response {
    static CARDS: OnceLock<cache::Fixed> = OnceLock::new();
    CARDS
        .get_or_init(|| {
            let cards: Vec<cards::Card> = Catalog::srd().spells().iter().map(cards::card).collect();
            cache::Fixed::new(serde_json::to_string(&cards).unwrap_or_else(|_| "[]".to_owned()))
        })
        .respond(&headers, "application/json")
}

/// Which levels and caster numbers the distribution is for.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DamageQuery {
    /// One slot level; every level the spell can use when left out.
    slot: Option<u8>,
    /// The caster's level, for cantrips (default 1).
    character_level: Option<u8>,
    /// The spellcasting modifier, for spells that add it (default 0).
    modifier: Option<i32>,
}

async fn damage(
    Path(spell): Path<String>,
    q: Result<Query<DamageQuery>, QueryRejection>,
) -> Result<Response, ServerError> {
    let Query(q) = q.map_err(|e| ServerError::invalid("bad_query", e.body_text()))?;
    let report = damage_of(
        Catalog::srd()
            .lookup(&spell)
            .map_err(ServerError::spell_in_path)?,
        &q,
    )?;
    Ok((StatusCode::OK, axum::Json(report)).into_response())
}

/// The campaign's homebrew spells as cards (members only).
async fn campaign_cards(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ServerError> {
    let token = request::token(&headers)?;
    let campaign = request::campaign(path)?;
    let cards = state
        .in_campaign(token, campaign, |_, store| {
            let catalog = crate::game::campaign_catalog(store)?;
            Ok(catalog
                .spells()
                .iter()
                .filter(|s| matches!(s.source, Source::Homebrew(_)))
                .map(cards::card)
                .collect::<Vec<_>>())
        })
        .await?;
    Ok(axum::Json(cards).into_response())
}

/// [`damage`] for a campaign's spells, homebrew included (members only).
async fn campaign_damage(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<(String, String)>, PathRejection>,
    q: Result<Query<DamageQuery>, QueryRejection>,
) -> Result<Response, ServerError> {
    let token = request::token(&headers)?;
    let Path((campaign, spell)) =
        path.map_err(|e| ServerError::invalid("bad_path", e.body_text()))?;
    let Query(q) = q.map_err(|e| ServerError::invalid("bad_query", e.body_text()))?;
    let report = state
        .in_campaign(token, campaign, move |_, store| {
            let catalog = crate::game::campaign_catalog(store)?;
            damage_of(
                catalog.lookup(&spell).map_err(ServerError::spell_in_path)?,
                &q,
            )
        })
        .await?;
    Ok(axum::Json(report).into_response())
}

fn damage_of(s: &CatalogSpell, q: &DamageQuery) -> Result<cards::DamageReport, ServerError> {
    let slots: Vec<u8> = q.slot.into_iter().collect();
    if let Some(&slot) = slots.first()
        && !cards::valid_slot(&s.spell, slot)
    {
        return Err(ServerError::invalid(
            "bad_query",
            format!(
                "{} cannot be cast at level {slot}; use {}-9",
                s.name_en,
                s.spell.level.get().max(1)
            ),
        ));
    }
    let level = q.character_level.unwrap_or(1).clamp(1, 20);
    let modifier = q.modifier.unwrap_or(0).clamp(-5, 10);
    cards::damage_report(s, &slots, level, modifier)
        .map_err(|e| ServerError::invalid("too_many_dice", e.to_string()))
}
