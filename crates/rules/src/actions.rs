//! Everything a caster does besides casting: turns, time, rests,
//! conditions, damage and Concentration, dismissing, identifying (R22),
//! preparing spells and gaining features or items. Each validates, then
//! returns the events to apply; a refusal changes nothing.

use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};

use crate::cast::end_concentration_events;
use crate::caster::Caster;
use crate::class::{Ability, Class};
use crate::condition::Condition;
use crate::economy::ActionKind;
use crate::effect::BonusAmount;
use crate::error::RulesError;
use crate::error::SpellName;
use crate::event::{EffectId, EndReason, Event, Outcome};
use crate::invalid::Invalid;
use crate::label::RollLabel;
use crate::note::Note;
use crate::resources::{Equipment, LimitedUse, MagicItem};
use crate::roll::{RollMode, RollRecord, roll_bonuses, roll_d20};
use crate::spell::{Spell, SpellId};
use crate::state::extra_spell::ExtraSpell;
use crate::time::{Duration, TimeSpan};
use crate::vitals::{MAX_HIT_POINTS, Vitals};

/// The DC to identify a spell in effect (R22).
pub const IDENTIFY_DC: i32 = 15;

/// The result of taking damage while concentrating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DamageOutcome {
    /// The Constitution save's DC, when one was needed.
    pub dc: Option<i32>,
    /// The save roll, when one was needed.
    pub roll: Option<RollRecord>,
    /// Whether Concentration holds afterwards (false if there was none).
    pub concentration_kept: bool,
    /// Hit points afterwards, when recorded (never below 0).
    pub hp_after: Option<u32>,
    /// The state changes.
    pub events: Vec<Event>,
}

/// The result of a Study action to identify a spell (R22).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IdentifyOutcome {
    /// The Intelligence (Arcana) check.
    pub roll: RollRecord,
    /// Always [`IDENTIFY_DC`].
    pub dc: i32,
    /// Whether it was identified.
    pub success: bool,
    /// The spell, when identified.
    pub spell: Option<SpellId>,
    /// The state changes (the action spent).
    pub events: Vec<Event>,
}

/// DC of the Constitution save to keep Concentration after `damage`:
/// half the damage rounded down, at least 10, at most 30.
pub fn concentration_dc(damage: u32) -> i32 {
    i32::try_from((damage / 2).clamp(10, 30)).unwrap_or(30)
}

impl Caster {
    /// Ends the caster's current turn: the action economy and the one-slot
    /// limit reset (R10).
    pub fn end_turn(&self) -> Outcome {
        Outcome {
            events: vec![Event::TurnEnded],
            notes: Vec::new(),
        }
    }

    /// Begins the caster's turn in an encounter: everything resets, the
    /// Reaction too, and the spells that last until the start of its next
    /// turn end (Shield, R15), wherever in the round they were cast.
    pub fn start_turn(&self) -> Outcome {
        let mut out = Outcome {
            events: vec![Event::TurnStarted],
            notes: Vec::new(),
        };
        self.end_until_next_turn(&mut out);
        out
    }

    /// Ends the spells that last until the caster's next turn starts.
    fn end_until_next_turn(&self, out: &mut Outcome) {
        for o in self.ongoing().iter().filter(|o| o.until_next_turn) {
            if self.concentration().is_some_and(|c| c.effect == o.id) {
                out.events.push(Event::ConcentrationEnded {
                    effect: o.id,
                    spell: o.spell.clone(),
                    reason: EndReason::Expired,
                });
            }
            out.events.push(Event::SpellEnded {
                effect: o.id,
                spell: o.spell.clone(),
                reason: EndReason::Expired,
            });
            out.notes.push(Note::SpellEnded {
                spell: o.name.clone(),
            });
        }
    }

    /// Lets time pass: durations run out (R15) and a long casting progresses (R12).
    pub fn advance_time(&self, span: TimeSpan) -> Outcome {
        self.advance_rounds(span.rounds())
    }

    /// Time passes outside a fight (waiting, resting): durations run out
    /// and, since more than a turn goes by, the current turn is over, so
    /// the action, the Bonus Action, the Reaction and the turn's one slot
    /// (R9, R10) are fresh again. In an encounter, rounds pass with
    /// [`Caster::advance_rounds`] and turns end when the tracker says so.
    pub fn wait(&self, rounds: u64) -> Outcome {
        let mut out = self.advance_rounds(rounds);
        if rounds > 0 && *self.turn() != crate::economy::TurnEconomy::default() {
            out.events.push(Event::TurnEnded);
        }
        // A round's wait has the caster's next turn begin within it.
        if rounds > 0 {
            self.end_until_next_turn(&mut out);
        }
        out
    }

