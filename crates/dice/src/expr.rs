//! The parsed dice expression (AST), its canonical notation and its bounds.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::limits::{MAX_CONSTANT, MAX_DICE_PER_TERM, MAX_EXPLOSIONS, MAX_SIDES};
use crate::nodes::Nodes;

/// A parsed dice expression such as `4d6kh3` or `2d8 + 1d6 + 3`.
///
/// Build one with [`crate::parse`] (or `str::parse`) or with the helpers
/// [`Expr::dice`], [`Expr::constant`] and [`Expr::add`]. Its `Display` is the canonical
/// notation, which parses back to an equal `Expr`; serde stores it as that string.
///
/// Cloning is cheap: an everyday expression (up to three nodes, such as `1d20 + 7`) is
/// kept inline and a larger one in one shared allocation (cloning copies a reference
/// count), so a [`crate::Roll`] keeps its expression for display without copying text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    /// The tree in post-order: children before their parent, the root last. Building in
    /// post-order makes equal trees equal arrays, so the derived equality is structural.
    pub(crate) nodes: Nodes,
}

/// A node of the flattened tree; children are indices into the same array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    Const(i64),
    Dice(DiceTerm),
    Neg(u32),
    Binary(BinOp, u32, u32),
}

impl Default for Node {
    fn default() -> Self {
        Self::Const(0)
    }
}

/// A node together with the array it lives in, viewed as a tree.
#[derive(Clone, Copy)]
pub(crate) struct NodeRef<'a> {
    nodes: &'a [Node],
    index: usize,
}

