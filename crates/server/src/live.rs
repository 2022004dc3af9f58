//! Live updates: every accepted change in a campaign is published to the
//! campaign's subscribers (server-sent events), on this instance through an
//! in-process broadcast and on the others through PostgreSQL LISTEN/NOTIFY.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use grimoire_store::{PostgresConfig, PostgresListener};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use utoipa::ToSchema;

/// How many events a slow subscriber may fall behind before it is told it
/// missed some.
const BACKLOG: usize = 256;

/// PostgreSQL refuses payloads of 8000 bytes or more; bigger events are
/// sent without their data.
const MAX_NOTIFY_BYTES: usize = 7900;

/// One thing that happened in a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LiveEvent {
    /// The campaign.
    pub campaign: String,
    /// What happened: `cast`, `rest`, `turn`, `prepare`, `condition`,
    /// `character`, `undo`, `homebrew`, `player`.
    pub kind: String,
    /// Which character, if one.
    pub character: Option<String>,
    /// Who did it.
    pub by: String,
    /// The details, as the acting request's response has them (left out
    /// when too big to relay between instances; fetch the character).
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

/// An event as delivered to this instance's subscribers: its JSON is built
/// once, by the first subscriber that sends it whole, and shared by the
/// rest (issue 16: serialise once).
#[derive(Debug)]
pub(crate) struct Delivered {
    /// The event.
    pub(crate) event: LiveEvent,
    json: std::sync::OnceLock<String>,
}

impl Delivered {
    /// The event as JSON, built on first use.
    pub(crate) fn json(&self) -> &str {
        self.json
            .get_or_init(|| serde_json::to_string(&self.event).unwrap_or_default())
    }
}

/// What travels over NOTIFY: the event plus its sender, so an instance
/// skips what it already delivered itself.
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    /// First, so an instance recognises its own envelopes by their start.
    instance: String,
    /// The sender's running count (absent from older senders).
    #[serde(default)]
    number: u64,
    event: LiveEvent,
}

/// The per-campaign broadcast channels of this instance.
pub(crate) struct Hub {
    instance: String,
    /// How this instance's own envelopes begin (`{"instance":"<id>"`):
    /// they come back over LISTEN too, and are skipped unparsed.
    own_prefix: String,
    /// Numbers this instance's envelopes, so that two equal events sent in
    /// one NOTIFY batch stay two (PostgreSQL folds identical payloads of
    /// one transaction into one).
    sent: std::sync::atomic::AtomicU64,
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<Delivered>>>>,
}

impl Hub {
    pub(crate) fn new(instance: String) -> Self {
        let own_prefix = format!(
            "{{\"instance\":{}",
            serde_json::to_string(&instance).unwrap_or_default()
        );
        Hub {
            instance,
            own_prefix,
            sent: std::sync::atomic::AtomicU64::new(0),
            channels: Mutex::new(HashMap::new()),
        }
    }

