//! A batch: many requests served in one transaction (group commit), whose
//! writes the process's [`EntityCache`] learns only once they are
//! committed.
//!
//! Inside a batch each request reads what the batch's earlier requests
//! wrote (their later reads must not see an older version, or every
//! second request would fail its version check), while every reader
//! outside the batch keeps seeing only what is committed: the batch's
//! writes wait here, beside the cache, until [`Batch::hand_over`] hands them
//! over, or [`Batch::failed`] drops them and empties the cache.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use crate::cache::{EntityCache, SharedEntity, Slot, written};
use crate::change::{Change, name_key};
use crate::record::{ChangeId, Committed};

/// The writes of one open batch, not durable yet. Share one (an `Arc`)
/// between the [`Cached`](crate::Cached) stores of the batch's requests.
#[derive(Default)]
pub struct Batch {
    state: Mutex<Written>,
}

/// What a commit left of one entity: (kind, name key, slot, version).
type Left = (String, String, Slot, u64);

#[derive(Default)]
struct Written {
    /// The newest slot of every entity the batch wrote, by (kind, key).
    slots: HashMap<(String, String), Slot>,
    /// Entities an undo in the batch moved: read from the connection.
    undone: HashSet<(String, String)>,
    /// The kinds written, whose lists must come from the connection.
    kinds: HashSet<String>,
    /// The commits in order, with what each left, for the cache once
    /// durable.
    commits: Vec<(ChangeId, Vec<Left>)>,
    /// Commits and undos so far.
    writes: usize,
}

/// What the batch knows of an entity.
pub(crate) enum Seen {
    /// The batch wrote it: this state, or gone.
    Written(Option<Arc<SharedEntity>>),
    /// An undo in the batch moved it: only the connection knows.
    Undone,
}

