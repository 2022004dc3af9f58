//! The words of the file format (`"evocation"`, `"10 minutes"`, `"60 ft"`)
//! and the rules types they stand for; every refusal names its field.

use grimoire_rules::{
    Ability, AreaShape, BonusTarget, CantripScaling, CastingTime, Class, Condition, DamageType,
    DiceFormula, Duration, OnSave, Range, School, TimeSpan, TurnPoint, TurnSaveResult,
};

use crate::record::{FieldError, bad};

macro_rules! name_table {
    ($fn:ident, $ty:ty, $what:literal, [$($name:literal => $val:expr),+ $(,)?]) => {
        pub(crate) fn $fn(field: &str, text: &str) -> Result<$ty, FieldError> {
            match text {
                $($name => Ok($val),)+
                other => Err(bad(field, format!(
                    concat!("{:?} is not ", $what, " (one of: {})"),
                    other,
                    [$($name),+].join(", ")
                ))),
            }
        }
    };
}

name_table!(school_of, School, "a school", [
    "abjuration" => School::Abjuration, "conjuration" => School::Conjuration,
    "divination" => School::Divination, "enchantment" => School::Enchantment,
    "evocation" => School::Evocation, "illusion" => School::Illusion,
    "necromancy" => School::Necromancy, "transmutation" => School::Transmutation,
]);

name_table!(class_of, Class, "a spellcasting class", [
    "bard" => Class::Bard, "cleric" => Class::Cleric, "druid" => Class::Druid,
    "paladin" => Class::Paladin, "ranger" => Class::Ranger, "sorcerer" => Class::Sorcerer,
    "warlock" => Class::Warlock, "wizard" => Class::Wizard,
]);

name_table!(ability_of, Ability, "an ability", [
    "str" => Ability::Strength, "dex" => Ability::Dexterity, "con" => Ability::Constitution,
    "int" => Ability::Intelligence, "wis" => Ability::Wisdom, "cha" => Ability::Charisma,
]);

name_table!(on_save_of, OnSave, "a save outcome", ["half" => OnSave::Half, "none" => OnSave::None]);

name_table!(turn_point_of, TurnPoint, "a point of the turn", [
    "start" => TurnPoint::Start, "end" => TurnPoint::End, "enter" => TurnPoint::Enter,
]);

name_table!(turn_save_of, TurnSaveResult, "a turn save outcome", [
    "half" => TurnSaveResult::Half, "none" => TurnSaveResult::NoDamage,
    "ends" => TurnSaveResult::EndsSpell, "none_ends" => TurnSaveResult::NoDamageEndsSpell,
]);

name_table!(bonus_target_of, BonusTarget, "a bonus target", [
    "attack_rolls" => BonusTarget::AttackRolls, "saving_throws" => BonusTarget::SavingThrows,
    "ability_checks" => BonusTarget::AbilityChecks, "armor_class" => BonusTarget::ArmorClass,
    "damage_rolls" => BonusTarget::DamageRolls, "speed" => BonusTarget::Speed,
    "hit_point_maximum" => BonusTarget::HitPointMaximum,
]);

name_table!(cantrip_scaling_of, CantripScaling, "a cantrip scaling", [
    "dice" => CantripScaling::Dice, "instances" => CantripScaling::Instances,
]);

name_table!(shape_of, AreaShape, "an area shape", [
    "cone" => AreaShape::Cone, "cube" => AreaShape::Cube, "cylinder" => AreaShape::Cylinder,
    "emanation" => AreaShape::Emanation, "line" => AreaShape::Line,
    "sphere" => AreaShape::Sphere, "wall" => AreaShape::Wall,
]);

pub(crate) fn damage_type_of(field: &str, text: &str) -> Result<DamageType, FieldError> {
    DamageType::from_name(text).ok_or_else(|| {
        let all: Vec<_> = DamageType::ALL.iter().map(|t| t.name_en()).collect();
        bad(
            field,
            format!("{text:?} is not a damage type (one of: {})", all.join(", ")),
        )
    })
}

pub(crate) fn condition_of(field: &str, text: &str) -> Result<Condition, FieldError> {
    Condition::from_name(text).ok_or_else(|| bad(field, format!("{text:?} is not a condition")))
}

pub(crate) fn dice_of(field: &str, text: &str) -> Result<DiceFormula, FieldError> {
    let dice: DiceFormula = text.parse().map_err(|_| {
        bad(
            field,
            format!("{text:?} is not dice like \"2d8\" or \"1d4+1\""),
        )
    })?;
    // The parser bounds the count; the sides and the flat part are bounded
    // here as the dice crate bounds any expression, so a homebrew die is
    // one the distributions and cards can work with.
    if dice.sides > grimoire_rules::MAX_DIE_SIDES {
        return Err(bad(
            field,
            format!(
                "{text:?}: a die has at most {} sides",
                grimoire_rules::MAX_DIE_SIDES
            ),
        ));
    }
    if i64::from(dice.bonus).abs() > MAX_FLAT {
        return Err(bad(
            field,
            format!("{text:?}: the flat part is at most {MAX_FLAT} either way"),
        ));
    }
    Ok(dice)
}

