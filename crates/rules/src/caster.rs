//! The caster's whole state: classes, slots, spells, resources, equipment,
//! conditions, concentration, ongoing spells and the current turn.
//!
//! Fields are private: state changes only through [`Event`]s applied with
//! [`Caster::apply`], so a log of events rebuilds the same caster.

use std::collections::BTreeSet;

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::abilities::{AbilityScores, proficiency_bonus};
use crate::class::{Ability, Class};
use crate::condition::Condition;
use crate::economy::TurnEconomy;
use crate::error::RulesError;
use crate::error::SpellName;
use crate::event::{EffectId, LongCast, OngoingSpell};
use crate::level::{SlotLevel, SpellLevel};
use crate::resources::{Equipment, LimitedUse, MagicItem};
use crate::shared::Shared;
use crate::slots::{PactSlots, SlotPool, arcanum_levels, slots_for_classes};
use crate::spell::{Spell, SpellId};
use crate::state::extra_spell::ExtraSpell;
use crate::target::TargetStats;
use crate::vitals::Vitals;

/// One Mystic Arcanum: a spell level castable once per Long Rest without a slot.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Arcanum {
    /// Its level (6–9).
    pub level: SlotLevel,
    /// Whether it was used since the last Long Rest.
    pub used: bool,
}

/// The concentration a caster keeps up.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Concentration {
    /// The ongoing spell (or [`EffectId::LONG_CAST`] for a long casting).
    pub effect: EffectId,
    /// Which spell.
    pub spell: SpellId,
}

/// A spellcaster's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caster {
    /// Inline up to 24 bytes (every usual name), so a copy of the state made
    /// to apply a cast's events does not allocate for it; serialised as a
    /// plain string.
    name: CompactString,
    /// Inline up to three classes, for the same reason; serialised as a list.
    classes: SmallVec<[(Class, u8); 3]>,
    abilities: AbilityScores,
    pub(crate) slots: SlotPool,
    pub(crate) pact: Option<PactSlots>,
    pub(crate) arcanum: Vec<Arcanum>,
    pub(crate) prepared: Shared<BTreeSet<SpellId>>,
    pub(crate) cantrips: Shared<BTreeSet<SpellId>>,
    pub(crate) extra_spells: Vec<ExtraSpell>,
    pub(crate) features: Vec<LimitedUse>,
    pub(crate) items: Vec<MagicItem>,
    pub(crate) equipment: Equipment,
    pub(crate) conditions: BTreeSet<Condition>,
    pub(crate) silenced: bool,
    pub(crate) in_magical_silence: bool,
    pub(crate) concentration: Option<Concentration>,
    pub(crate) ongoing: Vec<OngoingSpell>,
    pub(crate) turn: TurnEconomy,
    pub(crate) long_cast: Option<LongCast>,
    pub(crate) now: u64,
    pub(crate) next_effect: u64,
    /// Hit points and Armor Class, once the player records them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) vitals: Option<Vitals>,
    /// A Wizard's spellbook, once one is kept (the first spell copied
    /// into it): then a Wizard prepares only from it, and casts its Ritual
    /// spells from it without preparing them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) spellbook: Option<Shared<BTreeSet<SpellId>>>,
    /// A creature's stat-block Spellcasting (no class), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) block: Option<crate::state::stat_block::StatBlockCasting>,
    /// When (on [`Caster::now`]'s clock) the last Long Rest finished, so
    /// the next one waits its 16 hours (R4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) last_long_rest: Option<u64>,
    /// Exhaustion levels (2024: 1 to 6) while the Exhaustion condition
    /// lasts; 0 on older sheets, read as 1 when the condition is there.
    #[serde(default, skip_serializing_if = "crate::state::is_zero")]
    pub(crate) exhaustion: u8,
    /// Class resources spent since the last Long Rest (Sorcery Points,
    /// Arcane Recovery...): see [`crate::class_resources::ClassResources`].
    #[serde(
        default,
        skip_serializing_if = "crate::class_resources::ClassResources::is_fresh"
    )]
    pub(crate) resources: crate::class_resources::ClassResources,
    /// Class features, subclasses, feats and invocations it has (issue 33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) picks: Vec<crate::state::pick::Pick>,
    /// Whether a Druid is in Wild Shape: no spells, Concentration kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) wild_shape: bool,
}

