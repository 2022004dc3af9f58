//! Entities kept in memory by one process, trusted only as far as the
//! change log says (issue 16).
//!
//! A server reads the same few entities on every request (the caller's
//! token and account, the campaign, the character and its owner, the
//! running encounter). [`EntityCache`] keeps them, shared by every
//! connection of the process, and [`Cached`] is the backend wrapper that
//! reads through it and updates it with the process's own commits.
//!
//! **When an entry is trusted.** Versions only grow, and every committed
//! write leaves a row in the change log. Before each request the caller
//! runs [`EntityCache::catch_up`], which asks the database for the writes
//! committed since the last catch-up ([`Backend::writes_since`]) and marks
//! every entity written there at a version newer than the cached one as
//! stale, or, when the log row's state can be read here (whole, or a delta
//! on the version held), keeps the new version itself (issue 38, part 13:
//! with instances behind round robin, nearly every request would otherwise
//! read again what the other instance just wrote). So a request sees
//! every change committed before it started, by this process, another
//! process on the same SQLite file or another server instance on
//! PostgreSQL. Three kinds of slot make the races harmless:
//! - `Present`: the entity as stored at some version.
//! - `Stale(v)`: something at version `v` or newer exists (or was
//!   deleted); read the database, and accept only what is at least `v`.
//! - `Gone(v)`: deleted by this process at version `v`.
//!
//! A read that raced a newer write can never put an older version back,
//! and a kind's list is served from memory only when it was read whole
//! with no change to the kind arriving meanwhile. A kind's *names* stay
//! whole across other processes' writes, since a catch-up says which
//! writes created or deleted an entity (issue 38, part 10): a seat's list
//! of characters no longer goes to the database whenever another instance
//! updated one. Writes are never decided
//! by the cache alone: every commit still checks versions in the database,
//! so a stale entry can cost a retry, never a slot spent twice.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use crate::backend::{Backend, UndoGuard};
pub use crate::batch::Batch;
use crate::batch::Seen;
use crate::change::{Change, name_key};
use crate::error::{Result, StoreError};
use crate::record::{ChangeId, Committed, RawEntity, Undone};

/// The most slots kept; past it the cache starts again empty (always
/// safe: an empty cache only means reads go to the database). At a few
/// kilobytes an entity, this bounds the cache to a few hundred megabytes
/// in the worst case and far less on any real table.
pub const MAX_CACHED: usize = 100_000;

/// The most names read as not there that the cache keeps between two
/// starts ([`EntityCache::keep_absent`]): a client asking for many names
/// that do not exist fills at most this share of the slots, so it cannot
/// make the cache start again; past it a miss asks the database again.
pub const MAX_KEPT_ABSENT: usize = MAX_CACHED / 10;

/// An entity as stored, shared between requests, with its decoded state
/// kept beside the JSON once some reader has decoded it.
pub struct SharedEntity {
    raw: RawEntity,
    decoded: Mutex<Option<(TypeId, Arc<dyn Any + Send + Sync>)>>,
}

impl std::fmt::Debug for SharedEntity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedEntity")
            .field("raw", &self.raw)
            .finish_non_exhaustive()
    }
}

impl SharedEntity {
    /// Wraps what a backend read.
    pub fn new(raw: RawEntity) -> Self {
        SharedEntity {
            raw,
            decoded: Mutex::new(None),
        }
    }

    /// The entity as stored.
    pub fn raw(&self) -> &RawEntity {
        &self.raw
    }

    /// The state decoded as `T`: decoded once and kept, so the next reader
    /// of the same version gets it without parsing.
    pub fn decoded<T>(&self) -> Result<Arc<T>>
    where
        T: serde::de::DeserializeOwned + Send + Sync + 'static,
    {
        let mut slot = self.decoded.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((ty, value)) = slot.as_ref()
            && *ty == TypeId::of::<T>()
            && let Ok(value) = Arc::clone(value).downcast::<T>()
        {
            return Ok(value);
        }
        let value: Arc<T> = Arc::new(serde_json::from_str(&self.raw.state_json).map_err(
            |source| StoreError::Decode {
                kind: self.raw.kind.clone(),
                name: self.raw.name.clone(),
                source,
            },
        )?);
        *slot = Some((TypeId::of::<T>(), value.clone()));
        Ok(value)
    }
}

/// Where the next catch-up starts reading the change log; what it holds
/// depends on the backend (the newest change id on SQLite, a transaction
/// snapshot on PostgreSQL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cursor {
    /// Every change up to and including this id has been seen (SQLite,
    /// whose change ids are given in commit order).
    ChangeId(i64),
    /// Every transaction visible in this snapshot has been seen
    /// (PostgreSQL).
    Snapshot(Snapshot),
}

/// A PostgreSQL transaction snapshot as the instance keeps it (issue 38):
/// the three parts of `pg_current_snapshot()` as numbers, read and sent
/// back in the database's binary form, so no snapshot text is written or
/// parsed on a catch-up. A transaction is visible in it when its id is
/// below `xmin`, or below `xmax` and not among `xip`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// Every transaction below this had ended when the snapshot was taken.
    pub(crate) xmin: u64,
    /// No transaction from this on had ended.
    pub(crate) xmax: u64,
    /// The transactions between the two still in progress, ascending.
    pub(crate) xip: Vec<u64>,
}

/// What was committed since a [`Cursor`]: see [`Backend::writes_since`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WritesSince {
    /// Where the next catch-up starts.
    pub cursor: Cursor,
    /// Every entity written since, with its version after the write.
    pub writes: Vec<WrittenKey>,
    /// More was written than one catch-up reads ([`MAX_CATCH_UP`]):
    /// `writes` is incomplete and the cache must start again.
    pub overflow: bool,
}

/// One entity written, as a catch-up reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenKey {
    /// The entity kind (with any scope prefix).
    pub kind: String,
    /// The name key ([`name_key`]).
    pub key: String,
    /// The version after the write.
    pub version: u64,
    /// The change that wrote it.
    pub change: ChangeId,
    /// The entity's name as stored.
    pub name: String,
    /// Whether the entity exists after the write (its log row holds a
    /// state); a deletion has none. What keeps a kind's names whole
    /// across other processes' writes (issue 38, part 10).
    pub exists: bool,
    /// The state after the write, when the log row holds one small enough
    /// to send ([`MAX_LOGGED_STATE`]): what lets a cache holding the
    /// version before serve the new one without reading it (issue 38,
    /// part 13). `None` on a backend that does not send it.
    pub state: Option<LoggedState>,
}

