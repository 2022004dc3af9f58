//! A creature's rolled attack landing on its target: at once when no
//! Reaction could answer it ([`crate::creature_attack`]), or as the window
//! it waits in closes ([`crate::reaction`]); beneath both, so the attack
//! that opens a window and the window that lands it do not name each
//! other. Its damage on a hit goes to the stored character and the
//! tracker, with the character's Concentration save and its 0 hit points
//! as any damage's, and the card in the log.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    CastOutcome, CreatureAttackRoll, Encounter, EncounterEvent, PendingAttack, Target,
    land_creature_attack,
};
use grimoire_store::{Entity, Store};

use crate::error::AppError;
use crate::hit::CharacterHit;
use crate::state::{Batch, EncounterState};

/// Lands a rolled attack in `batch`: its damage on a hit (`hits`) to the
/// stored character and the tracker, the character's Concentration save
/// and its 0 hit points as any damage's; the card in the log.
#[allow(clippy::too_many_arguments)]
pub(crate) fn land<R: DiceRng + ?Sized>(
    store: &Store,
    batch: &mut Batch,
    running: &mut Encounter,
    attacker: &str,
    roll: &CreatureAttackRoll,
    target: &Target,
    hits: bool,
    rng: &mut R,
    out: &mut Vec<EncounterEvent>,
) -> Result<(CastOutcome, Vec<CharacterHit>), AppError> {
    let outcome = land_creature_attack(roll, target, hits, rng)?;
    let board = running.effects().clone();
    let (changed, hit) =
        crate::cast::hits_on_characters(store, attacker, Some(running), &outcome, &board, rng)?;
    for (c, events) in &changed {
        batch.character(c, events)?;
        let wrapped = running.caster_events(&c.name, events);
        running.apply_all(&wrapped);
        out.extend(wrapped);
    }
    let hp = crate::cast::tracker_hp(running, &outcome, &hit);
    running.apply_all(&hp);
    out.extend(hp);
    batch.card(attacker, &outcome, &hit)?;
    Ok((outcome, hit))
}

/// Lands the attack waiting in a closing window: the target as the
/// encounter and its sheet know it now.
#[allow(clippy::too_many_arguments)]
pub(crate) fn land_pending<R: DiceRng + ?Sized>(
    store: &Store,
    batch: &mut Batch,
    running: &mut Encounter,
    e: &Entity<EncounterState>,
    attacker: &str,
    pending: &PendingAttack,
    hits: bool,
    rng: &mut R,
    out: &mut Vec<EncounterEvent>,
) -> Result<(CastOutcome, Vec<CharacterHit>), AppError> {
    let board = running.effects().clone();
    let (target, _) = crate::attack::fit_target(store, None, Some(e), &pending.target, &board)?;
    land(
        store,
        batch,
        running,
        attacker,
        &pending.roll(),
        &target,
        hits,
        rng,
        out,
    )
}
