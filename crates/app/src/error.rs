//! The one error type of the app layer.

use grimoire_catalog::CatalogError;
use grimoire_rules::{Arg, RulesError};
use grimoire_store::StoreError;

use crate::limits::TooMany;
use crate::name_policy::{NameKind, NameProblem};

/// Everything a game operation can fail with; nothing was written.
///
/// Like the rules' refusals, an `AppError` holds no words: a stable
/// [`code`](AppError::code) and the [`args`](AppError::args) its message
/// names. The words are message `error-<code>` of grimoire-words
/// (`errors.ftl`), rendered by [`message`](AppError::message); `Display`
/// is the English one.
#[derive(Debug)]
#[non_exhaustive]
pub enum AppError {
    /// Occurs when no character has the name.
    UnknownCharacter {
        /// The name as given.
        name: String,
    },
    /// Occurs when no encounter has the name.
    UnknownEncounter {
        /// The name as given.
        name: String,
    },
    /// Occurs when a combatant casts a non-Reaction spell on someone
    /// else's turn (R9).
    NotYourTurn {
        /// Whose turn it is.
        current: String,
        /// Who tried to cast.
        caster: String,
    },
    /// Occurs when a name breaks the name policy ([`crate::check_name`]).
    InvalidName {
        /// What the name names.
        kind: NameKind,
        /// What is wrong with it.
        problem: NameProblem,
    },
    /// Occurs when a request asks for more than a bound allows
    /// ([`crate::limits`]).
    TooMany(TooMany),
    /// Occurs when Hex or Hunter's Mark is moved while its target still has
    /// hit points.
    TargetStillStanding {
        /// The spell's target now.
        target: String,
        /// Its hit points.
        hp: i32,
    },
    /// Occurs when a player's cast gives numbers (`stats`, `creature_type`)
    /// for a combatant of the running encounter, whose numbers are the
    /// encounter's.
    NumbersFromEncounter {
        /// The combatant, as the encounter spells it.
        target: String,
        /// The encounter.
        encounter: String,
        /// The request field that gave them (`targets[0].stats`).
        field: String,
    },
    /// Occurs when a homebrew file has errors; every one is listed and
    /// nothing was stored.
    Homebrew(Vec<CatalogError>),
    /// Occurs when no homebrew file has the name.
    UnknownHomebrew {
        /// The name as given.
        file: String,
    },
    /// Occurs when a plan's numbers would cost more than the dice bounds
    /// allow (`too_costly`).
    PlanTooCostly {
        /// What the dice crate said, to be worded in the reader's language.
        message: grimoire_words::Message,
    },
    /// Occurs when a request makes no sense to the app (a character rested
    /// as an encounter's creature, ...): code `invalid_request`, like the
    /// rules' own, with the reason as a message of grimoire-words.
    InvalidRequest {
        /// Why, to be worded in the reader's language (`app-reason-*`).
        reason: grimoire_words::Message,
    },
    /// Occurs when no SRD weapon has the name (issue 34).
    UnknownWeapon {
        /// The name as given.
        name: String,
    },
    /// Occurs when a character attacks with a weapon its gear does not list.
    WeaponNotCarried {
        /// The character.
        character: String,
        /// The weapon's English name.
        weapon_en: String,
        /// The weapon's Czech name.
        weapon_cs: String,
    },
    /// Occurs when an encounter step needs the encounter running and it
    /// has not started.
    EncounterNotStarted {
        /// The encounter.
        encounter: String,
    },
    /// Occurs when an encounter is started again, or a step meant for
    /// before the start comes after it.
    EncounterStarted {
        /// The encounter.
        encounter: String,
    },
    /// Occurs when a combatant joins an encounter it is already in.
    AlreadyInEncounter {
        /// The combatant, as the encounter spells it.
        name: String,
        /// The encounter.
        encounter: String,
    },
    /// Occurs when no stat block has the id or name.
    UnknownMonster {
        /// The name as given.
        name: String,
    },
    /// Occurs when a hit is checked against a target with no Armor Class
    /// on record and none was given.
    MissingAc {
        /// The target.
        target: String,
    },
    /// Occurs when a number of a request is outside its bounds: `code` is
    /// `out_of_range` (or `bad_amount` for damage), `field` names it.
    OutOfRange {
        /// The stable code.
        code: &'static str,
        /// The request field.
        field: &'static str,
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
    },
    /// Occurs when other writers kept changing the same entity and
    /// [`crate::retry::retry`]'s attempts ran out (code `conflict`).
    Busy {
        /// The entity kind (`character`, `encounter`).
        kind: String,
        /// The entity name.
        name: String,
    },
    /// Occurs when a spell is not in the catalogue (`unknown_spell`).
    Catalog(CatalogError),
    /// Occurs when the rules refuse.
    Rules(RulesError),
    /// Occurs when the store refuses or fails (a version conflict, ...).
    Store(StoreError),
}

