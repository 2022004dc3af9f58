//! The newest ids seen, at most `N` of them: the oldest is forgotten when
//! one more comes. The cache remembers its own changes so, and the live
//! relay the changes it has published.

use std::collections::{HashSet, VecDeque};

/// At most `N` ids, the newest remembered.
#[derive(Debug, Default)]
pub struct RecentIds<const N: usize> {
    /// Oldest first.
    order: VecDeque<i64>,
    set: HashSet<i64>,
}

impl<const N: usize> RecentIds<N> {
    /// Remembers `id`, forgetting the oldest past `N`; true if it was not
    /// remembered yet.
    pub fn insert(&mut self, id: i64) -> bool {
        if !self.set.insert(id) {
            return false;
        }
        self.order.push_back(id);
        if self.order.len() > N
            && let Some(old) = self.order.pop_front()
        {
            self.set.remove(&old);
        }
        true
    }

    /// Whether `id` is among the remembered.
    pub fn contains(&self, id: i64) -> bool {
        self.set.contains(&id)
    }
}

#[cfg(test)]
mod tests {
    use super::RecentIds;

    #[test]
    fn the_oldest_is_forgotten_past_the_bound() {
        let mut ids = RecentIds::<2>::default();
        assert!(ids.insert(1) && ids.insert(2));
        assert!(!ids.insert(2), "already remembered");
        assert!(ids.insert(3));
        assert!(!ids.contains(1) && ids.contains(2) && ids.contains(3));
        assert!(ids.insert(1), "forgotten, so new again");
        assert!(!ids.contains(2));
    }
}