/// What a [`NodeRef`] is, with its children as [`NodeRef`]s.
pub(crate) enum View<'a> {
    Const(i64),
    Dice(&'a DiceTerm),
    Neg(NodeRef<'a>),
    Binary(BinOp, NodeRef<'a>, NodeRef<'a>),
}

impl<'a> NodeRef<'a> {
    /// The root of a non-empty post-order array; an empty one reads as the constant 0.
    pub(crate) fn root(nodes: &'a [Node]) -> Self {
        Self {
            nodes,
            index: nodes.len().wrapping_sub(1),
        }
    }

    /// The node at `index` of `nodes`.
    pub(crate) fn at(nodes: &'a [Node], index: u32) -> Self {
        Self {
            nodes,
            index: index as usize,
        }
    }

    pub(crate) fn view(self) -> View<'a> {
        match self.nodes.get(self.index) {
            None => View::Const(0),
            Some(Node::Const(c)) => View::Const(*c),
            Some(Node::Dice(t)) => View::Dice(t),
            Some(&Node::Neg(i)) => View::Neg(Self::at(self.nodes, i)),
            Some(&Node::Binary(op, l, r)) => {
                View::Binary(op, Self::at(self.nodes, l), Self::at(self.nodes, r))
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// Bounds of `-x` for `x` within `(lo, hi)`.
pub(crate) fn neg_bounds((lo, hi): (i64, i64)) -> (i64, i64) {
    (hi.saturating_neg(), lo.saturating_neg())
}

impl BinOp {
    /// Least and greatest value of `a op b` for `a` and `b` within the given bounds.
    pub(crate) fn bounds(self, (al, ah): (i64, i64), (bl, bh): (i64, i64)) -> (i64, i64) {
        match self {
            Self::Add => (al.saturating_add(bl), ah.saturating_add(bh)),
            Self::Sub => (al.saturating_sub(bh), ah.saturating_sub(bl)),
            Self::Mul => extremes(
                [al, ah]
                    .into_iter()
                    .flat_map(|a| [bl, bh].map(|b| a.saturating_mul(b))),
            ),
            Self::Div => {
                // floor(a / b) is monotone in a, and in b on each side of zero, so the
                // extremes sit at the ends of each sign's part of the divisor range.
                let within = |d: i64| (bl..=bh).contains(&d);
                let divisors = [bl, bh, 1, -1];
                let usable = move |i: usize, b: i64| b != 0 && (i < 2 || within(b));
                extremes(
                    [al, ah]
                        .into_iter()
                        .flat_map(|a| {
                            divisors
                                .into_iter()
                                .enumerate()
                                .filter(move |&(i, b)| usable(i, b))
                                .map(move |(_, b)| floor_div(a, b))
                        })
                        .chain(within(0).then_some(0)),
                )
            }
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Self::Add => "+",
            Self::Sub => "-",
            Self::Mul => "*",
            Self::Div => "/",
        }
    }

    fn precedence(self) -> u8 {
        match self {
            Self::Add | Self::Sub => 1,
            Self::Mul | Self::Div => 2,
        }
    }

    /// Integer arithmetic as rolled: saturating, division floors and `x / 0 = 0`.
    pub(crate) fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            Self::Add => a.saturating_add(b),
            Self::Sub => a.saturating_sub(b),
            Self::Mul => a.saturating_mul(b),
            Self::Div => floor_div(a, b),
        }
    }
}

/// Floor division; a zero divisor gives 0 (only reachable through a computed divisor,
/// literal zeros are rejected by the parser) and `i64::MIN / -1` saturates.
pub(crate) fn floor_div(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    match a.checked_div(b) {
        Some(q) if a % b != 0 && ((a < 0) != (b < 0)) => q - 1,
        Some(q) => q,
        None => i64::MAX,
    }
}

/// One `NdM` term with its modifiers, applied in this order to every roll of a die:
/// reroll, face limits (`mi`/`ma`), explode; then keep/drop over the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DiceTerm {
    pub(crate) count: u32,
    pub(crate) sides: u32,
    pub(crate) reroll: Option<Reroll>,
    pub(crate) min_face: Option<u32>,
    pub(crate) max_face: Option<u32>,
    pub(crate) explode: Option<Compare>,
    pub(crate) keep: Option<Keep>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Reroll {
    pub(crate) once: bool,
    pub(crate) when: Compare,
}

/// A face condition. `<` and `>` are strict, as in the d20 (Avrae) notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Compare {
    Eq(u32),
    Lt(u32),
    Gt(u32),
}

impl Compare {
    pub(crate) fn matches(self, face: u32) -> bool {
        match self {
            Self::Eq(n) => face == n,
            Self::Lt(n) => face < n,
            Self::Gt(n) => face > n,
        }
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Eq(n) => write!(f, "{n}"),
            Self::Lt(n) => write!(f, "<{n}"),
            Self::Gt(n) => write!(f, ">{n}"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Keep {
    Highest(u32),
    Lowest(u32),
    DropHighest(u32),
    DropLowest(u32),
}

impl Keep {
    /// The same rule as "keep `k` dice, highest (true) or lowest (false)" out of `count`.
    pub(crate) fn normalized(self, count: u32) -> (bool, u32) {
        match self {
            Self::Highest(k) => (true, k.min(count)),
            Self::Lowest(k) => (false, k.min(count)),
            Self::DropHighest(d) => (false, count.saturating_sub(d)),
            Self::DropLowest(d) => (true, count.saturating_sub(d)),
        }
    }

    fn scaled(self, factor: u32) -> Self {
        let s = |n: u32| n.saturating_mul(factor).min(MAX_DICE_PER_TERM);
        match self {
            Self::Highest(k) => Self::Highest(s(k)),
            Self::Lowest(k) => Self::Lowest(s(k)),
            Self::DropHighest(d) => Self::DropHighest(s(d)),
            Self::DropLowest(d) => Self::DropLowest(s(d)),
        }
    }
}

impl DiceTerm {
    pub(crate) fn plain(count: u32, sides: u32) -> Self {
        Self {
            count,
            sides,
            reroll: None,
            min_face: None,
            max_face: None,
            explode: None,
            keep: None,
        }
    }

    /// Whether a face can be the final result of one roll (survives reroll-while).
    pub(crate) fn can_stand(&self, face: u32) -> bool {
        match self.reroll {
            Some(Reroll { once: false, when }) => !when.matches(face),
            _ => true,
        }
    }

    /// The value a face contributes after `mi`/`ma`.
    pub(crate) fn clamp(&self, face: u32) -> u32 {
        let f = self.min_face.map_or(face, |lo| face.max(lo));
        self.max_face.map_or(f, |hi| f.min(hi))
    }

    pub(crate) fn explodes_on(&self, face: u32) -> bool {
        self.explode.is_some_and(|c| c.matches(face))
    }

    /// Least and greatest value of one die, its explosion chain included.
    pub(crate) fn die_bounds(&self) -> (i64, i64) {
        if self.reroll.is_none()
            && self.min_face.is_none()
            && self.max_face.is_none()
            && self.explode.is_none()
        {
            // A plain die: the walk below would give the same, in sides × 4 steps.
            return (1, i64::from(self.sides));
        }
        // Walk from the deepest allowed explosion back to the first roll.
        let mut lo_next = 0i64;
        let mut hi_next = 0i64;
        for depth in (0..=MAX_EXPLOSIONS).rev() {
            let mut lo = i64::MAX;
            let mut hi = i64::MIN;
            for face in (1..=self.sides).filter(|&f| self.can_stand(f)) {
                let v = i64::from(self.clamp(face));
                let (vl, vh) = if depth < MAX_EXPLOSIONS && self.explodes_on(face) {
                    (v.saturating_add(lo_next), v.saturating_add(hi_next))
                } else {
                    (v, v)
                };
                lo = lo.min(vl);
                hi = hi.max(vh);
            }
            lo_next = lo;
            hi_next = hi;
        }
        (lo_next, hi_next)
    }

    pub(crate) fn bounds(&self) -> (i64, i64) {
        let (lo, hi) = self.die_bounds();
        let kept = match self.keep {
            Some(keep) => keep.normalized(self.count).1,
            None => self.count,
        };
        let k = i64::from(kept);
        (lo.saturating_mul(k), hi.saturating_mul(k))
    }
}

impl fmt::Display for DiceTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if let Some(r) = self.reroll {
            write!(f, "{}{}", if r.once { "ro" } else { "r" }, r.when)?;
        }
        if let Some(lo) = self.min_face {
            write!(f, "mi{lo}")?;
        }
        if let Some(hi) = self.max_face {
            write!(f, "ma{hi}")?;
        }
        match self.explode {
            Some(Compare::Eq(n)) if n == self.sides => f.write_str("!")?,
            Some(c) => write!(f, "!{c}")?,
            None => {}
        }
        match self.keep {
            Some(Keep::Highest(k)) => write!(f, "kh{k}")?,
            Some(Keep::Lowest(k)) => write!(f, "kl{k}")?,
            Some(Keep::DropHighest(d)) => write!(f, "dh{d}")?,
            Some(Keep::DropLowest(d)) => write!(f, "dl{d}")?,
            None => {}
        }
        Ok(())
    }
}

impl NodeRef<'_> {
    fn precedence(self) -> u8 {
        match self.view() {
            View::Binary(op, ..) => op.precedence(),
            View::Neg(_) => 3,
            View::Const(c) if c < 0 => 3,
            View::Const(_) | View::Dice(_) => 4,
        }
    }

    pub(crate) fn bounds(self) -> (i64, i64) {
        match self.view() {
            View::Const(c) => (c, c),
            View::Dice(term) => term.bounds(),
            View::Neg(inner) => neg_bounds(inner.bounds()),
            View::Binary(op, l, r) => op.bounds(l.bounds(), r.bounds()),
        }
    }

    /// Writes the notation, letting `term` render each dice term (in left-to-right order,
    /// which is also the order they are rolled in).
    pub(crate) fn write_with(
        self,
        out: &mut dyn fmt::Write,
        term: &mut dyn FnMut(&DiceTerm, &mut dyn fmt::Write) -> fmt::Result,
    ) -> fmt::Result {
        match self.view() {
            View::Const(c) => write!(out, "{c}"),
            View::Dice(t) => term(t, out),
            View::Neg(inner) => {
                out.write_char('-')?;
                let paren = inner.precedence() < 3;
                write_child(inner, paren, out, term)
            }
            View::Binary(op, l, r) => {
                let p = op.precedence();
                write_child(l, l.precedence() < p, out, term)?;
                write!(out, " {} ", op.symbol())?;
                write_child(r, r.precedence() <= p, out, term)
            }
        }
    }
}

fn write_child(
    node: NodeRef<'_>,
    paren: bool,
    out: &mut dyn fmt::Write,
    term: &mut dyn FnMut(&DiceTerm, &mut dyn fmt::Write) -> fmt::Result,
) -> fmt::Result {
    if paren {
        out.write_char('(')?;
        node.write_with(out, term)?;
        out.write_char(')')
    } else {
        node.write_with(out, term)
    }
}

fn extremes(values: impl Iterator<Item = i64>) -> (i64, i64) {
    values.fold((i64::MAX, i64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

impl Expr {
    /// `count` dice with `sides` sides (`NdM`).
    ///
    /// Trusted-code builder: `count` is capped at [`MAX_DICE_PER_TERM`] and `sides` clamped to
    /// `1..=`[`MAX_SIDES`] so the notation always parses back.
    pub fn dice(count: u32, sides: u32) -> Self {
        Self::leaf(Node::Dice(DiceTerm::plain(
            count.min(MAX_DICE_PER_TERM),
            sides.clamp(1, MAX_SIDES),
        )))
    }

    fn leaf(node: Node) -> Self {
        Self {
            nodes: Nodes::from_slice(&[node]),
        }
    }

    /// The root of the tree.
    pub(crate) fn root(&self) -> NodeRef<'_> {
        NodeRef::root(&self.nodes)
    }

    /// `self op other`: both post-order arrays one after the other (the right one's
    /// indices shifted), then the new root.
    fn join(self, op: BinOp, other: Expr) -> Expr {
        let offset = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        let mut nodes = Vec::with_capacity(self.nodes.len() + other.nodes.len() + 1);
        nodes.extend_from_slice(&self.nodes);
        nodes.extend(other.nodes.iter().map(|n| match *n {
            Node::Neg(i) => Node::Neg(i + offset),
            Node::Binary(op, l, r) => Node::Binary(op, l + offset, r + offset),
            leaf => leaf,
        }));
        let right = u32::try_from(nodes.len()).unwrap_or(u32::MAX) - 1;
        nodes.push(Node::Binary(op, offset - 1, right));
        Expr {
            nodes: Nodes::from(nodes),
        }
    }

    /// A fixed number, clamped to `±`[`MAX_CONSTANT`] so the notation always parses back.
    pub fn constant(value: i64) -> Self {
        Self::leaf(Node::Const(value.clamp(-MAX_CONSTANT, MAX_CONSTANT)))
    }

    /// `self + other`, e.g. a spell's dice plus the ability modifier.
    ///
    /// Builders do not re-check [`crate::MAX_DICE_TOTAL`]: a sum of very large expressions may
    /// print a notation that `parse` rejects.
    #[allow(clippy::should_implement_trait)] // also implemented; inherent so no import is needed
    pub fn add(self, other: Expr) -> Expr {
        self.join(BinOp::Add, other)
    }

    /// `self - other`.
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, other: Expr) -> Expr {
        self.join(BinOp::Sub, other)
    }

    /// The same expression with every term's dice doubled, for critical hits ("roll the
    /// attack's damage dice twice"): `2d8 + 3` becomes `4d8 + 3`. Keep/drop counts double too
    /// (`4d6kh3` becomes `8d6kh6`); counts are capped at [`MAX_DICE_PER_TERM`].
    pub fn with_doubled_dice(&self) -> Expr {
        self.with_dice_multiplied(2)
    }

    /// Every term's dice multiplied by `factor` (cantrip scaling: two, three or four times the
    /// base dice). Keep/drop counts scale too; counts are capped at [`MAX_DICE_PER_TERM`].
    pub fn with_dice_multiplied(&self, factor: u32) -> Expr {
        let nodes: Vec<Node> = self
            .nodes
            .iter()
            .map(|n| match *n {
                Node::Dice(t) => Node::Dice(DiceTerm {
                    count: t.count.saturating_mul(factor).min(MAX_DICE_PER_TERM),
                    keep: t.keep.map(|k| k.scaled(factor)),
                    ..t
                }),
                other => other,
            })
            .collect();
        Self {
            nodes: Nodes::from(nodes),
        }
    }

    /// Least possible result. Exact for sums of terms; with `*` or `/` a bound.
    pub fn min(&self) -> i64 {
        self.root().bounds().0
    }

    /// Greatest possible result (exploding dice count at most [`MAX_EXPLOSIONS`] extra rolls,
    /// as rolling does). Exact for sums of terms; with `*` or `/` a bound.
    pub fn max(&self) -> i64 {
        self.root().bounds().1
    }

    /// Total number of dice the expression rolls before rerolls and explosions.
    pub fn dice_count(&self) -> u64 {
        // Every node is part of the tree, so summing over the array visits each term once.
        self.nodes
            .iter()
            .map(|n| match n {
                Node::Dice(t) => u64::from(t.count),
                _ => 0,
            })
            .sum()
    }
}

impl std::ops::Add for Expr {
    type Output = Expr;
    fn add(self, other: Expr) -> Expr {
        Expr::add(self, other)
    }
}

impl std::ops::Sub for Expr {
    type Output = Expr;
    fn sub(self, other: Expr) -> Expr {
        Expr::sub(self, other)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.root().write_with(f, &mut |t, out| write!(out, "{t}"))
    }
}

impl Serialize for Expr {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Expr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        crate::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_division_rounds_down_and_never_panics() {
        assert_eq!(floor_div(7, 2), 3);
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(floor_div(7, -2), -4);
        assert_eq!(floor_div(-8, 2), -4);
        assert_eq!(floor_div(5, 0), 0);
        assert_eq!(floor_div(i64::MIN, -1), i64::MAX);
    }

    #[test]
    fn builders_print_notation() {
        let e = Expr::dice(8, 6).add(Expr::constant(4));
        assert_eq!(e.to_string(), "8d6 + 4");
        assert_eq!(e.with_doubled_dice().to_string(), "16d6 + 4");
        assert_eq!((e.min(), e.max()), (12, 52));
        assert_eq!(Expr::dice(5000, 0).to_string(), "1000d1");
        let cantrip = crate::parse("1d10kh1 + 2").map(|e| e.with_dice_multiplied(3).to_string());
        assert_eq!(cantrip.ok().as_deref(), Some("3d10kh3 + 2"));
        let crit = crate::parse("4d6dl1").map(|e| e.with_doubled_dice().to_string());
        assert_eq!(crit.ok().as_deref(), Some("8d6dl2"));
        assert_eq!(Expr::constant(i64::MIN).to_string(), "-1000000000");
    }
}
