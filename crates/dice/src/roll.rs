//! Rolling an [`Expr`] with an injected [`DiceRng`], keeping every die for display.

use std::fmt;

use serde::ser::SerializeStruct as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::expr::{DiceTerm, Expr, NodeRef, View};
use crate::inline::InlineVec;
use crate::limits::{MAX_EXPLOSIONS, MAX_REROLLS};
use crate::rng::DiceRng;

/// What became of one physical roll of a die.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieState {
    /// Counts toward the total.
    #[default]
    Kept,
    /// Removed by a keep/drop modifier.
    Dropped,
    /// Discarded by a reroll modifier; the next roll of the same die replaced it.
    Rerolled,
}

/// One physical roll of a die.
///
/// An exploding die appears as several consecutive entries: every entry but the last of
/// its chain has [`DieRoll::exploded`] set, and the chain is kept or dropped as a whole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    sides: u32,
    face: u32,
    value: u32,
    state: DieState,
    exploded: bool,
}

impl DieRoll {
    /// Sides of the die.
    pub fn sides(&self) -> u32 {
        self.sides
    }

    /// The face that came up.
    pub fn face(&self) -> u32 {
        self.face
    }

    /// What the face is worth after `mi`/`ma` limits (equal to the face without them).
    pub fn value(&self) -> u32 {
        self.value
    }

    /// Whether the roll counts, was dropped, or was rerolled away.
    pub fn state(&self) -> DieState {
        self.state
    }

    /// Whether the roll counts toward the total.
    pub fn is_kept(&self) -> bool {
        self.state == DieState::Kept
    }

    /// Whether a keep/drop modifier removed it.
    pub fn is_dropped(&self) -> bool {
        self.state == DieState::Dropped
    }

    /// Whether a reroll modifier replaced it.
    pub fn is_rerolled(&self) -> bool {
        self.state == DieState::Rerolled
    }

    /// Whether this roll triggered an extra roll (the next entry).
    pub fn exploded(&self) -> bool {
        self.exploded
    }
}

impl fmt::Display for DieRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.exploded { "!" } else { "" };
        if self.is_kept() {
            write!(f, "{}{mark}", self.value)
        } else {
            write!(f, "~~{}{mark}~~", self.value)
        }
    }
}

/// Dice of a roll; up to this many are kept inline (no allocation), e.g. Fireball's 8d6.
const INLINE_DICE: usize = 10;

/// The outcome of [`Expr::roll`]: the total, every die rolled and the expression.
///
/// Rolling builds no text: the expression is shared with the [`Expr`] (a reference
/// count) and the working is formatted only when shown. `Display` shows it, e.g.
/// `4d6kh3 [6, 5, 3, ~~1~~] = 14`; dropped and rerolled dice are struck through (`~~1~~`)
/// and an exploding roll is marked `!`. Serde stores `expression`, `breakdown`, `total`
/// and `dice`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    expression: Expr,
    total: i64,
    dice: InlineVec<DieRoll, INLINE_DICE>,
}

impl Roll {
    /// The result.
    pub fn total(&self) -> i64 {
        self.total
    }

    /// Every die rolled, in order, including dropped and rerolled ones.
    pub fn dice(&self) -> &[DieRoll] {
        &self.dice
    }

    /// The expression that was rolled; its `Display` is the canonical notation.
    pub fn expression(&self) -> &Expr {
        &self.expression
    }

    /// The working without the total, e.g. `1d20 [15] + 7`, formatted when displayed.
    pub fn breakdown(&self) -> Breakdown<'_> {
        Breakdown { roll: self }
    }
}

/// The working of a [`Roll`] without its total (`1d20 [15] + 7`); see [`Roll::breakdown`].
#[derive(Clone, Copy, Debug)]
pub struct Breakdown<'a> {
    roll: &'a Roll,
}

