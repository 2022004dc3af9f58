//! The game operations the server offers: load state from the store, ask
//! the rules, commit the change with its events.
//!
//! Written against `grimoire_rules` and a plain [`Store`] (scoped to one
//! campaign by the caller) with no HTTP types, so it can move into a shared
//! `grimoire-app` crate once the CLI's operations land there.
//!
//! Every write is optimistic: read at a version, compute, commit expecting
//! that version. When another writer got there first the store answers
//! `conflict` and nothing was written; [`retry`] re-reads and tries again a
//! bounded number of times, so a slot is never spent twice and a refused
//! cast changes nothing.

use grimoire_store::{Store, StoreError};

use crate::error::ServerError;

/// The seed for an operation's dice: the one asked for, else a random one
/// (drawn once, so every retry rolls what the first attempt would have).
pub(crate) fn dice_seed(asked: Option<u64>) -> Result<u64, ServerError> {
    match asked {
        Some(s) => Ok(s),
        None => getrandom::u64()
            .map_err(|e| ServerError::Internal(format!("no randomness for dice: {e}"))),
    }
}

/// A refusal with `code` saying `field` must be `min`-`max` (the
/// `server-range` message).
pub(crate) fn range_refusal(
    code: &'static str,
    field: &'static str,
    min: i64,
    max: i64,
) -> ServerError {
    ServerError::invalid_with(
        code,
        grimoire_words::Message::new("server-range")
            .text("field", field)
            .number("min", min)
            .number("max", max),
    )
}

/// How many times an operation is retried after version conflicts.
pub const MAX_ATTEMPTS: u32 = 12;

/// A version conflict, or a PostgreSQL deadlock or serialisation failure:
/// nothing was written, and trying again may succeed.
fn is_retryable(e: &StoreError) -> bool {
    matches!(e, StoreError::Conflict { .. }) || grimoire_store::is_transient(e)
}

/// Runs `op` until it does not hit a version conflict, at most
/// [`MAX_ATTEMPTS`] times; then reports `conflict` (HTTP 409).
pub fn retry<T>(
    store: &mut Store,
    mut op: impl FnMut(&mut Store) -> Result<T, ServerError>,
) -> Result<T, ServerError> {
    let mut last = None;
    for attempt in 0..MAX_ATTEMPTS {
        match op(store) {
            Err(ServerError::Store(e)) if is_retryable(&e) => {
                if let StoreError::Conflict { kind, name, .. } = e {
                    last = Some((kind, name));
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
    Err(ServerError::Busy { kind, name })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_conflicts_end_in_a_bounded_409() {
        let mut store = Store::open_in_memory().unwrap();
        let mut attempts = 0;
        let err = retry(&mut store, |_| -> Result<(), ServerError> {
            attempts += 1;
            Err(ServerError::Store(StoreError::Conflict {
                kind: "character".into(),
                name: "Elmira".into(),
                expected: 1,
                found: 2,
            }))
        })
        .unwrap_err();
        assert_eq!(attempts, MAX_ATTEMPTS);
        assert_eq!((err.code(), err.status().as_u16()), ("conflict", 409));
    }

    #[test]
    fn other_errors_are_not_retried() {
        let mut store = Store::open_in_memory().unwrap();
        let mut attempts = 0;
        let err = retry(&mut store, |_| -> Result<(), ServerError> {
            attempts += 1;
            Err(ServerError::invalid("bad_json", "server-body_not_object"))
        })
        .unwrap_err();
        assert_eq!((attempts, err.code()), (1, "bad_json"));
    }
}
