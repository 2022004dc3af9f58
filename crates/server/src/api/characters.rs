//! Characters and what they do: create, list, show, prepare, cast, rest,
//! turns, conditions, log and undo. A player acts only for their own
//! characters, the GM for all.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use grimoire_store::{LogEntry, Undone};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Filter, Params, Token};
use crate::access::Role;
use crate::error::ServerError;
use grimoire_app::creation::NewCharacter;
use grimoire_app::play::{
    self, CastReply, CastReport, ConditionInput, ConditionReport, DamageInput, DamageReport,
    DeathSaveInput, DeathSaveReport, HitPointsInput, HitPointsReport, PendingCastReport, RestInput,
    RestReport, StepReport, TimeInput, TurnReport,
};
use grimoire_app::sheet::{self, CharacterView};
use grimoire_dice::SeededRng;

use super::cast_body::{CastBodyError, CastInput, cast_for};
use crate::live::LiveEvent;
use crate::state::AppState;

/// A spell to prepare.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PrepareInput {
    /// Id, English or Czech name.
    spell: String,
    /// Always prepared by a feature (subclass, feat, species, Magical
    /// Secrets): outside the prepared-spell limit, from any class's list.
    #[serde(default)]
    always: bool,
    /// With `always`: the class it counts as (its DC; default: the
    /// character's class with the spell on its list, else its first).
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "cleric")]
    class: Option<grimoire_rules::Class>,
}

/// A character's history, one page of it.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct LogView {
    /// Oldest first, undos included: the newest `limit` entries before
    /// `before`.
    #[schema(value_type = Vec<HistoryEntry>)]
    log: Vec<LogEntry>,
    /// Pass as `before` for the page of older entries; `null` at the start.
    next_before: Option<u64>,
}

/// Which page of a log.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct LogPage {
    /// Entries per page, 1-500 (default 100).
    #[param(minimum = 1, maximum = 500)]
    limit: Option<usize>,
    /// Only entries with a smaller `seq` (from `next_before`).
    before: Option<u64>,
}

/// Most log entries in one response.
const MAX_LOG_PAGE: usize = 500;

/// The most rounds one request lets pass: a day.
const MAX_WAIT_ROUNDS: u64 = 14_400;

/// One entry of a character's history, as the store keeps it
/// (`grimoire_store::LogEntry`; documentation only).
#[derive(ToSchema)]
#[allow(dead_code)]
pub(crate) struct HistoryEntry {
    /// The change this entry belongs to.
    change: i64,
    /// The character's version after this entry.
    seq: u64,
    /// What was asked for (`cast magic-missile Elmira`).
    command: String,
    /// The events the change logged, each with the entity it belongs to
    /// (and a cast's card).
    #[schema(value_type = Vec<Object>)]
    events: serde_json::Value,
    /// Set when this entry is an undo: the change it reverted.
    undo_of: Option<i64>,
    /// Set when a later undo reverted this entry's change.
    undone_by: Option<i64>,
    /// The character before, or null where it did not exist yet.
    #[schema(value_type = Option<Object>)]
    state_before: serde_json::Value,
    /// The character after, or null where the change deleted it.
    #[schema(value_type = Option<Object>)]
    state_after: serde_json::Value,
    /// Every entity the change touched (`character:Elmira`, ...).
    entities: Vec<String>,
    /// When the change was committed (UTC, RFC 3339).
    created_at: String,
}

/// What an undo reverted (`grimoire_store::Undone`; documentation only).
#[derive(ToSchema)]
#[allow(dead_code)]
pub(crate) struct UndoneDoc {
    /// The undo's own change (undo is logged like any change).
    change: i64,
    /// The change it reverted.
    reverted: i64,
    /// The command of the reverted change.
    reverted_command: String,
    /// Every entity restored, with its version afterwards.
    touched: Vec<TouchedDoc>,
}

