//! How Metamagic reshapes a cast: which options fit a spell
//! ([`unfit_for`]), the reshaped spell and what acts while it resolves
//! ([`shape`]), what the options cost once cast ([`paid`]), and the turn
//! rule of Quickened Spell. The options themselves are
//! [`crate::metamagic`].

use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::class::Ability;
use crate::class_resources::ClassFeature;
use crate::effect::Delivery;
use crate::error::{RulesError, SpellName};
use crate::level::SpellLevel;
use crate::metamagic::{MAX_OPTIONS_PER_CAST, Metamagic, Reroll, TRANSMUTABLE};
use crate::metamagic_error::{MetamagicError, Unfit};
use crate::request::{CastMode, CastRequest};
use crate::roll::RollMode;
use crate::shaping::{CastShaping, Shaping};
use crate::spell::{Range, Spell};
use crate::time::{CastingTime, Duration, TimeSpan};

/// Longest an Extended spell may last: 24 hours, in rounds.
const EXTENDED_MAX_ROUNDS: u64 = 24 * 60 * 10;

/// The spell as the request's Metamagic reshapes it, with what the options
/// do written into `shaping`; `None` (the spell untouched, nothing copied,
/// `shaping` left alone) when none is named.
/// Refuses an option unknown, unfit for the spell, combined against the
/// rules, or beyond the caster's Sorcery Points. Quickened's turn rule is
/// [`check_quickened_turn`].
#[inline(always)]
pub(crate) fn shape(
    caster: &Caster,
    spell: &Spell,
    req: &CastRequest,
    shaping: &mut CastShaping,
) -> Result<Option<Box<Spell>>, RulesError> {
    if req.metamagic.is_empty() {
        return Ok(None);
    }
    reshaped(caster, spell, req, shaping.make_mut()).map(Some)
}

/// [`shape`] with at least one option named.
#[inline(never)]
fn reshaped(
    caster: &Caster,
    spell: &Spell,
    req: &CastRequest,
    shaping: &mut Shaping,
) -> Result<Box<Spell>, RulesError> {
    let uses = &req.metamagic;
    if uses.len() > MAX_OPTIONS_PER_CAST {
        return Err(MetamagicError::TooManyOptions { given: uses.len() }.into());
    }
    // One option per spell, except the two that say they combine.
    for (i, a) in uses.iter().enumerate() {
        for b in &uses[..i] {
            if a.option == b.option || !(a.option.combines() || b.option.combines()) {
                return Err(MetamagicError::OnePerSpell {
                    first: b.option,
                    second: a.option,
                }
                .into());
            }
        }
    }
    let known = caster.metamagic_known();
    if let Some(u) = uses.iter().find(|u| !known.contains(&u.option)) {
        return Err(MetamagicError::NotKnown { option: u.option }.into());
    }
    let mut shaped = Box::new(spell.clone());
    let charisma = caster.modifier(Ability::Charisma).max(1);
    let limit = u8::try_from(charisma).unwrap_or(u8::MAX);
    for u in uses {
        let unfit = |why: Unfit| -> RulesError {
            MetamagicError::NotApplicable {
                option: u.option,
                spell: SpellName::of(spell),
                why,
            }
            .into()
        };
        if let Some(why) = unfit_for(u.option, spell) {
            return Err(unfit(why));
        }
        shaping.used.push(u.option);
        // Empowered and Seeking are paid once they act ([`paid`]).
        if !matches!(u.option, Metamagic::Seeking | Metamagic::Empowered) {
            shaping.points = shaping.points.saturating_add(u.option.cost());
        }
        match u.option {
            Metamagic::Careful | Metamagic::Heightened => {
                let mut names = u.creatures.clone();
                if names.is_empty() && req.targets.len() == 1 {
                    names.push(req.targets[0].name.clone());
                }
                if let Some(n) = names
                    .iter()
                    .find(|n| !req.targets.iter().any(|t| t.name.eq_ignore_ascii_case(n)))
                {
                    return Err(unfit(Unfit::NotATarget { name: n.clone() }));
                }
                if u.option == Metamagic::Heightened {
                    let [one] = names.as_slice() else {
                        return Err(unfit(Unfit::NeedsOneTarget));
                    };
                    shaping.heightened = Some(one.clone());
                } else {
                    if names.len() > usize::from(limit) {
                        return Err(unfit(Unfit::TooManyCreatures { max: limit }));
                    }
                    shaping.protected = names;
                }
            }
            Metamagic::Distant => {
                shaped.range = match spell.range {
                    Range::Touch => Range::Feet(30),
                    Range::Miles(mi) => Range::Miles(mi.saturating_mul(2)),
                    Range::Feet(ft) => Range::Feet(ft.saturating_mul(2)),
                    other => other,
                };
            }
            Metamagic::Empowered => {
                shaping.empowered = Some((usize::from(limit), u.reroll));
            }
            Metamagic::Extended => {
                shaped.duration =
                    extended(&spell.duration).ok_or_else(|| unfit(Unfit::DurationTooShort))?;
                for (_, d) in &mut shaped.longer_durations {
                    if let Some(longer) = extended(d) {
                        *d = longer;
                    }
                }
                shaping.extended = true;
            }
            Metamagic::Quickened => {
                if req.mode == CastMode::Ritual {
                    return Err(unfit(Unfit::Ritual));
                }
                if req.alternative_time
                    && spell.alternative_casting_time != Some(CastingTime::Action)
                {
                    return Err(unfit(Unfit::NotAnAction));
                }
                shaped.casting_time = CastingTime::BonusAction { trigger: None };
                shaped.alternative_casting_time = None;
            }
            Metamagic::Seeking => shaping.seeking = true,
            Metamagic::Subtle => {
                let c = &mut shaped.components;
                c.verbal = false;
                c.somatic = false;
                // A consumed or costly material stays: the option spares
                // only what a pouch or focus could stand in for.
                c.material = c.material.take().filter(|m| !m.substitutable());
            }
            Metamagic::Transmuted => {
                let Some(to) = u.damage_type.filter(|t| TRANSMUTABLE.contains(t)) else {
                    return Err(unfit(Unfit::TransmutedNeedsType));
                };
                let turn_parts = shaped
                    .effect
                    .each_turn
                    .iter_mut()
                    .flat_map(|t| t.damage.iter_mut());
                for d in shaped.effect.damage.iter_mut().chain(turn_parts) {
                    if TRANSMUTABLE.contains(&d.damage_type) {
                        d.damage_type = to;
                        d.alternative_types.clear();
                    }
                }
            }
            Metamagic::Twinned => {
                shaping.twinned = true;
            }
        }
    }
    // Seeking Spell is paid only if it rerolls and Empowered Spell only
    // if damage is rolled, but each must be payable beside the others.
    caster.check_points(asked_points(shaping), ClassFeature::Metamagic)?;
    Ok(shaped)
}

