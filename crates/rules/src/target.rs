//! What a spell is aimed at (R17, R18), and what happened to it.

use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::condition::Condition;
use crate::damage::{DamageType, Defense};
use crate::effect::{BonusAmount, Damage};
use crate::roll::RollMode;

/// A target of a spell. A bare name gets no save rolled and no AC checked:
/// the resolution reports the DC and both outcomes. Add stats to roll.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Target {
    /// Name shown in the resolution.
    pub name: String,
    /// Whether the target is the caster itself (R17).
    #[serde(default)]
    pub is_self: bool,
    /// An ally of the caster, not Hostile to it: a spell that must target
    /// a Hostile creature refuses it (R17).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub friendly: bool,
    /// Behind Total Cover: no clear path, cannot be targeted (R17).
    #[serde(default)]
    pub total_cover: bool,
    /// Distance from the caster in feet, when known (R13).
    #[serde(default)]
    pub distance_ft: Option<u64>,
    /// Creature type in lower case (`undead`), checked against the spell (R18).
    #[serde(default)]
    pub creature_type: Option<String>,
    /// The caller knows the spell cannot affect this target (R18).
    #[serde(default)]
    pub invalid: bool,
    /// Numbers to roll against; `None` for a bare name.
    #[serde(default)]
    pub stats: Option<TargetStats>,
    /// Its conditions (its own and those spells in force impose), which
    /// give a spell attack roll against it Advantage or Disadvantage
    /// (2024). Filled by the app from the table, never from a request body.
    #[serde(skip)]
    pub conditions: Vec<Condition>,
    /// Spells in force on it that give attack rolls against it Advantage
    /// (Faerie Fire: [`crate::EffectBoard::advantage_against`]). Filled by
    /// the app, never from a request body.
    #[serde(skip)]
    pub attacked_with_advantage: Vec<crate::spell::SpellId>,
    /// The roll of spell attacks against it, once the cast has weighed the
    /// conditions and effects above with the roll asked
    /// ([`crate::spell_attack::fit_attack_modes`]); `None` rolls as asked.
    #[serde(skip)]
    pub attack_roll_mode: Option<RollMode>,
    /// A spell attack that hits it is a Critical Hit: a melee spell attack
    /// within 5 feet of it while it is Paralyzed or Unconscious (2024).
    /// Set by [`crate::spell_attack::fit_attack_modes`], never from a
    /// request body.
    #[serde(skip)]
    pub hit_is_critical: bool,
}

/// A target's numbers.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct TargetStats {
    /// Armor Class, for attack rolls.
    #[serde(default)]
    pub ac: Option<i32>,
    /// Saving-throw bonuses; an ability not listed saves at +0.
    #[serde(default)]
    pub saves: Vec<(Ability, i32)>,
    /// Current hit points.
    #[serde(default)]
    pub hp: Option<i32>,
    /// Temporary hit points: damage takes them first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temp_hp: Option<i32>,
    /// Hit point maximum: healing stops there.
    #[serde(default)]
    pub max_hp: Option<i32>,
    /// Resistances, vulnerabilities and immunities.
    #[serde(default)]
    pub defenses: Vec<(DamageType, Defense)>,
    /// Advantage or Disadvantage on its saving throws.
    #[serde(default)]
    pub save_mode: RollMode,
    /// Extra bonuses to its saving throws, such as Bless's d4 (R21 decides
    /// which apply: see `EffectBoard::bonuses`).
    #[serde(default)]
    pub save_bonuses: Vec<BonusAmount>,
}

impl TargetStats {
    /// The save bonus for an ability (0 when not listed).
    pub fn save(&self, ability: Ability) -> i32 {
        self.saves
            .iter()
            .find(|(a, _)| *a == ability)
            .map(|(_, b)| *b)
            .unwrap_or(0)
    }

    /// How the target takes a damage type.
    pub fn defense(&self, damage_type: DamageType) -> Defense {
        self.defenses
            .iter()
            .find(|(t, _)| *t == damage_type)
            .map(|(_, d)| *d)
            .unwrap_or(Defense::Normal)
    }
}

impl Target {
    /// A bare target by name.
    pub fn named(name: impl Into<String>) -> Self {
        Target {
            name: name.into(),
            ..Target::default()
        }
    }

    /// The caster itself (R17).
    pub fn caster(name: impl Into<String>) -> Self {
        Target {
            name: name.into(),
            is_self: true,
            ..Target::default()
        }
    }

    fn stats_mut(&mut self) -> &mut TargetStats {
        self.stats.get_or_insert_with(TargetStats::default)
    }

    /// Sets the Armor Class.
    pub fn with_ac(mut self, ac: i32) -> Self {
        self.stats_mut().ac = Some(ac);
        self
    }

