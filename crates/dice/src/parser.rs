//! Recursive-descent parser from tokens to [`Expr`].
//!
//! Grammar (case-insensitive, whitespace ignored):
//!
//! ```text
//! expr     = term (("+" | "-") term)*
//! term     = unary (("*" | "/") unary)*
//! unary    = ("-" | "+") unary | atom
//! atom     = number | dice | "adv" | "dis" | "výh" | "nevýh" | "(" expr ")"
//! dice     = [number] ("d" | "k") (number | "%") modifier*
//! modifier = ("kh" | "kl" | "dh" | "dl") [number]
//!          | ("r" | "ro") compare | "!" [compare] | ("mi" | "ma") number
//! compare  = ["<" | ">" | "="] number
//! ```

use std::str::FromStr;

use crate::error::{
    EXPECTED_CLOSE, EXPECTED_MODIFIER, EXPECTED_NUMBER, EXPECTED_OPERAND, EXPECTED_OPERATOR,
    EXPECTED_SIDES, ParseError,
};
use crate::expr::{BinOp, Compare, DiceTerm, Expr, Keep, Node, Reroll, neg_bounds};
use crate::inline::InlineVec;
use crate::lexer::{Lexer, Tok, Token, first_invalid};
use crate::limits::{
    MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPRESSION_CHARS, MAX_NESTING, MAX_RESULT,
    MAX_SIDES,
};
use crate::nodes::Nodes;

/// Parses dice notation such as `8d6`, `1d20 + 7`, `4d6kh3`, `adv + 5` or Czech `2k6 + 3`.
///
/// Accepted: `NdM` and `dM` (Czech `NkM` too), `d%` (= `d100`), integer constants,
/// `+ - * /` (division floors) with the usual precedence, unary minus, parentheses,
/// keep/drop (`kh`, `kl`, `dh`, `dl`, count defaults to 1), reroll once (`ro1`, `ro<3`) and
/// reroll while (`r1`, `r<3`), exploding (`!` on the highest face, `!>4`, `!5`), per-roll face
/// limits (`mi2`, `ma5`), and `adv`/`dis` (Czech `výh`/`nevýh`) standing for `2d20kh1`/`2d20kl1`
/// as a whole operand, so advantage plus a bonus is `adv + 5`.
/// `<` and `>` are strict. A literal zero divisor is rejected; a divisor that is rolled
/// as zero makes that division 0.
///
/// # Errors
/// A [`ParseError`] with the char offset and what was expected; limits (see
/// [`crate::MAX_DICE_PER_TERM`] and friends) are errors too.
pub fn parse(input: &str) -> Result<Expr, ParseError> {
    // The everyday shapes (`1d20 + 7`, `4d6kh3`) are read directly; anything else, and
    // anything the fast path is unsure of, goes through the full parser below.
    if let Some(expr) = crate::simple::parse_simple(input) {
        return Ok(expr);
    }
    parse_general(input)
}

