//! The spell data model: everything a spell description states (R1–R17).
//!
//! Plain data with public fields so the catalogue can map its files onto it;
//! the bounded parts ([`SpellLevel`], [`SpellId`]) validate on construction
//! and on deserialization.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::effect::Effect;
use crate::error::RulesError;
use crate::level::{SlotLevel, SpellLevel};
use crate::school::School;
use crate::spell_name::SpellName;
use crate::time::{CastingTime, Duration};

/// A spell's stable identifier: a lower-case slug such as `magic-missile`.
///
/// The slug is shared (`Arc<str>`), so cloning an id, and with it a caster's
/// prepared spells or a resolution, copies a pointer rather than the text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SpellId(Arc<str>);

/// Ordered as its slug, byte by byte (the order of `str`). Slugs are short
/// and mostly differ in their first letters, so comparing in place is
/// cheaper than the library call `str`'s order makes; the prepared spells
/// and cantrips are sets ordered this way, looked up on every cast.
impl Ord for SpellId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        for (x, y) in a.iter().zip(b) {
            if x != y {
                return x.cmp(y);
            }
        }
        a.len().cmp(&b.len())
    }
}

impl PartialOrd for SpellId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl SpellId {
    /// Accepts lower-case ASCII letters, digits and single inner hyphens.
    pub fn new(slug: impl Into<String>) -> Result<Self, RulesError> {
        let slug = slug.into();
        let valid_chars = slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if slug.is_empty()
            || !valid_chars
            || slug.starts_with('-')
            || slug.ends_with('-')
            || slug.contains("--")
        {
            return Err(RulesError::InvalidSpellId { id: slug });
        }
        Ok(SpellId(Arc::from(slug)))
    }

    /// Makes a slug from an English name: `"Cure Wounds"` → `cure-wounds`.
    pub fn from_name(name: &str) -> Result<Self, RulesError> {
        let mut slug = String::with_capacity(name.len());
        for c in name.chars() {
            if c.is_ascii_alphanumeric() {
                slug.push(c.to_ascii_lowercase());
            } else if !slug.is_empty() && !slug.ends_with('-') && c != '\'' {
                slug.push('-');
            }
        }
        while slug.ends_with('-') {
            slug.pop();
        }
        SpellId::new(slug)
    }

    /// The slug.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for SpellId {
    type Error = RulesError;

    fn try_from(slug: String) -> Result<Self, Self::Error> {
        SpellId::new(slug)
    }
}

impl From<SpellId> for String {
    fn from(id: SpellId) -> String {
        id.0.to_string()
    }
}

impl fmt::Display for SpellId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How far away a spell's effect may start (R13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Range {
    /// The caster, or an area that starts from the caster (with [`Spell::area`]).
    #[serde(rename = "self")]
    Self_,
    /// Something the caster touches.
    Touch,
    /// A distance in feet.
    Feet(u32),
    /// A distance in miles.
    Miles(u32),
    /// Anywhere the caster can see.
    Sight,
    /// No limit.
    Unlimited,
    /// As the spell describes.
    Special,
}

impl Range {
    /// The reach in feet, when the range is a distance (touch counts as 5).
    pub fn feet(self) -> Option<u64> {
        match self {
            Range::Touch => Some(5),
            Range::Feet(ft) => Some(u64::from(ft)),
            Range::Miles(mi) => Some(u64::from(mi) * 5280),
            Range::Self_ => Some(0),
            Range::Sight | Range::Unlimited | Range::Special => None,
        }
    }
}

/// The shape of an area of effect (R17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaShape {
    /// Cone (Kužel): size is its length.
    Cone,
    /// Cube (Krychle): size is its side.
    Cube,
    /// Cylinder (Válec): size is its radius, second dimension its height.
    Cylinder,
    /// Emanation (Emanace): size is how far it extends from the creature.
    Emanation,
    /// Line (Linie): size is its length, second dimension its width.
    Line,
    /// Sphere (Koule): size is its radius.
    Sphere,
    /// Wall: size is its length, second dimension its height, and
    /// [`Area::thickness_in`] its thickness (Wall of Fire, Blade Barrier).
    Wall,
}

/// An area of effect (R17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Area {
    /// The shape.
    pub shape: AreaShape,
    /// The main size in feet (see [`AreaShape`]).
    pub size_ft: u32,
    /// Cylinder or wall height, or line width, in feet.
    #[serde(default)]
    pub secondary_ft: Option<u32>,
    /// A wall's thickness in inches (walls run from a quarter inch to
    /// several feet); `None` when negligible or not a wall.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thickness_in: Option<u32>,
}

