//! Hard limits that keep parsing, rolling and exact analysis bounded on untrusted input.

/// Most dice one `NdM` term may roll.
pub const MAX_DICE_PER_TERM: u32 = 1000;
/// Most dice a whole expression may roll (sum over its terms).
pub const MAX_DICE_TOTAL: u32 = 10_000;
/// Most sides a die may have.
pub const MAX_SIDES: u32 = 10_000;
/// Largest absolute value of a numeric literal.
pub const MAX_CONSTANT: i64 = 1_000_000_000;
/// Largest absolute value any part of an expression may reach (checked at parse time over
/// the whole range of every sub-expression), so rolling, distributions and statistics never
/// overflow 64-bit arithmetic: two values within it add, subtract and multiply exactly or
/// visibly past it.
pub const MAX_RESULT: i64 = 1_000_000_000_000;
/// Longest accepted expression, in characters.
pub const MAX_EXPRESSION_CHARS: usize = 1000;
/// Deepest nesting of parentheses and unary signs.
pub const MAX_NESTING: usize = 64;
/// Extra rolls one exploding die may add. Rolling and [`crate::Distribution`] use the same cap,
/// so a distribution describes exactly what [`crate::Expr::roll`] does.
pub const MAX_EXPLOSIONS: u32 = 3;
/// Rerolls a reroll-while (`r`) die makes before it draws directly from the faces it may keep.
/// The direct draw has the same distribution, so the cap changes nothing but the worst case.
pub const MAX_REROLLS: u32 = 100;
/// Largest support (number of distinct values, `max - min + 1`) of a distribution.
pub const MAX_SUPPORT: usize = 1 << 20;
/// Work budget (multiply-adds) for one exact distribution: about a tenth of a second on one
/// core, so a user-supplied expression cannot tie up a server.
pub const MAX_DISTRIBUTION_OPS: u64 = 100_000_000;
