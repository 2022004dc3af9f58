//! Turns a data-file record into a catalogue spell holding the rules
//! engine's [`Spell`], checking every field on the way.

use grimoire_rules::{
    Area, AttackKind, Bonus, BonusAmount, CantripScaling, Components, Damage, DamageType, Delivery,
    Effect, Healing, Material, Spell, SpellId, SpellLevel, Targeting, Upcast,
};

use crate::entry::{CatalogSpell, Folded, Source};
use crate::record::{ComponentsRecord, EffectRecord, FieldError, SpellRecord, bad};
use crate::vocab::{
    ability_of, bonus_target_of, cantrip_scaling_of, casting_time_of, class_of, condition_of,
    damage_type_of, dice_of, duration_of, on_save_of, range_of, school_of, shape_of,
};

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
    use crate::record::read_record;
    use grimoire_rules::{Duration, Range, TimeSpan};

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
