//! A creature the GM runs attacks a character (issue 34): the one use case
//! behind `grimoire attack CREATURE WEAPON -t CHARACTER` in an encounter
//! (and the API and MCP after it). The attack roll meets the character's
//! Armor Class (its sheet's, with the bonuses in force); a hit that
//! Shield's +5 would turn into a miss opens the window for Reactions
//! ([`Trigger::Hit`], R11) with the attack waiting in it, and its damage
//! lands when the window closes ([`crate::reaction::resolve`]) if it still
//! hits. Otherwise the damage lands at once: the character's hit points,
//! its Concentration save, 0 hit points and death saves, as any damage.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    AttackMode, CastOutcome, Condition, CreatureAttack, CreatureAttackRoll, DamageType,
    DiceFormula, EncounterEvent, RollMode, SpellId, Trigger, attack_mode, roll_creature_attack,
    still_hits,
};
use grimoire_store::{ChangeId, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::hit::CharacterHit;
use crate::identity::combatant_named;
use crate::reaction::Reactor;
use crate::state::{Batch, encounter_of};

/// Shield's bonus to AC (the one Reaction of the SRD that answers a hit).
const SHIELD_AC: i32 = 5;

/// What the creature attacks with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreatureWeapon {
    /// A weapon of the SRD table (its die and type), plus the creature's
    /// damage modifier.
    Weapon {
        /// Its id or English or Czech name.
        weapon: String,
        /// Added to the damage (the creature's Strength or Dexterity).
        damage_bonus: i32,
    },
    /// An attack of the stat block's own (a Claw, a Bite).
    Own {
        /// Its name.
        name: String,
        /// Its damage, modifier included (`2d6+3`).
        damage: DiceFormula,
        /// Its damage type.
        damage_type: DamageType,
        /// A melee attack.
        melee: bool,
    },
}

/// A creature's attack, as the GM asks for it.
#[derive(Debug, Clone)]
pub struct CreatureAttackCall {
    /// The attacking creature, a combatant of the target's encounter.
    pub attacker: String,
    /// What it attacks with.
    pub weapon: CreatureWeapon,
    /// The attack roll's bonus, as its stat block prints it.
    pub bonus: i32,
    /// The character attacked.
    pub target: String,
    /// Advantage or Disadvantage the GM claims; conditions add their own.
    pub roll_mode: RollMode,
    /// What the log records the change as.
    pub command: String,
}

/// A creature's attack made.
#[derive(Debug, Clone, Serialize)]
pub struct CreatureAttackDone {
    /// The encounter.
    pub encounter: String,
    /// The attacker.
    pub attacker: String,
    /// The character attacked, as the encounter names it.
    pub target: String,
    /// The attack roll, before any Reaction.
    pub roll: CreatureAttackRoll,
    /// What gave Advantage or Disadvantage.
    pub reasons: AttackMode,
    /// Landed at once: the roll, the damage, hit points after; `None`
    /// while it waits in the window.
    pub outcome: Option<CastOutcome>,
    /// The characters it damaged.
    pub hits: Vec<CharacterHit>,
    /// Who may answer the hit now (Shield) when it waits.
    pub reactors: Vec<Reactor>,
    /// The change.
    #[serde(skip)]
    pub change: Option<ChangeId>,
}

/// The largest attack bonus or damage modifier a creature's attack takes
/// (the SRD's highest stat blocks stay well under it).
pub const MAX_ATTACK_NUMBER: i32 = 30;

/// The most damage dice one creature's attack rolls.
pub const MAX_ATTACK_DICE: u32 = 40;

/// Refuses numbers no stat block has, before any work.
fn check_numbers(call: &CreatureAttackCall) -> Result<(), AppError> {
    let (dice, modifier) = match &call.weapon {
        CreatureWeapon::Weapon { damage_bonus, .. } => (1, *damage_bonus),
        CreatureWeapon::Own { damage, .. } => (damage.count, damage.bonus),
    };
    let fits = |n: i32| (-MAX_ATTACK_NUMBER..=MAX_ATTACK_NUMBER).contains(&n);
    if fits(call.bonus) && fits(modifier) && dice <= MAX_ATTACK_DICE {
        return Ok(());
    }
    Err(AppError::InvalidRequest {
        reason: grimoire_words::Message::new("app-reason-creature_attack_numbers")
            .number("max", MAX_ATTACK_NUMBER)
            .number("dice", MAX_ATTACK_DICE),
    })
}

