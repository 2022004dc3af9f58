//! The answers of the encounter's set-up and turns (issue 32), one type
//! each, the same for every front end: `grimoire encounter
//! new|add|list|status|start|next|harm|damage|end --json` prints them, the
//! API's encounter routes send them, and the OpenAPI document describes
//! them (app's `openapi` feature). The use cases that make them are
//! [`crate::encounter_calls`]'s.
//!
//! What a seat may see of them is [`crate::seat::Seat::redact`]'s to
//! decide: a creature's numbers sit under the keys it blanks for a player
//! (`hp`, `ac`, `stats`, `uses`), each of them nullable here, so a
//! player's redacted answer still matches its schema.

use grimoire_rules::{
    Caster, Combatant, Condition, CreaturesAtZero, DamageType, ReactionWindow, SpellId, TurnEconomy,
};
use serde::Serialize;

use crate::encounter::{ConcentrationSave, InForce, Standing, Status, TurnHit};
use crate::state::EncounterState;

/// An encounter was created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EncounterCreated {
    /// Its name, as stored.
    pub encounter: String,
    /// Always `true`.
    pub created: bool,
}

/// One live encounter in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EncounterRow {
    /// Its name.
    pub name: String,
    /// The round; `null` before the start.
    pub round: Option<u32>,
    /// How many combatants were gathered.
    pub combatants: usize,
}

/// Every encounter of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EncounterList {
    /// The live ones.
    pub encounters: Vec<EncounterRow>,
    /// The names of the ended ones, whose final state stays readable.
    pub ended: Vec<String>,
}

/// A combatant joined (`encounter add`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CombatantJoined {
    /// The encounter.
    pub encounter: String,
    /// The combatants gathered, the new one last.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub combatants: Vec<Combatant>,
    /// Its initiative.
    pub initiative: i32,
    /// The dice rolled for it (`1d20+2`), when none was given.
    pub initiative_roll: Option<String>,
}

/// A combatant left (`encounter remove`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CombatantLeft {
    /// The encounter.
    pub encounter: String,
    /// The combatants gathered that remain.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub combatants: Vec<Combatant>,
}

/// A stat-block creature finished a Long Rest (`encounter rest`): its
/// uses per day and slots are back. (No API route sends it.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CreatureRested {
    /// The encounter.
    pub encounter: String,
    /// The creature, as the encounter names it.
    pub rested: String,
}

/// A stat-block creature's conditions after one was added or removed
/// (`encounter condition`, the API's `POST …/encounters/{e}/conditions`).
/// Conditions are not a creature's numbers: every seat sees them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreatureConditionChanged {
    /// The encounter.
    pub encounter: String,
    /// The creature, as the encounter names it.
    pub creature: String,
    /// Its conditions now.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<Condition>,
    /// What else happened (its Concentration ended), as the rules' notes.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
}

/// A stat-block creature joined (`encounter add --monster`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreatureJoined {
    /// The encounter.
    pub encounter: String,
    /// The creature's name in it.
    pub added: String,
    /// The stat block's id.
    pub monster: String,
    /// Its hit points (hidden from players: `null`).
    pub hp: Option<i32>,
    /// Its initiative.
    pub initiative: i32,
    /// The dice rolled for it (`1d20+2`), when none was given.
    pub initiative_roll: Option<String>,
}

/// Damage dealt to a combatant (`encounter damage`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CombatantDamaged {
    /// The encounter.
    pub encounter: String,
    /// The combatant, as the encounter spells it.
    pub target: String,
    /// The damage taken, after resistance, vulnerability or immunity.
    pub damage: u32,
    /// The damage rolled, before them.
    pub rolled: u32,
    /// Its type, when given.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub damage_type: Option<DamageType>,
    /// Its hit points afterwards, when tracked (hidden from players for a
    /// creature: `null`).
    pub hp: Option<i32>,
    /// The Concentration save a concentrating character made.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub concentration_save: Option<ConcentrationSave>,
}

/// An encounter ended; its final state stays readable, marked ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EncounterEnded {
    /// The encounter that ended.
    pub ended: String,
}

/// A spell in force on a combatant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EffectRow {
    /// The spell's id.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub spell: SpellId,
    /// Its English name.
    pub name: String,
    /// Who cast it.
    pub caster: String,
    /// The level it was cast at.
    pub level: u8,
    /// The caster's round it ends at, when it has an end.
    pub expires_at: Option<u64>,
    /// Rounds left on its caster's clock (R15), when known.
    pub rounds_left: Option<u64>,
    /// Whether it needs Concentration.
    pub concentration: bool,
    /// The conditions it imposes.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<Condition>,
}

impl EffectRow {
    fn of(f: &InForce) -> Self {
        let a = &f.applied;
        EffectRow {
            spell: a.ongoing.spell.clone(),
            name: a.ongoing.name.clone(),
            caster: a.caster.clone(),
            level: a.ongoing.level.get(),
            expires_at: a.ongoing.expires_at,
            rounds_left: f.rounds_left,
            concentration: a.ongoing.concentration,
            conditions: a.ongoing.conditions.clone(),
        }
    }
}

