//! Turns a data-file record into a catalogue spell holding the rules
//! engine's [`Spell`], checking every field on the way.

use grimoire_rules::{
    Area, AreaShape, AttackKind, Bonus, BonusAmount, CantripScaling, Components, Damage,
    DamageType, Delivery, Effect, Healing, Material, SlotLevel, Spell, SpellId, SpellLevel,
    Targeting, TurnDamage, TurnSave, Upcast,
};

use crate::entry::{CatalogSpell, Folded, Source};
use crate::record::{
    ComponentsRecord, DamageRecord, EffectRecord, FieldError, SpellRecord, TurnDamageRecord, bad,
};
use crate::vocab::{
    ability_of, bonus_target_of, cantrip_scaling_of, casting_time_of, class_of, condition_of,
    creature_types_of, damage_type_of, dice_of, duration_of, on_save_of, range_of, school_of,
    shape_of, turn_point_of, turn_save_of,
};

/// The components and the material text in Czech, if any.
fn components_of(c: ComponentsRecord) -> Result<(Components, Option<String>), FieldError> {
    let material_cs = match c.m_cs {
        Some(text) if text.trim().is_empty() => {
            return Err(bad(
                "components.m_cs",
                "the Czech material text is empty; leave it out or name the material (R14c)",
            ));
        }
        Some(_) if c.m.is_none() => {
            return Err(bad(
                "components.m_cs",
                "a Czech material text needs a material: add components.m (R14c)",
            ));
        }
        other => other,
    };
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
    Ok((
        Components {
            verbal: c.v,
            somatic: c.s,
            material,
        },
        material_cs,
    ))
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
    let mut damage_types = Vec::new();
    let damage = damage_parts(&e.damage, "effect.damage", level, &mut damage_types)?;
    let rider = damage_parts(&e.rider, "effect.rider", level, &mut damage_types)?;
    if let Some(i) = e.rider.iter().position(|r| r.per_slot.is_some()) {
        return Err(bad(
            &format!("effect.rider[{i}].per_slot"),
            "rider damage does not grow per slot; leave per_slot out",
        ));
    }
    let each_turn = e
        .each_turn
        .iter()
        .enumerate()
        .map(|(i, t)| {
            turn_damage_of(
                t,
                &format!("effect.each_turn[{i}]"),
                level,
                &mut damage_types,
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !each_turn.is_empty() && level.is_cantrip() {
        return Err(bad(
            "effect.each_turn",
            "a cantrip lasts no turns of its own here; only leveled spells repeat damage",
        ));
    }
    let on_cast = e.on_cast.unwrap_or(true);
    if !on_cast && each_turn.is_empty() {
        return Err(bad(
            "effect.on_cast",
            "a spell that deals nothing on casting needs [[effect.each_turn]] to say when it does (R16)",
        ));
    }
    let healing = match &e.heal {
        Some(h) => Some(Healing {
            dice: dice_of("effect.heal.dice", &h.dice)?,
            add_modifier: h.add_modifier,
            per_slot: match &h.per_slot {
                Some(p) if level.is_cantrip() => {
                    return Err(bad(
                        "effect.heal.per_slot",
                        format!("{p:?}: cantrips use no slot, so they cannot grow per slot (R5a)"),
                    ));
                }
                Some(p) => Some(dice_of("effect.heal.per_slot", p)?),
                None => None,
            },
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
            (Some(d), None) if b.penalty => {
                BonusAmount::Penalty(dice_of(&format!("{field}.dice"), d)?)
            }
            (Some(d), None) => BonusAmount::Dice(dice_of(&format!("{field}.dice"), d)?),
            (None, Some(n)) => BonusAmount::Flat(if b.penalty { -n.abs() } else { n }),
            _ => {
                return Err(bad(
                    &field,
                    "give exactly one of dice = \"1d4\" or flat = 2",
                ));
            }
        };
        if b.per_slot != 0 && level.is_cantrip() {
            return Err(bad(
                &format!("{field}.per_slot"),
                "cantrips use no slot, so they cannot grow per slot (R5a)",
            ));
        }
        bonuses.push(Bonus {
            applies_to,
            amount,
            per_slot: b.per_slot,
        });
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
                Some(_) if e.damage.iter().any(|d| d.per_slot.is_some()) => {
                    return Err(bad(
                        "effect.upcast.dice",
                        "the damage already grows by its per_slot; give one or the other (R6)",
                    ));
                }
                Some(d) => Some(dice_of("effect.upcast.dice", d)?),
                None => None,
            };
            Upcast {
                extra_dice,
                extra_instances: u.instances,
                extra_targets: u.targets,
            }
        }
        None => Upcast::default(),
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
            rider,
            each_turn,
            on_cast,
            attacked_with_advantage: e.attacked_with_advantage,
        },
        targeting: Targeting {
            max_targets,
            not_self: e.not_self,
            hostile_only: e.hostile_only,
            unaffected_types: creature_types_of("effect.unaffected", e.unaffected)?,
            affected_types: creature_types_of("effect.affects", e.affects)?,
            on_creature_hit: false,
            moves_to_new_target: false,
        },
        damage_types,
    })
}

