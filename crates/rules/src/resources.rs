//! Ways to cast without a slot: limited-use abilities (R5c) and magic items
//! (R5d), plus the equipment that components need (R14).

use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::level::{SlotLevel, SpellLevel};
use crate::spell::SpellId;

/// When a limited use comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recharge {
    /// On a Short or a Long Rest.
    ShortRest,
    /// On a Long Rest only.
    LongRest,
    /// Never (the uses are gone once spent).
    Never,
}

/// A feature that casts named spells without a slot, N times (R5c).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LimitedUse {
    /// The feature's name, e.g. `Fey Step`.
    pub name: String,
    /// Spells it can cast.
    pub spells: Vec<SpellId>,
    /// Uses between recharges.
    pub max_uses: u8,
    /// When the uses return.
    pub recharge: Recharge,
    /// The ability its DC and attack use; `None` means the caster's best
    /// spellcasting class.
    pub ability: Option<Ability>,
    /// The level the spell is cast at; `None` means the spell's own level.
    pub cast_level: Option<SpellLevel>,
    /// Besides `spells`, any spell of this class list up to this level
    /// that is not a Reaction (Divine Intervention).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_list: Option<(crate::class::Class, SpellLevel)>,
    /// Cast without limit: no use is spent (an invocation's spell).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_will: bool,
    /// Spends a use of this other feature instead of its own (Wild
    /// Companion spends Wild Shape).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shares: Option<String>,
    /// Cast without Material components (Divine Intervention).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_material: bool,
    /// A Short Rest gives back one use (Wild Shape); a Long Rest all.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub short_rest_one: bool,
    /// After a cast through it, the feature whose uses it spent waits
    /// this many dice (count, sides) of Long Rests (Greater Divine
    /// Intervention's Wish: 2d4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lock_dice: Option<(u8, u8)>,
    /// Long Rests still to finish before its uses come back.
    #[serde(default, skip_serializing_if = "crate::state::is_zero")]
    pub locked_rests: u8,
    remaining: u8,
}

impl LimitedUse {
    /// A feature with all its uses available.
    pub fn new(
        name: impl Into<String>,
        spells: Vec<SpellId>,
        max_uses: u8,
        recharge: Recharge,
    ) -> Self {
        LimitedUse {
            name: name.into(),
            spells,
            max_uses,
            recharge,
            ability: None,
            cast_level: None,
            from_list: None,
            at_will: false,
            shares: None,
            no_material: false,
            short_rest_one: false,
            lock_dice: None,
            locked_rests: 0,
            remaining: max_uses,
        }
    }

    /// Uses left.
    pub fn remaining(&self) -> u8 {
        self.remaining
    }

    /// Whether it can cast `spell`: one it names, or one of its list
    /// (R5c).
    pub fn casts(&self, spell: &crate::spell::Spell) -> bool {
        self.spells.contains(&spell.id)
            || self.from_list.is_some_and(|(class, max)| {
                spell.on_class_list(class)
                    && spell.level <= max
                    && !matches!(
                        spell.casting_time,
                        crate::time::CastingTime::Reaction { .. }
                    )
            })
    }

    pub(crate) fn spend(&mut self) {
        self.remaining = self.remaining.saturating_sub(1);
    }

    pub(crate) fn restore(&mut self) {
        self.remaining = self.max_uses;
    }

    /// A Long Rest: every use back, unless it waits more Long Rests.
    pub(crate) fn long_rest(&mut self) {
        if self.locked_rests > 0 {
            self.locked_rests -= 1;
            if self.locked_rests > 0 {
                return;
            }
        }
        self.restore();
    }

    /// One use back, never above the maximum.
    pub(crate) fn regain_one(&mut self) {
        self.remaining = self.remaining.saturating_add(1).min(self.max_uses);
    }
}