impl Caster {
    /// A caster with full slots. Class levels 1..=20 each, at most 20 in
    /// all, each class once; scores are validated by [`AbilityScores`].
    pub fn new(
        name: impl Into<String>,
        classes: &[(Class, u8)],
        abilities: AbilityScores,
    ) -> Result<Caster, RulesError> {
        if classes.is_empty() {
            return Err(RulesError::InvalidCharacterLevel { total: 0 });
        }
        let mut seen = BTreeSet::new();
        for &(class, level) in classes {
            if !(1..=20).contains(&level) {
                return Err(RulesError::InvalidClassLevel { class, level });
            }
            if !seen.insert(class) {
                return Err(RulesError::DuplicateClass { class });
            }
        }
        let total: u32 = classes.iter().map(|(_, l)| u32::from(*l)).sum();
        if total > 20 {
            return Err(RulesError::InvalidCharacterLevel { total });
        }
        let warlock = classes
            .iter()
            .find(|(c, _)| *c == Class::Warlock)
            .map(|(_, l)| *l)
            .unwrap_or(0);
        Ok(Caster {
            classes: SmallVec::from_slice(classes),
            slots: SlotPool::new(slots_for_classes(classes)),
            pact: PactSlots::for_level(warlock),
            arcanum: arcanum_levels(warlock)
                .into_iter()
                .map(|level| Arcanum { level, used: false })
                .collect(),
            ..Caster::classless(name, abilities)
        })
    }

    /// A caster with no class and no slots: the start of a stat-block
    /// creature (see [`Caster::from_stat_block`]).
    pub(crate) fn classless(name: impl Into<String>, abilities: AbilityScores) -> Caster {
        Caster {
            name: CompactString::from(name.into()),
            classes: SmallVec::new(),
            abilities,
            slots: SlotPool::new([0; 9]),
            pact: None,
            arcanum: Vec::new(),
            prepared: Shared::default(),
            cantrips: Shared::default(),
            extra_spells: Vec::new(),
            features: Vec::new(),
            items: Vec::new(),
            equipment: Equipment::default(),
            conditions: BTreeSet::new(),
            silenced: false,
            in_magical_silence: false,
            concentration: None,
            ongoing: Vec::new(),
            turn: TurnEconomy::default(),
            long_cast: None,
            now: 0,
            next_effect: 1,
            vitals: None,
            spellbook: None,
            block: None,
            last_long_rest: None,
            exhaustion: 0,
            resources: crate::class_resources::ClassResources::default(),
            picks: Vec::new(),
            wild_shape: false,
        }
    }

    /// Sets class levels and scores (an advance, see `advance`).
    pub(crate) fn set_levels(&mut self, classes: &[(Class, u8)], abilities: AbilityScores) {
        self.classes = SmallVec::from_slice(classes);
        self.abilities = abilities;
    }

    /// The stat-block Spellcasting of a creature, `None` for a character.
    pub fn stat_block(&self) -> Option<&crate::state::stat_block::StatBlockCasting> {
        self.block.as_ref()
    }

    /// The caster's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Class levels.
    pub fn classes(&self) -> &[(Class, u8)] {
        &self.classes
    }

    /// Level in one class (0 if none).
    pub fn class_level(&self, class: Class) -> u8 {
        self.classes
            .iter()
            .find(|(c, _)| *c == class)
            .map(|(_, l)| *l)
            .unwrap_or(0)
    }

    /// Total character level.
    pub fn level(&self) -> u8 {
        self.classes.iter().map(|(_, l)| *l).sum()
    }

