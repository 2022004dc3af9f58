//! A creature's attack on a character (issue 34): `POST
//! /campaigns/{campaign}/encounters/{encounter}/attacks`, the GM's alone
//! (the creature's numbers are the GM's). Through
//! [`grimoire_app::creature_attack`]: the roll against the character's AC,
//! and either the damage landed or the "hit" window opened for Shield
//! (then `…/window` resolve lands it if it still hits).

use axum::Json;
use axum::extract::State;
use grimoire_app::{CreatureAttackCall, CreatureWeapon};
use grimoire_dice::SeededRng;
use grimoire_rules::{DamageType, DiceFormula, RollMode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::state::AppState;

/// A creature's attack, as the GM gives it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreatureAttackInput {
    /// The attacking creature, a combatant of the encounter.
    #[schema(max_length = 60, example = "Orc")]
    attacker: String,
    /// An SRD weapon (id, English or Czech name), or the name of the
    /// creature's own attack when `damage` is given.
    #[schema(max_length = 40, example = "greataxe")]
    weapon: String,
    /// The character attacked.
    #[schema(max_length = 60, example = "Pal")]
    target: String,
    /// The attack bonus its stat block prints.
    #[schema(minimum = -30, maximum = 30)]
    bonus: i32,
    /// Added to the weapon's die.
    #[serde(default)]
    #[schema(minimum = -30, maximum = 30)]
    damage_bonus: i32,
    /// The creature's own attack's damage instead of a weapon's (`2d6+3`).
    #[serde(default)]
    #[schema(max_length = 20, example = "2d6+3")]
    damage: Option<String>,
    /// The damage type of `damage` (default bludgeoning).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    damage_type: Option<DamageType>,
    /// The creature's own attack is a ranged one.
    #[serde(default)]
    ranged: bool,
    /// Advantage claimed (the conditions in force add their own).
    #[serde(default)]
    advantage: bool,
    /// Disadvantage claimed.
    #[serde(default)]
    disadvantage: bool,
    /// Seed for the dice; random when left out.
    #[serde(default)]
    seed: Option<u64>,
}

/// The attack made: the roll, and the damage landed or the window open.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct CreatureAttackReport {
    /// The attack (roll, reasons, outcome or reactors).
    #[schema(value_type = Object)]
    attack: grimoire_app::CreatureAttackDone,
    /// The change that recorded it (for undo).
    change: Option<i64>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(creature_attack))
}

/// A creature of the encounter attacks a character (the GM's alone).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/attacks",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = CreatureAttackInput,
    responses((status = 200, body = CreatureAttackReport), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
async fn creature_attack(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, encounter)): Params<(String, String)>,
    Body(input): Body<CreatureAttackInput>,
) -> Result<Json<CreatureAttackReport>, ServerError> {
    crate::access::check_name(grimoire_app::NameKind::Target, &input.target)?;
    crate::access::check_name(grimoire_app::NameKind::Target, &input.attacker)?;
    if input.weapon.chars().count() > 40 {
        return Err(grimoire_app::AppError::UnknownWeapon {
            name: input.weapon.chars().take(40).collect(),
        }
        .into());
    }
    let weapon = match &input.damage {
        None => CreatureWeapon::Weapon {
            weapon: input.weapon.clone(),
            damage_bonus: input.damage_bonus,
        },
        Some(dice) => {
            let damage: DiceFormula =
                dice.parse()
                    .map_err(|_| grimoire_app::AppError::InvalidRequest {
                        reason: grimoire_words::Message::new("app-reason-creature_attack_numbers")
                            .number("max", grimoire_app::creature_attack::MAX_ATTACK_NUMBER)
                            .number("dice", grimoire_app::creature_attack::MAX_ATTACK_DICE),
                    })?;
            CreatureWeapon::Own {
                name: input.weapon.clone(),
                damage,
                damage_type: input.damage_type.unwrap_or(DamageType::Bludgeoning),
                melee: !input.ranged,
            }
        }
    };
    let seed = grimoire_app::dice_seed(input.seed);
    let call = CreatureAttackCall {
        attacker: input.attacker.clone(),
        weapon,
        bonus: input.bonus,
        target: input.target.clone(),
        roll_mode: match (input.advantage, input.disadvantage) {
            (true, false) => RollMode::Advantage,
            (false, true) => RollMode::Disadvantage,
            _ => RollMode::Normal,
        },
        command: format!(
            "attack {} {} -t {}",
            input.attacker, input.weapon, input.target
        ),
    };
    let (by, report) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm("server-gm-creature_attack")?;
            let e = grimoire_app::encounter(store, &encounter)?;
            let inside = e.state.running.as_ref().is_some_and(|r| {
                grimoire_app::identity::combatant_named(r, &call.target).is_some()
            });
            if !inside {
                return Err(grimoire_app::AppError::InvalidRequest {
                    reason: grimoire_words::Message::new(
                        "app-reason-creature_attack_outside_encounter",
                    )
                    .text("name", call.target.as_str()),
                }
                .into());
            }
            let reactions = grimoire_app::reaction_spells();
            let done = grimoire_app::retry::<_, ServerError>(store, |store| {
                let mut rng = SeededRng::new(seed);
                Ok(grimoire_app::creature_attack(
                    store, &call, &reactions, &mut rng,
                )?)
            })?;
            Ok((
                me.account.clone(),
                CreatureAttackReport {
                    change: done.change.map(|c| c.0),
                    attack: done,
                },
            ))
        })
        .await?;
    // The whole table hears it (issue 37): the target's player is alerted
    // to a Shield window it opened, every seat's encounter redraws.
    state.publish(crate::live::LiveEvent {
        campaign,
        kind: "encounter".into(),
        character: Some(report.attack.target.clone()),
        by,
        data: serde_json::to_value(&report).unwrap_or_default(),
    });
    Ok(Json(report))
}
