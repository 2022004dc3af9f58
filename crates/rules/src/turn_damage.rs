//! Lasting damage at turn boundaries (R15, R16): a spell in force that
//! harms the creatures it affects at the start or the end of each of their
//! turns (Spirit Guardians, Moonbeam, Searing Smite's burning), or when a
//! creature comes into its area (Spirit Guardians' emanation moving onto
//! it, Flaming Sphere rammed into it). The encounter says what is due when
//! a turn changes, [`entering_damage`] what is due on entering;
//! [`resolve_turn_damage`] rolls either against the creature, like a
//! cast's effect. [`LaterHarm`] says when a spell that deals nothing on
//! casting (Flaming Sphere, Spirit Guardians in 2024) will.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::effect::{TurnDamage, TurnPoint, TurnSaveResult};
use crate::encounter::Encounter;
use crate::event::{EffectId, OngoingSpell};
use crate::resolve::{Stats, roll_damage, take};
use crate::roll::{RollRecord, roll_bonuses, roll_d20};
use crate::spell::SpellId;
use crate::target::{SaveOutcome, Target, TargetOutcome};

/// Turn damage one spell in force owes one creature now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DueDamage {
    /// The creature harmed.
    pub target: String,
    /// The spell's caster.
    pub caster: String,
    /// The caster's id for the spell.
    pub effect: EffectId,
    /// The spell.
    pub spell: SpellId,
    /// Its English name.
    pub name: String,
    /// What is due, grown to the casting's level.
    pub turn: TurnDamage,
    /// The caster's save DC when it cast the spell (R19).
    pub save_dc: i32,
}

/// What turn damage did to a creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnDamageOutcome {
    /// Every die rolled: damage, then the save.
    pub rolls: Vec<RollRecord>,
    /// The damage, the save and the hit points after, as for a cast.
    pub outcome: TargetOutcome,
    /// Whether the save ended the spell on the creature (Searing Smite,
    /// Phantasmal Killer; Weird goes on for its other targets).
    pub ends_spell: bool,
}

/// The damage `ongoing` owes `creature` on entering its area (or being
/// rammed, or the area moving into its space): each of its
/// [`TurnPoint::Enter`] parts, at the caster's DC. Empty when the spell
/// harms nobody that way (Searing Smite) or keeps no DC.
pub fn entering_damage(ongoing: &OngoingSpell, creature: &str) -> Vec<DueDamage> {
    let Some(save_dc) = ongoing.save_dc else {
        return Vec::new();
    };
    ongoing
        .each_turn
        .iter()
        .filter(|t| t.at == TurnPoint::Enter)
        .map(|turn| DueDamage {
            target: creature.to_string(),
            caster: ongoing.caster.clone(),
            effect: ongoing.id,
            spell: ongoing.spell.clone(),
            name: ongoing.name.clone(),
            turn: turn.clone(),
            save_dc,
        })
        .collect()
}

impl Encounter {
    /// The turn damage `creature` takes at `at` of its turn: one casting
    /// of each spell in force on it (R21: the same spell twice does not
    /// add up), in the order the spells arrived.
    pub fn damage_due(&self, creature: &str, at: TurnPoint) -> Vec<DueDamage> {
        let mut due = Vec::new();
        for applied in self.effects().in_force(creature) {
            let ongoing = &applied.ongoing;
            let Some(save_dc) = ongoing.save_dc else {
                continue;
            };
            for turn in ongoing.each_turn.iter().filter(|t| t.at == at) {
                due.push(DueDamage {
                    target: applied.target.clone(),
                    caster: applied.caster.clone(),
                    effect: applied.effect,
                    spell: ongoing.spell.clone(),
                    name: ongoing.name.clone(),
                    turn: turn.clone(),
                    save_dc,
                });
            }
        }
        due
    }
}

