//! The state every handler shares: the database pool, the live-update hub
//! and the listener that brings in other instances' updates.

use std::collections::HashMap;
use std::sync::Arc;

use grimoire_app::seat::Seat;
use grimoire_store::Store;

use crate::access::{self, Member};
use crate::db::{Access, Database, Db, Scope};
use crate::error::ServerError;
use crate::live::{self, Hub, ListenerGuard, LiveEvent};
use crate::net::{NetLimits, StreamSlot, Streams};
use crate::rate::{Limiter, RateLimits};

/// Shared by every request; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    db: Arc<Db>,
    /// One async lock per character being written on this instance, so
    /// its clients queue here instead of colliding in the database.
    writers: std::sync::Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    hub: Arc<Hub>,
    /// The one campaign that shares the CLI's characters, if the operator
    /// named one.
    cli_campaign: Option<String>,
    /// Bounds on connections, requests and live streams.
    net: NetLimits,
    /// How long a new token works.
    token_ttl: std::time::Duration,
    /// Sign-up, token and failed sign-in counters.
    limiter: Limiter,
    /// Live-update streams open on this instance.
    streams: Arc<Streams>,
    channel: Option<String>,
    /// Whether events go to the other instances over NOTIFY (see
    /// [`StateConfig::notify_events`]).
    notify_events: bool,
    _listener: Option<ListenerGuard>,
}

/// How to open the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateConfig {
    /// The database.
    pub database: Database,
    /// At most this many database connections (and concurrent queries).
    pub connections: usize,
    /// The one campaign (by id) whose characters and encounters are the
    /// CLI's own, unscoped entities; `None` (the default) keeps every
    /// campaign apart. Only whoever runs the server sets this: no request
    /// can ask for the CLI's characters.
    pub cli_campaign: Option<String>,
    /// Bounds on connections, request time and live streams.
    pub net: NetLimits,
    /// How long a new API token works (default 30 days).
    pub token_ttl: std::time::Duration,
    /// Rate limits on sign-ups, tokens and failed sign-ins.
    pub rate: RateLimits,
    /// How long a request waits for the database before a 503 (15 s).
    pub db_timeout: std::time::Duration,
    /// Whether this instance sends its live events to the others over
    /// NOTIFY (on PostgreSQL; true). False only in tests: the instance
    /// then plays one killed between its commit and its notifier, whose
    /// changes the others publish from the log (issue 38).
    pub notify_events: bool,
}

impl StateConfig {
    /// A config for `database` with a pool size fitting the backend: on
    /// SQLite the connections read and one writer commits (the more
    /// requests wait together, the more one sync covers); on PostgreSQL
    /// each connection is a database process running a statement, and
    /// more of them than a few a core only take turns on the cores: four
    /// a core, from 4 to 16 (issue 38, part 13: on two cores 8 gave more
    /// casts a second than 16, with a p99 a third lower).
    pub fn new(database: Database) -> Self {
        let connections = match database {
            Database::Sqlite(_) => 16,
            Database::Postgres(_) => std::thread::available_parallelism()
                .map_or(16, |cores| cores.get() * 4)
                .clamp(4, 16),
        };
        StateConfig {
            database,
            connections,
            cli_campaign: None,
            net: NetLimits::default(),
            token_ttl: std::time::Duration::from_secs(30 * 24 * 3600),
            rate: RateLimits::default(),
            db_timeout: crate::db::DB_TIMEOUT,
            notify_events: true,
        }
    }
}

impl AppState {
    /// Opens the database (creating and migrating it) and, on PostgreSQL,
    /// starts listening for other instances' live updates.
    ///
    /// Blocks on network and disk: call it before starting a runtime or
    /// from `spawn_blocking` (see [`AppState::connect`]).
    pub fn open(config: StateConfig) -> Result<AppState, ServerError> {
        let mut instance = [0u8; 8];
        getrandom::fill(&mut instance)
            .map_err(|e| ServerError::Internal(format!("no randomness: {e}")))?;
        let hub = Arc::new(Hub::new(format!("{:016x}", u64::from_le_bytes(instance))));
        let (channel, listener) = match &config.database {
            Database::Postgres(pg) => (
                Some(live::channel_for(pg)),
                Some(live::listen(pg.clone(), Arc::clone(&hub))?),
            ),
            Database::Sqlite(_) => (None, None),
        };
        let db = Db::open(config.database, config.connections, config.db_timeout)?;
        if channel.is_some() {
            crate::follow::start(Arc::downgrade(&db), Arc::clone(&hub))?;
        }
        Ok(AppState {
            inner: Arc::new(Inner {
                db,
                writers: std::sync::Mutex::new(HashMap::new()),
                hub,
                cli_campaign: config.cli_campaign,
                net: config.net,
                token_ttl: config.token_ttl,
                limiter: Limiter::new(config.rate),
                streams: Arc::default(),
                channel,
                notify_events: config.notify_events,
                _listener: listener,
            }),
        })
    }

