//! House rules: a table may let some rules warn instead of refuse.
//!
//! A casual table may not track components (R14), or let a caster spend a
//! second slot in a turn (R10), or skip naming the trigger of a Reaction
//! (R11). [`HouseRules`] names the rules relaxed; a cast that breaks one of
//! them goes ahead and its [`crate::CastResolution`] lists each rule it
//! broke as a [`Waived`] warning, so the table sees what the house rule
//! allowed. Every other rule still refuses.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::RulesError;

/// A rule a table may relax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Relaxable {
    /// R10: a second spell slot in one turn.
    R10,
    /// R11: a Reaction or triggered Bonus Action without naming its trigger.
    R11,
    /// R14: components (R14a Verbal, R14b Somatic, R14c Material).
    R14,
}

impl Relaxable {
    /// Every rule a table may relax, in rule order.
    pub const ALL: [Relaxable; 3] = [Relaxable::R10, Relaxable::R11, Relaxable::R14];

    /// The rule id (`R14`).
    pub fn id(self) -> &'static str {
        match self {
            Relaxable::R10 => "R10",
            Relaxable::R11 => "R11",
            Relaxable::R14 => "R14",
        }
    }

    /// Whether `error` is a refusal under this rule that relaxing it waives.
    fn covers(self, error: &RulesError) -> bool {
        match self {
            Relaxable::R10 => matches!(error, RulesError::OneSlotPerTurn),
            Relaxable::R11 => matches!(error, RulesError::MissingTrigger { .. }),
            Relaxable::R14 => matches!(
                error,
                RulesError::Silenced
                    | RulesError::NoFreeHand
                    | RulesError::MissingMaterial { .. }
                    | RulesError::MaterialWorthUnknown { .. }
                    | RulesError::MaterialTooCheap { .. }
            ),
        }
    }
}

impl fmt::Display for Relaxable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A rule id that no table may relax, or no rule at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotRelaxable(pub String);

impl fmt::Display for NotRelaxable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} cannot be relaxed; a table may relax R10, R11 or R14",
            self.0
        )
    }
}

impl std::error::Error for NotRelaxable {}

impl Relaxable {
    /// The rule spelled exactly as its id (`R14`), as a schema lists it.
    pub fn from_id(id: &str) -> Result<Relaxable, NotRelaxable> {
        Relaxable::ALL
            .into_iter()
            .find(|r| r.id() == id)
            .ok_or_else(|| NotRelaxable(id.chars().take(20).collect()))
    }
}

/// As typed: surrounding space and letter case do not matter (`r14`).
impl FromStr for Relaxable {
    type Err = NotRelaxable;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let id = s.trim();
        Relaxable::from_id(&id.to_ascii_uppercase())
            .map_err(|_| NotRelaxable(id.chars().take(20).collect()))
    }
}

/// The rules a table has relaxed; none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HouseRules {
    relaxed: BTreeSet<Relaxable>,
}

impl HouseRules {
    /// The rules as written: nothing relaxed.
    pub fn strict() -> Self {
        HouseRules::default()
    }

    /// These rules relaxed.
    pub fn relaxing(rules: impl IntoIterator<Item = Relaxable>) -> Self {
        HouseRules {
            relaxed: rules.into_iter().collect(),
        }
    }

    /// Whether nothing is relaxed.
    pub fn is_strict(&self) -> bool {
        self.relaxed.is_empty()
    }

    /// The relaxed rules, in rule order.
    pub fn relaxed(&self) -> impl Iterator<Item = Relaxable> + '_ {
        self.relaxed.iter().copied()
    }

    /// Whether `rule` is relaxed.
    pub fn relaxes(&self, rule: Relaxable) -> bool {
        self.relaxed.contains(&rule)
    }

    /// Relaxes `rule` (or enforces it again when `relaxed` is false).
    pub fn set(&mut self, rule: Relaxable, relaxed: bool) {
        if relaxed {
            self.relaxed.insert(rule);
        } else {
            self.relaxed.remove(&rule);
        }
    }

    /// The relaxed rule that waives `error`, if any.
    pub fn waiver_for(&self, error: &RulesError) -> Option<Relaxable> {
        self.relaxed().find(|r| r.covers(error))
    }
}

