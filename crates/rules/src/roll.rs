//! Rolling spell dice with the injected generator, keeping every die.

use compact_str::CompactString;
use grimoire_dice::DiceRng;
use serde::{Deserialize, Serialize};
use smallvec::{SmallVec, smallvec};

use crate::formula::DiceFormula;
use crate::label::RollLabel;

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
/// The notation is a [`CompactString`]: every notation is kept inline, so
/// recording a roll does not allocate for it; it serialises as a plain JSON
/// string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// What the roll was for, as data (an attack against a Goblin, force
    /// damage); a roll stored before labels were data has its English text.
    pub label: RollLabel,
    /// The notation rolled, e.g. `2d20kh1+5` or `8d6`.
    pub notation: CompactString,
    /// Every die face rolled, in order; up to four kept inline (a d20 test,
    /// a Magic Missile dart, most damage), serialised as a plain list.
    pub dice: SmallVec<[u32; 4]>,
    /// The total.
    pub total: i64,
}

/// Text built in a stack buffer and copied into a [`CompactString`] once:
/// appending to a `CompactString` piece by piece checks its layout on every
/// push, which cost more than the rest of recording a roll.
struct StackText {
    len: usize,
    bytes: [u8; STACK_TEXT],
}

/// Bytes a [`StackText`] holds: a notation (two `u32`s, a sign and an `i64`,
/// at most 42 bytes).
const STACK_TEXT: usize = 48;

impl StackText {
    const fn new() -> Self {
        StackText {
            len: 0,
            bytes: [0; STACK_TEXT],
        }
    }

    /// Appends `piece`; false (and nothing appended) when it does not fit.
    fn push_bytes(&mut self, piece: &[u8]) -> bool {
        let end = self.len + piece.len();
        match self.bytes.get_mut(self.len..end) {
            Some(slot) => {
                slot.copy_from_slice(piece);
                self.len = end;
                true
            }
            None => false,
        }
    }

    /// Appends `n` in decimal, `-` first when negative.
    fn push_int(&mut self, n: i64) {
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
            self.push_bytes(b"-");
        }
        self.push_bytes(&digits[start..]);
    }

    /// Appends `+n` or `-n`; nothing for 0.
    fn push_modifier(&mut self, modifier: i64) {
        if modifier > 0 {
            self.push_bytes(b"+");
        }
        if modifier != 0 {
            self.push_int(modifier);
        }
    }

    /// The text; only whole `str`s and ASCII were appended, so it is UTF-8.
    fn finish(&self) -> CompactString {
        let bytes = self.bytes.get(..self.len).unwrap_or_default();
        std::str::from_utf8(bytes)
            .map(CompactString::new)
            .unwrap_or_default()
    }
}

/// A formula's notation, exactly as [`DiceFormula`]'s `Display` writes it
/// (`8d6`, `1d4+1`, `-2`), without the formatting machinery.
pub(crate) fn notation(formula: DiceFormula) -> CompactString {
    let mut text = StackText::new();
    if formula.count == 0 {
        text.push_int(i64::from(formula.bonus));
        return text.finish();
    }
    text.push_int(i64::from(formula.count));
    text.push_bytes(b"d");
    text.push_int(i64::from(formula.sides));
    text.push_modifier(i64::from(formula.bonus));
    text.finish()
}

/// A d20 test's notation: `head` (`1d20`, `2d20kh1`) and the modifier
/// (`1d20+5`, `2d20kl1-1`).
fn d20_notation(head: &str, modifier: i64) -> CompactString {
    let mut text = StackText::new();
    text.push_bytes(head.as_bytes());
    text.push_modifier(modifier);
    text.finish()
}

/// Rolls a formula.
pub(crate) fn roll_formula<R: DiceRng + ?Sized>(
    rng: &mut R,
    formula: DiceFormula,
    label: RollLabel,
) -> RollRecord {
    roll_noted(rng, formula, label, notation(formula))
}

/// Rolls a formula whose notation is already written (the same formula
/// rolled for several instances, such as Magic Missile's darts).
pub(crate) fn roll_noted<R: DiceRng + ?Sized>(
    rng: &mut R,
    formula: DiceFormula,
    label: RollLabel,
    notation: CompactString,
) -> RollRecord {
    let dice: SmallVec<[u32; 4]> = (0..formula.count.min(crate::formula::MAX_DICE))
        .map(|_| rng.roll_die(formula.sides))
        .collect();
    let total = dice.iter().map(|d| i64::from(*d)).sum::<i64>() + i64::from(formula.bonus);
    RollRecord {
        label,
        notation,
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
    label: &RollLabel,
    rolls: &mut Vec<RollRecord>,
) -> i64 {
    let mut sum = 0i64;
    for b in bonuses {
        match b {
            crate::effect::BonusAmount::Flat(n) => sum += i64::from(*n),
            crate::effect::BonusAmount::Dice(f) => {
                let r = roll_formula(rng, *f, label.bonus());
                sum += r.total;
                rolls.push(r);
            }
            crate::effect::BonusAmount::Penalty(f) => {
                let r = roll_formula(rng, *f, label.penalty());
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
    label: RollLabel,
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
    (
        RollRecord {
            label,
            notation: d20_notation(head, modifier),
            dice,
            total: i64::from(kept) + modifier,
        },
        kept,
    )
}

#[cfg(test)]
mod tests {
    use super::{RollRecord, d20_notation, notation};
    use crate::formula::DiceFormula;
    use crate::label::RollLabel;

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
            assert_eq!(d20_notation("1d20", modifier), text);
        }
    }

    /// Rolls stored before labels were data (cards in a table's log,
    /// answers saved by a client) load and serialise unchanged, their
    /// English labels kept as text.
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
        assert_eq!(roll.label, RollLabel::Text("Force damage".into()));
        assert_eq!(roll.notation, "1d4+1");
    }
}
