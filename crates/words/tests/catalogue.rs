//! The catalogue is complete and consistent: every language has every
//! message with the same variables, every refusal and every word of the
//! rules' vocabulary has text, and a language added at run time is used.

use std::collections::{BTreeMap, BTreeSet};

use grimoire_rules::{
    Ability, ActionKind, AreaShape, Class, Condition, DamageType, Invalid, RulesError, School,
    SpellName, TriggerKind,
};
use grimoire_words::{FALLBACK, Named, Words, reason, refusal, term, variables};

type Shape = BTreeMap<String, BTreeSet<String>>;

/// Each embedded language's messages and their variables, across its files.
fn shapes() -> BTreeMap<&'static str, Shape> {
    let mut out: BTreeMap<&str, Shape> = BTreeMap::new();
    for (lang, file, text) in Words::sources() {
        let shape = variables(text).unwrap_or_else(|e| panic!("{lang}/{file}: {e}"));
        out.entry(lang).or_default().extend(shape);
    }
    out
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let shapes = shapes();
    let english = &shapes[FALLBACK];
    assert!(
        english.len() > 100,
        "the catalogue holds the product's words"
    );
    for (lang, shape) in &shapes {
        let missing: Vec<&String> = english
            .keys()
            .filter(|id| !shape.contains_key(*id))
            .collect();
        let extra: Vec<&String> = shape
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang} has messages English lacks: {extra:?}"
        );
        for (id, vars) in shape {
            assert_eq!(
                vars, &english[id],
                "{lang}/{id} uses other variables than English"
            );
        }
    }
}

#[test]
fn every_refusal_names_exactly_the_arguments_the_rules_give() {
    let english = &shapes()[FALLBACK];
    for e in RulesError::one_of_each() {
        let id = format!("refusal-{}", e.code());
        let given: BTreeSet<String> = e.args().iter().map(|(k, _)| (*k).to_owned()).collect();
        let used = english
            .get(&id)
            .unwrap_or_else(|| panic!("no message {id}"));
        // `field` picks the Czech word for hit points; English names the
        // armor class message outright.
        let used: BTreeSet<String> = if e.code() == "invalid_armor_class" {
            used.iter().cloned().chain(["field".to_owned()]).collect()
        } else {
            used.clone()
        };
        assert_eq!(used, given, "{id}");
        for lang in Words::get().languages() {
            let text = refusal(lang, &e);
            assert!(
                !text.contains("{$") && !text.contains("refusal-"),
                "{lang}: {text}"
            );
        }
    }
}

/// A few refusals, word for word, as the engine wrote them before the
/// catalogue (the front ends' tests compare whole messages).
#[test]
fn refusals_read_as_before() {
    let check = |e: RulesError, en: &str, cs: &str| {
        assert_eq!(refusal("en", &e), en);
        assert_eq!(refusal("cs", &e), cs);
    };
    check(
        RulesError::NoSuchSlot {
            level: 4,
            highest: 2,
        },
        "R2: this caster has no level-4 spell slots at all, spent or not (its highest is level 2)",
        "R2: sesilatel nemá vůbec žádné pozice 4. úrovně, ani utracené (nejvyšší má 2. úrovně)",
    );
    check(
        RulesError::NotPrepared {
            spell: SpellName {
                en: "Shield".into(),
                cs: Some("Štít".into()),
            },
            ritual: false,
        },
        "Shield is not prepared",
        "kouzlo Štít není připravené",
    );
    check(
        RulesError::DamageTypeNotOffered {
            chosen: DamageType::Force,
            offered: vec![DamageType::Acid, DamageType::Fire],
        },
        "R16: this spell cannot deal force damage; it offers acid, fire",
        "R16: toto kouzlo nemůže způsobit silové zranění; nabízí kyselinové, ohnivé",
    );
    check(
        RulesError::InvalidVitals {
            field: "temp_hp",
            value: 900,
            max: 500,
        },
        "temp_hp 900 is outside 0 to 500",
        "dočasné životy 900 je mimo rozsah 0 až 500",
    );
    check(
        RulesError::CastingTimeMismatch {
            needed: ActionKind::BonusAction,
            given: ActionKind::Action,
        },
        "R9: this spell is cast with the Bonus Action, not the Magic action",
        "R9: vyvolávací čas tohoto kouzla je Bonusová akce, ne akce Magie",
    );
    check(
        RulesError::Incapacitated { rule: "R15" },
        "R15: the caster is Incapacitated",
        "R15: sesilatel má stav Neschopný",
    );
}

