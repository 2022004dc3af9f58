//! Connections from the network: how many, from whom, for how long.
//!
//! `axum::serve` accepts every connection and keeps it as long as the peer
//! likes, so idle sockets, headers trickled a byte at a time and endless
//! keep-alives could exhaust the server. Here each accepted connection is
//! served by hyper's HTTP/1.1 server with a header-read timeout (slowloris),
//! an idle timeout (no bytes either way), a total cap and a per-address cap
//! (over a cap the socket is closed at once, before any parsing), and every
//! request gets the peer address as [`PeerAddr`] for rate limits.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tower::ServiceExt;

/// The bounds on connections and their time; see `docs/RELIABILITY.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetLimits {
    /// Open connections at once, in total.
    pub max_connections: usize,
    /// Open connections at once from one IP address.
    pub max_connections_per_ip: usize,
    /// Time to send a whole request head, from the connection's start or
    /// (on keep-alive) the previous response.
    pub header_read_timeout: Duration,
    /// A connection with no bytes either way for this long is closed
    /// (live-update streams send a comment every 15 s, so they stay).
    pub idle_timeout: Duration,
    /// Time a request may take to answer (reading its body included); a
    /// live-update stream only needs to start within it.
    pub request_timeout: Duration,
    /// Live-update streams open at once, in total.
    pub max_streams: usize,
    /// Live-update streams open at once for one account.
    pub max_streams_per_account: usize,
}

impl Default for NetLimits {
    fn default() -> Self {
        NetLimits {
            max_connections: 4096,
            max_connections_per_ip: 256,
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(30),
            max_streams: 1024,
            max_streams_per_account: 8,
        }
    }
}

/// The address a request came from, in the request's extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerAddr(pub SocketAddr);

/// Serves `router` on `listener` within `limits` until `shutdown` resolves,
/// then lets open requests finish (for at most the request timeout).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: NetLimits,
    shutdown: impl Future<Output = ()>,
) {
    let total = Arc::new(Semaphore::new(limits.max_connections));
    let per_ip = Arc::new(Mutex::new(HashMap::new()));
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment
                    // instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = Arc::clone(&total).try_acquire_owned() else {
            tracing::warn!(%peer, "connection refused: server at its connection cap");
            continue;
        };
        let Some(slot) = IpSlot::take(&per_ip, peer.ip(), limits.max_connections_per_ip) else {
            tracing::warn!(%peer, "connection refused: address at its connection cap");
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(
            stream,
            peer,
            router.clone(),
            limits,
            stop_rx.clone(),
            (permit, slot),
        ));
    }
    let _ = stop_tx.send(true);
    // Wait for open connections to finish, within the request timeout.
    let _ = tokio::time::timeout(
        limits.request_timeout,
        total.acquire_many(u32::try_from(limits.max_connections).unwrap_or(u32::MAX)),
    )
    .await;
}

/// Serves one connection; the guards free its place in the caps on return.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: NetLimits,
    mut stop: watch::Receiver<bool>,
    _guards: (OwnedSemaphorePermit, IpSlot),
) {
    let activity = Activity::new();
    let io = TokioIo::new(Watched {
        inner: stream,
        activity: Arc::clone(&activity),
    });
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(PeerAddr(peer));
        router.clone().oneshot(req.map(axum::body::Body::new))
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true)
        .serve_connection(io, service)
        .with_upgrades();
    tokio::pin!(conn);
    let mut closing = false;
    loop {
        let idle_at = activity.last() + limits.idle_timeout;
        tokio::select! {
            _ = conn.as_mut() => return,
            () = tokio::time::sleep_until(idle_at.into()), if !closing => {
                if activity.last().elapsed() >= limits.idle_timeout {
                    conn.as_mut().graceful_shutdown();
                    closing = true;
                }
            }
            changed = stop.changed(), if !closing => {
                if changed.is_err() || *stop.borrow() {
                    conn.as_mut().graceful_shutdown();
                    closing = true;
                }
            }
        }
    }
}

/// When a connection last moved a byte.
struct Activity {
    start: Instant,
    millis: AtomicU64,
}

impl Activity {
    fn new() -> Arc<Activity> {
        Arc::new(Activity {
            start: Instant::now(),
            millis: AtomicU64::new(0),
        })
    }

    fn touch(&self) {
        let now = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.millis.store(now, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.start + Duration::from_millis(self.millis.load(Ordering::Relaxed))
    }
}

/// A socket that notes every byte read or written in its [`Activity`].
struct Watched {
    inner: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let res = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        res
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let res = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(res, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        res
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// One connection's place in its address's count; given back on drop.
struct IpSlot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl IpSlot {
    fn take(counts: &Arc<Mutex<HashMap<IpAddr, usize>>>, ip: IpAddr, cap: usize) -> Option<Self> {
        let mut map = counts.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(ip).or_insert(0);
        if *n >= cap {
            return None;
        }
        *n += 1;
        Some(IpSlot {
            counts: Arc::clone(counts),
            ip,
        })
    }
}

impl Drop for IpSlot {
    fn drop(&mut self) {
        let mut map = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

/// Live-update streams open now, in total and per account.
#[derive(Debug, Default)]
pub(crate) struct Streams {
    open: Mutex<(usize, HashMap<String, usize>)>,
}

/// One open stream's place; given back when the stream ends.
pub(crate) struct StreamSlot {
    streams: Arc<Streams>,
    account: String,
}

impl Streams {
    /// A place for one more stream of `account`, or `None` at a cap.
    pub(crate) fn open(self: &Arc<Self>, account: &str, limits: &NetLimits) -> Option<StreamSlot> {
        let key = grimoire_store::name_key(account);
        let mut guard = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let (total, per) = &mut *guard;
        let mine = per.get(&key).copied().unwrap_or(0);
        if *total >= limits.max_streams || mine >= limits.max_streams_per_account {
            return None;
        }
        *total += 1;
        per.insert(key.clone(), mine + 1);
        Some(StreamSlot {
            streams: Arc::clone(self),
            account: key,
        })
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut guard = self.streams.open.lock().unwrap_or_else(|p| p.into_inner());
        let (total, per) = &mut *guard;
        *total = total.saturating_sub(1);
        if let Some(n) = per.get_mut(&self.account) {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.account);
            }
        }
    }
}
