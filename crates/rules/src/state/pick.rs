//! A feature a caster has (a class feature, subclass, feat, invocation
//! or Metamagic option): what choosing one records (`feature`).

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::feature_kind::FeatureKind;
use crate::spell::SpellId;

/// A feature a caster has: recorded when chosen or gained.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pick {
    /// What it is.
    pub kind: FeatureKind,
    /// The definition's id.
    pub id: String,
    /// English name.
    pub name: String,
    /// Its class, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<Class>,
    /// The option chosen (`arid`, `cleric`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The spells chosen for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<SpellId>,
    /// Lists whose spells count as its class's (Magical Secrets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<Class>,
}
