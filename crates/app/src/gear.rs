//! What a new character carries for spellcasting, whichever front end
//! creates it (`grimoire character new`, `POST …/characters`, the web
//! table), so a fresh caster's first spell is not refused for a missing
//! component (R14).

use grimoire_rules::{Caster, Equipment, Event};

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
