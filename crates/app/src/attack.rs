//! A character attacks with a weapon (issue 34): the one use case behind
//! `grimoire attack` (and the front ends that follow it). The weapon comes
//! from the SRD table and must be in the character's gear; the target's
//! numbers from the encounter's tracker or its stored sheet; Advantage and
//! Disadvantage from the conditions in force; bonuses to attack and damage
//! rolls (Bless, Bane, Divine Favor) and the attacker's own marks on the
//! target (Hex, Hunter's Mark) from the effects in force, never from the
//! request. The hit is committed as a cast's damage is
//! ([`crate::commit_cast`]): tracker hit points, a stored character's own,
//! Concentration saves, the attacker's action, one change.

use grimoire_dice::DiceRng;
use grimoire_rules::{
    AttackMode, AttackRequest, BonusAmount, BonusTarget, CastOutcome, Caster, Condition,
    EffectBoard, RollMode, Target, Weapon, WeaponKind, attack_mode,
};
use grimoire_store::{ChangeId, Entity, Store};

use crate::cast::{commit_cast, encounter_numbers, fill_missing, own_effects};
use crate::error::AppError;
use crate::hit::CharacterHit;
use crate::identity::combatant_named;
use crate::state::{CHARACTER, EncounterState, character, encounter_of, fold};

/// One attack, as a front end asks for it.
#[derive(Debug, Clone)]
pub struct AttackCall {
    /// The attacking character's name.
    pub attacker: String,
    /// The weapon: its id or English or Czech name.
    pub weapon: String,
    /// The target's name.
    pub target: String,
    /// Advantage or Disadvantage the player claims (flanking, help...);
    /// the conditions in force add their own.
    pub roll_mode: RollMode,
    /// Wielded in two hands (a Versatile weapon's larger die).
    pub two_handed: bool,
    /// On a hit, Eldritch Smite: a Pact slot for extra Force damage
    /// ([`Caster::eldritch_smite`]); a miss spends nothing.
    pub eldritch_smite: bool,
    /// What the log records the change as.
    pub command: String,
}

/// An attack made.
#[derive(Debug, Clone)]
pub struct AttackDone {
    /// The attacker as stored afterwards.
    pub attacker: Entity<Caster>,
    /// The weapon used.
    pub weapon: Weapon,
    /// What gave Advantage or Disadvantage.
    pub mode: AttackMode,
    /// The roll, the hit and the damage, as a spell attack's.
    pub outcome: CastOutcome,
    /// The stored characters it damaged (their hit points, their
    /// Concentration save).
    pub hits: Vec<CharacterHit>,
    /// The encounter it was made in, if any.
    pub encounter: Option<String>,
    /// The change that recorded it.
    pub change: Option<ChangeId>,
    /// After a hit, the spells the attacker may cast now because of it
    /// (R11: their trigger is the hit; Divine Smite, Searing Smite...):
    /// prepared, cast on the creature hit, a melee one only after a melee
    /// weapon's hit, while the Bonus Action is free. Each is its own cast.
    pub smites: Vec<grimoire_rules::SpellId>,
    /// A stat-block creature hit while concentrating: its spell and whether
    /// its Constitution save kept it (R15).
    pub creature_concentration: Option<CreatureConcentration>,
}

/// What became of a hit creature's Concentration.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CreatureConcentration {
    /// The creature, as the encounter names it.
    pub creature: String,
    /// The spell it was concentrating on.
    pub spell: grimoire_rules::SpellId,
    /// Whether it still concentrates on it.
    pub kept: bool,
}

/// The spell the stat-block creature `name` of `enc` concentrates on.
fn creature_focus(
    enc: Option<&Entity<EncounterState>>,
    name: &str,
) -> Option<(String, grimoire_rules::SpellId)> {
    let running = enc?.state.running.as_ref()?;
    let c = combatant_named(running, name)?;
    let spell = c.caster.as_deref()?.concentration()?.spell.clone();
    Some((c.name.clone(), spell))
}

