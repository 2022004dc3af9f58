//! Advantage and Disadvantage on spell attack rolls (2024): the conditions
//! and effects that weigh on every attack roll weigh on a spell's too, as
//! on a weapon's ([`crate::attack::attack_mode`]).

use crate::attack::attack_mode;
use crate::caster::Caster;
use crate::condition::Condition;
use crate::effect::{AttackKind, Delivery};
use crate::request::CastRequest;
use crate::spell::Spell;

/// Sets each target's spell attack roll ([`crate::Target::attack_roll_mode`])
/// from the roll asked in `request` (Innate Sorcery's Advantage already in
/// it), the caster's conditions (its own and `attacker_conditions`), the
/// target's conditions and the spells in force on it that give attacks
/// against it Advantage (Faerie Fire). A melee spell attack, or one at a
/// target known to be within 5 feet, counts a Prone target's Advantage;
/// from farther, Prone gives Disadvantage. Advantage and Disadvantage
/// cancel, whatever their number. A melee spell attack that hits a
/// Paralyzed or Unconscious target within 5 feet (its distance unknown or
/// 5 feet at most) is a Critical Hit ([`crate::Target::hit_is_critical`]);
/// a ranged one is not, however near. Spells without an attack roll are
/// left alone.
pub(crate) fn fit_attack_modes(caster: &Caster, spell: &Spell, request: &mut CastRequest) {
    let Delivery::Attack(kind) = spell.effect.delivery else {
        return;
    };
    let mut attacker: Vec<_> = caster.conditions().iter().copied().collect();
    attacker.extend(request.attacker_conditions.iter().copied());
    let asked = request.roll_mode;
    for t in &mut request.targets {
        let within_5_ft = kind == AttackKind::Melee || t.distance_ft.is_some_and(|d| d <= 5);
        let mode = attack_mode(asked, &attacker, &t.conditions, within_5_ft)
            .with_target_spells(t.attacked_with_advantage.clone());
        t.attack_roll_mode = Some(mode.roll_mode());
        t.hit_is_critical = kind == AttackKind::Melee
            && t.distance_ft.is_none_or(|d| d <= 5)
            && t.conditions
                .iter()
                .any(|c| matches!(c, Condition::Paralyzed | Condition::Unconscious));
    }
}
