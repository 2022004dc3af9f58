//! Splits dice notation into tokens, tracking char offsets for error messages.

#[cfg(test)]
use crate::error::{EXPECTED_OPERAND, ParseError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A run of digits; saturates at `u64::MAX` so every limit check still rejects it.
    Num(u64),
    /// A run of letters, lower-cased, as the keyword it spells (`d`, `kh`, `ro`, `adv`,
    /// Czech `k`, `výh`), or [`NOT_A_KEYWORD`] for any other word.
    Word(&'static str),
    /// One of `+ - * / ( ) ! < > = %`.
    Sym(char),
}

impl Default for Tok {
    fn default() -> Self {
        Self::Sym(' ')
    }
}

/// Every word the grammar knows, lower-cased.
const KEYWORDS: [&str; 16] = [
    "d", "k", "kh", "kl", "dh", "dl", "r", "ro", "mi", "ma", "adv", "dis", "výh", "vyh", "nevýh",
    "nevyh",
];

/// The keyword an ASCII word spells, case-insensitively.
fn ascii_keyword(word: &[u8]) -> &'static str {
    KEYWORDS
        .iter()
        .find(|k| k.as_bytes().eq_ignore_ascii_case(word))
        .copied()
        .unwrap_or(NOT_A_KEYWORD)
}

/// What [`Tok::Word`] holds for a word that is no keyword (it matches no keyword arm).
pub(crate) const NOT_A_KEYWORD: &str = "…";

/// Bytes of the longest word compared with the keywords; longer words are no keyword.
const WORD_BYTES: usize = 8;

/// A word being read, lower-cased into a small buffer.
struct Word {
    len: usize,
    bytes: [u8; WORD_BYTES],
}

impl Word {
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            if let Some(b) = self.bytes.get_mut(self.len) {
                *b = c.to_ascii_lowercase() as u8;
            }
            self.len += 1;
            return;
        }
        for lower in c.to_lowercase() {
            let mut buf = [0; 4];
            for &b in lower.encode_utf8(&mut buf).as_bytes() {
                if let Some(slot) = self.bytes.get_mut(self.len) {
                    *slot = b;
                }
                self.len += 1;
            }
        }
    }

    fn keyword(&self) -> &'static str {
        let word = self.bytes.get(..self.len).unwrap_or_default();
        KEYWORDS
            .iter()
            .find(|k| k.as_bytes() == word)
            .copied()
            .unwrap_or(NOT_A_KEYWORD)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    /// Char offset of the token's first character.
    pub(crate) pos: usize,
}

/// The char offset of the first character no token can start with, if any. The parser
/// checks this before reading, so such a character is reported before any later error.
pub(crate) fn first_invalid(input: &str) -> Option<usize> {
    input.chars().position(|c| {
        !(c.is_whitespace()
            || c.is_ascii_digit()
            || c.is_alphabetic()
            || is_symbol(c)
            || matches!(c, '−' | '–' | '×'))
    })
}

fn is_symbol(c: char) -> bool {
    matches!(
        c,
        '+' | '-' | '*' | '/' | '(' | ')' | '!' | '<' | '>' | '=' | '%'
    )
}

