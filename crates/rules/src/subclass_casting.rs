//! Subclass features of SRD 5.2 that change a cast as it is made (issue
//! 35): the Evoker's Potent Cantrip, Sculpt Spells, Empowered Evocation and
//! Overchannel; the Life Domain's Disciple of Life, Blessed Healer and
//! Supreme Healing; Draconic Sorcery's Elemental Affinity.
//!
//! Each is worked out before anything is rolled, into the casting's
//! [`Shaping`]; what follows the cast (Blessed Healer's hit points,
//! Overchannel's necrotic cost) comes from [`after_cast`].

use grimoire_dice::DiceRng;

use crate::caster::Caster;
use crate::class::{Ability, Class};
use crate::damage::{DamageType, Defense};
use crate::error::{RulesError, SpellName};
use crate::event::Event;
use crate::feature_kind::FeatureKind;
use crate::level::{SlotLevel, SpellLevel};
use crate::request::CastRequest;
use crate::roll::RollMode;
use crate::school::School;
use crate::shaping::{CastShaping, DamageBonus, Shaping};
use crate::spell::Spell;
use crate::subclass_cast_error::{CastFeature, SubclassCastError};

/// The damage types Elemental Affinity may choose.
pub const AFFINITY_TYPES: [DamageType; 5] = [
    DamageType::Acid,
    DamageType::Cold,
    DamageType::Fire,
    DamageType::Lightning,
    DamageType::Poison,
];

impl Caster {
    /// Whether the caster has `feature`: its subclass chosen and the class
    /// level reached (Elemental Affinity also needs its type chosen).
    pub fn has_cast_feature(&self, feature: CastFeature) -> bool {
        let (subclass, class, level) = feature.granted_by();
        self.class_level(class) >= level
            && self
                .picks()
                .iter()
                .any(|p| p.kind == FeatureKind::Subclass && p.id == subclass)
            && (feature != CastFeature::ElementalAffinity || self.affinity().is_some())
    }

    /// The damage type of Elemental Affinity, once chosen (the variant of
    /// the `elemental-affinity` pick).
    pub fn affinity(&self) -> Option<DamageType> {
        self.picks()
            .iter()
            .find(|p| p.id == CastFeature::ElementalAffinity.id())
            .and_then(|p| p.variant.as_deref())
            .and_then(|v| {
                AFFINITY_TYPES
                    .into_iter()
                    .find(|t| t.name_en().eq_ignore_ascii_case(v))
            })
    }

    /// The damage types the caster's features make it take differently:
    /// Elemental Affinity (Draconic Sorcerer 6) gives Resistance to its
    /// chosen type.
    pub fn defenses(&self) -> Vec<(DamageType, Defense)> {
        self.affinity()
            .filter(|_| self.has_cast_feature(CastFeature::ElementalAffinity))
            .map(|t| (t, Defense::Resistant))
            .into_iter()
            .collect()
    }

    /// Overchannel uses since the last Long Rest.
    pub fn overchannel_uses(&self) -> u8 {
        self.resources.overchannel_uses
    }
}

/// Adds to `shaping` what the caster's subclass features do to this cast
/// of `spell` (already reshaped by Metamagic) at `cast_level`, as `class`,
/// with a slot of `slot` (none for a free cast). Refuses a feature asked
/// for that the caster lacks or that cannot apply.
#[inline(always)]
pub(crate) fn shape(
    caster: &Caster,
    spell: &Spell,
    req: &CastRequest,
    class: Option<Class>,
    cast_level: SpellLevel,
    slot: Option<SlotLevel>,
    shaping: &mut CastShaping,
) -> Result<(), RulesError> {
    // Most casters have no subclass feature that changes a cast: with none
    // asked for either, the shaping stays as Metamagic left it (every
    // field set below keeps its default), and nothing more is read.
    let subclass = has_cast_subclass(caster);
    if !subclass && req.sculpt.is_empty() && !req.overchannel {
        return Ok(());
    }
    shape_by_features(
        caster,
        spell,
        req,
        (class, cast_level, slot),
        subclass,
        shaping,
    )
}