/// A magic item that holds spells: a scroll (used up) or a charged item (R5d).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MagicItem {
    /// Item name, unique among the caster's items.
    pub name: String,
    /// Spells it holds.
    pub spells: Vec<SpellId>,
    /// Charges when full; a scroll has 1.
    pub max_charges: u8,
    /// Whether the item is gone after its last use (a Spell Scroll).
    pub consumed_when_empty: bool,
    /// When charges return, if ever.
    pub recharge: Recharge,
    /// The level its spells are cast at; `None` means the spell's own level.
    pub cast_level: Option<SlotLevel>,
    /// The item's own save DC, if it has one.
    pub save_dc: Option<u8>,
    /// The item's own spell attack bonus, if it has one.
    pub attack_bonus: Option<i8>,
    charges: u8,
}

impl MagicItem {
    /// A Spell Scroll of one spell: one use, then gone. The 2024 scroll
    /// table gives DC 13 / +5 up to level 2, rising with level.
    pub fn scroll(spell: SpellId, level: SpellLevel) -> Self {
        let (dc, attack) = match level.get() {
            0..=2 => (13, 5),
            3..=4 => (15, 7),
            5..=6 => (17, 9),
            7..=8 => (18, 10),
            _ => (19, 11),
        };
        MagicItem {
            name: format!("Spell Scroll ({spell})"),
            spells: vec![spell],
            max_charges: 1,
            consumed_when_empty: true,
            recharge: Recharge::Never,
            cast_level: level.min_slot(),
            save_dc: Some(dc),
            attack_bonus: Some(attack),
            charges: 1,
        }
    }

    /// An item with charges, one spent per casting.
    pub fn charged(
        name: impl Into<String>,
        spells: Vec<SpellId>,
        charges: u8,
        recharge: Recharge,
    ) -> Self {
        MagicItem {
            name: name.into(),
            spells,
            max_charges: charges,
            consumed_when_empty: false,
            recharge,
            cast_level: None,
            save_dc: None,
            attack_bonus: None,
            charges,
        }
    }

    /// Charges left.
    pub fn charges(&self) -> u8 {
        self.charges
    }

    pub(crate) fn spend(&mut self) {
        self.charges = self.charges.saturating_sub(1);
    }

    pub(crate) fn restore(&mut self) {
        self.charges = self.max_charges;
    }
}

/// Where the caster's spellcasting focus is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Focus {
    /// No focus.
    #[default]
    None,
    /// Held in a hand: that hand may also do S when the focus supplies M (R14c).
    Held,
    /// Worn or carried so it needs no hand (a focus whose description allows it).
    Worn,
    /// Owned but stowed: of no use until held.
    Stowed,
}

/// What the caster carries, as far as components care (R14).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Equipment {
    /// Hands not holding anything.
    pub free_hands: u8,
    /// Whether a Component Pouch is carried.
    pub component_pouch: bool,
    /// The spellcasting focus.
    pub focus: Focus,
    /// Specific materials carried (needed when a material has a cost or is
    /// consumed), each with its worth when it has one: `diamond worth 300
    /// GP`. See [`Equipment::material_for`] for how they are matched.
    pub materials: Vec<String>,
    /// The weapons carried, by catalogue id (`longsword`); at most
    /// [`Equipment::MAX_WEAPONS`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
}

impl Default for Equipment {
    fn default() -> Self {
        Equipment {
            free_hands: 2,
            component_pouch: false,
            focus: Focus::None,
            materials: Vec::new(),
            weapons: Vec::new(),
        }
    }
}

impl Equipment {
    /// Most weapons a character's gear lists.
    pub const MAX_WEAPONS: usize = 12;

    /// Whether a named material is carried.
    pub fn has_material(&self, text: &str) -> bool {
        self.material_index(text).is_some()
    }

