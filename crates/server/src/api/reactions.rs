//! Spellcasting creatures (`GET /monsters`, `GET /monsters/{monster}`) and,
//! inside an encounter, casting for any combatant with Reactions that
//! interrupt (R11): `creatures`, `cast`, `react`, `pass`, `resolve`,
//! `withdraw`, `window`. GM only, like the other encounter steps, except
//! that a player answers (`react`, `pass`) for their own character; the
//! shapes are the CLI's `--json` ones.

use axum::Json;
use axum::extract::State;
use grimoire_app::bestiary::{MonsterList, MonsterSheet};
use grimoire_app::window::{Opened, Passed, Reaction, Resolved, Withdrawn};
use grimoire_app::window_calls::{self as calls, CombatantCast, GmCast, TriggerCall, WindowView};
use grimoire_app::{dice_seed, retry};
use grimoire_app::{encounter_calls::CreatureCall, encounter_view::CreatureJoined, limits};
use grimoire_catalog::{Bestiary, Catalog};
use grimoire_dice::SeededRng;
use grimoire_rules::{CastMode, CastRequest, SlotLevel, Target};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{Body, Filter, Params, Token};
use crate::access::check_name;
use crate::error::ServerError;
use crate::live::LiveEvent;
use crate::state::AppState;

/// A creature of a stat block joining an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureInput {
    /// Its name in the encounter (`Cave Mage#1`); not, nor like, a
    /// character's (`invalid_name`).
    pub name: String,
    /// The stat block: id or name from `GET /monsters`.
    pub monster: String,
    /// Initiative; higher acts first (-1000 to 1000).
    #[schema(minimum = -1000, maximum = 1000)]
    pub initiative: i32,
    /// Hit points, when not the block's (0-100000).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100_000)]
    pub hp: Option<i32>,
    /// It answers its allies' casts with Counterspell too; by default only
    /// casts by the other side (characters against the GM's creatures) wait
    /// for it (R11).
    #[serde(default)]
    pub reacts_to_allies: bool,
}

/// A spell cast (or a Reaction answered) for a combatant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatantCastInput {
    /// The combatant casting: a creature or a character.
    pub caster: String,
    /// The spell: id, English or Czech name.
    pub spell: String,
    /// Combatants targeted, by name (their numbers come from the tracker).
    #[serde(default)]
    pub targets: Vec<String>,
    /// A slot level (R6), for casters with slots (1-9).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 9)]
    pub slot: Option<u8>,
    /// A named use: a stat block's line (`Protective Magic`) or a feature.
    #[serde(default)]
    pub via: Option<String>,
    /// Seeds the dice; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A combatant passing on the open window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PassInput {
    /// The combatant.
    pub name: String,
}

/// Closing the open window.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResolveInput {
    /// Seeds the dice of the spell that waited; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// The cast request of `input`: slot, named use, targets by name.
fn request(input: &CombatantCastInput) -> Result<CastRequest, ServerError> {
    limits::check_count(
        input.targets.len(),
        limits::MAX_TARGETS,
        "too_many_targets",
        "targets",
    )
    .map_err(grimoire_app::AppError::from)?;
    let mut req = CastRequest::new();
    if let Some(n) = input.slot {
        req = req.at_slot(SlotLevel::new(n)?);
    }
    if let Some(v) = &input.via {
        req = req.with_mode(CastMode::Feature(v.clone()));
    }
    for t in &input.targets {
        req = req.target(Target::named(t.clone()));
    }
    Ok(req)
}

/// The app's call for `input` in encounter `enc`, logged as `verb`.
fn combatant_cast(
    enc: String,
    input: &CombatantCastInput,
    verb: &str,
) -> Result<CombatantCast, ServerError> {
    let spell = Catalog::srd().lookup(&input.spell)?.spell.clone();
    Ok(CombatantCast {
        command: format!("encounter {verb} {enc} {} {}", input.caster, spell.id),
        encounter: enc,
        caster: input.caster.clone(),
        spell,
        request: request(input)?,
    })
}

