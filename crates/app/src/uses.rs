//! A stat-block creature's limited uses (spells per day, features), each
//! with what is left and when it comes back: the rows the GM's encounter
//! status and the reaction window's creature view both show, beneath both.

use serde::Serialize;

/// Every limited use of a stat-block creature's `caster`, as its block
/// lists them.
pub fn use_rows(caster: &grimoire_rules::Caster) -> Vec<UseRow> {
    caster
        .features()
        .iter()
        .map(|f| UseRow {
            name: f.name.clone(),
            remaining: f.remaining(),
            max: f.max_uses,
            recharge: f.recharge,
        })
        .collect()
}

/// One limited use of a creature's stat block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UseRow {
    /// The use, as the stat block names it (`2/Day Each: fireball`).
    pub name: String,
    /// Uses left.
    pub remaining: u8,
    /// Uses in all.
    pub max: u8,
    /// When they come back: `long_rest` (per day), `short_rest`, `never`.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub recharge: grimoire_rules::Recharge,
}
