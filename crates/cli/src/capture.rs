//! What a command prints and holds while the CLI runs embedded in
//! another program (an embedded `Session`, as `grimoire mcp` runs it): the
//! thread's capture of its output, and whether it holds the session's
//! store. Kept apart from the session, beneath it, so that printing and
//! opening the store depend on this alone.

use std::cell::{Cell, RefCell};
use std::sync::{Mutex, MutexGuard};

thread_local! {
    /// What the command running on this thread printed, while embedded.
    pub(crate) static CAPTURE: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
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

/// The lock, even after a command panicked holding it: the store commits
/// whole changes or nothing, so what it holds is never half-written.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
