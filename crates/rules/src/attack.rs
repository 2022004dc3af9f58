//! Weapon attacks (issue 34): a weapon's numbers as the SRD 5.2 Weapons
//! table gives them, a character's attack bonus and damage with it, the
//! Advantage and Disadvantage the 2024 conditions give an attack roll, and
//! one attack roll against a target. The attack resolves into the same
//! [`CastOutcome`] a spell attack does, so it is committed, logged and
//! undone the same way.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::class::{Ability, Class};
use crate::condition::Condition;
use crate::damage::DamageType;
use crate::economy::{ActionKind, WeaponHit};
use crate::effect::{BonusAmount, Damage};
use crate::error::RulesError;
use crate::event::Event;
use crate::formula::DiceFormula;
use crate::label::RollLabel;
use crate::level::SpellLevel;
use crate::request::CastMode;
use crate::resolution::{CastOutcome, CastResolution, CastStatus};
use crate::resolve::{Stats, hit_points_after, roll_damage, take};
use crate::roll::{RollMode, roll_bonuses, roll_d20};
use crate::spell::SpellId;
use crate::target::{AttackOutcome, Target, TargetOutcome};

/// Simple or Martial.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponCategory {
    /// Simple weapons: every class here is proficient.
    Simple,
    /// Martial weapons.
    Martial,
}

/// Melee or Ranged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    /// A melee weapon (thrown ones included).
    Melee,
    /// A ranged weapon.
    Ranged,
}

/// A weapon property of the SRD 5.2 Weapons table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponProperty {
    /// Fires ammunition.
    Ammunition,
    /// Strength or Dexterity, the better.
    Finesse,
    /// Heavy.
    Heavy,
    /// Light.
    Light,
    /// One shot per action, bonus action or reaction.
    Loading,
    /// Reaches 10 feet.
    Reach,
    /// May be thrown.
    Thrown,
    /// Needs two hands.
    TwoHanded,
    /// One or two hands; a larger die with two.
    Versatile,
}

/// A weapon's mastery property (2024).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mastery {
    /// Cleave.
    Cleave,
    /// Graze.
    Graze,
    /// Nick.
    Nick,
    /// Push.
    Push,
    /// Sap.
    Sap,
    /// Slow.
    Slow,
    /// Topple.
    Topple,
    /// Vex.
    Vex,
}

/// One weapon of the SRD 5.2 Weapons table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    /// Lower-case dashed id (`longsword`).
    pub id: String,
    /// English name.
    pub name_en: String,
    /// Czech name.
    pub name_cs: String,
    /// Simple or Martial.
    pub category: WeaponCategory,
    /// Melee or Ranged.
    pub kind: WeaponKind,
    /// The damage die (a flat 1 for the Blowgun).
    pub damage: DiceFormula,
    /// The damage type.
    pub damage_type: DamageType,
    /// Its properties.
    pub properties: Vec<WeaponProperty>,
    /// The die with two hands, for a Versatile weapon.
    pub versatile: Option<DiceFormula>,
    /// Normal and long range in feet, for a thrown or ranged weapon.
    pub range: Option<(u32, u32)>,
    /// Its mastery property.
    pub mastery: Mastery,
    /// Price in copper pieces.
    pub price_cp: u64,
}

impl Weapon {
    /// Whether it has `p`.
    pub fn has(&self, p: WeaponProperty) -> bool {
        self.properties.contains(&p)
    }

    /// Whether `caster` is proficient with it: every class with Simple
    /// weapons; Martial weapons for the Paladin and Ranger (the 2024 class
    /// tables; the Fighter and Barbarian, also proficient, are not classes
    /// of this engine).
    pub fn is_proficient(&self, caster: &Caster) -> bool {
        self.category == WeaponCategory::Simple
            || caster
                .classes()
                .iter()
                .any(|(c, _)| matches!(c, Class::Paladin | Class::Ranger))
    }

    /// The ability its attack and damage use: Dexterity for a ranged
    /// weapon, the better of Strength and Dexterity for a Finesse one,
    /// Strength otherwise.
    pub fn ability(&self, caster: &Caster) -> Ability {
        if self.kind == WeaponKind::Ranged {
            return Ability::Dexterity;
        }
        if self.has(WeaponProperty::Finesse)
            && caster.modifier(Ability::Dexterity) > caster.modifier(Ability::Strength)
        {
            return Ability::Dexterity;
        }
        Ability::Strength
    }