/// The Sorcery Points a casting's Metamagic may cost: what is paid on
/// casting with Seeking's and Empowered's points, should they act.
fn asked_points(shaping: &Shaping) -> u8 {
    let empowered = shaping.empowered.map_or(0, |_| Metamagic::Empowered.cost());
    shaping
        .points
        .saturating_add(u8::from(shaping.seeking))
        .saturating_add(empowered)
}

/// Which of the Metamagic options paid only when they act did act on a
/// casting.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Acted {
    /// Seeking Spell rerolled a miss.
    pub(crate) seeking: bool,
    /// Empowered Spell met a damage roll.
    pub(crate) empowered: bool,
}

/// The Metamagic a casting used and what it cost, as its resolution shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MetamagicPaid {
    /// The options, in the order used (Seeking only when it rerolled,
    /// Empowered only when damage was rolled).
    pub options: Vec<Metamagic>,
    /// Sorcery Points spent.
    pub points: u8,
}

/// The events that pay for a casting's Metamagic, and what the resolution
/// shows of it; `None` without Metamagic. Seeking Spell is paid only when
/// it rerolled a miss, Empowered Spell only when damage was rolled (2024:
/// "when you roll damage for a spell"; a missed spell attack rolls none).
#[inline(always)]
pub(crate) fn paid(
    shaping: &Shaping,
    acted: Acted,
    events: &mut Vec<crate::event::Event>,
) -> Option<MetamagicPaid> {
    if shaping.used.is_empty() {
        return None;
    }
    paid_for(shaping, acted, events)
}

/// [`paid`] for a casting that used Metamagic.
#[inline(never)]
fn paid_for(
    shaping: &Shaping,
    acted: Acted,
    events: &mut Vec<crate::event::Event>,
) -> Option<MetamagicPaid> {
    let options: Vec<Metamagic> = shaping
        .used
        .iter()
        .copied()
        .filter(|m| match m {
            Metamagic::Seeking => acted.seeking,
            Metamagic::Empowered => acted.empowered,
            _ => true,
        })
        .collect();
    if options.is_empty() {
        return None;
    }
    let empowered = if acted.empowered {
        Metamagic::Empowered.cost()
    } else {
        0
    };
    let points = shaping
        .points
        .saturating_add(u8::from(acted.seeking))
        .saturating_add(empowered);
    events.push(crate::event::Event::MetamagicUsed {
        options: options.clone(),
    });
    events.push(crate::event::Event::SorceryPointsSpent {
        points,
        what: options.iter().map(|m| m.id()).collect::<Vec<_>>().join("+"),
    });
    Some(MetamagicPaid { options, points })
}

