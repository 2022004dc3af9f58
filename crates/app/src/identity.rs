//! Who a combatant is: a stored character or a creature the GM runs,
//! told apart by the combatant's kind ([`CombatantKind`]), never by a
//! folded name. A character called `OGRE` is not the encounter's Ogre, so
//! it can neither answer for it nor set its hit points (issue 30), and
//! names that could be taken for each other inside one campaign are
//! refused where they are made.
//!
//! Combatants recorded before kinds were kept have none: a stat-block
//! creature is still known by its caster; any other one is the character
//! spelt exactly as it is (a character always joined under its own
//! spelling), so an old `Ogre` is not a later `OGRE`.

use grimoire_rules::{Caster, Combatant, CombatantKind, Encounter};
use grimoire_store::{Entity, Store};

use crate::error::AppError;
use crate::name::{NameKind, NameProblem, same_or_look_alike};
use crate::state::{CHARACTER, ENCOUNTER, EncounterState, fold};

/// The stored character a combatant is: none for a creature, whatever
/// its name.
pub fn character_of(store: &Store, c: &Combatant) -> Result<Option<Entity<Caster>>, AppError> {
    if c.is_creature() {
        return Ok(None);
    }
    let found = store.find::<Caster>(CHARACTER, &c.name)?;
    Ok(match c.kind {
        Some(CombatantKind::Character) => found,
        _ => found.filter(|e| e.name == c.name),
    })
}

/// The characters among an encounter's combatants, as stored (never a
/// creature's namesake: [`character_of`]).
pub fn combatant_characters(
    store: &Store,
    enc: &Encounter,
) -> Result<Vec<Entity<Caster>>, AppError> {
    let mut out = Vec::new();
    for c in enc.combatants() {
        if let Some(e) = character_of(store, c)? {
            out.push(e);
        }
    }
    Ok(out)
}

/// Whether combatant `c` is the character called `character`: without
/// [`character_of`]'s read, for scanning encounters.
pub use crate::kind::is_character;

/// The combatant of a running encounter that `name` denotes (any case,
/// with or without Czech diacritics).
pub fn combatant_named<'a>(running: &'a Encounter, name: &str) -> Option<&'a Combatant> {
    let key = fold(name);
    running.combatants().iter().find(|c| fold(&c.name) == key)
}

/// The stored character a spell's target names: inside a running
/// encounter, the one behind the combatant of that name (none for a
/// creature, whatever character shares its name); elsewhere the character
/// of that name.
pub fn target_character(
    store: &Store,
    running: Option<&Encounter>,
    name: &str,
) -> Result<Option<Entity<Caster>>, AppError> {
    match running.and_then(|r| combatant_named(r, name)) {
        Some(c) => character_of(store, c),
        None => Ok(store.find::<Caster>(CHARACTER, name)?),
    }
}

/// The stored character behind the combatant `name` of encounter `e`
/// (started or still gathering): none when no combatant has the name or
/// it is a creature. What a player may answer for is decided on this.
pub fn character_in(
    store: &Store,
    e: &Entity<EncounterState>,
    name: &str,
) -> Result<Option<Entity<Caster>>, AppError> {
    let key = fold(name);
    let found = e
        .state
        .running
        .iter()
        .flat_map(|r| r.combatants())
        .chain(&e.state.combatants)
        .find(|c| fold(&c.name) == key);
    match found {
        Some(c) => character_of(store, c),
        None => Ok(None),
    }
}

/// The kind of a combatant about to join under `name`: the stored
/// character of that name (its own spelling kept), or a creature, whose
/// name must then not be, or look like, a character's.
pub fn joining(store: &Store, name: &str) -> Result<(String, CombatantKind), AppError> {
    if let Some(c) = store.find::<Caster>(CHARACTER, name)? {
        return Ok((c.name, CombatantKind::Character));
    }
    check_creature_name(store, name)?;
    Ok((name.to_owned(), CombatantKind::Creature))
}

/// Refuses a creature's name that a stored character of the campaign has
/// or looks like (`invalid_name`, naming the character).
pub fn check_creature_name(store: &Store, name: &str) -> Result<(), AppError> {
    for c in store.list::<serde_json::Value>(CHARACTER)? {
        if same_or_look_alike(name, &c.name) {
            return Err(AppError::InvalidName {
                kind: NameKind::Combatant,
                problem: NameProblem::Character { existing: c.name },
            });
        }
    }
    Ok(())
}

