//! A value shared between copies of a state until one of them changes it.
//!
//! Every cast clones the caster to apply its events (the new snapshot), and
//! most casts never touch the prepared spells, cantrips or spellbook: sharing
//! those sets makes the clone a reference count instead of a tree copy.

use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `T` behind a reference count, copied on the first write ([`Arc::make_mut`]).
/// Serialises exactly as `T`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Shared<T>(Arc<T>);

impl<T: Clone> Shared<T> {
    /// The value, copied first if another state still shares it.
    pub(crate) fn make_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Self {
        Shared(Arc::new(value))
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Shared::from)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::Shared;

    #[test]
    fn a_write_copies_only_the_written_clone() {
        let mut first: Shared<BTreeSet<u8>> = BTreeSet::from([1]).into();
        let second = first.clone();
        first.make_mut().insert(2);
        assert_eq!(*first, BTreeSet::from([1, 2]));
        assert_eq!(*second, BTreeSet::from([1]));
    }

    #[test]
    fn serialises_as_the_value_itself() {
        let set: Shared<BTreeSet<u8>> = BTreeSet::from([3, 1]).into();
        let json = serde_json::to_string(&set).expect("serialises");
        assert_eq!(json, "[1,3]");
        let back: Shared<BTreeSet<u8>> = serde_json::from_str(&json).expect("deserialises");
        assert_eq!(back, set);
    }
}