impl fmt::Display for Breakdown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest: &[DieRoll] = &self.roll.dice;
        self.roll.expression.root().write_with(f, &mut |term, out| {
            let (mine, tail) = rest.split_at(term_entries(term, rest));
            rest = tail;
            write!(out, "{term} [")?;
            for (i, d) in mine.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                write!(out, "{d}")?;
            }
            out.write_char(']')
        })
    }
}

/// How many leading entries of `dice` belong to one rolled `term`: per die, any rerolled
/// entries and then its explosion chain (rolling records them in exactly this order).
fn term_entries(term: &DiceTerm, dice: &[DieRoll]) -> usize {
    let mut i = 0;
    for _ in 0..term.count {
        loop {
            while dice.get(i).is_some_and(DieRoll::is_rerolled) {
                i += 1;
            }
            let Some(d) = dice.get(i) else {
                return i;
            };
            i += 1;
            if !d.exploded {
                break;
            }
        }
    }
    i
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.breakdown(), self.total)
    }
}

impl Serialize for Roll {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// Serializes a `Display` value as its text.
        struct Text<T>(T);
        impl<T: fmt::Display> Serialize for Text<T> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(&self.0)
            }
        }
        let mut s = serializer.serialize_struct("Roll", 4)?;
        s.serialize_field("expression", &self.expression)?;
        s.serialize_field("breakdown", &Text(self.breakdown()))?;
        s.serialize_field("total", &self.total)?;
        s.serialize_field("dice", &*self.dice)?;
        s.end()
    }
}

impl<'de> Deserialize<'de> for Roll {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The stored form; the breakdown is derived from the rest, so it is not read back.
        #[derive(Deserialize)]
        struct Stored {
            expression: Expr,
            total: i64,
            dice: Vec<DieRoll>,
        }
        let stored = Stored::deserialize(deserializer)?;
        Ok(Roll {
            expression: stored.expression,
            total: stored.total,
            dice: stored.dice.into(),
        })
    }
}

impl Expr {
    /// Rolls the expression. Infallible: anything that could not finish is rejected by the
    /// parser, arithmetic saturates, and a division by a rolled zero gives 0.
    ///
    /// The same generator state gives the same roll on every platform.
    pub fn roll<R: DiceRng + ?Sized>(&self, rng: &mut R) -> Roll {
        let mut dice = InlineVec::new();
        let total = eval(self.root(), rng, &mut dice);
        Roll {
            expression: self.clone(),
            total,
            dice,
        }
    }
}

type Dice = InlineVec<DieRoll, INLINE_DICE>;

fn eval<R: DiceRng + ?Sized>(node: NodeRef<'_>, rng: &mut R, dice: &mut Dice) -> i64 {
    match node.view() {
        View::Const(c) => c,
        View::Dice(term) => roll_term(term, rng, dice),
        View::Neg(inner) => eval(inner, rng, dice).saturating_neg(),
        View::Binary(op, l, r) => {
            let a = eval(l, rng, dice);
            let b = eval(r, rng, dice);
            op.apply(a, b)
        }
    }
}

/// One roll of a die with its reroll rule applied; rerolled-away faces are recorded.
fn roll_face<R: DiceRng + ?Sized>(term: &DiceTerm, rng: &mut R, dice: &mut Dice) -> u32 {
    let mut face = rng.roll_die(term.sides);
    let Some(reroll) = term.reroll else {
        return face;
    };
    let attempts = if reroll.once { 1 } else { MAX_REROLLS };
    for _ in 0..attempts {
        if !reroll.when.matches(face) {
            return face;
        }
        dice.push(DieRoll {
            sides: term.sides,
            face,
            value: term.clamp(face),
            state: DieState::Rerolled,
            exploded: false,
        });
        face = rng.roll_die(term.sides);
    }
    if reroll.once || term.can_stand(face) {
        return face;
    }
    // Out of attempts: draw uniformly among the faces that may stand, which is exactly the
    // distribution rerolling would have reached (the parser guarantees there is one).
    let standing: Vec<u32> = (1..=term.sides).filter(|&f| term.can_stand(f)).collect();
    let n = u32::try_from(standing.len()).unwrap_or(u32::MAX);
    let pick = rng.roll_die(n) as usize;
    standing.get(pick - 1).copied().unwrap_or(face)
}

