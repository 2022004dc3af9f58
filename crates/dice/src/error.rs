//! Errors of parsing dice notation and of exact analysis.

use thiserror::Error;

/// Occurs when dice notation cannot be parsed or breaks a limit.
///
/// Every variant has a char offset into the input ([`ParseError::position`]) and a stable
/// machine code ([`ParseError::code`]) that callers can map to their own messages.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Occurs when the input does not follow the notation grammar.
    #[error("dice syntax error at character {position}: expected {expected}")]
    Syntax {
        /// Char offset of the offending token (the input length at end of input).
        position: usize,
        /// What the parser was looking for, in words.
        expected: &'static str,
    },
    /// Occurs when one term or the whole expression rolls too many dice.
    #[error("too many dice at character {position}: {count} dice, at most {limit} allowed")]
    TooManyDice {
        /// Char offset of the term.
        position: usize,
        /// Dice requested (by the term, or by the expression so far).
        count: u64,
        /// The limit that was broken.
        limit: u32,
    },
    /// Occurs when a die has more sides than [`crate::MAX_SIDES`].
    #[error("die at character {position} has {sides} sides, at most {limit} allowed")]
    TooManySides {
        /// Char offset of the side count.
        position: usize,
        /// Sides requested.
        sides: u64,
        /// The limit.
        limit: u32,
    },
    /// Occurs when a die has zero sides (`d0`).
    #[error("die at character {position} has zero sides")]
    ZeroSides {
        /// Char offset of the side count.
        position: usize,
    },
    /// Occurs when the input is longer than [`crate::MAX_EXPRESSION_CHARS`].
    #[error("dice expression is longer than {limit} characters")]
    ExpressionTooLong {
        /// The limit in characters (also the reported position).
        limit: usize,
    },
    /// Occurs when parentheses or unary signs nest deeper than [`crate::MAX_NESTING`].
    #[error("dice expression nests too deep at character {position} (at most {limit} levels)")]
    TooDeep {
        /// Char offset where the limit was reached.
        position: usize,
        /// The limit.
        limit: usize,
    },
    /// Occurs when a numeric literal is larger than the notation allows.
    #[error("number at character {position} is too large (at most {limit})")]
    NumberTooLarge {
        /// Char offset of the number.
        position: usize,
        /// The limit for this kind of number.
        limit: i64,
    },
    /// Occurs when a reroll-while (`r`) condition matches every face, so no result could stand.
    #[error("reroll at character {position} matches every face of the die, so it would never stop")]
    ImpossibleReroll {
        /// Char offset of the reroll modifier.
        position: usize,
    },
    /// Occurs when an exploding condition matches every face that can be kept.
    #[error(
        "explosion at character {position} matches every face of the die, so it would never stop"
    )]
    ImpossibleExplode {
        /// Char offset of the `!` modifier.
        position: usize,
    },
    /// Occurs when a keep/drop modifier names more dice than the term rolls.
    #[error("keep/drop at character {position} names {requested} dice but the term rolls {count}")]
    KeepTooMany {
        /// Char offset of the keep/drop modifier.
        position: usize,
        /// Dice named by the modifier.
        requested: u32,
        /// Dice the term rolls.
        count: u32,
    },
    /// Occurs when `mi`/`ma` lie outside the die's faces or contradict each other.
    #[error("face limit at character {position} must lie within the die's faces (and mi <= ma)")]
    BadFaceLimit {
        /// Char offset of the `mi`/`ma` modifier.
        position: usize,
    },
    /// Occurs when a term repeats a kind of modifier (two keeps, two rerolls, ...).
    #[error("modifier at character {position} is repeated")]
    DuplicateModifier {
        /// Char offset of the repeated modifier.
        position: usize,
    },
    /// Occurs when the result (or any part of it) could pass [`crate::MAX_RESULT`] in either
    /// direction, so 64-bit arithmetic could overflow.
    #[error(
        "the value at character {position} could reach past ±{limit}; use smaller numbers or fewer multiplications"
    )]
    ResultOutOfRange {
        /// Char offset of the operator whose result is out of range.
        position: usize,
        /// The limit, [`crate::MAX_RESULT`].
        limit: i64,
    },
    /// Occurs when a literal zero is used as a divisor.
    #[error("division by zero at character {position}")]
    DivisionByZero {
        /// Char offset of the `/` operator.
        position: usize,
    },
}

