//! A character casts a spell: the one use case behind `grimoire cast`, the
//! API's cast route and MCP's `cast` tool (issue 32). Before, each front
//! end assembled it from the pieces below and the paths drifted (the
//! server scanned every reactor twice and resolved through a different
//! commit than the CLI).
//!
//! Inside a running encounter the cast goes through the reaction window
//! (R11): it waits when someone could answer it, and resolves at once
//! otherwise, both through [`crate::reaction::declare`]. Outside one, and
//! for finishing a long casting, the request is fitted to the caster's
//! situation, checked by the rules and committed with every character it
//! touched, in one change.

use grimoire_catalog::Catalog;
use grimoire_dice::DiceRng;
use grimoire_rules::{CastOutcome, CastRequest, Caster, Spell, SpellId, TriggerKind};
use grimoire_store::{ChangeId, Entity, Store};

use crate::cast::{check_player_targets, commit_cast, fit_request_stored};
use crate::error::AppError;
use crate::hit::CharacterHit;
use crate::reaction::{Declared, Reactor, declare};
use crate::seat::Seat;
use crate::state::{character, encounter_of};

/// One cast, as a front end asks for it.
#[derive(Debug, Clone)]
pub struct CastCall {
    /// The casting character's name.
    pub caster: String,
    /// The spell (from the catalogue or the table's homebrew).
    pub spell: Spell,
    /// How it is cast: slot, mode, targets, options.
    pub request: CastRequest,
    /// Finishes a casting begun on an earlier turn (a spell of more than
    /// one action) instead of starting one.
    pub complete: bool,
    /// What the log records the change as.
    pub command: String,
}

/// A cast that waits for Reactions (R11): nothing is spent yet.
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    /// The encounter whose window holds it.
    pub encounter: String,
    /// The caster.
    pub caster: String,
    /// The spell.
    pub spell: SpellId,
    /// Who could answer, with which spells.
    pub reactors: Vec<Reactor>,
}

/// A cast that resolved.
#[derive(Debug, Clone)]
pub struct CastDone {
    /// The caster as stored after the cast.
    pub caster: Entity<Caster>,
    /// What the rules made of it.
    pub outcome: CastOutcome,
    /// The stored characters it damaged or healed.
    pub hits: Vec<CharacterHit>,
    /// The encounter it was cast in, if any.
    pub encounter: Option<String>,
    /// The change that recorded it (`None` when nothing was written).
    pub change: Option<ChangeId>,
}

/// What a cast came to.
#[derive(Debug, Clone)]
pub enum CastAnswer {
    /// It waits in a reaction window.
    Waiting(Waiting),
    /// It was cast.
    Resolved(Box<CastDone>),
}

/// The SRD's Reaction spells, the ones a combatant may answer a window
/// with.
pub fn reaction_spells() -> Vec<Spell> {
    Catalog::srd()
        .spells()
        .iter()
        .filter(|s| TriggerKind::of_spell(&s.spell).is_some())
        .map(|s| s.spell.clone())
        .collect()
}

/// Casts `call` for the seat asking: a player may not give the numbers of
/// a combatant of the caster's encounter (`numbers_from_encounter`) nor
/// bonuses to its attack rolls (the effects in force give them), and
/// nobody gives extra damage on hits (the marks in force add it). A
/// refusal changes nothing.
pub fn cast_spell<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: CastCall,
    seat: &Seat,
    reactions: &[Spell],
    rng: &mut R,
) -> Result<CastAnswer, AppError> {
    let caster = character(store, &call.caster)?;
    let enc = encounter_of(store, &caster.name)?;
    // Bounded before anything else looks at it: one request costs a
    // small, known amount whoever asks.
    crate::limits::check_cast_request(&call.request)?;
    if !seat.sees_everything() {
        check_player_targets(enc.as_ref(), &call.request)?;
        // Bonuses to attack rolls come from the effects in force (Bless);
        // a player does not name their own (a +20 of its own choosing).
        if !call.request.attack_bonuses.is_empty() {
            return Err(AppError::InvalidRequest {
                reason: grimoire_words::Message::new("app-reason-attack_bonuses_from_effects"),
            });
        }
    }
    let mut request = call.request;
    request.on_hit_damage.clear();
    if !call.complete
        && let Some(e) = &enc
        && let Some(running) = e.state.running.clone()
    {
        let declared = declare(
            store,
            call.command,
            e,
            running,
            &caster.name,
            &call.spell,
            request,
            reactions,
            rng,
        )?;
        return match declared {
            Declared::Pending { reactors } => Ok(CastAnswer::Waiting(Waiting {
                encounter: e.name.clone(),
                caster: caster.name.clone(),
                spell: call.spell.id.clone(),
                reactors,
            })),
            Declared::Resolved {
                outcome,
                hits,
                change,
            } => Ok(CastAnswer::Resolved(Box::new(CastDone {
                caster: character(store, &caster.name)?,
                outcome: *outcome,
                hits,
                encounter: Some(e.name.clone()),
                change,
            }))),
        };
    }
    let req = fit_request_stored(store, &caster, enc.as_ref(), &call.spell, request)?;
    let outcome = if call.complete {
        // The fitted request carries the equipment list (R14c).
        grimoire_rules::complete_casting_priced(&caster.state, &call.spell, req.prices, rng)?
    } else {
        grimoire_rules::cast(&caster.state, &call.spell, &req, rng)?
    };
    let committed = commit_cast(store, call.command, &caster, enc.as_ref(), &outcome, rng)?;
    let version = committed
        .receipt
        .as_ref()
        .and_then(|d| d.touched.first())
        .and_then(|t| t.version)
        .unwrap_or(caster.version);
    let change = committed.receipt.map(|r| r.change);
    Ok(CastAnswer::Resolved(Box::new(CastDone {
        caster: Entity {
            version,
            state: committed.caster,
            ..caster
        },
        outcome,
        hits: committed.hits,
        encounter: committed.encounter,
        change,
    })))
}
