//! Telling the other instances on PostgreSQL about each change: one thread
//! with a connection of its own sends every notification waiting, in one
//! statement (issue 16). Before, each write's NOTIFY took a pool
//! connection and a round trip of its own, beside the request's.

use std::sync::mpsc;

use grimoire_store::{PostgresBackend, PostgresConfig, StoreError};

/// How many notifications may wait before new ones are dropped (with a
/// warning; the other instances' readers still see the change).
const QUEUE: usize = 4096;

/// The most notifications one statement sends.
const MAX_BATCH: usize = 256;

/// A handle to the notifying thread; it stops when the handle is dropped.
pub(crate) struct Notifier {
    queue: mpsc::SyncSender<(String, String)>,
}

impl Notifier {
    /// Connects (so a bad URL fails at start-up) and starts the thread,
    /// which reconnects if its connection drops.
    pub(crate) fn start(config: PostgresConfig) -> Result<Notifier, StoreError> {
        let first = PostgresBackend::connect(&config)?;
        let (queue, waiting) = mpsc::sync_channel::<(String, String)>(QUEUE);
        std::thread::Builder::new()
            .name("grimoire-notify".into())
            .spawn(move || {
                let mut connection = Some(first);
                while let Ok(first) = waiting.recv() {
                    let mut notes = vec![first];
                    notes.extend(waiting.try_iter().take(MAX_BATCH - 1));
                    if connection.as_ref().is_none_or(PostgresBackend::is_closed) {
                        connection = PostgresBackend::connect(&config)
                            .inspect_err(|e| tracing::warn!(error = %e, "live update sender down"))
                            .ok();
                    }
                    let sent = match &connection {
                        Some(c) => c.notify_all(&notes),
                        None => continue,
                    };
                    if let Err(e) = sent {
                        tracing::warn!(error = %e, count = notes.len(), "live updates not sent to other instances");
                        connection = None;
                    }
                }
            })
            .map_err(|e| StoreError::Unavailable(format!("cannot start the notifier: {e}")))?;
        Ok(Notifier { queue })
    }

    /// Queues `payload` for `channel` without waiting.
    pub(crate) fn send(&self, channel: String, payload: String) {
        if self.queue.try_send((channel, payload)).is_err() {
            tracing::warn!("live update not sent to other instances: too many waiting");
        }
    }
}
