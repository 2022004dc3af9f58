//! The what-if planner (issue 15): for each spell the character can cast
//! now and each slot it could use, the exact distribution of the damage
//! (or healing) it deals one described target, with its mean, the chance
//! to hit or that the target fails its save, and the chance to bring the
//! target to 0 hit points. Criticals, advantage, save-for-half and
//! resistance, vulnerability and immunity are exact (convolutions and
//! mixtures of [`grimoire_dice::Distribution`]); the caster's numbers come
//! from a dry run of the real cast, so they are the ones a cast would use.

use grimoire_dice::{Distribution, SeededRng};
use grimoire_rules::{
    Ability, Caster, DamageType, Defense, Delivery, DiceFormula, OnSave, RollMode, Spell, SpellId,
    scaled_effect,
};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::options::{Way, options};
use crate::state::EncounterState;
use grimoire_words::{Message, Named};

/// The target a plan is made against; what is left out is assumed
/// unknown (no AC: every attack hits; no save: every save fails).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanTarget {
    /// Armor Class.
    pub ac: Option<i32>,
    /// Hit points, for the chance to bring it to 0.
    pub hp: Option<i32>,
    /// Saving throw bonuses.
    pub saves: Vec<(Ability, i32)>,
    /// Resistances, vulnerabilities and immunities.
    pub defenses: Vec<(DamageType, Defense)>,
    /// Advantage or disadvantage on the caster's attack rolls.
    pub attack_mode: RollMode,
}

/// One line of the plan: a spell at one slot.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanLine {
    /// The spell.
    pub spell: SpellId,
    /// How it is powered (the slot it costs).
    pub way: Way,
    /// The level it is cast at (0 for a cantrip).
    pub level: u8,
    /// `damage` or `healing`.
    pub kind: &'static str,
    /// The expected amount.
    pub mean: f64,
    /// The least and most it can be.
    pub min: i64,
    /// The most it can be.
    pub max: i64,
    /// For an attack: the chance each attack hits (criticals included).
    pub hit_chance: Option<f64>,
    /// For a save: the chance the target fails it.
    pub fail_chance: Option<f64>,
    /// The chance the damage brings the target to 0 (with `hp` given).
    pub kill_chance: Option<f64>,
    /// `[value, probability]`, ascending.
    pub pmf: Vec<(i64, f64)>,
}

/// The whole plan, best expected amount first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    /// The character.
    pub character: String,
    /// One line per spell and slot, best mean first.
    pub lines: Vec<PlanLine>,
}

/// The most lines a plan holds (every spell at every slot is well below).
pub const MAX_LINES: usize = 400;

fn dist(f: DiceFormula) -> Result<Distribution, AppError> {
    let text = f.to_string();
    let expr = grimoire_dice::parse(&text).map_err(|e| AppError::PlanTooCostly {
        message: grimoire_words::dice_error(&e),
    })?;
    expr.distribution().map_err(|e| AppError::PlanTooCostly {
        message: grimoire_words::distribution_error(&e),
    })
}

fn convolve(a: &Distribution, b: &Distribution) -> Result<Distribution, AppError> {
    a.convolve(b).map_err(|e| AppError::PlanTooCostly {
        message: grimoire_words::distribution_error(&e),
    })
}

/// The sum of `n` independent copies of `d`.
fn times(d: &Distribution, n: u32) -> Result<Distribution, AppError> {
    let mut total = Distribution::point(0);
    for _ in 0..n {
        total = convolve(&total, d)?;
    }
    Ok(total)
}

/// Damage of the parts as the target takes it: each part halved first
/// when `halve` (a save for half, R16), then its defence applied.
fn taken(
    parts: &[grimoire_rules::Damage],
    target: &PlanTarget,
    modifier: i32,
    crit: bool,
    halve: bool,
) -> Result<Distribution, AppError> {
    let mut total = Distribution::point(0);
    for p in parts {
        if !p.only_against.is_empty() {
            continue;
        }
        let mut f = p.dice;
        if crit {
            f = f.times(2);
        }
        if p.add_modifier {
            f.bonus = f.bonus.saturating_add(modifier);
        }
        let mut d = dist(f)?;
        if halve {
            d = d.halved_floor();
        }
        if let Some((_, defense)) = target.defenses.iter().find(|(t, _)| *t == p.damage_type) {
            let defense = *defense;
            d = d.map_values(|v| i64::from(defense.apply(u32::try_from(v.max(0)).unwrap_or(0))));
        }
        total = convolve(&total, &d)?;
    }
    Ok(total)
}