/// An entity an undo restored (documentation only).
#[derive(ToSchema)]
#[allow(dead_code)]
pub(crate) struct TouchedDoc {
    /// The entity kind (`character`, `encounter`, `owner`).
    kind: String,
    /// Its name.
    name: String,
    /// Its version afterwards; null when the undo removed it.
    version: Option<u64>,
}

/// The receipt of an undo.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct UndoView {
    /// What was reverted.
    #[schema(value_type = UndoneDoc)]
    undo: Undone,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(show))
        .routes(routes!(cast_options))
        .routes(routes!(cast_plan))
        .routes(routes!(cast))
        .routes(routes!(prepare))
        .routes(routes!(rest))
        .routes(routes!(turn))
        .routes(routes!(condition))
        .routes(routes!(damage))
        .routes(routes!(hit_points))
        .routes(routes!(death_save))
        .routes(routes!(wait))
        .routes(routes!(log))
        .routes(routes!(undo))
}

/// Runs a game step for one character after checking the caller may act
/// for it, then tells the campaign.
pub(super) async fn act<T, F>(
    state: &AppState,
    token: String,
    campaign: String,
    name: String,
    kind: &'static str,
    op: F,
) -> Result<T, ServerError>
where
    T: Serialize + Send + 'static,
    F: FnOnce(&mut grimoire_store::Store, &str) -> Result<T, ServerError> + Send + 'static,
{
    act_as(state, token, campaign, name, kind, |store, name, _| {
        op(store, name)
    })
    .await
}

/// [`act`] for a step whose rules depend on the caller's seat (a player's
/// cast may not give a combatant's numbers): `op` is told the role.
async fn act_as<T, F>(
    state: &AppState,
    token: String,
    campaign: String,
    name: String,
    kind: &'static str,
    op: F,
) -> Result<T, ServerError>
where
    T: Serialize + Send + 'static,
    F: FnOnce(&mut grimoire_store::Store, &str, Role) -> Result<T, ServerError> + Send + 'static,
{
    let character = name.clone();
    let _turn = state.writer(&campaign, &name).await;
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = sheet::owner_of(store, &name)?;
            me.require_owner(&name, &owner)?;
            Ok((me.account.clone(), op(store, &name, me.role)?))
        })
        .await?;
    // Built only for someone who listens: most writes have no audience.
    if state.heard(&campaign) {
        state.publish(LiveEvent {
            campaign,
            kind: kind.into(),
            character: Some(character),
            by,
            data: serde_json::to_value(&out).unwrap_or_default(),
        });
    }
    Ok(out)
}

/// Creates a character owned by the caller (the GM may name another owner,
/// who must be a member).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path)), request_body = NewCharacter,
    responses((status = 201, body = CharacterView), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody),
              (status = 422, description = "refused by the rules", body = crate::api::ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
    Body(body): Body<NewCharacter>,
) -> Result<(StatusCode, Json<CharacterView>), ServerError> {
    let (by, view) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = match &body.owner {
                None => me.account.clone(),
                Some(o) => {
                    if grimoire_store::name_key(o) != grimoire_store::name_key(&me.account) {
                        me.require_gm("server-gm-create_for_others")?;
                    }
                    if me.campaign.role_of(o).is_none() {
                        return Err(ServerError::invalid_with(
                            "unknown_account",
                            grimoire_words::Message::new("server-owner_not_member")
                                .text("account", o.as_str()),
                        ));
                    }
                    o.clone()
                }
            };
            // The name's length bounded before any work (the access layer).
            crate::access::check_name(grimoire_app::NameKind::Character, &body.name)?;
            let spells: Vec<&str> = body.prepared.iter().map(String::as_str).collect();
            let view = grimoire_app::homebrew::with_catalog(store, &spells, |store, catalog| {
                grimoire_app::creation::create_character(store, catalog, &owner, &body)
            })?;
            Ok((me.account.clone(), view))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "character".into(),
        character: Some(view.name.clone()),
        by,
        data: serde_json::to_value(&view).unwrap_or_default(),
    });
    Ok((StatusCode::CREATED, Json(view)))
}

