//! Rate limits per client address: account creation, token creation and
//! wrong tokens, each a fixed window per IP (and account creation also in
//! total), answered with 429 `rate_limited` and `Retry-After`.
//!
//! Wrong tokens are not a brute-force guard: a token is 256 random bits
//! (`access::token`), found by its SHA-256, so nobody guesses one, and
//! there are no passwords. What the wrong-token window stops is abuse from
//! one address, and it never refuses a right token: many people share an
//! address (a home network, a game store's Wi-Fi), and one stale tab or
//! one hostile guest sending bad tokens must not lock the others out
//! (issue 30, finding 5).
//!
//! Own code rather than a crate such as `governor`: three counters in a
//! map are all this needs, and it keeps the two-core build lighter. Only
//! requests that came over the network (with a [`crate::PeerAddr`]) are
//! limited; in-process callers (tests, embedding) are not.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::ServerError;

/// How many of each kind of request one address may make per window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// Accounts one address may create per hour.
    pub accounts_per_ip_per_hour: u32,
    /// Accounts everyone together may create per hour.
    pub accounts_per_hour: u32,
    /// Tokens one address may create per hour.
    pub tokens_per_ip_per_hour: u32,
    /// Requests with a wrong, revoked or expired token one address may
    /// make per minute; past it, that address's wrong tokens are refused
    /// (429) before any work. A right token is never refused by it, so the
    /// ceiling sits far above a table's traffic: a web client stops at its
    /// first 401, and fifteen old tabs retrying every 1.5 s stay below it.
    pub failed_auth_per_ip_per_minute: u32,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            accounts_per_ip_per_hour: 10,
            accounts_per_hour: 1000,
            tokens_per_ip_per_hour: 60,
            failed_auth_per_ip_per_minute: 600,
        }
    }
}

impl RateLimits {
    /// No limits: for contract and load tests against a server on a
    /// loopback address, never one strangers reach.
    pub fn unlimited() -> Self {
        RateLimits {
            accounts_per_ip_per_hour: u32::MAX,
            accounts_per_hour: u32::MAX,
            tokens_per_ip_per_hour: u32::MAX,
            failed_auth_per_ip_per_minute: u32::MAX,
        }
    }
}

/// The counters of one server instance.
#[derive(Debug)]
pub(crate) struct Limiter {
    accounts: Window,
    accounts_total: Window,
    tokens: Window,
    failures: Window,
}

impl Limiter {
    pub(crate) fn new(limits: RateLimits) -> Self {
        let hour = Duration::from_secs(3600);
        Limiter {
            accounts: Window::new(hour, limits.accounts_per_ip_per_hour),
            accounts_total: Window::new(hour, limits.accounts_per_hour),
            tokens: Window::new(hour, limits.tokens_per_ip_per_hour),
            failures: Window::new(
                Duration::from_secs(60),
                limits.failed_auth_per_ip_per_minute,
            ),
        }
    }

    /// Counts an account creation from `ip`. (Others' wrong tokens from
    /// the same address do not stop it: sign-ups have their own window.)
    pub(crate) fn account(&self, ip: Option<IpAddr>) -> Result<(), ServerError> {
        let Some(ip) = ip else { return Ok(()) };
        self.accounts.hit(ip, "server-rate-accounts_from_address")?;
        self.accounts_total
            .hit(IpAddr::from([0, 0, 0, 0]), "server-rate-accounts_on_server")
    }

    /// Counts a token creation from `ip`.
    pub(crate) fn token(&self, ip: Option<IpAddr>) -> Result<(), ServerError> {
        let Some(ip) = ip else { return Ok(()) };
        self.tokens.hit(ip, "server-rate-tokens_from_address")
    }

    /// Refuses `ip` while it is over its wrong tokens: the refusal its next
    /// wrong token gets (a right one is let through by the caller).
    pub(crate) fn check_failures(&self, ip: Option<IpAddr>) -> Result<(), ServerError> {
        let Some(ip) = ip else { return Ok(()) };
        self.failures.check(ip, "server-rate-failed_sign_ins")
    }

    /// Counts a wrong, revoked or expired token from `ip`.
    pub(crate) fn failed(&self, ip: Option<IpAddr>) {
        if let Some(ip) = ip {
            let _ = self.failures.hit(ip, "server-rate-failed_sign_ins");
        }
    }
}

/// A fixed window per key: at most `limit` hits per `period`.
#[derive(Debug)]
struct Window {
    period: Duration,
    limit: u32,
    counts: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

/// Keys kept before expired ones are swept, so the map stays small.
const SWEEP_AT: usize = 10_000;

impl Window {
    fn new(period: Duration, limit: u32) -> Self {
        Window {
            period,
            limit,
            counts: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one hit of `key`; refuses it past the limit, saying `what`
    /// was limited (the id of a `server-rate-*` message).
    fn hit(&self, key: IpAddr, what: &'static str) -> Result<(), ServerError> {
        self.count(key, what, 1)
    }

    /// Refuses `key` if it is already at the limit, without counting.
    fn check(&self, key: IpAddr, what: &'static str) -> Result<(), ServerError> {
        self.count(key, what, 0)
    }

    fn count(&self, key: IpAddr, what: &'static str, add: u32) -> Result<(), ServerError> {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if counts.len() >= SWEEP_AT {
            counts.retain(|_, (start, _)| now.duration_since(*start) < self.period);
        }
        let (start, n) = counts.entry(key).or_insert((now, 0));
        if now.duration_since(*start) >= self.period {
            *start = now;
            *n = 0;
        }
        if *n >= self.limit || (add > 0 && *n + add > self.limit) {
            let left = self.period.saturating_sub(now.duration_since(*start));
            return Err(ServerError::TooManyRequests {
                code: "rate_limited",
                message: grimoire_words::Message::new(what),
                retry_after: left.as_secs().max(1),
            });
        }
        *n += add;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_allows_its_limit_then_refuses_with_the_wait() {
        let w = Window::new(Duration::from_secs(60), 2);
        let ip = IpAddr::from([10, 0, 0, 1]);
        assert!(w.hit(ip, "x").is_ok());
        assert!(w.hit(ip, "x").is_ok());
        let err = w.hit(ip, "x").unwrap_err();
        assert_eq!(err.code(), "rate_limited");
        assert!(
            matches!(err, ServerError::TooManyRequests { retry_after, .. } if (1..=60).contains(&retry_after))
        );
        assert!(w.check(ip, "x").is_err());
        assert!(
            w.hit(IpAddr::from([10, 0, 0, 2]), "x").is_ok(),
            "per address"
        );
    }
}
