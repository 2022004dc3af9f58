//! Weapon attacks (issue 34):
//! `POST /campaigns/{campaign}/characters/{name}/attacks` runs
//! [`grimoire_app::attack`], the same use case as `grimoire attack`. The
//! owner or the GM may attack with a character; a player's answer passes
//! through the seat's redaction ([`crate::sight`]) like any other, so the
//! target creature's hit points are hidden from them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use grimoire_dice::SeededRng;
use grimoire_rules::RollMode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

/// One attack.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AttackInput {
    /// A weapon the character carries: SRD id, English or Czech name.
    #[schema(max_length = 40, example = "longsword")]
    weapon: String,
    /// The target: a combatant of the character's encounter or a stored character.
    #[schema(max_length = 60, example = "Orc")]
    target: String,
    /// Advantage claimed (the conditions in force add their own).
    #[serde(default)]
    advantage: bool,
    /// Disadvantage claimed.
    #[serde(default)]
    disadvantage: bool,
    /// A Versatile weapon in two hands (its larger die).
    #[serde(default)]
    two_handed: bool,
    /// On a hit, Eldritch Smite (the Warlock invocation): a Pact slot for
    /// extra Force damage; refused when not known, no Pact slot is left or
    /// it was used this turn.
    #[serde(default)]
    eldritch_smite: bool,
    /// Seed for the dice (repeatable rolls); random when left out.
    #[serde(default)]
    seed: Option<u64>,
}

/// An attack made.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct AttackReport {
    /// The attack: weapon, bonus, what gave Advantage or Disadvantage,
    /// every roll, the target's outcome.
    #[schema(value_type = Object)]
    attack: grimoire_app::AttackView,
    /// The change that recorded it (for undo).
    change: i64,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(attack))
}

/// Attacks with a carried weapon: the d20 with the conditions and effects
/// in force against the target's AC, damage with the riders in force
/// (Hex, Hunter's Mark, Divine Favor), applied and logged in one change;
/// inside an encounter it takes the attacker's action on its own turn. A
/// refusal (422 with its code and rule) changes nothing.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/attacks", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = AttackInput,
    responses((status = 201, body = AttackReport), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody),
              (status = 422, description = "refused by the rules", body = crate::api::ErrorBody)))]
pub(crate) async fn attack(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(input): Body<AttackInput>,
) -> Result<(StatusCode, Json<AttackReport>), ServerError> {
    crate::access::check_name(grimoire_app::NameKind::Target, &input.target)?;
    if input.weapon.chars().count() > 40 {
        return Err(grimoire_app::AppError::UnknownWeapon {
            name: input.weapon.chars().take(40).collect(),
        }
        .into());
    }
    let seed = grimoire_app::dice_seed(input.seed);
    let character = name.clone();
    let _turn = state.writer(&campaign, &name).await;
    let (by, report) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = grimoire_app::sheet::owner_of(store, &name)?;
            me.require_owner(&name, &owner)?;
            let report = grimoire_app::retry::<_, ServerError>(store, |store| {
                let entity = grimoire_app::character(store, &name)?;
                let call = grimoire_app::AttackCall {
                    attacker: entity.name.clone(),
                    weapon: input.weapon.clone(),
                    target: input.target.clone(),
                    roll_mode: match (input.advantage, input.disadvantage) {
                        (true, false) => RollMode::Advantage,
                        (false, true) => RollMode::Disadvantage,
                        _ => RollMode::Normal,
                    },
                    two_handed: input.two_handed,
                    eldritch_smite: input.eldritch_smite,
                    command: format!("attack {} {}", entity.name, input.weapon),
                };
                // The same seed on every retry: a retried attack rolls
                // what the first attempt would have.
                let mut rng = SeededRng::new(seed);
                let done = grimoire_app::attack(store, &call, &mut rng)?;
                Ok(AttackReport {
                    attack: grimoire_app::AttackView::new(&done),
                    change: done.change.map_or(0, |c| c.0),
                })
            })?;
            Ok((me.account.clone(), report))
        })
        .await?;
    if state.heard(&campaign) {
        state.publish(LiveEvent {
            campaign,
            kind: "attack".into(),
            character: Some(character),
            by,
            data: serde_json::to_value(&report).unwrap_or_default(),
        });
    }
    Ok((StatusCode::CREATED, Json(report)))
}