/// Reads tokens one at a time (the parser needs one token of lookahead, never a list);
/// whitespace between tokens is skipped. A character no token starts with ends the input
/// early; the parser then reports it (see [`first_invalid`]).
pub(crate) struct Lexer<'a> {
    input: &'a str,
    /// Byte offset of the next unread character.
    byte: usize,
    /// Char offset of the next unread character (the input's length in chars at the end).
    pos: usize,
    /// Whether reading stopped at a character no token starts with.
    stopped_early: bool,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(input: &'a str) -> Self {
        Self {
            input,
            byte: 0,
            pos: 0,
            stopped_early: false,
        }
    }

    /// Whether reading stopped at a character no token starts with.
    pub(crate) fn stopped_early(&self) -> bool {
        self.stopped_early
    }

    /// Char offset of the next unread character; at the end, the input's length in chars.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    fn peek(&self) -> Option<char> {
        let b = *self.input.as_bytes().get(self.byte)?;
        if b.is_ascii() {
            Some(char::from(b))
        } else {
            self.input.get(self.byte..)?.chars().next()
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.byte += c.len_utf8();
        self.pos += 1;
        Some(c)
    }

    /// The next token, or `None` at the end of the input.
    pub(crate) fn next_token(&mut self) -> Option<Token> {
        let bytes = self.input.as_bytes();
        // ASCII fast path: everyday notation is ASCII, one byte per char.
        while let Some(&b) = bytes.get(self.byte) {
            let pos = self.pos;
            let tok = match b {
                b' ' | b'\t' => {
                    self.byte += 1;
                    self.pos += 1;
                    continue;
                }
                b'0'..=b'9' => {
                    let mut n = 0u64;
                    while let Some(&d @ b'0'..=b'9') = bytes.get(self.byte) {
                        n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
                        self.byte += 1;
                        self.pos += 1;
                    }
                    Tok::Num(n)
                }
                b'a'..=b'z' | b'A'..=b'Z' => {
                    let start = self.byte;
                    while let Some(b'a'..=b'z' | b'A'..=b'Z') = bytes.get(self.byte) {
                        self.byte += 1;
                    }
                    if bytes.get(self.byte).is_some_and(|b| !b.is_ascii()) {
                        // A non-ASCII letter may continue the word (`výh`): read it whole.
                        self.byte = start;
                        break;
                    }
                    self.pos += self.byte - start;
                    Tok::Word(ascii_keyword(
                        bytes.get(start..self.byte).unwrap_or_default(),
                    ))
                }
                b'+' | b'-' | b'*' | b'/' | b'(' | b')' | b'!' | b'<' | b'>' | b'=' | b'%' => {
                    self.byte += 1;
                    self.pos += 1;
                    Tok::Sym(char::from(b))
                }
                _ => break,
            };
            return Some(Token { tok, pos });
        }
        self.next_token_slow()
    }

    /// Any character, ASCII or not, one `char` at a time.
    fn next_token_slow(&mut self) -> Option<Token> {
        let (pos, c) = loop {
            let pos = self.pos;
            let c = self.bump()?;
            if !c.is_whitespace() {
                break (pos, c);
            }
        };
        let tok = if let Some(d) = c.to_digit(10) {
            let mut n = u64::from(d);
            while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                self.bump();
            }
            Tok::Num(n)
        } else if c.is_alphabetic() {
            let mut word = Word {
                len: 0,
                bytes: [0; WORD_BYTES],
            };
            word.push(c);
            while let Some(c) = self.peek() {
                if !c.is_alphabetic() {
                    break;
                }
                word.push(c);
                self.bump();
            }
            Tok::Word(word.keyword())
        } else if is_symbol(c) {
            Tok::Sym(c)
        } else if c == '−' || c == '–' {
            // Typographic minus and en dash, as pasted from rulebooks.
            Tok::Sym('-')
        } else if c == '×' {
            Tok::Sym('*')
        } else {
            self.stopped_early = true;
            return None;
        };
        Some(Token { tok, pos })
    }
}

/// Tokens of `input`; whitespace between tokens is ignored.
#[cfg(test)]
pub(crate) fn tokenize(input: &str) -> Result<Vec<Token>, ParseError> {
    if let Some(position) = first_invalid(input) {
        return Err(ParseError::Syntax {
            position,
            expected: EXPECTED_OPERAND,
        });
    }
    let mut lexer = Lexer::new(input);
    Ok(std::iter::from_fn(|| lexer.next_token()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_words_numbers_and_symbols_with_char_offsets() {
        let toks = tokenize("4D6 kh3 + výh").unwrap_or_default();
        let kinds: Vec<_> = toks.iter().map(|t| (t.tok, t.pos)).collect();
        assert_eq!(
            kinds,
            vec![
                (Tok::Num(4), 0),
                (Tok::Word("d"), 1),
                (Tok::Num(6), 2),
                (Tok::Word("kh"), 4),
                (Tok::Num(3), 6),
                (Tok::Sym('+'), 8),
                (Tok::Word("výh"), 10),
            ]
        );
        let long = tokenize("1d6 NEVÝH nevýhoda").unwrap_or_default();
        assert_eq!(long[3].tok, Tok::Word("nevýh"));
        assert_eq!(long[4].tok, Tok::Word(NOT_A_KEYWORD));
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
