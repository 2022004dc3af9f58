//! A party rest (issue 34, 2024 rules): `POST /campaigns/{campaign}/rests`,
//! the GM's alone. Every character of the campaign takes a Short Rest
//! (spending no Hit Point Dice, or with `hit_dice: to_heal` those its
//! missing hit points call for, or the dice `hit_dice_each` names for it)
//! or a Long Rest in one change; one the rules refuse (dead, a Long Rest
//! too soon or inside a running encounter, more dice than it has left) is
//! listed with the refusal's code and left as it was.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;
use grimoire_app::RestKind;

/// Which rest the party takes.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PartyRestInput {
    /// `short` or `long`.
    kind: RestKind,
    /// On a Short Rest, the Hit Point Dice each character spends: `none`
    /// (the default) or `to_heal` (the largest left first, until their
    /// average covers the hit points missing).
    #[serde(default)]
    hit_dice: grimoire_app::PartyHitDice,
    /// On a Short Rest, the Hit Point Dice a character chose, by its name
    /// (`{"Ardent": {"d10": 2}}`); they replace `hit_dice` for that one
    /// character. A name that is no character of the campaign is refused.
    #[serde(default)]
    #[schema(value_type = Object)]
    hit_dice_each: std::collections::BTreeMap<String, grimoire_rules::HitDice>,
    /// Seeds the Hit Point Dice (the same seed, the same rolls).
    #[serde(default)]
    seed: Option<u64>,
}

/// One character of a party rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct PartyMemberView {
    /// The character.
    name: String,
    /// Hit points afterwards, when recorded.
    hp: Option<u32>,
    /// The hit point maximum, when recorded.
    max_hp: Option<u32>,
    /// Why it did not rest (a refusal's code), or none when it rested.
    refused: Option<String>,
    /// The Hit Point Dice it spent, as rolled.
    #[schema(value_type = Vec<Object>)]
    hit_dice_rolls: Vec<grimoire_rules::HitDieRoll>,
}

/// What a party rest did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct PartyRestView {
    /// Every character of the campaign, by name.
    characters: Vec<PartyMemberView>,
    /// The change id, when anyone rested.
    #[schema(value_type = Option<i64>)]
    change: Option<grimoire_store::ChangeId>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(party_rest))
}

/// Every character of the campaign rests at once (the GM's alone): a Long
/// Rest, or a Short Rest spending no Hit Point Dice unless `hit_dice` says
/// `to_heal` or `hit_dice_each` names a character's own.
#[utoipa::path(post, path = "/campaigns/{campaign}/rests", tag = "campaigns",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = PartyRestInput,
    responses((status = 200, body = PartyRestView), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn party_rest(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(input): Body<PartyRestInput>,
) -> Result<Json<PartyRestView>, ServerError> {
    let (command, kind) = match input.kind {
        RestKind::Short => ("rest --all --short", grimoire_app::RestKind::Short),
        RestKind::Long => ("rest --all --long", grimoire_app::RestKind::Long),
    };
    let seed = grimoire_app::dice_seed(input.seed);
    let spend = input.hit_dice;
    let chosen = input.hit_dice_each;
    let (by, view) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm("server-gm-party_rest")?;
            let mut rng = grimoire_dice::SeededRng::new(seed);
            let done =
                grimoire_app::rest_all_choosing(store, command, kind, spend, &chosen, &mut rng)?;
            let view = PartyRestView {
                characters: done
                    .members
                    .into_iter()
                    .map(|m| PartyMemberView {
                        name: m.name,
                        hp: m.hp,
                        max_hp: m.max_hp,
                        refused: m.refused.map(str::to_owned),
                        hit_dice_rolls: m.hit_dice_rolls,
                    })
                    .collect(),
                change: done.change,
            };
            Ok((me.account.clone(), view))
        })
        .await?;
    if view.change.is_some() {
        state.publish(LiveEvent {
            campaign,
            kind: "rest".into(),
            character: None,
            by,
            data: serde_json::to_value(&view).unwrap_or_default(),
        });
    }
    Ok(Json(view))
}
