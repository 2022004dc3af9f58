//! What a caller asks for when casting: the mode, the slot, the action,
//! the trigger and the targets.

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::condition::Condition;
use crate::damage::DamageType;
use crate::economy::ActionKind;
use crate::level::SlotLevel;
use crate::roll::RollMode;
use crate::target::Target;

/// Rounds a ritual adds to the casting time: 10 minutes (R5b).
pub const RITUAL_EXTRA_ROUNDS: u64 = 100;

/// How the spell is powered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case", tag = "mode", content = "name")]
pub enum CastMode {
    /// A spell slot (none for cantrips) (R3, R5a).
    #[default]
    Slot,
    /// As a ritual: no slot, +10 minutes (R5b).
    Ritual,
    /// A limited-use feature, by name (R5c).
    Feature(String),
    /// A magic item, by name (R5d).
    Item(String),
    /// A Warlock's Mystic Arcanum of the spell's level.
    Arcanum,
}

/// Which slots may power the spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    /// Regular or pact, whichever fits lowest (pact slots first on a tie).
    #[default]
    Any,
    /// Regular slots only.
    Regular,
    /// Pact slots only.
    Pact,
}

/// What the caller asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct CastRequest {
    /// How it is powered.
    #[serde(default)]
    pub mode: CastMode,
    /// An explicit slot level (upcasting, R6); default the lowest that fits (R3).
    #[serde(default)]
    pub slot: Option<SlotLevel>,
    /// Which slots may be used.
    #[serde(default)]
    pub slot_kind: SlotKind,
    /// The class to cast with; default the best one with the spell (R8).
    #[serde(default)]
    pub class: Option<Class>,
    /// The part of the turn offered; default what the casting time needs (R9).
    #[serde(default)]
    pub action: Option<ActionKind>,
    /// The trigger being answered (R11).
    #[serde(default)]
    pub trigger: Option<String>,
    /// Targets (R17).
    #[serde(default)]
    pub targets: Vec<Target>,
    /// Advantage or Disadvantage on the spell's attack rolls.
    #[serde(default)]
    pub roll_mode: RollMode,
    /// Cast outside the caster's own turn (a Reaction): R10 counts slots per
    /// turn, so such a slot does not block one on the caster's turn.
    #[serde(default)]
    pub off_turn: bool,
    /// Extra bonuses to the spell's attack rolls, such as Bless's d4 on the
    /// caster (see `EffectBoard::bonuses`).
    #[serde(default)]
    pub attack_bonuses: Vec<crate::effect::BonusAmount>,
    /// The damage type chosen for parts that offer a choice (Chromatic
    /// Orb); default each part's first type. Refused when no part offers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    /// Use the spell's alternative casting time (Plant Growth's 8 hours).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alternative_time: bool,
    /// Extra damage on each hit of the spell's attack rolls, such as the
    /// caster's Hex on the target (see `EffectBoard::riders`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_hit_damage: Vec<crate::effect::Damage>,
    /// The weapon hit that triggers the spell (Divine Smite, R11) was a
    /// critical one: the spell's damage dice are doubled as the hit's are.
    /// Set from the caster's own recorded hit ([`crate::WeaponHit`]),
    /// never taken from a request body.
    #[serde(skip)]
    pub critical_hit: bool,
    /// Conditions the spells in force impose on the caster, beside its
    /// own ([`crate::Caster::conditions`]): its spell attack rolls take
    /// Advantage or Disadvantage from both (2024). Filled from the table's
    /// effects by the app, never taken from a request body.
    #[serde(skip)]
    pub attacker_conditions: Vec<Condition>,
    /// The table's house rules: refusals under a relaxed rule become
    /// warnings on the resolution (see [`crate::HouseRules`]). Set by
    /// whoever keeps the table's settings, never by the player.
    #[serde(default, skip_serializing_if = "crate::house::HouseRules::is_strict")]
    pub house_rules: crate::house::HouseRules,
    /// Metamagic options that reshape this casting (a Sorcerer's, paid in
    /// Sorcery Points): see [`crate::Metamagic`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub metamagic: Vec<crate::metamagic::MetamagicUse>,
    /// Sculpt Spells (Evoker): creatures, by name among the targets, that
    /// pass an Evocation spell's save unharmed (at most 1 + its level).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sculpt: Vec<String>,
    /// Overchannel (Evoker): maximum damage for a Wizard spell of a level
    /// 1–5 slot; from the second use before a Long Rest it costs necrotic
    /// damage.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overchannel: bool,
    /// The equipment list a costly material's worth is looked up in when
    /// the carried thing states none (R14c): a Holy Symbol is worth 5 GP.
    /// Set by whoever holds the catalogue; never stored with the request.
    #[serde(skip)]
    pub prices: Option<std::sync::Arc<crate::price::PriceList>>,
}

impl CastRequest {
    /// The default request: lowest slot, no targets.
    pub fn new() -> Self {
        CastRequest::default()
    }

    /// Use this slot level (R6).
    pub fn at_slot(mut self, level: SlotLevel) -> Self {
        self.slot = Some(level);
        self
    }

    /// Cast as a ritual (R5b).
    pub fn as_ritual(mut self) -> Self {
        self.mode = CastMode::Ritual;
        self
    }

    /// Use a mode.
    pub fn with_mode(mut self, mode: CastMode) -> Self {
        self.mode = mode;
        self
    }

    /// Add a target.
    pub fn target(mut self, target: Target) -> Self {
        self.targets.push(target);
        self
    }

    /// Offer this part of the turn.
    pub fn using(mut self, action: ActionKind) -> Self {
        self.action = Some(action);
        self
    }

    /// Name the trigger (R11).
    pub fn on_trigger(mut self, trigger: impl Into<String>) -> Self {
        self.trigger = Some(trigger.into());
        self
    }

    /// Give parts that offer a choice this damage type (R16).
    pub fn with_damage_type(mut self, damage_type: DamageType) -> Self {
        self.damage_type = Some(damage_type);
        self
    }

    /// Use the spell's alternative casting time (R9).
    pub fn with_alternative_time(mut self) -> Self {
        self.alternative_time = true;
        self
    }

    /// Cast with this class.
    pub fn with_class(mut self, class: Class) -> Self {
        self.class = Some(class);
        self
    }
}
