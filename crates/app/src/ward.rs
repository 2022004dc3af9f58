//! A spell in force that wards off another (Shield against Magic
//! Missile), applied to a cast's request before it resolves: the casts
//! and the reaction window both ask it, so it sits beneath both.

use grimoire_rules::{CastRequest, Defense, EffectBoard, Spell};

/// A spell in force that answered being targeted by `spell` (Shield
/// against Magic Missile) keeps its damage off the creature it protects:
/// for this cast the creature is immune to every type the spell deals.
/// `lookup` finds the spells in force by id.
pub fn ward_off(
    board: &EffectBoard,
    spell: &Spell,
    req: &mut CastRequest,
    lookup: &dyn Fn(&str) -> Option<Spell>,
) {
    let types: Vec<_> = spell
        .effect
        .damage
        .iter()
        .flat_map(|d| d.offered_types())
        .collect();
    if types.is_empty() {
        return;
    }
    for t in &mut req.targets {
        let warded = board
            .spells_on(&t.name)
            .into_iter()
            .filter_map(|id| lookup(id.as_str()))
            .any(|w| grimoire_rules::wards(&w, spell));
        if !warded {
            continue;
        }
        let stats = t.stats.get_or_insert_with(Default::default);
        stats.defenses.retain(|(ty, _)| !types.contains(ty));
        stats
            .defenses
            .extend(types.iter().map(|ty| (*ty, Defense::Immune)));
    }
}

/// An SRD spell by id (what a spell in force was, for [`ward_off`]).
pub(crate) fn srd_spell(id: &str) -> Option<Spell> {
    grimoire_catalog::Catalog::srd()
        .lookup(id)
        .ok()
        .map(|e| e.spell.clone())
}