impl ParseError {
    /// Stable machine code of the variant, e.g. `dice_syntax`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Syntax { .. } => "dice_syntax",
            Self::TooManyDice { .. } => "dice_too_many",
            Self::TooManySides { .. } => "dice_too_many_sides",
            Self::ZeroSides { .. } => "dice_zero_sides",
            Self::ExpressionTooLong { .. } => "dice_expression_too_long",
            Self::TooDeep { .. } => "dice_too_deep",
            Self::NumberTooLarge { .. } => "dice_number_too_large",
            Self::ImpossibleReroll { .. } => "dice_impossible_reroll",
            Self::ImpossibleExplode { .. } => "dice_impossible_explode",
            Self::KeepTooMany { .. } => "dice_keep_too_many",
            Self::BadFaceLimit { .. } => "dice_bad_face_limit",
            Self::DuplicateModifier { .. } => "dice_duplicate_modifier",
            Self::DivisionByZero { .. } => "dice_division_by_zero",
            Self::ResultOutOfRange { .. } => "dice_out_of_range",
        }
    }

    /// Char offset into the input where the problem was found.
    pub fn position(&self) -> usize {
        match self {
            Self::Syntax { position, .. }
            | Self::TooManyDice { position, .. }
            | Self::TooManySides { position, .. }
            | Self::ZeroSides { position }
            | Self::TooDeep { position, .. }
            | Self::NumberTooLarge { position, .. }
            | Self::ImpossibleReroll { position }
            | Self::ImpossibleExplode { position }
            | Self::KeepTooMany { position, .. }
            | Self::BadFaceLimit { position }
            | Self::DuplicateModifier { position }
            | Self::DivisionByZero { position }
            | Self::ResultOutOfRange { position, .. } => *position,
            Self::ExpressionTooLong { limit } => *limit,
        }
    }

    /// What the parser expected at [`ParseError::position`], in words.
    pub fn expected(&self) -> &'static str {
        match self {
            Self::Syntax { expected, .. } => expected,
            Self::TooManyDice { .. } => "fewer dice",
            Self::TooManySides { .. } | Self::ZeroSides { .. } => "a side count from 1 to 10000",
            Self::ExpressionTooLong { .. } => "a shorter expression",
            Self::TooDeep { .. } => "less nesting",
            Self::NumberTooLarge { .. } => "a smaller number",
            Self::ImpossibleReroll { .. } => "a reroll condition that leaves some face",
            Self::ImpossibleExplode { .. } => "an explode condition that leaves some face",
            Self::KeepTooMany { .. } => "at most as many dice as the term rolls",
            Self::BadFaceLimit { .. } => "a face limit within the die's faces",
            Self::DuplicateModifier { .. } => "each kind of modifier at most once",
            Self::DivisionByZero { .. } => "a non-zero divisor",
            Self::ResultOutOfRange { .. } => "smaller numbers",
        }
    }

    /// The numbers its message names, by the name the message uses
    /// (`position`, `limit`, `count`, `sides`, `requested`): with
    /// [`ParseError::code`] (and [`ParseError::expected_key`] for a syntax
    /// error) all a front end needs to word the error in any language.
    /// Holds no words; the English is [`Display`](std::fmt::Display).
    pub fn args(&self) -> Vec<(&'static str, u64)> {
        let at = ("position", self.position() as u64);
        match self {
            Self::Syntax { .. }
            | Self::ZeroSides { .. }
            | Self::ImpossibleReroll { .. }
            | Self::ImpossibleExplode { .. }
            | Self::BadFaceLimit { .. }
            | Self::DuplicateModifier { .. }
            | Self::DivisionByZero { .. } => vec![at],
            Self::TooManyDice { count, limit, .. } => {
                vec![at, ("count", *count), ("limit", u64::from(*limit))]
            }
            Self::TooManySides { sides, limit, .. } => {
                vec![at, ("sides", *sides), ("limit", u64::from(*limit))]
            }
            Self::ExpressionTooLong { limit } => vec![("limit", *limit as u64)],
            Self::TooDeep { limit, .. } => vec![at, ("limit", *limit as u64)],
            Self::NumberTooLarge { limit, .. } | Self::ResultOutOfRange { limit, .. } => {
                vec![at, ("limit", limit.unsigned_abs())]
            }
            Self::KeepTooMany {
                requested, count, ..
            } => vec![
                at,
                ("requested", u64::from(*requested)),
                ("count", u64::from(*count)),
            ],
        }
    }

    /// What a syntax error expected, as a stable key (`operand`,
    /// `operator`, `sides`, `number`, `close`, `modifier`) a front end
    /// words; `None` for the other variants, whose code says it all.
    pub fn expected_key(&self) -> Option<&'static str> {
        let Self::Syntax { expected, .. } = self else {
            return None;
        };
        Some(match *expected {
            EXPECTED_OPERAND => "operand",
            EXPECTED_OPERATOR => "operator",
            EXPECTED_SIDES => "sides",
            EXPECTED_NUMBER => "number",
            EXPECTED_CLOSE => "close",
            _ => "modifier",
        })
    }
}