/// One die's explosion chain: its total and the range of `dice` it occupies (rerolled
/// entries inside the range stay rerolled when the chain is dropped).
#[derive(Clone, Copy, Default)]
struct Chain {
    total: i64,
    start: usize,
    end: usize,
}

fn roll_term<R: DiceRng + ?Sized>(term: &DiceTerm, rng: &mut R, dice: &mut Dice) -> i64 {
    if term.keep.is_none() && term.reroll.is_none() && term.explode.is_none() {
        // The everyday term (`8d6`, `1d20`): one entry per die.
        let mut total = 0i64;
        for _ in 0..term.count {
            let face = rng.roll_die(term.sides);
            let value = term.clamp(face);
            dice.push(DieRoll {
                sides: term.sides,
                face,
                value,
                state: DieState::Kept,
                exploded: false,
            });
            total += i64::from(value);
        }
        return total;
    }
    let mut chains: InlineVec<Chain, 8> = InlineVec::new();
    for _ in 0..term.count {
        let start = dice.len();
        let mut total = 0i64;
        for depth in 0..=MAX_EXPLOSIONS {
            let face = roll_face(term, rng, dice);
            let value = term.clamp(face);
            let exploded = depth < MAX_EXPLOSIONS && term.explodes_on(face);
            dice.push(DieRoll {
                sides: term.sides,
                face,
                value,
                state: DieState::Kept,
                exploded,
            });
            total += i64::from(value);
            if !exploded {
                break;
            }
        }
        chains.push(Chain {
            total,
            start,
            end: dice.len(),
        });
    }
    let Some(keep) = term.keep else {
        return chains.iter().map(|c| c.total).sum();
    };
    let (highest, k) = keep.normalized(term.count);
    let mut order: InlineVec<u16, 8> = InlineVec::new();
    // Fewer than MAX_DICE_PER_TERM (1000) chains, so every index fits in u16.
    for i in 0..chains.len() {
        order.push(u16::try_from(i).unwrap_or(u16::MAX));
    }
    let total_of = |i: u16| chains.get(usize::from(i)).map_or(0, |c| c.total);
    // Stable sort: among equal dice the earlier one is kept.
    if highest {
        order.sort_by_key(|&i| std::cmp::Reverse(total_of(i)));
    } else {
        order.sort_by_key(|&i| total_of(i));
    }
    let mut total = 0i64;
    for (rank, &i) in order.iter().enumerate() {
        let chain = chains[usize::from(i)];
        if rank < k as usize {
            total += chain.total;
        } else {
            for d in &mut dice[chain.start..chain.end] {
                if d.state == DieState::Kept {
                    d.state = DieState::Dropped;
                }
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use crate::{SeededRng, parse};

    /// A generator that replays fixed faces for a d6: value `f - 1` maps to face `f`.
    struct Faces(Vec<u64>, usize);
    impl crate::DiceRng for Faces {
        fn next_u64(&mut self) -> u64 {
            let v = self.0[self.1 % self.0.len()];
            self.1 += 1;
            v - 1
        }
    }

    fn roll_faces(notation: &str, faces: &[u64]) -> String {
        let expr = parse(notation).map_err(|e| e.to_string());
        match expr {
            Ok(e) => e.roll(&mut Faces(faces.to_vec(), 0)).to_string(),
            Err(e) => e,
        }
    }

    #[test]
    fn keep_highest_strikes_the_dropped_die() {
        assert_eq!(
            roll_faces("4d6kh3", &[6, 5, 3, 1]),
            "4d6kh3 [6, 5, 3, ~~1~~] = 14"
        );
        assert_eq!(
            roll_faces("4d6dl1", &[1, 5, 3, 6]),
            "4d6dl1 [~~1~~, 5, 3, 6] = 14"
        );
        assert_eq!(roll_faces("2d6kl1", &[4, 4]), "2d6kl1 [4, ~~4~~] = 4");
    }

    #[test]
    fn rerolls_and_explosions_are_shown() {
        assert_eq!(roll_faces("2d6ro1", &[1, 1, 4]), "2d6ro1 [~~1~~, 1, 4] = 5");
        assert_eq!(
            roll_faces("1d6r<3", &[1, 2, 5]),
            "1d6r<3 [~~1~~, ~~2~~, 5] = 5"
        );
        assert_eq!(roll_faces("1d6!", &[6, 6, 2]), "1d6! [6!, 6!, 2] = 14");
        // The cap: three extra rolls at most, the last one never explodes.
        assert_eq!(roll_faces("1d6!", &[6]), "1d6! [6!, 6!, 6!, 6] = 24");
        assert_eq!(roll_faces("1d6mi3", &[1]), "1d6mi3 [3] = 3");
        assert_eq!(
            roll_faces("2d6!kh1", &[6, 1, 5]),
            "2d6!kh1 [6!, 1, ~~5~~] = 7"
        );
    }

    #[test]
    fn arithmetic_and_breakdown() {
        assert_eq!(roll_faces("1d20 + 7", &[15]), "1d20 [15] + 7 = 22");
        assert_eq!(roll_faces("(1d6 + 1) * 2", &[3]), "(1d6 [3] + 1) * 2 = 8");
        assert_eq!(roll_faces("7 / (1d6 - 1)", &[1]), "7 / (1d6 [1] - 1) = 0");
        assert_eq!(roll_faces("-7 / 2", &[1]), "-7 / 2 = -4");
    }

    #[test]
    fn reroll_while_falls_back_to_a_standing_face_with_a_stuck_generator() {
        let expr = parse("1d6r1");
        let roll = expr.map(|e| e.roll(&mut Faces(vec![1], 0)));
        let roll = roll.ok();
        let total = roll.as_ref().map(|r| r.total());
        assert!(matches!(total, Some(2..=6)), "{roll:?}");
    }

    #[test]
    fn seeded_rolls_are_fixed() {
        // Golden values: a change here changes every stored replay, so it must be deliberate.
        let expr = parse("4d6kh3 + 1d20 + 2d8!").ok();
        let roll = expr.map(|e| e.roll(&mut SeededRng::new(42)).to_string());
        assert_eq!(roll.as_deref(), Some(GOLDEN_42));
    }

    #[test]
    fn serde_keeps_the_stored_shape_and_reads_it_back() {
        let roll = parse("1d20 + 7").map(|e| e.roll(&mut Faces(vec![15], 0)));
        let json = roll
            .as_ref()
            .map(|r| serde_json::to_string(r).unwrap_or_default());
        let expected = r#"{"expression":"1d20 + 7","breakdown":"1d20 [15] + 7","total":22,"dice":[{"sides":20,"face":15,"value":15,"state":"kept","exploded":false}]}"#;
        assert_eq!(json.as_deref().ok(), Some(expected));
        let back: Result<crate::Roll, _> = serde_json::from_str(expected);
        assert_eq!(back.ok(), roll.ok());
    }

    #[test]
    fn breakdown_splits_dice_between_terms_with_rerolls_and_explosions() {
        assert_eq!(
            roll_faces("1d6r1! + 2d6 - 1d6ro<3", &[1, 6, 1, 2, 3, 4, 2, 5]),
            "1d6r1! [~~1~~, 6!, ~~1~~, 2] + 2d6 [3, 4] - 1d6ro<3 [~~2~~, 5] = 10"
        );
    }

    const GOLDEN_42: &str = "4d6kh3 [2, 2, 1, ~~1~~] + 1d20 [11] + 2d8! [7, 6] = 29";
}
