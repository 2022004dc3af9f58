//! A lasting spell harming a creature that comes into it, on the table's
//! word (R16, SRD 5.2): a creature enters Spirit Guardians' emanation or
//! the emanation moves onto it, Moonbeam's cylinder moves into its space,
//! Flaming Sphere is rammed into it. Turn changes cannot see movement, so
//! the GM says when; the damage is the spell's `enter` part, at the
//! caster's DC, and the creature is in the spell's area from then on (its
//! turn ends there too, R15).

use grimoire_dice::DiceRng;
use grimoire_rules::{
    Caster, Encounter, Event, OngoingSpell, RulesError, Spell, SpellName, entering_damage,
};
use grimoire_store::{Entity, Store};

use crate::error::AppError;
use crate::identity::combatant_characters;
use crate::state::{Batch, EncounterState, fold};
use crate::turns::{TurnHit, Working, land};

/// What the spell did to the creature that came into it.
#[derive(Debug, Clone)]
pub struct Entering {
    /// The encounter as committed.
    pub state: EncounterState,
    /// The damage, as a turn change reports it (`at` is `enter`).
    pub hits: Vec<TurnHit>,
}

/// `creature` comes into `spell`, in force from `caster` (any combatant's
/// casting when `None` and only one has it): the spell's `enter` damage
/// lands on it (save, hit points, Concentration), it is among the spell's
/// affected creatures from now on, and all of it is one change. Refused
/// when no combatant keeps the spell in force (`not_in_effect`, R22), when
/// the spell harms nobody that way (Searing Smite), or when several cast
/// it and `caster` does not say whose.
#[allow(clippy::too_many_arguments)] // the same steps as `next_turn`, plus what comes in
pub fn harm_on_entering<R: DiceRng + ?Sized>(
    store: &mut Store,
    command: impl Into<String>,
    e: &Entity<EncounterState>,
    mut encounter: Encounter,
    creature: &str,
    spell: &Spell,
    caster: Option<&str>,
    rng: &mut R,
) -> Result<Entering, AppError> {
    encounter.check_no_window()?;
    let target = encounter
        .combatants()
        .iter()
        .find(|c| fold(&c.name) == fold(creature))
        .map(|c| c.name.clone())
        .ok_or_else(|| RulesError::UnknownCombatant {
            name: creature.to_owned(),
        })?;
    let mut people: Vec<Working> = combatant_characters(store, &encounter)?
        .into_iter()
        .map(Working::new)
        .collect();
    let ongoing = find(&encounter, &people, spell, caster)?;
    let due = entering_damage(&ongoing, &target);
    if due.is_empty() {
        return Err(AppError::InvalidRequest {
            reason: grimoire_words::Message::new("app-reason-no_harm_on_entering")
                .arg("spell", grimoire_rules::Arg::Name(SpellName::of(spell))),
        });
    }
    let mut log = Vec::new();
    join(&mut encounter, &mut people, &mut log, &ongoing, &target);
    let mut hits = Vec::new();
    for d in due {
        hits.extend(land(
            &mut encounter,
            &mut people,
            &mut log,
            d,
            e.state.creatures_at_zero,
            rng,
        )?);
    }
    let mut batch = Batch::new(command);
    for w in people.iter().filter(|w| !w.events.is_empty()) {
        batch.character(&w.entity, &w.events)?;
    }
    for hit in &hits {
        crate::turns::log_turn_hit(&mut batch, hit)?;
    }
    let state = e.state.with_running(encounter);
    batch.encounter(e, &state, &log)?;
    batch.commit(store)?;
    Ok(Entering { state, hits })
}

/// The casting of `spell` that harms on entering, from the encounter's
/// characters and stat-block casters.
fn find(
    encounter: &Encounter,
    people: &[Working],
    spell: &Spell,
    caster: Option<&str>,
) -> Result<OngoingSpell, AppError> {
    let creatures = encounter
        .combatants()
        .iter()
        .filter_map(|c| c.caster.as_deref());
    let casters: Vec<&Caster> = people.iter().map(|w| &w.now).chain(creatures).collect();
    let found: Vec<&OngoingSpell> = casters
        .iter()
        .flat_map(|c| c.ongoing())
        .filter(|o| o.spell == spell.id)
        .filter(|o| caster.is_none_or(|name| fold(&o.caster) == fold(name)))
        .collect();
    match found.as_slice() {
        [] => Err(RulesError::NotInEffect {
            spell: SpellName::of(spell),
        }
        .into()),
        [one] => Ok((*one).clone()),
        many => Err(AppError::InvalidRequest {
            reason: grimoire_words::Message::new("app-reason-which_caster")
                .arg("spell", grimoire_rules::Arg::Name(SpellName::of(spell)))
                .text(
                    "casters",
                    many.iter()
                        .map(|o| o.caster.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
        }),
    }
}

/// Puts `target` among the creatures `ongoing` affects, on its caster and
/// on the encounter's board, unless it is there already.
fn join(
    encounter: &mut Encounter,
    people: &mut [Working],
    log: &mut Vec<grimoire_rules::EncounterEvent>,
    ongoing: &OngoingSpell,
    target: &str,
) {
    if ongoing.targets.iter().any(|t| t == target) {
        return;
    }
    let mut targets = ongoing.targets.clone();
    targets.push(target.to_owned());
    let moved = vec![Event::SpellMoved {
        effect: ongoing.id,
        spell: ongoing.spell.clone(),
        targets,
    }];
    // The board learns of the one creature added; the caster keeps them all.
    let joined = Event::SpellStarted {
        ongoing: OngoingSpell {
            targets: vec![target.to_owned()],
            ..ongoing.clone()
        },
    };
    let mut board = encounter.caster_events(&ongoing.caster, std::slice::from_ref(&joined));
    if let Some(w) = people
        .iter_mut()
        .find(|w| fold(&w.entity.name) == fold(&ongoing.caster))
    {
        w.push(moved);
    } else {
        // A stat-block caster: only its own state moves (no board event).
        board.extend(
            moved
                .into_iter()
                .map(|event| grimoire_rules::EncounterEvent::Creature {
                    name: ongoing.caster.clone(),
                    event: Box::new(event),
                }),
        );
    }
    encounter.apply_all(&board);
    log.extend(board);
}