/// Chances of (miss, hit, critical) for one attack roll of `+bonus`
/// against `ac`: a natural 1 misses, a natural 20 is a critical (R20).
fn attack_odds(bonus: i32, ac: Option<i32>, mode: RollMode) -> (f64, f64, f64) {
    let weight = |n: i32| -> f64 {
        let n = f64::from(n);
        match mode {
            RollMode::Normal => 1.0 / 20.0,
            RollMode::Advantage => (n * n - (n - 1.0) * (n - 1.0)) / 400.0,
            RollMode::Disadvantage => ((21.0 - n) * (21.0 - n) - (20.0 - n) * (20.0 - n)) / 400.0,
        }
    };
    let (mut miss, mut hit, mut crit) = (0.0, 0.0, 0.0);
    for n in 1..=20 {
        let w = weight(n);
        if n == 20 {
            crit += w;
        } else if n == 1 || ac.is_some_and(|ac| n + bonus < ac) {
            miss += w;
        } else {
            hit += w;
        }
    }
    (miss, hit, crit)
}

/// The caster's save DC, attack bonus and spellcasting modifier for this
/// spell, from a dry run of the real cast.
fn numbers(caster: &Caster, spell: &Spell, way: &Way) -> Option<(i32, i32, i32)> {
    let out = grimoire_rules::cast(caster, spell, &way.request(), &mut SeededRng::new(0)).ok()?;
    let r = out.resolution;
    let modifier = match caster.stat_block() {
        Some(b) if caster.classes().is_empty() => i32::from(caster.abilities().modifier(b.ability)),
        _ => r.attack_bonus - i32::from(caster.proficiency_bonus()),
    };
    Some((r.save_dc, r.attack_bonus, modifier))
}

/// One plan line, or `None` for a spell with no numbers.
fn line(
    caster: &Caster,
    spell: &Spell,
    way: &Way,
    target: &PlanTarget,
) -> Result<Option<PlanLine>, AppError> {
    let level = match way {
        Way::Slot { level } | Way::PactSlot { level } => *level,
        Way::Cantrip => 0,
        _ => return Ok(None),
    };
    let cast_level = if level == 0 {
        spell.level
    } else {
        grimoire_rules::SpellLevel::new(level)?
    };
    let scaled = scaled_effect(spell, cast_level, caster.cantrip_level());
    if scaled.damage.is_empty() && scaled.healing.is_none() {
        return Ok(None);
    }
    let Some((dc, attack, modifier)) = numbers(caster, spell, way) else {
        return Ok(None);
    };
    let (mut hit_chance, mut fail_chance) = (None, None);
    let (kind, d) = if let Some(h) = scaled.healing.as_ref().filter(|_| scaled.damage.is_empty()) {
        let mut f = h.dice;
        if h.add_modifier {
            f.bonus = f.bonus.saturating_add(modifier);
        }
        ("healing", dist(f)?)
    } else {
        let d = match spell.effect.delivery {
            Delivery::Automatic => times(
                &taken(&scaled.damage, target, modifier, false, false)?,
                scaled.instances,
            )?,
            Delivery::Save {
                ability,
                on_success,
            } => {
                let bonus = target
                    .saves
                    .iter()
                    .find(|(a, _)| *a == ability)
                    .map(|(_, b)| *b);
                // A d20 + bonus below the DC fails; no save given: it fails.
                let fail = bonus.map_or(1.0, |b| f64::from((dc - b - 1).clamp(0, 20)) / 20.0);
                fail_chance = Some(fail);
                let mut full = Distribution::point(0);
                let mut half = Distribution::point(0);
                for _ in 0..scaled.instances {
                    full = convolve(
                        &full,
                        &taken(&scaled.damage, target, modifier, false, false)?,
                    )?;
                    if on_success == OnSave::Half {
                        half = convolve(
                            &half,
                            &taken(&scaled.damage, target, modifier, false, true)?,
                        )?;
                    }
                }
                Distribution::mix(fail, &full, &half)
            }
            Delivery::Attack(_) => {
                let (miss, hit, crit) = attack_odds(attack, target.ac, target.attack_mode);
                hit_chance = Some(hit + crit);
                let on_hit = taken(&scaled.damage, target, modifier, false, false)?;
                let on_crit = taken(&scaled.damage, target, modifier, true, false)?;
                let landed = Distribution::mix(
                    crit / (hit + crit).max(f64::MIN_POSITIVE),
                    &on_crit,
                    &on_hit,
                );
                let one = Distribution::mix(miss, &Distribution::point(0), &landed);
                times(&one, scaled.instances)?
            }
        };
        ("damage", d)
    };
    let kill_chance = target
        .hp
        .filter(|_| kind == "damage")
        .map(|hp| d.prob_at_least(i64::from(hp.max(0))));
    Ok(Some(PlanLine {
        spell: spell.id.clone(),
        way: way.clone(),
        level: cast_level.get(),
        kind,
        mean: d.mean(),
        min: d.min(),
        max: d.max(),
        hit_chance,
        fail_chance,
        kill_chance,
        pmf: d.pmf().collect(),
    }))
}

