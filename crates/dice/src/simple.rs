//! A fast path for the notation most rolls use: one dice term, an optional keep/drop, and
//! an optional constant added or subtracted (`1d20+7`, `8d6 + 4`, `4d6kh3`, `d8-1`).
//!
//! It reads the bytes directly instead of building tokens and a tree, and gives up
//! (`None`) on anything else or anything the full parser might reject, so errors always
//! come from the full parser. On the inputs it accepts it builds exactly the nodes the full
//! parser builds (a property test compares both on generated inputs).

use crate::expr::{BinOp, DiceTerm, Expr, Keep, Node};
use crate::limits::{MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_SIDES};
use crate::nodes::Nodes;

/// Longest input the fast path reads; longer ones are rare and go to the full parser, so
/// no length limit needs checking here.
const MAX_SIMPLE_BYTES: usize = 64;

/// Longest run of digits read; longer numbers are over every limit and left to the full
/// parser, so the value below never overflows.
const MAX_DIGITS: usize = 10;

/// The expression `input` spells if it has the everyday shape
/// `[count] (d|k) sides [(kh|kl|dh|dl) [n]] [(+|-) constant]` in ASCII (case-insensitive,
/// spaces or tabs around the operator and at the ends), and every number is within its
/// limit; otherwise `None`.
pub(crate) fn parse_simple(input: &str) -> Option<Expr> {
    let bytes = input.as_bytes();
    if bytes.len() > MAX_SIMPLE_BYTES {
        return None;
    }
    let mut cur = Cursor { bytes, at: 0 };
    cur.skip_blanks();
    // No count means one die; an over-long count leaves the cursor on a digit, which is
    // no die letter, so it is refused just below.
    let count = cur.number().unwrap_or(1);
    if !matches!(cur.next_byte()?.to_ascii_lowercase(), b'd' | b'k') {
        return None;
    }
    // The side count must follow the die letter at once: `d` plus a letter is another word.
    let sides = cur.number()?;
    if count > u64::from(MAX_DICE_PER_TERM) || sides == 0 || sides > u64::from(MAX_SIDES) {
        return None;
    }
    // Both bounded just above.
    let mut term = DiceTerm::plain(u32::try_from(count).ok()?, u32::try_from(sides).ok()?);
    if let Some(&b) = cur.peek() {
        if b.is_ascii_alphabetic() {
            term.keep = Some(cur.keep(term.count)?);
        }
    }
    cur.skip_blanks();
    let Some(op) = cur.next_byte() else {
        return Some(Expr {
            nodes: Nodes::from_slice(&[Node::Dice(term)]),
        });
    };
    let op = match op {
        b'+' => BinOp::Add,
        b'-' => BinOp::Sub,
        _ => return None,
    };
    cur.skip_blanks();
    let constant = cur.number()?;
    cur.skip_blanks();
    if cur.peek().is_some() || constant > MAX_CONSTANT.unsigned_abs() {
        return None;
    }
    // Bounded by MAX_CONSTANT just above. The sum's bounds are within MAX_RESULT: at most
    // MAX_DICE_PER_TERM × MAX_SIDES plus MAX_CONSTANT.
    let constant = i64::try_from(constant).ok()?;
    Some(Expr {
        nodes: Nodes::from_slice(&[
            Node::Dice(term),
            Node::Const(constant),
            Node::Binary(op, 0, 1),
        ]),
    })
}

