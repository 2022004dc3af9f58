//! How a spell can be powered (a slot, a pact slot, a ritual, an item,
//! an ability, a Mystic Arcanum, a slot made from Sorcery Points) and the
//! request each way casts with: what the options planner lists and the
//! class resources open, beneath both.

use grimoire_rules::{CastMode, CastRequest, SlotKind, SlotLevel};
use serde::Serialize;

/// How a spell can be powered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Way {
    /// A cantrip: no slot (R5a).
    Cantrip,
    /// A regular slot of this level (R3, R6).
    Slot {
        /// The slot level.
        level: u8,
    },
    /// A Warlock's pact slot, at its level.
    PactSlot {
        /// The pact slots' level.
        level: u8,
    },
    /// As a ritual: no slot, 10 minutes longer (R5b).
    Ritual,
    /// Through a magic item's charges (R5d).
    Item {
        /// The item.
        name: String,
    },
    /// Through a limited-use ability (R5c).
    Feature {
        /// The ability.
        name: String,
    },
    /// A Mystic Arcanum.
    Arcanum,
    /// A slot Font of Magic makes first from Sorcery Points (a Bonus
    /// Action), then spends (R3: it is a spell slot).
    PointsSlot {
        /// The slot level.
        level: u8,
        /// The Sorcery Points it costs.
        points: u8,
    },
}

impl Way {
    /// The request that casts the spell this way (nothing else asked).
    pub fn request(&self) -> CastRequest {
        let slot = |level: u8, kind: SlotKind| {
            let mut r = CastRequest::new();
            if let Ok(l) = SlotLevel::new(level) {
                r = r.at_slot(l);
            }
            r.slot_kind = kind;
            r
        };
        match self {
            Way::Cantrip => CastRequest::new(),
            Way::Slot { level } => slot(*level, SlotKind::Regular),
            Way::PactSlot { level } => slot(*level, SlotKind::Pact),
            Way::Ritual => CastRequest::new().as_ritual(),
            Way::Item { name } => CastRequest::new().with_mode(CastMode::Item(name.clone())),
            Way::Feature { name } => CastRequest::new().with_mode(CastMode::Feature(name.clone())),
            Way::Arcanum => CastRequest::new().with_mode(CastMode::Arcanum),
            Way::PointsSlot { level, .. } => slot(*level, SlotKind::Regular),
        }
    }
}