/// Every character of the campaign (any member may look).
#[utoipa::path(get, path = "/campaigns/{campaign}/characters", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path)),
    responses((status = 200, body = Vec<CharacterView>), (status = 401, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    Token(token): Token,
    Params(campaign): Params<String>,
) -> Result<Json<Vec<CharacterView>>, ServerError> {
    let all = state
        .read_in_campaign(token, campaign, |_, store| Ok(sheet::list(store)?))
        .await?;
    Ok(Json(all))
}

/// One character (any member may look).
#[utoipa::path(get, path = "/campaigns/{campaign}/characters/{name}", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = CharacterView), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<CharacterView>, ServerError> {
    let view = state
        .read_in_campaign(token, campaign, move |_, store| {
            Ok(sheet::show(store, &name)?)
        })
        .await?;
    Ok(Json(view))
}

/// What the character can cast now and why not the rest (any member may
/// look): `castable` lists each spell with every way it can be powered now
/// (`cantrip`, `slot` and its level, `pact_slot`, `ritual`, `item`,
/// `feature`, `arcanum`) and the action it takes; `blocked` each other
/// spell it knows with the code, rule and message a cast would be refused
/// with. Computed by the same checks as a cast, so the two never disagree.
#[utoipa::path(get, path = "/campaigns/{campaign}/characters/{name}/options", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = grimoire_app::options::Options), (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn cast_options(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<grimoire_app::options::Options>, ServerError> {
    let found = state
        .read_in_campaign(token, campaign, move |_, store| {
            Ok(grimoire_app::options::of_character(store, &name)?)
        })
        .await?;
    Ok(Json(found))
}

/// The what-if plan's question.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct PlanQuery {
    /// The target: `ac=15,hp=40,dex=+2,resist=fire` (AC 0–50, hit points
    /// 1–9999, a save bonus per ability, `resist`/`vuln`/`immune` damage
    /// types joined with `+`; at most 200 characters). Empty: unknown.
    #[param(max_length = 200)]
    target: Option<String>,
    /// `advantage` or `disadvantage` on the caster's attack rolls.
    #[param(inline)]
    attack: Option<AttackMode>,
    /// Only the best N lines (1–400).
    #[param(minimum = 1, maximum = 400)]
    top: Option<u16>,
}

/// Advantage on attack rolls, or not.
#[derive(Debug, Clone, Copy, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum AttackMode {
    /// Roll twice, keep the higher.
    Advantage,
    /// Roll twice, keep the lower.
    Disadvantage,
}

