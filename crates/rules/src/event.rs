//! State-change events: what every accepted action returns, and the only way
//! a [`Caster`] changes. Storage logs them; [`Caster::apply`] replays them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::class_resources::ClassFeature;
use crate::condition::Condition;
use crate::economy::ActionKind;
use crate::effect::Bonus;
use crate::level::{SlotLevel, SpellLevel};
use crate::note::Note;
use crate::request::CastRequest;
use crate::resources::{Equipment, LimitedUse, MagicItem};
use crate::spell::SpellId;
use crate::state::extra_spell::ExtraSpell;
use crate::vitals::Vitals;

/// Identifies one ongoing spell of a caster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EffectId(pub u64);

impl EffectId {
    /// Stands for a long casting in progress when it holds Concentration (R12).
    pub const LONG_CAST: EffectId = EffectId(0);
}

impl fmt::Display for EffectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A spell with a duration that is in effect (R15, R21, R22).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OngoingSpell {
    /// Its id.
    pub id: EffectId,
    /// Which spell.
    pub spell: SpellId,
    /// Its English name.
    pub name: String,
    /// The level it was cast at (R6).
    pub level: SpellLevel,
    /// Who cast it.
    pub caster: String,
    /// Who it affects (names).
    pub targets: Vec<String>,
    /// Bonuses it grants its targets.
    pub bonuses: Vec<Bonus>,
    /// Conditions it imposes.
    pub conditions: Vec<Condition>,
    /// Extra damage its caster deals to its targets on each hit (Hex).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rider: Vec<crate::effect::Damage>,
    /// Damage it deals its targets at the start or end of their turns,
    /// grown to the level it was cast at (R6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub each_turn: Vec<crate::effect::TurnDamage>,
    /// The caster's save DC when it was cast, for the saves against
    /// `each_turn` (R19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_dc: Option<i32>,
    /// Whether it needs Concentration.
    pub concentration: bool,
    /// Whether the caster may dismiss it (time spans, R15).
    pub dismissible: bool,
    /// Whether the caster may move it to a new target (Hex, Hunter's Mark).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub movable: bool,
    /// When it started, in the caster's rounds.
    pub started_at: u64,
    /// When it ends by itself; `None` if it lasts until dispelled or
    /// until the caster's next turn.
    pub expires_at: Option<u64>,
    /// It ends when the caster's next turn starts (Shield), see
    /// [`crate::Duration::UntilNextTurn`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub until_next_turn: bool,
    /// Cast as an Extended Spell (Metamagic): its caster has Advantage on
    /// the saves that keep its Concentration.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extended: bool,
    /// Attack rolls against its targets have Advantage, and they cannot
    /// benefit from Invisible (Faerie Fire).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacked_with_advantage: bool,
}

/// A casting of 1 minute or more under way (R12).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LongCast {
    /// The spell.
    pub spell: SpellId,
    /// Its name.
    pub name: String,
    /// The request it will complete with (boxed: inline it would make
    /// every [`Event`] and every [`Caster`] larger by its size).
    pub request: Box<CastRequest>,
    /// The class it is cast with.
    pub class: Option<Class>,
    /// Rounds the casting takes in all.
    pub rounds_needed: u64,
    /// Rounds spent so far.
    pub rounds_done: u64,
}

/// Why a spell or concentration ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Its duration ran out (R15).
    Expired,
    /// The caster dismissed it (R15).
    Dismissed,
    /// A new Concentration spell replaced it.
    Replaced,
    /// A failed Constitution save after damage.
    FailedSave,
    /// The caster became Incapacitated.
    Incapacitated,
    /// The caster chose to stop concentrating.
    Dropped,
    /// Concentration on it ended, so it ended.
    ConcentrationEnded,
    /// A long casting finished and the spell took effect (R12).
    Completed,
    /// Its target made the save that ends it (Searing Smite's burning).
    TargetSaved,
}

