//! Armor Class from what a Foundry actor wears (`system.attributes.ac.calc`
//! `default`): the 2024 rules' armor table, read from the sheet's items.

use std::collections::BTreeSet;

use grimoire_rules::{Ability, Caster, MAX_ARMOR_CLASS};
use serde_json::{Map, Value};

use crate::error::ImportError;
use crate::read::{bad, number};
use crate::report::{Report, Skip};

/// The Armor Class worn, and the items (by index) that count towards it.
#[derive(Debug, Default)]
pub(crate) struct Worn {
    /// The Armor Class: body armor (or the unarmored one), a shield, bonuses.
    pub ac: u8,
    /// Indices in `items` of the armor, shield and bonus items counted.
    pub items: BTreeSet<usize>,
}

/// The Armor Class of a sheet whose `calc` is `default` (or missing):
/// light armor's base + Dexterity, medium's + Dexterity up to +2 (or the
/// item's own `system.armor.dex` cap), heavy's base alone (no Dexterity
/// penalty either, as Foundry reads it), else the
/// unarmored one ([`Caster::unarmored_ac`], which knows Draconic
/// Resilience); +2 (the shield's `armor.value`) for a shield; magical
/// bonuses (`system.armor.magicalBonus`, an enchantment on it) and the
/// `system.attributes.ac.bonus` an equipped (and attuned, where required)
/// item's effect adds (armor, a Cloak of Protection, a Staff of Power), a
/// feat's or feature's (never equipped), or the actor's own. `None` for
/// any other `calc`.
/// An item field out of bounds is an error naming it; a bonus given by a
/// formula is reported and left out.
pub(crate) fn worn(
    system: &Map<String, Value>,
    items: &[Value],
    caster: &Caster,
    report: &mut Report,
) -> Result<Option<Worn>, ImportError> {
    let ac = system.get("attributes").and_then(|a| a.get("ac"));
    match ac.and_then(|a| a.get("calc")).unwrap_or(&Value::Null) {
        Value::Null => {}
        Value::String(s) if s == "default" => {}
        _ => return Ok(None),
    }
    let dex = i64::from(caster.abilities().modifier(Ability::Dexterity));
    let mut body: Option<i64> = None;
    let mut shield = 0i64;
    let mut bonus = 0i64;
    let mut counted = BTreeSet::new();
    for (i, item) in items.iter().enumerate() {
        // Armor and shields are equipment; a weapon may carry a bonus (a
        // Staff of Power), and so may a feat or feature, which is never
        // equipped: its transferred effects apply while it is on the sheet.
        let physical = item.get("type").and_then(Value::as_str);
        let field = format!("items[{i}]");
        let label = item.get("name").and_then(Value::as_str).unwrap_or("");
        if physical == Some("feat") {
            let (_, feat_bonus) = effects(item, &field, label, report)?;
            if feat_bonus != 0 {
                bonus += feat_bonus;
                counted.insert(i);
            }
            continue;
        }
        if !matches!(physical, Some("equipment" | "weapon")) {
            continue;
        }
        let Some(sys) = item.get("system").and_then(Value::as_object) else {
            continue;
        };
        let equipped = match sys.get("equipped") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(v) => return Err(bad(&format!("{field}.system.equipped"), v)),
        };
        if !equipped {
            continue;
        }
        let attuned = sys.get("attuned").and_then(Value::as_bool).unwrap_or(false);
        let needs_attuning = sys.get("attunement").and_then(Value::as_str) == Some("required");
        let kind = sys
            .get("type")
            .and_then(|t| t.get("value"))
            .and_then(Value::as_str)
            .filter(|_| physical == Some("equipment"))
            .unwrap_or("");
        let (magic, item_bonus) = effects(item, &field, label, report)?;
        let armor = sys.get("armor");
        let value = |key: &str| -> Result<Option<i64>, ImportError> {
            let v = armor.and_then(|a| a.get(key)).unwrap_or(&Value::Null);
            let bound = u64::from(MAX_ARMOR_CLASS);
            Ok(number(v, bound, &format!("{field}.system.armor.{key}"))?.map(|n| n as i64))
        };
        let magic = value("magicalBonus")?.unwrap_or(0).max(magic);
        let cap = match kind {
            "light" | "natural" => Some(i64::MAX),
            "medium" => Some(2),
            "heavy" => Some(0),
            _ => None,
        };
        if let Some(cap) = cap {
            let base = value("value")?.unwrap_or(0);
            // Heavy armor ignores Dexterity, a penalty too.
            let dex = match kind {
                "heavy" => 0,
                _ => dex.min(value("dex")?.unwrap_or(cap)),
            };
            let ac = base + dex + magic;
            body = Some(body.map_or(ac, |b| b.max(ac)));
            counted.insert(i);
        } else if kind == "shield" {
            shield = shield.max(value("value")?.unwrap_or(0) + magic);
            counted.insert(i);
        }
        if item_bonus != 0 && (attuned || !needs_attuning) {
            bonus += item_bonus;
            counted.insert(i);
        }
    }
    // The actor's own bonus (a number; a formula is reported and left out).
    let own = ac.and_then(|a| a.get("bonus")).unwrap_or(&Value::Null);
    match signed(own) {
        Some(Some(n)) => bonus += n,
        Some(None) => report.skipped("system.attributes.ac.bonus", "ac", Skip::ArmorClassComputed),
        None => {}
    }
    let base = body.unwrap_or_else(|| i64::from(caster.unarmored_ac()));
    let ac = (base + shield + bonus).clamp(1, i64::from(MAX_ARMOR_CLASS)) as u8;
    Ok(Some(Worn { ac, items: counted }))
}