/// The what-if planner (any member may look): for every spell the
/// character can cast now at every slot it could use, the exact
/// distribution of its damage or healing against the target described,
/// with the mean, range, chance to hit or that the target fails its save,
/// and chance to bring it to 0 hit points; best mean first.
///
/// One plan does a bounded amount of work (about half a second of one
/// core, a second at most, 200,000 values in all), with no database
/// connection held while it computes. The cheapest lines are computed
/// first; when the allowance runs out the answer is still 200 with every
/// line computed so far (each exact) and `truncated: true`,
/// `stopped_by` (`work_budget` or `deadline`) and `left_out`: each line
/// not given, `{spell, way, reason}`, the reason `work_budget`,
/// `deadline`, `answer_size` (the answer's values ran out), `too_large`
/// (the line alone spans too many values) or `line_limit` (over 400
/// lines).
#[utoipa::path(get, path = "/campaigns/{campaign}/characters/{name}/plan", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path), PlanQuery),
    responses((status = 200, body = grimoire_app::plan::Plan), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 404, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn cast_plan(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Filter(q): Filter<PlanQuery>,
) -> Result<Json<grimoire_app::plan::Plan>, ServerError> {
    if q.top == Some(0) || q.top.is_some_and(|n| n > 400) {
        return Err(ServerError::invalid_with(
            "bad_top",
            grimoire_words::Message::new("server-bad_top")
                .number("min", 1)
                .number("max", 400),
        ));
    }
    let mode = match q.attack {
        Some(AttackMode::Advantage) => grimoire_rules::RollMode::Advantage,
        Some(AttackMode::Disadvantage) => grimoire_rules::RollMode::Disadvantage,
        None => grimoire_rules::RollMode::Normal,
    };
    let work = state
        .read_in_campaign(token, campaign, move |_, store| {
            let mut spec = grimoire_app::plan::parse_target(q.target.as_deref().unwrap_or(""))
                .map_err(|m| ServerError::invalid_with("bad_target", m))?;
            spec.attack_mode = mode;
            Ok(grimoire_app::plan::work_for(store, &name, &spec)?)
        })
        .await?;
    // The connection is back in the pool: the arithmetic runs on a
    // blocking thread of its own, within one plan's allowance, and stops
    // when this request stops waiting (a timeout, a client gone).
    let mut budget = grimoire_app::budget::WorkBudget::for_plan();
    let _stop = budget.canceller().on_drop();
    let mut found = tokio::task::spawn_blocking(move || work.compute(&mut budget))
        .await
        .map_err(|e| ServerError::Internal(format!("plan worker failed: {e}")))?;
    if let Some(n) = q.top {
        found.lines.truncate(usize::from(n));
    }
    Ok(Json(found))
}

/// Casts a spell: checks the rules, spends the slot and logs it in one
/// transaction; a refused cast (422 with its rule) changes nothing, a cast
/// that kept colliding with others is 409 `conflict`. Inside an encounter,
/// a cast another combatant could answer with a Reaction (Counterspell)
/// waits in the encounter's reaction window instead: 202 with who could
/// answer, nothing spent until the GM resolves the window (R11).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/casts", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = CastInput,
    responses((status = 201, body = CastReport),
              (status = 202, description = "waiting for Reactions (R11)", body = PendingCastReport),
              (status = 403, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody), (status = 409, body = crate::api::ErrorBody),
              (status = 422, description = "refused by the rules", body = crate::api::ErrorBody)))]
async fn cast(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<serde_json::Map<String, serde_json::Value>>,
) -> Result<axum::response::Response, ServerError> {
    use axum::response::IntoResponse;
    // Read here rather than by serde, so each problem is worded in the
    // reader's language, naming the field.
    let body = CastInput::read(body).map_err(|e| match e {
        CastBodyError::Mismatch(e) => super::unreadable::mismatch(&e),
        other => ServerError::invalid_with("bad_json", other.message()),
    })?;
    let answer = act_as(
        &state,
        token,
        campaign,
        name,
        "cast",
        move |store, name, role| {
            let spell = body.spell.clone();
            grimoire_app::homebrew::with_catalog(store, &[&spell], |store, catalog| {
                cast_for(store, catalog, name, &body, role)
            })
        },
    )
    .await?;
    Ok(match answer {
        CastReply::Resolved(report) => (StatusCode::CREATED, Json(report)).into_response(),
        CastReply::Pending(pending) => (StatusCode::ACCEPTED, Json(pending)).into_response(),
    })
}