    /// Position of the carried material that provides `m` (R14c). A costly
    /// or consumed material must be the thing the spell names (a word of
    /// four or more letters in common, such as `diamond`) and, when the
    /// spell gives a cost, be worth at least that in GP as its text says
    /// (`diamond worth 300 GP`, `diamond 500gp`); a bare `a` or a cheaper
    /// diamond does not do. Other materials match by name either way round.
    pub fn material_for(&self, m: &crate::spell::Material) -> Option<usize> {
        if m.substitutable() {
            return self.material_index(&m.text);
        }
        let named = significant_words(&m.text);
        self.materials.iter().position(|carried| {
            let words = significant_words(carried);
            let same_thing = words.iter().any(|w| named.contains(w));
            let worth = m
                .cost_gp
                .is_none_or(|cost| gp_value(carried).is_some_and(|v| v >= u64::from(cost)));
            same_thing && worth
        })
    }

    /// Position of the first carried material matching `text`.
    pub(crate) fn material_index(&self, text: &str) -> Option<usize> {
        let wanted = text.to_lowercase();
        self.materials.iter().position(|m| {
            let m = m.to_lowercase();
            !m.is_empty() && (wanted.contains(&m) || m.contains(&wanted))
        })
    }
}

/// Words that say what a material is, lower case: three or more letters,
/// without the words every costly material shares (a three-letter noun
/// such as `ink` or `gem` counts; `the`, `and` do not).
pub(crate) fn significant_words(text: &str) -> Vec<String> {
    const FILLER: &[&str] = &[
        "worth", "which", "spell", "consumes", "least", "more", "each", "that", "with", "from",
        "your", "this", "gold", "piece", "pieces", "total", "value", "the", "and", "for", "one",
        "you", "its", "any", "all", "per", "has", "are", "can", "not", "but", "nor", "two", "own",
        "out", "off", "use", "may", "who", "how",
    ];
    text.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| w.chars().count() >= 3 && !w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !FILLER.contains(&w.as_str()))
        .collect()
}

/// The largest worth in GP a material's text states (`300 GP`, `300+ gp`,
/// `500gp`), if any.
pub(crate) fn gp_value(text: &str) -> Option<u64> {
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    let mut best = None;
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b',') {
            i += 1;
        }
        let number: String = lower[start..i]
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        let rest = lower[i..].trim_start_matches(['+', ' ']);
        if rest.starts_with("gp")
            && let Ok(v) = number.parse::<u64>()
        {
            best = best.max(Some(v));
        }
    }
    best
}

#[cfg(test)]
mod material_tests {
    use super::*;
    use crate::spell::Material;

    fn carrying(items: &[&str]) -> Equipment {
        Equipment {
            materials: items.iter().map(|s| s.to_string()).collect(),
            ..Equipment::default()
        }
    }

    #[test]
    fn r14c_a_costly_material_is_the_named_thing_of_at_least_its_worth() {
        let diamond = Material {
            text: "a diamond worth 300+ GP, which the spell consumes".into(),
            cost_gp: Some(300),
            consumed: true,
        };
        assert_eq!(carrying(&["a"]).material_for(&diamond), None);
        assert_eq!(carrying(&["diamond"]).material_for(&diamond), None);
        assert_eq!(
            carrying(&["diamond worth 50 GP"]).material_for(&diamond),
            None
        );
        assert_eq!(
            carrying(&["ruby worth 500 GP"]).material_for(&diamond),
            None
        );
        assert_eq!(
            carrying(&["ruby worth 500 GP", "Diamond worth 1,000 gp"]).material_for(&diamond),
            Some(1)
        );
        assert_eq!(carrying(&[&diamond.text]).material_for(&diamond), Some(0));
        let ink = Material {
            text: "ink worth 10+ GP, which the spell consumes".into(),
            cost_gp: Some(10),
            consumed: true,
        };
        assert_eq!(carrying(&["ink worth 10 GP"]).material_for(&ink), Some(0));
        assert_eq!(carrying(&["the ruby worth 50 GP"]).material_for(&ink), None);
        assert_eq!(gp_value("a diamond 500gp"), Some(500));
    }
}