    /// `caster`'s attack bonus with it: the ability's modifier plus the
    /// proficiency bonus when proficient, less Exhaustion's 2 a level (a
    /// d20 Test, 2024).
    pub fn attack_bonus(&self, caster: &Caster) -> i32 {
        let prof = if self.is_proficient(caster) {
            i32::from(caster.proficiency_bonus())
        } else {
            0
        };
        i32::from(caster.modifier(self.ability(caster))) + prof - caster.d20_penalty()
    }

    /// The damage die: the Versatile one when wielded in two hands.
    pub fn die(&self, two_handed: bool) -> DiceFormula {
        match self.versatile {
            Some(v) if two_handed => v,
            _ => self.damage,
        }
    }
}

/// Why an attack roll has Advantage or Disadvantage (2024 conditions, and
/// spells in force on the target such as Faerie Fire).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollReason {
    /// The player asked for it (`--advantage`).
    Asked,
    /// The attacker has the condition.
    Attacker(Condition),
    /// The target has the condition.
    Target(Condition),
    /// A spell in force on the target gives attacks against it Advantage
    /// (Faerie Fire).
    TargetSpell(SpellId),
}

/// Advantage and Disadvantage on one attack roll, with their reasons.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackMode {
    /// What gives Advantage.
    pub advantage: Vec<RollReason>,
    /// What gives Disadvantage.
    pub disadvantage: Vec<RollReason>,
}

impl AttackMode {
    /// The roll: both cancel out, whatever their number.
    pub fn roll_mode(&self) -> RollMode {
        match (self.advantage.is_empty(), self.disadvantage.is_empty()) {
            (false, true) => RollMode::Advantage,
            (true, false) => RollMode::Disadvantage,
            _ => RollMode::Normal,
        }
    }

    /// The same with the spells in force on the target that give attack
    /// rolls against it Advantage ([`crate::EffectBoard::advantage_against`]):
    /// each is a reason for Advantage, and such a target cannot benefit from
    /// Invisible, so its Invisible no longer gives Disadvantage (2024 Faerie
    /// Fire).
    pub fn with_target_spells(mut self, spells: Vec<SpellId>) -> AttackMode {
        if spells.is_empty() {
            return self;
        }
        self.disadvantage
            .retain(|r| *r != RollReason::Target(Condition::Invisible));
        self.advantage
            .extend(spells.into_iter().map(RollReason::TargetSpell));
        self
    }
}

/// The Advantage and Disadvantage the 2024 conditions give an attack roll
/// (a melee attack is taken as made within 5 feet, a ranged one from
/// farther): the attacker Blinded, Frightened, Poisoned, Prone or
/// Restrained has Disadvantage, Invisible Advantage; against a target
/// Blinded, Paralyzed, Petrified, Restrained, Stunned or Unconscious it
/// has Advantage, against one Invisible Disadvantage, and against one
/// Prone Advantage within 5 feet, Disadvantage from farther.
pub fn attack_mode(
    asked: RollMode,
    attacker: &[Condition],
    target: &[Condition],
    melee: bool,
) -> AttackMode {
    let mut m = AttackMode::default();
    match asked {
        RollMode::Advantage => m.advantage.push(RollReason::Asked),
        RollMode::Disadvantage => m.disadvantage.push(RollReason::Asked),
        RollMode::Normal => {}
    }
    for &c in attacker {
        match c {
            Condition::Invisible => m.advantage.push(RollReason::Attacker(c)),
            Condition::Blinded
            | Condition::Frightened
            | Condition::Poisoned
            | Condition::Prone
            | Condition::Restrained => m.disadvantage.push(RollReason::Attacker(c)),
            _ => {}
        }
    }
    for &c in target {
        match c {
            Condition::Blinded
            | Condition::Paralyzed
            | Condition::Petrified
            | Condition::Restrained
            | Condition::Stunned
            | Condition::Unconscious => m.advantage.push(RollReason::Target(c)),
            Condition::Invisible => m.disadvantage.push(RollReason::Target(c)),
            Condition::Prone if melee => m.advantage.push(RollReason::Target(c)),
            Condition::Prone => m.disadvantage.push(RollReason::Target(c)),
            _ => {}
        }
    }
    m
}

