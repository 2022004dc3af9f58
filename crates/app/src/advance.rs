//! A stored character advancing (issue 34): new class levels or ability
//! scores through [`Caster::advance`] (slots, pact slots, Hit Point Dice
//! and a recorded hit point maximum follow), then the class features the
//! new levels reach and any choices asked, as [`crate::features`] gives
//! them, in one change.

use grimoire_catalog::Catalog;
use grimoire_dice::DiceRng;
use grimoire_rules::{Ability, AbilityScores, Caster, HitPointGain, Outcome};
use grimoire_store::{Entity, Store};
use serde::{Deserialize, Serialize};

use crate::character::{Step, commit};
use crate::error::AppError;
use crate::features::{FeatureAsk, features_outcome};
use crate::sheet::ClassLevel;

/// Ability scores to change; those left out stay as they are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AbilityChanges {
    /// Strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 30))]
    pub str: Option<u8>,
    /// Dexterity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 30))]
    pub dex: Option<u8>,
    /// Constitution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 30))]
    pub con: Option<u8>,
    /// Intelligence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 30))]
    pub int: Option<u8>,
    /// Wisdom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 30))]
    pub wis: Option<u8>,
    /// Charisma.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 30))]
    pub cha: Option<u8>,
}

impl AbilityChanges {
    /// The change for one ability.
    pub fn set(&mut self, ability: Ability, score: u8) {
        let slot = match ability {
            Ability::Strength => &mut self.str,
            Ability::Dexterity => &mut self.dex,
            Ability::Constitution => &mut self.con,
            Ability::Intelligence => &mut self.int,
            Ability::Wisdom => &mut self.wis,
            Ability::Charisma => &mut self.cha,
        };
        *slot = Some(score);
    }

    /// `scores` with these changes (each checked 1–30 by the rules).
    fn over(&self, scores: &AbilityScores) -> Result<AbilityScores, AppError> {
        let changes = [self.str, self.dex, self.con, self.int, self.wis, self.cha];
        let mut out: [u8; 6] = (*scores).into();
        for (slot, change) in out.iter_mut().zip(changes) {
            if let Some(score) = change {
                *slot = score;
            }
        }
        Ok(AbilityScores::new(out)?)
    }
}

/// What changes: classes named take the level given (a class the
/// character lacks is added, a multiclass); classes left out keep theirs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AdvanceInput {
    /// Classes and their new levels.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 9))]
    pub classes: Vec<ClassLevel>,
    /// Ability scores to change.
    #[serde(default)]
    pub abilities: AbilityChanges,
    /// How each level gained adds to a recorded hit point maximum: `fixed`
    /// (half the Hit Die + 1, the default) or `roll` (a roll of the Hit
    /// Die), plus the Constitution modifier, at least 1 a level.
    #[serde(default, skip_serializing_if = "is_fixed")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "fixed"))]
    pub hp: HitPointGain,
    /// Seed for the Hit Dice rolled (repeatable rolls); random when left
    /// out. The CLI rolls with its own `--seed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// Whether `gain` is the default, the fixed value.
fn is_fixed(gain: &HitPointGain) -> bool {
    *gain == HitPointGain::Fixed
}

impl AdvanceInput {
    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty() && self.abilities == AbilityChanges::default()
    }
}

/// The events of `caster` advancing as `input` says (Hit Dice rolled
/// with `rng` when it asks for `roll`), then what `asks` and its new
/// levels give (see [`features_outcome`]).
pub fn advance_outcome(
    caster: &Caster,
    input: &AdvanceInput,
    asks: &[FeatureAsk],
    catalog: &Catalog,
    rng: &mut impl DiceRng,
) -> Result<Outcome, AppError> {
    crate::limits::check_len(&input.classes, 9, "too_many", "classes")?;
    let mut classes = caster.classes().to_vec();
    for c in &input.classes {
        match classes.iter_mut().find(|(class, _)| *class == c.class) {
            Some(slot) => slot.1 = c.level,
            None => classes.push((c.class, c.level)),
        }
    }
    let scores = input.abilities.over(caster.abilities())?;
    let mut all = caster.advance_with(&classes, scores, input.hp, rng)?;
    let mut working = caster.clone();
    working.apply_all(&all.events);
    all.append(features_outcome(&working, asks, catalog)?);
    Ok(all)
}

/// The stored character advanced (see [`advance_outcome`]) in one change.
pub fn advance(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    input: &AdvanceInput,
    asks: &[FeatureAsk],
    catalog: &Catalog,
    rng: &mut impl DiceRng,
) -> Result<Step, AppError> {
    let out = advance_outcome(&caster.state, input, asks, catalog, rng)?;
    commit(store, command, caster, out)
}

