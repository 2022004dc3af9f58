//! The one error type of the app layer.

use grimoire_catalog::CatalogError;
use grimoire_rules::RulesError;
use grimoire_store::StoreError;

use crate::limits::TooMany;
use crate::name::{NameKind, NameProblem};

/// Everything a game operation can fail with; nothing was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AppError {
    /// Occurs when no character has the name.
    #[error("no character named \"{name}\"")]
    UnknownCharacter {
        /// The name as given.
        name: String,
    },
    /// Occurs when no encounter has the name.
    #[error("no encounter named \"{name}\"")]
    UnknownEncounter {
        /// The name as given.
        name: String,
    },
    /// Occurs when a combatant casts a non-Reaction spell on someone
    /// else's turn (R9).
    #[error("it is {current}'s turn; {caster} can only cast a Reaction spell now")]
    NotYourTurn {
        /// Whose turn it is.
        current: String,
        /// Who tried to cast.
        caster: String,
    },
    /// Occurs when a name breaks the name policy ([`crate::check_name`]).
    #[error("{} {problem}", kind.en())]
    InvalidName {
        /// What the name names.
        kind: NameKind,
        /// What is wrong with it.
        problem: NameProblem,
    },
    /// Occurs when a request asks for more than a bound allows
    /// ([`crate::limits`]).
    #[error(transparent)]
    TooMany(#[from] TooMany),
    /// Occurs when Hex or Hunter's Mark is moved while its target still has
    /// hit points.
    #[error("{target} still has {hp} hit points; the spell moves only once its target drops to 0")]
    TargetStillStanding {
        /// The spell's target now.
        target: String,
        /// Its hit points.
        hp: i32,
    },
    /// Occurs when a homebrew file has errors; every one is listed and
    /// nothing was stored.
    #[error("homebrew file refused: {}", join(.0.iter().map(ToString::to_string)))]
    Homebrew(Vec<CatalogError>),
    /// Occurs when no homebrew file has the name.
    #[error("no homebrew file named \"{file}\"")]
    UnknownHomebrew {
        /// The name as given.
        file: String,
    },
    /// Occurs when a plan's numbers would cost more than the dice bounds
    /// allow (`too_costly`).
    #[error("the plan cannot be computed: {message}")]
    PlanTooCostly {
        /// What the dice crate said.
        message: String,
    },
    /// Occurs when the rules refuse.
    #[error("{}", grimoire_words::refusal("en", .0))]
    Rules(#[from] RulesError),
    /// Occurs when the store refuses or fails (a version conflict, ...).
    #[error(transparent)]
    Store(#[from] StoreError),
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
            AppError::UnknownHomebrew { .. } => "unknown_homebrew",
            AppError::PlanTooCostly { .. } => "too_costly",
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

    /// The message in Czech, when there is one.
    pub fn message_cs(&self) -> Option<String> {
        match self {
            AppError::UnknownCharacter { name } => Some(format!("postava „{name}“ neexistuje")),
            AppError::UnknownEncounter { name } => Some(format!("střetnutí „{name}“ neexistuje")),
            AppError::NotYourTurn { current, caster } => Some(format!(
                "na tahu je {current}; {caster} teď může seslat jen kouzlo s Reakcí"
            )),
            AppError::InvalidName { kind, problem } => {
                Some(format!("{} {}", kind.cs(), problem.cs()))
            }
            AppError::TooMany(e) => Some(e.message_cs()),
            AppError::Homebrew(errors) => Some(format!(
                "soubor s vlastními kouzly odmítnut: {}",
                join(errors.iter().map(CatalogError::message_cs))
            )),
            AppError::TargetStillStanding { target, hp } => Some(format!(
                "{target} má ještě {hp} životů; kouzlo lze přenést, až cíl klesne na 0"
            )),
            AppError::UnknownHomebrew { file } => {
                Some(format!("soubor s vlastními kouzly „{file}“ neexistuje"))
            }
            AppError::PlanTooCostly { message } => Some(format!("plán nelze spočítat: {message}")),
            AppError::Rules(e) => Some(grimoire_words::refusal("cs", e)),
            AppError::Store(_) => None,
        }
    }
}

/// Messages one after another, `; `-separated.
fn join(messages: impl Iterator<Item = String>) -> String {
    messages.collect::<Vec<_>>().join("; ")
}
