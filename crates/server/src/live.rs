//! Live updates: every accepted change in a campaign is published to the
//! campaign's subscribers (server-sent events), on this instance through an
//! in-process broadcast and on the others through PostgreSQL LISTEN/NOTIFY.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// How often an instance tells the others, while it has subscribers for a
/// campaign, that it wants the campaign's events.
const ANNOUNCE_EVERY: Duration = Duration::from_secs(10);

/// How long another instance's announcement counts: three announcements'
/// time, so one lost on a dropped connection does not silence a campaign.
const INTEREST_LASTS: Duration = Duration::from_secs(30);

/// How long a new subscriber waits for its instance's announcement to come
/// back before its stream opens anyway (the listener may be reconnecting).
const ANNOUNCE_WAIT: Duration = Duration::from_secs(2);

/// After the announcement has come back to this instance, how long the
/// other instances' listeners are given to read it too, before the stream
/// says `ready`.
const ANNOUNCE_SETTLE: Duration = Duration::from_millis(50);

/// How often the listener looks for announcements due again.
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// The most campaigns whose events other instances want that an instance
/// remembers; beyond it, expired ones are forgotten first.
const MAX_INTEREST: usize = 4096;

/// How the payload of an [`Interest`] begins: it is told apart from an
/// [`Envelope`] without parsing the envelope.
const INTEREST_PREFIX: &str = "{\"interest\":";

/// How long a change another instance committed, found in the log, waits
/// for its NOTIFY before it is published here from the log (issue 38).
/// The NOTIFY leaves right after the commit's request ends, so under load
/// it is normally tens of milliseconds behind the log, rarely more.
pub(crate) const RELAY_GRACE: Duration = Duration::from_millis(1_000);

/// How often an instance with live subscribers looks at the log when no
/// request made it catch up meanwhile (issue 38).
pub(crate) const FOLLOW_EVERY: Duration = Duration::from_millis(300);

/// The most changes found in the log that wait out their grace at once;
/// past it the oldest are published at once.
const MAX_WAITING: usize = 1_024;

/// How many change ids an instance remembers as relayed (heard over
/// NOTIFY or published from the log), so none is published twice.
const REMEMBERED: usize = 8_192;

tokio::task_local! {
    /// The changes the request being served committed, for its live events
    /// (see [`note_changes`]).
    static REQUEST_CHANGES: Arc<Mutex<Vec<i64>>>;
}

/// Holds, for each request, the ids of the changes it commits, so that
/// its live events name them ([`Envelope::changes`]) and another instance
/// that finds them in the log knows they were relayed.
pub(crate) async fn note_changes(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    REQUEST_CHANGES
        .scope(Arc::new(Mutex::new(Vec::new())), next.run(req))
        .await
}

/// Records `ids` as committed by the request being served (a no-op
/// outside [`note_changes`]).
pub(crate) fn made(ids: Vec<grimoire_store::ChangeId>) {
    if ids.is_empty() {
        return;
    }
    let _ = REQUEST_CHANGES.try_with(|c| {
        let mut c = c.lock().unwrap_or_else(|p| p.into_inner());
        c.extend(ids.into_iter().map(|id| id.0));
    });
}

/// The changes the request being served committed so far.
fn request_changes() -> Vec<i64> {
    REQUEST_CHANGES
        .try_with(|c| c.lock().unwrap_or_else(|p| p.into_inner()).clone())
        .unwrap_or_default()
}

/// Every kind of event a campaign's live stream carries, besides the
/// stream's own `ready` and `lagged`. [`crate::AppState`] refuses to
/// publish an unlisted kind in debug builds, so a new kind is listed here,
/// and `tests/player_view.rs` must then see it as a player, redacted.
pub const CAMPAIGN_EVENT_KINDS: &[&str] = &[
    "cast",
    "prepare",
    "rest",
    "turn",
    "condition",
    "damage",
    "hp",
    "time",
    "character",
    "undo",
    "encounter",
    "player",
    "homebrew",
    "house_rules",
    "attack",
    // Class resources (issue 33): Font of Magic, Innate Sorcery, Magical
    // Cunning.
    "font",
    "innate",
    "cunning",
    // Ongoing magic (issue 32): Concentration dropped, a spell dismissed,
    // moved or studied, a long casting carried on.
    "ongoing",
];

