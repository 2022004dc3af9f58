//! Loading and saving characters and encounters through the store.
//!
//! An operation reads entities, asks the rules crate for events, applies
//! them to copies and commits every changed entity in one change, so a cast
//! inside an encounter updates the caster and the encounter together or not
//! at all.

use grimoire_rules::{Caster, Combatant, CreaturesAtZero, Encounter, EncounterEvent, Event};
use grimoire_store::{Change, Committed, Entity, Store};
use serde::{Deserialize, Serialize};

use crate::error::AppError;

/// The store kind of characters.
pub const CHARACTER: &str = "character";
/// The store kind of encounters.
pub const ENCOUNTER: &str = "encounter";
/// Entity kind of an ended encounter's record: its final state, kept
/// once the encounter ends (issue 31) while its name is free for a new one.
pub const ENDED_ENCOUNTER: &str = "encounter_ended";

/// An encounter as stored: combatants gather before the start; once
/// started the rules' [`Encounter`] tracks turns and effects.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EncounterState {
    /// Combatants added so far, with initiative.
    pub combatants: Vec<Combatant>,
    /// The running encounter, once started.
    pub running: Option<Encounter>,
    /// Whether the GM's creatures die or drop at 0 hit points (issue 34);
    /// `die` on encounters recorded before the setting.
    #[serde(default, skip_serializing_if = "CreaturesAtZero::is_die")]
    pub creatures_at_zero: CreaturesAtZero,
}

impl EncounterState {
    /// The same encounter's settings and gathered combatants, with
    /// `running` as its running state.
    pub fn with_running(&self, running: Encounter) -> EncounterState {
        EncounterState {
            combatants: self.combatants.clone(),
            running: Some(running.with_creatures_at_zero(self.creatures_at_zero)),
            creatures_at_zero: self.creatures_at_zero,
        }
    }
}

/// Lower-cases and strips Czech diacritics, so `Kouzelník`, `kouzelnik` and
/// `KOUZELNÍK` compare equal (combatant names typed either way).
pub fn fold(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' => 'a',
            'č' => 'c',
            'ď' => 'd',
            'é' | 'ě' => 'e',
            'í' => 'i',
            'ň' => 'n',
            'ó' => 'o',
            'ř' => 'r',
            'š' => 's',
            'ť' => 't',
            'ú' | 'ů' => 'u',
            'ý' => 'y',
            'ž' => 'z',
            other => other,
        })
        .collect()
}

/// A character read from the store, or `unknown_character`.
pub fn character(store: &Store, name: &str) -> Result<Entity<Caster>, AppError> {
    store
        .find(CHARACTER, name)?
        .ok_or_else(|| AppError::UnknownCharacter {
            name: name.to_owned(),
        })
}

/// An encounter read from the store, or `unknown_encounter`.
pub fn encounter(store: &Store, name: &str) -> Result<Entity<EncounterState>, AppError> {
    store
        .find(ENCOUNTER, name)?
        .ok_or_else(|| AppError::UnknownEncounter {
            name: name.to_owned(),
        })
}

/// The final state of an ended encounter of that name, if one ended.
pub fn ended_encounter(
    store: &Store,
    name: &str,
) -> Result<Option<Entity<EncounterState>>, AppError> {
    Ok(store.find(ENDED_ENCOUNTER, name)?)
}

/// The running encounter this character (its stored spelling) takes part
/// in, if any: one with a combatant that is the character, never a
/// creature of its name ([`crate::kind::is_character`]: a character
/// called like the encounter's Ogre is not in it). Looks at the shared
/// states and copies only the one found, so ended encounters cost a
/// glance each, not a copy (issue 16).
pub fn encounter_of(
    store: &Store,
    character: &str,
) -> Result<Option<Entity<EncounterState>>, AppError> {
    Ok(store
        .find_where::<EncounterState>(ENCOUNTER, |e| {
            e.running.as_ref().is_some_and(|r| {
                r.combatants()
                    .iter()
                    .any(|c| crate::kind::is_character(c, character))
            })
        })?
        .map(|e| e.map(|state| EncounterState::clone(&state))))
}

/// The changes one operation makes, gathered before one commit; the log
/// gets every event tagged with its entity.
pub struct Batch {
    change: Change,
    /// Each logged event, already JSON: serialised straight from the
    /// rules' types, never through a `serde_json::Value` tree (that cost
    /// the writer a second pass and every map's allocations).
    events: Vec<String>,
}

/// A rules event as the log stores it, tagged with its entity.
#[derive(serde::Serialize)]
struct EventOf<'a, E> {
    entity: &'a str,
    event: &'a E,
}

/// A roll's card as the log stores it, tagged with whom it is about.
#[derive(serde::Serialize)]
struct RollCardOf<'a> {
    card: &'a crate::card::RollCard,
    entity: &'a str,
}

/// A cast's card as the log stores it, tagged with its caster.
#[derive(serde::Serialize)]
struct CardOf<'a> {
    card: &'a crate::view::CastView,
    entity: &'a str,
}

impl Batch {
    /// A batch logged under `command` (what the user asked for).
    pub fn new(command: impl Into<String>) -> Self {
        Batch {
            change: Change::new(command),
            events: Vec::new(),
        }
    }

    /// Applies `events` to a copy of the character and queues the write.
    /// Returns the new state.
    pub fn character(
        &mut self,
        entity: &Entity<Caster>,
        events: &[Event],
    ) -> Result<Caster, AppError> {
        let mut next = entity.state.clone();
        next.apply_all(events);
        for e in events {
            self.log(&EventOf {
                entity: &entity.name,
                event: e,
            })?;
        }
        let change = std::mem::replace(&mut self.change, Change::new(""));
        self.change = change.update_known(CHARACTER, &entity.name, entity.version, &next)?;
        Ok(next)
    }