/// Counts take the language's plural forms (CLDR): English one/other,
/// Czech one/few/other.
#[test]
fn counts_take_each_language_plural_forms() {
    let unfinished = |rounds_left| RulesError::CastingUnfinished {
        spell: "Ritual".into(),
        rounds_left,
    };
    assert_eq!(
        refusal("en", &unfinished(1)),
        "R12: Ritual needs 1 more round of casting"
    );
    assert_eq!(
        refusal("en", &unfinished(10)),
        "R12: Ritual needs 10 more rounds of casting"
    );
    let cs: Vec<String> = [1, 3, 10].map(|n| refusal("cs", &unfinished(n))).into();
    assert_eq!(
        cs,
        [
            "R12: do dokončení sesílání kouzla Ritual zbývá 1 kolo",
            "R12: do dokončení sesílání kouzla Ritual zbývají 3 kola",
            "R12: do dokončení sesílání kouzla Ritual zbývá 10 kol",
        ]
    );
    let targets = |max| RulesError::TooManyTargets { max, given: 4 };
    assert!(refusal("en", &targets(1)).contains("at most 1 target,"));
    assert!(refusal("en", &targets(3)).contains("at most 3 targets,"));
}

#[test]
fn every_value_of_the_vocabulary_has_a_word_in_every_language() {
    let words = Words::get();
    for lang in words.languages() {
        let mut all: Vec<String> = Vec::new();
        all.extend(School::ALL.iter().map(|v| words.term(lang, v)));
        all.extend(Condition::ALL.iter().map(|v| words.term(lang, v)));
        all.extend(Class::ALL.iter().map(|v| words.term(lang, v)));
        all.extend(Ability::ALL.iter().map(|v| words.term(lang, v)));
        all.extend(DamageType::ALL.iter().map(|v| words.term(lang, v)));
        all.extend(
            [
                ActionKind::Action,
                ActionKind::BonusAction,
                ActionKind::Reaction,
            ]
            .iter()
            .map(|v| words.term(lang, v)),
        );
        all.extend(
            [
                TriggerKind::SpellCast,
                TriggerKind::Hit,
                TriggerKind::Damage,
                TriggerKind::Fall,
            ]
            .iter()
            .map(|v| words.term(lang, v)),
        );
        for w in &all {
            assert!(
                !w.contains('-') || w.contains(' '),
                "{lang}: no word for {w}"
            );
        }
    }
    assert_eq!(term("cs", &DamageType::Fire), "ohnivé");
    // The chapter's Czech terms (R7), as the rules crate used to name them.
    assert_eq!(School::Abjuration.name_cs(), "Vyvolávání");
    assert_eq!(School::Conjuration.name_cs(), "Vzývání");
    assert_eq!(School::Evocation.name_en(), "Evocation");
    let mut schools: Vec<&str> = School::ALL.iter().map(|s| s.name_cs()).collect();
    schools.sort_unstable();
    schools.dedup();
    assert_eq!(schools.len(), 8, "{schools:?}");
    assert_eq!(Class::Warlock.name_cs(), "černokněžník");
    assert_eq!(Class::Ranger.name_cs(), "hraničář");
    assert_eq!(Ability::Wisdom.name_en(), "Wisdom");
    assert_eq!(Condition::Incapacitated.name_cs(), "Neschopný");
    assert_eq!(AreaShape::Cone.name_cs(), "Kužel");
    assert_eq!(AreaShape::Wall.name_cs(), "Stěna");
    assert_eq!(ActionKind::Action.name_cs(), "akce Magie");
    assert_eq!(DamageType::Thunder.name_cs(), "hromové");
    assert_eq!(term("en", &ActionKind::BonusAction), "Bonus Action");
    // A trigger's English word is the rules' technical English; Czech is
    // only here.
    for t in [
        TriggerKind::SpellCast,
        TriggerKind::Hit,
        TriggerKind::Damage,
        TriggerKind::Fall,
    ] {
        assert_eq!(term("en", &t), t.name_en());
    }
    assert_eq!(term("cs", &TriggerKind::Damage), "utržené zranění");
    // Each language abbreviates abilities its own way; English as the
    // rules do.
    for a in Ability::ALL {
        assert_eq!(grimoire_words::abbrev("en", a), a.abbrev());
    }
    let czech: Vec<&str> = Ability::ALL
        .iter()
        .map(|&a| grimoire_words::abbrev("cs", a))
        .collect();
    assert_eq!(czech, ["SIL", "OBR", "ODL", "INT", "MDR", "CHA"]);
}

#[test]
fn a_reaction_that_does_not_answer_names_the_trigger_in_the_readers_words() {
    let e = RulesError::NotAnAnswer {
        spell: SpellName::from("Shield"),
        trigger: TriggerKind::Damage,
    };
    assert_eq!(
        refusal("en", &e),
        "R11: Shield does not answer damage taken"
    );
    assert!(refusal("cs", &e).ends_with("neodpovídá na spouštěč: utržené zranění"));
}

#[test]
fn every_invalid_reason_reads_in_every_language_with_the_arguments_it_gives() {
    let english = &shapes()[FALLBACK];
    for r in Invalid::one_of_each() {
        let id = format!("invalid-{}", r.code());
        let given: BTreeSet<String> = r.args().iter().map(|(k, _)| (*k).to_owned()).collect();
        let used = english
            .get(&id)
            .unwrap_or_else(|| panic!("no message {id}"));
        assert_eq!(used, &given, "{id}");
        for lang in Words::get().languages() {
            let text = reason(lang, &r);
            assert!(
                !text.is_empty() && !text.contains("{$") && !text.contains("invalid-"),
                "{lang}/{id}: {text}"
            );
            let refused = refusal(lang, &RulesError::InvalidRequest { reason: r.clone() });
            assert!(refused.ends_with(&text), "{lang}: {refused}");
        }
    }
}