/// A rule a cast broke that the table's house rules let pass: a warning
/// shown with the cast and kept in its log card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waived {
    /// The relaxed rule (`R14`).
    pub house_rule: Relaxable,
    /// The refusal it would have been, by its stable code (`missing_material`).
    pub code: String,
    /// The exact rule broken (`R14c`).
    pub rule: String,
    /// The refusal's message in English. The rules leave it empty; the
    /// front end's words fill it from [`Waived::refusal`].
    #[serde(default)]
    pub message: String,
    /// The same in Czech, filled the same way.
    #[serde(default)]
    pub message_cs: String,
    /// The message in every language the front end's words have, by tag
    /// (`en`, `cs`, ...), filled the same way; empty in what the rules
    /// return.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub messages: BTreeMap<String, String>,
    /// The refusal itself, for the front end to put into words (not kept
    /// in JSON: the messages are).
    #[serde(skip)]
    pub refusal: Option<RulesError>,
}

/// Collects the waived refusals while a cast is checked.
#[derive(Debug)]
pub(crate) struct Waiver<'a> {
    house: &'a HouseRules,
    waived: Vec<Waived>,
}

impl<'a> Waiver<'a> {
    pub(crate) fn new(house: &'a HouseRules) -> Self {
        Waiver {
            house,
            waived: Vec::new(),
        }
    }

    /// Passes a check through: a refusal a relaxed rule covers becomes a
    /// warning; any other refusal stands.
    pub(crate) fn allow(&mut self, check: Result<(), RulesError>) -> Result<(), RulesError> {
        let Err(error) = check else {
            return Ok(());
        };
        let Some(house_rule) = self.house.waiver_for(&error) else {
            return Err(error);
        };
        self.waived.push(Waived {
            house_rule,
            code: error.code().to_owned(),
            rule: error.rule().unwrap_or(house_rule.id()).to_owned(),
            message: String::new(),
            message_cs: String::new(),
            messages: BTreeMap::new(),
            refusal: Some(error),
        });
        Ok(())
    }

    pub(crate) fn into_waived(self) -> Vec<Waived> {
        self.waived
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_parse_case_blind_and_others_are_refused() {
        assert_eq!("r14".parse::<Relaxable>(), Ok(Relaxable::R14));
        assert_eq!(" R10 ".parse::<Relaxable>(), Ok(Relaxable::R10));
        let err = "R3".parse::<Relaxable>().unwrap_err();
        assert!(err.to_string().contains("R10, R11 or R14"), "{err}");
    }

    #[test]
    fn a_relaxed_rule_covers_only_its_own_refusals() {
        let house = HouseRules::relaxing([Relaxable::R14]);
        assert_eq!(
            house.waiver_for(&RulesError::Silenced),
            Some(Relaxable::R14)
        );
        assert_eq!(house.waiver_for(&RulesError::OneSlotPerTurn), None);
        let mut w = Waiver::new(&house);
        assert!(w.allow(Err(RulesError::NoFreeHand)).is_ok());
        assert!(w.allow(Err(RulesError::OneSlotPerTurn)).is_err());
        let waived = w.into_waived();
        assert_eq!(waived.len(), 1);
        assert_eq!(
            (waived[0].code.as_str(), waived[0].rule.as_str()),
            ("no_free_hand", "R14b")
        );
    }

    #[test]
    fn house_rules_serialise_as_a_list_of_rule_ids() {
        let house = HouseRules::relaxing([Relaxable::R14, Relaxable::R10]);
        assert_eq!(serde_json::to_string(&house).unwrap(), r#"["R10","R14"]"#);
    }
}
