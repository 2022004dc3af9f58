//! Optimistic writes tried again, and the dice of an operation that may
//! be (issue 32: the server's `game` glue, now every front end's).
//!
//! Every write is optimistic: read at a version, compute, commit expecting
//! that version. When another writer got there first the store answers
//! `conflict` and nothing was written; [`retry`] re-reads and tries again a
//! bounded number of times, so a slot is never spent twice and a refused
//! cast changes nothing. The dice of a retried operation come from one
//! seed ([`dice_seed`]), drawn before the first attempt, so every attempt
//! rolls what the first would have.

use grimoire_store::{Store, StoreError};

use crate::error::AppError;

/// How many times an operation is tried before conflicts end it.
pub const MAX_ATTEMPTS: u32 = 12;

/// An error a retried operation may end in: it can say whether a store
/// error is inside (a version conflict is worth another try), and stand
/// for "others kept changing it" once the attempts run out.
pub trait Retryable: Sized {
    /// The store's error, when this is one.
    fn store_error(&self) -> Option<&StoreError>;
    /// The error once [`MAX_ATTEMPTS`] conflicts on `kind` `name` ran out.
    fn busy(kind: String, name: String) -> Self;
}

impl Retryable for AppError {
    fn store_error(&self) -> Option<&StoreError> {
        match self {
            AppError::Store(e) => Some(e),
            _ => None,
        }
    }

    fn busy(kind: String, name: String) -> Self {
        AppError::Busy { kind, name }
    }
}

/// A version conflict, or a PostgreSQL deadlock or serialisation failure:
/// nothing was written, and trying again may succeed.
fn is_retryable(e: &StoreError) -> bool {
    matches!(e, StoreError::Conflict { .. }) || grimoire_store::is_transient(e)
}

/// Runs `op` until it does not hit a version conflict, at most
/// [`MAX_ATTEMPTS`] times; then answers [`Retryable::busy`] (code
/// `conflict`). Any other error ends it at once.
pub fn retry<T, E: Retryable>(
    store: &mut Store,
    mut op: impl FnMut(&mut Store) -> Result<T, E>,
) -> Result<T, E> {
    let mut last = None;
    for attempt in 0..MAX_ATTEMPTS {
        match op(store) {
            Err(e) if e.store_error().is_some_and(is_retryable) => {
                if let Some(StoreError::Conflict { kind, name, .. }) = e.store_error() {
                    last = Some((kind.clone(), name.clone()));
                }
                // Spread the retries out so colliding writers do not
                // collide again in lock step.
                let spread = u64::from(attempt + 1) * 2;
                let jitter = getrandom::u64().unwrap_or(0) % spread;
                std::thread::sleep(std::time::Duration::from_millis(jitter));
            }
            other => return other,
        }
    }
    let (kind, name) = last.unwrap_or_default();
    Err(E::busy(kind, name))
}

/// The seed for an operation's dice: the one asked for, else a random one
/// (the clock, should the system have no randomness). Drawn once, before
/// [`retry`], so every attempt rolls what the first would have.
pub fn dice_seed(asked: Option<u64>) -> u64 {
    asked.unwrap_or_else(|| {
        getrandom::u64().unwrap_or_else(|_| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            // The low bits move fastest; fold the high ones in.
            (nanos as u64) ^ ((nanos >> 64) as u64)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conflict() -> AppError {
        AppError::Store(StoreError::Conflict {
            kind: "character".into(),
            name: "Elmira".into(),
            expected: 1,
            found: 2,
        })
    }

    #[test]
    fn endless_conflicts_end_bounded_naming_the_entity() {
        let mut store = Store::open_in_memory().unwrap();
        let mut attempts = 0;
        let err = retry(&mut store, |_| -> Result<(), AppError> {
            attempts += 1;
            Err(conflict())
        })
        .unwrap_err();
        assert_eq!(attempts, MAX_ATTEMPTS);
        assert_eq!(err.code(), "conflict");
        assert!(err.message("en").contains("Elmira"), "{err}");
        assert!(err.message("cs").contains("Elmira"), "{err}");
    }

    #[test]
    fn a_conflict_then_success_answers_the_success() {
        let mut store = Store::open_in_memory().unwrap();
        let mut attempts = 0;
        let done = retry(&mut store, |_| {
            attempts += 1;
            if attempts < 3 {
                Err(conflict())
            } else {
                Ok(attempts)
            }
        })
        .unwrap();
        assert_eq!(done, 3);
    }

    #[test]
    fn other_errors_are_not_retried() {
        let mut store = Store::open_in_memory().unwrap();
        let mut attempts = 0;
        let err = retry(&mut store, |_| -> Result<(), AppError> {
            attempts += 1;
            Err(AppError::UnknownCharacter {
                name: "Nobody".into(),
            })
        })
        .unwrap_err();
        assert_eq!((attempts, err.code()), (1, "unknown_character"));
    }

    #[test]
    fn a_seed_asked_for_is_the_seed() {
        assert_eq!(dice_seed(Some(42)), 42);
        // Two fresh seeds differ (a 1 in 2^64 chance of a false failure).
        assert_ne!(dice_seed(None), dice_seed(None));
    }
}