/// One thing that happened in a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LiveEvent {
    /// The campaign.
    pub campaign: String,
    /// What happened: `cast`, `rest`, `turn`, `prepare`, `condition`,
    /// `character`, `undo`, `homebrew`, `player`, `attack`.
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
    /// The changes the event is about (absent from older senders): an
    /// instance that finds them in the log does not publish them again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    changes: Vec<i64>,
}

/// "Send me this campaign's events": what an instance with subscribers
/// tells the others over NOTIFY, again every [`ANNOUNCE_EVERY`]. An
/// instance sends another one a campaign's events only while it counts
/// (issue 16): with nobody listening elsewhere, a change costs no
/// notification at all.
#[derive(Debug, Serialize, Deserialize)]
struct Interest {
    /// First, so that the payload begins with [`INTEREST_PREFIX`].
    interest: String,
    instance: String,
    /// The sender's running count, shared with its envelopes.
    number: u64,
}

/// The per-campaign broadcast channels of this instance, and which
/// campaigns' events other instances want.
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
    /// Campaigns other instances have subscribers for, until when.
    elsewhere: Mutex<HashMap<String, Instant>>,
    /// This instance's announcements: campaign, when, and its number.
    announced: Mutex<HashMap<String, (Instant, u64)>>,
    /// Per campaign, the newest of this instance's announcements heard
    /// back: its number, and when. (Per campaign, since announcements
    /// leave on two connections, the notifier's and the listener's, so
    /// their order between campaigns is not kept.)
    echoed: tokio::sync::watch::Sender<HashMap<String, (u64, Instant)>>,
    /// Per campaign, since when it has had subscribers here: a change
    /// found in the log before then is not theirs.
    since: Mutex<HashMap<String, Instant>>,
    /// Following the log: changes found there, waiting out their grace,
    /// and the ids already relayed.
    follow: Mutex<Follow>,
}

/// What the hub remembers of the log: see [`Hub::relay_from_log`].
#[derive(Default)]
struct Follow {
    /// Changes other instances committed to campaigns with subscribers
    /// here, found in the log, not yet heard of: (campaign, change, due).
    waiting: std::collections::VecDeque<(String, grimoire_store::LoggedChange, Instant)>,
    /// Ids heard over NOTIFY or published from the log.
    relayed: grimoire_store::RecentIds<REMEMBERED>,
}

/// The campaign of a stored entity kind (`campaign/<id>/<kind>`) and the
/// kind within it.
fn campaign_of(kind: &str) -> Option<(&str, &str)> {
    kind.strip_prefix("campaign/")?.split_once('/')
}

/// The event published from the log for `change` of `campaign`: no detail,
/// only that it changed (`data.truncated`, as for an event too big to
/// relay, so clients read it again), under the kind its entities suggest.
/// It carries nothing a player's seat may not see.
fn from_log(campaign: &str, change: &grimoire_store::LoggedChange) -> LiveEvent {
    let within: Vec<(&str, &str)> = change
        .entities
        .iter()
        .filter_map(|(kind, name)| {
            let (c, k) = campaign_of(kind)?;
            (c == campaign).then_some((k, name.as_str()))
        })
        .collect();
    let character = within
        .iter()
        .find(|(k, _)| *k == "character")
        .map(|(_, n)| (*n).to_owned());
    let kind = if within.iter().any(|(k, _)| *k == "encounter") {
        "encounter"
    } else if character.is_some() {
        "character"
    } else {
        within
            .iter()
            .map(|(k, _)| *k)
            .find(|k| ["homebrew", "house_rules"].contains(k))
            .unwrap_or("character")
    };
    LiveEvent {
        campaign: campaign.to_owned(),
        kind: kind.to_owned(),
        character,
        by: "server".to_owned(),
        data: serde_json::json!({ "truncated": true, "change": change.change.0 }),
    }
}

