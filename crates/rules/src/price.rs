//! Equipment with a listed price (SRD 5.2's equipment tables), as far as
//! material components care (R14c): what a carried thing is, by its name in
//! any language, and what it is worth when nobody said otherwise.
//!
//! The rules crate holds the shape and the lookup; the list itself is data
//! the caller passes in (the catalogue's `data/equipment.toml`).

use serde::{Deserialize, Serialize};

/// What a listed piece of equipment is, as components care.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GearKind {
    /// An Arcane Focus (crystal, orb, rod, staff, wand).
    ArcaneFocus,
    /// A Druidic Focus (sprig of mistletoe, wooden staff, yew wand).
    DruidicFocus,
    /// A Holy Symbol (amulet, emblem, reliquary), the focus of a Cleric or
    /// a Paladin.
    HolySymbol,
    /// A Component Pouch.
    ComponentPouch,
    /// Anything else a spell may name as its material (Holy Water, ink).
    Material,
}

/// One piece of equipment with its listed price.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ListedItem {
    /// Stable id (`amulet`, `holy-water`).
    pub id: String,
    /// The English name (`Holy Water`).
    pub name_en: String,
    /// The Czech name.
    pub name_cs: String,
    /// Other names a player may write for it, in any language.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The listed price in copper pieces (1 GP = 100 CP).
    pub price_cp: u64,
    /// What kind of thing it is.
    pub kind: GearKind,
    /// The id of the more general item it also is: an amulet is a Holy
    /// Symbol, so it answers a material that names a Holy Symbol.
    #[serde(default)]
    pub counts_as: Option<String>,
    /// Whether a spell's material that names it means this item: false for
    /// the arcane Rod, since a spell's "silver rod" is a rod of silver.
    #[serde(default = "yes")]
    pub spell_material: bool,
}

fn yes() -> bool {
    true
}

impl ListedItem {
    /// Every name it goes by, lower case, each as its words.
    fn names(&self) -> impl Iterator<Item = Vec<String>> + '_ {
        [&self.name_en, &self.name_cs]
            .into_iter()
            .chain(&self.aliases)
            .map(|n| words(n))
            .filter(|w| !w.is_empty())
    }

    /// The listed price in whole GP, rounded down.
    pub fn price_gp(&self) -> u64 {
        self.price_cp / 100
    }
}

/// The equipment list a cast consults: passed in by the caller, never read
/// by the rules crate itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PriceList {
    items: Vec<ListedItem>,
}

impl PriceList {
    /// A list of these items.
    pub fn new(items: Vec<ListedItem>) -> Self {
        PriceList { items }
    }

    /// Every listed item, in the list's order.
    pub fn items(&self) -> &[ListedItem] {
        &self.items
    }

    /// The item with this id.
    pub fn get(&self, id: &str) -> Option<&ListedItem> {
        self.items.iter().find(|i| i.id == id)
    }

    /// The listed item a carried thing's text names (`Holy Symbol (amulet)`,
    /// `a flask of holy water`, `svěcená voda`): the one whose name occurs
    /// in the text as whole words, the longest name winning.
    pub fn find(&self, text: &str) -> Option<&ListedItem> {
        let said = words(text);
        self.mentioned(&said)
            .max_by_key(|(_, len)| *len)
            .map(|(item, _)| item)
    }

    /// Every listed item a spell's material `text` names, each once (a
    /// material that offers a choice, "a gem, crystal, or reliquary",
    /// names several); items that are no [`ListedItem::spell_material`]
    /// are left out.
    pub fn all_in(&self, text: &str) -> Vec<&ListedItem> {
        let said = words(text);
        let mut out: Vec<&ListedItem> = Vec::new();
        for (item, _) in self.mentioned(&said) {
            if item.spell_material && !out.iter().any(|i| i.id == item.id) {
                out.push(item);
            }
        }
        out
    }

    /// The general item of a kind (the Holy Symbol that an amulet counts
    /// as): the first of that kind that counts as nothing else.
    pub fn general(&self, kind: GearKind) -> Option<&ListedItem> {
        self.items
            .iter()
            .find(|i| i.kind == kind && i.counts_as.is_none())
    }

    /// The ids `item` answers to: its own and what it counts as.
    pub(crate) fn identities<'a>(&'a self, item: &'a ListedItem) -> Vec<&'a str> {
        let mut ids = vec![item.id.as_str()];
        if let Some(general) = item.counts_as.as_deref().and_then(|id| self.get(id)) {
            ids.push(general.id.as_str());
        }
        ids
    }

    /// Items whose name occurs in `said`, with the name's length in words.
    fn mentioned<'a, 's>(
        &'a self,
        said: &'s [String],
    ) -> impl Iterator<Item = (&'a ListedItem, usize)> + use<'a, 's> {
        self.items.iter().filter_map(move |item| {
            item.names()
                .filter(|name| said.windows(name.len()).any(|w| w == name.as_slice()))
                .map(|name| name.len())
                .max()
                .map(|len| (item, len))
        })
    }
}

/// A text's words, lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, en: &str, cs: &str, gp: u64, kind: GearKind, of: Option<&str>) -> ListedItem {
        ListedItem {
            id: id.into(),
            name_en: en.into(),
            name_cs: cs.into(),
            aliases: Vec::new(),
            price_cp: gp * 100,
            kind,
            counts_as: of.map(str::to_owned),
            spell_material: true,
        }
    }

    fn list() -> PriceList {
        PriceList::new(vec![
            item(
                "holy-symbol",
                "Holy Symbol",
                "Svatý symbol",
                5,
                GearKind::HolySymbol,
                None,
            ),
            item(
                "amulet",
                "Amulet",
                "Amulet",
                5,
                GearKind::HolySymbol,
                Some("holy-symbol"),
            ),
            item(
                "holy-water",
                "Holy Water",
                "Svěcená voda",
                25,
                GearKind::Material,
                None,
            ),
            item(
                "crystal",
                "Crystal",
                "Krystal",
                10,
                GearKind::ArcaneFocus,
                None,
            ),
        ])
    }

    #[test]
    fn r14c_a_carried_thing_is_found_by_any_of_its_names_as_whole_words() {
        let l = list();
        assert_eq!(l.find("Holy Symbol (amulet)").unwrap().id, "holy-symbol");
        assert_eq!(l.find("silver AMULET").unwrap().id, "amulet");
        assert_eq!(l.find("a flask of svěcená voda").unwrap().id, "holy-water");
        assert_eq!(l.find("crystals"), None, "whole words only");
        assert_eq!(l.find("diamond worth 300 GP"), None);
        let ids: Vec<_> = l
            .all_in("a gem, crystal, or amulet")
            .iter()
            .map(|i| i.id.as_str())
            .collect();
        assert_eq!(ids, ["amulet", "crystal"]);
        let amulet = l.get("amulet").unwrap();
        assert_eq!(l.identities(amulet), ["amulet", "holy-symbol"]);
        assert_eq!(l.general(GearKind::HolySymbol).unwrap().id, "holy-symbol");
        assert_eq!(amulet.price_gp(), 5);
    }
}