/// The largest state (or delta) a catch-up row carries, in bytes: a
/// catch-up reads at most [`MAX_CATCH_UP`] rows, so its states take at
/// most 8 MiB; a real cast's character is about 700 bytes, its delta
/// about 40.
pub const MAX_LOGGED_STATE: usize = 8 * 1024;

/// A state after a write, as the change log holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedState {
    /// When the change was committed, as the entity's `updated_at` then
    /// says.
    pub at: String,
    /// The state itself.
    pub after: StateAfter,
}

/// The two forms a log row stores a state in (`packed.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateAfter {
    /// The whole state as JSON.
    Plain(String),
    /// The state compressed with the previous version's state as zlib's
    /// preset dictionary: only a cache holding exactly that version can
    /// read it (zlib checks the dictionary's sum and the output's).
    Delta(Vec<u8>),
}

/// A change another process committed, as a catch-up found it in the log:
/// what [`EntityCache::take_news`] hands a follower of the log (a server
/// relaying live events, issue 38).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedChange {
    /// The change.
    pub change: ChangeId,
    /// Every entity it wrote, as (kind with any scope prefix, name), in
    /// the order the log gave them.
    pub entities: Vec<(String, String)>,
    /// When the catch-up that found it ended.
    pub found: std::time::Instant,
}

/// The most changes kept for [`EntityCache::take_news`]; past it the
/// oldest are dropped (a follower that stopped taking them must not grow
/// the process).
pub const MAX_NEWS: usize = 1_024;

/// How many of this process's own change ids are remembered, so that a
/// catch-up that sees one before its commit was told to the cache does not
/// report it as news ([`EntityCache::was_own`]).
const OWN_REMEMBERED: usize = 4_096;

thread_local! {
    /// The changes committed (or undone) on this thread since
    /// [`take_committed_here`] was last called: how a server learns which
    /// changes a request made, to name them in its live events.
    static COMMITTED_HERE: std::cell::RefCell<Vec<ChangeId>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The most ids [`take_committed_here`] keeps between two calls.
const MAX_COMMITTED_HERE: usize = 64;

/// The changes committed or undone through a [`Cached`] backend on this
/// thread since the last call (at most 64, the newest kept), and forgets
/// them. A caller that runs one request on a thread calls it before and
/// after the request.
pub fn take_committed_here() -> Vec<ChangeId> {
    COMMITTED_HERE.with(|c| std::mem::take(&mut *c.borrow_mut()))
}

fn committed_here(id: ChangeId) {
    COMMITTED_HERE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= MAX_COMMITTED_HERE {
            c.remove(0);
        }
        c.push(id);
    });
}

/// The most writes one catch-up reads before giving up and emptying the
/// cache instead.
pub const MAX_CATCH_UP: u32 = 1_000;

pub(crate) enum Slot {
    Present(Arc<SharedEntity>),
    Stale(u64),
    Gone(u64),
}

impl Clone for Slot {
    fn clone(&self) -> Self {
        match self {
            Slot::Present(e) => Slot::Present(Arc::clone(e)),
            Slot::Stale(v) => Slot::Stale(*v),
            Slot::Gone(v) => Slot::Gone(*v),
        }
    }
}

impl Slot {
    /// Whether an entity read at `version` may replace this slot.
    fn accepts(&self, version: u64) -> bool {
        match self {
            Slot::Present(e) => e.raw.version < version,
            Slot::Stale(v) => *v <= version,
            Slot::Gone(v) => *v < version,
        }
    }
}

#[derive(Default)]
struct KindSlots {
    by_key: BTreeMap<String, Slot>,
    /// Every entity of the kind is here (`Present` or `Gone`), as of a
    /// whole read of the kind.
    complete: bool,
    /// Bumped whenever a catch-up marks something of the kind stale, so a
    /// whole read that overlapped it does not claim completeness.
    generation: u64,
    /// The kind's names, whole, when known: kept whole across other
    /// processes' writes (which spoil `complete`), since a catch-up says
    /// which of them created or deleted an entity (issue 38, part 10).
    /// `None` until a whole read, and again after anything the cache
    /// cannot account for (see [`KindSlots::spoil`]).
    names: Option<BTreeMap<String, NameMark>>,
    /// While `names` is `None` and a whole read is under way: what was
    /// learnt of the kind's names since the read began (catch-ups, own
    /// commits, the read itself), so the read makes the names whole even
    /// when news of the kind arrived meanwhile, as it nearly always does
    /// with another instance writing (the read sees the database at some
    /// moment after it began; anything it missed is here, newer).
    pending: Option<BTreeMap<String, NameMark>>,
    /// Bumped by every [`KindSlots::spoil`]: a whole read that overlapped
    /// one does not make the names whole.
    spoils: u64,
}

/// What a whole read of a kind notes when it begins, and compares when
/// it ends ([`EntityCache::keep_all`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct WholeRead {
    /// How many times the cache started again.
    clears: u64,
    /// News of the kind caught up ([`KindSlots::generation`]).
    generation: u64,
    /// Names spoiled ([`KindSlots::spoils`]).
    spoils: u64,
}

/// What the cache knows of one name of a kind whose names are whole: the
/// newest version written, and whether the entity exists after it (a
/// deletion is kept, so that an older write arriving late cannot bring
/// the name back).
struct NameMark {
    name: String,
    version: u64,
    exists: bool,
}

impl KindSlots {
    /// Records that (`key`, `name`) exists or not at `version`, when the
    /// names are whole and nothing newer is known of it.
    fn note(&mut self, key: &str, name: &str, version: u64, exists: bool) {
        if !note_in(&mut self.names, key, name, version, exists)
            || !note_in(&mut self.pending, key, name, version, exists)
        {
            self.spoil();
        }
    }

    /// The names are no longer known whole: read them again.
    fn spoil(&mut self) {
        self.names = None;
        self.pending = None;
        self.spoils += 1;
    }
}

/// Records in `names`, when kept, that (`key`, `name`) exists or not at
/// `version`, unless something newer is known of it; false when there is
/// no room for it.
fn note_in(
    names: &mut Option<BTreeMap<String, NameMark>>,
    key: &str,
    name: &str,
    version: u64,
    exists: bool,
) -> bool {
    let Some(names) = names.as_mut() else {
        return true;
    };
    match names.get(key) {
        Some(mark) if mark.version >= version => {}
        None if names.len() >= MAX_CACHED => return false,
        _ => {
            let mark = NameMark {
                name: name.to_owned(),
                version,
                exists,
            };
            names.insert(key.to_owned(), mark);
        }
    }
    true
}

