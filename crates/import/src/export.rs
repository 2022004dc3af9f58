//! Writing a [`Caster`] back as a Foundry VTT dnd5e actor: the fields
//! Grimoire models, in the shape [`crate::import_foundry`] reads.

use grimoire_catalog::Catalog;
use grimoire_rules::{
    Ability, Caster, CasterKind, Class, FeatureKind, HitDice, MagicItem, Recharge, SlotLevel,
    SpellId, hit_die,
};
use serde_json::{Map, Value, json};

use crate::sheet::{ability_key, class_key};

fn progression(class: Class) -> &'static str {
    match class.caster_kind() {
        CasterKind::Full => "full",
        CasterKind::Half => "half",
        CasterKind::Pact => "pact",
    }
}

/// A stable 16-character Foundry id for the n-th item.
fn item_id(n: usize) -> String {
    format!("grimoire{n:08}")
}

/// The actor JSON for `caster`; spells are looked up in `catalog` for
/// their names and levels (a spell missing there is written by its id).
pub fn export_foundry(caster: &Caster, catalog: &Catalog) -> Value {
    let mut abilities = Map::new();
    for ability in Ability::ALL {
        abilities.insert(
            ability_key(ability).into(),
            json!({ "value": caster.abilities().score(ability) }),
        );
    }
    let mut spells = Map::new();
    for n in 1..=9u8 {
        let Ok(level) = SlotLevel::new(n) else {
            continue;
        };
        spells.insert(
            format!("spell{n}"),
            json!({ "value": caster.slots().remaining(level) }),
        );
    }
    if let Some(pact) = caster.pact_slots() {
        spells.insert("pact".into(), json!({ "value": pact.remaining() }));
    }
    let first = caster.classes()[0].0;
    let mut attributes = json!({
        "spellcasting": ability_key(first.spellcasting_ability()),
    });
    if let Some(v) = caster.vitals() {
        attributes["hp"] = json!({ "value": v.hp, "max": v.max_hp, "temp": v.temp_hp });
        attributes["ac"] = json!({ "calc": "flat", "flat": v.ac });
    }
    let mut items = Vec::new();
    // Hit Point Dice spent, by size, handed out to the classes of that size in order.
    let dice = caster
        .vitals()
        .map(|v| v.hit_dice_spent)
        .unwrap_or_default();
    let mut given = HitDice::default();
    for (class, level) in caster.classes() {
        let size = hit_die(*class);
        let spent = (dice.get(size) - given.get(size)).min(*level);
        given = given.plus(size, spent);
        items.push(json!({
            "_id": item_id(items.len()),
            "name": class_name(*class),
            "type": "class",
            "system": {
                "identifier": class_key(*class),
                "levels": level,
                "hd": { "denomination": format!("d{size}"), "spent": spent },
                "spellcasting": {
                    "progression": progression(*class),
                    "ability": ability_key(class.spellcasting_ability()),
                },
            },
        }));
    }
    // Subclasses chosen (the import chooses them again by id; an option,
    // Circle of the Land's land, by its spells written below).
    for pick in caster
        .picks()
        .iter()
        .filter(|p| p.kind == FeatureKind::Subclass)
    {
        let mut system = json!({ "identifier": pick.id });
        if let Some(class) = pick.class {
            system["classIdentifier"] = Value::from(class_key(class));
        }
        items.push(json!({
            "_id": item_id(items.len()),
            "name": pick.name,
            "type": "subclass",
            "system": system,
        }));
    }
    // Sorcery Points: Font of Magic's uses (its maximum is the Sorcerer level).
    if caster.sorcery_points_max() > 0 {
        items.push(json!({
            "_id": item_id(items.len()),
            "name": "Font of Magic",
            "type": "feat",
            "system": {
                "identifier": "font-of-magic",
                "uses": {
                    "max": "@scale.sorcerer.points",
                    "spent": caster.sorcery_points_max() - caster.sorcery_points(),
                    "recovery": [{ "period": "lr", "type": "recoverAll" }],
                },
            },
        }));
    }
    let mut spell = |id: &SpellId, method: &str, prepared: u8, class: Option<Class>| {
        let found = catalog.get(id.as_str());
        let name = found.map_or(id.as_str(), |f| f.name_en.as_str());
        let level = found.map_or(0, |f| f.spell.level.get());
        let mut system = json!({
            "identifier": id.as_str(),
            "level": level,
            "method": method,
            "prepared": prepared,
        });
        if let Some(c) = class {
            system["sourceClass"] = Value::from(class_key(c));
        }
        items.push(json!({
            "_id": item_id(items.len()),
            "name": name,
            "type": "spell",
            "system": system,
        }));
    };
    let method = |c: Option<Class>| match c {
        Some(Class::Warlock) => "pact",
        _ => "spell",
    };
    let casting = |id: &SpellId| {
        catalog
            .get(id.as_str())
            .and_then(|f| caster.casting_class(&f.spell, None).ok())
    };
    for id in caster.cantrips() {
        if !caster.is_always_prepared(id) {
            let c = casting(id);
            spell(id, method(c), 1, c);
        }
    }
    // A Warlock spell of a level the caster has a Mystic Arcanum of (the
    // first such) is that Arcanum: once per Long Rest, as the premades write it.
    let mut arcanum: Vec<(SpellId, u8, bool)> = Vec::new();
    for id in caster.prepared() {
        if caster.is_always_prepared(id) {
            continue;
        }
        let c = casting(id);
        let level = catalog.get(id.as_str()).map_or(0, |f| f.spell.level.get());
        let free = caster
            .arcanum()
            .iter()
            .find(|a| a.level.get() == level)
            .filter(|_| c == Some(Class::Warlock) && arcanum.iter().all(|(_, l, _)| *l != level));
        match free {
            Some(a) => arcanum.push((id.clone(), level, a.used)),
            None => spell(id, method(c), 1, c),
        }
    }
    for extra in caster.always_prepared() {
        spell(
            &extra.spell,
            method(Some(extra.class)),
            2,
            Some(extra.class),
        );
    }
    if let Some(book) = caster.spellbook() {
        for id in book {
            if !caster.is_prepared(id) {
                spell(id, "spell", 0, Some(Class::Wizard));
            }
        }
    }
    for (id, level, used) in arcanum {
        let name = catalog
            .get(id.as_str())
            .map_or(id.as_str(), |f| f.name_en.as_str());
        items.push(json!({
            "_id": item_id(items.len()),
            "name": name,
            "type": "spell",
            "system": {
                "identifier": id.as_str(),
                "level": level,
                "method": "atwill",
                "prepared": 0,
                "sourceClass": "warlock",
                "uses": {
                    "max": "1",
                    "spent": u8::from(used),
                    "recovery": [{ "period": "lr", "type": "recoverAll" }],
                },
            },
        }));
    }
    // Free casts per rest: an innate spell item with its uses, one per feature.
    for feature in caster.features() {
        let [id] = feature.spells.as_slice() else {
            continue;
        };
        let Some(found) = catalog.get(id.as_str()) else {
            continue;
        };
        let recovery = match feature.recharge {
            Recharge::ShortRest => json!([{ "period": "sr", "type": "recoverAll" }]),
            Recharge::LongRest => json!([{ "period": "lr", "type": "recoverAll" }]),
            Recharge::Never => json!([]),
        };
        let mut written = json!({
            "_id": item_id(items.len()),
            "name": feature.name,
            "type": "spell",
            "system": {
                "identifier": id.as_str(),
                "level": found.spell.level.get(),
                "method": "innate",
                "prepared": 0,
                "uses": {
                    "max": feature.max_uses.to_string(),
                    "spent": feature.max_uses - feature.remaining(),
                    "recovery": recovery,
                },
            },
        });
        // Cast above the spell's level (a species spell at level 2).
        if let Some(level) = feature.cast_level {
            written["flags"] = json!({ "grimoire": { "castLevel": level.get() } });
        }
        items.push(written);
    }
    // Spell Scrolls and charged items (wands, staffs), in the caster's own
    // order so that an import of the export lists them the same way.
    for item in caster.items() {
        if item.consumed_when_empty {
            write_scroll(item, catalog, &mut items);
        } else {
            // The item with its uses and activities, and the spells cached for it.
            let mut n = items.len();
            let written = crate::charged::export_charged(item, catalog, || {
                n += 1;
                item_id(n - 1)
            });
            items.extend(written);
        }
    }
    json!({
        "name": caster.name(),
        "type": "character",
        "system": {
            "abilities": abilities,
            "attributes": attributes,
            "spells": spells,
        },
        "items": items,
        "_stats": { "systemId": "dnd5e" },
    })
}

/// A Spell Scroll: the scroll and the copy of its spell cached for it
/// (an empty or unknown one is not written).
fn write_scroll(item: &MagicItem, catalog: &Catalog, items: &mut Vec<Value>) {
    let [id] = item.spells.as_slice() else {
        return;
    };
    let Some(found) = catalog.get(id.as_str()) else {
        return;
    };
    if item.max_charges != 1 || item.charges() == 0 {
        return;
    }
    let scroll = item_id(items.len());
    items.push(json!({
        "_id": scroll,
        "name": item.name,
        "type": "consumable",
        "system": { "identifier": "spell-scroll", "quantity": 1 },
    }));
    items.push(crate::charged::cached_spell(
        item_id(items.len()),
        id,
        found,
        format!(".Item.{scroll}.Activity.dnd5escrollspell"),
    ));
}

/// The class's English name, as Foundry's class item carries it.
fn class_name(class: Class) -> String {
    let key = class_key(class);
    let mut name = key[..1].to_ascii_uppercase();
    name.push_str(&key[1..]);
    name
}
