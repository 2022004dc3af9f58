//! The SRD 5.2 equipment list (`data/equipment.toml`): every entry within
//! bounds, and a sweep of every costly material the spells name against
//! it, so a change to either side that moves a listed price in or out of a
//! spell's reach is seen here (R14c).

use std::collections::BTreeMap;

use grimoire_catalog::{Catalog, MAX_PRICE_CP, srd_prices};
use grimoire_rules::{Equipment, GearKind};

#[test]
fn r14c_every_listed_item_is_within_bounds() {
    let list = srd_prices();
    assert!(list.items().len() >= 17, "{}", list.items().len());
    for item in list.items() {
        assert!(
            (1..=MAX_PRICE_CP).contains(&item.price_cp),
            "{}: {}",
            item.id,
            item.price_cp
        );
        assert!(!item.name_en.is_empty() && !item.name_cs.is_empty());
        // Every entry is found by its own names.
        assert_eq!(list.find(&item.name_en).map(|i| &i.id), Some(&item.id));
        assert_eq!(list.find(&item.name_cs).map(|i| &i.id), Some(&item.id));
    }
    // Every form of Holy Symbol costs 5 GP in the SRD's table, and counts
    // as the general one.
    let forms: Vec<_> = list
        .items()
        .iter()
        .filter(|i| i.kind == GearKind::HolySymbol)
        .collect();
    assert_eq!(forms.len(), 4);
    assert!(forms.iter().all(|i| i.price_cp == 500));
    assert!(
        forms
            .iter()
            .all(|i| i.id == "holy-symbol" || i.counts_as.as_deref() == Some("holy-symbol"))
    );
}

#[test]
fn r14c_the_costly_materials_that_name_listed_equipment() {
    let list = srd_prices();
    // spell id -> (listed items named, cost in GP)
    let mut named: BTreeMap<String, (Vec<String>, u32)> = BTreeMap::new();
    for s in Catalog::srd().spells() {
        let Some(m) = &s.spell.components.material else {
            continue;
        };
        let Some(cost) = m.cost_gp else {
            continue;
        };
        let ids: Vec<String> = list.all_in(&m.text).iter().map(|i| i.id.clone()).collect();
        if !ids.is_empty() {
            named.insert(s.spell.id.to_string(), (ids, cost));
        }
    }
    let got: Vec<(&str, Vec<&str>, u32)> = named
        .iter()
        .map(|(id, (ids, cost))| (id.as_str(), ids.iter().map(String::as_str).collect(), *cost))
        .collect();
    // Bless, Protection from Evil and Good and Illusory Script ask for no
    // more than the list's price; the rest ask for a dearer thing of the
    // kind, which must state its worth.
    let cheap_enough: Vec<&str> = got
        .iter()
        .filter(|(_, ids, cost)| {
            ids.iter().any(|id| {
                list.get(id)
                    .is_some_and(|i| i.price_cp >= u64::from(*cost) * 100)
            })
        })
        .map(|(id, _, _)| *id)
        .collect();
    assert_eq!(
        cheap_enough,
        ["bless", "illusory-script", "protection-from-evil-and-good"],
        "{got:?}"
    );
    assert!(
        got.iter()
            .any(|(id, ids, _)| *id == "magic-jar" && ids.contains(&"crystal")),
        "{got:?}"
    );
    // A "silver rod" is no arcane Rod.
    assert!(!named.contains_key("guards-and-wards"), "{got:?}");
}

#[test]
fn r14c_every_costly_or_consumed_material_can_be_carried_by_its_own_words() {
    // Carrying a thing described as the spell describes it, at its cost,
    // answers the spell: a material with no word to match by (once, "ink
    // worth 10+ GP") could never be supplied.
    let mut unmatched = Vec::new();
    for s in Catalog::srd().spells() {
        let Some(m) = &s.spell.components.material else {
            continue;
        };
        if m.substitutable() {
            continue;
        }
        let carrying = |text: String| Equipment {
            materials: vec![text],
            ..Equipment::default()
        };
        let worth = m
            .cost_gp
            .map_or(String::new(), |gp| format!(" worth {gp} GP"));
        let bare = m.text.split(" worth").next().unwrap_or(&m.text).to_owned();
        if carrying(format!("{bare}{worth}")).material_for(m).is_none() {
            unmatched.push(s.spell.id.to_string());
        }
    }
    assert!(unmatched.is_empty(), "{unmatched:?}");
}
