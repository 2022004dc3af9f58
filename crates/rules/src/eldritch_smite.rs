//! Eldritch Smite (2024 Warlock invocation, Pact of the Blade): once per
//! turn, when the pact weapon hits a creature, the Warlock may expend a
//! Pact Magic slot for 1d8 Force damage plus 1d8 per level of the slot
//! (dice doubled on a critical hit, as the hit's), and may knock a target
//! of Huge size or smaller Prone. It is no spell: the slot spent is not a
//! casting, so the one-slot-a-turn rule (R10) does not count it.

use crate::caster::Caster;
use crate::damage::DamageType;
use crate::effect::Damage;
use crate::event::Event;
use crate::feature_kind::FeatureKind;
use crate::formula::DiceFormula;

/// The invocation's id in the catalogue.
pub const ELDRITCH_SMITE: &str = "eldritch-smite";

/// Why Eldritch Smite cannot be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmiteRefusal {
    /// The invocation is not known.
    NotKnown,
    /// No Pact Magic slot is left.
    NoPactSlot,
    /// It was used this turn already.
    UsedThisTurn,
}

impl SmiteRefusal {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            SmiteRefusal::NotKnown => "eldritch_smite_not_known",
            SmiteRefusal::NoPactSlot => "no_pact_slot",
            SmiteRefusal::UsedThisTurn => "eldritch_smite_used",
        }
    }
}

impl Caster {
    /// Whether the caster has chosen the invocation `id`.
    pub fn knows_invocation(&self, id: &str) -> bool {
        self.picks()
            .iter()
            .any(|p| p.kind == FeatureKind::Invocation && p.id == id)
    }

    /// Eldritch Smite's extra damage on the hit it rides and the events of
    /// using it (a Pact slot expended outside R10, the turn's use), or why
    /// it cannot be used: not known, no Pact slot left, used this turn.
    pub fn eldritch_smite(&self) -> Result<(Damage, Vec<Event>), SmiteRefusal> {
        if !self.knows_invocation(ELDRITCH_SMITE) {
            return Err(SmiteRefusal::NotKnown);
        }
        if self.turn().eldritch_smite {
            return Err(SmiteRefusal::UsedThisTurn);
        }
        let pact = self
            .pact_slots()
            .filter(|p| p.remaining() > 0)
            .ok_or(SmiteRefusal::NoPactSlot)?;
        let level = pact.level();
        let dice = DiceFormula::new(1 + u32::from(level.get()), 8);
        let events = vec![
            Event::SlotExpended {
                level,
                pact: true,
                off_turn: true,
            },
            Event::EldritchSmiteUsed,
        ];
        Ok((Damage::new(dice, DamageType::Force), events))
    }
}
