//! Whether a combatant is a given character, by its recorded kind
//! ([`CombatantKind`]), never by a folded name: the one test the store's
//! records, the casts and [`crate::identity`] all share.

use grimoire_rules::{Combatant, CombatantKind};

/// Whether combatant `c` is the character called `character` (its stored
/// spelling), without reading the store: for scanning encounters.
/// Combatants recorded before kinds were kept are the character when
/// spelt exactly as it is and not a stat-block creature.
pub fn is_character(c: &Combatant, character: &str) -> bool {
    match c.kind {
        Some(CombatantKind::Character) => {
            grimoire_store::name_key(&c.name) == grimoire_store::name_key(character)
        }
        Some(CombatantKind::Creature) => false,
        None => c.caster.is_none() && c.name == character,
    }
}
