//! The table's house rules (issue 15): which rules warn instead of refuse.
//!
//! They are one stored entity of the table (kind [`TABLE`], name
//! `house-rules`), so a campaign on the server has its own (the store is
//! scoped per campaign) and the CLI's database has the CLI table's. Every
//! change is a logged change like a cast, undoable the same way; every
//! request fitted with [`crate::fit_request_stored`] carries them, so a
//! cast, the options list and the planner all see the same rules.

use std::collections::BTreeMap;

use grimoire_rules::{HouseRules, Relaxable};
use grimoire_store::{Committed, Expected, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::state::Batch;

/// The store kind of the table's own settings.
pub const TABLE: &str = "table";

/// The entity holding the house rules.
pub const HOUSE_RULES: &str = "house-rules";

/// The table's house rules; strict when none were ever set.
pub fn house_rules(store: &Store) -> Result<HouseRules, AppError> {
    Ok(store
        .find::<HouseRules>(TABLE, HOUSE_RULES)?
        .map(|e| e.state)
        .unwrap_or_default())
}

/// One relaxed rule as responses show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RelaxedRule {
    /// The rule (`R14`).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub rule: Relaxable,
    /// What relaxing it allows, in English.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub allows: &'static str,
    /// The same in Czech (kept for clients that read it;
    /// [`messages`](RelaxedRule::messages) has every language).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub allows_cs: &'static str,
    /// What relaxing it allows in every language of the catalogue, by tag
    /// (`en`, `cs`, ...).
    pub messages: BTreeMap<String, String>,
}

impl RelaxedRule {
    /// What relaxing it allows, in `lang` (English when the catalogue
    /// has no such language).
    pub fn allows_in(&self, lang: &str) -> &str {
        self.messages.get(lang).map_or(self.allows, String::as_str)
    }
}

/// What relaxing `rule` allows, in `lang`: message `house-<rule>`.
fn allows(rule: Relaxable, lang: &str) -> &'static str {
    grimoire_words::fixed(lang, &format!("house-{}", rule.id()))
}

/// The relaxed rules, each with what it allows, for a response.
pub fn describe(house: &HouseRules) -> Vec<RelaxedRule> {
    house
        .relaxed()
        .map(|rule| RelaxedRule {
            rule,
            allows: allows(rule, grimoire_words::FALLBACK),
            allows_cs: allows(rule, "cs"),
            messages: grimoire_words::Words::get()
                .in_every_language(|lang| allows(rule, lang).to_owned()),
        })
        .collect()
}

/// Relaxes `rule` (or enforces it again), logged under `command`. Setting
/// what is already set writes nothing and returns no receipt.
pub fn set_house_rule(
    store: &mut Store,
    command: impl Into<String>,
    rule: Relaxable,
    relaxed: bool,
) -> Result<(HouseRules, Option<Committed>), AppError> {
    let mut house = house_rules(store)?;
    house.set(rule, relaxed);
    set_house_rules(store, command, &house)
}

/// Replaces the table's house rules with `house`, logged under `command`
/// with an event per rule relaxed or enforced. Nothing changed writes
/// nothing and returns no receipt.
pub fn set_house_rules(
    store: &mut Store,
    command: impl Into<String>,
    house: &HouseRules,
) -> Result<(HouseRules, Option<Committed>), AppError> {
    let stored = store.find::<HouseRules>(TABLE, HOUSE_RULES)?;
    let old = stored.as_ref().map(|e| e.state.clone()).unwrap_or_default();
    if &old == house {
        return Ok((old, None));
    }
    let expected = stored.map_or(Expected::Absent, |e| Expected::Version(e.version));
    let mut batch = Batch::new(command);
    let state = house.clone();
    batch.with(|c| c.put(TABLE, HOUSE_RULES, expected, &state))?;
    for rule in Relaxable::ALL {
        let relaxed = house.relaxes(rule);
        if old.relaxes(rule) != relaxed {
            batch.event(
                HOUSE_RULES,
                serde_json::json!({ "event": "house_rule_set", "house_rule": rule, "relaxed": relaxed }),
            )?;
        }
    }
    let receipt = batch.commit(store)?;
    Ok((house.clone(), receipt))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_rules_are_stored_logged_and_undone() {
        let mut store = Store::open_in_memory().unwrap();
        assert!(house_rules(&store).unwrap().is_strict());
        let (house, receipt) =
            set_house_rule(&mut store, "house-rules relax R14", Relaxable::R14, true).unwrap();
        assert!(house.relaxes(Relaxable::R14) && receipt.is_some());
        assert_eq!(house_rules(&store).unwrap(), house);
        // Again: nothing to write.
        let (_, again) = set_house_rule(&mut store, "again", Relaxable::R14, true).unwrap();
        assert!(again.is_none());
        let log = store.log(TABLE, HOUSE_RULES).unwrap();
        assert_eq!(log.len(), 1);
        store.undo(TABLE, HOUSE_RULES).unwrap();
        assert!(house_rules(&store).unwrap().is_strict());
    }

    #[test]
    fn a_relaxed_rule_says_what_it_allows_in_every_language() {
        let words = grimoire_words::Words::get();
        let [r14] = describe(&HouseRules::relaxing([Relaxable::R14]))
            .try_into()
            .unwrap();
        assert_eq!(r14.messages.len(), words.languages().len());
        for lang in words.languages() {
            assert_eq!(r14.allows_in(lang), words.text(lang, "house-R14", None));
        }
        assert_eq!(r14.messages["en"], r14.allows);
        assert_eq!(r14.messages["cs"], r14.allows_cs);
        assert_ne!(r14.allows, r14.allows_cs);
        // A language the catalogue lacks reads English.
        assert_eq!(r14.allows_in("xx"), r14.allows);
    }
}