/// The full recursive-descent parser, for every input; [`parse`] tries the fast path
/// first, which must give exactly what this gives (a property test compares them).
pub(crate) fn parse_general(input: &str) -> Result<Expr, ParseError> {
    // A string of at most MAX bytes has at most MAX chars; only longer ones need counting.
    if input.len() > MAX_EXPRESSION_CHARS && input.chars().nth(MAX_EXPRESSION_CHARS).is_some() {
        return Err(ParseError::ExpressionTooLong {
            limit: MAX_EXPRESSION_CHARS,
        });
    }
    let mut lexer = Lexer::new(input);
    let mut parser = Parser {
        current: lexer.next_token(),
        lexer,
        total_dice: 0,
        nodes: InlineVec::new(),
        bounds: InlineVec::new(),
    };
    let parsed = parser.expr(0).and_then(|_| match parser.peek() {
        Some(t) => Err(ParseError::Syntax {
            position: t.pos,
            expected: EXPECTED_OPERATOR,
        }),
        None => Ok(()),
    });
    // A character no token starts with is reported before anything else, wherever it is;
    // the lexer stops at one, so only a failed or cut-short parse needs the scan.
    if parsed.is_err() || parser.lexer.stopped_early() {
        if let Some(position) = first_invalid(input) {
            return Err(ParseError::Syntax {
                position,
                expected: EXPECTED_OPERAND,
            });
        }
    }
    parsed?;
    let expr = Expr {
        nodes: Nodes::from_slice(&parser.nodes),
    };
    // The canonical notation can be longer than the input (`d%+d%` prints as
    // `1d100 + 1d100`), at most CANONICAL_GROWTH times. It must stay within the limit too,
    // or a stored expression would not parse back.
    if parser.lexer.pos().saturating_mul(CANONICAL_GROWTH) > MAX_EXPRESSION_CHARS
        && expr.to_string().chars().nth(MAX_EXPRESSION_CHARS).is_some()
    {
        return Err(ParseError::ExpressionTooLong {
            limit: MAX_EXPRESSION_CHARS,
        });
    }
    Ok(expr)
}

/// Upper bound of canonical length / input length. The worst cases add a count and spaces:
/// `d%+` (3 chars) prints as `1d100 + ` (8), `adv+` (4) as `2d20kh1 + ` (10).
const CANONICAL_GROWTH: usize = 3;

impl FromStr for Expr {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

/// Index of a node in the parser's post-order array.
type Id = u32;

struct Parser<'a> {
    lexer: Lexer<'a>,
    /// The token under the cursor (one token of lookahead is all the grammar needs).
    current: Option<Token>,
    total_dice: u64,
    /// The tree being built, in post-order (see [`Expr`]).
    nodes: InlineVec<Node, 8>,
    /// The least and greatest value of each node in `nodes`, at the same index, computed
    /// once when the node is pushed (an operator's come from its operands').
    bounds: InlineVec<(i64, i64), 8>,
}

