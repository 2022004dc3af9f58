//! Resolving a spell's effect (R16): attack rolls, saves, damage with
//! criticals and defences, healing, conditions; scaling by slot level (R6)
//! and cantrip tier; invalid targets (R18).

use std::borrow::Cow;

use compact_str::CompactString;
use grimoire_dice::DiceRng;
use smallvec::SmallVec;

use crate::caster::Caster;
use crate::effect::{Bonus, CantripScaling, Damage, Delivery, Healing, OnSave, TurnDamage};
use crate::formula::DiceFormula;
use crate::label::RollLabel;
use crate::level::SpellLevel;
use crate::metamagic::Reroll;
use crate::note::Note;
use crate::request::CastRequest;
use crate::reshape::{empowered_picks, with_disadvantage};
use crate::roll::{RollRecord, notation, roll_bonuses, roll_d20, roll_formula, roll_noted};
use crate::shaping::{DamageBonus, Shaping};
use crate::spell::Spell;
use crate::target::{AttackOutcome, DamageDealt, SaveOutcome, Target, TargetOutcome};

/// The caster's numbers for one casting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stats {
    /// R19.
    pub save_dc: i32,
    /// R20.
    pub attack_bonus: i32,
    /// Spellcasting ability modifier, for "add your modifier".
    pub modifier: i32,
}

pub(crate) struct Applied {
    pub rolls: Vec<RollRecord>,
    pub targets: Vec<TargetOutcome>,
    /// Indices into the request's targets of those the spell affects (valid
    /// ones); their names are copied only for a spell that lasts.
    pub affected: SmallVec<[usize; 8]>,
    pub notes: Vec<Note>,
    /// The spell's bonuses at this casting's level (R6).
    pub bonuses: Vec<Bonus>,
    /// Its turn damage at this casting's level and chosen type (R6, R16).
    pub each_turn: Vec<TurnDamage>,
    /// Whether Seeking Spell rerolled a miss (its point is spent only then).
    pub seeking_used: bool,
    /// Whether Empowered Spell met a damage roll (its point is spent only
    /// then: a missed spell attack rolls no damage).
    pub empowered_used: bool,
}

/// A spell's numbers at one casting: instances, targets, damage, healing
/// and bonuses after slot-level (R6) and cantrip scaling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScaledEffect {
    /// Instances (darts, rays, beams).
    pub instances: u32,
    /// Most targets; `None` for any number.
    pub max_targets: Option<u32>,
    /// Damage parts, each grown; a part grown by dice of another size adds
    /// a part of its own.
    pub damage: Vec<Damage>,
    /// Healing, grown.
    pub healing: Option<Healing>,
    /// Bonuses granted while the spell lasts, grown.
    pub bonuses: Vec<Bonus>,
    /// Damage at the start or end of its targets' turns, grown.
    pub each_turn: Vec<TurnDamage>,
}

/// What `spell` does when cast at `cast_level` by a caster of
/// `character_level` (R6, cantrip tiers), as the engine resolves it.
pub fn scaled_effect(spell: &Spell, cast_level: SpellLevel, character_level: u8) -> ScaledEffect {
    let scaled = scale(spell, cast_level, character_level);
    ScaledEffect {
        instances: scaled.instances,
        max_targets: scaled.max_targets,
        // Parts are shown grown, so with no growth of their own left.
        damage: scaled
            .damage
            .into_owned()
            .into_iter()
            .map(|d| Damage {
                per_slot: None,
                ..d
            })
            .collect(),
        healing: scaled.healing,
        bonuses: scaled.bonuses,
        each_turn: scaled.each_turn,
    }
}

/// A [`ScaledEffect`] as resolving uses it: the damage parts are the
/// spell's own, not a copy, when nothing grows or changes them (a spell
/// cast at its own level), so most casts copy no damage list.
struct Scaled<'a> {
    instances: u32,
    max_targets: Option<u32>,
    /// Parts to roll. Borrowed parts may still carry their `per_slot`
    /// growth, which resolving never reads: at the spell's own level it
    /// adds nothing.
    damage: Cow<'a, [Damage]>,
    healing: Option<Healing>,
    bonuses: Vec<Bonus>,
    each_turn: Vec<TurnDamage>,
}

