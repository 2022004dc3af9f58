//! What the sheet itself states (its spellcasting ability, slot numbers,
//! bonuses), kept beside the character so the check can compare them.

use std::collections::{BTreeMap, BTreeSet};

use grimoire_rules::{Ability, Class, SpellId};
use serde_json::{Map, Value};

use crate::error::ImportError;

/// The sheet's own numbers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SheetFacts {
    /// `system.attributes.spellcasting`: the ability the sheet casts with.
    pub spellcasting: Option<Ability>,
    /// `system.spells.spellN.override`: a slot maximum the sheet forces.
    pub slot_overrides: [Option<u8>; 9],
    /// `system.spells.spellN.value`: slots remaining by the sheet.
    pub slot_values: [Option<u8>; 9],
    /// `system.spells.pact.value`.
    pub pact_value: Option<u8>,
    /// `system.attributes.hp.value`: the hit points the sheet states.
    pub hp_value: Option<u32>,
    /// `system.bonuses.spell.dc`: a bonus to the save DC (a formula).
    pub dc_bonus: Option<String>,
    /// `system.bonuses.msak.attack` / `rsak.attack`: spell attack bonuses.
    pub attack_bonus: Option<String>,
    /// Levels in classes without spellcasting (they raise proficiency).
    pub other_levels: u8,
    /// The catalogue spells the sheet lists (any preparation).
    pub spells: BTreeSet<SpellId>,
    /// Spells the sheet marks as from the 2014 rules (`system.source.rules`).
    pub rules_2014: BTreeSet<SpellId>,
    /// Classes the sheet takes from the 2014 rules (D&D Beyond's legacy classes).
    pub classes_2014: Vec<Class>,
    /// The Mystic Arcanum spells the sheet gives, by level (6–9): prepared
    /// for the rules to cast, not counted against the class's prepared spells.
    pub arcanum: BTreeMap<u8, SpellId>,
}

/// The key of an ability in `system.abilities`.
pub fn ability_key(ability: Ability) -> &'static str {
    match ability {
        Ability::Strength => "str",
        Ability::Dexterity => "dex",
        Ability::Constitution => "con",
        Ability::Intelligence => "int",
        Ability::Wisdom => "wis",
        Ability::Charisma => "cha",
    }
}

/// The ability for a key of `system.abilities`.
pub fn ability_of(key: &str) -> Option<Ability> {
    Ability::ALL.into_iter().find(|a| ability_key(*a) == key)
}

/// A class identifier: `Some(Some(class))` for a spellcasting SRD class,
/// `Some(None)` for an SRD class without spells, `None` for anything else.
pub fn class_of(identifier: &str) -> Option<Option<Class>> {
    Some(Some(
        match identifier.trim().to_ascii_lowercase().as_str() {
            "bard" => Class::Bard,
            "cleric" => Class::Cleric,
            "druid" => Class::Druid,
            "paladin" => Class::Paladin,
            "ranger" => Class::Ranger,
            "sorcerer" => Class::Sorcerer,
            "warlock" => Class::Warlock,
            "wizard" => Class::Wizard,
            "barbarian" | "fighter" | "monk" | "rogue" => return Some(None),
            _ => return None,
        },
    ))
}

/// The identifier of a class in Foundry.
pub fn class_key(class: Class) -> &'static str {
    match class {
        Class::Bard => "bard",
        Class::Cleric => "cleric",
        Class::Druid => "druid",
        Class::Paladin => "paladin",
        Class::Ranger => "ranger",
        Class::Sorcerer => "sorcerer",
        Class::Warlock => "warlock",
        Class::Wizard => "wizard",
    }
}

fn small(v: Option<&Value>) -> Option<u8> {
    match v? {
        Value::Number(n) => n.as_u64().map(|n| n.min(255) as u8),
        Value::String(s) => s.trim().parse::<u64>().ok().map(|n| n.min(255) as u8),
        _ => None,
    }
}

fn formula(v: Option<&Value>) -> Option<String> {
    let s = v?.as_str()?.trim();
    (!s.is_empty() && s != "0").then(|| s.chars().take(40).collect())
}

impl SheetFacts {
    pub(crate) fn read(system: &Map<String, Value>, other_levels: u8) -> Result<Self, ImportError> {
        let mut facts = SheetFacts {
            other_levels,
            ..SheetFacts::default()
        };
        let attrs = system.get("attributes");
        facts.spellcasting = attrs
            .and_then(|a| a.get("spellcasting"))
            .and_then(Value::as_str)
            .and_then(ability_of);
        facts.hp_value = attrs
            .and_then(|a| a.get("hp"))
            .and_then(|h| h.get("value"))
            .and_then(Value::as_u64)
            .map(|n| n.min(u64::from(u32::MAX)) as u32);
        if let Some(spells) = system.get("spells").and_then(Value::as_object) {
            for n in 0..9 {
                let slot = spells.get(&format!("spell{}", n + 1));
                facts.slot_values[n] = small(slot.and_then(|s| s.get("value")));
                facts.slot_overrides[n] = small(slot.and_then(|s| s.get("override")));
            }
            facts.pact_value = small(spells.get("pact").and_then(|s| s.get("value")));
        }
        let bonuses = system.get("bonuses");
        facts.dc_bonus = formula(
            bonuses
                .and_then(|b| b.get("spell"))
                .and_then(|s| s.get("dc")),
        );
        facts.attack_bonus = formula(
            bonuses
                .and_then(|b| b.get("msak"))
                .and_then(|s| s.get("attack")),
        )
        .or_else(|| {
            formula(
                bonuses
                    .and_then(|b| b.get("rsak"))
                    .and_then(|s| s.get("attack")),
            )
        });
        Ok(facts)
    }
}