impl Parser<'_> {
    /// The bounds of an already pushed node.
    fn bounds_of(&self, id: Id) -> (i64, i64) {
        self.bounds.get(id as usize).copied().unwrap_or((0, 0))
    }

    fn push(&mut self, node: Node) -> Id {
        let bounds = match node {
            Node::Const(c) => (c, c),
            Node::Dice(term) => term.bounds(),
            Node::Neg(inner) => neg_bounds(self.bounds_of(inner)),
            Node::Binary(op, l, r) => op.bounds(self.bounds_of(l), self.bounds_of(r)),
        };
        self.nodes.push(node);
        self.bounds.push(bounds);
        // At most MAX_EXPRESSION_CHARS nodes, so the index fits.
        u32::try_from(self.nodes.len() - 1).unwrap_or(u32::MAX)
    }

    /// Pushes `left op right` if every value it can take lies within [`MAX_RESULT`]; its
    /// operands were checked when they were built, so one check per operator covers every
    /// intermediate value.
    fn binary(&mut self, op: BinOp, left: Id, right: Id, op_pos: usize) -> Result<Id, ParseError> {
        let id = self.push(Node::Binary(op, left, right));
        let (lo, hi) = self.bounds_of(id);
        if lo < -MAX_RESULT || hi > MAX_RESULT {
            return Err(ParseError::ResultOutOfRange {
                position: op_pos,
                limit: MAX_RESULT,
            });
        }
        Ok(id)
    }

    fn peek(&self) -> Option<&Token> {
        self.current.as_ref()
    }

    fn peek_tok(&self) -> Option<&Tok> {
        self.peek().map(|t| &t.tok)
    }

    fn pos(&self) -> usize {
        // At the end of input the lexer stands at the input's length in chars.
        self.peek().map_or(self.lexer.pos(), |t| t.pos)
    }

    fn advance(&mut self) {
        if self.current.is_some() {
            self.current = self.lexer.next_token();
        }
    }

    fn bump(&mut self) -> Option<Token> {
        let t = self.current;
        self.advance();
        t
    }

    fn eat_sym(&mut self, c: char) -> bool {
        if self.peek_tok() == Some(&Tok::Sym(c)) {
            self.advance();
            true
        } else {
            false
        }
    }

    fn syntax(&self, expected: &'static str) -> ParseError {
        ParseError::Syntax {
            position: self.pos(),
            expected,
        }
    }

    fn expr(&mut self, depth: usize) -> Result<Id, ParseError> {
        let mut left = self.term(depth)?;
        loop {
            let op = match self.peek_tok() {
                Some(Tok::Sym('+')) => BinOp::Add,
                Some(Tok::Sym('-')) => BinOp::Sub,
                _ => return Ok(left),
            };
            let op_pos = self.pos();
            self.advance();
            let right = self.term(depth)?;
            left = self.binary(op, left, right, op_pos)?;
        }
    }

    fn term(&mut self, depth: usize) -> Result<Id, ParseError> {
        let mut left = self.unary(depth)?;
        loop {
            let op = match self.peek_tok() {
                Some(Tok::Sym('*')) => BinOp::Mul,
                Some(Tok::Sym('/')) => BinOp::Div,
                _ => return Ok(left),
            };
            let op_pos = self.pos();
            self.advance();
            let right = self.unary(depth)?;
            if op == BinOp::Div && self.nodes.get(right as usize) == Some(&Node::Const(0)) {
                return Err(ParseError::DivisionByZero { position: op_pos });
            }
            left = self.binary(op, left, right, op_pos)?;
        }
    }

    fn nest(&self, depth: usize) -> Result<usize, ParseError> {
        if depth >= MAX_NESTING {
            return Err(ParseError::TooDeep {
                position: self.pos(),
                limit: MAX_NESTING,
            });
        }
        Ok(depth + 1)
    }

    fn unary(&mut self, depth: usize) -> Result<Id, ParseError> {
        if self.eat_sym('-') {
            let inner = self.unary(self.nest(depth)?)?;
            // A minus on a literal is part of the literal, so `-3` prints and re-parses as one.
            // The inner node is the last one pushed, so it is replaced in place.
            if let Some(last) = self.nodes.last_mut() {
                if let Node::Const(c) = *last {
                    if c >= 0 {
                        *last = Node::Const(-c);
                        if let Some(b) = self.bounds.last_mut() {
                            *b = (-c, -c);
                        }
                        return Ok(inner);
                    }
                }
            }
            return Ok(self.push(Node::Neg(inner)));
        }
        if self.eat_sym('+') {
            return self.unary(self.nest(depth)?);
        }
        self.atom(depth)
    }

    fn atom(&mut self, depth: usize) -> Result<Id, ParseError> {
        let start = self.pos();
        match self.peek_tok().copied() {
            Some(Tok::Num(n)) => {
                self.advance();
                if matches!(self.peek_tok(), Some(Tok::Word(w)) if is_die_letter(w)) {
                    return self.dice(start, n);
                }
                if n > MAX_CONSTANT.unsigned_abs() {
                    return Err(ParseError::NumberTooLarge {
                        position: start,
                        limit: MAX_CONSTANT,
                    });
                }
                // Bounded by MAX_CONSTANT just above.
                Ok(self.push(Node::Const(i64::try_from(n).unwrap_or(MAX_CONSTANT))))
            }
            Some(Tok::Word(w)) if is_die_letter(w) => self.dice(start, 1),
            Some(Tok::Word(w)) => {
                let keep = match w {
                    "adv" | "výh" | "vyh" => Keep::Highest(1),
                    "dis" | "nevýh" | "nevyh" => Keep::Lowest(1),
                    _ => return Err(self.syntax(EXPECTED_OPERAND)),
                };
                self.advance();
                self.count_dice(start, 2)?;
                Ok(self.push(Node::Dice(DiceTerm {
                    keep: Some(keep),
                    ..DiceTerm::plain(2, 20)
                })))
            }
            Some(Tok::Sym('(')) => {
                let inner_depth = self.nest(depth)?;
                self.advance();
                let inner = self.expr(inner_depth)?;
                if !self.eat_sym(')') {
                    return Err(self.syntax(EXPECTED_CLOSE));
                }
                Ok(inner)
            }
            _ => Err(self.syntax(EXPECTED_OPERAND)),
        }
    }

    fn count_dice(&mut self, position: usize, count: u64) -> Result<(), ParseError> {
        if count > u64::from(MAX_DICE_PER_TERM) {
            return Err(ParseError::TooManyDice {
                position,
                count,
                limit: MAX_DICE_PER_TERM,
            });
        }
        self.total_dice += count;
        if self.total_dice > u64::from(MAX_DICE_TOTAL) {
            return Err(ParseError::TooManyDice {
                position,
                count: self.total_dice,
                limit: MAX_DICE_TOTAL,
            });
        }
        Ok(())
    }

    /// A dice term; the die letter is the next token.
    fn dice(&mut self, start: usize, count: u64) -> Result<Id, ParseError> {
        self.count_dice(start, count)?;
        self.advance(); // the die letter
        let sides_pos = self.pos();
        let sides = match self.bump().map(|t| t.tok) {
            Some(Tok::Num(n)) => n,
            Some(Tok::Sym('%')) => 100,
            _ => {
                return Err(ParseError::Syntax {
                    position: sides_pos,
                    expected: EXPECTED_SIDES,
                });
            }
        };
        if sides == 0 {
            return Err(ParseError::ZeroSides {
                position: sides_pos,
            });
        }
        if sides > u64::from(MAX_SIDES) {
            return Err(ParseError::TooManySides {
                position: sides_pos,
                sides,
                limit: MAX_SIDES,
            });
        }
        // Both bounded by the checks above.
        let mut term = DiceTerm::plain(
            u32::try_from(count).unwrap_or(MAX_DICE_PER_TERM),
            u32::try_from(sides).unwrap_or(MAX_SIDES),
        );
        let mut explode_pos = None;
        let mut reroll_pos = None;
        let mut limit_pos = None;
        loop {
            let pos = self.pos();
            match self.peek_tok().copied() {
                Some(Tok::Sym('!')) => {
                    self.advance();
                    let when = self.optional_compare()?.unwrap_or(Compare::Eq(term.sides));
                    set_once(&mut term.explode, when, pos)?;
                    explode_pos = Some(pos);
                }
                Some(Tok::Word(w)) => {
                    self.advance();
                    match w {
                        "kh" | "kl" | "dh" | "dl" => {
                            let n = match self.peek_tok() {
                                Some(Tok::Num(_)) => self.small_number()?,
                                _ => 1,
                            };
                            if n > term.count {
                                return Err(ParseError::KeepTooMany {
                                    position: pos,
                                    requested: n,
                                    count: term.count,
                                });
                            }
                            let keep = match w {
                                "kh" => Keep::Highest(n),
                                "kl" => Keep::Lowest(n),
                                "dh" => Keep::DropHighest(n),
                                _ => Keep::DropLowest(n),
                            };
                            set_once(&mut term.keep, keep, pos)?;
                        }
                        "r" | "ro" => {
                            let when = self.compare()?;
                            let reroll = Reroll {
                                once: w == "ro",
                                when,
                            };
                            set_once(&mut term.reroll, reroll, pos)?;
                            reroll_pos = Some(pos);
                        }
                        "mi" => {
                            let n = self.small_number()?;
                            set_once(&mut term.min_face, n, pos)?;
                            limit_pos = Some(pos);
                        }
                        "ma" => {
                            let n = self.small_number()?;
                            set_once(&mut term.max_face, n, pos)?;
                            limit_pos = Some(pos);
                        }
                        _ => {
                            return Err(ParseError::Syntax {
                                position: pos,
                                expected: EXPECTED_MODIFIER,
                            });
                        }
                    }
                }
                _ => break,
            }
        }
        check_term(&term, reroll_pos, explode_pos, limit_pos)?;
        Ok(self.push(Node::Dice(term)))
    }

    /// A number bounded by [`MAX_SIDES`] (faces, keep counts).
    fn small_number(&mut self) -> Result<u32, ParseError> {
        let pos = self.pos();
        match self.bump().map(|t| t.tok) {
            Some(Tok::Num(n)) => u32::try_from(n).ok().filter(|&n| n <= MAX_SIDES).ok_or(
                ParseError::NumberTooLarge {
                    position: pos,
                    limit: i64::from(MAX_SIDES),
                },
            ),
            _ => Err(ParseError::Syntax {
                position: pos,
                expected: EXPECTED_NUMBER,
            }),
        }
    }

    fn compare(&mut self) -> Result<Compare, ParseError> {
        match self.optional_compare()? {
            Some(c) => Ok(c),
            None => Err(self.syntax("a face to compare with, like 1, <3 or >5")),
        }
    }

    fn optional_compare(&mut self) -> Result<Option<Compare>, ParseError> {
        let make: fn(u32) -> Compare = match self.peek_tok() {
            Some(Tok::Sym('<')) => Compare::Lt,
            Some(Tok::Sym('>')) => Compare::Gt,
            Some(Tok::Sym('=')) => Compare::Eq,
            Some(Tok::Num(_)) => return Ok(Some(Compare::Eq(self.small_number()?))),
            _ => return Ok(None),
        };
        self.advance();
        Ok(Some(make(self.small_number()?)))
    }
}

