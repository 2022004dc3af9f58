//! Foundry items that cast spells from charges (wands, staffs, rods): the
//! item's `system.uses` are its charges, its `cast` activities the spells,
//! each a copy of the spell cached for the item
//! (`flags.dnd5e.cachedFor: ".Item.<item>.Activity.<activity>"`). One
//! becomes a [`MagicItem`] casting from its charges (R5d); the export writes
//! it back in the same shape.

use std::collections::HashMap;

use grimoire_catalog::{Catalog, CatalogSpell};
use grimoire_rules::{Caster, Event, MagicItem, Recharge, SlotLevel, SpellId};
use serde_json::{Map, Value, json};

use crate::error::ImportError;
use crate::report::{Mapped, Report, Skip};

/// The most spells one charged item may cast.
const MAX_ITEM_SPELLS: usize = 20;

/// Spells cached for items: item id → (activity id, spell), in file order.
pub(crate) type Cached<'a> = HashMap<&'a str, Vec<(&'a str, &'a CatalogSpell)>>;

/// The spell copies the sheet caches for its items, by item and activity.
pub(crate) fn cached_spells<'a>(items: &'a [Value], catalog: &'a Catalog) -> Cached<'a> {
    let mut out: Cached<'a> = HashMap::new();
    for item in items {
        let Some(path) = item
            .get("flags")
            .and_then(|f| f.get("dnd5e"))
            .and_then(|f| f.get("cachedFor"))
            .and_then(Value::as_str)
        else {
            continue;
        };
        let mut parts = path.split('.');
        let (Some(parent), Some(activity)) = (parts.nth(2), parts.nth(1)) else {
            continue;
        };
        let ident = item
            .get("system")
            .and_then(|s| s.get("identifier"))
            .and_then(Value::as_str);
        let label = item.get("name").and_then(Value::as_str);
        if let Some(found) = ident
            .and_then(|i| catalog.get(i))
            .or_else(|| label.and_then(|l| catalog.get(l)))
        {
            let list = out.entry(parent).or_default();
            if list.len() < MAX_ITEM_SPELLS {
                list.push((activity, found));
            }
        }
    }
    out
}

