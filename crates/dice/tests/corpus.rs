//! Replays `tests/corpus.txt`: inputs that once broke (or nearly broke) the parser, with
//! the outcome each must keep giving. Every accepted input is also rolled and analysed.

use grimoire_dice::{SeededRng, parse};

fn unescape(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                let c = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                out.push(c.unwrap_or('\u{fffd}'));
            }
            other => panic!("bad escape \\{other:?} in corpus"),
        }
    }
    out
}

#[test]
fn corpus_inputs_give_their_recorded_outcome() {
    let corpus = include_str!("corpus.txt");
    let mut checked = 0;
    for (n, line) in corpus.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let (expected, raw) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("line {}: no tab", n + 1));
        let input = unescape(raw);
        let outcome = parse(&input);
        let got = outcome.as_ref().map_or_else(|e| e.code(), |_| "ok");
        assert_eq!(got, expected, "line {}: {input:?} gave {outcome:?}", n + 1);
        if let Ok(expr) = outcome {
            let roll = expr.roll(&mut SeededRng::new(n as u64));
            assert!(
                (expr.min()..=expr.max()).contains(&roll.total()),
                "{input:?}: {roll}"
            );
            assert_eq!(parse(&expr.to_string()).as_ref(), Ok(&expr), "{input:?}");
            // Too-costly analyses are allowed (and bounded); a computed one must be sound.
            if expr.dice_count() <= 40 {
                if let Ok(d) = expr.distribution() {
                    let total: f64 = d.pmf().map(|(_, p)| p).sum();
                    assert!((total - 1.0).abs() < 1e-9, "{input:?}: sums to {total}");
                    assert!(
                        d.prob(roll.total()) > 0.0,
                        "{input:?}: rolled impossible {roll}"
                    );
                }
            }
        }
        checked += 1;
    }
    assert!(checked > 50, "corpus unexpectedly small: {checked}");
}