/// See [`scaled_effect`].
fn scale(spell: &Spell, cast_level: SpellLevel, character_level: u8) -> Scaled<'_> {
    let e = &spell.effect;
    let above = u32::from(cast_level.get().saturating_sub(spell.level.get()));
    let mut instances = e
        .instances
        .max(1)
        .saturating_add(e.upcast.extra_instances.saturating_mul(above));
    // Growing by zero levels only clears `per_slot`, so nothing to copy.
    let mut damage: Cow<'_, [Damage]> = if above == 0 {
        Cow::Borrowed(&e.damage)
    } else {
        Cow::Owned(grow_parts(&e.damage, above))
    };
    let mut healing = e.healing.clone();
    if let Some(h) = healing.as_mut() {
        if let Some(per) = h.per_slot.take() {
            // Healing is one roll: dice of another size cannot join it.
            grow(&mut h.dice, per, above);
        }
    }
    if let Some(extra) = e.upcast.extra_dice.filter(|_| above > 0) {
        let damage = damage.to_mut();
        if let Some(first) = damage.first_mut() {
            if let Some(dice) = grow(&mut first.dice, extra, above) {
                let extra_part = Damage {
                    dice,
                    ..first.clone()
                };
                damage.push(extra_part);
            }
        } else if let Some(h) = healing.as_mut() {
            grow(&mut h.dice, extra, above);
        }
    }
    if spell.level.is_cantrip() {
        let tier = CantripScaling::tier(character_level);
        match e.cantrip_scaling {
            CantripScaling::Dice => {
                for d in damage.to_mut() {
                    d.dice = d.dice.times(tier);
                }
                if let Some(h) = healing.as_mut() {
                    h.dice = h.dice.times(tier);
                }
            }
            CantripScaling::Instances => instances = instances.saturating_mul(tier),
            CantripScaling::None => {}
        }
    }
    let bonuses = e
        .bonuses
        .iter()
        .map(|b| Bonus {
            amount: b.amount.grown(b.per_slot, above),
            per_slot: 0,
            ..b.clone()
        })
        .collect();
    let each_turn = e
        .each_turn
        .iter()
        .map(|t| TurnDamage {
            damage: grow_parts(&t.damage, above),
            ..t.clone()
        })
        .collect();
    Scaled {
        each_turn,
        instances: instances.min(crate::formula::MAX_DICE),
        max_targets: spell
            .targeting
            .max_targets
            .map(|t| t.saturating_add(e.upcast.extra_targets.saturating_mul(above))),
        damage,
        healing,
        bonuses,
    }
}

/// Damage parts grown by their `per_slot` once per level `above` (R6);
/// a part grown by dice of another size (a d6 per level on a d10 part)
/// adds a part of its own.
fn grow_parts(parts: &[Damage], above: u32) -> Vec<Damage> {
    let mut damage = Vec::with_capacity(parts.len());
    for part in parts {
        let mut grown = part.clone();
        grown.per_slot = None;
        let extra = part
            .per_slot
            .and_then(|per| grow(&mut grown.dice, per, above));
        damage.push(grown);
        if let Some(dice) = extra {
            damage.push(Damage {
                dice,
                per_slot: None,
                ..part.clone()
            });
        }
    }
    damage
}

/// Grows `dice` by `per` once per level `above` (R6): the flat part always,
/// the dice when they are the same kind. Dice of another kind come back
/// to be rolled as their own formula.
fn grow(dice: &mut DiceFormula, per: DiceFormula, above: u32) -> Option<DiceFormula> {
    if above == 0 {
        return None;
    }
    let levels = i32::try_from(above).unwrap_or(i32::MAX);
    dice.bonus = dice.bonus.saturating_add(per.bonus.saturating_mul(levels));
    let add = per
        .count
        .saturating_mul(above)
        .min(crate::formula::MAX_DICE);
    if add == 0 {
        return None;
    }
    if dice.sides == per.sides || dice.count == 0 {
        dice.sides = per.sides;
        dice.count = dice.count.saturating_add(add).min(crate::formula::MAX_DICE);
        None
    } else {
        Some(DiceFormula::new(add, per.sides))
    }
}

/// Which target the `n`th instance (dart, ray) goes to: they are dealt
/// out in turn, so three darts on two targets land 2 and 1.
fn round_robin(targets: &[usize], n: u32) -> Option<usize> {
    let len = targets.len();
    (len > 0).then(|| targets[n as usize % len])
}

