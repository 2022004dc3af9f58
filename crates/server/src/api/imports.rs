//! Sheets from other tools (issue 36): a Foundry VTT (dnd5e) actor or a
//! D&D Beyond character, uploaded as JSON, stored as a character with its
//! import report (`POST /campaigns/{c}/imports`), or only checked
//! (`POST /campaigns/{c}/imports/check`). A player imports for themself,
//! the GM for any member. The reading is `grimoire-import`'s, the storing
//! `grimoire_app::import_sheet_for`'s: one change, undone whole.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use grimoire_catalog::Catalog;
use grimoire_import::{Finding, ImportError, Imported, Report, SheetFormat};
use grimoire_words::Message;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;
use grimoire_app::sheet::CharacterView;

/// Which tool the sheet comes from.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Format {
    /// A Foundry VTT (dnd5e system) actor, as Foundry exports it.
    Foundry,
    /// A D&D Beyond character, as its character endpoint returns it.
    Ddb,
}

impl From<Format> for SheetFormat {
    fn from(f: Format) -> Self {
        match f {
            Format::Foundry => SheetFormat::Foundry,
            Format::Ddb => SheetFormat::Ddb,
        }
    }
}

/// A sheet to import or check. The whole request is at most 2 MiB.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SheetUpload {
    /// `foundry` or `ddb`.
    format: Format,
    /// The sheet's JSON as the file holds it. Any object is read; one that
    /// is not a sheet of `format` is refused (422) naming the field.
    #[schema(value_type = Object)]
    sheet: serde_json::Value,
    /// Store the character under this name instead of the sheet's.
    #[serde(default)]
    name: Option<String>,
    /// The account that plays it: the GM may name any member; a player
    /// only themself (the default is the caller).
    #[serde(default)]
    owner: Option<String>,
}

/// A stored import.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SheetImported {
    /// The character as stored.
    character: CharacterView,
    /// Every part of the sheet and what became of it:
    /// `{"lines": [{"field", "name", "fate": {"fate": "mapped"|"skipped", "what"}}]}`.
    #[schema(value_type = Object)]
    report: Report,
    /// What a referee would question against the 2024 rules, each with its `code`.
    #[schema(value_type = Vec<Object>)]
    findings: Vec<Finding>,
    /// The change that stored it (undo takes it back whole).
    change: i64,
}

/// A checked sheet; nothing stored.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SheetChecked {
    /// The character's name on the sheet.
    name: String,
    /// Every part of the sheet and what would become of it.
    #[schema(value_type = Object)]
    report: Report,
    /// What a referee would question against the 2024 rules.
    #[schema(value_type = Vec<Object>)]
    findings: Vec<Finding>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(import))
        .routes(routes!(check))
}

/// Reads the uploaded sheet (beside the writer: parsing is the work).
async fn read(
    state: &AppState,
    token: String,
    campaign: String,
    body: SheetUpload,
) -> Result<(Imported, Vec<Finding>, Option<String>), ServerError> {
    state
        .read_in_campaign(token, campaign, move |_, _| {
            let bytes = serde_json::to_vec(&body.sheet).unwrap_or_default();
            let srd = Catalog::srd();
            let imported = SheetFormat::from(body.format)
                .import(&bytes, srd, body.name.as_deref())
                .map_err(refused)?;
            let findings = grimoire_import::check(&imported, srd);
            Ok((imported, findings, body.owner))
        })
        .await
}

/// Imports a sheet as a new character of the campaign, with its report
/// and the check's findings.
#[utoipa::path(post, path = "/campaigns/{campaign}/imports", tag = "imports",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = SheetUpload,
    responses((status = 201, body = SheetImported), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody),
              (status = 413, body = crate::api::ErrorBody),
              (status = 422, description = "not a sheet of that format, or refused by the rules", body = crate::api::ErrorBody)))]
async fn import(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<SheetUpload>,
) -> Result<(StatusCode, Json<SheetImported>), ServerError> {
    let format = SheetFormat::from(body.format);
    let (imported, findings, owner) = read(&state, token.clone(), campaign.clone(), body).await?;
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = match owner {
                None => me.account.clone(),
                Some(o) => {
                    if grimoire_store::name_key(&o) != grimoire_store::name_key(&me.account) {
                        me.require_gm("server-gm-import_for_others")?;
                    }
                    if me.campaign.role_of(&o).is_none() {
                        return Err(ServerError::invalid_with(
                            "unknown_account",
                            Message::new("server-owner_not_member").text("account", o.as_str()),
                        ));
                    }
                    o
                }
            };
            let command = format!("import {}", format.code());
            let stored = grimoire_app::import_sheet_for(store, command, imported, Some(&owner))
                .map_err(ServerError::from)?;
            let character =
                grimoire_app::sheet::show(store, &stored.name).map_err(ServerError::from)?;
            Ok((
                me.account.clone(),
                SheetImported {
                    character,
                    report: stored.report,
                    findings,
                    change: stored.change.0,
                },
            ))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "character".into(),
        character: Some(out.character.name.clone()),
        by,
        data: serde_json::to_value(&out.character).unwrap_or_default(),
    });
    Ok((StatusCode::CREATED, Json(out)))
}

/// Checks a sheet against the 2024 rules and reports what would become of
/// each part; nothing is stored. Any member may check.
#[utoipa::path(post, path = "/campaigns/{campaign}/imports/check", tag = "imports",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = SheetUpload,
    responses((status = 200, body = SheetChecked), (status = 400, body = crate::api::ErrorBody),
              (status = 413, body = crate::api::ErrorBody),
              (status = 422, description = "not a sheet of that format, or refused by the rules", body = crate::api::ErrorBody)))]
async fn check(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<SheetUpload>,
) -> Result<Json<SheetChecked>, ServerError> {
    let (imported, findings, _) = read(&state, token, campaign, body).await?;
    Ok(Json(SheetChecked {
        name: imported.caster.name().to_owned(),
        report: imported.report,
        findings,
    }))
}

/// A refused sheet as the API says it: 422 with the import's code and a
/// message naming the field (the CLI's words, about "the sheet").
fn refused(e: ImportError) -> ServerError {
    if let ImportError::Rules(r) = e {
        return ServerError::Rules(r);
    }
    let mut m = Message::new(format!("cli-import-error-{}", e.code()))
        .part("file", Message::new("server-import-the_sheet"));
    m = match &e {
        ImportError::TooLarge { size, max } => m
            .number("size", i64::try_from(*size).unwrap_or(i64::MAX))
            .number("max", i64::try_from(*max).unwrap_or(i64::MAX)),
        ImportError::NotJson {
            line,
            column,
            truncated,
        } => m
            .number("line", i64::try_from(*line).unwrap_or(0))
            .number("column", i64::try_from(*column).unwrap_or(0))
            .text("how", if *truncated { "truncated" } else { "syntax" }),
        ImportError::NotACharacter { kind } => m.text("kind", kind.as_str()),
        ImportError::OverBound { field, max } => m
            .text("field", field.as_str())
            .number("max", i64::try_from(*max).unwrap_or(i64::MAX)),
        ImportError::BadField { field, value } => m
            .text("field", field.as_str())
            .text("value", value.as_str()),
        ImportError::UnknownClass { field, class } => m
            .text("field", field.as_str())
            .text("class", class.as_str()),
        other => match other.field() {
            Some(field) => m.text("field", field),
            None => m,
        },
    };
    ServerError::invalid_with(e.code(), m)
}
