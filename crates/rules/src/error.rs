//! The one error type of the crate: every refusal, with a stable code and
//! the rule it enforces.

use crate::class::{Ability, Class};
use crate::damage::DamageType;
use crate::economy::ActionKind;
use crate::invalid::Invalid;
use crate::message::Arg;
use crate::metamagic_error::MetamagicError;
use crate::resource_error::ResourceError;
use crate::subclass_cast_error::SubclassCastError;
use crate::trigger_kind::TriggerKind;

// SpellName lives in a leaf of its own (the messages and the request
// refusals name it too); the refusals' modules take it from here.
pub(crate) use crate::spell_name::SpellName;

/// Why the rules refused something. A refusal never changes state.
///
/// [`RulesError::code`] is a stable machine code, [`RulesError::rule`] the
/// rule id (`R10`) where one applies and [`RulesError::args`] the values a
/// message names. The crate knows no language: the words a person reads
/// come from the message catalogue (`grimoire-words`, message
/// `refusal-<code>`). `Display` is the technical form for logs and
/// debugging (`R3: no_slot_available (level=4)`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// Occurs when a spell level is above 9.
    InvalidSpellLevel {
        /// The level given.
        level: u8,
    },
    /// Occurs when a slot level is outside 1..=9.
    InvalidSlotLevel {
        /// The level given.
        level: u8,
    },
    /// Occurs when a spell id is not a lower-case slug.
    InvalidSpellId {
        /// The id given.
        id: String,
    },
    /// Occurs when dice notation cannot be read.
    InvalidDice {
        /// The text given.
        text: String,
    },
    /// Occurs when a class level is outside 1..=20.
    InvalidClassLevel {
        /// The class.
        class: Class,
        /// The level given.
        level: u8,
    },
    /// Occurs when class levels add up to more than 20, or to nothing.
    InvalidCharacterLevel {
        /// The sum of class levels.
        total: u32,
    },
    /// Occurs when the same class is listed twice.
    DuplicateClass {
        /// The class.
        class: Class,
    },
    /// Occurs when an ability score is outside 1..=30.
    InvalidAbilityScore {
        /// The ability.
        ability: Ability,
        /// The score given.
        score: u8,
    },
    /// Occurs when hit points or Armor Class are outside what a creature
    /// can have (a maximum of 0, current above the maximum, AC 0).
    InvalidVitals {
        /// `max_hp`, `hp`, `temp_hp`, `heal` or `ac`.
        field: &'static str,
        /// The value given.
        value: i64,
        /// The largest allowed.
        max: i64,
    },
    /// Occurs when a creature's hit points are used but were never set.
    NoHitPoints {
        /// The creature.
        name: String,
    },
    /// Occurs when preparing a spell of a level the caster has no slots for.
    SpellLevelTooHigh {
        /// The spell.
        spell: SpellName,
        /// Its level.
        level: u8,
        /// The highest level the caster can cast.
        max: u8,
    },
    /// Occurs when preparing one spell more than the class tables allow.
    TooManyPrepared {
        /// The spell.
        spell: SpellName,
        /// The limit: the classes' prepared spells added up.
        count: u8,
    },
    /// Occurs when learning one cantrip more than the class tables allow.
    TooManyCantrips {
        /// The cantrip.
        spell: SpellName,
        /// The limit: the classes' cantrips added up.
        count: u8,
    },
    /// Occurs when no remaining slot is high enough for the spell.
    NoSlotAvailable {
        /// The lowest slot level that would do.
        level: u8,
    },
    /// Occurs when the caster has no slot of the level asked for (or any
    /// that would fit) at all, spent or not.
    NoSuchSlot {
        /// The slot level asked for, or the lowest that would fit.
        level: u8,
        /// The caster's highest slot level (0 for none).
        highest: u8,
    },
    /// Occurs when the chosen slot is below the spell's level.
    SlotTooLow {
        /// The slot chosen.
        slot: u8,
        /// The spell's level.
        spell_level: u8,
    },
    /// Occurs when a cantrip is given a slot.
    CantripTakesNoSlot,
    /// Occurs when the caster has not prepared the spell. Casting as a
    /// ritual needs it prepared by R5b; an ordinary cast by the class's
    /// preparation, which the chapter's rules leave to the classes.
    NotPrepared {
        /// The spell's name.
        spell: SpellName,
        /// Whether it was asked for as a ritual.
        ritual: bool,
    },
    /// Occurs when a spell that is not a Reaction is cast on another
    /// creature's turn.
    OffTurnNotReaction {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when the caster does not know the cantrip.
    NotKnown {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when a spell is on none of the caster's lists (R8).
    NotOnClassList {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when the caster has no level in the class asked for.
    NoSuchClass {
        /// The class asked for.
        class: Class,
    },
    /// Occurs when a Wizard who keeps a spellbook prepares a spell that is
    /// not in it.
    NotInSpellbook {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when a caster without Wizard levels is given a spellbook entry.
    NoSpellbook {
        /// The caster.
        name: String,
    },
    /// Occurs when a spell without the Ritual tag is cast as a ritual.
    NotARitual {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when a second slot would be expended in one turn.
    OneSlotPerTurn,
    /// Occurs when the needed part of the turn is already used.
    ActionUnavailable {
        /// The part of the turn.
        action: ActionKind,
    },
    /// Occurs when the requested action does not match the casting time.
    CastingTimeMismatch {
        /// What the spell needs.
        needed: ActionKind,
        /// What was offered.
        given: ActionKind,
    },
    /// Occurs when a spell with a trigger is cast without naming it.
    MissingTrigger {
        /// The spell's trigger.
        trigger: String,
        /// The trigger in Czech, when known.
        trigger_cs: Option<String>,
    },
    /// Occurs when a silenced caster tries a spell with a V component.
    Silenced,
    /// Occurs when S or M needs a hand and none is free.
    NoFreeHand,
    /// Occurs when the material is missing and nothing may stand in for it.
    MissingMaterial {
        /// The material the spell names.
        material: String,
    },
    /// Occurs when the caster carries the thing a costly material names,
    /// but its text states no worth and no equipment list prices it.
    MaterialWorthUnknown {
        /// The material the spell names.
        material: String,
        /// Its cost in GP.
        cost_gp: u32,
        /// What the caster carries of that kind.
        carried: SpellName,
    },
    /// Occurs when the thing carried for a costly material is worth less
    /// than the material's cost, by its stated or listed worth.
    MaterialTooCheap {
        /// The material the spell names.
        material: String,
        /// Its cost in GP.
        cost_gp: u32,
        /// What the caster carries of that kind.
        carried: SpellName,
        /// What that is worth, in whole GP.
        worth_gp: u64,
    },
    /// Occurs when a caster at 0 hit points tries to cast: it is
    /// Unconscious, and stays unable to act while its hit points are 0,
    /// whatever its conditions say.
    AtZeroHitPoints {
        /// The caster.
        name: String,
    },
    /// Occurs when a dead creature would roll a death save, regain hit
    /// points, spend Hit Point Dice or rest (2024 Dead).
    Dead {
        /// The creature.
        name: String,
    },
    /// Occurs when a creature that is not dying would roll a death save or
    /// be stabilized: above 0 hit points, or Stable already (2024 Death
    /// Saving Throws).
    NotDying {
        /// The creature.
        name: String,
        /// Its hit points.
        hp: u32,
        /// Whether it is Stable.
        stable: bool,
    },
    /// Occurs when more Hit Point Dice of a size are asked for than are
    /// left (2024 Hit Point Dice).
    NoHitDiceLeft {
        /// The creature.
        name: String,
        /// The die size.
        size: u8,
        /// Dice asked for.
        asked: u8,
        /// Dice left.
        left: u8,
    },
    /// Occurs when an Incapacitated caster tries to act or dismiss a spell.
    Incapacitated {
        /// The rule that refuses it (R15 for dismissing).
        rule: &'static str,
    },
    /// Occurs when a target is behind Total Cover.
    NoLineOfEffect {
        /// The target's name.
        target: String,
    },
    /// Occurs when a target is farther than the spell's range.
    OutOfRange {
        /// The target's name.
        target: String,
        /// Its distance.
        distance_ft: u64,
        /// The spell's reach.
        range_ft: u64,
    },
    /// Occurs when more targets are named than the spell allows.
    TooManyTargets {
        /// The most allowed at this level.
        max: u32,
        /// How many were named.
        given: usize,
    },
    /// Occurs when a spell that needs another creature targets the caster.
    CannotTargetSelf,
    /// Occurs when a self-only spell names another target.
    SelfOnly {
        /// The other target.
        target: String,
    },
    /// Occurs when an ability or item has no uses left.
    NoUsesLeft {
        /// The ability or item.
        name: String,
        /// R5c for abilities, R5d for items, Mystic Arcanum is R5c too.
        rule: &'static str,
    },
    /// Occurs when a subclass, feat or invocation id is not in the catalogue.
    UnknownFeature {
        /// Which sort was asked for (names the code: `unknown_subclass`).
        kind: crate::feature_kind::FeatureKind,
        /// The id as given.
        id: String,
    },
    /// Occurs when a feature needs a higher class (or character) level.
    FeatureLevelTooLow {
        /// Which sort (names the code: `subclass_level_too_low`).
        kind: crate::feature_kind::FeatureKind,
        /// The feature.
        name: String,
        /// Its class; `None` for a feat (character level).
        class: Option<Class>,
        /// The level needed.
        needed: u8,
        /// The level the caster has.
        have: u8,
    },
    /// Occurs when a feature (or a subclass for the class) is chosen twice.
    FeatureAlreadyChosen {
        /// The feature the caster has.
        name: String,
    },
    /// Occurs when a feature needs another one first.
    PrerequisiteMissing {
        /// The feature.
        name: String,
        /// The id of the one it needs.
        needs: String,
    },
    /// Occurs when a Warlock would know more invocations than its level allows.
    TooManyInvocations {
        /// The most at this Warlock level.
        max: u8,
    },
    /// Occurs when a Sorcerer would know more Metamagic options than its level allows.
    TooManyMetamagic {
        /// The most at this Sorcerer level.
        max: u8,
    },
    /// Occurs when a spell chosen for a feature is not one it allows.
    FeatureSpellNotAllowed {
        /// The feature.
        name: String,
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a feature needs an option (a land type, a spell list)
    /// and none or an unknown one is named.
    FeatureVariantNeeded {
        /// The feature.
        name: String,
        /// Its options' ids, comma-separated.
        options: String,
    },
    /// Occurs when a free cast asks for a higher level than the feature casts at.
    FreeCastCannotUpcast {
        /// The feature.
        name: String,
        /// The level it casts at.
        level: u8,
    },
    /// Occurs when a Druid in Wild Shape tries to cast a spell.
    WildShapeNoCasting,
    /// Occurs when a caster lacks a feature an action needs (Wild Shape).
    FeatureMissing {
        /// The feature.
        name: String,
    },
    /// Occurs when the named ability or item does not exist or does not hold the spell.
    SourceCannotCast {
        /// The ability or item.
        name: String,
        /// The spell.
        spell: SpellName,
        /// R5c or R5d.
        rule: &'static str,
    },
    /// Occurs when there is no concentration to act on.
    NoConcentration,
    /// Occurs when a new casting is started while a long one is under way.
    CastingInProgress {
        /// The spell under way.
        spell: SpellName,
    },
    /// Occurs when continuing a long casting that does not exist.
    NoCastingInProgress,
    /// Occurs when a long casting is completed before its time is up.
    CastingUnfinished {
        /// The spell under way.
        spell: SpellName,
        /// Rounds still to go.
        rounds_left: u64,
    },
    /// Occurs when a spell is studied that is not in effect anywhere the
    /// table knows of (R22 identifies an effect that is there).
    NotInEffect {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when identifying a spell that is not ongoing.
    NotOngoing {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a spell in effect cannot be moved to another target.
    NotMovable {
        /// The spell's name.
        spell: SpellName,
    },
    /// Occurs when an effect id is not active.
    UnknownEffect {
        /// The id given.
        id: u64,
    },
    /// Occurs when an effect cannot be dismissed (R15).
    NotDismissible {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when an encounter names a combatant it does not have.
    UnknownCombatant {
        /// The name given.
        name: String,
    },
    /// Occurs when a turn is advanced in an encounter with nobody in it.
    EmptyEncounter,
    /// Occurs when the chosen damage type is not one the spell offers.
    DamageTypeNotOffered {
        /// The type asked for.
        chosen: DamageType,
        /// The types the spell's damage may take.
        offered: Vec<DamageType>,
    },
    /// Occurs when a spell that must target a Hostile creature targets the
    /// caster or an ally.
    TargetNotHostile {
        /// The target's name.
        target: String,
    },
    /// Occurs when the alternative casting time is asked of a spell that has none.
    NoAlternativeCastingTime {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a stat-block creature is asked for a spell its
    /// Spellcasting does not list.
    NotInStatBlock {
        /// The spell.
        spell: SpellName,
    },
    /// Occurs when a reaction is offered but nothing waits for one.
    NoReactionWindow,
    /// Occurs when something else is done while a window for Reactions is
    /// open: a spell being cast, or a hit, damage or a fall, waits for
    /// answers.
    ReactionWindowOpen {
        /// Who caused what waits (the caster, the attacker); empty for a fall.
        caster: String,
        /// The spell that waits to be cast, when one does.
        spell: Option<SpellName>,
        /// What the open window answers; its words are the front end's.
        trigger: TriggerKind,
    },
    /// Occurs when a reaction spell's trigger is not the one that is open.
    NotAnAnswer {
        /// The reaction spell.
        spell: SpellName,
        /// What the open window answers; its words are the front end's.
        trigger: TriggerKind,
    },
    /// Occurs when a creature would react to its own trigger.
    OwnTrigger {
        /// Who.
        name: String,
        /// What it did, in English (`spell`, `attack`).
        what: String,
    },
    /// Occurs when a Reaction that strikes back at what triggered it
    /// (Hellish Rebuke at the creature that damaged you, Counterspell at
    /// the creature casting) is aimed at another creature.
    ReactionTargetNotSource {
        /// The Reaction spell.
        spell: SpellName,
        /// The creature it was aimed at.
        target: String,
        /// The one it must strike: who caused the trigger.
        source: String,
    },
    /// Occurs when a creature answers one trigger twice.
    AlreadyAnswered {
        /// Who.
        name: String,
    },
    /// Occurs when a combatant who cannot cast is asked to.
    NotACaster {
        /// Who.
        name: String,
    },
    /// Occurs when a request contradicts itself.
    InvalidRequest {
        /// What is wrong, as a code the front end words (`invalid-<code>`).
        reason: Invalid,
    },
    /// Occurs when a Long Rest is started too soon after the last one: a
    /// creature waits 16 hours after finishing one before starting the
    /// next, so it benefits from at most one in 24 hours (R4).
    LongRestTooSoon {
        /// The creature resting.
        name: String,
        /// Whole hours (rounded up) until it may start another.
        hours_left: u64,
    },
    /// Occurs when a Long Rest is started while the creature fights in a
    /// running encounter (R4: a rest is downtime).
    LongRestInEncounter {
        /// The creature resting.
        name: String,
        /// The running encounter.
        encounter: String,
    },
    /// Occurs when a class resource refuses (Sorcery Points, Font of
    /// Magic, Arcane Recovery...): the code and feature are its own.
    Resource(crate::resource_error::ResourceError),
    /// Occurs when a casting's Metamagic is refused (unknown, unfit for the
    /// spell, combined against the rules, Quickened's turn rule).
    Metamagic(crate::metamagic_error::MetamagicError),
    /// Occurs when a subclass feature asked for on a cast is refused
    /// (Sculpt Spells, Overchannel).
    SubclassCast(crate::subclass_cast_error::SubclassCastError),
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
            RulesError::MaterialWorthUnknown { .. } => "material_worth_unknown",
            RulesError::MaterialTooCheap { .. } => "material_too_cheap",
            RulesError::Incapacitated { .. } => "incapacitated",
            RulesError::AtZeroHitPoints { .. } => "at_zero_hit_points",
            RulesError::Dead { .. } => "dead",
            RulesError::NotDying { .. } => "not_dying",
            RulesError::NoHitDiceLeft { .. } => "no_hit_dice_left",
            RulesError::NoLineOfEffect { .. } => "no_line_of_effect",
            RulesError::OutOfRange { .. } => "out_of_range",
            RulesError::TooManyTargets { .. } => "too_many_targets",
            RulesError::CannotTargetSelf => "cannot_target_self",
            RulesError::SelfOnly { .. } => "self_only",
            RulesError::NoUsesLeft { .. } => "no_uses_left",
            RulesError::UnknownFeature { kind, .. } => match kind {
                crate::feature_kind::FeatureKind::Subclass => "unknown_subclass",
                crate::feature_kind::FeatureKind::Feat => "unknown_feat",
                crate::feature_kind::FeatureKind::Invocation => "unknown_invocation",
                crate::feature_kind::FeatureKind::Class => "unknown_feature",
                crate::feature_kind::FeatureKind::Metamagic => "unknown_metamagic",
            },
            RulesError::FeatureLevelTooLow { kind, .. } => match kind {
                crate::feature_kind::FeatureKind::Subclass => "subclass_level_too_low",
                crate::feature_kind::FeatureKind::Feat => "feat_level_too_low",
                crate::feature_kind::FeatureKind::Invocation => "invocation_level_too_low",
                crate::feature_kind::FeatureKind::Class => "feature_level_too_low",
                crate::feature_kind::FeatureKind::Metamagic => "metamagic_level_too_low",
            },
            RulesError::FeatureAlreadyChosen { .. } => "feature_already_chosen",
            RulesError::PrerequisiteMissing { .. } => "prerequisite_missing",
            RulesError::TooManyInvocations { .. } => "too_many_invocations",
            RulesError::TooManyMetamagic { .. } => "too_many_metamagic",
            RulesError::FeatureSpellNotAllowed { .. } => "feature_spell_not_allowed",
            RulesError::FeatureVariantNeeded { .. } => "feature_variant_needed",
            RulesError::FreeCastCannotUpcast { .. } => "free_cast_cannot_upcast",
            RulesError::WildShapeNoCasting => "wild_shape_no_casting",
            RulesError::FeatureMissing { .. } => "feature_missing",
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
            RulesError::ReactionTargetNotSource { .. } => "reaction_target_not_source",
            RulesError::NotACaster { .. } => "not_a_caster",
            RulesError::DamageTypeNotOffered { .. } => "damage_type_not_offered",
            RulesError::TargetNotHostile { .. } => "target_not_hostile",
            RulesError::NoAlternativeCastingTime { .. } => "no_alternative_casting_time",
            RulesError::LongRestTooSoon { .. } => "long_rest_too_soon",
            RulesError::LongRestInEncounter { .. } => "long_rest_in_encounter",
            RulesError::Resource(e) => e.code(),
            RulesError::Metamagic(e) => e.code(),
            RulesError::SubclassCast(e) => e.code(),
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
            | RulesError::NoAlternativeCastingTime { .. }
            | RulesError::AtZeroHitPoints { .. } => "R9",
            RulesError::DamageTypeNotOffered { .. } => "R16",
            RulesError::NotInStatBlock { .. } => "R5c",
            RulesError::LongRestTooSoon { .. } | RulesError::LongRestInEncounter { .. } => "R4",
            RulesError::NoReactionWindow
            | RulesError::ReactionWindowOpen { .. }
            | RulesError::NotAnAnswer { .. }
            | RulesError::OwnTrigger { .. }
            | RulesError::AlreadyAnswered { .. }
            | RulesError::ReactionTargetNotSource { .. } => "R11",
            RulesError::MissingTrigger { .. } | RulesError::OffTurnNotReaction { .. } => "R11",
            RulesError::CastingInProgress { .. }
            | RulesError::NoCastingInProgress
            | RulesError::CastingUnfinished { .. } => "R12",
            RulesError::OutOfRange { .. } | RulesError::SelfOnly { .. } => "R13",
            RulesError::Silenced => "R14a",
            RulesError::NoFreeHand => "R14b",
            RulesError::MissingMaterial { .. }
            | RulesError::MaterialWorthUnknown { .. }
            | RulesError::MaterialTooCheap { .. } => "R14c",
            RulesError::NotDismissible { .. } => "R15",
            RulesError::NotOngoing { .. } | RulesError::NotInEffect { .. } => "R22",
            RulesError::NoLineOfEffect { .. }
            | RulesError::TooManyTargets { .. }
            | RulesError::CannotTargetSelf
            | RulesError::TargetNotHostile { .. } => "R17",
            RulesError::FreeCastCannotUpcast { .. } => "R6",
            RulesError::WildShapeNoCasting => "R9",
            RulesError::Incapacitated { rule }
            | RulesError::NoUsesLeft { rule, .. }
            | RulesError::SourceCannotCast { rule, .. } => rule,
            _ => return None,
        })
    }

    /// One refusal of every code, with made-up values: what a front end's
    /// test renders to prove every code has words in every language.
    pub fn one_of_each() -> Vec<RulesError> {
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
            RulesError::MaterialWorthUnknown {
                material: s(),
                cost_gp: 300,
                carried: s().into(),
            },
            RulesError::MaterialTooCheap {
                material: s(),
                cost_gp: 300,
                carried: s().into(),
                worth_gp: 100,
            },
            RulesError::Incapacitated { rule: "R9" },
            RulesError::AtZeroHitPoints { name: s() },
            RulesError::Dead { name: s() },
            RulesError::NotDying {
                name: s(),
                hp: 7,
                stable: false,
            },
            RulesError::NoHitDiceLeft {
                name: s(),
                size: 8,
                asked: 3,
                left: 1,
            },
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
            RulesError::UnknownFeature {
                kind: crate::feature_kind::FeatureKind::Subclass,
                id: s(),
            },
            RulesError::UnknownFeature {
                kind: crate::feature_kind::FeatureKind::Feat,
                id: s(),
            },
            RulesError::UnknownFeature {
                kind: crate::feature_kind::FeatureKind::Invocation,
                id: s(),
            },
            RulesError::UnknownFeature {
                kind: crate::feature_kind::FeatureKind::Class,
                id: s(),
            },
            RulesError::FeatureLevelTooLow {
                kind: crate::feature_kind::FeatureKind::Subclass,
                name: s(),
                class: Some(Class::Wizard),
                needed: 3,
                have: 2,
            },
            RulesError::FeatureLevelTooLow {
                kind: crate::feature_kind::FeatureKind::Feat,
                name: s(),
                class: None,
                needed: 19,
                have: 2,
            },
            RulesError::FeatureLevelTooLow {
                kind: crate::feature_kind::FeatureKind::Invocation,
                name: s(),
                class: Some(Class::Warlock),
                needed: 5,
                have: 2,
            },
            RulesError::FeatureLevelTooLow {
                kind: crate::feature_kind::FeatureKind::Class,
                name: s(),
                class: Some(Class::Cleric),
                needed: 10,
                have: 2,
            },
            RulesError::FeatureAlreadyChosen { name: s() },
            RulesError::PrerequisiteMissing {
                name: s(),
                needs: s(),
            },
            RulesError::TooManyInvocations { max: 3 },
            RulesError::TooManyMetamagic { max: 2 },
            RulesError::FeatureSpellNotAllowed {
                name: s(),
                spell: s().into(),
            },
            RulesError::FeatureVariantNeeded {
                name: s(),
                options: s(),
            },
            RulesError::FreeCastCannotUpcast {
                name: s(),
                level: 3,
            },
            RulesError::WildShapeNoCasting,
            RulesError::FeatureMissing { name: s() },
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
                spell: Some(s().into()),
                trigger: TriggerKind::SpellCast,
            },
            RulesError::NotAnAnswer {
                spell: s().into(),
                trigger: TriggerKind::Hit,
            },
            RulesError::OwnTrigger {
                name: s(),
                what: "spell".into(),
            },
            RulesError::AlreadyAnswered { name: s() },
            RulesError::ReactionTargetNotSource {
                spell: s().into(),
                target: s(),
                source: s(),
            },
            RulesError::NotACaster { name: s() },
            RulesError::InvalidRequest {
                reason: Invalid::CombatantListedTwice { name: s() },
            },
            RulesError::DamageTypeNotOffered {
                chosen: DamageType::Force,
                offered: vec![DamageType::Acid, DamageType::Fire],
            },
            RulesError::TargetNotHostile { target: s() },
            RulesError::NoAlternativeCastingTime { spell: s().into() },
            RulesError::LongRestTooSoon {
                name: s(),
                hours_left: 9,
            },
            RulesError::LongRestInEncounter {
                name: s(),
                encounter: s(),
            },
        ]
        .into_iter()
        .chain(
            crate::resource_error::ResourceError::one_of_each()
                .into_iter()
                .map(RulesError::Resource),
        )
        .chain(
            crate::metamagic_error::MetamagicError::one_of_each()
                .into_iter()
                .map(RulesError::Metamagic),
        )
        .chain(
            crate::subclass_cast_error::SubclassCastError::one_of_each()
                .into_iter()
                .map(RulesError::SubclassCast),
        )
        .collect()
    }

    /// The class feature a refusal comes from (`font-of-magic`), when one does.
    pub fn feature(&self) -> Option<&'static str> {
        match self {
            RulesError::Resource(e) => Some(e.feature().id()),
            RulesError::Metamagic(_) => Some("metamagic"),
            RulesError::SubclassCast(e) => Some(e.feature().id()),
            _ => None,
        }
    }

    /// The values a message about this refusal names, by the name the
    /// message catalogue uses for them (`refusal-<code>` in the `.ftl`
    /// files). Every variant of one code gives the same names.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        use Arg::{Number, Text};
        let n = |v: u64| Number(i64::try_from(v).unwrap_or(i64::MAX));
        let name = |s: &SpellName| Arg::Name(s.clone());
        let text = |s: &str| Text(s.to_owned());
        match self {
            RulesError::InvalidSpellLevel { level } | RulesError::InvalidSlotLevel { level } => {
                vec![("level", n((*level).into()))]
            }
            RulesError::InvalidSpellId { id } => vec![("id", text(id))],
            RulesError::InvalidDice { text: t } => vec![("text", text(t))],
            RulesError::InvalidClassLevel { class, level } => {
                vec![("class", Arg::Class(*class)), ("level", n((*level).into()))]
            }
            RulesError::InvalidCharacterLevel { total } => vec![("total", n((*total).into()))],
            RulesError::DuplicateClass { class } | RulesError::NoSuchClass { class } => {
                vec![("class", Arg::Class(*class))]
            }
            RulesError::InvalidAbilityScore { ability, score } => {
                vec![
                    ("ability", Arg::Ability(*ability)),
                    ("score", n((*score).into())),
                ]
            }
            RulesError::InvalidVitals { field, value, max } => vec![
                ("field", text(field)),
                ("value", Number(*value)),
                ("max", Number(*max)),
            ],
            RulesError::NoHitPoints { name: who }
            | RulesError::NoSpellbook { name: who }
            | RulesError::UnknownCombatant { name: who }
            | RulesError::AlreadyAnswered { name: who }
            | RulesError::NotACaster { name: who }
            | RulesError::AtZeroHitPoints { name: who }
            | RulesError::Dead { name: who } => vec![("name", text(who))],
            RulesError::NotDying { name, hp, stable } => vec![
                ("name", text(name)),
                ("hp", n((*hp).into())),
                ("stable", text(if *stable { "yes" } else { "no" })),
            ],
            RulesError::NoHitDiceLeft {
                name,
                size,
                asked,
                left,
            } => vec![
                ("name", text(name)),
                ("size", n((*size).into())),
                ("asked", n((*asked).into())),
                ("left", n((*left).into())),
            ],
            RulesError::SpellLevelTooHigh { spell, level, max } => vec![
                ("spell", name(spell)),
                ("level", n((*level).into())),
                ("max", n((*max).into())),
            ],
            RulesError::TooManyPrepared { spell, count }
            | RulesError::TooManyCantrips { spell, count } => {
                vec![("spell", name(spell)), ("count", n((*count).into()))]
            }
            RulesError::NoSlotAvailable { level } => vec![("level", n((*level).into()))],
            RulesError::NoSuchSlot { level, highest } => vec![
                ("level", n((*level).into())),
                ("highest", n((*highest).into())),
            ],
            RulesError::SlotTooLow { slot, spell_level } => vec![
                ("slot", n((*slot).into())),
                ("spell_level", n((*spell_level).into())),
            ],
            RulesError::NotPrepared { spell, .. }
            | RulesError::OffTurnNotReaction { spell }
            | RulesError::NotKnown { spell }
            | RulesError::NotOnClassList { spell }
            | RulesError::NotInSpellbook { spell }
            | RulesError::NotARitual { spell }
            | RulesError::CastingInProgress { spell }
            | RulesError::NotInEffect { spell }
            | RulesError::NotOngoing { spell }
            | RulesError::NotMovable { spell }
            | RulesError::NotDismissible { spell }
            | RulesError::NoAlternativeCastingTime { spell }
            | RulesError::NotInStatBlock { spell } => vec![("spell", name(spell))],
            RulesError::ActionUnavailable { action } => vec![("action", Arg::Action(*action))],
            RulesError::CastingTimeMismatch { needed, given } => vec![
                ("needed", Arg::Action(*needed)),
                ("given", Arg::Action(*given)),
            ],
            RulesError::MissingTrigger {
                trigger,
                trigger_cs,
            } => vec![(
                "trigger",
                Arg::Name(SpellName {
                    en: trigger.clone(),
                    cs: trigger_cs.clone(),
                }),
            )],
            RulesError::MissingMaterial { material } => {
                vec![("material", Arg::Material(material.clone()))]
            }
            RulesError::MaterialWorthUnknown {
                material,
                cost_gp,
                carried,
            } => vec![
                ("material", Arg::Material(material.clone())),
                ("cost_gp", n((*cost_gp).into())),
                ("carried", name(carried)),
            ],
            RulesError::MaterialTooCheap {
                material,
                cost_gp,
                carried,
                worth_gp,
            } => vec![
                ("material", Arg::Material(material.clone())),
                ("cost_gp", n((*cost_gp).into())),
                ("carried", name(carried)),
                ("worth_gp", n(*worth_gp)),
            ],
            RulesError::NoLineOfEffect { target }
            | RulesError::SelfOnly { target }
            | RulesError::TargetNotHostile { target } => vec![("target", text(target))],
            RulesError::OutOfRange {
                target,
                distance_ft,
                range_ft,
            } => vec![
                ("target", text(target)),
                ("distance_ft", n(*distance_ft)),
                ("range_ft", n(*range_ft)),
            ],
            RulesError::TooManyTargets { max, given } => vec![
                ("max", n((*max).into())),
                ("given", n(u64::try_from(*given).unwrap_or(u64::MAX))),
            ],
            RulesError::NoUsesLeft { name: what, .. }
            | RulesError::FeatureAlreadyChosen { name: what }
            | RulesError::FeatureMissing { name: what } => vec![("name", text(what))],
            RulesError::UnknownFeature { id, .. } => vec![("id", text(id))],
            RulesError::FeatureLevelTooLow {
                name: what,
                class,
                needed,
                have,
                ..
            } => {
                let mut args = vec![
                    ("name", text(what)),
                    ("needed", n((*needed).into())),
                    ("have", n((*have).into())),
                ];
                if let Some(c) = class {
                    args.push(("class", Arg::Class(*c)));
                }
                args
            }
            RulesError::PrerequisiteMissing { name: what, needs } => {
                vec![("name", text(what)), ("needs", text(needs))]
            }
            RulesError::TooManyInvocations { max } | RulesError::TooManyMetamagic { max } => {
                vec![("max", n((*max).into()))]
            }
            RulesError::FeatureSpellNotAllowed { name: what, spell } => {
                vec![("name", text(what)), ("spell", name(spell))]
            }
            RulesError::FeatureVariantNeeded {
                name: what,
                options,
            } => {
                vec![("name", text(what)), ("options", text(options))]
            }
            RulesError::FreeCastCannotUpcast { name: what, level } => {
                vec![("name", text(what)), ("level", n((*level).into()))]
            }
            RulesError::SourceCannotCast {
                name: what, spell, ..
            } => vec![("name", text(what)), ("spell", name(spell))],
            RulesError::CastingUnfinished { spell, rounds_left } => {
                vec![("spell", name(spell)), ("rounds_left", n(*rounds_left))]
            }
            // An id, not a quantity: text keeps every digit of a u64.
            RulesError::UnknownEffect { id } => vec![("id", Text(id.to_string()))],
            RulesError::DamageTypeNotOffered { chosen, offered } => vec![
                ("chosen", Arg::Damage(*chosen)),
                ("offered", Arg::DamageList(offered.clone())),
            ],
            // `waiting` picks the words: a spell that waits names its
            // caster and itself, a bare trigger (a hit, a fall) its kind.
            RulesError::ReactionWindowOpen {
                caster,
                spell,
                trigger,
            } => vec![
                ("caster", text(caster)),
                ("spell", spell.as_ref().map_or_else(|| text(""), name)),
                ("trigger", Arg::Trigger(*trigger)),
                (
                    "waiting",
                    text(if spell.is_some() { "spell" } else { "trigger" }),
                ),
            ],
            RulesError::NotAnAnswer { spell, trigger } => {
                vec![("spell", name(spell)), ("trigger", Arg::Trigger(*trigger))]
            }
            RulesError::ReactionTargetNotSource {
                spell,
                target,
                source,
            } => vec![
                ("spell", name(spell)),
                ("target", text(target)),
                ("source", text(source)),
            ],
            RulesError::OwnTrigger { name: who, what } => {
                vec![("name", text(who)), ("what", text(what))]
            }
            RulesError::InvalidRequest { reason } => vec![("reason", Arg::Reason(reason.clone()))],
            RulesError::LongRestTooSoon {
                name: who,
                hours_left,
            } => {
                vec![("name", text(who)), ("hours_left", n(*hours_left))]
            }
            RulesError::LongRestInEncounter {
                name: who,
                encounter,
            } => vec![("name", text(who)), ("encounter", text(encounter))],
            RulesError::Resource(e) => e.args(),
            RulesError::Metamagic(e) => e.args(),
            RulesError::SubclassCast(e) => e.args(),
            RulesError::CantripTakesNoSlot
            | RulesError::OneSlotPerTurn
            | RulesError::Silenced
            | RulesError::NoFreeHand
            | RulesError::Incapacitated { .. }
            | RulesError::CannotTargetSelf
            | RulesError::NoConcentration
            | RulesError::NoCastingInProgress
            | RulesError::WildShapeNoCasting
            | RulesError::EmptyEncounter
            | RulesError::NoReactionWindow => Vec::new(),
        }
    }
}

impl std::fmt::Display for RulesError {
    /// The technical form: rule, code and arguments, in no language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(rule) = self.rule() {
            write!(f, "{rule}: ")?;
        }
        crate::message::write_coded(f, self.code(), &self.args())
    }
}

