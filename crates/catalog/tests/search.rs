//! Search by name in both languages, with typos, and by filters.

use grimoire_catalog::{CastingTimeKind, Catalog, Language, MatchKind, Query};
use grimoire_rules::{Class, DamageType, School, SpellLevel};

fn top(query: Query) -> (String, MatchKind, Language) {
    let hits = Catalog::srd().search(&query);
    let hit = hits
        .first()
        .unwrap_or_else(|| panic!("no hit for {query:?}"));
    (hit.spell.id().to_string(), hit.kind, hit.language)
}

fn check(text: &str, id: &str, kind: MatchKind, language: Language) {
    assert_eq!(
        top(Query::text(text)),
        (id.to_string(), kind, language),
        "query {text:?}"
    );
}

#[test]
fn names_match_in_both_languages_ignoring_case_and_diacritics() {
    check("Fireball", "fireball", MatchKind::Exact, Language::En);
    check("FIREBALL", "fireball", MatchKind::Exact, Language::En);
    check(
        "hromova vlna",
        "thunderwave",
        MatchKind::Exact,
        Language::Cs,
    );
    check(
        "Hromová vlna",
        "thunderwave",
        MatchKind::Exact,
        Language::Cs,
    );
    check(
        "ZACELENI ZRANENI",
        "cure-wounds",
        MatchKind::Exact,
        Language::Cs,
    );
    check(
        "ledovy kuzel",
        "cone-of-cold",
        MatchKind::Exact,
        Language::Cs,
    );
    check(
        "magic-missile",
        "magic-missile",
        MatchKind::Exact,
        Language::En,
    );
    check(
        "hunters mark",
        "hunters-mark",
        MatchKind::Exact,
        Language::En,
    );
}

#[test]
fn typos_are_forgiven() {
    check(
        "magik misile",
        "magic-missile",
        MatchKind::Fuzzy(2),
        Language::En,
    );
    check("fierball", "fireball", MatchKind::Fuzzy(1), Language::En);
    check("pozehnani", "bless", MatchKind::Exact, Language::Cs);
    check("pozehnai", "bless", MatchKind::Fuzzy(1), Language::Cs);
    check(
        "hromva vlna",
        "thunderwave",
        MatchKind::Fuzzy(1),
        Language::Cs,
    );
    // One word of the name, with a typo.
    check("misile", "magic-missile", MatchKind::Fuzzy(1), Language::En);
    check(
        "ledovi kuzel",
        "cone-of-cold",
        MatchKind::Fuzzy(1),
        Language::Cs,
    );
}

#[test]
fn exact_beats_prefix_beats_substring_beats_fuzzy() {
    let hits = Catalog::srd().search(&Query::text("fire"));
    let kinds: Vec<MatchKind> = hits.iter().map(|h| h.kind).collect();
    let mut sorted = kinds.clone();
    sorted.sort();
    assert_eq!(kinds, sorted, "hits come best first");
    assert_eq!(hits[0].kind, MatchKind::Prefix);
    assert!(
        hits.iter()
            .any(|h| h.spell.id() == "delayed-blast-fireball" && h.kind == MatchKind::WordPrefix)
    );
    let ball = Catalog::srd().search(&Query::text("ball"));
    assert!(
        ball.iter()
            .any(|h| h.spell.id() == "fireball" && h.kind == MatchKind::Substring)
    );
    // Among prefix matches, lower levels first: Fire Bolt (0) before Fireball (3).
    let bolt = hits
        .iter()
        .position(|h| h.spell.id() == "fire-bolt")
        .unwrap();
    let ball = hits
        .iter()
        .position(|h| h.spell.id() == "fireball")
        .unwrap();
    assert!(bolt < ball);
}

#[test]
fn filters_narrow_the_results() {
    let srd = Catalog::srd();
    let wizard_fire = srd.search(
        &Query::default()
            .class(Class::Wizard)
            .damage_type(DamageType::Fire),
    );
    assert!(wizard_fire.iter().any(|h| h.spell.id() == "fireball"));
    assert!(
        wizard_fire
            .iter()
            .all(|h| h.spell.spell.on_class_list(Class::Wizard))
    );
    assert!(
        !wizard_fire.iter().any(|h| h.spell.id() == "flame-strike"),
        "Flame Strike is a Cleric spell"
    );

    let rituals = srd.search(&Query::default().ritual(true));
    assert!(rituals.iter().all(|h| h.spell.spell.ritual));
    assert!(rituals.iter().any(|h| h.spell.id() == "detect-magic"));

    let reactions = srd.search(&Query::default().casting_time(CastingTimeKind::Reaction));
    let mut ids: Vec<&str> = reactions.iter().map(|h| h.spell.id()).collect();
    ids.sort_unstable();
    assert_eq!(
        ids,
        ["counterspell", "feather-fall", "hellish-rebuke", "shield"]
    );

    let level3 = SpellLevel::new(3).unwrap();
    let evocation3 = srd.search(
        &Query::default()
            .level(level3)
            .school(School::Evocation)
            .concentration(false),
    );
    assert!(evocation3.iter().any(|h| h.spell.id() == "lightning-bolt"));
    assert!(
        evocation3
            .iter()
            .all(|h| h.spell.spell.level == level3 && !h.spell.spell.is_concentration())
    );

    // Chromatic Orb lets the caster pick the type: every choice finds it.
    for t in [DamageType::Acid, DamageType::Thunder] {
        assert!(
            srd.search(&Query::text("chromatic").damage_type(t))
                .iter()
                .any(|h| h.spell.id() == "chromatic-orb")
        );
    }
    // Cure Wounds is on no Wizard list: the filter drops it, near misses stay.
    assert_eq!(
        srd.search(&Query::text("cure"))[0].spell.id(),
        "cure-wounds"
    );
    let wizard_cure = srd.search(&Query::text("cure").class(Class::Wizard));
    assert!(wizard_cure.iter().all(
        |h| h.spell.spell.on_class_list(Class::Wizard) && matches!(h.kind, MatchKind::Fuzzy(_))
    ));
    assert!(
        wizard_cure.iter().any(|h| h.spell.id() == "remove-curse"),
        "curse is one typo from cure"
    );
}

#[test]
fn limit_and_empty_query() {
    let srd = Catalog::srd();
    assert_eq!(srd.search(&Query::default()).len(), 339);
    assert_eq!(srd.search(&Query::text("a").limit(5)).len(), 5);
    assert!(srd.search(&Query::text("qqqqqqqq")).is_empty());
}

#[test]
fn lookup_reports_unknown_spells() {
    let err = Catalog::srd().lookup("Fireball 2").unwrap_err();
    assert_eq!(err.code(), "unknown_spell");
    assert_eq!(
        Catalog::srd().lookup("ohniva koule").unwrap().id(),
        "fireball"
    );
}