impl Area {
    /// An area of one shape and main size.
    pub fn new(shape: AreaShape, size_ft: u32) -> Self {
        Area {
            shape,
            size_ft,
            secondary_ft: None,
            thickness_in: None,
        }
    }

    /// A wall `length_ft` long and `height_ft` high, `thickness_in` inches thick.
    pub fn wall(length_ft: u32, height_ft: u32, thickness_in: Option<u32>) -> Self {
        Area {
            shape: AreaShape::Wall,
            size_ft: length_ft,
            secondary_ft: Some(height_ft),
            thickness_in,
        }
    }
}

/// The material component (R14c).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Material {
    /// What the spell names.
    pub text: String,
    /// Its stated cost in gold pieces, if any.
    #[serde(default)]
    pub cost_gp: Option<u32>,
    /// Whether casting uses it up.
    #[serde(default)]
    pub consumed: bool,
}

impl Material {
    /// Whether a Component Pouch or a focus may stand in for it: only when it
    /// has no cost and is not consumed (R14c).
    pub fn substitutable(&self) -> bool {
        self.cost_gp.is_none() && !self.consumed
    }
}

/// The components a spell needs (R14).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Components {
    /// V: spoken words (R14a).
    pub verbal: bool,
    /// S: gestures with a free hand (R14b).
    pub somatic: bool,
    /// M: a material (R14c).
    #[serde(default)]
    pub material: Option<Material>,
}

impl fmt::Display for Components {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.verbal {
            parts.push("V".to_string());
        }
        if self.somatic {
            parts.push("S".to_string());
        }
        if let Some(m) = &self.material {
            parts.push(format!("M ({})", m.text));
        }
        f.write_str(&parts.join(", "))
    }
}

/// What a spell may target (R17, R18).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Targeting {
    /// Most targets at the spell's own level; `None` means any number (areas).
    #[serde(default)]
    pub max_targets: Option<u32>,
    /// Whether the target must be a creature other than the caster (R17).
    #[serde(default)]
    pub not_self: bool,
    /// Whether the target must be Hostile (R17): the caster cannot pick
    /// itself, nor a target marked friendly ([`crate::Target::friendly`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hostile_only: bool,
    /// Creature types the spell cannot affect, lower case (R18).
    #[serde(default)]
    pub unaffected_types: Vec<String>,
    /// The only creature types the spell affects, lower case (Hold Person:
    /// `humanoid`); empty for any (R18).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub affected_types: Vec<String>,
    /// A Self-range spell cast right after a hit (the smites): it acts on
    /// the creature hit, which may be named as its one target (R13).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_creature_hit: bool,
    /// Once its target drops to 0 hit points, the caster may move the spell
    /// to a new creature with a Bonus Action (Hex, Hunter's Mark).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves_to_new_target: bool,
}

impl Default for Targeting {
    fn default() -> Self {
        Targeting {
            max_targets: Some(1),
            not_self: false,
            hostile_only: false,
            unaffected_types: Vec::new(),
            affected_types: Vec::new(),
            on_creature_hit: false,
            moves_to_new_target: false,
        }
    }
}

/// A spell, as its description states it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spell {
    /// Stable slug.
    pub id: SpellId,
    /// English name.
    pub name: String,
    /// Czech name, when known.
    #[serde(default)]
    pub name_cs: Option<String>,
    /// The casting time's trigger in Czech, when known (R11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger_cs: Option<String>,
    /// The material component's text in Czech, when known (R14c): words
    /// for people only; the rules match what a caster carries against
    /// [`Material::text`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material_cs: Option<String>,
    /// Level 0–9 (R1).
    pub level: SpellLevel,
    /// School (R7).
    pub school: School,
    /// Class lists the spell is on (R8).
    pub classes: Vec<Class>,
    /// Casting time (R9).
    pub casting_time: CastingTime,
    /// A second casting time the caster may use instead (Plant Growth: an
    /// action, or 8 hours); see `CastRequest::alternative_time`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative_casting_time: Option<CastingTime>,
    /// Whether it has the Ritual tag (R5b).
    #[serde(default)]
    pub ritual: bool,
    /// Range (R13).
    pub range: Range,
    /// Area of effect, if any (R17).
    #[serde(default)]
    pub area: Option<Area>,
    /// Components (R14).
    pub components: Components,
    /// Duration (R15).
    pub duration: Duration,
    /// Longer durations from higher slots, lowest slot level first (Hex:
    /// up to 8 hours from a level-3 slot); see [`Spell::duration_at`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub longer_durations: Vec<(SlotLevel, Duration)>,
    /// Who may be targeted (R17, R18).
    #[serde(default)]
    pub targeting: Targeting,
    /// What it does (R16).
    #[serde(default)]
    pub effect: Effect,
}

