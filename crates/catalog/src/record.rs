//! The data-file format (`[[spell]]` tables in TOML) and its conversion into
//! the rules engine's types. These serde types are private: the files are
//! the catalogue's business, the rules crate never sees them.

use std::collections::BTreeMap;

use grimoire_rules::{
    Ability, Area, AreaShape, AttackKind, Bonus, BonusAmount, BonusTarget, CantripScaling,
    CastingTime, Class, Components, Condition, Damage, DamageType, Delivery, DiceFormula, Duration,
    Effect, Healing, Material, OnSave, Range, School, Spell, SpellId, SpellLevel, Targeting,
    TimeSpan, Upcast,
};
use serde::Deserialize;

use crate::entry::{CatalogSpell, Folded, Source};

/// A problem with one field of one spell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldError {
    pub(crate) field: String,
    pub(crate) message: String,
}

fn bad(field: &str, message: impl Into<String>) -> FieldError {
    FieldError {
        field: field.to_string(),
        message: message.into(),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpellRecord {
    id: String,
    name_en: String,
    #[serde(default)]
    name_cs: String,
    level: u8,
    school: String,
    #[serde(default)]
    classes: Vec<String>,
    casting_time: String,
    #[serde(default)]
    trigger: Option<String>,
    #[serde(default)]
    ritual: bool,
    range: String,
    #[serde(default)]
    area: Option<AreaRecord>,
    components: ComponentsRecord,
    duration: String,
    #[serde(default)]
    summary_en: String,
    #[serde(default)]
    summary_cs: String,
    #[serde(default)]
    effect: Option<EffectRecord>,
    #[serde(default)]
    notes: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AreaRecord {
    shape: String,
    size_ft: u32,
    #[serde(default)]
    secondary_ft: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ComponentsRecord {
    #[serde(default)]
    v: bool,
    #[serde(default)]
    s: bool,
    #[serde(default)]
    m: Option<String>,
    #[serde(default)]
    cost_gp: Option<u32>,
    #[serde(default)]
    consumed: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EffectRecord {
    kind: String,
    #[serde(default)]
    save: Option<SaveRecord>,
    #[serde(default)]
    damage: Vec<DamageRecord>,
    #[serde(default)]
    heal: Option<HealRecord>,
    #[serde(default)]
    instances: Option<u32>,
    #[serde(default)]
    targets: Option<u32>,
    #[serde(default)]
    upcast: Option<UpcastRecord>,
    #[serde(default)]
    cantrip_scaling: Option<String>,
    #[serde(default)]
    conditions: Vec<String>,
    #[serde(default)]
    bonus: Vec<BonusRecord>,
    #[serde(default)]
    unaffected: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveRecord {
    ability: String,
    on_success: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DamageRecord {
    dice: String,
    #[serde(default, rename = "type")]
    damage_type: Option<String>,
    #[serde(default)]
    types: Vec<String>,
    #[serde(default)]
    add_modifier: bool,
    #[serde(default)]
    per_slot: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HealRecord {
    dice: String,
    #[serde(default)]
    add_modifier: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpcastRecord {
    #[serde(default)]
    dice: Option<String>,
    #[serde(default)]
    instances: u32,
    #[serde(default)]
    targets: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BonusRecord {
    to: String,
    #[serde(default)]
    dice: Option<String>,
    #[serde(default)]
    flat: Option<i32>,
    #[serde(default)]
    penalty: bool,
}

/// Reads one `[[spell]]` table; type errors name the field they are in.
pub(crate) fn read_record(value: toml::Value) -> Result<SpellRecord, FieldError> {
    serde_path_to_error::deserialize::<_, SpellRecord>(value).map_err(|e| {
        let path = e.path().to_string();
        let raw = e.inner().to_string();
        // serde reports a missing key at the table holding it; name the key.
        if let Some(key) = raw
            .strip_prefix("missing field `")
            .and_then(|r| r.split('`').next())
        {
            let field = if path == "." {
                key.to_string()
            } else {
                format!("{path}.{key}")
            };
            return bad(&field, "is required but missing");
        }
        bad(
            if path == "." { "spell" } else { &path },
            plain_serde_message(&raw),
        )
    })
}

/// Turns serde's wording into something a homebrew author understands.
fn plain_serde_message(raw: &str) -> String {
    if raw.starts_with("invalid type") {
        let wanted = raw.rsplit("expected ").next().unwrap_or("");
        let what = if wanted.starts_with('u') || wanted.starts_with('i') {
            "a whole number"
        } else if wanted.contains("bool") {
            "true or false"
        } else if wanted.contains("string") {
            "text in quotes"
        } else if wanted.contains("sequence") {
            "a list [..]"
        } else {
            wanted
        };
        return format!("must be {what} ({raw})");
    }
    raw.to_string()
}

macro_rules! name_table {
    ($fn:ident, $ty:ty, $what:literal, [$($name:literal => $val:expr),+ $(,)?]) => {
        fn $fn(field: &str, text: &str) -> Result<$ty, FieldError> {
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

name_table!(bonus_target_of, BonusTarget, "a bonus target", [
    "attack_rolls" => BonusTarget::AttackRolls, "saving_throws" => BonusTarget::SavingThrows,
    "ability_checks" => BonusTarget::AbilityChecks, "armor_class" => BonusTarget::ArmorClass,
    "damage_rolls" => BonusTarget::DamageRolls, "speed" => BonusTarget::Speed,
]);

name_table!(cantrip_scaling_of, CantripScaling, "a cantrip scaling", [
    "dice" => CantripScaling::Dice, "instances" => CantripScaling::Instances,
]);

/// `None` for a wall: the rules engine has no wall shape, the data keeps it.
fn shape_of(field: &str, text: &str) -> Result<Option<AreaShape>, FieldError> {
    Ok(Some(match text {
        "cone" => AreaShape::Cone,
        "cube" => AreaShape::Cube,
        "cylinder" => AreaShape::Cylinder,
        "emanation" => AreaShape::Emanation,
        "line" => AreaShape::Line,
        "sphere" => AreaShape::Sphere,
        "wall" => return Ok(None),
        other => {
            return Err(bad(
                field,
                format!(
                    "{other:?} is not an area shape (cone, cube, cylinder, emanation, line, sphere, wall) (R17)"
                ),
            ));
        }
    }))
}

fn damage_type_of(field: &str, text: &str) -> Result<DamageType, FieldError> {
    DamageType::from_name(text).ok_or_else(|| {
        let all: Vec<_> = DamageType::ALL.iter().map(|t| t.name_en()).collect();
        bad(
            field,
            format!("{text:?} is not a damage type (one of: {})", all.join(", ")),
        )
    })
}

fn condition_of(field: &str, text: &str) -> Result<Condition, FieldError> {
    Condition::from_name(text).ok_or_else(|| bad(field, format!("{text:?} is not a condition")))
}

fn dice_of(field: &str, text: &str) -> Result<DiceFormula, FieldError> {
    text.parse().map_err(|_| {
        bad(
            field,
            format!("{text:?} is not dice like \"2d8\" or \"1d4+1\""),
        )
    })
}

/// `"10 minutes"` → (10, "minute").
fn count_and_unit(text: &str) -> Option<(u32, &str)> {
    let (n, unit) = text.trim().split_once(' ')?;
    let n: u32 = n.parse().ok()?;
    let unit = unit.trim();
    let singular = unit.strip_suffix('s').unwrap_or(unit);
    (n > 0).then_some((n, singular))
}

fn casting_time_of(text: &str, trigger: Option<String>) -> Result<CastingTime, FieldError> {
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

fn range_of(text: &str) -> Result<Range, FieldError> {
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

fn duration_of(text: &str) -> Result<Duration, FieldError> {
    let wrong = || {
        bad(
            "duration",
            format!(
                "{text:?} is not a duration (instantaneous, \"1 minute\", \"concentration 1 minute\", until dispelled, special) (R15)"
            ),
        )
    };
    Ok(match text {
        "instantaneous" => Duration::Instantaneous,
        "until dispelled" => Duration::UntilDispelled,
        "special" => Duration::Special,
        other => match other.strip_prefix("concentration ") {
            Some(rest) => Duration::Concentration {
                up_to: span_of(rest).ok_or_else(wrong)?,
            },
            None => Duration::Timed(span_of(other).ok_or_else(wrong)?),
        },
    })
}

fn components_of(c: ComponentsRecord) -> Result<Components, FieldError> {
    let material = match c.m {
        Some(text) if !text.trim().is_empty() => Some(Material {
            text,
            cost_gp: c.cost_gp.filter(|&gp| gp > 0),
            consumed: c.consumed,
        }),
        Some(_) => {
            return Err(bad(
                "components.m",
                "the material text is empty; name the material (R14c)",
            ));
        }
        None => {
            if c.cost_gp.is_some() {
                return Err(bad(
                    "components.cost_gp",
                    "a cost needs a material: add components.m (R14c)",
                ));
            }
            if c.consumed {
                return Err(bad(
                    "components.consumed",
                    "only a material can be consumed: add components.m (R14c)",
                ));
            }
            None
        }
    };
    if !c.v && !c.s && material.is_none() {
        return Err(bad(
            "components",
            "a spell needs at least one of v, s or m (R14)",
        ));
    }
    Ok(Components {
        verbal: c.v,
        somatic: c.s,
        material,
    })
}

/// The converted effect, the targeting it implies and every damage type.
struct Mechanics {
    effect: Effect,
    targeting: Targeting,
    damage_types: Vec<DamageType>,
}

fn effect_of(e: EffectRecord, level: SpellLevel, has_area: bool) -> Result<Mechanics, FieldError> {
    let delivery = match e.kind.as_str() {
        "attack_melee" => Delivery::Attack(AttackKind::Melee),
        "attack_ranged" => Delivery::Attack(AttackKind::Ranged),
        "save" => {
            let save = e.save.as_ref().ok_or_else(|| {
                bad(
                    "effect.save",
                    "a save effect needs save = { ability, on_success } (R19)",
                )
            })?;
            Delivery::Save {
                ability: ability_of("effect.save.ability", &save.ability)?,
                on_success: on_save_of("effect.save.on_success", &save.on_success)?,
            }
        }
        "auto_hit" | "heal" | "buff" | "utility" => Delivery::Automatic,
        other => {
            return Err(bad(
                "effect.kind",
                format!(
                    "{other:?} is not an effect kind (attack_melee, attack_ranged, save, auto_hit, heal, buff, utility) (R16)"
                ),
            ));
        }
    };
    if e.save.is_some() && e.kind != "save" {
        return Err(bad("effect.save", "only kind = \"save\" has a save"));
    }
    if e.kind == "heal" && e.heal.is_none() {
        return Err(bad("effect.heal", "a heal effect needs heal = { dice }"));
    }
    let mut damage = Vec::new();
    let mut damage_types = Vec::new();
    let mut first_per_slot = None;
    for (i, d) in e.damage.iter().enumerate() {
        let field = format!("effect.damage[{i}]");
        let dice = dice_of(&format!("{field}.dice"), &d.dice)?;
        let types: Vec<DamageType> = match (&d.damage_type, d.types.is_empty()) {
            (Some(t), true) => vec![damage_type_of(&format!("{field}.type"), t)?],
            (None, false) => d
                .types
                .iter()
                .map(|t| damage_type_of(&format!("{field}.types"), t))
                .collect::<Result<_, _>>()?,
            _ => {
                return Err(bad(
                    &field,
                    "give exactly one of type = \"fire\" or types = [..]",
                ));
            }
        };
        if let Some(per_slot) = &d.per_slot {
            if level.is_cantrip() {
                return Err(bad(
                    &format!("{field}.per_slot"),
                    "cantrips use no slot, so they cannot grow per slot (R5a)",
                ));
            }
            let extra = dice_of(&format!("{field}.per_slot"), per_slot)?;
            first_per_slot.get_or_insert(extra);
        }
        damage.push(Damage {
            dice,
            damage_type: types[0],
            add_modifier: d.add_modifier,
        });
        for t in types {
            if !damage_types.contains(&t) {
                damage_types.push(t);
            }
        }
    }
    let healing = match &e.heal {
        Some(h) => Some(Healing {
            dice: dice_of("effect.heal.dice", &h.dice)?,
            add_modifier: h.add_modifier,
        }),
        None => None,
    };
    let conditions = e
        .conditions
        .iter()
        .map(|c| condition_of("effect.conditions", c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut bonuses = Vec::new();
    for (i, b) in e.bonus.iter().enumerate() {
        let field = format!("effect.bonus[{i}]");
        let applies_to = bonus_target_of(&format!("{field}.to"), &b.to)?;
        let amount = match (&b.dice, b.flat) {
            (Some(d), None) => BonusAmount::Dice(dice_of(&format!("{field}.dice"), d)?),
            (None, Some(n)) => BonusAmount::Flat(if b.penalty { -n.abs() } else { n }),
            _ => {
                return Err(bad(
                    &field,
                    "give exactly one of dice = \"1d4\" or flat = 2",
                ));
            }
        };
        // The rules engine's dice bonuses cannot be negative (Bane's -1d4);
        // the data keeps the penalty, the engine gets no bonus for it.
        if b.penalty && matches!(amount, BonusAmount::Dice(_)) {
            continue;
        }
        bonuses.push(Bonus { applies_to, amount });
    }
    let upcast = match e.upcast {
        Some(u) => {
            if level.is_cantrip() {
                return Err(bad(
                    "effect.upcast",
                    "cantrips use no slot, so they cannot be upcast (R5a, R6)",
                ));
            }
            let extra_dice = match &u.dice {
                Some(d) => Some(dice_of("effect.upcast.dice", d)?),
                None => first_per_slot,
            };
            Upcast {
                extra_dice,
                extra_instances: u.instances,
                extra_targets: u.targets,
            }
        }
        None => Upcast {
            extra_dice: first_per_slot,
            ..Upcast::default()
        },
    };
    let cantrip_scaling = match &e.cantrip_scaling {
        Some(s) if !level.is_cantrip() => {
            return Err(bad(
                "effect.cantrip_scaling",
                format!("{s:?}: only cantrips grow with character level"),
            ));
        }
        Some(s) => cantrip_scaling_of("effect.cantrip_scaling", s)?,
        None => CantripScaling::None,
    };
    let instances = e.instances.unwrap_or(1);
    if instances == 0 {
        return Err(bad("effect.instances", "must be at least 1"));
    }
    let max_targets = match e.targets {
        Some(0) => return Err(bad("effect.targets", "must be at least 1")),
        Some(n) => Some(n),
        None if has_area => None,
        None => Some(1),
    };
    Ok(Mechanics {
        effect: Effect {
            delivery,
            instances,
            damage,
            healing,
            conditions,
            bonuses,
            upcast,
            cantrip_scaling,
        },
        targeting: Targeting {
            max_targets,
            not_self: false,
            unaffected_types: e.unaffected,
        },
        damage_types,
    })
}

/// Converts a record into a catalogue spell, checking every field.
pub(crate) fn convert(r: SpellRecord, source: Source) -> Result<CatalogSpell, FieldError> {
    let id = SpellId::new(r.id.clone()).map_err(|_| {
        bad(
            "id",
            format!("{:?} is not a lower-case slug like \"magic-missile\"", r.id),
        )
    })?;
    if r.name_en.trim().is_empty() {
        return Err(bad("name_en", "the English name is empty"));
    }
    let level = SpellLevel::new(r.level)
        .map_err(|_| bad("level", format!("{} is not 0 to 9 (R1)", r.level)))?;
    let school = school_of("school", &r.school)?;
    let mut classes = Vec::with_capacity(r.classes.len());
    for c in &r.classes {
        let class = class_of("classes", c)?;
        if classes.contains(&class) {
            return Err(bad("classes", format!("{c:?} is listed twice")));
        }
        classes.push(class);
    }
    let casting_time = casting_time_of(&r.casting_time, r.trigger)?;
    if r.ritual && level.is_cantrip() {
        return Err(bad("ritual", "a cantrip cannot be a ritual (R5b)"));
    }
    let range = range_of(&r.range)?;
    let (area, has_area) = match r.area {
        Some(a) => {
            if a.size_ft == 0 {
                return Err(bad("area.size_ft", "must be at least 1"));
            }
            let shape = shape_of("area.shape", &a.shape)?;
            (
                shape.map(|shape| Area {
                    shape,
                    size_ft: a.size_ft,
                    secondary_ft: a.secondary_ft,
                }),
                true,
            )
        }
        None => (None, false),
    };
    let components = components_of(r.components)?;
    let duration = duration_of(&r.duration)?;
    let mechanics = match r.effect {
        Some(e) => effect_of(e, level, has_area)?,
        None => Mechanics {
            effect: Effect::default(),
            targeting: Targeting {
                max_targets: if has_area { None } else { Some(1) },
                ..Targeting::default()
            },
            damage_types: Vec::new(),
        },
    };
    let name_cs = if r.name_cs.trim().is_empty() {
        r.name_en.clone()
    } else {
        r.name_cs
    };
    let folded = Folded::new(id.as_str(), &r.name_en, &name_cs);
    let spell = Spell {
        id,
        name: r.name_en.clone(),
        name_cs: Some(name_cs.clone()),
        level,
        school,
        classes,
        casting_time,
        ritual: r.ritual,
        range,
        area,
        components,
        duration,
        targeting: mechanics.targeting,
        effect: mechanics.effect,
    };
    Ok(CatalogSpell {
        spell,
        name_en: r.name_en,
        name_cs,
        summary_en: r.summary_en,
        summary_cs: r.summary_cs,
        source,
        damage_types: mechanics.damage_types,
        notes: r.notes,
        folded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<CatalogSpell, FieldError> {
        let table: toml::Table = toml::from_str(text).expect("test TOML is valid");
        convert(read_record(toml::Value::Table(table))?, Source::Srd)
    }

    const BASE: &str = r#"
        id = "spark"
        name_en = "Spark"
        level = 1
        school = "evocation"
        classes = ["wizard"]
        casting_time = "action"
        range = "60 ft"
        components = { v = true, s = true }
        duration = "instantaneous"
    "#;

    fn field_of(extra: &str) -> String {
        parse(&format!("{BASE}\n{extra}")).unwrap_err().field
    }

    #[test]
    fn minimal_spell_converts_with_defaults() {
        let s = parse(BASE).unwrap();
        assert_eq!(s.name_cs, "Spark");
        assert_eq!(s.spell.range, Range::Feet(60));
        assert_eq!(s.spell.effect, Effect::default());
    }

    #[test]
    fn r11_reaction_needs_trigger() {
        let text = BASE.replace("\"action\"", "\"reaction\"");
        assert_eq!(parse(&text).unwrap_err().field, "trigger");
    }

    #[test]
    fn r14c_cost_without_material_is_refused() {
        let text = BASE.replace("s = true }", "s = true, cost_gp = 50 }");
        assert_eq!(parse(&text).unwrap_err().field, "components.cost_gp");
        let text = BASE.replace("s = true }", "s = true, m = \"gem\", cost_gp = \"lots\" }");
        let err = parse(&text).unwrap_err();
        assert_eq!(err.field, "components.cost_gp");
        assert!(
            err.message.starts_with("must be a whole number"),
            "{}",
            err.message
        );
    }

    #[test]
    fn bad_values_name_their_field() {
        assert_eq!(
            parse(&BASE.replace("\"evocation\"", "\"evocaton\""))
                .unwrap_err()
                .field,
            "school"
        );
        assert_eq!(
            parse(&BASE.replace("level = 1", "level = 10"))
                .unwrap_err()
                .field,
            "level"
        );
        assert_eq!(
            parse(&BASE.replace("\"60 ft\"", "\"far\""))
                .unwrap_err()
                .field,
            "range"
        );
        assert_eq!(field_of("[effect]\nkind = \"save\""), "effect.save");
        assert_eq!(
            field_of(
                "[effect]\nkind = \"auto_hit\"\ndamage = [{ dice = \"2x\", type = \"fire\" }]"
            ),
            "effect.damage[0].dice"
        );
        assert_eq!(field_of("colour = \"red\""), "colour");
    }

    #[test]
    fn r15_concentration_duration_parses() {
        let s = parse(&BASE.replace("\"instantaneous\"", "\"concentration 10 minutes\"")).unwrap();
        assert_eq!(
            s.spell.duration,
            Duration::Concentration {
                up_to: TimeSpan::minutes(10)
            }
        );
        assert!(s.spell.is_concentration());
    }
}