/// [`advance`] for the stored character `name` (the API's `POST
/// …/advance`), the class features its new levels reach gained with it;
/// answered with its sheet as its owner's seat shows it.
pub fn advance_for(
    store: &mut Store,
    name: &str,
    input: &AdvanceInput,
    catalog: &Catalog,
    rng: &mut impl DiceRng,
) -> Result<crate::report::StepReport, AppError> {
    let (entity, owner) = crate::sheet::load(store, name)?;
    // The log names it as the CLI command that does the same.
    let command = ["character", "set", &entity.name].join(" ");
    let step = advance(store, command, &entity, input, &[], catalog, rng)?;
    Ok(crate::report::StepReport {
        character: crate::sheet::CharacterView::of(&step.character, &owner),
        events: step.events,
        notes: step.notes,
        change: step.change,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_dice::SeededRng;
    use grimoire_rules::{Class, FeatureKind};

    fn wizard(level: u8) -> Caster {
        let scores = AbilityScores::new([8, 14, 14, 16, 12, 10]).unwrap();
        let mut c = Caster::new("Ana", &[(Class::Wizard, level)], scores).unwrap();
        let out = c.set_vitals(c.fixed_max_hp(), 12, None, None).unwrap();
        c.apply_all(&out.events);
        c
    }

    fn run(c: &Caster, input: &AdvanceInput, asks: &[FeatureAsk]) -> Result<Caster, AppError> {
        let out = advance_outcome(c, input, asks, Catalog::srd(), &mut SeededRng::new(7))?;
        let mut c = c.clone();
        c.apply_all(&out.events);
        Ok(c)
    }

    #[test]
    fn constitution_alone_keeps_the_classes_and_adds_a_hit_point_a_level() {
        let mut abilities = AbilityChanges::default();
        abilities.set(Ability::Constitution, 16);
        let c = run(
            &wizard(5),
            &AdvanceInput {
                classes: vec![],
                abilities,
                ..AdvanceInput::default()
            },
            &[],
        )
        .unwrap();
        assert_eq!(c.classes(), &[(Class::Wizard, 5)]);
        assert_eq!(c.vitals().unwrap().max_hp, 37);
        assert_eq!(c.abilities().score(Ability::Intelligence), 16);
    }

    #[test]
    fn a_class_named_is_added_and_the_subclass_its_level_reaches_can_be_chosen() {
        let input = AdvanceInput {
            classes: vec![
                ClassLevel {
                    class: Class::Wizard,
                    level: 3,
                },
                ClassLevel {
                    class: Class::Cleric,
                    level: 1,
                },
            ],
            abilities: AbilityChanges::default(),
            ..AdvanceInput::default()
        };
        let asks = [FeatureAsk::new(FeatureKind::Subclass, "wizard:evoker")];
        let c = run(&wizard(2), &input, &asks).unwrap();
        assert_eq!(c.classes(), &[(Class::Wizard, 3), (Class::Cleric, 1)]);
        assert!(
            c.picks().iter().any(|p| p.id == "evoker"),
            "{:?}",
            c.picks()
        );
        // At level 2 the subclass is refused, and nothing changes.
        let err = run(&wizard(1), &AdvanceInput::default(), &asks).unwrap_err();
        assert_eq!(err.code(), "subclass_level_too_low");
    }

    #[test]
    fn a_score_above_30_is_refused_with_its_code() {
        let mut abilities = AbilityChanges::default();
        abilities.set(Ability::Constitution, 31);
        let err = run(
            &wizard(2),
            &AdvanceInput {
                classes: vec![],
                abilities,
                ..AdvanceInput::default()
            },
            &[],
        )
        .unwrap_err();
        assert_eq!(err.code(), "invalid_ability_score");
    }

    #[test]
    fn levels_gained_roll_their_hit_dice_when_asked_and_replay_with_the_seed() {
        // Wizard 5 (d6), Con 14, at its fixed 32: five levels more.
        let input = |hp| AdvanceInput {
            classes: vec![ClassLevel {
                class: Class::Wizard,
                level: 10,
            }],
            hp,
            ..AdvanceInput::default()
        };
        let fixed = run(&wizard(5), &input(HitPointGain::Fixed), &[]).unwrap();
        assert_eq!(fixed.vitals().unwrap().max_hp, 32 + 5 * 6);
        let max_hp = |seed| {
            let out = advance_outcome(
                &wizard(5),
                &input(HitPointGain::Roll),
                &[],
                Catalog::srd(),
                &mut SeededRng::new(seed),
            )
            .unwrap();
            let mut c = wizard(5);
            c.apply_all(&out.events);
            c.vitals().unwrap().max_hp
        };
        // Each level 1-6 + 2: between 5 x 3 and 5 x 8 more.
        let rolled: Vec<u32> = (0..8).map(max_hp).collect();
        assert!(
            rolled.iter().all(|m| (32 + 15..=32 + 40).contains(m)),
            "{rolled:?}"
        );
        assert!(rolled.iter().any(|&m| m != 32 + 30), "{rolled:?}");
        // The same seed rolls the same.
        assert_eq!(max_hp(3), max_hp(3));
    }
}