    /// The level its cantrips grow with: its character level, or for a
    /// stat-block creature the level its block gives them.
    pub fn cantrip_level(&self) -> u8 {
        match &self.block {
            Some(b) if self.classes.is_empty() => b.cantrip_level,
            _ => self.level(),
        }
    }

    /// Ability scores.
    pub fn abilities(&self) -> &AbilityScores {
        &self.abilities
    }

    /// Proficiency bonus for the character level.
    pub fn proficiency_bonus(&self) -> u8 {
        proficiency_bonus(self.level())
    }

    /// Regular spell slots.
    pub fn slots(&self) -> &SlotPool {
        &self.slots
    }

    /// Warlock pact slots, if any.
    pub fn pact_slots(&self) -> Option<&PactSlots> {
        self.pact.as_ref()
    }

    /// Mystic Arcanum uses.
    pub fn arcanum(&self) -> &[Arcanum] {
        &self.arcanum
    }

    /// Slots left of exactly `level`, regular and pact together.
    pub fn slots_remaining(&self, level: SlotLevel) -> u8 {
        let pact = self
            .pact
            .as_ref()
            .filter(|p| p.level() == level)
            .map(|p| p.remaining())
            .unwrap_or(0);
        self.slots.available(level) + pact
    }

    /// The highest spell level the caster can cast: its highest slot, pact
    /// slot or Mystic Arcanum (R1, R2).
    pub fn max_spell_level(&self) -> SpellLevel {
        let regular = SlotLevel::ALL
            .iter()
            .rev()
            .find(|l| self.slots.total(**l) > 0)
            .copied();
        let pact = self.pact.as_ref().map(|p| p.level());
        let arcanum = self.arcanum.iter().map(|a| a.level).max();
        [regular, pact, arcanum]
            .into_iter()
            .flatten()
            .max()
            .map(SpellLevel::from)
            .unwrap_or(SpellLevel::CANTRIP)
    }

    /// Prepared spells.
    pub fn prepared(&self) -> &BTreeSet<SpellId> {
        &self.prepared
    }

    /// Known cantrips.
    pub fn cantrips(&self) -> &BTreeSet<SpellId> {
        &self.cantrips
    }

    /// Spells added to the caster's lists by features (R8).
    pub fn extra_spells(&self) -> &[ExtraSpell] {
        &self.extra_spells
    }

    /// Limited-use features (R5c).
    pub fn features(&self) -> &[LimitedUse] {
        &self.features
    }

    /// Class features, subclasses, feats and invocations it has.
    pub fn picks(&self) -> &[crate::state::pick::Pick] {
        &self.picks
    }

    /// Whether it is in Wild Shape (no spells; Concentration kept).
    pub fn in_wild_shape(&self) -> bool {
        self.wild_shape
    }

    /// Magic items (R5d).
    pub fn items(&self) -> &[MagicItem] {
        &self.items
    }

    /// Equipment (R14).
    pub fn equipment(&self) -> &Equipment {
        &self.equipment
    }

    /// The spellbook's spells, when the caster keeps one (a Wizard).
    pub fn spellbook(&self) -> Option<&BTreeSet<SpellId>> {
        self.spellbook.as_deref()
    }

    /// Whether the spell is in the caster's spellbook.
    pub fn in_spellbook(&self, id: &SpellId) -> bool {
        self.spellbook.as_ref().is_some_and(|b| b.contains(id))
    }

    /// Hit points and Armor Class, when recorded.
    pub fn vitals(&self) -> Option<Vitals> {
        self.vitals
    }

    /// Armor Class without armor or a shield: 10 + the Dexterity modifier
    /// (SRD 5.2), and the Charisma modifier too with Draconic Resilience
    /// (Draconic Sorcery, Sorcerer 3); what a sheet records when hit
    /// points come without an AC.
    pub fn unarmored_ac(&self) -> u8 {
        let mut ac = 10 + i32::from(self.modifier(Ability::Dexterity));
        if self.has_draconic_resilience() {
            ac += i32::from(self.modifier(Ability::Charisma));
        }
        u8::try_from(ac.clamp(1, i32::from(crate::vitals::MAX_ARMOR_CLASS))).unwrap_or(10)
    }

