//! The words of class resources (issue 33): every feature has a name and
//! every resource refusal a message in every language, naming exactly the
//! values the rules give.

use std::collections::BTreeSet;

use grimoire_rules::{ClassFeature, ResourceError, RulesError};
use grimoire_words::{FALLBACK, Words, refusal, term, variables};

#[test]
fn every_resource_refusal_names_exactly_the_arguments_the_rules_give() {
    let mut english = std::collections::BTreeMap::new();
    for (lang, file, text) in Words::sources() {
        if lang.eq(&FALLBACK) {
            english.extend(variables(text).unwrap_or_else(|e| panic!("{file}: {e}")));
        }
    }
    for e in ResourceError::one_of_each() {
        let e = RulesError::from(e);
        let id = format!("refusal-{}", e.code());
        let given: BTreeSet<String> = e.args().iter().map(|(k, _)| (*k).to_owned()).collect();
        let used = english
            .get(&id)
            .unwrap_or_else(|| panic!("no message {id}"));
        assert_eq!(used, &given, "{id}");
        for lang in Words::get().languages() {
            let text = refusal(lang, &e);
            assert!(
                !text.contains("{$") && !text.contains("feature-"),
                "{lang}: {text}"
            );
        }
    }
}

#[test]
fn class_features_have_names_in_english_and_czech() {
    for f in ClassFeature::ALL {
        assert!(!term("en", &f).starts_with("feature-"), "{f:?}");
        assert_ne!(term("en", &f), term("cs", &f), "{f:?}");
    }
    assert_eq!(term("cs", &ClassFeature::FontOfMagic), "Pramen magie");
    let e = RulesError::from(ResourceError::SlotTooHighToCreate { level: 6 });
    assert_eq!(
        refusal("en", &e),
        "Font of Magic creates spell slots of level 5 at most, not level 6"
    );
    assert_eq!(e.feature(), Some("font-of-magic"));
}
