//! What sort of feature a definition is: a leaf of the vocabulary that
//! a caster's picks, refusals and their messages name.

use serde::{Deserialize, Serialize};

/// What sort of feature a definition is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeatureKind {
    /// A class feature, gained at its class level without a choice.
    Class,
    /// A subclass, chosen once per class.
    Subclass,
    /// A feat, chosen (its level is a character level).
    Feat,
    /// A Warlock's Eldritch Invocation, chosen.
    Invocation,
    /// A Sorcerer's Metamagic option, chosen.
    Metamagic,
}

impl FeatureKind {
    /// The word a code uses for it (`subclass`, `feat`, ...).
    pub fn word(self) -> &'static str {
        match self {
            FeatureKind::Class => "feature",
            FeatureKind::Subclass => "subclass",
            FeatureKind::Feat => "feat",
            FeatureKind::Invocation => "invocation",
            FeatureKind::Metamagic => "metamagic",
        }
    }
}
