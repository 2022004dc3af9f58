//! A sheet's subclass chosen as Grimoire's own subclass pick (the SRD 5.2
//! subclasses the catalogue holds), so that what the subclass gives (its
//! always-prepared spells, Natural Recovery) is the rules engine's.

use std::collections::BTreeSet;

use grimoire_catalog::Catalog;
use grimoire_rules::{Caster, Choice, Class, FeatureDef, FeatureKind, SpellId, Variant};

/// Chooses the subclass `key` (its id, `life`, or its name, `Life Domain`)
/// of `class` for `caster`. A subclass with options (Circle of the Land's
/// land) takes the first whose spells at the caster's level are all among
/// `always` (the spells the sheet keeps always prepared). Returns whether
/// it was chosen: not in the catalogue, no option fits, or the rules
/// refuse (below the subclass's level): not chosen, nothing changed.
pub(crate) fn choose(
    caster: &mut Caster,
    catalog: &Catalog,
    class: Class,
    key: &str,
    always: &BTreeSet<SpellId>,
) -> bool {
    let key = key.trim();
    let Some(def) = grimoire_catalog::srd_features().iter().find(|d| {
        d.kind == FeatureKind::Subclass
            && d.class == Some(class)
            && (d.id.eq_ignore_ascii_case(key) || d.name.eq_ignore_ascii_case(key))
    }) else {
        return false;
    };
    let level = caster.class_level(class);
    let variant = if def.variants.is_empty() {
        None
    } else {
        match def.variants.iter().find(|v| fits(def, v, level, always)) {
            Some(v) => Some(v.id.as_str()),
            None => return false,
        }
    };
    let choice = Choice {
        variant,
        spells: Vec::new(),
    };
    let level_of = |id: &SpellId| catalog.get(id.as_str()).map(|f| f.spell.level);
    match caster.choose_feature(def, &choice, &level_of) {
        Ok(out) => {
            caster.apply_all(&out.events);
            true
        }
        Err(_) => false,
    }
}

/// Whether an option's spells (with the subclass's own) up to `level` are
/// all always prepared on the sheet.
fn fits(def: &FeatureDef, variant: &Variant, level: u8, always: &BTreeSet<SpellId>) -> bool {
    let mut spells = def
        .always_prepared
        .iter()
        .chain(variant.always_prepared.iter())
        .filter(|at| at.level <= level)
        .flat_map(|at| at.spells.iter())
        .peekable();
    spells.peek().is_some() && spells.all(|s| always.contains(s))
}