impl AppError {
    /// A stable machine code, the same in every front end.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::UnknownCharacter { .. } => "unknown_character",
            AppError::UnknownEncounter { .. } => "unknown_encounter",
            AppError::NotYourTurn { .. } => "not_your_turn",
            AppError::InvalidName { .. } => "invalid_name",
            AppError::TooMany(e) => e.code,
            AppError::Homebrew(_) => "invalid_homebrew",
            AppError::TargetStillStanding { .. } => "target_still_standing",
            AppError::NumbersFromEncounter { .. } => "numbers_from_encounter",
            AppError::UnknownHomebrew { .. } => "unknown_homebrew",
            AppError::PlanTooCostly { .. } => "too_costly",
            AppError::InvalidRequest { .. } => "invalid_request",
            AppError::UnknownWeapon { .. } => "unknown_weapon",
            AppError::WeaponNotCarried { .. } => "weapon_not_carried",
            AppError::EncounterNotStarted { .. } => "encounter_not_started",
            AppError::EncounterStarted { .. } => "encounter_started",
            AppError::AlreadyInEncounter { .. } => "already_in_encounter",
            AppError::UnknownMonster { .. } => "unknown_monster",
            AppError::MissingAc { .. } => "missing_ac",
            AppError::OutOfRange { code, .. } => code,
            AppError::Busy { .. } => "conflict",
            AppError::Catalog(e) => e.code(),
            AppError::Rules(e) => e.code(),
            AppError::Store(e) => e.code(),
        }
    }

    /// The rule enforced, when one refused.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            AppError::NotYourTurn { .. } => Some("R9"),
            AppError::Rules(e) => e.rule(),
            _ => None,
        }
    }

    /// The values the message names, by the name its `.ftl` message uses
    /// (empty for the wrapped errors, which have their own).
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        match self {
            AppError::UnknownCharacter { name } | AppError::UnknownEncounter { name } => {
                vec![("name", text(name))]
            }
            AppError::NotYourTurn { current, caster } => {
                vec![("current", text(current)), ("caster", text(caster))]
            }
            AppError::TargetStillStanding { target, hp } => {
                vec![
                    ("target", text(target)),
                    ("hp", Arg::Number(i64::from(*hp))),
                ]
            }
            AppError::UnknownHomebrew { file } => vec![("file", text(file))],
            AppError::UnknownWeapon { name } | AppError::UnknownMonster { name } => {
                vec![("name", text(name))]
            }
            AppError::EncounterNotStarted { encounter }
            | AppError::EncounterStarted { encounter } => vec![("encounter", text(encounter))],
            AppError::AlreadyInEncounter { name, encounter } => {
                vec![("name", text(name)), ("encounter", text(encounter))]
            }
            AppError::MissingAc { target } => vec![("target", text(target))],
            AppError::Busy { kind, name } => vec![("kind", text(kind)), ("name", text(name))],
            AppError::OutOfRange {
                field, min, max, ..
            } => vec![
                ("field", text(field)),
                ("min", Arg::Number(*min)),
                ("max", Arg::Number(*max)),
            ],
            AppError::WeaponNotCarried {
                character,
                weapon_en,
                ..
            } => vec![("character", text(character)), ("weapon", text(weapon_en))],
            AppError::NumbersFromEncounter {
                target,
                encounter,
                field,
            } => vec![
                ("target", text(target)),
                ("encounter", text(encounter)),
                ("field", text(field)),
            ],
            // The dice error in English; `message` words it in any language.
            AppError::PlanTooCostly { message } => vec![("message", text(&message.render("en")))],
            AppError::InvalidRequest { reason } => vec![("reason", text(&reason.render("en")))],
            AppError::TooMany(e) => e.args(),
            AppError::InvalidName { problem, .. } => problem.args(),
            AppError::Catalog(e) => e.args(),
            AppError::Homebrew(_) | AppError::Rules(_) | AppError::Store(_) => Vec::new(),
        }
    }

    /// The message in `lang` (`en`, `cs`, ...), from the `.ftl` files of
    /// grimoire-words. A store error has no words of its own: its
    /// technical text is returned as it is, in every language.
    pub fn message(&self, lang: &str) -> String {
        match self {
            AppError::Rules(e) => grimoire_words::refusal(lang, e),
            AppError::Catalog(e) => e.message(lang),
            AppError::Store(e) => e.to_string(),
            AppError::TooMany(e) => e.message(lang),
            AppError::InvalidName { kind, problem } => grimoire_words::message(
                lang,
                "error-invalid_name",
                &[
                    ("kind", Arg::Text(kind.message(lang))),
                    ("problem", Arg::Text(problem.message(lang))),
                ],
            ),
            AppError::Busy { kind, name } => grimoire_words::Message::new("error-busy")
                .part("kind", grimoire_words::store_kind(kind))
                .text("name", name.as_str())
                .render(lang),
            AppError::PlanTooCostly { message } => grimoire_words::message(
                lang,
                "error-too_costly",
                &[("message", Arg::Text(message.render(lang)))],
            ),
            AppError::InvalidRequest { reason } => grimoire_words::message(
                lang,
                "error-invalid_request",
                &[("reason", Arg::Text(reason.render(lang)))],
            ),
            AppError::WeaponNotCarried {
                character,
                weapon_en,
                weapon_cs,
            } => grimoire_words::message(
                lang,
                "error-weapon_not_carried",
                &[
                    ("character", Arg::Text(character.clone())),
                    (
                        "weapon",
                        Arg::Text(if lang == "cs" { weapon_cs } else { weapon_en }.clone()),
                    ),
                ],
            ),
            AppError::Homebrew(errors) => grimoire_words::message(
                lang,
                "error-invalid_homebrew",
                &[(
                    "errors",
                    Arg::Text(join(errors.iter().map(|e| e.message(lang)))),
                )],
            ),
            _ => grimoire_words::message(lang, &format!("error-{}", self.code()), &self.args()),
        }
    }

    /// Whether [`message`](AppError::message) has words in every language
    /// (every variant but a store error, whose text is technical).
    pub fn is_worded(&self) -> bool {
        !matches!(self, AppError::Store(_))
    }
}

