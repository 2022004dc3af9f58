//! The CLI run inside another program: `grimoire mcp` answers every tool
//! call this way (issue 32), in process instead of starting a `grimoire`
//! child per call. One [`Session`] opens the store once and keeps it for
//! every call; what a command prints is captured, not written to stdout;
//! and the session's dice are one stream: each call draws its seed from
//! it, so a seeded session replays from the start, call by call, while
//! fifty seeded Fire Bolts no longer roll the same dice.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use grimoire_dice::{DiceRng, SeededRng};
use grimoire_store::Store;

use crate::context::Ctx;

thread_local! {
    /// What the command running on this thread printed, while embedded.
    static CAPTURE: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
    /// Whether the command on this thread holds the session's store.
    static HOLDING: Cell<bool> = const { Cell::new(false) };
}

/// Whether the command on this thread holds the session's store now.
pub(crate) fn holding() -> bool {
    HOLDING.with(Cell::get)
}

/// Notes that the command on this thread took or gave back the store.
pub(crate) fn set_holding(held: bool) {
    HOLDING.with(|h| h.set(held));
}

/// Whether the command on this thread runs embedded (its output captured,
/// the environment not consulted for the active character).
pub(crate) fn is_embedded() -> bool {
    CAPTURE.with(|c| c.borrow().is_some())
}

/// Appends `bytes` to the capture when embedded; `false` when the caller
/// should write to stdout itself.
pub(crate) fn capture(bytes: &[u8]) -> bool {
    CAPTURE.with(|c| match c.borrow_mut().as_mut() {
        Some(buf) => {
            buf.extend_from_slice(bytes);
            true
        }
        None => false,
    })
}

/// One program's use of the CLI: its store, opened once, and its dice.
pub struct Session {
    db: Option<PathBuf>,
    store: Arc<Mutex<Store>>,
    dice: Mutex<SeededRng>,
}

impl Session {
    /// Opens the store at `db` (the CLI's default when `None`) and starts
    /// the dice stream at `seed` (from the clock when `None`).
    pub fn open(db: Option<PathBuf>, seed: Option<u64>) -> anyhow::Result<Session> {
        let probe = Ctx {
            out: crate::output::Out::new(true, crate::i18n::Lang::default()),
            db: db.clone(),
            seed,
            command_line: String::new(),
            shared: None,
        };
        let store = probe.open_store()?;
        Ok(Session {
            db,
            store: Arc::new(Mutex::new(store)),
            dice: Mutex::new(probe.rng()),
        })
    }

    /// Runs one command line (the arguments after the program's name) and
    /// returns its exit code (0 done, 1 refused, 2 usage) and what it
    /// printed.
    pub fn run(&self, args: Vec<String>) -> (u8, Vec<u8>) {
        let seed = lock(&self.dice).next_u64();
        let mut argv = vec!["grimoire".to_owned()];
        argv.extend(args);
        CAPTURE.with(|c| *c.borrow_mut() = Some(Vec::new()));
        let code = crate::execute(
            argv,
            &crate::Embedding {
                db: self.db.clone(),
                store: Some(Arc::clone(&self.store)),
                seed: Some(seed),
            },
        );
        let out = CAPTURE.with(|c| c.borrow_mut().take()).unwrap_or_default();
        (code, out)
    }
}

impl grimoire_mcp::InProcess for Session {
    fn run(&self, args: Vec<String>) -> (u8, Vec<u8>) {
        Session::run(self, args)
    }
}

/// The lock, even after a command panicked holding it: the store commits
/// whole changes or nothing, so what it holds is never half-written.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
