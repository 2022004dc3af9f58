//! Following the change log for the live relay (issue 38): NOTIFY carries
//! each change's event to the other instances, but an instance killed
//! after its commit and before its notifier sent the event would lose it
//! for their streams. So each instance on PostgreSQL also reads the
//! changes the others committed from the log, by its own cursor (the
//! cache's catch-up, `grimoire_store::EntityCache::take_news`), and
//! publishes one whose NOTIFY did not come within a grace from the log
//! ([`crate::live::Hub::relay_from_log`]).
//!
//! Every request catches up at its start already; this thread hands what
//! they found to the hub every [`FOLLOW_EVERY`], and catches up itself
//! when the instance has live subscribers and no request did lately.

use std::sync::{Arc, Weak};

use crate::db::Db;
use crate::error::ServerError;
use crate::live::{FOLLOW_EVERY, Hub};

/// Starts the follower; it stops once `db` is gone.
pub(crate) fn start(db: Weak<Db>, hub: Arc<Hub>) -> Result<(), ServerError> {
    if let Some(db) = db.upgrade() {
        db.cache().follow_log();
    }
    std::thread::Builder::new()
        .name("grimoire-follow".into())
        .spawn(move || {
            loop {
                std::thread::sleep(FOLLOW_EVERY);
                let Some(db) = db.upgrade() else {
                    return;
                };
                look(&db, &hub);
            }
        })
        .map_err(|e| ServerError::Internal(format!("cannot start the log follower: {e}")))?;
    Ok(())
}

/// One look: catch up if idle with subscribers, then relay.
fn look(db: &Arc<Db>, hub: &Hub) {
    let cache = db.cache();
    if !hub.any_subscribers() {
        // Nobody to tell: what was found is nobody's news.
        cache.take_news();
        return;
    }
    if cache.since_catch_up().is_none_or(|d| d >= FOLLOW_EVERY)
        && let Err(e) = db.catch_up_now()
    {
        tracing::warn!(error = %e, "the live relay could not read the log");
    }
    hub.relay_from_log(cache.take_news(), |id| cache.was_own(id));
}