/// Makes `call`'s attack and commits it in one change. Refused, changing
/// nothing: an unknown weapon (`unknown_weapon`), one the attacker does
/// not carry (`weapon_not_carried`), another combatant's turn (R9), the
/// action already taken (R9), the attacker at 0 hit points.
pub fn attack<R: DiceRng + ?Sized>(
    store: &mut Store,
    call: &AttackCall,
    rng: &mut R,
) -> Result<AttackDone, AppError> {
    let attacker = character(store, &call.attacker)?;
    let weapon =
        grimoire_catalog::srd_weapon(&call.weapon).ok_or_else(|| AppError::UnknownWeapon {
            name: call.weapon.clone(),
        })?;
    if !attacker.state.equipment().weapons.contains(&weapon.id) {
        return Err(AppError::WeaponNotCarried {
            character: attacker.name.clone(),
            weapon_en: weapon.name_en.clone(),
            weapon_cs: weapon.name_cs.clone(),
        });
    }
    let enc = encounter_of(store, &attacker.name)?;
    let running = enc.as_ref().and_then(|e| e.state.running.as_ref());
    if let Some(r) = running {
        r.check_no_window()?;
        if let Some(c) = combatant_named(r, &attacker.name) {
            grimoire_rules::check_not_down(&attacker.name, c.hp.map(i64::from))?;
        }
        if let Some(current) = r.current()
            && fold(&current.name) != fold(&attacker.name)
        {
            return Err(AppError::NotYourTurn {
                current: current.name.clone(),
                caster: attacker.name.clone(),
            });
        }
    }
    if let Some(v) = attacker.state.vitals() {
        grimoire_rules::check_not_down(&attacker.name, Some(i64::from(v.hp)))?;
    }
    let board = running.map_or_else(|| own_effects(&attacker), |r| r.effects().clone());
    let (target, target_conditions) =
        fit_target(store, Some(&attacker), enc.as_ref(), &call.target, &board)?;
    let melee = weapon.kind == WeaponKind::Melee;
    let mut attacker_conditions: Vec<Condition> =
        attacker.state.conditions().iter().copied().collect();
    attacker_conditions.extend(board.conditions(&attacker.name));
    // Faerie Fire on the target: Advantage, and its Invisible no help.
    let mode = attack_mode(
        call.roll_mode,
        &attacker_conditions,
        &target_conditions,
        melee,
    )
    .with_target_spells(board.advantage_against(&target.name));
    // 2024: a melee hit within 5 feet of a Paralyzed or Unconscious
    // creature is a critical hit.
    let hit_is_critical = melee
        && target_conditions
            .iter()
            .any(|c| matches!(c, Condition::Paralyzed | Condition::Unconscious));
    let mut on_hit_damage = board.riders(&target.name, &attacker.name);
    let smite_events = if call.eldritch_smite {
        let refused = |id: &'static str| AppError::InvalidRequest {
            reason: grimoire_words::Message::new(id).text("name", attacker.name.as_str()),
        };
        if !melee {
            return Err(refused("app-reason-eldritch_smite_melee"));
        }
        let (damage, events) = attacker.state.eldritch_smite().map_err(|r| {
            refused(match r {
                grimoire_rules::SmiteRefusal::NotKnown => "app-reason-eldritch_smite_not_known",
                grimoire_rules::SmiteRefusal::NoPactSlot => "app-reason-no_pact_slot",
                grimoire_rules::SmiteRefusal::UsedThisTurn => "app-reason-eldritch_smite_used",
            })
        })?;
        on_hit_damage.push(damage);
        events
    } else {
        Vec::new()
    };
    let req = AttackRequest {
        on_hit_damage,
        target,
        roll_mode: mode.roll_mode(),
        two_handed: call.two_handed,
        attack_bonuses: board.bonuses(&attacker.name, BonusTarget::AttackRolls),
        damage_bonuses: board.bonuses(&attacker.name, BonusTarget::DamageRolls),
        hit_is_critical,
        mastery: attacker.state.has_mastery(&weapon.id),
    };
    let focus = creature_focus(enc.as_ref(), &req.target.name);
    let mut outcome = grimoire_rules::weapon_attack(&attacker.state, weapon, &req, rng)?;
    // Eldritch Smite spends its Pact slot only on a hit.
    if outcome
        .resolution
        .targets
        .first()
        .and_then(|t| t.attacks.first())
        .is_some_and(|a| a.hit == Some(true))
    {
        outcome.events.extend(smite_events);
    }
    let committed = commit_cast(
        store,
        call.command.clone(),
        &attacker,
        enc.as_ref(),
        &outcome,
        rng,
    )?;
    let version = committed
        .receipt
        .as_ref()
        .and_then(|d| d.touched.first())
        .and_then(|t| t.version)
        .unwrap_or(attacker.version);
    let hit = outcome
        .resolution
        .targets
        .first()
        .and_then(|t| t.attacks.first())
        .is_some_and(|a| a.hit == Some(true));
    let smites = if hit {
        after_the_hit(&committed.caster, weapon)
    } else {
        Vec::new()
    };
    let damaged = outcome
        .resolution
        .targets
        .first()
        .is_some_and(|t| t.damage_total > 0);
    let creature_concentration = match (&focus, &committed.encounter) {
        (Some((creature, spell)), Some(e)) if damaged => {
            let after = crate::state::encounter(store, e)?;
            let now = creature_focus(Some(&after), creature);
            Some(CreatureConcentration {
                creature: creature.clone(),
                spell: spell.clone(),
                kept: now.is_some_and(|(_, s)| s == *spell),
            })
        }
        _ => None,
    };
    Ok(AttackDone {
        creature_concentration,
        smites,
        attacker: Entity {
            version,
            state: committed.caster,
            ..attacker
        },
        weapon: weapon.clone(),
        mode,
        outcome,
        hits: committed.hits,
        encounter: committed.encounter,
        change: committed.receipt.map(|r| r.change),
    })
}

