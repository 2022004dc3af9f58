//! The state a [`Caster`](crate::Caster) keeps that has a module of its
//! own: leaves beneath `caster` and `event`, so the caster and the events
//! that change it can both name them. What changes them (the actions) sits
//! above the caster.

pub(crate) mod death_saves;
pub(crate) mod extra_spell;
pub(crate) mod hit_dice;
pub(crate) mod level_hit_points;
pub(crate) mod pick;
pub(crate) mod stat_block;

/// Serde's test for a counter left out while it is zero.
pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}
