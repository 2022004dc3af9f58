//! SRD 5.2 equipment with a listed price (`data/equipment.toml`): foci, the
//! Component Pouch and the gear spells name as costly materials, read
//! strictly into the rules crate's [`PriceList`] so a carried Holy Symbol
//! counts at its 5 GP (R14c).

use std::sync::{Arc, OnceLock};

use grimoire_rules::{GearKind, ListedItem, PriceList};
use serde::Deserialize;

const SRD_EQUIPMENT: &str = include_str!("../data/equipment.toml");

/// The highest price an entry may list: 100,000 GP, far above anything a
/// spell's material asks (25,000 GP for True Resurrection's diamonds).
pub const MAX_PRICE_CP: u64 = 10_000_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    item: Vec<Record>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    id: String,
    name_en: String,
    name_cs: String,
    #[serde(default)]
    aliases: Vec<String>,
    price_cp: u64,
    kind: GearKind,
    #[serde(default)]
    counts_as: Option<String>,
    #[serde(default = "yes")]
    spell_material: bool,
}

fn yes() -> bool {
    true
}

/// The SRD 5.2 equipment list, read once; shared by every cast.
pub fn srd_prices() -> Arc<PriceList> {
    static SRD: OnceLock<Arc<PriceList>> = OnceLock::new();
    SRD.get_or_init(|| match parse_prices(SRD_EQUIPMENT) {
        Ok(list) => Arc::new(list),
        // Checked by the crate's tests; an empty list only loses the
        // listed prices, never a cast that states its worth.
        Err(_) => Arc::new(PriceList::default()),
    })
    .clone()
}

/// Reads an equipment list in the format of `data/equipment.toml`: every
/// id unique, lower-case and dashed; names present; a price above 0 and at
/// most [`MAX_PRICE_CP`]; `counts_as` naming an earlier-or-later item of
/// the same kind that counts as nothing itself. The error names the item
/// and what is wrong with it.
pub fn parse_prices(text: &str) -> Result<PriceList, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut items: Vec<ListedItem> = Vec::with_capacity(file.item.len());
    for r in file.item {
        let id_ok = !r.id.is_empty()
            && r.id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !id_ok {
            return Err(format!("{}: id must be lower case with dashes", r.id));
        }
        if items.iter().any(|i| i.id == r.id) {
            return Err(format!("{}: id listed twice", r.id));
        }
        let names = [&r.name_en, &r.name_cs].into_iter().chain(&r.aliases);
        if names.into_iter().any(|n| n.trim().is_empty()) {
            return Err(format!("{}: a name is empty", r.id));
        }
        if r.price_cp == 0 || r.price_cp > MAX_PRICE_CP {
            return Err(format!("{}: price_cp must be 1..={MAX_PRICE_CP}", r.id));
        }
        items.push(ListedItem {
            id: r.id,
            name_en: r.name_en,
            name_cs: r.name_cs,
            aliases: r.aliases,
            price_cp: r.price_cp,
            kind: r.kind,
            counts_as: r.counts_as,
            spell_material: r.spell_material,
        });
    }
    for item in &items {
        let Some(general) = &item.counts_as else {
            continue;
        };
        let ok = items
            .iter()
            .any(|g| &g.id == general && g.kind == item.kind && g.counts_as.is_none());
        if !ok {
            return Err(format!(
                "{}: counts_as {general} is no general item of its kind",
                item.id
            ));
        }
    }
    Ok(PriceList::new(items))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r14c_the_embedded_equipment_list_is_valid_and_prices_a_holy_symbol() {
        let list = parse_prices(SRD_EQUIPMENT).unwrap();
        assert_eq!(srd_prices().items().len(), list.items().len());
        let symbol = list.find("Holy Symbol").unwrap();
        assert_eq!((symbol.price_cp, symbol.kind), (500, GearKind::HolySymbol));
        assert_eq!(list.find("svatý symbol").unwrap().id, "holy-symbol");
        assert_eq!(list.find("a silver Amulet").unwrap().id, "amulet");
        assert_eq!(list.find("Ink Pen").unwrap().id, "ink-pen");
        assert_eq!(list.find("diamond worth 300 GP"), None);
    }

    #[test]
    fn r14c_a_bad_entry_is_refused_with_its_id() {
        let one = |extra: &str| {
            format!(
                "[[item]]\nid = \"x\"\nname_en = \"X\"\nname_cs = \"X\"\nkind = \"material\"\n{extra}"
            )
        };
        assert!(parse_prices(&one("price_cp = 100")).is_ok());
        assert!(
            parse_prices(&one("price_cp = 0"))
                .unwrap_err()
                .contains("x:")
        );
        assert!(parse_prices(&one("price_cp = 10000001")).is_err());
        assert!(parse_prices(&one("price_cp = 1\ncost = 3")).is_err());
        assert!(
            parse_prices(&one("price_cp = 1\ncounts_as = \"nothing\""))
                .unwrap_err()
                .contains("counts_as")
        );
        let twice = format!("{}\n{}", one("price_cp = 1"), one("price_cp = 2"));
        assert!(parse_prices(&twice).unwrap_err().contains("twice"));
    }
}
