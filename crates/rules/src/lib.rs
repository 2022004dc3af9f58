//! Grimoire rules: the pure spellcasting engine for the 2024 fifth-edition
//! rules (SRD 5.2), rules R1–R22 of the repository's `docs/RULES.md`.
//!
//! It models spells ([`Spell`]), casters ([`Caster`]) and encounters
//! ([`Encounter`]), and enforces the casting rules: slots (R2–R6), the
//! one-slot-per-turn limit (R10), casting times and triggers (R9, R11, R12),
//! components (R14), durations and Concentration (R15), targets (R17, R18),
//! save DCs and attack modifiers (R19, R20), combining effects (R21) and
//! identifying spells (R22).
//!
//! The crate is pure: no I/O, no clock, no global randomness. Dice come from
//! an injected [`grimoire_dice::DiceRng`]. Every accepted action returns its
//! result and a list of [`Event`]s; applying them with [`Caster::apply`] is
//! the only way state changes, so a stored log replays to the same caster.
//! Every refusal is a [`RulesError`] with a stable code and its rule id, and
//! changes nothing.
//!
//! A level-3 Wizard casts Magic Missile (R2, R3, R6):
//!
//! ```
//! use grimoire_dice::SeededRng;
//! use grimoire_rules::*;
//!
//! let mut spell = Spell::new(
//!     SpellId::new("magic-missile")?,
//!     "Magic Missile",
//!     SpellLevel::new(1)?,
//!     School::Evocation,
//! );
//! spell.classes = vec![Class::Wizard];
//! spell.range = Range::Feet(120);
//! spell.targeting.max_targets = Some(3);
//! spell.effect.instances = 3;
//! spell.effect.damage = vec![Damage::new("1d4+1".parse()?, DamageType::Force)];
//! spell.effect.upcast.extra_instances = 1;
//!
//! let scores = AbilityScores::new([8, 14, 12, 16, 12, 10])?;
//! let mut wizard = Caster::new("Elminster", &[(Class::Wizard, 3)], scores)?;
//! let l1 = SlotLevel::new(1)?;
//! assert_eq!(wizard.slots().remaining(l1), 4); // R2: 4 + 2 slots
//! wizard.apply_all(&wizard.prepare(&spell)?.events);
//!
//! let mut rng = SeededRng::new(7);
//! let request = CastRequest::new().target(Target::named("Goblin"));
//! let outcome = cast(&wizard, &spell, &request, &mut rng)?;
//! wizard.apply_all(&outcome.events);
//! assert_eq!(wizard.slots().remaining(l1), 3); // R3
//! assert_eq!(outcome.resolution.targets[0].damage.len(), 3); // three darts
//!
//! // R10: a second slot in the same turn is refused, and nothing changes.
//! let err = cast(&wizard, &spell, &request, &mut rng).unwrap_err();
//! assert_eq!((err.code(), err.rule()), ("one_slot_per_turn", Some("R10")));
//! # Ok::<(), RulesError>(())
//! ```
#![deny(missing_docs)]

mod abilities;
mod actions;
mod advance;
mod apply;
mod attack;
mod cast;
mod caster;
mod class;
mod class_resources;
mod condition;
mod creature_attack;
mod damage;
mod dying;
mod economy;
mod effect;
mod eldritch_smite;
mod encounter;
mod error;
mod event;
mod exhaustion;
mod feature;
mod feature_kind;
mod font_of_magic;
mod formula;
mod hit_dice;
mod house;
mod innate_sorcery;
mod invalid;
mod label;
mod level;
mod magical_cunning;
mod material;
mod message;
mod metamagic;
mod metamagic_error;
mod note;
mod price;
mod reaction;
mod recovery;
mod request;
mod requirements;
mod reshape;
mod resolution;
mod resolve;
mod resource_error;
mod resource_use;
mod resources;
mod rest;
mod roll;
mod school;
mod shaping;
mod shared;
mod slots;
mod spell;
mod spell_attack;
mod spell_name;
mod stacking;
mod statblock;
mod state;
mod subclass_cast_error;
mod subclass_casting;
mod target;
mod time;
mod trigger_kind;
mod turn_damage;
mod vitals;
mod work;