impl std::fmt::Debug for Batch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch")
            .field("writes", &self.writes())
            .finish()
    }
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Written> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many commits and undos the batch made so far: a request that
    /// raised it wrote something, and must not be answered before the
    /// batch is durable.
    pub fn writes(&self) -> usize {
        self.lock().writes
    }

    pub(crate) fn get(&self, kind: &str, key: &str) -> Option<Seen> {
        let state = self.lock();
        let at = (kind.to_owned(), key.to_owned());
        if state.undone.contains(&at) {
            return Some(Seen::Undone);
        }
        match state.slots.get(&at)? {
            Slot::Present(e) => Some(Seen::Written(Some(Arc::clone(e)))),
            Slot::Gone(_) => Some(Seen::Written(None)),
            Slot::Stale(_) => Some(Seen::Undone),
        }
    }

    /// Whether the batch wrote anything of `kind`.
    pub(crate) fn wrote(&self, kind: &str) -> bool {
        self.lock().kinds.contains(kind)
    }

    /// `committed`, a complete list of `kind` in name-key order, with what
    /// the batch wrote of the kind laid over it, in the same order: what
    /// the batch's connection would list, read without it. `None` when an
    /// undo in the batch moved an entity of the kind (only the connection
    /// knows what it left).
    pub(crate) fn over(
        &self,
        kind: &str,
        committed: Vec<Arc<SharedEntity>>,
    ) -> Option<Vec<Arc<SharedEntity>>> {
        let by_key = committed
            .into_iter()
            .map(|e| (name_key(&e.raw().name), e))
            .collect();
        self.lay_over(kind, by_key, Arc::clone)
    }

    /// [`Batch::over`] for names: `committed`, a kind's whole names in
    /// name-key order, with what the batch created or deleted of the kind.
    pub(crate) fn over_names(&self, kind: &str, committed: Vec<String>) -> Option<Vec<String>> {
        let by_key = committed.into_iter().map(|n| (name_key(&n), n)).collect();
        self.lay_over(kind, by_key, |e| e.raw().name.clone())
    }

    /// `by_key` (a kind's entries by name key) with the batch's writes of
    /// `kind` laid over it: each entity it wrote as `entry` makes it, each
    /// it deleted gone. See [`Batch::over`] for `None`.
    fn lay_over<T>(
        &self,
        kind: &str,
        mut by_key: BTreeMap<String, T>,
        entry: impl Fn(&Arc<SharedEntity>) -> T,
    ) -> Option<Vec<T>> {
        let state = self.lock();
        if state.undone.iter().any(|(k, _)| k == kind) {
            return None;
        }
        for ((k, key), slot) in &state.slots {
            if k != kind {
                continue;
            }
            match slot {
                Slot::Present(e) => {
                    by_key.insert(key.clone(), entry(e));
                }
                Slot::Gone(_) => {
                    by_key.remove(key);
                }
                Slot::Stale(_) => return None,
            }
        }
        Some(by_key.into_values().collect())
    }

    pub(crate) fn committed(&self, change: &Change, done: &Committed) {
        let mut state = self.lock();
        state.writes += 1;
        let left: Vec<Left> = written(change, done)
            .map(|(kind, key, slot, version)| (kind.to_owned(), key, slot, version))
            .collect();
        for (kind, key, slot, _) in &left {
            state.kinds.insert(kind.clone());
            state
                .slots
                .insert((kind.clone(), key.clone()), slot.clone());
        }
        state.commits.push((done.change, left));
    }

    pub(crate) fn undone(&self, kind: &str, name: &str) {
        let mut state = self.lock();
        state.writes += 1;
        state.kinds.insert(kind.to_owned());
        state.undone.insert((kind.to_owned(), name_key(name)));
    }

    /// The batch committed (every reader of the database sees it now,
    /// though its sync may still be under way): the cache learns its
    /// writes, in order.
    pub fn hand_over(&self, cache: &EntityCache) {
        let mut state = self.lock();
        for (id, left) in state.commits.drain(..) {
            cache.own_change(id, left);
        }
        for (kind, key) in state.undone.drain() {
            cache.forget(&kind, &key);
        }
    }

    /// The batch did not commit: none of its writes happened. The cache
    /// starts again, since reads inside the batch may have kept states
    /// the rollback took back.
    pub fn failed(&self, cache: &EntityCache) {
        let mut state = self.lock();
        state.commits.clear();
        state.undone.clear();
        cache.start_again();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cached, SqliteBackend, Store};

    /// A connection and a cache, with character `a` created at version 1
    /// outside any batch (so the cache holds it).
    fn seeded() -> (Arc<Mutex<SqliteBackend>>, Arc<EntityCache>) {
        let conn = Arc::new(Mutex::new(SqliteBackend::open_in_memory().unwrap()));
        let cache = Arc::new(EntityCache::new());
        let mut outside = Store::with_backend(Cached::new(Arc::clone(&conn), Arc::clone(&cache)));
        outside
            .commit(&Change::new("seed").create("character", "a", &1).unwrap())
            .unwrap();
        (conn, cache)
    }

    fn version_outside(conn: &Arc<Mutex<SqliteBackend>>, cache: &Arc<EntityCache>) -> u64 {
        let store = Store::with_backend(Cached::new(Arc::clone(conn), Arc::clone(cache)));
        store.get::<u32>("character", "a").unwrap().version
    }

    /// A state whose JSON leaves a field out: read back from JSON, the
    /// field is false, so a true one shows the reader was given the
    /// committed value itself.
    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Marked {
        n: u32,
        #[serde(skip)]
        kept: bool,
    }

    #[test]
    fn a_state_committed_known_is_read_back_without_decoding() {
        let (conn, cache) = seeded();
        let state = Marked { n: 2, kept: true };
        let change = Change::new("a to 2")
            .update_known("character", "a", 1, &state)
            .unwrap();
        let mut store = Store::with_backend(Cached::new(Arc::clone(&conn), Arc::clone(&cache)));
        store.commit(&change).unwrap();
        let cached = store.get::<Marked>("character", "a").unwrap();
        assert_eq!((cached.version, cached.state), (2, state));
        // From the database it decodes as JSON says.
        let fresh = Store::with_backend(Arc::clone(&conn));
        let stored = fresh.get::<Marked>("character", "a").unwrap().state;
        assert_eq!(stored, Marked { n: 2, kept: false });
    }

    #[test]
    fn a_batch_reads_its_own_writes_and_the_cache_learns_them_once_committed() {
        let (conn, cache) = seeded();
        assert_eq!(version_outside(&conn, &cache), 1);

        conn.lock().unwrap().begin_batch().unwrap();
        let batch = Arc::new(Batch::new());
        let in_batch = || {
            Store::with_backend(Cached::in_batch(
                Arc::clone(&conn),
                Arc::clone(&cache),
                Arc::clone(&batch),
            ))
        };
        let mut first = in_batch();
        let a = first.get::<u32>("character", "a").unwrap();
        first
            .commit(
                &Change::new("a to 2")
                    .update("character", "a", a.version, &2)
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(batch.writes(), 1);
        assert_eq!(
            version_outside(&conn, &cache),
            1,
            "outside the batch, only what is committed"
        );
        // The next request of the batch builds on the first one's write.
        let mut second = in_batch();
        let a = second.get::<u32>("character", "a").unwrap();
        assert_eq!((a.version, a.state), (2, 2));
        second
            .commit(
                &Change::new("a to 3")
                    .update("character", "a", 2, &3)
                    .unwrap(),
            )
            .unwrap();
        conn.lock().unwrap().end_batch().unwrap();
        batch.hand_over(&cache);
        assert_eq!(version_outside(&conn, &cache), 3);
    }

    /// (name, version, state) of every character, as `store` lists them.
    fn listed(store: &Store) -> Vec<(String, u64, u32)> {
        store
            .list_shared::<u32>("character")
            .unwrap()
            .into_iter()
            .map(|e| (e.name, e.version, *e.state))
            .collect()
    }

    /// A kind the batch wrote is listed from the cache with the batch's
    /// writes laid over it (reading it from the connection and decoding
    /// every state was a third of SQLite's writer, issue 38 part 9), and
    /// the list is the one the batch's connection gives: an update, a new
    /// entity in name order, a deletion; after an undo, the connection's.
    #[test]
    fn a_batch_lists_a_kind_it_wrote_as_its_connection_does() {
        let (conn, cache) = seeded();
        let mut outside = Store::with_backend(Cached::new(Arc::clone(&conn), Arc::clone(&cache)));
        for name in ["c", "e"] {
            outside
                .commit(&Change::new("seed").create("character", name, &1).unwrap())
                .unwrap();
        }
        // The cache holds the kind whole.
        assert_eq!(listed(&outside).len(), 3);

        conn.lock().unwrap().begin_batch().unwrap();
        let batch = Arc::new(Batch::new());
        let mut in_batch = Store::with_backend(Cached::in_batch(
            Arc::clone(&conn),
            Arc::clone(&cache),
            Arc::clone(&batch),
        ));
        let connection = Store::with_backend(Arc::clone(&conn));
        in_batch
            .commit(
                &Change::new("c to 5")
                    .update("character", "c", 1, &5)
                    .unwrap(),
            )
            .unwrap();
        in_batch
            .commit(&Change::new("new D").create("character", "D", &7).unwrap())
            .unwrap();
        in_batch
            .commit(&Change::new("no e").delete("character", "e", 1))
            .unwrap();
        let expected = vec![
            ("a".to_owned(), 1, 1),
            ("c".to_owned(), 2, 5),
            ("D".to_owned(), 1, 7),
        ];
        assert_eq!(listed(&connection), expected);
        assert_eq!(listed(&in_batch), expected);
        // The names too, from the cache's whole names with the batch's
        // creations and deletions laid over them (issue 38, part 10).
        assert_eq!(in_batch.names("character").unwrap(), ["a", "c", "D"]);
        assert_eq!(outside.names("character").unwrap(), ["a", "c", "e"]);
        // Laid over the cache: no entity the batch did not write was read
        // again (the cache's `a` is the very value it kept).
        let a_cached = outside.find_shared::<u32>("character", "a").unwrap();
        let a_listed = in_batch.list_shared::<u32>("character").unwrap();
        assert!(Arc::ptr_eq(&a_cached.unwrap().state, &a_listed[0].state));

        in_batch.undo("character", "c").unwrap();
        assert_eq!(listed(&in_batch), listed(&connection));
        assert_eq!(
            in_batch.names("character").unwrap(),
            connection.names("character").unwrap()
        );
        assert_eq!(listed(&in_batch)[1], ("c".to_owned(), 3, 1));
        conn.lock().unwrap().end_batch().unwrap();
        batch.hand_over(&cache);
        assert_eq!(listed(&outside), listed(&connection));
        assert_eq!(outside.names("character").unwrap(), ["a", "c", "D"]);
    }

    #[test]
    fn a_failed_batch_leaves_the_cache_empty() {
        let (_conn, cache) = seeded();
        assert!(!cache.is_empty());
        let batch = Batch::new();
        batch.failed(&cache);
        assert!(cache.is_empty(), "nothing read during the batch is trusted");
    }
}
