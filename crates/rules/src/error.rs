//! The one error type of the crate: every refusal, with a stable code and
//! the rule it enforces.

use thiserror::Error;

use crate::class::{Ability, Class};
use crate::damage::DamageType;
use crate::economy::ActionKind;

fn type_list(types: &[DamageType], cs: bool) -> String {
    let names: Vec<&str> = types
        .iter()
        .map(|t| if cs { t.name_cs() } else { t.name_en() })
        .collect();
    names.join(", ")
}

/// A spell's name as a refusal shows it: English, and Czech when known
/// (a spell from the catalogue; an ongoing effect keeps only its English
/// name). `Display` is the English name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellName {
    /// The English name.
    pub en: String,
    /// The Czech name, when known.
    pub cs: Option<String>,
}

impl SpellName {
    /// Both names of `spell`.
    pub fn of(spell: &crate::spell::Spell) -> Self {
        SpellName {
            en: spell.name.clone(),
            cs: spell.name_cs.clone(),
        }
    }

    /// The Czech name, or the English one when no Czech name is known.
    pub fn cs(&self) -> &str {
        self.cs.as_deref().unwrap_or(&self.en)
    }
}

impl From<String> for SpellName {
    fn from(en: String) -> Self {
        SpellName { en, cs: None }
    }
}

impl From<&str> for SpellName {
    fn from(en: &str) -> Self {
        en.to_owned().into()
    }
}

impl std::fmt::Display for SpellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

impl PartialEq<&str> for SpellName {
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}