/// An invalid request reads in the reader's language, its reason too.
#[test]
fn an_invalid_request_gives_its_reason_in_the_readers_words() {
    let twice = RulesError::InvalidRequest {
        reason: Invalid::CombatantListedTwice {
            name: "Skřet".into(),
        },
    };
    assert_eq!(
        refusal("en", &twice),
        "invalid request: combatant Skřet is listed twice"
    );
    assert_eq!(
        refusal("cs", &twice),
        "neplatný požadavek: účastník Skřet je uveden dvakrát"
    );
    let dc = RulesError::InvalidRequest {
        reason: Invalid::SaveDcOutOfRange { dc: 41 },
    };
    assert_eq!(
        refusal("en", &dc),
        "invalid request: save DC 41 is outside 1 to 40"
    );
    assert_eq!(
        refusal("cs", &dc),
        "neplatný požadavek: SO záchrany 41 je mimo rozsah 1 až 40"
    );
    let cantrip = RulesError::InvalidRequest {
        reason: Invalid::CantripInSpellbook {
            spell: SpellName {
                en: "Fire Bolt".into(),
                cs: Some("Ohnivá střela".into()),
            },
        },
    };
    assert!(refusal("cs", &cantrip).contains("Ohnivá střela je trik"));
}

/// A window for Reactions names the spell that waits, or else its trigger,
/// in the reader's words.
#[test]
fn an_open_window_names_the_spell_or_the_trigger_that_waits() {
    let spell = RulesError::ReactionWindowOpen {
        caster: "Elmira".into(),
        spell: Some("Fireball".into()),
        trigger: TriggerKind::SpellCast,
    };
    assert_eq!(
        refusal("en", &spell),
        "R11: Elmira's Fireball waits for reactions; react, pass or resolve it first"
    );
    assert_eq!(
        refusal("cs", &spell),
        "R11: kouzlo Fireball, které sesílá Elmira, čeká na Reakce; \
         nejdřív reagujte, vzdejte se nebo ho vyhodnoťte"
    );
    let hit = RulesError::ReactionWindowOpen {
        caster: "Goblin".into(),
        spell: None,
        trigger: TriggerKind::Hit,
    };
    assert_eq!(
        refusal("en", &hit),
        "R11: a hit by an attack roll waits for reactions; react, pass or resolve it first"
    );
    assert_eq!(
        refusal("cs", &hit),
        "R11: na Reakce čeká spouštěč: zásah hodem na útok; \
         nejdřív reagujte, vzdejte se nebo ho vyhodnoťte"
    );
}

/// Adding a language is adding its `.ftl` text: here a tiny test language
/// fed at run time, which the loader picks up, uses where it has a
/// message, and backs with English where it has none.
#[test]
fn a_language_added_at_run_time_is_used_and_falls_back_to_english() {
    let mut words = Words::embedded();
    assert_eq!(words.language_of("xx_XX.UTF-8"), None);
    words
        .add(
            "xx",
            "refusal-silenced = [XX] silent\n\
             damage-fire = [XX] fiery\n",
        )
        .unwrap();
    assert_eq!(words.language_of("xx_XX.UTF-8"), Some("xx"));
    assert!(words.languages().contains(&"xx"));
    assert_eq!(
        words.refusal("xx", &RulesError::Silenced),
        "R14a: [XX] silent"
    );
    assert_eq!(
        words.refusal("xx", &RulesError::NoFreeHand),
        words.refusal("en", &RulesError::NoFreeHand),
        "a message the language lacks is English"
    );
    assert_eq!(words.term("xx", &DamageType::Fire), "[XX] fiery");
    let script = words.browser_script().unwrap();
    assert!(
        script.contains(r#""xx":{"damage-fire":"[XX] fiery"}"#),
        "{script}"
    );
    // A broken file is refused with the reason, not half-loaded.
    assert!(words.add("xx", "refusal-silenced = again\n").is_err());
    assert!(words.add("not a tag!", "a = b\n").is_err());
}

/// The same with a whole pseudo-language made from English in the test:
/// every message present, so nothing falls back.
#[test]
fn a_pseudo_language_built_from_english_is_complete() {
    let mut pseudo = String::new();
    for (lang, _, text) in Words::sources() {
        if *lang == FALLBACK {
            for (id, vars) in variables(text).unwrap() {
                let args: String = vars.iter().map(|v| format!(" {{ ${v} }}")).collect();
                pseudo.push_str(&format!("{id} = ⟦{id}{args}⟧\n"));
            }
        }
    }
    let mut words = Words::embedded();
    words.add("eo", &pseudo).unwrap();
    let e = RulesError::NoSlotAvailable { level: 5 };
    assert_eq!(words.refusal("eo", &e), "R3: ⟦refusal-no_slot_available 5⟧");
    for e in RulesError::one_of_each() {
        assert!(words.refusal("eo", &e).contains('⟦'), "{e} fell back");
    }
}
