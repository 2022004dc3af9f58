//! Where an [`crate::Expr`] keeps its nodes: an everyday expression (`1d20 + 7`, three
//! nodes) inline, so parsing it allocates nothing; a larger one in one shared allocation,
//! so cloning it copies a reference count.

use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

use crate::expr::Node;

/// Nodes up to this many are kept inline: a dice term, a constant and the operator
/// joining them.
const INLINE_NODES: usize = 3;

/// A post-order node array, inline when short. Equality, hashing and `Debug` see only the
/// nodes, so the same tree is equal however it is stored.
#[derive(Clone)]
pub(crate) enum Nodes {
    /// The first `len` entries are the nodes.
    Inline(u8, [Node; INLINE_NODES]),
    /// Longer arrays, shared between clones.
    Shared(Arc<[Node]>),
}

impl Nodes {
    /// The nodes of `slice`, copied inline when they fit.
    pub(crate) fn from_slice(slice: &[Node]) -> Self {
        match slice.len() {
            len @ 0..=INLINE_NODES => {
                let mut buf = [Node::default(); INLINE_NODES];
                for (slot, node) in buf.iter_mut().zip(slice) {
                    *slot = *node;
                }
                // At most INLINE_NODES, so the length fits in a byte.
                Self::Inline(u8::try_from(len).unwrap_or(0), buf)
            }
            _ => Self::Shared(Arc::from(slice)),
        }
    }
}

impl From<Vec<Node>> for Nodes {
    fn from(nodes: Vec<Node>) -> Self {
        if nodes.len() <= INLINE_NODES {
            Self::from_slice(&nodes)
        } else {
            Self::Shared(Arc::from(nodes))
        }
    }
}

impl Deref for Nodes {
    type Target = [Node];

    fn deref(&self) -> &[Node] {
        match self {
            Self::Inline(len, buf) => buf.get(..usize::from(*len)).unwrap_or_default(),
            Self::Shared(nodes) => nodes,
        }
    }
}

impl PartialEq for Nodes {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Nodes {}

impl Hash for Nodes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl std::fmt::Debug for Nodes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    use std::sync::Arc;

    use super::{INLINE_NODES, Nodes};
    use crate::expr::Node;

    fn hash_of(nodes: &Nodes) -> u64 {
        let mut h = DefaultHasher::new();
        nodes.hash(&mut h);
        h.finish()
    }

    #[test]
    fn short_arrays_stay_inline_and_compare_equal_to_shared_ones() {
        let three = [Node::Const(1), Node::Const(2), Node::Const(3)];
        let inline = Nodes::from_slice(&three);
        assert!(matches!(inline, Nodes::Inline(3, _)));
        let shared = Nodes::Shared(Arc::from(three.as_slice()));
        assert_eq!(inline, shared);
        assert_eq!(hash_of(&inline), hash_of(&shared));
        assert_eq!(format!("{inline:?}"), format!("{shared:?}"));
        assert_eq!(&*inline, &three);

        let four = vec![Node::Const(0); INLINE_NODES + 1];
        let long = Nodes::from(four.clone());
        assert!(matches!(long, Nodes::Shared(_)));
        assert_eq!(&*long, four.as_slice());
        assert!(Nodes::from_slice(&[]).is_empty());
    }
}
