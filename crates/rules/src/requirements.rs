//! The checks a casting must pass before anything is rolled: a slot that
//! fits (R3, R6, R10), components (R14) and targets (R13, R17).

use crate::caster::Caster;
use crate::error::RulesError;
use crate::house::Relaxable;
use crate::level::SlotLevel;
use crate::level::SpellLevel;
use crate::material::{Supply, supplies};
use crate::price::PriceList;
use crate::request::{CastRequest, SlotKind};
use crate::resolution::SpentSlot;
use crate::resources::Focus;
use crate::spell::{Range, Spell};

/// Whether a slot for this cast would be the caster's second this turn
/// (R10). R10 counts the caster's own turn; a Reaction on another
/// creature's turn is outside it. Nothing else escapes the limit.
pub(crate) fn second_slot(caster: &Caster, spell: &Spell, req: &CastRequest) -> bool {
    let reaction = matches!(
        spell.casting_time,
        crate::time::CastingTime::Reaction { .. }
    );
    caster.turn().slot_spent && !(req.off_turn && reaction)
}

/// Picks the slot (R3, R6, R10): the requested level, or the lowest that fits.
#[inline]
pub(crate) fn choose_slot(
    caster: &Caster,
    spell: &Spell,
    req: &CastRequest,
) -> Result<SpentSlot, RulesError> {
    let Some(min) = spell.level.min_slot() else {
        return Err(RulesError::CantripTakesNoSlot);
    };
    if let Some(wanted) = req.slot
        && wanted < min
    {
        return Err(RulesError::SlotTooLow {
            slot: wanted.get(),
            spell_level: spell.level.get(),
        });
    }
    if second_slot(caster, spell, req) && !req.house_rules.relaxes(Relaxable::R10) {
        return Err(RulesError::OneSlotPerTurn);
    }
    let regular = if req.slot_kind == SlotKind::Pact {
        None
    } else {
        match req.slot {
            Some(l) => (caster.slots().available(l) > 0).then_some(l),
            None => caster.slots().lowest_available(min),
        }
    };
    let pact = if req.slot_kind == SlotKind::Regular {
        None
    } else {
        caster
            .pact_slots()
            .filter(|p| {
                p.remaining() > 0 && p.level() >= min && req.slot.is_none_or(|l| l == p.level())
            })
            .map(|p| p.level())
    };
    match (regular, pact) {
        (Some(r), Some(p)) if p <= r => Ok(SpentSlot {
            level: p,
            pact: true,
        }),
        (Some(r), _) => Ok(SpentSlot {
            level: r,
            pact: false,
        }),
        (None, Some(p)) => Ok(SpentSlot {
            level: p,
            pact: true,
        }),
        (None, None) => {
            // "None left" and "never had one" are different news (R2, R3).
            let pact_level = caster.pact_slots().map(|p| p.level());
            let owns = |l: SlotLevel| {
                caster.slots().total(l) > 0
                    || caster.slots().created(l) > 0
                    || pact_level == Some(l)
            };
            let has_any = match req.slot {
                Some(l) => owns(l),
                None => SlotLevel::ALL.iter().any(|l| *l >= min && owns(*l)),
            };
            let level = req.slot.unwrap_or(min).get();
            if has_any {
                Err(RulesError::NoSlotAvailable { level })
            } else {
                let highest = SlotLevel::ALL
                    .iter()
                    .rev()
                    .find(|l| owns(**l))
                    .map_or(0, |l| l.get());
                Err(RulesError::NoSuchSlot { level, highest })
            }
        }
    }
}