    /// Sets one saving-throw bonus (and so asks for saves to be rolled).
    pub fn with_save(mut self, ability: Ability, bonus: i32) -> Self {
        self.stats_mut().saves.push((ability, bonus));
        self
    }

    /// Sets hit points.
    pub fn with_hp(mut self, hp: i32) -> Self {
        self.stats_mut().hp = Some(hp);
        self
    }

    /// Sets the hit point maximum, which caps healing.
    pub fn with_max_hp(mut self, max_hp: i32) -> Self {
        self.stats_mut().max_hp = Some(max_hp);
        self
    }

    /// Adds a resistance, vulnerability or immunity.
    pub fn with_defense(mut self, damage_type: DamageType, defense: Defense) -> Self {
        self.stats_mut().defenses.push((damage_type, defense));
        self
    }

    /// Gives the target Advantage or Disadvantage on its saves.
    pub fn with_save_mode(mut self, mode: RollMode) -> Self {
        self.stats_mut().save_mode = mode;
        self
    }

    /// Adds a bonus to the target's saves (Bless's d4).
    pub fn with_save_bonus(mut self, bonus: BonusAmount) -> Self {
        self.stats_mut().save_bonuses.push(bonus);
        self
    }

    /// Marks the target as the caster's ally, not Hostile to it (R17).
    pub fn as_friendly(mut self) -> Self {
        self.friendly = true;
        self
    }

    /// Puts the target behind Total Cover.
    pub fn behind_total_cover(mut self) -> Self {
        self.total_cover = true;
        self
    }

    /// Sets the distance in feet.
    pub fn at_distance(mut self, feet: u64) -> Self {
        self.distance_ft = Some(feet);
        self
    }

    /// Sets the creature type.
    pub fn of_type(mut self, creature_type: impl Into<String>) -> Self {
        self.creature_type = Some(creature_type.into().to_lowercase());
        self
    }

    /// Marks the target as one the spell cannot affect (R18).
    pub fn marked_invalid(mut self) -> Self {
        self.invalid = true;
        self
    }
}

/// One attack roll against a target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOutcome {
    /// The d20 kept.
    pub natural: u32,
    /// d20 plus the attack modifier.
    pub total: i64,
    /// A Critical Hit: the damage dice are rolled twice. A natural 20, or
    /// any hit on a target a hit is critical against
    /// ([`Target::hit_is_critical`]).
    pub critical: bool,
    /// Hit or miss; `None` when the target's AC is unknown (a natural 20
    /// always hits, a natural 1 always misses).
    pub hit: Option<bool>,
}

/// A target's saving throw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveOutcome {
    /// The ability.
    pub ability: Ability,
    /// The DC (R19).
    pub dc: i32,
    /// The roll total, when rolled.
    pub total: Option<i64>,
    /// Success, when known. An invalid target appears to succeed (R18).
    pub success: Option<bool>,
}

/// Damage of one type dealt to a target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageDealt {
    /// Type.
    pub damage_type: DamageType,
    /// As rolled, before save halving and defences.
    pub rolled: u32,
    /// As taken.
    pub taken: u32,
}

/// What a spell did to one target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetOutcome {
    /// The target's name.
    pub target: String,
    /// False for an invalid target, which the spell leaves untouched (R18).
    pub affected: bool,
    /// Attack rolls made against it.
    pub attacks: Vec<AttackOutcome>,
    /// Its save, if the spell calls for one.
    pub save: Option<SaveOutcome>,
    /// Damage by type.
    pub damage: Vec<DamageDealt>,
    /// Total damage taken (on a failed save when the save was not rolled).
    pub damage_total: u32,
    /// When the save was not rolled: damage on a success.
    pub damage_on_success: Option<u32>,
    /// Hit points restored.
    pub healing: u32,
    /// Conditions imposed (on a failed save when not rolled).
    pub conditions: Vec<Condition>,
    /// Hit points afterwards, when known.
    pub hp_after: Option<i32>,
    /// What the caster perceives, for the cases the rules spell out (R18).
    pub note: Option<crate::note::Note>,
}

impl TargetOutcome {
    pub(crate) fn new(target: &Target) -> Self {
        TargetOutcome {
            target: target.name.clone(),
            affected: true,
            attacks: Vec::new(),
            save: None,
            damage: Vec::new(),
            damage_total: 0,
            damage_on_success: None,
            healing: 0,
            conditions: Vec::new(),
            hp_after: target.stats.as_ref().and_then(|s| s.hp),
            note: None,
        }
    }
}

impl Damage {
    /// Whether this part harms `target`: `None` when it depends on a
    /// creature type the target does not state.
    pub fn harms(&self, target: &Target) -> Option<bool> {
        if self.only_against.is_empty() {
            return Some(true);
        }
        let ty = target.creature_type.as_deref()?;
        Some(self.only_against.iter().any(|t| t.eq_ignore_ascii_case(ty)))
    }
}
