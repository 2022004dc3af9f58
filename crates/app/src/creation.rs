//! Making a character (issue 32): the one use case behind the API's
//! character creation and the CLI's `character new` (so MCP's too),
//! checked and stored with its gear, spells and owner in one change.

use grimoire_catalog::Catalog;
use grimoire_rules::{AbilityScores, Caster, Class, Equipment, Outcome};
use grimoire_store::{Change, Entity, Store};
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::limits;
use crate::name::NameKind;
use crate::sheet::{CharacterView, ClassLevel, OWNER, Owner};
use crate::state::CHARACTER;

/// Ability scores; any left out are 10.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct AbilitiesInput {
    /// Strength.
    #[serde(default = "ten")]
    pub str: u8,
    /// Dexterity.
    #[serde(default = "ten")]
    pub dex: u8,
    /// Constitution.
    #[serde(default = "ten")]
    pub con: u8,
    /// Intelligence.
    #[serde(default = "ten")]
    pub int: u8,
    /// Wisdom.
    #[serde(default = "ten")]
    pub wis: u8,
    /// Charisma.
    #[serde(default = "ten")]
    pub cha: u8,
}

fn ten() -> u8 {
    10
}

impl Default for AbilitiesInput {
    fn default() -> Self {
        AbilitiesInput {
            str: 10,
            dex: 10,
            con: 10,
            int: 10,
            wis: 10,
            cha: 10,
        }
    }
}

/// A new character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct NewCharacter {
    /// Its name, unique in the campaign without regard to case; neither
    /// the name of a creature in one of its encounters nor a look-alike of
    /// one (`invalid_name`).
    pub name: String,
    /// Classes and levels (at most 20 levels in all).
    pub classes: Vec<ClassLevel>,
    /// Ability scores.
    #[serde(default)]
    pub abilities: AbilitiesInput,
    /// Spells (ids or names, English or Czech) to prepare or learn at once.
    #[serde(default)]
    pub prepared: Vec<String>,
    /// The owning account; only the GM may name someone else.
    #[serde(default)]
    pub owner: Option<String>,
    /// Subclasses, feats, invocations, class features asking for spells and
    /// Metamagic options chosen at once (the CLI's `character new
    /// --subclass ...`); the class features its levels give come always.
    #[serde(default)]
    pub features: crate::features::FeatureChoices,
}

/// What a front end adds to a character being made, given it with its
/// gear: the rules' outcome (class features, a subclass, feats...).
pub type Extra<'a> = dyn Fn(&Caster) -> Result<Outcome, AppError> + 'a;

/// A new character as a front end asks for it, its words already read:
/// the one creation every front end makes (the API's and MCP's too, which
/// runs the CLI's `character new`).
#[derive(Clone)]
pub struct Creation<'a> {
    /// Its name as typed (checked and put in NFC here).
    pub name: &'a str,
    /// Classes and levels.
    pub classes: &'a [(Class, u8)],
    /// Ability scores: STR, DEX, CON, INT, WIS, CHA.
    pub scores: [u8; 6],
    /// Spells (ids or names, English or Czech) to prepare or learn at once,
    /// looked up in `catalog`.
    pub prepared: &'a [String],
    /// Where `prepared` is looked up.
    pub catalog: &'a Catalog,
    /// What it carries for components (R14): [`crate::starting_equipment`]
    /// unless the player asks for empty hands.
    pub gear: Equipment,
    /// The account that plays it, recorded beside it (the server's
    /// characters have one; the CLI's do not).
    pub owner: Option<&'a str>,
    /// What the log records the change as; `None`: `character new NAME`.
    pub command: Option<String>,
    /// What else the front end's request gives the new character before
    /// its spells are prepared (class features, subclasses, feats: the
    /// CLI's `character new --subclass ...`), as the rules' outcome.
    pub extra: Option<&'a Extra<'a>>,
}