fn whole(v: Option<&Value>) -> Option<u64> {
    match v? {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// When charges come back, by `uses.recovery[0].period`.
fn recharge_of(uses: &Value) -> Recharge {
    let period = uses
        .get("recovery")
        .and_then(Value::as_array)
        .and_then(|r| r.first())
        .and_then(|r| r.get("period"))
        .and_then(Value::as_str);
    match period {
        Some("sr") => Recharge::ShortRest,
        Some("lr" | "day" | "dawn" | "dusk") => Recharge::LongRest,
        _ => Recharge::Never,
    }
}

/// Reads `obj` as a charged item when it is one: charges (`system.uses.max`,
/// a number) and spells cached for it. Answers whether it was one.
pub(crate) fn read_charged(
    obj: &Map<String, Value>,
    field: &str,
    label: &str,
    cached: &Cached<'_>,
    caster: &mut Caster,
    report: &mut Report,
) -> Result<bool, ImportError> {
    let id = obj.get("_id").and_then(Value::as_str).unwrap_or("");
    let sys = obj.get("system");
    // A scroll is read as one; a Ring of Spell Storing holds spells cast
    // into it, spent by level, not charges.
    let scroll = matches!(
        sys.and_then(|s| s.get("identifier"))
            .and_then(Value::as_str),
        Some("spell-scroll" | "ring-of-spell-storing")
    );
    let Some(spells) = cached.get(id).filter(|_| !id.is_empty() && !scroll) else {
        return Ok(false);
    };
    let uses = sys.and_then(|s| s.get("uses")).unwrap_or(&Value::Null);
    let Some(max) = whole(uses.get("max")).filter(|m| (1..=255).contains(m)) else {
        return Ok(false);
    };
    let max = max as u8;
    let spent = whole(uses.get("spent")).map_or(0, |s| s.min(u64::from(max)) as u8);
    let activities = sys.and_then(|s| s.get("activities"));
    let mut ids = Vec::new();
    let mut levels = Vec::new();
    let mut dc = None;
    let mut attack = None;
    for (activity, found) in spells {
        let act = activities.and_then(|a| a.get(*activity));
        // Charges a cast takes: the activity's `itemUses` target (one when
        // the sheet keeps no activity); an activity spending its own uses
        // (or nothing) does not cast from the item's charges.
        let cost = match act {
            None => Some(1),
            Some(a) => a
                .get("consumption")
                .and_then(|c| c.get("targets"))
                .and_then(Value::as_array)
                .and_then(|t| {
                    t.iter()
                        .find(|t| t.get("type").and_then(Value::as_str) == Some("itemUses"))
                })
                .map(|t| whole(t.get("value")).unwrap_or(1)),
        };
        let at = format!("{field}.system.activities.{activity}");
        let Some(cost) = cost else {
            report.skipped(at, &found.name_en, Skip::ItemSpell);
            continue;
        };
        if cost > 1 {
            report.skipped(at, &found.name_en, Skip::ChargeCost);
            continue;
        }
        let spell = act.and_then(|a| a.get("spell"));
        // A level the activity states; none: the spell's own level.
        levels.push(whole(spell.and_then(|s| s.get("level"))));
        let challenge = spell.and_then(|s| s.get("challenge"));
        if challenge
            .and_then(|c| c.get("override"))
            .and_then(Value::as_bool)
            == Some(true)
        {
            dc = dc.or(whole(challenge.and_then(|c| c.get("save"))));
            attack = attack.or(challenge
                .and_then(|c| c.get("attack"))
                .and_then(Value::as_i64));
        }
        if !ids.contains(&found.spell.id) {
            ids.push(found.spell.id.clone());
        }
        report.mapped(at, &found.name_en, Mapped::ItemSpell);
    }
    if ids.is_empty() {
        return Ok(false);
    }
    let name = crate::ddb::item_name(caster, label);
    let mut item = MagicItem::charged(&name, ids, max, recharge_of(uses));
    levels.sort_unstable();
    levels.dedup();
    if let [Some(level)] = levels.as_slice() {
        item.cast_level = u8::try_from(*level)
            .ok()
            .and_then(|l| SlotLevel::new(l).ok());
    }
    item.save_dc = dc.and_then(|d| u8::try_from(d).ok());
    item.attack_bonus = attack.and_then(|a| i8::try_from(a).ok());
    caster.apply(&Event::ItemAdded { item });
    for _ in 0..spent {
        caster.apply(&Event::ItemUsed { name: name.clone() });
    }
    report.mapped(field, &name, Mapped::Charged { charges: max });
    Ok(true)
}

/// The copy of a spell Foundry caches for the item that casts it (a
/// scroll's or a wand's activity named by `cached_for`), as item
/// `item_id`: `id` as the item names it, its name and level from `found`.
pub(crate) fn cached_spell(
    item_id: String,
    id: &SpellId,
    found: &CatalogSpell,
    cached_for: String,
) -> Value {
    json!({
        "_id": item_id,
        "name": found.name_en,
        "type": "spell",
        "system": {
            "identifier": id.as_str(),
            "level": found.spell.level.get(),
            "method": "spell",
            "prepared": 0,
        },
        "flags": { "dnd5e": { "cachedFor": cached_for } },
    })
}

/// A charged item as Foundry items: the wand with its uses and one `cast`
/// activity per spell, and each spell's copy cached for it. `next_id`
/// gives item ids.
pub(crate) fn export_charged(
    item: &MagicItem,
    catalog: &Catalog,
    mut next_id: impl FnMut() -> String,
) -> Vec<Value> {
    let wand = next_id();
    let recovery = match item.recharge {
        Recharge::ShortRest => json!([{ "period": "sr", "type": "recoverAll" }]),
        Recharge::LongRest => json!([{ "period": "lr", "type": "recoverAll" }]),
        Recharge::Never => json!([]),
    };
    let mut activities = Map::new();
    let mut copies = Vec::new();
    for (n, id) in item.spells.iter().enumerate() {
        let Some(found) = catalog.get(id.as_str()) else {
            continue;
        };
        let activity = format!("grimoirecast{n:04}");
        let mut spell = json!({});
        if let Some(level) = item.cast_level {
            spell["level"] = json!(level.get());
        }
        if item.save_dc.is_some() || item.attack_bonus.is_some() {
            spell["challenge"] = json!({
                "override": true,
                "save": item.save_dc,
                "attack": item.attack_bonus,
            });
        }
        activities.insert(
            activity.clone(),
            json!({
                "type": "cast",
                "spell": spell,
                "consumption": { "targets": [{ "type": "itemUses", "value": "1" }] },
            }),
        );
        copies.push(cached_spell(
            next_id(),
            id,
            found,
            format!(".Item.{wand}.Activity.{activity}"),
        ));
    }
    let mut out = vec![json!({
        "_id": wand,
        "name": item.name,
        "type": "consumable",
        "system": {
            "type": { "value": "wand" },
            "quantity": 1,
            "uses": {
                "max": item.max_charges.to_string(),
                "spent": item.max_charges - item.charges(),
                "recovery": recovery,
            },
            "activities": activities,
        },
    })];
    out.extend(copies);
    out
}
