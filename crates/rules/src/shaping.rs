//! What reshapes a casting while it resolves: the Metamagic options
//! chosen for it ([`crate::metamagic`]) and the caster's subclass features
//! that change a cast ([`crate::subclass_casting`]). Each is worked out
//! before anything is rolled; the resolution reads only this.

use crate::damage::DamageType;
use crate::metamagic::{Metamagic, Reroll};

/// A flat amount added to one damage roll of the spell (Empowered
/// Evocation, Elemental Affinity).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DamageBonus {
    /// The amount.
    pub(crate) amount: i32,
    /// Only a roll of this type takes it; `None`: the first roll.
    pub(crate) only: Option<DamageType>,
}

/// What the casting's Metamagic and subclass features do while it
/// resolves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Shaping {
    /// Metamagic options used, in the order given.
    pub(crate) used: Vec<Metamagic>,
    /// Sorcery Points spent on casting (Seeking's point is spent only if it
    /// rerolls, Empowered's only if damage is rolled).
    pub(crate) points: u8,
    /// Careful Spell and Sculpt Spells: these targets succeed on their
    /// saves unrolled and take no half damage.
    pub(crate) protected: Vec<String>,
    /// Heightened: this target saves with Disadvantage.
    pub(crate) heightened: Option<String>,
    /// Empowered: how many dice, and which.
    pub(crate) empowered: Option<(usize, Reroll)>,
    /// Seeking: reroll the first missed attack.
    pub(crate) seeking: bool,
    /// Twinned: one level above the slot.
    pub(crate) twinned: bool,
    /// Extended: Advantage on Concentration saves for it.
    pub(crate) extended: bool,
    /// Potent Cantrip: a cantrip's missed attack or made save still deals
    /// half its damage, and nothing else.
    pub(crate) potent_cantrip: bool,
    /// Overchannel: every damage die rolls its most.
    pub(crate) maximum: bool,
    /// Flat amounts added to one damage roll each.
    pub(crate) damage_bonuses: Vec<DamageBonus>,
    /// Disciple of Life: hit points added to each creature the spell heals.
    pub(crate) healing_bonus: u32,
    /// Supreme Healing: healing dice count their most.
    pub(crate) supreme_healing: bool,
    /// Blessed Healer: hit points the caster regains after healing another.
    pub(crate) blessed_healer: u32,
    /// Overchannel used, with the slot's level (its necrotic cost counts
    /// dice per level).
    pub(crate) overchannel: Option<u8>,
}

/// A shaping that changes nothing: what a plain cast resolves with.
static PLAIN: Shaping = Shaping {
    used: Vec::new(),
    points: 0,
    protected: Vec::new(),
    heightened: None,
    empowered: None,
    seeking: false,
    twinned: false,
    extended: false,
    potent_cantrip: false,
    maximum: false,
    damage_bonuses: Vec::new(),
    healing_bonus: 0,
    supreme_healing: false,
    blessed_healer: 0,
    overchannel: None,
};

/// A casting's [`Shaping`], boxed only once something reshapes it: most
/// casts use no Metamagic and no subclass feature, and then carry (and
/// drop) one null pointer instead of the whole shaping.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CastShaping(Option<Box<Shaping>>);

impl CastShaping {
    /// What reshapes the casting ([`PLAIN`] when nothing does).
    pub(crate) fn get(&self) -> &Shaping {
        self.0.as_deref().unwrap_or(&PLAIN)
    }

    /// The shaping to change, made on first use.
    pub(crate) fn make_mut(&mut self) -> &mut Shaping {
        self.0.get_or_insert_with(Box::default)
    }
}

impl Shaping {
    /// Whether `name` is protected by Careful Spell or Sculpt Spells.
    pub(crate) fn is_protected(&self, name: &str) -> bool {
        self.protected.iter().any(|c| c.eq_ignore_ascii_case(name))
    }

    /// Whether `name` is the Heightened target.
    pub(crate) fn is_heightened(&self, name: &str) -> bool {
        self.heightened
            .as_deref()
            .is_some_and(|h| h.eq_ignore_ascii_case(name))
    }
}
