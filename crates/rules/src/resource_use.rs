//! A caster's class resources in use: what it has of them, whether it has
//! a feature, spending Sorcery Points, and how the events that spend and
//! restore them change the caster. What is kept is `class_resources`; the
//! features that spend them have modules of their own (`font_of_magic`,
//! `innate_sorcery`, `recovery`, `magical_cunning`).

use crate::caster::Caster;
use crate::class::Class;
use crate::class_resources::{ClassFeature, ClassResources, INNATE_SORCERY_USES};
use crate::error::RulesError;
use crate::event::Event;
use crate::event::Outcome;
use crate::resource_error::ResourceError;

impl Caster {
    /// What the caster has spent of its class resources.
    pub fn class_resources(&self) -> &ClassResources {
        &self.resources
    }

    /// Whether the caster has `feature`: its class level, and its subclass
    /// where it belongs to one.
    pub fn has_class_feature(&self, feature: ClassFeature) -> bool {
        self.require(feature).is_ok()
    }

    /// Refuses unless the caster has the class level that grants `feature`.
    pub(crate) fn require(&self, feature: ClassFeature) -> Result<(), ResourceError> {
        let (class, level) = feature.granted_by();
        let have = self.class_level(class);
        if have < level {
            return Err(ResourceError::FeatureNotHad { feature, have });
        }
        if let Some(subclass) = feature.subclass()
            && !self
                .picks()
                .iter()
                .any(|p| p.kind == crate::feature_kind::FeatureKind::Subclass && p.id == subclass)
        {
            return Err(ResourceError::SubclassNotChosen { feature, subclass });
        }
        Ok(())
    }

    /// The most Sorcery Points the caster can have: its Sorcerer level from
    /// level 2 (Font of Magic), else 0.
    pub fn sorcery_points_max(&self) -> u8 {
        let level = self.class_level(Class::Sorcerer);
        if level >= 2 { level } else { 0 }
    }

    /// Sorcery Points left.
    pub fn sorcery_points(&self) -> u8 {
        self.sorcery_points_max()
            .saturating_sub(self.resources.sorcery_spent)
    }

    /// Spends `points` Sorcery Points on `feature` (Metamagic, Sorcery
    /// Incarnate...): refused with `no_sorcery_points` when fewer are left,
    /// and with `feature_not_had` without Font of Magic. `what` names the
    /// use in the log (a Metamagic option's id).
    pub fn spend_sorcery_points(
        &self,
        points: u8,
        feature: ClassFeature,
        what: &str,
    ) -> Result<Outcome, RulesError> {
        self.require(ClassFeature::FontOfMagic)?;
        self.check_points(points, feature)?;
        Ok(Outcome {
            events: vec![Event::SorceryPointsSpent {
                points,
                what: what.to_owned(),
            }],
            notes: Vec::new(),
        })
    }

    /// Refuses unless `points` Sorcery Points are left.
    pub(crate) fn check_points(
        &self,
        points: u8,
        feature: ClassFeature,
    ) -> Result<(), ResourceError> {
        let left = self.sorcery_points();
        if left < points {
            return Err(ResourceError::NoSorceryPoints {
                feature,
                needed: points,
                left,
            });
        }
        Ok(())
    }

    /// Uses of Innate Sorcery left (0 for a caster who is no Sorcerer).
    pub fn innate_sorcery_uses(&self) -> u8 {
        if self.class_level(Class::Sorcerer) == 0 {
            return 0;
        }
        INNATE_SORCERY_USES.saturating_sub(self.resources.innate_spent)
    }

    /// Rounds Innate Sorcery still lasts; `None` when it is not active.
    pub fn innate_sorcery_left(&self) -> Option<u64> {
        self.resources
            .innate_until
            .filter(|until| *until > self.now)
            .map(|until| until - self.now)
    }

    /// Whether Innate Sorcery is active: Sorcerer spells get +1 to their
    /// save DC and Advantage on their attack rolls.
    pub fn innate_sorcery_active(&self) -> bool {
        self.innate_sorcery_left().is_some()
    }

    /// Applies an event of this module; others are ignored.
    pub(crate) fn apply_resource(&mut self, event: &Event) {
        let r = &mut self.resources;
        match event {
            Event::SlotToPoints { level, pact } => {
                if *pact {
                    if let Some(p) = self.pact.as_mut() {
                        p.expend();
                    }
                } else {
                    self.slots.expend(*level);
                }
                r.sorcery_spent = r.sorcery_spent.saturating_sub(level.get());
            }
            Event::SlotCreated { level, points } => {
                r.sorcery_spent = r.sorcery_spent.saturating_add(*points);
                self.slots.create(*level);
            }
            Event::SorceryPointsSpent { points, .. } => {
                r.sorcery_spent = r.sorcery_spent.saturating_add(*points);
            }
            Event::SorceryPointsRegained { points } => {
                r.sorcery_spent = r.sorcery_spent.saturating_sub(*points);
                r.restoration_used = true;
            }
            Event::InnateSorceryStarted { until, points } => {
                if *points > 0 {
                    r.sorcery_spent = r.sorcery_spent.saturating_add(*points);
                } else {
                    r.innate_spent = r.innate_spent.saturating_add(1);
                }
                r.innate_until = Some(*until);
            }
            Event::SlotsRecovered { levels, by } => {
                for level in levels {
                    self.slots.recover(*level);
                }
                match by {
                    ClassFeature::NaturalRecovery => r.natural_recovery_used = true,
                    _ => r.arcane_recovery_used = true,
                }
            }
            Event::PactSlotsRecovered { count } => {
                if let Some(p) = self.pact.as_mut() {
                    p.recover(*count);
                }
                r.cunning_used = true;
            }
            _ => {}
        }
    }
}