    /// [`AppState::open`] from async code.
    pub async fn connect(config: StateConfig) -> Result<AppState, ServerError> {
        tokio::task::spawn_blocking(move || AppState::open(config))
            .await
            .map_err(|e| ServerError::Internal(format!("start-up worker failed: {e}")))?
    }

    /// `sqlite` or `postgres`.
    pub fn database_kind(&self) -> &'static str {
        self.inner.db.target().kind()
    }

    /// How long a new API token works.
    pub(crate) fn token_ttl(&self) -> std::time::Duration {
        self.inner.token_ttl
    }

    /// The rate limits' counters.
    pub(crate) fn limiter(&self) -> &Limiter {
        &self.inner.limiter
    }

    /// The bounds this instance runs with.
    pub fn net_limits(&self) -> NetLimits {
        self.inner.net
    }

    /// A place for one more live-update stream of `account`, or
    /// `too_many_streams` (429) at the per-account or total cap.
    pub(crate) fn open_stream(&self, account: &str) -> Result<StreamSlot, ServerError> {
        self.inner
            .streams
            .open(account, &self.inner.net)
            .ok_or_else(|| ServerError::TooManyRequests {
                code: "too_many_streams",
                message: grimoire_words::Message::new("server-too_many_streams")
                    .number("per_account", self.inner.net.max_streams_per_account as i64)
                    .number("total", self.inner.net.max_streams as i64),
                retry_after: 15,
            })
    }

    /// Whether `campaign` is the one the operator shares the CLI's
    /// characters with (`grimoire serve --cli-campaign`).
    pub(crate) fn shares_cli(&self, campaign: &str) -> bool {
        self.inner.cli_campaign.as_deref() == Some(campaign)
    }

    /// Sets `cli` on campaigns about to be shown from the server's own
    /// setting, never from what is stored.
    pub(crate) fn show_cli(&self, campaign: &mut crate::access::Campaign) {
        campaign.cli = self.shares_cli(&campaign.id);
    }

    /// Whether a write sent now would be taken (see `Db::health`); the
    /// store's schema version if so.
    pub(crate) async fn health(&self) -> Result<u32, ServerError> {
        self.inner.db.health().await
    }

    /// Runs `f`, which may write, on a store handle for accounts and
    /// campaigns.
    pub(crate) async fn global<T, F>(&self, f: F) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        let (out, made) = self
            .inner
            .db
            .run(Access::Write, Scope::Global, |store| {
                noting_changes(|| f(store))
            })
            .await?;
        live::made(made);
        Ok(out)
    }

    /// [`AppState::global`] for a request that only reads: on SQLite it
    /// runs beside the writer instead of in its batches.
    pub(crate) async fn read_global<T, F>(&self, f: F) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        self.inner.db.run(Access::Read, Scope::Global, f).await
    }

    /// Checks the token and the caller's membership of `campaign`, then
    /// runs `f`, which may write, on a store handle scoped to that
    /// campaign.
    pub(crate) async fn in_campaign<T, F>(
        &self,
        token: String,
        campaign: String,
        f: F,
    ) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(&Member, &mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        self.member_then(Access::Write, token, campaign, f).await
    }

    /// [`AppState::in_campaign`] for a request that only reads: on SQLite
    /// it runs beside the writer instead of in its batches.
    pub(crate) async fn read_in_campaign<T, F>(
        &self,
        token: String,
        campaign: String,
        f: F,
    ) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(&Member, &mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        self.member_then(Access::Read, token, campaign, f).await
    }

    async fn member_then<T, F>(
        &self,
        mode: Access,
        token: String,
        campaign: String,
        f: F,
    ) -> Result<T, ServerError>
    where
        T: Send + 'static,
        F: FnOnce(&Member, &mut Store) -> Result<T, ServerError> + Send + 'static,
    {
        let cli_campaign = self.inner.cli_campaign.clone();
        self.inner
            .db
            .run_chained(
                mode,
                move |store| {
                    let caller = access::authenticate(store, &token)?;
                    let member = access::member(store, &caller, &campaign)?;
                    let scope = if cli_campaign.as_deref() == Some(member.campaign.id.as_str()) {
                        Scope::Global
                    } else {
                        Scope::Campaign(campaign)
                    };
                    Ok((member, scope))
                },
                move |member, store| {
                    let (out, made) = noting_changes(|| f(&member, store))?;
                    // Read after `f`, so a character it made is known.
                    let seat = match member.role {
                        access::Role::Gm => Seat::Gm,
                        access::Role::Player => Seat::player_at(store)?,
                    };
                    Ok((out, seat, made))
                },
            )
            .await
            .map(|(out, seat, made)| {
                crate::sight::record(seat);
                live::made(made);
                out
            })
    }

    /// Waits for this instance's turn to write `campaign`/`character`.
    /// Other instances are kept honest by the store's versions; this only
    /// spares same-instance writers the retries.
    pub(crate) async fn writer(
        &self,
        campaign: &str,
        character: &str,
    ) -> tokio::sync::OwnedMutexGuard<()> {
        let key = format!("{campaign}\u{1}{}", grimoire_store::name_key(character));
        let lock = {
            let mut writers = self.inner.writers.lock().unwrap_or_else(|p| p.into_inner());
            // Forget locks nobody holds or waits for, so the map stays small.
            if writers.len() > 1024 {
                writers.retain(|_, l| Arc::strong_count(l) > 1);
            }
            Arc::clone(writers.entry(key).or_default())
        };
        lock.lock_owned().await
    }

    /// Whether anyone could hear a live event of `campaign`: a subscriber
    /// on this instance, or (on PostgreSQL) other instances. When not, the
    /// event need not be built at all.
    pub(crate) fn heard(&self, campaign: &str) -> bool {
        self.inner.hub.has_subscribers(campaign) || self.heard_elsewhere(campaign)
    }

    /// Whether another instance (on PostgreSQL) has subscribers for
    /// `campaign`: only then is an event sent over NOTIFY.
    fn heard_elsewhere(&self, campaign: &str) -> bool {
        self.inner.channel.is_some() && self.inner.hub.heard_elsewhere(campaign)
    }

    /// Tells every subscriber of the campaign, on every instance.
    pub(crate) fn publish(&self, event: LiveEvent) {
        // An account's own channel (`@name`) carries `added`; a campaign's,
        // only the listed kinds (each seen by a player's test).
        debug_assert!(
            event.campaign.starts_with('@')
                || live::CAMPAIGN_EVENT_KINDS.contains(&event.kind.as_str()),
            "unlisted live event kind {:?}",
            event.kind
        );
        let payload = self
            .inner
            .channel
            .as_ref()
            .filter(|_| self.inner.notify_events && self.inner.hub.heard_elsewhere(&event.campaign))
            .map(|c| (c.clone(), self.inner.hub.envelope(&event)));
        self.inner.hub.deliver(event);
        if let Some((channel, payload)) = payload {
            self.inner.db.notify(channel, payload);
        }
    }

    /// Subscribes to a campaign's live updates. On PostgreSQL, the other
    /// instances are told that this one wants the campaign's events, and
    /// this returns once they have been (or after a bounded wait), so a
    /// change made anywhere after it is heard.
    pub(crate) async fn subscribe(
        &self,
        campaign: &str,
    ) -> tokio::sync::broadcast::Receiver<Arc<crate::live::Delivered>> {
        let hub = &self.inner.hub;
        let rx = hub.subscribe(campaign);
        if let Some(channel) = &self.inner.channel {
            let mut announcement = hub.announce(campaign);
            if let Some(payload) = announcement.payload.take() {
                self.inner.db.notify(channel.clone(), payload);
            }
            hub.heard_back(&announcement).await;
        }
        rx
    }
}

/// Runs `f` (one request's work, on the thread that runs it) and returns
/// with its answer the changes it committed, for its live events.
fn noting_changes<T>(
    f: impl FnOnce() -> Result<T, ServerError>,
) -> Result<(T, Vec<grimoire_store::ChangeId>), ServerError> {
    let _ = grimoire_store::take_committed_here();
    let out = f()?;
    Ok((out, grimoire_store::take_committed_here()))
}