/// One state change. Applying a list of events to the caster they came from
/// gives the new state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Part of the turn was used (R9).
    ActionUsed {
        /// Which part.
        action: ActionKind,
    },
    /// A spell slot was expended (R3); marks the turn's slot (R10) unless off-turn.
    SlotExpended {
        /// Its level.
        level: SlotLevel,
        /// Whether it was a pact slot.
        pact: bool,
        /// Cast outside the caster's own turn (a Reaction), so R10 does not count it.
        off_turn: bool,
    },
    /// A Mystic Arcanum was used.
    ArcanumUsed {
        /// Its level.
        level: SlotLevel,
    },
    /// A feature use was spent (R5c).
    FeatureUsed {
        /// The feature.
        name: String,
    },
    /// An item charge was spent (R5d); a scroll is then removed.
    ItemUsed {
        /// The item.
        name: String,
    },
    /// A consumed material component was used up (R14c).
    MaterialConsumed {
        /// The spell's material text; the first carried material matching it goes.
        material: String,
    },
    /// Concentration began.
    ConcentrationStarted {
        /// The ongoing spell.
        effect: EffectId,
        /// The spell.
        spell: SpellId,
    },
    /// Concentration ended.
    ConcentrationEnded {
        /// The ongoing spell.
        effect: EffectId,
        /// The spell.
        spell: SpellId,
        /// Why.
        reason: EndReason,
    },
    /// A spell with a duration took effect.
    SpellStarted {
        /// The spell in effect.
        ongoing: OngoingSpell,
    },
    /// A spell in effect ended.
    SpellEnded {
        /// Its id.
        effect: EffectId,
        /// The spell.
        spell: SpellId,
        /// Why.
        reason: EndReason,
    },
    /// A long casting began (R12).
    LongCastStarted {
        /// The casting.
        casting: LongCast,
    },
    /// Time went into a long casting.
    LongCastProgressed {
        /// Rounds added.
        rounds: u64,
    },
    /// A long casting ended: completed, or failed with no slot spent (R12).
    LongCastEnded {
        /// The spell.
        spell: SpellId,
        /// Whether it completed.
        completed: bool,
    },
    /// A condition was gained.
    ConditionAdded {
        /// Which.
        condition: Condition,
    },
    /// A condition was lost.
    ConditionRemoved {
        /// Which.
        condition: Condition,
    },
    /// Silence changed (R14a).
    SilenceChanged {
        /// The caster itself cannot speak.
        silenced: bool,
        /// The caster is in an area of magical silence.
        magical_silence: bool,
    },
    /// Equipment changed (R14).
    EquipmentChanged {
        /// The new equipment.
        equipment: Equipment,
    },
    /// A weapon attack was made within the Attack action (Extra Attack
    /// counts them); a hit is kept for the spells it triggers.
    WeaponAttacked {
        /// The hit, or `None` for a miss.
        hit: Option<crate::economy::WeaponHit>,
    },
    /// Eldritch Smite was used on a hit (once a turn).
    EldritchSmiteUsed,
    /// The caster's turn ended (or a new one began): the turn's economy resets.
    TurnEnded,
    /// The caster's turn began in an encounter: the economy resets, Reaction included.
    TurnStarted,
    /// Game time passed.
    TimeAdvanced {
        /// Rounds.
        rounds: u64,
    },
    /// A Short Rest finished: pact slots and short-rest uses return.
    ShortRestFinished,
    /// A Long Rest finished: every slot and use returns (R4).
    LongRestFinished,
    /// A spell was prepared.
    SpellPrepared {
        /// The spell.
        spell: SpellId,
    },
    /// A spell was unprepared.
    SpellUnprepared {
        /// The spell.
        spell: SpellId,
    },
    /// A cantrip was learned.
    CantripLearned {
        /// The cantrip.
        spell: SpellId,
    },
    /// A feature put a spell on the caster's list (R8).
    ExtraSpellAdded {
        /// The addition.
        extra: ExtraSpell,
    },
    /// A spell kept prepared by a feature was taken off the caster's
    /// lists (`unprepare`).
    AlwaysPreparedRemoved {
        /// The spell.
        spell: SpellId,
    },
    /// A limited-use feature was gained (R5c).
    FeatureAdded {
        /// The feature.
        feature: LimitedUse,
    },
    /// A class feature, subclass, feat or invocation was chosen or gained.
    FeaturePicked {
        /// What was picked.
        pick: crate::state::pick::Pick,
    },
    /// Boon of Spell Recall kept the slot a cast just expended (its d4
    /// showed the slot's level): the slot is back, R10 still counts it.
    SlotKept {
        /// Its level.
        level: SlotLevel,
        /// Whether it was a pact slot.
        pact: bool,
    },
    /// A feature waits this many Long Rests before its uses come back
    /// (Greater Divine Intervention's Wish).
    FeatureLocked {
        /// The feature.
        name: String,
        /// The Long Rests to finish.
        rests: u8,
    },
    /// A Druid went into Wild Shape or came out of it.
    WildShapeChanged {
        /// Whether it is in Wild Shape now.
        on: bool,
    },
    /// A magic item was gained (R5d).
    ItemAdded {
        /// The item.
        item: MagicItem,
    },
    /// A Constitution save to keep Concentration was rolled (record only).
    ConcentrationSave {
        /// The DC: max(10, half the damage), at most 30.
        dc: i32,
        /// The save total.
        total: i64,
        /// Whether it succeeded.
        success: bool,
    },
    /// A spell in effect was moved to new targets (Hex, Hunter's Mark).
    SpellMoved {
        /// Its id.
        effect: EffectId,
        /// The spell.
        spell: SpellId,
        /// Its targets now.
        targets: Vec<String>,
    },
    /// A spell was copied into the Wizard's spellbook.
    SpellCopied {
        /// The spell.
        spell: SpellId,
    },
    /// Hit points and Armor Class were recorded or corrected.
    VitalsSet {
        /// The new values.
        vitals: Vitals,
    },
    /// Damage, healing or temporary hit points changed the hit points.
    HitPointsChanged {
        /// Current hit points afterwards.
        hp: u32,
        /// Temporary hit points afterwards.
        temp_hp: u32,
    },
    /// Death saves changed at 0 hit points: a save rolled, damage at 0,
    /// massive damage, Stable (2024 Death Saving Throws).
    DeathSavesChanged {
        /// The counts afterwards.
        death: crate::state::death_saves::DeathSaves,
    },
    /// The Exhaustion level changed (2024): the condition lasts while it
    /// is above 0.
    ExhaustionChanged {
        /// The level afterwards, 0 to 6.
        level: u8,
    },
    /// The character advanced (issue 34): its class levels and ability
    /// scores now; with recorded hit points, the new maximum and current.
    Advanced {
        /// Every class and its level.
        classes: Vec<(crate::class::Class, u8)>,
        /// The ability scores.
        abilities: crate::abilities::AbilityScores,
        /// The hit point maximum afterwards, when recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_hp: Option<u32>,
        /// Current hit points afterwards, when recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hp: Option<u32>,
        /// Each Hit Die rolled for a level gained, in the order rolled
        /// (class order, lowest new level first); none when the levels
        /// took the fixed value.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<crate::state::level_hit_points::LevelHitPoints>,
    },
    /// Hit Point Dice were spent (a Short Rest, 2024).
    HitDiceSpent {
        /// Every die spent since the last Long Rest, afterwards.
        spent: crate::state::hit_dice::HitDice,
    },
    /// Font of Magic turned a slot into Sorcery Points equal to its level
    /// (no action; not a casting, so R10 does not count it).
    SlotToPoints {
        /// The slot's level.
        level: SlotLevel,
        /// Whether it was a Pact slot.
        pact: bool,
    },
    /// Font of Magic turned Sorcery Points into a slot, gone on a Long Rest.
    SlotCreated {
        /// The slot's level.
        level: SlotLevel,
        /// The points it cost.
        points: u8,
    },
    /// Sorcery Points were spent (Metamagic and other uses).
    SorceryPointsSpent {
        /// How many.
        points: u8,
        /// On what (a Metamagic option's id).
        what: String,
    },
    /// An Evoker used Overchannel (its necrotic cost, if any, follows as
    /// hit point events).
    OverchannelUsed,
    /// A spell was cast with Metamagic (its points are a
    /// [`Event::SorceryPointsSpent`] of their own).
    MetamagicUsed {
        /// The options, in the order used.
        options: Vec<crate::metamagic::Metamagic>,
    },
    /// Sorcerous Restoration brought Sorcery Points back.
    SorceryPointsRegained {
        /// How many.
        points: u8,
    },
    /// Innate Sorcery started: a use spent, or Sorcery Points (Sorcery
    /// Incarnate) when `points` is above 0.
    InnateSorceryStarted {
        /// The round it ends, on the caster's clock.
        until: u64,
        /// Sorcery Points paid instead of a use.
        points: u8,
    },
    /// Arcane Recovery (or Natural Recovery) brought expended slots back.
    SlotsRecovered {
        /// Their levels.
        levels: Vec<SlotLevel>,
        /// The feature that brought them; Arcane Recovery in logs written
        /// before Natural Recovery existed.
        #[serde(
            default = "arcane_recovery",
            skip_serializing_if = "is_arcane_recovery"
        )]
        by: ClassFeature,
    },
    /// Magical Cunning brought expended Pact slots back.
    PactSlotsRecovered {
        /// How many.
        count: u8,
    },
}

/// The feature an older `SlotsRecovered` event came from.
fn arcane_recovery() -> ClassFeature {
    ClassFeature::ArcaneRecovery
}

/// Whether a `SlotsRecovered` event came from Arcane Recovery (left out
/// of the stored event, as logs wrote it before).
fn is_arcane_recovery(feature: &ClassFeature) -> bool {
    *feature == ClassFeature::ArcaneRecovery
}

/// Events for an accepted action, with notes for the player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Outcome {
    /// The state changes, in order.
    pub events: Vec<Event>,
    /// Notes for the player, as codes with values (words in
    /// `grimoire-words`).
    pub notes: Vec<Note>,
}

impl Outcome {
    /// Adds `more`'s events and notes after this outcome's own.
    pub fn append(&mut self, mut more: Outcome) {
        self.events.append(&mut more.events);
        self.notes.append(&mut more.notes);
    }
}
