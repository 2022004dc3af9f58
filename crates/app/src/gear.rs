//! What a character carries: the gear a new one starts with, whichever
//! front end creates it (`grimoire character new`, `POST …/characters`,
//! the web table), so a fresh caster's first spell is not refused for a
//! missing component (R14); and giving it a magic item or a limited-use
//! ability, or setting what it holds ([`give`], [`equip`]: the one path
//! of `grimoire item add|ability add|equip` and the API's gear and
//! equipment routes, issue 32).

use grimoire_rules::{Caster, Equipment, Event, LimitedUse, MagicItem};
use grimoire_store::{Entity, Store};

use crate::character::{Step, commit};
use crate::error::AppError;
use crate::limits::{MAX_GEAR, check_count, check_len};

/// The spellcasting gear a new character starts with: a Component Pouch
/// and both hands free. The pouch stands in for every material without a
/// cost that is not consumed (R14c), and a free hand works the Somatic and
/// Material components (R14b), so a Wizard's Fireball or a Cleric's Bless
/// is castable from the start. Costly or consumed materials are still the
/// player's to carry.
pub fn starting_equipment() -> Equipment {
    Equipment {
        component_pouch: true,
        ..Equipment::default()
    }
}

/// Gives a new caster `gear` and returns the events that did it (already
/// applied), for the creating change to log.
pub fn equip_new(caster: &mut Caster, gear: Equipment) -> Vec<Event> {
    let out = caster.set_equipment(gear);
    caster.apply_all(&out.events);
    out.events
}

/// What a character is given.
#[derive(Debug, Clone, PartialEq)]
pub enum Given {
    /// A magic item holding spells, with charges (R5d).
    Item(MagicItem),
    /// A feature casting spells without a slot, a number of times (R5c).
    Ability(LimitedUse),
}

impl Given {
    /// Its name.
    pub fn name(&self) -> &str {
        match self {
            Given::Item(i) => &i.name,
            Given::Ability(f) => &f.name,
        }
    }
}

/// Gives the character an item or an ability; one of the same name is
/// replaced. A character holds at most [`MAX_GEAR`] items and abilities in
/// all (`too_many_items`); a refusal writes nothing.
pub fn give(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    given: Given,
) -> Result<Step, AppError> {
    let c = &caster.state;
    let name = given.name();
    let replaces =
        c.items().iter().any(|i| i.name == name) || c.features().iter().any(|f| f.name == name);
    if !replaces {
        check_count(
            c.items().len() + c.features().len() + 1,
            MAX_GEAR,
            "too_many_items",
            "gear",
        )?;
    }
    let out = match given {
        Given::Item(item) => c.add_item(item),
        Given::Ability(feature) => c.add_feature(feature),
    };
    commit(store, command, caster, out)
}

/// Sets what the character holds for components (R14b, R14c) and the
/// weapons it carries, replacing what was there. Each weapon is an SRD
/// weapon's id or English or Czech name, kept once as its id (an unknown
/// one is `unknown_weapon`), at most [`Equipment::MAX_WEAPONS`]
/// (`too_many_weapons`).
pub fn equip(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    mut gear: Equipment,
) -> Result<Step, AppError> {
    check_len(
        &gear.weapons,
        Equipment::MAX_WEAPONS,
        "too_many_weapons",
        "weapons",
    )?;
    let mut ids: Vec<String> = Vec::with_capacity(gear.weapons.len());
    for name in &gear.weapons {
        let w = grimoire_catalog::srd_weapon(name)
            .ok_or_else(|| AppError::UnknownWeapon { name: name.clone() })?;
        if !ids.contains(&w.id) {
            ids.push(w.id.clone());
        }
    }
    gear.weapons = ids;
    let out = caster.state.set_equipment(gear);
    commit(store, command, caster, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_rules::{AbilityScores, Class};

    #[test]
    fn a_new_caster_gets_a_pouch_and_two_free_hands() {
        let scores = AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
        let mut wizard = Caster::new("Elmira", &[(Class::Wizard, 5)], scores).unwrap();
        assert!(!wizard.equipment().component_pouch, "the rules start empty");
        let events = equip_new(&mut wizard, starting_equipment());
        assert_eq!(events.len(), 1);
        let gear = wizard.equipment();
        assert!(gear.component_pouch);
        assert_eq!(gear.free_hands, 2);
        assert!(gear.materials.is_empty());
    }
}