    /// Whole rounds pass outside the turn order (the GM moves an
    /// encounter's time on): durations run out as for
    /// [`Caster::advance_rounds`], and a spell lasting until the caster's
    /// next turn ends too, since that turn came within them (Shield, R15).
    pub fn rounds_pass(&self, rounds: u64) -> Outcome {
        let mut out = self.advance_rounds(rounds);
        if rounds > 0 {
            self.end_until_next_turn(&mut out);
        }
        out
    }

    /// [`Caster::advance_time`] in rounds.
    pub fn advance_rounds(&self, rounds: u64) -> Outcome {
        let mut out = Outcome::default();
        if rounds == 0 {
            return out;
        }
        out.events.push(Event::TimeAdvanced { rounds });
        let now = self.now().saturating_add(rounds);
        // A Stable creature regains 1 hit point after its 1d4 hours.
        out.events.extend(self.natural_recovery(now));
        if let Some(lc) = self.long_cast() {
            let step = rounds.min(lc.rounds_needed.saturating_sub(lc.rounds_done));
            if step > 0 {
                out.events.push(Event::LongCastProgressed { rounds: step });
            }
            if lc.rounds_done.saturating_add(step) >= lc.rounds_needed {
                out.notes.push(Note::CastingReady {
                    spell: lc.name.clone(),
                });
            }
        }
        for o in self.ongoing() {
            if o.expires_at.is_some_and(|t| t <= now) {
                if self.concentration().is_some_and(|c| c.effect == o.id) {
                    out.events.push(Event::ConcentrationEnded {
                        effect: o.id,
                        spell: o.spell.clone(),
                        reason: EndReason::Expired,
                    });
                }
                out.events.push(Event::SpellEnded {
                    effect: o.id,
                    spell: o.spell.clone(),
                    reason: EndReason::Expired,
                });
                out.notes.push(Note::SpellEnded {
                    spell: o.name.clone(),
                });
            }
        }
        out
    }

    /// A Short Rest (1 hour): pact slots and short-rest uses return.
    pub fn short_rest(&self) -> Outcome {
        let mut out = self.wait(TimeSpan::hours(1).rounds());
        out.events.push(Event::ShortRestFinished);
        out
    }

    /// A Long Rest (8 hours): every expended slot returns (R4), pact slots,
    /// Mystic Arcanum and every rechargeable use too.
    pub fn long_rest(&self) -> Outcome {
        let mut out = self.wait(TimeSpan::hours(8).rounds());
        out.events.push(Event::LongRestFinished);
        // Every hit point returns, so a creature at 0 wakes.
        if self.vitals().is_some_and(Vitals::down)
            && self.conditions().contains(&Condition::Unconscious)
        {
            out.events.push(Event::ConditionRemoved {
                condition: Condition::Unconscious,
            });
        }
        out
    }

    /// Records hit points and Armor Class: the maximum and AC, and the
    /// current and temporary hit points (current defaults to what the
    /// caster has now, capped at the new maximum, or full when new).
    pub fn set_vitals(
        &self,
        max_hp: u32,
        ac: u8,
        hp: Option<u32>,
        temp_hp: Option<u32>,
    ) -> Result<Outcome, RulesError> {
        let fresh = Vitals::new(max_hp, ac)?;
        let old = self.vitals();
        let current = hp.unwrap_or_else(|| old.map_or(max_hp, |v| v.hp.min(max_hp)));
        let mut vitals = fresh.at(current)?;
        let temp = temp_hp.unwrap_or_else(|| old.map_or(0, |v| v.temp_hp));
        if temp > MAX_HIT_POINTS {
            return Err(RulesError::InvalidVitals {
                field: "temp_hp",
                value: i64::from(temp),
                max: i64::from(MAX_HIT_POINTS),
            });
        }
        vitals.temp_hp = temp;
        // Spent Hit Point Dice stay spent; death saves stay while the
        // creature stays at 0.
        if let Some(old) = old {
            vitals.hit_dice_spent = old.hit_dice_spent;
            if old.down() && vitals.down() {
                vitals.death = old.death;
            }
        }
        let mut out = Outcome {
            events: vec![Event::VitalsSet { vitals }],
            notes: Vec::new(),
        };
        self.wake_or_fall(old, vitals, &mut out);
        Ok(out)
    }