    /// What a spell aimed at this caster meets: its Armor Class and hit
    /// points (temporary ones too) when recorded, its saving throws (proficiency included)
    /// and the damage types its features resist ([`Caster::defenses`]).
    pub fn as_target(&self) -> TargetStats {
        TargetStats {
            ac: self.vitals.map(|v| i32::from(v.ac)),
            hp: self.vitals.map(|v| i32::try_from(v.hp).unwrap_or(i32::MAX)),
            temp_hp: self
                .vitals
                .filter(|v| v.temp_hp > 0)
                .map(|v| i32::try_from(v.temp_hp).unwrap_or(i32::MAX)),
            max_hp: self
                .vitals
                .map(|v| i32::try_from(v.max_hp).unwrap_or(i32::MAX)),
            saves: Ability::ALL
                .iter()
                .map(|&a| (a, self.save_bonus(a)))
                .collect(),
            defenses: self.defenses(),
            ..TargetStats::default()
        }
    }

    /// Conditions.
    pub fn conditions(&self) -> &BTreeSet<Condition> {
        &self.conditions
    }

    /// Whether the caster has Incapacitated, directly or through another condition.
    pub fn is_incapacitated(&self) -> bool {
        self.conditions.iter().any(|c| c.incapacitates())
    }

    /// Whether the caster cannot speak a verbal component (R14a).
    pub fn is_silenced(&self) -> bool {
        self.silenced || self.in_magical_silence
    }

    /// What the caster concentrates on.
    pub fn concentration(&self) -> Option<&Concentration> {
        self.concentration.as_ref()
    }

    /// Spells the caster has running.
    pub fn ongoing(&self) -> &[OngoingSpell] {
        &self.ongoing
    }

    /// The current turn's economy.
    pub fn turn(&self) -> &TurnEconomy {
        &self.turn
    }

    /// A casting of a minute or more under way (R12).
    pub fn long_cast(&self) -> Option<&LongCast> {
        self.long_cast.as_ref()
    }

    /// Rounds of game time this caster has lived through.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The id the next ongoing spell will get.
    pub fn next_effect_id(&self) -> EffectId {
        EffectId(self.next_effect)
    }

    /// A modifier for an ability.
    pub fn modifier(&self, ability: Ability) -> i8 {
        self.abilities.modifier(ability)
    }

    /// Saving-throw bonus: the modifier, plus proficiency for the first
    /// class's two saving throws (a multiclass character keeps only those).
    pub fn save_bonus(&self, ability: Ability) -> i32 {
        // A saving throw is a d20 Test: Exhaustion counts against it.
        self.save_bonus_rested(ability) - self.d20_penalty()
    }

    /// [`Caster::save_bonus`] before Exhaustion.
    fn save_bonus_rested(&self, ability: Ability) -> i32 {
        // A stat block prints its saving throws.
        if let Some(b) = &self.block {
            return b
                .saves
                .iter()
                .find(|(a, _)| *a == ability)
                .map(|(_, v)| *v)
                .unwrap_or_else(|| i32::from(self.modifier(ability)));
        }
        let proficient = self
            .classes
            .first()
            .is_some_and(|(class, _)| save_proficiencies(*class).contains(&ability));
        i32::from(self.modifier(ability))
            + if proficient {
                i32::from(self.proficiency_bonus())
            } else {
                0
            }
    }

    /// Spell save DC for a class: 8 + proficiency + spellcasting modifier
    /// (R19), and 1 more for Sorcerer spells while Innate Sorcery lasts.
    pub fn save_dc(&self, class: Class) -> i32 {
        8 + self.spell_attack_bonus(class) + self.innate_dc_bonus(Some(class))
    }