/// Why the rules refused something. A refusal never changes state.
///
/// [`RulesError::code`] is a stable machine code, [`RulesError::rule`] the
/// rule id (`R10`) where one applies; `Display` is a player-readable English
/// message and [`RulesError::message_cs`] the same in Czech.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Occurs when a spell level is above 9.
    #[error("R1: spell level {level} does not exist; spell levels run from 0 to 9")]
    InvalidSpellLevel {
        /// The level given.
        level: u8,
    },
    /// Occurs when a slot level is outside 1..=9.
    #[error("R2: slot level {level} does not exist; slot levels run from 1 to 9")]
    InvalidSlotLevel {
        /// The level given.
        level: u8,
    },
    /// Occurs when a spell id is not a lower-case slug.
    #[error("spell id {id:?} is not a slug like \"magic-missile\"")]
    InvalidSpellId {
        /// The id given.
        id: String,
    },
    /// Occurs when dice notation cannot be read.
    #[error("{text:?} is not dice notation like \"2d8+3\"")]
    InvalidDice {
        /// The text given.
        text: String,
    },
    /// Occurs when a class level is outside 1..=20.
    #[error("{class:?} level {level} is outside 1 to 20")]
    InvalidClassLevel {
        /// The class.
        class: Class,
        /// The level given.
        level: u8,
    },
    /// Occurs when class levels add up to more than 20, or to nothing.
    #[error("character level {total} is outside 1 to 20")]
    InvalidCharacterLevel {
        /// The sum of class levels.
        total: u32,
    },
    /// Occurs when the same class is listed twice.
    #[error("{class:?} is listed twice; give one level per class")]
    DuplicateClass {
        /// The class.
        class: Class,
    },
    /// Occurs when an ability score is outside 1..=30.
    #[error("{} score {score} is outside 1 to 30", ability.name_en())]
    InvalidAbilityScore {
        /// The ability.
        ability: Ability,
        /// The score given.
        score: u8,
    },
    /// Occurs when hit points or Armor Class are outside what a creature
    /// can have (a maximum of 0, current above the maximum, AC 0).
    #[error("{field} {value} is outside 0 to {max}")]
    InvalidVitals {
        /// `max_hp`, `hp`, `temp_hp`, `heal` or `ac`.
        field: &'static str,
        /// The value given.
        value: i64,
        /// The largest allowed.
        max: i64,
    },
    /// Occurs when a creature's hit points are used but were never set.
    #[error("{name} has no hit points recorded; set them with `grimoire hp {name} --max N --ac N`")]
    NoHitPoints {
        /// The creature.
        name: String,
    },
    /// Occurs when preparing a spell of a level the caster has no slots for.
    #[error("R1: {spell} is level {level}; this caster casts spells up to level {max}")]
    SpellLevelTooHigh {
        /// The spell.
        spell: SpellName,
        /// Its level.
        level: u8,
        /// The highest level the caster can cast.
        max: u8,
    },
    /// Occurs when preparing one spell more than the class tables allow.
    #[error(
        "{spell}: {count} spells are prepared already, the most the caster's classes allow (unprepare one first)"
    )]
    TooManyPrepared {
        /// The spell.
        spell: SpellName,
        /// The limit: the classes' prepared spells added up.
        count: u8,
    },
    /// Occurs when learning one cantrip more than the class tables allow.
    #[error(
        "{spell}: {count} cantrips are known already, the most the caster's classes allow (unprepare one first)"
    )]
    TooManyCantrips {
        /// The cantrip.
        spell: SpellName,
        /// The limit: the classes' cantrips added up.
        count: u8,
    },
    /// Occurs when no remaining slot is high enough for the spell.
    #[error("R3: no spell slot of level {level} or higher is left")]
    NoSlotAvailable {
        /// The lowest slot level that would do.
        level: u8,
    },
    /// Occurs when the caster has no slot of the level asked for (or any
    /// that would fit) at all, spent or not.
    #[error(
        "R2: this caster has no level-{level} spell slots at all, spent or not (its highest is level {highest})"
    )]
    NoSuchSlot {
        /// The slot level asked for, or the lowest that would fit.
        level: u8,
        /// The caster's highest slot level (0 for none).
        highest: u8,
    },
    /// Occurs when the chosen slot is below the spell's level.
    #[error("R3: a level-{spell_level} spell does not fit a level-{slot} slot")]
    SlotTooLow {
        /// The slot chosen.
        slot: u8,
        /// The spell's level.
        spell_level: u8,
    },
    /// Occurs when a cantrip is given a slot.
    #[error("R5a: cantrips are cast without a spell slot")]
    CantripTakesNoSlot,
    /// Occurs when the caster has not prepared the spell. Casting as a
    /// ritual needs it prepared by R5b; an ordinary cast by the class's
    /// preparation, which the chapter's rules leave to the classes.
    #[error("{}{spell} is not prepared", if *ritual { "R5b: " } else { "" })]
    NotPrepared {
        /// The spell's name.
        spell: SpellName,
        /// Whether it was asked for as a ritual.
        ritual: bool,
    },
    /// Occurs when a spell that is not a Reaction is cast on another
    /// creature's turn.
    #[error(
        "R11: only a Reaction spell can be cast on another creature's turn; {spell} is not one"
    )]
    OffTurnNotReaction {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when the caster does not know the cantrip.
    #[error("R5a: {spell} is not among the cantrips this caster knows")]
    NotKnown {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when a spell is on none of the caster's lists (R8).
    #[error("R8: {spell} is not on the spell list of any of this caster's classes")]
    NotOnClassList {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when the caster has no level in the class asked for.
    #[error("this caster has no {} levels", class.name_en())]
    NoSuchClass {
        /// The class asked for.
        class: Class,
    },
    /// Occurs when a Wizard who keeps a spellbook prepares a spell that is
    /// not in it.
    #[error(
        "{spell} is not in the spellbook; a Wizard prepares spells from the spellbook, so copy it there first"
    )]
    NotInSpellbook {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when a caster without Wizard levels is given a spellbook entry.
    #[error("{name} has no Wizard levels, so no spellbook")]
    NoSpellbook {
        /// The caster.
        name: String,
    },
    /// Occurs when a spell without the Ritual tag is cast as a ritual.
    #[error("R5b: {spell} has no Ritual tag, so it cannot be cast as a ritual")]
    NotARitual {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when a second slot would be expended in one turn.
    #[error("R10: a spell slot was already expended this turn; only one slot per turn")]
    OneSlotPerTurn,
    /// Occurs when the needed part of the turn is already used.
    #[error("R9: the {action} has already been used this turn")]
    ActionUnavailable {
        /// The part of the turn.
        action: ActionKind,
    },
    /// Occurs when the requested action does not match the casting time.
    #[error("R9: this spell is cast with the {needed}, not the {given}")]
    CastingTimeMismatch {
        /// What the spell needs.
        needed: ActionKind,
        /// What was offered.
        given: ActionKind,
    },
    /// Occurs when a spell with a trigger is cast without naming it.
    #[error("R11: this spell is cast in response to its trigger: {trigger}")]
    MissingTrigger {
        /// The spell's trigger.
        trigger: String,
        /// The trigger in Czech, when known.
        trigger_cs: Option<String>,
    },
    /// Occurs when a silenced caster tries a spell with a V component.
    #[error("R14a: a silenced caster cannot provide the verbal component")]
    Silenced,
    /// Occurs when S or M needs a hand and none is free.
    #[error("R14b: the spell needs a free hand for its components")]
    NoFreeHand,
    /// Occurs when the material is missing and nothing may stand in for it.
    #[error("R14c: the caster lacks the material component: {material}")]
    MissingMaterial {
        /// The material the spell names.
        material: String,
    },
    /// Occurs when an Incapacitated caster tries to act or dismiss a spell.
    #[error("{rule}: the caster is Incapacitated")]
    Incapacitated {
        /// The rule that refuses it (R15 for dismissing).
        rule: &'static str,
    },
    /// Occurs when a target is behind Total Cover.
    #[error("R17: there is no clear path to {target} (Total Cover)")]
    NoLineOfEffect {
        /// The target's name.
        target: String,
    },
    /// Occurs when a target is farther than the spell's range.
    #[error("R13: {target} is {distance_ft} feet away, beyond the range of {range_ft} feet")]
    OutOfRange {
        /// The target's name.
        target: String,
        /// Its distance.
        distance_ft: u64,
        /// The spell's reach.
        range_ft: u64,
    },
    /// Occurs when more targets are named than the spell allows.
    #[error("R17: this spell takes at most {max} target(s), {given} given")]
    TooManyTargets {
        /// The most allowed at this level.
        max: u32,
        /// How many were named.
        given: usize,
    },
    /// Occurs when a spell that needs another creature targets the caster.
    #[error("R17: this spell cannot target its caster")]
    CannotTargetSelf,
    /// Occurs when a self-only spell names another target.
    #[error("R13: this spell's range is Self; it cannot target {target}")]
    SelfOnly {
        /// The other target.
        target: String,
    },
    /// Occurs when an ability or item has no uses left.
    #[error("{rule}: {name} has no uses left")]
    NoUsesLeft {
        /// The ability or item.
        name: String,
        /// R5c for abilities, R5d for items, Mystic Arcanum is R5c too.
        rule: &'static str,
    },
    /// Occurs when the named ability or item does not exist or does not hold the spell.
    #[error("{rule}: {name} cannot cast {spell}")]
    SourceCannotCast {
        /// The ability or item.
        name: String,
        /// The spell.
        spell: SpellName,
        /// R5c or R5d.
        rule: &'static str,
    },
    /// Occurs when there is no concentration to act on.
    #[error("the caster is not concentrating on anything")]
    NoConcentration,
    /// Occurs when a new casting is started while a long one is under way.
    #[error("R12: the caster is already casting {spell}")]
    CastingInProgress {
        /// The spell under way.
        spell: SpellName,
    },
    /// Occurs when continuing a long casting that does not exist.
    #[error("R12: the caster is not in the middle of casting a spell")]
    NoCastingInProgress,
    /// Occurs when a long casting is completed before its time is up.
    #[error("R12: {spell} needs {rounds_left} more round(s) of casting")]
    CastingUnfinished {
        /// The spell under way.
        spell: SpellName,
        /// Rounds still to go.
        rounds_left: u64,
    },
    /// Occurs when a spell is studied that is not in effect anywhere the
    /// table knows of (R22 identifies an effect that is there).
    #[error("R22: no {spell} is in effect here to study")]
    NotInEffect {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when identifying a spell that is not ongoing.
    #[error("R22: {spell} is instantaneous; only a spell in effect can be identified")]
    NotOngoing {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a spell in effect cannot be moved to another target.
    #[error(
        "{spell} cannot be moved to another creature; only spells like Hex and Hunter's Mark can"
    )]
    NotMovable {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when an effect id is not active.
    #[error("no active effect {id}")]
    UnknownEffect {
        /// The id given.
        id: u64,
    },
    /// Occurs when an effect cannot be dismissed (R15).
    #[error("R15: {spell} cannot be dismissed")]
    NotDismissible {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when an encounter names a combatant it does not have.
    #[error("no combatant {name} in this encounter")]
    UnknownCombatant {
        /// The name given.
        name: String,
    },
    /// Occurs when a turn is advanced in an encounter with nobody in it.
    #[error("the encounter has no combatants")]
    EmptyEncounter,
    /// Occurs when the chosen damage type is not one the spell offers.
    #[error("R16: this spell cannot deal {} damage; it offers {}", chosen.name_en(), type_list(offered, false))]
    DamageTypeNotOffered {
        /// The type asked for.
        chosen: DamageType,
        /// The types the spell's damage may take.
        offered: Vec<DamageType>,
    },
    /// Occurs when a spell that must target a Hostile creature targets the
    /// caster or an ally.
    #[error("R17: this spell must target a Hostile creature, and {target} is not one")]
    TargetNotHostile {
        /// The target's name.
        target: String,
    },
    /// Occurs when the alternative casting time is asked of a spell that has none.
    #[error("R9: {spell} has only one casting time")]
    NoAlternativeCastingTime {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a stat-block creature is asked for a spell its
    /// Spellcasting does not list.
    #[error("R5c: {spell} is not on this creature's Spellcasting list")]
    NotInStatBlock {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a reaction is offered but nothing waits for one.
    #[error("R11: nothing is waiting for a reaction")]
    NoReactionWindow,
    /// Occurs when something else is done while a cast waits for reactions.
    #[error("R11: {caster}'s {spell} waits for reactions; react, pass or resolve it first")]
    ReactionWindowOpen {
        /// Who is casting.
        caster: String,
        /// What.
        spell: String,
    },
    /// Occurs when a reaction spell's trigger is not the one that is open.
    #[error("R11: {spell} does not answer {trigger}")]
    NotAnAnswer {
        /// The reaction spell.
        spell: SpellName,
        /// The open trigger, in English.
        trigger: String,
        /// The open trigger, in Czech.
        trigger_cs: String,
    },
    /// Occurs when a creature would react to its own trigger.
    #[error("R11: {name} cannot react to its own {what}")]
    OwnTrigger {
        /// Who.
        name: String,
        /// What it did, in English (`spell`, `attack`).
        what: String,
    },
    /// Occurs when a creature answers one trigger twice.
    #[error("R11: {name} has already answered this trigger")]
    AlreadyAnswered {
        /// Who.
        name: String,
    },
    /// Occurs when a combatant who cannot cast is asked to.
    #[error("{name} has no spellcasting (add it as a character or with --monster)")]
    NotACaster {
        /// Who.
        name: String,
    },
    /// Occurs when a request contradicts itself.
    #[error("invalid request: {reason}")]
    InvalidRequest {
        /// What is wrong.
        reason: String,
    },
}

impl RulesError {
    /// Stable snake_case machine code.
    pub fn code(&self) -> &'static str {
        match self {
            RulesError::InvalidSpellLevel { .. } => "invalid_spell_level",
            RulesError::InvalidSlotLevel { .. } => "invalid_slot_level",
            RulesError::InvalidSpellId { .. } => "invalid_spell_id",
            RulesError::InvalidDice { .. } => "invalid_dice",
            RulesError::InvalidClassLevel { .. } => "invalid_class_level",
            RulesError::InvalidCharacterLevel { .. } => "invalid_character_level",
            RulesError::DuplicateClass { .. } => "duplicate_class",
            RulesError::InvalidAbilityScore { .. } => "invalid_ability_score",
            RulesError::InvalidVitals { field: "ac", .. } => "invalid_armor_class",
            RulesError::InvalidVitals { .. } => "invalid_hit_points",
            RulesError::NoHitPoints { .. } => "no_hit_points",
            RulesError::SpellLevelTooHigh { .. } => "spell_level_too_high",
            RulesError::TooManyPrepared { .. } => "too_many_prepared",
            RulesError::TooManyCantrips { .. } => "too_many_cantrips",
            RulesError::NoSlotAvailable { .. } => "no_slot_available",
            RulesError::NoSuchSlot { .. } => "no_such_slot",
            RulesError::SlotTooLow { .. } => "slot_too_low",
            RulesError::CantripTakesNoSlot => "cantrip_takes_no_slot",
            RulesError::NotPrepared { .. } => "not_prepared",
            RulesError::OffTurnNotReaction { .. } => "not_a_reaction",
            RulesError::NotKnown { .. } => "not_known",
            RulesError::NotOnClassList { .. } => "not_on_class_list",
            RulesError::NoSuchClass { .. } => "no_such_class",
            RulesError::NotARitual { .. } => "not_a_ritual",
            RulesError::NotInSpellbook { .. } => "not_in_spellbook",
            RulesError::NotMovable { .. } => "not_movable",
            RulesError::NoSpellbook { .. } => "no_spellbook",
            RulesError::OneSlotPerTurn => "one_slot_per_turn",
            RulesError::ActionUnavailable { .. } => "action_unavailable",
            RulesError::CastingTimeMismatch { .. } => "casting_time_mismatch",
            RulesError::MissingTrigger { .. } => "missing_trigger",
            RulesError::Silenced => "silenced",
            RulesError::NoFreeHand => "no_free_hand",
            RulesError::MissingMaterial { .. } => "missing_material",
            RulesError::Incapacitated { .. } => "incapacitated",
            RulesError::NoLineOfEffect { .. } => "no_line_of_effect",
            RulesError::OutOfRange { .. } => "out_of_range",
            RulesError::TooManyTargets { .. } => "too_many_targets",
            RulesError::CannotTargetSelf => "cannot_target_self",
            RulesError::SelfOnly { .. } => "self_only",
            RulesError::NoUsesLeft { .. } => "no_uses_left",
            RulesError::SourceCannotCast { .. } => "source_cannot_cast",
            RulesError::NoConcentration => "no_concentration",
            RulesError::CastingInProgress { .. } => "casting_in_progress",
            RulesError::NoCastingInProgress => "no_casting_in_progress",
            RulesError::CastingUnfinished { .. } => "casting_unfinished",
            RulesError::NotOngoing { .. } => "not_ongoing",
            RulesError::NotInEffect { .. } => "not_in_effect",
            RulesError::UnknownEffect { .. } => "unknown_effect",
            RulesError::NotDismissible { .. } => "not_dismissible",
            RulesError::UnknownCombatant { .. } => "unknown_combatant",
            RulesError::EmptyEncounter => "empty_encounter",
            RulesError::InvalidRequest { .. } => "invalid_request",
            RulesError::NotInStatBlock { .. } => "not_in_stat_block",
            RulesError::NoReactionWindow => "no_reaction_window",
            RulesError::ReactionWindowOpen { .. } => "reaction_window_open",
            RulesError::NotAnAnswer { .. } => "not_an_answer",
            RulesError::OwnTrigger { .. } => "own_trigger",
            RulesError::AlreadyAnswered { .. } => "already_answered",
            RulesError::NotACaster { .. } => "not_a_caster",
            RulesError::DamageTypeNotOffered { .. } => "damage_type_not_offered",
            RulesError::TargetNotHostile { .. } => "target_not_hostile",
            RulesError::NoAlternativeCastingTime { .. } => "no_alternative_casting_time",
        }
    }

    /// The rule id this refusal enforces, when one applies.
    pub fn rule(&self) -> Option<&'static str> {
        if let RulesError::NotPrepared { ritual: false, .. } = self {
            return None;
        }
        Some(match self {
            RulesError::InvalidSpellLevel { .. } | RulesError::SpellLevelTooHigh { .. } => "R1",
            RulesError::InvalidSlotLevel { .. } => "R2",
            RulesError::NoSlotAvailable { .. } | RulesError::SlotTooLow { .. } => "R3",
            RulesError::NoSuchSlot { .. } => "R2",
            RulesError::CantripTakesNoSlot | RulesError::NotKnown { .. } => "R5a",
            RulesError::NotPrepared { .. } | RulesError::NotARitual { .. } => "R5b",
            RulesError::NotOnClassList { .. } => "R8",
            RulesError::OneSlotPerTurn => "R10",
            RulesError::ActionUnavailable { .. }
            | RulesError::CastingTimeMismatch { .. }
            | RulesError::NoAlternativeCastingTime { .. } => "R9",
            RulesError::DamageTypeNotOffered { .. } => "R16",
            RulesError::NotInStatBlock { .. } => "R5c",
            RulesError::NoReactionWindow
            | RulesError::ReactionWindowOpen { .. }
            | RulesError::NotAnAnswer { .. }
            | RulesError::OwnTrigger { .. }
            | RulesError::AlreadyAnswered { .. } => "R11",
            RulesError::MissingTrigger { .. } | RulesError::OffTurnNotReaction { .. } => "R11",
            RulesError::CastingInProgress { .. }
            | RulesError::NoCastingInProgress
            | RulesError::CastingUnfinished { .. } => "R12",
            RulesError::OutOfRange { .. } | RulesError::SelfOnly { .. } => "R13",
            RulesError::Silenced => "R14a",
            RulesError::NoFreeHand => "R14b",
            RulesError::MissingMaterial { .. } => "R14c",
            RulesError::NotDismissible { .. } => "R15",
            RulesError::NotOngoing { .. } | RulesError::NotInEffect { .. } => "R22",
            RulesError::NoLineOfEffect { .. }
            | RulesError::TooManyTargets { .. }
            | RulesError::CannotTargetSelf
            | RulesError::TargetNotHostile { .. } => "R17",
            RulesError::Incapacitated { rule }
            | RulesError::NoUsesLeft { rule, .. }
            | RulesError::SourceCannotCast { rule, .. } => rule,
            _ => return None,
        })
    }

    /// The message in Czech, using the chapter's terms.
    pub fn message_cs(&self) -> String {
        let rule = self.rule().map(|r| format!("{r}: ")).unwrap_or_default();
        let body = match self {
            RulesError::InvalidSpellLevel { level } => {
                format!("úroveň kouzla {level} neexistuje; úrovně jsou 0 až 9")
            }
            RulesError::InvalidSlotLevel { level } => {
                format!("pozice pro kouzlo {level}. úrovně neexistuje; úrovně pozic jsou 1 až 9")
            }
            RulesError::InvalidSpellId { id } => format!("{id:?} není platný identifikátor kouzla"),
            RulesError::InvalidDice { text } => format!("{text:?} není zápis kostek jako „2d8+3“"),
            RulesError::InvalidClassLevel { class, level } => {
                format!("úroveň povolání {} {level} je mimo rozsah 1 až 20", class.name_cs())
            }
            RulesError::InvalidCharacterLevel { total } => {
                format!("úroveň postavy {total} je mimo rozsah 1 až 20")
            }
            RulesError::DuplicateClass { class } => {
                format!("povolání {} je uvedeno dvakrát", class.name_cs())
            }
            RulesError::InvalidAbilityScore { ability, score } => {
                format!("hodnota vlastnosti {} {score} je mimo rozsah 1 až 30", ability.name_cs())
            }
            RulesError::InvalidVitals { field, value, max } => {
                let what = match *field {
                    "ac" => "obranné číslo",
                    "max_hp" => "maximum životů",
                    "temp_hp" => "dočasné životy",
                    "heal" => "léčení",
                    _ => "životy",
                };
                format!("{what} {value} je mimo rozsah 0 až {max}")
            }
            RulesError::NoHitPoints { name } => format!(
                "{name} nemá zapsané životy; zadejte je příkazem `grimoire hp {name} --max N --ac N`"
            ),
            RulesError::SpellLevelTooHigh { spell, level, max } => format!(
                "kouzlo {} je {level}. úrovně; sesilatel sesílá kouzla nejvýše {max}. úrovně", spell.cs()
            ),
            RulesError::NoSuchSlot { level, highest } => format!(
                "sesilatel nemá vůbec žádné pozice {level}. úrovně, ani utracené (nejvyšší má {highest}. úrovně)"
            ),
            RulesError::NoSlotAvailable { level } => {
                format!("nezbývá žádná pozice pro kouzlo {level}. nebo vyšší úrovně")
            }
            RulesError::SlotTooLow { slot, spell_level } => format!(
                "kouzlo {spell_level}. úrovně se nevejde do pozice {slot}. úrovně"
            ),
            RulesError::CantripTakesNoSlot => "cantrip se sesílá bez pozice pro kouzlo".into(),
            RulesError::NotPrepared { spell, .. } => format!("kouzlo {} není připravené", spell.cs()),
            RulesError::TooManyPrepared { spell, count } => format!(
                "{}: připraveno je už {count} kouzel, nejvíc, co povolání dovolují (nejprve jedno zruš)",
                spell.cs()
            ),
            RulesError::TooManyCantrips { spell, count } => format!(
                "{}: známo je už {count} cantripů, nejvíc, co povolání dovolují (nejprve jeden zruš)",
                spell.cs()
            ),
            RulesError::OffTurnNotReaction { spell } => format!(
                "v tahu jiného tvora lze seslat jen kouzlo s Reakcí; {} takové není", spell.cs()
            ),
            RulesError::NotKnown { spell } => format!("sesilatel nezná cantrip {}", spell.cs()),
            RulesError::NotOnClassList { spell } => {
                format!("kouzlo {} není na seznamu kouzel žádného povolání sesilatele", spell.cs())
            }
            RulesError::NoSuchClass { class } => {
                format!("sesilatel nemá žádné úrovně povolání {}", class.name_cs())
            }
            RulesError::NotARitual { spell } => {
                format!("kouzlo {} nemá označení Rituál, nelze ho seslat jako rituál", spell.cs())
            }
            RulesError::NotInSpellbook { spell } => format!(
                "kouzlo {} není v knize kouzel; kouzelník připravuje kouzla z knihy, nejdřív ho do ní opište",
                spell.cs()
            ),
            RulesError::NotMovable { spell } => format!(
                "kouzlo {} nelze přenést na jiného tvora; to jde jen u kouzel jako Uřknutí a Lovcovo znamení",
                spell.cs()
            ),
            RulesError::NoSpellbook { name } => {
                format!("{name} nemá úrovně kouzelníka, a tedy ani knihu kouzel")
            }
            RulesError::OneSlotPerTurn => {
                "v tomto tahu už byla spotřebována pozice pro kouzlo; za tah lze spotřebovat jen jednu"
                    .into()
            }
            RulesError::ActionUnavailable { action } => {
                format!("{} už byla v tomto tahu použita", action.name_cs())
            }
            RulesError::CastingTimeMismatch { needed, given } => format!(
                "vyvolávací čas tohoto kouzla je {}, ne {}",
                needed.name_cs(),
                given.name_cs()
            ),
            RulesError::MissingTrigger {
                trigger,
                trigger_cs,
            } => {
                let trigger = trigger_cs.as_deref().unwrap_or(trigger);
                format!("kouzlo se sesílá v reakci na svůj spouštěč: {trigger}")
            }
            RulesError::Silenced => {
                "umlčený sesilatel nemůže pronést Verbální složku".into()
            }
            RulesError::NoFreeHand => "kouzlo vyžaduje volnou ruku pro své složky".into(),
            RulesError::MissingMaterial { material } => {
                format!("sesilateli chybí Materiální složka: {material}")
            }
            RulesError::Incapacitated { .. } => "sesilatel má stav Neschopný".into(),
            RulesError::NoLineOfEffect { target } => {
                format!("k cíli {target} nevede jasná cesta (Totální kryt)")
            }
            RulesError::OutOfRange { target, distance_ft, range_ft } => format!(
                "cíl {target} je {distance_ft} stop daleko, mimo dosah {range_ft} stop"
            ),
            RulesError::TooManyTargets { max, given } => {
                format!("počet cílů kouzla je nejvýše {max}, zadáno {given}")
            }
            RulesError::CannotTargetSelf => "toto kouzlo nemůže cílit na sesilatele".into(),
            RulesError::SelfOnly { target } => {
                format!("dosah kouzla je Sám; nemůže cílit na {target}")
            }
            RulesError::NoUsesLeft { name, .. } => format!("{name} už nemá žádná použití"),
            RulesError::SourceCannotCast { name, spell, .. } => {
                format!("{name} neumožňuje seslat kouzlo {}", spell.cs())
            }
            RulesError::NoConcentration => "sesilatel se na nic nesoustředí".into(),
            RulesError::CastingInProgress { spell } => {
                format!("sesilatel právě sesílá kouzlo {}", spell.cs())
            }
            RulesError::NoCastingInProgress => "sesilatel právě nesesílá žádné kouzlo".into(),
            RulesError::CastingUnfinished { spell, rounds_left } => {
                format!("do dokončení sesílání kouzla {} zbývá kol: {rounds_left}", spell.cs())
            }
            RulesError::NotInEffect { spell } => {
                format!("žádné kouzlo {} tu nepůsobí, není co zkoumat", spell.cs())
            }
            RulesError::NotOngoing { spell } => {
                format!("kouzlo {} je okamžité; identifikovat lze jen probíhající kouzlo", spell.cs())
            }
            RulesError::UnknownEffect { id } => format!("žádný probíhající účinek {id}"),
            RulesError::NotDismissible { spell } => format!("kouzlo {} nelze zrušit", spell.cs()),
            RulesError::UnknownCombatant { name } => format!("ve střetnutí není účastník {name}"),
            RulesError::EmptyEncounter => "střetnutí nemá žádné účastníky".into(),
            RulesError::NotInStatBlock { spell } => {
                format!("{} není v seznamu Sesílání kouzel tohoto tvora", spell.cs())
            }
            RulesError::NoReactionWindow => "na žádnou Reakci se nečeká".into(),
            RulesError::ReactionWindowOpen { caster, spell } => format!(
                "kouzlo {spell}, které sesílá {caster}, čeká na Reakce; nejdřív reagujte, vzdejte se nebo ho vyhodnoťte"
            ),
            RulesError::NotAnAnswer {
                spell, trigger_cs, ..
            } => format!("{} neodpovídá na spouštěč: {trigger_cs}", spell.cs()),
            RulesError::OwnTrigger { name, what } => {
                let co = match what.as_str() {
                    "spell" => "vlastní kouzlo",
                    "attack" => "vlastní útok",
                    _ => "vlastní čin",
                };
                format!("{name} nemůže reagovat na {co}")
            }
            RulesError::AlreadyAnswered { name } => {
                format!("{name} už na tento spouštěč odpověděl(a)")
            }
            RulesError::NotACaster { name } => format!(
                "{name} nesesílá kouzla (přidejte ho jako postavu nebo s --monster)"
            ),
            RulesError::InvalidRequest { reason } => format!("neplatný požadavek: {reason}"),
            RulesError::DamageTypeNotOffered { chosen, offered } => format!(
                "toto kouzlo nemůže způsobit {} zranění; nabízí {}",
                chosen.name_cs(),
                type_list(offered, true)
            ),
            RulesError::TargetNotHostile { target } => {
                format!("kouzlo musí cílit na nepřátelského tvora a {target} jím není")
            }
            RulesError::NoAlternativeCastingTime { spell } => {
                format!("kouzlo {} má jen jeden vyvolávací čas", spell.cs())
            }
        };
        format!("{rule}{body}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_of_each() -> Vec<RulesError> {
        let s = || "Fireball".to_string();
        vec![
            RulesError::NotInSpellbook {
                spell: SpellName::from("Fireball"),
            },
            RulesError::NoSpellbook { name: s() },
            RulesError::NotMovable {
                spell: SpellName::from("Bless"),
            },
            RulesError::InvalidSpellLevel { level: 10 },
            RulesError::InvalidSlotLevel { level: 0 },
            RulesError::InvalidSpellId { id: s() },
            RulesError::InvalidDice { text: s() },
            RulesError::InvalidClassLevel {
                class: Class::Wizard,
                level: 0,
            },
            RulesError::InvalidCharacterLevel { total: 21 },
            RulesError::DuplicateClass { class: Class::Bard },
            RulesError::InvalidAbilityScore {
                ability: Ability::Wisdom,
                score: 0,
            },
            RulesError::InvalidVitals {
                field: "ac",
                value: 0,
                max: 40,
            },
            RulesError::NoHitPoints { name: s() },
            RulesError::SpellLevelTooHigh {
                spell: s().into(),
                level: 3,
                max: 2,
            },
            RulesError::NoSlotAvailable { level: 3 },
            RulesError::NoSuchSlot {
                level: 4,
                highest: 2,
            },
            RulesError::SlotTooLow {
                slot: 1,
                spell_level: 2,
            },
            RulesError::CantripTakesNoSlot,
            RulesError::NotPrepared {
                spell: s().into(),
                ritual: true,
            },
            RulesError::OffTurnNotReaction { spell: s().into() },
            RulesError::NotKnown { spell: s().into() },
            RulesError::NotOnClassList { spell: s().into() },
            RulesError::NoSuchClass {
                class: Class::Druid,
            },
            RulesError::NotARitual { spell: s().into() },
            RulesError::OneSlotPerTurn,
            RulesError::ActionUnavailable {
                action: ActionKind::Action,
            },
            RulesError::CastingTimeMismatch {
                needed: ActionKind::BonusAction,
                given: ActionKind::Action,
            },
            RulesError::MissingTrigger {
                trigger: s(),
                trigger_cs: None,
            },
            RulesError::Silenced,
            RulesError::NoFreeHand,
            RulesError::MissingMaterial { material: s() },
            RulesError::Incapacitated { rule: "R9" },
            RulesError::NoLineOfEffect { target: s() },
            RulesError::OutOfRange {
                target: s(),
                distance_ft: 200,
                range_ft: 150,
            },
            RulesError::TooManyTargets { max: 3, given: 4 },
            RulesError::CannotTargetSelf,
            RulesError::SelfOnly { target: s() },
            RulesError::NoUsesLeft {
                name: s(),
                rule: "R5c",
            },
            RulesError::SourceCannotCast {
                name: s(),
                spell: s().into(),
                rule: "R5d",
            },
            RulesError::NoConcentration,
            RulesError::CastingInProgress { spell: s().into() },
            RulesError::NoCastingInProgress,
            RulesError::CastingUnfinished {
                spell: s().into(),
                rounds_left: 3,
            },
            RulesError::NotOngoing { spell: s().into() },
            RulesError::NotInEffect { spell: s().into() },
            RulesError::UnknownEffect { id: 7 },
            RulesError::NotDismissible { spell: s().into() },
            RulesError::UnknownCombatant { name: s() },
            RulesError::EmptyEncounter,
            RulesError::NotInStatBlock { spell: s().into() },
            RulesError::NoReactionWindow,
            RulesError::ReactionWindowOpen {
                caster: s(),
                spell: s(),
            },
            RulesError::NotAnAnswer {
                spell: s().into(),
                trigger: s(),
                trigger_cs: s(),
            },
            RulesError::OwnTrigger {
                name: s(),
                what: "spell".into(),
            },
            RulesError::AlreadyAnswered { name: s() },
            RulesError::NotACaster { name: s() },
            RulesError::InvalidRequest { reason: s() },
            RulesError::DamageTypeNotOffered {
                chosen: DamageType::Force,
                offered: vec![DamageType::Acid, DamageType::Fire],
            },
            RulesError::TargetNotHostile { target: s() },
            RulesError::NoAlternativeCastingTime { spell: s().into() },
        ]
    }

    #[test]
    fn every_code_is_unique_snake_case_and_every_rule_is_cited() {
        let all = one_of_each();
        let mut codes: Vec<&str> = all.iter().map(RulesError::code).collect();
        assert!(
            codes
                .iter()
                .all(|c| c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        );
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), all.len(), "codes are unique");
        for e in &all {
            let (en, cs) = (e.to_string(), e.message_cs());
            assert!(!en.is_empty() && !cs.is_empty());
            if let Some(rule) = e.rule() {
                assert!(en.starts_with(rule), "{en}");
                assert!(cs.starts_with(&format!("{rule}: ")), "{cs}");
            }
        }
    }

    #[test]
    fn codes_rules_and_messages_agree() {
        let e = RulesError::OneSlotPerTurn;
        assert_eq!(e.code(), "one_slot_per_turn");
        assert_eq!(e.rule(), Some("R10"));
        assert!(e.to_string().starts_with("R10"));
        assert!(e.message_cs().starts_with("R10: "));
        assert!(e.message_cs().contains("pozice pro kouzlo"));
        let e = RulesError::Incapacitated { rule: "R15" };
        assert_eq!(e.rule(), Some("R15"));
    }
}