/// A combatant as the encounter's status shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CombatantRow {
    /// Its name.
    pub name: String,
    /// Its initiative.
    pub initiative: i32,
    /// Tracked hit points (a creature's are hidden from players: `null`).
    pub hp: Option<i32>,
    /// Whether it is its turn.
    pub current: bool,
    /// Whether it is a stored character.
    pub character: bool,
    /// The spell it concentrates on.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub concentration: Option<SpellId>,
    /// Whether it is a stat-block creature (its caster kept in the
    /// encounter).
    pub creature: bool,
    /// A character's turn economy.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub turn: Option<TurnEconomy>,
    /// Its conditions: a character's, a stat-block creature's own
    /// (Unconscious at 0), empty for any other creature.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<Condition>,
    /// The spells in force on it.
    pub effects: Vec<EffectRow>,
    /// Its creature type, in lower case.
    pub creature_type: Option<String>,
    /// Its numbers as a target (AC, saves, defences; hidden from players:
    /// `null`).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub stats: Option<grimoire_rules::TargetStats>,
    /// Down at 0 hit points: dying, Stable or dead (`null` when standing).
    /// Shown to every seat: a player may see that a creature fell, not
    /// its numbers.
    pub fallen: Option<Fallen>,
    /// A stat-block creature's limited uses (spells per day, features),
    /// each with what is left and when it comes back, for the GM's row
    /// (hidden from players: `null`; left out for other combatants).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses: Option<Vec<crate::uses::UseRow>>,
}

/// How a combatant at 0 hit points lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Fallen {
    /// Making death saves.
    Dying,
    /// Stable: no more death saves, still Unconscious.
    Stable,
    /// Dead (a creature where creatures die at 0, or of its death saves).
    Dead,
}

impl Fallen {
    /// How `c` lies: a character by its sheet's death saves, a creature by
    /// its own and the table's choice `at_zero`.
    fn of(c: &Combatant, character: Option<&Caster>, at_zero: CreaturesAtZero) -> Option<Fallen> {
        let (down, death) = match character.and_then(Caster::vitals) {
            Some(v) => (v.down(), v.death),
            None if character.is_some() => (c.at_zero(), c.death),
            None if at_zero == CreaturesAtZero::Die => {
                return c.at_zero().then_some(Fallen::Dead);
            }
            None => (c.at_zero(), c.death),
        };
        if !down {
            None
        } else if death.dead {
            Some(Fallen::Dead)
        } else if death.stable {
            Some(Fallen::Stable)
        } else {
            Some(Fallen::Dying)
        }
    }
}

impl CombatantRow {
    fn of(s: &Standing, current: Option<&str>, at_zero: CreaturesAtZero) -> Self {
        let c = &s.combatant;
        let caster = s
            .character
            .as_ref()
            .map(|e| &e.state)
            .or(c.caster.as_deref());
        CombatantRow {
            name: c.name.clone(),
            initiative: c.initiative,
            hp: c.hp,
            current: current == Some(c.name.as_str()),
            character: s.character.is_some(),
            concentration: caster.and_then(|k| k.concentration().map(|k| k.spell.clone())),
            creature: c.caster.is_some(),
            turn: s.character.as_ref().map(|e| e.state.turn().clone()),
            conditions: caster
                .map(|k| k.conditions().iter().copied().collect())
                .unwrap_or_default(),
            effects: s.effects.iter().map(EffectRow::of).collect(),
            creature_type: c.creature_type.clone(),
            stats: c.stats.clone(),
            fallen: Fallen::of(c, s.character.as_ref().map(|e| &e.state), at_zero),
            uses: c.caster.as_deref().map(crate::uses::use_rows),
        }
    }
}

/// Where an encounter stands (`encounter status`, and the answer of
/// `start`, `next` and `harm`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EncounterStatus {
    /// The encounter.
    pub encounter: String,
    /// Whether it has started.
    pub started: bool,
    /// Whether it has ended (its final state, kept as a record).
    pub ended: bool,
    /// The round; 0 before the start.
    pub round: u32,
    /// Whose turn it is, once started.
    pub current: Option<String>,
    /// Everyone, in turn order (by initiative before the start).
    pub combatants: Vec<CombatantRow>,
    /// The open window for Reactions, if any.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub window: Option<ReactionWindow>,
    /// After a turn change or a creature coming into a lasting spell: what
    /// the lasting spells did on the way.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Object>>))]
    pub turn_damage: Option<Vec<TurnHit>>,
    /// The seed the dice of `turn_damage` rolled with, when a front end
    /// chose one that replays them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Whether the GM's creatures die or drop at 0 hit points.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub creatures_at_zero: CreaturesAtZero,
    /// After a turn change: the death save a dying character (or a
    /// creature, where creatures drop) rolled as its turn began.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub death_save: Option<crate::dying::DeathSave>,
}

impl EncounterStatus {
    /// The answer for `status` of the encounter `name` in state `st`.
    pub fn new(name: &str, st: &EncounterState, status: &Status, ended: bool) -> Self {
        let current = status.current.as_deref();
        EncounterStatus {
            encounter: name.to_owned(),
            started: st.running.is_some(),
            ended,
            round: status.round,
            current: status.current.clone(),
            combatants: status
                .combatants
                .iter()
                .map(|s| CombatantRow::of(s, current, st.creatures_at_zero))
                .collect(),
            window: st.running.as_ref().and_then(|r| r.window()).cloned(),
            turn_damage: None,
            seed: None,
            creatures_at_zero: st.creatures_at_zero,
            death_save: None,
        }
    }

    /// The same answer, with what lasting spells did on the way.
    pub fn with_turn_damage(mut self, hits: Vec<TurnHit>) -> Self {
        self.turn_damage = Some(hits);
        self
    }
}