impl Spell {
    /// A spell with the given basics: Magic action, 60 feet, V and S,
    /// instantaneous, one target, no mechanics. Adjust the public fields.
    pub fn new(id: SpellId, name: impl Into<String>, level: SpellLevel, school: School) -> Self {
        Spell {
            id,
            name: name.into(),
            name_cs: None,
            trigger_cs: None,
            material_cs: None,
            level,
            school,
            classes: Vec::new(),
            casting_time: CastingTime::Action,
            alternative_casting_time: None,
            ritual: false,
            range: Range::Feet(60),
            area: None,
            components: Components {
                verbal: true,
                somatic: true,
                material: None,
            },
            duration: Duration::Instantaneous,
            longer_durations: Vec::new(),
            targeting: Targeting::default(),
            effect: Effect::default(),
        }
    }

    /// Whether the spell needs Concentration (R15).
    pub fn is_concentration(&self) -> bool {
        self.duration.is_concentration()
    }

    /// The duration when cast at `level` (R6): the longest of
    /// [`Spell::longer_durations`] whose slot level it reaches, else the
    /// spell's own.
    pub fn duration_at(&self, level: SpellLevel) -> &Duration {
        self.longer_durations
            .iter()
            .rev()
            .find(|(slot, _)| level.get() >= slot.get())
            .map_or(&self.duration, |(_, d)| d)
    }

    /// The casting time a request uses (R9): the alternative one when asked
    /// for; `None` when asked for one the spell does not have.
    pub fn casting_time_for(&self, alternative: bool) -> Option<&CastingTime> {
        if alternative {
            self.alternative_casting_time.as_ref()
        } else {
            Some(&self.casting_time)
        }
    }

    /// Whether the spell is on the list of `class` (R8).
    pub fn on_class_list(&self, class: Class) -> bool {
        self.classes.contains(&class)
    }
}

impl SpellName {
    /// Both names of `spell`.
    pub fn of(spell: &Spell) -> Self {
        SpellName {
            en: spell.name.clone(),
            cs: spell.name_cs.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spell_ids_are_slugs() {
        assert_eq!(
            SpellId::from_name("Cure Wounds").unwrap().as_str(),
            "cure-wounds"
        );
        assert_eq!(
            SpellId::from_name("Tasha's Hideous Laughter")
                .unwrap()
                .as_str(),
            "tashas-hideous-laughter"
        );
        assert_eq!(
            SpellId::new("Bad Id").unwrap_err().code(),
            "invalid_spell_id"
        );
        assert_eq!(SpellId::new("").unwrap_err().code(), "invalid_spell_id");
    }

    /// Ids order exactly as their slugs do (`str`'s order), prefixes first:
    /// the sets of prepared spells keep the order they always had.
    #[test]
    fn spell_ids_order_as_their_slugs() {
        let slugs = [
            "a",
            "aid",
            "aid-2",
            "bane",
            "bless",
            "fire",
            "fire-bolt",
            "fire-bolt-9",
            "fireball",
            "magic-missile",
            "z",
        ];
        for a in slugs {
            for b in slugs {
                let (x, y) = (SpellId::new(a).unwrap(), SpellId::new(b).unwrap());
                assert_eq!(x.cmp(&y), a.cmp(b), "{a} against {b}");
                assert_eq!(x.partial_cmp(&y), Some(a.cmp(b)), "{a} against {b}");
            }
        }
    }

    #[test]
    fn r14c_pouch_only_for_costless_unconsumed_material() {
        let free = Material {
            text: "a feather".into(),
            cost_gp: None,
            consumed: false,
        };
        let costly = Material {
            text: "a diamond".into(),
            cost_gp: Some(300),
            consumed: true,
        };
        assert!(free.substitutable());
        assert!(!costly.substitutable());
    }
}
