//! A spell's exact damage (or healing) distribution at each slot level, as
//! the web table's charts draw it: for the SRD
//! (`GET /spells/{spell}/damage`) and for a campaign's spells, homebrew
//! included (`GET /campaigns/{campaign}/spells/{spell}/damage`). The
//! numbers come from `grimoire_dice` (`crate::web::cards::damage_report`).

use axum::Json;
use axum::extract::State;
use grimoire_catalog::{Catalog, CatalogSpell};
use grimoire_rules::RulesError;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Filter, Params, Token};
use crate::error::ServerError;
use crate::state::AppState;
use crate::web::cards::{self, DamageReport};

/// The highest character level, for a cantrip's tier.
const MAX_CHARACTER_LEVEL: u8 = 20;
/// The spellcasting modifier's range: ability scores 1 to 30.
const MODIFIERS: std::ops::RangeInclusive<i32> = -5..=10;

/// Which level and caster numbers the distribution is for; all optional.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct DamageQuery {
    /// One slot level (the spell's level or higher; any for a cantrip);
    /// every level the spell can use when left out.
    #[param(minimum = 0, maximum = 9)]
    slot: Option<u8>,
    /// The caster's level, for a cantrip's tier (default 1).
    #[param(minimum = 1, maximum = 20)]
    character_level: Option<u8>,
    /// The spellcasting modifier, added where the spell adds it (default 0).
    #[param(minimum = -5, maximum = 10)]
    modifier: Option<i32>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(srd_damage))
        .routes(routes!(campaign_damage))
}

/// The exact distribution of an SRD spell's damage (or healing) at each
/// slot level, or at one: formula, min, max, mean and the probability of
/// every total (no token needed). It assumes every instance hits one
/// target: attacks hit without critical hits, saves fail.
#[utoipa::path(get, path = "/spells/{spell}/damage", tag = "spells",
    params(("spell" = String, Path, description = "id or name, e.g. magic-missile or magická střela"),
           DamageQuery),
    responses((status = 200, body = DamageReport),
              (status = 400, body = crate::api::ErrorBody, description = "a query that cannot be read (bad_query)"),
              (status = 404, body = crate::api::ErrorBody, description = "no such spell (unknown_spell)"),
              (status = 422, body = crate::api::ErrorBody,
               description = "a slot the spell cannot use (slot_too_low, invalid_slot_level), a character level or modifier out of range (invalid_character_level, out_of_range)")))]
async fn srd_damage(
    Params(spell): Params<String>,
    Filter(q): Filter<DamageQuery>,
) -> Result<Json<DamageReport>, ServerError> {
    check(&q)?;
    let spell = Catalog::srd()
        .lookup(&spell)
        .map_err(ServerError::spell_in_path)?;
    Ok(Json(distribution(spell, &q)?))
}

/// [`srd_damage`] for any spell of the campaign, its homebrew included
/// (members only).
#[utoipa::path(get, path = "/campaigns/{campaign}/spells/{spell}/damage", tag = "spells",
    security(("token" = [])),
    params(("campaign" = String, Path),
           ("spell" = String, Path, description = "id or name, homebrew included"),
           DamageQuery),
    responses((status = 200, body = DamageReport),
              (status = 400, body = crate::api::ErrorBody, description = "a query that cannot be read (bad_query)"),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody, description = "no such campaign or spell"),
              (status = 422, body = crate::api::ErrorBody,
               description = "a slot the spell cannot use (slot_too_low, invalid_slot_level), a character level or modifier out of range (invalid_character_level, out_of_range)")))]
async fn campaign_damage(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, spell)): Params<(String, String)>,
    Filter(q): Filter<DamageQuery>,
) -> Result<Json<DamageReport>, ServerError> {
    let report = state
        .read_in_campaign(token, campaign, move |_, store| {
            check(&q)?;
            let catalog = grimoire_app::homebrew::catalog(store)?;
            distribution(
                catalog.lookup(&spell).map_err(ServerError::spell_in_path)?,
                &q,
            )
        })
        .await?;
    Ok(Json(report))
}

/// Refuses numbers outside their ranges before any work.
fn check(q: &DamageQuery) -> Result<(), ServerError> {
    if let Some(slot) = q.slot.filter(|&s| s > 9) {
        return Err(RulesError::InvalidSlotLevel { level: slot }.into());
    }
    if let Some(level) = q
        .character_level
        .filter(|l| !(1..=MAX_CHARACTER_LEVEL).contains(l))
    {
        return Err(RulesError::InvalidCharacterLevel {
            total: u32::from(level),
        }
        .into());
    }
    if q.modifier.is_some_and(|m| !MODIFIERS.contains(&m)) {
        return Err(ServerError::invalid_with(
            "out_of_range",
            grimoire_words::Message::new("server-range-to")
                .text("field", "modifier")
                .number("min", *MODIFIERS.start())
                .number("max", *MODIFIERS.end()),
        ));
    }
    Ok(())
}

/// The distribution of `spell` for a checked query; a leveled spell
/// cannot be cast with a lower slot (R3), a cantrip takes any.
fn distribution(spell: &CatalogSpell, q: &DamageQuery) -> Result<DamageReport, ServerError> {
    let level = spell.spell.level.get();
    if let Some(slot) = q.slot
        && !spell.spell.level.is_cantrip()
        && slot < level
    {
        return Err(RulesError::SlotTooLow {
            slot,
            spell_level: level,
        }
        .into());
    }
    let slots: Vec<u8> = q.slot.into_iter().collect();
    cards::damage_report(
        spell,
        &slots,
        q.character_level.unwrap_or(1),
        q.modifier.unwrap_or(0),
    )
    .map_err(|e| {
        ServerError::invalid_with(
            "too_many_dice",
            grimoire_words::Message::new("server-dice")
                .part("detail", grimoire_words::distribution_error(&e)),
        )
    })
}
