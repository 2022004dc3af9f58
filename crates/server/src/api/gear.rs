//! Magic items with charges (R5d), limited-use abilities (R5c) and what a
//! character holds for components (R14) for the character sheet:
//! `POST /web/api/campaigns/{campaign}/characters/{name}/gear` and
//! `…/equipment`. The API has no routes for them yet; casting with them
//! goes through the API's casts (`mode: item` or `mode: feature`).

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use grimoire_catalog::Catalog;
use grimoire_rules::{Caster, Equipment, LimitedUse, MagicItem, Outcome, Recharge};
use grimoire_store::Change;
use serde::Deserialize;

use super::request::{body, token};
use crate::error::ServerError;
use crate::game::{self, CharacterView};
use crate::live::LiveEvent;
use crate::state::AppState;

/// Which kind of source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum GearKind {
    /// A magic item holding spells, with charges (R5d).
    Item,
    /// A feature casting spells without a slot, N times (R5c).
    Feature,
}

/// An item or ability to give a character.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GearInput {
    kind: GearKind,
    /// Its name, e.g. `Wand of Magic Missiles`.
    name: String,
    /// Spells it casts: ids, English or Czech names.
    spells: Vec<String>,
    /// Charges or uses, 1–50.
    uses: u8,
    /// When they come back (default: on a Long Rest).
    #[serde(default = "long_rest")]
    recharge: Recharge,
}

fn long_rest() -> Recharge {
    Recharge::LongRest
}

/// `POST`: gives the character an item or an ability (owner or GM).
pub(crate) async fn add(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<(String, String)>, PathRejection>,
    input: Result<Json<GearInput>, JsonRejection>,
) -> Result<Json<CharacterView>, ServerError> {
    let input = body(input)?;
    if !(1..=50).contains(&input.uses) {
        return Err(ServerError::invalid("bad_json", "uses must be 1-50"));
    }
    let label = crate::access::check_name(grimoire_app::NameKind::Item, &input.name)?;
    let command = format!("gear add {label}");
    change(state, headers, path, command, move |store, caster| {
        let catalog = game::campaign_catalog(store)?;
        let spells = input
            .spells
            .iter()
            .map(|s| Ok(lookup(&catalog, s)?.spell.id.clone()))
            .collect::<Result<Vec<_>, ServerError>>()?;
        Ok(match input.kind {
            GearKind::Item => caster.add_item(MagicItem::charged(
                label.clone(),
                spells,
                input.uses,
                input.recharge,
            )),
            GearKind::Feature => caster.add_feature(LimitedUse::new(
                label.clone(),
                spells,
                input.uses,
                input.recharge,
            )),
        })
    })
    .await
}

/// `POST …/equipment`: free hands, Component Pouch, focus and materials
/// carried (R14b, R14c), replacing what was there (owner or GM).
pub(crate) async fn equip(
    State(state): State<AppState>,
    headers: HeaderMap,
    path: Result<Path<(String, String)>, PathRejection>,
    input: Result<Json<Equipment>, JsonRejection>,
) -> Result<Json<CharacterView>, ServerError> {
    let input = body(input)?;
    if input.free_hands > 4
        || input.materials.len() > 30
        || input.materials.iter().any(|m| m.chars().count() > 120)
    {
        return Err(ServerError::invalid(
            "bad_json",
            "at most 4 free hands and 30 materials of 120 characters",
        ));
    }
    change(
        state,
        headers,
        path,
        "equip".to_owned(),
        move |_, caster| Ok(caster.set_equipment(input.clone())),
    )
    .await
}

/// Checks the caller may act for the character, applies what `decide`
/// returns in one commit (retried on conflict), and tells the campaign.
async fn change(
    state: AppState,
    headers: HeaderMap,
    path: Result<Path<(String, String)>, PathRejection>,
    command: String,
    mut decide: impl FnMut(&grimoire_store::Store, &Caster) -> Result<Outcome, ServerError>
    + Send
    + 'static,
) -> Result<Json<CharacterView>, ServerError> {
    let token = token(&headers)?;
    let Path((campaign, name)) =
        path.map_err(|e| ServerError::invalid("bad_path", e.body_text()))?;
    let character = name.clone();
    let (by, view) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = game::owner_of(store, &name)?;
            me.require_owner(&name, &owner)?;
            game::retry(store, |store| {
                let entity = store.get::<Caster>("character", &name)?;
                let out = decide(store, &entity.state)?;
                let mut next = entity.state.clone();
                next.apply_all(&out.events);
                store.commit(
                    &Change::new(format!("{command} {}", entity.name))
                        .with_events(&out.events)?
                        .update("character", &entity.name, entity.version, &next)?,
                )?;
                Ok(())
            })?;
            Ok((me.account.clone(), game::character(store, &name)?))
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

fn lookup<'c>(
    catalog: &'c Catalog,
    spell: &str,
) -> Result<&'c grimoire_catalog::CatalogSpell, ServerError> {
    Ok(catalog.lookup(spell)?)
}
