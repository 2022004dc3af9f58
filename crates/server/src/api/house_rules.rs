//! A campaign's house rules (issue 15): `GET` and `PUT
//! /campaigns/{campaign}/house-rules`. The GM may relax R10, R11 or R14 so
//! that a cast breaking them goes ahead with a warning (`waived` on the
//! cast's response and its card in the table log); every member reads
//! them, and the change is logged and announced live.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use grimoire_rules::{HouseRules, Relaxable};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Params, Token};
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

/// The most entries `relaxed` may list (there are three relaxable rules).
const MAX_RELAXED: usize = 8;

/// A rule a table may relax (documentation only: the input is read as
/// text, so any other id gets `unknown_house_rule` naming the field).
#[derive(ToSchema)]
#[allow(dead_code)]
pub(crate) enum RelaxableRule {
    /// One spell slot per turn.
    R10,
    /// Naming a Reaction's trigger.
    R11,
    /// Components.
    R14,
}

/// The house rules to play by.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HouseRulesInput {
    /// The rules to relax: any of `R10`, `R11`, `R14`; an empty list plays
    /// every rule as written.
    #[schema(max_items = 8, value_type = Vec<RelaxableRule>)]
    relaxed: Vec<String>,
}

/// One relaxed rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct RelaxedRuleView {
    /// The rule: `R10`, `R11` or `R14`.
    #[schema(value_type = String)]
    rule: Relaxable,
    /// What relaxing it allows, in English.
    allows: String,
    /// The same in Czech (kept for clients that read it; `messages` has
    /// every language).
    allows_cs: String,
    /// What relaxing it allows in every language the server speaks, by
    /// tag (`en`, `cs`, ...).
    messages: BTreeMap<String, String>,
}

/// A campaign's house rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub(crate) struct HouseRulesView {
    /// The relaxed rules, in rule order; empty when every rule is played
    /// as written.
    relaxed: Vec<RelaxedRuleView>,
    /// Every rule a table may relax.
    #[schema(value_type = Vec<String>)]
    relaxable: Vec<Relaxable>,
    /// Whether this request changed them (always false for a read).
    changed: bool,
}

impl HouseRulesView {
    fn new(house: &HouseRules, changed: bool) -> Self {
        HouseRulesView {
            relaxed: grimoire_app::house::describe(house)
                .into_iter()
                .map(|r| RelaxedRuleView {
                    rule: r.rule,
                    allows: r.allows.to_owned(),
                    allows_cs: r.allows_cs.to_owned(),
                    messages: r.messages,
                })
                .collect(),
            relaxable: Relaxable::ALL.to_vec(),
            changed,
        }
    }
}

/// The routes of this module.
pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(house_rules, set_house_rules))
}

/// The campaign's house rules (members).
#[utoipa::path(get, path = "/campaigns/{campaign}/house-rules", tag = "campaigns",
    security(("token" = [])), params(("campaign" = String, Path)),
    responses((status = 200, body = HouseRulesView), (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody)))]
async fn house_rules(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<HouseRulesView>, ServerError> {
    let house = state
        .read_in_campaign(token, campaign, |_, store| {
            Ok(grimoire_app::house_rules(store)?)
        })
        .await?;
    Ok(Json(HouseRulesView::new(&house, false)))
}

/// Sets which rules the table relaxes (GM only): each listed rule warns
/// instead of refusing; the rest refuse as written. Logged, and announced
/// live (`house_rules`).
#[utoipa::path(put, path = "/campaigns/{campaign}/house-rules", tag = "campaigns",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = HouseRulesInput,
    responses((status = 200, body = HouseRulesView), (status = 400, body = crate::api::ErrorBody),
              (status = 401, body = crate::api::ErrorBody), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
async fn set_house_rules(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(input): Body<HouseRulesInput>,
) -> Result<Json<HouseRulesView>, ServerError> {
    let house = parse(&input.relaxed)?;
    let command = match house.relaxed().map(|r| r.id()).collect::<Vec<_>>() {
        ids if ids.is_empty() => "house-rules as written".to_owned(),
        ids => format!("house-rules relax {}", ids.join(" ")),
    };
    let (by, view) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm("server-gm-set_house_rules")?;
            let (house, receipt) = grimoire_app::set_house_rules(store, command, &house)?;
            Ok((
                me.account.clone(),
                HouseRulesView::new(&house, receipt.is_some()),
            ))
        })
        .await?;
    if view.changed {
        state.publish(LiveEvent {
            campaign,
            kind: "house_rules".into(),
            character: None,
            by,
            data: serde_json::to_value(&view).unwrap_or_default(),
        });
    }
    Ok(Json(view))
}

/// The listed rule ids, each one a table may relax.
fn parse(relaxed: &[String]) -> Result<HouseRules, ServerError> {
    if relaxed.len() > MAX_RELAXED {
        return Err(ServerError::invalid_with(
            "too_many_rules",
            grimoire_words::Message::new("server-too_many_relaxed")
                .number("max", MAX_RELAXED as i64),
        ));
    }
    // Exactly as the schema spells them (the CLI also takes `r14`).
    let rules = relaxed
        .iter()
        .map(|r| Relaxable::from_id(r))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            ServerError::invalid_with(
                "unknown_house_rule",
                grimoire_words::Message::new("server-unknown_house_rule").text("rule", e.0),
            )
        })?;
    Ok(HouseRules::relaxing(rules))
}