impl std::fmt::Display for AppError {
    /// The English message; a store error's own text.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message("en"))
    }
}

impl std::error::Error for AppError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AppError::TooMany(e) => e.source(),
            AppError::Store(e) => e.source(),
            _ => None,
        }
    }
}

impl From<TooMany> for AppError {
    fn from(e: TooMany) -> Self {
        AppError::TooMany(e)
    }
}

impl From<RulesError> for AppError {
    fn from(e: RulesError) -> Self {
        AppError::Rules(e)
    }
}

impl From<CatalogError> for AppError {
    fn from(e: CatalogError) -> Self {
        AppError::Catalog(e)
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        AppError::Store(e)
    }
}

/// Messages one after another, `; `-separated.
fn join(messages: impl Iterator<Item = String>) -> String {
    messages.collect::<Vec<_>>().join("; ")
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use grimoire_words::{FALLBACK, Words};

    use super::*;

    /// Every message of the embedded English catalogue with its variables.
    fn english() -> BTreeMap<String, BTreeSet<String>> {
        let mut all = BTreeMap::new();
        for (lang, _, text) in Words::sources() {
            if *lang == FALLBACK {
                all.extend(grimoire_words::variables(text).expect("valid Fluent"));
            }
        }
        all
    }

    /// One error of each kind the app words itself (store and rules errors
    /// have their own words).
    fn one_of_each() -> Vec<AppError> {
        let s = |t: &str| t.to_owned();
        vec![
            AppError::UnknownCharacter { name: s("Elmira") },
            AppError::UnknownEncounter {
                name: s("Jeskyně")
            },
            AppError::NotYourTurn {
                current: s("Goblin"),
                caster: s("Elmira"),
            },
            AppError::InvalidName {
                kind: NameKind::Campaign,
                problem: NameProblem::TooLong { chars: 70 },
            },
            AppError::TooMany(TooMany {
                code: "too_many_targets",
                field: "targets",
                limit: 64,
            }),
            AppError::TargetStillStanding {
                target: s("Goblin"),
                hp: 3,
            },
            AppError::Homebrew(vec![CatalogError::UnknownSpell { query: s("x") }]),
            AppError::UnknownHomebrew { file: s("a.toml") },
            AppError::NumbersFromEncounter {
                target: s("Ogre"),
                encounter: s("Cave"),
                field: s("targets[0].stats"),
            },
            AppError::PlanTooCostly {
                message: grimoire_words::distribution_error(
                    &grimoire_dice::DistributionError::TooCostly { limit: 100 },
                ),
            },
            AppError::InvalidRequest {
                reason: grimoire_words::Message::new("app-reason-spell_unknown")
                    .text("spell", "Shield"),
            },
            AppError::EncounterNotStarted {
                encounter: s("Cave"),
            },
            AppError::EncounterStarted {
                encounter: s("Cave"),
            },
            AppError::AlreadyInEncounter {
                name: s("Goblin"),
                encounter: s("Cave"),
            },
            AppError::UnknownMonster { name: s("ogre") },
            AppError::MissingAc {
                target: s("Goblin"),
            },
            AppError::OutOfRange {
                code: "out_of_range",
                field: "initiative",
                min: -1000,
                max: 1000,
            },
            AppError::OutOfRange {
                code: "bad_amount",
                field: "damage",
                min: 0,
                max: 10_000,
            },
        ]
    }

    #[test]
    fn every_error_reads_in_every_language_with_the_arguments_it_gives() {
        let english = english();
        for e in one_of_each() {
            let id = match &e {
                AppError::TooMany(_) => "error-too_many".to_owned(),
                other => format!("error-{}", other.code()),
            };
            let used = english
                .get(&id)
                .unwrap_or_else(|| panic!("no message {id}"));
            let given: BTreeSet<String> = match &e {
                AppError::InvalidName { .. } => ["kind", "problem"].map(str::to_owned).into(),
                AppError::Homebrew(_) => ["errors"].map(str::to_owned).into(),
                other => other.args().iter().map(|(k, _)| (*k).to_owned()).collect(),
            };
            assert_eq!(*used, given, "{id}");
            for lang in Words::get().languages() {
                assert!(Words::get().has(lang, &id), "{lang} has no {id}");
                let text = e.message(lang);
                assert!(
                    !text.contains('{') && !text.contains("error-"),
                    "{lang}: {text}"
                );
            }
            assert_ne!(e.message("en"), e.message("cs"), "{id}");
            assert_eq!(e.to_string(), e.message("en"));
        }
    }

    #[test]
    fn messages_read_as_before_in_english_and_czech() {
        let e = AppError::NotYourTurn {
            current: "Goblin".into(),
            caster: "Elmira".into(),
        };
        assert_eq!(
            e.to_string(),
            "it is Goblin's turn; Elmira can only cast a Reaction spell now"
        );
        assert_eq!(
            e.message("cs"),
            "na tahu je Goblin; Elmira teď může seslat jen kouzlo s Reakcí"
        );
        let homebrew = AppError::Homebrew(vec![
            CatalogError::UnknownSpell { query: "x".into() },
            CatalogError::UnknownMonster { query: "y".into() },
        ]);
        assert_eq!(
            homebrew.to_string(),
            "homebrew file refused: no spell is called \"x\"; no monster is called \"y\""
        );
        assert_eq!(
            homebrew.message("cs"),
            "soubor s vlastními kouzly odmítnut: žádné kouzlo se nejmenuje \"x\"; \
             žádný tvor se nejmenuje \"y\""
        );
        // The app's own invalid requests read as when they were the
        // rules' English reasons, and in Czech now too.
        let rest = AppError::InvalidRequest {
            reason: grimoire_words::Message::new("app-reason-rest_character")
                .text("name", "Elmira"),
        };
        assert_eq!(
            (rest.code(), rest.rule(), rest.to_string().as_str()),
            (
                "invalid_request",
                None,
                "invalid request: Elmira is a character: it rests as a character, not as a creature of the encounter"
            )
        );
        assert_eq!(
            rest.message("cs"),
            "neplatný požadavek: Elmira je postava: odpočívá jako postava, ne jako tvor ze střetnutí"
        );
        // Czech counts hit points in its plural forms.
        for (hp, words) in [(1, "1 život;"), (3, "3 životy;"), (7, "7 životů;")] {
            let e = AppError::TargetStillStanding {
                target: "Goblin".into(),
                hp,
            };
            assert!(e.message("cs").contains(words), "{}", e.message("cs"));
        }
    }
}
