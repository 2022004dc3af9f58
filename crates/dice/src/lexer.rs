//! Splits dice notation into tokens, tracking char offsets for error messages.

use crate::error::{EXPECTED_OPERAND, ParseError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A run of digits; saturates at `u64::MAX` so every limit check still rejects it.
    Num(u64),
    /// A run of letters, lower-cased (`d`, `kh`, `ro`, `adv`, Czech `k`, `výh`).
    Word(String),
    /// One of `+ - * / ( ) ! < > = %`.
    Sym(char),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    /// Char offset of the token's first character.
    pub(crate) pos: usize,
}

/// Tokens of `input`; whitespace between tokens is ignored.
pub(crate) fn tokenize(input: &str) -> Result<Vec<Token>, ParseError> {
    let mut tokens = Vec::new();
    let mut chars = input.chars().enumerate().peekable();
    while let Some((pos, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let tok = if let Some(d) = c.to_digit(10) {
            let mut n = u64::from(d);
            while let Some(d) = chars.peek().and_then(|&(_, c)| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                chars.next();
            }
            Tok::Num(n)
        } else if c.is_alphabetic() {
            let mut word: String = c.to_lowercase().collect();
            while let Some(&(_, c)) = chars.peek() {
                if !c.is_alphabetic() {
                    break;
                }
                word.extend(c.to_lowercase());
                chars.next();
            }
            Tok::Word(word)
        } else if "+-*/()!<>=%".contains(c) {
            Tok::Sym(c)
        } else if c == '−' || c == '–' {
            // Typographic minus and en dash, as pasted from rulebooks.
            Tok::Sym('-')
        } else if c == '×' {
            Tok::Sym('*')
        } else {
            return Err(ParseError::Syntax {
                position: pos,
                expected: EXPECTED_OPERAND,
            });
        };
        tokens.push(Token { tok, pos });
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_words_numbers_and_symbols_with_char_offsets() {
        let toks = tokenize("4D6 kh3 + výh").unwrap_or_default();
        let kinds: Vec<_> = toks.iter().map(|t| (t.tok.clone(), t.pos)).collect();
        assert_eq!(
            kinds,
            vec![
                (Tok::Num(4), 0),
                (Tok::Word("d".into()), 1),
                (Tok::Num(6), 2),
                (Tok::Word("kh".into()), 4),
                (Tok::Num(3), 6),
                (Tok::Sym('+'), 8),
                (Tok::Word("výh".into()), 10),
            ]
        );
    }

    #[test]
    fn huge_numbers_saturate_and_unknown_characters_fail_at_their_offset() {
        let toks = tokenize("99999999999999999999999").unwrap_or_default();
        assert_eq!(toks[0].tok, Tok::Num(u64::MAX));
        let err = tokenize("1d6 # 2").err();
        assert_eq!(
            err.map(|e| (e.code(), e.position())),
            Some(("dice_syntax", 4))
        );
    }
}