/// Largest flat part of a homebrew formula (`1d4+1000000`), either way.
const MAX_FLAT: i64 = 1_000_000;

/// `"10 minutes"` → (10, "minute").
fn count_and_unit(text: &str) -> Option<(u32, &str)> {
    let (n, unit) = text.trim().split_once(' ')?;
    let n: u32 = n.parse().ok()?;
    let unit = unit.trim();
    let singular = unit.strip_suffix('s').unwrap_or(unit);
    (n > 0).then_some((n, singular))
}

pub(crate) fn casting_time_of(
    text: &str,
    trigger: Option<String>,
) -> Result<CastingTime, FieldError> {
    let trigger = trigger.filter(|t| !t.trim().is_empty());
    let time = match text {
        "action" => CastingTime::Action,
        "bonus_action" => return Ok(CastingTime::BonusAction { trigger }),
        "reaction" => {
            return match trigger {
                Some(trigger) => Ok(CastingTime::Reaction { trigger }),
                None => Err(bad(
                    "trigger",
                    "a reaction spell needs the trigger it answers (R11)",
                )),
            };
        }
        other => match count_and_unit(other) {
            Some((n, "minute")) => CastingTime::Minutes(n),
            Some((n, "hour")) => CastingTime::Hours(n),
            _ => {
                return Err(bad(
                    "casting_time",
                    format!(
                        "{other:?} is not a casting time (action, bonus_action, reaction, \"10 minutes\", \"1 hour\") (R9)"
                    ),
                ));
            }
        },
    };
    if trigger.is_some() {
        return Err(bad(
            "trigger",
            "only reaction and bonus_action spells have a trigger (R11)",
        ));
    }
    Ok(time)
}

pub(crate) fn range_of(text: &str) -> Result<Range, FieldError> {
    Ok(match text {
        "self" => Range::Self_,
        "touch" => Range::Touch,
        "sight" => Range::Sight,
        "unlimited" => Range::Unlimited,
        "special" => Range::Special,
        other => match count_and_unit(other) {
            Some((n, "ft")) => Range::Feet(n),
            Some((n, "mile")) => Range::Miles(n),
            _ => {
                return Err(bad(
                    "range",
                    format!(
                        "{other:?} is not a range (self, touch, \"60 ft\", \"1 mile\", sight, unlimited, special) (R13)"
                    ),
                ));
            }
        },
    })
}

fn span_of(text: &str) -> Option<TimeSpan> {
    let (n, unit) = count_and_unit(text)?;
    Some(match unit {
        "round" => TimeSpan::rounds_of(n),
        "minute" => TimeSpan::minutes(n),
        "hour" => TimeSpan::hours(n),
        "day" => TimeSpan::days(n),
        _ => return None,
    })
}

pub(crate) fn duration_of(text: &str) -> Result<Duration, FieldError> {
    let wrong = || {
        bad(
            "duration",
            format!(
                "{text:?} is not a duration (instantaneous, \"1 minute\", \"concentration 1 minute\", until your next turn, until dispelled, special) (R15)"
            ),
        )
    };
    Ok(match text {
        "instantaneous" => Duration::Instantaneous,
        "until dispelled" => Duration::UntilDispelled,
        "until your next turn" => Duration::UntilNextTurn,
        "special" => Duration::Special,
        other => match other.strip_prefix("concentration ") {
            Some(rest) => Duration::Concentration {
                up_to: span_of(rest).ok_or_else(wrong)?,
            },
            None => Duration::Timed(span_of(other).ok_or_else(wrong)?),
        },
    })
}

/// The creature types of the rules, as the file format writes them.
pub(crate) const CREATURE_TYPES: [&str; 14] = [
    "aberration",
    "beast",
    "celestial",
    "construct",
    "dragon",
    "elemental",
    "fey",
    "fiend",
    "giant",
    "humanoid",
    "monstrosity",
    "ooze",
    "plant",
    "undead",
];

/// Checks a list of creature types (`affects`, `unaffected`, `only_against`).
pub(crate) fn creature_types_of(field: &str, list: Vec<String>) -> Result<Vec<String>, FieldError> {
    for t in &list {
        if !CREATURE_TYPES.contains(&t.as_str()) {
            return Err(bad(
                field,
                format!(
                    "{t:?} is not a creature type (one of: {})",
                    CREATURE_TYPES.join(", ")
                ),
            ));
        }
    }
    Ok(list)
}