    /// Queues the encounter's new state, logging `events`.
    pub fn encounter(
        &mut self,
        entity: &Entity<EncounterState>,
        state: &EncounterState,
        events: &[EncounterEvent],
    ) -> Result<(), AppError> {
        for e in events {
            self.log(&EventOf {
                entity: &entity.name,
                event: e,
            })?;
        }
        let change = std::mem::replace(&mut self.change, Change::new(""));
        self.change = change.update_known(ENCOUNTER, &entity.name, entity.version, state)?;
        Ok(())
    }

    /// Logs a cast's card with the change (`{"entity": caster, "card":
    /// …}`, the same fields as a cast's JSON): a table's log shows it with
    /// every die. The rules' events stay as they are; a card changes no state.
    pub fn card(
        &mut self,
        caster: &str,
        outcome: &grimoire_rules::CastOutcome,
        hits: &[crate::CharacterHit],
    ) -> Result<(), AppError> {
        let r = &outcome.resolution;
        let (en, cs) = grimoire_catalog::Catalog::srd()
            .get(r.spell.as_str())
            .map_or_else(
                || (r.spell_name.clone(), String::new()),
                |s| (s.name_en.clone(), s.name_cs.clone()),
            );
        let view = crate::view::CastView::new(caster, outcome, &en, &cs).with_hits(hits.to_vec());
        self.log(&CardOf {
            card: &view,
            entity: caster,
        })
    }

    /// Logs a roll the server made that no cast card holds (a lasting
    /// spell's damage at a turn's edge, a Concentration or death save) as
    /// a card of the change (`{"entity": who, "card": {"kind": …}}`), so a
    /// table's log shows it after a reload as it did live (issue 37).
    pub fn roll_card(&mut self, card: &crate::card::RollCard) -> Result<(), AppError> {
        self.log(&RollCardOf {
            entity: card.entity(),
            card,
        })
    }

    /// Logs one more event with the change, tagged with its entity.
    pub fn event(&mut self, entity: &str, event: serde_json::Value) -> Result<(), AppError> {
        self.log(&EventOf {
            entity,
            event: &event,
        })
    }

    /// Appends one entry to the change's log, serialised.
    fn log(&mut self, entry: &impl serde::Serialize) -> Result<(), AppError> {
        let json = serde_json::to_string(entry).map_err(grimoire_store::StoreError::Serialize)?;
        self.events.push(json);
        Ok(())
    }

    /// Queues a raw write (creation, deletion) built by the caller.
    pub fn with(
        &mut self,
        build: impl FnOnce(Change) -> grimoire_store::Result<Change>,
    ) -> Result<(), AppError> {
        let change = std::mem::replace(&mut self.change, Change::new(""));
        self.change = build(change)?;
        Ok(())
    }

    /// Commits everything in one transaction; with nothing to write, does
    /// nothing and returns `None`.
    pub fn commit(self, store: &mut Store) -> Result<Option<Committed>, AppError> {
        if self.change.writes().is_empty() {
            return Ok(None);
        }
        let change = self
            .change
            .with_events_json(format!("[{}]", self.events.join(",")));
        Ok(Some(store.commit(&change)?))
    }
}

/// Commits a character's events and, when it fights in a running
/// encounter, the spells they start or end on the encounter's effect board,
/// in one change. Returns the character afterwards and the receipt.
pub fn commit_character(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    events: &[Event],
) -> Result<(Caster, Option<Committed>), AppError> {
    commit_character_carded(store, command, caster, events, &[])
}

/// [`commit_character`] with the rolls it made logged as cards of the
/// change ([`Batch::roll_card`]): a Concentration save on damage, a
/// death save (issue 37).
pub fn commit_character_carded(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    events: &[Event],
    cards: &[crate::card::RollCard],
) -> Result<(Caster, Option<Committed>), AppError> {
    let enc = encounter_of(store, &caster.name)?;
    let mut batch = Batch::new(command);
    let next = batch.character(caster, events)?;
    for card in cards {
        batch.roll_card(card)?;
    }
    if let Some(e) = &enc
        && let Some(mut running) = e.state.running.clone()
    {
        let mut board = running.caster_events(&caster.name, events);
        // The character's recorded hit points are the tracker's too.
        if let Some(v) = next.vitals()
            && events
                .iter()
                .any(|e| matches!(e, Event::HitPointsChanged { .. } | Event::VitalsSet { .. }))
            && let Ok(mut hp) =
                running.set_hp(&caster.name, i32::try_from(v.hp).unwrap_or(i32::MAX))
        {
            board.append(&mut hp);
        }
        if !board.is_empty() {
            running.apply_all(&board);
            let st = e.state.with_running(running);
            batch.encounter(e, &st, &board)?;
        }
    }
    let done = batch.commit(store)?;
    Ok((next, done))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encounters_recorded_before_creatures_at_zero_let_creatures_die() {
        let old = r#"{"combatants":[{"name":"Orc","initiative":12,"hp":0}],"running":null}"#;
        let st: EncounterState = serde_json::from_str(old).unwrap();
        assert_eq!(st.creatures_at_zero, CreaturesAtZero::Die);
        let back = serde_json::to_string(&st).unwrap();
        assert!(!back.contains("creatures_at_zero"), "{back}");
        let drop = EncounterState {
            creatures_at_zero: CreaturesAtZero::Drop,
            ..st
        };
        let json = serde_json::to_string(&drop).unwrap();
        assert!(json.contains(r#""creatures_at_zero":"drop""#), "{json}");
    }
}