/// What a new subscriber waits for: see [`Hub::announce`].
pub(crate) struct Announcement {
    /// The payload to send on the channel, when an announcement is due.
    pub(crate) payload: Option<String>,
    /// The campaign announced.
    campaign: String,
    /// The number whose echo the subscriber waits for.
    number: u64,
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
            elsewhere: Mutex::new(HashMap::new()),
            announced: Mutex::new(HashMap::new()),
            echoed: tokio::sync::watch::channel(HashMap::new()).0,
            since: Mutex::new(HashMap::new()),
            follow: Mutex::new(Follow::default()),
        }
    }

    /// Whether any campaign has a subscriber on this instance.
    pub(crate) fn any_subscribers(&self) -> bool {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.values().any(|tx| tx.receiver_count() > 0)
    }

    /// Closes the relay's gap (issue 38): `news` is what catch-ups found
    /// in the log that other instances committed. A change to a campaign
    /// with subscribers here waits [`RELAY_GRACE`] for its NOTIFY; if none
    /// came by then (the instance that made it died before its notifier
    /// sent it), it is published here from the log ([`from_log`]). Changes
    /// `own` says are this instance's, and those found before their
    /// campaign's subscribers came, are left out. Returns how many were
    /// published from the log.
    pub(crate) fn relay_from_log(
        &self,
        news: Vec<grimoire_store::LoggedChange>,
        own: impl Fn(grimoire_store::ChangeId) -> bool,
    ) -> usize {
        self.relay_at(news, own, Instant::now())
    }

    /// [`Hub::relay_from_log`] at the time `now`.
    fn relay_at(
        &self,
        news: Vec<grimoire_store::LoggedChange>,
        own: impl Fn(grimoire_store::ChangeId) -> bool,
        now: Instant,
    ) -> usize {
        let mut out = Vec::new();
        {
            let since = self.since.lock().unwrap_or_else(|p| p.into_inner());
            let mut follow = self.follow.lock().unwrap_or_else(|p| p.into_inner());
            for change in news {
                let Some(campaign) = change
                    .entities
                    .iter()
                    .find_map(|(kind, _)| campaign_of(kind).map(|(c, _)| c.to_owned()))
                else {
                    continue;
                };
                let theirs = since.get(&campaign).is_some_and(|at| *at <= change.found);
                if theirs && !follow.relayed.contains(change.change.0) {
                    follow
                        .waiting
                        .push_back((campaign, change, now + RELAY_GRACE));
                }
            }
            while let Some((_, _, due)) = follow.waiting.front() {
                if *due > now && follow.waiting.len() <= MAX_WAITING {
                    break;
                }
                let Some((campaign, change, _)) = follow.waiting.pop_front() else {
                    break;
                };
                if follow.relayed.contains(change.change.0) || own(change.change) {
                    continue;
                }
                follow.relayed.insert(change.change.0);
                out.push(from_log(&campaign, &change));
            }
        }
        let published = out.len();
        for event in out {
            let change = &event.data["change"];
            tracing::info!(campaign = %event.campaign, %change, "relayed from the log");
            self.deliver(event);
        }
        published
    }

    /// Whether another instance has said lately that it has subscribers
    /// for `campaign`.
    pub(crate) fn heard_elsewhere(&self, campaign: &str) -> bool {
        let elsewhere = self.elsewhere.lock().unwrap_or_else(|p| p.into_inner());
        elsewhere
            .get(campaign)
            .is_some_and(|until| *until > Instant::now())
    }

    /// A new subscriber of `campaign` on this instance: the announcement to
    /// send, unless one was sent less than [`ANNOUNCE_EVERY`] ago.
    pub(crate) fn announce(&self, campaign: &str) -> Announcement {
        let mut announced = self.announced.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let (payload, number) = match announced.get(campaign) {
            Some((at, number)) if now.duration_since(*at) < ANNOUNCE_EVERY => (None, *number),
            _ => {
                let (payload, number) = self.interest(campaign);
                announced.insert(campaign.to_owned(), (now, number));
                (Some(payload), number)
            }
        };
        Announcement {
            payload,
            campaign: campaign.to_owned(),
            number,
        }
    }

    /// The announcements due again: campaigns that still have subscribers
    /// here, last announced [`ANNOUNCE_EVERY`] ago or more. Campaigns whose
    /// subscribers have all gone are no longer announced.
    pub(crate) fn due(&self) -> Vec<String> {
        let mut announced = self.announced.lock().unwrap_or_else(|p| p.into_inner());
        announced.retain(|campaign, _| self.has_subscribers(campaign));
        self.echoed.send_if_modified(|echoed| {
            let before = echoed.len();
            echoed.retain(|campaign, _| announced.contains_key(campaign));
            echoed.len() != before
        });
        let now = Instant::now();
        let mut due = Vec::new();
        for (campaign, (at, number)) in announced.iter_mut() {
            if now.duration_since(*at) >= ANNOUNCE_EVERY {
                let (payload, n) = self.interest(campaign);
                (*at, *number) = (now, n);
                due.push(payload);
            }
        }
        due
    }

    /// Waits until `announcement` has come back over LISTEN, and then
    /// [`ANNOUNCE_SETTLE`] for the other instances to read it too; at most
    /// [`ANNOUNCE_WAIT`] in all.
    pub(crate) async fn heard_back(&self, announcement: &Announcement) {
        let mut echoed = self.echoed.subscribe();
        let back = tokio::time::timeout(ANNOUNCE_WAIT, async {
            // The time only: the watch's guard must not be held on.
            echoed
                .wait_for(|echoed| {
                    echoed
                        .get(&announcement.campaign)
                        .is_some_and(|(n, _)| *n >= announcement.number)
                })
                .await
                .map(|echoed| echoed.get(&announcement.campaign).map(|(_, at)| *at))
        })
        .await;
        let at = match back {
            Ok(Ok(Some(at))) => at,
            _ => {
                tracing::warn!("live update announcement not heard back in time");
                return;
            }
        };
        let settled = at + ANNOUNCE_SETTLE;
        tokio::time::sleep_until(settled.into()).await;
    }

    /// A new [`Interest`] payload for `campaign`, and its number.
    fn interest(&self, campaign: &str) -> (String, u64) {
        let number = self.sent.fetch_add(1, Ordering::Relaxed);
        let interest = Interest {
            interest: campaign.to_owned(),
            instance: self.instance.clone(),
            number,
        };
        (serde_json::to_string(&interest).unwrap_or_default(), number)
    }

    /// Another instance's [`Interest`], or this instance's coming back.
    fn note(&self, interest: Interest) {
        let now = Instant::now();
        if interest.instance == self.instance {
            self.echoed.send_if_modified(|echoed| {
                let newer = echoed
                    .get(&interest.interest)
                    .is_none_or(|(seen, _)| interest.number > *seen);
                if newer {
                    echoed.insert(interest.interest, (interest.number, now));
                }
                newer
            });
            return;
        }
        let mut elsewhere = self.elsewhere.lock().unwrap_or_else(|p| p.into_inner());
        if elsewhere.len() >= MAX_INTEREST {
            elsewhere.retain(|_, until| *until > now);
        }
        if elsewhere.len() < MAX_INTEREST || elsewhere.contains_key(&interest.interest) {
            elsewhere.insert(interest.interest, now + INTEREST_LASTS);
        }
    }

    /// Subscribes to a campaign.
    pub(crate) fn subscribe(&self, campaign: &str) -> broadcast::Receiver<Arc<Delivered>> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        let tx = channels
            .entry(campaign.to_owned())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .clone();
        if tx.receiver_count() == 0 {
            let mut since = self.since.lock().unwrap_or_else(|p| p.into_inner());
            if since.len() >= MAX_INTEREST {
                since.retain(|c, _| channels.get(c).is_some_and(|t| t.receiver_count() > 0));
            }
            since.insert(campaign.to_owned(), Instant::now());
        }
        tx.subscribe()
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

    /// The NOTIFY payload for an event, trimmed to fit, naming the changes
    /// the request being served committed.
    pub(crate) fn envelope(&self, event: &LiveEvent) -> String {
        let mut env = Envelope {
            instance: self.instance.clone(),
            number: self.sent.fetch_add(1, Ordering::Relaxed),
            event: event.clone(),
            changes: request_changes(),
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
        if payload.starts_with(INTEREST_PREFIX) {
            match serde_json::from_str::<Interest>(payload) {
                Ok(interest) => self.note(interest),
                Err(e) => tracing::warn!(error = %e, "unreadable live update ignored"),
            }
            return;
        }
        match serde_json::from_str::<Envelope>(payload) {
            Ok(env) => {
                if !env.changes.is_empty() {
                    let mut follow = self.follow.lock().unwrap_or_else(|p| p.into_inner());
                    // `insert` on every id: each is remembered either way.
                    let news = env
                        .changes
                        .iter()
                        .fold(false, |any, id| follow.relayed.insert(*id) | any);
                    // Every change of it was published from the log already
                    // (its NOTIFY came after the grace): once is enough.
                    if !news {
                        return;
                    }
                }
                self.deliver(env.event)
            }
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
            // When the announcements due were last looked for.
            let mut looked = Instant::now();
            while !flag.load(Ordering::Relaxed) {
                let Some(l) = listener.as_mut() else {
                    std::thread::sleep(Duration::from_millis(500));
                    listener = PostgresListener::connect(&config, &[&channel])
                        .inspect_err(|e| tracing::warn!(error = %e, "live update listener down"))
                        .ok();
                    continue;
                };
                let mut heard = l.next(Duration::from_millis(200)).map(|n| {
                    if let Some(n) = n {
                        hub.receive(&n.payload);
                    }
                });
                if heard.is_ok() && looked.elapsed() >= LOOK_EVERY {
                    looked = Instant::now();
                    heard = hub
                        .due()
                        .iter()
                        .try_for_each(|payload| l.notify(&channel, payload));
                }
                if let Err(e) = heard {
                    tracing::warn!(error = %e, "live update listener lost its connection");
                    listener = None;
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
    fn another_instances_announcement_makes_its_campaign_heard() {
        let a = Hub::new("a".into());
        let b = Hub::new("b".into());
        let payload = a.announce("cave").payload.unwrap();
        assert!(payload.starts_with(INTEREST_PREFIX), "{payload}");
        b.receive(&payload);
        assert!(b.heard_elsewhere("cave"));
        assert!(!b.heard_elsewhere("tower"));
        // Its own announcement coming back is not someone else's interest.
        a.receive(&payload);
        assert!(!a.heard_elsewhere("cave"));
    }

    #[test]
    fn an_announcement_is_not_repeated_within_its_period() {
        let a = Hub::new("a".into());
        let first = a.announce("cave");
        let again = a.announce("cave");
        assert!(first.payload.is_some());
        assert_eq!((again.payload, again.number), (None, first.number));
        assert!(a.announce("tower").payload.is_some());
    }

    #[test]
    fn campaigns_without_subscribers_are_not_announced_again() {
        let a = Hub::new("a".into());
        let rx = a.subscribe("cave");
        a.announce("cave");
        a.announce("tower");
        assert!(a.due().is_empty(), "announced just now");
        // Every announcement made due at once, as ten seconds later.
        let later = || {
            for (at, _) in a.announced.lock().unwrap().values_mut() {
                *at -= ANNOUNCE_EVERY;
            }
        };
        later();
        let due = a.due();
        assert_eq!(due.len(), 1, "{due:?}");
        assert!(due[0].contains("\"cave\""), "{due:?}");
        drop(rx);
        later();
        assert!(a.due().is_empty(), "nobody subscribes any more");
    }

    #[tokio::test]
    async fn a_subscriber_waits_for_its_announcement_to_come_back() {
        let a = Arc::new(Hub::new("a".into()));
        let announcement = a.announce("cave");
        let payload = announcement.payload.clone().unwrap();
        let start = Instant::now();
        let echo = Arc::clone(&a);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(100)).await;
            echo.receive(&payload);
        });
        a.heard_back(&announcement).await;
        let waited = start.elapsed();
        assert!(
            waited >= Duration::from_millis(100) + ANNOUNCE_SETTLE && waited < ANNOUNCE_WAIT,
            "{waited:?}"
        );
    }

    #[tokio::test]
    async fn another_campaigns_echo_does_not_end_the_wait() {
        let a = Hub::new("a".into());
        let cave = a.announce("cave");
        let tower = a.announce("tower");
        // The later announcement comes back first (another connection).
        a.receive(tower.payload.as_deref().unwrap());
        let short = Duration::from_millis(150);
        assert!(
            tokio::time::timeout(short, a.heard_back(&cave))
                .await
                .is_err()
        );
        a.receive(cave.payload.as_deref().unwrap());
        assert!(
            tokio::time::timeout(ANNOUNCE_WAIT, a.heard_back(&cave))
                .await
                .is_ok()
        );
    }

    fn logged(id: i64, entities: &[(&str, &str)]) -> grimoire_store::LoggedChange {
        grimoire_store::LoggedChange {
            change: grimoire_store::ChangeId(id),
            entities: entities
                .iter()
                .map(|(k, n)| ((*k).to_owned(), (*n).to_owned()))
                .collect(),
            found: Instant::now(),
        }
    }

    /// Issue 38: a change found in the log is published from it only when
    /// its NOTIFY did not come within the grace, once (its NOTIFY, should
    /// it come later, is not delivered as well), and never one of the
    /// instance's own or one found before the campaign's subscribers.
    #[test]
    fn a_change_whose_notify_never_came_is_published_from_the_log_once() {
        let a = Hub::new("a".into());
        let b = Hub::new("b".into());
        let before = logged(6, &[("campaign/cave/character", "Elmira")]);
        let mut rx = b.subscribe("cave");
        // Heard over NOTIFY (the envelope names change 7), lost (8), own
        // (9), and another campaign's (10).
        let heard = Envelope {
            instance: "a".into(),
            number: 1,
            event: event(serde_json::json!({"x": 1})),
            changes: vec![7],
        };
        b.receive(&serde_json::to_string(&heard).unwrap());
        assert_eq!(rx.try_recv().unwrap().event.kind, "cast");
        let news = vec![
            before,
            logged(7, &[("campaign/cave/character", "Elmira")]),
            logged(
                8,
                &[
                    ("campaign/cave/character", "Elmira"),
                    ("campaign/cave/encounter", "Bridge"),
                ],
            ),
            logged(9, &[("campaign/cave/character", "Tomas")]),
            logged(10, &[("campaign/tower/character", "Ivo")]),
        ];
        let own = |id: grimoire_store::ChangeId| id.0 == 9;
        assert_eq!(b.relay_at(news, own, Instant::now()), 0, "within the grace");
        assert!(rx.try_recv().is_err());
        let later = Instant::now() + RELAY_GRACE;
        assert_eq!(b.relay_at(Vec::new(), own, later), 1);
        let e = rx.try_recv().unwrap();
        assert_eq!(
            (e.event.kind.as_str(), e.event.character.as_deref()),
            ("encounter", Some("Elmira"))
        );
        assert_eq!(
            e.event.data,
            serde_json::json!({"truncated": true, "change": 8})
        );
        assert!(rx.try_recv().is_err(), "only the lost one");
        // Found again by a later catch-up, or its NOTIFY late: not again.
        let again = vec![logged(8, &[("campaign/cave/character", "Elmira")])];
        assert_eq!(b.relay_at(again, own, later + RELAY_GRACE), 0);
        let late = Envelope {
            instance: "a".into(),
            number: 2,
            event: event(serde_json::json!({})),
            changes: vec![8],
        };
        b.receive(&serde_json::to_string(&late).unwrap());
        assert!(
            rx.try_recv().is_err(),
            "a NOTIFY after the grace: not twice"
        );
        // One that also names a change not yet published is delivered.
        let mixed = Envelope {
            instance: "a".into(),
            number: 3,
            event: event(serde_json::json!({})),
            changes: vec![8, 11],
        };
        b.receive(&serde_json::to_string(&mixed).unwrap());
        assert_eq!(rx.try_recv().unwrap().event.kind, "cast");
        drop(a);
    }

    #[test]
    fn an_envelope_names_the_changes_of_its_request() {
        let hub = Hub::new("a".into());
        let e = event(serde_json::json!({}));
        assert!(
            !hub.envelope(&e).contains("changes"),
            "none outside a request"
        );
        let cell = Arc::new(Mutex::new(Vec::new()));
        let payload = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(REQUEST_CHANGES.scope(cell, async {
                made(vec![
                    grimoire_store::ChangeId(41),
                    grimoire_store::ChangeId(42),
                ]);
                hub.envelope(&e)
            }));
        let env: Envelope = serde_json::from_str(&payload).unwrap();
        assert_eq!(env.changes, [41, 42]);
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