#[derive(Default)]
struct State {
    kinds: HashMap<String, KindSlots>,
    slots: usize,
    cursor: Option<Cursor>,
    /// This process's own changes past the cursor, already applied here
    /// (on a backend whose cursor is a change id): a catch-up that finds
    /// only these has nothing to read.
    own: std::collections::BTreeSet<i64>,
    /// How many times the cache started again empty: a kind's generation
    /// counts from zero again after it, so the pair is what a whole read
    /// compares.
    clears: u64,
    /// Names kept as not there since the cache last started (never
    /// lowered when one is replaced: it only bounds them).
    kept_absent: usize,
    /// Whether catch-ups keep what they found for a follower of the log.
    following: bool,
    /// Changes found by catch-ups, not yet taken (at most [`MAX_NEWS`]).
    news: std::collections::VecDeque<LoggedChange>,
    /// This process's newest own change ids.
    own_recent: crate::RecentIds<OWN_REMEMBERED>,
    /// When the last catch-up ended.
    caught_up_at: Option<std::time::Instant>,
}

impl State {
    fn clear(&mut self) {
        self.kinds.clear();
        self.slots = 0;
        self.kept_absent = 0;
        self.own.clear();
        self.clears += 1;
    }

    /// Remembers `id` as this process's own change.
    fn remember_own(&mut self, id: i64) {
        self.own_recent.insert(id);
    }

    /// Keeps the changes behind `writes` for [`EntityCache::take_news`],
    /// leaving out this process's own.
    fn keep_news(&mut self, writes: &[WrittenKey]) {
        let mut at: HashMap<i64, usize> = HashMap::new();
        let found = std::time::Instant::now();
        for w in writes {
            if self.own_recent.contains(w.change.0) {
                continue;
            }
            let i = *at.entry(w.change.0).or_insert_with(|| {
                self.news.push_back(LoggedChange {
                    change: w.change,
                    entities: Vec::new(),
                    found,
                });
                self.news.len() - 1
            });
            self.news[i].entities.push((w.kind.clone(), w.name.clone()));
        }
        while self.news.len() > MAX_NEWS {
            self.news.pop_front();
        }
    }

    /// What a whole read of `kind` compares before and after: see
    /// [`KindSlots::generation`].
    fn generation(&self, kind: &str) -> WholeRead {
        let k = self.kinds.get(kind);
        WholeRead {
            clears: self.clears,
            generation: k.map_or(0, |k| k.generation),
            spoils: k.map_or(0, |k| k.spoils),
        }
    }

    fn kind(&mut self, kind: &str) -> &mut KindSlots {
        if !self.kinds.contains_key(kind) {
            self.kinds.insert(kind.to_owned(), KindSlots::default());
        }
        self.kinds.get_mut(kind).expect("inserted above")
    }

    /// Sets the slot of (`kind`, `key`) when `accepts` allows it.
    fn put(&mut self, kind: &str, key: String, slot: Slot, version: u64) {
        if self.slots >= MAX_CACHED {
            self.clear();
        }
        let k = self.kind(kind);
        match &slot {
            Slot::Present(e) => k.note(&key, &e.raw.name, version, true),
            Slot::Gone(_) => k.note(&key, "", version, false),
            Slot::Stale(_) => k.spoil(),
        }
        match k.by_key.get(&key) {
            Some(old) if !old.accepts(version) => {}
            Some(_) => {
                k.by_key.insert(key, slot);
            }
            None => {
                k.by_key.insert(key, slot);
                self.slots += 1;
            }
        }
    }

    /// Applies one write a catch-up found: the entity's slot moves to the
    /// new version when the row's state can be read here (its whole
    /// state, or a delta on the version held), else it is marked stale.
    fn apply_write(&mut self, w: WrittenKey) {
        let WrittenKey {
            kind,
            key,
            version,
            name,
            exists,
            state,
            ..
        } = w;
        let k = self.kind(&kind);
        // A creation adds the name, a deletion removes it, an update keeps
        // it; the version decides against what this process already knows.
        k.note(&key, &name, version, exists);
        let held = k.by_key.get(&key);
        let fresh = match held {
            Some(Slot::Present(e)) => e.raw.version >= version,
            Some(Slot::Gone(v)) => *v >= version,
            Some(Slot::Stale(v)) => *v >= version,
            None => false,
        };
        if fresh {
            return;
        }
        // Only news bumps the generation: this process's own commits,
        // already here, do not spoil a whole read of the kind.
        k.generation += 1;
        k.complete = false;
        let slot = match (held, state) {
            // Not held: nothing to keep up (a later read fetches it).
            (None, _) | (_, None) => Slot::Stale(version),
            (Some(held), Some(logged)) => match state_after(held, &kind, &name, version, logged) {
                Some(raw) => Slot::Present(Arc::new(SharedEntity::new(raw))),
                None => Slot::Stale(version),
            },
        };
        if k.by_key.insert(key, slot).is_none() {
            self.slots += 1;
        }
    }
}

/// The state a catch-up row carries: its whole state or its delta (when
/// small enough to send), with the change's time.
pub(crate) fn logged_state(
    plain: Option<String>,
    delta: Option<Vec<u8>>,
    at: Option<String>,
) -> Option<LoggedState> {
    let after = match (plain, delta) {
        (Some(json), _) => StateAfter::Plain(json),
        (None, Some(delta)) => StateAfter::Delta(delta),
        (None, None) => return None,
    };
    Some(LoggedState { at: at?, after })
}

/// The entity at `version` as a catch-up row gives it, when it can be
/// read from what `held` holds: a whole state always, a delta only on the
/// version just before (a delta on any other base fails zlib's check and
/// gives `None`, as does a deletion).
fn state_after(
    held: &Slot,
    kind: &str,
    name: &str,
    version: u64,
    logged: LoggedState,
) -> Option<RawEntity> {
    let state_json = match logged.after {
        StateAfter::Plain(json) => json,
        StateAfter::Delta(delta) => match held {
            Slot::Present(e) if e.raw.version + 1 == version => {
                crate::packed::inflate(&delta, Some(&e.raw.state_json)).ok()?
            }
            _ => return None,
        },
    };
    Some(RawEntity {
        kind: kind.to_owned(),
        name: name.to_owned(),
        version,
        state_json,
        updated_at: logged.at,
    })
}