    /// Subscribes to a campaign.
    pub(crate) fn subscribe(&self, campaign: &str) -> broadcast::Receiver<Arc<Delivered>> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels
            .entry(campaign.to_owned())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    /// Whether `campaign` has a subscriber on this instance.
    pub(crate) fn has_subscribers(&self, campaign: &str) -> bool {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels
            .get(campaign)
            .is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// Delivers to this instance's subscribers.
    pub(crate) fn deliver(&self, event: LiveEvent) {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        let campaign = event.campaign.clone();
        if let Some(tx) = channels.get(&campaign)
            && tx
                .send(Arc::new(Delivered {
                    event,
                    json: std::sync::OnceLock::new(),
                }))
                .is_err()
        {
            // Nobody listens any more: forget the channel.
            channels.remove(&campaign);
        }
    }

    /// The NOTIFY payload for an event, trimmed to fit.
    pub(crate) fn envelope(&self, event: &LiveEvent) -> String {
        let mut env = Envelope {
            instance: self.instance.clone(),
            number: self.sent.fetch_add(1, Ordering::Relaxed),
            event: event.clone(),
        };
        let text = serde_json::to_string(&env).unwrap_or_default();
        if text.len() <= MAX_NOTIFY_BYTES {
            return text;
        }
        env.event.data = serde_json::json!({"truncated": true});
        serde_json::to_string(&env).unwrap_or_default()
    }

    fn receive(&self, payload: &str) {
        // Our own events were delivered when they were published; under
        // load they are most of what comes back, and parsing each (with
        // its few kilobytes of data) only to drop it cost the listener.
        if payload.starts_with(&self.own_prefix) {
            return;
        }
        match serde_json::from_str::<Envelope>(payload) {
            Ok(env) => self.deliver(env.event),
            Err(e) => tracing::warn!(error = %e, "unreadable live update ignored"),
        }
    }
}

/// The NOTIFY channel for a database schema: schemas do not share updates.
pub(crate) fn channel_for(config: &PostgresConfig) -> String {
    match &config.schema {
        Some(s) => format!("grimoire_live_{s}"),
        None => "grimoire_live".to_owned(),
    }
}

/// Stops the listener thread when the last handle goes.
pub(crate) struct ListenerGuard {
    stop: Arc<AtomicBool>,
}

impl Drop for ListenerGuard {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Starts relaying other instances' events into `hub`. The first
/// connection is made before returning, so nothing committed after start-up
/// is missed; the thread reconnects if the connection drops.
pub(crate) fn listen(
    config: PostgresConfig,
    hub: Arc<Hub>,
) -> Result<ListenerGuard, grimoire_store::StoreError> {
    let channel = channel_for(&config);
    let first = PostgresListener::connect(&config, &[&channel])?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    std::thread::Builder::new()
        .name("grimoire-listen".into())
        .spawn(move || {
            let mut listener = Some(first);
            while !flag.load(Ordering::Relaxed) {
                let Some(l) = listener.as_mut() else {
                    std::thread::sleep(Duration::from_millis(500));
                    listener = PostgresListener::connect(&config, &[&channel])
                        .inspect_err(|e| tracing::warn!(error = %e, "live update listener down"))
                        .ok();
                    continue;
                };
                match l.next(Duration::from_millis(200)) {
                    Ok(Some(n)) => hub.receive(&n.payload),
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!(error = %e, "live update listener lost its connection");
                        listener = None;
                    }
                }
            }
        })
        .map_err(|source| grimoire_store::StoreError::Io {
            path: "listener thread".into(),
            source,
        })?;
    Ok(ListenerGuard { stop })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(data: serde_json::Value) -> LiveEvent {
        LiveEvent {
            campaign: "cave".into(),
            kind: "cast".into(),
            character: Some("Elmira".into()),
            by: "petr".into(),
            data,
        }
    }

    #[test]
    fn own_envelopes_are_skipped_others_delivered() {
        let a = Hub::new("a".into());
        let b = Hub::new("b".into());
        let mut rx = b.subscribe("cave");
        let payload = a.envelope(&event(serde_json::json!({"x": 1})));
        b.receive(&payload);
        assert_eq!(rx.try_recv().unwrap().event.by, "petr");
        let own = b.envelope(&event(serde_json::json!({})));
        assert!(own.starts_with("{\"instance\":\"b\""), "{own}");
        b.receive(&own);
        assert!(rx.try_recv().is_err());
        // An instance whose id begins like this one's is another instance.
        let other = Hub::new("bb".into());
        b.receive(&other.envelope(&event(serde_json::json!({}))));
        assert_eq!(rx.try_recv().unwrap().event.by, "petr");
    }

    #[test]
    fn equal_events_make_different_envelopes() {
        let hub = Hub::new("a".into());
        let e = event(serde_json::json!({"x": 1}));
        assert_ne!(hub.envelope(&e), hub.envelope(&e));
    }

    #[test]
    fn big_events_are_trimmed_to_fit_notify() {
        let hub = Hub::new("a".into());
        let big = hub.envelope(&event(serde_json::json!({"notes": "x".repeat(10_000)})));
        assert!(big.len() <= MAX_NOTIFY_BYTES);
        assert!(big.contains("truncated"));
    }
}
