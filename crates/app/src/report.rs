//! The answer of a character step that has no fields of its own: the
//! events, the notes, the change and the character afterwards. Beneath
//! every module whose steps answer it ([`crate::play`],
//! [`crate::class_resources`], [`crate::features`]).

use grimoire_rules::Event;
use grimoire_store::ChangeId;
use serde::{Deserialize, Serialize};

use crate::character::Step;
use crate::sheet::CharacterView;

/// The result of an accepted action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StepReport {
    /// The state changes logged (empty when nothing changed).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub events: Vec<Event>,
    /// Notes for the player: the rules' notes, each a `code` with its
    /// values.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// The change id, when something was written.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

impl StepReport {
    /// The report of `step` on a character played by `owner`.
    pub(crate) fn of(step: Step, owner: &str) -> Self {
        StepReport {
            character: CharacterView::of(&step.character, owner),
            events: step.events,
            notes: step.notes,
            change: step.change,
        }
    }
}