/// Converts one `[[effect.each_turn]]` record: when, the damage (which
/// grows per slot like the spell's own, R6) and the save against it.
fn turn_damage_of(
    t: &TurnDamageRecord,
    field: &str,
    level: SpellLevel,
    all_types: &mut Vec<DamageType>,
) -> Result<TurnDamage, FieldError> {
    let at = turn_point_of(&format!("{field}.at"), &t.at)?;
    if t.damage.is_empty() {
        return Err(bad(
            &format!("{field}.damage"),
            "give the damage dealt each turn",
        ));
    }
    let damage = damage_parts(&t.damage, &format!("{field}.damage"), level, all_types)?;
    if let Some(i) = t.damage.iter().position(|d| d.add_modifier) {
        return Err(bad(
            &format!("{field}.damage[{i}].add_modifier"),
            "turn damage adds no spellcasting modifier; leave add_modifier out",
        ));
    }
    let save = match &t.save {
        Some(s) => Some(TurnSave {
            ability: ability_of(&format!("{field}.save.ability"), &s.ability)?,
            on_success: turn_save_of(&format!("{field}.save.on_success"), &s.on_success)?,
        }),
        None => None,
    };
    Ok(TurnDamage { at, damage, save })
}

/// Converts a list of damage records (`effect.damage`, `effect.rider`):
/// the first of `types` is the default, the rest the caster's alternatives
/// (R16); `per_slot` grows the part (R6). Every type lands in `all_types`.
fn damage_parts(
    records: &[DamageRecord],
    list: &str,
    level: SpellLevel,
    all_types: &mut Vec<DamageType>,
) -> Result<Vec<Damage>, FieldError> {
    let mut parts = Vec::with_capacity(records.len());
    for (i, d) in records.iter().enumerate() {
        let field = format!("{list}[{i}]");
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
        let per_slot = match &d.per_slot {
            Some(_) if level.is_cantrip() => {
                return Err(bad(
                    &format!("{field}.per_slot"),
                    "cantrips use no slot, so they cannot grow per slot (R5a)",
                ));
            }
            Some(p) => Some(dice_of(&format!("{field}.per_slot"), p)?),
            None => None,
        };
        for t in &types {
            if !all_types.contains(t) {
                all_types.push(*t);
            }
        }
        let damage_type = types[0];
        let mut alternative_types: Vec<DamageType> = Vec::new();
        for t in types.into_iter().skip(1) {
            if t != damage_type && !alternative_types.contains(&t) {
                alternative_types.push(t);
            }
        }
        parts.push(Damage {
            dice,
            damage_type,
            add_modifier: d.add_modifier,
            alternative_types,
            per_slot,
            only_against: creature_types_of(
                &format!("{field}.only_against"),
                d.only_against.clone(),
            )?,
        });
    }
    Ok(parts)
}