/// [`shape`] for a caster with a subclass or a request naming a feature.
#[inline(never)]
fn shape_by_features(
    caster: &Caster,
    spell: &Spell,
    req: &CastRequest,
    (class, cast_level, slot): (Option<Class>, SpellLevel, Option<SlotLevel>),
    subclass: bool,
    shaping: &mut CastShaping,
) -> Result<(), RulesError> {
    // Each field is set only when a feature changes it, so a cast that
    // none changes keeps its shaping unmade.
    let has = |f| subclass && caster.has_cast_feature(f);
    let evocation = spell.school == School::Evocation;
    let damages = !spell.effect.damage.is_empty() && spell.effect.on_cast;
    if !req.sculpt.is_empty() {
        if !has(CastFeature::SculptSpells) {
            return Err(SubclassCastError::NotHad {
                feature: CastFeature::SculptSpells,
            }
            .into());
        }
        if !evocation {
            return Err(SubclassCastError::NotEvocation {
                spell: SpellName::of(spell),
            }
            .into());
        }
        let max = cast_level.get().saturating_add(1);
        if req.sculpt.len() > usize::from(max) {
            return Err(SubclassCastError::TooManySculpted { max }.into());
        }
        if let Some(n) = req
            .sculpt
            .iter()
            .find(|n| !req.targets.iter().any(|t| t.name.eq_ignore_ascii_case(n)))
        {
            return Err(SubclassCastError::NotATarget { name: n.clone() }.into());
        }
        shaping
            .make_mut()
            .protected
            .extend(req.sculpt.iter().cloned());
    }
    if req.overchannel {
        if !has(CastFeature::Overchannel) {
            return Err(SubclassCastError::NotHad {
                feature: CastFeature::Overchannel,
            }
            .into());
        }
        if !overchannel_fits(spell, class, slot) {
            return Err(SubclassCastError::OverchannelUnfit {
                spell: SpellName::of(spell),
            }
            .into());
        }
        let s = shaping.make_mut();
        s.maximum = true;
        s.overchannel = Some(slot.map_or(0, |s| s.get()));
    }
    if spell.level.is_cantrip() && damages && has(CastFeature::PotentCantrip) {
        shaping.make_mut().potent_cantrip = true;
    }
    let bonuses = damage_bonuses(caster, spell, class);
    if !bonuses.is_empty() {
        shaping.make_mut().damage_bonuses = bonuses
            .into_iter()
            .map(|(amount, only)| DamageBonus { amount, only })
            .collect();
    }
    let heals = spell.effect.healing.is_some();
    if let Some(slot) = slot.filter(|_| heals) {
        let more = 2 + u32::from(slot.get());
        if has(CastFeature::DiscipleOfLife) {
            shaping.make_mut().healing_bonus = more;
        }
        if has(CastFeature::BlessedHealer) {
            shaping.make_mut().blessed_healer = more;
        }
    }
    if heals && has(CastFeature::SupremeHealing) {
        shaping.make_mut().supreme_healing = true;
    }
    Ok(())
}

/// The flat amounts the caster's subclass features add to one damage roll
/// of `spell` cast as `class`, each with the only damage type it takes
/// (`None`: the first roll): Empowered Evocation's Intelligence modifier
/// for a Wizard Evocation spell, Elemental Affinity's Charisma modifier for
/// a spell of the chosen type. What the cast adds, and what the planner
/// counts.
pub fn damage_bonuses(
    caster: &Caster,
    spell: &Spell,
    class: Option<Class>,
) -> Vec<(i32, Option<DamageType>)> {
    let mut out = Vec::new();
    if !has_cast_subclass(caster) {
        return out;
    }
    let damages = !spell.effect.damage.is_empty() && spell.effect.on_cast;
    if damages
        && spell.school == School::Evocation
        && class == Some(Class::Wizard)
        && caster.has_cast_feature(CastFeature::EmpoweredEvocation)
    {
        out.push((i32::from(caster.modifier(Ability::Intelligence)), None));
    }
    if let Some(t) = caster
        .affinity()
        .filter(|_| caster.has_cast_feature(CastFeature::ElementalAffinity))
        && spell.effect.damage.iter().any(|d| d.damage_type == t)
    {
        out.push((i32::from(caster.modifier(Ability::Charisma)), Some(t)));
    }
    out
}