/// Prepares a spell or learns a cantrip (R8: it must be on a class list),
/// or with `always` keeps it prepared outside the limit and the lists.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/prepared", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = PrepareInput,
    responses((status = 200, body = StepReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn prepare(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<PrepareInput>,
) -> Result<Json<StepReport>, ServerError> {
    let report = act(
        &state,
        token,
        campaign,
        name,
        "prepare",
        move |store, name| {
            let spell = body.spell.clone();
            grimoire_app::homebrew::with_catalog(store, &[&spell], |store, catalog| {
                let spell = catalog.lookup(&spell)?.spell.clone();
                grimoire_app::retry(store, |store| {
                    Ok(if body.always {
                        play::prepare_always(store, name, &spell, body.class)?
                    } else {
                        play::prepare(store, name, &spell)?
                    })
                })
            })
        },
    )
    .await?;
    Ok(Json(report))
}

/// A short or long rest (R4: a long rest restores every slot; it waits
/// 16 hours after the last one and for the encounter to end).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/rests", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = RestInput,
    responses((status = 200, body = RestReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused by the rules (R4: a Long Rest within 16 hours of the last, or during a running encounter; 2024: more Hit Point Dice than are left, or a dead character)", body = crate::api::ErrorBody)))]
async fn rest(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<RestInput>,
) -> Result<Json<RestReport>, ServerError> {
    let report = act(&state, token, campaign, name, "rest", move |store, name| {
        let seed = grimoire_app::dice_seed(body.seed);
        grimoire_app::retry(store, |store| {
            Ok(play::rest(store, name, &body, &mut SeededRng::new(seed))?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// A dying character's death saving throw, or Stable (2024: 10 or more
/// succeeds, a 1 counts twice, a 20 brings it back with 1 hit point;
/// three successes Stable, three failures dead).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/death-saves", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = DeathSaveInput,
    responses((status = 200, body = DeathSaveReport), (status = 403, body = crate::api::ErrorBody),
              (status = 422, description = "refused by the rules (not dying, or dead)", body = crate::api::ErrorBody)))]
async fn death_save(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<DeathSaveInput>,
) -> Result<Json<DeathSaveReport>, ServerError> {
    let report = act(&state, token, campaign, name, "hp", move |store, name| {
        let seed = grimoire_app::dice_seed(body.seed);
        grimoire_app::retry(store, |store| {
            Ok(play::death_save(
                store,
                name,
                &body,
                &mut SeededRng::new(seed),
            )?)
        })
    })
    .await?;
    Ok(Json(report))
}

/// Ends the character's turn and starts the next (R9, R10 reset).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/turns", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = TurnReport), (status = 403, body = crate::api::ErrorBody)))]
async fn turn(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<TurnReport>, ServerError> {
    let report = act(&state, token, campaign, name, "turn", |store, name| {
        grimoire_app::retry(store, |store| Ok(play::end_turn(store, name)?))
    })
    .await?;
    Ok(Json(report))
}

/// Adds or removes a condition (Incapacitated ends Concentration).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/conditions", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = ConditionInput,
    responses((status = 200, body = ConditionReport), (status = 403, body = crate::api::ErrorBody)))]
async fn condition(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<ConditionInput>,
) -> Result<Json<ConditionReport>, ServerError> {
    let report = act(
        &state,
        token,
        campaign,
        name,
        "condition",
        move |store, name| {
            grimoire_app::retry(store, |store| Ok(play::condition(store, name, &body)?))
        },
    )
    .await?;
    Ok(Json(report))
}

/// Records or changes hit points and Armor Class, heals, or grants
/// temporary hit points (the larger amount stays).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/hp", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = HitPointsInput,
    responses((status = 200, body = HitPointsReport), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody), (status = 422, body = crate::api::ErrorBody)))]
async fn hit_points(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(mut body): Body<HitPointsInput>,
) -> Result<Json<HitPointsReport>, ServerError> {
    // A rolled maximum without a seed rolls fresh dice.
    if body.max_hp_auto == Some(grimoire_app::MaxHpRule::Rolled) && body.seed.is_none() {
        body.seed = Some(grimoire_app::dice_seed(None));
    }
    let report = act(&state, token, campaign, name, "hp", move |store, name| {
        grimoire_app::retry(store, |store| Ok(play::hit_points(store, name, &body)?))
    })
    .await?;
    Ok(Json(report))
}

/// Takes damage: while concentrating, a Constitution save decides whether
/// Concentration holds.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/damage", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = DamageInput,
    responses((status = 200, body = DamageReport), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn damage(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<DamageInput>,
) -> Result<Json<DamageReport>, ServerError> {
    let report = act(
        &state,
        token,
        campaign,
        name,
        "damage",
        move |store, name| {
            let seed = grimoire_app::dice_seed(body.seed);
            grimoire_app::retry(store, |store| {
                Ok(play::damage(store, name, &body, &mut SeededRng::new(seed))?)
            })
        },
    )
    .await?;
    Ok(Json(report))
}

/// Lets time pass for the character: durations run out (R15).
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/time", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    request_body = TimeInput,
    responses((status = 200, body = StepReport), (status = 400, body = crate::api::ErrorBody),
              (status = 403, body = crate::api::ErrorBody)))]
async fn wait(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Body(body): Body<TimeInput>,
) -> Result<Json<StepReport>, ServerError> {
    let report = act(&state, token, campaign, name, "time", move |store, name| {
        if body.rounds == 0 || body.rounds > MAX_WAIT_ROUNDS {
            return Err(ServerError::invalid_with(
                "bad_duration",
                grimoire_words::Message::new("server-bad_duration")
                    .number("min", 1)
                    .number("max", MAX_WAIT_ROUNDS as i64),
            ));
        }
        grimoire_app::retry(store, |store| Ok(play::wait(store, name, &body)?))
    })
    .await?;
    Ok(Json(report))
}

/// The character's change log, oldest first (any member may look).
#[utoipa::path(get, path = "/campaigns/{campaign}/characters/{name}/log", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path), LogPage),
    responses((status = 200, body = LogView), (status = 400, body = crate::api::ErrorBody),
              (status = 404, body = crate::api::ErrorBody)))]
async fn log(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
    Filter(page): Filter<LogPage>,
) -> Result<Json<LogView>, ServerError> {
    let limit = page.limit.unwrap_or(100);
    if !(1..=MAX_LOG_PAGE).contains(&limit) {
        return Err(ServerError::range(
            "bad_query",
            "limit",
            1,
            MAX_LOG_PAGE as i64,
        ));
    }
    // The page is read with the index, never the whole history; it may
    // stop early at its size bound (the store's MAX_PAGE_BYTES). Any entry
    // but a history's first (seq 1) has older ones.
    let before = page.before;
    let log = state
        .read_in_campaign(token, campaign, move |_, store| {
            Ok(play::log(store, &name, before, limit as u32)?)
        })
        .await?;
    let next_before = log.first().map(|e| e.seq).filter(|&seq| seq > 1);
    Ok(Json(LogView { log, next_before }))
}

/// Reverts the character's newest change (owner or GM; the undo is logged).
/// A player may only undo a change that touched nothing but their own
/// characters: one that also moved the GM's encounter or another player's
/// character is `undo_forbidden` (409), and only the GM may undo it.
#[utoipa::path(post, path = "/campaigns/{campaign}/characters/{name}/undo", tag = "characters",
    security(("token" = [])), params(("campaign" = String, Path), ("name" = String, Path)),
    responses((status = 200, body = UndoView), (status = 403, body = crate::api::ErrorBody),
              (status = 409, body = crate::api::ErrorBody)))]
async fn undo(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, name)): Params<(String, String)>,
) -> Result<Json<UndoView>, ServerError> {
    let character = name.clone();
    let _turn = state.writer(&campaign, &name).await;
    let (by, undo) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            let owner = sheet::owner_of(store, &name)?;
            me.require_owner(&name, &owner)?;
            let player = (me.role == Role::Player).then_some(me.account.as_str());
            Ok((me.account.clone(), play::undo(store, &name, player)?))
        })
        .await?;
    let view = UndoView { undo };
    state.publish(LiveEvent {
        campaign,
        kind: "undo".into(),
        character: Some(character),
        by,
        data: serde_json::to_value(&view.undo).unwrap_or_default(),
    });
    Ok(Json(view))
}