/// One weapon attack, as the app fits it to the situation.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackRequest {
    /// The target, with what is known of it (AC, hit points, defences).
    pub target: Target,
    /// Advantage or Disadvantage ([`attack_mode`]).
    pub roll_mode: RollMode,
    /// Wielded in two hands (a Versatile weapon's larger die).
    pub two_handed: bool,
    /// Bonuses to attack rolls in force (Bless's d4, Bane's -d4).
    pub attack_bonuses: Vec<BonusAmount>,
    /// Bonuses to damage rolls in force (Divine Favor's d4), rolled as
    /// damage of the weapon's type on a hit.
    pub damage_bonuses: Vec<BonusAmount>,
    /// The attacker's riders on the target (Hex, Hunter's Mark).
    pub on_hit_damage: Vec<Damage>,
    /// Every hit is a critical one (a melee hit on a Paralyzed or
    /// Unconscious target within 5 feet).
    pub hit_is_critical: bool,
    /// The attacker has mastery of the weapon ([`Caster::has_mastery`]):
    /// its mastery property applies ([`weapon_attack`]).
    pub mastery: bool,
}

impl Caster {
    /// How many kinds of weapon the caster has mastery of (2024 Weapon
    /// Mastery): two for a Paladin or Ranger, none otherwise (the Fighter,
    /// Barbarian and Rogue are not classes of this engine).
    pub fn weapon_masteries(&self) -> usize {
        if self
            .classes()
            .iter()
            .any(|(c, _)| matches!(c, Class::Paladin | Class::Ranger))
        {
            2
        } else {
            0
        }
    }

    /// Whether the caster has mastery of the weapon `id`: the kinds it
    /// masters are the first it carries, as many as
    /// [`Caster::weapon_masteries`] allows.
    pub fn has_mastery(&self, id: &str) -> bool {
        self.equipment()
            .weapons
            .iter()
            .take(self.weapon_masteries())
            .any(|w| w == id)
    }
}

/// Makes one attack with `weapon` (the Attack action, or its next attack
/// under Extra Attack, [`Caster::attacks_left`]): a d20 plus the
/// attack bonus and the bonuses in force against the target's AC; a
/// natural 20 always hits and is a critical hit, doubling every damage die
/// (riders included), a natural 1 always misses. On a hit the weapon's
/// die plus the ability modifier, the damage bonuses in force and the
/// riders, each through the target's defences.
pub fn weapon_attack<R: DiceRng + ?Sized>(
    caster: &Caster,
    weapon: &Weapon,
    req: &AttackRequest,
    rng: &mut R,
) -> Result<CastOutcome, RulesError> {
    // Extra Attack: a later attack of the same Attack action needs no
    // action of its own.
    let continuing = caster.attacks_left() > 0;
    if !continuing && !caster.turn().available(ActionKind::Action) {
        return Err(RulesError::ActionUnavailable {
            action: ActionKind::Action,
        });
    }
    let id = SpellId::new(weapon.id.clone())?;
    let ability = weapon.ability(caster);
    let stats = Stats {
        save_dc: 0,
        attack_bonus: weapon.attack_bonus(caster),
        modifier: i32::from(caster.modifier(ability)),
    };
    let t = &req.target;
    let mut rolls = Vec::with_capacity(4);
    let (r, natural) = roll_d20(
        rng,
        req.roll_mode,
        i64::from(stats.attack_bonus),
        RollLabel::attack(&t.name),
    );
    let label = r.label.clone();
    let mut total = r.total;
    rolls.push(r);
    total += roll_bonuses(rng, &req.attack_bonuses, &label, &mut rolls);
    let hit = match natural {
        20 => Some(true),
        1 => Some(false),
        _ => t
            .stats
            .as_ref()
            .and_then(|s| s.ac)
            .map(|ac| total >= i64::from(ac)),
    };
    let critical = natural == 20 || (req.hit_is_critical && hit == Some(true));
    let mut out = TargetOutcome::new(t);
    out.attacks.push(AttackOutcome {
        natural,
        total,
        critical,
        hit,
    });
    if hit != Some(false) {
        let mut parts = vec![Damage {
            add_modifier: true,
            ..Damage::new(weapon.die(req.two_handed), weapon.damage_type)
        }];
        for b in &req.damage_bonuses {
            match b {
                BonusAmount::Dice(f) => parts.push(Damage::new(*f, weapon.damage_type)),
                BonusAmount::Flat(n) => parts.push(Damage::new(
                    DiceFormula {
                        count: 0,
                        sides: 1,
                        bonus: *n,
                    },
                    weapon.damage_type,
                )),
                BonusAmount::Penalty(_) => {}
            }
        }
        parts.extend(req.on_hit_damage.iter().cloned());
        let rolled = roll_damage(rng, &parts, &stats, critical, &mut rolls);
        let sum = take(&mut out, t, &rolled, false);
        out.damage_total = sum;
        if hit.is_none() {
            out.note = Some(crate::note::Note::AcUnknown);
        }
    }
    if req.mastery {
        apply_mastery(weapon, &stats, caster, hit, &mut out, t, &mut rolls, rng);
    }
    let mut targets = vec![out];
    hit_points_after(std::slice::from_ref(t), &mut targets);
    let mut events = Vec::with_capacity(2);
    if !continuing {
        events.push(Event::ActionUsed {
            action: ActionKind::Action,
        });
    }
    events.push(Event::WeaponAttacked {
        hit: (hit == Some(true)).then(|| WeaponHit {
            target: t.name.clone(),
            critical,
            melee: weapon.kind == WeaponKind::Melee,
        }),
    });
    Ok(CastOutcome {
        resolution: CastResolution {
            spell: id,
            spell_name: weapon.name_en.clone(),
            cast_level: SpellLevel::CANTRIP,
            slot: None,
            mode: CastMode::Slot,
            class: None,
            action: ActionKind::Action,
            save_dc: 0,
            attack_bonus: stats.attack_bonus,
            status: CastStatus::Resolved,
            rolls,
            targets,
            effect: None,
            concentration_started: false,
            concentration_ended: None,
            notes: Vec::new(),
            waived: Vec::new(),
            damage_later: None,
            metamagic: None,
        },
        events,
    })
}