/// Every feature here.
const ALL: [CastFeature; 8] = [
    CastFeature::PotentCantrip,
    CastFeature::SculptSpells,
    CastFeature::EmpoweredEvocation,
    CastFeature::Overchannel,
    CastFeature::DiscipleOfLife,
    CastFeature::BlessedHealer,
    CastFeature::SupremeHealing,
    CastFeature::ElementalAffinity,
];

/// Whether the caster has chosen a subclass that grants one of the
/// features here: without one it has none of them.
fn has_cast_subclass(caster: &Caster) -> bool {
    caster
        .picks()
        .iter()
        .any(|p| p.kind == FeatureKind::Subclass && ALL.iter().any(|f| f.granted_by().0 == p.id))
}

/// Whether Overchannel can power this casting (the caster's feature
/// aside): a Wizard spell that deals damage as it is cast, with a slot of
/// level 1 to 5.
pub fn overchannel_fits(spell: &Spell, class: Option<Class>, slot: Option<SlotLevel>) -> bool {
    class == Some(Class::Wizard)
        && !spell.effect.damage.is_empty()
        && spell.effect.on_cast
        && slot.is_some_and(|s| (1..=5).contains(&s.get()))
}

/// What follows the cast for its caster: Blessed Healer's hit points when
/// the spell healed another creature, Overchannel's use (and its necrotic
/// damage from the second use before a Long Rest, rolled here: d12s of
/// `2 + uses so far - 1` per slot level, which Resistance and Immunity do
/// not stop). `after` is the caster with the cast's events applied; the
/// events returned follow them.
pub(crate) fn after_cast<R: DiceRng + ?Sized>(
    after: &Caster,
    shaping: &Shaping,
    healed_another: bool,
    rng: &mut R,
    rolls: &mut Vec<crate::roll::RollRecord>,
) -> Vec<Event> {
    let mut events = Vec::new();
    if shaping.blessed_healer > 0
        && healed_another
        && let Ok(out) = after.heal(shaping.blessed_healer)
    {
        events.extend(out.events);
    }
    if let Some(slot) = shaping.overchannel {
        events.push(Event::OverchannelUsed);
        let uses = after.overchannel_uses();
        if uses >= 1 {
            let per_level = u32::from(uses) + 1;
            let dice = crate::formula::DiceFormula::new(per_level * u32::from(slot), 12);
            let roll = crate::roll::roll_formula(
                rng,
                dice,
                crate::label::RollLabel::damage(DamageType::Necrotic),
            );
            let damage = u32::try_from(roll.total.max(0)).unwrap_or(u32::MAX);
            rolls.push(roll);
            let hit = after.take_hit(damage, false, RollMode::Normal, &[], rng);
            events.extend(hit.events);
        }
    }
    events
}

#[cfg(test)]
mod tests {
    use super::{ALL, CastFeature};

    /// `ALL` lists every feature once: a new variant stops this match from
    /// compiling until it is given a place in the list.
    #[test]
    fn all_lists_every_cast_feature_once() {
        let place = |f: CastFeature| match f {
            CastFeature::PotentCantrip => 0,
            CastFeature::SculptSpells => 1,
            CastFeature::EmpoweredEvocation => 2,
            CastFeature::Overchannel => 3,
            CastFeature::DiscipleOfLife => 4,
            CastFeature::BlessedHealer => 5,
            CastFeature::SupremeHealing => 6,
            CastFeature::ElementalAffinity => 7,
        };
        for (i, f) in ALL.into_iter().enumerate() {
            assert_eq!(place(f), i, "{f:?}");
        }
    }
}
