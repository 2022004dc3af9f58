//! What a roll was for, as data: which roll (an attack, a save, damage,
//! healing, a Concentration or death save, ...), whose, with which ability
//! and damage type. The rules name rolls this way and never in words; the
//! front ends word a label in the reader's language (`grimoire-words`).

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::damage::DamageType;

/// What a roll was for.
///
/// In JSON an object tagged by `kind` (`{"kind": "save", "target":
/// "Goblin", "ability": "dexterity"}`). A label stored before labels were
/// data is an English string (`"Goblin save (DEX)"`); it loads as
/// [`RollLabel::Text`] and serialises back as the same string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RollLabel {
    /// An attack roll against `target` (a spell attack or a weapon's).
    Attack {
        /// The target's name.
        target: CompactString,
    },
    /// `target`'s saving throw with `ability` against a spell or an effect.
    Save {
        /// Who saves.
        target: CompactString,
        /// The ability of the save.
        ability: Ability,
    },
    /// A part of a spell's or a weapon's damage.
    Damage {
        /// Its damage type.
        damage_type: DamageType,
        /// The creature types it harms, when it harms only some (Divine
        /// Smite's extra die against Fiends and Undead); empty for all.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        only_against: Vec<CompactString>,
    },
    /// Hit points a spell restores to `target`.
    Healing {
        /// Who is healed.
        target: CompactString,
    },
    /// The caster's Constitution save to keep Concentration after damage.
    Concentration,
    /// A death saving throw at 0 hit points.
    DeathSave,
    /// The ability check to cast from a scroll of a spell above the
    /// caster's level (R5d), against `dc`.
    ScrollCheck {
        /// The check's DC.
        dc: i32,
    },
    /// The Intelligence (Arcana) check to study a spell for the spellbook.
    Study,
    /// Boon of Spell Recall's d4 after a cast with a slot of `level`
    /// (1–4): equal to it, the slot is not expended.
    SpellRecall {
        /// The slot's level.
        level: u8,
    },
    /// How many Long Rests a feature waits before it comes back (Greater
    /// Divine Intervention's Wish: 2d4).
    RestsLocked,
    /// A bonus die added to the roll labelled `to` (Bless's d4).
    Bonus {
        /// The roll it adds to.
        to: Box<RollLabel>,
    },
    /// A penalty die taken from the roll labelled `to` (Bane's d4).
    Penalty {
        /// The roll it takes from.
        to: Box<RollLabel>,
    },
    /// A label stored as English text before labels were data, kept as
    /// it was written.
    #[serde(untagged)]
    Text(CompactString),
}

impl RollLabel {
    /// An attack roll against `target`.
    pub fn attack(target: &str) -> Self {
        RollLabel::Attack {
            target: target.into(),
        }
    }

    /// `target`'s save with `ability`.
    pub fn save(target: &str, ability: Ability) -> Self {
        RollLabel::Save {
            target: target.into(),
            ability,
        }
    }

    /// Damage of `damage_type` that harms every creature.
    pub const fn damage(damage_type: DamageType) -> Self {
        RollLabel::Damage {
            damage_type,
            only_against: Vec::new(),
        }
    }

    /// Healing for `target`.
    pub fn healing(target: &str) -> Self {
        RollLabel::Healing {
            target: target.into(),
        }
    }

    /// A bonus die added to this roll.
    pub fn bonus(&self) -> Self {
        RollLabel::Bonus {
            to: Box::new(self.clone()),
        }
    }

    /// A penalty die taken from this roll.
    pub fn penalty(&self) -> Self {
        RollLabel::Penalty {
            to: Box::new(self.clone()),
        }
    }

    /// The damage type of a damage roll.
    pub fn damage_type(&self) -> Option<DamageType> {
        match self {
            RollLabel::Damage { damage_type, .. } => Some(*damage_type),
            _ => None,
        }
    }

    /// Whether this is a damage roll.
    pub fn is_damage(&self) -> bool {
        self.damage_type().is_some()
    }

    /// Whether this is an attack roll.
    pub fn is_attack(&self) -> bool {
        matches!(self, RollLabel::Attack { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels as data serialise tagged by kind, with the rules' own names
    /// for abilities and damage types.
    #[test]
    fn labels_serialise_tagged_by_kind() {
        for (label, json) in [
            (
                RollLabel::save("Goblin", Ability::Dexterity),
                r#"{"kind":"save","target":"Goblin","ability":"dexterity"}"#,
            ),
            (
                RollLabel::damage(DamageType::Fire),
                r#"{"kind":"damage","damage_type":"fire"}"#,
            ),
            (
                RollLabel::attack("Orc").bonus(),
                r#"{"kind":"bonus","to":{"kind":"attack","target":"Orc"}}"#,
            ),
            (RollLabel::DeathSave, r#"{"kind":"death_save"}"#),
            (
                RollLabel::ScrollCheck { dc: 13 },
                r#"{"kind":"scroll_check","dc":13}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&label).unwrap(), json);
            assert_eq!(serde_json::from_str::<RollLabel>(json).unwrap(), label);
        }
    }

    /// A label stored as English text (every log written before labels
    /// were data) loads as text and writes back unchanged.
    #[test]
    fn english_labels_of_old_logs_load_as_text() {
        let old: RollLabel = serde_json::from_str(r#""Goblin save (DEX)""#).unwrap();
        assert_eq!(old, RollLabel::Text("Goblin save (DEX)".into()));
        assert_eq!(
            serde_json::to_string(&old).unwrap(),
            r#""Goblin save (DEX)""#
        );
    }
}