/// A spell of the SRD catalogue by id (the one a window's pending cast names).
fn srd_spell(id: &str) -> Option<grimoire_rules::Spell> {
    Catalog::srd().get(id).map(|s| s.spell.clone())
}

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

/// Runs a GM-only step (retried after version conflicts) and tells the
/// campaign (the web table redraws).
async fn gm<T, F>(
    state: &AppState,
    token: String,
    campaign: String,
    mut op: F,
) -> Result<T, ServerError>
where
    T: Serialize + Send + 'static,
    F: FnMut(&mut grimoire_store::Store) -> Result<T, ServerError> + Send + 'static,
{
    let (by, out) = state
        .in_campaign(token, campaign.clone(), move |me, store| {
            me.require_gm("server-gm-run_encounters")?;
            let out = retry(store, &mut op)?;
            Ok((me.account.clone(), out))
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
    mut op: F,
) -> Result<T, ServerError>
where
    T: Serialize + Send + 'static,
    F: FnMut(&mut grimoire_store::Store) -> Result<T, ServerError> + Send + 'static,
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
                let owner = grimoire_app::sheet::owner_of(store, &character.name)?;
                me.require_owner(&character.name, &owner)?;
            }
            let out = retry(store, &mut op)?;
            Ok((me.account.clone(), out))
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
    responses((status = 200, body = MonsterList), (status = 400, body = crate::api::ErrorBody)))]
async fn list_monsters(Filter(q): Filter<MonsterQuery>) -> Result<Json<MonsterList>, ServerError> {
    Ok(Json(grimoire_app::bestiary::list_monsters(
        Bestiary::srd(),
        q.q.as_deref().unwrap_or_default(),
    )))
}

/// One creature's Spellcasting: DC, attack bonus, spells and uses.
#[utoipa::path(get, path = "/monsters/{monster}", tag = "monsters",
    params(("monster" = String, Path, description = "id or name, e.g. mage or arcimág")),
    responses((status = 200, body = MonsterSheet), (status = 404, body = crate::api::ErrorBody)))]
async fn show_monster(Params(id): Params<String>) -> Result<Json<MonsterSheet>, ServerError> {
    // The stat block named in the path is a resource: unknown is a 404.
    let m = Bestiary::srd()
        .get(&id)
        .ok_or_else(|| ServerError::Unknown {
            code: "unknown_monster",
            message: grimoire_words::Message::new("catalog-unknown_monster")
                .text("query", id.as_str()),
        })?;
    Ok(Json(MonsterSheet::of(m)))
}