/// A weapon's mastery property on this attack (2024): Graze deals the
/// ability modifier's damage on a miss; Topple has a creature hit make a
/// Constitution save (DC 8 + the ability modifier + proficiency bonus) or
/// fall Prone. The others (Vex, Sap, Slow, Push, Cleave, Nick) are for the
/// table to apply: the attack names the property.
#[allow(clippy::too_many_arguments)]
fn apply_mastery<R: DiceRng + ?Sized>(
    weapon: &Weapon,
    stats: &Stats,
    caster: &Caster,
    hit: Option<bool>,
    out: &mut TargetOutcome,
    t: &Target,
    rolls: &mut Vec<crate::roll::RollRecord>,
    rng: &mut R,
) {
    match weapon.mastery {
        Mastery::Graze if hit == Some(false) && stats.modifier > 0 => {
            let graze = [Damage::new(
                DiceFormula {
                    count: 0,
                    sides: 1,
                    bonus: stats.modifier,
                },
                weapon.damage_type,
            )];
            let rolled = roll_damage(rng, &graze, stats, false, rolls);
            out.damage_total = take(out, t, &rolled, false);
        }
        Mastery::Topple if hit == Some(true) => {
            let dc = 8 + stats.modifier + i32::from(caster.proficiency_bonus());
            let total = t.stats.as_ref().map(|s| {
                let (r, _) = roll_d20(
                    rng,
                    s.save_mode,
                    i64::from(s.save(Ability::Constitution)),
                    RollLabel::save(&t.name, Ability::Constitution),
                );
                let total = r.total;
                rolls.push(r);
                total
            });
            let success = total.map(|n| n >= i64::from(dc));
            out.save = Some(crate::target::SaveOutcome {
                ability: Ability::Constitution,
                dc,
                total,
                success,
            });
            if success == Some(false) {
                out.conditions.push(Condition::Prone);
            }
        }
        _ => {}
    }
}

impl Caster {
    /// How many attacks the Attack action makes: two from level 5 of a
    /// class with Extra Attack (Paladin, Ranger; the feature does not add
    /// up across classes), one otherwise.
    pub fn attacks_per_action(&self) -> u8 {
        let extra = self
            .classes()
            .iter()
            .any(|&(c, l)| matches!(c, Class::Paladin | Class::Ranger) && l >= 5);
        if extra { 2 } else { 1 }
    }

    /// Attacks still to make in this turn's Attack action: none before it
    /// is taken, none once every attack is made.
    pub fn attacks_left(&self) -> u8 {
        let made = self.turn().attacks_made;
        if made == 0 {
            0
        } else {
            self.attacks_per_action().saturating_sub(made)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_conditions_advantage_and_disadvantage_cancel_out() {
        let m = attack_mode(RollMode::Normal, &[Condition::Invisible], &[], true);
        assert_eq!(m.roll_mode(), RollMode::Advantage);
        let m = attack_mode(
            RollMode::Normal,
            &[Condition::Poisoned],
            &[Condition::Prone],
            true,
        );
        assert_eq!(m.roll_mode(), RollMode::Normal, "one of each cancels");
        let m = attack_mode(RollMode::Normal, &[], &[Condition::Prone], false);
        assert_eq!(m.roll_mode(), RollMode::Disadvantage, "Prone from afar");
        let m = attack_mode(RollMode::Advantage, &[], &[Condition::Invisible], true);
        assert_eq!(m.roll_mode(), RollMode::Normal);
    }
}
