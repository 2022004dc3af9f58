//! Spellcasting creatures (`GET /monsters`, `GET /monsters/{monster}`) and,
//! inside an encounter, casting for any combatant with Reactions that
//! interrupt (R11): `creatures`, `cast`, `react`, `pass`, `resolve`,
//! `withdraw`, `window`. GM only, like the other encounter steps, except
//! that a player answers (`react`, `pass`) for their own character; the
//! shapes are the CLI's `--json` ones.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Filter, Params, Token};
use crate::error::ServerError;
use crate::game::monster::{
    self, CombatantCastInput, CreatureInput, PassInput, ResolveInput, TriggerInput,
};
use crate::live::LiveEvent;
use crate::state::AppState;

/// Search for creatures.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(crate) struct MonsterQuery {
    /// Part of a name, English or Czech; typos forgiven.
    q: Option<String>,
}

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_monsters))
        .routes(routes!(show_monster))
        .routes(routes!(add_creature))
        .routes(routes!(cast))
        .routes(routes!(react))
        .routes(routes!(pass))
        .routes(routes!(resolve))
        .routes(routes!(withdraw))
        .routes(routes!(open_window, show_window))
}

/// Runs a GM-only step and tells the campaign (the web table redraws).
async fn gm<T, F>(
    state: &AppState,
    token: String,
    campaign: String,
    op: F,
) -> Result<T, ServerError>
where
    T: serde::Serialize + Send + 'static,
    F: FnOnce(&mut grimoire_store::Store) -> Result<T, ServerError> + Send + 'static,
{
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm("server-gm-run_encounters")?;
            Ok((me.account.clone(), op(store)?))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "encounter".into(),
        character: None,
        by,
        data: serde_json::to_value(&out).unwrap_or_default(),
    });
    Ok(out)
}

/// Runs a step a player may take for their own character (answering a
/// window in encounter `enc`); the GM may take it for anyone. Tells the
/// campaign.
async fn owner<T, F>(
    state: &AppState,
    token: String,
    campaign: String,
    (enc, who): (String, String),
    op: F,
) -> Result<T, ServerError>
where
    T: serde::Serialize + Send + 'static,
    F: FnOnce(&mut grimoire_store::Store) -> Result<T, ServerError> + Send + 'static,
{
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            if me.require_gm("server-gm-answer_for_others").is_err() {
                // A player answers only for a combatant that is a character
                // of theirs, never for a creature the GM runs, whatever
                // character shares its name (issue 30).
                let e = grimoire_app::encounter(store, &enc)?;
                let Some(character) = grimoire_app::identity::character_in(store, &e, &who)? else {
                    return Err(ServerError::Forbidden(
                        grimoire_words::Message::new("server-gm_answers_for")
                            .text("name", who.as_str()),
                    ));
                };
                let owner = crate::game::owner_of(store, &character.name)?;
                me.require_owner(&character.name, &owner)?;
            }
            Ok((me.account.clone(), op(store)?))
        })
        .await?;
    state.publish(LiveEvent {
        campaign,
        kind: "encounter".into(),
        character: None,
        by,
        data: serde_json::to_value(&out).unwrap_or_default(),
    });
    Ok(out)
}

/// The spellcasting creatures of SRD 5.2 (no token needed).
#[utoipa::path(get, path = "/monsters", tag = "monsters", params(MonsterQuery),
    responses((status = 200, body = Object), (status = 400, body = crate::api::ErrorBody)))]
async fn list_monsters(Filter(q): Filter<MonsterQuery>) -> Result<Json<Value>, ServerError> {
    Ok(Json(monster::list_monsters(q.q.as_deref())))
}

/// One creature's Spellcasting: DC, attack bonus, spells and uses.
#[utoipa::path(get, path = "/monsters/{monster}", tag = "monsters",
    params(("monster" = String, Path, description = "id or name, e.g. mage or arcimág")),
    responses((status = 200, body = Object), (status = 404, body = crate::api::ErrorBody)))]
async fn show_monster(Params(id): Params<String>) -> Result<Json<Value>, ServerError> {
    Ok(Json(monster::show_monster(&id)?))
}

/// Adds a stat-block creature with its own hit points and uses (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/creatures",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = CreatureInput,
    responses((status = 200, body = Object), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn add_creature(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CreatureInput>,
) -> Result<Json<Value>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            monster::add_creature(store, &enc, &body)
        })
        .await?,
    ))
}

/// The GM casts for a combatant; the cast waits for Reactions when another
/// combatant could answer it (R11), nothing spent until it resolves.
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/cast",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = CombatantCastInput,
    responses((status = 200, body = Object), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn cast(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CombatantCastInput>,
) -> Result<Json<Value>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            monster::cast(store, &enc, &body)
        })
        .await?,
    ))
}

/// A combatant answers the open window with a Reaction spell; a
/// Counterspell whose save fails stops the waiting spell (the GM, or the
/// player for their own character).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/react",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    request_body = CombatantCastInput,
    responses((status = 200, body = grimoire_app::window::Reaction), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn react(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CombatantCastInput>,
) -> Result<Json<grimoire_app::window::Reaction>, ServerError> {
    let who = (enc.clone(), body.caster.clone());
    Ok(Json(
        owner(&state, token, campaign, who, move |store| {
            monster::react(store, &enc, &body)
        })
        .await?,
    ))
}

/// A combatant lets the open window go by (the GM, or the player for
/// their own character).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/pass",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = PassInput,
    responses((status = 200, body = grimoire_app::window::Passed), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn pass(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<PassInput>,
) -> Result<Json<grimoire_app::window::Passed>, ServerError> {
    let who = (enc.clone(), body.name.clone());
    Ok(Json(
        owner(&state, token, campaign, who, move |store| {
            monster::pass(store, &enc, &body)
        })
        .await?,
    ))
}

/// Closes the open window: the waiting spell is cast, a hit is checked
/// against the AC bonuses in force (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/resolve",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = ResolveInput,
    responses((status = 200, body = grimoire_app::window::Resolved), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn resolve(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<ResolveInput>,
) -> Result<Json<grimoire_app::window::Resolved>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            monster::resolve(store, &enc, &body)
        })
        .await?,
    ))
}

/// Takes the waiting spell back and closes the window; nothing was spent (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/withdraw",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = grimoire_app::window::Withdrawn), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn withdraw(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<grimoire_app::window::Withdrawn>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            monster::withdraw(store, &enc)
        })
        .await?,
    ))
}

/// Opens a window for a hit (Shield), damage (Hellish Rebuke) or a fall
/// (Feather Fall) (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/window",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = TriggerInput,
    responses((status = 200, body = grimoire_app::window::Opened), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn open_window(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<TriggerInput>,
) -> Result<Json<grimoire_app::window::Opened>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            monster::open(store, &enc, &body)
        })
        .await?,
    ))
}

/// The open window (or null) and each creature's uses and Reaction (members).
#[utoipa::path(get, path = "/campaigns/{campaign}/encounters/{encounter}/window",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = Object), (status = 404, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn show_window(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<Value>, ServerError> {
    let out = state
        .read_in_campaign(token, campaign, move |_, store| {
            monster::window(store, &enc)
        })
        .await?;
    Ok(Json(out))
}
