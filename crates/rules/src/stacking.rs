//! Combining spell effects on creatures (R21): different spells add up;
//! the same spell cast several times does not. The most potent casting
//! applies, the most recent on a tie, and the effect lasts while any of
//! the castings lasts.

use serde::{Deserialize, Serialize};

use crate::effect::{BonusAmount, BonusTarget};
use crate::event::{EffectId, Event, OngoingSpell};
use crate::spell::SpellId;

/// One casting's effect on one creature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AppliedEffect {
    /// The caster it came from.
    pub caster: String,
    /// The caster's id for the ongoing spell.
    pub effect: EffectId,
    /// The creature affected.
    pub target: String,
    /// The spell and what it grants.
    pub ongoing: OngoingSpell,
    /// Order of arrival, to find the most recent.
    pub seq: u64,
}

impl AppliedEffect {
    /// How potent the casting is: the size of its bonuses (penalties count
    /// by how much they take away), then its level.
    pub fn potency(&self) -> (f64, u8) {
        let bonus: f64 = self
            .ongoing
            .bonuses
            .iter()
            .map(|b| b.amount.potency().abs())
            .sum();
        (bonus, self.ongoing.level.get())
    }
}

/// The effects on every creature, fed by casters' events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct EffectBoard {
    effects: Vec<AppliedEffect>,
    seq: u64,
}

impl EffectBoard {
    /// An empty board.
    pub fn new() -> Self {
        EffectBoard::default()
    }

    /// Takes note of an event from `caster`: a spell starting adds it to each
    /// of its targets; a spell ending removes it. Other events are ignored.
    pub fn record(&mut self, caster: &str, event: &Event) {
        match event {
            Event::SpellStarted { ongoing } => {
                for target in &ongoing.targets {
                    self.seq += 1;
                    self.effects.push(AppliedEffect {
                        caster: caster.to_string(),
                        effect: ongoing.id,
                        target: target.clone(),
                        ongoing: ongoing.clone(),
                        seq: self.seq,
                    });
                }
            }
            Event::SpellEnded { effect, .. } => {
                self.effects
                    .retain(|e| !(e.caster == caster && e.effect == *effect));
            }
            Event::SpellMoved {
                effect, targets, ..
            } => {
                let Some(old) = self
                    .effects
                    .iter()
                    .find(|e| e.caster == caster && e.effect == *effect)
                    .map(|e| e.ongoing.clone())
                else {
                    return;
                };
                self.effects
                    .retain(|e| !(e.caster == caster && e.effect == *effect));
                let ongoing = crate::event::OngoingSpell {
                    targets: targets.clone(),
                    ..old
                };
                self.record(caster, &Event::SpellStarted { ongoing });
            }
            _ => {}
        }
    }

    /// Records several events.
    pub fn record_all<'a>(&mut self, caster: &str, events: impl IntoIterator<Item = &'a Event>) {
        for e in events {
            self.record(caster, e);
        }
    }

    /// Every casting on a creature, overlapping ones included.
    pub fn on<'a>(&'a self, target: &'a str) -> impl Iterator<Item = &'a AppliedEffect> + 'a {
        self.effects.iter().filter(move |e| e.target == target)
    }

    /// The castings that apply to a creature (R21): one per spell, the most
    /// potent, the most recent among equals.
    pub fn in_force(&self, target: &str) -> Vec<&AppliedEffect> {
        let mut best: Vec<&AppliedEffect> = Vec::new();
        for e in self.effects.iter().filter(|e| e.target == target) {
            match best.iter_mut().find(|b| b.ongoing.spell == e.ongoing.spell) {
                Some(slot) => {
                    let (a, b) = (e.potency(), slot.potency());
                    if a.0 > b.0 || (a.0 == b.0 && a.1 > b.1) || (a == b && e.seq > slot.seq) {
                        *slot = e;
                    }
                }
                None => best.push(e),
            }
        }
        best
    }

    /// The spells in force on a creature, by id, once each.
    pub fn spells_on<'a>(&'a self, target: &'a str) -> Vec<&'a SpellId> {
        let mut out: Vec<&SpellId> = Vec::new();
        for e in self.on(target) {
            if !out.contains(&&e.ongoing.spell) {
                out.push(&e.ongoing.spell);
            }
        }
        out
    }

    /// Whether a spell still affects a creature: while any casting of it lasts (R21).
    pub fn has(&self, target: &str, spell: &SpellId) -> bool {
        self.on(target).any(|e| &e.ongoing.spell == spell)
    }

    /// The conditions spells impose on a creature (each once).
    pub fn conditions(&self, target: &str) -> Vec<crate::condition::Condition> {
        let mut out: Vec<_> = self
            .in_force(target)
            .into_iter()
            .flat_map(|e| e.ongoing.conditions.iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The extra damage `attacker` deals to `target` on each hit, from its
    /// spells in force on the target (Hex, Hunter's Mark). Pass it as
    /// `CastRequest::on_hit_damage` for the attacker's spell attacks.
    pub fn riders(&self, target: &str, attacker: &str) -> Vec<crate::effect::Damage> {
        // Each caster's own mark counts, whoever else marked the target too.
        self.on(target)
            .filter(|e| e.caster == attacker)
            .flat_map(|e| e.ongoing.rider.iter().cloned())
            .collect()
    }

    /// The spells in force on a creature that give attack rolls against it
    /// Advantage (Faerie Fire), once each.
    pub fn advantage_against(&self, target: &str) -> Vec<SpellId> {
        self.in_force(target)
            .into_iter()
            .filter(|e| e.ongoing.attacked_with_advantage)
            .map(|e| e.ongoing.spell.clone())
            .collect()
    }

    /// The bonuses (and penalties) that apply to a creature for one kind of
    /// roll (R21): Bless and Bane are different spells, so both count.
    pub fn bonuses(&self, target: &str, to: BonusTarget) -> Vec<BonusAmount> {
        self.in_force(target)
            .into_iter()
            .flat_map(|e| e.ongoing.bonuses.iter())
            .filter(|b| b.applies_to == to)
            .map(|b| b.amount.clone())
            .collect()
    }
}