    /// Spell attack modifier for a class: proficiency + spellcasting modifier (R20).
    pub fn spell_attack_bonus(&self, class: Class) -> i32 {
        i32::from(self.proficiency_bonus()) + i32::from(self.modifier(class.spellcasting_ability()))
    }

    /// DC for a given ability rather than a class (features, R19).
    pub fn save_dc_with(&self, ability: Ability) -> i32 {
        8 + i32::from(self.proficiency_bonus()) + i32::from(self.modifier(ability))
    }

    /// Whether `spell` is on one of this caster's lists for `class`, by the
    /// class list or a feature (R8).
    #[inline]
    pub fn has_on_list(&self, spell: &Spell, class: Class) -> bool {
        self.class_level(class) > 0
            && (spell.on_class_list(class) || self.has_on_list_by_feature(spell, class))
    }

    /// Whether a feature or a pick adds `spell` to `class`'s list (the
    /// rarer half of [`Caster::has_on_list`], kept out of line).
    #[inline(never)]
    fn has_on_list_by_feature(&self, spell: &Spell, class: Class) -> bool {
        self.extra_spells
            .iter()
            .any(|e| e.spell == spell.id && e.class == class)
            || self
                .picks
                .iter()
                .any(|p| p.class == Some(class) && p.lists.iter().any(|l| spell.on_class_list(*l)))
    }

    /// The class a spell is cast with (R8, R19): the requested one if given,
    /// otherwise the caster's class with that spell on its list and the best
    /// spellcasting modifier (the first such class on a tie).
    pub fn casting_class(
        &self,
        spell: &Spell,
        requested: Option<Class>,
    ) -> Result<Class, RulesError> {
        if let Some(class) = requested {
            if self.class_level(class) == 0 {
                return Err(RulesError::NoSuchClass { class });
            }
            if !self.has_on_list(spell, class) {
                return Err(RulesError::NotOnClassList {
                    spell: SpellName::of(spell),
                });
            }
            return Ok(class);
        }
        let mut best: Option<Class> = None;
        for (class, _) in &self.classes {
            if self.has_on_list(spell, *class)
                && best.is_none_or(|b| self.spell_attack_bonus(*class) > self.spell_attack_bonus(b))
            {
                best = Some(*class);
            }
        }
        best.ok_or_else(|| RulesError::NotOnClassList {
            spell: SpellName::of(spell),
        })
    }

    /// The spells kept prepared by a feature (a subclass, feat, species or
    /// Magical Secrets): they do not count against the prepared-spell
    /// limit and may come from another class's list (R8).
    pub fn always_prepared(&self) -> impl Iterator<Item = &ExtraSpell> + '_ {
        self.extra_spells.iter().filter(|e| e.always_prepared)
    }

    /// Whether a feature keeps the spell prepared.
    pub fn is_always_prepared(&self, id: &SpellId) -> bool {
        self.always_prepared().any(|e| &e.spell == id)
    }

    /// Whether the spell is prepared, directly or by a feature that keeps it prepared.
    pub fn is_prepared(&self, id: &SpellId) -> bool {
        self.prepared.contains(id) || self.is_always_prepared(id)
    }

    /// The caster's classes in the order given; every [`Class`] casts spells.
    pub fn spellcasting_classes(&self) -> impl Iterator<Item = Class> + '_ {
        self.classes.iter().map(|(c, _)| *c)
    }
}

/// The two saving throws a class is proficient in.
pub fn save_proficiencies(class: Class) -> [Ability; 2] {
    use Ability::*;
    match class {
        Class::Bard => [Dexterity, Charisma],
        Class::Cleric | Class::Paladin | Class::Warlock => [Wisdom, Charisma],
        Class::Druid | Class::Wizard => [Intelligence, Wisdom],
        Class::Ranger => [Strength, Dexterity],
        Class::Sorcerer => [Constitution, Charisma],
    }
}