/// The plan for `caster` against `target`: every spell it can cast now
/// ([`options`]) at every slot it could use, best expected amount first.
pub fn plan(
    store: &Store,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    lookup: &dyn Fn(&SpellId) -> Option<Spell>,
    target: &PlanTarget,
) -> Result<Plan, AppError> {
    let found = options(store, caster, enc, lookup)?;
    let mut lines = Vec::new();
    for c in &found.castable {
        let Some(spell) = lookup(&c.spell) else {
            continue;
        };
        for open in &c.ways {
            if lines.len() >= MAX_LINES {
                break;
            }
            if let Some(l) = line(&caster.state, &spell, &open.way, target)? {
                lines.push(l);
            }
        }
    }
    lines.sort_by(|a, b| b.mean.total_cmp(&a.mean).then(a.level.cmp(&b.level)));
    Ok(Plan {
        character: caster.name.clone(),
        lines,
    })
}

/// An ability by its abbreviation or name, English or Czech.
fn ability_named(word: &str) -> Option<Ability> {
    let w = crate::state::fold(word);
    Ability::ALL.into_iter().find(|a| {
        crate::state::fold(a.abbrev()) == w
            || crate::state::fold(a.name_en()) == w
            || crate::state::fold(a.name_cs()) == w
    })
}

/// Reads a target as `ac=15,hp=40,dex=+2,resist=fire+cold` (the CLI's
/// `--target`, the API's `target`): AC 0–50, hit points 1–9999, a save
/// bonus −20 to +30 per ability (`str` … `cha`, English or Czech),
/// `resist`/`vuln`/`immune` damage types joined with `+`; at most 200
/// characters. The error names the key at fault; its words are the
/// `plan-target-*` messages of grimoire-words.
pub fn parse_target(spec: &str) -> Result<PlanTarget, Message> {
    if spec.len() > 200 {
        return Err(Message::new("plan-target-too_long").number("max", 200));
    }
    let mut t = PlanTarget::default();
    let number = |key: &str, v: &str, lo: i32, hi: i32| -> Result<i32, Message> {
        v.trim_start_matches('+')
            .parse::<i32>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| {
                Message::new("plan-target-number")
                    .text("key", key)
                    .text("value", v)
                    .number("min", lo)
                    .number("max", hi)
            })
    };
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| Message::new("plan-target-key_value").text("part", part))?;
        let key = key.trim().to_lowercase();
        let value = value.trim();
        match key.as_str() {
            "ac" => t.ac = Some(number("ac", value, 0, 50)?),
            "hp" => t.hp = Some(number("hp", value, 1, 9999)?),
            "resist" | "vuln" | "immune" => {
                let defense = match key.as_str() {
                    "resist" => Defense::Resistant,
                    "vuln" => Defense::Vulnerable,
                    _ => Defense::Immune,
                };
                for ty in value.split('+') {
                    let ty = DamageType::from_name(ty.trim()).ok_or_else(|| {
                        Message::new("plan-target-damage")
                            .text("key", key.as_str())
                            .text("value", ty)
                    })?;
                    t.defenses.retain(|(d, _)| *d != ty);
                    t.defenses.push((ty, defense));
                }
            }
            other => {
                let ability = ability_named(other)
                    .ok_or_else(|| Message::new("plan-target-key").text("key", other))?;
                let bonus = number(other, value, -20, 30)?;
                t.saves.retain(|(a, _)| *a != ability);
                t.saves.push((ability, bonus));
            }
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_target_names_the_key_in_english_and_czech() {
        for (spec, en, cs) in [
            (
                "ac=99",
                "ac=99: give a whole number from 0 to 50",
                "ac=99: zadejte celé číslo od 0 do 50",
            ),
            (
                "fly",
                "\"fly\": write key=value (ac=15, hp=40, dex=+2, resist=fire)",
                "„fly“: pište klíč=hodnota (ac=15, hp=40, dex=+2, resist=fire)",
            ),
            (
                "resist=mud",
                "resist=mud: not a damage type (fire, cold, ...)",
                "resist=mud: není druh zranění (fire, cold, ...)",
            ),
            (
                "luck=2",
                "\"luck\" is not ac, hp, resist, vuln, immune or an ability (str ... cha)",
                "„luck“ není ac, hp, resist, vuln, immune ani vlastnost (str ... cha)",
            ),
        ] {
            let m = parse_target(spec).unwrap_err();
            assert_eq!((m.render("en").as_str(), m.render("cs").as_str()), (en, cs));
        }
        let long = "x".repeat(201);
        assert_eq!(
            parse_target(&long).unwrap_err().render("en"),
            "the target is at most 200 characters"
        );
        assert_eq!(parse_target("ac=15,dex=+2").unwrap().ac, Some(15));
    }
}