pub use abilities::{AbilityScores, ability_modifier, proficiency_bonus};
pub use actions::{DamageOutcome, IDENTIFY_DC, IdentifyOutcome, concentration_dc};
pub use advance::HitPointGain;
pub use attack::{
    AttackMode, AttackRequest, Mastery, RollReason, Weapon, WeaponCategory, WeaponKind,
    WeaponProperty, attack_mode, weapon_attack,
};
pub use cast::{
    cast, cast_action, check_cast, check_cast_waiving, complete_casting, complete_casting_priced,
};
pub use caster::{Arcanum, Caster, Concentration, save_proficiencies};
pub use class::{Ability, CasterKind, Class};
pub use class_resources::{
    ClassFeature, ClassResources, INNATE_SORCERY_ROUNDS, INNATE_SORCERY_USES,
    SORCERY_INCARNATE_COST,
};
pub use condition::Condition;
pub use creature_attack::{
    CreatureAttack, CreatureAttackRoll, PendingAttack, land_creature_attack, roll_creature_attack,
    still_hits,
};
pub use damage::{DamageType, Defense};
pub use dying::{
    CreaturesAtZero, DEATH_SAVE_DC, DeathSaveOutcome, DeathSaveResult, after_damage_at_zero,
    roll_death_save,
};
pub use economy::{ActionKind, TurnEconomy, WeaponHit};
pub use effect::{
    AttackKind, Bonus, BonusAmount, BonusTarget, CantripScaling, Damage, Delivery, Effect, Healing,
    LaterHarm, OnSave, TurnDamage, TurnPoint, TurnSave, TurnSaveResult, Upcast,
};
pub use eldritch_smite::{ELDRITCH_SMITE, SmiteRefusal};
pub use encounter::{
    Combatant, CombatantKind, CreatureDeathSave, Encounter, EncounterEvent, TurnChange,
};
pub use error::RulesError;
pub use event::{EffectId, EndReason, Event, LongCast, OngoingSpell, Outcome};
pub use exhaustion::MAX_EXHAUSTION;
pub use feature::{
    Choice, FeatureDef, FreeCast, FreeSpells, SpellChoice, SpellsAt, Uses, Variant, WILD_SHAPE,
    invocations_known, metamagic_known,
};
pub use feature_kind::FeatureKind;
pub use font_of_magic::{MAX_CREATED_SLOT, slot_creation_cost};
pub use formula::{DiceFormula, MAX_DICE};
pub use hit_dice::{HitDiceSpent, HitDieRoll, LevelHitPoints, RolledMaxHp, hit_die};
pub use house::{HouseRules, NotRelaxable, Relaxable, Waived};
pub use invalid::{BLOCK_ATTACK_BONUS, BLOCK_MAX_SLOTS, BLOCK_PER_DAY, BLOCK_SAVE_DC, Invalid};
pub use label::RollLabel;
pub use level::{SlotLevel, SpellLevel};
pub use magical_cunning::{MAGICAL_CUNNING_RITE, magical_cunning_budget};
pub use message::Arg;
pub use metamagic::{MAX_OPTIONS_PER_CAST, Metamagic, MetamagicUse, Reroll, TRANSMUTABLE};
pub use metamagic_error::{MetamagicError, Unfit};
pub use note::Note;
pub use price::{GearKind, ListedItem, PriceList};
pub use reaction::{
    Answer, PendingCast, ReactionWindow, Trigger, answers_targeting, check_reaction_targets,
    countered_events, counters, hit_stands, perceptible, strikes_source, targeted_by, wards,
};
pub use recovery::{
    ARCANE_RECOVERY_MAX_SLOT, MemorizedSwap, ShortRestChoices, arcane_recovery_budget,
    sorcerous_restoration_budget,
};
pub use request::{CastMode, CastRequest, RITUAL_EXTRA_ROUNDS, SlotKind};
pub use reshape::{MetamagicChoice, MetamagicPaid, metamagic_choices, unfit_for};
pub use resolution::{CastOutcome, CastResolution, CastStatus, SpentSlot};
pub use resolve::{ScaledEffect, scaled_effect};
pub use resource_error::ResourceError;
pub use resources::{Equipment, Focus, LimitedUse, MagicItem, Recharge};
pub use rest::LONG_REST_WAIT;
pub use roll::{RollMode, RollRecord};
pub use school::School;
pub use slots::{
    PactSlots, SlotPool, arcanum_levels, full_caster_slots, half_caster_slots, pact_slots,
    slots_for_classes,
};
pub use spell::{Area, AreaShape, Components, Material, Range, Spell, SpellId, Targeting};
pub use spell_name::SpellName;
pub use stacking::{AppliedEffect, EffectBoard};
pub use state::death_saves::{DEATH_SAVES_NEEDED, DeathSaves};
pub use state::extra_spell::ExtraSpell;
pub use state::hit_dice::{HIT_DIE_SIZES, HitDice};
pub use state::pick::Pick;
pub use state::stat_block::{BlockSpell, Frequency, SpellGroup, StatBlockCasting};
pub use subclass_cast_error::{CastFeature, SubclassCastError};
pub use subclass_casting::{AFFINITY_TYPES, damage_bonuses, overchannel_fits};
pub use target::{AttackOutcome, DamageDealt, SaveOutcome, Target, TargetOutcome, TargetStats};
pub use time::{CastingTime, Duration, ROUNDS_PER_MINUTE, TimeSpan, TimeUnit};
pub use trigger_kind::TriggerKind;
pub use turn_damage::{DueDamage, TurnDamageOutcome, entering_damage, resolve_turn_damage};
pub use vitals::{MAX_ARMOR_CLASS, MAX_HIT_POINTS, Vitals, check_not_down};
pub use work::{
    MAX_CAST_WORK, MAX_DIE_SIDES, MAX_INSTANCES, MAX_SPELL_DICE, Work, WorkField, work, worst_work,
};
