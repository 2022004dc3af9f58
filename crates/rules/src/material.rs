//! Which carried thing answers a costly or consumed material (R14c), and
//! what to say when none does: a thing of the kind the spell names, worth
//! at least its cost by the worth its text states or, when it states none,
//! the price an equipment list gives it ([`PriceList`]). A Cleric's or a
//! Paladin's spellcasting focus is a Holy Symbol, so it answers a material
//! that names one (Bless).

use crate::caster::Caster;
use crate::class::Class;
use crate::error::{RulesError, SpellName};
use crate::price::{GearKind, ListedItem, PriceList};
use crate::resources::{Focus, gp_value, significant_words};
use crate::spell::Material;

/// What supplies a costly or consumed material.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Supply {
    /// The carried material at this position of `Equipment::materials`.
    Carried(usize),
    /// The caster's spellcasting focus (a Cleric's or Paladin's Holy
    /// Symbol), held or worn.
    Focus,
}

/// A thing the caster has that is of the kind a material names.
struct Candidate {
    supply: Supply,
    /// Its name to show (the listed names, or the carried text's own).
    name: SpellName,
    /// Its worth in CP: stated, else listed, else unknown.
    worth_cp: Option<u64>,
}

/// Every supply that answers `m` (R14c), carried things first in the order
/// carried, then the focus; or the refusal that says what is lacking: the
/// material alone when nothing of its kind is carried, else the thing of
/// its kind of unknown worth, else the most valuable one too cheap.
pub(crate) fn supplies(
    caster: &Caster,
    m: &Material,
    prices: Option<&PriceList>,
) -> Result<Vec<Supply>, RulesError> {
    let found = candidates(caster, m, prices);
    let enough = |c: &Candidate| {
        m.cost_gp
            .is_none_or(|gp| c.worth_cp.is_some_and(|w| w >= u64::from(gp) * 100))
    };
    let ok: Vec<Supply> = found
        .iter()
        .filter(|c| enough(c))
        .map(|c| c.supply)
        .collect();
    if !ok.is_empty() {
        return Ok(ok);
    }
    let material = m.text.clone();
    let Some(cost_gp) = m.cost_gp else {
        return Err(RulesError::MissingMaterial { material });
    };
    if let Some(c) = found.iter().find(|c| c.worth_cp.is_none()) {
        return Err(RulesError::MaterialWorthUnknown {
            material,
            cost_gp,
            carried: c.name.clone(),
        });
    }
    match found.into_iter().max_by_key(|c| c.worth_cp) {
        Some(c) => Err(RulesError::MaterialTooCheap {
            material,
            cost_gp,
            carried: c.name,
            worth_gp: c.worth_cp.unwrap_or(0) / 100,
        }),
        None => Err(RulesError::MissingMaterial { material }),
    }
}

/// The carried material that `m` uses up, when a carried one answers it.
pub(crate) fn carried_for(
    caster: &Caster,
    m: &Material,
    prices: Option<&PriceList>,
) -> Option<usize> {
    supplies(caster, m, prices)
        .ok()?
        .into_iter()
        .find_map(|s| match s {
            Supply::Carried(i) => Some(i),
            Supply::Focus => None,
        })
}

/// The caster's things of the kind `m` names, each with its worth.
fn candidates(caster: &Caster, m: &Material, prices: Option<&PriceList>) -> Vec<Candidate> {
    let named_words = significant_words(&m.text);
    let named_items: Vec<&str> = prices
        .map(|p| {
            p.all_in(&m.text)
                .into_iter()
                .map(|i| i.id.as_str())
                .collect()
        })
        .unwrap_or_default();
    let same_item = |p: &PriceList, item: &ListedItem| {
        p.identities(item).iter().any(|id| named_items.contains(id))
    };
    let mut out = Vec::new();
    for (i, carried) in caster.equipment().materials.iter().enumerate() {
        let listed = prices.and_then(|p| p.find(carried).map(|item| (p, item)));
        // Two listed things are the same kind only by the list (a Holy
        // Symbol is not Holy Water though both are "holy"); otherwise the
        // words of the two texts decide, as before there was a list.
        let same_thing = match listed {
            Some((p, item)) if !named_items.is_empty() => same_item(p, item),
            _ => significant_words(carried)
                .iter()
                .any(|w| named_words.contains(w)),
        };
        if !same_thing {
            continue;
        }
        let worth_cp = gp_value(carried)
            .map(|gp| gp.saturating_mul(100))
            .or(listed.map(|(_, item)| item.price_cp));
        let name = match listed {
            Some((_, item)) => SpellName {
                en: item.name_en.clone(),
                cs: Some(item.name_cs.clone()),
            },
            None => SpellName::from(bare_name(carried)),
        };
        out.push(Candidate {
            supply: Supply::Carried(i),
            name,
            worth_cp,
        });
    }
    if let Some(symbol) = prices.and_then(|p| holy_symbol_focus(caster, m, p))
        && named_items.contains(&symbol.id.as_str())
    {
        out.push(Candidate {
            supply: Supply::Focus,
            name: SpellName {
                en: symbol.name_en.clone(),
                cs: Some(symbol.name_cs.clone()),
            },
            worth_cp: Some(symbol.price_cp),
        });
    }
    out
}

/// The Holy Symbol a Cleric's or Paladin's focus is, when the focus is
/// held or worn and the material is not used up (a focus is not spent).
fn holy_symbol_focus<'a>(
    caster: &Caster,
    m: &Material,
    p: &'a PriceList,
) -> Option<&'a ListedItem> {
    let divine = caster
        .classes()
        .iter()
        .any(|(c, _)| matches!(c, Class::Cleric | Class::Paladin));
    let ready = matches!(caster.equipment().focus, Focus::Held | Focus::Worn);
    (divine && ready && !m.consumed)
        .then(|| p.general(GearKind::HolySymbol))
        .flatten()
}

/// A carried text without the worth it states: `diamond worth 100 GP` is
/// a `diamond`.
fn bare_name(text: &str) -> String {
    // ASCII lower case keeps every byte where it was.
    let lower = text.to_ascii_lowercase();
    let cut = [
        lower.find(" worth"),
        lower.find(|c: char| c.is_ascii_digit()),
    ]
    .into_iter()
    .flatten()
    .min()
    .unwrap_or(text.len());
    let bare = text[..cut]
        .trim()
        .trim_end_matches([',', '(', '-', ':'])
        .trim();
    if bare.is_empty() { text.trim() } else { bare }.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r14c_a_refusal_names_the_thing_without_its_stated_worth() {
        assert_eq!(bare_name("diamond worth 100 GP"), "diamond");
        assert_eq!(bare_name("Diamond, 100gp"), "Diamond");
        assert_eq!(bare_name("300 GP"), "300 GP");
        assert_eq!(bare_name("black pearl"), "black pearl");
    }
}
