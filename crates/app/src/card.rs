//! The cards of a table's log (issue 32), typed: what a change showed the
//! table as it happened, kept with the change so the log shows it again
//! after a reload. A card is a cast ([`CastView`], every die, the targets'
//! saves and damage) or a roll made outside a cast ([`RollCard`]: a lasting
//! spell's harm at a turn's edge, a Concentration save, a death save).
//!
//! A log keeps the cards of older versions too: a cast card from before
//! roll labels and notes were data reads with its English text
//! (`tests/old_cards.rs`).

use grimoire_rules::{DeathSaveResult, RollRecord, SpellId, TargetOutcome};
use serde::{Deserialize, Serialize};

use crate::view::CastView;

/// One card of the table log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum LogCard {
    /// A roll made outside a cast, told apart by its `kind`.
    Roll(RollCard),
    /// A cast: the fields of `grimoire cast --json`'s `cast`.
    Cast(Box<CastView>),
}

/// A roll the table made outside a cast; `kind` says which (`turn`,
/// `conc`, `death`), the shapes of the web table's live cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RollCard {
    /// A lasting spell harmed a combatant as its turn began or ended, or
    /// as it came into the spell's area.
    Turn {
        /// Who cast the spell.
        caster: String,
        /// The spell's id.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        spell: SpellId,
        /// The spell's English name.
        spell_name: String,
        /// The combatant harmed, as the encounter spells it.
        target: String,
        /// Every die: the damage, then the save.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        rolls: Vec<RollRecord>,
        /// The save, the damage by type and in all, as for a cast.
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        outcome: Box<TargetOutcome>,
        /// The target's hit points afterwards, when tracked (a player
        /// sees a creature's as null).
        hp: Option<i32>,
    },
    /// A Concentration save that damage called for.
    Conc {
        /// Who saved.
        caster: String,
        /// The save's DC.
        dc: i32,
        /// Whether Concentration held.
        kept: bool,
        /// The d20.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        rolls: Vec<RollRecord>,
    },
    /// A death save rolled as a turn began.
    Death {
        /// Who rolled it.
        caster: String,
        /// The d20.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        rolls: Vec<RollRecord>,
        /// `success`, `failure`, `two_failures` or `revived`.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        result: DeathSaveResult,
    },
}

impl RollCard {
    /// Who the card is about, as the log tags it.
    pub fn entity(&self) -> &str {
        match self {
            RollCard::Turn { target, .. } => target,
            RollCard::Conc { caster, .. } | RollCard::Death { caster, .. } => caster,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roll_card_is_told_by_its_kind_and_a_cast_card_by_having_none() {
        let conc = r#"{"kind":"conc","caster":"Elmira","dc":10,"kept":true,
            "rolls":[{"label":"Concentration save","notation":"1d20+2","dice":[9],"total":11}]}"#;
        let card: LogCard = serde_json::from_str(conc).unwrap();
        let LogCard::Roll(RollCard::Conc { dc, kept, .. }) = &card else {
            panic!("a conc card: {card:?}");
        };
        assert_eq!((*dc, *kept), (10, true));
        // It writes back with its kind.
        let again = serde_json::to_value(&card).unwrap();
        assert_eq!(again["kind"], "conc");
        let death = r#"{"kind":"death","caster":"Elmira","result":"two_failures",
            "rolls":[{"label":"Death save","notation":"1d20","dice":[1],"total":1}]}"#;
        let card: LogCard = serde_json::from_str(death).unwrap();
        assert!(matches!(
            card,
            LogCard::Roll(RollCard::Death {
                result: DeathSaveResult::TwoFailures,
                ..
            })
        ));
    }

    #[test]
    fn a_turn_card_and_a_cast_card_read_as_theirs() {
        let outcome = r#"{"target":"Orc","affected":true,"attacks":[],"save":null,
            "damage":[],"damage_total":7,"damage_on_success":3,"healing":0,
            "conditions":[],"hp_after":8,"note":null}"#;
        let turn = format!(
            r#"{{"kind":"turn","caster":"Elmira","spell":"spirit-guardians",
            "spell_name":"Spirit Guardians","target":"Orc","rolls":[],
            "outcome":{outcome},"hp":8}}"#
        );
        let card: LogCard = serde_json::from_str(&turn).unwrap();
        let LogCard::Roll(roll) = &card else {
            panic!("a turn card: {card:?}");
        };
        assert_eq!(roll.entity(), "Orc");
        let cast = r#"{"caster":"Elmira","spell":"magic-missile","spell_name":"Magic Missile",
            "spell_name_cs":"Magická střela","level":1,"slot":1,"pact":false,"mode":"slot",
            "via":null,"class":"wizard","action":"action","save_dc":13,"attack_bonus":5,
            "status":"resolved","rounds_needed":null,"rolls":[],"targets":[],"effect":null,
            "concentration_started":false,"concentration_ended":null,"notes":[]}"#;
        let card: LogCard = serde_json::from_str(cast).unwrap();
        let LogCard::Cast(view) = &card else {
            panic!("a cast card: {card:?}");
        };
        assert_eq!((view.caster.as_str(), view.slot), ("Elmira", Some(1)));
        // A cast card writes back without a kind, as it was logged.
        assert!(serde_json::to_value(&card).unwrap().get("kind").is_none());
    }
}