/// R18: a target the spell cannot affect, as the caller says or by its
/// creature type (one the spell excludes, or not one of the only types it
/// affects). A target of unknown type is taken as valid.
fn is_invalid(spell: &Spell, t: &Target) -> bool {
    let targeting = &spell.targeting;
    t.invalid
        || t.creature_type.as_ref().is_some_and(|ct| {
            targeting
                .unaffected_types
                .iter()
                .any(|u| u.eq_ignore_ascii_case(ct))
                || (!targeting.affected_types.is_empty()
                    && !targeting
                        .affected_types
                        .iter()
                        .any(|a| a.eq_ignore_ascii_case(ct)))
        })
}

/// One rolled damage part, before halving and defences.
pub(crate) struct Rolled<'a> {
    /// The part rolled, for its type and the creatures it harms.
    part: &'a Damage,
    /// The total rolled.
    amount: u32,
}

/// A damage part ready to roll: its formula for this casting (doubled on a
/// critical hit, the modifier added), with the roll's label and notation
/// written once for every instance that rolls it.
pub(crate) struct PreparedPart {
    formula: DiceFormula,
    label: RollLabel,
    notation: CompactString,
}

/// The parts of `damage` as rolled by this caster; a critical hit rolls the
/// dice twice.
pub(crate) fn prepare_damage(
    damage: &[Damage],
    stats: &Stats,
    critical: bool,
) -> SmallVec<[PreparedPart; 2]> {
    damage
        .iter()
        .map(|d| {
            let mut formula = d.dice;
            if critical {
                formula = formula.times(2);
            }
            if d.add_modifier {
                formula.bonus = formula.bonus.saturating_add(stats.modifier);
            }
            let label = if d.only_against.is_empty() {
                RollLabel::damage(d.damage_type)
            } else {
                RollLabel::Damage {
                    damage_type: d.damage_type,
                    only_against: d.only_against.iter().map(|t| t.as_str().into()).collect(),
                }
            };
            PreparedPart {
                formula,
                label,
                notation: notation(formula),
            }
        })
        .collect()
}

/// Rolls the damage of one instance from its prepared parts (`prepared[i]`
/// is `damage[i]`'s).
pub(crate) fn roll_prepared<'a, R: DiceRng + ?Sized>(
    rng: &mut R,
    damage: &'a [Damage],
    prepared: &[PreparedPart],
    rolls: &mut Vec<RollRecord>,
) -> SmallVec<[Rolled<'a>; 2]> {
    damage
        .iter()
        .zip(prepared)
        .map(|(d, p)| {
            let r = roll_noted(rng, p.formula, label_copy(&p.label), p.notation.clone());
            let amount = u32::try_from(r.total.max(0)).unwrap_or(u32::MAX);
            rolls.push(r);
            Rolled { part: d, amount }
        })
        .collect()
}

/// A copy of a damage part's label for one more roll of it: a label for
/// every creature (the usual one) is built anew, which costs less than
/// cloning its empty list.
#[inline]
fn label_copy(label: &RollLabel) -> RollLabel {
    match label {
        RollLabel::Damage {
            damage_type,
            only_against,
        } if only_against.is_empty() => RollLabel::damage(*damage_type),
        other => other.clone(),
    }
}

/// Rolls the damage of one instance; a critical hit rolls the dice twice.
/// A spell has one or two damage parts, kept inline.
pub(crate) fn roll_damage<'a, R: DiceRng + ?Sized>(
    rng: &mut R,
    damage: &'a [Damage],
    stats: &Stats,
    critical: bool,
    rolls: &mut Vec<RollRecord>,
) -> SmallVec<[Rolled<'a>; 2]> {
    let prepared = prepare_damage(damage, stats, critical);
    roll_prepared(rng, damage, &prepared, rolls)
}

/// The parts of `rolled` that harm `target`; a part limited to creature
/// types the target does not state is left out with a note.
fn harming<'r, 'a>(
    out: &mut TargetOutcome,
    target: &Target,
    rolled: &'r [Rolled<'a>],
) -> SmallVec<[&'r Rolled<'a>; 2]> {
    let mut kept = SmallVec::new();
    for r in rolled {
        match r.part.harms(target) {
            Some(true) => kept.push(r),
            Some(false) => {}
            None => {
                out.note = Some(Note::MoreDamage {
                    amount: r.amount,
                    damage_type: r.part.damage_type,
                    only_against: r
                        .part
                        .only_against
                        .iter()
                        .map(|t| t.as_str().into())
                        .collect(),
                });
            }
        }
    }
    kept
}