    /// Regains hit points, up to the maximum; a creature at 0 wakes.
    pub fn heal(&self, amount: u32) -> Result<Outcome, RulesError> {
        let old = self.recorded_vitals()?;
        if old.death.dead {
            return Err(RulesError::Dead {
                name: self.name().to_owned(),
            });
        }
        let new = old.after_healing(amount);
        let mut out = Outcome {
            events: vec![Event::HitPointsChanged {
                hp: new.hp,
                temp_hp: new.temp_hp,
            }],
            notes: Vec::new(),
        };
        self.wake_or_fall(Some(old), new, &mut out);
        Ok(out)
    }

    /// Gains temporary hit points; they do not add up, the larger amount
    /// stays.
    pub fn gain_temp_hp(&self, amount: u32) -> Result<Outcome, RulesError> {
        let new = self.recorded_vitals()?.with_temp(amount);
        Ok(Outcome {
            events: vec![Event::HitPointsChanged {
                hp: new.hp,
                temp_hp: new.temp_hp,
            }],
            notes: Vec::new(),
        })
    }

    /// The recorded hit points, or `no_hit_points`.
    fn recorded_vitals(&self) -> Result<Vitals, RulesError> {
        self.vitals().ok_or_else(|| RulesError::NoHitPoints {
            name: self.name().to_owned(),
        })
    }

    /// Dropping to 0 hit points knocks a creature Unconscious (ending its
    /// Concentration); regaining any wakes it.
    fn wake_or_fall(&self, old: Option<Vitals>, new: Vitals, out: &mut Outcome) {
        let was_down = old.is_some_and(Vitals::down);
        let unconscious = self.conditions().contains(&Condition::Unconscious);
        if new.down() && !was_down {
            out.append(self.add_condition(Condition::Unconscious));
        } else if was_down && !new.down() && unconscious {
            out.events.push(Event::ConditionRemoved {
                condition: Condition::Unconscious,
            });
        }
    }

    /// Gains a condition; Incapacitated (or a condition that includes it)
    /// ends Concentration and any long casting.
    pub fn add_condition(&self, condition: Condition) -> Outcome {
        let mut out = Outcome::default();
        if self.conditions().contains(&condition) {
            return out;
        }
        out.events.push(Event::ConditionAdded { condition });
        if condition.incapacitates()
            && end_concentration_events(self, EndReason::Incapacitated, &mut out.events).is_some()
        {
            out.notes.push(Note::ConcentrationEndsIncapacitated);
        }
        out
    }

    /// Loses a condition.
    pub fn remove_condition(&self, condition: Condition) -> Outcome {
        let events = if self.conditions().contains(&condition) {
            vec![Event::ConditionRemoved { condition }]
        } else {
            Vec::new()
        };
        Outcome {
            events,
            notes: Vec::new(),
        }
    }

    /// Sets whether the caster is silenced or stands in magical silence (R14a).
    pub fn set_silence(&self, silenced: bool, magical_silence: bool) -> Outcome {
        Outcome {
            events: vec![Event::SilenceChanged {
                silenced,
                magical_silence,
            }],
            notes: Vec::new(),
        }
    }

    /// Changes equipment: hands, pouch, focus, materials (R14).
    pub fn set_equipment(&self, equipment: Equipment) -> Outcome {
        Outcome {
            events: vec![Event::EquipmentChanged { equipment }],
            notes: Vec::new(),
        }
    }

    /// Takes damage: while concentrating, a Constitution save against
    /// max(10, half the damage), at most 30; failing ends Concentration.
    pub fn take_damage<R: DiceRng + ?Sized>(&self, damage: u32, rng: &mut R) -> DamageOutcome {
        self.take_damage_with(damage, RollMode::Normal, &[], rng)
    }

    /// [`Caster::take_damage`] with Advantage or Disadvantage on the save
    /// and extra bonuses to it (Bless's d4).
    pub fn take_damage_with<R: DiceRng + ?Sized>(
        &self,
        damage: u32,
        mode: RollMode,
        bonuses: &[BonusAmount],
        rng: &mut R,
    ) -> DamageOutcome {
        self.take_hit(damage, false, mode, bonuses, rng)
    }