/// The spells `caster` may cast because its attack with `weapon` hit: see
/// [`AttackDone::smites`].
fn after_the_hit(caster: &Caster, weapon: &Weapon) -> Vec<grimoire_rules::SpellId> {
    if !caster
        .turn()
        .available(grimoire_rules::ActionKind::BonusAction)
    {
        return Vec::new();
    }
    let srd = grimoire_catalog::Catalog::srd();
    let known = caster
        .prepared()
        .iter()
        .chain(caster.always_prepared().map(|e| &e.spell));
    let mut out: Vec<grimoire_rules::SpellId> = Vec::new();
    for id in known {
        let Some(found) = srd.get(id.as_str()) else {
            continue;
        };
        let spell = &found.spell;
        let melee_only = crate::cast::hit_melee_only(spell);
        if spell.targeting.on_creature_hit
            && (weapon.kind == WeaponKind::Melee || !melee_only)
            && !out.contains(id)
        {
            out.push(id.clone());
        }
    }
    out
}

/// The target with what is known of it (the tracker's numbers for a
/// combatant, a stored character's AC and hit points, flat AC bonuses in
/// force such as Shield of Faith), and its conditions: its own and those
/// the spells in force impose.
pub(crate) fn fit_target(
    store: &Store,
    attacker: Option<&Entity<Caster>>,
    enc: Option<&Entity<EncounterState>>,
    name: &str,
    board: &EffectBoard,
) -> Result<(Target, Vec<Condition>), AppError> {
    let running = enc.and_then(|e| e.state.running.as_ref());
    let mut req = grimoire_rules::CastRequest::new().target(Target::named(name));
    if let Some(r) = running {
        encounter_numbers(r, &mut req);
    }
    let mut target = req.targets.remove(0);
    let mut conditions: Vec<Condition> = Vec::new();
    let stored =
        if let Some(a) = attacker.filter(|a| fold(name) == fold(&a.name) && a.kind == CHARACTER) {
            Some(a.clone())
        } else {
            crate::identity::target_character(store, running, name)?
        };
    if let Some(c) = stored {
        target.name.clone_from(&c.name);
        fill_missing(
            target.stats.get_or_insert_with(Default::default),
            c.state.as_target(),
        );
        conditions.extend(c.state.conditions().iter().copied());
    } else if let Some(c) = running.and_then(|r| combatant_named(r, &target.name)) {
        if let Some(k) = c.caster.as_deref() {
            conditions.extend(k.conditions().iter().copied());
        }
    }
    if let Some(ac) = target.stats.as_mut().and_then(|s| s.ac.as_mut()) {
        for b in board.bonuses(&target.name, BonusTarget::ArmorClass) {
            if let BonusAmount::Flat(n) = b {
                *ac = ac.saturating_add(n);
            }
        }
    }
    conditions.extend(board.conditions(&target.name));
    conditions.sort_unstable();
    conditions.dedup();
    Ok((target, conditions))
}

