//! What a character has left of its class resources (issue 33): the view
//! `character show` prints, the sheet's pips draw and every answer's
//! character carries. Plain data computed from the rules' state, beneath
//! the class resources' operations and the character views alike.

use grimoire_rules::{
    Caster, ClassFeature, SlotLevel, arcane_recovery_budget, magical_cunning_budget,
    slot_creation_cost, sorcerous_restoration_budget,
};
use serde::{Deserialize, Serialize};

/// What a character has left of its class resources: what `character
/// show` prints and the sheet's pips draw. A field is left out when the
/// character lacks the feature.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
// Read back whole from an answer that left the empty parts out.
#[serde(default)]
pub struct ResourcesView {
    /// Sorcery Points left and the most it can have (Font of Magic).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sorcery_points: Option<Pool>,
    /// Slots made from Sorcery Points and not yet spent, by level.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub created_slots: Vec<CreatedSlot>,
    /// Each slot level Font of Magic can create now, with its cost.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slot_costs: Vec<SlotCost>,
    /// Uses of Innate Sorcery left of 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub innate_sorcery: Option<Pool>,
    /// Rounds Innate Sorcery still lasts, while it is active.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub innate_sorcery_rounds: Option<u64>,
    /// Sorcerous Restoration: points it would bring back now, or `used`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sorcerous_restoration: Option<OncePerRest>,
    /// Arcane Recovery: combined slot levels it brings back, or `used`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arcane_recovery: Option<OncePerRest>,
    /// Magical Cunning: Pact slots it brings back at most, or `used`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub magical_cunning: Option<OncePerRest>,
    /// Natural Recovery (Circle of the Land): combined slot levels it
    /// brings back, or `used`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural_recovery: Option<OncePerRest>,
}

/// Some left of a most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Pool {
    /// Left now.
    pub left: u8,
    /// The most.
    pub max: u8,
}

/// Created slots of one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreatedSlot {
    /// The slot level.
    pub level: u8,
    /// How many.
    pub count: u8,
}

/// What a slot of one level costs to create.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotCost {
    /// The slot level.
    pub level: u8,
    /// Sorcery Points.
    pub points: u8,
}

/// A once-per-Long-Rest feature: ready (with what it gives) or used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OncePerRest {
    /// Whether it was used since the last Long Rest.
    pub used: bool,
    /// What it gives: points, combined slot levels or Pact slots.
    pub amount: u8,
}

impl ResourcesView {
    /// What `c` has left.
    pub fn of(c: &Caster) -> ResourcesView {
        use grimoire_rules::Class;
        let sorcerer = c.class_level(Class::Sorcerer);
        let has = |f: ClassFeature| c.has_class_feature(f);
        let mut view = ResourcesView::default();
        if has(ClassFeature::FontOfMagic) {
            view.sorcery_points = Some(Pool {
                left: c.sorcery_points(),
                max: c.sorcery_points_max(),
            });
            view.slot_costs = SlotLevel::ALL
                .iter()
                .filter_map(|l| slot_creation_cost(*l).map(|cost| (l.get(), cost)))
                .filter(|(_, (_, needed))| sorcerer >= *needed)
                .map(|(level, (points, _))| SlotCost { level, points })
                .collect();
        }
        view.created_slots = SlotLevel::ALL
            .iter()
            .filter(|l| c.slots().created(**l) > 0)
            .map(|l| CreatedSlot {
                level: l.get(),
                count: c.slots().created(*l),
            })
            .collect();
        if has(ClassFeature::InnateSorcery) {
            view.innate_sorcery = Some(Pool {
                left: c.innate_sorcery_uses(),
                max: grimoire_rules::INNATE_SORCERY_USES,
            });
            view.innate_sorcery_rounds = c.innate_sorcery_left();
        }
        if has(ClassFeature::SorcerousRestoration) {
            view.sorcerous_restoration = Some(OncePerRest {
                used: c.class_resources().restoration_used(),
                amount: sorcerous_restoration_budget(sorcerer),
            });
        }
        if has(ClassFeature::ArcaneRecovery) {
            view.arcane_recovery = Some(OncePerRest {
                used: c.arcane_recovery_left().is_none(),
                amount: arcane_recovery_budget(c.class_level(Class::Wizard)),
            });
        }
        if has(ClassFeature::NaturalRecovery) {
            view.natural_recovery = Some(OncePerRest {
                used: c.natural_recovery_left().is_none(),
                amount: grimoire_rules::arcane_recovery_budget(c.class_level(Class::Druid)),
            });
        }
        if has(ClassFeature::MagicalCunning) {
            view.magical_cunning = Some(OncePerRest {
                used: c.class_resources().cunning_used(),
                amount: magical_cunning_budget(c.pact_slots().map_or(0, |p| p.total())),
            });
        }
        view
    }

    /// Whether the character has none of these features.
    pub fn is_empty(&self) -> bool {
        *self == ResourcesView::default()
    }
}