/// R14: verbal needs a voice, somatic a hand, material the thing itself or,
/// when it has no cost and is not consumed, a pouch or a focus. A costly
/// or consumed material is matched with its worth, stated or listed in
/// `prices` (see [`crate::material`]).
pub(crate) fn check_components(
    caster: &Caster,
    spell: &Spell,
    from_item: bool,
    prices: Option<&PriceList>,
) -> Result<(), RulesError> {
    // A stat block's line "requiring no components" needs none (R14).
    if caster
        .stat_block()
        .is_some_and(|b| b.without_components(&spell.id))
    {
        return Ok(());
    }
    let c = &spell.components;
    if c.verbal && caster.is_silenced() {
        return Err(RulesError::Silenced);
    }
    let eq = caster.equipment();
    let free = eq.free_hands > 0;
    // Scrolls and charged items hold the spell: their material is the item.
    // A stat block "requiring no Material components" waives them.
    let waived = caster.stat_block().is_some_and(|b| b.no_material);
    let material = c.material.as_ref().filter(|_| !from_item && !waived);
    let mut focus_hand = false;
    if let Some(m) = material {
        if m.substitutable() {
            let carried = eq.material_for(m).is_some();
            let by_focus = matches!(eq.focus, Focus::Held | Focus::Worn);
            let by_pouch_or_item = (eq.component_pouch || carried) && free;
            if !by_focus && !by_pouch_or_item {
                return Err(if eq.component_pouch || carried {
                    RulesError::NoFreeHand
                } else {
                    RulesError::MissingMaterial {
                        material: m.text.clone(),
                    }
                });
            }
            focus_hand = !by_pouch_or_item && eq.focus == Focus::Held;
        } else {
            let found = supplies(caster, m, prices)?;
            // A carried thing needs a free hand; a Holy Symbol focus worn
            // needs none, and one held may also do S (R14c).
            let by_focus = found.contains(&Supply::Focus);
            if !by_focus && !free {
                return Err(RulesError::NoFreeHand);
            }
            focus_hand = by_focus && !free && eq.focus == Focus::Held;
        }
    }
    // R14c: the hand holding the focus for M may also perform S.
    if c.somatic && !free && !focus_hand {
        return Err(RulesError::NoFreeHand);
    }
    Ok(())
}

/// R16: a chosen damage type must be one some part of the spell offers.
pub(crate) fn check_damage_type(spell: &Spell, req: &CastRequest) -> Result<(), RulesError> {
    let Some(chosen) = req.damage_type else {
        return Ok(());
    };
    let parts = &spell.effect.damage;
    if parts.iter().any(|d| d.offers(chosen)) {
        return Ok(());
    }
    let mut offered = Vec::new();
    for t in parts.iter().flat_map(|d| d.offered_types()) {
        if !offered.contains(&t) {
            offered.push(t);
        }
    }
    Err(RulesError::DamageTypeNotOffered { chosen, offered })
}

/// R13, R17: how many targets, a clear path, self-targeting, range.
pub(crate) fn check_targets(
    spell: &Spell,
    req: &CastRequest,
    cast_level: SpellLevel,
) -> Result<(), RulesError> {
    let above = u32::from(cast_level.get().saturating_sub(spell.level.get()));
    if let Some(max) = spell.targeting.max_targets {
        let max = max.saturating_add(spell.effect.upcast.extra_targets.saturating_mul(above));
        if req.targets.len() > max as usize {
            return Err(RulesError::TooManyTargets {
                max,
                given: req.targets.len(),
            });
        }
    }
    let reach = match (spell.range, spell.area) {
        (Range::Self_, Some(area)) => Some(u64::from(area.size_ft)),
        (range, _) => range.feet(),
    };
    for t in &req.targets {
        if spell.range == Range::Self_
            && spell.area.is_none()
            && !t.is_self
            && !spell.targeting.on_creature_hit
        {
            return Err(RulesError::SelfOnly {
                target: t.name.clone(),
            });
        }
        if spell.targeting.hostile_only && (t.is_self || t.friendly) {
            return Err(RulesError::TargetNotHostile {
                target: t.name.clone(),
            });
        }
        if t.is_self && spell.targeting.not_self {
            return Err(RulesError::CannotTargetSelf);
        }
        if t.total_cover && !t.is_self {
            return Err(RulesError::NoLineOfEffect {
                target: t.name.clone(),
            });
        }
        if let (Some(d), Some(r)) = (t.distance_ft, reach)
            && d > r
        {
            return Err(RulesError::OutOfRange {
                target: t.name.clone(),
                distance_ft: d,
                range_ft: r,
            });
        }
    }
    Ok(())
}