/// The mode of the caster's save to keep Concentration: with Advantage
/// added when the spell held was Extended (Metamagic).
pub(crate) fn concentration_mode(caster: &Caster, mode: RollMode) -> RollMode {
    let extended = caster.concentration().is_some_and(|c| {
        caster
            .ongoing()
            .iter()
            .any(|o| o.id == c.effect && o.extended)
    });
    if extended { with_advantage(mode) } else { mode }
}

/// `mode` with Advantage added (Extended Spell's Concentration saves):
/// Advantage and Disadvantage cancel out.
pub(crate) fn with_advantage(mode: RollMode) -> RollMode {
    match mode {
        RollMode::Disadvantage => RollMode::Normal,
        _ => RollMode::Advantage,
    }
}

/// `mode` with Disadvantage added (Heightened Spell's target).
pub(crate) fn with_disadvantage(mode: RollMode) -> RollMode {
    match mode {
        RollMode::Advantage => RollMode::Normal,
        _ => RollMode::Disadvantage,
    }
}

/// Why `option` cannot reshape `spell` whatever the casting's targets and
/// choices; `None` when it can. The cast checks the rest (the creatures
/// named, the type chosen, the level reached).
pub fn unfit_for(option: Metamagic, spell: &Spell) -> Option<Unfit> {
    let e = &spell.effect;
    let fits = match option {
        Metamagic::Careful | Metamagic::Heightened => {
            return (!matches!(e.delivery, Delivery::Save { .. }) || !e.on_cast)
                .then_some(Unfit::NoSave);
        }
        Metamagic::Distant => match spell.range {
            Range::Touch | Range::Miles(_) => true,
            Range::Feet(ft) => ft >= 5,
            _ => false,
        },
        Metamagic::Empowered => !e.damage.is_empty() && e.on_cast,
        Metamagic::Extended => extended(&spell.duration).is_some(),
        Metamagic::Quickened => spell.casting_time == CastingTime::Action,
        Metamagic::Seeking => matches!(e.delivery, Delivery::Attack(_)),
        Metamagic::Subtle => true,
        Metamagic::Transmuted => e
            .damage
            .iter()
            .chain(e.each_turn.iter().flat_map(|t| t.damage.iter()))
            .any(|d| TRANSMUTABLE.contains(&d.damage_type)),
        Metamagic::Twinned => e.upcast.extra_targets > 0,
    };
    if fits {
        return None;
    }
    Some(match option {
        Metamagic::Distant => Unfit::RangeNotExtendable,
        Metamagic::Empowered => Unfit::NoDamageRoll,
        Metamagic::Extended => Unfit::DurationTooShort,
        Metamagic::Quickened => Unfit::NotAnAction,
        Metamagic::Seeking => Unfit::NoAttackRoll,
        Metamagic::Transmuted => Unfit::NoTransmutableDamage,
        _ => Unfit::NoExtraTarget,
    })
}

/// A known Metamagic option as a spell's options show it: its cost and,
/// when it cannot reshape the spell, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetamagicChoice {
    /// The option.
    pub option: Metamagic,
    /// Its cost in Sorcery Points.
    pub cost: u8,
    /// Why it does not fit the spell; `None` when it does.
    pub unfit: Option<Unfit>,
}

/// The Metamagic options `caster` knows, each with its cost and whether
/// it can reshape `spell`.
pub fn metamagic_choices(caster: &Caster, spell: &Spell) -> Vec<MetamagicChoice> {
    caster
        .metamagic_known()
        .into_iter()
        .map(|option| MetamagicChoice {
            option,
            cost: option.cost(),
            unfit: unfit_for(option, spell),
        })
        .collect()
}

/// The level a Twinned casting counts as: one above the slot's (R6, R17);
/// refused at 9th level, which nothing can raise.
#[inline]
pub(crate) fn twinned_level(
    spell: &Spell,
    shaping: &Shaping,
    cast_level: SpellLevel,
) -> Result<SpellLevel, RulesError> {
    if !shaping.twinned {
        return Ok(cast_level);
    }
    SpellLevel::new(cast_level.get().max(spell.level.get()) + 1)
        .ok()
        .filter(|l| l.get() <= 9)
        .ok_or_else(|| {
            MetamagicError::NotApplicable {
                option: Metamagic::Twinned,
                spell: SpellName::of(spell),
                why: Unfit::AlreadyNinthLevel,
            }
            .into()
        })
}