/// The attack `call` asks for.
fn stated(call: &CreatureAttackCall) -> Result<CreatureAttack, AppError> {
    let bad_id = |_| AppError::UnknownWeapon {
        name: call.attacker.clone(),
    };
    Ok(match &call.weapon {
        CreatureWeapon::Weapon {
            weapon,
            damage_bonus,
        } => {
            let w =
                grimoire_catalog::srd_weapon(weapon).ok_or_else(|| AppError::UnknownWeapon {
                    name: weapon.clone(),
                })?;
            let mut damage = w.damage;
            damage.bonus = damage.bonus.saturating_add(*damage_bonus);
            CreatureAttack {
                id: SpellId::new(w.id.clone()).map_err(bad_id)?,
                name: w.name_en.clone(),
                bonus: call.bonus,
                damage,
                damage_type: w.damage_type,
                melee: w.kind == grimoire_rules::WeaponKind::Melee,
            }
        }
        CreatureWeapon::Own {
            name,
            damage,
            damage_type,
            melee,
        } => CreatureAttack {
            id: SpellId::new("attack").map_err(bad_id)?,
            name: name.clone(),
            bonus: call.bonus,
            damage: *damage,
            damage_type: *damage_type,
            melee: *melee,
        },
    })
}

/// Makes `call`'s attack. Refused, changing nothing: the target in no
/// running encounter (`not_in_encounter`), the attacker no creature of it
/// (`unknown_combatant`) or at 0 hit points, a window already open, an
/// unknown weapon.
pub fn creature_attack<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &CreatureAttackCall,
    reactions: &[grimoire_rules::Spell],
    rng: &mut R,
) -> Result<CreatureAttackDone, AppError> {
    check_numbers(call)?;
    let attack = stated(call)?;
    let target_entity = crate::state::character(store, &call.target)?;
    let outside = || AppError::InvalidRequest {
        reason: grimoire_words::Message::new("app-reason-creature_attack_outside_encounter")
            .text("name", target_entity.name.as_str()),
    };
    let e = encounter_of(store, &target_entity.name)?.ok_or_else(outside)?;
    let running = e.state.running.clone().ok_or_else(outside)?;
    running.check_no_window()?;
    let a = combatant_named(&running, &call.attacker)
        .filter(|c| c.is_creature())
        .ok_or_else(|| grimoire_rules::RulesError::UnknownCombatant {
            name: call.attacker.clone(),
        })?
        .clone();
    grimoire_rules::check_not_down(&a.name, a.hp.map(i64::from))?;
    let board = running.effects().clone();
    let (target, target_conditions) =
        crate::attack::fit_target(store, None, Some(&e), &target_entity.name, &board)?;
    let mut attacker_conditions: Vec<Condition> = a
        .caster
        .as_deref()
        .map(|k| k.conditions().iter().copied().collect())
        .unwrap_or_default();
    attacker_conditions.extend(board.conditions(&a.name));
    let mode = attack_mode(
        call.roll_mode,
        &attacker_conditions,
        &target_conditions,
        attack.melee,
    )
    .with_target_spells(board.advantage_against(&target.name));
    let hit_is_critical = attack.melee
        && target_conditions
            .iter()
            .any(|c| matches!(c, Condition::Paralyzed | Condition::Unconscious));
    let roll = roll_creature_attack(&attack, &target, mode.roll_mode(), hit_is_critical, rng);
    let trigger = Trigger::Hit {
        attacker: a.name.clone(),
        target: target.name.clone(),
        attack_total: i32::try_from(roll.outcome.total).unwrap_or(i32::MAX),
        ac: roll.ac.unwrap_or_default(),
    };
    // Shield matters only to a hit it can turn into a miss.
    let answerable = roll.outcome.hit == Some(true) && !still_hits(&roll, SHIELD_AC);
    let could = if answerable {
        crate::reaction::reactors(store, &running, &trigger, None, reactions)?
    } else {
        Vec::new()
    };
    let mut running = running;
    let mut batch = Batch::new(call.command.clone());
    if !could.is_empty() {
        let mut opened = running.open_window(trigger, None)?;
        for ev in &mut opened {
            if let EncounterEvent::WindowOpened { window } = ev {
                window.attack = Some(roll.pending(&target.name));
            }
        }
        running.apply_all(&opened);
        let receipt = crate::monster::commit(store, batch, &e, running, &opened)?;
        return Ok(CreatureAttackDone {
            encounter: e.name.clone(),
            attacker: a.name,
            target: target.name.clone(),
            roll,
            reasons: mode,
            outcome: None,
            hits: Vec::new(),
            reactors: could,
            change: receipt.map(|r| r.change),
        });
    }
    let hits_now = roll.outcome.hit != Some(false);
    let mut events = Vec::new();
    let (outcome, hits) = crate::landing::land(
        store,
        &mut batch,
        &mut running,
        &a.name,
        &roll,
        &target,
        hits_now,
        rng,
        &mut events,
    )?;
    let receipt = crate::monster::commit(store, batch, &e, running, &events)?;
    Ok(CreatureAttackDone {
        encounter: e.name.clone(),
        attacker: a.name,
        target: target.name.clone(),
        roll,
        reasons: mode,
        outcome: Some(outcome),
        hits,
        reactors: Vec::new(),
        change: receipt.map(|r| r.change),
    })
}
