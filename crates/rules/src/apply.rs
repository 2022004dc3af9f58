//! How an [`Event`] changes a [`Caster`]: the one place state changes,
//! so a stored log replays to the same caster. Above `caster` (the state)
//! and `event` (the facts), beneath every action that returns events.

use crate::caster::{Caster, Concentration};
use crate::condition::Condition;
use crate::economy::TurnEconomy;
use crate::event::Event;
use crate::resources::Recharge;
use crate::shared::Shared;
use crate::vitals::Vitals;

impl Caster {
    /// Applies one event. Events are facts already checked by the rules, so
    /// applying never fails; counters saturate instead of going negative.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::ActionUsed { action } => self.turn.spend(*action),
            Event::WeaponAttacked { hit } => {
                self.turn.attacks_made = self.turn.attacks_made.saturating_add(1);
                self.turn.last_hit.clone_from(hit);
            }
            Event::EldritchSmiteUsed => self.turn.eldritch_smite = true,
            Event::SlotExpended {
                level,
                pact,
                off_turn,
            } => {
                if *pact {
                    if let Some(p) = self.pact.as_mut() {
                        p.expend();
                    }
                } else {
                    self.slots.expend(*level);
                }
                if !off_turn {
                    self.turn.slot_spent = true;
                    self.turn.leveled_spell = true;
                }
            }
            Event::ArcanumUsed { level } => {
                if let Some(a) = self.arcanum.iter_mut().find(|a| a.level == *level) {
                    a.used = true;
                }
                self.turn.leveled_spell = true;
            }
            Event::FeatureUsed { name } => {
                if let Some(f) = self.features.iter_mut().find(|f| &f.name == name) {
                    f.spend();
                }
                self.turn.leveled_spell = true;
            }
            Event::OverchannelUsed => {
                self.resources.overchannel_uses = self.resources.overchannel_uses.saturating_add(1);
            }
            Event::MetamagicUsed { options } => {
                if options.contains(&crate::metamagic::Metamagic::Quickened) {
                    self.turn.quickened = true;
                }
            }
            Event::ItemUsed { name } => {
                self.turn.leveled_spell = true;
                if let Some(pos) = self.items.iter().position(|i| &i.name == name) {
                    self.items[pos].spend();
                    if self.items[pos].consumed_when_empty && self.items[pos].charges() == 0 {
                        self.items.remove(pos);
                    }
                }
            }
            Event::MaterialConsumed { material } => {
                // The exact entry used; older events named the spell's text.
                let exact = self.equipment.materials.iter().position(|m| m == material);
                if let Some(i) = exact.or_else(|| self.equipment.material_index(material)) {
                    self.equipment.materials.remove(i);
                }
            }
            Event::ConcentrationStarted { effect, spell } => {
                self.concentration = Some(Concentration {
                    effect: *effect,
                    spell: spell.clone(),
                });
            }
            Event::ConcentrationEnded { effect, .. } => {
                if self
                    .concentration
                    .as_ref()
                    .is_some_and(|c| c.effect == *effect)
                {
                    self.concentration = None;
                }
            }
            Event::SpellStarted { ongoing } => {
                self.next_effect = self.next_effect.max(ongoing.id.0.saturating_add(1));
                self.ongoing.push(ongoing.clone());
            }
            Event::SpellEnded { effect, .. } => self.ongoing.retain(|o| o.id != *effect),
            Event::LongCastStarted { casting } => self.long_cast = Some(casting.clone()),
            Event::LongCastProgressed { rounds } => {
                if let Some(lc) = self.long_cast.as_mut() {
                    lc.rounds_done = lc.rounds_done.saturating_add(*rounds).min(lc.rounds_needed);
                }
            }
            Event::LongCastEnded { .. } => self.long_cast = None,
            Event::VitalsSet { vitals } => self.vitals = Some(*vitals),
            Event::SpellMoved {
                effect, targets, ..
            } => {
                if let Some(o) = self.ongoing.iter_mut().find(|o| o.id == *effect) {
                    o.targets.clone_from(targets);
                }
            }
            Event::SpellCopied { spell } => {
                self.spellbook
                    .get_or_insert_with(Shared::default)
                    .make_mut()
                    .insert(spell.clone());
            }
            Event::HitPointsChanged { hp, temp_hp } => {
                if let Some(v) = self.vitals.as_mut() {
                    v.hp = (*hp).min(v.max_hp);
                    v.temp_hp = *temp_hp;
                    // Any hit point regained ends the dying.
                    if v.hp > 0 {
                        v.death = crate::state::death_saves::DeathSaves::default();
                    }
                }
            }
            Event::DeathSavesChanged { death } => {
                if let Some(v) = self.vitals.as_mut() {
                    v.death = *death;
                }
            }
            Event::ExhaustionChanged { level } => {
                self.exhaustion = *level;
                if *level > 0 {
                    self.conditions.insert(Condition::Exhaustion);
                } else {
                    self.conditions.remove(&Condition::Exhaustion);
                }
            }
            Event::Advanced {
                classes,
                abilities,
                max_hp,
                hp,
                ..
            } => self.apply_advanced(classes, *abilities, *max_hp, *hp),
            Event::HitDiceSpent { spent } => {
                if let Some(v) = self.vitals.as_mut() {
                    v.hit_dice_spent = *spent;
                }
            }
            Event::ConditionAdded { condition } => {
                self.conditions.insert(*condition);
            }
            Event::ConditionRemoved { condition } => {
                self.conditions.remove(condition);
                if *condition == Condition::Exhaustion {
                    self.exhaustion = 0;
                }
            }
            Event::SilenceChanged {
                silenced,
                magical_silence,
            } => {
                self.silenced = *silenced;
                self.in_magical_silence = *magical_silence;
            }
            Event::EquipmentChanged { equipment } => self.equipment = equipment.clone(),
            Event::TurnEnded | Event::TurnStarted => self.turn = TurnEconomy::default(),
            Event::TimeAdvanced { rounds } => self.now = self.now.saturating_add(*rounds),
            Event::ShortRestFinished => {
                if let Some(p) = self.pact.as_mut() {
                    p.restore_all();
                }
                for f in self
                    .features
                    .iter_mut()
                    .filter(|f| f.recharge == Recharge::ShortRest)
                {
                    f.restore();
                }
                for f in self.features.iter_mut().filter(|f| f.short_rest_one) {
                    f.regain_one();
                }
                for i in self
                    .items
                    .iter_mut()
                    .filter(|i| i.recharge == Recharge::ShortRest)
                {
                    i.restore();
                }
            }
            Event::LongRestFinished => {
                self.last_long_rest = Some(self.now);
                // A Long Rest takes off one Exhaustion level (2024).
                let level = self.exhaustion_level().saturating_sub(1);
                self.exhaustion = level;
                if level == 0 {
                    self.conditions.remove(&Condition::Exhaustion);
                }
                self.vitals = self.vitals.map(Vitals::rested);
                // Created slots vanish; points, uses and once-per-rest
                // features come back.
                self.slots.restore_all();
                self.resources = crate::class_resources::ClassResources::default();
                if let Some(p) = self.pact.as_mut() {
                    p.restore_all();
                }
                for a in &mut self.arcanum {
                    a.used = false;
                }
                for f in self
                    .features
                    .iter_mut()
                    .filter(|f| f.recharge != Recharge::Never)
                {
                    f.long_rest();
                }
                for i in self
                    .items
                    .iter_mut()
                    .filter(|i| i.recharge != Recharge::Never)
                {
                    i.restore();
                }
            }
            Event::SpellPrepared { spell } => {
                self.prepared.make_mut().insert(spell.clone());
            }
            Event::SpellUnprepared { spell } => {
                if self.prepared.contains(spell) {
                    self.prepared.make_mut().remove(spell);
                }
            }
            Event::CantripLearned { spell } => {
                self.cantrips.make_mut().insert(spell.clone());
            }
            Event::ExtraSpellAdded { extra } => {
                if !self.extra_spells.contains(extra) {
                    self.extra_spells.push(extra.clone());
                }
            }
            Event::AlwaysPreparedRemoved { spell } => {
                self.extra_spells
                    .retain(|e| !(e.always_prepared && &e.spell == spell));
            }
            Event::FeatureAdded { feature } => {
                self.features.retain(|f| f.name != feature.name);
                self.features.push(feature.clone());
            }
            Event::FeaturePicked { pick } => {
                self.picks
                    .retain(|p| !(p.id == pick.id && p.variant == pick.variant));
                self.picks.push(pick.clone());
            }
            Event::WildShapeChanged { on } => self.wild_shape = *on,
            Event::FeatureLocked { name, rests } => {
                if let Some(f) = self.features.iter_mut().find(|f| &f.name == name) {
                    f.locked_rests = *rests;
                }
            }
            Event::SlotKept { level, pact } => {
                if *pact {
                    if let Some(p) = self.pact.as_mut() {
                        p.recover(1);
                    }
                } else {
                    self.slots.recover(*level);
                }
            }
            Event::ItemAdded { item } => {
                self.items.retain(|i| i.name != item.name);
                self.items.push(item.clone());
            }
            Event::ConcentrationSave { .. } => {}
            Event::SlotToPoints { .. }
            | Event::SlotCreated { .. }
            | Event::SorceryPointsSpent { .. }
            | Event::SorceryPointsRegained { .. }
            | Event::InnateSorceryStarted { .. }
            | Event::SlotsRecovered { .. }
            | Event::PactSlotsRecovered { .. } => self.apply_resource(event),
        }
    }

    /// Applies events in order.
    pub fn apply_all<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) {
        for event in events {
            self.apply(event);
        }
    }

    /// Builds a caster and applies `events` in order: the replay of a log.
    pub fn replay<'a>(mut self, events: impl IntoIterator<Item = &'a Event>) -> Caster {
        for event in events {
            self.apply(event);
        }
        self
    }
}