/// The entities one process keeps in memory; share one per database
/// (an `Arc`) between all the process's connections.
#[derive(Default)]
pub struct EntityCache {
    state: Mutex<State>,
    /// How many catch-ups have begun (each takes the next number); read
    /// without waiting, when a request arrives.
    begun: std::sync::atomic::AtomicU64,
    /// Held while a catch-up runs (one at a time, so that requests
    /// arriving together share one read of the log): the number of the
    /// newest catch-up that succeeded.
    covered: Mutex<u64>,
}

impl std::fmt::Debug for EntityCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EntityCache")
            .field("slots", &self.lock().slots)
            .finish()
    }
}

impl EntityCache {
    /// An empty cache; the first [`EntityCache::catch_up`] only notes where
    /// the change log stands.
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many entities (and markers of stale or deleted ones) are kept.
    pub fn len(&self) -> usize {
        self.lock().slots
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Reads what was committed since the last catch-up and marks every
    /// entity written there stale, unless the cache already holds that
    /// version (this process's own commits). Call it at the start of a
    /// request: the request then sees everything committed before it.
    /// When the log cannot say (too many writes at once), the cache starts
    /// again empty.
    ///
    /// Catch-ups run one at a time; a request that finds one that began
    /// after it arrived has ended well takes that one as its own (it read
    /// everything committed before the request), so a crowd of requests
    /// costs about two reads of the log, not one each (on PostgreSQL, a
    /// round trip each).
    pub fn catch_up(&self, backend: &dyn Backend) -> Result<()> {
        use std::sync::atomic::Ordering;
        let arrived = self.begun.load(Ordering::SeqCst);
        let mut covered = self.covered.lock().unwrap_or_else(|p| p.into_inner());
        if *covered > arrived {
            return Ok(());
        }
        let number = self.begun.fetch_add(1, Ordering::SeqCst) + 1;
        self.catch_up_now(backend)?;
        *covered = number;
        Ok(())
    }

    /// One catch-up, read from the log now.
    fn catch_up_now(&self, backend: &dyn Backend) -> Result<()> {
        let cursor = self.lock().cursor.clone();
        if let Some(Cursor::ChangeId(at)) = cursor
            && let Some(ChangeId(newest)) = backend.newest_change()?
            && self.only_own_since(at, newest)
        {
            return Ok(());
        }
        let Some(since) = backend.writes_since(cursor.as_ref())? else {
            // The backend cannot tell what changed: trust nothing.
            self.lock().clear();
            return Ok(());
        };
        let mut state = self.lock();
        state.caught_up_at = Some(std::time::Instant::now());
        // Two catch-ups may overlap; whichever ends later keeps its
        // cursor, and marking stale twice is harmless.
        if cursor.is_none() || since.overflow {
            state.clear();
        } else {
            if state.following {
                state.keep_news(&since.writes);
            }
            for w in since.writes {
                state.apply_write(w);
            }
        }
        if let Cursor::ChangeId(last) = since.cursor {
            state.own.retain(|id| *id > last);
        }
        state.cursor = Some(since.cursor);
        Ok(())
    }

    /// Whether every change after `at` up to `newest` is this process's
    /// own, already applied; if so the cursor moves to `newest` and the
    /// log need not be read (the common case on a busy SQLite server,
    /// where the instance's one writer makes every change).
    fn only_own_since(&self, at: i64, newest: i64) -> bool {
        if newest.saturating_sub(at) > i64::from(MAX_CATCH_UP) {
            return false;
        }
        let mut state = self.lock();
        if state.cursor != Some(Cursor::ChangeId(at))
            || !(at + 1..=newest).all(|id| state.own.contains(&id))
        {
            return false;
        }
        state.own.retain(|id| *id > newest);
        state.cursor = Some(Cursor::ChangeId(newest));
        true
    }

    /// From now on, catch-ups keep the changes other processes committed
    /// for [`EntityCache::take_news`] (a server relaying live events from
    /// the log; off by default, so nothing is kept that nobody takes).
    pub fn follow_log(&self) {
        self.lock().following = true;
    }

    /// The changes other processes committed that catch-ups found since
    /// the last call, oldest first (at most [`MAX_NEWS`]; more, and the
    /// oldest were dropped). A catch-up that read more than
    /// [`MAX_CATCH_UP`] writes at once keeps none of them.
    pub fn take_news(&self) -> Vec<LoggedChange> {
        let mut state = self.lock();
        let news = std::mem::take(&mut state.news);
        news.into_iter()
            .filter(|n| !state.own_recent.contains(n.change.0))
            .collect()
    }

    /// Whether `change` is one of this process's own recent changes (its
    /// commit or undo went through a [`Cached`] backend on this cache).
    pub fn was_own(&self, change: ChangeId) -> bool {
        self.lock().own_recent.contains(change.0)
    }

    /// How long ago the last catch-up ended (`None` before the first).
    pub fn since_catch_up(&self) -> Option<std::time::Duration> {
        self.lock().caught_up_at.map(|at| at.elapsed())
    }

    fn get(&self, kind: &str, key: &str) -> Lookup {
        let state = self.lock();
        let Some(k) = state.kinds.get(kind) else {
            return Lookup::Unknown;
        };
        match k.by_key.get(key) {
            Some(Slot::Present(e)) => Lookup::Found(Some(Arc::clone(e))),
            Some(Slot::Gone(_)) => Lookup::Found(None),
            None if k.complete => Lookup::Found(None),
            _ => Lookup::Unknown,
        }
    }

    fn list(&self, kind: &str) -> Option<Vec<Arc<SharedEntity>>> {
        let state = self.lock();
        let k = state.kinds.get(kind)?;
        if !k.complete {
            return None;
        }
        let mut out = Vec::with_capacity(k.by_key.len());
        for slot in k.by_key.values() {
            match slot {
                Slot::Present(e) => out.push(Arc::clone(e)),
                Slot::Gone(_) => {}
                Slot::Stale(_) => return None,
            }
        }
        Some(out)
    }

    /// The names of `kind` in name-key order, when the cache knows them
    /// whole (a whole read, kept up since by every catch-up and commit).
    fn names(&self, kind: &str) -> Option<Vec<String>> {
        let state = self.lock();
        let names = state.kinds.get(kind)?.names.as_ref()?;
        Some(
            names
                .values()
                .filter(|m| m.exists)
                .map(|m| m.name.clone())
                .collect(),
        )
    }

    /// Notes that a whole read of `kind` begins: what
    /// [`EntityCache::keep_all`] compares, and, while the names are not
    /// whole, a start of what is learnt of them meanwhile.
    fn generation(&self, kind: &str) -> WholeRead {
        let mut state = self.lock();
        let k = state.kind(kind);
        if k.names.is_none() && k.pending.is_none() {
            k.pending = Some(BTreeMap::new());
        }
        state.generation(kind)
    }

    /// Keeps what a read returned (unless a newer version is known).
    fn keep(&self, entity: &Arc<SharedEntity>) {
        let raw = &entity.raw;
        self.lock().put(
            &raw.kind,
            name_key(&raw.name),
            Slot::Present(Arc::clone(entity)),
            raw.version,
        );
    }

    /// How many times the cache has started again: what a read that
    /// found nothing compares ([`EntityCache::keep_absent`]).
    fn clears(&self) -> u64 {
        self.lock().clears
    }

    /// Keeps that (`kind`, `key`) was not there when read, so the next
    /// request asks memory instead of the database (issue 38, part 13: a
    /// cast looked up the campaign's house rules, which few tables have,
    /// in the database every time), at most [`MAX_KEPT_ABSENT`] of them.
    /// Kept as gone at version 0, which any
    /// later write replaces (a creation has version 1 or more), and only
    /// where nothing is known of the key yet and the cache did not start
    /// again since `clears` was taken before the read: a slot a catch-up
    /// or a commit set meanwhile knows better than the read.
    fn keep_absent(&self, kind: &str, key: String, clears: u64) {
        let mut state = self.lock();
        if state.clears != clears
            || state.slots >= MAX_CACHED
            || state.kept_absent >= MAX_KEPT_ABSENT
        {
            return;
        }
        let k = state.kind(kind);
        if let std::collections::btree_map::Entry::Vacant(slot) = k.by_key.entry(key) {
            slot.insert(Slot::Gone(0));
            state.slots += 1;
            state.kept_absent += 1;
        }
    }

    /// Keeps a whole read of `kind`, and calls it complete when no change
    /// to the kind was caught up since `generation` was taken, and the
    /// cache did not start again meanwhile (not even for room while
    /// keeping this read).
    ///
    /// The names become whole unless the cache started again or spoiled
    /// them meanwhile: each entity read was noted beside what catch-ups
    /// and commits noted since the read began, the newer version winning.
    fn keep_all(&self, kind: &str, generation: WholeRead, entities: &[Arc<SharedEntity>]) {
        let keys: Vec<String> = entities.iter().map(|e| name_key(&e.raw.name)).collect();
        let mut state = self.lock();
        for (e, key) in entities.iter().zip(&keys) {
            state.put(
                kind,
                key.clone(),
                Slot::Present(Arc::clone(e)),
                e.raw.version,
            );
        }
        let now = state.generation(kind);
        if (now.clears, now.spoils) == (generation.clears, generation.spoils) {
            let k = state.kind(kind);
            if k.names.is_none() {
                k.names = k.pending.take();
            }
        }
        if now != generation {
            return;
        }
        // Nothing of the kind changed while it was read: anything stale
        // that the read no longer holds was deleted.
        let listed: std::collections::HashSet<&String> = keys.iter().collect();
        let k = state.kind(kind);
        let mut dropped = 0;
        k.by_key.retain(|key, slot| {
            let keep = !matches!(slot, Slot::Stale(_)) || listed.contains(key);
            if !keep {
                dropped += 1;
            }
            keep
        });
        k.complete = !k.by_key.values().any(|s| matches!(s, Slot::Stale(_)));
        state.slots -= dropped;
    }

    /// Records this process's own commit: the written states at their new
    /// versions, deletions as gone.
    pub(crate) fn committed(&self, change: &Change, done: &Committed) {
        self.own_change(done.change, written(change, done));
    }

    /// Records this process's own change `id`, which left `slots`
    /// (kind, name key, slot, version).
    pub(crate) fn own_change<K: AsRef<str>>(
        &self,
        id: ChangeId,
        slots: impl IntoIterator<Item = (K, String, Slot, u64)>,
    ) {
        let mut state = self.lock();
        if let Some(Cursor::ChangeId(at)) = state.cursor
            && id.0 > at
        {
            state.own.insert(id.0);
        }
        state.remember_own(id.0);
        for (kind, key, slot, version) in slots {
            state.put(kind.as_ref(), key, slot, version);
        }
    }

    /// Starts again empty: nothing kept is trusted any more.
    pub(crate) fn start_again(&self) {
        self.lock().clear();
    }

    /// Forgets what a refused commit or an undo wrote or meant to write.
    pub(crate) fn forget(&self, kind: &str, name: &str) {
        let mut state = self.lock();
        let k = state.kind(kind);
        k.generation += 1;
        k.complete = false;
        k.spoil();
        if k.by_key.remove(&name_key(name)).is_some() {
            state.slots -= 1;
        }
    }
}

/// What `change` left, as `done` reports it: each written entity's
/// (kind, name key, slot, version), a deletion as gone.
pub(crate) fn written<'a>(
    change: &'a Change,
    done: &'a Committed,
) -> impl Iterator<Item = (&'a str, String, Slot, u64)> + 'a {
    change.writes.iter().zip(&done.touched).map(|(w, t)| {
        let key = name_key(&w.name);
        match (&w.state_json, t.version) {
            (Some(json), Some(version)) => {
                let raw = RawEntity {
                    kind: t.kind.clone(),
                    name: t.name.clone(),
                    version,
                    state_json: json.clone(),
                    updated_at: done.at.clone(),
                };
                let decoded = w.known.as_ref().map(|k| (k.ty, Arc::clone(&k.value)));
                let slot = Slot::Present(Arc::new(SharedEntity {
                    raw,
                    decoded: Mutex::new(decoded),
                }));
                (w.kind.as_str(), key, slot, version)
            }
            (_, version) => {
                // A deletion: the version it had, plus the write.
                let v = version.unwrap_or_else(|| match w.expected {
                    crate::change::Expected::Version(v) => v + 1,
                    crate::change::Expected::Absent => 1,
                });
                (w.kind.as_str(), key, Slot::Gone(v), v)
            }
        }
    })
}

enum Lookup {
    /// The cache knows: the entity, or that there is none.
    Found(Option<Arc<SharedEntity>>),
    /// Ask the database.
    Unknown,
}

/// A backend that reads through an [`EntityCache`] and tells it about its
/// own commits and undos. Everything else passes straight through.
pub struct Cached<B> {
    inner: B,
    cache: Arc<EntityCache>,
    /// Inside a batch: the batch's writes, told to the cache only once
    /// the batch is durable (see [`Batch`]).
    batch: Option<Arc<Batch>>,
}

impl<B: Backend> Cached<B> {
    /// Wraps `inner` with `cache` (shared by the process's connections).
    pub fn new(inner: B, cache: Arc<EntityCache>) -> Self {
        Cached {
            inner,
            cache,
            batch: None,
        }
    }

    /// Wraps `inner`, a connection inside an open batch (one transaction
    /// for many requests), with `cache`: the batch's own writes are seen
    /// by its later requests through `batch`, and by everyone else only
    /// after [`Batch::hand_over`] (once the batch committed).
    pub fn in_batch(inner: B, cache: Arc<EntityCache>, batch: Arc<Batch>) -> Self {
        Cached {
            inner,
            cache,
            batch: Some(batch),
        }
    }

    fn inner(&self) -> &B {
        &self.inner
    }

    /// `change` with each update's state before ([`crate::change::Base`])
    /// where this process holds the entity at the expected version, for
    /// the log's delta; `None` when it holds none of them.
    fn with_bases(&self, change: &Change) -> Option<Change> {
        let mut based: Option<Change> = None;
        for (i, w) in change.writes.iter().enumerate() {
            let crate::Expected::Version(version) = w.expected else {
                continue;
            };
            if w.state_json.is_none() || w.base.is_some() {
                continue;
            }
            let key = name_key(&w.name);
            let held = match self.batch.as_ref().and_then(|b| b.get(&w.kind, &key)) {
                Some(Seen::Written(found)) => found,
                Some(Seen::Undone) => None,
                None => match self.cache.get(&w.kind, &key) {
                    Lookup::Found(found) => found,
                    Lookup::Unknown => None,
                },
            };
            if let Some(e) = held.filter(|e| e.raw.version == version) {
                based.get_or_insert_with(|| change.clone()).writes[i].base =
                    Some(crate::change::Base(e));
            }
        }
        based
    }

    fn inner_mut(&mut self) -> &mut B {
        &mut self.inner
    }
}

impl<B: Backend> Backend for Cached<B> {
    // The change log and the write lock are the database's.
    crate::forward_backend! {
        Self::inner => [schema_version, log_page, recent, dump, history, writes_since,
                        newest_change];
        Self::inner_mut => [check_writable];
    }

    fn get(&self, kind: &str, name: &str) -> Result<Option<RawEntity>> {
        Ok(self.get_shared(kind, name)?.map(|e| e.raw.clone()))
    }

    fn get_shared(&self, kind: &str, name: &str) -> Result<Option<Arc<SharedEntity>>> {
        let key = name_key(name);
        match self.batch.as_ref().and_then(|b| b.get(kind, &key)) {
            Some(Seen::Written(found)) => return Ok(found),
            // Undone in this batch: the connection knows, nobody else yet.
            Some(Seen::Undone) => return self.inner.get_shared(kind, name),
            None => {}
        }
        if let Lookup::Found(found) = self.cache.get(kind, &key) {
            return Ok(found);
        }
        let clears = self.cache.clears();
        let found = self.inner.get_shared(kind, name)?;
        match &found {
            Some(e) => self.cache.keep(e),
            None => self.cache.keep_absent(kind, key, clears),
        }
        Ok(found)
    }

    fn list(&self, kind: &str) -> Result<Vec<RawEntity>> {
        Ok(self
            .list_shared(kind)?
            .iter()
            .map(|e| e.raw.clone())
            .collect())
    }

    fn list_shared(&self, kind: &str) -> Result<Vec<Arc<SharedEntity>>> {
        if let Some(batch) = self.batch.as_ref().filter(|b| b.wrote(kind)) {
            // The cache's list with the batch's writes laid over it, when
            // the cache holds the kind whole: reading it again from the
            // connection, and decoding each state anew, cost SQLite's
            // writer a tenth of each cast (issue 38, part 9).
            if let Some(all) = self.cache.list(kind).and_then(|all| batch.over(kind, all)) {
                return Ok(all);
            }
            // The connection sees the batch's writes of the kind; the
            // cache must not keep them before they are durable.
            return self.inner.list_shared(kind);
        }
        if let Some(all) = self.cache.list(kind) {
            return Ok(all);
        }
        let generation = self.cache.generation(kind);
        let all = self.inner.list_shared(kind)?;
        self.cache.keep_all(kind, generation, &all);
        Ok(all)
    }

    fn list_names(&self, kind: &str) -> Result<Vec<String>> {
        // The names the cache keeps whole, with the batch's own writes
        // laid over them: another instance's update of a character no
        // longer sends every seat's list of names to the database (issue
        // 38, part 10).
        let kept = self.cache.names(kind);
        let kept = match self.batch.as_ref().filter(|b| b.wrote(kind)) {
            Some(batch) => kept.and_then(|names| batch.over_names(kind, names)),
            None => kept,
        };
        match kept {
            Some(names) => Ok(names),
            // Read whole through the cache, which then keeps the names.
            None => Ok(crate::backend::names_of(&self.list_shared(kind)?)),
        }
    }

    fn commit(&mut self, change: &Change) -> Result<Committed> {
        let based = self.with_bases(change);
        let change = based.as_ref().unwrap_or(change);
        match self.inner.commit(change) {
            Ok(done) => {
                committed_here(done.change);
                match &self.batch {
                    Some(batch) => batch.committed(change, &done),
                    None => self.cache.committed(change, &done),
                }
                Ok(done)
            }
            Err(e) => {
                // A version check failed or the database refused: what
                // this process believed about these entities may be old.
                for w in &change.writes {
                    self.cache.forget(&w.kind, &w.name);
                }
                Err(e)
            }
        }
    }

    fn undo(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone> {
        let done = self.inner.undo(kind, name, allow);
        // Success or not, the entity's history moved under the cache's
        // feet only through the database: read it again next time.
        self.cache.forget(kind, name);
        if let Some(batch) = &self.batch {
            batch.undone(kind, name);
        }
        if let Ok(done) = &done {
            committed_here(done.change);
            self.cache.lock().remember_own(done.change.0);
            for t in &done.touched {
                self.cache.forget(&t.kind, &t.name);
                if let Some(batch) = &self.batch {
                    batch.undone(&t.kind, &t.name);
                }
            }
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(name: &str, version: u64) -> Arc<SharedEntity> {
        Arc::new(SharedEntity::new(RawEntity {
            kind: "character".into(),
            name: name.into(),
            version,
            state_json: format!("{version}"),
            updated_at: String::new(),
        }))
    }

    /// What a catch-up reports of another process's write of character
    /// `name`, leaving it at `version`, existing or deleted.
    fn written_key(name: &str, version: u64, exists: bool) -> WrittenKey {
        WrittenKey {
            kind: "character".into(),
            key: name_key(name),
            version,
            change: ChangeId(0),
            name: name.into(),
            exists,
            state: None,
        }
    }

    fn version_of(cache: &EntityCache, name: &str) -> Option<u64> {
        match cache.get("character", &name_key(name)) {
            Lookup::Found(Some(e)) => Some(e.raw.version),
            _ => None,
        }
    }

    /// A backend that counts its reads of the log and takes its time.
    struct SlowLog {
        inner: std::sync::Mutex<crate::SqliteBackend>,
        reads: std::sync::atomic::AtomicUsize,
    }

    impl SlowLog {
        fn conn(&self) -> std::sync::MutexGuard<'_, crate::SqliteBackend> {
            self.inner.lock().unwrap()
        }
    }

    impl Backend for SlowLog {
        crate::forward_backend! {
            Self::conn => [schema_version, get, list, commit, undo, log_page, recent, dump,
                           history, check_writable, get_shared, list_shared];
        }
        fn newest_change(&self) -> Result<Option<ChangeId>> {
            // Unknown, so that every catch-up reads the log.
            Ok(None)
        }
        fn writes_since(&self, cursor: Option<&Cursor>) -> Result<Option<crate::WritesSince>> {
            self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(50));
            self.conn().writes_since(cursor)
        }
    }

    /// Eight requests arriving together share reads of the log: each
    /// takes a catch-up that began after it arrived, not one of its own.
    #[test]
    fn requests_arriving_together_share_a_catch_up() {
        let cache = Arc::new(EntityCache::new());
        let log = Arc::new(SlowLog {
            inner: std::sync::Mutex::new(crate::SqliteBackend::open_in_memory().unwrap()),
            reads: Default::default(),
        });
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (cache, log) = (Arc::clone(&cache), Arc::clone(&log));
                std::thread::spawn(move || cache.catch_up(&*log).unwrap())
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let reads = log.reads.load(std::sync::atomic::Ordering::SeqCst);
        assert!((1..=2).contains(&reads), "{reads} reads of the log");
        // One arriving afterwards reads the log again.
        cache.catch_up(&*log).unwrap();
        assert_eq!(
            log.reads.load(std::sync::atomic::Ordering::SeqCst),
            reads + 1
        );
    }

    #[test]
    fn a_read_that_raced_a_newer_write_cannot_put_the_older_version_back() {
        let cache = EntityCache::new();
        // A catch-up saw version 5 written before the slow read returned 4.
        cache.lock().apply_write(written_key("Elmira", 5, true));
        cache.keep(&entity("Elmira", 4));
        assert_eq!(
            version_of(&cache, "Elmira"),
            None,
            "stale: ask the database"
        );
        cache.keep(&entity("Elmira", 5));
        assert_eq!(version_of(&cache, "Elmira"), Some(5));
        cache.keep(&entity("Elmira", 3));
        assert_eq!(version_of(&cache, "Elmira"), Some(5), "never backwards");
    }

    #[test]
    fn a_whole_read_overlapping_news_of_its_kind_is_not_complete() {
        let cache = EntityCache::new();
        let generation = cache.generation("character");
        // While the list was read, another writer created Zed.
        cache.lock().apply_write(written_key("Zed", 1, true));
        cache.keep_all("character", generation, &[entity("Elmira", 1)]);
        assert!(cache.list("character").is_none(), "Zed may be missing");
        // The names are whole all the same: the news said Zed was created.
        assert_eq!(cache.names("character").unwrap(), ["Elmira", "Zed"]);
        let generation = cache.generation("character");
        cache.keep_all(
            "character",
            generation,
            &[entity("Elmira", 1), entity("Zed", 1)],
        );
        let listed: Vec<String> = cache
            .list("character")
            .expect("complete")
            .iter()
            .map(|e| e.raw.name.clone())
            .collect();
        assert_eq!(listed, ["Elmira", "Zed"]);
    }

    #[test]
    fn a_whole_read_is_not_complete_when_the_cache_started_again_meanwhile() {
        let cache = EntityCache::new();
        let generation = cache.generation("character");
        // Another request's read filled the cache past its bound, so it
        // started again, and this kind's generation counts from zero.
        for i in 0..MAX_CACHED + 1 {
            cache.keep(&entity(&format!("c{i}"), 1));
        }
        cache.keep_all("character", generation, &[entity("Elmira", 1)]);
        assert!(cache.list("character").is_none(), "may be partial");
    }

    /// Versions decide between what arrives late and what is known: an
    /// older write cannot bring back a name a newer deletion removed, nor
    /// an older deletion remove a name created again since.
    #[test]
    fn names_follow_the_newest_version_of_each_name() {
        let cache = EntityCache::new();
        let generation = cache.generation("character");
        cache.keep_all("character", generation, &[entity("Elmira", 1)]);
        assert_eq!(cache.names("character").unwrap(), ["Elmira"]);
        // Another process deleted Elmira at version 3; a read of version 2
        // returns late.
        cache.lock().apply_write(written_key("Elmira", 3, false));
        cache.keep(&entity("Elmira", 2));
        assert_eq!(cache.names("character").unwrap(), Vec::<String>::new());
        // Created again at 4; the news of the deletion at 3 again changes
        // nothing.
        cache.lock().apply_write(written_key("Elmira", 4, true));
        cache.lock().apply_write(written_key("Elmira", 3, false));
        assert_eq!(cache.names("character").unwrap(), ["Elmira"]);
        assert!(cache.list("character").is_none(), "the states are stale");
        cache.forget("character", "Elmira");
        assert!(cache.names("character").is_none(), "read them again");
    }

    /// A whole read that began before a deletion and returned the deleted
    /// entity does not keep its name: the news of the deletion, newer,
    /// wins. A read overlapping a refused commit's `forget` makes nothing
    /// whole.
    #[test]
    fn a_whole_read_overlapping_a_deletion_does_not_keep_the_name() {
        let cache = EntityCache::new();
        let generation = cache.generation("character");
        cache.lock().apply_write(written_key("Zed", 2, false));
        cache.keep_all(
            "character",
            generation,
            &[entity("Elmira", 1), entity("Zed", 1)],
        );
        assert_eq!(cache.names("character").unwrap(), ["Elmira"]);

        cache.forget("character", "Elmira");
        let generation = cache.generation("character");
        cache.forget("character", "Elmira");
        cache.keep_all("character", generation, &[entity("Elmira", 1)]);
        assert!(cache.names("character").is_none(), "spoiled meanwhile");
    }

    #[test]
    fn past_its_bound_the_cache_starts_again_empty() {
        let cache = EntityCache::new();
        for i in 0..MAX_CACHED + 1 {
            cache.keep(&entity(&format!("c{i}"), 1));
        }
        assert_eq!(cache.len(), 1);
    }

    /// A catch-up row of Elmira at `version` carrying `after`.
    fn logged(version: u64, after: StateAfter) -> WrittenKey {
        WrittenKey {
            state: Some(LoggedState {
                at: "then".into(),
                after,
            }),
            ..written_key("Elmira", version, true)
        }
    }

    /// The state the cache serves for Elmira, when it serves one.
    fn state_of(cache: &EntityCache) -> Option<String> {
        match cache.get("character", &name_key("Elmira")) {
            Lookup::Found(Some(e)) => Some(e.raw.state_json.clone()),
            _ => None,
        }
    }

    /// Issue 38, part 13: a delta is applied only on the version it was
    /// made on; on any other, or damaged, the entity is read again.
    #[test]
    fn a_caught_up_delta_applies_only_on_the_version_before() {
        let delta = crate::packed::deflate("5", Some("4"));
        let cache = EntityCache::new();
        cache.keep(&entity("Elmira", 4));
        cache
            .lock()
            .apply_write(logged(5, StateAfter::Delta(delta.clone())));
        assert_eq!(state_of(&cache).as_deref(), Some("5"), "on version 4");

        let gap = EntityCache::new();
        gap.keep(&entity("Elmira", 3));
        gap.lock()
            .apply_write(logged(5, StateAfter::Delta(delta.clone())));
        assert_eq!(state_of(&gap), None, "version 3 held: read again");

        let other_base = EntityCache::new();
        other_base.keep(&Arc::new(SharedEntity::new(RawEntity {
            state_json: "four".into(),
            ..entity("Elmira", 4).raw.clone()
        })));
        other_base
            .lock()
            .apply_write(logged(5, StateAfter::Delta(delta.clone())));
        assert_eq!(state_of(&other_base), None, "another state at version 4");

        let damaged = EntityCache::new();
        damaged.keep(&entity("Elmira", 4));
        let mut broken = delta;
        let last = broken.len() - 1;
        broken[last] ^= 1;
        damaged
            .lock()
            .apply_write(logged(5, StateAfter::Delta(broken)));
        assert_eq!(state_of(&damaged), None, "a damaged delta");
    }

    /// A whole state needs no base: it replaces a stale entry too, and a
    /// name not held stays unheld (read when asked for).
    #[test]
    fn a_caught_up_whole_state_replaces_what_is_held() {
        let cache = EntityCache::new();
        cache.lock().apply_write(written_key("Elmira", 4, true));
        cache
            .lock()
            .apply_write(logged(5, StateAfter::Plain("5".into())));
        assert_eq!(state_of(&cache).as_deref(), Some("5"));
        assert_eq!(version_of(&cache, "Elmira"), Some(5));

        let empty = EntityCache::new();
        empty
            .lock()
            .apply_write(logged(5, StateAfter::Plain("5".into())));
        assert_eq!(state_of(&empty), None, "not held before");
    }

    /// A name read as not there is kept so only when nothing newer is
    /// known of it and the cache did not start again during the read.
    #[test]
    fn a_name_read_as_absent_never_hides_newer_news() {
        let cache = EntityCache::new();
        let clears = cache.clears();
        cache.keep_absent("character", name_key("Zed"), clears);
        assert!(matches!(
            cache.get("character", &name_key("Zed")),
            Lookup::Found(None)
        ));

        // A catch-up reported a creation while the read was under way.
        let raced = EntityCache::new();
        let clears = raced.clears();
        raced.lock().apply_write(written_key("Elmira", 1, true));
        raced.keep_absent("character", name_key("Elmira"), clears);
        assert!(matches!(
            raced.get("character", &name_key("Elmira")),
            Lookup::Unknown
        ));

        // The cache started again during the read.
        let cleared = EntityCache::new();
        let clears = cleared.clears();
        cleared.lock().clear();
        cleared.keep_absent("character", name_key("Zed"), clears);
        assert!(matches!(
            cleared.get("character", &name_key("Zed")),
            Lookup::Unknown
        ));

        // A later creation replaces the mark.
        cache.lock().apply_write(written_key("Zed", 1, true));
        assert!(matches!(
            cache.get("character", &name_key("Zed")),
            Lookup::Unknown
        ));
        cache.keep(&entity("Zed", 1));
        assert_eq!(version_of(&cache, "Zed"), Some(1));
    }

    /// Names asked for that do not exist fill at most their share of the
    /// cache: past it they are not kept, and the cache never starts again
    /// for them, so what it holds stays.
    #[test]
    fn names_that_do_not_exist_cannot_make_the_cache_start_again() {
        let cache = EntityCache::new();
        cache.keep(&entity("Elmira", 1));
        let clears = cache.clears();
        for i in 0..MAX_CACHED + 1 {
            cache.keep_absent("character", name_key(&format!("nobody{i}")), clears);
        }
        // A real read after them has room.
        cache.keep(&entity("Tomas", 1));
        assert_eq!(cache.clears(), clears, "never started again");
        assert_eq!(version_of(&cache, "Elmira"), Some(1), "still held");
        let kept = |i: usize| {
            matches!(
                cache.get("character", &name_key(&format!("nobody{i}"))),
                Lookup::Found(None)
            )
        };
        assert!(kept(0) && kept(MAX_KEPT_ABSENT - 1));
        assert!(!kept(MAX_KEPT_ABSENT), "past the bound, not kept");
        assert_eq!(cache.lock().slots, 2 + MAX_KEPT_ABSENT);
    }
}