/// Converts a record into a catalogue spell, checking every field.
///
/// Every field that stands on its own (id, names, level, school, classes,
/// casting time, range, duration) is checked even after one fails, so a
/// homebrew author sees all of them at once; the checks that build on
/// those report the first problem they meet.
pub(crate) fn convert(r: SpellRecord, source: Source) -> Result<CatalogSpell, Vec<FieldError>> {
    let mut faults = header_faults(&r);
    match convert_first(r, source) {
        Ok(spell) if faults.is_empty() => Ok(spell),
        Ok(_) => Err(faults),
        Err(e) => {
            if !faults.iter().any(|f| f.field == e.field) {
                faults.push(e);
            }
            Err(faults)
        }
    }
}

/// The problems of the fields that stand on their own, each checked.
fn header_faults(r: &SpellRecord) -> Vec<FieldError> {
    let mut faults = Vec::new();
    let mut check = |result: Result<(), FieldError>| {
        if let Err(e) = result {
            faults.push(e);
        }
    };
    check(id_of(&r.id).map(drop));
    if r.name_en.trim().is_empty() {
        check(Err(bad("name_en", "the English name is empty")));
    }
    check(level_of(r.level).map(drop));
    check(school_of("school", &r.school).map(drop));
    check(classes_of(&r.classes).map(drop));
    check(casting_time_of(&r.casting_time, r.trigger.clone()).map(drop));
    check(range_of(&r.range).map(drop));
    check(duration_of(&r.duration).map(drop));
    faults
}

/// Refuses a spell whose casting would cost more than the bounds allow
/// (homebrew decides its numbers): checked at its most, from a 9th-level
/// slot by a 20th-level caster, naming the list that holds the work.
fn check_work(spell: &Spell) -> Result<(), FieldError> {
    let w = grimoire_rules::worst_work(spell);
    if w.instances > grimoire_rules::MAX_INSTANCES {
        return Err(bad(
            w.field.as_str(),
            format!(
                "one casting has up to {} instances (from a 9th-level slot); at most {} allowed",
                w.instances,
                grimoire_rules::MAX_INSTANCES
            ),
        ));
    }
    if w.dice > grimoire_rules::MAX_SPELL_DICE {
        return Err(bad(
            w.field.as_str(),
            format!(
                "one casting rolls up to {} dice per target (from a 9th-level slot, at character level 20); at most {} allowed",
                w.dice,
                grimoire_rules::MAX_SPELL_DICE
            ),
        ));
    }
    Ok(())
}

fn id_of(text: &str) -> Result<SpellId, FieldError> {
    SpellId::new(text.to_owned()).map_err(|_| {
        bad(
            "id",
            format!("{text:?} is not a lower-case slug like \"magic-missile\""),
        )
    })
}

fn level_of(level: u8) -> Result<SpellLevel, FieldError> {
    SpellLevel::new(level).map_err(|_| bad("level", format!("{level} is not 0 to 9 (R1)")))
}

fn classes_of(names: &[String]) -> Result<Vec<grimoire_rules::Class>, FieldError> {
    let mut classes = Vec::with_capacity(names.len());
    for c in names {
        let class = class_of("classes", c)?;
        if classes.contains(&class) {
            return Err(bad("classes", format!("{c:?} is listed twice")));
        }
        classes.push(class);
    }
    Ok(classes)
}