/// Refuses a new character's name that a creature of any encounter of
/// the campaign has or looks like (`invalid_name`, naming the creature
/// and its encounter): the character would otherwise be taken for it.
pub fn check_character_name(store: &Store, name: &str) -> Result<(), AppError> {
    for e in store.list::<EncounterState>(ENCOUNTER)? {
        let clash = e
            .state
            .combatants
            .iter()
            .chain(e.state.running.iter().flat_map(|r| r.combatants()))
            .find(|c| {
                c.kind != Some(CombatantKind::Character) && same_or_look_alike(name, &c.name)
            });
        if let Some(c) = clash {
            return Err(AppError::InvalidName {
                kind: NameKind::Character,
                problem: NameProblem::Creature {
                    existing: c.name.clone(),
                    encounter: e.name.clone(),
                },
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use grimoire_rules::{AbilityScores, Class};
    use grimoire_store::Change;

    use super::*;

    fn store_with(characters: &[&str], combatants: Vec<Combatant>) -> Store {
        let mut store = Store::open_in_memory().unwrap();
        let scores = AbilityScores::new([10; 6]).unwrap();
        let mut change = Change::new("setup");
        for n in characters {
            let c = Caster::new(*n, &[(Class::Wizard, 3)], scores).unwrap();
            change = change.create(CHARACTER, n, &c).unwrap();
        }
        let st = EncounterState {
            combatants,
            running: None,
            creatures_at_zero: Default::default(),
        };
        change = change.create(ENCOUNTER, "Cave", &st).unwrap();
        store.commit(&change).unwrap();
        store
    }

    #[test]
    fn a_creature_is_never_the_character_of_its_name() {
        let ogre = Combatant::new("Ogre", 5).of_kind(CombatantKind::Creature);
        let store = store_with(&["OGRE"], vec![ogre.clone()]);
        assert!(character_of(&store, &ogre).unwrap().is_none());
        let e = crate::state::encounter(&store, "Cave").unwrap();
        assert!(character_in(&store, &e, "ogre").unwrap().is_none());
        // One recorded before kinds were kept is the character spelt so.
        assert!(
            character_of(&store, &Combatant::new("Ogre", 5))
                .unwrap()
                .is_none()
        );
        assert!(
            character_of(&store, &Combatant::new("OGRE", 5))
                .unwrap()
                .is_some()
        );
        assert!(!is_character(&Combatant::new("Ogre", 5), "OGRE"));
        assert!(is_character(&Combatant::new("OGRE", 5), "OGRE"));
        assert!(!is_character(&ogre, "OGRE"));
        let joined = Combatant::new("ogre", 5).of_kind(CombatantKind::Character);
        assert!(is_character(&joined, "OGRE"));
    }

    #[test]
    fn names_a_creature_or_character_could_pass_for_are_refused() {
        let mage = Combatant::new("Cave Mage", 5).of_kind(CombatantKind::Creature);
        let elmira = Combatant::new("Elmira", 9).of_kind(CombatantKind::Character);
        let store = store_with(&["Elmira"], vec![mage, elmira]);
        for clash in ["cave mage", "CAVE MAGE", "Cave rnage"] {
            let err = check_character_name(&store, clash).unwrap_err();
            assert_eq!(err.code(), "invalid_name", "{clash}");
            assert!(err.to_string().contains("\"Cave Mage\""), "{err}");
        }
        assert!(check_character_name(&store, "Cave Witch").is_ok());
        assert!(check_character_name(&store, "Elmira").is_ok(), "her own");
        for clash in ["elmira", "Elrnira"] {
            let err = check_creature_name(&store, clash).unwrap_err();
            assert!(err.message("cs").contains("„Elmira“"), "{err}");
        }
        assert_eq!(
            joining(&store, "elmira").unwrap(),
            ("Elmira".to_owned(), CombatantKind::Character)
        );
        assert_eq!(
            joining(&store, "Goblin").unwrap(),
            ("Goblin".to_owned(), CombatantKind::Creature)
        );
    }
}