/// A position in the input bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&u8> {
        self.bytes.get(self.at)
    }

    fn next_byte(&mut self) -> Option<u8> {
        let b = *self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn skip_blanks(&mut self) {
        while let Some(b' ' | b'\t') = self.peek() {
            self.at += 1;
        }
    }

    /// A run of digits, or `None` if there is none here or it is longer than
    /// [`MAX_DIGITS`].
    fn number(&mut self) -> Option<u64> {
        let start = self.at;
        let mut n = 0u64;
        while let Some(&d @ b'0'..=b'9') = self.peek() {
            if self.at - start == MAX_DIGITS {
                return None;
            }
            n = n * 10 + u64::from(d - b'0');
            self.at += 1;
        }
        (self.at > start).then_some(n)
    }

    /// A keep/drop modifier of a term of `count` dice: two letters, then an optional
    /// count (1 when absent) no greater than `count`.
    fn keep(&mut self, count: u32) -> Option<Keep> {
        let first = self.next_byte()?.to_ascii_lowercase();
        let second = self.next_byte()?.to_ascii_lowercase();
        if self.peek().is_some_and(u8::is_ascii_alphabetic) {
            // A longer word, which is no keep/drop modifier.
            return None;
        }
        let n = match self.peek() {
            Some(b'0'..=b'9') => u32::try_from(self.number()?).ok()?,
            _ => 1,
        };
        if n > count {
            return None;
        }
        match (first, second) {
            (b'k', b'h') => Some(Keep::Highest(n)),
            (b'k', b'l') => Some(Keep::Lowest(n)),
            (b'd', b'h') => Some(Keep::DropHighest(n)),
            (b'd', b'l') => Some(Keep::DropLowest(n)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::parse_simple;
    use crate::parser::parse_general;
    use crate::{SeededRng, parse};

    /// Parses `input` both ways; where the fast path answers, it must agree with the full
    /// parser in the tree, the notation, a seeded roll and its breakdown.
    fn check_same(input: &str) -> Result<(), TestCaseError> {
        let general = parse_general(input);
        let via_parse = parse(input);
        prop_assert_eq!(
            &via_parse,
            &general,
            "parse and parse_general differ on {:?}",
            input
        );
        if let Some(fast) = parse_simple(input) {
            let Ok(full) = general else {
                return Err(TestCaseError::fail(format!(
                    "fast path accepted {input:?}, the full parser refused it: {general:?}"
                )));
            };
            prop_assert_eq!(&fast, &full, "trees differ on {:?}", input);
            prop_assert_eq!(fast.to_string(), full.to_string());
            for seed in [0, 1, 42] {
                let a = fast.roll(&mut SeededRng::new(seed));
                let b = full.roll(&mut SeededRng::new(seed));
                prop_assert_eq!(a.to_string(), b.to_string());
                prop_assert_eq!(a, b);
            }
        }
        Ok(())
    }

    #[test]
    fn everyday_shapes_take_the_fast_path() {
        for input in [
            "1d20+7",
            "1d20 + 7",
            "8d6+4",
            "4d6kh3",
            "4D6KH3",
            "d8-1",
            "2k6 + 3",
            "2d20kl",
            " 1d6 ",
            "0d6",
            "4d6dl1 - 2",
            "1d20\t+\t0",
        ] {
            assert!(parse_simple(input).is_some(), "{input:?}");
            let checked = check_same(input).map_err(|e| e.to_string());
            assert_eq!(checked, Ok(()), "{input:?}");
        }
    }

    #[test]
    fn other_shapes_and_bad_input_go_to_the_full_parser() {
        for input in [
            "",
            "1d",
            "d",
            "1d0",
            "1001d6",
            "1d10001",
            "4d6kh5",
            "0d6kh",
            "1d6 +",
            "1d20+7+1",
            "1d20*2",
            "+1d20",
            "-1d20",
            "1d20 + -7",
            "1d%",
            "1dd6",
            "1 d20",
            "1d6r1",
            "1d6!",
            "4d6khh3",
            "4d6kx3",
            "1d6 x",
            "1d20 7",
            "10000000000",
            "1d20+10000000000",
            "1d20+1000000001",
            "2d6kh1kl1",
            "výh",
            "1d20 + 7\n",
            "adv + 5",
            "7",
        ] {
            assert!(parse_simple(input).is_none(), "{input:?}");
            let checked = check_same(input).map_err(|e| e.to_string());
            assert_eq!(checked, Ok(()), "{input:?}");
        }
    }

    proptest! {
        #[test]
        fn fast_path_agrees_with_the_full_parser_on_simple_shapes(
            count in prop_oneof![Just(String::new()), "[0-9]{1,5}"],
            letter in "[dDkK]",
            sides in "[0-9]{1,6}",
            keep in prop_oneof![Just(String::new()), "[kdKD][hlHL][0-9]{0,2}"],
            op in prop_oneof![Just(String::new()), "[ \t]{0,2}[-+][ \t]{0,2}[0-9]{1,11}"],
            pad in "[ \t]{0,2}",
        ) {
            check_same(&format!("{pad}{count}{letter}{sides}{keep}{op}{pad}"))?;
        }

        #[test]
        fn fast_path_agrees_with_the_full_parser_on_near_misses(
            input in "[0-9dkhlDKHL+\\-*/!%r<> \t]{0,14}",
        ) {
            check_same(&input)?;
        }
    }
}
