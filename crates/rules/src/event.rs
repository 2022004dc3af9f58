//! State-change events: what every accepted action returns, and the only way
//! a [`Caster`] changes. Storage logs them; [`Caster::apply`] replays them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::caster::{Caster, Concentration, ExtraSpell};
use crate::class::Class;
use crate::class_resources::ClassFeature;
use crate::condition::Condition;
use crate::economy::{ActionKind, TurnEconomy};
use crate::effect::Bonus;
use crate::level::{SlotLevel, SpellLevel};
use crate::request::CastRequest;
use crate::resources::{Equipment, LimitedUse, MagicItem, Recharge};
use crate::shared::Shared;
use crate::spell::SpellId;
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
    pub each_turn: Vec<crate::turn_damage::TurnDamage>,
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
        pick: crate::feature::Pick,
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
        death: crate::dying::DeathSaves,
    },
    /// The Exhaustion level changed (2024): the condition lasts while it
    /// is above 0.
    ExhaustionChanged {
        /// The level afterwards, 0 to 6.
        level: u8,
    },
    /// Hit Point Dice were spent (a Short Rest, 2024).
    HitDiceSpent {
        /// Every die spent since the last Long Rest, afterwards.
        spent: crate::hit_dice::HitDice,
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

impl Caster {
    /// Applies one event. Events are facts already checked by the rules, so
    /// applying never fails; counters saturate instead of going negative.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::ActionUsed { action } => self.turn.spend(*action),
            Event::WeaponAttacked { hit } => {
                self.turn.attacks_made = self.turn.attacks_made.saturating_add(1);
                self.turn.last_hit.clone_from(hit);
            }
            Event::EldritchSmiteUsed => self.turn.eldritch_smite = true,
            Event::SlotExpended {
                level,
                pact,
                off_turn,
            } => {
                if *pact {
                    if let Some(p) = self.pact.as_mut() {
                        p.expend();
                    }
                } else {
                    self.slots.expend(*level);
                }
                if !off_turn {
                    self.turn.slot_spent = true;
                    self.turn.leveled_spell = true;
                }
            }
            Event::ArcanumUsed { level } => {
                if let Some(a) = self.arcanum.iter_mut().find(|a| a.level == *level) {
                    a.used = true;
                }
                self.turn.leveled_spell = true;
            }
            Event::FeatureUsed { name } => {
                if let Some(f) = self.features.iter_mut().find(|f| &f.name == name) {
                    f.spend();
                }
                self.turn.leveled_spell = true;
            }
            Event::OverchannelUsed => {
                self.resources.overchannel_uses = self.resources.overchannel_uses.saturating_add(1);
            }
            Event::MetamagicUsed { options } => {
                if options.contains(&crate::metamagic::Metamagic::Quickened) {
                    self.turn.quickened = true;
                }
            }
            Event::ItemUsed { name } => {
                self.turn.leveled_spell = true;
                if let Some(pos) = self.items.iter().position(|i| &i.name == name) {
                    self.items[pos].spend();
                    if self.items[pos].consumed_when_empty && self.items[pos].charges() == 0 {
                        self.items.remove(pos);
                    }
                }
            }
            Event::MaterialConsumed { material } => {
                // The exact entry used; older events named the spell's text.
                let exact = self.equipment.materials.iter().position(|m| m == material);
                if let Some(i) = exact.or_else(|| self.equipment.material_index(material)) {
                    self.equipment.materials.remove(i);
                }
            }
            Event::ConcentrationStarted { effect, spell } => {
                self.concentration = Some(Concentration {
                    effect: *effect,
                    spell: spell.clone(),
                });
            }
            Event::ConcentrationEnded { effect, .. } => {
                if self
                    .concentration
                    .as_ref()
                    .is_some_and(|c| c.effect == *effect)
                {
                    self.concentration = None;
                }
            }
            Event::SpellStarted { ongoing } => {
                self.next_effect = self.next_effect.max(ongoing.id.0.saturating_add(1));
                self.ongoing.push(ongoing.clone());
            }
            Event::SpellEnded { effect, .. } => self.ongoing.retain(|o| o.id != *effect),
            Event::LongCastStarted { casting } => self.long_cast = Some(casting.clone()),
            Event::LongCastProgressed { rounds } => {
                if let Some(lc) = self.long_cast.as_mut() {
                    lc.rounds_done = lc.rounds_done.saturating_add(*rounds).min(lc.rounds_needed);
                }
            }
            Event::LongCastEnded { .. } => self.long_cast = None,
            Event::VitalsSet { vitals } => self.vitals = Some(*vitals),
            Event::SpellMoved {
                effect, targets, ..
            } => {
                if let Some(o) = self.ongoing.iter_mut().find(|o| o.id == *effect) {
                    o.targets.clone_from(targets);
                }
            }
            Event::SpellCopied { spell } => {
                self.spellbook
                    .get_or_insert_with(Shared::default)
                    .make_mut()
                    .insert(spell.clone());
            }
            Event::HitPointsChanged { hp, temp_hp } => {
                if let Some(v) = self.vitals.as_mut() {
                    v.hp = (*hp).min(v.max_hp);
                    v.temp_hp = *temp_hp;
                    // Any hit point regained ends the dying.
                    if v.hp > 0 {
                        v.death = crate::dying::DeathSaves::default();
                    }
                }
            }
            Event::DeathSavesChanged { death } => {
                if let Some(v) = self.vitals.as_mut() {
                    v.death = *death;
                }
            }
            Event::ExhaustionChanged { level } => {
                self.exhaustion = *level;
                if *level > 0 {
                    self.conditions.insert(Condition::Exhaustion);
                } else {
                    self.conditions.remove(&Condition::Exhaustion);
                }
            }
            Event::HitDiceSpent { spent } => {
                if let Some(v) = self.vitals.as_mut() {
                    v.hit_dice_spent = *spent;
                }
            }
            Event::ConditionAdded { condition } => {
                self.conditions.insert(*condition);
            }
            Event::ConditionRemoved { condition } => {
                self.conditions.remove(condition);
                if *condition == Condition::Exhaustion {
                    self.exhaustion = 0;
                }
            }
            Event::SilenceChanged {
                silenced,
                magical_silence,
            } => {
                self.silenced = *silenced;
                self.in_magical_silence = *magical_silence;
            }
            Event::EquipmentChanged { equipment } => self.equipment = equipment.clone(),
            Event::TurnEnded | Event::TurnStarted => self.turn = TurnEconomy::default(),
            Event::TimeAdvanced { rounds } => self.now = self.now.saturating_add(*rounds),
            Event::ShortRestFinished => {
                if let Some(p) = self.pact.as_mut() {
                    p.restore_all();
                }
                for f in self
                    .features
                    .iter_mut()
                    .filter(|f| f.recharge == Recharge::ShortRest)
                {
                    f.restore();
                }
                for f in self.features.iter_mut().filter(|f| f.short_rest_one) {
                    f.regain_one();
                }
                for i in self
                    .items
                    .iter_mut()
                    .filter(|i| i.recharge == Recharge::ShortRest)
                {
                    i.restore();
                }
            }
            Event::LongRestFinished => {
                self.last_long_rest = Some(self.now);
                // A Long Rest takes off one Exhaustion level (2024).
                let level = self.exhaustion_level().saturating_sub(1);
                self.exhaustion = level;
                if level == 0 {
                    self.conditions.remove(&Condition::Exhaustion);
                }
                self.vitals = self.vitals.map(Vitals::rested);
                // Created slots vanish; points, uses and once-per-rest
                // features come back.
                self.slots.restore_all();
                self.resources = crate::class_resources::ClassResources::default();
                if let Some(p) = self.pact.as_mut() {
                    p.restore_all();
                }
                for a in &mut self.arcanum {
                    a.used = false;
                }
                for f in self
                    .features
                    .iter_mut()
                    .filter(|f| f.recharge != Recharge::Never)
                {
                    f.long_rest();
                }
                for i in self
                    .items
                    .iter_mut()
                    .filter(|i| i.recharge != Recharge::Never)
                {
                    i.restore();
                }
            }
            Event::SpellPrepared { spell } => {
                self.prepared.make_mut().insert(spell.clone());
            }
            Event::SpellUnprepared { spell } => {
                if self.prepared.contains(spell) {
                    self.prepared.make_mut().remove(spell);
                }
            }
            Event::CantripLearned { spell } => {
                self.cantrips.make_mut().insert(spell.clone());
            }
            Event::ExtraSpellAdded { extra } => {
                if !self.extra_spells.contains(extra) {
                    self.extra_spells.push(extra.clone());
                }
            }
            Event::AlwaysPreparedRemoved { spell } => {
                self.extra_spells
                    .retain(|e| !(e.always_prepared && &e.spell == spell));
            }
            Event::FeatureAdded { feature } => {
                self.features.retain(|f| f.name != feature.name);
                self.features.push(feature.clone());
            }
            Event::FeaturePicked { pick } => {
                self.picks
                    .retain(|p| !(p.id == pick.id && p.variant == pick.variant));
                self.picks.push(pick.clone());
            }
            Event::WildShapeChanged { on } => self.wild_shape = *on,
            Event::FeatureLocked { name, rests } => {
                if let Some(f) = self.features.iter_mut().find(|f| &f.name == name) {
                    f.locked_rests = *rests;
                }
            }
            Event::SlotKept { level, pact } => {
                if *pact {
                    if let Some(p) = self.pact.as_mut() {
                        p.recover(1);
                    }
                } else {
                    self.slots.recover(*level);
                }
            }
            Event::ItemAdded { item } => {
                self.items.retain(|i| i.name != item.name);
                self.items.push(item.clone());
            }
            Event::ConcentrationSave { .. } => {}
            Event::SlotToPoints { .. }
            | Event::SlotCreated { .. }
            | Event::SorceryPointsSpent { .. }
            | Event::SorceryPointsRegained { .. }
            | Event::InnateSorceryStarted { .. }
            | Event::SlotsRecovered { .. }
            | Event::PactSlotsRecovered { .. } => self.apply_resource(event),
        }
    }

    /// Applies events in order.
    pub fn apply_all<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) {
        for event in events {
            self.apply(event);
        }
    }
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