/// Rolls turn damage against `target`: the damage once, the save when the
/// target's numbers are known (else full damage and a note, as for a
/// cast), its defences, and its hit points after (never below 0).
pub fn resolve_turn_damage<R: DiceRng + ?Sized>(
    due: &DueDamage,
    target: &Target,
    rng: &mut R,
) -> TurnDamageOutcome {
    let stats = Stats {
        save_dc: due.save_dc,
        attack_bonus: 0,
        modifier: 0,
    };
    let mut rolls = Vec::new();
    let mut out = TargetOutcome::new(target);
    let rolled = roll_damage(rng, &due.turn.damage, &stats, false, &mut rolls);
    let mut halve = false;
    let mut ends_spell = false;
    let mut harmed = true;
    if let Some(save) = due.turn.save {
        let total = target.stats.as_ref().map(|s| {
            let label = crate::label::RollLabel::save(&target.name, save.ability);
            let (r, _) = roll_d20(
                rng,
                s.save_mode,
                i64::from(s.save(save.ability)),
                label.clone(),
            );
            let total = r.total;
            rolls.push(r);
            total + roll_bonuses(rng, &s.save_bonuses, &label, &mut rolls)
        });
        let success = total.map(|t| t >= i64::from(due.save_dc));
        out.save = Some(SaveOutcome {
            ability: save.ability,
            dc: due.save_dc,
            total,
            success,
        });
        match (success, save.on_success) {
            (Some(true), TurnSaveResult::Half) => halve = true,
            (Some(true), TurnSaveResult::NoDamage) => harmed = false,
            (Some(true), TurnSaveResult::EndsSpell) => ends_spell = true,
            (Some(true), TurnSaveResult::NoDamageEndsSpell) => {
                harmed = false;
                ends_spell = true;
            }
            (Some(false), _) => {}
            (None, _) => {
                out.note = Some(crate::note::Note::TurnSaveNotRolled {
                    dc: due.save_dc,
                    ability: save.ability,
                });
            }
        }
    }
    if harmed {
        out.damage_total = take(&mut out, target, &rolled, halve);
    }
    if let Some(s) = target.stats.as_ref()
        && let Some(hp) = s.hp
    {
        // Temporary hit points first, as stored hit points take it.
        let unsigned = |n: i32| u32::try_from(n.max(0)).unwrap_or(0);
        let temp = s.temp_hp.map_or(0, unsigned);
        let (hp, _) = crate::vitals::absorb(unsigned(hp), temp, out.damage_total);
        out.hp_after = Some(i32::try_from(hp).unwrap_or(i32::MAX));
    }
    TurnDamageOutcome {
        rolls,
        outcome: out,
        ends_spell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::Ability;
    use crate::damage::DamageType;
    use crate::effect::{Damage, LaterHarm, TurnSave};
    use crate::formula::DiceFormula;
    use grimoire_dice::SeededRng;

    fn due(save: Option<TurnSave>) -> DueDamage {
        DueDamage {
            target: "Orc".into(),
            caster: "Mira".into(),
            effect: EffectId(1),
            spell: SpellId::new("spirit-guardians").unwrap(),
            name: "Spirit Guardians".into(),
            turn: TurnDamage {
                at: TurnPoint::End,
                damage: vec![Damage::new(DiceFormula::new(3, 8), DamageType::Radiant)],
                save,
            },
            save_dc: 14,
        }
    }

    #[test]
    fn r16_turn_damage_without_a_save_lands_whole_and_stops_hit_points_at_0() {
        let target = Target::named("Orc").with_hp(5);
        let done = resolve_turn_damage(&due(None), &target, &mut SeededRng::new(1));
        assert_eq!(done.rolls.len(), 1);
        assert_eq!(done.outcome.damage_total, done.rolls[0].total as u32);
        assert_eq!(
            done.outcome.hp_after,
            Some(0.max(5 - done.rolls[0].total as i32))
        );
        assert!(!done.ends_spell);
    }

    #[test]
    fn r19_a_save_that_halves_or_ends_follows_the_roll() {
        let half = TurnSave {
            ability: Ability::Wisdom,
            on_success: TurnSaveResult::Half,
        };
        // A +20 save always succeeds against DC 14, a -20 always fails.
        let sure = Target::named("Orc").with_save(Ability::Wisdom, 20);
        let done = resolve_turn_damage(&due(Some(half)), &sure, &mut SeededRng::new(2));
        assert_eq!(done.outcome.damage_total, done.rolls[0].total as u32 / 2);
        let doomed = Target::named("Orc").with_save(Ability::Wisdom, -20);
        let done = resolve_turn_damage(&due(Some(half)), &doomed, &mut SeededRng::new(2));
        assert_eq!(done.outcome.damage_total, done.rolls[0].total as u32);
        let ends = TurnSave {
            ability: Ability::Wisdom,
            on_success: TurnSaveResult::EndsSpell,
        };
        let done = resolve_turn_damage(&due(Some(ends)), &sure, &mut SeededRng::new(3));
        assert!(done.ends_spell);
        assert_eq!(done.outcome.damage_total, done.rolls[0].total as u32);
    }

    #[test]
    fn r15_a_success_that_ends_the_spell_without_damage_deals_none() {
        let save = TurnSave {
            ability: Ability::Wisdom,
            on_success: TurnSaveResult::NoDamageEndsSpell,
        };
        let sure = Target::named("Orc").with_save(Ability::Wisdom, 20);
        let done = resolve_turn_damage(&due(Some(save)), &sure, &mut SeededRng::new(5));
        assert_eq!(done.outcome.damage_total, 0);
        assert!(done.ends_spell);
        let doomed = Target::named("Orc").with_save(Ability::Wisdom, -20);
        let done = resolve_turn_damage(&due(Some(save)), &doomed, &mut SeededRng::new(5));
        assert_eq!(done.outcome.damage_total, done.rolls[0].total as u32);
        assert!(!done.ends_spell);
    }

    #[test]
    fn r16_only_the_enter_parts_are_due_on_entering_and_at_the_casting_dc() {
        let part = |at| TurnDamage {
            at,
            damage: vec![Damage::new(DiceFormula::new(2, 6), DamageType::Fire)],
            save: None,
        };
        let ongoing = OngoingSpell {
            id: EffectId(3),
            spell: SpellId::new("flaming-sphere").unwrap(),
            name: "Flaming Sphere".into(),
            level: crate::level::SpellLevel::new(2).unwrap(),
            caster: "Wiz".into(),
            targets: Vec::new(),
            bonuses: Vec::new(),
            conditions: Vec::new(),
            rider: Vec::new(),
            each_turn: vec![part(TurnPoint::End), part(TurnPoint::Enter)],
            save_dc: Some(15),
            concentration: true,
            dismissible: true,
            movable: false,
            started_at: 0,
            expires_at: Some(10),
            until_next_turn: false,
            extended: false,
            attacked_with_advantage: false,
        };
        let due = entering_damage(&ongoing, "Ghoul");
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].turn.at, TurnPoint::Enter);
        assert_eq!((due[0].target.as_str(), due[0].save_dc), ("Ghoul", 15));
        let none = OngoingSpell {
            each_turn: vec![part(TurnPoint::Start)],
            ..ongoing
        };
        assert!(entering_damage(&none, "Ghoul").is_empty());
        assert_eq!(
            LaterHarm::of(&[part(TurnPoint::End), part(TurnPoint::End)]).at,
            [TurnPoint::End]
        );
    }

    #[test]
    fn r19_an_unknown_save_is_not_assumed_and_says_so() {
        let save = TurnSave {
            ability: Ability::Wisdom,
            on_success: TurnSaveResult::Half,
        };
        let done = resolve_turn_damage(
            &due(Some(save)),
            &Target::named("Orc"),
            &mut SeededRng::new(4),
        );
        assert_eq!(done.outcome.save.as_ref().and_then(|s| s.success), None);
        assert_eq!(
            done.outcome.note,
            Some(crate::note::Note::TurnSaveNotRolled {
                dc: 14,
                ability: Ability::Wisdom,
            })
        );
    }
}