fn is_die_letter(word: &str) -> bool {
    word == "d" || word == "k"
}

fn set_once<T>(slot: &mut Option<T>, value: T, position: usize) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(ParseError::DuplicateModifier { position });
    }
    *slot = Some(value);
    Ok(())
}

/// Rejects terms that could never finish rolling or whose face limits make no sense.
fn check_term(
    term: &DiceTerm,
    reroll_pos: Option<usize>,
    explode_pos: Option<usize>,
    limit_pos: Option<usize>,
) -> Result<(), ParseError> {
    let standing = || (1..=term.sides).filter(|&f| term.can_stand(f));
    // Plain `if let` + `filter` rather than let-chains, which need Rust 1.88 (MSRV is 1.85).
    if let Some(position) = reroll_pos.filter(|_| standing().next().is_none()) {
        return Err(ParseError::ImpossibleReroll { position });
    }
    if let Some(position) = explode_pos.filter(|_| standing().all(|f| term.explodes_on(f))) {
        return Err(ParseError::ImpossibleExplode { position });
    }
    if let Some(position) = limit_pos {
        let lo = term.min_face.unwrap_or(1);
        let hi = term.max_face.unwrap_or(term.sides);
        if lo < 1 || hi > term.sides || lo > hi {
            return Err(ParseError::BadFaceLimit { position });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(input: &str) -> String {
        parse(input).map_or_else(|e| format!("error {}", e.code()), |e| e.to_string())
    }

    #[test]
    fn canonical_notation() {
        for (input, expected) in [
            ("8d6", "8d6"),
            ("d20 + 7", "1d20 + 7"),
            ("4D6KH3", "4d6kh3"),
            ("2d20kl", "2d20kl1"),
            ("adv+5", "2d20kh1 + 5"),
            ("DIS", "2d20kl1"),
            ("2k6+3", "2d6 + 3"),
            ("nevýh - 1", "2d20kl1 - 1"),
            ("d%", "1d100"),
            ("1d6!", "1d6!"),
            ("1d6!6", "1d6!"),
            ("1d6!>4", "1d6!>4"),
            ("2d6 ro<3", "2d6ro<3"),
            ("4d6dl1r1", "4d6r1dl1"),
            ("1d8mi2ma7", "1d8mi2ma7"),
            ("(1+2)*3", "(1 + 2) * 3"),
            ("1-(2-3)", "1 - (2 - 3)"),
            ("-3*2", "-3 * 2"),
            ("--3", "--3"),
            ("-(1d6)", "-1d6"),
            ("-(1+1d4)", "-(1 + 1d4)"),
            ("2*-1d4", "2 * -1d4"),
            ("+5", "5"),
            ("10 / 3", "10 / 3"),
            ("0d6", "0d6"),
        ] {
            assert_eq!(canon(input), expected, "input {input}");
            assert_eq!(canon(expected), expected, "re-parse of {expected}");
        }
    }

    #[test]
    fn errors_carry_code_and_position() {
        for (input, code, position) in [
            ("", "dice_syntax", 0),
            ("1d", "dice_syntax", 2),
            ("1d6 +", "dice_syntax", 5),
            ("1d6 2", "dice_syntax", 4),
            ("(1d6", "dice_syntax", 4),
            ("1d0", "dice_zero_sides", 2),
            ("1001d6", "dice_too_many", 0),
            ("1d10001", "dice_too_many_sides", 2),
            ("1d6r<7", "dice_impossible_reroll", 3),
            ("1d6r<6!", "dice_impossible_explode", 6),
            ("1d1!", "dice_impossible_explode", 3),
            ("4d6kh5", "dice_keep_too_many", 3),
            ("1d6mi7", "dice_bad_face_limit", 3),
            ("1d6mi4ma3", "dice_bad_face_limit", 6),
            ("4d6kh1kl1", "dice_duplicate_modifier", 6),
            ("1d6/0", "dice_division_by_zero", 3),
            ("1d6/(1-1)", "dice_syntax", usize::MAX),
            ("1d6 x", "dice_syntax", 4),
            ("1d20adv", "dice_syntax", 4),
            ("10000000000", "dice_number_too_large", 0),
        ] {
            match parse(input) {
                Err(e) => {
                    assert_eq!(
                        (e.code(), e.position()),
                        (code, position),
                        "input {input:?}"
                    );
                }
                Ok(expr) => assert_eq!(position, usize::MAX, "{input:?} parsed as {expr}"),
            }
        }
    }

    #[test]
    fn total_dice_limit_spans_terms() {
        let many = ["1000d6"; 11].join("+");
        assert_eq!(parse(&many).err().map(|e| e.code()), Some("dice_too_many"));
        let ten = ["1000d6"; 10].join("+");
        assert!(parse(&ten).is_ok());
    }

    #[test]
    fn canonical_notation_must_fit_the_length_limit_too() {
        // 999 characters of input whose canonical form is about 2.7 times longer.
        let input = format!("{}d%", "d%+".repeat(332));
        assert_eq!(input.chars().count(), 998);
        assert_eq!(
            parse(&input).err().map(|e| e.code()),
            Some("dice_expression_too_long")
        );
        let fits = format!("{}d%", "d%+".repeat(120));
        let shown = parse(&fits).map(|e| e.to_string()).unwrap_or_default();
        assert!(shown.len() > fits.len() * 2 && shown.len() <= MAX_EXPRESSION_CHARS);
        assert!(parse(&shown).is_ok());
    }

    #[test]
    fn length_and_nesting_limits() {
        let long = "1+".repeat(600);
        assert_eq!(
            parse(&long).err().map(|e| e.code()),
            Some("dice_expression_too_long")
        );
        let deep = format!("{}1{}", "(".repeat(65), ")".repeat(65));
        assert_eq!(parse(&deep).err().map(|e| e.code()), Some("dice_too_deep"));
        let ok = format!("{}1{}", "(".repeat(64), ")".repeat(64));
        assert!(parse(&ok).is_ok());
        assert_eq!(
            parse(&"-".repeat(100)).err().map(|e| e.code()),
            Some("dice_too_deep")
        );
    }
}