pub(crate) const EXPECTED_OPERAND: &str = "a number, a die (d6), 'adv', 'dis', '(' or a sign";
pub(crate) const EXPECTED_OPERATOR: &str = "an operator (+ - * /) or the end of the expression";
pub(crate) const EXPECTED_SIDES: &str = "the number of sides or '%'";
pub(crate) const EXPECTED_NUMBER: &str = "a number";
pub(crate) const EXPECTED_CLOSE: &str = "')'";
pub(crate) const EXPECTED_MODIFIER: &str =
    "a modifier (kh, kl, dh, dl, r, ro, !, mi, ma) or an operator";

/// Occurs when an exact distribution cannot be computed within the limits.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DistributionError {
    /// Occurs when a distribution would span more values than [`crate::MAX_SUPPORT`].
    #[error("the distribution would span {span} values, at most {limit} are computed exactly")]
    TooLarge {
        /// Values the result would span (saturated).
        span: u64,
        /// The limit.
        limit: usize,
    },
    /// Occurs when the exact computation would take more than [`crate::MAX_DISTRIBUTION_OPS`] steps.
    #[error("the exact distribution needs more than {limit} steps; try fewer dice")]
    TooCostly {
        /// The work budget.
        limit: u64,
    },
    /// Occurs when the caller's [`crate::Budget`] said to stop (its time
    /// ran out, or nobody waits for the answer any more).
    #[error("the exact distribution was stopped before it was done: its time ran out")]
    Stopped,
}

impl DistributionError {
    /// Stable machine code of the variant.
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooLarge { .. } => "dice_distribution_too_large",
            Self::TooCostly { .. } => "dice_distribution_too_costly",
            Self::Stopped => "dice_distribution_stopped",
        }
    }

    /// The numbers its message names (`span`, `limit`), by the name the
    /// message uses; the words are the front end's (see
    /// [`ParseError::args`]).
    pub fn args(&self) -> Vec<(&'static str, u64)> {
        match self {
            Self::TooLarge { span, limit } => vec![("span", *span), ("limit", *limit as u64)],
            Self::TooCostly { limit } => vec![("limit", *limit)],
            Self::Stopped => Vec::new(),
        }
    }
}