/// Creates a character in one change, with its gear and spells. Refused,
/// writing nothing: a bad or look-alike name, a creature's name, too many
/// spells or classes, bad scores or levels, an unknown spell or one off the
/// class lists.
pub fn create(store: &mut Store, new: Creation<'_>) -> Result<Entity<Caster>, AppError> {
    let name = crate::name::check_name(NameKind::Character, new.name)?;
    let existing = store.list::<serde_json::Value>(CHARACTER)?;
    crate::name::check_unconfusable(
        NameKind::Character,
        &name,
        existing.iter().map(|e| e.name.as_str()),
    )?;
    // Never the name of a creature of the campaign's encounters: the
    // character would be taken for it (issue 30).
    crate::identity::check_character_name(store, &name)?;
    limits::check_len(
        new.prepared,
        limits::MAX_SPELLS,
        "too_many_spells",
        "prepared",
    )?;
    limits::check_len(
        new.classes,
        limits::MAX_CLASSES,
        "too_many_classes",
        "classes",
    )?;
    let scores = AbilityScores::new(new.scores)?;
    let mut caster = Caster::new(name.clone(), new.classes, scores)?;
    let mut events = crate::gear::equip_new(&mut caster, new.gear);
    if let Some(extra) = new.extra {
        let out = extra(&caster)?;
        caster.apply_all(&out.events);
        events.extend(out.events);
    }
    for wanted in new.prepared {
        let spell = &new.catalog.lookup(wanted)?.spell;
        let out = caster.prepare(spell)?;
        caster.apply_all(&out.events);
        events.extend(out.events);
    }
    let command = new
        .command
        .unwrap_or_else(|| format!("character new {name}"));
    let mut change = Change::new(command)
        .with_events(&events)?
        .create(CHARACTER, &name, &caster)?;
    if let Some(account) = new.owner {
        let owner = Owner {
            account: account.to_owned(),
        };
        change = change.create(OWNER, &name, &owner)?;
    }
    store.commit(&change)?;
    crate::state::character(store, &name)
}

/// Creates the character `new` played by `owner` ([`create`]), with the
/// starting gear every front end gives ([`crate::starting_equipment`]) and
/// its spells looked up in `catalog`.
pub fn create_character(
    store: &mut Store,
    catalog: &Catalog,
    owner: &str,
    new: &NewCharacter,
) -> Result<CharacterView, AppError> {
    let classes: Vec<(Class, u8)> = new.classes.iter().map(|c| (c.class, c.level)).collect();
    let a = &new.abilities;
    // Class features by level always, then the choices: the same as the
    // CLI's `character new`.
    let asks = new.features.asks();
    let extra = |c: &Caster| crate::features::features_outcome(c, &asks, catalog);
    let made = create(
        store,
        Creation {
            name: &new.name,
            classes: &classes,
            scores: [a.str, a.dex, a.con, a.int, a.wis, a.cha],
            prepared: &new.prepared,
            catalog,
            gear: crate::gear::starting_equipment(),
            owner: Some(owner),
            command: None,
            extra: Some(&extra),
        },
    )?;
    crate::sheet::show(store, &made.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wizard(name: &str, level: u8, prepared: &[&str]) -> NewCharacter {
        NewCharacter {
            name: name.into(),
            classes: vec![ClassLevel {
                class: Class::Wizard,
                level,
            }],
            abilities: AbilitiesInput {
                int: 16,
                ..AbilitiesInput::default()
            },
            prepared: prepared.iter().map(|s| (*s).to_owned()).collect(),
            owner: None,
            features: Default::default(),
        }
    }

    #[test]
    fn a_new_character_is_stored_with_its_owner_spells_and_pouch() {
        let mut store = Store::open_in_memory().unwrap();
        let new = wizard("Elmira", 3, &["Magic Missile", "magicka strela"]);
        let made = create_character(&mut store, Catalog::srd(), "petr", &new).unwrap();
        assert_eq!((made.owner.as_str(), made.version), ("petr", 1));
        assert_eq!(made.prepared, ["magic-missile"]);
        assert!(made.sheet.equipment.component_pouch);
        assert_eq!(crate::sheet::owner_of(&store, "ELMIRA").unwrap(), "petr");
        // The class features its level gives, as the CLI's character new.
        assert!(!made.resources.is_empty(), "{:?}", made.resources);
        assert_eq!(crate::sheet::list(&store).unwrap(), [made]);
    }

    #[test]
    fn bad_characters_are_refused_with_rule_codes_and_nothing_written() {
        let mut store = Store::open_in_memory().unwrap();
        let err =
            create_character(&mut store, Catalog::srd(), "a", &wizard("X", 21, &[])).unwrap_err();
        assert_eq!(err.code(), "invalid_class_level");
        let err = create_character(&mut store, Catalog::srd(), "a", &wizard("X", 1, &["nope"]))
            .unwrap_err();
        assert_eq!(err.code(), "unknown_spell");
        let err =
            create_character(&mut store, Catalog::srd(), "a", &wizard(" ", 1, &[])).unwrap_err();
        assert_eq!(err.code(), "invalid_name");
        assert!(crate::sheet::list(&store).unwrap().is_empty());
    }
}