/// Adds a stat-block creature with its own hit points and uses (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/creatures",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = CreatureInput,
    responses((status = 200, body = CreatureJoined), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn add_creature(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CreatureInput>,
) -> Result<Json<CreatureJoined>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            let name = check_name(grimoire_app::NameKind::Combatant, &body.name)?;
            let monster = Bestiary::srd()
                .get(&body.monster)
                .map_or_else(|| body.monster.clone(), |m| m.id.clone());
            let call = CreatureCall {
                command: format!("encounter add {enc} {name} --monster {monster}"),
                encounter: enc.clone(),
                name,
                monster,
                initiative: Some(body.initiative),
                hp: body.hp,
                reacts_to_allies: body.reacts_to_allies,
            };
            // The initiative is given, so nothing is rolled.
            Ok(grimoire_app::encounter_calls::join_creature(
                store,
                Bestiary::srd(),
                &call,
                &mut SeededRng::new(0),
            )?)
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
    responses((status = 200, body = GmCast), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn cast(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CombatantCastInput>,
) -> Result<Json<GmCast>, ServerError> {
    let seed = dice_seed(body.seed);
    let reactions = grimoire_app::reaction_spells();
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            let call = combatant_cast(enc.clone(), &body, "cast")?;
            Ok(calls::cast_for(
                store,
                &call,
                &reactions,
                &mut SeededRng::new(seed),
            )?)
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
    responses((status = 200, body = Reaction), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn react(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<CombatantCastInput>,
) -> Result<Json<Reaction>, ServerError> {
    let who = (enc.clone(), body.caster.clone());
    let seed = dice_seed(body.seed);
    let reactions = grimoire_app::reaction_spells();
    Ok(Json(
        owner(&state, token, campaign, who, move |store| {
            let call = combatant_cast(enc.clone(), &body, "react")?;
            Ok(calls::react_in(
                store,
                &call,
                &reactions,
                &mut SeededRng::new(seed),
            )?)
        })
        .await?,
    ))
}

/// A combatant lets the open window go by (the GM, or the player for
/// their own character).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/pass",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = PassInput,
    responses((status = 200, body = Passed), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn pass(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<PassInput>,
) -> Result<Json<Passed>, ServerError> {
    let who = (enc.clone(), body.name.clone());
    Ok(Json(
        owner(&state, token, campaign, who, move |store| {
            let command = format!("encounter pass {enc} {}", body.name);
            Ok(calls::pass_in(store, &enc, &body.name, command)?)
        })
        .await?,
    ))
}

/// Closes the open window: the waiting spell is cast, a hit is checked
/// against the AC bonuses in force (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/resolve",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = ResolveInput,
    responses((status = 200, body = Resolved), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn resolve(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(body): Body<ResolveInput>,
) -> Result<Json<Resolved>, ServerError> {
    let seed = dice_seed(body.seed);
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            let command = format!("encounter resolve {enc}");
            Ok(calls::resolve_in(
                store,
                &enc,
                &srd_spell,
                command,
                &mut SeededRng::new(seed),
            )?)
        })
        .await?,
    ))
}

/// Takes the waiting spell back and closes the window; nothing was spent (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/withdraw",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = Withdrawn), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn withdraw(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<Withdrawn>, ServerError> {
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            Ok(calls::withdraw_in(
                store,
                &enc,
                format!("encounter withdraw {enc}"),
            )?)
        })
        .await?,
    ))
}

/// Opens a window for a hit (Shield), damage (Hellish Rebuke) or a fall
/// (Feather Fall) (GM only).
#[utoipa::path(post, path = "/campaigns/{campaign}/encounters/{encounter}/window",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)), request_body = TriggerCall,
    responses((status = 200, body = Opened), (status = 403, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn open_window(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
    Body(trigger): Body<TriggerCall>,
) -> Result<Json<Opened>, ServerError> {
    let reactions = grimoire_app::reaction_spells();
    Ok(Json(
        gm(&state, token, campaign, move |store| {
            let command = format!("encounter window {enc}");
            Ok(calls::open_window(
                store, &enc, &trigger, &reactions, command,
            )?)
        })
        .await?,
    ))
}

/// The open window (or null) and each creature's uses and Reaction
/// (members; a player gets `null` for a creature's hit points and uses).
#[utoipa::path(get, path = "/campaigns/{campaign}/encounters/{encounter}/window",
    tag = "encounters", security(("token" = [])),
    params(("campaign" = String, Path), ("encounter" = String, Path)),
    responses((status = 200, body = WindowView), (status = 404, body = crate::api::ErrorBody),
              (status = 422, body = crate::api::ErrorBody)))]
async fn show_window(
    State(state): State<AppState>,
    Token(token): Token,
    Params((campaign, enc)): Params<(String, String)>,
) -> Result<Json<WindowView>, ServerError> {
    let out = state
        .read_in_campaign(token, campaign, move |_, store| {
            Ok(calls::show_window(
                store,
                &enc,
                &grimoire_app::reaction_spells(),
            )?)
        })
        .await?;
    Ok(Json(out))
}