/// 2024 Quickened Spell: not after a level 1+ spell this turn, and no
/// level 1+ spell after it this turn.
pub(crate) fn check_quickened_turn(
    caster: &Caster,
    spell: &Spell,
    shaping: &Shaping,
) -> Result<(), RulesError> {
    let turn = caster.turn();
    if shaping.used.contains(&Metamagic::Quickened) && turn.leveled_spell {
        return Err(MetamagicError::QuickenedAfterSpell.into());
    }
    if turn.quickened && !spell.level.is_cantrip() {
        return Err(MetamagicError::SpellAfterQuickened {
            spell: SpellName::of(spell),
        }
        .into());
    }
    Ok(())
}

/// A duration twice as long, at most 24 hours; `None` when it is shorter
/// than a minute or has no length to double.
fn extended(duration: &Duration) -> Option<Duration> {
    let double = |span: &TimeSpan| -> Option<TimeSpan> {
        let rounds = span.rounds();
        if rounds < 10 {
            return None;
        }
        Some(if rounds.saturating_mul(2) >= EXTENDED_MAX_ROUNDS {
            TimeSpan::hours(24)
        } else {
            TimeSpan {
                amount: span.amount.saturating_mul(2),
                unit: span.unit,
            }
        })
    };
    match duration {
        Duration::Timed(span) => double(span).map(Duration::Timed),
        Duration::Concentration { up_to } => {
            double(up_to).map(|up_to| Duration::Concentration { up_to })
        }
        _ => None,
    }
}

/// The dice Empowered Spell rerolls among `dice` (each its face and its
/// number of sides): at most `limit`, the furthest below their average
/// first, and under [`Reroll::BelowAverage`] only those below it. Returns
/// their indices.
pub(crate) fn empowered_picks(dice: &[(u32, u32)], limit: usize, rule: Reroll) -> Vec<usize> {
    // Twice the face against the average's double, sides + 1: no fractions.
    let shortfall = |i: usize| {
        let (face, sides) = dice[i];
        i64::from(sides) + 1 - 2 * i64::from(face)
    };
    let mut order: Vec<usize> = (0..dice.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(shortfall(i)), i));
    order
        .into_iter()
        .filter(|&i| match rule {
            // A d6 rerolls 1 to 3; a 4 is above its 3.5.
            Reroll::BelowAverage => shortfall(i) > 0,
            Reroll::Lowest => true,
        })
        .take(limit)
        .collect()
}

/// Whether the request casts a Subtle Spell (no Verbal, Somatic or
/// substitutable Material component: nothing for a Counterspell to see).
pub(crate) fn is_subtle(req: &CastRequest) -> bool {
    req.metamagic.iter().any(|u| u.option == Metamagic::Subtle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empowered_rerolls_the_lowest_dice_below_average_up_to_the_limit() {
        let d6 = |faces: &[u32]| faces.iter().map(|f| (*f, 6)).collect::<Vec<_>>();
        // d6s: 1, 5, 3, 2, 6 → below 3.5 are 1, 3, 2; lowest two are 1 and 2.
        assert_eq!(
            empowered_picks(&d6(&[1, 5, 3, 2, 6]), 2, Reroll::BelowAverage),
            [0, 3]
        );
        assert_eq!(
            empowered_picks(&d6(&[4, 5, 6]), 3, Reroll::BelowAverage),
            Vec::<usize>::new()
        );
        assert_eq!(empowered_picks(&d6(&[4, 5, 6]), 1, Reroll::Lowest), [0]);
        // A 3 on a d12 is further below its 6.5 than a 2 on a d4 below 2.5.
        assert_eq!(
            empowered_picks(&[(2, 4), (3, 12)], 1, Reroll::BelowAverage),
            [1]
        );
    }

    #[test]
    fn extended_doubles_up_to_24_hours() {
        let minute = Duration::Concentration {
            up_to: TimeSpan::minutes(1),
        };
        assert_eq!(
            extended(&minute),
            Some(Duration::Concentration {
                up_to: TimeSpan::minutes(2)
            })
        );
        let day = Duration::Timed(TimeSpan::hours(24));
        assert_eq!(extended(&day), Some(Duration::Timed(TimeSpan::hours(24))));
        let eight = Duration::Timed(TimeSpan::hours(8));
        assert_eq!(extended(&eight), Some(Duration::Timed(TimeSpan::hours(16))));
        assert_eq!(extended(&Duration::Timed(TimeSpan::rounds_of(1))), None);
        assert_eq!(extended(&Duration::Instantaneous), None);
    }
}