/// [`convert`], stopping at the first problem.
fn convert_first(r: SpellRecord, source: Source) -> Result<CatalogSpell, FieldError> {
    let id = id_of(&r.id)?;
    if r.name_en.trim().is_empty() {
        return Err(bad("name_en", "the English name is empty"));
    }
    let level = level_of(r.level)?;
    let school = school_of("school", &r.school)?;
    let classes = classes_of(&r.classes)?;
    let moves_to_new_target = r.moves_to_new_target;
    // The smites act on the creature just hit (R13: it may be their target).
    let after_a_hit = r
        .trigger
        .as_deref()
        .is_some_and(|t| t.to_lowercase().contains("after hitting"));
    let casting_time = casting_time_of(&r.casting_time, r.trigger)?;
    let alternative_casting_time = match &r.alternative_casting_time {
        Some(text) => {
            let alt = casting_time_of(text, None).map_err(|e| FieldError {
                field: "alternative_casting_time".into(),
                ..e
            })?;
            if alt == casting_time {
                return Err(bad(
                    "alternative_casting_time",
                    "is the same as casting_time; leave it out (R9)",
                ));
            }
            Some(alt)
        }
        None => None,
    };
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
            if a.thickness_in.is_some() && shape != AreaShape::Wall {
                return Err(bad(
                    "area.thickness_in",
                    "only a wall has a thickness (R17)",
                ));
            }
            (
                Some(Area {
                    shape,
                    size_ft: a.size_ft,
                    secondary_ft: a.secondary_ft,
                    thickness_in: a.thickness_in,
                }),
                true,
            )
        }
        None => (None, false),
    };
    let (components, material_cs) = components_of(r.components)?;
    let duration = duration_of(&r.duration)?;
    let mut longer_durations = Vec::with_capacity(r.duration_by_slot.len());
    for (slot_text, text) in &r.duration_by_slot {
        let field = format!("duration_by_slot.{slot_text}");
        let slot = slot_text
            .parse::<u8>()
            .ok()
            .and_then(|n| SlotLevel::new(n).ok())
            .filter(|s| s.get() > level.get())
            .ok_or_else(|| {
                bad(
                    &field,
                    "the key must be a slot level above the spell's (R6)",
                )
            })?;
        let longer = duration_of(text).map_err(|e| FieldError {
            field: field.clone(),
            ..e
        })?;
        longer_durations.push((slot, longer));
    }
    longer_durations.sort_by_key(|(slot, _)| *slot);
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
        trigger_cs: r.trigger_cs.filter(|t| !t.trim().is_empty()),
        material_cs,
        level,
        school,
        classes,
        casting_time,
        alternative_casting_time,
        ritual: r.ritual,
        range,
        area,
        components,
        duration,
        longer_durations,
        targeting: Targeting {
            on_creature_hit: after_a_hit && range == grimoire_rules::Range::Self_ && !has_area,
            moves_to_new_target,
            ..mechanics.targeting
        },
        effect: mechanics.effect,
    };
    check_work(&spell)?;
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
            .map_err(|mut all| all.remove(0))
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
    fn r14c_czech_material_text_goes_with_the_material() {
        let text = BASE.replace(
            "s = true }",
            "s = true, m = \"a gem\", m_cs = \"drahokam\" }",
        );
        let spell = parse(&text).unwrap();
        assert_eq!(spell.spell.material_cs.as_deref(), Some("drahokam"));
        assert_eq!(spell.spell.components.material.unwrap().text, "a gem");
        let text = BASE.replace("s = true }", "s = true, m_cs = \"drahokam\" }");
        assert_eq!(parse(&text).unwrap_err().field, "components.m_cs");
        let text = BASE.replace("s = true }", "s = true, m = \"a gem\", m_cs = \" \" }");
        assert_eq!(parse(&text).unwrap_err().field, "components.m_cs");
        assert_eq!(parse(BASE).unwrap().spell.material_cs, None);
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
    fn new_fields_are_checked_and_name_their_field() {
        assert_eq!(
            field_of("area = { shape = \"sphere\", size_ft = 10, thickness_in = 6 }"),
            "area.thickness_in"
        );
        assert_eq!(
            field_of(
                "[effect]\nkind = \"save\"\nsave = { ability = \"dex\", on_success = \"half\" }\ndamage = [{ dice = \"2d6\", type = \"fire\", per_slot = \"1d6\" }]\nupcast = { dice = \"1d6\" }"
            ),
            "effect.upcast.dice"
        );
        assert_eq!(
            field_of(
                "[effect]\nkind = \"utility\"\nrider = [{ dice = \"1d6\", type = \"necrotic\", per_slot = \"1d6\" }]"
            ),
            "effect.rider[0].per_slot"
        );
        assert_eq!(
            parse(&BASE.replace(
                "casting_time = \"action\"",
                "casting_time = \"action\"\nalternative_casting_time = \"action\""
            ))
            .unwrap_err()
            .field,
            "alternative_casting_time"
        );
        assert_eq!(
            parse(&BASE.replace(
                "casting_time = \"action\"",
                "casting_time = \"action\"\nalternative_casting_time = \"a while\""
            ))
            .unwrap_err()
            .field,
            "alternative_casting_time"
        );
    }

    #[test]
    fn r16_types_give_a_default_and_the_alternatives_once_each() {
        let s = parse(&format!(
            "{BASE}\n[effect]\nkind = \"auto_hit\"\ndamage = [{{ dice = \"1d8\", types = [\"cold\", \"fire\", \"cold\", \"fire\"] }}]"
        ))
        .unwrap();
        let d = &s.spell.effect.damage[0];
        assert_eq!(d.damage_type, DamageType::Cold);
        assert_eq!(d.alternative_types, [DamageType::Fire]);
    }

    #[test]
    fn r21_a_dice_penalty_becomes_a_penalty_and_grows_per_slot() {
        let s = parse(&format!(
            "{BASE}\n[effect]\nkind = \"buff\"\nbonus = [{{ to = \"attack_rolls\", dice = \"1d4\", penalty = true }}, {{ to = \"hit_point_maximum\", flat = 5, per_slot = 5 }}]"
        ))
        .unwrap();
        let b = &s.spell.effect.bonuses;
        assert_eq!(b[0].amount, BonusAmount::Penalty("1d4".parse().unwrap()));
        assert_eq!(
            (b[1].amount.clone(), b[1].per_slot),
            (BonusAmount::Flat(5), 5)
        );
    }

    /// The SRD's costliest casting, per target, from a 9th-level slot at
    /// character level 20: the bound leaves homebrew several times it.
    #[test]
    fn every_srd_spell_is_within_the_work_bound_and_the_worst_is_known() {
        let mut worst = (0, "", 0);
        for s in crate::Catalog::srd().spells() {
            let w = grimoire_rules::worst_work(&s.spell);
            assert!(w.within_bounds(), "{}: {w:?}", s.id());
            // Every SRD spell may be cast on as many targets as a cast names.
            assert!(w.dice * 64 <= grimoire_rules::MAX_CAST_WORK, "{}", s.id());
            if w.dice > worst.0 {
                worst = (w.dice, s.id(), w.instances);
            }
        }
        let most_instances = crate::Catalog::srd()
            .spells()
            .iter()
            .map(|s| grimoire_rules::worst_work(&s.spell).instances)
            .max();
        // Scorching Ray from a 9th-level slot: ten rays of 2d6, each die
        // counted twice for a critical hit, plus two d20s a ray.
        assert_eq!(
            (worst, most_instances),
            ((60, "scorching-ray", 10), Some(11))
        );
    }

    #[test]
    fn a_costly_homebrew_spell_is_refused_naming_the_field_and_the_bound() {
        let many = "[effect]\nkind = \"auto_hit\"\ninstances = 1000\ndamage = [{ dice = \"1000d6\", type = \"fire\" }]";
        let err = parse(&format!("{BASE}\n{many}")).unwrap_err();
        assert_eq!(err.field, "effect.instances");
        assert!(err.message.contains("at most 30"), "{}", err.message);
        let dice = "[effect]\nkind = \"auto_hit\"\ninstances = 5\ndamage = [{ dice = \"100d6\", type = \"fire\" }]";
        let err = parse(&format!("{BASE}\n{dice}")).unwrap_err();
        assert_eq!(err.field, "effect.damage");
        assert!(
            err.message.contains("500 dice") && err.message.contains("at most 400"),
            "{}",
            err.message
        );
        let just = "[effect]\nkind = \"auto_hit\"\ninstances = 4\ndamage = [{ dice = \"100d6\", type = \"fire\" }]";
        assert!(parse(&format!("{BASE}\n{just}")).is_ok());
        let upcast = "[effect]\nkind = \"auto_hit\"\ninstances = 1\ndamage = [{ dice = \"1d4\", type = \"force\" }]\nupcast = { instances = 4 }";
        assert_eq!(field_of(upcast), "effect.instances");
        let sides =
            "[effect]\nkind = \"auto_hit\"\ndamage = [{ dice = \"1d100000\", type = \"fire\" }]";
        assert_eq!(field_of(sides), "effect.damage[0].dice");
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