/// An item's effects: the magical bonus its enchantments give its armor
/// (`system.armor.magicalBonus`) and the `system.attributes.ac.bonus` its
/// transferred effects add. Disabled effects count for nothing; a change
/// given by a formula or another mode is reported and left out.
fn effects(
    item: &Value,
    field: &str,
    label: &str,
    report: &mut Report,
) -> Result<(i64, i64), ImportError> {
    let (mut magic, mut bonus) = (0i64, 0i64);
    let Some(effects) = item.get("effects").and_then(Value::as_array) else {
        return Ok((0, 0));
    };
    for (e, effect) in effects.iter().enumerate() {
        if effect.get("disabled").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let enchantment = effect.get("type").and_then(Value::as_str) == Some("enchantment");
        let transfer = effect
            .get("transfer")
            .and_then(Value::as_bool)
            .unwrap_or(true);
        let Some(changes) = effect.get("changes").and_then(Value::as_array) else {
            continue;
        };
        for (c, change) in changes.iter().enumerate() {
            let key = change.get("key").and_then(Value::as_str).unwrap_or("");
            let at = format!("{field}.effects[{e}].changes[{c}]");
            let mode = change.get("mode").and_then(Value::as_u64);
            let value = change.get("value").unwrap_or(&Value::Null);
            let applies = match key {
                "system.armor.magicalBonus" => enchantment,
                "system.attributes.ac.bonus" => !enchantment && transfer,
                k if k.starts_with("system.attributes.ac.") => {
                    report.skipped(&at, label, Skip::ArmorClassComputed);
                    false
                }
                _ => false,
            };
            if !applies {
                continue;
            }
            let n = match signed(value) {
                Some(Some(n)) => n,
                _ => {
                    report.skipped(&at, label, Skip::ArmorClassComputed);
                    continue;
                }
            };
            let bound = i64::from(MAX_ARMOR_CLASS);
            if n.abs() > bound {
                return Err(bad(&format!("{at}.value"), value));
            }
            // Foundry's modes: 2 add, 4 upgrade, 5 override.
            match (key, mode) {
                ("system.armor.magicalBonus", Some(2)) => magic += n,
                ("system.armor.magicalBonus", Some(4 | 5)) => magic = magic.max(n),
                ("system.attributes.ac.bonus", Some(2)) => bonus += n,
                _ => report.skipped(&at, label, Skip::ArmorClassComputed),
            }
        }
    }
    Ok((magic, bonus))
}

/// A whole number from a number or a string (`"+1"`, `"2"`): `None` when
/// absent or empty, `Some(None)` when not a small whole number.
fn signed(v: &Value) -> Option<Option<i64>> {
    match v {
        Value::Null => None,
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().trim_start_matches('+').parse::<i64>().ok()),
        Value::Number(n) => Some(n.as_i64()),
        _ => Some(None),
    }
    .map(|n| n.filter(|n| n.abs() <= 1000))
}
