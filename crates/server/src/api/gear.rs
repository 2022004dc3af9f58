//! Magic items with charges (R5d), limited-use abilities (R5c) and what a
//! character holds for components (R14):
//! `POST /campaigns/{campaign}/characters/{name}/gear` and `…/equipment`.
//! Casting with them goes through the casts (`mode: item` or `mode:
//! feature`). The token is checked before the body is read, and every list
//! is bounded ([`grimoire_app::limits`]).

use axum::Json;
use axum::extract::State;
use grimoire_app::gear::Given;
use grimoire_app::limits::{MAX_GEAR_SPELLS, check_len};
use grimoire_app::play::{self, StepReport};
use grimoire_rules::{Equipment, LimitedUse, MagicItem, Recharge};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;
use grimoire_app::sheet::CharacterView;

/// Which kind of source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum GearKind {
    /// A magic item holding spells, with charges (R5d).
    Item,
    /// A feature casting spells without a slot, N times (R5c).
    Feature,
}

/// An item or ability to give a character.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GearInput {
    kind: GearKind,
    /// Its name, e.g. `Wand of Magic Missiles`.
    name: String,
    /// Spells it casts: ids, English or Czech names (at most 32; a spell
    /// named twice counts once).
    #[schema(max_items = 32)]
    spells: Vec<String>,
    /// Charges or uses, 1–50.
    #[schema(minimum = 1, maximum = 50)]
    uses: u8,
    /// When they come back (default: on a Long Rest).
    #[serde(default = "long_rest")]
    #[schema(value_type = String)]
    recharge: Recharge,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add))
        .routes(routes!(equip))
}

fn long_rest() -> Recharge {
    Recharge::LongRest
}

/// Gives the character an item or an ability (owner or GM); one of the
/// same name is replaced. A character holds at most 64 items and abilities.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/gear", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = GearInput,
    responses((status = 200, body = CharacterView), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub(crate) async fn add(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(input): Body<GearInput>,
) -> Result<Json<CharacterView>, ServerError> {
    if !(1..=50).contains(&input.uses) {
        return Err(ServerError::range("bad_json", "uses", 1, 50));
    }
    check_len(&input.spells, MAX_GEAR_SPELLS, "too_many_spells", "spells")
        .map_err(grimoire_app::AppError::from)?;
    let label = crate::access::check_name(grimoire_app::NameKind::Item, &input.name)?;
    change(state, token, campaign, name, move |store, name| {
        let catalog = grimoire_app::homebrew::catalog(store)?;
        let mut spells = Vec::with_capacity(input.spells.len());
        for wanted in &input.spells {
            let id = catalog.lookup(wanted)?.spell.id.clone();
            if !spells.contains(&id) {
                spells.push(id);
            }
        }
        let given = match input.kind {
            GearKind::Item => Given::Item(MagicItem::charged(
                label.clone(),
                spells,
                input.uses,
                input.recharge,
            )),
            GearKind::Feature => Given::Ability(LimitedUse::new(
                label.clone(),
                spells,
                input.uses,
                input.recharge,
            )),
        };
        grimoire_app::retry(store, |store| Ok(play::give(store, name, given.clone())?))
    })
    .await
}

/// Sets free hands, Component Pouch, focus and materials carried (R14b,
/// R14c), replacing what was there (owner or GM).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/equipment", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body(content = Object, description = "free_hands (0-4), component_pouch, focus, materials (at most 30 of 120 characters), weapons (SRD weapon ids or names, at most 12)"),
    responses((status = 200, body = CharacterView), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
pub(crate) async fn equip(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(input): Body<Equipment>,
) -> Result<Json<CharacterView>, ServerError> {
    if input.free_hands > 4
        || input.materials.len() > 30
        || input.materials.iter().any(|m| m.chars().count() > 120)
    {
        return Err(ServerError::invalid_with(
            "bad_json",
            grimoire_words::Message::new("server-too_many_materials")
                .number("hands", 4)
                .number("materials", 30)
                .number("chars", 120),
        ));
    }
    change(state, token, campaign, name, move |store, name| {
        grimoire_app::retry(store, |store| Ok(play::equip(store, name, input.clone())?))
    })
    .await
}

/// Checks the caller may act for the character, runs `op` (the use case,
/// retried on conflict) and tells the campaign of the character afterwards.
async fn change(
    state: AppState,
    token: String,
    campaign: String,
    name: String,
    op: impl FnOnce(&mut grimoire_store::Store, &str) -> Result<StepReport, ServerError>
    + Send
    + 'static,
) -> Result<Json<CharacterView>, ServerError> {
    let character = name.clone();
    let (by, view) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = grimoire_app::sheet::owner_of(store, &name)?;
            me.require_owner(&name, &owner)?;
            Ok((me.account.clone(), op(store, &name)?.character))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "character".into(),
        character: Some(character),
        by,
        data: serde_json::to_value(&view).unwrap_or_default(),
    });
    Ok(Json(view))
}