    /// [`Caster::take_damage_with`] from a hit that may be critical: at 0
    /// hit points damage is a death save failure, two from a critical hit,
    /// and massive damage kills (2024 Death Saving Throws).
    pub fn take_hit<R: DiceRng + ?Sized>(
        &self,
        damage: u32,
        critical: bool,
        mode: RollMode,
        bonuses: &[BonusAmount],
        rng: &mut R,
    ) -> DamageOutcome {
        let mut events = Vec::new();
        // Tracked hit points drop first; at 0 the creature falls
        // Unconscious and its Concentration ends without a save.
        if let Some(old) = self.vitals()
            && damage > 0
        {
            let new = old.after_damage(damage);
            events.push(Event::HitPointsChanged {
                hp: new.hp,
                temp_hp: new.temp_hp,
            });
            if new.down() {
                let mut out = Outcome::default();
                self.wake_or_fall(Some(old), new, &mut out);
                events.append(&mut out.events);
                let remaining = damage.saturating_sub(old.temp_hp).saturating_sub(old.hp);
                let death = crate::dying::after_damage_at_zero(old, damage, remaining, critical);
                if death != old.death {
                    events.push(Event::DeathSavesChanged { death });
                }
                return DamageOutcome {
                    dc: None,
                    roll: None,
                    concentration_kept: false,
                    hp_after: Some(new.hp),
                    events,
                };
            }
        }
        let hp_after = events.iter().find_map(|e| match e {
            Event::HitPointsChanged { hp, .. } => Some(*hp),
            _ => None,
        });
        if self.concentration().is_none() || damage == 0 {
            return DamageOutcome {
                dc: None,
                roll: None,
                concentration_kept: self.concentration().is_some(),
                hp_after,
                events,
            };
        }
        let dc = concentration_dc(damage);
        let bonus = self.save_bonus(Ability::Constitution);
        let mode = crate::reshape::concentration_mode(self, mode);
        let (mut roll, _) = roll_d20(rng, mode, i64::from(bonus), RollLabel::Concentration);
        let mut extra = Vec::new();
        roll.total += roll_bonuses(rng, bonuses, &RollLabel::Concentration, &mut extra);
        for r in extra {
            roll.dice.extend(r.dice);
            roll.notation.push('+');
            roll.notation.push_str(&r.notation);
        }
        let success = roll.total >= i64::from(dc);
        events.push(Event::ConcentrationSave {
            dc,
            total: roll.total,
            success,
        });
        if !success {
            end_concentration_events(self, EndReason::FailedSave, &mut events);
        }
        DamageOutcome {
            dc: Some(dc),
            roll: Some(roll),
            concentration_kept: success,
            hp_after,
            events,
        }
    }

