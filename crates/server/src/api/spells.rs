//! Spells: the SRD catalogue (`GET /spells`, `GET /spells/{spell}`) and a
//! campaign's own, SRD plus homebrew (`GET|POST /campaigns/{campaign}/spells`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use grimoire_catalog::{Catalog, CatalogSpell, Query, Source};
use grimoire_rules::{Class, School, Spell, SpellLevel};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Filter, Params, Token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;
use grimoire_app::homebrew::{HomebrewInput, HomebrewReport};

/// The most results a search returns.
const MAX_LIMIT: usize = 400;

/// Search filters; all optional. Names in English or Czech, with or
/// without diacritics, small typos forgiven.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct SpellQuery {
    /// Name or id to look for.
    q: Option<String>,
    /// Only spells on this class's list (`wizard`, ...).
    #[param(value_type = Option<String>)]
    class: Option<Class>,
    /// Only this level (0 for cantrips).
    level: Option<u8>,
    /// Only this school (`evocation`, ...).
    #[param(value_type = Option<String>)]
    school: Option<School>,
    /// Only rituals (true) or non-rituals (false).
    ritual: Option<bool>,
    /// Only spells needing (true) or not needing (false) Concentration.
    concentration: Option<bool>,
    /// At most this many results (default 50, at most 400).
    limit: Option<usize>,
}

/// One spell in a list.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SpellSummary {
    /// Stable id, e.g. `magic-missile`.
    id: String,
    /// English name.
    name_en: String,
    /// Czech name.
    name_cs: String,
    /// 0 (cantrip) to 9.
    level: u8,
    /// School.
    #[schema(value_type = String)]
    school: School,
    /// Class lists.
    #[schema(value_type = Vec<String>)]
    classes: Vec<Class>,
    /// Ritual tag.
    ritual: bool,
    /// Needs Concentration.
    concentration: bool,
    /// One line in English.
    summary_en: String,
    /// One line in Czech.
    summary_cs: String,
    /// `srd` or `homebrew`.
    source: &'static str,
}

/// One spell with its full rules data.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SpellDetail {
    #[serde(flatten)]
    summary: SpellSummary,
    /// The rules data (casting time, range, components, duration, effect).
    #[schema(value_type = Object)]
    spell: Spell,
}

fn summary(s: &CatalogSpell) -> SpellSummary {
    SpellSummary {
        id: s.id().to_owned(),
        name_en: s.name_en.clone(),
        name_cs: s.name_cs.clone(),
        level: s.spell.level.get(),
        school: s.spell.school,
        classes: s.spell.classes.clone(),
        ritual: s.spell.ritual,
        concentration: s.spell.is_concentration(),
        summary_en: s.summary_en.clone(),
        summary_cs: s.summary_cs.clone(),
        source: match s.source {
            Source::Srd => "srd",
            Source::Homebrew(_) => "homebrew",
        },
    }
}

fn search(catalog: &Catalog, q: &SpellQuery) -> Result<Vec<SpellSummary>, ServerError> {
    let mut query = Query::text(q.q.clone().unwrap_or_default());
    query.class = q.class;
    query.school = q.school;
    query.ritual = q.ritual;
    query.concentration = q.concentration;
    query.level = q.level.map(SpellLevel::new).transpose().map_err(|e| {
        ServerError::invalid_with(
            "bad_query",
            grimoire_words::Message::new("server-unreadable").text("detail", e.to_string()),
        )
    })?;
    let limit = q.limit.unwrap_or(50);
    if limit == 0 || limit > MAX_LIMIT {
        return Err(ServerError::range(
            "bad_query",
            "limit",
            1,
            MAX_LIMIT as i64,
        ));
    }
    query.limit = Some(limit);
    Ok(catalog
        .search(&query)
        .iter()
        .map(|h| summary(h.spell))
        .collect())
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(get_one))
        .routes(routes!(campaign_list, upload))
}

/// Searches the SRD catalogue (no token needed).
#[utoipa::path(get, path = "/spells", tag = "spells", params(SpellQuery),
    responses((status = 200, body = Vec<SpellSummary>), (status = 400, body = crate::api::ErrorBody)))]
async fn list(Filter(q): Filter<SpellQuery>) -> Result<Json<Vec<SpellSummary>>, ServerError> {
    Ok(Json(search(Catalog::srd(), &q)?))
}

/// One SRD spell by id, English or Czech name.
#[utoipa::path(get, path = "/spells/{spell}", tag = "spells",
    params(("spell" = String, Path, description = "id or name, e.g. magic-missile or magická střela")),
    responses((status = 200, body = SpellDetail), (status = 404, body = crate::api::ErrorBody)))]
async fn get_one(Params(spell): Params<String>) -> Result<Json<SpellDetail>, ServerError> {
    let s = Catalog::srd()
        .lookup(&spell)
        .map_err(ServerError::spell_in_path)?;
    Ok(Json(SpellDetail {
        summary: summary(s),
        spell: s.spell.clone(),
    }))
}

/// Searches the campaign's spells: the SRD plus its homebrew (members only).
#[utoipa::path(get, path = "/campaigns/{campaign}/spells", tag = "spells",
    security(("token" = [])), params(("campaign" = String, Path), SpellQuery),
    responses((status = 200, body = Vec<SpellSummary>), (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn campaign_list(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Filter(q): Filter<SpellQuery>,
) -> Result<Json<Vec<SpellSummary>>, ServerError> {
    let found = state
        .read_in_campaign(token, campaign, move |_, store| {
            search(&*grimoire_app::homebrew::catalog(store)?, &q)
        })
        .await?;
    Ok(Json(found))
}

/// Uploads a homebrew TOML file to the campaign (GM only); every error is
/// reported with its file, spell and field, and a bad file adds nothing.
#[utoipa::path(post, path = "/campaigns/{campaign}/spells", tag = "spells",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = HomebrewInput,
    responses((status = 201, body = HomebrewReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<HomebrewInput>,
) -> Result<(StatusCode, Json<HomebrewReport>), ServerError> {
    let (by, report) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm("server-gm-upload_homebrew")?;
            // The name's length bounded before any work (the access layer).
            crate::access::check_name(grimoire_app::NameKind::HomebrewFile, &body.file)?;
            let report = grimoire_app::retry::<_, ServerError>(store, |store| {
                Ok(grimoire_app::homebrew::upload(store, &body)?)
            })?;
            Ok((me.account.clone(), report))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "homebrew".into(),
        character: None,
        by,
        data: serde_json::to_value(&report).unwrap_or_default(),
    });
    Ok((StatusCode::CREATED, Json(report)))
}