// The refusals of single features, each in a module beneath this one.

impl From<MetamagicError> for RulesError {
    fn from(e: MetamagicError) -> Self {
        RulesError::Metamagic(e)
    }
}

impl From<ResourceError> for RulesError {
    fn from(e: ResourceError) -> Self {
        RulesError::Resource(e)
    }
}

impl From<SubclassCastError> for RulesError {
    fn from(e: SubclassCastError) -> Self {
        RulesError::SubclassCast(e)
    }
}

impl std::error::Error for RulesError {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Fails unless every code is snake_case and none repeats.
    pub(crate) fn assert_unique_snake_case(mut codes: Vec<&str>) {
        assert!(
            codes
                .iter()
                .all(|c| c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        );
        let count = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), count, "codes are unique");
    }

    #[test]
    fn every_code_is_unique_snake_case_and_every_rule_is_cited() {
        let all = RulesError::one_of_each();
        assert_unique_snake_case(all.iter().map(RulesError::code).collect());
        for e in &all {
            let shown = e.to_string();
            assert!(shown.contains(e.code()), "{shown}");
            if let Some(rule) = e.rule() {
                assert!(shown.starts_with(&format!("{rule}: ")), "{shown}");
            }
            let mut names: Vec<&str> = e.args().iter().map(|(k, _)| *k).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(
                names.len(),
                e.args().len(),
                "{shown}: argument names repeat"
            );
        }
    }

    #[test]
    fn codes_rules_and_arguments_agree() {
        let e = RulesError::OneSlotPerTurn;
        assert_eq!(e.code(), "one_slot_per_turn");
        assert_eq!(e.rule(), Some("R10"));
        assert_eq!(e.to_string(), "R10: one_slot_per_turn");
        let e = RulesError::Incapacitated { rule: "R15" };
        assert_eq!(e.rule(), Some("R15"));
        let e = RulesError::NoSuchSlot {
            level: 4,
            highest: 2,
        };
        assert_eq!(
            e.args(),
            vec![("level", Arg::Number(4)), ("highest", Arg::Number(2))]
        );
        assert_eq!(e.to_string(), "R2: no_such_slot (level=4, highest=2)");
    }
}
