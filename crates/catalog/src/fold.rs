//! Text folding and edit distance for name search.
//!
//! Czech players type names with or without diacritics (`hromova vlna`), so
//! every name and query is folded the same way before comparing.

/// Lower-case, diacritics removed, punctuation turned into single spaces,
/// apostrophes dropped (`Hunter's Mark` → `hunters mark`).
pub(crate) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c == '\'' || c == '’' {
            continue;
        }
        let base = strip(c);
        if base.is_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(base);
        } else {
            pending_space = true;
        }
    }
    out
}

fn strip(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ą' => 'a',
        'č' | 'ç' | 'ć' => 'c',
        'ď' => 'd',
        'é' | 'è' | 'ê' | 'ë' | 'ě' | 'ę' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ĺ' | 'ľ' | 'ł' => 'l',
        'ň' | 'ñ' | 'ń' => 'n',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' => 'o',
        'ř' | 'ŕ' => 'r',
        'š' | 'ś' => 's',
        'ť' => 't',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' => 'u',
        'ý' | 'ÿ' => 'y',
        'ž' | 'ź' | 'ż' => 'z',
        other => other,
    }
}

/// Which letters, digits and spaces occur in a folded text, one bit each:
/// a cheap lower bound for the edit distance (see [`missing_letters`]).
pub(crate) fn letter_mask(text: &str) -> u64 {
    text.bytes().fold(0, |mask, b| mask | letter_bit(b))
}

fn letter_bit(b: u8) -> u64 {
    match b {
        b'a'..=b'z' => 1 << (b - b'a'),
        b'0'..=b'9' => 1 << (26 + b - b'0'),
        b' ' => 1 << 36,
        _ => 1 << 37,
    }
}

/// How many bytes of `query` use a letter absent from the text behind
/// `mask`; each needs its own edit, so the distance is at least this.
pub(crate) fn missing_letters(query: &[u8], mask: u64) -> usize {
    query.iter().filter(|&&b| mask & letter_bit(b) == 0).count()
}

/// Longest name the stack-only distance handles; longer ones give up.
const MAX_LEN: usize = 96;

/// Optimal-string-alignment distance (Damerau-Levenshtein with adjacent
/// transpositions), giving up early once every path exceeds `limit`.
/// Returns `None` when the distance is above `limit` (or a text is longer
/// than any spell name, 96 bytes).
pub(crate) fn distance_within(a: &[u8], b: &[u8], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    table(a, b, limit, false)
}

/// The smallest distance between `a` and any prefix of `b` (a half-typed
/// name), within `limit`.
pub(crate) fn prefix_distance_within(a: &[u8], b: &[u8], limit: usize) -> Option<usize> {
    table(a, &b[..b.len().min(a.len() + limit)], limit, true)
}

fn table(a: &[u8], b: &[u8], limit: usize, prefix: bool) -> Option<usize> {
    if a.len() > MAX_LEN || b.len() > MAX_LEN {
        return None;
    }
    // Three rolling rows on the stack: search calls this hundreds of times
    // per query, so it must not allocate.
    let width = b.len() + 1;
    let mut prev2 = [0u8; MAX_LEN + 1];
    let mut prev = [0u8; MAX_LEN + 1];
    let mut cur = [0u8; MAX_LEN + 1];
    for (j, cell) in prev.iter_mut().enumerate().take(width) {
        *cell = j as u8;
    }
    for i in 1..=a.len() {
        cur[0] = i as u8;
        let mut row_min = cur[0];
        for j in 1..width {
            let cost = u8::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        if usize::from(row_min) > limit {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = if prefix {
        usize::from(prev[..width].iter().copied().min().unwrap_or(u8::MAX))
    } else {
        usize::from(prev[b.len()])
    };
    (d <= limit).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_czech_and_punctuation() {
        assert_eq!(fold("Hromová vlna"), "hromova vlna");
        assert_eq!(fold("Zacelení zranění"), "zaceleni zraneni");
        assert_eq!(fold("Hunter's Mark"), "hunters mark");
        assert_eq!(fold("  Blindness/Deafness "), "blindness deafness");
        assert_eq!(fold("ŘEŽŤ"), "rezt");
    }

    #[test]
    fn missing_letters_bound_the_distance() {
        let mask = letter_mask("magic missile");
        assert_eq!(missing_letters(b"magik misile", mask), 1);
        assert_eq!(missing_letters(b"zzz", letter_mask("fireball")), 3);
    }

    #[test]
    fn distance_counts_edits_and_transpositions() {
        assert_eq!(
            distance_within(b"magik misile", b"magic missile", 3),
            Some(2)
        );
        assert_eq!(distance_within(b"fierball", b"fireball", 2), Some(1));
        assert_eq!(distance_within(b"abc", b"abc", 0), Some(0));
        assert_eq!(distance_within(b"wish", b"fireball", 2), None);
        assert_eq!(distance_within(b"", b"ab", 2), Some(2));
        assert_eq!(prefix_distance_within(b"misile", b"missile", 1), Some(1));
        assert_eq!(prefix_distance_within(b"fire", b"fireball", 1), Some(0));
        assert_eq!(prefix_distance_within(b"xyz", b"fireball", 1), None);
    }
}
