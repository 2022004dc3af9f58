//! Rolling spell dice with the injected generator, keeping every die.

use compact_str::CompactString;
use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};
use smallvec::{SmallVec, smallvec};

use crate::formula::DiceFormula;

/// Advantage, Disadvantage or neither for a d20 roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum RollMode {
    /// One d20.
    #[default]
    Normal,
    /// Two d20s, keep the higher.
    Advantage,
    /// Two d20s, keep the lower.
    Disadvantage,
}

/// One roll as it happened: what was rolled, every die, the total.
///
/// The label and notation are [`CompactString`]s: a string of up to 24 bytes
/// (every notation and nearly every label) is kept inline, so recording a roll
/// does not allocate for them; they serialise as plain JSON strings, as before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// What the roll was for (`attack vs Goblin`, `Force damage`).
    pub label: CompactString,
    /// The notation rolled, e.g. `2d20kh1+5` or `8d6`.
    pub notation: CompactString,
    /// Every die face rolled, in order; up to four kept inline (a d20 test,
    /// a Magic Missile dart, most damage), serialised as a plain list.
    pub dice: SmallVec<[u32; 4]>,
    /// The total.
    pub total: i64,
}

/// The pieces of a label, joined: labels are built once per roll, and
/// `format!`'s machinery cost more than the copying.
pub(crate) fn joined(pieces: &[&str]) -> CompactString {
    let mut label = CompactString::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for piece in pieces {
        label.push_str(piece);
    }
    label
}

/// A formula's notation, exactly as [`DiceFormula`]'s `Display` writes it
/// (`8d6`, `1d4+1`, `-2`), without the formatting machinery.
fn notation(formula: DiceFormula) -> CompactString {
    let mut text = CompactString::const_new("");
    if formula.count == 0 {
        push_int(&mut text, i64::from(formula.bonus));
        return text;
    }
    push_int(&mut text, i64::from(formula.count));
    text.push('d');
    push_int(&mut text, i64::from(formula.sides));
    push_modifier(&mut text, i64::from(formula.bonus));
    text
}

/// Appends `+n` or `-n`; nothing for 0.
fn push_modifier(text: &mut CompactString, modifier: i64) {
    if modifier > 0 {
        text.push('+');
    }
    if modifier != 0 {
        push_int(text, modifier);
    }
}

/// Appends `n` in decimal, `-` first when negative.
fn push_int(text: &mut CompactString, n: i64) {
    let mut digits = [0u8; 20];
    let mut rest = n.unsigned_abs();
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if n < 0 {
        text.push('-');
    }
    // Only ASCII digits were written.
    text.push_str(std::str::from_utf8(&digits[start..]).unwrap_or_default());
}

/// Rolls a formula.
pub(crate) fn roll_formula<R: DiceRng + ?Sized>(
    rng: &mut R,
    formula: DiceFormula,
    label: CompactString,
) -> RollRecord {
    let dice: SmallVec<[u32; 4]> = (0..formula.count.min(crate::formula::MAX_DICE))
        .map(|_| rng.roll_die(formula.sides))
        .collect();
    let total = dice.iter().map(|d| i64::from(*d)).sum::<i64>() + i64::from(formula.bonus);
    RollRecord {
        label,
        notation: notation(formula),
        dice,
        total,
    }
}

/// Rolls extra bonuses and penalties (Bless's d4, Bane's -d4, a flat +2)
/// for a d20 test, recording
/// dice bonuses as their own rolls; returns their sum.
pub(crate) fn roll_bonuses<R: DiceRng + ?Sized>(
    rng: &mut R,
    bonuses: &[crate::effect::BonusAmount],
    label: &str,
    rolls: &mut Vec<RollRecord>,
) -> i64 {
    let mut sum = 0i64;
    for b in bonuses {
        match b {
            crate::effect::BonusAmount::Flat(n) => sum += i64::from(*n),
            crate::effect::BonusAmount::Dice(f) => {
                let r = roll_formula(rng, *f, joined(&[label, " bonus"]));
                sum += r.total;
                rolls.push(r);
            }
            crate::effect::BonusAmount::Penalty(f) => {
                let r = roll_formula(rng, *f, joined(&[label, " penalty"]));
                sum -= r.total;
                rolls.push(r);
            }
        }
    }
    sum
}

/// Rolls a d20 test; returns the record and the natural die kept.
pub(crate) fn roll_d20<R: DiceRng + ?Sized>(
    rng: &mut R,
    mode: RollMode,
    modifier: i64,
    label: CompactString,
) -> (RollRecord, u32) {
    let first = rng.roll_die(20);
    let (dice, kept, head) = match mode {
        RollMode::Normal => (smallvec![first], first, "1d20"),
        RollMode::Advantage => {
            let second = rng.roll_die(20);
            (smallvec![first, second], first.max(second), "2d20kh1")
        }
        RollMode::Disadvantage => {
            let second = rng.roll_die(20);
            (smallvec![first, second], first.min(second), "2d20kl1")
        }
    };
    let mut notation = CompactString::const_new(head);
    push_modifier(&mut notation, modifier);
    (
        RollRecord {
            label,
            notation,
            dice,
            total: i64::from(kept) + modifier,
        },
        kept,
    )
}

#[cfg(test)]
mod tests {
    use super::{RollRecord, notation, push_modifier};
    use crate::formula::DiceFormula;
    use compact_str::CompactString;

    /// The notation written without `format!` is the one `Display` writes,
    /// which the CLI, the server and stored events have always shown.
    #[test]
    fn notation_matches_the_formula_display() {
        for count in [0, 1, 2, 10, 20, 1000] {
            for sides in [1, 4, 6, 20, 100] {
                for bonus in [i32::MIN, -11, -1, 0, 1, 9, 10, 1234, i32::MAX] {
                    let f = DiceFormula {
                        count,
                        sides,
                        bonus,
                    };
                    assert_eq!(notation(f), f.to_string());
                }
            }
        }
        for (modifier, text) in [
            (0, "1d20"),
            (5, "1d20+5"),
            (-3, "1d20-3"),
            (i64::MIN, "1d20-9223372036854775808"),
        ] {
            let mut n = CompactString::const_new("1d20");
            push_modifier(&mut n, modifier);
            assert_eq!(n, text);
        }
    }

    /// Rolls stored before labels became inline strings (events in a
    /// database, answers saved by a client) load and serialise unchanged,
    /// short labels kept inline and long ones on the heap alike.
    #[test]
    fn stored_roll_json_round_trips_unchanged() {
        let stored = [
            r#"{"label":"Force damage","notation":"1d4+1","dice":[3],"total":4}"#,
            r#"{"label":"Dexterity save of the Goblin Boss (DEX) penalty","notation":"2d20kl1-1","dice":[17,4],"total":3}"#,
        ];
        for json in stored {
            let roll: RollRecord = serde_json::from_str(json).expect("old JSON loads");
            assert_eq!(serde_json::to_string(&roll).expect("serialises"), json);
        }
        let roll: RollRecord = serde_json::from_str(stored[0]).expect("old JSON loads");
        assert_eq!(roll.label, "Force damage");
        assert_eq!(roll.notation, "1d4+1");
    }
}