    /// Spends this turn's Magic action on a long casting under way, as R12
    /// asks on each of the caster's turns. Time itself is counted by
    /// [`Caster::advance_time`].
    pub fn continue_casting(&self) -> Result<Outcome, RulesError> {
        let lc = self.long_cast().ok_or(RulesError::NoCastingInProgress)?;
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R12" });
        }
        if !self.turn().available(ActionKind::Action) {
            return Err(RulesError::ActionUnavailable {
                action: ActionKind::Action,
            });
        }
        let left = lc.rounds_needed.saturating_sub(lc.rounds_done);
        Ok(Outcome {
            events: vec![Event::ActionUsed {
                action: ActionKind::Action,
            }],
            notes: vec![Note::CastingContinues {
                spell: lc.name.clone(),
                left,
            }],
        })
    }

    /// Gives up a long casting: it fails and no slot is spent (R12).
    pub fn abandon_casting(&self) -> Result<Outcome, RulesError> {
        let lc = self.long_cast().ok_or(RulesError::NoCastingInProgress)?;
        let mut out = Outcome::default();
        if self
            .concentration()
            .is_some_and(|c| c.effect == EffectId::LONG_CAST)
        {
            end_concentration_events(self, EndReason::Dropped, &mut out.events);
        } else {
            out.events.push(Event::LongCastEnded {
                spell: lc.spell.clone(),
                completed: false,
            });
        }
        Ok(out)
    }

    /// Stops concentrating by choice (no action needed).
    pub fn drop_concentration(&self) -> Result<Outcome, RulesError> {
        let mut out = Outcome::default();
        end_concentration_events(self, EndReason::Dropped, &mut out.events)
            .ok_or(RulesError::NoConcentration)?;
        Ok(out)
    }

    /// Dismisses an ongoing spell, no action needed, unless Incapacitated (R15).
    pub fn dismiss(&self, effect: EffectId) -> Result<Outcome, RulesError> {
        let ongoing = self
            .ongoing()
            .iter()
            .find(|o| o.id == effect)
            .ok_or(RulesError::UnknownEffect { id: effect.0 })?;
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R15" });
        }
        if !ongoing.dismissible {
            return Err(RulesError::NotDismissible {
                spell: ongoing.name.clone().into(),
            });
        }
        let mut out = Outcome::default();
        if self.concentration().is_some_and(|c| c.effect == effect) {
            out.events.push(Event::ConcentrationEnded {
                effect,
                spell: ongoing.spell.clone(),
                reason: EndReason::Dismissed,
            });
        }
        out.events.push(Event::SpellEnded {
            effect,
            spell: ongoing.spell.clone(),
            reason: EndReason::Dismissed,
        });
        Ok(out)
    }

    /// Ends an ongoing spell because its target saved against it (Searing
    /// Smite's burning); its Concentration, if any, ends with it. Nothing
    /// happens when the spell has already ended.
    pub fn end_by_target_save(&self, effect: EffectId) -> Outcome {
        let mut out = Outcome::default();
        let Some(ongoing) = self.ongoing().iter().find(|o| o.id == effect) else {
            return out;
        };
        if self.concentration().is_some_and(|c| c.effect == effect) {
            out.events.push(Event::ConcentrationEnded {
                effect,
                spell: ongoing.spell.clone(),
                reason: EndReason::TargetSaved,
            });
        }
        out.events.push(Event::SpellEnded {
            effect,
            spell: ongoing.spell.clone(),
            reason: EndReason::TargetSaved,
        });
        out
    }

    /// Moves a spell in effect (Hex, Hunter's Mark) to a new creature with
    /// a Bonus Action (R9), as the caster may once its target drops to 0
    /// hit points (whoever tracks them checks that).
    pub fn move_spell(&self, effect: EffectId, to: &str) -> Result<Outcome, RulesError> {
        let ongoing = self
            .ongoing()
            .iter()
            .find(|o| o.id == effect)
            .ok_or(RulesError::UnknownEffect { id: effect.0 })?;
        if !ongoing.movable {
            return Err(RulesError::NotMovable {
                spell: ongoing.name.clone().into(),
            });
        }
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R9" });
        }
        if !self.turn().available(ActionKind::BonusAction) {
            return Err(RulesError::ActionUnavailable {
                action: ActionKind::BonusAction,
            });
        }
        Ok(Outcome {
            events: vec![
                Event::ActionUsed {
                    action: ActionKind::BonusAction,
                },
                Event::SpellMoved {
                    effect,
                    spell: ongoing.spell.clone(),
                    targets: vec![to.to_owned()],
                },
            ],
            notes: vec![Note::SpellMoves {
                spell: ongoing.name.clone(),
                target: to.to_owned(),
            }],
        })
    }

    /// Prepares a spell, or learns a cantrip; it must be on one of the
    /// caster's lists (R8). Preparing twice changes nothing.
    pub fn prepare(&self, spell: &Spell) -> Result<Outcome, RulesError> {
        self.casting_class(spell, None)?;
        // A spell a feature keeps prepared is ready already, outside the count.
        if self.is_always_prepared(&spell.id) {
            return Ok(Outcome::default());
        }
        // A Wizard who keeps a spellbook prepares from it (when no other
        // class of the caster has the spell on its list).
        if self.spellbook().is_some()
            && !spell.level.is_cantrip()
            && !self.in_spellbook(&spell.id)
            && !self
                .classes()
                .iter()
                .any(|(c, _)| *c != Class::Wizard && self.has_on_list(spell, *c))
        {
            return Err(RulesError::NotInSpellbook {
                spell: SpellName::of(spell),
            });
        }
        // Each class prepares its own spells as if single-classed: a
        // Wizard 3 / Cleric 2 shares level-3 slots but prepares no
        // level-3 spell.
        let max = self
            .classes()
            .iter()
            .filter(|(c, _)| self.has_on_list(spell, *c))
            .map(|(c, l)| crate::slots::class_max_spell_level(*c, *l))
            .max()
            .unwrap_or(0);
        if spell.level.get() > max {
            return Err(RulesError::SpellLevelTooHigh {
                spell: SpellName::of(spell),
                level: spell.level.get(),
                max,
            });
        }
        let mut out = Outcome::default();
        // The class tables bound how many spells and cantrips the caster
        // keeps ready; several classes add up.
        let limit = |per_class: fn(Class, u8) -> u8| -> u8 {
            self.classes()
                .iter()
                .map(|(c, l)| per_class(*c, *l))
                .fold(0u8, u8::saturating_add)
        };
        if spell.level.is_cantrip() {
            if !self.cantrips().contains(&spell.id) {
                let count = limit(Class::cantrips_known);
                if self.cantrips().len() >= usize::from(count) {
                    return Err(RulesError::TooManyCantrips {
                        spell: SpellName::of(spell),
                        count,
                    });
                }
                out.events.push(Event::CantripLearned {
                    spell: spell.id.clone(),
                });
            }
        } else if !self.prepared().contains(&spell.id) {
            let count = limit(Class::prepared_spells);
            if self.prepared().len() >= usize::from(count) {
                return Err(RulesError::TooManyPrepared {
                    spell: SpellName::of(spell),
                    count,
                });
            }
            out.events.push(Event::SpellPrepared {
                spell: spell.id.clone(),
            });
        }
        Ok(out)
    }

    /// Copies a spell into the Wizard's spellbook: a Wizard spell (R8) of
    /// a level the Wizard can prepare (R1), not a cantrip. The first copy
    /// starts the spellbook; from then on the Wizard prepares from it and
    /// casts its Ritual spells from it unprepared.
    pub fn copy_to_spellbook(&self, spell: &Spell) -> Result<Outcome, RulesError> {
        let level = self.class_level(Class::Wizard);
        if level == 0 {
            return Err(RulesError::NoSpellbook {
                name: self.name().to_owned(),
            });
        }
        if spell.level.is_cantrip() {
            return Err(RulesError::InvalidRequest {
                reason: Invalid::CantripInSpellbook {
                    spell: SpellName::of(spell),
                },
            });
        }
        if !self.has_on_list(spell, Class::Wizard) {
            return Err(RulesError::NotOnClassList {
                spell: SpellName::of(spell),
            });
        }
        let max = crate::slots::class_max_spell_level(Class::Wizard, level);
        if spell.level.get() > max {
            return Err(RulesError::SpellLevelTooHigh {
                spell: SpellName::of(spell),
                level: spell.level.get(),
                max,
            });
        }
        let events = if self.in_spellbook(&spell.id) {
            Vec::new()
        } else {
            vec![Event::SpellCopied {
                spell: spell.id.clone(),
            }]
        };
        Ok(Outcome {
            events,
            notes: Vec::new(),
        })
    }

    /// Unprepares a spell, whether prepared from the limit or kept
    /// prepared by a feature; unknown ids change nothing.
    pub fn unprepare(&self, id: &SpellId) -> Outcome {
        let mut events = Vec::new();
        if self.prepared().contains(id) {
            events.push(Event::SpellUnprepared { spell: id.clone() });
        }
        if self.is_always_prepared(id) {
            events.push(Event::AlwaysPreparedRemoved { spell: id.clone() });
        }
        Outcome {
            events,
            notes: Vec::new(),
        }
    }

    /// Marks a spell as always prepared, as a subclass, feat, species or
    /// Magical Secrets does: it does not count against the prepared-spell
    /// (or cantrip) limit and may come from any class's list, so R8's
    /// class-list check does not refuse it. It counts as a spell of
    /// `class` (its DC and attack), by default the caster's class with the
    /// spell on its list, else its first class. A spell prepared the usual
    /// way moves out of the count; marking twice changes nothing.
    pub fn prepare_always(
        &self,
        spell: &Spell,
        class: Option<Class>,
    ) -> Result<Outcome, RulesError> {
        let class = match class {
            Some(c) if self.class_level(c) == 0 => {
                return Err(RulesError::NoSuchClass { class: c });
            }
            Some(c) => c,
            None => match self.casting_class(spell, None) {
                Ok(c) => c,
                Err(e) => self.classes().first().map(|(c, _)| *c).ok_or(e)?,
            },
        };
        let mut out = Outcome::default();
        if self
            .always_prepared()
            .any(|e| e.spell == spell.id && e.class == class)
        {
            return Ok(out);
        }
        if self.prepared().contains(&spell.id) {
            out.events.push(Event::SpellUnprepared {
                spell: spell.id.clone(),
            });
        }
        // Marked again for another class: it now counts as that one.
        if self.is_always_prepared(&spell.id) {
            out.events.push(Event::AlwaysPreparedRemoved {
                spell: spell.id.clone(),
            });
        }
        out.events.push(Event::ExtraSpellAdded {
            extra: ExtraSpell {
                spell: spell.id.clone(),
                class,
                always_prepared: true,
            },
        });
        Ok(out)
    }

    /// A feature puts a spell on the list of one of the caster's classes (R8).
    pub fn add_extra_spell(&self, extra: ExtraSpell) -> Result<Outcome, RulesError> {
        if self.class_level(extra.class) == 0 {
            return Err(RulesError::NoSuchClass { class: extra.class });
        }
        Ok(Outcome {
            events: vec![Event::ExtraSpellAdded { extra }],
            notes: Vec::new(),
        })
    }

    /// Gains a limited-use feature (R5c); one with the same name is replaced.
    pub fn add_feature(&self, feature: LimitedUse) -> Outcome {
        Outcome {
            events: vec![Event::FeatureAdded { feature }],
            notes: Vec::new(),
        }
    }

    /// Gains a magic item (R5d); one with the same name is replaced.
    pub fn add_item(&self, item: MagicItem) -> Outcome {
        Outcome {
            events: vec![Event::ItemAdded { item }],
            notes: Vec::new(),
        }
    }

    /// Refuses (R22, `not_in_effect`) a study of `spell` when none of
    /// `casters` has it running: only an effect that is there can be
    /// identified. The table's casters (every stored character) decide.
    pub fn check_in_effect<'a>(
        spell: &Spell,
        mut casters: impl Iterator<Item = &'a Caster>,
    ) -> Result<(), RulesError> {
        if spell.duration == Duration::Instantaneous {
            return Err(RulesError::NotOngoing {
                spell: SpellName::of(spell),
            });
        }
        if casters.any(|c| c.ongoing().iter().any(|o| o.spell == spell.id)) {
            return Ok(());
        }
        Err(RulesError::NotInEffect {
            spell: SpellName::of(spell),
        })
    }

    /// Study action to identify a spell in effect: DC 15 Intelligence
    /// (Arcana) (R22). `arcana_bonus` is the whole skill bonus; `None`
    /// uses the Intelligence modifier alone.
    pub fn identify<R: DiceRng + ?Sized>(
        &self,
        spell: &Spell,
        arcana_bonus: Option<i32>,
        rng: &mut R,
    ) -> Result<IdentifyOutcome, RulesError> {
        if spell.duration == Duration::Instantaneous {
            return Err(RulesError::NotOngoing {
                spell: SpellName::of(spell),
            });
        }
        if self.is_incapacitated() {
            return Err(RulesError::Incapacitated { rule: "R22" });
        }
        if let Some(lc) = self.long_cast() {
            return Err(RulesError::CastingInProgress {
                spell: lc.name.clone().into(),
            });
        }
        if !self.turn().available(ActionKind::Action) {
            return Err(RulesError::ActionUnavailable {
                action: ActionKind::Action,
            });
        }
        let bonus = arcana_bonus.unwrap_or_else(|| i32::from(self.modifier(Ability::Intelligence)));
        let (roll, _) = roll_d20(rng, RollMode::Normal, i64::from(bonus), RollLabel::Study);
        let success = roll.total >= i64::from(IDENTIFY_DC);
        Ok(IdentifyOutcome {
            roll,
            dc: IDENTIFY_DC,
            success,
            spell: success.then(|| spell.id.clone()),
            events: vec![Event::ActionUsed {
                action: ActionKind::Action,
            }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concentration_dc_is_half_damage_between_10_and_30() {
        assert_eq!(concentration_dc(1), 10);
        assert_eq!(concentration_dc(21), 10);
        assert_eq!(concentration_dc(22), 11);
        assert_eq!(concentration_dc(59), 29);
        assert_eq!(concentration_dc(100), 30);
    }
}
