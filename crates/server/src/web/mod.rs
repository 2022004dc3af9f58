//! The web table: a browser UI served by the same server (issue #6).
//!
//! The pages are plain HTML, CSS and hand-written JavaScript modules from
//! `crates/server/web/`, embedded in the binary with `include_str!`, so
//! nothing is built or downloaded to run them. The browser talks only to
//! the documented JSON API (`/openapi.json`) with the player's token; this
//! module serves the page and its files, and builds the spell cards and
//! damage distributions (`cards`, in both languages by `words`) that the
//! API's `/cards` and `/spells/{spell}/damage` routes send.

pub(crate) mod cache;
pub(crate) mod cards;
#[cfg(test)]
mod tests;
mod words;

use std::sync::OnceLock;

use axum::Router;
use axum::extract::Path;
use axum::http::HeaderMap;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::ServerError;
use crate::state::AppState;

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
        name: "invites.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/invites.js"),
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
        name: "play.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/play.js"),
    },
    Asset {
        name: "import.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/import.js"),
    },
    Asset {
        name: "house.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/house.js"),
    },
    Asset {
        name: "advance.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/advance.js"),
    },
    Asset {
        name: "resources.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/resources.js"),
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