/// Applies rolled damage to a target: halving on a save (R16), then its
/// resistance, vulnerability or immunity.
pub(crate) fn take(
    out: &mut TargetOutcome,
    target: &Target,
    rolled: &[Rolled<'_>],
    halve: bool,
) -> u32 {
    let mut sum = 0u32;
    for r in harming(out, target, rolled) {
        let (ty, amount) = (r.part.damage_type, r.amount);
        let base = if halve { amount / 2 } else { amount };
        let taken = target
            .stats
            .as_ref()
            .map(|s| s.defense(ty).apply(base))
            .unwrap_or(base);
        out.damage.push(DamageDealt {
            damage_type: ty,
            rolled: amount,
            taken,
        });
        sum = sum.saturating_add(taken);
    }
    sum
}

fn with_defenses(target: &Target, rolled: &[Rolled<'_>], halve: bool) -> u32 {
    rolled
        .iter()
        .filter(|r| r.part.harms(target) == Some(true))
        .map(|r| {
            let base = if halve { r.amount / 2 } else { r.amount };
            target
                .stats
                .as_ref()
                .map(|s| s.defense(r.part.damage_type).apply(base))
                .unwrap_or(base)
        })
        .fold(0u32, u32::saturating_add)
}

/// How many rolls a casting makes before any bonus dice (Bless's d4), so
/// the list is allocated once: each instance's damage parts, a save per
/// target or an attack per instance, healing per target. Bounded, as a
/// hint only.
fn expected_rolls(delivery: &Delivery, scaled: &Scaled<'_>, request: &CastRequest) -> usize {
    let instances = scaled.instances as usize;
    let damage = instances.saturating_mul(scaled.damage.len());
    let targets = request.targets.len();
    let per_delivery = match delivery {
        Delivery::Automatic => 0,
        Delivery::Save { .. } => targets,
        Delivery::Attack(_) => instances.saturating_mul(1 + request.on_hit_damage.len()),
    };
    let healing = if scaled.healing.is_some() { targets } else { 0 };
    damage
        .saturating_add(per_delivery)
        .saturating_add(healing)
        .min(MAX_EXPECTED_ROLLS)
}

/// Most rolls [`expected_rolls`] reserves room for; more simply grow the list.
const MAX_EXPECTED_ROLLS: usize = 64;

pub(crate) fn resolve_effect<R: DiceRng + ?Sized>(
    caster: &Caster,
    spell: &Spell,
    cast_level: SpellLevel,
    stats: &Stats,
    request: &CastRequest,
    shaping: &Shaping,
    rng: &mut R,
) -> Applied {
    let mut scaled = scale(spell, cast_level, caster.cantrip_level());
    // Empowered Spell rerolls dice of the first damage rolled, a damage
    // bonus adds to the first roll it fits, Overchannel maximizes every
    // roll; Seeking Spell rerolls the first missed attack.
    let mut pending = Pending {
        active: shaping.maximum
            || shaping.empowered.is_some()
            || !shaping.damage_bonuses.is_empty(),
        empowered: shaping.empowered,
        empowered_used: false,
        maximum: shaping.maximum,
        bonuses: shaping.damage_bonuses.clone(),
    };
    let mut seeking_used = false;
    // R16: a chosen type goes to every part that offers it.
    if let Some(chosen) = request.damage_type {
        let turn_parts = scaled
            .each_turn
            .iter_mut()
            .flat_map(|t| t.damage.iter_mut());
        for d in scaled.damage.to_mut().iter_mut().chain(turn_parts) {
            if d.offers(chosen) {
                d.damage_type = chosen;
            }
        }
    }
    let e = &spell.effect;
    let mut rolls = Vec::with_capacity(expected_rolls(&e.delivery, &scaled, request));
    let mut notes = Vec::new();
    let mut outs: Vec<TargetOutcome> = request.targets.iter().map(TargetOutcome::new).collect();
    let valid: SmallVec<[usize; 8]> = (0..request.targets.len())
        .filter(|i| !is_invalid(spell, &request.targets[*i]))
        .collect();
    // A part that only some creature types take (Divine Smite's extra
    // 1d8 against a Fiend or Undead) is rolled only when a target may take
    // it: one of those types, or one whose type is not stated (its note
    // then says what the part needs).
    if !valid.is_empty() && scaled.damage.iter().any(|d| !d.only_against.is_empty()) {
        let (kept, dropped): (Vec<Damage>, Vec<Damage>) =
            scaled.damage.iter().cloned().partition(|d| {
                valid
                    .iter()
                    .any(|&i| d.harms(&request.targets[i]) != Some(false))
            });
        if !dropped.is_empty() {
            for d in &dropped {
                notes.push(Note::NoExtraDamage {
                    damage_type: d.damage_type,
                    only_against: d.only_against.iter().map(|t| t.as_str().into()).collect(),
                });
            }
            scaled.damage = Cow::Owned(kept);
        }
    }

    for (i, t) in request.targets.iter().enumerate() {
        if is_invalid(spell, t) {
            let out = &mut outs[i];
            out.affected = false;
            // R18: the slot is spent all the same; how it looks depends on the spell.
            if let Delivery::Save { ability, .. } = e.delivery
                && e.nothing_on_success()
            {
                out.save = Some(SaveOutcome {
                    ability,
                    dc: stats.save_dc,
                    total: None,
                    success: Some(true),
                });
                out.note = Some(Note::AppearsToSucceed);
            } else {
                out.note = Some(Note::NoEffectOnTarget);
            }
        }
    }

    // A spell that harms only later (Flaming Sphere) rolls nothing now:
    // no damage, no save; its effect starts on every target.
    let delivery = if e.on_cast {
        e.delivery.clone()
    } else {
        scaled.damage = Cow::Owned(Vec::new());
        Delivery::Automatic
    };
    match delivery {
        Delivery::Automatic => {
            if !scaled.damage.is_empty() {
                // Instances (darts) go round-robin over the valid targets.
                let prepared = prepare_damage(&scaled.damage, stats, request.critical_hit);
                for n in 0..scaled.instances {
                    let mut rolled = roll_prepared(rng, &scaled.damage, &prepared, &mut rolls);
                    pending.apply(rng, &prepared, &mut rolls, &mut rolled);
                    if let Some(i) = round_robin(&valid, n) {
                        let sum = take(&mut outs[i], &request.targets[i], &rolled, false);
                        outs[i].damage_total = outs[i].damage_total.saturating_add(sum);
                    }
                }
            }
            for &i in &valid {
                outs[i].conditions = e.conditions.clone();
            }
        }
        Delivery::Save {
            ability,
            on_success,
        } => {
            // One roll of the damage for everyone, as areas work.
            let mut rolled_all: SmallVec<[Rolled<'_>; 4]> = SmallVec::new();
            let prepared = prepare_damage(&scaled.damage, stats, request.critical_hit);
            for _ in 0..scaled.instances {
                if !scaled.damage.is_empty() {
                    let mut rolled = roll_prepared(rng, &scaled.damage, &prepared, &mut rolls);
                    pending.apply(rng, &prepared, &mut rolls, &mut rolled);
                    rolled_all.extend(rolled);
                }
            }
            for &i in &valid {
                let t = &request.targets[i];
                // Careful Spell: a protected creature succeeds unrolled
                // and takes no half damage.
                if shaping.is_protected(&t.name) {
                    outs[i].save = Some(SaveOutcome {
                        ability,
                        dc: stats.save_dc,
                        total: None,
                        success: Some(true),
                    });
                    continue;
                }
                // Heightened Spell: its one target saves with Disadvantage.
                let heightened = shaping.is_heightened(&t.name);
                let save = t.stats.as_ref().map(|s| {
                    let label = RollLabel::save(&t.name, ability);
                    let mode = if heightened {
                        with_disadvantage(s.save_mode)
                    } else {
                        s.save_mode
                    };
                    let (r, _) = roll_d20(rng, mode, i64::from(s.save(ability)), label.clone());
                    let total = r.total;
                    rolls.push(r);
                    total + roll_bonuses(rng, &s.save_bonuses, &label, &mut rolls)
                });
                let success = save.map(|total| total >= i64::from(stats.save_dc));
                let out = &mut outs[i];
                out.save = Some(SaveOutcome {
                    ability,
                    dc: stats.save_dc,
                    total: save,
                    success,
                });
                match success {
                    Some(true) => {
                        // Potent Cantrip: a cantrip saved against still
                        // deals half, and nothing else.
                        if on_success == OnSave::Half || shaping.potent_cantrip {
                            out.damage_total = take(out, t, &rolled_all, true);
                        }
                    }
                    Some(false) => {
                        out.damage_total = take(out, t, &rolled_all, false);
                        out.conditions = e.conditions.clone();
                    }
                    None => {
                        out.damage_total = take(out, t, &rolled_all, false);
                        out.damage_on_success = Some(match on_success {
                            OnSave::Half => with_defenses(t, &rolled_all, true),
                            OnSave::None => 0,
                        });
                        out.conditions = e.conditions.clone();
                        out.note = Some(Note::SaveNotRolled {
                            dc: stats.save_dc,
                            ability,
                            on_success,
                        });
                    }
                }
            }
            if request.targets.is_empty() && !rolled_all.is_empty() {
                notes.push(Note::SaveDc {
                    dc: stats.save_dc,
                    ability,
                });
            }
        }
        Delivery::Attack(_) => {
            for n in 0..scaled.instances {
                let Some(i) = round_robin(&valid, n) else {
                    break;
                };
                let t = &request.targets[i];
                // Conditions and effects in force on either side (2024).
                let mode = t.attack_roll_mode.unwrap_or(request.roll_mode);
                let (r, natural) = roll_d20(
                    rng,
                    mode,
                    i64::from(stats.attack_bonus),
                    RollLabel::attack(&t.name),
                );
                let label = r.label.clone();
                let mut total = r.total;
                rolls.push(r);
                let bonuses = roll_bonuses(rng, &request.attack_bonuses, &label, &mut rolls);
                total += bonuses;
                let ac = t.stats.as_ref().and_then(|s| s.ac);
                let mut natural = natural;
                let mut hit = attack_hits(natural, total, ac);
                // Seeking Spell: the first miss rerolls the d20, and the
                // new roll stands.
                if hit == Some(false) && shaping.seeking && !seeking_used {
                    seeking_used = true;
                    let (again, d20) =
                        roll_d20(rng, mode, i64::from(stats.attack_bonus), label.clone());
                    natural = d20;
                    total = again.total + bonuses;
                    rolls.push(again);
                    hit = attack_hits(natural, total, ac);
                }
                // A melee spell attack that hits a Paralyzed or
                // Unconscious target within 5 feet is a Critical Hit (2024).
                let critical = natural == 20 || (t.hit_is_critical && hit == Some(true));
                outs[i].attacks.push(AttackOutcome {
                    natural,
                    total,
                    critical,
                    hit,
                });
                if hit != Some(false) {
                    let prepared = prepare_damage(&scaled.damage, stats, critical);
                    let mut rolled = roll_prepared(rng, &scaled.damage, &prepared, &mut rolls);
                    pending.apply(rng, &prepared, &mut rolls, &mut rolled);
                    // Riders on the target (Hex) add to each hit, criticals included.
                    rolled.extend(roll_damage(
                        rng,
                        &request.on_hit_damage,
                        stats,
                        critical,
                        &mut rolls,
                    ));
                    let sum = take(&mut outs[i], t, &rolled, false);
                    outs[i].damage_total = outs[i].damage_total.saturating_add(sum);
                    if hit == Some(true) {
                        outs[i].conditions = e.conditions.clone();
                    } else {
                        outs[i].note = Some(Note::AcUnknown);
                    }
                } else if shaping.potent_cantrip {
                    // Potent Cantrip: a missed cantrip still deals half its
                    // damage (no riders, no other effect).
                    let prepared = prepare_damage(&scaled.damage, stats, false);
                    let mut rolled = roll_prepared(rng, &scaled.damage, &prepared, &mut rolls);
                    pending.apply(rng, &prepared, &mut rolls, &mut rolled);
                    let sum = take(&mut outs[i], t, &rolled, true);
                    outs[i].damage_total = outs[i].damage_total.saturating_add(sum);
                }
            }
        }
    }

    if let Some(h) = &scaled.healing {
        for &i in &valid {
            let mut f = h.dice;
            if h.add_modifier {
                f.bonus = f.bonus.saturating_add(stats.modifier);
            }
            let mut r = roll_formula(rng, f, RollLabel::healing(&request.targets[i].name));
            // Supreme Healing: every healing die counts its most.
            if shaping.supreme_healing {
                maximize(&mut r, f.sides);
            }
            // Disciple of Life: 2 + the slot's level more.
            let healed = u32::try_from(r.total.max(0)).unwrap_or(u32::MAX);
            outs[i].healing = healed.saturating_add(shaping.healing_bonus);
            rolls.push(r);
        }
    }

    hit_points_after(&request.targets, &mut outs);

    // A lasting effect stays only on those it got through to: not on a
    // target that made its save or that every attack missed. An area a
    // creature can come into harms everyone in it turn after turn, so it
    // stays on every creature it reached (Moonbeam: a save now does not
    // move them out of the area), as does a spell that harmed nobody yet
    // (Flaming Sphere). Harm that follows from what the spell did to a
    // creature stays only where it got through (Ensnaring Strike's
    // Restrained, Weird's Frightened, Phantasmal Killer).
    let enters = scaled
        .each_turn
        .iter()
        .any(|t| t.at == crate::effect::TurnPoint::Enter);
    let lasts_on_all = !scaled.each_turn.is_empty() && (enters || !e.on_cast);
    let affected = valid
        .iter()
        .filter(|&&i| {
            if lasts_on_all {
                return true;
            }
            let out = &outs[i];
            let saved = out.save.as_ref().is_some_and(|s| s.success == Some(true));
            let missed =
                !out.attacks.is_empty() && out.attacks.iter().all(|a| a.hit == Some(false));
            !saved && !missed
        })
        .copied()
        .collect();
    Applied {
        rolls,
        targets: outs,
        affected,
        notes,
        bonuses: scaled.bonuses,
        each_turn: scaled.each_turn,
        seeking_used,
        empowered_used: pending.empowered_used,
    }
}

/// Whether an attack roll hits: a natural 20 always, a natural 1 never,
/// otherwise against the AC when it is known (R20).
fn attack_hits(natural: u32, total: i64, ac: Option<i32>) -> Option<bool> {
    match natural {
        20 => Some(true),
        1 => Some(false),
        _ => ac.map(|ac| total >= i64::from(ac)),
    }
}

/// What is still to happen to the damage rolls of a casting: Empowered
/// Spell's rerolls and each flat bonus, once each; Overchannel's maximum
/// on every roll.
struct Pending {
    /// Whether anything was pending at the start (most casts: nothing, and
    /// then the rolls are left as rolled without looking further).
    active: bool,
    empowered: Option<(usize, Reroll)>,
    /// Whether Empowered Spell met a damage roll (and so is paid).
    empowered_used: bool,
    maximum: bool,
    bonuses: Vec<DamageBonus>,
}

impl Pending {
    /// Applies what is pending to the damage just rolled: the last
    /// `rolled.len()` records of `rolls`, one per part, whose new totals
    /// show in the roll.
    #[inline]
    fn apply<R: DiceRng + ?Sized>(
        &mut self,
        rng: &mut R,
        prepared: &[PreparedPart],
        rolls: &mut [RollRecord],
        rolled: &mut [Rolled<'_>],
    ) {
        // Nothing pending (most casts): the rolls and amounts stand as rolled.
        if self.active {
            self.apply_pending(rng, prepared, rolls, rolled);
        }
    }

    /// [`Pending::apply`] when something is pending.
    #[inline(never)]
    fn apply_pending<R: DiceRng + ?Sized>(
        &mut self,
        rng: &mut R,
        prepared: &[PreparedPart],
        rolls: &mut [RollRecord],
        rolled: &mut [Rolled<'_>],
    ) {
        let start = rolls.len().saturating_sub(rolled.len());
        let records = &mut rolls[start..];
        // Empowered Spell acts on the first damage rolled, and is paid
        // once damage is rolled, even when its rule picks no die.
        let empowered = self.empowered.take();
        self.empowered_used |= empowered.is_some();
        if self.maximum {
            for (record, p) in records.iter_mut().zip(prepared) {
                maximize(record, p.formula.sides);
            }
        } else if let Some((limit, rule)) = empowered {
            empower(rng, limit, rule, prepared, records);
        }
        for (part, r) in rolled.iter_mut().enumerate() {
            let record = &mut records[part];
            if let Some(k) = self
                .bonuses
                .iter()
                .position(|b| b.only.is_none_or(|t| t == r.part.damage_type))
            {
                let bonus = self.bonuses.remove(k);
                record.total += i64::from(bonus.amount);
                record.notation.push_str(&format!("{:+}", bonus.amount));
            }
            r.amount = u32::try_from(record.total.max(0)).unwrap_or(u32::MAX);
        }
    }
}

/// Sets every die of `record` (dice of `sides`) to its most (Overchannel,
/// Supreme Healing), the total with it.
fn maximize(record: &mut RollRecord, sides: u32) {
    for face in record.dice.iter_mut() {
        record.total += i64::from(sides) - i64::from(*face);
        *face = sides;
    }
}

/// Empowered Spell (Metamagic): rerolls the chosen dice among `records`
/// (one per damage part); the new faces stand and show in the roll.
fn empower<R: DiceRng + ?Sized>(
    rng: &mut R,
    limit: usize,
    rule: Reroll,
    prepared: &[PreparedPart],
    records: &mut [RollRecord],
) {
    let mut dice = Vec::new();
    for (part, record) in records.iter().enumerate() {
        let sides = prepared.get(part).map_or(1, |p| p.formula.sides);
        for (die, face) in record.dice.iter().enumerate() {
            dice.push((part, die, *face, sides));
        }
    }
    let faces: Vec<(u32, u32)> = dice.iter().map(|&(_, _, f, s)| (f, s)).collect();
    for pick in empowered_picks(&faces, limit, rule) {
        let (part, die, old, sides) = dice[pick];
        let new = rng.roll_die(sides);
        let record = &mut records[part];
        record.dice[die] = new;
        record.total += i64::from(new) - i64::from(old);
    }
}

/// Where a creature's hit points stand while a cast's outcomes are counted.
struct Standing<'a> {
    /// The name as given, trimmed (compared with [`same_name`]).
    name: &'a str,
    hp: u32,
    temp_hp: u32,
    max_hp: Option<i32>,
}

/// Whether two trimmed names are one creature's: equal once lower-cased.
/// ASCII names (nearly all) are compared in place; any other is lower-cased
/// in full first, as a character such as the Kelvin sign lower-cases into
/// ASCII.
fn same_name(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        a.eq_ignore_ascii_case(b)
    } else {
        a.to_lowercase() == b.to_lowercase()
    }
}

/// Each target's hit points afterwards, when known (R16): damage takes
/// temporary hit points first (as stored hit points do,
/// [`crate::vitals::absorb`]) and stops at 0; healing stops at the maximum.
/// A creature named several times (three darts at one goblin) takes every
/// hit: each mention starts where the one before left it.
pub(crate) fn hit_points_after(targets: &[Target], outs: &mut [TargetOutcome]) {
    let mut standing: SmallVec<[Standing; 8]> = SmallVec::new();
    for (t, out) in targets.iter().zip(outs.iter_mut()) {
        let name = t.name.trim();
        let at = standing.iter().position(|s| same_name(s.name, name));
        let stats = t.stats.as_ref();
        let now = match at {
            Some(i) => &mut standing[i],
            None => {
                let Some(hp) = stats.and_then(|s| s.hp) else {
                    continue;
                };
                let unsigned = |n: i32| u32::try_from(n.max(0)).unwrap_or(0);
                standing.push(Standing {
                    name,
                    hp: unsigned(hp),
                    temp_hp: stats.and_then(|s| s.temp_hp).map_or(0, unsigned),
                    max_hp: stats.and_then(|s| s.max_hp),
                });
                let last = standing.len() - 1;
                &mut standing[last]
            }
        };
        if let Some(max) = stats.and_then(|s| s.max_hp) {
            now.max_hp = Some(max);
        }
        let before = now.hp;
        let (hp, temp_hp) = crate::vitals::absorb(now.hp, now.temp_hp, out.damage_total);
        let mut hp = hp.saturating_add(out.healing);
        if let Some(max) = now.max_hp
            && out.healing > 0
        {
            // Healing never lowers what stood above the maximum.
            let cap = u32::try_from(max.max(0)).unwrap_or(0).max(before);
            hp = hp.min(cap);
        }
        now.hp = hp;
        now.temp_hp = temp_hp;
        out.hp_after = Some(i32::try_from(hp).unwrap_or(i32::MAX));
    }
}

#[cfg(test)]
mod tests {
    use super::same_name;

    /// R16: every mention of one creature counts against the same hit
    /// points; names match as they did when both were lower-cased whole.
    #[test]
    fn r16_names_of_one_creature_match_as_lower_cased() {
        let names = [
            "Goblin",
            "goblin",
            "GOBLIN",
            "Goblins",
            "Kobold",
            "\u{212A}obold",
            "Élise",
            "ÉLISE",
            "Elise",
            "",
        ];
        for a in names {
            for b in names {
                assert_eq!(
                    same_name(a, b),
                    a.to_lowercase() == b.to_lowercase(),
                    "{a} and {b}"
                );
            }
        }
        assert!(same_name("\u{212A}obold", "kobold"));
        assert!(!same_name("Elise", "Élise"));
    }
}