/// An attack as the CLI's `--json` (and any front end) shows it: the
/// weapon, what gave Advantage or Disadvantage, every roll and the target.
#[derive(Debug, Clone, serde::Serialize)]
pub struct AttackView {
    /// The attacker.
    pub attacker: String,
    /// The weapon's id.
    pub weapon: String,
    /// Its English name.
    pub weapon_name: String,
    /// Its Czech name.
    pub weapon_name_cs: String,
    /// The ability used (Str, or Dex for a finesse or ranged weapon).
    pub ability: grimoire_rules::Ability,
    /// Whether the proficiency bonus counts.
    pub proficient: bool,
    /// The attack bonus (ability modifier plus proficiency).
    pub attack_bonus: i32,
    /// The d20 rolled: normal, advantage or disadvantage.
    pub roll_mode: RollMode,
    /// What gave Advantage and Disadvantage.
    pub reasons: AttackMode,
    /// Every roll, in order (the d20, bonus dice, each damage part).
    pub rolls: Vec<grimoire_rules::RollRecord>,
    /// The target: the attack, the damage by type, hit points after.
    pub target: Option<grimoire_rules::TargetOutcome>,
    /// The stored characters it damaged, with their Concentration save.
    pub characters: Vec<CharacterHit>,
    /// The encounter it was made in.
    pub encounter: Option<String>,
    /// After a hit, the spells the attacker may cast now because of it
    /// ([`AttackDone::smites`]), each as its own cast.
    pub smites: Vec<grimoire_rules::SpellId>,
    /// A hit creature's Concentration afterwards.
    pub creature_concentration: Option<CreatureConcentration>,
    /// Attacks still to make in this Attack action (Extra Attack), each
    /// without another action.
    pub attacks_left: u8,
    /// The weapon's mastery property, when the attacker has mastery of it
    /// (2024 Weapon Mastery): Graze and Topple are resolved on the card
    /// (damage on a miss; the target's save and Prone), the others named
    /// for the table to apply.
    pub mastery: Option<grimoire_rules::Mastery>,
}

impl AttackView {
    /// The view of `done`.
    pub fn new(done: &AttackDone) -> Self {
        let c = &done.attacker.state;
        let w = &done.weapon;
        let r = &done.outcome.resolution;
        AttackView {
            attacker: done.attacker.name.clone(),
            weapon: w.id.clone(),
            weapon_name: w.name_en.clone(),
            weapon_name_cs: w.name_cs.clone(),
            ability: w.ability(c),
            proficient: w.is_proficient(c),
            attack_bonus: r.attack_bonus,
            roll_mode: done.mode.roll_mode(),
            reasons: done.mode.clone(),
            rolls: r.rolls.clone(),
            target: r.targets.first().cloned(),
            characters: done.hits.clone(),
            encounter: done.encounter.clone(),
            smites: done.smites.clone(),
            creature_concentration: done.creature_concentration.clone(),
            attacks_left: c.attacks_left(),
            mastery: c.has_mastery(&w.id).then_some(w.mastery),
        }
    }
}
